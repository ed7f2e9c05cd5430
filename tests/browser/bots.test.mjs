// Browser tests of computer players and away seats: a game against the
// computer from the start page, a host handing an away player's seat to a
// bot, the personal link that opens a seat on another device, a spectator
// taking over a bot's seat, and the host's lobby controls (bots, empty
// seats, passing the host's rights). Real server binary (bots without their
// pause: --bot-delay-ms 0), headless Chromium, players who only click what
// their page shows. See README.md for how to run.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';

import { openPage, prng, sleep, startServerAndBrowser, stopServerAndBrowser, closeAll } from './lib/harness.mjs';
import { tokenKey, waitConnected, joinAs, seqOf, waitSeq, isOver, playOneMove, scrollsSideways, brokenWords } from './lib/room.mjs';

const SEED = Number(process.env.TEST_SEED ?? Date.now() % 1_000_000);
const MAX_MOVES = 200;
const LONG_NAME = 'Akiko Wolkenstein-Maxim';

let server;
let browser;

console.log(`# random seed: TEST_SEED=${SEED}`);
before(async () => ({ server, browser } = await startServerAndBrowser({ args: ['--bot-delay-ms', '0', '--bot-think-ms', '50'] })));
after(() => stopServerAndBrowser(server, browser));

/** The seat list as the page shows it. */
async function seatsShown(page) {
  return page.$$eval('#seats .seat', (lis) =>
    lis.map((li) => ({
      seat: Number(li.dataset.seat),
      kind: li.dataset.kind,
      name: li.querySelector('.seat-name')?.textContent ?? '',
      status: li.querySelector('.seat-status, .presence')?.textContent ?? '',
      you: Boolean(li.querySelector('.badge-you')),
      host: Boolean(li.querySelector('.badge-host')),
    })),
  );
}

/** Waits until the page may move (a highlighted control) or the game is over. */
async function waitForMoveOrEnd(page) {
  await page.waitForFunction(
    () => document.querySelector('#table button[data-legal]:not([disabled])') || !document.getElementById('end').hidden,
    null,
    { timeout: 30_000 },
  );
  return !(await isOver(page));
}

async function logLines(page) {
  return page.$$eval('#log li', (lis) => lis.map((li) => li.textContent));
}

/** Creates a room through the API; the host's context gets the host token. */
async function createRoom(host, body) {
  const created = await server.api('POST', '/api/rooms', body);
  await host.page.goto(server.url + '/');
  await host.page.evaluate(([k, v]) => localStorage.setItem(k, v), [tokenKey(created.room_id), created.host_token]);
  return created;
}

// ---------------------------------------------------------------------------

