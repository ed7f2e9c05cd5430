// Office 21 in the browser, the way a player does it: by clicking what the
// page offers. Every control that carries a legal action has it in
// `data-action` (exactly as the server sent it), so a test can check that
// the page offers exactly the server's legal actions and nothing else, and
// pick among them. Nothing here computes a rule.

import assert from 'node:assert/strict';

import { tokenKey, waitConnected, joinAs, seqOf, waitSeq } from './room.mjs';
import { applyViewPatch } from '../../../web-client/js/view-patch.js';

/** Copies of each kind (the rulebook's 44 cards). */
export const COPIES = {
  spy: 5,
  cleaner: 6,
  operator: 6,
  assistant: 4,
  sales: 6,
  manager: 5,
  secretary: 2,
  boss: 2,
  director: 4,
  taxman: 4,
};

export const KIND_NAMES = Object.fromEntries(Object.keys(COPIES).map((k) => [k, k.toUpperCase()]));

/** The 44 cards minus `used`, in the order above (throws if `used` is not part of the deck). */
export function restOfDeck(used) {
  const left = { ...COPIES };
  for (const card of used) {
    if (!(left[card] > 0)) throw new Error(`the fixture uses more ${card} cards than the deck holds`);
    left[card] -= 1;
  }
  return Object.entries(left).flatMap(([card, n]) => Array(n).fill(card));
}

/**
 * A position fixture: offices, hands, the top of the pile and the discard
 * pile as given; every other card goes under the pile.
 */
export function position({ offices, hands, pileTop = [], discard = [], turn = 0, eliminated = [] }) {
  const used = [...offices.flat(), ...hands.flat(), ...pileTop, ...discard];
  return { position: { offices, hands, pile: [...pileTop, ...restOfDeck(used)], discard, turn, eliminated } };
}

/**
 * Every server message a page received, parsed; an update whose view came as a patch (the page
 * asks for them: js/connection.js) also gets the whole `view` the patch gives, applied to the view
 * before it as the page does, so that what a test reads of views holds for every update.
 */
export function messages(record) {
  let view = null;
  return record.frames.flatMap((payload) => {
    let msg;
    try {
      msg = JSON.parse(payload);
    } catch {
      return [];
    }
    if (msg.type === 'snapshot' && msg.game) view = msg.game.view;
    if (msg.type === 'update' && msg.update) {
      if (msg.update.view_patch) msg.update.view = applyViewPatch(view, msg.update.view_patch);
      view = msg.update.view;
    }
    return [msg];
  });
}

/** The game part of a message (snapshot or update), or null. */
/**
 * The game board the page holds: from its first snapshot, or, when the snapshot left it out because
 * the page fetched it beside itself (Dilbert's: js/board.js, `hello.board`), from that same address.
 */
export async function boardOf(record) {
  const snapshot = messages(record).find((m) => m.type === 'snapshot' && m.game);
  if (!snapshot) return null;
  if (snapshot.game.board) return snapshot.game.board;
  return record.page.evaluate(() => fetch(document.getElementById('cubicle-board').href).then((r) => r.json()));
}

export function gamePart(msg) {
  if (msg.type === 'snapshot') return { ...msg.game, events: msg.game.log ?? [] };
  if (msg.type === 'update') return msg.update;
  return null;
}

/** The legal actions in the last game message the page received. */
export function latestLegal(record) {
  const all = messages(record);
  for (let i = all.length - 1; i >= 0; i -= 1) {
    const game = gamePart(all[i]);
    if (game) return game.legal ?? [];
  }
  return [];
}

/** Canonical JSON (sorted keys), to compare actions however they were written. */
export function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The actions the page offers right now (enabled controls in the table). */
export async function offeredActions(page) {
  return page.$$eval('#table button[data-action]:not([disabled])', (buttons) => buttons.map((b) => b.dataset.action));
}

