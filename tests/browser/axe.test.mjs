// axe-core on every page and state the suite reaches (issue 14): its rules
// for WCAG 2.1 A and AA and its best practices report no violation. Each
// state is checked four times without being set up again: at 1100 px and at
// 375 px, each in the light and the dark theme (the system's colour scheme
// emulated). Findings are gathered over a test and listed together (rule,
// impact, help, the failing elements' selectors and HTML), so one run shows
// everything to fix. Real server binary (bots without delay), headless
// Chromium. See README.md for how to run.
//
// The states: the start page (a refused room code, the rules drawer, in
// Japanese), the 404 page, a refused replay; a lobby as the host (a bot
// seat, the QR code, the fairness note, a chat line, toasts, the personal
// link's dialog), as a visitor and as a seated guest, a lobby in Japanese;
// Osaki against bots from its first turn to its end screen (a stack picked,
// the notification settings, the chat's mute list, the chat folded, the
// room's rules drawer); Office 21's set-up against bots, and with fixtures
// an OPERATOR's, a DIRECTOR's and a CLEANER's pending decision, seen by the
// player, the other player and a spectator; Dilbert for four (a fixture)
// with its prompt and a memo's target chooser, and every made-up position
// of fixtures/dilbert/ (the table alone, as in dilbert-table.test.mjs); an
// Office 21 end screen (winner and loser), the rematch lobby (asked and
// accepted) and the replay page at the deal and at the end.
//
// Colour contrast is checked by axe too (theme.test.mjs does it its own
// way, pseudo-element texts included); axe leaves what it cannot judge
// (text on gradients or pictures) aside rather than failing it.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

import { openPage, prng, startServerAndBrowser, stopServerAndBrowser, closeAll } from './lib/harness.mjs';
import { waitConnected, joinAs, tokenKey, seqOf, waitSeq, isOver, playOneMove } from './lib/room.mjs';
import { position, seatAndStart, offeredActions } from './lib/office21.mjs';
import { axeReport } from './lib/axe.mjs';
import { scenarios as DILBERT_SCENARIOS } from './fixtures/dilbert/board.js';
import { WEB, serveDilbertFixtures } from './lib/fixture-server.mjs';

let server;
let browser;

before(async () => ({ server, browser } = await startServerAndBrowser({ args: ['--bot-delay-ms', '0'] })));
after(() => stopServerAndBrowser(server, browser));

const WIDTHS = [
  { width: 1100, height: 900 },
  { width: 375, height: 800 },
];
const SCHEMES = ['light', 'dark'];

/** Findings of one test: checks run and reports of the states that failed. */
function newFindings() {
  return { checked: 0, failures: [] };
}

/**
 * Runs axe on the page as it is, at each width in each theme; records what
 * fails under `where`. Leaves the page at its first width in light.
 * `options` go to axeReport (`include`), but `setTheme` writes the theme
 * on <html> as js/theme.js does, for a page without it.
 */
async function checkEverywhere(findings, page, where, { setTheme = false, ...options } = {}) {
  const original = page.viewportSize();
  for (const scheme of SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme });
    // A page without js/theme.js (the Dilbert harness): set what it would.
    if (setTheme) await page.evaluate((s) => document.documentElement.setAttribute('data-theme', s), scheme);
    await page.waitForFunction((s) => !document.documentElement.dataset.theme || document.documentElement.dataset.theme === s, scheme);
    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const report = await axeReport(page, options);
      findings.checked += 1;
      if (report) findings.failures.push(`${where} (${size.width} px, ${scheme}):\n${report}`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize(original);
}

function assertClean(findings) {
  assert.ok(findings.checked > 0, 'axe ran');
  assert.equal(findings.failures.length, 0, `axe-core found violations:\n\n${findings.failures.join('\n\n')}`);
  console.log(`# axe: ${findings.checked} checks, no violation`);
}