test('play against the computer: start page to the end of an Osaki game with two easy bots', { timeout: 180_000 }, async () => {
  const random = prng(SEED);
  const me = await openPage(browser, { name: 'solo', width: 375, height: 800 });

  await me.page.goto(server.url + '/');
  await me.page.waitForSelector('#solo-form:not([hidden])');
  await me.page.selectOption('#solo-game', 'osaki');
  await me.page.selectOption('#solo-seats', '3');
  await me.page.selectOption('#solo-level', 'easy');
  // A long name (23 letters of the 24 allowed), which the end screen's table must hold.
  await me.page.fill('#solo-name', LONG_NAME);
  assert.equal(await scrollsSideways(me.page), false, 'the start page fits 375 px');
  await me.page.click('#solo-button');

  // The room page sets everything up by itself: the player lands in a running game.
  await me.page.waitForURL(/\/r\/[0-9a-f]+$/);
  const url = new URL(me.page.url());
  assert.equal(url.search + url.hash, '', 'the plan does not travel in the URL');
  await me.page.waitForSelector('#game:not([hidden])', { timeout: 30_000 });
  await me.page.waitForFunction(() => document.querySelectorAll('#seats .seat-is-bot').length === 2);
  const seats = await seatsShown(me.page);
  assert.deepEqual(
    seats.map((s) => [s.kind, s.you, s.host]),
    [
      ['here', true, true],
      ['bot', false, false],
      ['bot', false, false],
    ],
  );
  assert.equal(seats[0].name, LONG_NAME);
  for (const s of seats.slice(1)) assert.equal(s.status, 'Bot \u00b7 easy');
  assert.equal(
    await me.page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('cubicle:solo:')).length),
    0,
    'the plan is used once',
  );
  assert.equal(await me.page.textContent('#solo-status'), '', 'the set-up note is gone once the game runs');

  // Aki plays by clicking; the bots answer on their own.
  let moves = 0;
  while (await waitForMoveOrEnd(me.page)) {
    assert.ok(moves < MAX_MOVES, `the game ends within ${MAX_MOVES} of Aki's moves`);
    if (await playOneMove(me.page, random)) moves += 1;
    if (moves % 5 === 0) assert.equal(await scrollsSideways(me.page), false, 'the table fits 375 px');
  }
  assert.ok(moves >= 4, `Aki played (${moves} moves)`);

  await me.page.waitForSelector('#end:not([hidden])');
  assert.match(await me.page.textContent('#end-title'), /wins!|Shared victory/);
  const log = await logLines(me.page);
  const botNames = seats.slice(1).map((s) => s.name);
  for (const name of botNames) {
    assert.ok(log.some((line) => line.includes(name) && / turned over /.test(line)), `${name} played (the log says so)`);
  }
  assert.match(log.at(-1), /^Game over/);
  assert.equal(await scrollsSideways(me.page), false, 'the end screen fits 375 px');
  assert.deepEqual(await brokenWords(me.page, '#end', { skip: 'bdi, code, [hidden]' }), [], 'the end screen breaks no word but names');
  await closeAll([me]);
});

// ---------------------------------------------------------------------------

test('play against the computer: when the set-up cannot load, the page is an ordinary lobby', { timeout: 60_000 }, async () => {
  const me = await openPage(browser, { name: 'solo-offline', width: 375, height: 800 });
  // The set-up is loaded on use: the bundle's second part, or js/solo.js
  // when the client is served unbundled. The link drops just then.
  const blocked = [];
  await me.context.route(/bundle\/room\.[a-z0-9_-]+\.later\.js|\/js\/solo\.js/, (route) => {
    blocked.push(route.request().url());
    return route.abort('internetdisconnected');
  });
  await me.page.goto(server.url + '/');
  await me.page.waitForSelector('#solo-form:not([hidden])');
  await me.page.selectOption('#solo-game', 'osaki');
  await me.page.selectOption('#solo-seats', '2');
  await me.page.fill('#solo-name', 'Aki');
  await me.page.click('#solo-button');

  await me.page.waitForURL(/\/r\/[0-9a-f]+$/);
  await me.page.waitForFunction(() => /did not load/.test(document.getElementById('solo-status').textContent));
  assert.ok(blocked.length > 0, 'the set-up was asked for');
  await waitConnected(me.page);
  await joinAs(me.page, 'Aki');
  const seats = await seatsShown(me.page);
  assert.deepEqual(
    seats.map((s) => [s.kind, s.you, s.host]),
    [
      ['here', true, true],
      ['free', false, false],
    ],
    'the player is seated as host, and no bot was added for them',
  );
  assert.deepEqual(me.errors, [], 'no script error');
  await closeAll([me]);
});

