// Browser tests of the table chat (issue 14, js/chat.js): lines from
// players and a spectator on every page, names and lines as literal text,
// the history after a reload, muting remembered per room, quick reactions,
// the unread badge, and readable refusals (too long, refused by the server,
// too fast), and the chat loaded on use on a phone (js/chat-on-use.js).
// Real server binary, headless Chromium; the spectator's page at 375 px.
// See README.md for how to run.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';

import { openPage, startServerAndBrowser, stopServerAndBrowser } from './lib/harness.mjs';
import { waitConnected, joinAs, scrollsSideways, tokenKey, watchLaterParts } from './lib/room.mjs';

let server;
let browser;

before(async () => ({ server, browser } = await startServerAndBrowser()));
after(() => stopServerAndBrowser(server, browser));

/** A page that records the chat messages it sends and any alert() (none may open). */
async function newPage(name, options = {}) {
  const record = await openPage(browser, { name, ...options });
  record.sentChat = [];
  record.dialogs = [];
  record.page.on('dialog', (dialog) => {
    record.dialogs.push(dialog.message());
    dialog.dismiss().catch(() => {});
  });
  record.page.on('websocket', (ws) => {
    ws.on('framesent', (frame) => {
      try {
        const msg = JSON.parse(frame.payload);
        if (msg.type === 'chat') record.sentChat.push(msg);
      } catch {
        // not JSON
      }
    });
  });
  return record;
}

async function closeAll(records) {
  for (const r of records) {
    assert.deepEqual(r.errors, [], `${r.name}: no script errors in the page`);
    assert.deepEqual(r.dialogs, [], `${r.name}: no dialog opened`);
    await r.context.close();
  }
}

/** A room of `game` whose first player holds the host token; players sit, watchers just open it. */
async function room(game, players, watchers = [], answers = {}) {
  const created = await server.api('POST', '/api/rooms', { game, seats: players.length });
  const [host] = players;
  await host.page.goto(server.url + '/');
  await host.page.evaluate(([k, v]) => localStorage.setItem(k, v), [tokenKey(created.room_id), created.host_token]);
  for (const p of players) {
    await p.page.goto(server.url + created.url);
    await waitConnected(p.page);
    await joinAs(p.page, p.name, answers[p.name] ?? {});
  }
  for (const w of watchers) {
    await w.page.goto(server.url + created.url);
    await waitConnected(w.page);
  }
  return created;
}

/** The chat lines a page shows (hidden ones marked), in order. */
async function chatLines(page) {
  return page.$$eval('#chat-lines li.chat-line', (items) =>
    items.map((li) => ({
      id: Number(li.dataset.id),
      name: li.querySelector('.chat-name')?.textContent,
      watching: Boolean(li.querySelector('.chat-watching')),
      text: li.querySelector('.chat-text')?.textContent,
      time: li.querySelector('time')?.getAttribute('datetime') ?? null,
      hidden: li.hidden,
    })),
  );
}

async function waitLine(page, text) {
  await page.waitForFunction(
    (t) => [...document.querySelectorAll('#chat-lines .chat-text')].some((el) => el.textContent === t),
    text,
  );
}

/** Types a line and presses Enter; waits until the page shows it and the input is empty again. */
async function say(page, text) {
  await page.fill('#chat-text', text);
  await page.press('#chat-text', 'Enter');
  await waitLine(page, text);
  await page.waitForFunction(() => document.getElementById('chat-text').value === '');
}

/** Scrolls the chat panel into sight, as a reader would. */
async function lookAtChat(page) {
  await page.locator('#chat-panel').scrollIntoViewIfNeeded();
}

async function chatError(page) {
  await page.waitForFunction(() => document.getElementById('chat-error').textContent !== '');
  return page.textContent('#chat-error');
}

// ---------------------------------------------------------------------------

