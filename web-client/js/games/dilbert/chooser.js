// Playing a memo that needs a target. The server lists one `play` action
// per acceptable target; choosing such a memo in the hand opens this
// chooser in place of the prompt: employees, projects, signatures, work
// tokens and memos as buttons labelled in words, spaces highlighted on
// the map (offices also as buttons here, as for moves: easier than the
// map on a phone). Each control sends its action unchanged. Cancel, or
// Escape anywhere on the page, closes it (table.js). Nothing here decides
// what a target may be: only what the legal plays name is offered.

import { h, isolateNames } from '../../dom.js';
import { t } from '../../i18n.js';
import { actionButton, actionLabel } from './actions.js';
import { asksForTarget, playsOf } from './legal.js';
import { cardText } from './texts.js';
import { memoCard, playedAtText, plural, spaceOffice, targetWords } from './words.js';

/** The memo waiting for its target, or null (a memo that is no longer playable closes the chooser). */
export function choosingMemo(legal, ui) {
  if (ui.choosing === null || ui.choosing === undefined) return null;
  if (!asksForTarget(playsOf(legal, ui.choosing))) {
    ui.choosing = null;
    return null;
  }
  return ui.choosing;
}

/** The spaces to highlight on the map: `{action, space}` for the memo being aimed, else for the moves. */
export function spaceTargets(legal, ui) {
  const memo = choosingMemo(legal, ui);
  if (memo === null) return [...legal.moves.values()].map((action) => ({ action, space: action.to }));
  return playsOf(legal, memo)
    .filter((a) => a.target?.kind === 'space')
    .map((action) => ({ action, space: action.target.space }));
}

/**
 * The hand's control for one memo: a Play button that sends its only,
 * untargeted play, or one that opens the chooser. Null when it may not be
 * played now.
 */
export function playControl(ctx, legal, ui, memo) {
  const plays = playsOf(legal, memo);
  if (plays.length === 0) return null;
  const name = memoCard(ctx.board, memo).name;
  if (!asksForTarget(plays) && plays.length === 1) {
    return actionButton(ctx, plays[0], { label: t('Play'), extraClass: 'primary', attrs: { 'aria-label': t('Play {memo}', { memo: name }) } });
  }
  const open = ui.choosing === memo;
  return h(
    'button',
    {
      type: 'button',
      class: `dl-choice primary${open ? ' dl-choosing' : ''}`,
      'data-key': `choose-${memo}`,
      'data-choose-memo': String(memo),
      'aria-label': t('Play {memo}: choose a target', { memo: name }),
      'aria-pressed': open ? 'true' : 'false',
      disabled: ctx.busy,
      onclick: () => ui.choose(memo),
    },
    t('Play\u2026'),
  );
}

const GROUPS = [
  ['employee', 'On an employee'],
  ['project', 'On a project'],
  ['signature', 'On a signature'],
  ['work', 'An employee\u2019s work token and a project'],
  ['memo', 'On a memo played since your last turn'],
];

/** The chooser for the memo being aimed, or null when none is. */
export function renderChooser(ctx, legal, ui) {
  const memo = choosingMemo(legal, ui);
  if (memo === null) return null;
  const card = memoCard(ctx.board, memo);
  const plays = playsOf(legal, memo);
  const button = (action, label, extraClass = 'primary') =>
    actionButton(ctx, action, { label, extraClass, attrs: { 'aria-label': actionLabel(action, ctx) } });
  const groups = GROUPS.map(([kind, title]) => {
    const here = plays.filter((a) => a.target?.kind === kind);
    if (here.length === 0) return null;
    return h(
      'div',
      { class: 'dl-chooser-group', 'data-target-kind': kind },
      h('h4', {}, t(title)),
      h('div', { class: 'dl-choices' }, here.map((a) => button(a, isolateNames(targetWords(a.target, ctx))))),
    );
  });
  const spaces = plays.filter((a) => a.target?.kind === 'space');
  const untargeted = plays.filter((a) => !a.target);
  return h(
    'section',
    {
      class: 'dl-prompt dl-chooser',
      'data-testid': 'target-chooser',
      'data-memo': String(memo),
      // Pinned under the status bar (js/frame.js, "the dock").
      'data-dock': '',
      tabindex: '-1',
      'aria-label': t('Choose a target for {memo}', { memo: card.name }),
    },
    h('h3', {}, t('Play {memo}: choose a target', { memo: card.name })),
    h('p', { class: 'dl-memo-timing' }, playedAtText(card.timing)),
    cardText(ctx, card.text, 'dl-chooser-text'),
    groups,
    spaces.length ? spaceGroup(ctx, spaces, button) : null,
    untargeted.length
      ? h('div', { class: 'dl-chooser-group', 'data-target-kind': 'none' }, h('h4', {}, t('Without a target')), h('div', { class: 'dl-choices' }, untargeted.map((a) => button(a, t('Play it as it is')))))
      : null,
    h(
      'p',
      { class: 'dl-choices dl-chooser-cancel' },
      h('button', { type: 'button', 'data-key': 'choose-cancel', onclick: () => ui.cancelChoice() }, t('Cancel')),
      h('span', { class: 'hint key-hint' }, t('or press Escape')),
    ),
  );
}

/** Spaces: highlighted on the map; offices also as buttons. */
function spaceGroup(ctx, spaces, button) {
  const offices = spaces.filter((a) => spaceOffice(ctx.board, a.target.space));
  const halls = spaces.length - offices.length;
  return h(
    'div',
    { class: 'dl-chooser-group', 'data-target-kind': 'space' },
    h('h4', {}, t('On a space')),
    h(
      'p',
      {},
      t('Choose one of the {spaces} on the map', { spaces: plural(spaces.length, 'highlighted space') }),
      halls > 0 && offices.length > 0 ? t(' ({halls}, and the offices below)', { halls: plural(halls, 'hall square') }) : '',
      t('. '),
      h('a', { href: '#dl-map', class: 'dl-jump', onclick: jumpToMap }, t('Go to the map')),
    ),
    offices.length ? h('div', { class: 'dl-choices' }, offices.map((a) => button(a, targetWords(a.target, ctx)))) : null,
  );
}

function jumpToMap(e) {
  e.preventDefault();
  const first = document.querySelector('.dl-target');
  const map = document.getElementById('dl-map');
  (first ?? map)?.focus();
  (first ?? map)?.scrollIntoView({ block: 'nearest' });
}
