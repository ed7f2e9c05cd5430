// The Dilbert table without a server: the renderer drawn from made-up
// boards and views (fixtures/dilbert/), served with the client's files by
// a tiny static server, in headless Chromium at 375 px. It checks what a
// player would notice: every legal action has exactly one kind of control
// and sends itself unchanged (memos aimed through the target chooser, the
// call-out through its form), the map is usable by keyboard, pieces and
// dice move, tokens, the Fast Track and hidden texts show, the card
// reference lists the whole board, every event kind reads as words, names
// stay text. The game's end-to-end suite (with the real server) is separate.

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { REPO, launchBrowser } from './lib/harness.mjs';
import { serveDilbertFixtures } from './lib/fixture-server.mjs';
import { brokenWords, namesOutsideOffices, piecesOverNames, smallTargets } from './lib/room.mjs';


let server;
let browser;
let page;
let base;
const errors = [];

before(async () => {
  server = await serveDilbertFixtures();
  base = server.base;
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

/**
 * Every action the page offers, with the kind of control offering it:
 * what is on the table now, what each memo's target chooser offers once
 * opened (then closed with Escape), and what the call-out form's Send
 * carries for each combination of its boxes.
 */
async function offeredControls() {
  const collect = () =>
    page.evaluate(() =>
      [...document.querySelectorAll('[data-action]')].map((e) => {
        const kind = e.closest('.dl-map') ? 'map' : e.closest('.dl-chooser') ? 'chooser' : e.closest('.dl-hand') ? 'hand' : e.closest('.dl-project') ? 'icon' : e.closest('.dl-callout') ? 'form' : e.closest('.dl-prompt') ? 'prompt' : 'elsewhere';
        return [e.dataset.action, kind];
      }),
    );
  const pairs = await collect();
  const choosers = page.locator('[data-choose-memo]');
  for (let i = 0; i < (await choosers.count()); i += 1) {
    await choosers.nth(i).click();
    assert.equal(await page.locator('[data-testid="target-chooser"]').count(), 1, 'the chooser opens');
    pairs.push(...(await collect()).filter(([, kind]) => kind === 'chooser' || kind === 'map'));
    await page.keyboard.press('Escape');
    assert.equal(await page.locator('[data-testid="target-chooser"]').count(), 0, 'Escape closes the chooser');
  }
  if ((await page.locator('.dl-callout').count()) > 0) {
    pairs.splice(0, pairs.length, ...pairs.filter(([, kind]) => kind !== 'form'));
    for (let i = 0; i < 8; i += 1) {
      await page.locator('.dl-callout input[data-cheat="legs"]').setChecked((i & 1) !== 0);
      await page.locator('.dl-callout input[data-cheat="die"]').setChecked((i & 2) !== 0);
      await page.locator('.dl-callout input[data-cheat="signature"]').setChecked((i & 4) !== 0);
      pairs.push([await page.locator('.dl-callout [data-legal="accuse"]').getAttribute('data-action'), 'form']);
    }
  }
  return pairs;
}

const SCENARIOS = ['targets', 'end_turn', 'real_life', 'call_out', 'cheater', 'loaded_die', 'texts_hidden', 'move', 'sign', 'swap_trait', 'keep_memo', 'swap_work', 'copy', 'question', 'discard', 'vote', 'pick', 'watching', 'ending'];

for (const s of SCENARIOS) {
  test(`${s}: the controls offer exactly the legal actions, each through one kind of control`, async () => {
    await open(s);
    const pairs = await offeredControls();
    const legal = await page.evaluate(async (s) => (await import('/board.js')).scenarios[s].legal.map((a) => JSON.stringify(a)), s);
    assert.deepEqual([...new Set(pairs.map(([a]) => a))].sort(), [...legal].sort());
    // One kind of control per action. The one exception, as for moves: an
    // office (or, for a move, staying put) is highlighted on the map and also
    // listed as a button (a phone's map is small).
    const kinds = new Map();
    for (const [action, kind] of pairs) kinds.set(action, new Set([...(kinds.get(action) ?? []), kind]));
    const { offices, here } = await page.evaluate(async (s) => {
      const { board, scenarios } = await import('/board.js');
      const sc = scenarios[s];
      return { offices: board.spaces.filter((sp) => sp.office).map((sp) => sp.id), here: sc.view.players.find((p) => p.seat === (sc.seat ?? 0))?.at };
    }, s);
    for (const [json, set] of kinds) {
      const action = JSON.parse(json);
      const space = action.type === 'move' ? action.to : action.target?.kind === 'space' ? action.target.space : null;
      const listedToo = space !== null && (offices.includes(space) || (action.type === 'move' && space === here));
      if (set.size > 1) assert.ok(listedToo && set.has('map') && set.size === 2, `${json} has controls of kinds ${[...set]}`);
    }
  });
}

test('clicking a highlighted space sends its move unchanged', async () => {
  await open('move');
  const target = page.locator('.dl-target[data-legal="move"]').nth(2);
  const expected = JSON.parse(await target.getAttribute('data-action'));
  await target.click();
  assert.deepEqual(await page.evaluate(() => window.__acts), [expected]);
});

test('on a phone, a finger\u2019s tap on a square smaller than a fingertip only chooses it: Confirm, or a second tap, sends the move', async () => {
  const touch = await browser.newContext({ viewport: { width: 375, height: 800 }, hasTouch: true, isMobile: true });
  const phone = await touch.newPage();
  phone.on('pageerror', (e) => errors.push(e.message));
  const openOnPhone = async () => {
    await phone.goto(url('move'));
    await phone.waitForFunction(() => window.__ready === true);
    // Pinned as on the room page (site.css, "the dock"), so that what is docked takes no room above the map.
    await phone.addStyleTag({ content: '[data-dock] { position: fixed; left: 0; right: 0; bottom: 0; max-height: 50vh; overflow-y: auto; }' });
  };
  const acts = () => phone.evaluate(() => window.__acts);
  await openOnPhone();
  const halls = phone.locator('.dl-target[data-legal="move"]:not(.dl-target-office)');
  const [first, second] = [halls.nth(0), halls.nth(1)];
  const side = () => first.locator('.dl-target-hit').first().evaluate((r) => r.getBoundingClientRect().width);
  assert.ok((await side()) < 24, `a hall square is small at 375 px (${await side()} px)`);
  const confirm = phone.locator('[data-testid="tap-confirm"]');
  const prompt = phone.locator('[data-testid="prompt"]');
  const where = (locator) => locator.evaluate((e) => Math.round(e.getBoundingClientRect().top));

  // The square near the top of the screen, clear of the dock, where a player taps it.
  await first.evaluate((g) => window.scrollBy(0, g.getBoundingClientRect().top - 150));
  const [mapTop, scrollY] = [await where(phone.locator('.dl-map')), await phone.evaluate(() => scrollY)];
  await first.tap();
  assert.deepEqual(await acts(), [], 'a tap alone sends nothing');
  assert.equal(await confirm.locator('p').textContent(), await first.getAttribute('aria-label'), 'the square tapped is named in the dock');
  assert.equal(await confirm.getAttribute('data-dock'), '', 'docked, in the prompt\u2019s place');
  assert.equal(await prompt.count(), 0);
  assert.ok(await first.evaluate((g) => g.classList.contains('dl-target-tapped')), 'and marked on the map');
  assert.equal(await phone.evaluate(() => document.activeElement?.dataset.key), 'map-confirm', 'Confirm has the focus');
  assert.deepEqual([await where(phone.locator('.dl-map')), await phone.evaluate(() => scrollY)], [mapTop, scrollY], 'the map has not moved under the finger');
  assert.ok(await first.evaluate((g) => {
    const r = g.querySelector('.dl-target-hit').getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return g.contains(hit);
  }), 'the tapped square is still in view, not covered');

  await second.tap();
  assert.deepEqual(await acts(), [], 'tapping another square moves the choice, sends nothing');
  assert.equal(await confirm.locator('p').textContent(), await second.getAttribute('aria-label'));
  await confirm.locator('[data-key="map-cancel"]').tap();
  assert.equal(await confirm.count(), 0, 'Cancel lets the choice go');
  assert.equal(await prompt.count(), 1, 'and the prompt is back');
  assert.deepEqual(await acts(), []);

  await first.tap();
  const expected = JSON.parse(await first.getAttribute('data-action'));
  await confirm.locator('[data-key="map-confirm"]').tap();
  assert.deepEqual(await acts(), [expected], 'Confirm sends the move unchanged');

  await openOnPhone();
  await first.scrollIntoViewIfNeeded();
  await first.tap();
  await first.tap();
  assert.deepEqual(await acts(), [expected], 'a second tap on the same square sends it');

  await openOnPhone();
  for (let i = 0; i < 3; i += 1) await phone.getByRole('button', { name: 'Zoom in' }).tap();
  assert.ok((await side()) >= 32, `zoomed in, a square is fingertip-sized (${await side()} px)`);
  await first.scrollIntoViewIfNeeded();
  await first.tap();
  assert.deepEqual(await acts(), [expected], 'a fingertip-sized square sends at the first tap');
  await touch.close();
});

test('the map\u2019s targets: squares tinted, their hit areas (gaps included) invisible, in light and in dark', async () => {
  await open('targets');
  await page.locator('[data-choose-memo="6"]').click(); // memo plays on spaces, drawn apart from moves
  await page.locator('.dl-target').first().hover();
  for (const theme of ['light', 'dark']) {
    const fills = await page.evaluate((th) => {
      document.documentElement.dataset.theme = th;
      const rects = [...document.querySelectorAll('.dl-target rect')];
      return {
        hit: [...new Set(rects.filter((r) => r.classList.contains('dl-target-hit')).map((r) => getComputedStyle(r).fill))],
        drawn: rects.filter((r) => !r.classList.contains('dl-target-hit')).map((r) => getComputedStyle(r).fill),
      };
    }, theme);
    assert.deepEqual(fills.hit, ['none'], `${theme}: hit areas are not painted`);
    assert.ok(fills.drawn.length > 0 && fills.drawn.every((f) => f !== 'none'), `${theme}: every target square is tinted`);
  }
  await page.evaluate(() => delete document.documentElement.dataset.theme);
});

test('forced colours (a contrast theme): the track\u2019s axis, numbers and Boss are drawn in the theme\u2019s text colour', async () => {
  try {
    await page.emulateMedia({ forcedColors: 'active' });
    await open('move');
    for (const theme of ['light', 'dark']) {
      const seen = await page.evaluate((th) => {
        document.documentElement.dataset.theme = th;
        const paint = (selector, property) => [...document.querySelectorAll(selector)].map((el) => getComputedStyle(el)[property]);
        return {
          text: getComputedStyle(document.body).color,
          background: getComputedStyle(document.body).backgroundColor,
          fills: [...paint('.dl-tick-label', 'fill'), ...paint('.dl-boss-text', 'fill'), ...paint('.dl-boss path', 'fill')],
          strokes: [...paint('.dl-tick', 'stroke'), ...paint('.dl-track-line', 'stroke')],
        };
      }, theme);
      assert.notEqual(seen.text, seen.background, 'the contrast theme is on');
      assert.ok(seen.fills.length >= 6 && seen.strokes.length >= 10, 'numbers, the Boss and ticks are drawn');
      assert.deepEqual([...new Set(seen.fills)], [seen.text], `${theme}: numbers and the Boss in the theme\u2019s text colour`);
      assert.deepEqual([...new Set(seen.strokes)], [seen.text], `${theme}: the axis and its ticks in the theme\u2019s text colour`);
    }
  } finally {
    await page.emulateMedia({ forcedColors: 'none' });
    await page.evaluate(() => delete document.documentElement.dataset.theme);
  }
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

test('the map\u2019s spaces are one Tab stop, starting at your piece; the arrow keys go from space to space, and Enter sends the one reached', async () => {
  await open('move');
  const targets = page.locator('.dl-target');
  const count = await targets.count();
  assert.ok(count > 3, `the fixture offers ${count} spaces`);
  const stops = await page.$$eval('.dl-target', (els) => els.filter((e) => e.getAttribute('tabindex') === '0').map((e) => e.getAttribute('aria-label')));
  assert.deepEqual(stops, ['Stay where you are'], 'Tab lands on the viewer\u2019s own square, and only there');
  assert.match(await page.getAttribute('.dl-targets', 'aria-label'), /arrow keys/);

  // Tab goes into the map once and out of it the next time (Fit, after Zoom in, is off at this zoom).
  await page.getByRole('button', { name: 'Zoom in' }).focus();
  await page.keyboard.press('Tab');
  const focused = () =>
    page.evaluate(() => {
      const e = document.activeElement;
      if (!e?.classList.contains('dl-target')) return null;
      const r = e.getBoundingClientRect();
      return { label: e.getAttribute('aria-label'), x: r.left + r.width / 2, y: r.top + r.height / 2, action: JSON.parse(e.dataset.action) };
    });
  const start = await focused();
  assert.equal(start?.label, 'Stay where you are');
  await page.keyboard.press('Tab');
  assert.equal(await focused(), null, 'one more Tab leaves the map');
  await page.keyboard.press('Shift+Tab');
  assert.equal((await focused())?.label, 'Stay where you are');

  // Each arrow goes the way it points, as long as there is a space that way.
  const seen = new Set([start.label]);
  for (const [key, dx, dy] of [['ArrowLeft', -1, 0], ['ArrowUp', 0, -1], ['ArrowRight', 1, 0], ['ArrowDown', 0, 1]]) {
    const before = await focused();
    await page.keyboard.press(key);
    const after = await focused();
    assert.ok(after, `${key} keeps the focus on the map`);
    if (after.label === before.label) continue;
    const ahead = (after.x - before.x) * dx + (after.y - before.y) * dy;
    assert.ok(ahead > 0, `${key} went from ${before.label} to ${after.label}, which is not that way`);
    seen.add(after.label);
  }
  assert.ok(seen.size >= 3, `the arrows reached ${[...seen].join(', ')}`);
  const here = (await focused()).label;
  await page.keyboard.press('Control+ArrowRight');
  assert.equal((await focused()).label, here, 'with Ctrl (or Alt: the browser\u2019s Back) an arrow is the browser\u2019s, not the map\u2019s');
  await page.keyboard.press('End');
  const last = await focused();
  assert.equal(last.label, await targets.last().getAttribute('aria-label'));
  await page.keyboard.press('Home');
  assert.equal((await focused()).label, await targets.first().getAttribute('aria-label'));

  // The space reached is the Tab stop from now on, and Enter sends its move.
  await page.keyboard.press('End');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Shift+Tab');
  assert.equal((await focused()).label, last.label);
  await page.keyboard.press('Enter');
  assert.deepEqual(await page.evaluate(() => window.__acts), [last.action]);
});

test('the run button and a memo play button send their actions', async () => {
  await open('move');
  await page.getByRole('button', { name: /^Run/ }).click();
  await page.getByRole('button', { name: 'Play Reassignment' }).click();
  assert.deepEqual(await page.evaluate(() => window.__acts), [{ type: 'run' }, { type: 'play', memo: 4 }]);
});

test('by keyboard: after Run, the same step asks again (move up to the roll) and focus goes to its prompt, not the page', async () => {
  await open('move');
  await page.getByRole('button', { name: /^Run/ }).focus();
  await page.keyboard.press('Enter');
  assert.deepEqual(await page.evaluate(() => window.__acts), [{ type: 'run' }]);
  await page.evaluate(() => {
    // What the room hands over next: still this player's move step, the Run button gone.
    window.__ctx.legal = window.__ctx.legal.filter((a) => a.type !== 'run');
    window.__rerender();
  });
  assert.equal(
    await page.evaluate(() => document.activeElement?.classList.contains('dl-prompt')),
    true,
    'focus is on the move prompt (a keyboard user is not dropped to the top of the page)',
  );
});

test('a sign button sits on the uncovered icon it covers', async () => {
  await open('sign');
  const btn = page.locator('.dl-project[data-project="3"] .dl-icon button');
  assert.equal(await btn.count(), 1);
  assert.match(await btn.textContent(), /Legal/);
  const covered = page.locator('.dl-project[data-project="0"] .dl-icon-signed');
  assert.match(await covered.textContent(), /Legal.*signed/);
});

test('a team names each employee once: two work tokens of one employee on a project read as a count, not a repeated name', async () => {
  await open('move');
  const team = (project) => page.locator(`.dl-project[data-project="${project}"] .dl-team`).textContent();
  // Project 1's team is Asok's two work tokens (the rules allow it).
  assert.equal(await team(1), 'Team: Asok (2 work tokens)');
  assert.equal(await page.locator('.dl-project[data-project="1"] .dl-team-member').count(), 1);
  assert.equal(await team(0), 'Team: Wally, Ratbert');
  // The viewer's own employee, twice: both said, once.
  await page.evaluate(() => {
    window.__ctx.view.projects[1].team = ['dilbert', 'wally', 'dilbert'];
    window.__rerender();
  });
  assert.equal(await team(1), 'Team: Dilbert (you) (2 work tokens), Wally');
});

test('an employee\u2019s badges (you, your turn, knocked down) stand apart from the name and from each other', async () => {
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 800 });
    await open('move');
    const gaps = await page.evaluate(() =>
      [...document.querySelectorAll('.dl-employee-name')].flatMap((heading) => {
        const parts = [heading.querySelector('.dl-employee-role'), ...heading.querySelectorAll('.badge')].map((e) => ({ text: e.textContent, box: e.getBoundingClientRect() }));
        return parts.slice(1).map((badge, i) => {
          const before = parts[i];
          const sameLine = Math.abs(before.box.top + before.box.height / 2 - (badge.box.top + badge.box.height / 2)) < 8;
          return { between: `${before.text} | ${badge.text}`, gap: sameLine ? badge.box.left - before.box.right : null };
        });
      }),
    );
    assert.ok(gaps.length >= 3, 'the scenario shows you, your turn and knocked down');
    for (const { between, gap } of gaps) {
      if (gap !== null) assert.ok(gap >= 4, `at ${width} px, ${gap.toFixed(1)} px between ${between}`);
    }
  }
  await page.setViewportSize({ width: 375, height: 800 });
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

test('at 375 px, every control outside the map is big enough for a finger (24 px) in every scenario', async () => {
  await open('move');
  const names = await page.evaluate(async () => Object.keys((await import('/board.js')).scenarios));
  for (const s of names) {
    await open(s);
    // The map's squares are smaller; a finger's tap there asks for a confirmation (tested above).
    assert.deepEqual(await smallTargets(page, 'body', { skip: '.dl-map' }), [], s);
  }
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

test('a piece never hides the name of the office it stands in, three in Engineering or three in a one-square restroom', async () => {
  await open('move');
  await page.getByRole('button', { name: 'Zoom in' }).click();
  assert.equal(await page.locator('.dl-piece[data-at="10"]').count(), 3);
  assert.deepEqual(await piecesOverNames(page), []);
  const restroom = await page.locator('.dl-piece[data-employee="asok"]').getAttribute('data-at');
  assert.match(await page.locator('.dl-label').allTextContents().then((names) => names.join('|')), /Men's ?Room/, 'the restroom is named on the map');
  assert.deepEqual(await piecesOverNames(page), [], 'Asok alone in the Men\u2019s Room, below its name');
  assert.deepEqual(await namesOutsideOffices(page), [], 'every office\u2019s name fits between its walls');
  await page.evaluate((at) => {
    const players = window.__ctx.view.players;
    for (const p of players.filter((p) => p.employee !== 'asok').slice(0, 2)) p.at = Number(at);
    window.__rerender();
  }, restroom);
  const crowd = page.locator(`.dl-piece[data-at="${restroom}"]`);
  assert.equal(await crowd.count(), 3);
  const bodies = await crowd.evaluateAll((els) => els.map((e) => e.querySelector('.dl-piece-body').getBoundingClientRect().toJSON()));
  for (const [i, a] of bodies.entries()) {
    for (const b of bodies.slice(i + 1)) {
      const apart = Math.min(a.right, b.right) - Math.max(a.left, b.left) <= 0.5 || Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) <= 0.5;
      assert.ok(apart, `three pieces in one square do not stand on one another: ${JSON.stringify(bodies)}`);
    }
  }
  assert.deepEqual(await piecesOverNames(page), []);
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

test('every reason for a change of happiness reads as words', async () => {
  const src = fs.readFileSync(path.join(REPO, 'protocol', 'src', 'dilbert.rs'), 'utf8');
  const body = src.slice(src.indexOf('pub enum Why'));
  const whys = [...body.slice(0, body.indexOf('}')).matchAll(/^    ([A-Z][A-Za-z]+),/gm)].map((m) => m[1].replace(/(?<!^)([A-Z])/g, '_$1').toLowerCase());
  assert.ok(whys.length >= 13, whys.join());
  await open('move');
  const lines = await page.evaluate(async () => {
    const { events } = await import('/board.js');
    const items = [...document.querySelectorAll('#log li')];
    return events.map((e, i) => [e.kind === 'happiness' ? e.why : null, items[i].textContent]).filter(([why]) => why);
  });
  for (const why of whys) {
    const line = lines.find(([w]) => w === why);
    assert.ok(line, `no fixture happiness event for ${why}`);
    assert.ok(!line[1].includes('_') && !line[1].includes(why === 'real_life' ? 'real life' : '\u0000'), `${why}: ${line[1]}`);
  }
});

test('activeSeats: voters left, question answerers left, discarders waiting', async () => {
  for (const [s, active, turn] of [['vote', [0, 2], null], ['question', [0, 2], 2], ['real_life', [0, 2], 2], ['call_out', [0, 3], 2], ['end_turn', [0], 0], ['discard', [0], 3], ['pick', [0], null], ['ending', [], null]]) {
    await open(s);
    assert.deepEqual(await page.evaluate(() => [window.__active, window.__turn]), [active, turn], s);
  }
});

test('the banner: a seated player\u2019s move on its way reads \u201cSending your move\u201d; a replay\u2019s table says whose turn it is', async () => {
  await open('watching');
  const banner = (ctx) =>
    page.evaluate((ctx) => {
      Object.assign(window.__ctx, ctx);
      window.__rerender();
      return document.querySelector('[data-testid="turn-banner"]').textContent;
    }, ctx);
  assert.equal(await banner({ seat: 0, busy: true }), 'Sending your move\u2026');
  // What replay.js's contextAt gives a game: no seat, nothing legal, not busy.
  assert.match(await banner({ seat: null, busy: false, legal: [] }), /^Chie\u2019s turn/);
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
    const ctx = { board, view: scenarios.move.view, legal: [], seat: 1, names: (s) => ['Ann', 'Bob', 'Chie'][s], busy: false, recent: [{ seq: 7, event: { kind: 'performed', seat: 0, teapot: true } }], act: (a) => window.__sent.push(a) };
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

// ---- part 2: targets, new steps, tokens, Fast Track, hidden texts, card reference ----

test('a memo with targets opens the chooser: targets in words, each sends its play unchanged', async () => {
  await open('targets');
  await page.getByRole('button', { name: 'Play Go to Heck!: choose a target' }).click();
  const chooser = page.locator('[data-testid="target-chooser"]');
  assert.match(await chooser.textContent(), /Send an employee to Heck/);
  assert.deepEqual(await chooser.locator('[data-legal="play"]').allTextContents(), ['Bob (Wally)', 'Chie (Alice)', 'Désirée (Asok)']);
  await chooser.getByRole('button', { name: 'Play Go to Heck! on Chie (Alice)' }).click();
  assert.deepEqual(await page.evaluate(() => window.__acts), [{ type: 'play', memo: 0, target: { kind: 'employee', employee: 'alice' } }]);
});

test('labels for projects, signatures, work tokens and memos say what they are', async () => {
  await open('targets');
  const labels = async (memo) => {
    await page.locator(`[data-choose-memo="${memo}"]`).click();
    const texts = await page.locator('[data-testid="target-chooser"] [data-legal="play"]').allTextContents();
    await page.keyboard.press('Escape');
    return texts;
  };
  assert.deepEqual(await labels(9), ['Project #1 (Project Aardvark)', 'Project #4 (The Gruntmaster 6000)', 'Project #6 (Budget Review)']);
  assert.deepEqual(await labels(8), ['the Legal signature on Project #4 (The Gruntmaster 6000)', "the Boss's Office signature on Project #2 (Web Portal Redesign)"]);
  assert.deepEqual(await labels(10), ['Bob (Wally) on Project #4 (The Gruntmaster 6000)', 'Chie (Alice) on Project #6 (Budget Review)', 'Play it as it is']);
  assert.deepEqual(await labels(7), ['Out of Order', 'Plastic Plant']);
  assert.deepEqual(await labels(4), ['Ann (Dilbert) on Project #5 (Crunch Time)']);
});

test('a memo aimed at spaces highlights them on the map instead of the moves; a click sends the play', async () => {
  await open('targets');
  assert.equal(await page.locator('.dl-target[data-legal="move"]').count(), 2);
  await page.locator('[data-choose-memo="6"]').click();
  assert.equal(await page.locator('.dl-target[data-legal="move"]').count(), 0, 'moves are not offered while aiming');
  const spots = page.locator('.dl-target[data-legal="play"]');
  assert.equal(await spots.count(), 3);
  assert.match(await spots.first().getAttribute('aria-label'), /^Play Ted the Generic Guy on the hall \(column \d+, row \d+\)$/);
  const expected = JSON.parse(await spots.nth(1).getAttribute('data-action'));
  await spots.nth(1).click();
  assert.deepEqual(await page.evaluate(() => window.__acts), [expected]);
});

test('the chooser by keyboard: focus moves into it, Tab reaches a target, Escape cancels back to the memo', async () => {
  await open('targets');
  const opener = page.locator('[data-choose-memo="0"]');
  await opener.focus();
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement?.closest('[data-testid="target-chooser"]') !== null), true, 'focus is in the chooser');
  await page.keyboard.press('Escape');
  assert.equal(await page.locator('[data-testid="target-chooser"]').count(), 0);
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.chooseMemo), '0', 'focus is back on the memo');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.legal), 'play');
  await page.keyboard.press('Enter');
  assert.deepEqual(await page.evaluate(() => window.__acts), [{ type: 'play', memo: 0, target: { kind: 'employee', employee: 'wally' } }]);
});

test('an untargeted play next to targeted ones, and a memo with only an untargeted play', async () => {
  await open('targets');
  await page.getByRole('button', { name: 'Play Asleep at the Wheel', exact: true }).click();
  await page.locator('[data-choose-memo="10"]').click();
  await page.locator('[data-target-kind="none"] button').click();
  assert.deepEqual(await page.evaluate(() => window.__acts), [{ type: 'play', memo: 2 }, { type: 'play', memo: 10 }]);
});

test('the Boss on the track covers none of its numbers and keeps its name inside, at either end too', async () => {
  await open('move');
  for (const boss of [27, 26, 25, 9, 0, -1, -26, -27]) {
    const found = await page.evaluate((at) => {
      window.__ctx.view = { ...window.__ctx.view, boss: at };
      window.__rerender();
      const track = document.querySelector('[data-testid="track"]');
      const box = (e) => e.getBoundingClientRect();
      const overlap = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      const marker = [track.querySelector('.dl-boss path'), track.querySelector('.dl-boss-text')].map(box);
      const labels = [...track.querySelectorAll('.dl-tick-label')];
      const outer = box(track);
      return {
        numbers: labels.map((l) => Number(l.textContent)),
        covered: labels.filter((l) => marker.some((m) => overlap(m, box(l)))).map((l) => l.textContent),
        inside: marker.every((m) => m.left >= outer.left - 0.5 && m.right <= outer.right + 0.5),
        boss: track.querySelector('.dl-boss').dataset.boss,
      };
    }, boss);
    assert.equal(found.boss, String(boss));
    assert.deepEqual(found.covered, [], `the Boss at ${boss} covers no number`);
    assert.ok(found.inside, `the Boss at ${boss} and its name are inside the track`);
    // Only a number the marker stands on goes; the scale's others stay.
    const expected = [-27, -18, -9, 0, 9, 18, 27].filter((n) => Math.abs(n - boss) > 1);
    assert.deepEqual(found.numbers, expected, `the Boss at ${boss}`);
  }
});

test('the track\u2019s numbers are whole: -27 and 27 are not cut at its ends, on a phone or a wide screen', async () => {
  try {
    for (const width of [360, 1440]) {
      await page.setViewportSize({ width, height: 800 });
      await open('move');
      const found = await page.evaluate(() => {
        window.__ctx.view = { ...window.__ctx.view, boss: 0 };
        window.__rerender();
        const track = document.querySelector('[data-testid="track"]').getBoundingClientRect();
        return [...document.querySelectorAll('[data-testid="track"] .dl-tick-label')].map((label) => {
          const box = label.getBoundingClientRect();
          return { text: label.textContent, left: box.left - track.left, right: track.right - box.right };
        });
      });
      assert.deepEqual(found.map((n) => n.text), ['-27', '-18', '-9', '9', '18', '27']);
      for (const n of found) {
        assert.ok(n.left >= 0 && n.right >= 0, `at ${width} px, ${n.text} is inside the track (${n.left.toFixed(1)} px from its left edge, ${n.right.toFixed(1)} from its right)`);
      }
    }
  } finally {
    await page.setViewportSize({ width: 375, height: 800 });
  }
});

test('the happiness track reads on a phone and does not swell on a wide screen', async () => {
  const sizes = async () =>
    page.evaluate(() => {
      const heights = (sel) => [...document.querySelectorAll(`[data-testid="track"] ${sel}`)].map((e) => e.getBoundingClientRect().height);
      return { numbers: heights('.dl-tick-label'), boss: heights('.dl-boss-text'), tokens: heights('.dl-track-token circle') };
    });
  try {
    await page.setViewportSize({ width: 360, height: 800 });
    await open('move');
    const phone = await sizes();
    assert.ok(phone.numbers.length >= 5 && phone.tokens.length >= 4, 'numbers and tokens are drawn');
    // Text boxes are about 1.15 times the font: 9 px numbers, 11 px tokens.
    for (const h of [...phone.numbers, ...phone.boss]) assert.ok(h >= 10, `a number or the Boss\u2019s name ${h.toFixed(1)} px tall at 360 px`);
    for (const h of phone.tokens) assert.ok(h >= 11, `a token ${h.toFixed(1)} px across at 360 px`);
    await page.setViewportSize({ width: 1920, height: 900 });
    await open('move');
    const wide = await sizes();
    for (const h of wide.numbers) assert.ok(h <= 22, `a number ${h.toFixed(1)} px tall at 1920 px`);
  } finally {
    await page.setViewportSize({ width: 375, height: 800 });
  }
});

/**
 * The end screen of a 6-player table with the real game's longest modifier and a name of 22
 * letters and no space on seat 5; `everyone` (a modifier) for every other seat too.
 */
async function openLongEnding({ everyone = null } = {}) {
  await open('ending');
  await page.evaluate((everyone) => {
    const ctx = window.__ctx;
    if (everyone) for (const s of ctx.view.ending.scores) s.modifiers = [everyone];
    ctx.view.ending.scores[5].modifiers = [{ name: 'Ratbert\u2019s low expectations', amount: 1 }, { name: 'Family Portrait', amount: 1 }];
    const names = ctx.names;
    ctx.names = (seat) => (seat === 5 ? 'Maximilianawolkenstein' : names(seat));
    document.getElementById('end-details').replaceChildren(window.__renderer.describeEnding(ctx));
  }, everyone);
}

test('the final scores fit their column from a phone to a tablet: a wide table scrolls in its own box, names stay whole', async () => {
  try {
    for (const width of [375, 768, 1024]) {
      await page.setViewportSize({ width, height: 900 });
      await openLongEnding();
      const sizes = await page.evaluate(() => {
        const right = (sel) => document.querySelector(sel).getBoundingClientRect().right;
        // On a phone the columns are one (.col-main is `display: contents`): the page's.
        const column = getComputedStyle(document.querySelector('.col-main')).display === 'contents' ? 'main' : '.col-main';
        return { page: document.documentElement.scrollWidth, viewport: window.innerWidth, scroller: right('.dl-ending-scroll'), end: right('#end'), column: right(column) };
      });
      assert.ok(sizes.page <= sizes.viewport, `at ${width} px the page does not scroll sideways (${sizes.page})`);
      assert.ok(sizes.scroller <= sizes.viewport, `at ${width} px the scores\u2019 box ends inside the screen`);
      assert.ok(sizes.end <= sizes.column + 0.5, `at ${width} px the end panel stays in the table\u2019s column (${sizes.end} > ${sizes.column})`);
      assert.match(await page.locator('[data-testid="ending"]').textContent(), /Ratbert\u2019s low expectations \+1/);
      assert.deepEqual(await brokenWords(page, '[data-testid="ending"] bdi'), [], `at ${width} px names break only between words`);
    }
  } finally {
    await page.setViewportSize({ width: 375, height: 800 });
  }
});

test('the final scores: each player\u2019s total beside the name, in view on a phone without scrolling the table', async () => {
  try {
    for (const width of [360, 375, 1024]) {
      await page.setViewportSize({ width, height: 900 });
      await openLongEnding({ everyone: { name: 'Plastic Plant', amount: -2 } });
      const seen = await page.evaluate(() => {
        const box = document.querySelector('.dl-ending-scroll').getBoundingClientRect();
        const table = document.querySelector('[data-testid="ending"] table');
        const inView = (cell) => {
          const r = cell.getBoundingClientRect();
          return r.left >= box.left - 0.5 && r.right <= box.right + 0.5;
        };
        return {
          headings: [...table.querySelectorAll('thead th')].map((th) => th.textContent),
          rows: [...table.querySelectorAll('tbody tr')].map((tr) => ({
            name: tr.querySelector('th bdi').textContent,
            total: tr.querySelector('[data-col="total"]').textContent,
            second: tr.children[1].dataset.col,
            visible: inView(tr.querySelector('th')) && inView(tr.querySelector('[data-col="total"]')),
          })),
          heading: inView(table.querySelector('thead th:nth-child(2)')),
        };
      });
      assert.deepEqual(seen.headings, ['Player', 'Total', 'Track', 'Cubicle', 'Other'], 'the total comes right after the player, as in the other games');
      assert.ok(seen.heading, `at ${width} px the Total heading is in view`);
      for (const row of seen.rows) {
        assert.equal(row.second, 'total');
        assert.ok(row.visible, `at ${width} px ${row.name}\u2019s name and total (${row.total}) are in view without scrolling the table`);
      }
    }
  } finally {
    await page.setViewportSize({ width: 375, height: 800 });
  }
});

test('the table never breaks a word, from a phone to a wide screen', async () => {
  try {
    for (const width of [360, 375, 768, 1024, 1280, 1440, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      await open('move');
      assert.ok((await page.locator('.dl-employee').count()) >= 4, 'a full table of employees');
      assert.ok(await page.locator('.dl-roll').count(), 'the last roll beside or above the track');
      assert.deepEqual(await brokenWords(page, '#game'), [], `at ${width} px`);
    }
  } finally {
    await page.setViewportSize({ width: 375, height: 800 });
  }
});

test('end of turn: End turn, the playable memos named, the Boss\u2019s step beside the track', async () => {
  await open('end_turn');
  const prompt = page.locator('[data-testid="prompt"]');
  assert.match(await prompt.textContent(), /End of your turn.*Out of Order, Plastic Plant/);
  assert.match(await page.locator('[data-testid="boss-step"]').textContent(), /Boss moves 2 this round/);
  await page.locator('[data-choose-memo="3"]').click();
  assert.equal(await page.locator('.dl-target[data-legal="play"]').count(), 2, 'both restrooms on the map');
  await page.locator('[data-testid="target-chooser"]').getByRole('button', { name: "Play Out of Order on Men's Room" }).click();
  await page.evaluate(() => window.__rerender()); // as the room does after sending
  await page.getByRole('button', { name: 'End your turn' }).click();
  assert.deepEqual(await page.evaluate(() => window.__acts), [
    { type: 'play', memo: 3, target: { kind: 'space', space: 13 } },
    { type: 'end_turn' },
  ]);
  await open('move');
  assert.equal(await page.locator('[data-testid="boss-step"]').count(), 0, 'no note when the Boss moves 3');
});

test('the real-life question: the card\u2019s text, Yes and No, a countdown', async () => {
  await open('real_life');
  assert.match(await page.locator('[data-testid="real-life-question"]').textContent(), /Have You Ever Napped at Work\?.*fallen asleep at your desk/);
  assert.match(await page.locator('[data-testid="countdown"]').textContent(), /^Time left: 0:(29|30)$/);
  assert.match(await page.textContent('[data-testid="turn-banner"]'), /real-life question/);
  await page.getByRole('button', { name: 'No', exact: true }).click();
  await page.getByRole('button', { name: 'Yes', exact: true }).click();
  assert.deepEqual(await page.evaluate(() => window.__acts), [{ type: 'answer', yes: false }, { type: 'answer', yes: true }]);
  await page.waitForTimeout(1100);
  assert.match(await page.locator('[data-testid="countdown"]').textContent(), /^Time left: 0:(28|29)$/, 'the countdown ticks');
});

test('the call-out: three boxes and Send, sending the accusation ticked; no cheats shown to the accuser', async () => {
  await open('call_out');
  assert.match(await page.locator('[data-testid="fast-track"]').textContent(), /Chie is on the Management Fast Track/);
  assert.equal(await page.locator('[data-testid="my-cheats"]').count(), 0);
  for (const label of ['walked too far', 'picked the die', 'second signature']) assert.equal(await page.getByLabel(label).count(), 1, label);
  assert.match(await page.locator('[data-testid="countdown"]').textContent(), /^Time left: 0:(09|10)$/);
  await page.getByLabel('walked too far').check();
  await page.getByLabel('second signature').check();
  await page.getByRole('button', { name: 'Send' }).click();
  await page.getByLabel('walked too far').uncheck();
  await page.getByLabel('second signature').uncheck();
  await page.getByLabel('picked the die').focus();
  await page.keyboard.press('Enter');
  assert.deepEqual(await page.evaluate(() => window.__acts), [
    { type: 'accuse', cheats: { legs: true, die: false, signature: true } },
    { type: 'accuse', cheats: { legs: false, die: false, signature: false } },
  ]);
});

test('the cheater sees their own cheats and no form', async () => {
  await open('cheater');
  assert.match(await page.locator('[data-testid="my-cheats"]').textContent(), /Your cheats so far: walked too far and second signature\./);
  assert.match(await page.locator('[data-testid="fast-track"]').textContent(), /You are on the Management Fast Track/);
  assert.equal(await page.locator('.dl-callout').count(), 0);
  assert.match(await page.textContent('[data-testid="turn-banner"]'), /your Management Fast Track cheats: waiting for Ann and Désirée/);
});

test('the loaded die: Roll honestly, or one of six faces; the chart to pick from', async () => {
  await open('loaded_die');
  assert.match(await page.locator('[data-testid="my-cheats"]').textContent(), /walked too far/);
  assert.equal(await page.locator('[data-testid="prompt"] .dl-chart li').count(), 3);
  assert.equal(await page.locator('.dl-die-pick').count(), 6);
  await page.getByRole('button', { name: 'Pick 4 (a cheat)' }).click();
  await page.getByRole('button', { name: 'Roll honestly' }).click();
  assert.deepEqual(await page.evaluate(() => window.__acts), [{ type: 'load_die', value: 4 }, { type: 'roll' }]);
});

test('tokens: on spaces on the map, as badges on pieces, and in words', async () => {
  await open('move');
  assert.deepEqual(await page.locator('.dl-map .dl-token[data-at]').evaluateAll((els) => els.map((e) => e.dataset.token)), ['donut', 'ted', 'out_of_order']);
  assert.equal(await page.locator('.dl-piece[data-employee="wally"] .dl-token-badge[data-token="plastic_plant"]').count(), 1);
  assert.match(await page.locator('.dl-piece[data-employee="wally"]').getAttribute('aria-label'), /with Plastic plant/);
  const list = await page.locator('[data-testid="tokens"] li').allTextContents();
  assert.equal(list.length, 5);
  assert.ok(list.some((t) => /Plastic plant on Bob \(Wally\)/.test(t)), list.join(' | '));
  assert.ok(list.some((t) => /Donut in Kitchen Area/.test(t)), list.join(' | '));
  assert.match(await page.locator('.dl-employee[data-employee="dilbert"] [data-testid="carries"]').textContent(), /Family portrait/);
});

test('the out tray lists the memos played, those since your last turn marked', async () => {
  await open('move');
  const items = await page.locator('[data-testid="recent-memos"] li').evaluateAll((els) => els.map((e) => [e.textContent, e.dataset.recent]));
  assert.deepEqual(items, [['Budget Cut', 'false'], ['Donut Run (since your last turn)', 'true'], ['Asleep at the Wheel (since your last turn)', 'true']]);
  const heading = () => page.locator('[data-testid="out-tray"] h3').textContent();
  assert.equal(await heading(), 'Out tray (memos played; marked: since your last turn)');
  // A spectator (and the replay page) has no last turn: the view marks nothing, the heading promises nothing.
  await page.evaluate(() => {
    window.__ctx = Object.assign(window.__ctx, { seat: null, view: { ...window.__ctx.view, recent_memos: [], hand: null } });
    window.__rerender();
  });
  assert.equal(await heading(), 'Out tray (memos played)');
});

test('hidden texts: a banner, names without texts in the hand, the question, the consultant and the card reference', async () => {
  await open('texts_hidden');
  assert.match(await page.locator('[data-testid="texts-hidden"]').textContent(), /Card texts are hidden from you.*Ann \(Dilbert\) reads/);
  const table = await page.locator('[data-testid="dilbert-table"]').textContent();
  const { memos, consultants } = await page.evaluate(async () => (await import('/board.js')).board);
  for (const card of [...memos, ...consultants]) assert.ok(!table.includes(card.text), `${card.name}'s text shows`);
  assert.match(table, /Have You Ever Napped at Work\?/);
  assert.match(table, /The Nonsense Consultant/);
  assert.ok((await page.locator('[data-hidden-text]').count()) >= 5);
  await page.getByRole('button', { name: 'Cards' }).click();
  // Its pages load with the first opening (js/games/dilbert/on-use.js): read it once it is shown.
  const reference = await page.locator('[data-testid="card-reference"][open]').textContent();
  for (const card of [...memos, ...consultants]) assert.ok(!reference.includes(card.text), `${card.name}'s text shows in the reference`);
  assert.ok(reference.includes('Casual Friday'));
  await page.keyboard.press('Escape');
  const log = await page.locator('#log').textContent();
  for (const card of memos) assert.ok(!log.includes(card.text), `the log quotes ${card.name}`);
});

test('hidden texts while a bot plays Dilbert: nobody reads them out, so every text stays on the table with a note saying why', async () => {
  await open('texts_hidden');
  const { memos, consultants } = await page.evaluate(async () => (await import('/board.js')).board);
  const dilbertSeat = await page.evaluate(() => window.__ctx.view.players.find((p) => p.employee === 'dilbert').seat);
  const showsTexts = async () => {
    const table = await page.locator('[data-testid="dilbert-table"]').textContent();
    return [...memos, ...consultants].filter((card) => table.includes(card.text)).length;
  };
  // A bot plays another seat: nothing changes.
  await page.evaluate((seat) => {
    window.__ctx.isBot = (s) => s !== seat;
    window.__rerender();
  }, dilbertSeat);
  assert.ok((await page.locator('[data-hidden-text]').count()) >= 5);
  assert.equal(await showsTexts(), 0);
  // A bot plays Dilbert (from the lobby, or standing in for an away player).
  await page.evaluate((seat) => {
    window.__ctx.isBot = (s) => s === seat;
    window.__rerender();
  }, dilbertSeat);
  assert.equal(await page.locator('[data-hidden-text]').count(), 0, 'no text is replaced');
  assert.ok((await showsTexts()) >= 3, 'the hand\u2019s, the question\u2019s and the consultant\u2019s texts show');
  assert.match(
    await page.locator('[data-testid="texts-hidden"]').textContent(),
    /^The consultant in play lets only Dilbert read the cards, and a bot plays Dilbert: the cards\u2019 texts stay on the table for everyone\.$/,
  );
  await page.getByRole('button', { name: 'Cards' }).click();
  const reference = await page.locator('[data-testid="card-reference"][open]').textContent();
  assert.ok(memos.some((card) => reference.includes(card.text)), 'the card reference shows the texts');
  await page.keyboard.press('Escape');
});

test('the card reference: every memo, consultant, token and office chart; keyboard in and out; 375 px', async () => {
  await open('move');
  const button = page.getByRole('button', { name: 'Cards' });
  await button.focus();
  await page.keyboard.press('Enter');
  const dialog = page.locator('[data-testid="card-reference"]');
  // Its pages load with the first opening (js/games/dilbert/on-use.js).
  await page.waitForSelector('[data-testid="card-reference"][open]');
  assert.equal(await page.evaluate(() => document.activeElement?.closest('dialog') !== null), true, 'focus moves into it');
  assert.equal(await dialog.locator('[data-memo]').count(), 70);
  assert.equal(await dialog.locator('[data-consultant]').count(), 18);
  assert.equal(await dialog.locator('[data-token]').count(), 6);
  assert.equal(await dialog.locator('[data-office]').count(), 16);
  const memo = await dialog.locator('[data-memo="3"]').textContent();
  assert.match(memo, /Out of Order.*end of your turn.*Place the Out of Order token on a restroom/);
  assert.match(await dialog.locator('[data-office="legal"]').textContent(), /1\u20132: Legal: lose 2 happiness/);
  assert.match(await dialog.locator('[data-memo="12"]').textContent(), /real life/);
  const box = await dialog.evaluate((d) => ({ width: d.getBoundingClientRect().width, scroll: d.scrollWidth, client: d.clientWidth }));
  assert.ok(box.width <= 375 && box.scroll <= box.client, JSON.stringify(box));
  for (let i = 0; i < 12; i += 1) await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.closest('dialog') !== null), true, 'Tab stays inside');
  await page.evaluate(() => window.__rerender());
  assert.equal(await dialog.evaluate((d) => d.open), true, 'a table update leaves it open');
  await page.keyboard.press('Escape');
  assert.equal(await dialog.evaluate((d) => d.open), false);
  // A dialog's `close` event (which hands focus back) is queued, not
  // immediate: wait for it rather than race it.
  await page
    .waitForFunction(() => document.activeElement?.dataset.key === 'cards', null, { timeout: 2000 })
    .catch(() => {});
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.key), 'cards', 'focus is back on the Cards button');
});

test('the new prompts and lines keep names as text', async () => {
  await page.goto(url('move'));
  const counts = await page.evaluate(async () => {
    const { renderer } = await import('/web/js/games/dilbert/index.js');
    const { board, events, scenarios } = await import('/board.js');
    const evil = '<img src=x onerror=alert(1)>';
    const out = [];
    for (const s of ['call_out', 'cheater', 'real_life', 'targets', 'texts_hidden']) {
      const div = document.createElement('div');
      document.body.append(div);
      const sc = scenarios[s];
      const ctx = { board, view: sc.view, legal: sc.legal, seat: sc.seat ?? 0, names: () => evil, busy: false, recent: [], act() {} };
      renderer.createTable(div).render(ctx);
      div.querySelector('[data-choose-memo]')?.click();
      for (const e of events) {
        const line = renderer.describeEvent(e, ctx);
        div.append(...(Array.isArray(line) ? line : [line]));
      }
      out.push([s, div.querySelectorAll('img').length, div.textContent.includes(evil)]);
    }
    return out;
  });
  for (const [s, imgs, asText] of counts) assert.deepEqual([imgs, asText], [0, true], s);
});
