// Dilbert's motion in a real room: the room page hands the table the
// update's log entries (`ctx.recent`, entries `{seq, event}`), and the die
// must tumble for a `rolled` entry and a piece walk for a `moved` one, on
// the mover's page and on everyone else's. (dilbert-table.test.mjs checks
// the same animations on made-up pages; this checks what the server sends.)
// See README.md.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';

import { openPage, startServerAndBrowser, stopServerAndBrowser } from './lib/harness.mjs';
import { seqOf, waitSeq } from './lib/room.mjs';
import { seatAndStart, canonical } from './lib/office21.mjs';

const range = (n) => [...Array(n).keys()];

let server;
let browser;

before(async () => ({ server, browser } = await startServerAndBrowser()));
after(() => stopServerAndBrowser(server, browser));

async function newPlayer(name, seat) {
  const record = await openPage(browser, { name });
  record.name = name;
  record.seat = seat;
  return record;
}

/**
 * Starts recording, on the page, every time the die gets its rolling class
 * and every piece that `animate` is called on (from now on).
 */
async function watchMotion(page) {
  await page.evaluate(() => {
    const seen = { rolling: 0, walked: [] };
    window.__motion = seen;
    if (!window.__motionHooked) {
      window.__motionHooked = true;
      const animate = Element.prototype.animate;
      Element.prototype.animate = function (...args) {
        if (this.classList?.contains('dl-piece')) window.__motion?.walked.push(this.dataset.employee);
        return animate.apply(this, args);
      };
    }
    const observer = new MutationObserver((records) => {
      for (const r of records) {
        const el = r.target;
        if (el.classList?.contains('dl-die-rolling')) window.__motion.rolling += 1;
      }
    });
    observer.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['class'] });
    window.__motionObserver?.disconnect();
    window.__motionObserver = observer;
  });
}

const motion = (page) => page.evaluate(() => ({ ...window.__motion }));

/** Clicks the control in `scope` whose action is `action` and waits for every page to catch up. */
async function act(actor, everyone, action, scope) {
  const wanted = canonical(action);
  const match = (await actor.page.$$eval(`${scope} [data-action]`, (els) => els.map((el) => el.dataset.action))).find(
    (a) => canonical(JSON.parse(a)) === wanted,
  );
  assert.ok(match, `${actor.name}'s page offers ${wanted} in ${scope}`);
  const before = await seqOf(actor.page);
  await actor.page.click(`${scope} [data-action='${match}']`);
  await actor.page.waitForFunction((s) => Number(document.getElementById('game').dataset.seq) > s, before);
  const seq = await seqOf(actor.page);
  for (const r of everyone) await waitSeq(r.page, seq);
}

// Anna plays Alice and goes first (Bert Dilbert, Cleo Wally); her run rolls 4.
const FIXTURE = { first_player: 0, employees: ['alice', 'dilbert', 'wally'], projects: range(26), memos: range(70), dice: [4] };

test('in a real room the die tumbles for a roll and the piece walks for a move, on every page', { timeout: 60_000 }, async () => {
  const anna = await newPlayer('Anna', 0);
  const bert = await newPlayer('Bert', 1);
  const cleo = await newPlayer('Cleo', 2);
  const everyone = [anna, bert, cleo];
  await seatAndStart(server, { game: 'dilbert', players: everyone, options: { fixture: FIXTURE } });
  for (const r of everyone) await r.page.waitForSelector('[data-testid="dilbert-table"]');

  // Anna runs: a `rolled` entry arrives, and the die tumbles.
  for (const r of everyone) await watchMotion(r.page);
  await act(anna, everyone, { type: 'run' }, '[data-testid="prompt"]');
  for (const r of everyone) {
    assert.equal(await r.page.getAttribute('[data-testid="die"]', 'data-value'), '4', `${r.name}'s die shows the roll`);
    assert.ok((await motion(r.page)).rolling > 0, `${r.name}'s die tumbles for Anna's roll`);
  }

  // She walks to Legal: a `moved` entry arrives, and her piece walks there.
  for (const r of everyone) await watchMotion(r.page);
  const legal = JSON.parse(await anna.page.getAttribute('[data-testid="map"] .dl-target[aria-label="Go to Legal"]', 'data-action'));
  await act(anna, everyone, legal, '[data-testid="map"]');
  for (const r of everyone) {
    assert.equal(await r.page.getAttribute('.dl-piece[data-employee="alice"]', 'data-at'), String(legal.to));
    assert.deepEqual((await motion(r.page)).walked, ['alice'], `${r.name}'s page walks Alice to Legal`);
  }
});
