// The bundles shorten each module's own names but never a browser global's
// (server/src/web/rename.rs): a module that declares `status` in one function
// may read the window's `status` in another. The list of globals it keeps
// (server/src/web/browser-globals.txt) must hold every global of the
// browser the tests run: a name missing from it is one the shortening could
// take from the window. After a Chromium upgrade: node scripts/browser-globals.mjs

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

import { launchBrowser } from './lib/harness.mjs';
import { browserGlobals } from './lib/globals.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

test("every global of this Chromium is in the bundles' list of names to keep", async () => {
  const listed = new Set(
    readFileSync(new URL('../../server/src/web/browser-globals.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter(Boolean),
  );
  const missing = (await browserGlobals(browser)).filter((name) => !listed.has(name));
  assert.deepEqual(missing, [], 'globals missing from server/src/web/browser-globals.txt: run node scripts/browser-globals.mjs');
});
