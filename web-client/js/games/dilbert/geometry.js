// Where things are drawn on the office map, in SVG user units: one square
// is `CELL` units. Spaces are centred on the middle of their squares;
// pieces sharing a space spread over its squares. Office names go along
// the top of their office, centred, shrunk to fit a narrow one, on two
// lines at most; pieces keep clear of them, so that a piece standing in a
// small office never hides its name.

export const CELL = 10;

/** The middle of square [x, y]. */
export function squareCentre([x, y]) {
  return [x * CELL + CELL / 2, y * CELL + CELL / 2];
}

/** The square of a space nearest the middle of its squares (where its label and first piece go). */
export function centralSquare(space) {
  const squares = space?.squares ?? [];
  if (squares.length === 0) return [0, 0];
  const mx = squares.reduce((s, [x]) => s + x, 0) / squares.length;
  const my = squares.reduce((s, [, y]) => s + y, 0) / squares.length;
  let best = squares[0];
  let bestD = Infinity;
  for (const sq of squares) {
    const d = (sq[0] - mx) ** 2 + (sq[1] - my) ** 2;
    if (d < bestD) {
      best = sq;
      bestD = d;
    }
  }
  return best;
}

/** The point a piece walking through `space` passes. */
export function spaceCentre(board, spaceId) {
  return squareCentre(centralSquare(board?.spaces?.[spaceId]));
}

/**
 * Positions for `count` pieces in one space: one per square first (the
 * central square first; squares under the office's name, `label.box` from
 * `officeLabels`, after the others, and squares in `avoid` last), then up to
 * four to a square. A piece in a square under the name stands below it,
 * smaller if it must, so that the name stays readable; only a crowd too
 * large for the room left below the name (four in a one-square restroom)
 * takes the whole square.
 */
export function pieceSlots(space, count, { avoid = new Set(), label = null } = {}) {
  const squares = [...(space?.squares ?? [[0, 0]])];
  const central = centralSquare(space);
  const cost = (sq) => (avoid.has(`${sq[0]},${sq[1]}`) ? 2 : underLabel(label, sq) ? 1 : 0);
  squares.sort((a, b) => cost(a) - cost(b) || dist(a, central) - dist(b, central) || a[1] - b[1] || a[0] - b[0]);
  if (count <= squares.length) return squares.slice(0, count).map((sq) => slotsInSquare(label, sq, 1, CELL * 0.36)[0]);
  const slots = [];
  for (const sq of squares) {
    const here = Math.min(4, count - slots.length);
    if (here <= 0) break;
    slots.push(...slotsInSquare(label, sq, here, CELL * 0.22));
  }
  return slots;
}

/** The smallest piece worth keeping clear of a name for. */
const SMALLEST = CELL * 0.13;
/** Space kept around each piece. */
const MARGIN = CELL * 0.03;

/** `n` places in square [x, y], below the office's name if it is there and they fit, each at most `largest` in radius. */
function slotsInSquare(label, [x, y], n, largest) {
  const square = { x0: x * CELL, y0: y * CELL, x1: (x + 1) * CELL, y1: (y + 1) * CELL };
  if (!underLabel(label, [x, y])) return grid(square, n, largest);
  const below = grid({ ...square, y0: Math.min(label.box.y1, square.y1) }, n, largest);
  return below[0].r >= SMALLEST ? below : grid(square, n, largest);
}

/** `n` places in an area, in the rows and columns that leave them largest (at most `largest`), row by row. */
function grid(area, n, largest) {
  const w = area.x1 - area.x0;
  const h = area.y1 - area.y0;
  let best = null;
  for (let cols = 1; cols <= n; cols += 1) {
    const rows = Math.ceil(n / cols);
    const r = Math.min(largest, w / cols / 2 - MARGIN, h / rows / 2 - MARGIN);
    if (best === null || r > best.r + 1e-9) best = { cols, rows, r };
  }
  const { cols, rows, r } = best;
  return Array.from({ length: n }, (_, i) => ({
    at: [area.x0 + (w / cols) * ((i % cols) + 0.5), area.y0 + (h / rows) * (Math.floor(i / cols) + 0.5)],
    r,
  }));
}

