// Browser tests of Office 21: real server binary, headless Chromium, players
// who only click what their page offers. See README.md for how to run.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';

import { openPage, prng, startServerAndBrowser, stopServerAndBrowser, closeAll } from './lib/harness.mjs';
import { waitConnected, joinAs, seqOf, waitSeq, isOver, scrollsSideways, tokenKey } from './lib/room.mjs';
import {
  position,
  seatAndStart,
  clickAndSettle,
  messages,
  gamePart,
  latestLegal,
  canonical,
  offeredActions,
  assertOffersExactlyLegal,
  kindsShown,
  logLines,
  publicOffices,
} from './lib/office21.mjs';

const SEED = Number(process.env.TEST_SEED ?? Date.now() % 1_000_000);
const MAX_ACTIONS = 900;

let server;
let browser;

console.log(`# random seed: TEST_SEED=${SEED}`);
before(async () => ({ server, browser } = await startServerAndBrowser()));
after(() => stopServerAndBrowser(server, browser));

async function newPage(name, options = {}) {
  const record = await openPage(browser, { name, ...options });
  record.name = name;
  return record;
}

const hand = (kind) => `#table [data-hand-card][data-legal="play"][data-card="${kind}"]`;

// ---------------------------------------------------------------------------
// 1. Secrets: an OPERATOR put back, a DIRECTOR's look, an OPERATOR kept.

/**
 * Checks every game message a page received: the kinds in `rules` must not
 * appear (outside the board, which names every kind) before the message
 * whose events satisfy the rule's `until`, and secret fields are filled
 * only for their owner.
 */
function frameLeaks(record, seat, rules) {
  const leaks = [];
  const open = new Set();
  for (const msg of messages(record)) {
    const game = gamePart(msg);
    if (!game) continue;
    const events = (game.events ?? []).map((e) => e.event).filter(Boolean);
    for (const rule of rules) if (rule.until && events.some(rule.until)) open.add(rule.kind);
    const { board: _board, ...rest } = game;
    const text = JSON.stringify(rest);
    for (const rule of rules) {
      if (!open.has(rule.kind) && text.includes(`"${rule.kind}"`)) {
        leaks.push(`${record.name} received "${rule.kind}" in a ${msg.type} (event ${game.seq})`);
      }
    }
    for (const e of events) {
      if (e.kind === 'director_looked' && e.seat !== seat && e.hand !== null && e.hand !== undefined) {
        leaks.push(`${record.name} received the hand a DIRECTOR looked at`);
      }
      if ((e.kind === 'operator_drew' || e.kind === 'operator_returned') && e.seat !== seat && e.card !== null && e.card !== undefined) {
        leaks.push(`${record.name} received another player's OPERATOR card`);
      }
      const dealtOrDrawn = e.kind === 'drew' ? e.cards : e.kind === 'dealt' ? e.hand : null;
      if (e.seat !== seat && dealtOrDrawn !== null && dealtOrDrawn !== undefined) {
        leaks.push(`${record.name} received another player's ${e.kind} cards`);
      }
    }
    if (game.view?.secret && game.view.stage?.seat !== seat) leaks.push(`${record.name} received a secret that is not theirs`);
  }
  return leaks;
}

/** The known top card in each message the page received (null where none). */
function pileTops(record) {
  return messages(record)
    .map(gamePart)
    .filter(Boolean)
    .map((g) => g.view?.pile_top ?? null);
}

