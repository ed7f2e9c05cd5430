// Dilbert: The Board Game end to end: the real server binary, three or four
// players in their own browser contexts, each clicking only what their own
// page offers (a control's `data-action` is the action exactly as the server
// sent it; a memo with targets opens a chooser whose buttons carry them). A
// fixture scripts the random parts, so each game plays the same way every
// time. See README.md.
//
// 1. A round for three: a run and a walk on the map, a signature, a Legal
//    roll that kills a project, a stay in Engineering with an end-of-turn
//    memo, the end-of-turn step of every turn, and the Boss's turn.
// 2. Memos for four: a start-of-turn memo on another employee, the victim's
//    Response memo on its sender, a consultant hired in the Conference Room
//    and a real-life question that everyone answers at once.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';

import { openPage, sleep, startServerAndBrowser, stopServerAndBrowser } from './lib/harness.mjs';
import { namesOutsideOffices, piecesOverNames, seqOf, waitSeq } from './lib/room.mjs';
import { seatAndStart, boardOf, canonical, latestLegal, logLines, messages, gamePart } from './lib/office21.mjs';

const range = (n) => [...Array(n).keys()];
const sorted = (ids) => [...ids].sort((a, b) => a - b);

/** A memo deck: `top` (ids) first, then every other id in order. */
const memoDeck = (top) => [...top, ...range(70).filter((id) => !top.includes(id))];

// The memos and the consultant these games deal, by id (the order of
// games/src/dilbert/cards.rs); each test checks the names against the board
// its pages received.
const CARDS = {
  TED: [2, 'Ted the Generic Guy'],
  DONUT_RUN: [7, 'Donut Run'],
  CASUAL_FRIDAY_VIOLATION: [13, 'Casual Friday Violation'],
  PAY_RAISE: [18, 'Pay Raise'],
  LONG_WEEKEND: [19, 'Long Weekend'],
  LEFTOVER_CAKE: [21, 'Leftover Cake'],
  BLAME_SHIFTING: [22, 'Blame Shifting'],
  REPLY_ALL: [24, 'Reply All'],
  STACK_RANKING: [27, 'Stack Ranking'],
  OFFICE_PARTY: [28, 'Office Party'],
  WET_FLOOR: [31, 'Wet Floor'],
  DOUBLE_ESPRESSO: [37, 'Double Espresso'],
  PERSONALITY_TRANSPLANT: [41, 'Personality Transplant'],
  TRAINING_COURSE: [43, 'Training Course'],
  SENSITIVITY_TRAINING: [44, 'Sensitivity Training'],
  POLICY_UPDATE: [58, 'Policy Update'],
  RETURN_TO_SENDER: [62, 'Return to Sender'],
  PER_MY_LAST_EMAIL: [63, 'Per My Last Email'],
  LOOK_BUSY: [66, 'Look Busy'],
  POWER_NAP: [67, 'Power Nap'],
  UNPAID_OVERTIME: [69, 'Unpaid Overtime'],
};
const M = Object.fromEntries(Object.entries(CARDS).map(([key, [id]]) => [key, id]));
const MORALE_OFFICER = 9;

/** The board the page holds names the cards as this file does. */
async function assertCardNames(record) {
  const board = await boardOf(record);
  assert.ok(board?.memos, `${record.name} holds the board`);
  for (const [id, name] of Object.values(CARDS)) assert.equal(board.memos[id].name, name, `memo ${id}`);
  assert.equal(board.consultants[MORALE_OFFICER].name, 'Morale Officer');
}

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

const enabled = (els) => els.filter((el) => !el.disabled && el.getAttribute('aria-disabled') !== 'true').map((el) => el.dataset.action);

/**
 * Every action the page offers now: prompt and icon buttons, the map's
 * spaces, the hand's Play and Discard buttons, and what each memo's target
 * chooser offers (opened with its "Play…" button, closed with Escape).
 */
async function offered(page) {
  const shown = await page.$$eval('#table [data-action]', enabled);
  const choosers = page.locator('#table [data-choose-memo]:not([disabled])');
  const count = await choosers.count();
  for (let i = 0; i < count; i += 1) {
    await choosers.nth(i).click();
    await page.waitForSelector('[data-testid="target-chooser"]');
    shown.push(...(await page.$$eval('#table [data-testid="target-chooser"] [data-action], #table [data-testid="map"] [data-action]', enabled)));
    await page.keyboard.press('Escape');
    await page.waitForSelector('[data-testid="target-chooser"]', { state: 'detached' });
  }
  return shown;
}

/** The page offers every legal action the server last sent it (some in two places), and nothing else. */
async function assertOffersExactlyLegal(record, when) {
  const shown = [...new Set((await offered(record.page)).map((a) => canonical(JSON.parse(a))))].sort();
  const legal = [...new Set(latestLegal(record).map(canonical))].sort();
  assert.deepEqual(shown, legal, `${record.name} offers exactly the server's legal actions (${when})`);
}

/** Waits until every page has caught up with the actor's event number. */
async function settle(actor, everyone, before) {
  await actor.page.waitForFunction((s) => Number(document.getElementById('game').dataset.seq) > s, before);
  const seq = await seqOf(actor.page);
  for (const r of everyone) await waitSeq(r.page, seq);
}

/** The `data-action` (as written) within `scope` whose action is `action`. */
async function controlFor(actor, action, scope) {
  const wanted = canonical(action);
  const match = (await actor.page.$$eval(`${scope} [data-action]`, (els) => els.map((el) => el.dataset.action))).find(
    (a) => canonical(JSON.parse(a)) === wanted,
  );
  assert.ok(match, `${actor.name}'s page offers ${wanted} in ${scope}`);
  return `${scope} [data-action='${match}']`;
}

