// "What just happened" (issue 14): the last move stays marked until the
// next one, a moved stack travels from its source to its target (not under
// reduced motion), and "Since your last turn" lists in words what the others
// did since your previous move. Osaki and Office 21, two browser contexts,
// deals staged with fixtures. See README.md for how to run.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';

import { openPage, startServerAndBrowser, stopServerAndBrowser, closeAll } from './lib/harness.mjs';
import { waitConnected, waitSeq, seqOf, scrollsSideways } from './lib/room.mjs';
import { position, seatAndStart } from './lib/office21.mjs';

let server;
let browser;

before(async () => ({ server, browser } = await startServerAndBrowser()));
after(() => stopServerAndBrowser(server, browser));

/** A page that records which elements start a Web Animation (element.animate), by data-key. */
async function recordingPage(name, { reduce = false } = {}) {
  const record = await openPage(browser, { name });
  await record.context.addInitScript(() => {
    window.__animated = [];
    window.__clickThrough = [];
    const animate = Element.prototype.animate;
    Element.prototype.animate = function (...args) {
      window.__animated.push(this.dataset?.key ?? this.className);
      if (getComputedStyle(this).pointerEvents === 'none') window.__clickThrough.push(this.dataset?.key ?? this.className);
      return animate.apply(this, args);
    };
  });
  if (reduce) await record.page.emulateMedia({ reducedMotion: 'reduce' });
  return record;
}

const animated = (page) => page.evaluate(() => window.__animated.splice(0));
/** The animated elements that a click went through (to what lies under them) while they moved. */
const clickedThrough = (page) => page.evaluate(() => window.__clickThrough.splice(0));

/** The marked tiles of the last move on a page: {"seat-slot": mark}. */
function marksOf(page) {
  return page.$$eval('#table .tile[data-last-move]', (tiles) =>
    Object.fromEntries(tiles.map((t) => [`${t.dataset.seat}-${t.dataset.slot}`, t.dataset.lastMove])),
  );
}

/** The recap's lines, or null when it is not shown. */
function recapOf(page) {
  return page.evaluate(() => {
    const box = document.querySelector('[data-testid="recap"]');
    if (!box || box.hidden || box.closest('[hidden]')) return null;
    return [...box.querySelectorAll('li')].map((li) => li.textContent);
  });
}

/** Marks the current last-move elements, to tell a re-render (new elements) from none. */
function tagOld(page) {
  return page.evaluate(() => {
    for (const el of document.querySelectorAll('#table [data-last-move]')) el.__old = true;
  });
}

const rerendered = (page) =>
  page.waitForFunction(() => {
    const els = [...document.querySelectorAll('#table [data-last-move]')];
    return els.length > 0 && els.every((el) => !el.__old);
  });

async function click(page, seat, slot) {
  const before = await seqOf(page);
  await page.click(`#table button[data-seat="${seat}"][data-slot="${slot}"]`);
  return before;
}

async function settle(pages, before) {
  for (const p of pages) await waitSeq(p.page, before + 1);
}

// Each player holds two tiles of each character, all 24 distinct, in this order
// (the deal of osaki.test.mjs, unshuffled): Aki's slot 1 is President / Copying,
// slot 3 Senior Managing Director / Accounting; Ben's slot 1 President / Accounting,
// slot 4 Senior Managing Director / Copying.
function fixedDeal() {
  const tasks = ['copying', 'accounting', 'inventory', 'phone_duty'];
  const characters = ['president', 'senior_managing_director', 'department_manager', 'section_chief', 'senior_colleague', 'temp_worker'];
  const rows = [[], []];
  characters.forEach((character, i) => {
    const order = tasks.map((_, k) => ({ character, task: tasks[(k + i) % tasks.length] }));
    rows[0].push(order[0], order[2]);
    rows[1].push(order[1], order[3]);
  });
  return rows;
}

