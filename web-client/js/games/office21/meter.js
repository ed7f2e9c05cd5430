// An office's profit meter (issue 14, "a face"): a bar toward the target
// (21 M), the target marked, exactly 21 shown as reached and anything over
// it as bust (record-breaking profits: out of the game). Read by assistive
// technology as a meter whose value is the profit.

import { h } from '../../dom.js';
import { t } from '../../i18n.js';
import { millions } from './words.js';

// The bar runs a little past the target, so that a bust shows as over it.
const HEADROOM = 3;

/** 'under' | 'at' | 'over' the target (an eliminated player is over: out). */
export function meterState(profit, target, eliminated = false) {
  if (profit > target || eliminated) return 'over';
  return profit === target ? 'at' : 'under';
}

export function profitMeter(profit, target = 21, { eliminated = false } = {}) {
  const value = Number(profit) || 0;
  const goal = Number(target) || 21;
  const state = meterState(value, goal, eliminated);
  const scale = goal + HEADROOM;
  const words = { profit: millions(value), target: millions(goal) };
  let text = t('{profit} of {target}', words);
  if (state === 'at') text = t('{profit}: exactly {target}', words);
  if (state === 'over') text = value > goal ? t('{profit}: over {target}, out of the game', words) : t('{profit}: out of the game', words);

  const fill = h('span', { class: 'o21-meter-fill' });
  fill.style.width = `${(Math.min(value, scale) / scale) * 100}%`;
  const mark = h('span', { class: 'o21-meter-mark', 'aria-hidden': 'true' }, String(goal));
  mark.style.left = `${(goal / scale) * 100}%`;
  return h(
    'div',
    {
      class: 'o21-meter',
      role: 'meter',
      'aria-label': t('Profit toward {target}', words),
      'aria-valuemin': '0',
      // A bust goes past the target: the range grows with it (a meter's value stays inside its range).
      'aria-valuemax': String(Math.max(goal, value)),
      'aria-valuenow': String(value),
      'aria-valuetext': text,
      'data-state': state,
      'data-testid': 'profit-meter',
    },
    h('span', { class: 'o21-meter-track' }, fill),
    mark,
  );
}