test('the host hands an away player\u2019s seat to a bot, and the game goes on', { timeout: 120_000 }, async () => {
  const random = prng(SEED + 1);
  const host = await openPage(browser, { name: 'host' });
  const guest = await openPage(browser, { name: 'guest', width: 375, height: 800 });
  const created = await createRoom(host, { game: 'osaki', seats: 2 });
  for (const [p, name] of [
    [host, 'Aki'],
    [guest, 'Ben'],
  ]) {
    await p.page.goto(server.url + created.url);
    await waitConnected(p.page);
    await joinAs(p.page, name);
  }
  await host.page.waitForSelector('#start-button:not([disabled])');
  await host.page.click('#start-button');
  for (const p of [host, guest]) await p.page.waitForSelector('#game:not([hidden])');
  assert.equal(await guest.page.$('#seats [data-control^="away"]'), null, 'only the host decides for away players');

  // Ben's browser goes away.
  assert.deepEqual(guest.errors, [], 'guest: no script errors in the page');
  await guest.context.close();
  const row = '#seats .seat[data-seat="1"]';
  await host.page.waitForSelector(`${row}[data-kind="away"]`);
  assert.match(await host.page.textContent(row), /Ben.*away/);
  for (const control of ['away-wait', 'away-bot', 'away-open']) {
    assert.ok(await host.page.isVisible(`${row} [data-control="${control}"]`), `the host is offered ${control}`);
  }
  assert.deepEqual(
    await host.page.$$eval(`${row} [data-control]`, (els) => els.map((e) => e.textContent || e.dataset.control)),
    ['Make host', 'Wait', 'RandomEasyHard', 'Let a bot play', 'Open the seat'],
  );
  assert.equal(await host.page.inputValue('#bot-level-1'), 'easy', 'easy is the default level');

  await host.page.selectOption('#bot-level-1', 'random');
  await host.page.click(`${row} [data-control="away-bot"]`);
  await host.page.waitForSelector(`${row}[data-kind="stand_in"]`);
  // "Ben to play (away)" while it is still Ben's turn: the bot moves after its delay.
  assert.match(await host.page.textContent(row), /Ben( to play)? \(away\) · bot playing/);
  const logAtStandIn = (await logLines(host.page)).length;

  // The bot plays Ben's turns; Aki takes a turn after one of them.
  let botActed = false;
  let hostAfterBot = false;
  for (let i = 0; i < 30 && !hostAfterBot; i += 1) {
    if (!(await waitForMoveOrEnd(host.page))) break;
    botActed ||= (await logLines(host.page)).slice(logAtStandIn).some((line) => line.startsWith('Ben '));
    const before = await seqOf(host.page);
    assert.ok(await playOneMove(host.page, random), 'the host can move');
    assert.ok((await seqOf(host.page)) > before);
    hostAfterBot = botActed;
  }
  assert.ok(botActed, 'the bot played for Ben');
  assert.ok(hostAfterBot, 'the host moved after the bot');
  await closeAll([host]);
});

// ---------------------------------------------------------------------------

