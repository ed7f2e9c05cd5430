// Browser tests of Osaki: real server binary, headless Chromium, players
// who only click what their page highlights. See README.md for how to run.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';

import { openPage, prng, startServerAndBrowser, stopServerAndBrowser, closeAll } from './lib/harness.mjs';
import {
  tokenKey,
  waitConnected,
  joinAs,
  seqOf,
  waitSeq,
  isOver,
  playOneMove,
  publicTable,
  scrollsSideways,
  settle,
} from './lib/room.mjs';
import { OSAKI_PAIR, seatAndStart } from './lib/office21.mjs';

const SEED = Number(process.env.TEST_SEED ?? Date.now() % 1_000_000);
const MAX_MOVES = 200;

let server;
let browser;
const pages = [];

console.log(`# random seed: TEST_SEED=${SEED}`);
before(async () => ({ server, browser } = await startServerAndBrowser()));
after(() => stopServerAndBrowser(server, browser));

async function newPage(options) {
  const record = await openPage(browser, options);
  pages.push(record);
  return record;
}

/** Plays the players' pages to the end by clicking; calls `afterMove` after each settled move. */
async function playToTheEnd(players, observers, random, { afterMove, beforeClick, keyboardOnce = false } = {}) {
  let moves = 0;
  let usedKeyboard = !keyboardOnce;
  while (!(await isOver(players[0].page))) {
    assert.ok(moves < MAX_MOVES, `the game ends within ${MAX_MOVES} moves`);
    let acted = false;
    for (const p of players) {
      const move = await playOneMove(p.page, random, {
        beforeClick: (m) => beforeClick?.(m, p),
        keyboard: !usedKeyboard,
      });
      if (!move) continue;
      usedKeyboard = true;
      acted = true;
      moves += 1;
      const seq = await seqOf(p.page);
      for (const other of [...players, ...observers]) await waitSeq(other.page, seq);
      await afterMove?.(move, p, seq);
      break;
    }
    assert.ok(acted, 'some player is offered a move while the game is running');
  }
  return moves;
}

// ---------------------------------------------------------------------------

