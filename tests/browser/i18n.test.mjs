// Browser tests of the Japanese interface's frame (issue 14: "the Japanese
// interface has no English string left on any page"): with a Japanese
// browser (locale ja-JP) and Japanese player names, a scan of the DOM
// (lib/english.mjs: every text node and user-facing attribute, names
// marked translate="no" left out) finds no Latin word on the start page
// (with the rules drawer open too, and the code form's refusals), the 404
// page, a lobby seen by the host and a guest (a name refused by the server,
// shown by its code; a bot added, the chat open with a line, the invite's
// QR code and the personal link shown), a game in play (an away player),
// its end screen, the lobby of Play again and the replay page. The game
// tables, their logs and end details are the games' own words (tested
// with each game): on the room page the scan covers the frame around them
// only (`FRAME`); the replay page is scanned whole, its lists of what was
// hidden included (js/revealed-words.js). Then the
// header's language switch: English chosen on a Japanese browser shows
// English, survives a reload and a new page, and 日本語 brings Japanese
// back. Real server binary, headless Chromium.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';

import { openPage, startServerAndBrowser, stopServerAndBrowser, closeAll } from './lib/harness.mjs';
import { waitConnected, joinAs, tokenKey } from './lib/room.mjs';
import { englishLeft } from './lib/english.mjs';
import { position, seatAndStart, clickAndSettle, offeredActions } from './lib/office21.mjs';

let server;
let browser;

before(async () => ({ server, browser } = await startServerAndBrowser()));
after(() => stopServerAndBrowser(server, browser));

const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;
/**
 * Latin words the Japanese interface keeps on purpose, beyond lib/english.mjs's
 * list: none. (Names that stay Latin are marked translate="no" in the page:
 * SHA-256, the keys Home and End, the `cubicle verify` command.)
 */
const DELIBERATE = [];

/** The room page around the game's table: everything but the table, its log and the game's end details. */
const FRAME = [
  '.site-header',
  '.skip-link',
  '#room-title',
  '#share',
  '#seat-notice',
  '#table-frame',
  '#end-title',
  '#end-record',
  '#play-again',
  '#end-history',
  '.end-actions',
  '#lobby',
  '#log-title',
  '#chat-panel',
  '#toasts',
];

async function japanesePage(name, options = {}) {
  const record = await openPage(browser, { name, locale: 'ja-JP', ...options });
  record.name = name;
  return record;
}

/** Asserts the scan finds nothing, listing what it found. */
async function assertNoEnglish(page, what, options) {
  const left = await englishLeft(page, DELIBERATE, options);
  assert.deepEqual(
    left,
    [],
    `${what}: English left on the Japanese page:\n${left.map((l) => `  ${l.word} in "${l.text}" (${l.where})`).join('\n')}`,
  );
}

test('start page and 404 page in Japanese, the rules drawer too', { timeout: 90_000 }, async () => {
  const p = await japanesePage('start');
  const { page } = p;
  await page.goto(server.url + '/');
  await page.waitForSelector('#games input');
  await page.waitForSelector('#theme-toggle:not([hidden])');
  assert.equal(await page.getAttribute('html', 'lang'), 'ja');
  assert.match(await page.textContent('h1'), JAPANESE);
  const names = await page.locator('.game-name').allTextContents();
  assert.deepEqual(names, ['お先に失礼しま〜す！', 'Office 21', 'ディルバート・ボードゲーム'], 'game names in Japanese');
  assert.equal((await page.textContent('#lang-switch')).trim(), 'English', 'the switch offers English');
  await assertNoEnglish(page, 'start page');

  // A form's error, from the page and from the server (its code's Japanese line).
  await page.click('#code-button');
  assert.match(await page.textContent('#code-error'), /部屋コード/);
  await page.fill('#room-code', 'AAAA-AAAA');
  await page.click('#code-button');
  await page.waitForFunction(() => /部屋/.test(document.getElementById('code-error').textContent));
  await assertNoEnglish(page, 'start page with the code form\'s error', { within: ['#code-form'] });

  // The rules drawer follows the page's language, for each game; its
  // Japanese names the table's labels as the Japanese table shows them.
  for (const game of ['osaki', 'office21', 'dilbert']) {
    await page.click(`button[data-rules="${game}"]`);
    await page.waitForSelector('dialog.rules-drawer[open] .rules-content[lang="ja"]');
    await assertNoEnglish(page, `start page with the ${game} rules drawer open`);
    await page.keyboard.press('Escape');
    await page.waitForSelector('dialog.rules-drawer', { state: 'detached' });
  }

  await page.goto(server.url + '/no/such/page');
  await page.waitForSelector('#lang-switch');
  assert.equal(await page.getAttribute('html', 'lang'), 'ja');
  assert.match(await page.textContent('h1'), /ページが見つかりません/);
  await page.waitForFunction(() => !/[A-Za-z]{2}/.test(document.title.replace('Cubicle', '')));
  await assertNoEnglish(page, '404 page');
  await closeAll([p]);
});

