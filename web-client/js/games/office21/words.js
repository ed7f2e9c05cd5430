// Office 21 in words: card names, profits, victory and end names, the
// congratulations, and the kinds of cards by id (remembered from the events,
// since a card may have left play before a log line names it).

import { joinNames } from '../../dom.js';
import { t } from '../../i18n.js';

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

/** What a card does, in the page's language (the board says it in English). */
export function cardEffect(board, kind) {
  const effect = cardInfo(board, kind).effect;
  return effect ? t(effect) : '';
}

/** "a SALES", "an OPERATOR". */
export function aCard(board, kind) {
  const card = cardName(board, kind);
  return t(/^[AEIOU]/i.test(card) ? 'an {card}' : 'a {card}', { card });
}

/** "Aki", "Aki and Ben", "Aki, Ben and Chie" (names or card names, as one string). */
export function listOf(items) {
  return joinNames(items).join('');
}

/** "SPY, CLEANER and SALES" (kinds as the board names them). */
export function cardList(board, kinds) {
  if (!kinds || kinds.length === 0) return t('no cards');
  return listOf(kinds.map((k) => cardName(board, k)));
}

/** A profit in millions, as the wire sends it (17.5, 21, 0.5): "17.5 M". */
export function millions(profit) {
  const n = Number(profit);
  return `${Number.isFinite(n) ? String(n) : '?'} M`;
}

/** "1 card", "3 cards": each form is its own entry ('{n} card', '{n} cards'). */
export function plural(n, one, many = `${one}s`) {
  return t(`{n} ${n === 1 ? one : many}`, { n });
}

export function humanize(id) {
  const text = String(id ?? '').replaceAll('_', ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function victoryName(board, victory) {
  return t(board?.victories?.find((v) => v.victory === victory)?.name ?? humanize(victory));
}

export function endName(board, endedBy) {
  return t(board?.ends?.find((e) => e.ended_by === endedBy)?.name ?? humanize(endedBy));
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
  return t(board?.victories?.find((v) => v.victory === victory)?.congratulation ?? CONGRATULATIONS[victory] ?? 'Congratulations!');
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

/** "Ben’s" ("{name}’s" in the dictionary). */
export function possessive(name) {
  return t('{name}\u2019s', { name });
}
