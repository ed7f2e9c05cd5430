// Osaki ni Shitsurei Shima-su!! on boardgame.io, for the bench suite's
// comparison (scripts/bench.sh). The same rules as games/src/osaki.rs:
//
// - 24 tiles, 6 characters x 4 tasks. For each character its four tasks are
//   shuffled and dealt seat by seat, one each (two each with 2 players); with
//   3 players the fourth is set aside. Rows are in character order.
// - The first player is drawn at random (the bench's players give no
//   departure time, so Cubicle draws too).
// - A turn is one move: turn one of your unturned tiles, or, once you have
//   played, put one of your turned stacks onto another turned stack (yours or
//   another player's) whose top shares its character or its task.
// - A player with no move passes; the turn order skips them.
// - Moving your last tile away wins at once ("I'm leaving now"); otherwise
//   the game ends when every tile is turned and no two tops match, won by the
//   fewest tiles (ties share).
// - Hidden information: an unturned tile's task is hidden from everyone, its
//   owner too; the leftover's tasks until the end (playerView). Every move
//   runs on the server only (client: false), as Cubicle's server is the only
//   one that knows the deal.
'use strict';

const { INVALID_MOVE } = require('boardgame.io/core');

const CHARACTERS = 6;
const TASKS = 4;

const match = (a, b) => a.c === b.c || a.t === b.t;
const top = (p) => (p.kind === 'stack' ? p.tiles[p.tiles.length - 1] : null);
const size = (p) => (p.kind === 'unturned' ? 1 : p.kind === 'stack' ? p.tiles.length : 0);
const tilesOf = (G, seat) => G.rows[seat].reduce((n, p) => n + size(p), 0);

function tops(G) {
  const all = [];
  G.rows.forEach((row, seat) =>
    row.forEach((p, slot) => {
      const t = top(p);
      if (t) all.push([seat, slot, t]);
    }),
  );
  return all;
}

/** Every legal move of `seat` as [name, ...args], in the order of Osaki::legal. */
function legal(G, seat) {
  const moves = [];
  G.rows[seat].forEach((p, slot) => {
    if (p.kind === 'unturned') moves.push(['turn', slot]);
  });
  if (G.hasPlayed[seat]) {
    const all = tops(G);
    for (const [s, from, mine] of all) {
      if (s !== seat) continue;
      for (const [owner, onto, theirs] of all) {
        if (!(owner === seat && onto === from) && match(mine, theirs)) {
          moves.push(['stack', from, owner, onto]);
        }
      }
    }
  }
  return moves;
}

const hasMove = (G, seat) => legal(G, seat).length > 0;

function nothingLeftToDo(G) {
  if (G.rows.some((row) => row.some((p) => p.kind === 'unturned'))) return false;
  const all = tops(G);
  for (let i = 0; i < all.length; i++) {
    for (let j = i + 1; j < all.length; j++) {
      if (match(all[i][2], all[j][2])) return false;
    }
  }
  return true;
}

/** After a move by `seat`: has played; the game may end. */
function after(G, seat) {
  G.hasPlayed[seat] = true;
  const counts = G.rows.map((_, s) => tilesOf(G, s));
  if (counts[seat] === 0) {
    G.ending = { reason: 'left_early', winners: [seat], tiles: counts };
  } else if (nothingLeftToDo(G)) {
    const fewest = Math.min(...counts);
    const winners = counts.flatMap((n, s) => (n === fewest ? [s] : []));
    G.ending = { reason: 'fewest_tiles', winners, tiles: counts };
  }
}

const Osaki = {
  name: 'osaki',
  minPlayers: 2,
  maxPlayers: 4,

  setup: ({ ctx, random }) => {
    const n = ctx.numPlayers;
    const per = n === 2 ? 2 : 1;
    const rows = Array.from({ length: n }, () => []);
    const leftover = [];
    for (let c = 0; c < CHARACTERS; c++) {
      const tasks = random.Shuffle([...Array(TASKS).keys()]);
      let i = 0;
      for (const row of rows) {
        for (let k = 0; k < per; k++) row.push({ kind: 'unturned', tile: { c, t: tasks[i++] } });
      }
      while (i < TASKS) leftover.push({ c, t: tasks[i++] });
    }
    return {
      rows,
      hasPlayed: Array(n).fill(false),
      leftover,
      first: random.Die(n) - 1,
      ending: null,
    };
  },

  turn: {
    minMoves: 1,
    maxMoves: 1,
    order: {
      first: ({ G }) => G.first,
      // The next seat with a move; those without pass.
      next: ({ G, ctx }) => {
        let s = (ctx.playOrderPos + 1) % ctx.numPlayers;
        for (let k = 0; k < ctx.numPlayers && !G.ending && !hasMove(G, s); k++) {
          s = (s + 1) % ctx.numPlayers;
        }
        return s;
      },
    },
  },

  moves: {
    turn: {
      client: false,
      move: ({ G, playerID }, slot) => {
        const seat = Number(playerID);
        const p = G.rows[seat][slot];
        if (!p || p.kind !== 'unturned') return INVALID_MOVE;
        G.rows[seat][slot] = { kind: 'stack', tiles: [p.tile] };
        after(G, seat);
      },
    },
    stack: {
      client: false,
      move: ({ G, playerID }, from, owner, onto) => {
        const seat = Number(playerID);
        if (!G.hasPlayed[seat]) return INVALID_MOVE;
        const mine = G.rows[seat][from];
        const row = G.rows[owner];
        const theirs = row && row[onto];
        if (!mine || mine.kind !== 'stack' || !theirs || theirs.kind !== 'stack') return INVALID_MOVE;
        if (owner === seat && onto === from) return INVALID_MOVE;
        if (!match(top(mine), top(theirs))) return INVALID_MOVE;
        theirs.tiles.push(...mine.tiles);
        G.rows[seat][from] = { kind: 'empty' };
        after(G, seat);
      },
    },
  },

  endIf: ({ G }) => G.ending || undefined,

  // Unturned tiles show their character only, to everyone; the leftover
  // likewise until the end.
  playerView: ({ G }) => ({
    ...G,
    rows: G.rows.map((row) =>
      row.map((p) => (p.kind === 'unturned' ? { kind: 'unturned', c: p.tile.c } : p)),
    ),
    leftover: G.ending ? G.leftover : G.leftover.map((t) => ({ c: t.c })),
  }),
};

module.exports = { Osaki, legal };