test('a lobby in Japanese: host and guest, a bot, the chat, the invite QR code and the personal link', { timeout: 120_000 }, async () => {
  const created = await server.api('POST', '/api/rooms', { game: 'osaki', seats: 3 });
  const host = await japanesePage('host');
  const guest = await japanesePage('guest');
  await host.page.goto(server.url + '/');
  await host.page.evaluate(([k, v]) => localStorage.setItem(k, v), [tokenKey(created.room_id), created.host_token]);
  await host.page.goto(server.url + created.url);
  await waitConnected(host.page);
  await joinAs(host.page, '佐藤');
  await guest.page.goto(server.url + created.url);
  await waitConnected(guest.page);
  // Before taking a seat: the join form, with the game's question in Japanese.
  await guest.page.waitForSelector('#join-form:not([hidden])');
  await assertNoEnglish(guest.page, 'lobby, guest before joining');
  // The server refuses the host's name again (\`bad_name\`): its code's Japanese line.
  await guest.page.fill('#join-name', '佐藤');
  await guest.page.click('#join-button');
  await guest.page.waitForFunction(() => /名前/.test(document.getElementById('join-error').textContent));
  await assertNoEnglish(guest.page, 'lobby, guest refused', { within: ['#join-form'] });
  await joinAs(guest.page, '鈴木');

  // The host adds a bot on the last seat.
  await host.page.click('[data-control="add-bot"]');
  await host.page.waitForSelector('.seat[data-kind="bot"]');
  await guest.page.waitForSelector('.seat[data-kind="bot"]');
  assert.match(await host.page.textContent('.seat[data-kind="bot"] .seat-name'), /ボット/);

  // A chat line from the guest, seen by the host.
  await guest.page.fill('#chat-text', 'こんにちは！よろしくお願いします');
  await guest.page.click('#chat-send');
  await host.page.waitForSelector('.chat-line .chat-text');
  await guest.page.waitForSelector('.chat-line-mine');

  // The invite's QR code.
  await host.page.click('#show-qr');
  await host.page.waitForSelector('#room-qr [data-testid="qr-code"]');
  assert.match(await host.page.textContent('#show-qr'), /QRコードを隠す/);

  for (const r of [host, guest]) {
    assert.equal(await r.page.getAttribute('html', 'lang'), 'ja');
    await r.page.waitForSelector('#theme-toggle:not([hidden])');
    await assertNoEnglish(r.page, `lobby, ${r.name}`);
  }

  // The personal link's dialog.
  await host.page.click('#device-link-button');
  await host.page.waitForSelector('#device-link[open] [data-testid="qr-code"]');
  await assertNoEnglish(host.page, 'lobby, host, with the personal link');
  await host.page.keyboard.press('Escape');
  await closeAll([host, guest]);
});

// Ben's office holds three DIRECTORs (exactly 21); Aki holds only SPYs:
// Aki plays one and Ben wins (as in rematch.test.mjs).
const FIXTURE = position({
  offices: [[], ['director', 'director', 'director']],
  hands: [
    ['spy', 'spy', 'spy'],
    ['cleaner', 'manager', 'sales'],
  ],
  turn: 0,
});

