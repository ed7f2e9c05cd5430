// The card reference's pages (the dialog and its button: reference.js):
// every memo (name, timing, text), every consultant, every token and every
// office's chart or instructions, from the board, in the page's language.
// Loaded with the reference's first opening, or with Management Fast Track,
// which shows an office chart (on-use.js). Texts a consultant hides from
// this viewer are hidden here too (texts.js).

import { h, replace } from '../../dom.js';
import { t } from '../../i18n.js';
import { cardText } from './texts.js';
import { consultantCards, memoCards, officeCards, playedAtText, tokenCards } from './words.js';

/** Fills the reference's dialog for this viewer; `hidden`: card texts are hidden from them. */
export function buildReference(dialog, ctx, hidden) {
  const { board } = ctx;
  const memos = memoCards(board);
  const consultants = consultantCards(board);
  const tokens = tokenCards(board);
  const offices = officeCards(board);
  const sections = [
    ['memos', t('Memos ({n})', { n: memos.length }), memos.map((m) => memoItem(ctx, m))],
    ['consultants', t('Consultants ({n})', { n: consultants.length }), consultants.map((c) => simpleItem(ctx, c, 'consultant', true))],
    ['tokens', t('Tokens ({n})', { n: tokens.length }), tokens.map((k) => simpleItem(ctx, { ...k, id: k.token }, 'token', false))],
    ['offices', t('Office charts ({n})', { n: offices.length }), offices.map((o) => officeItem(o))],
  ];
  replace(
    dialog,
    h(
      'div',
      { class: 'dl-reference-head' },
      h('h2', { id: 'dl-reference-title' }, t('Cards and charts')),
      h('button', { type: 'button', class: 'small dl-reference-close', onclick: () => dialog.close() }, t('Close')),
    ),
    hidden ? h('p', { class: 'dl-texts-hidden' }, t('The consultant in play hides card texts from you: names only. Dilbert\u2019s player reads the cards out.')) : null,
    h(
      'nav',
      { class: 'dl-reference-nav', 'aria-label': t('Sections') },
      sections.map(([id, title]) => h('a', { href: `#dl-ref-${id}`, onclick: (e) => jump(e, dialog, id) }, title)),
    ),
    sections.map(([id, title, items]) =>
      h(
        'section',
        { class: 'dl-reference-section', 'data-section': id, 'aria-labelledby': `dl-ref-${id}` },
        h('h3', { id: `dl-ref-${id}`, tabindex: '-1' }, title),
        h('ul', { class: 'dl-reference-list' }, items),
      ),
    ),
  );
}

function jump(e, dialog, id) {
  e.preventDefault();
  const heading = dialog.querySelector(`#dl-ref-${id}`);
  heading?.focus();
  heading?.scrollIntoView({ block: 'start' });
}

function memoItem(ctx, memo) {
  return h(
    'li',
    { 'data-memo': String(memo.id) },
    h('h4', {}, memo.name, memo.real_life ? h('span', { class: 'badge dl-badge-real-life' }, t('real life')) : null),
    h('p', { class: 'dl-memo-timing' }, playedAtText(memo.timing)),
    cardText(ctx, memo.text),
  );
}

/** A consultant (its text may be hidden) or a token (printed on the board: always shown). */
function simpleItem(ctx, card, kind, hideable) {
  return h(
    'li',
    { [`data-${kind}`]: String(card.id) },
    h('h4', {}, card.name),
    hideable ? cardText(ctx, card.text) : h('p', {}, card.text),
  );
}

function officeItem(office) {
  const chart = office.chart ?? [];
  const notes = [office.signature ? t('signature icon') : null, office.stop ? t('must stop on entering') : null].filter(Boolean);
  return h(
    'li',
    { 'data-office': office.office },
    h('h4', {}, office.name, notes.length ? h('span', { class: 'hint' }, t(' ({notes})', { notes: notes.join(t('; ')) })) : null),
    chart.length ? renderChart(chart) : h('p', {}, office.instructions || t('No chart.')),
  );
}

/** An office chart (its lines already in the page's language, as officeCard gives them): one line per range of die results. */
export function renderChart(chart, label = t('Office chart')) {
  return h(
    'ol',
    { class: 'dl-chart', 'aria-label': label },
    chart.map((line) => h('li', {}, h('strong', {}, line.from === line.to ? `${line.from}` : `${line.from}\u2013${line.to}`), ': ', line.text)),
  );
}
