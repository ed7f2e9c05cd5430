// The first load of a table page on a slow phone (issue 14, "Fast on a
// phone"), shared by scripts/first-load.mjs (timings, median of runs:
// docs/performance.md, "First load") and first-load.test.mjs (the byte
// budget and the warm cache).
//
// A room with its players seated (two, three for Dilbert) and the game started is set up at full
// speed (`roomInPlay`); then `measureOnce` opens the room page of a seated
// player in a fresh browser context (empty cache) through Chromium's
// throttling: 150 ms latency, 1.6 Mbit/s down, 750 kbit/s up, CPU 4x
// slower. It measures:
//   - drawn: ms from the start of navigation until the table is drawn:
//     #game is shown, #table holds the game's rendered table (not the
//     "cannot draw" notice), and every stylesheet of the page has loaded;
//   - load: ms until the load event ended;
//   - requests and bytes: every HTTP request of the page until it settles
//     (1 s without a new one), bytes on the wire as Chromium counts them
//     (encoded: compressed bodies plus headers); WebSocket frames apart:
//   - socketBytes: the payloads of the WebSocket frames the page received
//     until it settled (sent uncompressed: the welcome, the snapshot, ...);
//   - warm: the same page opened again in the same context (a repeat visit,
//     not a reload): the requests that still went to the network (a 304
//     revalidation counts) and their bytes.

import { sleep } from './harness.mjs';
import { tokenKey, waitConnected, joinAs } from './room.mjs';

export const THROTTLE = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6e6 / 8),
  uploadThroughput: (750e3 / 8),
};
export const CPU_SLOWDOWN = 4;
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, locale: 'en-US' };

// Runs in the page before any of its scripts: notes when the table is drawn.
function watchForTable() {
  const drawn = () => {
    const game = document.getElementById('game');
    const table = document.getElementById('table');
    if (!game || game.hidden || !table) return false;
    const content = [...table.children].some((child) => !child.classList.contains('notice'));
    const sheets = [...document.querySelectorAll('link[rel="stylesheet"]')].every((link) => link.sheet);
    return content && sheets;
  };
  const check = () => {
    if (window.__tableDrawnAt === undefined && drawn()) window.__tableDrawnAt = performance.now();
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
  // A stylesheet finishing is no DOM mutation: look again on each load.
  document.addEventListener('load', check, true);
}

/** Records the page's HTTP requests through the DevTools protocol. */
async function recordNetwork(cdp) {
  const requests = new Map();
  let socketBytes = 0;
  let lastActivity = Date.now();
  cdp.on('Network.webSocketFrameReceived', (e) => {
    socketBytes += e.response.payloadData.length;
  });
  cdp.on('Network.requestWillBeSent', (e) => {
    lastActivity = Date.now();
    requests.set(e.requestId, { url: e.request.url, bytes: 0, cached: false, done: false });
  });
  cdp.on('Network.requestServedFromCache', (e) => {
    const r = requests.get(e.requestId);
    if (r) r.cached = true;
  });
  cdp.on('Network.responseReceived', (e) => {
    const r = requests.get(e.requestId);
    if (!r) return;
    r.status = e.response.status;
    if (e.response.fromDiskCache || e.response.fromMemoryCache || e.response.fromPrefetchCache) r.cached = true;
  });
  cdp.on('Network.loadingFinished', (e) => {
    lastActivity = Date.now();
    const r = requests.get(e.requestId);
    if (r) Object.assign(r, { bytes: e.encodedDataLength, done: true });
  });
  cdp.on('Network.loadingFailed', (e) => {
    lastActivity = Date.now();
    const r = requests.get(e.requestId);
    if (r) r.done = true;
  });
  await cdp.send('Network.enable');
  return {
    reset() {
      requests.clear();
      socketBytes = 0;
    },
    async settled(quietMs = 1000) {
      while (Date.now() - lastActivity < quietMs || [...requests.values()].some((r) => !r.done)) await sleep(100);
    },
    summary() {
      const all = [...requests.values()];
      const network = all.filter((r) => !r.cached);
      return {
        requests: all.length,
        network: network.length,
        bytes: network.reduce((sum, r) => sum + r.bytes, 0),
        socketBytes,
        list: all,
      };
    },
  };
}

/** Players per game: the fewest each game allows. */
const SEATS = { osaki: 2, office21: 2, dilbert: 3 };

/** A room of `game` with its players seated and the game started; the host's saved browser state. */
export async function roomInPlay(server, browser, game) {
  const seats = SEATS[game] ?? 2;
  const created = await server.api('POST', '/api/rooms', { game, seats });
  const pages = [];
  for (const name of ['Aki', 'Ben', 'Cleo'].slice(0, seats)) {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    if (name === 'Aki') {
      await page.goto(server.url + '/404');
      await page.evaluate(([k, v]) => localStorage.setItem(k, v), [tokenKey(created.room_id), created.host_token]);
    }
    await page.goto(server.url + created.url);
    await waitConnected(page);
    await joinAs(page, name);
    pages.push({ context, page });
  }
  await pages[0].page.click('#start-button');
  await pages[0].page.waitForSelector('#game:not([hidden]) #table > *');
  const state = await pages[0].context.storageState();
  for (const p of pages) await p.context.close();
  return { url: server.url + created.url, state };
}

export async function measureOnce(browser, room, { throttle = true } = {}) {
  const context = await browser.newContext({ ...PHONE, storageState: room.state });
  await context.addInitScript(watchForTable);
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  const cdp = await context.newCDPSession(page);
  const net = await recordNetwork(cdp);
  if (throttle) {
    await cdp.send('Network.emulateNetworkConditions', THROTTLE);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  }

  const visit = async () => {
    net.reset();
    await page.goto(room.url, { waitUntil: 'load' });
    await page.waitForFunction(() => window.__tableDrawnAt !== undefined, null, { polling: 50 });
    await net.settled();
    const timing = await page.evaluate(() => ({
      drawn: window.__tableDrawnAt,
      load: performance.getEntriesByType('navigation')[0].loadEventEnd,
    }));
    return { ...timing, ...net.summary() };
  };
  const cold = await visit();
  await page.goto('about:blank');
  const warm = await visit();
  await context.close();
  return { cold, warm };
}
