// Plays random Osaki games on boardgame.io's local client (no server) and
// checks what games/src/osaki.rs's tests check: every tile once, stacks only
// in the rows of players who have played, someone always has a move, and
// every game ends within 2d - 1 moves (d tiles dealt).
//
//   node check.js [games]
'use strict';

const assert = require('assert');
const { Client } = require('boardgame.io/client');
const { Osaki, legal } = require('./osaki');

const games = Number(process.argv[2] || 300);
for (let g = 0; g < games; g++) {
  const numPlayers = 2 + (g % 3);
  const client = Client({ game: { ...Osaki, seed: `check-${g}` }, numPlayers, debug: false });
  const dealt = numPlayers === 3 ? 18 : 24;
  let moves = 0;
  for (;;) {
    const { G, ctx } = client.store.getState();
    const tiles = [...G.leftover];
    G.rows.forEach((row, seat) =>
      row.forEach((p) => {
        if (p.kind === 'unturned') tiles.push(p.tile);
        if (p.kind === 'stack') {
          assert(G.hasPlayed[seat], 'a stack sits only in the row of a player who has played');
          tiles.push(...p.tiles);
        }
      }),
    );
    assert.strictEqual(new Set(tiles.map((t) => `${t.c}/${t.t}`)).size, 24, 'every tile once');
    assert.strictEqual(tiles.length, 24);
    if (ctx.gameover) break;
    const seat = Number(ctx.currentPlayer);
    const options = legal(G, seat);
    assert(options.length > 0, 'the player to move has a move');
    const [name, ...args] = options[(g * 7919 + moves * 104729) % options.length];
    client.moves[name](...args);
    assert(++moves <= 2 * dealt - 1, 'the game ends within 2d - 1 moves');
  }
}
console.log(`${games} passed, 0 failed`);
