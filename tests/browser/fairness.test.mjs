// Browser test of provably fair dealing: the room page shows the server's
// commitment to its seed from the lobby on, every `join` carries the
// browser's own random contribution, and at the end the page reveals the
// seed (whose SHA-256 is the commitment shown before the deal) and offers
// "Download the game", a record that `cubicle verify` accepts. Real server
// binary (bots without their pause), headless Chromium at 375 px, a player
// who only clicks what the page offers. See README.md for how to run.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { openPage, prng, startServerAndBrowser, stopServerAndBrowser } from './lib/harness.mjs';
import { waitConnected, joinAs, seqOf, isOver, scrollsSideways } from './lib/room.mjs';
import { offeredActions } from './lib/office21.mjs';

const SEED = Number(process.env.TEST_SEED ?? Date.now() % 1_000_000);
const MAX_ACTIONS = 400;
const HEX64 = /^[0-9a-f]{64}$/;

let server;
let browser;

console.log(`# random seed: TEST_SEED=${SEED}`);
before(async () => ({ server, browser } = await startServerAndBrowser({ args: ['--bot-delay-ms', '0', '--bot-think-ms', '50'] })));
after(() => stopServerAndBrowser(server, browser));

/** The `join` messages a page sent on its WebSockets, parsed. */
function recordJoins(page) {
  const joins = [];
  page.on('websocket', (ws) => {
    ws.on('framesent', (frame) => {
      try {
        const msg = JSON.parse(frame.payload);
        if (msg.type === 'join') joins.push(msg);
      } catch {
        // not JSON: not ours to read
      }
    });
  });
  return joins;
}

/** Waits until the page may act or the game is over; true if it may act. */
async function waitForActionOrEnd(page) {
  await page.waitForFunction(
    () => document.querySelector('#table button[data-action]:not([disabled])') || !document.getElementById('end').hidden,
    null,
    { timeout: 30_000 },
  );
  return !(await isOver(page));
}

const sha256 = (hex) => createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');

