// The Osaki and Office 21 tables in Japanese (issue 14): browsers whose
// language is Japanese, players with Japanese names, one game of each
// played to its end by clicking, and the DOM scanned for English words
// (lib/english.mjs) on the table, the log, the status line, the recap and
// the end screen, mid-game (a picked Osaki stack, an Office 21 follow-up
// decision pending, the OPERATOR's secret) and at the end. See README.md
// for how to run.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';

import { openPage, prng, startServerAndBrowser, stopServerAndBrowser, closeAll } from './lib/harness.mjs';
import { englishLeft } from './lib/english.mjs';
import { isOver, playOneMove, seqOf, waitSeq } from './lib/room.mjs';
import { clickAndSettle, position, seatAndStart } from './lib/office21.mjs';

const SEED = Number(process.env.TEST_SEED ?? Date.now() % 1_000_000);
const MAX_MOVES = 200;

// What the game modules draw: the table (banner, prompt, offices, hand),
// the log, the last log line (#last-event), the recap's lines (the log's
// words) and the end screen's details.
const TABLE_PARTS = ['#table', '#log', '#last-event', '[data-testid="recap"] li', '#end-details'];

let server;
let browser;

console.log(`# random seed: TEST_SEED=${SEED}`);
before(async () => ({ server, browser } = await startServerAndBrowser()));
after(() => stopServerAndBrowser(server, browser));

async function japanesePage(name, options = {}) {
  const record = await openPage(browser, { name, locale: 'ja-JP', ...options });
  record.name = name;
  return record;
}

const show = (found) => found.map((f) => `${f.word} in "${f.text}" (${f.where})`).join('\n');

/**
 * Words that CSS draws (::before, ::after `content`, e.g. the tag on a
 * legal tile or card), which the DOM scan cannot see, as englishLeft does.
 */