/**
 * Clicks the control (within `scope`) whose action is `action`, on the
 * actor's page, and waits until every page has caught up.
 */
async function act(actor, everyone, action, scope = '#table') {
  const selector = await controlFor(actor, action, scope);
  const before = await seqOf(actor.page);
  await actor.page.click(selector);
  await settle(actor, everyone, before);
}

/**
 * Plays a memo the way a player does: its Play button in the hand, or, for
 * a memo with targets, "Play…" and then the target's button in the chooser.
 */
async function playMemo(actor, everyone, action) {
  if (!action.target) return act(actor, everyone, action, '[data-testid="hand"]');
  await actor.page.click(`[data-testid="hand"] [data-choose-memo="${action.memo}"]`);
  await actor.page.waitForSelector('[data-testid="target-chooser"]');
  return act(actor, everyone, action, '[data-testid="target-chooser"]');
}

/** The action of the prompt's "Stay where you are" button. */
async function stayAction(r) {
  const button = r.page.locator('[data-testid="prompt"] button.dl-choice-move', { hasText: /^Stay where you are$/ });
  assert.equal(await button.count(), 1, `${r.name}'s prompt offers to stay`);
  return JSON.parse(await button.getAttribute('data-action'));
}

const banner = (page) => page.textContent('[data-testid="turn-banner"]');
const pieceLabel = (page, employee) => page.getAttribute(`.dl-piece[data-employee="${employee}"]`, 'aria-label');
const pieceAt = (page, employee) => page.getAttribute(`.dl-piece[data-employee="${employee}"]`, 'data-at');
const happiness = (page, employee) =>
  page.getAttribute(`[data-testid="track"] .dl-track-token[data-employee="${employee}"]`, 'data-happiness').then(Number);
const boss = (page) => page.getAttribute('[data-testid="track"] .dl-boss', 'data-boss').then(Number);
const projectIds = (page) => page.$$eval('[data-testid="projects"] .dl-project', (els) => els.map((el) => Number(el.dataset.project)));
const handOnPage = (page) => page.$$eval('[data-testid="hand"] .dl-memo', (els) => els.map((el) => Number(el.dataset.memo)));

/** Asserts that every page's log holds `lines`, in this order (other lines may come between). */
async function assertLogHas(records, lines) {
  for (const r of records) {
    const log = await logLines(r.page);
    let from = 0;
    for (const line of lines) {
      const at = log.indexOf(line, from);
      assert.ok(at >= 0, `${r.name}'s log has "${line}" after line ${from}; the log:\n${log.join('\n')}`);
      from = at + 1;
    }
  }
}

/** The view in the last game message the page received. */
function latestView(record) {
  const all = messages(record);
  for (let i = all.length - 1; i >= 0; i -= 1) {
    const game = gamePart(all[i]);
    if (game?.view) return game.view;
  }
  return null;
}

/** Memo names by id, from the board the page holds. */
async function memoNames(record) {
  const board = await boardOf(record);
  assert.ok(board?.memos, `${record.name} holds the board`);
  return board.memos.map((m) => m.name);
}