test('secrets: only the OPERATOR and DIRECTOR players see what they looked at', { timeout: 90_000 }, async () => {
  const anton = await newPage('Anton');
  const jacky = await newPage('Jacky');
  const christa = await newPage('Christa');
  const watcher = await newPage('spectator', { width: 375, height: 900 });
  const players = [anton, jacky, christa];
  const everyone = [...players, watcher];

  // Anton's OPERATOR will draw the TAXMAN and put it back; Jacky's DIRECTOR
  // looks at Christa's hand (OPERATOR, SECRETARY, BOSS) and discards the
  // BOSS; Christa then draws the TAXMAN, and her OPERATOR draws the MANAGER
  // and keeps it. No other TAXMAN, MANAGER, SECRETARY or BOSS is anywhere
  // but the hidden pile, so their names alone reveal a leak.
  const fixture = position({
    offices: [['sales'], ['cleaner', 'assistant'], ['sales', 'cleaner']],
    hands: [
      ['operator', 'spy', 'cleaner'],
      ['director', 'spy', 'sales'],
      ['operator', 'boss', 'secretary'],
    ],
    pileTop: ['taxman', 'manager'],
    turn: 0,
  });
  await seatAndStart(server, { players, watchers: [watcher], options: { fixture } });
  for (const p of players) await assertOffersExactlyLegal(p, 'the start');
  assert.match(await anton.page.textContent('.turn-banner'), /Your turn/);
  assert.match(await watcher.page.textContent('.turn-banner'), /Anton’s turn/);

  // --- Anton's OPERATOR looks at the top card, then puts it back.
  await clickAndSettle(anton, everyone, hand('operator'));
  assert.equal(await anton.page.getAttribute('[data-testid="operator-card"]', 'data-card'), 'taxman');
  assert.match(await anton.page.textContent('[data-testid="operator-card"]'), /TAXMAN/);
  await assertOffersExactlyLegal(anton, 'the OPERATOR decision');
  for (const r of [jacky, christa, watcher]) {
    assert.equal(await r.page.$('[data-testid="operator-card"]'), null, `${r.name} does not see the OPERATOR's card`);
    assert.deepEqual(await kindsShown(r.page, ['taxman']), [], `${r.name}'s page never names the drawn card`);
    assert.match(await r.page.textContent('#log li:last-child'), /^Anton’s OPERATOR drew a card from the pile and looked at it\.$/);
    assert.match(await r.page.textContent('.turn-banner'), /OPERATOR looked at the top card/);
  }
  await clickAndSettle(anton, everyone, '[data-testid="operator-card"] button[data-legal="return"]');
  assert.match(await anton.page.textContent('[data-testid="pile-top"]'), /top card is a TAXMAN/);
  assert.ok((await logLines(anton.page)).includes('Anton put the TAXMAN back on top of the pile, face down.'));
  for (const r of [jacky, christa, watcher]) {
    assert.equal(await r.page.$('[data-testid="pile-top"]'), null, `${r.name} does not know the top card`);
    assert.deepEqual(await kindsShown(r.page, ['taxman']), [], `${r.name}'s page does not name the returned card`);
    assert.ok((await logLines(r.page)).includes('Anton put the card back on top of the pile, face down.'));
  }

  // --- Jacky's DIRECTOR looks at Christa's hand and discards the BOSS.
  await clickAndSettle(jacky, everyone, hand('director'));
  await assertOffersExactlyLegal(jacky, 'the DIRECTOR target');
  const targets = (await offeredActions(jacky.page)).map((a) => JSON.parse(a));
  assert.deepEqual(targets.map((a) => a.seat).sort(), [0, 2], 'the DIRECTOR may look at Anton or Christa');
  await clickAndSettle(jacky, everyone, '[data-testid="prompt"] button[data-legal="look"][data-action*="\\"seat\\":2"]');
  const looked = await jacky.page.$$eval('[data-testid="director-look"] [data-card]', (els) => els.map((e) => e.dataset.card));
  assert.deepEqual(looked.sort(), ['boss', 'operator', 'secretary'], 'Jacky sees Christa’s hand');
  await assertOffersExactlyLegal(jacky, 'the DIRECTOR discard');
  assert.match(await anton.page.textContent('[data-testid="pile-top"]'), /TAXMAN/, 'Anton still knows the top card');
  for (const r of [anton, christa, watcher]) {
    assert.equal(await r.page.$('[data-testid="director-look"]'), null, `${r.name} does not see the DIRECTOR's look`);
    assert.ok((await logLines(r.page)).includes('Jacky’s DIRECTOR looked at Christa’s hand.'));
    assert.match(await r.page.textContent('.turn-banner'), /DIRECTOR is looking at (Christa’s|your) hand/);
  }
  assert.deepEqual(await kindsShown(anton.page, ['boss', 'secretary']), [], 'Anton’s page names no card of Christa’s hand');
  assert.deepEqual(await kindsShown(watcher.page, ['boss', 'secretary', 'taxman']), [], 'the spectator’s page names no hidden card');
  await clickAndSettle(jacky, everyone, '[data-testid="director-look"] button[data-legal="discard"][data-card="boss"]');
  assert.equal(await jacky.page.$('[data-testid="director-look"]'), null, 'the look ends with the discard');
  assert.ok(
    (await logLines(jacky.page)).includes('Jacky’s DIRECTOR looked at Christa’s hand: OPERATOR, SECRETARY and BOSS.'),
    'the look stays in Jacky’s own log',
  );
  for (const r of everyone) {
    assert.ok((await logLines(r.page)).includes('Jacky’s DIRECTOR discarded a BOSS from Christa’s hand.'), `${r.name} sees the discard`);
    assert.equal(await r.page.getAttribute('[data-testid="discard-top"]', 'data-card'), 'boss');
  }
  assert.deepEqual(await kindsShown(anton.page, ['secretary']), [], 'Anton’s page does not name the cards left in Christa’s hand');
  assert.deepEqual(await kindsShown(watcher.page, ['secretary', 'taxman']), [], 'the spectator’s page names no hidden card');

  // Christa's turn began by drawing the TAXMAN: Anton no longer knows the top.
  assert.equal(await anton.page.$('[data-testid="pile-top"]'), null, 'the known card was drawn');
  assert.ok((await logLines(christa.page)).includes('Christa drew TAXMAN.'));
  for (const r of [anton, jacky, watcher]) assert.ok((await logLines(r.page)).includes('Christa drew a card.'));

  // --- Christa's OPERATOR draws the MANAGER and keeps it (then everyone sees it).
  await clickAndSettle(christa, everyone, hand('operator'));
  assert.equal(await christa.page.getAttribute('[data-testid="operator-card"]', 'data-card'), 'manager');
  for (const r of [anton, jacky, watcher]) {
    assert.equal(await r.page.$('[data-testid="operator-card"]'), null);
    assert.deepEqual(await kindsShown(r.page, ['manager']), [], `${r.name} does not see the drawn card yet`);
  }
  await clickAndSettle(christa, everyone, '[data-testid="operator-card"] button[data-legal="keep"]');
  for (const r of everyone) {
    assert.ok((await logLines(r.page)).includes('Christa showed the card, a MANAGER, and kept it.'), `${r.name} is shown the kept card`);
  }
  assert.equal(await christa.page.$$eval('[data-hand-card][data-card="manager"]', (els) => els.length), 1, 'the MANAGER is in Christa’s hand');

  // The same public table everywhere.
  const table = await publicOffices(watcher.page);
  for (const p of players) assert.deepEqual(await publicOffices(p.page), table, `${p.name} and the spectator see the same offices`);

  // The looked-at hand survives a reload in Jacky's log (it is his), and only there.
  const seq = await seqOf(jacky.page);
  await jacky.page.reload();
  await waitConnected(jacky.page);
  await waitSeq(jacky.page, seq);
  assert.ok((await logLines(jacky.page)).includes('Jacky’s DIRECTOR looked at Christa’s hand: OPERATOR, SECRETARY and BOSS.'));

  // What each page received over its WebSocket.
  const never = (kind) => ({ kind });
  const until = (kind, pred) => ({ kind, until: pred });
  const kept = (e) => e.kind === 'operator_kept';
  const bossDiscarded = (e) => e.kind === 'director_discarded' && e.card === 'boss';
  assert.deepEqual(frameLeaks(anton, 0, [never('secretary'), until('boss', bossDiscarded), until('manager', kept)]), []);
  assert.deepEqual(frameLeaks(jacky, 1, [never('taxman'), until('manager', kept)]), []);
  assert.deepEqual(
    frameLeaks(christa, 2, [until('taxman', (e) => e.kind === 'drew' && e.seat === 2 && e.cards), until('manager', (e) => e.kind === 'operator_drew' && e.card)]),
    [],
  );
  assert.deepEqual(frameLeaks(watcher, null, [never('taxman'), never('secretary'), until('boss', bossDiscarded), until('manager', kept)]), []);
  // Only Anton's frames ever carried the known top card, and only the TAXMAN.
  assert.ok(pileTops(anton).includes('taxman'), 'Anton was told the top card he put back');
  assert.deepEqual([...new Set(pileTops(anton))].sort(), [null, 'taxman'].sort());
  for (const r of [jacky, christa, watcher]) assert.deepEqual([...new Set(pileTops(r))], [null], `${r.name} never knew the top card`);
  // Only Jacky's frames carried the look (as the secret and in the event).
  const lookedIn = (r) =>
    messages(r)
      .map(gamePart)
      .filter(Boolean)
      .some((g) => g.view?.secret?.secret === 'director_look' || (g.events ?? []).some((e) => e.event?.kind === 'director_looked' && e.event.hand));
  assert.equal(lookedIn(jacky), true);
  for (const r of [anton, christa, watcher]) assert.equal(lookedIn(r), false, `${r.name} never received the look`);

  assert.equal(await scrollsSideways(watcher.page), false, 'the spectator’s 375 px page needs no sideways scroll');
  await closeAll(everyone);
});

