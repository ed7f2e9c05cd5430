// Decisions come to the player (issue 14): on a phone (390×844, touch), the
// status bar (whose turn it is) and the viewer's pending decision with its
// buttons are pinned to the bottom of the viewport (the dock, js/frame.js),
// wherever the page is scrolled. Office 21: every card with a follow-up
// decision is played from the hand (positions staged with fixtures) and its
// prompt's buttons are checked inside the viewport and not covered, at the
// scroll position after the play, at the top and at the bottom of the page;
// one of them is then tapped. Osaki and Dilbert: the status bar stays in
// view when scrolled. The page keeps room for the dock: at the bottom, the
// last section ends above it. Dilbert's real-life question during another's
// turn: pinned under the out-of-turn alert, whose "Go to it" then shows only
// when focused, and the time left shown once (the bar's).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';

import { openPage, startServerAndBrowser, stopServerAndBrowser, closeAll } from './lib/harness.mjs';
import { seqOf, waitSeq, smallTargets } from './lib/room.mjs';
import { OSAKI_PAIR, position, seatAndStart, clickAndSettle, assertOffersExactlyLegal } from './lib/office21.mjs';

const PHONE = { width: 390, height: 844, hasTouch: true, isMobile: true };

let server;
let browser;

before(async () => ({ server, browser } = await startServerAndBrowser()));
after(() => stopServerAndBrowser(server, browser));

/** Scrolls the window to the top, the bottom or a y, and waits for a frame. */
async function scrollTo(page, where) {
  await page.evaluate((w) => {
    const y = w === 'top' ? 0 : w === 'bottom' ? document.scrollingElement.scrollHeight : w;
    window.scrollTo(0, y);
  }, where);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/**
 * Every element matching `selector` (at least one) lies inside the
 * viewport, and its centre is not covered by anything else (a tap there
 * reaches it).
 */
async function assertInView(page, selector, what) {
  const boxes = await page.$$eval(selector, (els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return {
        text: (el.textContent ?? '').trim().slice(0, 60),
        top: r.top,
        bottom: r.bottom,
        left: r.left,
        right: r.right,
        width: r.width,
        height: r.height,
        reachable: hit !== null && (hit === el || el.contains(hit)),
      };
    }),
  );
  assert.ok(boxes.length > 0, `${what}: there is something to check (${selector})`);
  const { width, height } = page.viewportSize();
  for (const b of boxes) {
    const where = `${what}: "${b.text}" at ${Math.round(b.top)}..${Math.round(b.bottom)}`;
    assert.ok(b.width > 0 && b.height > 0, `${where} is shown`);
    assert.ok(b.top >= 0 && b.bottom <= height, `${where} is within the viewport's height (0..${height})`);
    assert.ok(b.left >= 0 && b.right <= width, `${where} is within the viewport's width`);
    assert.ok(b.reachable, `${where} is not covered by anything`);
  }
}

/** The whose-turn line is shown, says something, and is in view. */
async function assertTurnInView(page, what, pattern) {
  const text = (await page.textContent('[data-testid="frame-turn"]')).trim();
  assert.ok(text.length > 0, `${what}: the status bar says whose turn it is`);
  if (pattern) assert.match(text, pattern, what);
  await assertInView(page, '[data-testid="frame-turn"]', `${what}, whose turn`);
}

/** Scrolled to the bottom, the page's last section ends above the dock (room is kept for it). */
async function assertNothingLeftUnder(page, what) {
  await scrollTo(page, 'bottom');
  const { lastBottom, dockTop } = await page.evaluate(() => {
    const docked = [document.getElementById('table-frame'), document.querySelector('#table [data-dock]')].filter(Boolean);
    const dockTop = Math.min(...docked.map((el) => el.getBoundingClientRect().top));
    const sections = [...document.querySelectorAll('#main section, #main > h1')].filter(
      // checkVisibility: a section folded away (the invite panel in its
      // closed <details> during the game) is laid out but not shown.
      (el) => el.checkVisibility() && !el.closest('#table') && getComputedStyle(el).position !== 'fixed',
    );
    return { lastBottom: Math.max(...sections.map((el) => el.getBoundingClientRect().bottom)), dockTop };
  });
  assert.ok(lastBottom <= dockTop + 1, `${what}: scrolled to the bottom, the last section (ends at ${lastBottom}) is above the dock (${dockTop})`);
}