async function until(what, check, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/**
 * Secrets: each page's hand shows exactly that seat's memos (`hands`, ids by
 * seat), no page names a memo held in another hand (outside the card
 * reference, which lists the whole deck), and no WebSocket frame a page
 * received carried another seat's hand or another seat's draw.
 */
async function assertHandsSecret(everyone, hands, names) {
  for (const r of everyone) {
    assert.deepEqual(sorted(await handOnPage(r.page)), sorted(hands[r.seat]), `${r.name}'s page shows their own hand`);
    const words = await r.page.evaluate(() => {
      const copy = document.body.cloneNode(true);
      for (const el of copy.querySelectorAll('dialog, script, style')) el.remove();
      const labels = [...document.querySelectorAll('[aria-label], [title]')]
        .filter((el) => !el.closest('dialog'))
        .map((el) => `${el.getAttribute('aria-label') ?? ''} ${el.getAttribute('title') ?? ''}`);
      return `${copy.textContent}\n${labels.join('\n')}`;
    });
    for (const other of everyone.filter((o) => o !== r)) {
      for (const id of hands[other.seat]) {
        assert.ok(!words.includes(names[id]), `${r.name}'s page does not name ${names[id]}, in ${other.name}'s hand`);
      }
    }
    for (const msg of messages(r)) {
      const game = gamePart(msg);
      if (!game) continue;
      const hand = game.view?.hand ?? [];
      for (const other of everyone.filter((o) => o !== r)) {
        for (const id of hands[other.seat]) assert.ok(!hand.includes(id), `no frame to ${r.name} puts ${names[id]} in their hand`);
      }
      for (const p of game.view?.players ?? []) {
        if (p.seat !== r.seat) assert.equal(p.shown_hand ?? null, null, `${r.name} is not shown seat ${p.seat}'s hand`);
      }
      for (const logged of game.events ?? []) {
        const e = logged.event ?? logged;
        if ((e.kind === 'drew' || e.kind === 'discarded') && e.seat !== r.seat) {
          assert.equal(e.memo, null, `${r.name} does not learn what seat ${e.seat} drew (${JSON.stringify(e)})`);
        }
      }
    }
  }
}

// ---------------------------------------------------------------------------
// Three players: a round.

// Anna plays Alice (Motivation 10) and goes first; Bert plays Dilbert,
// Cleo plays Wally. Projects enter in id order: #1 Project Platypus
// (Marketing + Legal; team Wally, Alice), #2 Synergy Initiative (Alice,
// Dilbert), #3 The Paperless Office (Wally, Alice); the Schedule is
// Mission Statement Rewrite. The dice: Anna's run rolls 4, her Legal roll 6.
// Hands (three each, dealt in turn order; each turn starts with a draw):
// Anna holds Pay Raise, Blame Shifting and Look Busy and draws Leftover
// Cake; Bert holds Wet Floor, Double Espresso and Return to Sender (nobody
// played on him: not playable) and draws Ted; Cleo holds Donut Run, Power
// Nap and Office Party, draws Policy Update and, in Engineering, Training
// Course. Only Cleo plays one: Power Nap at the end of her turn.
const ROUND_HANDS = [
  [M.PAY_RAISE, M.BLAME_SHIFTING, M.LOOK_BUSY],
  [M.WET_FLOOR, M.DOUBLE_ESPRESSO, M.RETURN_TO_SENDER],
  [M.DONUT_RUN, M.POWER_NAP, M.OFFICE_PARTY],
];
const ROUND_DRAWS = [M.LEFTOVER_CAKE, M.TED, M.POLICY_UPDATE, M.TRAINING_COURSE];
const FIXTURE = {
  first_player: 0,
  employees: ['alice', 'dilbert', 'wally'],
  projects: range(26),
  memos: memoDeck([...[0, 1, 2].flatMap((k) => ROUND_HANDS.map((hand) => hand[k])), ...ROUND_DRAWS]),
  dice: [4, 6],
};

test('a round of Dilbert: a run and a walk, a signature, a Legal kill, end-of-turn steps and the Boss', { timeout: 120_000 }, async () => {
  const anna = await newPlayer('Anna', 0);
  const bert = await newPlayer('Bert', 1);
  const cleo = await newPlayer('Cleo', 2);
  const everyone = [anna, bert, cleo];
  await seatAndStart(server, { game: 'dilbert', players: everyone, options: { fixture: FIXTURE } });
  for (const r of everyone) await r.page.waitForSelector('[data-testid="dilbert-table"]');
  await assertCardNames(anna);

  // --- The table as dealt: everyone in Engineering, the Boss at the top.
  await assertLogHas(everyone, [
    'Anna goes first.',
    'Anna plays Alice, in cubicle #1 (-5).',
    'Project Platypus enters as Project #1; assigned: Cleo (Wally) and Anna (Alice).',
    'Synergy Initiative enters as Project #2; assigned: Anna (Alice) and Bert (Dilbert).',
    'Mission Statement Rewrite is the new Schedule.',
    'Round 1 begins.',
  ]);
  await assertLogHas([anna], ['Anna drew Leftover Cake.']);
  await assertLogHas([bert, cleo], ['Anna drew a memo.']);
  for (const r of everyone) {
    assert.equal(await boss(r.page), 27, `${r.name}: the Boss starts at 27`);
    assert.deepEqual(await projectIds(r.page), [0, 1, 2]);
    for (const e of ['alice', 'dilbert', 'wally']) assert.match(await pieceLabel(r.page, e), / in Engineering$/);
    assert.deepEqual(await piecesOverNames(r.page), [], `${r.name}: the three pieces leave Engineering's name readable`);
    assert.deepEqual(await namesOutsideOffices(r.page), [], `${r.name}: every office's name fits between its walls`);
  }
  assert.deepEqual(await handOnPage(anna.page), sorted([M.PAY_RAISE, M.BLAME_SHIFTING, M.LOOK_BUSY, M.LEFTOVER_CAKE]), 'Anna’s hand, with her draw');
  assert.deepEqual(await handOnPage(bert.page), sorted(ROUND_HANDS[1]));
  assert.equal(await banner(anna.page), 'Your turn: walk up to 10 spaces, or run.');
  assert.equal(await banner(bert.page), 'Anna’s turn: walk up to 10 spaces, or run.');
  for (const r of everyone) await assertOffersExactlyLegal(r, 'Anna’s move');
  // Her start-of-turn memos are offered; Look Busy waits for the end of her turn.
  const annaPlays = latestLegal(anna).filter((a) => a.type === 'play');
  assert.deepEqual([...new Set(annaPlays.map((a) => a.memo))].sort((a, b) => a - b), [M.PAY_RAISE, M.LEFTOVER_CAKE, M.BLAME_SHIFTING]);
  assert.equal(await anna.page.getAttribute(`[data-testid="hand"] [data-choose-memo="${M.BLAME_SHIFTING}"]`, 'aria-label'), 'Play Blame Shifting: choose a target');
  assert.equal(await anna.page.$(`[data-testid="hand"] [data-memo="${M.LOOK_BUSY}"] button`), null, 'Look Busy has no control before the end of the turn');
  assert.equal(await anna.page.$('[data-testid="map"] .dl-target[aria-label="Go to Legal"]'), null, 'Legal is out of a walk’s reach');
  assert.deepEqual(await offered(bert.page), [], 'Bert has nothing to click on Anna’s turn');

  // --- Anna runs (rolls 4: 14 spaces) and clicks Legal on the map.
  await act(anna, everyone, { type: 'run' }, '[data-testid="prompt"]');
  assert.equal(await banner(anna.page), 'Your turn: ran (rolled 4), moving up to 14 spaces.');
  await assertLogHas(everyone, ['Anna runs and rolls 4.']);
  await assertOffersExactlyLegal(anna, 'after the run: no memos any more');
  const legal = JSON.parse(await anna.page.getAttribute('[data-testid="map"] .dl-target[aria-label="Go to Legal"]', 'data-action'));
  await act(anna, everyone, legal, '[data-testid="map"]');
  for (const r of everyone) {
    assert.match(await pieceLabel(r.page, 'alice'), /^Alice \(Anna\) in Legal$/);
    assert.equal(await pieceAt(r.page, 'alice'), String(legal.to));
    assert.match((await logLines(r.page)).join('\n'), /Anna moved from Engineering to Legal \(\d+ steps\)\./);
  }

  // --- In Legal: she covers the Legal signature on Project Platypus.
  assert.equal(await anna.page.getAttribute('[data-testid="prompt"]', 'data-decision'), 'sign');
  assert.equal(await banner(cleo.page), 'Anna’s turn: in Legal, may cover a signature.');
  await assertOffersExactlyLegal(anna, 'the signature');
  await act(anna, everyone, { type: 'sign', project: 0, icon: 'legal' }, '[data-testid="projects"] [data-project="0"]');

  // ... the Legal chart rolls 6: lose 5 to kill a project, or not.
  await assertLogHas(everyone, ['Anna covered the Legal signature on Project Platypus.', 'Anna rolled 6 on the Legal chart.']);
  for (const r of everyone) {
    assert.equal(
      await r.page.getAttribute('[data-testid="projects"] [data-project="0"] [data-icon="legal"]', 'data-signed'),
      'true',
      `${r.name} sees the Legal icon covered`,
    );
    assert.equal(await r.page.getAttribute('[data-testid="projects"] [data-project="0"] [data-icon="marketing"]', 'data-signed'), 'false');
    assert.match(await r.page.textContent('[data-supply="signatures"]'), /14$/);
  }
  assert.equal(await anna.page.getAttribute('[data-testid="prompt"]', 'data-decision'), 'kill');
  assert.equal(await banner(bert.page), 'Anna’s turn: deciding whether to kill a project.');
  await assertOffersExactlyLegal(anna, 'the kill');
  const kills = (await offered(anna.page)).map((a) => JSON.parse(a));
  assert.deepEqual(kills.filter((a) => a.type === 'kill').map((a) => a.project).sort(), [0, 1, 2], 'any project in play may die');
  assert.equal(
    await anna.page.textContent(`[data-testid="prompt"] button[data-legal="kill"][data-action*='"project":1']`),
    'Lose 5 happiness to kill Synergy Initiative',
  );
  await act(anna, everyone, { type: 'kill', project: 1 }, '[data-testid="prompt"]');

  // Synergy Initiative is gone, the Schedule took its slot, Anna lost 5.
  await assertLogHas(everyone, [
    'Anna (Alice) loses 5 happiness (office chart), now -5.',
    'Synergy Initiative was killed; its work tokens go back.',
    'Mission Statement Rewrite enters as Project #2; assigned: Bert (Dilbert) and Anna (Alice).',
    'Y3K Readiness is the new Schedule.',
  ]);
  for (const r of everyone) {
    assert.deepEqual(await projectIds(r.page), [0, 3, 2], `${r.name}: Mission Statement Rewrite in Synergy's slot`);
    assert.match(await r.page.textContent('[data-supply="project-discard"]'), /Synergy Initiative/);
    assert.equal(await happiness(r.page, 'alice'), -5);
    assert.equal(await r.page.getAttribute('[data-testid="schedule"] .dl-project', 'data-project'), '4');
  }

  // --- The end-of-turn step: in an office, Look Busy may be played; she ends her turn.
  assert.equal(await anna.page.getAttribute('[data-testid="prompt"]', 'data-decision'), 'end_turn');
  assert.equal(await banner(anna.page), 'Your turn: play end-of-turn memos, or end your turn.');
  assert.equal(await banner(bert.page), 'Anna’s turn: ending the turn.');
  for (const r of everyone) await assertOffersExactlyLegal(r, 'Anna’s end-of-turn step');
  assert.deepEqual(
    latestLegal(anna).map(canonical).sort(),
    [{ type: 'end_turn' }, { type: 'play', memo: M.LOOK_BUSY }].map(canonical).sort(),
    'Look Busy (she is in an office) or the end',
  );
  assert.match(await anna.page.textContent('[data-testid="prompt"]'), /You may play 1 memo from your hand first: Look Busy\./);
  await act(anna, everyone, { type: 'end_turn' }, '[data-testid="prompt"]');

  // --- Bert's turn: he draws, then walks to a hall square he clicks on the map.
  await assertLogHas([bert], ['Bert drew Ted the Generic Guy.']);
  await assertLogHas([anna, cleo], ['Bert drew a memo.']);
  assert.equal(await banner(bert.page), 'Your turn: walk up to 6 spaces, or run.');
  assert.equal(await banner(anna.page), 'Bert’s turn: walk up to 6 spaces, or run.');
  for (const r of everyone) await assertOffersExactlyLegal(r, 'Bert’s move');
  assert.ok(
    !latestLegal(bert).some((a) => a.type === 'play' && a.memo === M.RETURN_TO_SENDER),
    'Return to Sender answers a memo played on him: none was',
  );
  assert.equal(await anna.page.$('[data-testid="prompt"]'), null, 'Anna has nothing to decide');
  const hall = await bert.page.$$eval('[data-testid="map"] .dl-target:not(.dl-target-office)', (els) =>
    els.map((el) => ({ action: JSON.parse(el.dataset.action), label: el.getAttribute('aria-label') })),
  );
  assert.ok(hall.length > 0, 'Bert can walk into the hall');
  const step = hall[hall.length - 1];
  await act(bert, everyone, step.action, '[data-testid="map"]');
  const square = step.label.replace(/^Go to /, '');
  const walked = new RegExp(`^Bert moved from Engineering to ${square.replace(/[()]/g, '\\$&')} \\(\\d steps?\\)\\.$`);
  for (const r of everyone) {
    assert.equal(await pieceAt(r.page, 'dilbert'), String(step.action.to), `${r.name} sees Dilbert where Bert clicked`);
    assert.equal(await pieceLabel(r.page, 'dilbert'), `Dilbert (Bert) in ${square}`);
    assert.ok((await logLines(r.page)).some((line) => walked.test(line)), `${r.name}'s log tells Bert's walk`);
  }
  // In the hall: nothing to play at the end of his turn, and the banner says so too.
  assert.equal(await banner(bert.page), 'Your turn: nothing left to play, end your turn.');
  await assertOffersExactlyLegal(bert, 'Bert’s end-of-turn step');
  assert.deepEqual(latestLegal(bert), [{ type: 'end_turn' }]);
  assert.match(await bert.page.textContent('[data-testid="prompt"]'), /Nothing left to play: end your turn\./);
  await act(bert, everyone, { type: 'end_turn' }, '[data-testid="prompt"]');

  // --- Cleo, last in the round, stays at her desk (and reads her inbox).
  assert.equal(await banner(cleo.page), 'Your turn: walk up to 5 spaces, or run.');
  await assertOffersExactlyLegal(cleo, 'Cleo’s move');
  for (const r of [anna, bert]) assert.deepEqual(await offered(r.page), [], `${r.name} has nothing to click on Cleo’s turn`);
  const stay = await stayAction(cleo);
  assert.equal(stay.to, Number(await pieceAt(cleo.page, 'wally')), 'staying is a move to where Wally stands');
  await act(cleo, everyone, stay, '[data-testid="prompt"]');
  await assertLogHas(everyone, ['Cleo stays in Engineering.']);
  await assertLogHas([cleo], ['Cleo drew Policy Update.', 'Cleo stays in Engineering.', 'Cleo drew Training Course.']);
  await assertLogHas([anna, bert], ['Cleo drew a memo.', 'Cleo stays in Engineering.', 'Cleo drew a memo.']);
  await assertHandsSecret(
    everyone,
    [
      [M.PAY_RAISE, M.BLAME_SHIFTING, M.LOOK_BUSY, M.LEFTOVER_CAKE],
      [...ROUND_HANDS[1], M.TED],
      [...ROUND_HANDS[2], M.POLICY_UPDATE, M.TRAINING_COURSE],
    ],
    await memoNames(anna),
  );

  // ... at the end of her turn (Engineering is an office) she plays Power Nap: +2.
  assert.equal(await banner(cleo.page), 'Your turn: play end-of-turn memos, or end your turn.');
  await assertOffersExactlyLegal(cleo, 'Cleo’s end-of-turn step');
  assert.deepEqual(
    latestLegal(cleo).map(canonical).sort(),
    [{ type: 'end_turn' }, { type: 'play', memo: M.POWER_NAP }].map(canonical).sort(),
  );
  await playMemo(cleo, everyone, { type: 'play', memo: M.POWER_NAP });
  await assertLogHas(everyone, ['Cleo played Power Nap.', 'Cleo (Wally) gains 2 happiness (a memo), now 2.']);
  for (const r of everyone) {
    assert.equal(await happiness(r.page, 'wally'), 2);
    assert.deepEqual(
      await r.page.$$eval('[data-testid="out-tray"] li', (els) => els.map((el) => Number(el.dataset.memo))),
      [M.POWER_NAP],
      `${r.name}'s out tray shows Power Nap`,
    );
  }
  assert.deepEqual(latestLegal(cleo), [{ type: 'end_turn' }], 'her only end-of-turn memo played: the end is left');
  await act(cleo, everyone, { type: 'end_turn' }, '[data-testid="prompt"]');

  // --- The Boss checks every project and moves down to 24; round 2.
  await assertLogHas(everyone, [
    'The Boss’s turn: he checks the projects.',
    'The Boss checks Project Platypus.',
    'Cleo (Wally) loses 1 happiness (project), now 1.',
    'Anna (Alice) loses 1 happiness (project), now -6.',
    'The Boss checks Mission Statement Rewrite.',
    'Bert (Dilbert) loses 2 happiness (project), now -2.',
    'Anna (Alice) loses 2 happiness (project), now -8.',
    'The Boss checks The Paperless Office.',
    'The Boss moves down the happiness track to 24.',
    'Round 2 begins.',
  ]);
  for (const r of everyone) {
    assert.equal(await boss(r.page), 24, `${r.name}'s track shows the Boss at 24`);
    assert.match(await r.page.textContent('[data-testid="track"] .dl-boss'), /Boss/);
    assert.match(await r.page.textContent('.dl-track-panel h3'), /Boss at 24/);
    assert.equal(await happiness(r.page, 'alice'), -9);
    assert.equal(await happiness(r.page, 'dilbert'), -2);
    assert.equal(await happiness(r.page, 'wally'), 0);
    assert.match(await pieceLabel(r.page, 'alice'), / in Legal$/, 'pieces stay where they were');
  }
  assert.equal(await banner(anna.page), 'Your turn: walk up to 10 spaces, or run.');
  assert.equal(await banner(cleo.page), 'Anna’s turn: walk up to 10 spaces, or run.');
  for (const r of everyone) await assertOffersExactlyLegal(r, 'round 2');

  for (const r of everyone) {
    assert.deepEqual(r.errors, [], `${r.name}: no script errors in the page`);
    await r.context.close();
  }
});


// ---------------------------------------------------------------------------
// Four players: memos, a consultant and a real-life question.

// Anna (Alice, Motivation 10) goes first, then Bert (Dilbert), Cleo (Wally)
// and Dora (Tina). Hands, three each in turn order, then each turn's draw:
// Anna holds Blame Shifting, Stack Ranking and Look Busy and draws Pay
// Raise; Bert holds Return to Sender, Double Espresso and Personality
// Transplant and draws Long Weekend; Cleo holds Casual Friday Violation, Per
// My Last Email and Office Party, draws Leftover Cake and, in Engineering,
// Wet Floor; Dora holds Reply All, Sensitivity Training and Unpaid Overtime
// and draws Training Course. The Conference Room roll is 4: a new
// consultant, the Morale Officer.
const MEMO_HANDS = [
  [M.BLAME_SHIFTING, M.STACK_RANKING, M.LOOK_BUSY],
  [M.RETURN_TO_SENDER, M.DOUBLE_ESPRESSO, M.PERSONALITY_TRANSPLANT],
  [M.CASUAL_FRIDAY_VIOLATION, M.PER_MY_LAST_EMAIL, M.OFFICE_PARTY],
  [M.REPLY_ALL, M.SENSITIVITY_TRAINING, M.UNPAID_OVERTIME],
];
const MEMO_DRAWS = [M.PAY_RAISE, M.LONG_WEEKEND, M.LEFTOVER_CAKE, M.WET_FLOOR, M.TRAINING_COURSE];
const MEMO_FIXTURE = {
  first_player: 0,
  employees: ['alice', 'dilbert', 'wally', 'tina'],
  projects: range(26),
  memos: memoDeck([...[0, 1, 2].flatMap((k) => MEMO_HANDS.map((hand) => hand[k])), ...MEMO_DRAWS]),
  consultants: [MORALE_OFFICER, ...range(18).filter((id) => id !== MORALE_OFFICER)],
  dice: [4],
};

/** Answers the real-life question on `r`'s page; waits until every page knows (the last answer reveals all). */
async function answer(r, everyone, yes, last) {
  const selector = await controlFor(r, { type: 'answer', yes }, '[data-testid="prompt"]');
  if (last) {
    const before = await seqOf(r.page);
    await r.page.click(selector);
    return settle(r, everyone, before);
  }
  await r.page.click(selector);
  // No event yet (answers are revealed together): the views say who has answered.
  await r.page.waitForSelector('[data-testid="prompt"]', { state: 'detached' });
  for (const o of everyone) {
    await until(`${o.name} to learn that ${r.name} answered`, () => latestView(o)?.stage?.step?.answered?.[r.seat] === true);
    // Those who have answered read whom the table waits for: no longer this player.
    if (o !== r && latestView(o).stage.step.answered[o.seat]) {
      await o.page.waitForFunction(
        (name) => !document.querySelector('[data-testid="turn-banner"]').textContent.includes(name),
        r.name,
      );
    }
  }
}

test('memos for four: a memo on another employee, the Response on its sender, a consultant and a real-life question', { timeout: 120_000 }, async () => {
  const anna = await newPlayer('Anna', 0);
  const bert = await newPlayer('Bert', 1);
  const cleo = await newPlayer('Cleo', 2);
  const dora = await newPlayer('Dora', 3);
  const everyone = [anna, bert, cleo, dora];
  await seatAndStart(server, { game: 'dilbert', players: everyone, options: { fixture: MEMO_FIXTURE } });
  for (const r of everyone) await r.page.waitForSelector('[data-testid="dilbert-table"]');
  await assertCardNames(anna);
  const names = await memoNames(anna);
  const hands = MEMO_HANDS.map((hand) => [...hand]);
  hands[0].push(M.PAY_RAISE);

  await assertLogHas(everyone, ['Anna goes first.', 'Dora plays Tina, in cubicle #4 (+1).', 'Round 1 begins.']);
  await assertLogHas([anna], ['Anna drew Pay Raise.']);
  await assertLogHas([bert, cleo, dora], ['Anna drew a memo.']);
  await assertHandsSecret(everyone, hands, names);
  for (const r of everyone) {
    for (const e of ['alice', 'dilbert', 'wally', 'tina']) assert.equal(await happiness(r.page, e), 0);
    assert.equal(await r.page.$('[data-testid="consultant"]'), null, `${r.name}: no consultant yet`);
  }

  // --- Anna plays Blame Shifting on Bert (Dilbert): he loses 2.
  for (const r of everyone) await assertOffersExactlyLegal(r, 'Anna’s move');
  for (const r of [bert, cleo, dora]) assert.deepEqual(await offered(r.page), [], `${r.name} has nothing to click on Anna’s turn`);
  assert.equal(await bert.page.$(`[data-testid="hand"] [data-memo="${M.RETURN_TO_SENDER}"] button`), null, 'Bert holds Return to Sender; nothing to play it on, not his turn');
  await anna.page.click(`[data-testid="hand"] [data-choose-memo="${M.BLAME_SHIFTING}"]`);
  const chooser = '[data-testid="target-chooser"]';
  assert.equal(await anna.page.textContent(`${chooser} h3`), 'Play Blame Shifting: choose a target');
  assert.deepEqual(
    await anna.page.$$eval(`${chooser} [data-target-kind="employee"] button`, (els) => els.map((el) => el.textContent)),
    ['Bert (Dilbert)', 'Cleo (Wally)', 'Dora (Tina)'],
    'another employee: any of the three others',
  );
  await act(anna, everyone, { type: 'play', memo: M.BLAME_SHIFTING, target: { kind: 'employee', employee: 'dilbert' } }, chooser);
  hands[0] = hands[0].filter((m) => m !== M.BLAME_SHIFTING);
  await assertLogHas(everyone, ['Anna played Blame Shifting: Bert (Dilbert).', 'Bert (Dilbert) loses 2 happiness (a memo), now -2.']);
  for (const r of everyone) {
    assert.equal(await happiness(r.page, 'dilbert'), -2, `${r.name}'s track shows Dilbert at -2`);
    assert.equal(await r.page.textContent('.dl-employee[data-employee="dilbert"] [data-stat="happiness"] dd'), '-2');
    // The out tray, public; marked on the pages of those it was played since their last turn.
    assert.equal(
      await r.page.getAttribute(`[data-testid="out-tray"] li[data-memo="${M.BLAME_SHIFTING}"]`, 'data-recent'),
      r === anna ? 'false' : 'true',
      `${r.name}'s out tray`,
    );
  }
  assert.equal(await anna.page.$(chooser), null, 'the chooser closes once the memo is sent');

  // --- She walks 10 to the Conference Room and rolls 4: a new consultant.
  assert.equal(await banner(anna.page), 'Your turn: walk up to 10 spaces, or run.');
  await assertOffersExactlyLegal(anna, 'after Blame Shifting');
  const conference = JSON.parse(await anna.page.getAttribute('[data-testid="map"] .dl-target[aria-label="Go to Conference Room"]', 'data-action'));
  await act(anna, everyone, conference, '[data-testid="map"]');
  await assertLogHas(everyone, [
    'Anna moved from Engineering to Conference Room (10 steps).',
    'Anna rolled 4 on the Conference Room chart.',
    'A new consultant is in play: Morale Officer.',
  ]);
  for (const r of everyone) {
    assert.match(await pieceLabel(r.page, 'alice'), /^Alice \(Anna\) in Conference Room$/);
    assert.equal(await r.page.getAttribute('[data-testid="consultant"]', 'data-consultant'), String(MORALE_OFFICER));
    assert.match(await r.page.textContent('[data-testid="consultant"]'), /^Consultant in play: Morale OfficerHappiness gained from an office roll is 1 more\./);
    assert.match(await r.page.textContent('[data-supply="consultant-deck"]'), /17 cards$/);
  }

  // ... the end of her turn: Look Busy (she is in an office), or the end.
  assert.equal(await banner(anna.page), 'Your turn: play end-of-turn memos, or end your turn.');
  assert.equal(await banner(dora.page), 'Anna’s turn: ending the turn.');
  for (const r of everyone) await assertOffersExactlyLegal(r, 'Anna’s end-of-turn step');
  assert.deepEqual(latestLegal(anna).map(canonical).sort(), [{ type: 'end_turn' }, { type: 'play', memo: M.LOOK_BUSY }].map(canonical).sort());
  await act(anna, everyone, { type: 'end_turn' }, '[data-testid="prompt"]');

  // --- Bert's turn: Return to Sender is his to play now, on Anna only.
  hands[1].push(M.LONG_WEEKEND);
  await assertLogHas([bert], ['Bert drew Long Weekend.']);
  await assertLogHas([anna, cleo, dora], ['Bert drew a memo.']);
  assert.equal(await banner(bert.page), 'Your turn: walk up to 6 spaces, or run.');
  for (const r of everyone) await assertOffersExactlyLegal(r, 'Bert’s move');
  const returns = latestLegal(bert).filter((a) => a.type === 'play' && a.memo === M.RETURN_TO_SENDER);
  assert.deepEqual(returns, [{ type: 'play', memo: M.RETURN_TO_SENDER, target: { kind: 'employee', employee: 'alice' } }], 'only the sender may be hit back');
  assert.ok(
    latestLegal(bert).some((a) => canonical(a) === canonical({ type: 'ignore_consultant', ignore: true })),
    'Dilbert may ignore the consultant',
  );
  assert.equal(await bert.page.textContent(`[data-testid="hand"] [data-memo="${M.RETURN_TO_SENDER}"] .dl-memo-timing`), 'start of your turn, in answer to what happened since your last one');
  await bert.page.click(`[data-testid="hand"] [data-choose-memo="${M.RETURN_TO_SENDER}"]`);
  assert.deepEqual(
    await bert.page.$$eval(`${chooser} [data-target-kind="employee"] button`, (els) => els.map((el) => el.textContent)),
    ['Anna (Alice)'],
  );
  await act(bert, everyone, returns[0], chooser);
  hands[1] = hands[1].filter((m) => m !== M.RETURN_TO_SENDER);
  await assertLogHas(everyone, ['Bert played Return to Sender: Anna (Alice).', 'Anna (Alice) loses 3 happiness (a memo), now -3.']);
  for (const r of everyone) {
    assert.equal(await happiness(r.page, 'alice'), -3, `${r.name}'s track shows Alice at -3`);
    assert.deepEqual(
      await r.page.$$eval('[data-testid="out-tray"] li', (els) => els.map((el) => Number(el.dataset.memo))),
      [M.BLAME_SHIFTING, M.RETURN_TO_SENDER],
    );
  }
  await assertOffersExactlyLegal(bert, 'after Return to Sender');
  assert.ok(!latestLegal(bert).some((a) => a.memo === M.RETURN_TO_SENDER), 'played once');

  // ... he walks into the hall and ends his turn.
  const hall = await bert.page.$$eval('[data-testid="map"] .dl-target:not(.dl-target-office)', (els) => els.map((el) => JSON.parse(el.dataset.action)));
  await act(bert, everyone, hall[0], '[data-testid="map"]');
  assert.equal(await banner(bert.page), 'Your turn: nothing left to play, end your turn.');
  assert.deepEqual(latestLegal(bert), [{ type: 'end_turn' }]);
  await assertOffersExactlyLegal(bert, 'Bert’s end-of-turn step');
  await act(bert, everyone, { type: 'end_turn' }, '[data-testid="prompt"]');

  // --- Cleo's turn: nobody played a memo on her, so her Per My Last Email waits.
  hands[2].push(M.LEFTOVER_CAKE);
  assert.equal(await banner(cleo.page), 'Your turn: walk up to 5 spaces, or run.');
  for (const r of everyone) await assertOffersExactlyLegal(r, 'Cleo’s move');
  assert.deepEqual(
    [...new Set(latestLegal(cleo).filter((a) => a.type === 'play').map((a) => a.memo))].sort((a, b) => a - b),
    [M.CASUAL_FRIDAY_VIOLATION, M.LEFTOVER_CAKE, M.OFFICE_PARTY],
    'Per My Last Email is not offered: no memo hit Wally',
  );
  await assertHandsSecret(everyone, hands, names);

  // She plays Casual Friday Violation: a question for every player at once.
  assert.equal(await cleo.page.textContent(`[data-testid="hand"] [data-memo="${M.CASUAL_FRIDAY_VIOLATION}"] .dl-badge-real-life`), 'real life');
  await playMemo(cleo, everyone, { type: 'play', memo: M.CASUAL_FRIDAY_VIOLATION });
  hands[2] = hands[2].filter((m) => m !== M.CASUAL_FRIDAY_VIOLATION);
  await assertLogHas(everyone, ['Cleo played Casual Friday Violation.']);
  for (const r of everyone) {
    assert.equal(await banner(r.page), 'A real-life question for everyone (Casual Friday Violation): answer yes or no.');
    assert.equal(await r.page.getAttribute('[data-testid="prompt"]', 'data-decision'), 'question');
    assert.equal(await r.page.getAttribute('[data-testid="real-life-question"]', 'data-memo'), String(M.CASUAL_FRIDAY_VIOLATION));
    assert.match(await r.page.textContent('[data-testid="real-life-question"]'), /Casual Friday Violation\s*Every player wearing blue jeans loses 4\./);
    assert.deepEqual(
      await r.page.$$eval('[data-testid="prompt"] button[data-legal="answer"]', (els) => els.map((el) => el.textContent)),
      ['Yes', 'No'],
    );
    assert.match(await r.page.textContent('[data-testid="countdown"]'), /^Time left: 0:(2\d|30)$/, `${r.name} sees the 30 s deadline`);
    await assertOffersExactlyLegal(r, 'the real-life question');
  }
  // Answers come in any order; only the last one reveals them.
  await answer(bert, everyone, false);
  assert.equal(await banner(bert.page), 'Real-life question: waiting for Anna, Cleo and Dora to answer.');
  assert.equal(await bert.page.$('[data-testid="prompt"]'), null, 'Bert has answered: nothing left to click');
  assert.equal(await banner(anna.page), 'A real-life question for everyone (Casual Friday Violation): answer yes or no.');
  await answer(anna, everyone, true);
  await answer(dora, everyone, false);
  assert.equal(await banner(anna.page), 'Real-life question: waiting for Cleo to answer.');
  for (const r of everyone) {
    assert.ok(!(await logLines(r.page)).some((l) => l.includes('real-life answers')), `${r.name}: nothing revealed before the last answer`);
    assert.equal(await happiness(r.page, 'alice'), -3);
  }
  await answer(cleo, everyone, true, true);
  await assertLogHas(everyone, [
    'Cleo played Casual Friday Violation.',
    'Casual Friday Violation, the real-life answers. Yes: Anna and Cleo; no: Bert and Dora.',
    'Anna (Alice) loses 4 happiness (a real-life question), now -7.',
    'Cleo (Wally) loses 4 happiness (a real-life question), now -4.',
  ]);
  for (const r of everyone) {
    assert.equal(await r.page.$('[data-testid="real-life-question"]'), null, `${r.name}: the question is closed`);
    assert.equal(await happiness(r.page, 'alice'), -7);
    assert.equal(await happiness(r.page, 'dilbert'), -2);
    assert.equal(await happiness(r.page, 'wally'), -4);
    assert.equal(await happiness(r.page, 'tina'), 0);
  }

  // --- Back to Cleo's move: she stays at her desk, draws, and ends her turn.
  assert.equal(await banner(cleo.page), 'Your turn: walk up to 5 spaces, or run.');
  for (const r of everyone) await assertOffersExactlyLegal(r, 'Cleo’s move, after the question');
  const stay = await stayAction(cleo);
  await act(cleo, everyone, stay, '[data-testid="prompt"]');
  await assertLogHas([cleo], ['Cleo stays in Engineering.', 'Cleo drew Wet Floor.']);
  await assertLogHas([anna, bert, dora], ['Cleo stays in Engineering.', 'Cleo drew a memo.']);
  hands[2].push(M.WET_FLOOR);
  await act(cleo, everyone, { type: 'end_turn' }, '[data-testid="prompt"]');

  // --- Dora's turn begins; every page offers exactly its own actions.
  hands[3].push(M.TRAINING_COURSE);
  assert.equal(await banner(dora.page), 'Your turn: walk up to 6 spaces, or run.');
  assert.equal(await banner(anna.page), 'Dora’s turn: walk up to 6 spaces, or run.');
  for (const r of everyone) await assertOffersExactlyLegal(r, 'Dora’s move');
  await assertHandsSecret(everyone, hands, names);

  for (const r of everyone) {
    assert.deepEqual(r.errors, [], `${r.name}: no script errors in the page`);
    await r.context.close();
  }
});
