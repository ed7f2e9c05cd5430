// Shared machinery of the browser suite: the real server binary on a free
// port with a throw-away SQLite database, and Debian's Chromium driven by
// playwright-core. Anything missing is a failure with a clear message,
// never a skip.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

const CHROMIUM = process.env.CHROMIUM_BIN ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The server binary: $CUBICLE_BIN, else the newest `cubicle` among
 * $CARGO_TARGET_DIR (or <repo>/target) / {debug,release}.
 */
export function serverBinary() {
  if (process.env.CUBICLE_BIN) {
    const bin = path.resolve(process.env.CUBICLE_BIN);
    if (!isExecutable(bin)) {
      throw new Error(`CUBICLE_BIN=${bin} is not an executable file. Build it with: cargo build -p cubicle-server`);
    }
    return bin;
  }
  const targetDir = path.resolve(REPO, process.env.CARGO_TARGET_DIR ?? 'target');
  const candidates = ['debug', 'release']
    .map((profile) => path.join(targetDir, profile, 'cubicle'))
    .filter(isExecutable)
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
  if (candidates.length === 0) {
    throw new Error(
      `No server binary found under ${targetDir}/{debug,release}/cubicle. ` +
        'Build it first (cargo build -p cubicle-server) or point CUBICLE_BIN at it.',
    );
  }
  return candidates[0];
}

function isExecutable(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

export async function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * A running server. `start()` launches the binary (again, after `kill()`,
 * on the same port and database: that is a restart). `args` are extra
 * command-line flags for the binary (e.g. `['--bot-delay-ms', '0']`).
 */
export class Server {
  constructor({ args = [] } = {}) {
    this.bin = serverBinary();
    this.args = args;
    this.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cubicle-browser-'));
    this.dbUrl = `sqlite://${path.join(this.dir, 'cubicle.db')}`;
    this.logFile = path.join(this.dir, 'server.log');
    this.port = null;
    this.child = null;
  }

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  async start() {
    if (this.port === null) this.port = await freePort();
    const log = fs.openSync(this.logFile, 'a');
    const child = spawn(
      this.bin,
      [
        '--listen',
        `127.0.0.1:${this.port}`,
        '--database-url',
        this.dbUrl,
        '--allow-fixtures',
        // Serve the client files of this checkout, so the suite tests what
        // is in web-client/ even if the binary's embedded copy is older.
        '--static-dir',
        path.join(REPO, 'web-client'),
        ...this.args,
      ],
      { stdio: ['ignore', log, log], env: { ...process.env, RUST_LOG: process.env.RUST_LOG ?? 'info' } },
    );
    fs.closeSync(log);
    this.child = child;
    const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    this.exited = exited;
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const early = await Promise.race([exited, sleep(100).then(() => null)]);
      if (early) {
        throw new Error(`The server exited at start (${JSON.stringify(early)}). Its log:\n${this.logTail()}`);
      }
      try {
        const res = await fetch(`${this.url}/readyz`);
        if (res.ok) return;
      } catch {
        // not listening yet
      }
    }
    throw new Error(`The server did not answer /readyz within 30 s. Its log:\n${this.logTail()}`);
  }

  /** SIGKILL: no chance to flush anything, like a power cut. */
  async kill() {
    if (!this.child) return;
    this.child.kill('SIGKILL');
    await this.exited;
    this.child = null;
  }

  /** SIGTERM, then SIGKILL if it lingers; removes the temp dir. */
  async stop() {
    if (this.child) {
      this.child.kill('SIGTERM');
      const done = await Promise.race([this.exited, sleep(5000).then(() => null)]);
      if (!done) await this.kill();
      this.child = null;
    }
    if (!process.env.KEEP_TEST_DIRS) fs.rmSync(this.dir, { recursive: true, force: true });
  }

  logTail(lines = 40) {
    try {
      return fs.readFileSync(this.logFile, 'utf8').split('\n').slice(-lines).join('\n');
    } catch {
      return '(no log)';
    }
  }

  async api(method, pathname, body) {
    const res = await fetch(this.url + pathname, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${pathname} -> ${res.status}: ${text}`);
    return JSON.parse(text);
  }
}

/** Launches Chromium (a fresh temporary profile per launch). */
export async function launchBrowser() {
  let chromium;
  try {
    ({ chromium } = await import('playwright-core'));
  } catch {
    throw new Error('playwright-core is not installed: run `npm ci` in tests/browser.');
  }
  if (!isExecutable(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}. Install it: apt-get update && apt-get install -y chromium`);
  }
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}

/**
 * A test file's usual set-up: the server (extra flags `args`) started,
 * then the browser. `before(async () => ({ server, browser } = await
 * startServerAndBrowser({ args })))`.
 */
export async function startServerAndBrowser({ args = [] } = {}) {
  const server = new Server({ args });
  await server.start();
  return { server, browser: await launchBrowser() };
}

/** The usual tear-down: the browser closed, then the server stopped. */
export async function stopServerAndBrowser(server, browser) {
  await browser?.close();
  await server?.stop();
}

/** Closes pages opened with openPage, asserting none had a script error. */
export async function closeAll(records) {
  for (const r of records) {
    assert.deepEqual(r.errors, [], `${r.name}: no script errors in the page`);
    await r.context.close();
  }
}

/**
 * A page in its own browser context (own storage, own cookies), recording
 * page errors and every WebSocket frame it receives. `hasTouch` and
 * `isMobile` emulate a phone (a touch screen: coarse pointer, no hover).
 * `locale` is the browser's language (e.g. 'ja-JP' for the Japanese
 * interface); `bypassCSP` lets a test inject a script (axe-core).
 */
export async function openPage(
  browser,
  { width = 1100, height = 900, name = 'page', hasTouch = false, isMobile = false, locale = 'en-US', bypassCSP = false } = {},
) {
  const context = await browser.newContext({ viewport: { width, height }, hasTouch, isMobile, locale, bypassCSP });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const record = { name, context, page, errors: [], frames: [] };
  page.on('pageerror', (err) => record.errors.push(err.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !/Failed to load resource|WebSocket connection/.test(msg.text())) {
      record.errors.push(msg.text());
    }
  });
  page.on('websocket', (ws) => {
    ws.on('framereceived', (frame) => {
      record.frames.push(frame.payload);
      record.onFrame?.(frame.payload);
    });
  });
  return record;
}

export function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A small seeded PRNG (mulberry32) so a failing game can be replayed. */
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
