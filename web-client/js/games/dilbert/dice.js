// The die: the last roll's face, with what it was for. A `rolled` event in
// this update makes it tumble for a moment before it settles on the
// rolled value (no tumbling for viewers who prefer less motion).

import { h, replace, svg } from '../../dom.js';
import { t } from '../../i18n.js';
import { recentEvents } from './events.js';
import { reducedMotion } from './pieces.js';
import { officeName, phrase } from './words.js';

const PIPS = {
  1: [[15, 15]],
  2: [[8, 8], [22, 22]],
  3: [[8, 8], [15, 15], [22, 22]],
  4: [[8, 8], [22, 8], [8, 22], [22, 22]],
  5: [[8, 8], [22, 8], [15, 15], [8, 22], [22, 22]],
  6: [[8, 8], [22, 8], [8, 15], [22, 15], [8, 22], [22, 22]],
};

const TUMBLE_MS = 700;
const FACE_MS = 90;

export function renderDie(ctx) {
  const roll = ctx.view.last_roll;
  if (!roll) return null;
  const pips = svg('g', { class: 'dl-pips' }, face(roll.value));
  const die = svg(
    'svg',
    { class: 'dl-die', viewBox: '0 0 30 30', role: 'img', 'aria-label': t('Die showing {value}', { value: roll.value }), 'data-value': String(roll.value) },
    svg('rect', { x: 1, y: 1, width: 28, height: 28, rx: 5, class: 'dl-die-face' }),
    pips,
  );
  const parts = { value: h('strong', {}, String(roll.value)), name: h('bdi', { translate: 'no' }, ctx.names(roll.seat)), office: roll.office ? officeName(ctx.board, roll.office) : '' };
  const text = roll.office ? phrase('Last roll: {value} by {name} on the {office} chart.', parts) : phrase('Last roll: {value} by {name} to run.', parts);
  return h('div', { class: 'dl-roll', 'data-testid': 'die', 'data-value': String(roll.value) }, die, h('p', { class: 'dl-roll-text' }, text));
}

function face(value) {
  return (PIPS[value] ?? []).map(([cx, cy]) => svg('circle', { cx, cy, r: 2.8 }));
}

/** Tumbles the die for this update's `rolled` event (each roll once). */
export function rollDie(ctx, root, ui) {
  const rolls = recentEvents(ctx).filter((e) => e.kind === 'rolled' && (e.seq ?? Infinity) > ui.rolledSeq);
  for (const e of rolls) ui.rolledSeq = Math.max(ui.rolledSeq, e.seq ?? ui.rolledSeq);
  const die = root.querySelector('.dl-die');
  if (rolls.length === 0 || !die || reducedMotion()) return;
  const final = Number(die.dataset.value);
  const pips = die.querySelector('.dl-pips');
  die.classList.add('dl-die-rolling');
  let shown = final;
  const timer = setInterval(() => {
    shown = (shown % 6) + 1 + Math.floor(Math.random() * 4);
    shown = ((shown - 1) % 6) + 1;
    replace(pips, face(shown));
  }, FACE_MS);
  setTimeout(() => {
    clearInterval(timer);
    replace(pips, face(final));
    die.classList.remove('dl-die-rolling');
  }, TUMBLE_MS);
}
