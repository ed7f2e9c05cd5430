// Browser tests of dark mode (issue 14): the pages follow the system's
// colour scheme (emulated), the header's theme button switches light and
// dark by keyboard and is remembered, and in both themes every visible
// text passes WCAG AA contrast (4.5:1, 3:1 for large text) against what is
// really behind it: the start page, a lobby with toasts, a running game of
// each of the three games against bots, an end screen with the room's
// history and the replay page. Real server binary (bots without delay),
// headless Chromium. See README.md for how to run.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';

import { openPage, startServerAndBrowser, stopServerAndBrowser, closeAll } from './lib/harness.mjs';
import { waitConnected, joinAs, settle } from './lib/room.mjs';
import { position, seatAndStart, offeredActions } from './lib/office21.mjs';
import { contrastOffenders, bodyLuminance } from './lib/contrast.mjs';

let server;
let browser;

before(async () => ({ server, browser } = await startServerAndBrowser({ args: ['--bot-delay-ms', '0'] })));
after(() => stopServerAndBrowser(server, browser));

const THEME_KEY = 'cubicle:theme';

/** Asserts the page's theme and that every visible text passes AA; returns how many were checked. */
async function assertReadable(page, scheme, where) {
  await page.waitForFunction((s) => document.documentElement.dataset.theme === s, scheme);
  // Fades and flips done (a toast fades in): colours are read at rest.
  await settle(page);
  const lum = await bodyLuminance(page);
  if (scheme === 'dark') assert.ok(lum < 0.03, `${where}: the page is dark (body luminance ${lum.toFixed(3)})`);
  else assert.ok(lum > 0.7, `${where}: the page is light (body luminance ${lum.toFixed(3)})`);
  const { offenders, checked } = await page.evaluate(contrastOffenders);
  assert.ok(checked > 5, `${where}: texts were checked (${checked})`);
  assert.deepEqual(offenders, [], `${where} (${scheme}): texts below WCAG AA contrast:\n${offenders.join('\n')}`);
  return checked;
}

async function newPage(scheme, name, options = {}) {
  const record = await openPage(browser, { name, width: 375, height: 800, ...options });
  await record.page.emulateMedia({ colorScheme: scheme });
  return record;
}

/** "Play against the computer" from the start page: the table is shown and it is our move. */
async function soloGame(scheme, game, seats) {
  const me = await newPage(scheme, `solo-${game}`);
  await me.page.goto(server.url + '/');
  await me.page.waitForSelector('#solo-form:not([hidden])');
  await me.page.selectOption('#solo-game', game);
  await me.page.selectOption('#solo-seats', String(seats));
  await me.page.fill('#solo-name', 'Aki');
  await me.page.click('#solo-button');
  await me.page.waitForURL(/\/r\/[^/]+$/);
  await me.page.waitForSelector('#game:not([hidden])', { timeout: 30_000 });
  await me.page.waitForSelector('#table button:not([disabled])', { timeout: 30_000 });
  await me.page.waitForSelector('#log li');
  return me;
}

// Ben's office holds three DIRECTORs (21 M): Aki's SPY ends the game.
const ENDS_AFTER_ONE_MOVE = position({
  offices: [[], ['director', 'director', 'director']],
  hands: [
    ['spy', 'spy', 'spy'],
    ['cleaner', 'manager', 'sales'],
  ],
  turn: 0,
});

/** Every page and state, each checked for contrast in `scheme`. */
async function tour(scheme) {
  let checked = 0;
  // The start page, all its forms shown.
  const start = await newPage(scheme, 'start');
  await start.page.goto(server.url + '/');
  await start.page.waitForSelector('#solo-form:not([hidden])');
  await start.page.waitForSelector('#games input');
  checked += await assertReadable(start.page, scheme, 'the start page');
  // A refused code shows the form's error.
  await start.page.fill('#room-code', '2222-2222');
  await start.page.click('#code-button');
  await start.page.waitForFunction(() => document.getElementById('code-error').textContent !== '');
  checked += await assertReadable(start.page, scheme, 'the start page with an error');

  // A lobby: the host seated, a bot added, the code, the fairness note, toasts.
  await start.page.getByLabel(/Office 21/).check();
  await start.page.selectOption('#seats', '3');
  await start.page.click('#create-button');
  await start.page.waitForURL(/\/r\/[^/]+$/);
  await waitConnected(start.page);
  await joinAs(start.page, 'Aki');
  await start.page.waitForSelector('#room-code:not([hidden])');
  await start.page.click('#fairness summary');
  await start.page.evaluate(async () => {
    const { toast } = await import('/js/toast.js');
    toast('The link is copied.');
    toast('That move is not allowed now.', 'error');
    toast('Connection lost: reconnecting…', 'warn');
  });
  checked += await assertReadable(start.page, scheme, 'a lobby with toasts');
  // A bot in the other seat, and the personal link's dialog.
  await start.page.click('.seat button:has-text("Add bot")');
  await start.page.waitForSelector('.seat-status-bot');
  await start.page.click('button:has-text("Use on another device")');
  await start.page.waitForSelector('dialog.device-link[open]');
  checked += await assertReadable(start.page, scheme, 'a lobby with a bot and the personal link dialog');
  await start.page.keyboard.press('Escape');
  await closeAll([start]);

  // A running game of each game, against bots, on our move, with the log.
  for (const [game, seats] of [
    ['osaki', 3],
    ['office21', 3],
    ['dilbert', 3],
  ]) {
    const me = await soloGame(scheme, game, seats);
    checked += await assertReadable(me.page, scheme, `a running ${game} game`);
    await closeAll([me]);
  }

  // The end screen with the room's history, then the replay page.
  const aki = await newPage(scheme, 'aki', { width: 1100, height: 900 });
  const ben = await newPage(scheme, 'ben', { width: 1100, height: 900 });
  const created = await seatAndStart(server, { players: [{ ...aki, name: 'Aki' }, { ...ben, name: 'Ben' }], options: { fixture: ENDS_AFTER_ONE_MOVE } });
  checked += await assertReadable(aki.page, scheme, 'an Office 21 game at 1100 px');
  const spy = (await offeredActions(aki.page)).find((a) => JSON.parse(a).card === 'spy');
  await aki.page.click(`#table button[data-action="${spy.replaceAll('"', '\\"')}"]:not([disabled])`);
  for (const p of [aki.page, ben.page]) await p.waitForSelector('#end:not([hidden]) #end-history:not([hidden])');
  checked += await assertReadable(aki.page, scheme, 'the end screen (loser)');
  checked += await assertReadable(ben.page, scheme, 'the end screen (winner)');

  await aki.page.goto(`${server.url}/replay.html?room=${created.room_id}&game=1`);
  await aki.page.waitForSelector('#replay:not([hidden])');
  checked += await assertReadable(aki.page, scheme, 'the replay page at the deal');
  await aki.page.keyboard.press('End');
  await aki.page.waitForSelector('#replay-result:not([hidden])');
  checked += await assertReadable(aki.page, scheme, 'the replay page at the end');
  await ben.page.goto(`${server.url}/nowhere`);
  checked += await assertReadable(ben.page, scheme, 'the 404 page');
  await closeAll([aki, ben]);
  return checked;
}

