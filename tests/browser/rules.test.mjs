// Browser tests of "Rules at hand" (issue 14, js/rules.js): the rules
// drawer on the start page (a Rules button beside each game) and in every
// game's room (the header's Rules button): the English summary with its
// sections, the switch to Japanese (lang="ja", no English heading left),
// the language remembered after a reload and taken from the browser's
// language at first, Escape and Close returning the focus to the opener,
// keyboard use, a phone (375 px: the whole screen, no sideways scroll),
// opening at a section (the seat list's help, a `data-rules-section` control), and
// AA contrast in light and dark. Real server binary, headless Chromium.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';

import { startServerAndBrowser, stopServerAndBrowser } from './lib/harness.mjs';
import { waitConnected, scrollsSideways } from './lib/room.mjs';
import { contrastOffenders } from './lib/contrast.mjs';

let server;
let browser;

before(async () => ({ server, browser } = await startServerAndBrowser()));
after(() => stopServerAndBrowser(server, browser));

const GAMES = {
  osaki: { title: 'Osaki ni Shitsurei Shima-su!!', pieces: 'The tiles', jaPieces: 'タイルについて' },
  office21: { title: 'Office 21', pieces: 'The cards', jaPieces: 'カードについて' },
  dilbert: { title: 'Dilbert: The Board Game', pieces: 'The cards', jaPieces: 'カードについて' },
};
const headingsEn = (game) => [
  'The goal',
  'Your turn',
  GAMES[game].pieces,
  'How it ends and who wins',
  'Playing online',
  ...(game === 'office21' ? ['The stalling countdown'] : []),
  'What the table shows',
];
const headingsJa = (game) => [
  'ゲームの目的',
  '自分の手番',
  GAMES[game].jaPieces,
  '終了と勝敗',
  'オンラインでの遊び方',
  ...(game === 'office21' ? ['停滞カウントダウン'] : []),
  '卓の表示',
];
const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;

async function newPage({ width = 1100, height = 900, locale = 'en-US', scheme = 'light' } = {}) {
  const context = await browser.newContext({ viewport: { width, height }, locale });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const errors = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !/Failed to load resource|WebSocket connection/.test(msg.text())) errors.push(msg.text());
  });
  await page.emulateMedia({ colorScheme: scheme });
  return { context, page, errors };
}

async function done(p) {
  assert.deepEqual(p.errors, [], 'no script errors in the page');
  await p.context.close();
}

/** What the open drawer shows. */
async function drawer(page) {
  await page.waitForSelector('dialog.rules-drawer[open] .rules-section');
  return page.evaluate(() => {
    const dialog = document.querySelector('dialog.rules-drawer');
    const content = dialog.querySelector('.rules-content');
    return {
      open: dialog.open,
      modal: dialog.matches(':modal'),
      title: dialog.querySelector('#rules-title').textContent,
      titleLang: dialog.querySelector('#rules-title').lang,
      lang: content.lang,
      game: content.dataset.game,
      headings: [...content.querySelectorAll('.rules-section h3')].map((e) => e.textContent),
      text: content.textContent,
      items: content.querySelectorAll('.rules-items li').length,
      pressed: [...dialog.querySelectorAll('.rules-lang[aria-pressed="true"]')].map((b) => b.dataset.lang),
      focusInside: dialog.contains(document.activeElement),
      box: dialog.getBoundingClientRect().toJSON(),
      overflowX: content.scrollWidth > content.clientWidth + 1,
      elements: dialog.querySelectorAll('*').length,
    };
  });
}

const focusedIs = (page, selector) => page.evaluate((s) => document.activeElement === document.querySelector(s), selector);