/** The checks at the scroll position the page is at, at the top, at the bottom, and half way. */
async function assertDecisionInReach(page, what, turnPattern) {
  const buttons = '[data-testid="prompt"] button[data-action]:not([disabled])';
  const height = await page.evaluate(() => document.scrollingElement.scrollHeight);
  assert.ok(height > 844 * 1.5, `${what}: the page is long enough to scroll (${height} px)`);
  for (const where of ['as played', 'top', 'bottom', Math.round(height / 2)]) {
    if (where !== 'as played') await scrollTo(page, where);
    const at = `${what} (scrolled: ${where})`;
    await assertInView(page, buttons, `${at}, the prompt's buttons`);
    await assertTurnInView(page, at, turnPattern);
  }
}

// ---------------------------------------------------------------------------
// Office 21: every card with a follow-up decision.

const hand = (kind) => `#table [data-hand-card][data-legal="play"][data-card="${kind}"]`;

/**
 * Anton (a phone) and Ben (a desktop). Anton's office: SECRETARY, SALES,
 * CLEANER; Ben's: SECRETARY, MANAGER, ASSISTANT, CLEANER. Anton holds
 * `kind` and two SPYs, Ben a CLEANER, a SALES and a MANAGER; the pile's top
 * card is a TAXMAN. Anton starts.
 */
async function stage(kind) {
  const anton = await openPage(browser, { name: 'Anton', ...PHONE });
  const ben = await openPage(browser, { name: 'Ben' });
  const players = [anton, ben];
  const fixture = position({
    offices: [
      ['secretary', 'sales', 'cleaner'],
      ['secretary', 'manager', 'assistant', 'cleaner'],
    ],
    hands: [
      [kind, 'spy', 'spy'],
      ['cleaner', 'sales', 'manager'],
    ],
    pileTop: ['taxman'],
    turn: 0,
  });
  await seatAndStart(server, { players, options: { fixture } });
  await anton.page.waitForSelector(hand(kind));
  return { anton, ben, players };
}

/** Anton plays `kind` from his hand (a tap, as on a phone) and the follow-up prompt appears. */
async function playFromHand(anton, players, kind, decision) {
  const before = await seqOf(anton.page);
  await anton.page.locator(hand(kind)).tap();
  await anton.page.waitForFunction((s) => Number(document.getElementById('game').dataset.seq) > s, before);
  for (const p of players) await waitSeq(p.page, await seqOf(anton.page));
  await anton.page.waitForSelector(`[data-testid="prompt"][data-decision="${decision}"]`);
}

/** Taps one of the prompt's buttons where it is (no scrolling first) and waits for the move. */
async function tapInPrompt(anton, players, selector) {
  const before = await seqOf(anton.page);
  const box = await anton.page.locator(`[data-testid="prompt"] ${selector}`).first().boundingBox();
  await anton.page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  await anton.page.waitForFunction((s) => Number(document.getElementById('game').dataset.seq) > s, before);
  for (const p of players) await waitSeq(p.page, await seqOf(anton.page));
}

const CASES = [
  { kind: 'operator', decision: 'operator', tap: 'button[data-legal="return"]' },
  { kind: 'cleaner', decision: 'cleaner', tap: 'button[data-prompt-choice="remove"]' },
  { kind: 'sales', decision: 'sales', tap: 'button[data-prompt-choice="swap"]' },
  { kind: 'assistant', decision: 'assistant', tap: 'button[data-prompt-choice="take_back"]' },
  { kind: 'boss', decision: 'love', tap: 'button[data-prompt-choice="love"]' },
];

for (const c of CASES) {
  test(`Office 21 on a phone: after playing a ${c.kind.toUpperCase()}, its decision is in view wherever the page is scrolled`, { timeout: 60_000 }, async () => {
    const { anton, ben, players } = await stage(c.kind);
    // The hand is at the bottom of the page: scroll there, as a player does.
    await scrollTo(anton.page, 'bottom');
    await playFromHand(anton, players, c.kind, c.decision);
    await assertOffersExactlyLegal(anton, `the ${c.kind} decision`);
    await assertDecisionInReach(anton.page, c.kind.toUpperCase(), /^Your turn\.$/);
    await assertNothingLeftUnder(anton.page, c.kind.toUpperCase());
    // Ben, on a desktop, sees Anton's turn in his status bar, scrolled anywhere.
    for (const where of ['top', 'bottom']) {
      await scrollTo(ben.page, where);
      await assertTurnInView(ben.page, `Ben (scrolled: ${where})`, /Anton’s turn/);
    }
    // The decision is taken right where it is, scrolled to the top.
    await scrollTo(anton.page, 'top');
    await tapInPrompt(anton, players, c.tap);
    assert.equal(await anton.page.$('[data-testid="prompt"][data-decision="' + c.decision + '"]'), null, 'the decision is taken');
    await assertTurnInView(anton.page, 'after the decision', /Ben’s turn/);
    await closeAll(players);
  });
}

