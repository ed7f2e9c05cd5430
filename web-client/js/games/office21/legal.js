// The viewer's legal actions, indexed by what they name, and the decision
// the table is waiting for. Nothing here computes a rule: a control exists
// exactly when the server listed its action.

import { kindOfId } from './words.js';

/** The legal actions, indexed by what they name. */
export function indexLegal(legal) {
  const index = {
    choose: new Map(),
    play: new Map(),
    onCard: new Map(),
    look: new Map(),
    discard: new Map(),
    keep: null,
    ret: null,
    count: 0,
  };
  for (const action of legal ?? []) {
    index.count += 1;
    switch (action?.kind) {
      case 'choose':
        index.choose.set(action.card, action);
        break;
      case 'play':
        index.play.set(action.card, action);
        break;
      case 'love':
      case 'remove':
      case 'take_back':
      case 'swap':
        index.onCard.set(action.card, action);
        break;
      case 'look':
        index.look.set(action.seat, action);
        break;
      case 'discard':
        index.discard.set(action.card, action);
        break;
      case 'keep':
        index.keep = action;
        break;
      case 'return':
        index.ret = action;
        break;
      default:
        break;
    }
  }
  return index;
}

/** Whose decision it is and what about, for the banner and the prompt. */
export function decisionOf(view) {
  const stage = view.stage ?? {};
  if (stage.stage === 'turn') return { seat: stage.seat, ...stage.decision };
  if (stage.stage === 'set_up' && stage.love) return { seat: stage.love.seat, decision: 'love', choice: stage.love };
  return null;
}

/** The decision's own card, so the page can say "your CLEANER". */
export function decidingCard(view, decision) {
  if (!decision) return null;
  const id = decision.decision === 'love' ? decision.choice?.card : decision.card;
  return id === undefined ? null : kindOfId(view, id);
}

/** Public options of a decision (card ids), to mark them for everyone. */
export function publicOptions(decision) {
  if (!decision) return new Set();
  if (decision.decision === 'love') return new Set(decision.choice?.options ?? []);
  if (['cleaner', 'assistant', 'sales'].includes(decision.decision)) return new Set(decision.options ?? []);
  return new Set();
}

/** How an office card's button reads, by the legal action it carries (English: look the words up with t()). */
export const LEGAL_VERB = {
  love: 'Choose',
  remove: 'Remove',
  take_back: 'Take back',
  swap: 'Swap for',
};

/** The short tag a legal card shows (CSS draws it from `data-verb`). */
export const CARD_TAG = {
  choose: 'choose',
  play: 'play',
  love: 'choose',
  remove: 'remove',
  take_back: 'take back',
  swap: 'take',
  discard: 'discard',
};
