// The Dilbert table's made-up positions (fixtures/dilbert/) without the
// game server: a tiny static server giving /web/* from web-client/ and
// everything else from the fixtures, for the tests that draw the renderer
// from made-up boards and views (dilbert-table, i18n-dilbert, axe).

import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

import { REPO, freePort } from './harness.mjs';

export const WEB = path.join(REPO, 'web-client');
export const DILBERT_FIXTURES = path.join(REPO, 'tests', 'browser', 'fixtures', 'dilbert');
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };

/**
 * Starts the static server; `extra` maps a path to a made-up file served
 * first ({ '/ja.html': { type: '.html', body } }). Resolves to
 * { base, close() }.
 */
export async function serveDilbertFixtures(extra = {}) {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    const made = Object.hasOwn(extra, url.pathname) ? extra[url.pathname] : null;
    if (made) return res.writeHead(200, { 'content-type': TYPES[made.type] }).end(made.body);
    const [root, rel] = url.pathname.startsWith('/web/')
      ? [WEB, url.pathname.slice(5)]
      : [DILBERT_FIXTURES, url.pathname.slice(1) || 'index.html'];
    const file = path.resolve(root, rel);
    if (!file.startsWith(root) || !fs.existsSync(file) || !fs.statSync(file).isFile()) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    return fs.createReadStream(file).pipe(res);
  });
  const port = await freePort();
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${port}`, close: () => server.close() };
}