/** Whether the name's box reaches into square [x, y] (by more than a hair). */
function underLabel(label, [x, y]) {
  const box = label?.box;
  if (!box) return false;
  const overlap = (a0, a1, b0, b1) => Math.min(a1, b1) - Math.max(a0, b0) > 0.2;
  return overlap(box.x0, box.x1, x * CELL, (x + 1) * CELL) && overlap(box.y0, box.y1, y * CELL, (y + 1) * CELL);
}

/** The top-left corner and size, in squares, of the box around a space. */
export function bounds(space) {
  const xs = (space?.squares ?? [[0, 0]]).map(([x]) => x);
  const ys = (space?.squares ?? [[0, 0]]).map(([, y]) => y);
  const left = Math.min(...xs);
  const top = Math.min(...ys);
  return { left, top, width: Math.max(...xs) - left + 1, height: Math.max(...ys) - top + 1 };
}

function dist(a, b) {
  return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2;
}

/** The two ends of a wall or door edge. */
export function edgeLine({ x, y, side }) {
  if (side === 'right') return [(x + 1) * CELL, y * CELL, (x + 1) * CELL, (y + 1) * CELL];
  return [x * CELL, (y + 1) * CELL, (x + 1) * CELL, (y + 1) * CELL];
}

/**
 * The outline of the map: the edges of squares with no square beyond
 * them (the board's edge is not a listed wall, it touches only one square).
 */
export function outlineEdges(board) {
  const taken = new Set();
  for (const space of board?.spaces ?? []) for (const [x, y] of space.squares) taken.add(`${x},${y}`);
  const lines = [];
  for (const key of taken) {
    const [x, y] = key.split(',').map(Number);
    if (!taken.has(`${x},${y - 1}`)) lines.push([x * CELL, y * CELL, (x + 1) * CELL, y * CELL]);
    if (!taken.has(`${x},${y + 1}`)) lines.push([x * CELL, (y + 1) * CELL, (x + 1) * CELL, (y + 1) * CELL]);
    if (!taken.has(`${x - 1},${y}`)) lines.push([x * CELL, y * CELL, x * CELL, (y + 1) * CELL]);
    if (!taken.has(`${x + 1},${y}`)) lines.push([(x + 1) * CELL, y * CELL, (x + 1) * CELL, (y + 1) * CELL]);
  }
  return lines;
}

/** The names' largest size, in user units (a square is 10). */
const LABEL_SIZE = 3.2;

/** From one line's baseline to the next, in ems. */
export const LINE_HEIGHT = 1.05;
/** Below the last baseline, in ems (letters such as g and y). */
const DESCENT = 0.3;
/** Above the first line, in user units. */
const TOP = 0.3;

/**
 * Where each office's name goes (`offices`: the office cards in the page's
 * language, words.js): `x` its middle, `y` its first line's baseline,
 * `size` its font size, `lines` its text, `space` the office's space, and
 * `box` ({ x0, y0, x1, y1 }) what it covers, a little generously (half a
 * unit to each side of the measured width).
 */