test('Office 21 on a phone: every control of the room page is big enough for a finger (24 px), the link down to the hand too', { timeout: 60_000 }, async () => {
  const { anton, players } = await stage('operator');
  await anton.page.waitForSelector('[data-testid="prompt"] a[href="#o21-hand"]');
  assert.deepEqual(await smallTargets(anton.page, 'body'), [], 'no control smaller than 24 × 24 px');
  await closeAll(players);
});

test('Office 21 on a phone: the DIRECTOR\u2019s choice of a hand, then the look and its discard, stay in view', { timeout: 60_000 }, async () => {
  const { anton, players } = await stage('director');
  await scrollTo(anton.page, 'bottom');
  await playFromHand(anton, players, 'director', 'director_target');
  await assertDecisionInReach(anton.page, 'DIRECTOR target', /^Your turn\.$/);
  await scrollTo(anton.page, 'bottom');
  await tapInPrompt(anton, players, 'button[data-legal="look"]');
  await anton.page.waitForSelector('[data-testid="prompt"][data-decision="director_discard"]');
  await assertOffersExactlyLegal(anton, 'the DIRECTOR discard');
  await assertDecisionInReach(anton.page, 'DIRECTOR look', /^Your turn\.$/);
  await assertNothingLeftUnder(anton.page, 'DIRECTOR look');
  await scrollTo(anton.page, 'top');
  await tapInPrompt(anton, players, 'button[data-legal="discard"]');
  assert.equal(await anton.page.$('[data-testid="director-look"]'), null, 'the look ends with the discard');
  await closeAll(players);
});

test('Office 21 on a phone: the dock is a named region, its turn line polite, and the keyboard reaches the decision', { timeout: 60_000 }, async () => {
  const { anton, players } = await stage('operator');
  const frame = anton.page.getByRole('region', { name: 'Turn and your decision' });
  assert.equal(await frame.count(), 1, 'the status bar is a region with a name');
  assert.equal(await anton.page.getAttribute('[data-testid="frame-turn"]', 'aria-live'), 'polite');
  await anton.page.focus(hand('operator'));
  const before = await seqOf(anton.page);
  await anton.page.keyboard.press('Enter');
  await waitSeq(anton.page, before + 1);
  await anton.page.waitForSelector('[data-testid="prompt"][data-decision="operator"]');
  assert.equal(await anton.page.evaluate(() => document.activeElement?.dataset.testid), 'prompt', 'focus moves to the pinned prompt');
  await anton.page.keyboard.press('Tab');
  await anton.page.keyboard.press('Tab');
  const focused = await anton.page.evaluate(() => document.activeElement?.dataset.legal);
  assert.ok(['keep', 'return'].includes(focused), `Tab reaches the prompt's buttons (${focused})`);
  await assertInView(anton.page, ':focus', 'the focused button');
  await closeAll(players);
});

// ---------------------------------------------------------------------------
// Osaki and Dilbert: the status bar stays in view.

test('Osaki on a phone: whose turn it is stays in view when scrolled, and so does your move', { timeout: 60_000 }, async () => {
  const aki = await openPage(browser, { name: 'Aki', ...PHONE });
  const ben = await openPage(browser, { name: 'Ben', ...PHONE });
  const players = [aki, ben];
  await seatAndStart(server, { game: 'osaki', players: OSAKI_PAIR(aki, ben) });
  for (const p of players) {
    const height = await p.page.evaluate(() => document.scrollingElement.scrollHeight);
    assert.ok(height > 844 * 1.5, `${p.name}: the page scrolls (${height} px)`);
    const mine = (await p.page.$('[data-testid="turn-banner"][data-dock]')) !== null;
    for (const where of ['top', 'bottom']) {
      await scrollTo(p.page, where);
      await assertTurnInView(p.page, `${p.name} (scrolled: ${where})`);
      if (mine) await assertInView(p.page, '[data-testid="turn-banner"]', `${p.name}'s move (scrolled: ${where})`);
    }
    await assertNothingLeftUnder(p.page, p.name);
  }
  await closeAll(players);
});

const range = (n) => [...Array(n).keys()];
/** A Dilbert game for Anna, Bert and Cleo, Anna first, the memos dealt in the order `memos`. */
const dilbertFixture = (memos = range(70)) => ({ first_player: 0, employees: ['alice', 'dilbert', 'wally'], projects: range(26), memos, dice: [4, 6] });