/** Asserts that the page offers exactly the legal actions the server last sent it. */
export async function assertOffersExactlyLegal(record, when) {
  const shown = new Set((await offeredActions(record.page)).map((a) => canonical(JSON.parse(a))));
  const legal = new Set(latestLegal(record).map(canonical));
  assert.deepEqual([...shown].sort(), [...legal].sort(), `${record.name} offers exactly the server's legal actions (${when})`);
}

/**
 * Clicks `selector` on the actor's page and waits until every page has
 * received what followed. Returns the event number reached.
 */
export async function clickAndSettle(actor, everyone, selector) {
  const before = await seqOf(actor.page);
  await actor.page.click(selector);
  await actor.page.waitForFunction((s) => Number(document.getElementById('game').dataset.seq) > s, before);
  const seq = await seqOf(actor.page);
  for (const r of everyone) await waitSeq(r.page, seq);
  return seq;
}

/** Osaki's two players of the browser tests: Aki (the host) left work at 23:30, Ben at 18:05. */
export const OSAKI_PAIR = (aki, ben) => [
  { ...aki, name: 'Aki', answers: { left_work_at: '23:30' } },
  { ...ben, name: 'Ben', answers: { left_work_at: '18:05' } },
];

/**
 * Creates a room through the API (fixtures are not on the start page),
 * seats `players` in order from their own browser contexts (the first holds
 * the host token; each joins as its `name`, answering the game's join
 * questions with its `answers`, e.g. Osaki's `left_work_at`), lets the
 * watchers in, and starts by clicking.
 */
export async function seatAndStart(server, { game = 'office21', players, watchers = [], options }) {
  const created = await server.api('POST', '/api/rooms', { game, seats: players.length, options });
  const [host] = players;
  await host.page.goto(server.url + '/');
  await host.page.evaluate(([k, v]) => localStorage.setItem(k, v), [tokenKey(created.room_id), created.host_token]);
  for (const p of players) {
    await p.page.goto(server.url + created.url);
    await waitConnected(p.page);
    await joinAs(p.page, p.name, p.answers);
  }
  for (const w of watchers) {
    await w.page.goto(server.url + created.url);
    await waitConnected(w.page);
  }
  await host.page.waitForSelector('#start-button:not([disabled])');
  await host.page.click('#start-button');
  for (const r of [...players, ...watchers]) await r.page.waitForSelector('#game:not([hidden])');
  return created;
}

/** The page's visible words, leaving out the cards' rule texts (which name other kinds). */
export async function visibleWords(page) {
  return page.evaluate(() => {
    const copy = document.body.cloneNode(true);
    for (const el of copy.querySelectorAll('.o21-card-effect, script, style, [hidden]')) el.remove();
    const labels = [...document.querySelectorAll('[aria-label], [title]')]
      .filter((el) => !el.closest('[hidden]'))
      .map((el) => `${el.getAttribute('aria-label') ?? ''} ${el.getAttribute('title') ?? ''}`);
    return `${copy.textContent}\n${labels.join('\n')}`;
  });
}

/** Which of `kinds` a page names anywhere (words, labels, data-card attributes). */
export async function kindsShown(page, kinds) {
  const words = await visibleWords(page);
  const attrs = await page.$$eval('[data-card]', (els) => els.filter((e) => !e.closest('[hidden]')).map((e) => e.dataset.card));
  return kinds.filter((k) => words.includes(KIND_NAMES[k]) || attrs.includes(k));
}

/** The log lines, in order. */
export async function logLines(page) {
  return page.$$eval('#log li', (lis) => lis.map((li) => li.textContent));
}

/** The public table as a page draws it, comparable across viewers. */
export async function publicOffices(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('#table .o21-office[data-seat]')]
      .map((office) => ({
        seat: Number(office.dataset.seat),
        profit: office.querySelector('[data-testid="profit"]')?.textContent,
        cards: office.querySelector('[data-testid="card-count"]')?.textContent,
        eliminated: office.dataset.eliminated === 'true',
        office: [...office.querySelectorAll('[data-office-card]')].map((c) => `${c.dataset.id}:${c.dataset.card}:${c.dataset.face}`),
      }))
      .sort((a, b) => a.seat - b.seat),
  );
}
