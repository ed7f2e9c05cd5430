// Dilbert: The Board Game in the browser: the renderer the room page loads
// for this game (see js/games/registry.js for the interface).
//
// The server computes every rule. What is clickable comes only from the
// viewer's legal actions, and a click sends the action object unchanged
// (`data-action` holds it, for tests). Secrets appear only as the view
// and the events carry them: the viewer's hand, the Human Resources peek,
// a hand an Information Services roll showed, memo ids in the viewer's
// own log lines.
//
// One module per job: table.js (layout), prompt.js (banner and prompt),
// chooser.js (a memo's target), fasttrack.js (Management Fast Track: its
// banner, the loaded die, the call-out form), countdown.js (time left),
// actions.js (an action in words, as a button), map.js, geometry.js,
// pieces.js and tokens.js (the office map), track.js (happiness), dice.js,
// employees.js, projects.js, hand.js, recent.js (the out tray),
// reference.js and reference-cards.js (the card reference), on-use.js (what
// loads when first needed), texts.js (texts a consultant hides), moment.js
// (a performance), events.js (an update's events, to animate), legal.js
// (the legal actions indexed), words.js (names), log.js (log lines),
// ending.js (end details).

import { t } from '../../i18n.js';
import { describeEnding } from './ending.js';
import { describeEvent } from './log.js';
import { DilbertTable } from './table.js';

/** The seats not yet marked true in a by-seat list of flags. */
function pending(flags) {
  return (flags ?? []).map((done, seat) => (done ? null : seat)).filter((seat) => seat !== null);
}

export const renderer = {
  id: 'dilbert',

  createTable(container) {
    return new DilbertTable(container);
  },

  activeSeats(view) {
    const stage = view?.stage;
    if (!stage || view.ending) return [];
    switch (stage.stage) {
      case 'vote':
        return pending(stage.voted);
      case 'pick':
        return [stage.seat];
      case 'turn': {
        const step = stage.step ?? {};
        if (step.step === 'discard') return [...(step.waiting ?? [])];
        if (step.step === 'question') return pending(step.answered);
        if (step.step === 'call_out') return pending(step.answered).filter((seat) => seat !== step.cheater);
        return [stage.seat];
      }
      default:
        return [];
    }
  },

  turnSeat(view) {
    return view?.stage?.stage === 'turn' && !view.ending ? view.stage.seat : null;
  },

  describeEvent,
  describeEnding,

  endYouLine(won) {
    return won ? t('The happiest employee in the building. Don\u2019t let anyone see you smiling.') : t('Not this time. Back to your cubicle.');
  },
};
