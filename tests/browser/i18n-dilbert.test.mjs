// The Dilbert table in Japanese (issue 14: "the Japanese interface has no
// English string left on any page"). Three ja-JP browsers at a real table
// (a fixture fixes employees, decks, hands and dice, as in dilbert.test.mjs)
// and englishLeft() (lib/english.mjs) over the table, the prompt, the log,
// a memo's target chooser, the card reference (every card's name and text)
// and the end screen (drawn from the made-up views of dilbert-table.test.mjs,
// since a real game takes nine rounds to end). Player names are Japanese
// here, so nothing is allowed beyond the scan's own list. The whole room
// page is scanned at the end too: what is left outside the table (the
// page's frame, another part's words) is reported as a diagnostic, and
// must not be inside the table.

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';

import { englishLeft } from './lib/english.mjs';
import { openPage, startServerAndBrowser, stopServerAndBrowser } from './lib/harness.mjs';
import { brokenWords, namesOutsideOffices, seqOf } from './lib/room.mjs';
import { DILBERT_FIXTURES, serveDilbertFixtures } from './lib/fixture-server.mjs';
import { boardOf, logLines, seatAndStart } from './lib/office21.mjs';

const range = (n) => [...Array(n).keys()];
const memoDeck = (top) => [...top, ...range(70).filter((id) => !top.includes(id))];

// Memo ids (games/src/dilbert/cards.rs): アキ holds Pay Raise, Blame
// Shifting (a memo with targets) and Look Busy, and draws Leftover Cake.
const PAY_RAISE = 18;
const BLAME_SHIFTING = 22;
const LOOK_BUSY = 66;
const LEFTOVER_CAKE = 21;
const HANDS = [
  [PAY_RAISE, BLAME_SHIFTING, LOOK_BUSY],
  [31, 37, 62],
  [7, 67, 28],
];
// アキ plays Alice and goes first; her run rolls 4 and her Legal roll 6 (kill a project).
const FIXTURE = {
  first_player: 0,
  employees: ['alice', 'dilbert', 'wally'],
  projects: range(26),
  memos: memoDeck([...[0, 1, 2].flatMap((k) => HANDS.map((hand) => hand[k])), LEFTOVER_CAKE, 2, 58, 43]),
  dice: [4, 6],
};

/** The table's own parts: the table (prompt, chooser and hand inside), its card reference, the log. */
const TABLE = ['#table', '#log'];

let server;
let browser;
/** The real board, as the server sent it to a page (the first test keeps it for the second). */
let realBoard = null;

before(async () => ({ server, browser } = await startServerAndBrowser()));
after(() => stopServerAndBrowser(server, browser));

/** Asserts that nothing in `within` (selectors) of the page is left in English. */
async function assertJapanese(page, what, within = TABLE) {
  const left = await englishLeft(page, [], { within });
  assert.deepEqual(left, [], `no English left in ${what}:\n${left.map((l) => `${l.word} | ${l.text} | ${l.where}`).join('\n')}`);
}

/** Clicks a control and waits until the page has the next event. */
async function click(page, selector) {
  const before = await seqOf(page);
  await page.click(selector);
  await page.waitForFunction((s) => Number(document.getElementById('game').dataset.seq) > s, before);
}

