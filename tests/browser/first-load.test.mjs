// The first load of a table page on a slow phone (issue 14, "Fast on a
// phone"): for each game, a seated player's room page with the game in play,
// opened with an empty cache through Chromium's throttling (150 ms, 1.6
// Mbit/s, CPU 4x slower: lib/first-load.mjs). Its bytes on the wire (encoded,
// headers included, every HTTP request until the page settles) stay under a
// ceiling per game; it loads its scripts and styles by versioned names
// (/v/<version>/…) in one bundle (one script, one stylesheet: server/src/
// web/bundle.rs), nothing of another game, and not the QR encoder; a repeat
// visit in the same browser sends no request for a versioned file (they
// come from the cache). Bytes are deterministic; the timings are printed,
// not asserted (scripts/first-load.mjs measures them, median of several
// runs: docs/performance.md, "First load").
//
// The ceilings: the 50 KB for Osaki and Office 21; Dilbert, which
// does not meet it (docs/performance.md says by how much and why), at what
// it weighs now plus a margin, so that nothing grows unnoticed.
//
// The same page served unbundled (`--unbundled-client`, the fallback of a
// page whose bundle cannot be made) still draws its table, one file per
// module.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';

import { Server, launchBrowser, sleep } from './lib/harness.mjs';
import { measureOnce, roomInPlay } from './lib/first-load.mjs';

// Measured on 2026-12-03 (each game's stylesheet its own, at the end of the bundle's; Dilbert's
// board fetched over HTTP, 6.7 KB, instead of 41 KB in the snapshot): 43.3, 48.7 and 68.1 KB
// (docs/performance.md, "First load"), half a KB more when the page shows the "your turn" favicon.
// Dilbert's 66.3 KB since 2026-12-04: Management Fast Track and the card reference's pages load
// on use, in the bundle's second part, which a table's first load does not fetch. Since
// 2026-12-06 the bundles shorten their modules' names (server/src/web/rename.rs): 41.4, 46.5 and
// 63.4 KB. Since 2026-12-08 the table chat loads on use (js/chat-on-use.js; on a phone its panel
// is below the table): 39.1, 43.8 and 63.2 to 63.7 KB (Dilbert 65.2 to 65.8 before); and the turn
// alerts' sound and notification (js/notify-alerts.js): 38.6, 43.4 and 62.7 to 63.3 KB.
const CEILING_BYTES = { osaki: 50_000, office21: 50_000, dilbert: 63_600 };
// What the socket brings meanwhile (the welcome, the snapshot: sent uncompressed): 3.1, 4.7 and
// 4.1 KB; Dilbert's was 46 KB while its snapshot carried the board.
const CEILING_SOCKET_BYTES = { osaki: 6_000, office21: 8_000, dilbert: 8_000 };
const GAMES = Object.keys(CEILING_BYTES);

let server;
let browser;

