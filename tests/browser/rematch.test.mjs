// Browser tests of what comes after a game: "Play again" (a new game in
// the same room with the same seats, accepted by each player; the one who
// asked accepts by itself), the room's list of finished games with their
// records (which `cubicle verify` accepts) and the replay page, where a
// finished game is stepped through with every hand revealed. Real server
// binary, headless Chromium; Office 21 games staged with a fixture that
// ends after one move: Aki (seat 0) plays a SPY, then Ben starts his turn
// at exactly 21 M and wins. See README.md for how to run.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { openPage, startServerAndBrowser, stopServerAndBrowser, closeAll } from './lib/harness.mjs';
import { scrollsSideways } from './lib/room.mjs';
import { position, seatAndStart, clickAndSettle, offeredActions, logLines } from './lib/office21.mjs';

let server;
let browser;

before(async () => ({ server, browser } = await startServerAndBrowser()));
after(() => stopServerAndBrowser(server, browser));

// Ben's office holds three DIRECTORs (7 M each, untouchable): exactly 21.
// Aki holds only SPYs, which do nothing when played.
const FIXTURE = position({
  offices: [[], ['director', 'director', 'director']],
  hands: [
    ['spy', 'spy', 'spy'],
    ['cleaner', 'manager', 'sales'],
  ],
  turn: 0,
});

async function newPage(name, options = {}) {
  const record = await openPage(browser, { name, ...options });
  record.name = name;
  return record;
}

/** The client messages a page sends on its WebSockets, parsed. */
function recordSent(record) {
  const sent = [];
  record.page.on('websocket', (ws) => {
    ws.on('framesent', (frame) => {
      try {
        sent.push(JSON.parse(frame.payload));
      } catch {
        // not JSON: not ours to read
      }
    });
  });
  return sent;
}

/** Aki plays a SPY (what the page offers); every page then shows Ben's win. */
async function playTheGame(aki, everyone) {
  const offered = await offeredActions(aki.page);
  const spy = offered.find((a) => JSON.parse(a).kind === 'play' && JSON.parse(a).card === 'spy');
  assert.ok(spy, `Aki is offered a SPY (offered: ${offered.join(' ')})`);
  await clickAndSettle(aki, everyone, `#table button[data-action="${spy.replaceAll('"', '\\"')}"]:not([disabled])`);
  for (const r of everyone) {
    await r.page.waitForSelector('#end:not([hidden])');
    assert.match(await r.page.textContent('#end-title'), /Ben wins!/, `${r.name} sees Ben's win`);
    // Said once above the table, not by the status bar (no longer pinned) and the table both.
    assert.deepEqual(await linesShown(r.page, '#game', /game is over/i), ['The game is over.'], `${r.name}: the end is said once`);
  }
}

/** A finished 2-player game; returns the room id. */
async function finishedRoom(aki, ben, watchers = []) {
  const created = await seatAndStart(server, { players: [aki, ben], watchers, options: { fixture: FIXTURE } });
  await playTheGame(aki, [aki, ben, ...watchers]);
  return created.room_id;
}

/**
 * The event listeners on the page's document and on its table's container, by type (Chromium's
 * DevTools protocol): a table dropped for the next game must take its own with it.
 */
async function pageListeners(page) {
  const cdp = await page.context().newCDPSession(page);
  try {
    const counts = {};
    for (const [name, expression] of [['document', 'document'], ['#table', "document.getElementById('table')"]]) {
      const { result } = await cdp.send('Runtime.evaluate', { expression });
      const { listeners } = await cdp.send('DOMDebugger.getEventListeners', { objectId: result.objectId });
      for (const l of listeners) counts[`${name} ${l.type}`] = (counts[`${name} ${l.type}`] ?? 0) + 1;
    }
    return counts;
  } finally {
    await cdp.detach();
  }
}

