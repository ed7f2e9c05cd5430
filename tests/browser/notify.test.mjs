// "Your turn, even in another tab" (js/notify.js, js/notify-alerts.js): when a player's turn
// comes, the tab's icon gets its badge (and the title its "Your turn"), and,
// as each player chose under "Notifications", a beep (Web Audio), a desktop
// notification while the tab is hidden, and a vibration. Real server binary,
// headless Chromium; Office 21 staged with a fixture in which two players
// play cards without effects (SPYs, MANAGERs), so turns simply alternate.
// The browser's AudioContext, Notification, navigator.vibrate and the tab's
// visibility are stubbed in each page (addInitScript) to count what the page
// asks for. See README.md for how to run.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';

import { openPage, sleep, startServerAndBrowser, stopServerAndBrowser, closeAll } from './lib/harness.mjs';
import { waitConnected, watchLaterParts } from './lib/room.mjs';
import { position, seatAndStart, clickAndSettle, offeredActions } from './lib/office21.mjs';

let server;
let browser;

before(async () => ({ server, browser } = await startServerAndBrowser()));
after(() => stopServerAndBrowser(server, browser));

// Aki (seat 0) starts; nobody can win or be eliminated within a few turns.
const FIXTURE = position({
  offices: [[], []],
  hands: [
    ['spy', 'manager', 'spy'],
    ['spy', 'manager', 'spy'],
  ],
  pileTop: ['manager', 'manager', 'manager', 'spy'],
  turn: 0,
});