test('with the system in dark mode every page is dark and every text passes AA contrast', { timeout: 240_000 }, async () => {
  const checked = await tour('dark');
  console.log(`# dark: ${checked} texts checked`);
});

test('light mode: every text passes AA contrast', { timeout: 240_000 }, async () => {
  const checked = await tour('light');
  console.log(`# light: ${checked} texts checked`);
});

test('the theme button switches light and dark by keyboard, says which, and is remembered', { timeout: 60_000 }, async () => {
  const me = await newPage('light', 'toggle');
  const { page } = me;
  await page.goto(server.url + '/');
  const button = page.locator('#theme-toggle');
  await button.waitFor();
  assert.equal(await page.getAttribute('html', 'data-theme'), 'light', 'the system is light: so is the page');
  assert.equal(await button.getAttribute('data-choice'), 'system');
  assert.match(await accessibleName(button), /^Theme: Auto \(light, as the system\)$/);

  // Reached with Tab (after the skip link and the brand), pressed with Enter and Space.
  for (let i = 0; i < 5 && !(await button.evaluate((b) => b === document.activeElement)); i += 1) {
    await page.keyboard.press('Tab');
  }
  assert.ok(await button.evaluate((b) => b === document.activeElement), 'the button is in the tab order');
  await page.keyboard.press('Enter');
  assert.equal(await page.getAttribute('html', 'data-theme'), 'dark');
  assert.equal(await accessibleName(button), 'Theme: Dark');
  assert.ok((await bodyLuminance(page)) < 0.03, 'the page turned dark');
  assert.equal(await page.evaluate((k) => localStorage.getItem(k), THEME_KEY), 'dark');
  await page.keyboard.press('Space');
  assert.equal(await page.getAttribute('html', 'data-theme'), 'light');
  assert.equal(await accessibleName(button), 'Theme: Light');
  await page.keyboard.press('Space');
  assert.equal(await page.getAttribute('html', 'data-theme'), 'light');
  assert.equal(await accessibleName(button), 'Theme: Auto (light, as the system)', 'the third press returns to the system');
  assert.equal(await page.evaluate((k) => localStorage.getItem(k), THEME_KEY), null, 'following the system stores nothing');
  await page.keyboard.press('Enter');
  assert.equal(await page.getAttribute('html', 'data-theme'), 'dark');

  // Remembered: dark after a reload although the system is light, on every page.
  await page.reload();
  await button.waitFor();
  assert.equal(await page.getAttribute('html', 'data-theme'), 'dark');
  assert.equal(await accessibleName(button), 'Theme: Dark');
  await page.goto(server.url + '/replay.html?room=nosuchroom&game=1');
  assert.equal(await page.getAttribute('html', 'data-theme'), 'dark');

  // Light kept for good while the system turns dark; then back to the system.
  await page.goto(server.url + '/');
  await button.click();
  assert.equal(await accessibleName(button), 'Theme: Light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await button.waitFor();
  assert.equal(await page.getAttribute('html', 'data-theme'), 'light', 'the choice outweighs the system');
  await button.focus();
  await page.keyboard.press('Enter');
  assert.equal(await accessibleName(button), 'Theme: Dark', 'after the other theme, the system\'s own theme for good');
  await page.keyboard.press('Enter');
  assert.equal(await button.getAttribute('data-choice'), 'system');
  assert.equal(await page.getAttribute('html', 'data-theme'), 'dark');
  assert.equal(await accessibleName(button), 'Theme: Auto (dark, as the system)');
  assert.equal(await page.evaluate((k) => localStorage.getItem(k), THEME_KEY), null, 'following the system stores nothing');
  // Following the system: it changes with it, without a reload.
  await page.emulateMedia({ colorScheme: 'light' });
  await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
  assert.equal(await accessibleName(button), 'Theme: Auto (light, as the system)');
  await closeAll([me]);
});

/** The theme button's accessible name, as the browser computes it (Chromium's accessibility tree). */
async function accessibleName(locator) {
  const page = locator.page();
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: '#theme-toggle' });
    const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { nodeId, fetchRelatives: false });
    assert.equal(nodes[0].role.value, 'button');
    return nodes[0].name.value.replace(/\s+/g, ' ').trim();
  } finally {
    await cdp.detach();
  }
}