function englishDrawnByCss(page) {
  return page.evaluate((selectors) => {
    const found = [];
    for (const root of selectors.flatMap((s) => [...document.querySelectorAll(s)])) {
      for (const element of [root, ...root.querySelectorAll('*')]) {
        for (const pseudo of ['::before', '::after']) {
          const content = getComputedStyle(element, pseudo).content;
          const text = /^"(.*)"$/.exec(content)?.[1] ?? '';
          const word = text.match(/[A-Za-z][A-Za-z']+/)?.[0];
          if (word && !['SPY', 'CLEANER', 'OPERATOR', 'ASSISTANT', 'SALES', 'MANAGER', 'SECRETARY', 'BOSS', 'DIRECTOR', 'TAXMAN'].includes(word)) {
            found.push({ word, text, where: `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}${pseudo}` });
          }
        }
      }
    }
    return found;
  }, TABLE_PARTS);
}

/** What a failure needs to be understood: the page's language, its dictionaries' requests, its errors. */
async function languageState(record) {
  const state = await record.page.evaluate(() => ({
    lang: document.documentElement.lang,
    languages: navigator.languages.join(','),
    stored: localStorage.getItem('cubicle:lang'),
    dictionaries: performance
      .getEntriesByType('resource')
      .filter((e) => /\/i18n\//.test(e.name))
      .map((e) => `${new URL(e.name).pathname} ${e.responseStatus} at ${Math.round(e.startTime)} ms`),
  }));
  return `page language ${state.lang} (browser ${state.languages}, stored ${state.stored}); dictionaries: ${state.dictionaries.join(', ')}; page errors: ${record.errors.join('; ') || 'none'}`;
}

/** No English word left on the game's own parts of the page (nor drawn there by CSS). */
async function assertNoEnglishOnTable(record, when) {
  const found = [...(await englishLeft(record.page, [], { within: TABLE_PARTS })), ...(await englishDrawnByCss(record.page))];
  const context = found.length ? `\n${await languageState(record)}` : '';
  assert.deepEqual(found, [], `${record.name}, ${when}: English left on the table:\n${show(found)}${context}`);
}

/** No English word left anywhere on the page (header, lobby, chat and end screen included). */
async function assertNoEnglishAnywhere(record, when) {
  const found = await englishLeft(record.page);
  assert.deepEqual(found, [], `${record.name}, ${when}: English left on the page:\n${show(found)}`);
}

/** A 3-player Osaki deal: one tile of each character each, the other six set aside (shuffled by `random`). */
function osakiDeal(random) {
  const tasks = ['copying', 'accounting', 'inventory', 'phone_duty'];
  const characters = ['president', 'senior_managing_director', 'department_manager', 'section_chief', 'senior_colleague', 'temp_worker'];
  const rows = [[], [], []];
  characters.forEach((character, i) => {
    const order = tasks.map((_, k) => `${character}:${tasks[(k + i) % tasks.length]}`);
    rows.forEach((row, seat) => row.push(order[seat]));
  });
  for (const row of rows) {
    for (let i = row.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [row[i], row[j]] = [row[j], row[i]];
    }
  }
  return rows;
}

test('Osaki in Japanese: no English on the table, in the log, the recap and the end screen', { timeout: 240_000 }, async () => {
  const random = prng(SEED);
  const players = [await japanesePage('明子'), await japanesePage('健太', { width: 375, height: 800 }), await japanesePage('沙織')];
  await seatAndStart(server, {
    game: 'osaki',
    players,
    options: { fixture: { deal: osakiDeal(random), first_player: 0 } },
  });
  for (const p of players) await p.page.waitForSelector('#table .area');
  assert.equal(await players[0].page.getAttribute('html', 'lang'), 'ja');
  for (const p of players) await assertNoEnglishOnTable(p, 'at the start');

  let moves = 0;
  let picked = false;
  let recapSeen = false;
  while (!(await isOver(players[0].page))) {
    assert.ok(moves < MAX_MOVES, `the game ends within ${MAX_MOVES} moves`);
    // Whoever is offered a move (the pages have all heard the last one).
    let p = null;
    for (const candidate of players) if ((await candidate.page.$$('#table button[data-legal]:not([disabled])')).length > 0) p = candidate;
    if (!p) {
      await players[0].page.waitForTimeout(100);
      continue;
    }

    // Once the log holds several lines: the mover's page with the recap of
    // the others' moves, and a stack picked (the banner asks where it goes).
    if (moves >= 6 && !recapSeen && (await p.page.isVisible('[data-testid="recap"] li'))) {
      recapSeen = true;
      assert.ok((await p.page.$$('#log li')).length >= 6, 'the log holds several lines');
      await assertNoEnglishOnTable(p, `with the recap, after ${moves} moves`);
    }
    if (moves >= 6 && !picked) {
      const source = await p.page.$('#table button[data-legal="source"]:not([disabled])');
      if (source) {
        picked = true;
        await source.click();
        await p.page.waitForSelector('[data-testid="cancel-pick"]');
        await assertNoEnglishOnTable(p, 'with a stack picked');
        await p.page.click('[data-testid="cancel-pick"]');
        await p.page.waitForSelector('[data-testid="cancel-pick"]', { state: 'detached' });
      }
    }

    const move = await playOneMove(p.page, random);
    assert.ok(move, `${p.name} had a move`);
    moves += 1;
    const seq = await seqOf(p.page);
    for (const other of players) await waitSeq(other.page, seq);
    if (moves === 8) {
      for (const other of players) await assertNoEnglishOnTable(other, 'after 8 moves');
      await assertNoEnglishAnywhere(players[1], 'after 8 moves');
    }
  }
  assert.ok(picked, 'a stack was picked at some point');
  assert.ok(recapSeen, 'the recap was shown at some point');

  for (const p of players) {
    await p.page.waitForSelector('#end:not([hidden])');
    await p.page.waitForSelector('#table [data-pile="leftover"]');
    await assertNoEnglishOnTable(p, 'at the end');
  }
  // The whole page, at the end: the header, lobby, chat and end screen too.
  await assertNoEnglishAnywhere(players[0], 'at the end');
  await closeAll(players);
});

test('Office 21 in Japanese: a pending decision, the OPERATOR’s secret, the recap and the end, with no English', { timeout: 180_000 }, async () => {
  const akiko = await japanesePage('明子');
  const kenta = await japanesePage('健太', { width: 375, height: 800 });
  const players = [akiko, kenta];
  // 明子 has four SPYs and a fifth in hand; her CLEANER must choose 健太's
  // MANAGER; 健太's OPERATOR then draws the TAXMAN and puts it back; 明子
  // draws it at the start of her turn and plays her fifth SPY (industrial
  // espionage).
  const fixture = position({
    offices: [['spy', 'spy', 'spy', 'spy'], ['manager', 'sales']],
    hands: [
      ['cleaner', 'spy', 'boss'],
      ['operator', 'assistant', 'director'],
    ],
    pileTop: ['taxman', 'secretary'],
    turn: 0,
  });
  await seatAndStart(server, { players, options: { fixture } });
  await akiko.page.waitForSelector('#table [data-hand-card][data-legal="play"]');
  for (const p of players) await assertNoEnglishOnTable(p, 'at the start');

  // 明子 plays the CLEANER: her prompt asks what it removes; 健太 sees her choosing.
  await clickAndSettle(akiko, players, '#table [data-hand-card][data-legal="play"][data-card="cleaner"]');
  await akiko.page.waitForSelector('[data-testid="prompt"][data-decision="cleaner"]');
  for (const p of players) {
    await assertNoEnglishOnTable(p, 'with the CLEANER’s choice pending');
    await assertNoEnglishAnywhere(p, 'with the CLEANER’s choice pending');
  }

  await clickAndSettle(akiko, players, '#table .o21-office [data-legal="remove"]');
  // 健太's turn: the recap of 明子's turn, the discard pile holding the MANAGER.
  await kenta.page.waitForSelector('[data-testid="recap"]:not([hidden]) li');
  await kenta.page.waitForSelector('[data-testid="discard-top"]');
  assert.ok((await kenta.page.$$('#log li')).length >= 4, 'the log holds several lines');
  for (const p of players) await assertNoEnglishOnTable(p, 'after the CLEANER, with the recap');

  // 健太's OPERATOR: the secret card and its two choices on his page only.
  await clickAndSettle(kenta, players, '#table [data-hand-card][data-legal="play"][data-card="operator"]');
  await kenta.page.waitForSelector('[data-testid="operator-card"]');
  for (const p of players) await assertNoEnglishOnTable(p, 'with the OPERATOR’s card pending');

  await clickAndSettle(kenta, players, '[data-testid="operator-card"] [data-legal="return"]');
  await akiko.page.waitForSelector('#table [data-hand-card][data-legal="play"][data-card="spy"]');
  for (const p of players) await assertNoEnglishOnTable(p, 'after the OPERATOR put its card back');

  // 明子's fifth SPY ends the game.
  await clickAndSettle(akiko, players, '#table [data-hand-card][data-legal="play"][data-card="spy"]');
  for (const p of players) {
    await p.page.waitForSelector('#end:not([hidden])');
    assert.equal(await p.page.getAttribute('#end .o21-ending', 'data-victory'), 'industrial_espionage');
    await assertNoEnglishOnTable(p, 'at the end');
  }
  await assertNoEnglishAnywhere(akiko, 'at the end');
  await closeAll(players);
});

test('Office 21 in Japanese: the set-up, the TAXMAN’s audit and a DIRECTOR’s look, with no English', { timeout: 120_000 }, async () => {
  // A game from its set-up: both choose a card face down, then they are turned up.
  const setUp = [await japanesePage('明子'), await japanesePage('健太')];
  await seatAndStart(server, { players: setUp });
  for (const p of setUp) await p.page.waitForSelector('[data-testid="prompt"][data-decision="choose"]');
  for (const p of setUp) await assertNoEnglishOnTable(p, 'in the set-up');
  await clickAndSettle(setUp[0], setUp, '#table [data-hand-card][data-legal="choose"]');
  for (const p of setUp) await assertNoEnglishOnTable(p, 'with one set-up card chosen');
  await clickAndSettle(setUp[1], setUp, '#table [data-hand-card][data-legal="choose"]');
  for (const p of setUp) {
    await p.page.waitForFunction(() => document.querySelectorAll('#log li').length >= 4);
    await assertNoEnglishOnTable(p, 'after the set-up cards are turned up');
  }
  await closeAll(setUp);

  // 明子 plays a TAXMAN (an audit is coming); 健太's DIRECTOR looks at her hand and discards from it.
  const akiko = await japanesePage('明子');
  const kenta = await japanesePage('健太', { width: 375, height: 800 });
  const players = [akiko, kenta];
  const fixture = position({
    offices: [['manager'], ['sales']],
    hands: [
      ['taxman', 'spy', 'cleaner'],
      ['director', 'spy', 'assistant'],
    ],
    turn: 0,
  });
  await seatAndStart(server, { players, options: { fixture } });
  await clickAndSettle(akiko, players, '#table [data-hand-card][data-legal="play"][data-card="taxman"]');
  for (const p of players) {
    await p.page.waitForSelector('[data-testid="audit"]');
    await assertNoEnglishOnTable(p, 'with a tax audit coming');
  }
  await clickAndSettle(kenta, players, '#table [data-hand-card][data-legal="play"][data-card="director"]');
  await kenta.page.waitForSelector('[data-testid="prompt"][data-decision="director_target"]');
  for (const p of players) await assertNoEnglishOnTable(p, 'with the DIRECTOR’s target pending');
  await clickAndSettle(kenta, players, '[data-testid="prompt"] [data-legal="look"]');
  await kenta.page.waitForSelector('[data-testid="director-look"]');
  for (const p of players) await assertNoEnglishOnTable(p, 'with the DIRECTOR’s look pending');
  await clickAndSettle(kenta, players, '[data-testid="director-look"] [data-legal="discard"]');
  for (const p of players) await assertNoEnglishOnTable(p, 'after the DIRECTOR’s discard');
  await closeAll(players);
});

test('Office 21 in Japanese: exactly 21, a card with no target, record-breaking profits and the last one standing', { timeout: 90_000 }, async () => {
  const akiko = await japanesePage('明子');
  const kenta = await japanesePage('健太', { width: 375, height: 800 });
  const players = [akiko, kenta];
  // 明子's third DIRECTOR brings her to exactly 21 (after it discards 健太's
  // ASSISTANT); 健太's BOSS has no SECRETARY to love and takes him over 21.
  const fixture = position({
    offices: [['director', 'director'], ['manager', 'manager', 'manager', 'manager']],
    hands: [
      ['director', 'spy', 'spy'],
      ['boss', 'assistant', 'spy'],
    ],
    turn: 0,
  });
  await seatAndStart(server, { players, options: { fixture } });
  await clickAndSettle(akiko, players, '#table [data-hand-card][data-legal="play"][data-card="director"]');
  await clickAndSettle(akiko, players, '[data-testid="prompt"] [data-legal="look"]');
  await clickAndSettle(akiko, players, '[data-testid="director-look"] [data-legal="discard"][data-card="assistant"]');
  for (const p of players) {
    await p.page.waitForSelector('[data-testid="at21"]');
    await assertNoEnglishOnTable(p, 'with 明子 at exactly 21');
  }
  await clickAndSettle(kenta, players, '#table [data-hand-card][data-legal="play"][data-card="boss"]');
  for (const p of players) {
    await p.page.waitForSelector('#end:not([hidden])');
    assert.equal(await p.page.getAttribute('#end .o21-ending', 'data-victory'), 'strategic_management');
    await assertNoEnglishOnTable(p, 'after 健太’s record-breaking profits');
    await assertNoEnglishAnywhere(p, 'at the end');
  }
  await closeAll(players);
});
