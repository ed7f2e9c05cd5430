// One log line per event, in words. Secrets appear only as the event
// carries them (filled for their owner, null for everyone else).

import { isolateNames, joinNames, markName } from '../../dom.js';
import { aCard, cardList, cardName, endName, kindOfId, learn, millions, plural, possessive, victoryName } from './words.js';

export function describeEvent(event, ctx) {
  return isolateNames(describeText(event, ctx));
}

// Names are marked in the text and isolated by describeEvent.
function describeText(event, ctx) {
  const { board } = ctx;
  const name = (seat) => markName(ctx.names(seat));
  const whose = (seat) => possessive(name(seat));
  const card = (kind) => cardName(board, kind);
  switch (event?.kind) {
    case 'dealt':
      return event.hand ? `${name(event.seat)} was dealt ${cardList(board, event.hand)}.` : `${name(event.seat)} was dealt ${plural(event.cards, 'card')}.`;
    case 'taxmen_set_aside':
      return `${name(event.seat)} set aside ${event.count === 1 ? 'a TAXMAN' : `${event.count} TAXMANs`} from the deal and drew ${event.count === 1 ? 'a replacement' : 'replacements'}.`;
    case 'taxmen_shuffled_back':
      return `${event.count === 1 ? 'The TAXMAN was' : `${event.count} TAXMANs were`} shuffled back into the pile.`;
    case 'chose':
      return event.card
        ? `${name(event.seat)} put ${aCard(board, event.card)} face down (set-up round ${event.round}).`
        : `${name(event.seat)} has chosen a card (set-up round ${event.round}).`;
    case 'revealed': {
      for (const p of event.cards ?? []) learn(p.card);
      const shown = (event.cards ?? []).map((p) => `${name(p.seat)}: ${card(p.card.card)}`);
      return `Set-up round ${event.round}, the cards are turned up. ${shown.join('; ')}.`;
    }
    case 'turned_down':
      learn(event.card);
      return `${whose(event.seat)} ${card(event.card.card)} is in love and turns face down.`;
    case 'turned_up':
      learn(event.card);
      return `${whose(event.seat)} ${card(event.card.card)} turns face up again.`;
    case 'love_chosen': {
      const loved = kindOfId(ctx.view, event.card);
      const lover = loved === 'boss' ? 'SECRETARY' : 'BOSS';
      return `${name(event.seat)} chose: their ${lover} loves ${whose(event.owner)} ${loved ? card(loved) : 'card'}.`;
    }
    case 'set_up_tied': {
      const tied = joinNames((event.tied ?? []).map(name)).join('');
      const low = event.totals?.[event.tied?.[0]];
      const next = event.round >= 3 ? 'the set-up starts over.' : 'everyone puts down another card.';
      return `Set-up round ${event.round}: ${tied} tie for the lowest profit${low !== undefined ? ` (${millions(low)})` : ''}: ${next}`;
    }
    case 'set_up_restarted':
      return `Still tied after three rounds: all cards are reshuffled and the set-up starts over (attempt ${event.attempt}).`;
    case 'start_player': {
      const low = event.totals?.[event.seat];
      return `${name(event.seat)} has the lowest profit${low !== undefined ? ` (${millions(low)})` : ''} and starts.`;
    }
    case 'bosses_discarded': {
      for (const p of event.cards ?? []) learn(p.card);
      const owners = joinNames((event.cards ?? []).map((p) => whose(p.seat))).join('');
      return `There can be only one BOSS: play begins with both in play, so ${owners} BOSS${(event.cards ?? []).length > 1 ? 'es are' : ' is'} discarded.`;
    }
    case 'turn_began':
      return `${whose(event.seat)} turn.`;
    case 'drew':
      return event.cards
        ? `${name(event.seat)} drew ${cardList(board, event.cards)}.`
        : `${name(event.seat)} drew ${event.count === 1 ? 'a card' : `${event.count} cards`}.`;
    case 'full_employment':
      return event.taxman_in_play
        ? `Full employment: the pile cannot refill ${whose(event.seat)} hand. A TAXMAN is in play, so the game goes on without refills.`
        : `Full employment: the pile cannot refill ${whose(event.seat)} hand.`;
    case 'passed':
      return event.reason === 'only_boss'
        ? `${name(event.seat)} passes: their only card is a BOSS and a BOSS is already in play.`
        : `${name(event.seat)} passes: no cards left to play.`;
    case 'played':
      learn(event.card);
      return `${name(event.seat)} played ${aCard(board, event.card.card)}.`;
    case 'no_target':
      return `${whose(event.seat)} ${card(event.card)} has no possible target: no effect.`;
    case 'removed':
      learn(event.card);
      return `${whose(event.seat)} CLEANER removed ${event.owner === event.seat ? 'their own' : whose(event.owner)} ${card(event.card.card)}.`;
    case 'took_back':
      learn(event.card);
      return `${whose(event.seat)} ASSISTANT took their ${card(event.card.card)} back to hand.`;
    case 'swapped':
      learn(event.took);
      learn(event.gave);
      return `${name(event.seat)} swapped their SALES for ${whose(event.other)} ${card(event.took.card)}: the ${card(event.took.card)} joins ${whose(event.seat)} office, the SALES goes to ${name(event.other)}.`;
    case 'operator_drew':
      return event.card
        ? `${whose(event.seat)} OPERATOR drew ${aCard(board, event.card)} from the pile (only ${name(event.seat)} saw it).`
        : `${whose(event.seat)} OPERATOR drew a card from the pile and looked at it.`;
    case 'operator_kept':
      return `${name(event.seat)} showed the card, ${aCard(board, event.card)}, and kept it.`;
    case 'operator_returned':
      return event.card
        ? `${name(event.seat)} put the ${card(event.card)} back on top of the pile, face down.`
        : `${name(event.seat)} put the card back on top of the pile, face down.`;
    case 'director_looked':
      return event.hand
        ? `${whose(event.seat)} DIRECTOR looked at ${whose(event.target)} hand: ${cardList(board, event.hand)}.`
        : `${whose(event.seat)} DIRECTOR looked at ${whose(event.target)} hand.`;
    case 'director_discarded':
      return event.card
        ? `${whose(event.seat)} DIRECTOR discarded ${aCard(board, event.card)} from ${whose(event.target)} hand.`
        : `${whose(event.seat)} DIRECTOR found only SPYs in ${whose(event.target)} hand: nothing could be discarded.`;
    case 'taxman_replaced':
      learn(event.card);
      return `Only one TAXMAN at a time: ${whose(event.owner)} TAXMAN is discarded.`;
    case 'audit_cancelled':
      return `${whose(event.holder)} TAXMAN left play: no tax audit for now.`;
    case 'eliminated': {
      for (const c of event.office ?? []) learn(c);
      const gone = [...(event.hand ?? []), ...(event.office ?? []).map((c) => c.card)];
      return `${name(event.seat)} made ${millions(event.profit)}, record-breaking profits, and is out of the game. To the discard pile: ${cardList(board, gone)}.`;
    }
    case 'ended': {
      const ending = event.ending ?? {};
      const winners = joinNames((ending.winners ?? []).map(name)).join('');
      const result = (ending.winners ?? []).length > 1 ? `${winners} share the victory` : `${winners} wins`;
      return `Game over. Ended by ${endName(board, ending.ended_by).toLowerCase()}, won by ${victoryName(board, ending.victory).toLowerCase()}: ${result}.`;
    }
    default:
      return event?.kind ? `(${String(event.kind).replaceAll('_', ' ')})` : null;
  }
}