before(async () => {
  server = new Server();
  await server.start();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

const pathOf = (url) => new URL(url).pathname;
const listing = (requests) => requests.map((r) => `${String(r.bytes).padStart(6)} ${r.cached ? '(cache) ' : ''}${pathOf(r.url)}`).join('\n');

for (const game of GAMES) {
  test(`${game}: a cold table page stays under its byte ceiling, loads by versioned names, only its own game; a repeat visit asks nothing versioned`, { timeout: 180_000 }, async () => {
    const room = await roomInPlay(server, browser, game);
    const { cold, warm } = await measureOnce(browser, room);
    console.log(
      `${game}: cold ${cold.requests} requests, ${cold.bytes} bytes, table drawn at ${cold.drawn.toFixed(0)} ms, load event ${cold.load.toFixed(0)} ms; ` +
        `warm ${warm.network} requests to the network, ${warm.bytes} bytes, table drawn at ${warm.drawn.toFixed(0)} ms`,
    );

    const ceiling = CEILING_BYTES[game];
    assert.ok(cold.bytes < ceiling, `${cold.bytes} bytes on the wire, over the ceiling of ${ceiling}:\n${listing(cold.list)}`);
    const socketCeiling = CEILING_SOCKET_BYTES[game];
    assert.ok(cold.socketBytes < socketCeiling, `${cold.socketBytes} bytes from the socket, over the ceiling of ${socketCeiling}`);
    const boards = cold.list.filter((r) => pathOf(r.url).startsWith('/boards/'));
    assert.equal(boards.length, game === 'dilbert' ? 1 : 0, `the board fetched once where it is worth a request (Dilbert's):\n${listing(cold.list)}`);

    const files = cold.list.map((r) => pathOf(r.url)).filter((p) => /\.(js|mjs|css)$/.test(p));
    const unversioned = files.filter((p) => !p.startsWith('/v/'));
    assert.deepEqual(unversioned, [], 'every script and stylesheet by its versioned name');
    assert.deepEqual(
      files.map((p) => p.replace(/^\/v\/[0-9a-f]+/, '')).sort(),
      [`/bundle/room.${game}.css`, `/bundle/room.${game}.js`],
      `one script and one stylesheet, the ${game} bundle's (the early socket's script is in the page, the game's stylesheet in the bundle's):\n${listing(cold.list)}`,
    );
    const otherGames = GAMES.filter((g) => g !== game);
    const foreign = files.filter((p) => otherGames.some((g) => p.includes(`/games/${g}/`) || p.endsWith(`/css/${g}.css`) || p.includes(`/rules/${g}.js`)));
    assert.deepEqual(foreign, [], 'nothing of another game');
    assert.deepEqual(files.filter((p) => p.includes('qrcode')), [], 'the QR encoder waits until a code is shown');

    const asked = warm.list.filter((r) => pathOf(r.url).startsWith('/v/') && !r.cached);
    assert.deepEqual(asked.map((r) => pathOf(r.url)), [], `a repeat visit takes every versioned file from the cache:\n${listing(warm.list)}`);
    assert.ok(warm.list.some((r) => pathOf(r.url).startsWith('/v/') && r.cached), 'the repeat visit uses the versioned files');
  });
}

test('unbundled (--unbundled-client): the room page loads its modules one by one and still draws its table', { timeout: 180_000 }, async () => {
  const plain = new Server({ args: ['--unbundled-client'] });
  await plain.start();
  try {
    const room = await roomInPlay(plain, browser, 'osaki');
    const { cold } = await measureOnce(browser, room, { throttle: false });
    const files = cold.list.map((r) => pathOf(r.url)).filter((p) => /\.(js|mjs|css)$/.test(p));
    assert.deepEqual(files.filter((p) => p.includes('/bundle/')), [], 'no bundle');
    assert.ok(files.some((p) => p.endsWith('/js/games/osaki/index.js')), `the osaki module:\n${listing(cold.list)}`);
    assert.ok(files.some((p) => p.endsWith('/css/osaki.css')), `the game's stylesheet, linked as the game loads:\n${listing(cold.list)}`);
    assert.ok(!files.some((p) => p.endsWith('/js/room-early.js')), 'the early socket\'s script is in the page');
    assert.ok(files.length > 20, `one file per module: ${files.length}`);
  } finally {
    await plain.stop();
  }
});

test('Dilbert\u2019s board: fetched beside the page and left out of the snapshot; when it cannot be fetched, the snapshot brings it', { timeout: 120_000 }, async () => {
  const room = await roomInPlay(server, browser, 'dilbert');
  for (const reachable of [true, false]) {
    const context = await browser.newContext({ locale: 'en-US', storageState: room.state });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    if (!reachable) await page.route(/\/boards\//, (route) => route.abort('internetdisconnected'));
    const snapshots = [];
    page.on('websocket', (ws) => ws.on('framereceived', (frame) => {
      const text = String(frame.payload);
      if (text.startsWith('{"type":"snapshot"')) snapshots.push(JSON.parse(text).game);
    }));
    await page.goto(room.url);
    await page.waitForSelector('#game:not([hidden]) [data-testid="dilbert-table"]');
    await page.waitForSelector('#connection[data-state="open"]');
    // The table drew its map from the board, whichever way it came.
    assert.ok(await page.locator('#table svg').count() > 0, `reachable=${reachable}: the map is drawn`);
    assert.ok(snapshots.length >= 1, `reachable=${reachable}: a snapshot came`);
    if (reachable) {
      assert.equal(snapshots.length, 1, 'one snapshot');
      assert.equal(snapshots[0].board, undefined, 'the snapshot leaves the board out');
    } else {
      assert.equal(snapshots[0].board, undefined, 'the first snapshot left it out (the page said it would fetch it)');
      assert.ok(snapshots.at(-1).board?.spaces?.length > 0, 'after the fetch failed, the page asked again and the snapshot brought the board');
    }
    assert.deepEqual(errors, [], `reachable=${reachable}: no script error`);
    await context.close();
  }
});

test('the early socket: the script in the page opens the one socket the page uses; without it the page opens its own', { timeout: 120_000 }, async () => {
  const room = await roomInPlay(server, browser, 'osaki');
  for (const early of [true, false]) {
    const context = await browser.newContext({ locale: 'en-US', storageState: room.state });
    // Who opened each socket: the script in the page runs as a classic
    // script (document.currentScript is set), the page's modules do not.
    await context.addInitScript((early) => {
      window.__openedBy = [];
      const Native = window.WebSocket;
      window.WebSocket = class extends Native {
        constructor(...args) {
          super(...args);
          window.__openedBy.push(document.currentScript ? 'page script' : 'module');
        }
      };
      // As if the page's own connection had started first: the early
      // script must then open nothing.
      if (!early) window.cubicleEarlySocket = null;
    }, early);
    const page = await context.newPage();
    const refused = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) refused.push(m.text());
    });
    await page.goto(room.url);
    await page.waitForSelector('#game:not([hidden]) #table > *');
    await sleep(1_000);
    assert.deepEqual(refused, [], 'the policy lets the page\'s script run');
    const openedBy = await page.evaluate(() => window.__openedBy);
    assert.deepEqual(openedBy, [early ? 'page script' : 'module'], `early=${early}: one socket, opened by the ${early ? 'page\'s script' : 'page\'s connection'}`);
    assert.equal(await page.evaluate(() => window.cubicleEarlySocket), null, `early=${early}: the page's connection has taken the early socket`);
    assert.equal(await page.evaluate(() => document.getElementById('connection').dataset.state), 'open', `early=${early}: connected`);
    await context.close();
  }
});
