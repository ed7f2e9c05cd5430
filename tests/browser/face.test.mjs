// Browser tests of the games' faces (issue 14, "a face"): Osaki's six
// character pictures on the tiles (matching tiles share one), Office 21's
// card icons and profit meter toward 21 (bust over 21), the start page's
// game cards (picture, pitch, players, length), the desktop layout (all
// four Osaki players in view at 1440x900 without scrolling), the invite
// panel folded once the game starts (and still openable), and nothing
// sideways at 375 px. Real server binary (bots without delay), headless
// Chromium.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';

import { openPage, startServerAndBrowser, stopServerAndBrowser, closeAll } from './lib/harness.mjs';
import { waitConnected, seqOf, scrollsSideways, tokenKey, settle } from './lib/room.mjs';
import { position, seatAndStart, clickAndSettle } from './lib/office21.mjs';

const CHARACTERS = ['president', 'senior_managing_director', 'department_manager', 'section_chief', 'senior_colleague', 'temp_worker'];
const KINDS = ['spy', 'cleaner', 'operator', 'assistant', 'sales', 'manager', 'secretary', 'boss', 'director', 'taxman'];

// The pages load the art from beside their modules: under /v/<version>/
// (server/src/web.rs) when served with one.
const VERSIONED = /^\/v\/[0-9a-f]+\//;

let server;
let browser;

before(async () => ({ server, browser } = await startServerAndBrowser({ args: ['--bot-delay-ms', '0'] })));
after(() => stopServerAndBrowser(server, browser));

/** The ids of the <symbol>s in a sprite, as the server serves it. */
async function spriteSymbols(name) {
  const res = await fetch(`${server.url}/img/${name}.svg`);
  assert.equal(res.status, 200, `/img/${name}.svg is served`);
  const text = await res.text();
  return [...text.matchAll(/<symbol id="([a-z_0-9]+)"/g)].map((m) => m[1]);
}

/** Every drawn picture of `selector` with its element's data-* and the sprite fragment it uses. */
async function pictures(page, selector, data) {
  return page.$$eval(
    selector,
    (els, key) =>
      els.map((el) => {
        const art = el.querySelector(':scope > svg.art, :scope svg.art');
        const box = art?.getBoundingClientRect();
        return {
          id: el.dataset[key] ?? null,
          pile: el.dataset.pile ?? null,
          href: art?.querySelector('use')?.getAttribute('href') ?? null,
          hidden: art?.getAttribute('aria-hidden') ?? null,
          width: box?.width ?? 0,
          height: box?.height ?? 0,
        };
      }),
    data,
  );
}

