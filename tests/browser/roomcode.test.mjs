// Browser test of the short room code: the host's lobby shows it, a friend
// types it (any case, no dash) on the start page and lands in the room; a
// wrong code says so; once the game starts the code is gone. Real server
// binary, headless Chromium at 375 px. See README.md for how to run.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';

import { Server, launchBrowser, openPage } from './lib/harness.mjs';
import { waitConnected, joinAs, scrollsSideways } from './lib/room.mjs';

let server;
let browser;

before(async () => {
  server = new Server({ args: ['--bot-delay-ms', '0'] });
  await server.start();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

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