test('two players and a spectator talk in the lobby and the game; names and lines stay text; a reload shows the history; refusals are readable', { timeout: 120_000 }, async () => {
  const aki = await newPage('Aki');
  const ben = await newPage('Ben');
  const watcher = await newPage('Watcher', { width: 375, height: 800 });
  const everyone = [aki, ben, watcher];
  await room('office21', [aki, ben], [watcher]);

  // The panel is there in the lobby, empty; only the spectator is asked for a name.
  for (const r of everyone) {
    await r.page.waitForSelector('#chat-panel:not([hidden]) #chat-text');
    assert.match(await r.page.textContent('#chat-title'), /Table chat/);
    assert.equal(await r.page.getAttribute('#chat-text', 'maxlength'), '500');
  }
  assert.equal(await aki.page.isVisible('#chat-name'), false, 'a seated player gives no name');
  assert.equal(await ben.page.isVisible('#chat-name'), false);
  assert.equal(await watcher.page.isVisible('#chat-name'), true, 'the spectator is asked for a name');
  // Office 21 offers the emoji, not Osaki's calls.
  const reactions = await aki.page.$$eval('#chat-reactions button', (bs) => bs.map((b) => b.textContent));
  assert.deepEqual(reactions, ['\u{1F44D}', '\u{1F602}', '\u{1F62E}']);

  // (a) A player's line, sent with Enter, reaches every page under her seat's name.
  await say(aki.page, 'Hello table');
  for (const r of everyone) {
    await waitLine(r.page, 'Hello table');
    const [line] = await chatLines(r.page);
    assert.equal(line.name, 'Aki', `${r.name} sees Aki's name`);
    assert.equal(line.watching, false);
    assert.match(line.time, /^\d{4}-\d\d-\d\dT/, 'the time is a <time> with a datetime');
  }
  assert.deepEqual(aki.sentChat, [{ type: 'chat', text: 'Hello table' }], 'a player sends no name');

  // The spectator must give a name: without one nothing is sent and the error says why.
  await watcher.page.fill('#chat-name', '');
  await watcher.page.fill('#chat-text', 'hi');
  await watcher.page.click('#chat-send');
  assert.match(await chatError(watcher.page), /Type your name first/);
  assert.equal(await watcher.page.evaluate(() => document.activeElement?.id), 'chat-name', 'the focus goes to the name');
  assert.equal(watcher.sentChat.length, 0);

  // (c) A name and a line that look like HTML are shown as they were typed.
  const evilName = '<b>x</b>';
  const evilText = '<img src=x onerror=alert(1)>';
  await watcher.page.fill('#chat-name', evilName);
  await watcher.page.fill('#chat-text', evilText);
  await watcher.page.press('#chat-text', 'Enter');
  for (const r of everyone) {
    await waitLine(r.page, evilText);
    const line = (await chatLines(r.page)).find((l) => l.text === evilText);
    assert.equal(line.name, evilName, `${r.name} shows the name as typed`);
    assert.equal(line.watching, true, `${r.name} marks the spectator's line as watching`);
    assert.equal(await r.page.$$eval('#chat-panel img, #chat-panel b', (els) => els.length), 0, `${r.name}: no element made of a name or a line`);
    assert.equal(await r.page.$$eval('#chat-lines .chat-name', (els) => els.every((el) => el.tagName === 'BDI')), true);
  }
  assert.equal(watcher.sentChat.at(-1).name, evilName, "the spectator's line carries the name");
  assert.match(await watcher.page.textContent('#chat-lines li:last-child'), /\(watching\)/);
  assert.equal(await scrollsSideways(watcher.page), false, 'the 375 px page does not scroll sideways');

  // The game starts; the chat stays, and a line in the game reaches everyone.
  await aki.page.click('#start-button');
  for (const r of everyone) await r.page.waitForSelector('#game:not([hidden])');
  await say(ben.page, 'Good luck, everyone!');
  for (const r of everyone) {
    await waitLine(r.page, 'Good luck, everyone!');
    assert.equal((await chatLines(r.page)).at(-1).name, 'Ben');
  }
  // Each page heard the others' lines read out politely.
  assert.match(await aki.page.textContent('#chat-live'), /Ben says: Good luck, everyone!/);
  assert.equal(await aki.page.getAttribute('#chat-live', 'aria-live'), 'polite');

  // (b) A reload shows the history, in order, with the same names.
  const before = await chatLines(watcher.page);
  assert.equal(before.length, 3);
  await watcher.page.reload();
  await waitConnected(watcher.page);
  // Below the table on a phone, the chat comes when its panel is in sight (js/chat-on-use.js).
  await lookAtChat(watcher.page);
  await waitLine(watcher.page, 'Good luck, everyone!');
  assert.deepEqual(await chatLines(watcher.page), before, 'the history after a reload');
  assert.equal(await watcher.page.inputValue('#chat-name'), evilName, 'the name is prefilled from the last one used');
  await ben.page.reload();
  await waitConnected(ben.page);
  await lookAtChat(ben.page);
  await waitLine(ben.page, 'Good luck, everyone!');
  assert.deepEqual(
    (await chatLines(ben.page)).map((l) => [l.name, l.text, l.watching]),
    before.map((l) => [l.name, l.text, l.watching]),
  );

  // (f) Too long: the input stops at 500 characters and the counter says so.
  await ben.page.fill('#chat-text', 'x'.repeat(600));
  assert.ok((await ben.page.inputValue('#chat-text')).length <= 500, 'the input holds at most 500 characters');
  await ben.page.fill('#chat-text', 'x'.repeat(500));
  assert.equal(await ben.page.textContent('#chat-count'), '500/500');
  // A longer value put there anyway (no maxlength) is refused before sending, readably.
  const sentBefore = ben.sentChat.length;
  await ben.page.evaluate(() => {
    const input = document.getElementById('chat-text');
    input.removeAttribute('maxlength');
    input.value = 'y'.repeat(501);
    input.dispatchEvent(new Event('input'));
  });
  await ben.page.click('#chat-send');
  assert.match(await chatError(ben.page), /Too long: 501 characters\. A line holds at most 500\./);
  assert.equal(ben.sentChat.length, sentBefore, 'nothing was sent');
  assert.equal((await ben.page.inputValue('#chat-text')).length, 501, 'the text is kept to shorten');

  // The server's refusal (a direction control in the line) is shown beside the input too.
  await ben.page.fill('#chat-text', 'evil \u202Etxet');
  assert.equal(await ben.page.textContent('#chat-error'), '', 'typing clears the old error');
  await ben.page.press('#chat-text', 'Enter');
  assert.match(await chatError(ben.page), /^Not sent: chat lines are one line of text, without control characters\.$/);
  assert.equal(await ben.page.inputValue('#chat-text'), 'evil \u202Etxet', 'the refused text stays in the input');

  // Too fast: at most 5 lines in 10 seconds; the next one is refused, readably, and kept.
  let refusedAt = null;
  for (let i = 1; i <= 6 && refusedAt === null; i += 1) {
    const text = `burst ${i}`;
    await ben.page.fill('#chat-text', text);
    await ben.page.press('#chat-text', 'Enter');
    await ben.page.waitForFunction(
      (t) =>
        document.getElementById('chat-error').textContent !== '' ||
        [...document.querySelectorAll('#chat-lines .chat-text')].some((el) => el.textContent === t),
      text,
    );
    if ((await ben.page.textContent('#chat-error')) !== '') refusedAt = i;
  }
  assert.ok(refusedAt !== null && refusedAt <= 6, 'the sixth line within 10 seconds is refused at the latest');
  assert.match(await ben.page.textContent('#chat-error'), /too many lines at once\. Wait a few seconds/);
  assert.equal(await ben.page.inputValue('#chat-text'), `burst ${refusedAt}`);
  assert.equal(await ben.page.isVisible('#toasts .toast'), false, 'no toast for a chat refusal');

  await closeAll(everyone);
});

