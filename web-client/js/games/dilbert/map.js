// The office map as one SVG: squares (each office in its colour), red
// walls, doors, office names, the six cubicles (in their owner's colour
// once claimed), memo tokens (tokens.js), the pieces, and the spaces the
// viewer may choose as focusable buttons: where a legal `move` goes, or,
// while a memo waits for its target (chooser.js), the spaces its legal
// plays name. The SVG's viewBox scales it to the width of the table; the
// zoom buttons widen it inside a scrolling box.

import { h, svg } from '../../dom.js';
import { t } from '../../i18n.js';
import { actionLabel } from './actions.js';
import { spaceTargets } from './chooser.js';
import { CELL, LINE_HEIGHT, centralSquare, edgeLine, officeLabels, outlineEdges, spaceCentre } from './geometry.js';
import { actionKey } from './legal.js';
import { renderPieces } from './pieces.js';
import { drawSpaceTokens, renderTokenList } from './tokens.js';
import { cubicleValue, employeeColour, officeCards, signed } from './words.js';

export const ZOOMS = [1, 1.5, 2, 3];

/**
 * A square drawn smaller than this (CSS pixels, about a fingertip) is too
 * small to be sure which one a finger hit: a tap on it only chooses it,
 * and the move goes once confirmed (a tap on a neighbour by mistake would
 * otherwise move the piece there for good). At 375 px a square is 15.
 */
const FINGERTIP_PX = 32;

export function renderMap(ctx, legal, ui) {
  const { board } = ctx;
  // A tap whose move is no longer offered is forgotten by the prompt, drawn
  // first (prompt.js, `tappedSpot`); a square is marked only if it is offered.
  const spots = spaceTargets(legal, ui);
  const labels = officeLabels(board, officeCards(board));
  const width = (board.width ?? 1) * CELL;
  const height = (board.height ?? 1) * CELL;
  const map = svg(
    'svg',
    {
      class: 'dl-map',
      viewBox: `-2 -2 ${width + 4} ${height + 4}`,
      role: 'group',
      'aria-label': t('The office map'),
      'data-testid': 'map',
    },
    svg('g', { class: 'dl-squares', 'aria-hidden': 'true' }, drawSquares(board)),
    svg('g', { class: 'dl-outline', 'aria-hidden': 'true' }, outlineEdges(board).map(line)),
    svg('g', { class: 'dl-walls', 'aria-hidden': 'true' }, (board.walls ?? []).map((w) => line(edgeLine(w)))),
    svg('g', { class: 'dl-doors', 'aria-hidden': 'true' }, (board.doors ?? []).map(door)),
    svg('g', { class: 'dl-cubicles' }, drawCubicles(ctx)),
    svg('g', { class: 'dl-labels', 'aria-hidden': 'true' }, drawLabels(labels)),
    svg('g', { class: 'dl-tokens' }, drawSpaceTokens(ctx)),
    svg('g', { class: 'dl-pieces' }, renderPieces(ctx, labels)),
    svg(
      'g',
      { class: 'dl-targets', role: 'group', 'aria-label': spots.length > 0 ? t('Spaces you can choose (the arrow keys go from one to the next)') : undefined },
      drawTargets(ctx, spots, ui),
    ),
  );
  map.style.width = `${ZOOMS[ui.zoom] * 100}%`;
  return h(
    'section',
    { class: 'dl-map-panel', id: 'dl-map', tabindex: '-1', 'aria-label': t('Office map') },
    h(
      'div',
      { class: 'dl-map-tools' },
      h('h3', { class: 'dl-map-title' }, t('The office')),
      zoomButton(ui, 'zoom-out', '\u2212', t('Zoom out'), ui.zoom > 0 ? ui.zoom - 1 : null),
      zoomButton(ui, 'zoom-in', '+', t('Zoom in'), ui.zoom < ZOOMS.length - 1 ? ui.zoom + 1 : null),
      zoomButton(ui, 'zoom-fit', t('Fit'), t('Fit the map to the width'), ui.zoom !== 0 ? 0 : null),
    ),
    h('div', { class: 'dl-map-scroll', 'data-testid': 'map-scroll' }, map),
    renderTokenList(ctx),
  );
}

/**
 * The spot (`{action, space}`) a finger tapped and has not confirmed yet, or
 * null; forgets a tap whose action is no longer offered.
 */
export function tappedSpot(legal, ui) {
  const spot = ui.tapped === null ? null : spaceTargets(legal, ui).find((s) => actionKey(s.action) === ui.tapped) ?? null;
  if (!spot) ui.tapped = null;
  return spot;
}

/**
 * What a tap on a small square chose, with the buttons that send it or let
 * it go. It takes the prompt's place in the dock (prompt.js), so the map
 * stays where it was, the tapped square marked on it, and the buttons are
 * where the viewer's decisions always are.
 */