test('a Dilbert table in Japanese: table, prompt, chooser, hand, card reference and log', { timeout: 120_000 }, async (t) => {
  const players = [];
  for (const [seat, name] of ['アキ', 'ベン', 'チエ'].entries()) {
    const record = await openPage(browser, { name, locale: 'ja-JP' });
    Object.assign(record, { name, seat });
    players.push(record);
  }
  const [aki, ben] = players;
  await seatAndStart(server, { game: 'dilbert', players, options: { fixture: FIXTURE } });
  for (const r of players) await r.page.waitForSelector('[data-testid="dilbert-table"]');
  const held = await boardOf(aki);
  realBoard = held?.memos ? held : null;
  const banner = (r) => r.page.textContent('[data-testid="turn-banner"]');

  // The table as dealt: her move, with memos to play first.
  assert.equal(await aki.page.getAttribute('html', 'lang'), 'ja');
  assert.equal(await banner(aki), 'あなたの手番：10マスまで歩くか、走ります。');
  assert.equal(await banner(ben), 'アキの手番：10マスまで歩くか、走ります。');
  assert.equal(await aki.page.getAttribute('[data-testid="prompt"]', 'data-decision'), 'move');
  assert.equal(await aki.page.locator('[data-testid="hand"] .dl-memo').count(), 4, 'her hand of four memos');
  assert.equal(await aki.page.textContent(`[data-testid="hand"] [data-memo="${PAY_RAISE}"] .dl-memo-name`), '昇給');
  const opening = await logLines(aki.page);
  for (const line of ['アキが先手。', 'アキはアリスを担当、キュービクル#1（-5）。', '第1ラウンド開始。', 'アキが「余ったケーキ」を引いた。']) {
    assert.ok(opening.includes(line), `the log has "${line}":\n${opening.join('\n')}`);
  }
  assert.ok((await logLines(ben.page)).includes('アキがメモを1枚引いた。'), 'the others read that she drew a memo');
  for (const r of players) await assertJapanese(r.page, `${r.name}'s table as dealt`);

  // The map's office names on two lines break between words, not inside one (男子ト|イレ was).
  const labels = await aki.page.$$eval('[data-testid="map"] .dl-label', (els) => els.map((e) => [...e.querySelectorAll('tspan')].map((s) => s.textContent)));
  const split = Object.fromEntries(labels.filter((l) => l.length === 2).map((l) => [l.join(''), l]));
  assert.deepEqual(split['男子トイレ'], ['男子', 'トイレ'], JSON.stringify(labels));
  assert.deepEqual(split['女子トイレ'], ['女子', 'トイレ']);
  assert.deepEqual(split['キャロルの部屋'], ['キャロルの', '部屋'], 'the particle stays with its word');
  for (const [first, second] of Object.values(split)) assert.doesNotMatch(second, /^[\u3040-\u309f]/, `no line starts with a particle: ${first}|${second}`);
  assert.deepEqual(await namesOutsideOffices(aki.page), [], 'every office\u2019s name fits between its walls');

  // A memo with targets: its chooser, and the map's spaces.
  await aki.page.click(`[data-testid="hand"] [data-choose-memo="${BLAME_SHIFTING}"]`);
  await aki.page.waitForSelector('[data-testid="target-chooser"]');
  assert.equal(await aki.page.textContent('[data-testid="target-chooser"] h3'), '「責任転嫁」を使う：対象を選ぶ');
  await assertJapanese(aki.page, 'the target chooser');
  await aki.page.keyboard.press('Escape');
  await aki.page.waitForSelector('[data-testid="target-chooser"]', { state: 'detached' });

  // The card reference: every memo, consultant, token and office chart of the real board.
  await aki.page.click('[data-testid="cards-button"]');
  await aki.page.waitForSelector('[data-testid="card-reference"][open]');
  assert.equal(await aki.page.locator('[data-testid="card-reference"] [data-memo]').count(), 70);
  await assertJapanese(aki.page, 'the card reference', ['[data-testid="card-reference"]']);
  await aki.page.keyboard.press('Escape');

  // She runs (4) and goes to Legal, named in Japanese on the map.
  await click(aki.page, '[data-testid="prompt"] [data-legal="run"]');
  assert.equal(await banner(aki), 'あなたの手番：走った（出目4）。14マスまで移動できます。');
  await click(aki.page, '[data-testid="map"] .dl-target[aria-label="法務部へ行く"]');
  assert.equal(await aki.page.getAttribute('[data-testid="prompt"]', 'data-decision'), 'sign');
  await ben.page.waitForFunction(() => document.querySelector('[data-testid="turn-banner"]')?.textContent.includes('サイン'));
  assert.equal(await banner(ben), 'アキの手番：法務部にいます。サインを1つ埋められます。');
  for (const r of [aki, ben]) await assertJapanese(r.page, `${r.name}'s page at the signature`);

  // The Legal signature, then the chart's 6: kill a project or not.
  await click(aki.page, '[data-testid="projects"] [data-project="0"] [data-legal="sign"]');
  await aki.page.waitForSelector('[data-testid="prompt"][data-decision="kill"]');
  assert.equal(await aki.page.textContent('[data-testid="prompt"] h3'), 'プロジェクトの墓場');
  await assertJapanese(aki.page, 'the kill decision');
  await click(aki.page, `[data-testid="prompt"] button[data-legal="kill"][data-action*='"project":1']`);
  await aki.page.waitForSelector('[data-testid="prompt"][data-decision="end_turn"]');
  const log = await logLines(aki.page);
  for (const line of [
    'アキが法務部の表で6を出した。',
    'アキ（アリス）の幸福度が5下がった（部屋の表）。現在-5。',
    'シナジー推進イニシアチブがつぶれた。作業トークンは持ち主に戻る。',
  ]) {
    assert.ok(log.includes(line), `the log has "${line}":\n${log.join('\n')}`);
  }
  assert.ok(log.length >= 15, 'a log of many lines');
  for (const r of players) await assertJapanese(r.page, `${r.name}'s table at the end of the turn`);

  // The whole page: whatever is left is outside the table (reported, not the table's).
  for (const r of [aki, ben]) {
    const left = await englishLeft(r.page);
    if (left.length) t.diagnostic(`${r.name}: English left outside the table: ${left.map((l) => `${l.word} (${l.where})`).join('; ')}`);
    const inTable = await englishLeft(r.page, [], { within: TABLE });
    assert.deepEqual(inTable, []);
  }
  for (const r of players) assert.deepEqual(r.errors, [], `no script errors on ${r.name}'s page`);
});

