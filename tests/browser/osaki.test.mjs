// Browser tests of Osaki: real server binary, headless Chromium, players
// who only click what their page highlights. See README.md for how to run.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';

import { Server, launchBrowser, openPage, prng } from './lib/harness.mjs';
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
} from './lib/room.mjs';

const SEED = Number(process.env.TEST_SEED ?? Date.now() % 1_000_000);
const MAX_MOVES = 200;

let server;
let browser;
const pages = [];

before(async () => {
  console.log(`# random seed: TEST_SEED=${SEED}`);
  server = new Server();
  await server.start();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

async function newPage(options) {
  const record = await openPage(browser, options);
  pages.push(record);
  return record;
}

async function closeAll(records) {
  for (const r of records) {
    assert.deepEqual(r.errors, [], `${r.name}: no script errors in the page`);
    await r.context.close();
  }
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

  await joinAs(aki.page, 'Aki', '23:30');
  assert.equal(await aki.page.isDisabled('#start-button'), true, 'Start waits for the free seat');

  await ben.page.goto(link);
  await waitConnected(ben.page);
  assert.equal(await ben.page.isVisible('#start-button'), false, 'only the host sees Start');
  await joinAs(ben.page, 'Ben', '18:05');
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

/** A 2-player deal: two tiles of each character each, all 24 distinct, in a shuffled order. */
function fixtureDeal(random) {
  const tasks = Object.keys(TASKS);
  const rows = [[], []];
  Object.keys(CHARACTERS).forEach((character, i) => {
    const order = tasks.map((_, k) => tasks[(k + i) % tasks.length]);
    rows[0].push({ character, task: order[0] }, { character, task: order[2] });
    rows[1].push({ character, task: order[1] }, { character, task: order[3] });
  });
  for (const row of rows) {
    for (let i = row.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [row[i], row[j]] = [row[j], row[i]];
    }
  }
  return rows;
}

const key = (t) => `${t.character}:${t.task}`;

/** Every {character, task} object anywhere in a JSON frame. */
function tilesIn(value, out = []) {
  if (Array.isArray(value)) value.forEach((v) => tilesIn(v, out));
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

test('each page shows only what its viewer may see; the spectator sees the public table', { timeout: 120_000 }, async () => {
  const random = prng(SEED + 1);
  const deal = fixtureDeal(random);
  const created = await server.api('POST', '/api/rooms', {
    game: 'osaki',
    seats: 2,
    options: { fixture: { deal, first_player: 0 } },
  });

  // The truth: the tile at each (seat, slot), and which are still unturned.
  const unturned = new Map();
  deal.forEach((row, seat) => row.forEach((tile, slot) => unturned.set(`${seat}-${slot}`, tile)));
  const hiddenNow = () => [...unturned.values()];
  const frameLeaks = [];

  const host = await newPage({ name: 'host' });
  const guest = await newPage({ name: 'guest' });
  const watcher = await newPage({ name: 'spectator', width: 375, height: 800 });
  for (const r of [host, guest, watcher]) {
    r.onFrame = (payload) => {
      let msg;
      try {
        msg = JSON.parse(payload);
      } catch {
        return;
      }
      const hiddenKeys = new Set(hiddenNow().map(key));
      for (const k of tilesIn(msg)) if (hiddenKeys.has(k)) frameLeaks.push(`${r.name} received hidden tile ${k} in ${msg.type}`);
    };
  }

  // The host's browser holds the host token, as if it had created the room.
  await host.page.goto(server.url + '/');
  await host.page.evaluate(([k, v]) => localStorage.setItem(k, v), [tokenKey(created.room_id), created.host_token]);
  await host.page.goto(server.url + created.url);
  await waitConnected(host.page);
  await joinAs(host.page, 'Hana');
  await guest.page.goto(server.url + created.url);
  await waitConnected(guest.page);
  await joinAs(guest.page, 'Goro');
  await watcher.page.goto(server.url + created.url);
  await waitConnected(watcher.page);
  assert.equal(await watcher.page.isVisible('#join-form'), false, 'a full room offers no seat');
  await host.page.waitForFunction(() => /1 watching/.test(document.getElementById('spectators').textContent));

  await host.page.click('#start-button');
  for (const r of [host, guest, watcher]) await r.page.waitForSelector('#game:not([hidden])');

  const check = async (when) => {
    const hidden = hiddenNow();
    for (const r of [host, guest, watcher]) {
      assert.deepEqual(await domLeaks(r.page, hidden), [], `${r.name}'s page after ${when}`);
    }
    assert.deepEqual(frameLeaks, [], `WebSocket frames after ${when}`);
    const seen = await publicTable(watcher.page);
    assert.equal(seen.areas.length, 2);
    assert.deepEqual(await publicTable(host.page), seen, `host and spectator see the same table after ${when}`);
    assert.deepEqual(await publicTable(guest.page), seen, `guest and spectator see the same table after ${when}`);
    assert.equal((await watcher.page.$$('button[data-legal]')).length, 0, 'the spectator has nothing to click');
  };

  await check('the start');
  assert.equal(
    (await host.page.$$('[data-pile="unturned"]')).length,
    24,
    'all 24 tiles start unturned, tasks unknown even to their owners',
  );

  const moves = await playToTheEnd([host, guest], [watcher], random, {
    beforeClick: (move, p) => {
      // From this click on, the tile's task is public.
      if (move.kind === 'turn') unturned.delete(`${move.seat}-${move.slot}`);
      void p;
    },
    afterMove: async (move, _p, seq) => check(`move ${JSON.stringify(move)} (event ${seq})`),
  });
  assert.ok(moves >= 24);
  assert.equal(unturned.size, 0, 'every tile was turned by the end');
  await check('the end');
  assert.equal(await watcher.page.getAttribute('#end', 'data-winners'), await host.page.getAttribute('#end', 'data-winners'));
  assert.ok(host.frames.length > 0 && watcher.frames.length > 0, 'frames were recorded');

  await closeAll([host, guest, watcher]);
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
