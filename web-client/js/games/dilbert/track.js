// The happiness track, -27 to 27: the Boss below the line, every
// employee's token above it (tokens close together stack up), and how far
// the Boss moves this round when a memo changed it from the usual 3.

import { h, svg } from '../../dom.js';
import { t } from '../../i18n.js';
import { employeeColour, employeeInitial, employeeName } from './words.js';

const MIN = -27;
const MAX = 27;
const UNIT = 10;
/**
 * The room left and right of the line: a number is centred on its tick, and
 * the widest, "-27" at the left end, is about 27 units wide (a narrower
 * margin cut its minus off, so it read as 27). A token at either end fits too.
 */
const MARGIN = 2 * UNIT;
// Sizes in the track's units: a 360 px phone draws its 580 units in about
// 320 px (so a 16-unit number, css/dilbert.css, is 9 px tall), a wide
// screen at most 40rem wide, about 18 px.
const R = 10;
/** Half the Boss's marker's width, and its height. */
const BOSS_HALF = 6;
const BOSS_HEIGHT = 10;
/**
 * The Boss's marker hangs below the line, among the scale's numbers: a
 * number nearer to it than this (half the marker, half a number, a gap)
 * is left out rather than drawn under it; the heading says where the Boss is.
 */
const BOSS_CLEARANCE = 20;
/** How far the Boss moves at the end of a round unless a memo says otherwise (the view always sends it). */
const USUAL_BOSS_STEP = 3;

export function renderTrack(ctx) {
  const { board, view } = ctx;
  const xOf = (v) => (Math.max(MIN, Math.min(MAX, Number(v))) - MIN) * UNIT + MARGIN;
  const players = (view.players ?? []).filter((p) => p.employee);
  const markers = stack(players.map((p) => ({ p, x: xOf(p.happiness) })));
  const rows = markers.reduce((m, k) => Math.max(m, k.row + 1), 1);
  const lineY = rows * (2 * R + 2) + 4;
  const height = lineY + 43;
  const width = (MAX - MIN) * UNIT + 2 * MARGIN;
  const summary = [
    t('Boss at {n}', { n: view.boss }),
    ...players.map((p) => t('{employee} ({player}) at {n}', { employee: employeeName(board, p.employee), player: ctx.names(p.seat), n: p.happiness })),
  ].join(t('; '));
  const bossX = xOf(view.boss);
  const ticks = [];
  for (let v = MIN; v <= MAX; v += 1) {
    const big = v % 9 === 0;
    ticks.push(svg('line', { class: big ? 'dl-tick dl-tick-big' : 'dl-tick', x1: xOf(v), x2: xOf(v), y1: lineY - (big ? 5 : 3), y2: lineY + (big ? 5 : 3) }));
    if (big && Math.abs(xOf(v) - bossX) >= BOSS_CLEARANCE) {
      ticks.push(svg('text', { class: 'dl-tick-label', x: xOf(v), y: lineY + 18, 'text-anchor': 'middle' }, String(v)));
    }
  }
  // "Boss" under its marker, kept inside the track at either end (it starts at 27).
  const bossAnchor = bossX > xOf(MAX) - 2 * UNIT ? 'end' : bossX < xOf(MIN) + 2 * UNIT ? 'start' : 'middle';
  const bossTextX = bossAnchor === 'end' ? bossX + BOSS_HALF : bossAnchor === 'start' ? bossX - BOSS_HALF : bossX;
  return h(
    'section',
    { class: 'dl-track-panel', 'aria-label': t('Happiness track') },
    h(
      'h3',
      {},
      t('Happiness '),
      h('span', { class: 'hint' }, t('({boss})', { boss: t('Boss at {n}', { n: view.boss }) })),
      bossStepNote(view.boss_step),
    ),
    svg(
      'svg',
      { class: 'dl-track', viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-label': t('Happiness track: {summary}', { summary }), 'data-testid': 'track' },
      svg('line', { class: 'dl-track-line', x1: xOf(MIN), x2: xOf(MAX), y1: lineY, y2: lineY }),
      ticks,
      svg(
        'g',
        { class: 'dl-boss', 'data-boss': String(view.boss) },
        svg('path', { d: `M${bossX} ${lineY + 3} l${-BOSS_HALF} ${BOSS_HEIGHT} h${2 * BOSS_HALF} z` }),
        svg('text', { x: bossTextX, y: lineY + 38, 'text-anchor': bossAnchor, class: 'dl-boss-text' }, t('Boss')),
      ),
      markers.map(({ p, x, row }) => {
        const y = lineY - R - 3 - row * (2 * R + 2);
        return svg(
          'g',
          { class: 'dl-track-token', 'data-employee': p.employee, 'data-happiness': String(p.happiness) },
          svg('circle', { cx: x, cy: y, r: R, fill: employeeColour(board, p.employee) }),
          svg('text', { x, y: y + 4.5, 'text-anchor': 'middle', class: 'dl-track-initial' }, employeeInitial(board, p.employee)),
        );
      }),
    ),
  );
}

/** "moves 2 this round" beside the title, when the Boss's step is not the usual 3. */
function bossStepNote(step) {
  if (step === undefined || step === null || Number(step) === USUAL_BOSS_STEP) return null;
  return h('span', { class: 'badge dl-boss-step', 'data-testid': 'boss-step', 'data-step': String(step) }, t('Boss moves {n} this round', { n: step }));
}

/** Gives each marker the lowest row where it does not overlap another. */
function stack(markers) {
  const ends = [];
  return [...markers]
    .sort((a, b) => a.x - b.x)
    .map((m) => {
      let row = ends.findIndex((end) => end <= m.x - 2 * R);
      if (row < 0) row = ends.length;
      ends[row] = m.x;
      return { ...m, row };
    });
}