async function newPage(name, options = {}) {
  const record = await openPage(browser, { name, ...options });
  record.name = name;
  await record.page.emulateMedia({ colorScheme: 'light' });
  return record;
}

// ---------------------------------------------------------------------------

test('the start page (a form error, the rules drawer), the 404 page, a refused replay; in Japanese the start page, a lobby, an Osaki table and its rules', { timeout: 120_000 }, async () => {
  const findings = newFindings();
  const me = await newPage('start');
  const { page } = me;
  await page.goto(server.url + '/');
  await page.waitForSelector('#solo-form:not([hidden])');
  await page.waitForSelector('#games input');
  await checkEverywhere(findings, page, 'the start page');

  await page.fill('#room-code', '2222-2222');
  await page.click('#code-button');
  await page.waitForFunction(() => document.getElementById('code-error').textContent !== '');
  await checkEverywhere(findings, page, 'the start page with a refused room code');

  await page.click('button[data-rules="office21"]');
  await page.waitForSelector('dialog.rules-drawer[open] .rules-section');
  await checkEverywhere(findings, page, 'the start page with the Office 21 rules drawer');
  await page.keyboard.press('Escape');
  await page.waitForSelector('dialog.rules-drawer', { state: 'detached' });

  await page.goto(server.url + '/nowhere');
  await page.waitForSelector('h1');
  await checkEverywhere(findings, page, 'the 404 page');
  await page.goto(server.url + '/replay.html?room=nosuchroom&game=1');
  await page.waitForSelector('#replay-error:not([hidden])');
  await checkEverywhere(findings, page, 'the replay page refusing a missing game');
  await closeAll([me]);

  // In Japanese (a ja-JP browser): the start page and a lobby.
  const ja = await newPage('ja', { locale: 'ja-JP' });
  await ja.page.goto(server.url + '/');
  await ja.page.waitForSelector('#solo-form:not([hidden])');
  await ja.page.waitForFunction(() => document.documentElement.lang === 'ja');
  await checkEverywhere(findings, ja.page, 'the start page in Japanese');
  await ja.page.locator('#games input[value="osaki"]').check();
  await ja.page.click('#create-button');
  await ja.page.waitForURL(/\/r\/[^/]+$/);
  await waitConnected(ja.page);
  await ja.page.waitForSelector('#join-form:not([hidden])');
  await checkEverywhere(findings, ja.page, 'a lobby in Japanese');
  // An Osaki table in Japanese against bots, and its rules drawer.
  await ja.page.goto(server.url + '/');
  await ja.page.waitForSelector('#solo-form:not([hidden])');
  await ja.page.selectOption('#solo-game', 'osaki');
  await ja.page.fill('#solo-name', '\u30a2\u30ad');
  await ja.page.click('#solo-button');
  await ja.page.waitForURL(/\/r\/[^/]+$/);
  await ja.page.waitForSelector('#table button[data-legal]:not([disabled])', { timeout: 30_000 });
  await checkEverywhere(findings, ja.page, 'an Osaki table in Japanese');
  await ja.page.click('#rules-button');
  await ja.page.waitForSelector('dialog.rules-drawer[open] .rules-section');
  await checkEverywhere(findings, ja.page, 'the rules drawer in Japanese');
  await closeAll([ja]);
  assertClean(findings);
});

