// The viewer's memos: name, when it may be played and its text (or the
// note that replaces it while a consultant hides texts), with a Play or
// Discard control exactly when the server lists that action. A memo whose
// plays name targets opens the target chooser (chooser.js) instead.

import { h } from '../../dom.js';
import { actionButton } from './actions.js';
import { playControl } from './chooser.js';
import { cardText } from './texts.js';
import { TIMING_TEXT, memoCard, plural } from './words.js';

export function renderHand(ctx, legal, ui) {
  const { board, view } = ctx;
  const hand = view.hand ?? [];
  const items = hand.map((id) => {
    const card = memoCard(board, id);
    const play = playControl(ctx, legal, ui, id);
    const discard = legal.discard.get(id);
    return h(
      'li',
      { class: `dl-memo${play || discard ? ' dl-memo-legal' : ''}${ui.choosing === id ? ' dl-memo-choosing' : ''}`, 'data-memo': String(id) },
      h('h4', { class: 'dl-memo-name' }, card.name, card.real_life ? h('span', { class: 'badge dl-badge-real-life' }, 'real life') : null),
      h('p', { class: 'dl-memo-timing' }, TIMING_TEXT[card.timing] ?? ''),
      cardText(ctx, card.text, 'dl-memo-text'),
      play || discard
        ? h(
            'div',
            { class: 'dl-memo-actions' },
            play,
            discard ? actionButton(ctx, discard, { label: 'Discard', attrs: { 'aria-label': `Discard ${card.name}` } }) : null,
          )
        : null,
    );
  });
  return h(
    'section',
    { class: 'dl-hand', id: 'dl-hand', 'data-testid': 'hand', 'aria-label': 'Your memos', tabindex: '-1' },
    h('h3', {}, 'Your memos ', h('span', { class: 'hint' }, `(${plural(hand.length, 'card')})`)),
    hand.length ? h('ol', { class: 'dl-memo-list' }, items) : h('p', { class: 'dl-empty' }, 'No memos in your hand.'),
  );
}
