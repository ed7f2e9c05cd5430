// The time left in a prompt whose step closes by itself (the real-life
// question, the call-out). The room sends the step's deadline the way it
// does for the pocket-change question, and the status bar above the table
// counts it down for every game (js/frame.js); when the room also hands
// the table that deadline (`ctx.deadlineAt`, epoch milliseconds), the
// prompt repeats it beside the buttons. Without it, the prompt points up
// to the status bar instead of guessing a time.

import { h } from '../../dom.js';
import { t } from '../../i18n.js';

function deadlineOf(ctx) {
  const at = ctx.deadlineAt;
  return typeof at === 'number' && Number.isFinite(at) ? at : null;
}

/** "Time left: 0:27" or "Time is up." */
function timeLeft(at) {
  const left = Math.max(0, Math.ceil((at - Date.now()) / 1000));
  if (left === 0) return t('Time is up.');
  return t('Time left: {time}', { time: `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}` });
}

export function renderCountdown(ctx) {
  const at = deadlineOf(ctx);
  if (at === null) {
    return h('p', { class: 'dl-countdown hint', 'data-testid': 'countdown' }, t('This closes by itself: the time left is in the status bar above the table.'));
  }
  return h('p', { class: 'dl-countdown', 'data-testid': 'countdown', 'data-deadline': String(at) }, timeLeft(at));
}

/** Keeps the countdowns drawn in `root` ticking until the next render (call after every render). */
export function tickCountdowns(root, ui) {
  clearInterval(ui.countdownTimer);
  ui.countdownTimer = null;
  const shown = [...root.querySelectorAll('.dl-countdown[data-deadline]')];
  if (shown.length === 0) return;
  ui.countdownTimer = setInterval(() => {
    for (const el of shown) el.textContent = timeLeft(Number(el.dataset.deadline));
  }, 1000);
}