export function officeLabels(board, offices) {
  return offices.flatMap((card) => {
    const space = board?.spaces?.[card.space];
    if (!space) return [];
    const square = bounds(space);
    const x = (square.left + square.width / 2) * CELL;
    const name = String(card.name);
    const words = name.split(/\s+/);
    const chars = [...name];
    // One line, or two: split in the middle (between words, or, in a
    // language written without spaces, where kanji and kana meet).
    const half = Math.ceil(words.length / 2);
    const split =
      words.length > 1
        ? [words.slice(0, half).join(' '), words.slice(half).join(' ')]
        : chars.some(isWide)
          ? splitAt(chars, wideBreak(chars))
          : null;
    const oneLine = fitSize(square, [name]);
    // Long names read better on two lines, and so does a wide name that
    // would shrink on one; but a name takes no more than half its office's
    // height (`pieceSlots` stands pieces below it), whichever fits it larger.
    const twoLines = split ? fitSize(square, split) : 0;
    const prefersTwo = split !== null && (words.length > 1 ? name.length > 10 : oneLine < LABEL_SIZE * 0.9);
    const [lines, size] = twoLines > oneLine + 0.01 || (prefersTwo && twoLines >= oneLine - 0.01) ? [split, twoLines] : [[name], oneLine];
    const ems = Math.max(...lines.map(textWidth));
    const y = square.top * CELL + TOP + size;
    const lastBaseline = y + size * LINE_HEIGHT * (lines.length - 1);
    const halfWidth = (ems * size) / 2 + 0.5;
    const box = { x0: x - halfWidth, y0: square.top * CELL, x1: x + halfWidth, y1: lastBaseline + size * DESCENT };
    return [{ space: card.space, x, y, size, lines, box }];
  });
}

/**
 * The largest size (at most LABEL_SIZE) at which `lines` fit across the
 * office, and down half of it.
 */
function fitSize(square, lines) {
  const across = (square.width * CELL - 1) / Math.max(...lines.map(textWidth));
  const down = ((square.height * CELL) / 2 - TOP) / (1 + LINE_HEIGHT * (lines.length - 1) + DESCENT);
  return Math.min(LABEL_SIZE, across, down);
}

function splitAt(chars, at) {
  return [chars.slice(0, at).join(''), chars.slice(at).join('')];
}

/**
 * Where to break a name written without spaces: where one kind of writing
 * gives way to another (男子|トイレ, 情報|システム部, キャロルの|部屋; never
 * before hiragana, so a particle stays with its word), the one nearest the
 * middle; else the middle (給湯|室).
 */
function wideBreak(chars) {
  const kind = (c) => (/[\u3040-\u309f]/.test(c) ? 'hiragana' : /[\u30a0-\u30ff]/.test(c) ? 'katakana' : 'other');
  let best = null;
  for (let i = 1; i < chars.length; i += 1) {
    if (kind(chars[i]) === kind(chars[i - 1]) || kind(chars[i]) === 'hiragana') continue;
    if (best === null || Math.abs(i - chars.length / 2) < Math.abs(best - chars.length / 2)) best = i;
  }
  return best ?? Math.ceil(chars.length / 2);
}

/** Whether a character is as wide as the font is high (kana, kanji, full-width forms). */
function isWide(char) {
  return /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/.test(char);
}

/** Lines already measured, in ems: the same names are laid out at every render. */
const widths = new Map();

/**
 * A line's width in ems, in the page's own bold font where there is a page:
 * fonts differ (DejaVu Sans Bold, Linux's usual, is about a fifth wider than
 * Roboto's), and a name sized from a guess ran over its office's wall into
 * the next ("Men's Restroom" beside "Women's Restroom"). A canvas measures
 * without laying out the page.
 */
function textWidth(text) {
  let width = widths.get(text);
  if (width === undefined) {
    width = measuredWidth(text) ?? estimatedWidth(text);
    widths.set(text, width);
  }
  return width;
}

/** Measured at 100 px, so that rounding is negligible. Null without a canvas. */
let measuring;
function measuredWidth(text) {
  if (measuring === undefined) {
    measuring = globalThis.document?.createElement('canvas').getContext('2d') ?? null;
    // The map's text is the page's (`.dl-map` inherits the body's family), in bold (`.dl-label`).
    if (measuring) measuring.font = `700 100px ${getComputedStyle(document.body).fontFamily}`;
  }
  return measuring ? measuring.measureText(text).width / 100 : null;
}

/** Without a page: a Latin letter about 0.58 em, a wide character 1. */
function estimatedWidth(text) {
  return [...text].reduce((sum, char) => sum + (isWide(char) ? 1 : 0.58), 0);
}