test('a lobby: the host with a bot, the QR code, a chat line, toasts and the personal link; a visitor; a seated guest; an away player', { timeout: 150_000 }, async () => {
  const findings = newFindings();
  const host = await newPage('host');
  await host.page.goto(server.url + '/');
  await host.page.getByLabel(/Office 21/).check();
  await host.page.selectOption('#seats', '3');
  await host.page.click('#create-button');
  await host.page.waitForURL(/\/r\/[^/]+$/);
  await waitConnected(host.page);
  await host.page.waitForSelector('#join-form:not([hidden])');
  await checkEverywhere(findings, host.page, 'the host\u2019s lobby before sitting');
  await joinAs(host.page, 'Aki');
  await host.page.click('#seats .seat[data-seat="2"] [data-control="add-bot"]');
  await host.page.waitForSelector('#seats .seat[data-seat="2"][data-kind="bot"]');
  await host.page.click('#show-qr');
  await host.page.waitForSelector('#room-qr:not([hidden]) svg');
  await host.page.click('#fairness summary');
  await host.page.fill('#chat-text', 'Hello, table!');
  await host.page.press('#chat-text', 'Enter');
  await host.page.waitForSelector('#chat-lines li');
  await checkEverywhere(findings, host.page, 'the host\u2019s lobby with a bot, the QR code, the fairness note and a chat line');

  // A visitor (the join form), then seated as a guest.
  const guest = await newPage('guest');
  await guest.page.goto(host.page.url());
  await waitConnected(guest.page);
  await guest.page.waitForSelector('#join-form:not([hidden])');
  await checkEverywhere(findings, guest.page, 'a visitor in the lobby');
  await joinAs(guest.page, 'Ben');
  await host.page.waitForSelector('#start-button:not([disabled])');
  await checkEverywhere(findings, guest.page, 'a seated guest in the lobby');

  await host.page.evaluate(async () => {
    const { toast } = await import('/js/toast.js');
    toast('The link is copied.');
    toast('That move is not allowed now.', 'error');
  });
  await checkEverywhere(findings, host.page, 'the host\u2019s lobby with toasts');
  await host.page.click('#device-link-button');
  await host.page.waitForSelector('#device-link[open]');
  await checkEverywhere(findings, host.page, 'the personal link\u2019s dialog');
  await host.page.keyboard.press('Escape');
  await host.page.waitForSelector('#device-link[open]', { state: 'detached' });

  // The game starts and Ben's browser goes away: the host's seat controls for him.
  await host.page.click('#start-button');
  for (const p of [host, guest]) await p.page.waitForSelector('#game:not([hidden])');
  await closeAll([guest]);
  await host.page.waitForSelector('#seats .seat[data-seat="1"][data-kind="away"] [data-control="away-bot"]');
  await checkEverywhere(findings, host.page, 'the host\u2019s page with an away player');
  await closeAll([host]);
  assertClean(findings);
});

