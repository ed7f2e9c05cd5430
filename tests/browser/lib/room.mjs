// What a test does in a room page, the way a user does it: by clicking
// what the page shows. Every move is one of the highlighted (legal)
// controls; nothing here computes rules.

import assert from 'node:assert/strict';

/** The localStorage key under which the client keeps a room's token. */
export const tokenKey = (roomId) => `cubicle:token:${roomId}`;

export async function waitConnected(page) {
  await page.waitForSelector('#connection[data-state="open"]');
}

/**
 * Types a name, fills in answers to the game's join questions (by question
 * id, e.g. {left_work_at: '23:30'}) and takes a free seat.
 */
export async function joinAs(page, name, answers = {}) {
  await page.fill('#join-name', name);
  for (const [question, answer] of Object.entries(answers)) {
    await page.fill(`#join-q-${question}`, answer);
  }
  await page.click('#join-button');
  await page.waitForSelector('.seat .badge-you');
}

export async function seqOf(page) {
  const seq = await page.getAttribute('#game', 'data-seq');
  return seq === null ? -1 : Number(seq);
}

export async function waitSeq(page, seq) {
  await page.waitForFunction((s) => Number(document.getElementById('game')?.dataset.seq ?? -1) >= s, seq);
  return seqOf(page);
}

export async function isOver(page) {
  return page.isVisible('#end');
}

/** Legal moves shown right now: [{legal, seat, slot}] (turn tiles and pickable stacks). */
export async function shownMoves(page) {
  return page.$$eval('button[data-legal]:not([disabled])', (buttons) =>
    buttons.map((b) => ({ legal: b.dataset.legal, seat: Number(b.dataset.seat), slot: Number(b.dataset.slot) })),
  );
}

/**
 * Waits until nothing on the page moves (slides, flips, walks, fades), for
 * at most 3 s (an endless animation never ends). A test clicks, measures
 * and reads colours at rest, as a player who watches the table would: an
 * Osaki stack that just moved slides across the player's other tiles, and
 * a flipping tile is 0 px wide for a moment.
 */
export async function settle(page) {
  await page.evaluate(() =>
    Promise.race([
      Promise.all(document.getAnimations().map((a) => a.finished.catch(() => null))),
      new Promise((resolve) => setTimeout(resolve, 3000)),
    ]),
  );
}

const at = (m) => `button[data-seat="${m.seat}"][data-slot="${m.slot}"]`;

/**
 * Plays one move on `page` by clicking highlighted controls, chosen with
 * `random`. Returns a description of the move, or null if the page offers
 * none. `beforeClick(move)` runs just before the deciding click.
 */
export async function playOneMove(page, random, { preferStack = 0.6, beforeClick, keyboard = false } = {}) {
  const moves = await shownMoves(page);
  const turns = moves.filter((m) => m.legal === 'turn');
  const sources = moves.filter((m) => m.legal === 'source');
  if (turns.length === 0 && sources.length === 0) return null;
  const before = await seqOf(page);
  await settle(page);

  if (sources.length > 0 && (turns.length === 0 || random() < preferStack)) {
    const source = sources[Math.floor(random() * sources.length)];
    await page.click(at(source));
    assert.equal(await page.getAttribute(at(source), 'aria-pressed'), 'true', 'a picked stack is marked as picked');
    const targets = await page.$$eval('button[data-legal="target"]', (buttons) =>
      buttons.map((b) => ({ seat: Number(b.dataset.seat), slot: Number(b.dataset.slot), character: b.dataset.character, task: b.dataset.task })),
    );
    assert.ok(targets.length > 0, 'picking a stack that the page highlighted lights up at least one target');
    const target = targets[Math.floor(random() * targets.length)];
    const move = { kind: 'stack', from: source.slot, owner: target.seat, onto: target.slot };
    await beforeClick?.(move);
    await page.click(at(target));
    await page.waitForFunction((s) => Number(document.getElementById('game').dataset.seq) > s, before);
    return move;
  }

  const turn = turns[Math.floor(random() * turns.length)];
  const move = { kind: 'turn', seat: turn.seat, slot: turn.slot };
  await beforeClick?.(move);
  if (keyboard) {
    await page.focus(at(turn));
    await page.keyboard.press('Enter');
  } else {
    await page.click(at(turn));
  }
  await page.waitForFunction((s) => Number(document.getElementById('game').dataset.seq) > s, before);
  return move;
}

/** The public table as a page draws it: comparable across viewers. */
export async function publicTable(page) {
  return page.evaluate(() => {
    const areas = [...document.querySelectorAll('#table .area[data-seat]')]
      .map((area) => ({
        seat: Number(area.dataset.seat),
        tiles: area.querySelector('[data-testid="tile-count"]')?.textContent,
        turn: area.classList.contains('area-turn'),
        slots: [...area.querySelectorAll('[data-slot]')].map((t) =>
          [t.dataset.slot, t.dataset.pile, t.dataset.character ?? '', t.dataset.task ?? '', t.dataset.height ?? ''].join(':'),
        ),
      }))
      .sort((a, b) => a.seat - b.seat);
    const leftover = [...document.querySelectorAll('#table [data-pile^="leftover"]')].map((t) =>
      [t.dataset.pile, t.dataset.character ?? '', t.dataset.task ?? ''].join(':'),
    );
    const log = [...document.querySelectorAll('#log li')].map((li) => li.textContent);
    return { areas, leftover, log };
  });
}

