// Browser test of the short room code: the host's lobby shows it, a friend
// types it (any case, no dash) on the start page and lands in the room; a
// wrong code says so; once the game starts the code is gone. Real server
// binary, headless Chromium at 375 px. See README.md for how to run.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';

import { openPage, startServerAndBrowser, stopServerAndBrowser } from './lib/harness.mjs';
import { waitConnected, joinAs, scrollsSideways } from './lib/room.mjs';

let server;
let browser;

before(async () => ({ server, browser } = await startServerAndBrowser({ args: ['--bot-delay-ms', '0'] })));
after(() => stopServerAndBrowser(server, browser));

test('a room code read out on a call opens the lobby, and only the lobby', { timeout: 120_000 }, async () => {
  const host = await openPage(browser, { name: 'host', width: 375, height: 800 });
  await host.page.goto(server.url + '/');
  await host.page.getByLabel(/Office 21/).check();
  await host.page.selectOption('#seats', '2');
  await host.page.click('#create-button');
  await host.page.waitForURL(/\/r\/[^/]+$/);
  const roomId = new URL(host.page.url()).pathname.split('/')[2];
  await waitConnected(host.page);
  await joinAs(host.page, 'Aki');

  // The lobby shows the code, as the room info has it.
  const info = await server.api('GET', `/api/rooms/${roomId}`);
  assert.match(info.code, /^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
  await host.page.waitForSelector('#room-code:not([hidden])');
  assert.equal((await host.page.textContent('#room-code-value')).trim(), info.code);
  assert.equal(await scrollsSideways(host.page), false);

  // A friend types it badly: the start page says no room has it.
  const friend = await openPage(browser, { name: 'friend', width: 375, height: 800 });
  await friend.page.goto(server.url + '/');
  await friend.page.fill('#room-code', '2222-2222' === info.code ? '3333-3333' : '2222-2222');
  await friend.page.click('#code-button');
  await friend.page.waitForFunction(() => document.getElementById('code-error').textContent !== '');
  assert.match(await friend.page.textContent('#code-error'), /no open lobby has this code/);

  // Then right, in lower case without the dash, with Enter: the room opens.
  await friend.page.fill('#room-code', info.code.toLowerCase().replace('-', ''));
  await friend.page.press('#room-code', 'Enter');
  await friend.page.waitForURL(new RegExp(`/r/${roomId}$`));
  await waitConnected(friend.page);
  await joinAs(friend.page, 'Ben');

  // The game starts: the code opens nothing any more and is not shown.
  await host.page.click('#start-button');
  await host.page.waitForSelector('#game:not([hidden])');
  await host.page.waitForSelector('#room-code', { state: 'hidden' });
  const later = await fetch(`${server.url}/api/codes/${encodeURIComponent(info.code)}`);
  assert.equal(later.status, 404);

  for (const p of [host, friend]) {
    assert.deepEqual(p.errors, [], `${p.name}: no script errors`);
  }
});

test('the invite link goes out by the share sheet or as a QR code, never with a token', { timeout: 120_000 }, async () => {
  const host = await openPage(browser, { name: 'sharer', width: 375, height: 800, hasTouch: true, isMobile: true });
  // This Chromium has no share sheet: stand one in that records what it is given.
  await host.page.addInitScript(() => {
    window.__shared = [];
    navigator.share = async (data) => {
      window.__shared.push(data);
    };
    navigator.canShare = () => true;
  });
  const created = await server.api('POST', '/api/rooms', { game: 'osaki', seats: 2 });
  const link = `${server.url}/r/${created.room_id}`;
  await host.page.goto(link);
  await waitConnected(host.page);
  await joinAs(host.page, 'Aki', { left_work_at: '19:30' });

  await host.page.click('#share-link');
  await host.page.waitForFunction(() => window.__shared.length === 1);
  const shared = await host.page.evaluate(() => window.__shared[0]);
  assert.equal(shared.url, link, 'the room link, without a seat token');
  assert.match(shared.title, /Osaki|Cubicle/);

  // The QR code shows on demand and encodes that same link.
  assert.equal(await host.page.getAttribute('#show-qr', 'aria-expanded'), 'false');
  await host.page.focus('#show-qr');
  await host.page.keyboard.press('Enter');
  await host.page.waitForSelector('#room-qr:not([hidden]) svg.qr-code');
  assert.equal(await host.page.getAttribute('#show-qr', 'aria-expanded'), 'true');
  const same = await host.page.evaluate(async (expected) => {
    const { default: qrcode } = await import('/js/vendor/qrcode.mjs');
    const code = qrcode(0, 'M');
    code.addData(expected);
    code.make();
    const shown = document.querySelector('#room-qr svg.qr-code');
    return Number(shown.dataset.modules) === code.getModuleCount() && shown.getAttribute('aria-label').length > 0;
  }, link);
  assert.ok(same, 'the QR code is of the invite link');
  assert.equal(await scrollsSideways(host.page), false);
  await host.page.click('#show-qr');
  assert.ok(await host.page.locator('#room-qr').isHidden());

  // Without a share sheet the button stays out of the way.
  const plain = await openPage(browser, { name: 'plain', width: 1100, height: 800 });
  await plain.page.goto(link);
  await waitConnected(plain.page);
  assert.ok(await plain.page.locator('#share-link').isHidden());
  await host.context.close();
  await plain.context.close();
});
