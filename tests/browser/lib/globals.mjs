// The global names of a Chromium page: own property names of `globalThis`
// and of each of its prototypes, those that are identifiers, sorted. The
// bundles' name shortening (server/src/web/rename.rs) leaves them alone;
// scripts/browser-globals.mjs writes them to server/src/web/browser-globals.txt.

export async function browserGlobals(browser) {
  const page = await browser.newPage();
  try {
    await page.goto('about:blank');
    return await page.evaluate(() => {
      const all = new Set();
      for (let o = globalThis; o; o = Object.getPrototypeOf(o)) {
        for (const name of Object.getOwnPropertyNames(o)) all.add(name);
      }
      return [...all].filter((name) => /^[A-Za-z_$][\w$]*$/.test(name)).sort();
    });
  } finally {
    await page.close();
  }
}