/** True if the page scrolls sideways (it must not, even at 375 px). */
export async function scrollsSideways(page) {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
}

/**
 * Words of the texts inside `selector` that the page lays out on two lines
 * (a word broken mid-word; a break after a hyphen counts too, so callers
 * leave out what may break: names, hex). Text in SVG, hidden elements and
 * `skip` is not looked at.
 */
export function brokenWords(page, selector, { skip = 'svg, [hidden]' } = {}) {
  return page.evaluate(
    ([sel, skipped]) => {
      const broken = [];
      for (const el of document.querySelectorAll(sel)) {
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (node.parentElement.closest(skipped)) continue;
          for (const match of node.data.matchAll(/\S+/g)) {
            const range = document.createRange();
            range.setStart(node, match.index);
            range.setEnd(node, match.index + match[0].length);
            const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
            if (lines.size > 1) broken.push(match[0]);
          }
        }
      }
      return broken;
    },
    [selector, skip],
  );
}

/**
 * Controls inside `selector` that a finger may miss: shown, and smaller than
 * 24 × 24 CSS px (WCAG 2.2, 2.5.8). A checkbox or radio is measured with its
 * label (the label takes the tap too); a link inside a sentence is exempt
 * (its size is the line's), a link alone on its line is not. Elements in
 * `skip` are not looked at. Returns `"<tag> text: w×h"` strings.
 */
export function smallTargets(page, selector, { skip = 'svg' } = {}) {
  return page.evaluate(
    ([sel, skipped]) => {
      const small = [];
      const controls = 'button, summary, select, input, textarea, a[href], [role="button"]';
      for (const root of document.querySelectorAll(sel)) {
        for (const el of root.querySelectorAll(controls)) {
          if (el.closest(skipped) || !el.checkVisibility()) continue;
          const target = ((el.type === 'checkbox' || el.type === 'radio') && el.closest('label')) || el;
          if (el.tagName === 'A' && getComputedStyle(el).display === 'inline' && el.parentElement.textContent.trim() !== el.textContent.trim()) continue;
          const r = target.getBoundingClientRect();
          if (r.width < 24 || r.height < 24) {
            small.push(`<${el.tagName.toLowerCase()}> ${(target.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 40)}: ${Math.round(r.width)}×${Math.round(r.height)}`);
          }
        }
      }
      return small;
    },
    [selector, skip],
  );
}

/**
 * Dilbert's map: the office names that reach past their office's sides (a
 * name set wider than its office runs over the wall into the next one's, as
 * "Men's Restroom" and "Women's Restroom" did in DejaVu Sans Bold). Each as
 * "name: n px too wide" (left and right overhangs added), none when all fit.
 */
export async function namesOutsideOffices(page) {
  await settle(page);
  return page.evaluate(() => {
    const found = [];
    for (const label of document.querySelectorAll('[data-testid="map"] .dl-label')) {
      const squares = [...document.querySelectorAll(`[data-testid="map"] .dl-squares rect[data-space="${label.dataset.space}"]`)].map((r) => r.getBoundingClientRect());
      if (squares.length === 0) {
        found.push(`${label.textContent}: no office drawn for space ${label.dataset.space}`);
        continue;
      }
      const left = Math.min(...squares.map((r) => r.left));
      const right = Math.max(...squares.map((r) => r.right));
      // Each line on its own: a tspan's box is its text's.
      for (const line of label.querySelectorAll('tspan')) {
        const box = line.getBoundingClientRect();
        const over = Math.max(0, left - box.left) + Math.max(0, box.right - right);
        if (over > 0.5) found.push(`${line.textContent}: ${over.toFixed(1)} px too wide`);
      }
    }
    return found;
  });
}

/** On a Dilbert map, each piece drawn over an office's name ("asok over Men's Room"), once every walk has ended. */
export async function piecesOverNames(page) {
  await settle(page);
  return page.evaluate(() => {
    const names = [...document.querySelectorAll('.dl-label')].map((e) => [e.textContent, e.getBoundingClientRect()]);
    const found = [];
    for (const piece of document.querySelectorAll('.dl-piece')) {
      const p = piece.querySelector('.dl-piece-body').getBoundingClientRect();
      for (const [name, n] of names) {
        const across = Math.min(p.right, n.right) - Math.max(p.left, n.left);
        const down = Math.min(p.bottom, n.bottom) - Math.max(p.top, n.top);
        if (across > 0.5 && down > 0.5) found.push(`${piece.dataset.employee} over ${name}`);
      }
    }
    return found;
  });
}

/**
 * Watches a page's requests for its bundle's second part (`*.later.js`,
 * what the page loads on use) and can hold them back: `requested` lists
 * them, `hold()` keeps each new one waiting until `release()`.
 */
export async function watchLaterParts(record) {
  const requested = [];
  record.page.on('request', (r) => {
    if (/\.later\.js$/.test(r.url())) requested.push(r.url());
  });
  let release;
  const gate = new Promise((resolve) => (release = resolve));
  let held = false;
  await record.context.route(/\.later\.js$/, async (route) => {
    if (held) await gate;
    await route.continue();
  });
  return {
    requested,
    hold() {
      held = true;
    },
    release() {
      held = false;
      release();
    },
  };
}