test('a personal link opens the seat on another device; a spectator takes over a bot\u2019s seat', { timeout: 120_000 }, async () => {
  const random = prng(SEED + 2);
  const aki = await openPage(browser, { name: 'aki' });

  // Aki creates a 2-player room on the start page, sits, adds a bot (and
  // takes it out and in again) and starts.
  await aki.page.goto(server.url + '/');
  await aki.page.getByLabel(/Osaki/).check();
  await aki.page.selectOption('#seats', '2');
  await aki.page.click('#create-button');
  await aki.page.waitForURL(/\/r\/[^/]+$/);
  const roomId = new URL(aki.page.url()).pathname.split('/')[2];
  await waitConnected(aki.page);
  await joinAs(aki.page, 'Aki');
  const row = '#seats .seat[data-seat="1"]';
  assert.equal(await aki.page.inputValue('#bot-level-1'), 'easy');
  await aki.page.click(`${row} [data-control="add-bot"]`);
  await aki.page.waitForSelector(`${row}[data-kind="bot"]`);
  assert.match(await aki.page.textContent(`${row} .seat-status`), /^Bot · easy$/);
  assert.equal(await aki.page.isVisible('#remove-empty-button'), false, 'no empty seats to remove');
  await aki.page.click(`${row} [data-control="remove-bot"]`);
  await aki.page.waitForSelector(`${row}[data-kind="free"]`);
  await aki.page.selectOption('#bot-level-1', 'hard');
  await aki.page.click(`${row} [data-control="add-bot"]`);
  await aki.page.waitForSelector(`${row}[data-kind="bot"]`);
  assert.match(await aki.page.textContent(`${row} .seat-status`), /^Bot · hard$/);
  await aki.page.click('#start-button');
  await aki.page.waitForSelector('#game:not([hidden])');

  // "Use on another device": a dialog with the link, a Copy button and the QR code.
  await aki.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  await aki.page.click('#device-link-button');
  await aki.page.waitForSelector('#device-link[open]');
  assert.equal(await aki.page.evaluate(() => document.activeElement?.id), 'device-link-copy', 'focus moves into the dialog');
  const link = await aki.page.inputValue('#device-link-input');
  const token = await aki.page.evaluate((k) => localStorage.getItem(k), tokenKey(roomId));
  assert.equal(link, `${server.url}/r/${roomId}#token=${token}`);
  assert.ok(Number(await aki.page.getAttribute('#device-link [data-testid="qr-code"]', 'data-modules')) >= 21, 'a QR code is drawn');
  assert.ok((await aki.page.getAttribute('#device-link svg path', 'd')).length > 100);
  await aki.page.click('#device-link-copy');
  await aki.page.waitForFunction(() => /copied/i.test(document.getElementById('device-link-status').textContent));
  assert.equal(await aki.page.evaluate(() => navigator.clipboard.readText()), link);
  // Tab stays inside the dialog; Escape closes it and gives the focus back.
  for (let i = 0; i < 5; i += 1) {
    await aki.page.keyboard.press('Tab');
    assert.ok(await aki.page.evaluate(() => document.getElementById('device-link').contains(document.activeElement)), 'Tab stays in the dialog');
  }
  await aki.page.keyboard.press('Escape');
  await aki.page.waitForSelector('#device-link:not([open])', { state: 'attached' });
  assert.equal(await aki.page.evaluate(() => document.activeElement?.id), 'device-link-button', 'focus goes back to the button');

  // A fresh context (no stored token) opens the link: it is Aki.
  const phone = await openPage(browser, { name: 'phone', width: 375, height: 800 });
  await phone.page.goto(link);
  await waitConnected(phone.page);
  assert.equal(new URL(phone.page.url()).hash, '', 'the token leaves the address bar');
  assert.equal(phone.page.url(), `${server.url}/r/${roomId}`);
  assert.equal(await phone.page.evaluate((k) => localStorage.getItem(k), tokenKey(roomId)), token, 'the token is kept for the room');
  await phone.page.waitForSelector('#seats .seat[data-seat="0"] .badge-you');
  assert.match(await phone.page.textContent('#you-panel'), /You sit in seat 1 as Aki/);
  assert.ok(await waitForMoveOrEnd(phone.page), 'the game is on');
  assert.ok((await phone.page.$$('#table .area-mine')).length === 1, 'the phone sees the table as Aki');
  // The phone moves; the first device sees it.
  assert.ok(await playOneMove(phone.page, random), 'the phone offers Aki\u2019s moves');
  await waitSeq(aki.page, await seqOf(phone.page));
  assert.equal(await scrollsSideways(phone.page), false, 'the table fits 375 px');

  // A spectator takes over the bot's own seat.
  const chie = await openPage(browser, { name: 'chie' });
  await chie.page.goto(server.url + `/r/${roomId}`);
  await waitConnected(chie.page);
  await chie.page.waitForSelector('#join-form:not([hidden])');
  assert.equal(await chie.page.isVisible('#join-questions'), false, 'no join questions once the game runs');
  assert.equal(await aki.page.$(`${row} [data-control="take-seat"]`), null, 'a seated player is offered no other seat');
  await chie.page.fill('#join-name', 'Chie');
  await chie.page.click(`${row} [data-control="take-seat"]`);
  await chie.page.waitForSelector(`${row} .badge-you`);
  await aki.page.waitForFunction(() => document.querySelector('#seats .seat[data-seat="1"] .seat-name')?.textContent === 'Chie');
  assert.equal(await aki.page.getAttribute(row, 'data-kind'), 'here');
  await chie.page.waitForFunction(() => document.querySelector('#table .area-mine')?.dataset.seat === '1');

  // Chie and Aki play on by clicking (no bot left): a few moves each.
  let moves = 0;
  for (let i = 0; i < 6 && !(await isOver(aki.page)); i += 1) {
    for (const p of [aki, chie]) {
      if (await playOneMove(p.page, random)) {
        moves += 1;
        const seq = await seqOf(p.page);
        for (const other of [aki, chie, phone]) await waitSeq(other.page, seq);
        break;
      }
    }
  }
  assert.ok(moves >= 4, `Chie and Aki took turns (${moves} moves)`);
  await closeAll([aki, phone, chie]);
});