test('Osaki against bots from its first turn to its end screen, the rules drawer, settings and chat opened', { timeout: 150_000 }, async () => {
  const findings = newFindings();
  const me = await newPage('osaki');
  const { page } = me;
  await page.goto(server.url + '/');
  await page.waitForSelector('#solo-form:not([hidden])');
  await page.selectOption('#solo-game', 'osaki');
  await page.selectOption('#solo-seats', '3');
  await page.fill('#solo-name', 'Aki');
  await page.click('#solo-button');
  await page.waitForURL(/\/r\/[^/]+$/);
  await page.waitForSelector('#game:not([hidden])', { timeout: 30_000 });
  await page.waitForSelector('#table button[data-legal]:not([disabled])', { timeout: 30_000 });
  await page.waitForSelector('#log li');
  await checkEverywhere(findings, page, 'Osaki on the player\u2019s turn');
  // A few moves (the bots answer at once): the last move marked, "Since your
  // last turn", and stacks to pick.
  const random = prng(14);
  const source = page.locator('#table button[data-legal="source"]:not([disabled])');
  // Tiles are turned until a stack can be picked (bots play as they like:
  // a deal may give none for a few turns, never for a whole game).
  for (let i = 0; i < 100 && (await source.count()) === 0 && !(await isOver(page)); i += 1) {
    await playOneMove(page, random, { preferStack: 0 });
    await page.waitForSelector('#table button[data-legal]:not([disabled]), #end:not([hidden])');
  }
  await checkEverywhere(findings, page, 'Osaki after a few moves (last move, recap)');
  assert.ok((await source.count()) > 0, 'a stack could be picked before the game ended');
  await source.first().click();
  await page.waitForSelector('#table button[data-legal="target"]');
  await checkEverywhere(findings, page, 'Osaki with a stack picked');
  await page.keyboard.press('Escape');
  // The notification settings and the chat's mute list opened, the chat folded.
  await page.click('#notify-settings summary');
  await page.fill('#chat-text', 'Good luck!');
  await page.press('#chat-text', 'Enter');
  await page.waitForSelector('#chat-lines li');
  const mute = page.locator('#chat-mute summary');
  if ((await mute.count()) > 0 && (await mute.isVisible())) await mute.click();
  await checkEverywhere(findings, page, 'Osaki with the notification settings and the chat\u2019s mute list open');
  await page.click('#chat-toggle');
  await page.waitForSelector('#chat-toggle[aria-expanded="false"]');
  await checkEverywhere(findings, page, 'Osaki with the chat folded');
  await page.click('#rules-button');
  await page.waitForSelector('dialog.rules-drawer[open] .rules-section');
  await checkEverywhere(findings, page, 'Osaki with the rules drawer open');
  await page.keyboard.press('Escape');
  await page.waitForSelector('dialog.rules-drawer', { state: 'detached' });
  // Played to the end (the bots answer at once): the end screen.
  for (let i = 0; i < 300 && !(await isOver(page)); i += 1) {
    await page.waitForSelector('#table button[data-legal]:not([disabled]), #end:not([hidden])', { timeout: 30_000 });
    if (await isOver(page)) break;
    await playOneMove(page, random);
  }
  await page.waitForSelector('#end:not([hidden])');
  await checkEverywhere(findings, page, 'the Osaki end screen');
  await closeAll([me]);
  assertClean(findings);
});

test('Office 21 against bots: the set-up (a card put face down)', { timeout: 120_000 }, async () => {
  const findings = newFindings();
  const me = await newPage('office21-solo');
  const { page } = me;
  await page.goto(server.url + '/');
  await page.waitForSelector('#solo-form:not([hidden])');
  await page.selectOption('#solo-game', 'office21');
  await page.selectOption('#solo-seats', '3');
  await page.fill('#solo-name', 'Aki');
  await page.click('#solo-button');
  await page.waitForURL(/\/r\/[^/]+$/);
  await page.waitForSelector('#table [data-hand-card]:not([disabled])', { timeout: 30_000 });
  await checkEverywhere(findings, page, 'Office 21 set-up: choosing a card to put face down');
  await closeAll([me]);
  assertClean(findings);
});

/**
 * Anton and Ben (and a spectator): Anton's office SECRETARY, SALES,
 * CLEANER, Ben's SECRETARY, MANAGER, ASSISTANT, CLEANER; Anton holds `kind`
 * and two SPYs and starts.
 */
async function stageOffice21(kind) {
  const anton = await newPage('Anton');
  const ben = await newPage('Ben');
  const watcher = await newPage('Watcher');
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
  await seatAndStart(server, { players: [anton, ben], watchers: [watcher], options: { fixture } });
  const card = `#table [data-hand-card][data-legal="play"][data-card="${kind}"]`;
  await anton.page.waitForSelector(card);
  return { anton, ben, watcher, card };
}

async function playCard(anton, card, decision) {
  const before = await seqOf(anton.page);
  await anton.page.click(card);
  await waitSeq(anton.page, before + 1);
  await anton.page.waitForSelector(`[data-testid="prompt"][data-decision="${decision}"]`);
}