/** The history entries a page lists in `list` (#end-history or #lobby-history). */
async function historyShown(page, list) {
  return page.$$eval(`${list} li[data-game]`, (items) =>
    items.map((li) => ({
      number: Number(li.dataset.game),
      winners: li.querySelector('.history-winners')?.textContent,
      replay: li.querySelector('a.history-replay')?.getAttribute('href'),
      download: li.querySelector('a.history-download')?.getAttribute('href'),
    })),
  );
}

/** The lines (paragraphs) shown inside `scope` whose words match `pattern`. */
function linesShown(page, scope, pattern) {
  return page.$$eval(
    `${scope} p`,
    (lines, [source, flags]) =>
      lines
        .filter((p) => p.checkVisibility() && new RegExp(source, flags).test(p.textContent))
        .map((p) => p.textContent.trim()),
    [pattern.source, pattern.flags],
  );
}

function verifyFile(file) {
  const verify = spawnSync(server.bin, ['verify', file], { encoding: 'utf8', timeout: 60_000 });
  const said = `stdout: ${verify.stdout}\nstderr: ${verify.stderr}`;
  assert.equal(verify.status, 0, `cubicle verify accepts the record\n${said}`);
  assert.match(verify.stdout, /^verified:/m, said);
}

// ---------------------------------------------------------------------------

