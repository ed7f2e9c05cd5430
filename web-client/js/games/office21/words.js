// Office 21 in words: card names, profits, victory and end names, the
// congratulations, and the kinds of cards by id (remembered from the events,
// since a card may have left play before a log line names it).

import { joinNames } from '../../dom.js';

/** The board's entry for a card kind (a plain fallback if it is missing). */
export function cardInfo(board, kind) {
  return (
    board?.cards?.find((c) => c.card === kind) ?? {
      card: kind,
      name: String(kind ?? '?').toUpperCase(),
      profit: 0,
      effect: '',
    }
  );
}

export function cardName(board, kind) {
  return cardInfo(board, kind).name;
}

/** "a SALES", "an OPERATOR". */
export function aCard(board, kind) {
  const name = cardName(board, kind);
  return `${/^[AEIOU]/i.test(name) ? 'an' : 'a'} ${name}`;
}

/** "SPY, CLEANER and SALES" (kinds as the board names them). */
export function cardList(board, kinds) {
  if (!kinds || kinds.length === 0) return 'no cards';
  return joinNames(kinds.map((k) => cardName(board, k))).join('');
}

/** A profit in millions, as the wire sends it (17.5, 21, 0.5): "17.5 M". */
export function millions(profit) {
  const n = Number(profit);
  return `${Number.isFinite(n) ? String(n) : '?'} M`;
}

export function plural(n, one, many = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`;
}

export function humanize(id) {
  const text = String(id ?? '').replaceAll('_', ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function victoryName(board, victory) {
  return board?.victories?.find((v) => v.victory === victory)?.name ?? humanize(victory);
}

export function endName(board, endedBy) {
  return board?.ends?.find((e) => e.ended_by === endedBy)?.name ?? humanize(endedBy);
}

/** What the end screen says to the winner, in the project's own words. */
const CONGRATULATIONS = {
  industrial_espionage: 'Every spy in the building reports to you. The competition never saw it coming.',
  successful_operations: 'Exactly 21 million, held for a whole round: a model year. Keep the ship on this course.',
  creative_accounting: 'The auditors left with nothing to tax. Lean books, happy shareholders.',
  large_profits: 'A tough market and no one left to hire, yet your department still came out on top.',
  strategic_management: 'Everyone else outgrew the company. You are the last manager standing: it is all yours.',
};

export function congratulation(board, victory) {
  return board?.victories?.find((v) => v.victory === victory)?.congratulation ?? CONGRATULATIONS[victory] ?? 'Congratulations!';
}

export const TIE_BREAK_TEXT = {
  fewest_cards: 'Tied for the lowest profit: the fewest cards in the office decided.',
  highest_card: 'Tied on profit and cards: the highest single card decided.',
  reached_first: 'Tied on profit: whoever reached it first won.',
  shared: 'Still tied after every tie-break: the victory is shared.',
};

/** Card kinds by id, learned from the events (a card may have left play since). */
const knownCards = new Map();

/** A new table: forget the cards of the last one. */
export function forgetCards() {
  knownCards.clear();
}

export function learn(card) {
  if (card && card.id !== undefined && card.card) knownCards.set(card.id, card.card);
}

export function kindOfId(view, id) {
  for (const p of view?.players ?? []) {
    const found = p.office.find((c) => c.id === id);
    if (found) return found.card;
  }
  return knownCards.get(id) ?? null;
}

export function possessive(name) {
  return `${name}\u2019s`;
}