// ---------------------------------------------------------------------------
// 2. A whole game, created from the start page, by random legal clicks.

test('three players create, join and finish a random game by clicking; every end screen agrees', { timeout: 150_000 }, async () => {
  const random = prng(SEED);
  const names = ['Anton', 'Jacky', 'Christa'];
  const anton = await newPage('Anton');
  const jacky = await newPage('Jacky');
  const christa = await newPage('Christa', { width: 375, height: 800 });
  const players = [anton, jacky, christa];

  await anton.page.goto(server.url + '/');
  await anton.page.getByLabel(/Office 21/).check();
  await anton.page.selectOption('#seats', '3');
  await anton.page.click('#create-button');
  await anton.page.waitForURL(/\/r\/[^/]+$/);
  const roomId = new URL(anton.page.url()).pathname.split('/')[2];
  assert.ok(await anton.page.evaluate((k) => localStorage.getItem(k), tokenKey(roomId)), 'the host token is kept');
  await waitConnected(anton.page);
  await joinAs(anton.page, names[0]);
  for (const [i, p] of [jacky, christa].entries()) {
    await p.page.goto(`${server.url}/r/${roomId}`);
    await waitConnected(p.page);
    await joinAs(p.page, names[i + 1]);
  }
  await anton.page.waitForSelector('#start-button:not([disabled])');
  await anton.page.click('#start-button');
  for (const p of players) await p.page.waitForSelector('#game:not([hidden])');
  for (const p of players) {
    assert.match(await p.page.textContent('.turn-banner'), /Set-up, round 1: put one card from your hand face down/);
  }

  // Anton chooses first: his card stays his secret until everyone has chosen.
  const first = (await offeredActions(anton.page))[0];
  const chosen = JSON.parse(first).card;
  await clickAndSettle(anton, players, `#table button[data-action="${first.replaceAll('"', '\\"')}"]`);
  assert.equal(await anton.page.getAttribute('#table .o21-office[data-seat="0"] [data-setup-choice="mine"]', 'data-card'), chosen);
  assert.equal((await offeredActions(anton.page)).length, 0, 'a choice cannot be changed');
  for (const p of [jacky, christa]) {
    const back = '#table .o21-office[data-seat="0"] [data-setup-choice="hidden"]';
    assert.equal(await p.page.getAttribute(back, 'data-card'), null, `${p.name} sees only a card back`);
    assert.match(await p.page.textContent('#table .o21-office[data-seat="0"] [data-testid="setup-state"]'), /has chosen/);
    assert.ok((await logLines(p.page)).includes('Anton has chosen a card (set-up round 1).'));
    const told = messages(p)
      .map(gamePart)
      .filter(Boolean)
      .flatMap((g) => (g.events ?? []).map((e) => e.event))
      .filter((e) => e?.kind === 'chose' && e.seat === 0);
    assert.ok(told.length === 1 && told[0].card === null, `${p.name} is told that Anton chose, not what`);
  }
  let actions = 1;
  const seen = new Set(['choose']);
  while (!(await isOver(anton.page))) {
    assert.ok(actions < MAX_ACTIONS, `the game ends within ${MAX_ACTIONS} actions`);
    const order = [...players].sort(() => random() - 0.5);
    let acted = false;
    for (const p of order) {
      const offered = await offeredActions(p.page);
      if (offered.length === 0) continue;
      const legal = latestLegal(p);
      assert.deepEqual(
        [...new Set(offered.map((a) => canonical(JSON.parse(a))))].sort(),
        [...new Set(legal.map(canonical))].sort(),
        `${p.name} offers exactly the legal actions (action ${actions})`,
      );
      // Uniform among the offered actions, except that a TAXMAN is usually
      // held back: random players drop it early, and the audit would end
      // most games before the rest of the table ever shows.
      const calmer = offered.filter((a) => !/"kind":"play".*"card":"taxman"|"card":"taxman".*"kind":"play"/.test(a));
      const pool = calmer.length > 0 && random() < 0.85 ? calmer : offered;
      const pick = pool[Math.floor(random() * pool.length)];
      seen.add(JSON.parse(pick).kind);
      const selector = `#table button[data-action="${pick.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"]:not([disabled])`;
      await clickAndSettle(p, players, selector);
      actions += 1;
      acted = true;
      if (actions % 25 === 0) assert.equal(await scrollsSideways(christa.page), false, 'the table fits 375 px');
      break;
    }
    assert.ok(acted || (await isOver(anton.page)), 'someone is offered an action while the game runs');
  }
  console.log(`# ${actions} actions; kinds clicked: ${[...seen].sort().join(', ')}`);
  assert.ok(seen.has('choose') && seen.has('play'), 'set-up choices and plays were clicked');

  // Every page shows the same end: winner, how it ended, the victory condition, the profits.
  const ends = [];
  for (const p of players) {
    await p.page.waitForSelector('#end:not([hidden]) .o21-ending');
    ends.push(
      await p.page.evaluate(() => {
        const end = document.getElementById('end');
        const ending = end.querySelector('.o21-ending');
        return {
          title: document.getElementById('end-title').textContent,
          winners: end.dataset.winners,
          endedBy: ending.dataset.endedBy,
          victory: ending.dataset.victory,
          how: ending.querySelector('[data-testid="ending-how"]').textContent,
          congratulation: ending.querySelector('[data-testid="congratulation"]').textContent,
          scores: [...ending.querySelectorAll('.scores tbody tr')].map((r) => r.textContent),
        };
      }),
    );
  }
  console.log(`# ${ends[0].how} Winners (seats): ${ends[0].winners}`);
  for (const e of ends.slice(1)) assert.deepEqual(e, ends[0], 'all end screens agree');
  assert.match(ends[0].title, /(Anton|Jacky|Christa)/);
  assert.match(ends[0].how, /^Ended by .+, won by .+\.$/);
  assert.ok(ends[0].congratulation.length > 20, 'a congratulation');
  assert.equal(ends[0].scores.length, 3);
  // The page's victory is the server's outcome.
  const outcome = messages(anton)
    .map(gamePart)
    .filter(Boolean)
    .map((g) => g.outcome)
    .filter(Boolean)
    .pop();
  assert.equal(outcome.reason, ends[0].victory);
  assert.equal(outcome.winners.join(','), ends[0].winners);
  const log = await logLines(anton.page);
  assert.match(log[log.length - 1], /^Game over\. Ended by .+, won by .+: .+ (wins|share the victory)\.$/);
  assert.ok(!log.some((line) => line.startsWith('(')), 'every event is told in words');
  for (const p of players) assert.equal(await offeredActions(p.page).then((a) => a.length), 0, 'nothing to click after the end');
  assert.equal(await scrollsSideways(christa.page), false, 'the end screen fits 375 px');
  await closeAll(players);
});

