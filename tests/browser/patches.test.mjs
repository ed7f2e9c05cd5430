// Updates whose view comes as a JSON Patch (docs/protocol.md, `hello.patches`), in the browser:
// both hellos ask for them (js/room-early.js, js/connection.js), the page loads js/view-patch.js
// with the first patched update rather than with the page, and every page still shows the table
// the server's whole views describe. A page that cannot load js/view-patch.js asks for whole views
// again and plays on.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';

import { openPage, prng, startServerAndBrowser, stopServerAndBrowser } from './lib/harness.mjs';
import { playOneMove, seqOf, shownMoves, waitSeq } from './lib/room.mjs';
import { messages, seatAndStart } from './lib/office21.mjs';

let server;
let browser;

before(async () => {
  ({ server, browser } = await startServerAndBrowser());
});

after(async () => {
  await stopServerAndBrowser(server, browser);
});

/** Every hello the page sent, parsed. */
function recordHellos(record) {
  record.hellos = [];
  record.page.on('websocket', (ws) =>
    ws.on('framesent', (frame) => {
      const msg = JSON.parse(String(frame.payload));
      if (msg.type === 'hello') record.hellos.push(msg);
    }),
  );
}

/** The table as drawn: every pile (whose, which slot, what shows on it) and the moves offered. */
async function drawnTable(page) {
  const piles = await page.$$eval('#table [data-pile]', (els) =>
    els.map((e) => ['seat', 'slot', 'pile', 'character', 'task', 'height'].map((k) => e.dataset[k] ?? '').join(' ')),
  );
  return { seq: await seqOf(page), piles, moves: await shownMoves(page) };
}

for (const reachable of [true, false]) {
  const title = reachable
    ? 'patched updates: js/view-patch.js loads with the first patch, not with the page, and the pages follow the game'
    : 'a page that cannot load js/view-patch.js asks for whole views again and plays on';
  test(title, { timeout: 120_000 }, async () => {
    const players = [];
    const loads = [];
    for (const name of ['Aki', 'Ben']) {
      const record = await openPage(browser, { name });
      recordHellos(record);
      record.page.on('request', (request) => {
        if (/view-patch\.js$/.test(new URL(request.url()).pathname)) loads.push({ name, at: Date.now() });
      });
      if (!reachable) await record.page.route(/view-patch\.js$/, (route) => route.abort('internetdisconnected'));
      players.push(record);
    }
    await seatAndStart(server, { game: 'osaki', players });
    assert.deepEqual(loads, [], 'nothing loads js/view-patch.js before an update comes');

    const random = prng(reachable ? 11 : 12);
    for (let move = 0; move < 6; move += 1) {
      const seq = Math.max(...(await Promise.all(players.map((p) => seqOf(p.page)))));
      let played = null;
      for (const p of players) {
        played = await playOneMove(p.page, random);
        if (played) break;
      }
      assert.ok(played, `someone could move (move ${move})`);
      for (const p of players) await waitSeq(p.page, seq + 1);
    }

    for (const p of players) {
      assert.ok(p.hellos.length >= 1 && p.hellos[0].patches === true, `${p.name}'s first hello asks for patches`);
      const updates = messages(p).filter((m) => m.type === 'update');
      const patched = updates.filter((m) => m.update.view_patch);
      if (reachable) {
        assert.ok(patched.length > 0, `${p.name} received patched updates`);
        assert.equal(p.hellos.length, 1, `${p.name} never had to ask again`);
        assert.deepEqual(p.errors, [], `${p.name}: no script error`);
      } else {
        const last = p.hellos.at(-1);
        assert.ok(p.hellos.length >= 2 && !last.patches, `${p.name} asked again, for whole views: ${JSON.stringify(p.hellos)}`);
        assert.ok(updates.at(-1).update.view && !updates.at(-1).update.view_patch, `${p.name}'s last update is whole`);
        assert.deepEqual(
          p.errors.filter((e) => !/view-patch/.test(e)),
          [],
          `${p.name}: no script error but the module that could not load`,
        );
      }
    }
    // What each page drew from its updates is what a fresh page draws from a whole snapshot.
    for (const p of players) {
      const drawn = await drawnTable(p.page);
      await p.page.reload();
      await waitSeq(p.page, drawn.seq);
      assert.deepEqual(await drawnTable(p.page), drawn, `${p.name}'s table, from its updates and from a snapshot`);
    }
    assert.ok(loads.length >= 1, 'js/view-patch.js was asked for once a patch came');
    for (const p of players) await p.context.close();
  });
}