test('muting a player hides their lines with a count, also for new lines, and survives a reload', { timeout: 120_000 }, async () => {
  const aki = await newPage('Aki');
  const ben = await newPage('Ben');
  await room('office21', [aki, ben]);

  await say(ben.page, 'first from Ben');
  await say(aki.page, 'from Aki');
  await waitLine(aki.page, 'first from Ben');

  // Aki's menu lists Ben only (not herself); muting him hides his line.
  await aki.page.click('#chat-mute summary');
  const listed = await aki.page.$$eval('#chat-mute-list button', (bs) => bs.map((b) => b.getAttribute('aria-label')));
  assert.deepEqual(listed, ['Mute Ben']);
  await aki.page.focus('#chat-mute-list button');
  await aki.page.keyboard.press('Enter');
  await aki.page.waitForSelector('#chat-mute-list button[aria-label="Unmute Ben"]');
  assert.equal(await aki.page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Unmute Ben', 'the focus stays on the button');
  let lines = await chatLines(aki.page);
  assert.deepEqual(lines.map((l) => [l.name, l.hidden]), [['Ben', true], ['Aki', false]]);
  assert.equal(await aki.page.isVisible('#chat-lines li[data-speaker="player:Ben"]'), false);
  assert.equal((await aki.page.textContent('#chat-hidden')).trim(), '1 line hidden (muted).');

  // A new line of his is hidden too (and not read out); Ben's own page shows it.
  await say(ben.page, 'second from Ben');
  await aki.page.waitForFunction(() => document.getElementById('chat-hidden').textContent.includes('2 lines hidden'));
  assert.equal(await aki.page.isVisible('#chat-lines li:last-child'), false);
  assert.doesNotMatch(await aki.page.textContent('#chat-live'), /second from Ben/);
  assert.equal((await chatLines(ben.page)).every((l) => !l.hidden), true, 'nothing is hidden on Ben\u2019s page');

  // After a reload the choice holds (localStorage, this room).
  await aki.page.reload();
  await waitConnected(aki.page);
  await waitLine(aki.page, 'second from Ben');
  lines = await chatLines(aki.page);
  assert.deepEqual(lines.map((l) => [l.name, l.hidden]), [['Ben', true], ['Aki', false], ['Ben', true]]);
  assert.equal((await aki.page.textContent('#chat-hidden')).trim(), '2 lines hidden (muted).');

  // Unmuted, his lines come back.
  await aki.page.click('#chat-mute summary');
  await aki.page.click('#chat-mute-list button[aria-label="Unmute Ben"]');
  lines = await chatLines(aki.page);
  assert.equal(lines.every((l) => !l.hidden), true);
  assert.equal(await aki.page.isVisible('#chat-hidden'), false);

  await closeAll([aki, ben]);
});

test('reactions send their line (Osaki calls in an Osaki room); a collapsed chat counts unread lines', { timeout: 120_000 }, async () => {
  const aki = await newPage('Aki', { width: 375, height: 800 });
  const ben = await newPage('Ben');
  await room('osaki', [aki, ben], [], { Aki: { left_work_at: '23:30' }, Ben: { left_work_at: '18:05' } });

  const reactions = await aki.page.$$eval('#chat-reactions button', (bs) => bs.map((b) => b.textContent));
  assert.deepEqual(reactions, ['\u{1F44D}', '\u{1F602}', '\u{1F62E}', 'これもお願いします！', 'お先に失礼しま〜す！', 'お疲れさまでした！']);

  // (e) A click sends the reaction as Aki's line, on both pages.
  await aki.page.click('#chat-reactions button[data-reaction="\u{1F44D}"]');
  await aki.page.click('#chat-reactions button[data-reaction="お疲れさまでした！"]');
  for (const r of [aki, ben]) {
    await waitLine(r.page, 'お疲れさまでした！');
    assert.deepEqual(
      (await chatLines(r.page)).map((l) => [l.name, l.text]),
      [
        ['Aki', '\u{1F44D}'],
        ['Aki', 'お疲れさまでした！'],
      ],
    );
  }
  assert.equal(await aki.page.getAttribute('#chat-reactions button[data-reaction="お疲れさまでした！"]', 'lang'), 'ja');

  // Ben folds the chat away (keyboard): Aki's next lines show as unread on its heading.
  await ben.page.focus('#chat-toggle');
  await ben.page.keyboard.press('Enter');
  assert.equal(await ben.page.getAttribute('#chat-toggle', 'aria-expanded'), 'false');
  assert.equal(await ben.page.isVisible('#chat-lines'), false);
  await say(aki.page, 'are you there?');
  await aki.page.click('#chat-reactions button[data-reaction="\u{1F62E}"]');
  await ben.page.waitForFunction(() => document.getElementById('chat-unread').textContent === '2 unread');
  assert.equal(await ben.page.isVisible('#chat-unread'), true);
  await ben.page.keyboard.press('Enter');
  await ben.page.waitForSelector('#chat-unread', { state: 'hidden' });
  await waitLine(ben.page, 'are you there?');
  assert.equal(await scrollsSideways(aki.page), false);

  await closeAll([aki, ben]);
});

/** Reloads a page in play scrolled to its top (a reload keeps the scroll), until its table is drawn. */
async function reloadAtTop(page) {
  await page.evaluate(() => scrollTo(0, 0));
  await page.reload();
  await waitConnected(page);
  await page.waitForSelector('#game:not([hidden]) #table > *');
}

test('on a phone the chat comes on use: not with the table, then on sight, on a new line, or on a line sent before it came (sent once it has)', { timeout: 120_000 }, async () => {
  const aki = await newPage('Aki');
  const ben = await newPage('Ben', { width: 390, height: 844, hasTouch: true, isMobile: true });
  await room('osaki', [aki, ben], [], { Aki: { left_work_at: '23:30' }, Ben: { left_work_at: '18:05' } });
  await say(aki.page, 'Before the game');
  await aki.page.click('#start-button');
  await aki.page.waitForSelector('#game:not([hidden]) #table > *');

  // The bundle's second part (the chat, and what else a page loads on use) is watched for.
  const later = await watchLaterParts(ben);
  const laterParts = later.requested;

  // (a) A reload draws the table without the chat: no second part, and no
  // "No messages yet" while the room has a line.
  await reloadAtTop(ben.page);
  await new Promise((resolve) => setTimeout(resolve, 1500));
  assert.deepEqual(laterParts, [], 'the table drawn, nothing loaded on use');
  assert.equal(await ben.page.locator('#chat-panel').isVisible(), true);
  const inSight = await ben.page.$eval('#chat-panel', (el) => el.getBoundingClientRect().top < innerHeight);
  assert.equal(inSight, false, 'the chat panel starts below the table on a phone');
  assert.equal((await chatLines(ben.page)).length, 0);
  assert.equal(await ben.page.isVisible('#chat-empty'), false, 'not "No messages yet" while lines are on their way');

  // (b) In sight, the history comes.
  await lookAtChat(ben.page);
  await waitLine(ben.page, 'Before the game');
  assert.equal(laterParts.length, 1, 'the second part, once');

  // (c) Out of sight again after a reload, a new line brings the chat: read
  // out politely and counted unread, after the history.
  laterParts.length = 0;
  await reloadAtTop(ben.page);
  await say(aki.page, 'Your move, Ben');
  await waitLine(ben.page, 'Your move, Ben');
  assert.deepEqual(
    (await chatLines(ben.page)).map((l) => l.text),
    ['Before the game', 'Your move, Ben'],
  );
  assert.match(await ben.page.textContent('#chat-live'), /Aki says: Your move, Ben/);
  assert.match(await ben.page.textContent('#chat-unread'), /^1/, 'unread while the panel is out of sight');

  // (d) A line typed and sent while the chat is still on its way is sent once
  // it has come, and the page does not navigate (the form's own submit).
  later.hold();
  await reloadAtTop(ben.page);
  const url = ben.page.url();
  await ben.page.fill('#chat-text', 'Typed early');
  await ben.page.press('#chat-text', 'Enter');
  await new Promise((resolve) => setTimeout(resolve, 300));
  assert.equal((await chatLines(ben.page)).length, 0, 'the chat has not come yet');
  // Its toggle works meanwhile, and the choice is kept once the chat has come.
  await ben.page.click('#chat-toggle');
  assert.equal(await ben.page.getAttribute('#chat-toggle', 'aria-expanded'), 'false');
  assert.equal(await ben.page.isVisible('#chat-body'), false);
  later.release();
  await waitLine(aki.page, 'Typed early');
  assert.equal(ben.page.url(), url, 'no navigation');
  assert.equal(await ben.page.inputValue('#chat-text'), '', 'the input is emptied once sent');
  assert.equal(await ben.page.getAttribute('#chat-toggle', 'aria-expanded'), 'false', 'still collapsed');
  // A reload draws it collapsed before the chat has come.
  laterParts.length = 0;
  await reloadAtTop(ben.page);
  assert.equal(await ben.page.getAttribute('#chat-toggle', 'aria-expanded'), 'false');
  assert.equal(await ben.page.isVisible('#chat-body'), false);
  assert.deepEqual(laterParts, []);

  await closeAll([aki, ben]);
});