// ---------------------------------------------------------------------------
// Prompts for the decisions on office cards: BOSS love, SALES, ASSISTANT.

test('BOSS, SALES and ASSISTANT decisions are prompted, highlighted and shown to the others', { timeout: 60_000 }, async () => {
  const anton = await newPage('Anton');
  const jacky = await newPage('Jacky', { width: 375, height: 800 });
  const players = [anton, jacky];
  const fixture = position({
    offices: [['secretary', 'sales'], ['secretary', 'manager']],
    hands: [
      ['boss', 'assistant', 'spy'],
      ['sales', 'cleaner', 'spy'],
    ],
    turn: 0,
  });
  await seatAndStart(server, { players, options: { fixture } });
  const cardIn = (seat, kind) => `#table [data-office-card][data-seat="${seat}"][data-card="${kind}"]`;

  // Anton's BOSS loves one of the two SECRETARYs: Anton chooses, Jacky watches.
  await clickAndSettle(anton, players, hand('boss'));
  assert.match(await anton.page.textContent('[data-testid="prompt"]'), /Whom does your BOSS love\?/);
  await assertOffersExactlyLegal(anton, 'the love choice');
  assert.deepEqual(
    await anton.page.$$eval('#table button[data-legal="love"]', (bs) => bs.map((b) => `${b.dataset.seat}:${b.dataset.card}`).sort()),
    ['0:secretary', '1:secretary'],
  );
  assert.match(await jacky.page.textContent('.turn-banner'), /Anton’s turn: choosing which SECRETARY their BOSS loves/);
  assert.equal(await jacky.page.$$eval('#table .o21-option[data-card="secretary"]', (els) => els.length), 2, 'the options are marked for Jacky');
  assert.equal((await offeredActions(jacky.page)).length, 0, 'Jacky has nothing to click');
  await clickAndSettle(anton, players, '#table button[data-legal="love"][data-seat="1"]');
  for (const p of players) {
    assert.equal(await p.page.getAttribute(cardIn(1, 'secretary'), 'data-face'), 'down');
    assert.equal(await p.page.getAttribute(cardIn(0, 'boss'), 'data-face'), 'down');
    assert.equal(await p.page.getAttribute(cardIn(0, 'secretary'), 'data-face'), 'up');
    assert.ok((await logLines(p.page)).includes('Anton chose: their BOSS loves Jacky’s SECRETARY.'));
    assert.equal(await p.page.textContent('#table .o21-office[data-seat="0"] [data-testid="profit"]'), '9 M');
    assert.equal(await p.page.textContent('#table .o21-office[data-seat="1"] [data-testid="profit"]'), '4 M');
  }

  // Jacky's SALES takes Anton's face-down BOSS (it stays face down).
  await clickAndSettle(jacky, players, hand('sales'));
  assert.match(await jacky.page.textContent('[data-testid="prompt"]'), /Your SALES makes a swap/);
  await assertOffersExactlyLegal(jacky, 'the SALES target');
  assert.match(await anton.page.textContent('.turn-banner'), /Jacky’s turn: choosing what their SALES is swapped for/);
  assert.equal(await scrollsSideways(jacky.page), false);
  await clickAndSettle(jacky, players, '#table button[data-legal="swap"][data-card="boss"]');
  for (const p of players) {
    assert.equal(await p.page.getAttribute(cardIn(1, 'boss'), 'data-face'), 'down');
    assert.ok((await logLines(p.page)).includes('Jacky swapped their SALES for Anton’s BOSS: the BOSS joins Jacky’s office, the SALES goes to Anton.'));
  }

  // Anton's ASSISTANT takes a card of his own office back.
  await clickAndSettle(anton, players, hand('assistant'));
  assert.match(await anton.page.textContent('[data-testid="prompt"]'), /Your ASSISTANT takes a card back/);
  await assertOffersExactlyLegal(anton, 'the ASSISTANT target');
  const own = await anton.page.$$eval('#table button[data-legal="take_back"]', (bs) => bs.map((b) => b.dataset.seat));
  assert.ok(own.length > 0 && own.every((s) => s === '0'), 'only cards of Anton’s own office are offered');
  await clickAndSettle(anton, players, '#table button[data-legal="take_back"][data-card="secretary"]');
  assert.ok((await logLines(jacky.page)).includes('Anton’s ASSISTANT took their SECRETARY back to hand.'));
  assert.equal(await anton.page.$$eval('[data-hand-card][data-card="secretary"]', (els) => els.length), 1);
  await closeAll(players);
});

