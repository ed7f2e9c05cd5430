#!/usr/bin/env node
// What of a table page's first load runs before its table is drawn (issue
// 14, "Fast on a phone"; docs/performance.md, "What the first drawing
// runs"). A bound for loading code on use: whatever a cold page runs
// before its table is drawn cannot wait, so the bytes of what did not run
// are the most that moving modules to the bundle's on-use part could save.
//
//   node scripts/first-run-coverage.mjs [--games osaki,office21,dilbert] [--modules 15]
//
// For each game: a room in play (tests/browser/lib/first-load.mjs,
// `roomInPlay`), its seated player's page opened cold on a phone-sized
// viewport, Chromium's precise coverage (V8's per-function byte ranges)
// and CSS rule usage recorded until the table is drawn and two seconds
// more have passed. Prints, per bundle (script and stylesheet), its
// brotli size (quality 11, as served) and the brotli size of the bytes
// that ran (matched, for CSS) and of those that did not, each compressed
// on its own: an estimate, as the two parts compress better together. For
// the script, the modules with the most bytes that did not run.
//
// Needs what scripts/first-load.mjs needs: the server binary (cargo build
// -p cubicle-server, or $CUBICLE_BIN), Chromium and `npm ci` in tests/browser.

import zlib from 'node:zlib';

import { Server, launchBrowser, sleep } from '../tests/browser/lib/harness.mjs';
import { roomInPlay } from '../tests/browser/lib/first-load.mjs';

function option(name, fallback) {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 && process.argv[at + 1] ? process.argv[at + 1] : fallback;
}

const brotli = (text) =>
  zlib.brotliCompressSync(Buffer.from(text), { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const kb = (bytes) => (bytes / 1000).toFixed(1);

/** Splits `source` into what `ran` marks (one flag per UTF-16 unit) and the rest. */
function split(source, ran, from = 0, to = source.length) {
  let used = '';
  let unused = '';
  for (let i = from; i < to; i += 1) {
    if (ran[i]) used += source[i];
    else unused += source[i];
  }
  return { used, unused };
}

/** Flags per character of a script: whether its innermost function range ran. */
function scriptRan(source, functions) {
  const ran = new Uint8Array(source.length).fill(1);
  // V8 lists each function's ranges outermost first, and functions in source order within a
  // script; a range that did not run is marked, then any inner range that did is marked back.
  const ranges = functions.flatMap((f) => f.ranges).sort((a, b) => a.startOffset - b.startOffset || b.endOffset - a.endOffset);
  for (const r of ranges) ran.fill(r.count > 0 ? 1 : 0, r.startOffset, r.endOffset);
  return ran;
}

/** The bundle's modules: `$$def("js/x.js",…)` up to the next one. */
function modules(source) {
  const starts = [...source.matchAll(/\$\$def\("([^"]+)"/g)].map((m) => [m.index, m[1]]);
  return starts.map(([start, name], i) => ({ name, start, end: i + 1 < starts.length ? starts[i + 1][0] : source.length }));
}

async function measure(browser, room) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, locale: 'en-US', storageState: room.state });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Debugger.enable');
  await cdp.send('Profiler.startPreciseCoverage', { callCount: false, detailed: true });
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const sheets = new Map();
  cdp.on('CSS.styleSheetAdded', (e) => sheets.set(e.header.styleSheetId, e.header.sourceURL));
  await cdp.send('CSS.startRuleUsageTracking');
  await page.goto(room.url);
  await page.waitForSelector('#game:not([hidden]) #table > *');
  await sleep(2_000);
  const { result } = await cdp.send('Profiler.takePreciseCoverage');
  const { ruleUsage } = await cdp.send('CSS.stopRuleUsageTracking');

  const out = [];
  for (const script of result.filter((s) => s.url.includes('/bundle/'))) {
    const { scriptSource } = await cdp.send('Debugger.getScriptSource', { scriptId: script.scriptId });
    const ran = scriptRan(scriptSource, script.functions);
    const whole = split(scriptSource, ran);
    const perModule = modules(scriptSource).map((m) => {
      const part = split(scriptSource, ran, m.start, m.end);
      return { name: m.name, bytes: m.end - m.start, unused: part.unused.length };
    });
    out.push({ url: script.url, bytes: brotli(scriptSource), used: brotli(whole.used), unused: brotli(whole.unused), modules: perModule });
  }
  for (const [id, url] of sheets) {
    if (!url.includes('/bundle/')) continue;
    const { text } = await cdp.send('CSS.getStyleSheetText', { styleSheetId: id });
    // Chromium reports the rules that matched; the rest (rules that matched nothing, and the
    // few bytes of at-rules' headers and braces around them) counts as not used.
    const ran = new Uint8Array(text.length);
    for (const r of ruleUsage.filter((u) => u.styleSheetId === id && u.used)) ran.fill(1, r.startOffset, r.endOffset);
    const whole = split(text, ran);
    out.push({ url, bytes: brotli(text), used: brotli(whole.used), unused: brotli(whole.unused) });
  }
  await context.close();
  return out;
}

async function main() {
  const games = option('games', 'osaki,office21,dilbert').split(',');
  const shown = Number(option('modules', '15'));
  const server = new Server();
  await server.start();
  const browser = await launchBrowser();
  try {
    for (const game of games) {
      const room = await roomInPlay(server, browser, game);
      console.log(`\n${game}: | bundle | KB (brotli) | KB that ran | KB that did not |`);
      const bundles = await measure(browser, room);
      for (const b of bundles) {
        console.log(`| ${new URL(b.url).pathname.replace(/^\/v\/[0-9a-f]+/, '')} | ${kb(b.bytes)} | ${kb(b.used)} | ${kb(b.unused)} |`);
      }
      for (const b of bundles.filter((x) => x.modules)) {
        console.log(`  modules of ${new URL(b.url).pathname.split('/').pop()} by bytes that did not run (uncompressed):`);
        for (const m of [...b.modules].sort((x, y) => y.unused - x.unused).slice(0, shown)) {
          console.log(`  ${String(m.unused).padStart(7)} of ${String(m.bytes).padStart(6)} (${Math.round((100 * m.unused) / m.bytes)} %) ${m.name}`);
        }
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