test('Office 21 with a pending follow-up decision (an OPERATOR, a DIRECTOR\u2019s look, a CLEANER), and a spectator', { timeout: 200_000 }, async () => {
  const findings = newFindings();
  const first = await stageOffice21('operator');
  await checkEverywhere(findings, first.anton.page, 'Office 21 on the player\u2019s turn');
  await checkEverywhere(findings, first.ben.page, 'Office 21 waiting for the other player');
  await playCard(first.anton, first.card, 'operator');
  await checkEverywhere(findings, first.anton.page, 'Office 21 with the OPERATOR\u2019s decision pending');
  await checkEverywhere(findings, first.ben.page, 'Office 21 while the other player decides');
  await checkEverywhere(findings, first.watcher.page, 'Office 21 watched by a spectator');
  await closeAll([first.anton, first.ben, first.watcher]);

  const second = await stageOffice21('director');
  await playCard(second.anton, second.card, 'director_target');
  await checkEverywhere(findings, second.anton.page, 'Office 21 with the DIRECTOR\u2019s choice of a hand');
  const before = await seqOf(second.anton.page);
  await second.anton.page.click('[data-testid="prompt"] button[data-legal="look"]');
  await waitSeq(second.anton.page, before + 1);
  await second.anton.page.waitForSelector('[data-testid="prompt"][data-decision="director_discard"]');
  await checkEverywhere(findings, second.anton.page, 'Office 21 with the DIRECTOR\u2019s look');
  await closeAll([second.anton, second.ben, second.watcher]);

  // A CLEANER: the office cards it may remove are buttons, in the offices and the prompt.
  const third = await stageOffice21('cleaner');
  await playCard(third.anton, third.card, 'cleaner');
  await third.anton.page.waitForSelector('#table .o21-office button[data-action]:not([disabled])');
  await checkEverywhere(findings, third.anton.page, 'Office 21 with the CLEANER\u2019s choice of a card');
  await closeAll([third.anton, third.ben, third.watcher]);
  assertClean(findings);
});

// Dilbert for four (Anna and three bots): Anna starts, holding Blame
// Shifting (a memo with targets), Stack Ranking and Look Busy. Memo ids as
// in dilbert.test.mjs (the order of games/src/dilbert/cards.rs).
const range = (n) => [...Array(n).keys()];
const DEALT = [22, 62, 13, 24, 27, 37, 63, 44, 66, 41, 28, 69, 18, 19, 21, 31, 43];
const BLAME_SHIFTING = 22;
const DILBERT_FIXTURE = {
  first_player: 0,
  employees: ['alice', 'dilbert', 'wally', 'tina'],
  projects: range(26),
  memos: [...DEALT, ...range(70).filter((id) => !DEALT.includes(id))],
  consultants: range(18),
  dice: [4],
};

test('Dilbert on the player\u2019s turn: the prompt, and a memo\u2019s target chooser open', { timeout: 150_000 }, async () => {
  const findings = newFindings();
  const anna = await newPage('Anna');
  const created = await server.api('POST', '/api/rooms', { game: 'dilbert', seats: 4, options: { fixture: DILBERT_FIXTURE } });
  await anna.page.goto(server.url + '/');
  await anna.page.evaluate(([k, v]) => localStorage.setItem(k, v), [tokenKey(created.room_id), created.host_token]);
  await anna.page.goto(server.url + created.url);
  await waitConnected(anna.page);
  await joinAs(anna.page, 'Anna');
  for (const seat of [1, 2, 3]) {
    await anna.page.click(`#seats .seat[data-seat="${seat}"] [data-control="add-bot"]`);
    await anna.page.waitForSelector(`#seats .seat[data-seat="${seat}"][data-kind="bot"]`);
  }
  await anna.page.waitForSelector('#start-button:not([disabled])');
  await anna.page.click('#start-button');
  await anna.page.waitForSelector('[data-testid="dilbert-table"]');
  await anna.page.waitForSelector('[data-testid="prompt"]');
  await checkEverywhere(findings, anna.page, 'Dilbert with the player\u2019s prompt');
  await anna.page.click(`[data-testid="hand"] [data-choose-memo="${BLAME_SHIFTING}"]`);
  await anna.page.waitForSelector('[data-testid="target-chooser"]');
  await checkEverywhere(findings, anna.page, 'Dilbert with a memo\u2019s target chooser');
  await closeAll([anna]);
  assertClean(findings);
});