test('fair dealing: the commitment from the lobby on, a contribution in the join, a downloaded record that verifies', { timeout: 180_000 }, async () => {
  const random = prng(SEED);
  const me = await openPage(browser, { name: 'Aki', width: 375, height: 800 });
  const joins = recordJoins(me.page);

  // Aki creates a 2-player Office 21 room on the start page.
  await me.page.goto(server.url + '/');
  await me.page.getByLabel(/Office 21/).check();
  await me.page.selectOption('#seats', '2');
  await me.page.click('#create-button');
  await me.page.waitForURL(/\/r\/[^/]+$/);
  const roomId = new URL(me.page.url()).pathname.split('/')[2];
  await waitConnected(me.page);

  // The lobby shows the commitment the server published, under "Fair dealing".
  const published = (await server.api('GET', `/api/rooms/${roomId}`)).seed_commitment;
  assert.match(published, HEX64, 'the room info carries a commitment');
  await me.page.waitForSelector('#fairness:not([hidden])');
  assert.equal(await me.page.isVisible('#seed-commitment'), false, 'the section starts closed');
  await me.page.click('#fairness summary');
  await me.page.waitForSelector('#seed-commitment', { state: 'visible' });
  const commitmentShown = await me.page.textContent('#seed-commitment');
  assert.equal(commitmentShown, published, 'the lobby shows the room\u2019s commitment, digit for digit');
  assert.equal(await me.page.evaluate(() => document.getElementById('seed-commitment').tagName), 'CODE');
  assert.match(await me.page.textContent('#fairness'), /cubicle verify/);
  assert.equal(await scrollsSideways(me.page), false, 'the commitment wraps at 375 px');

  // Taking a seat sends a fresh random contribution: 32 lowercase hex digits.
  await joinAs(me.page, 'Aki');
  assert.equal(joins.length, 1, 'one join sent');
  assert.match(joins[0].contribution ?? '', /^[0-9a-f]{32}$/, 'the join carries a contribution');

  const row = '#seats .seat[data-seat="1"]';
  await me.page.click(`${row} [data-control="add-bot"]`);
  await me.page.waitForSelector(`${row}[data-kind="bot"]`);
  await me.page.click('#start-button');
  await me.page.waitForSelector('#game:not([hidden])');
  assert.equal(await me.page.isVisible('#fairness'), true, 'the section stays during the game');
  assert.equal(await me.page.textContent('#seed-commitment'), commitmentShown, 'the same commitment during the game');
  assert.equal(await me.page.isVisible('#download-record'), false, 'nothing to download while the game runs');
  const early = await fetch(`${server.url}/api/rooms/${roomId}/record`);
  assert.equal(early.status, 409, 'no record before the end');
  assert.equal((await early.json()).code, 'game_not_over');

  // Aki clicks what the page offers (a TAXMAN whenever offered, so that the
  // audit ends the game soon); the bot answers on its own.
  let actions = 0;
  while (await waitForActionOrEnd(me.page)) {
    assert.ok(actions < MAX_ACTIONS, `the game ends within ${MAX_ACTIONS} of Aki's actions`);
    const offered = await offeredActions(me.page);
    if (offered.length === 0) continue;
    const taxman = offered.filter((a) => /"card":"taxman"/.test(a) && /"kind":"play"/.test(a));
    const pool = taxman.length > 0 ? taxman : offered;
    const pick = pool[Math.floor(random() * pool.length)];
    const before = await seqOf(me.page);
    await me.page.click(`#table button[data-action="${pick.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"]:not([disabled])`);
    await me.page.waitForFunction((s) => Number(document.getElementById('game').dataset.seq) > s, before);
    actions += 1;
  }
  console.log(`# Aki's actions: ${actions}`);

  // The end screen: the revealed seed and "Download the game".
  await me.page.waitForSelector('#end:not([hidden])');
  await me.page.waitForSelector('#download-record:not([hidden])');
  const seed = await me.page.textContent('#server-seed');
  assert.match(seed, HEX64, 'the seed is shown as 64 hex digits');
  assert.equal(await me.page.evaluate(() => document.getElementById('server-seed').tagName), 'CODE');
  assert.equal(sha256(seed), commitmentShown, 'the revealed seed hashes to the commitment shown in the lobby');
  assert.equal(await me.page.getAttribute('#download-record', 'href'), `/api/rooms/${roomId}/record`);
  assert.equal(await me.page.textContent('#download-record'), 'Download the game');
  assert.ok(await me.page.isVisible('#end a[href="/"]'), 'the way back to the start page stays');
  assert.equal(await scrollsSideways(me.page), false, 'the end screen fits 375 px');

  const [download] = await Promise.all([me.page.waitForEvent('download'), me.page.click('#download-record')]);
  assert.match(download.suggestedFilename(), /\.json$/);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cubicle-record-'));
  try {
    const file = path.join(dir, download.suggestedFilename());
    await download.saveAs(file);
    const record = JSON.parse(fs.readFileSync(file, 'utf8'));
    assert.equal(record.room, roomId);
    assert.equal(record.server_seed, seed, 'the record holds the seed the page shows');
    assert.equal(record.seed_commitment, commitmentShown);
    assert.equal(record.contributions?.[0], joins[0].contribution, 'Aki\u2019s contribution went into the deal');

    const verify = spawnSync(server.bin, ['verify', file], { encoding: 'utf8', timeout: 60_000 });
    const said = `stdout: ${verify.stdout}\nstderr: ${verify.stderr}`;
    assert.equal(verify.status, 0, `cubicle verify accepts the record\n${said}`);
    assert.match(verify.stdout, /^verified:/m, said);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }

  assert.deepEqual(me.errors, [], 'no script errors in the page');
  await me.context.close();
});
