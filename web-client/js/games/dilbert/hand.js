// The viewer's memos: name, when it may be played and its text, with a
// Play or Discard button exactly when the server lists that action.

import { h } from '../../dom.js';
import { actionButton } from './actions.js';
import { TIMING_TEXT, memoCard, plural } from './words.js';

export function renderHand(ctx, legal) {
  const { board, view } = ctx;
  const hand = view.hand ?? [];
  const items = hand.map((id) => {
    const card = memoCard(board, id);
    const play = legal.play.get(id);
    const discard = legal.discard.get(id);
    return h(
      'li',
      { class: `dl-memo${play || discard ? ' dl-memo-legal' : ''}`, 'data-memo': String(id) },
      h('h4', { class: 'dl-memo-name' }, card.name),
      h('p', { class: 'dl-memo-timing' }, TIMING_TEXT[card.timing] ?? ''),
      h('p', { class: 'dl-memo-text' }, card.text),
      play || discard
        ? h(
            'div',
            { class: 'dl-memo-actions' },
            play ? actionButton(ctx, play, { label: 'Play', extraClass: 'primary', attrs: { 'aria-label': `Play ${card.name}` } }) : null,
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