// ---------------------------------------------------------------------------
// 3. A busy table on a phone, played with the keyboard.

test('a busy table fits 375 px and is played with the keyboard', { timeout: 90_000 }, async () => {
  const names = ['Anton', 'Maximiliana Theodora K.', 'Christa', '<b>Doris</b>'];
  const anton = await newPage(names[0], { width: 375, height: 740 });
  const others = [];
  for (const n of names.slice(1)) others.push(await newPage(n));
  const players = [anton, ...others];
  // Anton: SECRETARY (face down, loved by the BOSS), ASSISTANT, OPERATOR;
  // a BOSS in hand that cannot be played. Maximiliana: exactly 21 with a
  // face-down BOSS. Christa holds the TAXMAN. Doris is out.
  const fixture = position({
    offices: [['secretary', 'assistant', 'operator'], ['boss', 'director', 'director', 'sales', 'manager'], ['taxman', 'cleaner'], []],
    hands: [['boss', 'cleaner', 'spy'], ['spy', 'spy', 'operator'], ['sales', 'manager', 'cleaner'], []],
    discard: ['director', 'sales', 'manager'],
    eliminated: [3],
    turn: 0,
  });
  await seatAndStart(server, { players, options: { fixture } });
  const page = anton.page;
  assert.equal(await scrollsSideways(page), false, 'the table fits 375 px');

  // What the table says.
  const office = (seat) => `#table .o21-office[data-seat="${seat}"]`;
  assert.equal(await page.textContent(`${office(1)} [data-testid="profit"]`), '21 M');
  assert.match(await page.textContent(`${office(1)} [data-testid="at21"]`), /Reached exactly 21 M/);
  assert.equal(await page.getAttribute(`${office(1)} [data-card="boss"]`, 'data-face'), 'down');
  assert.match(await page.textContent(`${office(1)} [data-card="boss"]`), /face down/);
  assert.equal(await page.getAttribute(`${office(0)} [data-card="secretary"]`, 'data-face'), 'down');
  assert.equal(await page.textContent(`${office(0)} [data-testid="profit"]`), '3 M');
  assert.match(await page.textContent('[data-testid="audit"]'), /Tax audit at the start of Christa’s next turn \(1 other turn before it\)/);
  assert.equal(await page.getAttribute(office(3), 'data-eliminated'), 'true');
  assert.match(await page.textContent(`${office(3)} [data-testid="eliminated"]`), /Out of the game/);
  assert.equal(await page.textContent(`${office(3)} .o21-player-name`), '<b>Doris</b>', 'names are text, never HTML');
  assert.equal(await page.$(`${office(3)} .o21-player-name b`), null);
  assert.equal(await page.textContent('[data-testid="discard-top"]'), 'MANAGER');
  assert.match(await page.textContent(`${office(1)} [data-testid="hand-count"]`), /3 in hand/);

  // The second BOSS is visibly not playable; the others are buttons.
  const boss = '#table [data-hand-card][data-card="boss"]';
  assert.equal(await page.$eval(boss, (el) => el.tagName), 'DIV');
  assert.match(await page.textContent(boss), /not playable: a BOSS is already in play/);
  assert.deepEqual((await offeredActions(page)).map((a) => JSON.parse(a).card).sort(), ['cleaner', 'spy']);
  await assertOffersExactlyLegal(anton, 'Anton’s turn');

  // Tab to the CLEANER (focus is visible), Enter plays it.
  const reach = async (selector, limit = 80) => {
    for (let i = 0; i < limit; i += 1) {
      await page.keyboard.press('Tab');
      if (await page.evaluate((s) => document.activeElement?.matches(s), selector)) return;
    }
    assert.fail(`${selector} is reachable with Tab`);
  };
  await page.click('#room-title');
  await reach('#table [data-hand-card][data-card="cleaner"]');
  const outline = await page.evaluate(() => {
    const el = document.activeElement;
    return { visible: el.matches(':focus-visible'), style: getComputedStyle(el).outlineStyle };
  });
  assert.equal(outline.visible, true);
  assert.notEqual(outline.style, 'none', 'the focused card shows a focus ring');
  let seq = await seqOf(page);
  await page.keyboard.press('Enter');
  await waitSeq(page, seq + 1);
  assert.equal(await page.evaluate(() => document.activeElement?.classList.contains('o21-prompt')), true, 'focus moves to the new prompt');
  assert.match(await page.textContent('[data-testid="prompt"]'), /Your CLEANER removes a card/);
  // The CLEANER's targets: the MANAGER first in Maximiliana's office, anything but a SPY or DIRECTOR elsewhere.
  const targets = await page.$$eval('#table button[data-legal="remove"]', (bs) => bs.map((b) => `${b.dataset.seat}:${b.dataset.card}`).sort());
  assert.deepEqual(targets, ['0:assistant', '0:operator', '0:secretary', '1:manager', '2:cleaner', '2:taxman']);
  await assertOffersExactlyLegal(anton, 'the CLEANER target');
  assert.equal(await scrollsSideways(page), false, 'the highlighted targets fit 375 px');
  await reach('#table button[data-legal="remove"][data-card="taxman"]');
  seq = await seqOf(page);
  await page.keyboard.press('Enter');
  await waitSeq(page, seq + 1);
  const log = await logLines(page);
  assert.ok(log.includes('Anton’s CLEANER removed Christa’s TAXMAN.'));
  assert.ok(log.includes('Christa’s TAXMAN left play: no tax audit for now.'));

  // Maximiliana starts her turn at exactly 21: successful operations.
  await page.waitForSelector('#end:not([hidden])');
  assert.match(await page.textContent('#end-title'), /Maximiliana Theodora K\. wins!/);
  assert.equal(await page.textContent('[data-testid="ending-how"]'), 'Ended by successful operations, won by successful operations.');
  assert.equal(await page.getAttribute('#end .o21-ending', 'data-victory'), 'successful_operations');
  assert.equal(await scrollsSideways(page), false, 'the end screen fits 375 px');
  await closeAll(players);
});