test('Osaki: the last move stays marked until the next, a moved stack travels, and the recap on your turn', { timeout: 120_000 }, async () => {
  const aki = await recordingPage('aki');
  const ben = await recordingPage('ben', { reduce: true });
  const players = [aki, ben];
  await seatAndStart(server, {
    game: 'osaki',
    players: [
      { ...aki, name: 'Aki' },
      { ...ben, name: 'Ben' },
    ],
    options: { fixture: { deal: fixedDeal(), first_player: 0 } },
  });
  for (const p of players) await p.page.waitForSelector('#table .area');
  assert.deepEqual(await marksOf(aki.page), {}, 'nothing is marked before the first move');
  assert.equal(await recapOf(aki.page), null, 'no recap on a first turn that nothing came before');
  await animated(aki.page);

  // 1. Aki turns her slot 1: marked on both pages, with a line in words.
  let before = await click(aki.page, 0, 0);
  await settle(players, before);
  for (const p of players) {
    assert.deepEqual(await marksOf(p.page), { '0-0': 'turned' }, `${p.name}: the turned tile is marked`);
    // Aki's own move in her words; the others' never "Aki turned over Aki's slot".
    const line = p === aki ? 'Last move: You turned over your slot 1.' : 'Last move: Aki turned over their slot 1.';
    assert.equal(await p.page.textContent('[data-testid="last-move"]'), line);
  }
  // Ben's turn: the recap lists Aki's move, without taking the focus.
  await ben.page.waitForSelector('[data-testid="recap"]:not([hidden])');
  const benRecap = await recapOf(ben.page);
  // Ben has not moved yet: everything so far, the start and Aki's move.
  assert.equal(benRecap.length, 2, `${benRecap}`);
  assert.match(benRecap[0], /The game begins/);
  assert.match(benRecap[1], /Aki turned over President.*Copying/);
  assert.equal(await ben.page.textContent('#recap-title'), 'Since your last turn');
  assert.equal(await ben.page.evaluate(() => document.activeElement?.closest?.('[data-testid="recap"]') ?? null), null, 'the recap does not take the focus');
  assert.equal(await recapOf(aki.page), null, 'no recap when it is not your turn');
  assert.deepEqual(await animated(ben.page), [], 'reduced motion: the turned tile does not flip');

  // An unrelated re-render (a spectator comes in: the room changes) and a chat line keep the mark.
  await tagOld(ben.page);
  const watcher = await recordingPage('watcher');
  await watcher.page.goto(ben.page.url());
  await waitConnected(watcher.page);
  await rerendered(ben.page);
  assert.deepEqual(await marksOf(ben.page), { '0-0': 'turned' }, 'still marked after the table is drawn again');
  assert.deepEqual(await marksOf(watcher.page), { '0-0': 'turned' }, 'a spectator opening the room sees the last move too');
  assert.equal(await recapOf(watcher.page), null, 'a spectator gets no recap');
  await aki.page.fill('#chat-text', 'hi');
  await aki.page.press('#chat-text', 'Enter');
  await ben.page.waitForFunction(() => [...document.querySelectorAll('#chat-lines li')].some((li) => li.textContent.includes('hi')));
  assert.deepEqual(await marksOf(ben.page), { '0-0': 'turned' }, 'still marked after a chat line');
  assert.ok(await recapOf(ben.page), 'the recap stays until dismissed or the turn passes');
  // A reload (a snapshot) keeps both.
  await ben.page.reload();
  await waitConnected(ben.page);
  await ben.page.waitForSelector('#table .tile[data-last-move]');
  assert.deepEqual(await marksOf(ben.page), { '0-0': 'turned' }, 'still marked after a reload');
  assert.match((await recapOf(ben.page))?.at(-1) ?? '', /Aki turned over/, 'the recap after a reload');

  // 2. Ben turns his slot 1: the mark moves; Aki's recap has Ben's move, not her own.
  // Aki is typing in the chat meanwhile: the recap leaves her focus there.
  await aki.page.focus('#chat-text');
  before = await click(ben.page, 1, 0);
  await settle([...players, watcher], before);
  assert.equal(await recapOf(ben.page), null, 'the recap goes once the turn passes');
  for (const p of [...players, watcher]) {
    assert.deepEqual(await marksOf(p.page), { '1-0': 'turned' }, `${p.name}: only the new move is marked`);
  }
  await aki.page.waitForSelector('[data-testid="recap"]:not([hidden])');
  const akiRecap = await recapOf(aki.page);
  assert.equal(akiRecap.length, 1, `only what happened since Aki's move: ${akiRecap}`);
  assert.match(akiRecap[0], /Ben turned over President.*Accounting/);
  assert.equal(await aki.page.evaluate(() => document.activeElement?.id), 'chat-text', 'the focus stays where Aki was typing');
  assert.ok((await animated(aki.page)).includes('1-0'), 'with motion allowed, the turned tile flips');
  // Dismissed with the keyboard: the focus goes on to the table.
  await aki.page.focus('[data-testid="recap-dismiss"]');
  await aki.page.keyboard.press('Enter');
  assert.equal(await recapOf(aki.page), null, 'dismissed');
  assert.ok(await aki.page.evaluate(() => document.getElementById('table').contains(document.activeElement)), 'the focus goes on to the table');
  await tagOld(aki.page);
  await aki.page.evaluate(() => document.getElementById('chat-text').focus());
  await aki.page.fill('#chat-text', 'again');
  await aki.page.press('#chat-text', 'Enter');
  await aki.page.waitForFunction(() => [...document.querySelectorAll('#chat-lines li')].some((li) => li.textContent.includes('again')));
  assert.equal(await recapOf(aki.page), null, 'a dismissed recap stays away');

  // 3. Aki moves her President / Copying onto Ben's President / Accounting.
  await aki.page.click('#table button[data-seat="0"][data-slot="0"]');
  before = await click(aki.page, 1, 0);
  await settle([...players, watcher], before);
  for (const p of [...players, watcher]) {
    assert.deepEqual(await marksOf(p.page), { '0-0': 'from', '1-0': 'to' }, `${p.name}: source and target of the stack are marked`);
    const line =
      p === aki
        ? 'Last move: You moved a stack from your slot 1 onto Ben’s slot 1 (now 2 tiles).'
        : p === ben
          ? 'Last move: Aki moved a stack from their slot 1 onto your slot 1 (now 2 tiles).'
          : 'Last move: Aki moved a stack from their slot 1 onto Ben’s slot 1 (now 2 tiles).';
    assert.equal(await p.page.textContent('[data-testid="last-move"]'), line, p.name);
  }
  assert.equal(await ben.page.textContent('.slot:has(.tile[data-last-move="to"]) [data-testid="last-move-tag"]'), '\u2190 from Aki');
  assert.equal(await aki.page.textContent('.slot:has(.tile[data-last-move="to"]) [data-testid="last-move-tag"]'), '\u2190 from you');
  assert.deepEqual(await animated(ben.page), [], 'reduced motion: the stack does not travel');
  assert.deepEqual(await ben.page.evaluate(() => document.getAnimations().map((a) => a.animationName ?? a.id)), [], 'reduced motion: nothing animates');
  assert.ok((await animated(watcher.page)).includes('1-0'), 'with motion allowed, the moved stack travels to its target');
  // A stack on its way passes over other tiles: a click there is meant for
  // the tile the player aimed at, not the one sliding past it.
  assert.deepEqual(await clickedThrough(watcher.page), ['1-0'], 'a travelling stack takes no clicks');
  const benLines = await recapOf(ben.page);
  assert.equal(benLines.length, 1);
  assert.match(benLines[0], /Aki stacked President.*Copying.* onto Ben’s pile/);

  // 4. Ben turns his slot 4 (Senior Managing Director / Copying), Aki her slot 3.
  before = await click(ben.page, 1, 3);
  await settle(players, before);
  assert.deepEqual(await marksOf(aki.page), { '1-3': 'turned' });
  before = await click(aki.page, 0, 2);
  await settle(players, before);
  await animated(aki.page);

  // 5. Ben moves it onto Aki's Senior Managing Director / Accounting: Aki sees it travel.
  await tagOld(aki.page);
  const from = await aki.page.$eval('#table .tile[data-key="1-3"]', (t) => t.getBoundingClientRect().toJSON());
  await ben.page.click('#table button[data-seat="1"][data-slot="3"]');
  before = await click(ben.page, 0, 2);
  await settle([...players, watcher], before);
  assert.deepEqual(await marksOf(aki.page), { '1-3': 'from', '0-2': 'to' });
  assert.deepEqual(await animated(aki.page), ['0-2'], 'the moved stack travels, once');
  const to = await aki.page.$eval('#table .tile[data-key="0-2"]', (t) => t.getBoundingClientRect().toJSON());
  assert.ok(Math.abs(from.top - to.top) + Math.abs(from.left - to.left) > 10, 'source and target are apart');
  assert.equal(await aki.page.textContent('.slot:has(.tile[data-last-move="to"]) [data-testid="last-move-tag"]'), '\u2190 from Ben');
  assert.match(await aki.page.textContent('[data-testid="last-move"]'), /^Last move: Ben moved a stack from their slot 4 onto your slot 3 \(now \d tiles\)\.$/);
  const akiLines = await recapOf(aki.page);
  assert.equal(akiLines.length, 1, `only Ben's move since Aki's last: ${akiLines}`);
  assert.match(akiLines[0], /Ben stacked Senior Managing Director.*Copying.* onto Aki’s pile/);
  // A re-render does not move it again.
  await watcher.context.close();
  await rerendered(aki.page);
  assert.deepEqual(await animated(aki.page), [], 'drawn again, the last move does not travel again');
  assert.deepEqual(await marksOf(aki.page), { '1-3': 'from', '0-2': 'to' });

  await closeAll(players);
});