test('a game\'s frame (an away player too), its end screen, Play again and the replay in Japanese', { timeout: 120_000 }, async () => {
  const aki = await japanesePage('明');
  const ben = await japanesePage('勉');
  const watcher = await japanesePage('watcher');
  const created = await seatAndStart(server, { players: [aki, ben], watchers: [watcher], options: { fixture: FIXTURE } });
  for (const r of [aki, ben, watcher]) {
    await r.page.waitForSelector('#table-frame .frame-turn');
    await assertNoEnglish(r.page, `room in play (frame), ${r.name}`, { within: FRAME });
  }
  assert.match(await aki.page.title(), /^あなたの番 · /);

  // Ben's browser goes: Aki, the host, hears it and gets the away choices.
  await ben.context.close();
  await aki.page.waitForSelector('.seat-away [data-control="away-bot"]');
  await aki.page.waitForSelector('#toasts .toast');
  await assertNoEnglish(aki.page, 'room in play with an away player, host', { within: FRAME });

  const offered = await offeredActions(aki.page);
  const spy = offered.find((a) => JSON.parse(a).kind === 'play' && JSON.parse(a).card === 'spy');
  await clickAndSettle(aki, [aki, watcher], `#table button[data-action="${spy.replaceAll('"', '\\"')}"]:not([disabled])`);
  for (const r of [aki, watcher]) {
    await r.page.waitForSelector('#end:not([hidden])');
    await r.page.waitForSelector('#end-history:not([hidden])');
    await r.page.waitForSelector('#end-record:not([hidden])');
    assert.match(await r.page.textContent('#end-title'), /勉の勝ち！/);
    await assertNoEnglish(r.page, `end screen, ${r.name}`, { within: FRAME });
    assert.doesNotMatch((await r.page.title()).replace('Cubicle', '').replace('Office 21', ''), /[A-Za-z]{2}/);
  }

  // Play again: the lobby of game 2, Aki accepted by asking, the watcher told who is still deciding.
  await aki.page.click('#play-again-button');
  for (const r of [aki, watcher]) {
    await r.page.waitForSelector('#rematch:not([hidden])');
    await r.page.waitForSelector('#lobby-history:not([hidden])');
    await assertNoEnglish(r.page, `lobby of game 2, ${r.name}`);
  }
  // Once Aki's acceptance is in, only Ben (gone) is still deciding.
  await watcher.page.waitForFunction(() => document.querySelector('[data-testid="rematch-waiting"]')?.textContent === '検討中：勉');

  await aki.page.click('#lobby-history li[data-game="1"] a.history-replay');
  await aki.page.waitForSelector('#replay:not([hidden])');
  assert.match(await aki.page.textContent('#replay-title'), /リプレイ/);
  await assertNoEnglish(aki.page, 'replay, at the deal');
  await aki.page.click('#replay-last');
  await aki.page.waitForSelector('#replay-result:not([hidden])');
  await assertNoEnglish(aki.page, 'replay, at the end');
  assert.doesNotMatch((await aki.page.title()).replace('Cubicle', '').replace('Office 21', ''), /[A-Za-z]{2}/);

  // A replay that cannot be shown says so in Japanese.
  await aki.page.goto(`${server.url}/replay.html?room=${created.room_id}&game=9`);
  await aki.page.waitForSelector('#replay-error:not([hidden])');
  await assertNoEnglish(aki.page, 'replay error');
  assert.deepEqual(ben.errors, [], '勉: no script errors in the page');
  await closeAll([aki, watcher]);
});

test('the language switch: English on a Japanese browser, kept after a reload and on a new page; 日本語 back', { timeout: 60_000 }, async () => {
  const p = await japanesePage('switch');
  const { page } = p;
  await page.goto(server.url + '/');
  await page.waitForSelector('#games input');
  assert.equal(await page.getAttribute('html', 'lang'), 'ja');
  await Promise.all([page.waitForEvent('load'), page.click('#lang-switch')]);
  await page.waitForSelector('#games input');
  assert.equal(await page.getAttribute('html', 'lang'), 'en');
  assert.equal(await page.textContent('h1'), 'Office games with your colleagues');
  assert.equal((await page.textContent('#lang-switch')).trim(), '日本語');
  assert.equal(await page.getAttribute('#lang-switch', 'lang'), 'ja');
  assert.deepEqual(await page.locator('.game-name').allTextContents(), ['Osaki ni Shitsurei Shima-su!!', 'Office 21', 'Dilbert: The Board Game']);

  await page.reload();
  await page.waitForSelector('#games input');
  assert.equal(await page.getAttribute('html', 'lang'), 'en', 'English after a reload');

  // A new page of the same browser: a room's lobby, in English.
  const created = await server.api('POST', '/api/rooms', { game: 'osaki', seats: 2 });
  const other = await p.context.newPage();
  await other.goto(server.url + created.url);
  await waitConnected(other);
  assert.equal(await other.getAttribute('html', 'lang'), 'en');
  assert.equal(await other.textContent('#join-button'), 'Take a free seat');
  // The rules drawer follows the page: English now.
  await other.click('#rules-button');
  await other.waitForSelector('dialog.rules-drawer[open] .rules-content[lang="en"]');
  await other.keyboard.press('Escape');

  // 日本語 back, from the room page's header.
  await Promise.all([other.waitForEvent('load'), other.click('#lang-switch')]);
  await waitConnected(other);
  assert.equal(await other.getAttribute('html', 'lang'), 'ja');
  assert.equal(await other.textContent('#join-button'), '空いている席に着く');
  await page.reload();
  await page.waitForSelector('#games input');
  assert.equal(await page.getAttribute('html', 'lang'), 'ja', 'the other page follows after a reload');
  await other.close();
  await closeAll([p]);
});
