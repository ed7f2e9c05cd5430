// The card reference: every memo (name, timing, text), every consultant,
// every token and every office's chart or instructions, from the board.
// A modal <dialog> opened by the table's "Cards" button: focus moves into
// it, Tab goes round inside it, Escape or Close shuts it and focus goes
// back to the button. The dialog lives beside the table's body, not inside it, so
// a table update while it is open leaves it alone (it is rebuilt only if
// the viewer's texts_hidden changes). Texts a consultant hides from this
// viewer are hidden here too (texts.js).

import { h, replace } from '../../dom.js';
import { cardText, textsHidden } from './texts.js';
import { TIMING_TEXT } from './words.js';
import { keepTabInside } from '../../focus.js';

export class CardReference {
  /** @param {() => HTMLElement|null} opener finds the button to give focus back to */
  constructor(opener) {
    this.opener = opener;
    this.builtHidden = null;
    this.dialog = h('dialog', { class: 'dl-reference', 'aria-labelledby': 'dl-reference-title', 'data-testid': 'card-reference' });
    this.dialog.addEventListener('close', () => this.opener()?.focus());
    this.dialog.addEventListener('keydown', (e) => keepTabInside(this.dialog, e));
  }

  get isOpen() {
    return this.dialog.open;
  }

  /** The button that opens it (put it in the table; `data-key` keeps its focus across renders). */
  button(ctx) {
    return h(
      'button',
      { type: 'button', class: 'small dl-cards-button', 'data-key': 'cards', 'aria-haspopup': 'dialog', 'data-testid': 'cards-button', onclick: () => this.open(ctx) },
      'Cards',
    );
  }

  open(ctx) {
    this.build(ctx);
    if (!this.dialog.open) this.dialog.showModal();
    this.dialog.querySelector('.dl-reference-close')?.focus();
  }

  /** After a table render: rebuilds an open reference if what it may show changed. */
  refresh(ctx) {
    if (this.dialog.open && this.builtHidden !== textsHidden(ctx)) this.build(ctx);
  }

  build(ctx) {
    const { board } = ctx;
    this.builtHidden = textsHidden(ctx);
    const memos = board.memos ?? [];
    const consultants = board.consultants ?? [];
    const tokens = board.tokens ?? [];
    const offices = board.offices ?? [];
    const sections = [
      ['memos', `Memos (${memos.length})`, memos.map((m) => memoItem(ctx, m))],
      ['consultants', `Consultants (${consultants.length})`, consultants.map((c) => simpleItem(ctx, c, 'consultant', true))],
      ['tokens', `Tokens (${tokens.length})`, tokens.map((t) => simpleItem(ctx, { ...t, id: t.token }, 'token', false))],
      ['offices', `Office charts (${offices.length})`, offices.map((o) => officeItem(o))],
    ];
    replace(
      this.dialog,
      h(
        'div',
        { class: 'dl-reference-head' },
        h('h2', { id: 'dl-reference-title' }, 'Cards and charts'),
        h('button', { type: 'button', class: 'small dl-reference-close', onclick: () => this.dialog.close() }, 'Close'),
      ),
      this.builtHidden ? h('p', { class: 'dl-texts-hidden' }, 'The consultant in play hides card texts from you: names only. Dilbert\u2019s player reads the cards out.') : null,
      h(
        'nav',
        { class: 'dl-reference-nav', 'aria-label': 'Sections' },
        sections.map(([id, title]) => h('a', { href: `#dl-ref-${id}`, onclick: (e) => jump(e, this.dialog, id) }, title)),
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
    h('h4', {}, memo.name, memo.real_life ? h('span', { class: 'badge dl-badge-real-life' }, 'real life') : null),
    h('p', { class: 'dl-memo-timing' }, `Played at the ${TIMING_TEXT[memo.timing] ?? 'right moment'}.`),
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
  const notes = [office.signature ? 'signature icon' : null, office.stop ? 'must stop on entering' : null].filter(Boolean);
  return h(
    'li',
    { 'data-office': office.office },
    h('h4', {}, office.name, notes.length ? h('span', { class: 'hint' }, ` (${notes.join('; ')})`) : null),
    chart.length ? renderChart(chart) : h('p', {}, office.instructions || 'No chart.'),
  );
}

/** An office chart: one line per range of die results. */
export function renderChart(chart, label = 'Office chart') {
  return h(
    'ol',
    { class: 'dl-chart', 'aria-label': label },
    chart.map((line) => h('li', {}, h('strong', {}, line.from === line.to ? `${line.from}` : `${line.from}\u2013${line.to}`), ': ', line.text)),
  );
}
