// Office 21 in the browser: the renderer the room page loads for this game
// (see js/games/registry.js for the interface).
//
// What is clickable comes only from the server's legal actions: a control
// is a button exactly when a legal action names it, and clicking it sends
// that action as the server wrote it (`data-action` holds it, for tests).
// Cards in hand are named by kind, cards in play by id, players by seat.
// Secrets are shown only as the view and the events carry them: the
// OPERATOR's card and the DIRECTOR's look (`view.secret`) while deciding,
// the known top card (`view.pile_top`), and the viewer's own log lines.
// Nothing here computes a rule; where the table explains why a card
// cannot be played, it is because the legal actions left it out.
//
// One module per job: table.js (layout), prompt.js (banner and prompt),
// offices.js, hand.js, status.js (piles, audit), cards.js (one card),
// legal.js (the legal actions indexed), words.js (names), log.js (log
// lines), ending.js (end details).

import { t } from '../../i18n.js';
import { describeEnding } from './ending.js';
import { describeEvent } from './log.js';
import { Office21Table } from './table.js';
import { forgetCards } from './words.js';

export const renderer = {
  id: 'office21',

  createTable(container) {
    forgetCards();
    return new Office21Table(container);
  },

  activeSeats(view) {
    const stage = view?.stage;
    if (!stage || view.ending) return [];
    if (stage.stage === 'set_up') return stage.love ? [stage.love.seat] : stage.waiting ?? [];
    if (stage.stage === 'turn') return [stage.seat];
    return [];
  },

  turnSeat(view) {
    return view?.stage?.stage === 'turn' && !view.ending ? view.stage.seat : null;
  },

  describeEvent,
  describeEnding,

  // "Since your last turn" (js/recap.js) leaves these out: the lines around them say it.
  recapSkip: ['turn_began'],

  endYouLine(won) {
    return won ? t('Well done: the company is yours to run.') : t('Not this time. There is always next quarter.');
  },
};