export function renderTapConfirm(ctx, ui, action) {
  const label = actionLabel(action, ctx);
  return h(
    'section',
    {
      class: 'dl-prompt dl-map-confirm',
      'data-testid': 'tap-confirm',
      // Pinned under the status bar (js/frame.js, "the dock"), as the prompt it replaces.
      'data-dock': '',
      tabindex: '-1',
      'aria-label': t('The square you tapped'),
    },
    h('p', {}, label),
    h('button', { type: 'button', class: 'primary', 'data-key': 'map-confirm', disabled: ctx.busy, onclick: () => send(ctx, ui, action) }, t('Confirm')),
    h(
      'button',
      {
        type: 'button',
        'data-key': 'map-cancel',
        onclick: () => {
          ui.tapped = null;
          ui.redraw();
        },
      },
      t('Cancel'),
    ),
  );
}

function send(ctx, ui, action) {
  if (ctx.busy) return;
  ui.tapped = null;
  ctx.act(action);
}

/** Whether `target`'s squares are drawn smaller than a fingertip. */
function smallerThanFingertip(target) {
  const hit = target.querySelector('.dl-target-hit')?.getBoundingClientRect();
  return Boolean(hit) && Math.min(hit.width, hit.height) < FINGERTIP_PX;
}

function zoomButton(ui, key, text, label, next) {
  return h(
    'button',
    {
      type: 'button',
      class: 'small dl-zoom',
      'data-key': key,
      'aria-label': label,
      title: label,
      disabled: next === null,
      onclick: () => ui.setZoom(next),
    },
    text,
  );
}

function line([x1, y1, x2, y2]) {
  return svg('line', { x1, y1, x2, y2 });
}

/** A door: a short stroke across the middle of its edge. */
function door(edge) {
  const [x1, y1, x2, y2] = edgeLine(edge);
  const mx = (x1 + x2) / 2;
  const my = (y1 + y2) / 2;
  const q = CELL * 0.3;
  return edge.side === 'right' ? line([mx, my - q, mx, my + q]) : line([mx - q, my, mx + q, my]);
}

function drawSquares(board) {
  const out = [];
  for (const space of board.spaces ?? []) {
    const cls = space.office ? `dl-sq dl-sq-office dl-o-${space.office.replaceAll('_', '-')}` : 'dl-sq dl-sq-hall';
    for (const [x, y] of space.squares) {
      out.push(svg('rect', { class: cls, x: x * CELL, y: y * CELL, width: CELL, height: CELL, 'data-space': String(space.id) }));
    }
  }
  return out;
}

/** Office names along the top of each office, in the page's language (placed by `officeLabels`). */
function drawLabels(labels) {
  return labels.map(({ space, x, y, size, lines }) =>
    svg(
      'text',
      { class: 'dl-label', 'data-space': String(space), x, y, 'text-anchor': 'middle', 'font-size': size.toFixed(2) },
      lines.map((text, i) => svg('tspan', { x, dy: i === 0 ? 0 : (size * LINE_HEIGHT).toFixed(2) }, text)),
    ),
  );
}

function drawCubicles(ctx) {
  const { board, view } = ctx;
  return (board.cubicles ?? []).map((c) => {
    const owner = view.players.find((p) => p.cubicle === c.rank && p.employee);
    const [x, y] = c.square;
    const name = owner ? ctx.names(owner.seat) : null;
    const params = { rank: c.rank, value: signed(c.value), name };
    const label = owner ? t('Cubicle {rank} ({value}), {name}\u2019s', params) : t('Cubicle {rank} ({value}), unclaimed', params);
    return svg(
      'g',
      { class: `dl-cubicle${owner ? ' dl-cubicle-claimed' : ''}`, role: 'img', 'aria-label': label, 'data-rank': String(c.rank) },
      svg('title', {}, label),
      svg('rect', {
        x: x * CELL + 1,
        y: y * CELL + 1,
        width: CELL - 2,
        height: CELL - 2,
        rx: 1,
        fill: owner ? employeeColour(board, owner.employee) : '#ffffff',
      }),
      svg('text', { class: 'dl-cubicle-text', x: x * CELL + CELL / 2, y: y * CELL + CELL * 0.45, 'text-anchor': 'middle' }, `#${c.rank}`),
      svg('text', { class: 'dl-cubicle-text', x: x * CELL + CELL / 2, y: y * CELL + CELL * 0.8, 'text-anchor': 'middle' }, signed(cubicleValue(board, c.rank) ?? c.value)),
    );
  });
}

/**
 * One focusable button per space the viewer may choose: `{action, space}`
 * pairs. A mouse click or a key sends at once; a finger's tap on a square
 * smaller than a fingertip chooses it first (`renderTapConfirm`), and a second
 * tap on the same square sends.
 *
 * The buttons are one stop for Tab (a roving tabindex): a walk of ten offers
 * up to a hundred squares, which Tab would otherwise have to cross to reach
 * the hand. The arrow keys go to the nearest button in their direction, Home
 * and End to the first and last in reading order.
 */
