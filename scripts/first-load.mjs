#!/usr/bin/env node
// The first load of a table page on a slow phone (issue 14, "Fast on a
// phone"): docs/performance.md, "First load". What is measured, and how:
// tests/browser/lib/first-load.mjs.
//
//   node scripts/first-load.mjs [--runs 5] [--games osaki,office21,dilbert] [--verbose]
//
// Needs the server binary (cargo build -p cubicle-server, or $CUBICLE_BIN),
// Chromium (/usr/bin/chromium, or $CHROMIUM_BIN) and `npm ci` in
// tests/browser (playwright-core). The server serves this checkout's
// web-client/ (--static-dir), as in the browser suite. Prints the median
// of the runs, per game, as a Markdown table; --verbose lists each
// request of the first run on stderr.

import { Server, launchBrowser } from '../tests/browser/lib/harness.mjs';
import { CPU_SLOWDOWN, THROTTLE, measureOnce, roomInPlay } from '../tests/browser/lib/first-load.mjs';

function option(name, fallback) {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 && process.argv[at + 1] ? process.argv[at + 1] : fallback;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

async function main() {
  const runs = Number(option('runs', '5'));
  const games = option('games', 'osaki,office21,dilbert').split(',');
  const verbose = process.argv.includes('--verbose');
  const server = new Server();
  await server.start();
  const browser = await launchBrowser();
  const rows = [];
  try {
    for (const game of games) {
      const room = await roomInPlay(server, browser, game);
      const results = [];
      for (let i = 0; i < runs; i += 1) {
        const result = await measureOnce(browser, room);
        results.push(result);
        if (verbose) {
          console.error(`${game} run ${i + 1}: drawn ${result.cold.drawn.toFixed(0)} ms, ${result.cold.bytes} B`);
          if (i === 0) {
            for (const r of result.cold.list) console.error(`  cold ${String(r.bytes).padStart(6)} ${r.status} ${r.url}`);
            for (const r of result.warm.list) console.error(`  warm ${r.cached ? ' cache' : String(r.bytes).padStart(6)} ${r.status} ${r.url}`);
          }
        }
      }
      const m = (pick) => median(results.map(pick));
      rows.push([
        game,
        `${m((r) => r.cold.drawn).toFixed(0)} ms`,
        `${m((r) => r.cold.load).toFixed(0)} ms`,
        m((r) => r.cold.requests),
        (m((r) => r.cold.bytes) / 1000).toFixed(1),
        (m((r) => r.cold.socketBytes) / 1000).toFixed(1),
        m((r) => r.warm.network),
        (m((r) => r.warm.bytes) / 1000).toFixed(1),
        `${m((r) => r.warm.drawn).toFixed(0)} ms`,
      ]);
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  console.log(`First load of a seated player's room page, game in play; median of ${runs} runs;`);
  console.log(`throttled: ${THROTTLE.latency} ms latency, 1.6 Mbit/s down, 750 kbit/s up, CPU ${CPU_SLOWDOWN}x slower.`);
  console.log('| game | table drawn | load event | requests | KB on the wire | socket KB | warm: requests to the network | warm: KB | warm: table drawn |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
}

await main();
