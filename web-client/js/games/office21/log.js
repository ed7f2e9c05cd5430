// One log line per event, in words. Secrets appear only as the event
// carries them (filled for their owner, null for everyone else).

import { isolateNames, markName } from '../../dom.js';
import { t } from '../../i18n.js';
import { aCard, cardList, cardName, endName, kindOfId, learn, listOf, millions, possessive, victoryName } from './words.js';

export function describeEvent(event, ctx) {
  return isolateNames(describeText(event, ctx));
}

// Names are marked in the text and isolated by describeEvent. Every
// sentence is one dictionary entry (js/i18n.js), its parts as {placeholders}.
function describeText(event, ctx) {
  const { board } = ctx;
  const name = (seat) => markName(ctx.names(seat));
  const card = (kind) => cardName(board, kind);
  switch (event?.kind) {
    case 'dealt':
      return event.hand
        ? t('{name} was dealt {cards}.', { name: name(event.seat), cards: cardList(board, event.hand) })
        : t(event.cards === 1 ? '{name} was dealt {n} card.' : '{name} was dealt {n} cards.', { name: name(event.seat), n: event.cards });
    case 'taxmen_set_aside':
      return event.count === 1
        ? t('{name} set aside a TAXMAN from the deal and drew a replacement.', { name: name(event.seat) })
        : t('{name} set aside {count} TAXMANs from the deal and drew replacements.', { name: name(event.seat), count: event.count });
    case 'taxmen_shuffled_back':
      return event.count === 1
        ? t('The TAXMAN was shuffled back into the pile.')
        : t('{count} TAXMANs were shuffled back into the pile.', { count: event.count });
    case 'chose':
      return event.card
        ? t('{name} put {card} face down (set-up round {round}).', { name: name(event.seat), card: aCard(board, event.card), round: event.round })
        : t('{name} has chosen a card (set-up round {round}).', { name: name(event.seat), round: event.round });
    case 'revealed': {
      for (const p of event.cards ?? []) learn(p.card);
      const shown = (event.cards ?? []).map((p) => t('{name}: {card}', { name: name(p.seat), card: card(p.card.card) }));
      return t('Set-up round {round}, the cards are turned up. {cards}.', { round: event.round, cards: shown.join(t('; ')) });
    }
    case 'turned_down':
      learn(event.card);
      return t('{name}\u2019s {card} is in love and turns face down.', { name: name(event.seat), card: card(event.card.card) });
    case 'turned_up':
      learn(event.card);
      return t('{name}\u2019s {card} turns face up again.', { name: name(event.seat), card: card(event.card.card) });
    case 'love_chosen': {
      const loved = kindOfId(ctx.view, event.card);
      const words = { name: name(event.seat), owner: name(event.owner), card: loved ? card(loved) : t('card') };
      return loved === 'boss'
        ? t('{name} chose: their SECRETARY loves {owner}\u2019s {card}.', words)
        : t('{name} chose: their BOSS loves {owner}\u2019s {card}.', words);
    }
    case 'set_up_tied': {
      const words = { round: event.round, names: listOf((event.tied ?? []).map(name)) };
      const low = event.totals?.[event.tied?.[0]];
      const tie =
        low !== undefined
          ? t('Set-up round {round}: {names} tie for the lowest profit ({profit}):', { ...words, profit: millions(low) })
          : t('Set-up round {round}: {names} tie for the lowest profit:', words);
      const next = event.round >= 3 ? t('the set-up starts over.') : t('everyone puts down another card.');
      return t('{tie} {next}', { tie, next });
    }
    case 'set_up_restarted':
      return t('Still tied after three rounds: all cards are reshuffled and the set-up starts over (attempt {attempt}).', { attempt: event.attempt });
    case 'start_player': {
      const low = event.totals?.[event.seat];
      return low !== undefined
        ? t('{name} has the lowest profit ({profit}) and starts.', { name: name(event.seat), profit: millions(low) })
        : t('{name} has the lowest profit and starts.', { name: name(event.seat) });
    }
    case 'bosses_discarded': {
      for (const p of event.cards ?? []) learn(p.card);
      // {owners} is "Aki’s and Ben’s" (English), {names} "Aki and Ben" (for languages that put the possessive once).
      const seats = (event.cards ?? []).map((p) => p.seat);
      const words = { owners: listOf(seats.map((seat) => possessive(name(seat)))), names: listOf(seats.map(name)) };
      return seats.length > 1
        ? t('There can be only one BOSS: play begins with both in play, so {owners} BOSSes are discarded.', words)
        : t('There can be only one BOSS: play begins with both in play, so {owners} BOSS is discarded.', words);
    }
    case 'turn_began':
      return t('{name}\u2019s turn.', { name: name(event.seat) });
    case 'drew':
      if (event.cards) return t('{name} drew {cards}.', { name: name(event.seat), cards: cardList(board, event.cards) });
      return event.count === 1
        ? t('{name} drew a card.', { name: name(event.seat) })
        : t('{name} drew {count} cards.', { name: name(event.seat), count: event.count });
    case 'full_employment':
      return event.taxman_in_play
        ? t('Full employment: the pile cannot refill {name}\u2019s hand. A TAXMAN is in play, so the game goes on without refills.', { name: name(event.seat) })
        : t('Full employment: the pile cannot refill {name}\u2019s hand.', { name: name(event.seat) });
    case 'passed':
      return event.reason === 'only_boss'
        ? t('{name} passes: their only card is a BOSS and a BOSS is already in play.', { name: name(event.seat) })
        : t('{name} passes: no cards left to play.', { name: name(event.seat) });
    case 'played':
      learn(event.card);
      return t('{name} played {card}.', { name: name(event.seat), card: aCard(board, event.card.card) });
    case 'no_target':
      return t('{name}\u2019s {card} has no possible target: no effect.', { name: name(event.seat), card: card(event.card) });
    case 'removed':
      learn(event.card);
      return event.owner === event.seat
        ? t('{name}\u2019s CLEANER removed their own {card}.', { name: name(event.seat), card: card(event.card.card) })
        : t('{name}\u2019s CLEANER removed {owner}\u2019s {card}.', { name: name(event.seat), owner: name(event.owner), card: card(event.card.card) });
    case 'took_back':
      learn(event.card);
      return t('{name}\u2019s ASSISTANT took their {card} back to hand.', { name: name(event.seat), card: card(event.card.card) });
    case 'swapped':
      learn(event.took);
      learn(event.gave);
      return t('{name} swapped their SALES for {other}\u2019s {card}: the {card} joins {name}\u2019s office, the SALES goes to {other}.', {
        name: name(event.seat),
        other: name(event.other),
        card: card(event.took.card),
      });
    case 'operator_drew':
      return event.card
        ? t('{name}\u2019s OPERATOR drew {card} from the pile (only {name} saw it).', { name: name(event.seat), card: aCard(board, event.card) })
        : t('{name}\u2019s OPERATOR drew a card from the pile and looked at it.', { name: name(event.seat) });
    case 'operator_kept':
      return t('{name} showed the card, {card}, and kept it.', { name: name(event.seat), card: aCard(board, event.card) });
    case 'operator_returned':
      return event.card
        ? t('{name} put the {card} back on top of the pile, face down.', { name: name(event.seat), card: card(event.card) })
        : t('{name} put the card back on top of the pile, face down.', { name: name(event.seat) });
    case 'director_looked':
      return event.hand
        ? t('{name}\u2019s DIRECTOR looked at {target}\u2019s hand: {cards}.', { name: name(event.seat), target: name(event.target), cards: cardList(board, event.hand) })
        : t('{name}\u2019s DIRECTOR looked at {target}\u2019s hand.', { name: name(event.seat), target: name(event.target) });
    case 'director_discarded':
      return event.card
        ? t('{name}\u2019s DIRECTOR discarded {card} from {target}\u2019s hand.', { name: name(event.seat), target: name(event.target), card: aCard(board, event.card) })
        : t('{name}\u2019s DIRECTOR found only SPYs in {target}\u2019s hand: nothing could be discarded.', { name: name(event.seat), target: name(event.target) });
    case 'taxman_replaced':
      learn(event.card);
      return t('Only one TAXMAN at a time: {name}\u2019s TAXMAN is discarded.', { name: name(event.owner) });
    case 'audit_cancelled':
      return t('{name}\u2019s TAXMAN left play: no tax audit for now.', { name: name(event.holder) });
    case 'eliminated': {
      for (const c of event.office ?? []) learn(c);
      const gone = [...(event.hand ?? []), ...(event.office ?? []).map((c) => c.card)];
      return t('{name} made {profit}, record-breaking profits, and is out of the game. To the discard pile: {cards}.', {
        name: name(event.seat),
        profit: millions(event.profit),
        cards: cardList(board, gone),
      });
    }
    case 'ended': {
      const ending = event.ending ?? {};
      const winners = listOf((ending.winners ?? []).map(name));
      const words = {
        end: endName(board, ending.ended_by).toLowerCase(),
        victory: victoryName(board, ending.victory).toLowerCase(),
        names: winners,
      };
      return (ending.winners ?? []).length > 1
        ? t('Game over. Ended by {end}, won by {victory}: {names} share the victory.', words)
        : t('Game over. Ended by {end}, won by {victory}: {names} wins.', words);
    }
    default:
      return event?.kind ? `(${String(event.kind).replaceAll('_', ' ')})` : null;
  }
}