/** Runs in every page before its scripts: stubs that record what the page asks for. */
function stubs() {
  const seen = { starts: 0, contexts: 0, notifications: [], vibrations: [] };
  window.__seen = seen;
  const param = () => ({ value: 0, setValueAtTime() {}, linearRampToValueAtTime() {}, exponentialRampToValueAtTime() {} });
  const node = () => ({
    connect(target) {
      return target;
    },
    disconnect() {},
  });
  window.AudioContext = class {
    constructor() {
      seen.contexts += 1;
      this.state = 'running';
      this.currentTime = 0;
      this.destination = node();
    }
    resume() {
      return Promise.resolve();
    }
    createOscillator() {
      return Object.assign(node(), { type: 'sine', frequency: param(), start: () => (seen.starts += 1), stop() {} });
    }
    createGain() {
      return Object.assign(node(), { gain: param() });
    }
  };
  const Real = window.Notification;
  window.Notification = class extends EventTarget {
    constructor(title, options = {}) {
      super();
      this.title = title;
      this.closed = false;
      this.record = { title, body: options.body, tag: options.tag, closed: false };
      seen.notifications.push(this.record);
      window.__notifications.push(this);
    }
    close() {
      this.record.closed = true;
    }
    static get permission() {
      return Real.permission;
    }
    static requestPermission() {
      return Real.requestPermission();
    }
  };
  window.__notifications = [];
  Object.defineProperty(navigator, 'vibrate', {
    configurable: true,
    value: (pattern) => {
      seen.vibrations.push(pattern);
      return true;
    },
  });
  // The tab's visibility, as the page reads it; `__setHidden` switches it like a tab change.
  let hidden = false;
  Object.defineProperty(Document.prototype, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') });
  Object.defineProperty(Document.prototype, 'hidden', { configurable: true, get: () => hidden });
  window.__setHidden = (value) => {
    hidden = value;
    document.dispatchEvent(new Event('visibilitychange'));
  };
  // The notification's click handler focuses the window: count that too.
  const focus = window.focus.bind(window);
  seen.focused = 0;
  window.focus = () => {
    seen.focused += 1;
    focus();
  };
}

async function newPage(name, { notifications = false, ...size } = {}) {
  const record = await openPage(browser, { name, ...size });
  record.name = name;
  await record.context.addInitScript(stubs);
  if (notifications) await record.context.grantPermissions(['notifications'], { origin: server.url });
  return record;
}

const seen = (page) => page.evaluate(() => JSON.parse(JSON.stringify(window.__seen)));
const icon = (page) => page.getAttribute('link[rel="icon"]', 'href');

/** The player plays a card without effect (a SPY, else a MANAGER) and every page settles. */
async function playCard(player, everyone) {
  const offered = (await offeredActions(player.page)).map((a) => ({ raw: a, action: JSON.parse(a) }));
  const play =
    offered.find((a) => a.action.kind === 'play' && a.action.card === 'spy') ??
    offered.find((a) => a.action.kind === 'play' && a.action.card === 'manager');
  assert.ok(play, `${player.name} can play a SPY or a MANAGER (offered: ${offered.map((a) => a.raw).join(' ')})`);
  await clickAndSettle(player, everyone, `#table button[data-action="${play.raw.replaceAll('"', '\\"')}"]:not([disabled])`);
}

async function waitTurn(page, mine) {
  await page.waitForFunction(
    (m) => document.title.startsWith('Your turn') === m && document.querySelector('link[rel="icon"]').getAttribute('href') === (m ? '/favicon-turn.svg' : '/favicon.svg'),
    mine,
  );
}

// ---------------------------------------------------------------------------

test('the title and the icon say whose turn it is; a phone vibrates on the change only', { timeout: 90_000 }, async () => {
  const aki = await newPage('Aki');
  const ben = await newPage('Ben');
  const everyone = [aki, ben];
  await seatAndStart(server, { players: everyone, options: { fixture: FIXTURE } });

  // The badged icon is a file of the server's (the policy allows no data: images).
  const res = await fetch(`${server.url}/favicon-turn.svg`);
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type') ?? '', /svg/);

  // The game starts on Aki's turn: her page changed into "your turn" (she was in the lobby).
  await waitTurn(aki.page, true);
  await waitTurn(ben.page, false);
  assert.equal(await icon(ben.page), '/favicon.svg');
  assert.deepEqual((await seen(aki.page)).vibrations, [200], 'Aki\u2019s phone vibrated once when the game gave her the turn');
  assert.deepEqual((await seen(ben.page)).vibrations, []);
  // Off by default: no sound, no notification.
  assert.equal((await seen(aki.page)).starts, 0);
  assert.equal((await seen(aki.page)).notifications.length, 0);
  assert.equal(await aki.page.isVisible('#notify-settings'), true, 'players see the settings');
  assert.equal(await aki.page.isChecked('#notify-sound'), false, 'sound is off by default');
  assert.equal(await aki.page.isChecked('#notify-desktop'), false, 'notifications are off by default');
  assert.equal(await aki.page.isChecked('#notify-vibrate'), true, 'vibration is on by default');

  await playCard(aki, everyone);
  await waitTurn(ben.page, true);
  await waitTurn(aki.page, false);
  assert.match(await ben.page.title(), /^Your turn · Office 21/);
  assert.deepEqual((await seen(ben.page)).vibrations, [200]);

  await playCard(ben, everyone);
  await waitTurn(aki.page, true);
  await waitTurn(ben.page, false);
  assert.deepEqual((await seen(aki.page)).vibrations, [200, 200], 'once per turn, not per re-render');

  // Reloading while it is your turn: badge and title, but no alert (you are looking).
  await aki.page.reload();
  await waitConnected(aki.page);
  await waitTurn(aki.page, true);
  await sleep(300);
  assert.deepEqual((await seen(aki.page)).vibrations, [], 'no vibration on opening a room where it is already your turn');

  // Vibration turned off: none on the next turn.
  await ben.page.click('#notify-settings summary');
  await ben.page.uncheck('#notify-vibrate');
  await playCard(aki, everyone);
  await waitTurn(ben.page, true);
  assert.deepEqual((await seen(ben.page)).vibrations, [200], 'Ben turned vibration off');
  await closeAll(everyone);
});

test('"Sound on your turn": a Web Audio beep on the change into your turn, remembered', { timeout: 90_000 }, async () => {
  const aki = await newPage('Aki');
  const ben = await newPage('Ben');
  const everyone = [aki, ben];
  await seatAndStart(server, { players: everyone, options: { fixture: FIXTURE } });
  await waitTurn(aki.page, true);

  // Ben turns the sound on (keyboard: the summary opens the settings, Space ticks the box).
  await ben.page.focus('#notify-settings summary');
  await ben.page.keyboard.press('Enter');
  await ben.page.focus('#notify-sound');
  await ben.page.keyboard.press('Space');
  assert.equal(await ben.page.isChecked('#notify-sound'), true);
  const preview = (await seen(ben.page)).starts;
  assert.equal(preview, 1, 'ticking the box plays the sound once, so one hears it');

  await playCard(aki, everyone);
  await waitTurn(ben.page, true);
  assert.equal((await seen(ben.page)).starts, preview + 1, 'one oscillator started on Ben\u2019s turn');
  assert.equal((await seen(aki.page)).starts, 0, 'Aki left the sound off');

  // Remembered: after a reload the box is ticked, and the next turn beeps.
  await playCard(ben, everyone);
  await ben.page.reload();
  await waitConnected(ben.page);
  await waitTurn(ben.page, false);
  assert.equal(await ben.page.isChecked('#notify-sound'), true, 'the choice is remembered');
  await playCard(aki, everyone);
  await waitTurn(ben.page, true);
  assert.equal((await seen(ben.page)).starts, 1);
  await closeAll(everyone);
});

test('"Notify me when it\u2019s my turn": a desktop notification while the tab is hidden, none while it is visible', { timeout: 90_000 }, async () => {
  const aki = await newPage('Aki', { notifications: true });
  const ben = await newPage('Ben', { notifications: true });
  const everyone = [aki, ben];
  await seatAndStart(server, { players: everyone, options: { fixture: FIXTURE } });
  await waitTurn(aki.page, true);

  for (const p of everyone) {
    await p.page.click('#notify-settings summary');
    await p.page.check('#notify-desktop');
    await p.page.waitForFunction(() => /You will get a notification/.test(document.getElementById('notify-status').textContent));
    assert.equal(await p.page.isChecked('#notify-desktop'), true);
  }

  // Ben's tab is in the background when his turn comes.
  await ben.page.evaluate(() => window.__setHidden(true));
  await playCard(aki, everyone);
  await waitTurn(ben.page, true);
  const benSaw = (await seen(ben.page)).notifications;
  assert.equal(benSaw.length, 1, 'one notification for Ben');
  assert.match(benSaw[0].title, /^Your turn · Office 21/);
  assert.match(benSaw[0].body, /your turn/i);

  // Coming back to the tab (by other means than the notification) closes it.
  await ben.page.evaluate(() => window.__setHidden(false));
  assert.equal((await seen(ben.page)).notifications[0].closed, true, 'coming back to the tab closes the notification');

  // Aki's tab is visible when her turn comes: no notification.
  await playCard(ben, everyone);
  await waitTurn(aki.page, true);
  await sleep(300);
  assert.equal((await seen(aki.page)).notifications.length, 0, 'no notification while the tab is visible');

  // Hidden again: the click on the notification focuses the tab and closes it.
  await ben.page.evaluate(() => window.__setHidden(true));
  await playCard(aki, everyone);
  await waitTurn(ben.page, true);
  assert.equal((await seen(ben.page)).notifications.length, 2);
  assert.equal((await seen(ben.page)).focused, 0);
  await ben.page.evaluate(() => window.__notifications.at(-1).dispatchEvent(new Event('click')));
  const after = await seen(ben.page);
  assert.equal(after.focused, 1, 'clicking the notification focuses the tab');
  assert.equal(after.notifications[1].closed, true, 'and closes the notification');
  await closeAll(everyone);
});

test('the sound and the notification come on use: not with a phone\u2019s table; a box ticked before they came counts once they have; with the sound on they come at once', { timeout: 90_000 }, async () => {
  const aki = await newPage('Aki', { width: 390, height: 844, isMobile: true, hasTouch: true });
  const ben = await newPage('Ben');
  const everyone = [aki, ben];
  await seatAndStart(server, { players: everyone, options: { fixture: FIXTURE } });
  await waitTurn(aki.page, true);

  const later = await watchLaterParts(aki);
  const laterParts = later.requested;
  const reloadAtTop = async () => {
    await aki.page.evaluate(() => scrollTo(0, 0));
    await aki.page.reload();
    await waitConnected(aki.page);
    await waitTurn(aki.page, true);
    await sleep(1_000);
  };

  // The table of a player who chose nothing: no second part, the boxes drawn as the choices stand.
  await reloadAtTop();
  assert.deepEqual(laterParts, [], 'nothing loaded on use');
  assert.equal(await aki.page.isChecked('#notify-vibrate'), true);
  assert.equal(await aki.page.isChecked('#notify-sound'), false);

  // The sound ticked while the alerts are on their way: it plays once they have come.
  later.hold();
  await aki.page.click('#notify-settings summary');
  await aki.page.check('#notify-sound');
  await sleep(300);
  assert.equal((await seen(aki.page)).starts, 0, 'not before the alerts have come');
  later.release();
  await aki.page.waitForFunction(() => window.__seen.starts === 1);

  // Remembered; with the sound on, a reload loads the alerts without a touch, and the next turn beeps.
  laterParts.length = 0;
  await reloadAtTop();
  assert.equal(await aki.page.isChecked('#notify-sound'), true);
  assert.equal(laterParts.length, 1, 'the alerts come at once for a player who chose the sound');
  await playCard(aki, everyone);
  await waitTurn(ben.page, true);
  await playCard(ben, everyone);
  await waitTurn(aki.page, true);
  assert.equal((await seen(aki.page)).starts, 1, 'the turn beeped');
  await closeAll(everyone);
});
