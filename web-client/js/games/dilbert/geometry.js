// Where things are drawn on the office map, in SVG user units: one square
// is `CELL` units. Spaces are centred on the middle of their squares;
// pieces sharing a space spread over its squares.

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
 * central square first, squares in `avoid` last), then four to a square.
 */
export function pieceSlots(space, count, avoid = new Set()) {
  const squares = [...(space?.squares ?? [[0, 0]])];
  const central = centralSquare(space);
  const avoided = (sq) => (avoid.has(`${sq[0]},${sq[1]}`) ? 1 : 0);
  squares.sort((a, b) => avoided(a) - avoided(b) || dist(a, central) - dist(b, central) || a[1] - b[1] || a[0] - b[0]);
  if (count <= squares.length) return squares.slice(0, count).map((sq) => ({ at: squareCentre(sq), r: CELL * 0.36 }));
  const q = CELL / 4;
  const slots = [];
  for (const sq of squares) {
    const [cx, cy] = squareCentre(sq);
    for (const [dx, dy] of [[-q, -q], [q, -q], [-q, q], [q, q]]) slots.push({ at: [cx + dx, cy + dy], r: CELL * 0.22 });
  }
  return slots.slice(0, count);
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