test('Office 21: the card played stays marked and the recap lists the other player’s turn', { timeout: 90_000 }, async () => {
  const aki = await recordingPage('aki');
  const ben = await recordingPage('ben');
  const players = [aki, ben];
  const fixture = position({
    offices: [['spy'], ['spy']],
    hands: [
      ['manager', 'spy', 'sales'],
      ['manager', 'spy', 'sales'],
    ],
    turn: 0,
  });
  await seatAndStart(server, {
    players: [
      { ...aki, name: 'Aki' },
      { ...ben, name: 'Ben' },
    ],
    options: { fixture },
  });
  await aki.page.waitForSelector('#table [data-legal="play"]');

  // Aki plays a MANAGER: Ben's page marks it in her office and says it.
  const play = aki.page.locator('#table [data-hand-card][data-legal="play"][data-card="manager"]');
  const before = await seqOf(aki.page);
  await play.first().click();
  for (const p of players) await waitSeq(p.page, before + 1);
  await ben.page.waitForSelector('#table .o21-office[data-seat="0"] [data-last-move="played"][data-card="manager"]');
  assert.match(await ben.page.textContent('[data-testid="last-move"]'), /Last move: Aki played a MANAGER/);
  await ben.page.waitForSelector('[data-testid="recap"]:not([hidden])');
  const lines = await recapOf(ben.page);
  assert.ok(lines.some((l) => /Aki played a MANAGER/.test(l)), `the recap says what Aki played: ${lines}`);
  assert.ok(!lines.some((l) => /turn\.$/.test(l)), 'no "…’s turn." lines in the recap');

  // A chat line and a room change later, the card is still marked.
  await aki.page.evaluate(() => {
    document.getElementById('chat-text').value = 'hi';
  });
  await aki.page.press('#chat-text', 'Enter');
  await ben.page.waitForFunction(() => [...document.querySelectorAll('#chat-lines li')].some((li) => li.textContent.includes('hi')));
  await tagOld(ben.page);
  const watcher = await openPage(browser, { name: 'watcher' });
  await watcher.page.goto(ben.page.url());
  await waitConnected(watcher.page);
  await rerendered(ben.page);
  assert.equal(await ben.page.locator('#table [data-last-move]').count(), 1);
  assert.equal(await ben.page.getAttribute('#table [data-last-move]', 'data-card'), 'manager');
  await watcher.context.close();

  await closeAll(players);
});

