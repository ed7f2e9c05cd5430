#!/usr/bin/env node
// Writes server/src/web/browser-globals.txt: every global name of a Chromium
// page (the window and its prototypes), one per line, the names the bundles'
// shortening never touches (server/src/web/rename.rs). Run it after a
// Chromium upgrade when tests/browser/globals.test.mjs says the list is old:
//
//   node scripts/browser-globals.mjs
//
// Needs Chromium (/usr/bin/chromium, or $CHROMIUM_BIN) and `npm ci` in
// tests/browser (playwright-core).

import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { launchBrowser } from '../tests/browser/lib/harness.mjs';
import { browserGlobals } from '../tests/browser/lib/globals.mjs';

const browser = await launchBrowser();
try {
  const names = await browserGlobals(browser);
  const file = fileURLToPath(new URL('../server/src/web/browser-globals.txt', import.meta.url));
  writeFileSync(file, `${names.join('\n')}\n`);
  console.log(`${names.length} names written to ${file}`);
} finally {
  await browser.close();
}