test('the start page presents each game: picture, pitch, players and length; the room controls still work', { timeout: 90_000 }, async () => {
  const desk = await openPage(browser, { name: 'desk', width: 1440, height: 900 });
  await desk.page.goto(server.url + '/');
  await desk.page.waitForSelector('.game-choice-row');
  // The rows are drawn before their pictures arrive: wait until each picture
  // has loaded or failed (`complete`), then check it loaded. (Read at once,
  // a picture still on its way failed one CI run.)
  await desk.page.waitForFunction(
    () => [...document.querySelectorAll('.game-choice-row img.game-picture')].every((img) => img.complete),
    null,
    { timeout: 10_000 },
  ).catch(() => {});
  const cards = await desk.page.$$eval('.game-choice-row', (rows) =>
    rows.map((row) => {
      const img = row.querySelector('img.game-picture');
      return {
        id: row.querySelector('input[name="game"]').value,
        name: row.querySelector('.game-name')?.textContent,
        picture: img ? { src: img.getAttribute('src'), alt: img.getAttribute('alt'), loaded: img.complete && img.naturalWidth > 0 } : null,
        pitch: row.querySelector('[data-testid="game-pitch"]')?.textContent ?? '',
        players: row.querySelector('[data-testid="game-players"]')?.textContent ?? '',
        length: row.querySelector('[data-testid="game-length"]')?.textContent ?? '',
        rules: Boolean(row.querySelector('button[data-rules]')),
      };
    }),
  );
  assert.deepEqual(cards.map((c) => c.id).sort(), ['dilbert', 'office21', 'osaki'], 'the three games are listed');
  const seats = { osaki: '2 to 4 players', office21: '2 to 5 players', dilbert: '3 to 6 players' };
  for (const card of cards) {
    assert.deepEqual({ ...card.picture, src: card.picture?.src.replace(VERSIONED, '/') }, { src: `/img/games/${card.id}.svg`, alt: '', loaded: true }, `${card.id}: its picture loads (decoration, alt="")`);
    assert.ok(card.pitch.length > 20 && card.pitch.endsWith('.'), `${card.id}: a one-line pitch (${card.pitch})`);
    assert.equal(card.players, seats[card.id], `${card.id}: how many play`);
    assert.match(card.length, /^About \d+ min$/, `${card.id}: how long a game takes`);
    assert.ok(card.rules, `${card.id}: its Rules button is still there`);
  }
  // Side by side on a wide screen.
  const tops = await desk.page.$$eval('.game-choice-row', (rows) => rows.map((r) => Math.round(r.getBoundingClientRect().top)));
  assert.equal(new Set(tops).size, 1, 'the game cards sit side by side at 1440 px');

  // The create-room controls follow the chosen card; the Rules button opens the rules.
  await desk.page.getByLabel(/Office 21/).check();
  assert.deepEqual(await desk.page.$$eval('#seats option', (os) => os.map((o) => o.value)), ['2', '3', '4', '5']);
  await desk.page.click('button[data-rules="office21"]');
  await desk.page.waitForSelector('dialog.rules-drawer[open]');

  // Japanese: the cards' own words are translated.
  const ja = await openPage(browser, { name: 'ja', width: 375, height: 800, locale: 'ja-JP' });
  await ja.page.goto(server.url + '/');
  await ja.page.waitForSelector('.game-choice-row');
  const jaWords = await ja.page.$$eval('[data-testid="game-pitch"], [data-testid="game-length"]', (els) => els.map((e) => e.textContent));
  assert.equal(jaWords.length, 6);
  for (const words of jaWords) assert.doesNotMatch(words, /[A-Za-z]{2,}/, `no English left in "${words}"`);
  assert.equal(await scrollsSideways(ja.page), false, 'the start page fits 375 px');
  await closeAll([desk, ja]);
});

test('the lobby on two columns: each free seat\u2019s Sit here, bot level and Add bot on one line, from 800 to 1440 px', { timeout: 60_000 }, async () => {
  const created = await server.api('POST', '/api/rooms', { game: 'dilbert', seats: 4 });
  const host = await openPage(browser, { name: 'host', width: 1440, height: 900 });
  await host.page.goto(server.url + '/404');
  await host.page.evaluate(([k, v]) => localStorage.setItem(k, v), [tokenKey(created.room_id), created.host_token]);
  for (const width of [1440, 1024, 800]) {
    await host.page.setViewportSize({ width, height: 900 });
    await host.page.goto(server.url + created.url);
    await waitConnected(host.page);
    await host.page.waitForSelector('#seats [data-action="add-bot"], #seats button');
    const rows = await host.page.$$eval('#seats > li', (seats) =>
      seats.map((seat) => {
        const controls = [...seat.querySelectorAll('button, select')].filter((el) => el.offsetParent);
        return { controls: controls.length, lines: new Set(controls.map((el) => Math.round(el.getBoundingClientRect().top + el.getBoundingClientRect().height / 2))).size };
      }),
    );
    assert.equal(rows.length, 4);
    for (const row of rows) {
      assert.equal(row.controls, 3, `at ${width} px: Sit here, the level and Add bot`);
      assert.equal(row.lines, 1, `at ${width} px a free seat\u2019s controls sit on one line`);
    }
    assert.equal(await scrollsSideways(host.page), false);
  }
  await closeAll([host]);
});