/** The last move's tags on a page: their boxes, whether each is inside its area and on one line. */
function tagBoxes(page) {
  return page.$$eval('#table [data-testid="last-move-tag"]', (tags) =>
    tags.map((tag) => {
      const box = tag.getBoundingClientRect();
      const area = tag.closest('.area').getBoundingClientRect();
      const oneLine = box.height < 1.8 * parseFloat(getComputedStyle(tag).fontSize);
      return { text: tag.textContent, left: box.left, right: box.right, top: box.top, bottom: box.bottom, inside: box.left >= area.left - 0.5 && box.right <= area.right + 0.5, oneLine };
    }),
  );
}

test('Osaki on a phone: a stack moved to the next slot keeps both tags apart, on one line and inside the area, whatever the name', { timeout: 90_000 }, async () => {
  const aki = await openPage(browser, { name: 'aki', width: 375, height: 800 });
  const ben = await openPage(browser, { name: 'ben', width: 375, height: 800 });
  await seatAndStart(server, {
    game: 'osaki',
    players: [
      { ...aki, name: 'Aki' },
      { ...ben, name: 'Maximiliana Wolkenstein' },
    ],
    options: { fixture: { deal: fixedDeal(), first_player: 0 } },
  });
  for (const p of [aki, ben]) await p.page.waitForSelector('#table .area');
  // Each turns slot 1 and slot 2 (President / Copying and President / Inventory for Aki).
  for (const slot of [0, 1]) {
    for (const [page, seat] of [[aki.page, 0], [ben.page, 1]]) {
      const before = await click(page, seat, slot);
      await settle([aki, ben], before);
    }
  }
  // Aki moves her slot 1 onto her slot 2, the next one; then Ben his slot 1 onto his slot 2.
  for (const [page, seat] of [[aki.page, 0], [ben.page, 1]]) {
    await page.click(`#table button[data-seat="${seat}"][data-slot="0"]`);
    const before = await click(page, seat, 1);
    await settle([aki, ben], before);
    for (const viewer of [aki, ben]) {
      const [a, b] = await tagBoxes(viewer.page);
      assert.ok(a && b, `${viewer.name}: both ends of the move are tagged`);
      assert.deepEqual([a.text, b.text].sort(), ['moved away', '\u2190 slot 1'], `${viewer.name}: within one area, the slot it came from`);
      const apart = a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
      assert.ok(apart, `${viewer.name}: "${a.text}" and "${b.text}" do not overlap`);
      for (const tag of [a, b]) assert.ok(tag.inside && tag.oneLine, `${viewer.name}: "${tag.text}" stays on one line inside its area`);
    }
  }
  // Aki turns her slot 3; Ben moves his pile onto Aki's: Aki's tag names him (cut short with "…").
  let before = await click(aki.page, 0, 2);
  await settle([aki, ben], before);
  await ben.page.click('#table button[data-seat="1"][data-slot="1"]');
  before = await click(ben.page, 0, 1);
  await settle([aki, ben], before);
  const tags = await tagBoxes(aki.page);
  assert.deepEqual(tags.map((tag) => tag.text), ['\u2190 from Maximiliana Wolkenstein', 'moved away']);
  for (const tag of tags) assert.ok(tag.inside && tag.oneLine, `"${tag.text}" stays on one line inside its area`);
  assert.equal(await scrollsSideways(aki.page), false);
  await closeAll([aki, ben]);
});
