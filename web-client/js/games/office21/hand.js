// The viewer's hand: cards it may play (or put face down in set-up) are
// buttons; the others say why not, when the viewer is asked to play.

import { h } from '../../dom.js';
import { t } from '../../i18n.js';
import { cardBox, cardButton } from './cards.js';
import { plural } from './words.js';

export function renderHand(ctx, decision, legal) {
  const { view, board } = ctx;
  const stage = view.stage ?? {};
  const playing = stage.stage === 'turn' && stage.seat === ctx.seat && stage.decision?.decision === 'play_card';
  const choosing = legal.choose.size > 0;
  const hand = view.hand ?? [];
  const me = view.players.find((p) => p.seat === ctx.seat);
  const bossInPlay = view.players.some((p) => p.office.some((c) => c.card === 'boss'));
  const cards = hand.map((kind, i) => {
    const action = choosing ? legal.choose.get(kind) : legal.play.get(kind);
    const key = `h-${kind}-${i}`;
    if (action) {
      const verb = action.kind === 'choose' ? t('Put face down:') : t('Play');
      return h(
        'li',
        { class: 'o21-slot o21-hand-slot' },
        cardButton(ctx, action, {
          kind,
          key,
          verb,
          tag: action.kind,
          withEffect: true,
          attrs: { 'data-hand-card': '' },
        }),
      );
    }
    // Not in the legal actions while the viewer is asked to play: say so.
    const blocked = playing && legal.count > 0;
    const why = blocked ? (kind === 'boss' && bossInPlay ? t('not playable: a BOSS is already in play') : t('not playable now')) : null;
    return h(
      'li',
      { class: 'o21-slot o21-hand-slot' },
      cardBox(board, { kind, key, withEffect: true, note: why, extraClass: blocked ? 'not-playable' : '', attrs: { 'data-hand-card': '' } }),
    );
  });
  return h(
    'section',
    { class: 'o21-hand', id: 'o21-hand', 'data-testid': 'hand', 'aria-label': t('Your hand'), tabindex: '-1' },
    h('h3', { class: 'o21-hand-title' }, t('Your hand'), ' ', h('span', { class: 'hint' }, t('({count})', { count: plural(hand.length, 'card') }))),
    me?.eliminated ? h('p', { class: 'o21-note' }, t('You are out of the game.')) : null,
    hand.length > 0 ? h('ol', { class: 'o21-cards o21-hand-cards' }, cards) : h('p', { class: 'o21-empty' }, t('No cards in your hand.')),
  );
}
