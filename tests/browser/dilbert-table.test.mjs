// The Dilbert table without a server: the renderer drawn from made-up
// boards and views (fixtures/dilbert/), served with the client's files by
// a tiny static server, in headless Chromium at 375 px. It checks what a
// player would notice: every legal action has exactly one kind of control
// and sends itself unchanged, the map is usable by keyboard, pieces and
// dice move, every event kind reads as words, names stay text.
// The game's end-to-end suite (with the real server) is separate.

import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { REPO, freePort, launchBrowser } from './lib/harness.mjs';

const WEB = path.join(REPO, 'web-client');
const FIXTURES = path.join(REPO, 'tests', 'browser', 'fixtures', 'dilbert');
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };

let server;
let browser;
let page;
let base;
const errors = [];

/** Serves /web/* from web-client/ and everything else from the fixtures. */
function serveStatic(req, res) {
  const url = new URL(req.url, 'http://x');
  const [root, rel] = url.pathname.startsWith('/web/') ? [WEB, url.pathname.slice(5)] : [FIXTURES, url.pathname.slice(1) || 'index.html'];
  const file = path.resolve(root, rel);
  if (!file.startsWith(root) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
  fs.createReadStream(file).pipe(res);
}

before(async () => {
  const port = await freePort();
  server = http.createServer(serveStatic);
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${port}`;
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 375, height: 800 } });
  page.on('pageerror', (e) => errors.push(e.message));
});

after(async () => {
  await browser?.close();
  server?.close();
  assert.deepEqual(errors, [], 'no script errors on the page');
});

const url = (s) => `${base}/index.html?s=${s}`;
async function open(s) {
  await page.goto(url(s));
  await page.waitForFunction(() => window.__ready === true);
}

for (const s of ['move', 'sign', 'swap_trait', 'keep_memo', 'swap_work', 'copy', 'question', 'discard', 'vote', 'pick', 'watching', 'ending']) {
  test(`${s}: the controls offer exactly the legal actions`, async () => {
    await open(s);
    const { offered, legal } = await page.evaluate(async (s) => {
      const { scenarios } = await import('/board.js');
      const offered = [...new Set([...document.querySelectorAll('[data-action]')].map((e) => e.dataset.action))].sort();
      return { offered, legal: scenarios[s].legal.map((a) => JSON.stringify(a)).sort() };
    }, s);
    assert.deepEqual(offered, legal);
  });
}

test('clicking a highlighted space sends its move unchanged', async () => {
  await open('move');
  const target = page.locator('.dl-target[data-legal="move"]').nth(2);
  const expected = JSON.parse(await target.getAttribute('data-action'));
  await target.click();
  assert.deepEqual(await page.evaluate(() => window.__acts), [expected]);
});

test('a highlighted space is a focusable button that Enter and Space activate', async () => {
  await open('move');
  const target = page.locator('.dl-target').first();
  assert.equal(await target.getAttribute('role'), 'button');
  await target.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press(' ');
  const acts = await page.evaluate(() => window.__acts);
  assert.equal(acts.length, 2);
  assert.deepEqual(acts[0], JSON.parse(await target.getAttribute('data-action')));
});

test('the run button and a memo play button send their actions', async () => {
  await open('move');
  await page.getByRole('button', { name: /^Run/ }).click();
  await page.getByRole('button', { name: 'Play Reassignment' }).click();
  assert.deepEqual(await page.evaluate(() => window.__acts), [{ type: 'run' }, { type: 'play', memo: 4 }]);
});

test('a sign button sits on the uncovered icon it covers', async () => {
  await open('sign');
  const btn = page.locator('.dl-project[data-project="3"] .dl-icon button');
  assert.equal(await btn.count(), 1);
  assert.match(await btn.textContent(), /Legal/);
  const covered = page.locator('.dl-project[data-project="0"] .dl-icon-signed');
  assert.match(await covered.textContent(), /Legal.*signed/);
});

test('the pocket-change answer sends any cents typed, and refuses nonsense', async () => {
  await open('question');
  await page.fill('#dl-change', '10001');
  await page.getByRole('button', { name: 'Answer' }).click();
  assert.deepEqual(await page.evaluate(() => window.__acts), []);
  assert.match(await page.locator('.dl-change .form-error').textContent(), /0 to 10000/);
  await page.fill('#dl-change', '137');
  await page.keyboard.press('Enter');
  assert.deepEqual(await page.evaluate(() => window.__acts), [{ type: 'change', cents: 137 }]);
});

test('the keep-memo prompt shows the peek and names the memo kept and the one on top', async () => {
  await open('keep_memo');
  assert.equal(await page.locator('[data-testid="peek"] li').count(), 3);
  await page.getByRole('button', { name: 'Keep Ted the Generic Guy, put Plastic Plant on top and World’s Smartest Garbage Man under it' }).click();
  assert.deepEqual(await page.evaluate(() => window.__acts), [{ type: 'keep_memo', keep: 6, top: 5 }]);
});

test('zoom buttons widen the map and Fit brings it back', async () => {
  await open('move');
  const width = () => page.locator('.dl-map').evaluate((e) => e.getBoundingClientRect().width);
  const w0 = await width();
  await page.getByRole('button', { name: 'Zoom in' }).click();
  const w1 = await width();
  assert.ok(w1 > w0 * 1.4, `${w1} vs ${w0}`);
  await page.getByRole('button', { name: 'Fit the map to the width' }).click();
  assert.equal(Math.round(await width()), Math.round(w0));
});

test('pieces: colour and initial on their space, a knocked-down one on its side with words', async () => {
  await open('move');
  const wally = page.locator('.dl-piece[data-employee="wally"]');
  assert.equal(await wally.getAttribute('data-knocked-down'), 'true');
  assert.match(await wally.getAttribute('aria-label'), /knocked down/);
  assert.equal(await wally.locator('ellipse').count(), 1);
  assert.equal(await page.locator('.dl-piece[data-employee="dilbert"] circle.dl-piece-body').getAttribute('fill'), '#c0392b');
  const inEngineering = await page.locator('.dl-piece[data-at="10"]').evaluateAll((els) => els.map((e) => e.getAttribute('transform')));
  assert.equal(inEngineering.length, 3);
  assert.equal(new Set(inEngineering).size, 3, 'three pieces in one office do not overlap');
});

test('a moved event walks the piece, a rolled event tumbles the die', async () => {
  await open('move');
  const running = await page.evaluate(() => document.getAnimations().map((a) => a.effect?.target?.getAttribute?.('class') ?? a.animationName));
  assert.ok(running.some((c) => String(c).includes('dl-piece')), JSON.stringify(running));
  assert.equal(await page.locator('.dl-die').getAttribute('class'), 'dl-die dl-die-rolling');
  await page.waitForTimeout(900);
  assert.equal(await page.locator('.dl-die circle').count(), 4, 'the die settles on the rolled value');
  await page.evaluate(() => window.__rerender());
  assert.equal(await page.evaluate(() => document.getAnimations().length), 0, 'a re-render does not replay the walk');
});

test('with reduced motion nothing walks or tumbles', async () => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await open('move');
  assert.equal(await page.evaluate(() => document.getAnimations().length), 0);
  assert.equal(await page.locator('.dl-die').getAttribute('class'), 'dl-die');
  await page.emulateMedia({ reducedMotion: 'no-preference' });
});

test('every EventView kind has a log line in words', async () => {
  const src = fs.readFileSync(path.join(REPO, 'protocol', 'src', 'dilbert.rs'), 'utf8');
  const body = src.slice(src.indexOf('pub enum EventView'), src.indexOf('/// Why happiness changed'));
  const kinds = [...body.matchAll(/^    ([A-Z][A-Za-z]+)\b/gm)].map((m) => m[1].replace(/(?<!^)([A-Z])/g, '_$1').toLowerCase());
  await open('move');
  const lines = await page.evaluate(() => [...document.querySelectorAll('#log li')].map((li) => [li.dataset.kind, li.textContent]));
  const described = new Set(lines.map(([k]) => k));
  for (const k of kinds) assert.ok(described.has(k), `no fixture event for ${k}`);
  for (const [k, text] of lines) assert.ok(!text.startsWith('(') && !text.includes('undefined') && !text.includes('null') && !text.includes('[object'), `${k}: ${text}`);
});

test('activeSeats: voters left, question answerers left, discarders waiting', async () => {
  for (const [s, active, turn] of [['vote', [0, 2], null], ['question', [0, 2], 2], ['discard', [0], 3], ['pick', [0], null], ['ending', [], null]]) {
    await open(s);
    assert.deepEqual(await page.evaluate(() => [window.__active, window.__turn]), [active, turn], s);
  }
});

test('names are text, never HTML', async () => {
  await page.goto(url('move'));
  await page.evaluate(async () => {
    const { renderer } = await import('/web/js/games/dilbert/index.js');
    const { board, scenarios } = await import('/board.js');
    const div = document.createElement('div');
    document.body.append(div);
    const t = renderer.createTable(div);
    t.render({ board, view: scenarios.move.view, legal: [], seat: 0, names: () => '<img src=x onerror=alert(1)>', busy: false, recent: [], act() {} });
    window.__imgs = div.querySelectorAll('img').length;
    window.__text = div.textContent.includes('<img src=x');
  });
  assert.deepEqual(await page.evaluate(() => [window.__imgs, window.__text]), [0, true]);
});


test('a performance plays on every screen for a moment, with reactions that change nothing', async () => {
  await page.goto(url('move'));
  await page.evaluate(async () => {
    const { renderer } = await import('/web/js/games/dilbert/index.js');
    const { board, scenarios } = await import('/board.js');
    const div = document.createElement('div');
    document.body.prepend(div);
    window.__sent = [];
    const t = renderer.createTable(div);
    const ctx = { board, view: scenarios.move.view, legal: [], seat: 1, names: (s) => ['Ann', 'Bob', 'Chie'][s], busy: false, recent: [{ seq: 7, kind: 'performed', seat: 0, teapot: true }], act: (a) => window.__sent.push(a) };
    t.render(ctx);
    // A later update with the same event does not replay it, but the card stays while it lasts.
    t.render({ ...ctx, recent: [] });
    window.__moment = div.querySelector('[data-testid="moment"]')?.textContent ?? null;
    div.querySelector('[data-testid="moment"] button').click();
    div.querySelector('[data-testid="moment"] button').click();
    window.__cheers = div.querySelector('.dl-moment-cheers').textContent;
  });
  const [moment, cheers, sent] = await page.evaluate(() => [window.__moment, window.__cheers, window.__sent]);
  assert.ok(moment.includes('Ann') && moment.includes('Teapot'), moment);
  assert.ok(cheers.endsWith('\u00d72'), cheers);
  assert.deepEqual(sent, [], 'reactions send nothing to the server');
});
