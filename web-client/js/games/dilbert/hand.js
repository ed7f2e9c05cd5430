// The viewer's memos: name, when it may be played and its text (or the
// note that replaces it while a consultant hides texts), with a Play or
// Discard control exactly when the server lists that action. A memo whose
// plays name targets opens the target chooser (chooser.js) instead.

import { h } from '../../dom.js';
import { t } from '../../i18n.js';
import { actionButton } from './actions.js';
import { playControl } from './chooser.js';
import { cardText } from './texts.js';
import { memoCard, plural, timingText } from './words.js';

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
      h('h4', { class: 'dl-memo-name' }, card.name, card.real_life ? h('span', { class: 'badge dl-badge-real-life' }, t('real life')) : null),
      h('p', { class: 'dl-memo-timing' }, timingText(card.timing)),
      cardText(ctx, card.text, 'dl-memo-text'),
      play || discard
        ? h(
            'div',
            { class: 'dl-memo-actions' },
            play,
            discard ? actionButton(ctx, discard, { label: t('Discard'), attrs: { 'aria-label': t('Discard {memo}', { memo: card.name }) } }) : null,
          )
        : null,
    );
  });
  return h(
    'section',
    { class: 'dl-hand', id: 'dl-hand', 'data-testid': 'hand', 'aria-label': t('Your memos'), tabindex: '-1' },
    h('h3', {}, t('Your memos '), h('span', { class: 'hint' }, t('({cards})', { cards: plural(hand.length, 'card') }))),
    hand.length ? h('ol', { class: 'dl-memo-list' }, items) : h('p', { class: 'dl-empty' }, t('No memos in your hand.')),
  );
}