test('start page: a Rules button beside each game opens its rules; Escape returns the focus', { timeout: 90_000 }, async () => {
  const p = await newPage();
  const { page } = p;
  await page.goto(server.url + '/');
  await page.waitForSelector('#games input');
  for (const [game, { title }] of Object.entries(GAMES)) {
    const selector = `button[data-rules="${game}"]`;
    assert.match(await page.locator(selector).textContent(), new RegExp(`^Rules of ${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
    await page.click(selector);
    const d = await drawer(page);
    assert.ok(d.open && d.modal, `${game}: the drawer is a modal dialog`);
    assert.equal(d.game, game);
    assert.equal(d.title, `Rules · ${title}`);
    assert.equal(d.lang, 'en', 'an English browser gets English');
    assert.deepEqual(d.headings, headingsEn(game), `${game}: the English sections`);
    assert.ok(d.items >= 10, `${game}: the sections list their points (${d.items})`);
    assert.ok(!JAPANESE.test(d.headings.join(' ')), 'no Japanese heading in English');
    assert.ok(d.focusInside, 'the focus is in the drawer');
    await page.keyboard.press('Escape');
    await page.waitForSelector('dialog.rules-drawer', { state: 'detached' });
    assert.ok(await focusedIs(page, selector), `${game}: Escape returns the focus to its Rules button`);
  }
  // Each game's summary names its cards or tiles.
  await page.click('button[data-rules="office21"]');
  const o21 = await drawer(page);
  for (const card of ['SPY', 'CLEANER', 'OPERATOR', 'ASSISTANT', 'SALES', 'MANAGER', 'SECRETARY', 'BOSS', 'DIRECTOR', 'TAXMAN']) {
    assert.ok(o21.text.includes(card), `Office 21 explains ${card}`);
  }
  for (const profit of ['0.5', '8.5', '· 7', '· 6']) assert.ok(o21.text.includes(profit), `Office 21 gives the profit ${profit}`);
  // Close with the Close button (by keyboard).
  await page.focus('.rules-close');
  await page.keyboard.press('Enter');
  await page.waitForSelector('dialog.rules-drawer', { state: 'detached' });
  assert.ok(await focusedIs(page, 'button[data-rules="office21"]'), 'Close returns the focus too');
  // The game choice still works beside its button.
  await page.getByLabel(/Office 21/).check();
  assert.equal(await page.inputValue('#seats'), '2');
  await done(p);
});

test('Japanese: the switch, lang="ja", no English heading, remembered after a reload; the browser language first', { timeout: 60_000 }, async () => {
  const p = await newPage();
  const { page } = p;
  await page.goto(server.url + '/');
  await page.waitForSelector('#games input');
  for (const game of Object.keys(GAMES)) {
    await page.click(`button[data-rules="${game}"]`);
    await drawer(page);
    await page.click('.rules-lang[data-lang="ja"]');
    await page.waitForSelector('.rules-content[lang="ja"]');
    const d = await drawer(page);
    assert.equal(d.lang, 'ja');
    assert.equal(d.titleLang, 'ja');
    assert.deepEqual(d.pressed, ['ja'], 'the 日本語 button is pressed');
    assert.deepEqual(d.headings, headingsJa(game), `${game}: the Japanese sections`);
    for (const heading of d.headings) {
      assert.ok(JAPANESE.test(heading), `${game}: "${heading}" is in Japanese`);
      assert.ok(!headingsEn(game).includes(heading), `${game}: "${heading}" is translated`);
    }
    assert.ok((d.text.match(/[\u3040-\u30ff\u4e00-\u9fff]/g) ?? []).length > 300, `${game}: the text is Japanese`);
    assert.match(d.title, /^ルール · /);
    await page.keyboard.press('Escape');
    await page.waitForSelector('dialog.rules-drawer', { state: 'detached' });
  }
  assert.equal(await page.evaluate(() => localStorage.getItem('cubicle:rules-lang')), 'ja');
  await page.reload();
  await page.waitForSelector('#games input');
  await page.click('button[data-rules="osaki"]');
  let d = await drawer(page);
  assert.equal(d.lang, 'ja', 'the language is remembered after a reload');
  assert.ok(d.text.includes('お先に失礼しま〜す！'));
  // Back to English by keyboard (Tab from the language buttons, Enter).
  await page.focus('.rules-lang[data-lang="en"]');
  await page.keyboard.press('Enter');
  d = await drawer(page);
  assert.equal(d.lang, 'en');
  assert.ok(await focusedIs(page, '.rules-lang[data-lang="en"]'), 'the focus stays on the switch');
  await done(p);

  // A Japanese browser starts in Japanese; an English choice there is kept.
  const jp = await newPage({ locale: 'ja-JP' });
  await jp.page.goto(server.url + '/');
  await jp.page.waitForSelector('#games input');
  await jp.page.click('button[data-rules="dilbert"]');
  d = await drawer(jp.page);
  assert.equal(d.lang, 'ja', 'navigator.language ja gives Japanese');
  await jp.page.click('.rules-lang[data-lang="en"]');
  await jp.page.reload();
  await jp.page.waitForSelector('#games input');
  await jp.page.click('button[data-rules="dilbert"]');
  assert.equal((await drawer(jp.page)).lang, 'en', 'the choice outweighs the browser');
  await done(jp);
});

test('every game room: the header Rules button, by keyboard, at 375 px, sections, contrast light and dark', { timeout: 120_000 }, async () => {
  for (const game of Object.keys(GAMES)) {
    const seats = game === 'dilbert' ? 3 : 2;
    const created = await server.api('POST', '/api/rooms', { game, seats });
    for (const scheme of ['light', 'dark']) {
      const p = await newPage({ width: 375, height: 800, scheme });
      const { page } = p;
      await page.goto(`${server.url}/r/${created.room_id}`);
      await waitConnected(page);
      await page.waitForSelector('#rules-button:not([hidden])');
      await page.waitForFunction((s) => document.documentElement.dataset.theme === s, scheme);
      assert.equal(await scrollsSideways(page), false, `${game}: the room with its Rules button does not scroll sideways`);
      // Keyboard: Tab reaches the button, Enter opens, Tab stays in the drawer, Escape closes.
      let reached = false;
      for (let i = 0; i < 8 && !reached; i += 1) {
        await page.keyboard.press('Tab');
        reached = await focusedIs(page, '#rules-button');
      }
      assert.ok(reached, `${game}: the Rules button is in the tab order`);
      await page.keyboard.press('Enter');
      const d = await drawer(page);
      assert.equal(d.game, game);
      assert.deepEqual(d.headings, headingsEn(game));
      assert.ok(d.focusInside, 'the focus moved into the drawer');
      assert.ok(Math.abs(d.box.width - 375) < 1 && d.box.left === 0 && Math.abs(d.box.height - 800) < 1, `${game}: the whole screen on a phone (${JSON.stringify(d.box)})`);
      assert.equal(d.overflowX, false, `${game}: the drawer's text does not scroll sideways`);
      assert.equal(await scrollsSideways(page), false, `${game}: no sideways scroll with the drawer open`);
      for (let i = 0; i < 12; i += 1) {
        await page.keyboard.press('Tab');
        assert.ok(await page.evaluate(() => document.querySelector('dialog.rules-drawer').contains(document.activeElement) || document.activeElement === document.body), 'Tab stays in the modal drawer');
      }
      // A contents entry takes the focus to its section.
      await page.locator('.rules-toc-link[data-section="online"]').focus();
      await page.keyboard.press('Enter');
      assert.ok(await focusedIs(page, '#rules-online'), 'the contents link focuses its section');
      const { offenders, checked } = await page.evaluate(contrastOffenders);
      assert.ok(checked > 20, `texts checked (${checked})`);
      assert.deepEqual(offenders, [], `${game} drawer (${scheme}) below AA:\n${offenders.join('\n')}`);
      await page.click('.rules-lang[data-lang="ja"]');
      await page.waitForSelector('.rules-content[lang="ja"]');
      const again = await page.evaluate(contrastOffenders);
      assert.deepEqual(again.offenders, [], `${game} drawer in Japanese (${scheme}) below AA:\n${again.offenders.join('\n')}`);
      assert.equal(await scrollsSideways(page), false, `${game}: no sideways scroll in Japanese`);
      await page.keyboard.press('Escape');
      await page.waitForSelector('dialog.rules-drawer', { state: 'detached' });
      assert.ok(await focusedIs(page, '#rules-button'), `${game}: Escape returns the focus to the Rules button`);
      await done(p);
    }
  }
});

test('opening at a section: the seat list\'s help and a data-rules-section control (Office 21\'s stalling countdown)', { timeout: 60_000 }, async () => {
  const created = await server.api('POST', '/api/rooms', { game: 'office21', seats: 2 });
  const p = await newPage({ width: 1100, height: 700 });
  const { page } = p;
  await page.goto(`${server.url}/r/${created.room_id}`);
  await waitConnected(page);
  const help = page.locator('.seats-help button');
  await help.waitFor();
  await help.click();
  await drawer(page);
  assert.ok(await focusedIs(page, '#rules-table'), 'the seat labels open "What the table shows", focused');
  assert.match(await page.locator('#rules-table').textContent(), /to play/);
  const box = await page.locator('#rules-drawer').boundingBox();
  assert.ok(box.width < 1100 && box.x + box.width >= 1099, `a side sheet on the right on a wide screen (${JSON.stringify(box)})`);
  await page.keyboard.press('Escape');
  assert.ok(await focusedIs(page, '.seats-help button'), 'back on the help button');

  // What Office 21's stalling line shows beside its countdown
  // (js/games/office21/status.js): a `data-rules-section` control, which the
  // page's rules module answers by delegation with openRules(game, id).
  await page.evaluate(() => {
    const help = document.createElement('button');
    help.type = 'button';
    help.id = 'test-stalling-help';
    help.dataset.rulesSection = 'stalling';
    help.dataset.rulesGame = 'office21';
    help.textContent = '?';
    document.querySelector('main').append(help);
  });
  await page.click('#test-stalling-help');
  await drawer(page);
  assert.ok(await focusedIs(page, '#rules-stalling'), 'openRules focuses the section');
  const inView = await page.evaluate(() => {
    const s = document.getElementById('rules-stalling').getBoundingClientRect();
    const c = document.querySelector('.rules-content').getBoundingClientRect();
    return s.top >= c.top - 1 && s.top < c.bottom;
  });
  assert.ok(inView, 'the section is scrolled into view');
  assert.match(await page.locator('#rules-stalling').textContent(), /The office is stalling: N of M turns without progress/);
  await page.keyboard.press('Escape');
  await done(p);
});
