// One player's office: its cards (buttons where a legal action names
// them), profit, badges and notes (out, at 21, holds the TAXMAN, set-up
// state).

import { h } from '../../dom.js';
import { t } from '../../i18n.js';
import { cardBox, cardButton, describeOfficeCard } from './cards.js';
import { profitMeter } from './meter.js';
import { LEGAL_VERB, publicOptions } from './legal.js';
import { millions, plural } from './words.js';

/** "Remove your SPY, 0 M", "Swap for Ben’s MANAGER, 4 M", "Choose BOSS" (no owner known). */
export function actOnCardLabel(ctx, action, seat, card) {
  const words = { verb: t(LEGAL_VERB[action.kind] ?? action.kind), card, name: seat === undefined ? '' : ctx.names(seat) };
  if (seat === undefined) return t('{verb} {card}', words);
  return seat === ctx.seat ? t('{verb} your {card}', words) : t('{verb} {name}\u2019s {card}', words);
}

/**
 * `last`: the last move's marks ({marks, fresh}: Maps card id -> mark); its
 * cards keep `data-last-move` until the next move, and drop in once, when
 * they just arrived (`fresh`).
 */
export function renderOffice(ctx, seat, decision, legal, last = { marks: new Map(), fresh: new Map() }) {
  const { view, board } = ctx;
  const player = view.players.find((p) => p.seat === seat);
  const mine = seat === ctx.seat;
  const stage = view.stage ?? {};
  const theirTurn = stage.stage === 'turn' && stage.seat === seat;
  const winner = view.ending?.winners?.includes(seat);
  const at21 = !player.eliminated && Number(player.profit) === Number(board?.target ?? 21);
  const options = decision && decision.seat !== ctx.seat ? publicOptions(decision) : new Set();

  const cards = player.office.map((card) => {
    const action = legal.onCard.get(card.id);
    const key = `o-${card.id}`;
    const mark = last.marks.get(card.id);
    const common = { kind: card.card, faceUp: card.face_up, id: card.id, seat, key, attrs: mark ? { 'data-last-move': mark } : {} };
    const lastClass = mark ? `o21-last-move${last.fresh.has(card.id) ? ' just-played' : ''}` : '';
    if (action) {
      return h(
        'li',
        { class: 'o21-slot' },
        cardButton(ctx, action, {
          ...common,
          label: actOnCardLabel(ctx, action, seat, describeOfficeCard(board, card)),
          tag: action.kind,
          extraClass: lastClass,
        }),
      );
    }
    return h(
      'li',
      { class: 'o21-slot' },
      cardBox(board, {
        ...common,
        extraClass: [options.has(card.id) ? 'o21-option' : '', lastClass].join(' ').trim(),
      }),
    );
  });

  if (stage.stage === 'set_up' && player.chosen) {
    if (mine && view.your_choice) {
      cards.push(
        h(
          'li',
          { class: 'o21-slot' },
          cardBox(board, { kind: view.your_choice, faceUp: false, note: t('your choice, hidden'), extraClass: 'o21-setup-choice', attrs: { 'data-setup-choice': 'mine' } }),
        ),
      );
    } else {
      cards.push(
        h(
          'li',
          { class: 'o21-slot' },
          h(
            'div',
            { class: 'o21-card o21-card-back', role: 'img', 'aria-label': t('A card put face down, not revealed yet'), 'data-setup-choice': 'hidden' },
            h('span', { class: 'o21-card-name' }, t('chosen')),
            h('span', { class: 'o21-card-down' }, t('face down')),
          ),
        ),
      );
    }
  }

  const waiting = stage.stage === 'set_up' && !stage.love && (stage.waiting ?? []).includes(seat);
  const notes = [];
  if (player.eliminated) {
    notes.push(
      h(
        'p',
        { class: 'o21-note o21-out-note', 'data-testid': 'eliminated' },
        t('Out of the game: record-breaking profits ({profit}).', { profit: millions(player.profit) }),
      ),
    );
  } else if (at21 && !view.ending) {
    notes.push(
      h(
        'p',
        { class: 'o21-note o21-at21-note', 'data-testid': 'at21', 'data-since': String(player.profit_since) },
        mine
          ? t('Reached exactly 21 M (move {move}): you win at the start of your next turn if still at 21 M.', { move: player.profit_since })
          : t('Reached exactly 21 M (move {move}): wins at the start of their next turn if still at 21 M.', { move: player.profit_since }),
      ),
    );
  }
  if (view.audit && view.audit.holder === seat && !view.ending) {
    notes.push(h('p', { class: 'o21-note o21-audit-note' }, t('Holds the TAXMAN.')));
  }
  if (stage.stage === 'set_up' && !stage.love) {
    notes.push(h('p', { class: 'o21-note', 'data-testid': 'setup-state' }, player.chosen ? t('has chosen') : waiting ? t('choosing\u2026') : ''));
  }

  const classes = ['o21-office'];
  if (mine) classes.push('o21-office-mine');
  if (theirTurn) classes.push('o21-office-turn');
  if (winner) classes.push('o21-office-winner');
  if (player.eliminated) classes.push('o21-office-out');
  if (at21) classes.push('o21-office-at21');

  return h(
    'section',
    {
      class: classes.join(' '),
      'data-seat': String(seat),
      'data-eliminated': player.eliminated ? 'true' : undefined,
      'aria-label': mine ? t('Your office') : t('{name}\u2019s office', { name: ctx.names(seat) }),
    },
    h(
      'header',
      { class: 'o21-office-header' },
      h(
        'h3',
        { class: 'o21-office-name' },
        h('bdi', { class: 'o21-player-name' }, ctx.names(seat)),
        mine ? h('span', { class: 'badge badge-you' }, t('you')) : null,
        theirTurn && !view.ending ? h('span', { class: 'badge badge-turn' }, mine ? t('your turn') : t('their turn')) : null,
        at21 ? h('span', { class: 'badge badge-21' }, '21!') : null,
        player.eliminated ? h('span', { class: 'badge badge-out' }, t('out')) : null,
        winner ? h('span', { class: 'badge badge-winner' }, t('winner')) : null,
        view.start_player === seat ? h('span', { class: 'badge', title: t('Start player') }, t('started')) : null,
      ),
      h(
        'p',
        { class: 'o21-office-meta' },
        h('strong', { class: 'o21-profit', 'data-testid': 'profit' }, millions(player.profit)),
        h('span', { 'data-testid': 'card-count' }, plural(player.office.length, 'card')),
        mine ? null : h('span', { 'data-testid': 'hand-count' }, t('{n} in hand', { n: player.hand })),
      ),
      profitMeter(player.profit, board?.target ?? 21, { eliminated: player.eliminated }),
    ),
    notes,
    cards.length > 0
      ? h('ol', { class: 'o21-cards', 'aria-label': mine ? t('Cards in your office') : t('Cards in {name}\u2019s office', { name: ctx.names(seat) }) }, cards)
      : h('p', { class: 'o21-empty' }, player.eliminated ? '' : t('No cards in the office yet.')),
  );
}