function drawTargets(ctx, spots, ui) {
  const { board } = ctx;
  const sorted = [...spots].sort((a, b) => orderOf(board, a.space) - orderOf(board, b.space));
  const stop = tabStop(ctx, sorted, ui);
  return sorted.map(({ action, space: id }) => {
    const space = board.spaces?.[id];
    if (!space) return null;
    const label = actionLabel(action, ctx);
    const key = actionKey(action);
    const activate = (e) => {
      if (ctx.busy) return;
      if (e?.pointerType === 'touch' && ui.tapped !== key && smallerThanFingertip(e.currentTarget)) {
        ui.tapped = key;
        ui.focusNext = '[data-key="map-confirm"]';
        ui.redraw();
        return;
      }
      send(ctx, ui, action);
    };
    const picked = ui.tapped === key;
    return svg(
      'g',
      {
        class: `dl-target${space.office ? ' dl-target-office' : ''}${action.type === 'play' ? ' dl-target-play' : ''}${picked ? ' dl-target-tapped' : ''}`,
        role: 'button',
        tabindex: key === stop ? '0' : '-1',
        'aria-label': label,
        'aria-disabled': ctx.busy ? 'true' : undefined,
        'data-key': key,
        'data-legal': action.type,
        'data-action': JSON.stringify(action),
        'data-space': String(id),
        onclick: activate,
        onfocus: (e) => makeTabStop(e.currentTarget, ui),
        onkeydown: (e) => {
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            send(ctx, ui, action);
            return;
          }
          // Alt+Left is the browser's Back, Ctrl+Home the page's top: theirs.
          const next = e.altKey || e.ctrlKey || e.metaKey ? null : nextTarget(board, e.currentTarget, e.key);
          if (next) {
            e.preventDefault();
            next.focus();
          }
        },
      },
      svg('title', {}, label),
      // The whole squares take the click (the drawn ones are inset: an office's gaps would not).
      space.squares.map(([x, y]) => svg('rect', { class: 'dl-target-hit', x: x * CELL, y: y * CELL, width: CELL, height: CELL })),
      space.squares.map(([x, y]) => svg('rect', { x: x * CELL + 0.8, y: y * CELL + 0.8, width: CELL - 1.6, height: CELL - 1.6, rx: 1.5 })),
    );
  });
}

/**
 * The key of the button Tab lands on: the one last focused while it is still
 * offered, else the one nearest the viewer's piece (their own square when
 * staying is offered), else the first.
 */
function tabStop(ctx, sorted, ui) {
  const keys = sorted.map((s) => actionKey(s.action));
  if (keys.includes(ui.mapStop)) return ui.mapStop;
  const at = ctx.view?.players?.find((p) => p.seat === ctx.seat)?.at;
  if (at === null || at === undefined || sorted.length === 0) return keys[0] ?? null;
  const [px, py] = spaceCentre(ctx.board, at);
  const distance = (s) => {
    const [x, y] = spaceCentre(ctx.board, s.space);
    return Math.hypot(x - px, y - py);
  };
  const nearest = sorted.reduce((best, s) => (distance(s) < distance(best) ? s : best));
  return actionKey(nearest.action);
}

function makeTabStop(target, ui) {
  for (const other of target.parentNode?.querySelectorAll('.dl-target') ?? []) other.setAttribute('tabindex', other === target ? '0' : '-1');
  ui.mapStop = target.dataset.key;
}

const DIRECTIONS = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] };

/**
 * The button an arrow key goes to from `from`: of those ahead in its
 * direction, the nearest, a step aside counting twice a step ahead (so that
 * Right stays on the row when it can). Home and End: the first and the last.
 */
function nextTarget(board, from, key) {
  const all = [...(from.parentNode?.querySelectorAll('.dl-target') ?? [])];
  if (key === 'Home') return all[0] ?? null;
  if (key === 'End') return all.at(-1) ?? null;
  const direction = DIRECTIONS[key];
  if (!direction) return null;
  const [fx, fy] = spaceCentre(board, Number(from.dataset.space));
  let best = null;
  let bestScore = Infinity;
  for (const target of all) {
    const [x, y] = spaceCentre(board, Number(target.dataset.space));
    const ahead = (x - fx) * direction[0] + (y - fy) * direction[1];
    if (ahead <= 0) continue;
    const aside = Math.abs((x - fx) * direction[1] - (y - fy) * direction[0]);
    const score = ahead + 2 * aside;
    if (score < bestScore) {
      best = target;
      bestScore = score;
    }
  }
  return best;
}

/** Reading order (top to bottom, left to right): the buttons' order, for Home and End and a screen reader's list. */
function orderOf(board, spaceId) {
  const [x, y] = centralSquare(board.spaces?.[spaceId]);
  return y * 1000 + x;
}
