// Dilbert: The Board Game end to end: the real server binary, three players
// in three browser contexts, each clicking only what their own page offers
// (a control's `data-action` is the action exactly as the server sent it).
// A fixture scripts the random parts, so one round plays the same way every
// time: a run and a walk on the map, a signature, a Legal roll that kills a
// project, a stay in Engineering and the Boss's turn. See README.md.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';

import { Server, launchBrowser, openPage } from './lib/harness.mjs';
import { seqOf, waitSeq } from './lib/room.mjs';
import { seatAndStart, canonical, latestLegal, logLines } from './lib/office21.mjs';

const range = (n) => [...Array(n).keys()];

// Anna plays Alice (Motivation 10) and goes first; Bert plays Dilbert,
// Cleo plays Wally. Projects enter in id order: #1 Project Platypus
// (Marketing + Legal; team Wally, Alice), #2 Synergy Initiative (Alice,
// Dilbert), #3 The Paperless Office (Wally, Alice); the Schedule is
// Mission Statement Rewrite. The dice: Anna's run rolls 4, her Legal roll 6.
const FIXTURE = {
  first_player: 0,
  employees: ['alice', 'dilbert', 'wally'],
  projects: range(26),
  memos: range(70),
  dice: [4, 6],
};

let server;
let browser;

before(async () => {
  server = new Server();
  await server.start();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

async function newPlayer(name) {
  const record = await openPage(browser, { name });
  record.name = name;
  return record;
}

/** Every action the page offers now: prompt and icon buttons and the map's spaces. */
async function offered(page) {
  return page.$$eval('#table [data-action]', (els) =>
    els.filter((el) => !el.disabled && el.getAttribute('aria-disabled') !== 'true').map((el) => el.dataset.action),
  );
}

/** The page offers every legal action the server last sent it (some in two places), and nothing else. */
async function assertOffersExactlyLegal(record, when) {
  const shown = [...new Set((await offered(record.page)).map((a) => canonical(JSON.parse(a))))].sort();
  const legal = [...new Set(latestLegal(record).map(canonical))].sort();
  assert.deepEqual(shown, legal, `${record.name} offers exactly the server's legal actions (${when})`);
}

/**
 * Clicks the control (within `scope`) whose action is `action`, on the
 * actor's page, and waits until every page has caught up.
 */
async function act(actor, everyone, action, scope = '#table') {
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

const banner = (page) => page.textContent('[data-testid="turn-banner"]');
const pieceLabel = (page, employee) => page.getAttribute(`.dl-piece[data-employee="${employee}"]`, 'aria-label');
const pieceAt = (page, employee) => page.getAttribute(`.dl-piece[data-employee="${employee}"]`, 'data-at');
const happiness = (page, employee) =>
  page.getAttribute(`[data-testid="track"] .dl-track-token[data-employee="${employee}"]`, 'data-happiness').then(Number);
const boss = (page) => page.getAttribute('[data-testid="track"] .dl-boss', 'data-boss').then(Number);
const projectIds = (page) => page.$$eval('[data-testid="projects"] .dl-project', (els) => els.map((el) => Number(el.dataset.project)));

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

test('a round of Dilbert: a run and a walk, a signature, a Legal kill and the Boss', { timeout: 120_000 }, async () => {
  const anna = await newPlayer('Anna');
  const bert = await newPlayer('Bert');
  const cleo = await newPlayer('Cleo');
  const everyone = [anna, bert, cleo];
  await seatAndStart(server, { game: 'dilbert', players: everyone, options: { fixture: FIXTURE } });
  for (const r of everyone) await r.page.waitForSelector('[data-testid="dilbert-table"]');

  // --- The table as dealt: everyone in Engineering, the Boss at the top.
  await assertLogHas(everyone, [
    'Anna goes first.',
    'Anna plays Alice, in cubicle #1 (-5).',
    'Project Platypus enters as Project #1; assigned: Cleo (Wally) and Anna (Alice).',
    'Synergy Initiative enters as Project #2; assigned: Anna (Alice) and Bert (Dilbert).',
    'Mission Statement Rewrite is the new Schedule.',
    'Round 1 begins.',
  ]);
  for (const r of everyone) {
    assert.equal(await boss(r.page), 27, `${r.name}: the Boss starts at 27`);
    assert.deepEqual(await projectIds(r.page), [0, 1, 2]);
    for (const e of ['alice', 'dilbert', 'wally']) assert.match(await pieceLabel(r.page, e), / in Engineering$/);
  }
  assert.equal(await banner(anna.page), 'Your turn: walk up to 10 spaces, or run.');
  assert.equal(await banner(bert.page), 'Anna’s turn: walk up to 10 spaces, or run.');
  for (const r of everyone) await assertOffersExactlyLegal(r, 'Anna’s move');
  assert.equal(await anna.page.$('[data-testid="map"] .dl-target[aria-label="Go to Legal"]'), null, 'Legal is out of a walk’s reach');
  assert.deepEqual(await offered(bert.page), [], 'Bert has nothing to click on Anna’s turn');

  // --- Anna runs (rolls 4: 14 spaces) and clicks Legal on the map.
  await act(anna, everyone, { type: 'run' }, '[data-testid="prompt"]');
  assert.equal(await banner(anna.page), 'Your turn: ran (rolled 4), moving up to 14 spaces.');
  await assertLogHas(everyone, ['Anna runs and rolls 4.']);
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

  // --- Bert's turn: he walks to a hall square he clicks on the map.
  assert.equal(await banner(bert.page), 'Your turn: walk up to 6 spaces, or run.');
  assert.equal(await banner(anna.page), 'Bert’s turn: walk up to 6 spaces, or run.');
  for (const r of everyone) await assertOffersExactlyLegal(r, 'Bert’s move');
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

  // --- Cleo, last in the round, stays at her desk (and reads her inbox).
  assert.equal(await banner(cleo.page), 'Your turn: walk up to 5 spaces, or run.');
  await assertOffersExactlyLegal(cleo, 'Cleo’s move');
  const stayButton = '[data-testid="prompt"] button.dl-choice-move:text-is("Stay where you are")';
  const stay = JSON.parse(await cleo.page.getAttribute(stayButton, 'data-action'));
  assert.equal(stay.to, Number(await pieceAt(cleo.page, 'wally')), 'staying is a move to where Wally stands');
  await act(cleo, everyone, stay, '[data-testid="prompt"]');

  // --- The Boss checks every project and moves down to 24; round 2.
  await assertLogHas(everyone, [
    'Cleo stays in Engineering.',
    'The Boss’s turn: he checks the projects.',
    'The Boss checks Project Platypus.',
    'Cleo (Wally) loses 1 happiness (project), now -1.',
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
    assert.equal(await happiness(r.page, 'wally'), -2);
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