// ---------------------------------------------------------------------------
// Every other state of the table, from the made-up views of the table suite
// (fixtures/dilbert: every decision, the call-out, the Fast Track, hidden
// texts, the vote, the pick, the end screen, and a log line for every event
// kind), with the game's dictionary loaded first as the room page does. The
// made-up board's cards are renamed after the real board's (by id), whose
// words the dictionary has. Its players are Ann, Bob, Chie, Désirée, Eve
// and Farid: their names (and Latin worst-job answers) are allowed.

// The fixture page, with a script that loads the Japanese words before the harness draws.
const PAGE = fs.readFileSync(path.join(DILBERT_FIXTURES, 'index.html'), 'utf8').replace('/harness.js', '/ja-harness.js');
const JA_HARNESS = `
import { useDictionary } from '/web/js/i18n.js';
import { board } from '/board.js';
const real = window.__realBoard;
const byKey = (list, key) => Object.fromEntries(list.map((card) => [card[key], card]));
board.memos.forEach((m, i) => Object.assign(m, { name: real.memos[i].name, text: real.memos[i].text }));
board.consultants.forEach((c, i) => Object.assign(c, { name: real.consultants[i].name, text: real.consultants[i].text }));
board.projects.forEach((p, i) => Object.assign(p, { name: real.projects[i % real.projects.length].name }));
const tokens = byKey(real.tokens, 'token');
board.tokens.forEach((k) => Object.assign(k, { name: tokens[k.token].name, text: tokens[k.token].text }));
const employees = byKey(real.employees, 'employee');
board.employees.forEach((e) => Object.assign(e, { name: employees[e.employee].name, ability: employees[e.employee].ability }));
const offices = byKey(real.offices, 'office');
board.offices.forEach((o) => {
  const r = offices[o.office];
  // A made-up chart keeps its die ranges, with the real chart's words.
  o.chart = o.chart.map((line, i) => ({ ...line, text: r.chart[i % Math.max(1, r.chart.length)]?.text ?? r.instructions }));
  Object.assign(o, { name: r.name, instructions: o.instructions === null ? null : r.instructions ?? r.chart[0]?.text });
});
await useDictionary('dilbert');
await import('/harness.js');
`;
const FIXTURE_NAMES = ['Ann', 'Bob', 'Chie', 'sir', 'Eve', 'Farid', 'Seat'];
const SCENARIOS = ['targets', 'end_turn', 'real_life', 'call_out', 'cheater', 'loaded_die', 'texts_hidden', 'move', 'sign', 'swap_trait', 'keep_memo', 'swap_work', 'copy', 'question', 'discard', 'vote', 'pick', 'watching', 'ending'];