test('play again: the game ends, Aki asks, Ben accepts, both play game 2; the history lists game 1 and its record verifies', { timeout: 120_000 }, async () => {
  const aki = await newPage('Aki', { width: 375, height: 800 });
  const ben = await newPage('Ben');
  const watcher = await newPage('Watcher');
  const akiSent = recordSent(aki);
  const benSent = recordSent(ben);

  const created = await seatAndStart(server, { players: [aki, ben], watchers: [watcher], options: { fixture: FIXTURE } });
  const roomId = created.room_id;
  const firstLog = (await logLines(aki.page)).length;
  const firstListeners = await pageListeners(aki.page);
  await playTheGame(aki, [aki, ben, watcher]);

  // The end screen: "Play again" for the players, not for the spectator; the room's games.
  for (const p of [aki, ben]) {
    await p.page.waitForSelector('#play-again-button:not([disabled])');
    assert.equal(await p.page.textContent('#play-again-button'), 'Play again');
    await p.page.waitForSelector('#end-history:not([hidden])');
    assert.deepEqual(await historyShown(p.page, '#end-history'), [
      {
        number: 1,
        winners: 'Ben won',
        replay: `/replay.html?room=${roomId}&game=1`,
        download: `/api/rooms/${roomId}/games/1/record`,
      },
    ]);
  }
  assert.equal(await watcher.page.isVisible('#play-again'), false, 'a spectator is not offered to play again');
  await watcher.page.waitForSelector('#end-history:not([hidden])');
  assert.equal(await aki.page.getAttribute('#download-record', 'href'), `/api/rooms/${roomId}/record`, 'the old download stays');
  assert.equal(await scrollsSideways(aki.page), false, 'the end screen fits 375 px');

  // Game 1's Download link in the history gives a record that verifies.
  const [download] = await Promise.all([aki.page.waitForEvent('download'), aki.page.click('#end-history li[data-game="1"] a.history-download')]);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cubicle-rematch-'));
  try {
    const file = path.join(dir, 'game-1.json');
    await download.saveAs(file);
    const record = JSON.parse(fs.readFileSync(file, 'utf8'));
    assert.equal(record.room, roomId);
    assert.deepEqual(record.players, ['Aki', 'Ben']);
    assert.deepEqual(record.outcome?.winners, [1]);
    verifyFile(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const commitment1 = (await server.api('GET', `/api/rooms/${roomId}`)).seed_commitment;

  // Aki presses "Play again": the table goes, and Aki's page accepts by itself.
  await aki.page.click('#play-again-button');
  for (const r of [aki, ben, watcher]) {
    await r.page.waitForSelector('#rematch:not([hidden])');
    await r.page.waitForSelector('#game', { state: 'hidden' });
    assert.equal(await r.page.isVisible('#end'), false, `${r.name}: the old end screen is gone`);
  }
  await aki.page.waitForFunction(() => /You accepted/.test(document.getElementById('rematch').textContent));
  const akiMessages = akiSent.map((m) => m.type);
  assert.ok(akiMessages.includes('play_again'), 'Aki sent play_again');
  const accept = akiSent.find((m) => m.type === 'accept');
  assert.ok(accept, 'Aki\u2019s page accepted by itself');
  assert.match(accept.contribution ?? '', /^[0-9a-f]{32}$/, 'with a fresh contribution');
  assert.ok(akiMessages.indexOf('accept') > akiMessages.indexOf('play_again'));
  assert.equal(await aki.page.$('#accept-button'), null, 'Aki is not asked again');

  // Ben is asked, with the reason; the seats say who has accepted.
  const room = await server.api('GET', `/api/rooms/${roomId}`);
  assert.equal(room.status, 'lobby');
  assert.equal(room.game_number, 2);
  assert.notEqual(room.seed_commitment, commitment1, 'a new commitment for the new game');
  await ben.page.waitForSelector('#accept-button');
  assert.match(await ben.page.textContent('#rematch'), /A new game with the same players\. Accept to play; decline to give up your seat\./);
  assert.ok(await ben.page.isVisible('#decline-button'));
  for (const r of [aki, ben, watcher]) {
    await r.page.waitForFunction(() => {
      const mark = (seat) => document.querySelector(`#seats .seat[data-seat="${seat}"] [data-testid="seat-decision"]`)?.textContent;
      return mark(0) === 'accepted' && mark(1) === 'deciding\u2026';
    });
    assert.deepEqual(
      (await historyShown(r.page, '#lobby-history')).map((g) => [g.number, g.winners]),
      [[1, 'Ben won']],
      `${r.name}'s lobby lists game 1`,
    );
  }
  assert.match(await aki.page.textContent('[data-testid="rematch-waiting"]'), /Still deciding: Ben\./);
  assert.equal(await watcher.page.$('#accept-button'), null, 'the spectator is not asked');
  assert.equal(await scrollsSideways(aki.page), false, 'the lobby fits 375 px');

  // The focus went to Ben's question: Enter accepts, and game 2 starts by itself.
  assert.equal(await ben.page.evaluate(() => document.activeElement?.id), 'accept-button', 'Ben\u2019s focus is on Accept');
  await ben.page.keyboard.press('Enter');
  for (const r of [aki, ben, watcher]) await r.page.waitForSelector('#game:not([hidden])');
  assert.ok(benSent.some((m) => m.type === 'accept' && /^[0-9a-f]{32}$/.test(m.contribution ?? '')), 'Ben accepted with a contribution');
  const playing = await server.api('GET', `/api/rooms/${roomId}`);
  assert.equal(playing.status, 'playing');
  assert.equal(playing.game_number, 2);
  assert.equal(await aki.page.isVisible('#rematch'), false);
  assert.equal(await aki.page.isVisible('#end'), false, 'no end screen at the start of game 2');
  assert.equal((await logLines(aki.page)).length, firstLog, 'game 2 starts with a fresh log');
  await aki.page.waitForSelector('#table button[data-action]:not([disabled])');
  assert.deepEqual(await pageListeners(aki.page), firstListeners, 'game 1\u2019s table stopped listening to the page when game 2\u2019s came');

  // Game 2 ends the same way; the history lists both games.
  await playTheGame(aki, [aki, ben, watcher]);
  for (const r of [aki, ben]) {
    await r.page.waitForFunction(() => document.querySelectorAll('#end-history li[data-game]').length === 2);
    assert.deepEqual(
      (await historyShown(r.page, '#end-history')).map((g) => [g.number, g.winners]),
      [
        [1, 'Ben won'],
        [2, 'Ben won'],
      ],
    );
  }
  await closeAll([aki, ben, watcher]);
});

test('declining gives up the seat: the player watches and the seat is free', { timeout: 60_000 }, async () => {
  const aki = await newPage('Aki');
  const ben = await newPage('Ben');
  const roomId = await finishedRoom(aki, ben);
  await ben.page.waitForSelector('#play-again-button:not([disabled])');
  await ben.page.click('#play-again-button');
  await aki.page.waitForSelector('#decline-button');
  await aki.page.click('#decline-button');
  await aki.page.waitForSelector('#join-form:not([hidden])');
  assert.equal(await aki.page.$('.seat .badge-you'), null, 'Aki has no seat any more');
  const room = await server.api('GET', `/api/rooms/${roomId}`);
  assert.equal(room.seats[0].name ?? null, null, 'seat 1 is free');
  await ben.page.waitForSelector('#seats .seat[data-seat="0"][data-kind="free"]');
  await closeAll([aki, ben]);
});

test('the replay: step through a finished game, every hand revealed, the result at the end', { timeout: 90_000 }, async () => {
  const aki = await newPage('Aki');
  const ben = await newPage('Ben');
  const roomId = await finishedRoom(aki, ben);
  await ben.context.close();

  // From the room's history to the replay page, at 375 px.
  await aki.page.setViewportSize({ width: 375, height: 800 });
  await aki.page.waitForSelector('#end-history a.history-replay');
  await aki.page.click('#end-history li[data-game="1"] a.history-replay');
  await aki.page.waitForURL(/\/replay\.html\?room=.*&game=1$/);
  const page = aki.page;
  await page.waitForSelector('#replay:not([hidden])');
  assert.equal(await page.textContent('#replay-title'), 'Replay: Office 21 game 1');
  assert.match(await page.title(), /^Replay: Office 21 game 1/);
  assert.equal(await page.getAttribute('#back-to-room', 'href'), `/r/${roomId}`);
  const replay = await server.api('GET', `/api/rooms/${roomId}/games/1/replay`);
  const moves = replay.steps.length - 1;
  assert.ok(moves >= 1, 'the replay has the deal and at least one move');

  // The deal: no result yet, the hands as dealt.
  assert.equal(await page.getAttribute('#replay', 'data-step'), '0');
  assert.match(await page.textContent('#replay-move'), /The deal/);
  assert.deepEqual(
    await linesShown(page, '#replay-table', /\u2019s turn|Sending/),
    ['Aki\u2019s turn: playing a card.'],
    'whose turn it is, said once (the table says it; nothing is pinned here)',
  );
  assert.equal(await page.isVisible('#replay-result'), false, 'no result before the end');
  assert.ok(await page.isDisabled('#replay-first'));
  assert.ok(await page.isDisabled('#replay-prev'));
  const dealHand = await page.$$eval('#revealed-list [data-seat="0"] [data-label="Hand"] li', (lis) => lis.map((li) => li.textContent));
  assert.equal(dealHand.filter((c) => /spy/i.test(c)).length, 3, 'Aki\u2019s dealt hand: three SPYs');

  // The header's Rules button opens this game's rules, as on the room page.
  await page.click('#rules-button');
  await page.waitForSelector('dialog.rules-drawer[open] .rules-section');
  assert.equal(await page.getAttribute('dialog.rules-drawer .rules-content', 'data-game'), 'office21');
  await page.keyboard.press('Escape');
  await page.waitForSelector('dialog.rules-drawer', { state: 'detached' });
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'rules-button', 'the focus is back on it');

  // The keyboard: End, Home, Right, Left.
  await page.click('#replay-title');
  await page.keyboard.press('End');
  assert.equal(await page.getAttribute('#replay', 'data-step'), String(moves));
  await page.keyboard.press('Home');
  assert.equal(await page.getAttribute('#replay', 'data-step'), '0');
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.getAttribute('#replay', 'data-step'), '1');
  assert.equal(await page.textContent('#replay-move'), `Move 1 of ${moves}`);
  assert.match(await page.textContent('#replay-actor'), /Aki played/);
  assert.ok((await logLines(page)).length > 0, 'the log has the lines up to this move');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await page.getAttribute('#replay', 'data-step'), '0');

  // The Last button: the end, with every hand revealed and the result.
  await page.click('#replay-last');
  assert.equal(await page.getAttribute('#replay', 'data-step'), String(moves));
  assert.equal(await page.inputValue('#replay-slider'), String(moves));
  assert.ok(await page.isDisabled('#replay-next'));
  const revealed = await page.$$eval('#revealed-list .revealed-group', (groups) =>
    groups.map((g) => ({
      seat: g.dataset.seat,
      owner: g.querySelector('.revealed-owner').textContent,
      hands: [...g.querySelectorAll('[data-label="Hand"]')].map((item) => ({
        heading: item.querySelector('.revealed-label').textContent,
        items: [...item.querySelectorAll('li')].map((li) => li.textContent),
      })),
    })),
  );
  for (const [seat, name] of ['Aki', 'Ben'].entries()) {
    const group = revealed.find((g) => g.seat === String(seat));
    assert.ok(group, `${name}'s group is shown (${JSON.stringify(revealed)})`);
    assert.equal(group.owner, name);
    assert.equal(group.hands.length, 1, `${name} has a "Hand" list`);
    assert.equal(group.hands[0].heading, 'Hand');
  }
  const handOf = (seat) => revealed.find((g) => g.seat === String(seat)).hands[0].items.join(' ');
  assert.match(handOf(1), /cleaner/i, 'Ben\u2019s hand is revealed');
  assert.match(handOf(1), /manager/i);
  assert.match(handOf(1), /sales/i);
  assert.match(handOf(0), /spy/i, 'Aki\u2019s hand is revealed');
  await page.waitForSelector('#replay-result:not([hidden])');
  assert.match(await page.textContent('#replay-winners'), /Ben won/);
  assert.equal(await page.getAttribute('#replay-result', 'data-winners'), '1');
  assert.equal(await scrollsSideways(page), false, 'the replay fits 375 px');
  // A result wider than the phone (Dilbert's final scores beside a long name)
  // scrolls in its own box; the page's column does not grow to hold it.
  await page.evaluate(() => {
    const box = document.createElement('div');
    box.style.overflowX = 'auto';
    box.className = 'wide-result';
    const table = document.createElement('div');
    table.style.width = '40rem';
    table.textContent = 'a final table wider than the phone';
    box.append(table);
    document.getElementById('replay-ending').append(box);
  });
  assert.equal(await scrollsSideways(page), false, 'a wide result scrolls in its box, not the page');
  assert.ok(
    await page.$eval('.wide-result', (box) => box.getBoundingClientRect().right <= document.documentElement.clientWidth),
    'the box itself is no wider than the page',
  );
  await page.$eval('.wide-result', (box) => box.remove());

  // The slider goes back too.
  await page.fill('#replay-slider', '0');
  assert.equal(await page.getAttribute('#replay', 'data-step'), '0');

  // Readable refusals: no such game, and a game still being played.
  await page.goto(`${server.url}/replay.html?room=${roomId}&game=9`);
  await page.waitForSelector('#replay-error:not([hidden])');
  assert.match(await page.textContent('#replay-error-text'), /There is no game 9 in this room/);
  assert.equal(await page.getAttribute('#replay-error-room', 'href'), `/r/${roomId}`);

  const anna = await newPage('Anna');
  const bruno = await newPage('Bruno');
  const running = await seatAndStart(server, { players: [anna, bruno], options: { fixture: FIXTURE } });
  await page.goto(`${server.url}/replay.html?room=${running.room_id}&game=1`);
  await page.waitForSelector('#replay-error:not([hidden])');
  assert.match(await page.textContent('#replay-error-text'), /still being played/);
  await closeAll([aki, anna, bruno]);
});