test('Osaki: a picture per character, shared by matching tiles; four players in view at 1440x900; the invite panel folded', { timeout: 150_000 }, async () => {
  assert.deepEqual((await spriteSymbols('osaki')).sort(), [...CHARACTERS].sort(), 'the sprite draws the six characters');
  const aki = await openPage(browser, { name: 'aki', width: 1440, height: 900 });
  await aki.page.goto(server.url + '/');
  await aki.page.waitForSelector('#solo-form:not([hidden])');
  await aki.page.selectOption('#solo-game', 'osaki');
  await aki.page.selectOption('#solo-seats', '4');
  await aki.page.fill('#solo-name', 'Aki');
  await aki.page.click('#solo-button');
  await aki.page.waitForURL(/\/r\/[^/]+$/);
  await aki.page.waitForSelector('#game:not([hidden])');

  // Aki plays twice (a turned tile, then the bots' moves), so that the
  // table has turned stacks as well as unturned tiles.
  for (let i = 0; i < 2; i += 1) {
    const turn = aki.page.locator('#table button[data-legal="turn"]:not([disabled])').first();
    await turn.waitFor();
    const before = await seqOf(aki.page);
    await turn.click();
    await aki.page.waitForFunction((s) => Number(document.getElementById('game').dataset.seq) > s, before);
  }
  await aki.page.locator('#table button[data-legal]:not([disabled])').first().waitFor();
  await settle(aki.page);

  // 1. Every face-up tile and stack shows its (top) character's picture;
  //    matching characters share one, different ones never do.
  const tiles = await pictures(aki.page, '#table .area[data-seat] .tile:not(.pile-empty)', 'character');
  assert.ok(tiles.length >= 20, `the table's tiles (${tiles.length})`);
  assert.ok(tiles.some((t) => t.pile === 'stack') && tiles.some((t) => t.pile === 'unturned'), 'stacks and unturned tiles are both on the table');
  const hrefOf = new Map();
  for (const tile of tiles) {
    assert.ok(CHARACTERS.includes(tile.id), `a tile names a character (${tile.id})`);
    assert.equal(tile.href.replace(VERSIONED, '/'), `/img/osaki.svg#${tile.id}`, `a ${tile.pile} ${tile.id} tile shows the ${tile.id} picture`);
    assert.equal(tile.hidden, 'true', 'the picture is decoration (its name is text beside it)');
    assert.ok(tile.width >= 20 && tile.height >= 20, `the picture is drawn large enough to see (${tile.width}x${tile.height})`);
    hrefOf.set(tile.id, tile.href);
  }
  assert.equal(hrefOf.size, 6, 'all six characters are on the table');
  assert.equal(new Set(hrefOf.values()).size, 6, 'six characters, six different pictures');

  // 2. All four players' areas in the viewport without scrolling, clear of the pinned status bar.
  const layout = await aki.page.evaluate(() => {
    window.scrollTo(0, 0);
    const frame = document.querySelector('.table-frame');
    const frameTop = frame && getComputedStyle(frame).position === 'fixed' ? frame.getBoundingClientRect().top : innerHeight;
    return {
      bottomLimit: Math.min(innerHeight, frameTop),
      width: innerWidth,
      areas: [...document.querySelectorAll('#table .area[data-seat]')].map((a) => {
        const r = a.getBoundingClientRect();
        return { seat: a.dataset.seat, top: r.top, bottom: r.bottom, left: r.left, right: r.right };
      }),
    };
  });
  assert.equal(layout.areas.length, 4, 'four players');
  for (const area of layout.areas) {
    assert.ok(area.top >= 0 && area.left >= 0 && area.right <= layout.width, `seat ${area.seat}'s area is inside the viewport`);
    assert.ok(area.bottom <= layout.bottomLimit, `seat ${area.seat}'s area ends above the fold and the status bar (${area.bottom} <= ${layout.bottomLimit})`);
  }
  assert.equal(await scrollsSideways(aki.page), false);
  const clipped = await aki.page.$$eval('#table .tile-character, #table .tile-task', (els) =>
    els.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent),
  );
  assert.deepEqual(clipped, [], 'no tile name overflows its tile at 1440 px');
  // Whatever is turned: every character's and task's name fits a tile of this width (a copy of a
  // tile, in a slot of its own in the same row, takes each name in turn).
  const tooLong = await aki.page.evaluate(() => {
    const slots = document.querySelector('#table .area[data-seat] .slots');
    const slot = slots.querySelector('.slot').cloneNode(true);
    slots.append(slot);
    const tile = slot.querySelector('.tile');
    tile.replaceChildren(...['tile-character', 'tile-task'].map((c) => Object.assign(document.createElement('span'), { className: c })));
    const [name, task] = tile.children;
    const long = [];
    for (const [el, words] of [
      [name, ['Senior Managing Director', 'Department Manager', 'Section Chief', 'Senior Colleague', 'Temp Worker']],
      [task, ['Copying', 'Accounting', 'Inventory', 'Phone duty']],
    ]) {
      for (const w of words) {
        el.textContent = w;
        if (el.scrollWidth > el.clientWidth + 1) long.push(w);
      }
    }
    slot.remove();
    return long;
  });
  assert.deepEqual(tooLong, [], 'every name fits a tile at 1440 px');

  // 3. The invite panel is folded once the game runs, beside the table, and opens again.
  const invite = aki.page.locator('#invite');
  assert.equal(await invite.evaluate((d) => d.tagName === 'DETAILS' && d.open), false, 'the invite panel is folded');
  assert.ok(await invite.evaluate((d) => Boolean(d.closest('.col-side'))), 'it sits in the side column, out of the table\u2019s way');
  assert.ok(await aki.page.locator('#room-link').isHidden(), 'the link is out of sight');
  await aki.page.click('[data-testid="invite-summary"]');
  await aki.page.locator('#room-link').waitFor({ state: 'visible' });
  assert.match(await aki.page.inputValue('#room-link'), /\/r\/[^/]+$/, 'opened, it still gives the room link');
  assert.ok(await aki.page.locator('#show-qr').isVisible(), 'and the QR code button');

  // 3b. Reloaded (the game found running): the side column's order on screen is its order for Tab,
  //     "Since your last turn" first, then the folded invite panel, the seats and the log.
  await aki.page.reload();
  await aki.page.locator('#table button[data-legal]:not([disabled])').first().waitFor();
  await aki.page.locator('.col-side > .recap:not([hidden])').waitFor();
  await settle(aki.page);
  const side = await aki.page.$$eval('.col-side > :not([hidden])', (els) =>
    els.filter((e) => e.getBoundingClientRect().height > 0).map((e) => ({ what: e.id || e.className, top: Math.round(e.getBoundingClientRect().top) })),
  );
  assert.equal(side[0]?.what, 'recap', `the recap leads the side column (${JSON.stringify(side)})`);
  for (let i = 1; i < side.length; i += 1) {
    assert.ok(side[i].top > side[i - 1].top, `${side[i].what} comes after ${side[i - 1].what} on screen as for Tab (${JSON.stringify(side)})`);
  }

  // 3c. The same page narrowed to a phone's width (one column: the log and the chat before the
  //     seats and the folded invite panel) and widened again: the page's panels are in the
  //     document in the order they are seen, and the focus stays where it was.
  const panels = () =>
    aki.page.$$eval('.room-title, .col-main > *, .col-side > *', (els) =>
      els
        .filter((e) => e.getBoundingClientRect().height > 0)
        .map((e) => ({ what: e.id || e.className, column: e.parentElement.className, top: Math.round(e.getBoundingClientRect().top) })),
    );
  const focusedBefore = await aki.page.locator('#table button[data-legal]:not([disabled])').first();
  await focusedBefore.focus();
  await aki.page.setViewportSize({ width: 390, height: 844 });
  // (The assertions below say what is wrong if the order never comes.)
  await aki.page.waitForFunction(() => document.querySelector('.col-side > #log-panel') === document.querySelector('.col-side').firstElementChild, null, { timeout: 5_000 }).catch(() => null);
  const narrow = await panels();
  assert.deepEqual(
    narrow.filter((p) => p.column === 'col-side').map((p) => p.what),
    ['log-panel', 'chat-panel', 'lobby', 'invite'],
    'on a phone: the log and the chat, then the seats and the invite panel',
  );
  for (let i = 1; i < narrow.length; i += 1) {
    assert.ok(narrow[i].top > narrow[i - 1].top, `on a phone, ${narrow[i].what} comes after ${narrow[i - 1].what} on screen as for Tab (${JSON.stringify(narrow)})`);
  }
  assert.ok(await focusedBefore.evaluate((b) => b === document.activeElement), 'the focus stayed on the table');
  await aki.page.setViewportSize({ width: 1440, height: 900 });
  await aki.page.waitForFunction(() => document.querySelector('#invite')?.nextElementSibling?.id === 'lobby', null, { timeout: 5_000 }).catch(() => null);
  const wide = await panels();
  for (const column of ['col-main', 'col-side']) {
    const boxes = wide.filter((p) => p.column === column);
    for (let i = 1; i < boxes.length; i += 1) {
      assert.ok(boxes[i].top > boxes[i - 1].top, `at 1440 px, ${boxes[i].what} comes after ${boxes[i - 1].what} in its column (${JSON.stringify(wide)})`);
    }
  }

  // 4. On a phone, the same room from a spectator: nothing sideways, the fold there too.
  const phone = await openPage(browser, { name: 'phone', width: 375, height: 800, hasTouch: true, isMobile: true });
  await phone.page.goto(aki.page.url());
  await waitConnected(phone.page);
  await phone.page.waitForSelector('#game:not([hidden]) #table .area');
  assert.equal(await scrollsSideways(phone.page), false, 'the table fits 375 px');
  assert.equal(await phone.page.locator('#invite').evaluate((d) => d.open), false, 'folded on the phone too');
  const phoneTiles = await pictures(phone.page, '#table .area[data-seat] .tile:not(.pile-empty)', 'character');
  for (const tile of phoneTiles) assert.equal(tile.href.replace(VERSIONED, '/'), `/img/osaki.svg#${tile.id}`);
  const overflowing = await phone.page.$$eval('#table .tile-character, #table .tile-task', (els) =>
    els.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent),
  );
  assert.deepEqual(overflowing, [], 'no tile name overflows its tile at 375 px');
  await closeAll([aki, phone]);
});