// ---------------------------------------------------------------------------

test('lobby: the host removes the empty seats and passes the host\u2019s rights on', { timeout: 90_000 }, async () => {
  const aki = await openPage(browser, { name: 'aki', width: 375, height: 800 });
  const ben = await openPage(browser, { name: 'ben' });
  const created = await createRoom(aki, { game: 'office21', seats: 4 });
  await aki.page.goto(server.url + created.url);
  await waitConnected(aki.page);
  await joinAs(aki.page, 'Aki');
  assert.equal(await aki.page.isVisible('#remove-empty-button'), false, 'one player is below the minimum of 2');
  await ben.page.goto(server.url + created.url);
  await waitConnected(ben.page);
  await joinAs(ben.page, 'Ben');
  assert.equal(await ben.page.$('#seats [data-control="add-bot"]'), null, 'only the host adds bots');
  assert.equal(await ben.page.isVisible('#remove-empty-button'), false);
  await aki.page.waitForSelector('#remove-empty-button:not([hidden])');
  assert.equal(await scrollsSideways(aki.page), false, 'the host\u2019s lobby fits 375 px');

  // Two seats are left, numbered as before.
  await aki.page.click('#remove-empty-button');
  for (const p of [aki, ben]) await p.page.waitForFunction(() => document.querySelectorAll('#seats .seat').length === 2);
  assert.deepEqual(
    (await seatsShown(ben.page)).map((s) => [s.name, s.you, s.host]),
    [
      ['Aki', false, true],
      ['Ben', true, false],
    ],
  );
  await aki.page.waitForSelector('#start-button:not([disabled])');

  // Aki hands the host's rights to Ben: Ben may start now, Aki may not.
  await aki.page.click('#seats .seat[data-seat="1"] [data-control="pass-host"]');
  await ben.page.waitForSelector('#host-panel:not([hidden])');
  await aki.page.waitForSelector('#host-panel', { state: 'hidden' });
  assert.match(await ben.page.textContent('#you-panel'), /you are the host/);
  await ben.page.waitForSelector('#seats .seat[data-seat="1"] .badge-host');
  await ben.page.click('#start-button');
  for (const p of [aki, ben]) await p.page.waitForSelector('#game:not([hidden])');
  await closeAll([aki, ben]);
});

test('the host\u2019s lobby draws its seat list with its controls at once, and its join form whole: nothing moves under the finger', { timeout: 60_000 }, async () => {
  const host = await openPage(browser, { name: 'host', width: 390, height: 844, hasTouch: true, isMobile: true });
  const created = await createRoom(host, { game: 'osaki', seats: 3 });
  // From the page's first script on: the seat list's first drawing, and the
  // join button's first showing (how far below the list it was then).
  await host.context.addInitScript(() => {
    window.__first = { controls: null, joinBelowSeats: null };
    const below = () => document.getElementById('join-button').getBoundingClientRect().top - document.getElementById('seats').getBoundingClientRect().top;
    new MutationObserver(() => {
      const first = window.__first;
      if (first.controls === null && document.querySelector('#seats .seat')) {
        first.controls = document.querySelectorAll('#seats [data-control="add-bot"]').length;
      }
      const form = document.getElementById('join-form');
      if (first.joinBelowSeats === null && form && !form.hidden) first.joinBelowSeats = below();
    }).observe(document, { childList: true, subtree: true, attributes: true });
  });
  await host.page.goto(server.url + created.url);
  await waitConnected(host.page);
  await host.page.waitForSelector('#join-button');
  await host.page.waitForSelector('#join-q-left_work_at');
  await sleep(500);
  const first = await host.page.evaluate(() => window.__first);
  assert.equal(first.controls, 3, '"Add bot" on each free seat from the first drawing');
  // (The invite panel above may still grow, with the room code: the list and the form move together.)
  const joinBelowSeats = await host.page.$eval('#join-button', (el) => el.getBoundingClientRect().top - document.getElementById('seats').getBoundingClientRect().top);
  assert.equal(joinBelowSeats, first.joinBelowSeats, 'the join button stays where it was first shown, below the list (its questions came with it)');
  await closeAll([host]);
});