test('every decision, every log line and the end screen in Japanese (made-up views)', { timeout: 120_000 }, async () => {
  assert.ok(realBoard, 'the first test kept the real board');
  const statics = await serveDilbertFixtures({
    '/ja.html': { type: '.html', body: PAGE },
    '/ja-harness.js': { type: '.js', body: JA_HARNESS },
  });
  const record = await openPage(browser, { name: 'views', locale: 'ja-JP', width: 375 });
  await record.context.addInitScript((b) => {
    window.__realBoard = b;
  }, realBoard);
  const open = async (scenario) => {
    await record.page.goto(`${statics.base}/ja.html?s=${scenario}`);
    await record.page.waitForFunction(() => window.__ready === true);
  };
  try {
    for (const scenario of SCENARIOS) {
      await open(scenario);
      const left = await englishLeft(record.page, FIXTURE_NAMES, { within: ['#table', '#log', '#end'] });
      assert.deepEqual(left, [], `no English left in the ${scenario} view:\n${left.map((l) => `${l.word} | ${l.text} | ${l.where}`).join('\n')}`);
      // A memo with targets: its chooser too.
      const chooser = record.page.locator('[data-choose-memo]');
      for (let i = 0; i < (await chooser.count()); i += 1) {
        await chooser.nth(i).click();
        const inChooser = await englishLeft(record.page, FIXTURE_NAMES, { within: ['[data-testid="target-chooser"]'] });
        assert.deepEqual(inChooser, [], `no English left in a chooser of the ${scenario} view:\n${inChooser.map((l) => `${l.word} | ${l.text}`).join('\n')}`);
        await record.page.keyboard.press('Escape');
      }
    }
    await open('ending');
    // The log holds a line for every event kind, in Japanese.
    const lines = await logLines(record.page);
    assert.ok(lines.length >= 40, `a line for every event kind (${lines.length})`);
    assert.ok(lines.includes('第3ラウンド開始。'), lines.join('\n'));
    const ending = '[data-testid="ending"]';
    assert.equal(await record.page.textContent(`${ending} caption`), '最終的な幸福度');
    assert.match(await record.page.textContent(`${ending} [data-seat="5"] [data-col="modifiers"]`), /^家族写真 \+1$/);
    assert.match(await record.page.textContent(`${ending} .dl-ending-how`), /いちばん幸せなのは.+です。$/);
    await assertJapanese(record.page, 'the end screen', [ending]);
    // Beside a long Latin name, on a phone, the headings and the numbers stay
    // on one line each (Japanese may break between any two characters).
    await record.page.evaluate(() => {
      const ctx = window.__ctx;
      const names = ctx.names;
      ctx.names = (seat) => (seat === 5 ? 'Aki Wolkenstein-Maximili' : names(seat));
      ctx.view.ending.scores[5].modifiers = [
        { name: 'Ratbert\u2019s low expectations', amount: 1 },
        { name: 'Family Portrait', amount: 3 },
        { name: 'Plastic Plant', amount: -2 },
      ];
      document.getElementById('end-details').replaceChildren(window.__renderer.describeEnding(ctx));
    });
    assert.deepEqual(await brokenWords(record.page, `${ending} thead th, ${ending} td:not([data-col="modifiers"])`), [], 'headings and numbers on one line');
    // Several modifiers: one per line, each whole (not a column three characters wide).
    const modifierLines = await record.page.$$eval(`${ending} [data-seat="5"] [data-col="modifiers"] .dl-modifier`, (spans) =>
      spans.map((span) => new Set([...span.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size),
    );
    assert.deepEqual(modifierLines, [1, 1, 1], 'each of three modifiers on one line');
    assert.deepEqual(record.errors, []);
  } finally {
    await record.context.close();
    statics.close();
  }
});