test('Office 21: an icon on each card kind, a profit meter toward 21 per office, bust over 21', { timeout: 120_000 }, async () => {
  assert.deepEqual((await spriteSymbols('office21')).sort(), [...KINDS].sort(), 'the sprite draws the ten card kinds');
  const anton = await openPage(browser, { name: 'anton', width: 1440, height: 900 });
  const bea = await openPage(browser, { name: 'bea' });
  const jacky = await openPage(browser, { name: 'jacky', width: 375, height: 800 });
  const players = [
    { ...anton, name: 'Anton' },
    { ...bea, name: 'Bea' },
    { ...jacky, name: 'Jacky' },
  ];
  // Offices of 3.5, 7 and 18; Jacky plays a MANAGER (4) first and goes out at 22.
  const fixture = position({
    offices: [['spy', 'cleaner', 'operator', 'assistant'], ['sales', 'manager', 'taxman'], ['director', 'director', 'sales', 'operator']],
    hands: [
      ['secretary', 'boss', 'spy'],
      ['cleaner', 'spy', 'operator'],
      ['manager', 'assistant', 'cleaner'],
    ],
    turn: 2,
  });
  await seatAndStart(server, { players, options: { fixture } });

  // 1. Each kind's icon, on office and hand cards alike (Anton's page holds all ten).
  const cards = await pictures(anton.page, '#table .o21-card[data-card]', 'card');
  for (const kind of KINDS) {
    const shown = cards.filter((c) => c.id === kind);
    assert.ok(shown.length > 0, `a ${kind} card is on Anton's table`);
    for (const card of shown) {
      assert.equal(card.href.replace(VERSIONED, '/'), `/img/office21.svg#${kind}`, `a ${kind} card shows the ${kind} icon`);
      assert.equal(card.hidden, 'true', 'the icon is decoration (the name is text)');
      assert.ok(card.width >= 14, `the ${kind} icon is drawn (${card.width} px)`);
    }
  }
  assert.ok(await anton.page.locator('#table [data-hand-card][data-card="boss"] svg.art-card').count(), 'hand cards have their icon too');

  // 2. The meter reads each office's profit, 21 marked.
  const meters = async (page) =>
    page.$$eval('#table .o21-office[data-seat]', (offices) =>
      offices.map((o) => {
        const m = o.querySelector('[role="meter"]');
        return {
          seat: Number(o.dataset.seat),
          profit: Number.parseFloat(o.querySelector('[data-testid="profit"]').textContent),
          now: Number(m?.getAttribute('aria-valuenow')),
          min: m?.getAttribute('aria-valuemin'),
          max: Number(m?.getAttribute('aria-valuemax')),
          text: m?.getAttribute('aria-valuetext') ?? '',
          label: m?.getAttribute('aria-label') ?? '',
          state: m?.dataset.state,
          mark: m?.querySelector('.o21-meter-mark')?.textContent,
          fill: m ? m.querySelector('.o21-meter-fill').getBoundingClientRect().width / m.querySelector('.o21-meter-track').getBoundingClientRect().width : null,
        };
      }),
    );
  const start = (await meters(anton.page)).sort((a, b) => a.seat - b.seat);
  assert.deepEqual(
    start.map((m) => [m.seat, m.profit, m.now, m.state]),
    [
      [0, 3.5, 3.5, 'under'],
      [1, 7, 7, 'under'],
      [2, 18, 18, 'under'],
    ],
    'each meter reads its office\u2019s profit',
  );
  for (const m of start) {
    assert.equal(m.min, '0');
    assert.equal(m.max, 21, 'the meter runs toward 21');
    assert.equal(m.mark, '21', '21 is marked on the bar');
    assert.match(m.label, /Profit toward 21 M/);
    assert.equal(m.text, `${m.profit} M of 21 M`);
    assert.ok(Math.abs(m.fill - m.profit / 24) < 0.02, `the bar is filled in proportion (${m.fill.toFixed(3)} for ${m.profit} M)`);
  }

  // In forced colours (a contrast theme), which paints backgrounds the theme's, the bars and the
  // connection's dot keep a colour of their own.
  await anton.page.emulateMedia({ forcedColors: 'active' });
  const painted = await anton.page.evaluate(() => {
    const background = (el, pseudo) => getComputedStyle(el, pseudo).backgroundColor;
    return {
      page: background(document.body),
      fills: [...document.querySelectorAll('#table .o21-meter-fill')].map((el) => background(el)),
      tracks: [...document.querySelectorAll('#table .o21-meter-track')].map((el) => background(el)),
      dot: background(document.getElementById('connection'), '::before'),
    };
  });
  await anton.page.emulateMedia({ forcedColors: 'none' });
  const shown = (colour) => colour !== painted.page && !/^rgba\(.*, 0\)$|transparent/.test(colour);
  assert.equal(painted.fills.length, 3);
  painted.fills.forEach((fill, i) => {
    assert.ok(shown(fill) && fill !== painted.tracks[i], `forced colours: a meter's bar is painted (${fill} on ${painted.tracks[i]}, page ${painted.page})`);
  });
  assert.ok(shown(painted.dot), `forced colours: the connection's dot is painted (${painted.dot} on ${painted.page})`);

  // 3. Jacky plays the MANAGER: 22 M, out; the meter shows the bust on every page.
  await clickAndSettle(players[2], players, '#table button[data-hand-card][data-card="manager"]');
  for (const p of players) {
    const jackyMeter = (await meters(p.page)).find((m) => m.seat === 2);
    assert.equal(jackyMeter.state, 'over', `${p.name}: Jacky's meter shows the bust`);
    assert.equal(jackyMeter.now, 22);
    assert.equal(jackyMeter.max, 22, 'the range grows with a bust (a meter\u2019s value stays in range)');
    assert.match(jackyMeter.text, /22 M: over 21 M, out of the game/);
    assert.ok(jackyMeter.fill > 0.9, 'the bar runs past the 21 mark');
  }
  assert.equal(await scrollsSideways(jacky.page), false, 'the offices fit 375 px');
  await closeAll([anton, bea, jacky]);
});