test('two players create, join, start and finish a whole game by clicking', { timeout: 120_000 }, async () => {
  const random = prng(SEED);
  const aki = await newPage({ name: 'aki' });
  const ben = await newPage({ name: 'ben', width: 375, height: 800 });

  // The start page lists the catalog; create a 2-player Osaki room.
  await aki.page.goto(server.url + '/');
  await aki.page.getByLabel(/Osaki/).check();
  await aki.page.selectOption('#seats', '2');
  await aki.page.click('#create-button');
  await aki.page.waitForURL(/\/r\/[^/]+$/);
  const roomId = new URL(aki.page.url()).pathname.split('/')[2];
  assert.ok(await aki.page.evaluate((k) => localStorage.getItem(k), tokenKey(roomId)), 'the host token is kept per room');
  await waitConnected(aki.page);

  // The copy button puts the room link on the clipboard.
  await aki.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  await aki.page.click('#copy-link');
  await aki.page.waitForFunction(() => /copied/i.test(document.getElementById('copy-status').textContent));
  const link = await aki.page.evaluate(() => navigator.clipboard.readText());
  assert.equal(link, `${server.url}/r/${roomId}`);
  // The notice goes away by itself after a few seconds.
  await aki.page.waitForFunction(() => document.getElementById('copy-status').textContent === '', null, { timeout: 10_000 });

  await joinAs(aki.page, 'Aki', { left_work_at: '23:30' });
  assert.equal(await aki.page.isDisabled('#start-button'), true, 'Start waits for the free seat');

  await ben.page.goto(link);
  await waitConnected(ben.page);
  assert.equal(await ben.page.isVisible('#start-button'), false, 'only the host sees Start');
  await joinAs(ben.page, 'Ben', { left_work_at: '18:05' });
  assert.equal(await scrollsSideways(ben.page), false, 'the lobby fits 375 px');

  // Both see both names and who is connected.
  for (const p of [aki, ben]) {
    await p.page.waitForFunction(() => document.querySelectorAll('.seat-taken .presence-on').length === 2);
    const names = await p.page.$$eval('.seat-name', (els) => els.map((e) => e.textContent));
    assert.deepEqual(names, ['Aki', 'Ben']);
  }

  await aki.page.waitForSelector('#start-button:not([disabled])');
  await aki.page.click('#start-button');
  for (const p of [aki, ben]) await p.page.waitForSelector('#game:not([hidden])');

  // Aki left work latest, so Aki starts.
  const first = await aki.page.textContent('#log li:first-child');
  assert.match(first, /Aki left work latest yesterday \(23:30\) and starts/);
  assert.match(await aki.page.textContent('.turn-banner'), /Your turn/);
  assert.match(await ben.page.textContent('.turn-banner'), /Aki’s turn/);

  // Picking a stack and pressing Escape cancels the pick (tried once, when possible).
  let triedCancel = false;
  const moves = await playToTheEnd([aki, ben], [], random, {
    keyboardOnce: true,
    afterMove: async (_move, _p, seq) => {
      for (const p of [aki, ben]) assert.equal(await seqOf(p.page), seq);
      if (!triedCancel) {
        for (const p of [aki, ben]) {
          const source = await p.page.$('button[data-legal="source"]:not([disabled])');
          if (!source) continue;
          await settle(p.page);
          await source.click();
          assert.ok((await p.page.$$('button[data-legal="target"]')).length > 0, 'targets light up after a pick');
          await p.page.keyboard.press('Escape');
          assert.equal((await p.page.$$('button[data-legal="target"]')).length, 0, 'Escape cancels the pick');
          triedCancel = true;
        }
      }
      if (seq % 10 === 0) assert.equal(await scrollsSideways(ben.page), false, 'the table fits 375 px');
    },
  });
  assert.ok(moves >= 24, `a 2-player game needs at least 24 turns (played ${moves})`);

  // Both end screens name the same winner(s), with the tile counts.
  const ends = [];
  for (const p of [aki, ben]) {
    await p.page.waitForSelector('#end:not([hidden])');
    ends.push({
      title: await p.page.textContent('#end-title'),
      winners: await p.page.getAttribute('#end', 'data-winners'),
      scores: await p.page.$$eval('#end .scores tbody tr', (rows) => rows.map((r) => r.textContent)),
    });
  }
  assert.equal(ends[0].title, ends[1].title);
  assert.equal(ends[0].winners, ends[1].winners);
  assert.deepEqual(ends[0].scores, ends[1].scores);
  assert.match(ends[0].title, /(Aki|Ben)/);
  assert.match(ends[0].title, /wins!|Shared victory/);
  assert.ok(await aki.page.isVisible('#end a[href="/"]'), 'the end screen links back to the start page');
  assert.equal(await scrollsSideways(ben.page), false, 'the end screen fits 375 px');

  // The log tells the story in words, with the calls.
  const log = await aki.page.$$eval('#log li', (lis) => lis.map((li) => li.textContent));
  assert.deepEqual(log, await ben.page.$$eval('#log li', (lis) => lis.map((li) => li.textContent)));
  const stacked = log.filter((l) => / stacked /.test(l));
  assert.ok(stacked.length > 0, 'somebody stacked during the game');
  for (const line of stacked) assert.match(line, /Please handle this too! これもお願いします！/);
  assert.equal(log.filter((l) => / turned over /.test(l)).length, 24, 'every tile was turned, in the log');
  assert.match(log[log.length - 1], /^Game over/);
  if (log.some((l) => /I'm leaving now!/.test(l))) {
    assert.ok(log.some((l) => /Good job! お疲れさまでした！/.test(l)));
  }

  await closeAll([aki, ben]);
});

// ---------------------------------------------------------------------------

const CHARACTERS = {
  president: ['President', '社長'],
  senior_managing_director: ['Senior Managing Director', '専務'],
  department_manager: ['Department Manager', '部長'],
  section_chief: ['Section Chief', '係長'],
  senior_colleague: ['Senior Colleague', '先輩'],
  temp_worker: ['Temp Worker', '派遣社員'],
};
const TASKS = {
  copying: ['Copying', 'コピー'],
  accounting: ['Accounting', '伝票整理'],
  inventory: ['Inventory', '倉庫整理'],
  phone_duty: ['Phone duty', '電話番'],
};

/**
 * A fixture deal: each player gets one tile of each character (two with 2
 * players), all distinct, in a shuffled slot order; with 3 players the 6
 * tiles left over are returned too.
 */
function fixtureDeal(seats, random) {
  const tasks = Object.keys(TASKS);
  const rows = Array.from({ length: seats }, () => []);
  const leftover = [];
  Object.keys(CHARACTERS).forEach((character, i) => {
    const order = tasks.map((_, k) => ({ character, task: tasks[(k + i) % tasks.length] }));
    if (seats === 2) {
      rows[0].push(order[0], order[2]);
      rows[1].push(order[1], order[3]);
    } else {
      rows.forEach((row, seat) => row.push(order[seat]));
      leftover.push(...order.slice(seats));
    }
  });
  for (const row of rows) {
    for (let i = row.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [row[i], row[j]] = [row[j], row[i]];
    }
  }
  return { deal: rows, leftover };
}

/** A tile's wire form, "president:copying" (docs/protocol.md). */
const key = (t) => `${t.character}:${t.task}`;

/**
 * Every tile anywhere in a JSON frame: a "character:task" string (the wire
 * form), or a {character, task} object (the form before it, still looked
 * for so that a leak in either form is caught).
 */
function tilesIn(value, out = []) {
  if (typeof value === 'string' && /^[a-z_]+:[a-z_]+$/.test(value)) out.push(value);
  else if (Array.isArray(value)) value.forEach((v) => tilesIn(v, out));
  else if (value && typeof value === 'object') {
    if (typeof value.character === 'string' && typeof value.task === 'string') out.push(key(value));
    Object.values(value).forEach((v) => tilesIn(v, out));
  }
  return out;
}

/** What the page shows that it must not: hidden tiles' tasks, in any form. */
async function domLeaks(page, hidden) {
  const named = hidden.map((t) => ({
    key: key(t),
    character: t.character,
    task: t.task,
    words: `${CHARACTERS[t.character][0]} ${CHARACTERS[t.character][1]} / ${TASKS[t.task][0]}`,
  }));
  const taskWords = Object.values(TASKS).flat();
  return page.evaluate(
    ({ named, taskWords }) => {
      const leaks = [];
      for (const el of document.querySelectorAll('[data-pile="unturned"], [data-pile="leftover-hidden"]')) {
        const shown = `${el.textContent} ${el.getAttribute('aria-label') ?? ''} ${el.getAttribute('title') ?? ''} ${el.dataset.task ?? ''}`;
        for (const w of taskWords) if (shown.includes(w)) leaks.push(`unturned tile ${el.dataset.key ?? ''} shows "${w}"`);
      }
      const hiddenKeys = new Set(named.map((n) => n.key));
      for (const el of document.querySelectorAll('[data-task]')) {
        const k = `${el.dataset.character}:${el.dataset.task}`;
        if (hiddenKeys.has(k)) leaks.push(`element names hidden tile ${k}`);
      }
      const attrs = [...document.querySelectorAll('[aria-label], [title]')]
        .map((el) => `${el.getAttribute('aria-label') ?? ''} ${el.getAttribute('title') ?? ''}`)
        .join('\n');
      const text = `${document.body.textContent}\n${attrs}`;
      for (const n of named) if (text.includes(n.words)) leaks.push(`text names hidden tile "${n.words}"`);
      return leaks;
    },
    { named, taskWords },
  );
}

const PLAYER_NAMES = ['Hana', 'Goro', 'Chie', 'Dai'];

/** Whether a frame says the game is over (only then may the leftover tiles show). */
function endsTheGame(msg) {
  if (msg.type === 'snapshot') return Boolean(msg.game?.outcome);
  if (msg.type === 'update') return Boolean(msg.update?.outcome);
  return false;
}

/**
 * Plays a fixture game with `seats` players and one spectator, checking
 * after every move that no page shows, and no page received, the task of
 * a tile that is still unturned (or set aside), and that the spectator
 * sees the same public table as the players.
 */
async function playWatchingForLeaks(seats, random) {
  const { deal, leftover } = fixtureDeal(seats, random);
  const created = await server.api('POST', '/api/rooms', {
    game: 'osaki',
    seats,
    options: { fixture: { deal: deal.map((row) => row.map(key)), first_player: 0 } },
  });

  // The truth: the tile at each (seat, slot) while it is unturned, and the
  // tiles set aside until the game is over.
  const unturned = new Map();
  deal.forEach((row, seat) => row.forEach((tile, slot) => unturned.set(`${seat}-${slot}`, tile)));
  let setAside = [...leftover];
  const hiddenNow = () => [...unturned.values(), ...setAside];
  const frameLeaks = [];

  const players = [];
  for (let seat = 0; seat < seats; seat += 1) players.push(await newPage({ name: PLAYER_NAMES[seat] }));
  const watcher = await newPage({ name: 'spectator', width: 375, height: 800 });
  const everyone = [...players, watcher];
  for (const r of everyone) {
    r.onFrame = (payload) => {
      let msg;
      try {
        msg = JSON.parse(payload);
      } catch {
        return;
      }
      if (endsTheGame(msg)) setAside = [];
      const hiddenKeys = new Set(hiddenNow().map(key));
      for (const k of tilesIn(msg)) if (hiddenKeys.has(k)) frameLeaks.push(`${r.name} received hidden tile ${k} in ${msg.type}`);
    };
  }

  // The first player's browser holds the host token, as if it had created the room.
  const [host] = players;
  await host.page.goto(server.url + '/');
  await host.page.evaluate(([k, v]) => localStorage.setItem(k, v), [tokenKey(created.room_id), created.host_token]);
  for (const [seat, p] of players.entries()) {
    await p.page.goto(server.url + created.url);
    await waitConnected(p.page);
    await joinAs(p.page, PLAYER_NAMES[seat]);
  }
  await watcher.page.goto(server.url + created.url);
  await waitConnected(watcher.page);
  assert.equal(await watcher.page.isVisible('#join-form'), false, 'a full room offers no seat');
  await host.page.waitForFunction(() => /1 watching/.test(document.getElementById('spectators').textContent));

  await host.page.click('#start-button');
  for (const r of everyone) await r.page.waitForSelector('#game:not([hidden])');

  const check = async (when) => {
    const hidden = hiddenNow();
    for (const r of everyone) {
      assert.deepEqual(await domLeaks(r.page, hidden), [], `${r.name}'s page after ${when}`);
    }
    assert.deepEqual(frameLeaks, [], `WebSocket frames after ${when}`);
    const seen = await publicTable(watcher.page);
    assert.equal(seen.areas.length, seats);
    for (const p of players) {
      assert.deepEqual(await publicTable(p.page), seen, `${p.name} and the spectator see the same table after ${when}`);
    }
    assert.equal((await watcher.page.$$('button[data-legal]')).length, 0, 'the spectator has nothing to click');
  };

  await check('the start');
  assert.equal((await host.page.$$('[data-pile="unturned"]')).length, 6 * seats * (seats === 2 ? 2 : 1));
  assert.equal((await host.page.$$('[data-pile="leftover-hidden"]')).length, leftover.length);

  await playToTheEnd(players, [watcher], random, {
    beforeClick: (move) => {
      // From this click on, the tile's task is public.
      if (move.kind === 'turn') unturned.delete(`${move.seat}-${move.slot}`);
    },
    afterMove: async (move, _p, seq) => {
      if (await isOver(watcher.page)) setAside = [];
      await check(`move ${JSON.stringify(move)} (event ${seq})`);
    },
  });
  assert.equal(unturned.size, 0, 'every tile was turned by the end');
  assert.deepEqual(setAside, [], 'the frame that ended the game said so');
  await check('the end');
  const winners = await watcher.page.getAttribute('#end', 'data-winners');
  for (const p of players) assert.equal(await p.page.getAttribute('#end', 'data-winners'), winners);

  // The end screen reveals the tiles set aside.
  for (const r of everyone) {
    const revealed = await r.page.$$eval('#table [data-pile="leftover"]', (els) =>
      els.map((e) => `${e.dataset.character}:${e.dataset.task}`).sort(),
    );
    assert.deepEqual(revealed, leftover.map(key).sort(), `${r.name}'s end screen shows the tiles set aside`);
    if (leftover.length > 0) assert.match(await r.page.textContent('#end'), /set aside were/);
  }
  assert.ok(players[0].frames.length > 0 && watcher.frames.length > 0, 'frames were recorded');
  await closeAll(everyone);
}

test('by keyboard: each new turn of yours brings the focus to the banner saying what to do, and Tab goes on to your own tiles', { timeout: 90_000 }, async () => {
  const aki = await newPage({ name: 'aki' });
  const ben = await newPage({ name: 'ben' });
  await seatAndStart(server, { game: 'osaki', players: OSAKI_PAIR(aki, ben) });
  for (const p of [aki, ben]) await p.page.waitForSelector('#table .area');

  const focusedOn = (p) =>
    p.page.evaluate(() => {
      const e = document.activeElement;
      return { testid: e?.dataset?.testid ?? null, legal: e?.dataset?.legal ?? null, inMyArea: Boolean(e?.closest('.area') && e.closest('.area') === document.querySelector('#table .area')) };
    });
  for (let move = 0; move < 4; move += 1) {
    const turns = await Promise.all([aki, ben].map((p) => p.page.$('[data-testid="turn-banner"][data-dock]')));
    const mover = turns[0] ? aki : ben;
    assert.ok(Boolean(turns[0]) !== Boolean(turns[1]), 'one page at a time has the turn');
    await mover.page.waitForFunction(() => document.activeElement?.dataset?.testid === 'turn-banner', null, { timeout: 5_000 });
    await mover.page.keyboard.press('Tab');
    assert.equal((await focusedOn(mover)).inMyArea, true, `move ${move}: Tab from the banner goes to the player\u2019s own tiles`);
    for (let i = 0; i < 8 && (await focusedOn(mover)).legal !== 'turn'; i += 1) await mover.page.keyboard.press('Tab');
    assert.equal((await focusedOn(mover)).legal, 'turn', `move ${move}: a tile to turn over is reached`);
    const before = await seqOf(mover.page);
    await mover.page.keyboard.press('Enter');
    for (const p of [aki, ben]) await waitSeq(p.page, before + 1);
    assert.notEqual((await focusedOn(mover)).testid, 'turn-banner', 'the banner is not focused once the turn has passed');
  }
  await closeAll([aki, ben]);
});

test('each page shows only what its viewer may see; the spectator sees the public table', { timeout: 120_000 }, async () => {
  await playWatchingForLeaks(2, prng(SEED + 1));
});

test('with 3 players the tiles set aside stay hidden from everyone until the end screen reveals them', { timeout: 120_000 }, async () => {
  await playWatchingForLeaks(3, prng(SEED + 3));
});

// ---------------------------------------------------------------------------

test('reload and server restart put players back in their seats; 375 px needs no sideways scroll', { timeout: 150_000 }, async () => {
  const random = prng(SEED + 2);
  const created = await server.api('POST', '/api/rooms', { game: 'osaki', seats: 2 });
  const aki = await newPage({ name: 'aki' });
  const ben = await newPage({ name: 'ben', width: 375, height: 740 });

  await aki.page.goto(server.url + '/');
  await aki.page.evaluate(([k, v]) => localStorage.setItem(k, v), [tokenKey(created.room_id), created.host_token]);
  await aki.page.goto(server.url + created.url);
  await waitConnected(aki.page);
  await joinAs(aki.page, 'Aki');
  await ben.page.goto(server.url + created.url);
  await waitConnected(ben.page);

  // A refused join shows the server's reason next to the form.
  await ben.page.fill('#join-name', 'Aki');
  await ben.page.click('#join-button');
  await ben.page.waitForFunction(() => document.getElementById('join-error').textContent !== '');
  assert.match(await ben.page.textContent('#join-error'), /name/);

  // Take a seat, leave it, take it again.
  await joinAs(ben.page, 'Ben');
  await ben.page.click('#leave-button');
  await ben.page.waitForSelector('#join-form:not([hidden])');
  await aki.page.waitForSelector('.seat-free[data-seat="1"]');
  assert.equal(await ben.page.evaluate((k) => localStorage.getItem(k), tokenKey(created.room_id)), null, 'a left seat forgets its token');
  await joinAs(ben.page, 'Ben');
  assert.equal(await scrollsSideways(ben.page), false, 'the lobby fits 375 px');
  const benToken = await ben.page.evaluate((k) => localStorage.getItem(k), tokenKey(created.room_id));
  assert.ok(benToken, 'the seat token is kept in the browser');

  // Reload in the lobby: still seated.
  await ben.page.reload();
  await waitConnected(ben.page);
  await ben.page.waitForSelector('.seat[data-seat="1"] .badge-you');

  await aki.page.click('#start-button');
  for (const p of [aki, ben]) await p.page.waitForSelector('#game:not([hidden])');
  assert.equal(await scrollsSideways(ben.page), false, 'the table fits 375 px');

  // A few moves, then Ben reloads: same seat, same table, same log.
  const play = async (n) => {
    for (let i = 0; i < n && !(await isOver(aki.page)); i += 1) {
      let acted = false;
      for (const p of [aki, ben]) {
        if (await playOneMove(p.page, random)) {
          const seq = await seqOf(p.page);
          await waitSeq(aki.page, seq);
          await waitSeq(ben.page, seq);
          acted = true;
          break;
        }
      }
      assert.ok(acted, 'someone may move');
    }
  };
  await play(6);
  const seq = await seqOf(ben.page);
  const before = await publicTable(ben.page);
  const legalBefore = await ben.page.$$eval('button[data-legal]', (bs) => bs.map((b) => b.dataset.key));
  await ben.page.reload();
  await waitConnected(ben.page);
  assert.equal(await waitSeq(ben.page, seq), seq);
  assert.deepEqual(await publicTable(ben.page), before, 'the reloaded page shows the same table and log');
  assert.deepEqual(await ben.page.$$eval('button[data-legal]', (bs) => bs.map((b) => b.dataset.key)), legalBefore);
  assert.equal(await ben.page.getAttribute('.area-mine', 'data-seat'), '1', 'Ben is back in seat 2');
  assert.equal(await scrollsSideways(ben.page), false, 'the table fits 375 px after reload');

  // The server dies (SIGKILL) and comes back: both pages say so, reconnect
  // on their own, resume from their last event and the game goes on.
  await server.kill();
  for (const p of [aki, ben]) {
    await p.page.waitForSelector('#connection[data-state="reconnecting"]');
    assert.match(await p.page.textContent('#connection'), /Reconnecting/);
  }
  await server.start();
  for (const p of [aki, ben]) {
    await p.page.waitForSelector('#connection[data-state="open"]', { timeout: 30_000 });
    assert.equal(await seqOf(p.page), seq);
  }
  assert.deepEqual(await publicTable(ben.page), before, 'nothing was lost in the restart');
  await play(4);
  assert.ok((await seqOf(aki.page)) > seq, 'the game goes on after the restart');

  // Play it out; the end screen fits a phone too.
  await playToTheEnd([aki, ben], [], random);
  await ben.page.waitForSelector('#end:not([hidden])');
  assert.equal(await scrollsSideways(ben.page), false, 'the end screen fits 375 px');
  await closeAll([aki, ben]);
});