// Ben's office holds three DIRECTORs (21 M): Aki's SPY ends the game.
const ENDS_AFTER_ONE_MOVE = position({
  offices: [[], ['director', 'director', 'director']],
  hands: [
    ['spy', 'spy', 'spy'],
    ['cleaner', 'manager', 'sales'],
  ],
  turn: 0,
});

test('after the game: the end screen (winner and loser), the rematch lobby, the replay page', { timeout: 150_000 }, async () => {
  const findings = newFindings();
  const aki = await newPage('Aki');
  const ben = await newPage('Ben');
  const created = await seatAndStart(server, { players: [aki, ben], options: { fixture: ENDS_AFTER_ONE_MOVE } });
  const spy = (await offeredActions(aki.page)).find((a) => JSON.parse(a).card === 'spy');
  await aki.page.click(`#table button[data-action="${spy.replaceAll('"', '\\"')}"]:not([disabled])`);
  for (const p of [aki.page, ben.page]) await p.waitForSelector('#end:not([hidden]) #end-history:not([hidden])');
  await checkEverywhere(findings, aki.page, 'the end screen (loser)');
  await checkEverywhere(findings, ben.page, 'the end screen (winner)');

  await aki.page.click('#play-again-button');
  await ben.page.waitForSelector('#accept-button');
  await aki.page.waitForFunction(() => /You accepted/.test(document.getElementById('rematch').textContent));
  await checkEverywhere(findings, ben.page, 'the rematch lobby, asked');
  await checkEverywhere(findings, aki.page, 'the rematch lobby, accepted');

  await aki.page.goto(`${server.url}/replay.html?room=${created.room_id}&game=1`);
  await aki.page.waitForSelector('#replay:not([hidden])');
  await checkEverywhere(findings, aki.page, 'the replay page at the deal');
  await aki.page.keyboard.press('End');
  await aki.page.waitForSelector('#replay-result:not([hidden])');
  await checkEverywhere(findings, aki.page, 'the replay page at the end');
  await closeAll([aki, ben]);
  assertClean(findings);
});

// ---------------------------------------------------------------------------
// The Dilbert table's made-up positions (fixtures/dilbert/, as in
// dilbert-table.test.mjs): every decision the table can ask for, drawn
// without a server. The harness page around the table is not the room's,
// so axe looks at the table and the ending only, with the room page's
// stylesheets added (the table adds its own).

test('the Dilbert table in every made-up position of fixtures/dilbert', { timeout: 240_000 }, async () => {
  const findings = newFindings();
  const harness = await serveDilbertFixtures();
  const roomSheets = [...fs.readFileSync(path.join(WEB, 'room.html'), 'utf8').matchAll(/<link rel="stylesheet" href="([^"]+)">/g)].map((m) => m[1]);
  const me = await newPage('dilbert-harness');
  try {
    for (const scenario of Object.keys(DILBERT_SCENARIOS)) {
      await me.page.goto(`${harness.base}/index.html?s=${scenario}`);
      await me.page.waitForFunction(() => window.__ready === true);
      for (const href of roomSheets) {
        if (!/site\.css$/.test(href)) await me.page.addStyleTag({ url: `/web${href}` });
      }
      await checkEverywhere(findings, me.page, `the Dilbert table, ${scenario}`, { include: ['#table', '#end'], setTheme: true });
      const chooser = me.page.locator('[data-choose-memo]');
      if ((await chooser.count()) > 0) {
        await chooser.first().click();
        await me.page.waitForSelector('[data-testid="target-chooser"]');
        await checkEverywhere(findings, me.page, `the Dilbert table, ${scenario}, a memo's target chooser`, { include: ['#table'], setTheme: true });
        await me.page.keyboard.press('Escape');
      }
    }
  } finally {
    await me.context.close();
    harness.close();
  }
  assertClean(findings);
});