test('Dilbert on a phone: whose turn it is stays in view when scrolled, and so does the prompt', { timeout: 90_000 }, async () => {
  const anna = await openPage(browser, { name: 'Anna', ...PHONE });
  const bert = await openPage(browser, { name: 'Bert', ...PHONE });
  const cleo = await openPage(browser, { name: 'Cleo' });
  const players = [anna, bert, cleo];
  await seatAndStart(server, { game: 'dilbert', players, options: { fixture: dilbertFixture() } });
  for (const p of players) await p.page.waitForSelector('[data-testid="dilbert-table"]');
  await anna.page.waitForSelector('[data-testid="prompt"]');
  for (const [p, pattern] of [[anna, /^Your turn\.$/], [bert, /Anna’s turn/]]) {
    for (const where of ['top', 'bottom']) {
      await scrollTo(p.page, where);
      await assertTurnInView(p.page, `${p.name} (scrolled: ${where})`, pattern);
    }
    await assertNothingLeftUnder(p.page, p.name);
  }
  // Dilbert's prompt can be long (a phone scrolls inside it): the prompt, its
  // heading and its Run button are in view.
  const run = '[data-testid="prompt"] button[data-action*="\\"run\\""]';
  for (const where of ['top', 'bottom']) {
    await scrollTo(anna.page, where);
    await assertInView(anna.page, `[data-testid="prompt"], [data-testid="prompt"] h3, ${run}`, `Anna's prompt (scrolled: ${where})`);
  }
  // Run from the pinned prompt, scrolled to the top.
  await scrollTo(anna.page, 'top');
  await clickAndSettle(anna, players, run);
  await closeAll(players);
});

test('Dilbert on a phone: a decision during another\u2019s turn is pinned under the alert; the alert\u2019s "Go to it" shows only to the keyboard and the time left once', { timeout: 90_000 }, async () => {
  const CASUAL_FRIDAY_VIOLATION = 13; // a real-life question for every player
  const anna = await openPage(browser, { name: 'Anna' });
  const bert = await openPage(browser, { name: 'Bert', ...PHONE });
  const cleo = await openPage(browser, { name: 'Cleo' });
  const players = [anna, bert, cleo];
  const memos = [CASUAL_FRIDAY_VIOLATION, ...range(70).filter((m) => m !== CASUAL_FRIDAY_VIOLATION)];
  await seatAndStart(server, { game: 'dilbert', players, options: { fixture: dilbertFixture(memos) } });
  const play = `[data-testid="hand"] [data-action='${JSON.stringify({ type: 'play', memo: CASUAL_FRIDAY_VIOLATION })}']`;
  await anna.page.waitForSelector(play);
  await clickAndSettle(anna, players, play);
  const page = bert.page;
  await page.waitForSelector('[data-testid="prompt"][data-decision="question"]');

  // Anna's turn, Bert's question: the alert says so, the question is pinned under it, in reach.
  const alert = page.getByRole('alert').filter({ hasText: 'Your decision is needed during' });
  assert.match(await alert.textContent(), /^Your decision is needed during Anna’s turn\./);
  await page.waitForSelector('#table-frame[data-docked="true"]');
  for (const where of ['top', 'bottom']) {
    await scrollTo(page, where);
    await assertInView(page, '[data-testid="prompt"] button[data-legal="answer"]', `Bert's Yes and No (scrolled: ${where})`);
  }

  // The question is right there: "Go to it" is not drawn, and the time left is shown once.
  const goTo = alert.getByRole('button', { name: 'Go to it' });
  const drawnWidth = () => goTo.evaluate((el) => el.getBoundingClientRect().width);
  assert.ok((await drawnWidth()) <= 1, `"Go to it" takes no room beside a pinned decision (${await drawnWidth()} px)`);
  const shownTimes = () =>
    page.evaluate(() => [...document.querySelectorAll('.frame-deadline, [data-testid="countdown"]')].filter((el) => el.checkVisibility()).map((el) => el.textContent));
  const times = await shownTimes();
  assert.equal(times.length, 1, `the time left once, in the status bar: ${JSON.stringify(times)}`);
  assert.match(times[0], /^Time left: 0:[0-3]\d$/);

  // From the keyboard it is still the way there: focused, it shows, and Enter moves the focus to the question.
  await goTo.focus();
  assert.ok((await drawnWidth()) > 20, `focused, "Go to it" shows (${await drawnWidth()} px)`);
  await assertInView(page, ':focus', 'the focused "Go to it"');
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), 'prompt', 'Enter moves the focus to the question');
  await closeAll(players);
});
