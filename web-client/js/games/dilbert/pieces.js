// The employees' pieces on the map: a circle in the employee's colour with
// their initial, on the space where they stand; several in one space
// spread over it, clear of the office's name; a knocked-down piece lies on
// its side. After a `moved` event the piece walks its path (unless the
// viewer prefers less motion).
// Tokens an employee carries are badges on their piece (tokens.js).

import { svg } from '../../dom.js';
import { t } from '../../i18n.js';
import { recentEvents } from './events.js';
import { CELL, pieceSlots, spaceCentre } from './geometry.js';
import { pieceTokenBadges } from './tokens.js';
import { employeeColour, employeeInitial, employeeName, spaceName, tokenName } from './words.js';

/** `labels`: where the office names are (geometry.js, `officeLabels`). */
export function renderPieces(ctx, labels) {
  const { board, view } = ctx;
  const bySpace = new Map();
  for (const p of view.players ?? []) {
    if (p.employee === null || p.employee === undefined || p.at === null || p.at === undefined) continue;
    if (!bySpace.has(p.at)) bySpace.set(p.at, []);
    bySpace.get(p.at).push(p);
  }
  const labelOf = new Map(labels.map((label) => [label.space, label]));
  const avoid = cubicleSquares(board);
  const pieces = [];
  for (const [at, players] of bySpace) {
    const slots = pieceSlots(board.spaces?.[at], players.length, { avoid, label: labelOf.get(at) });
    players.forEach((p, i) => pieces.push(piece(ctx, p, slots[i] ?? slots[0])));
  }
  return pieces;
}

/** The cubicles' squares: pieces stand elsewhere when there is room, so cubicles stay readable. */
function cubicleSquares(board) {
  return new Set((board.cubicles ?? []).map((c) => `${c.square[0]},${c.square[1]}`));
}

function piece(ctx, player, slot) {
  const { board, view } = ctx;
  const colour = employeeColour(board, player.employee);
  const name = employeeName(board, player.employee);
  const [x, y] = slot.at;
  const r = slot.r;
  const turn = view.stage?.stage === 'turn' && view.stage.seat === player.seat;
  const carried = (view.tokens ?? []).filter((t) => t.on === player.employee).map((t) => tokenName(board, t.token));
  const label = [
    t('{employee} ({player}) in {space}', { employee: name, player: ctx.names(player.seat), space: spaceName(board, player.at) }),
    player.knocked_down ? t(', knocked down') : '',
    carried.length ? t(', with {tokens}', { tokens: carried.join(t(' and ')) }) : '',
  ].join('');
  const ink = readableInk(colour);
  const initial = employeeInitial(board, player.employee);
  const size = initial.length > 1 ? 0.8 : 1.1;
  const body = player.knocked_down
    ? [
        svg('ellipse', { class: 'dl-piece-body', cx: 0, cy: 0, rx: r * 1.2, ry: r * 0.55, fill: colour }),
        svg('text', { class: 'dl-piece-initial', x: 0, y: 0, 'font-size': r * size * 0.8, fill: ink, transform: 'rotate(90)', 'text-anchor': 'middle', 'dominant-baseline': 'central' }, initial),
      ]
    : [
        svg('circle', { class: 'dl-piece-body', cx: 0, cy: 0, r, fill: colour }),
        svg('text', { class: 'dl-piece-initial', x: 0, y: 0, 'font-size': r * size, fill: ink, 'text-anchor': 'middle', 'dominant-baseline': 'central' }, initial),
      ];
  return svg(
    'g',
    {
      class: `dl-piece${player.knocked_down ? ' dl-piece-down' : ''}${turn ? ' dl-piece-turn' : ''}`,
      transform: `translate(${x} ${y})`,
      role: 'img',
      'aria-label': label,
      'data-seat': String(player.seat),
      'data-employee': player.employee,
      'data-at': String(player.at),
      'data-knocked-down': player.knocked_down ? 'true' : 'false',
      'data-x': String(x),
      'data-y': String(y),
    },
    svg('title', {}, label),
    turn ? svg('circle', { class: 'dl-piece-halo', cx: 0, cy: 0, r: r + CELL * 0.08 }) : null,
    body,
    pieceTokenBadges(ctx, player.employee, r),
  );
}

/** Black or white, whichever reads better on a #rrggbb colour. */
function readableInk(colour) {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour ?? '');
  if (!m) return '#ffffff';
  const [r, g, b] = m.slice(1).map((v) => parseInt(v, 16) / 255);
  const lum = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return lum > 0.55 ? '#111111' : '#ffffff';
}

const STEP_MS = 160;
const MAX_WALK_MS = 2400;

/**
 * Walks the pieces of this update's `moved` events along their paths, each
 * event once (`ui.walkedSeq` remembers the last one walked).
 */
export function walkPieces(ctx, root, ui) {
  const moves = recentEvents(ctx).filter((e) => e.kind === 'moved' && (e.seq ?? Infinity) > ui.walkedSeq);
  for (const e of moves) ui.walkedSeq = Math.max(ui.walkedSeq, e.seq ?? ui.walkedSeq);
  if (moves.length === 0 || reducedMotion()) return;
  for (const event of moves) {
    const el = root.querySelector(`.dl-piece[data-seat="${Number(event.seat)}"]`);
    const path = event.path ?? [];
    if (!el || path.length < 2 || typeof el.animate !== 'function') continue;
    const end = [Number(el.dataset.x), Number(el.dataset.y)];
    const points = path.slice(0, -1).map((s) => spaceCentre(ctx.board, s));
    points.push(end);
    const frames = points.map(([x, y]) => ({ transform: `translate(${x}px, ${y}px)` }));
    el.animate(frames, { duration: Math.min(MAX_WALK_MS, STEP_MS * (points.length - 1)), easing: 'linear' });
  }
}

export function reducedMotion() {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}
