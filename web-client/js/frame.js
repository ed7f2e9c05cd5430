// The status bar of every game's table (the shared table frame): whose
// turn it is, the time left when the game has a deadline, and a prompt
// when this viewer must decide during someone else's turn (a BOSS's owner
// choosing a SECRETARY, everyone choosing a set-up card at once). Each
// game's renderer says who is to act (`activeSeats`, `turnSeat`); the frame
// is the same for every game. Names are inserted as text.
//
// On the room page the frame is the dock: pinned to the bottom of the
// viewport while the game runs (site.css, "the dock"), with the viewer's
// pending decision right under it. A game marks that decision (the
// element holding its buttons) with `data-dock`; it stays in the table's
// DOM (tab order, focus keeping, tests), CSS pins it and `Dock` below
// measures both so that the bar stacks and the page keeps room for it
// (`--frame-h`, `--dock-h` on the root element, marked `data-frame-dock`).
// Only the pinned bar is shown: on the replay page, or once the game is
// over, the table's own banner says whose turn it is (and more), so the
// bar stays hidden rather than repeat it (site.css, ".table-frame").

import { h, joinNames, replace } from './dom.js';
import { t, tParts } from './i18n.js';

export class TableFrame {
  /** @param {HTMLElement} el the frame's element (#table-frame) */
  constructor(el) {
    this.el = el;
    this.deadlineAt = null;
    this.timer = null;
    this.shown = null;
    // A landmark with a name; its turn line is a polite live region that
    // stays in place (only its words change), so a change is announced.
    el.setAttribute('role', 'region');
    el.setAttribute('aria-label', t('Turn and your decision'));
    this.turnEl = h('p', { class: 'frame-turn', 'data-testid': 'frame-turn', 'aria-live': 'polite', 'aria-atomic': 'true' });
    this.deadlineEl = h('p', { class: 'frame-deadline', 'data-testid': 'frame-deadline', hidden: true });
    this.alertEl = h('div', { class: 'frame-alert' });
    this.dock = new Dock(el);
  }

  /**
   * @param {object} s
   * @param {(seat: number) => string} s.names
   * @param {number|null} s.seat the viewer's seat (null for spectators)
   * @param {number[]} s.active seats that must decide now
   * @param {number|null} s.turn whose turn it is, if the game has turns
   * @param {boolean} s.asked whether this viewer has legal actions now
   * @param {boolean} s.over whether the game has ended
   * @param {number|null|undefined} s.deadlineAt when the current decision
   *   times out (epoch milliseconds); absent when the game has no deadline
   */
  render({ names, seat, active, turn, asked, over, deadlineAt }) {
    const mine = seat !== null && seat !== undefined;
    const outOfTurn = mine && asked && !over && turn !== null && turn !== undefined && turn !== seat;
    // Rebuilt only when what it says changes, so that the out-of-turn alert
    // is announced once, not after every move.
    const shown = JSON.stringify([seat, active, turn, over, outOfTurn, (active ?? []).map(names), turn === null ? null : names(turn)]);
    if (shown !== this.shown || !this.el.contains(this.turnEl)) this.build({ names, seat, active, turn, over, outOfTurn });
    this.shown = shown;
    this.el.dataset.over = over ? 'true' : 'false';
    this.el.dataset.asked = asked && !over ? 'true' : 'false';
    this.setDeadline(over ? null : deadlineAt);
    this.dock.schedule();
  }

  build({ names, seat, active, turn, over, outOfTurn }) {
    // The room page empties the frame between games: put the parts back.
    if (!this.el.contains(this.turnEl)) this.el.replaceChildren(this.turnEl, this.deadlineEl, this.alertEl);
    replace(this.turnEl, turnText({ names, seat, active, turn, over }));
    replace(
      this.alertEl,
      outOfTurn
        ? h(
            'p',
            { class: 'frame-out-of-turn', 'data-testid': 'frame-out-of-turn', role: 'alert' },
            tParts('Your decision is needed during {name}\u2019s turn. ', { name: h('bdi', { class: 'frame-name' }, names(turn)) }),
            h('button', { type: 'button', class: 'small', onclick: goToDecision }, t('Go to it')),
          )
        : null,
    );
    this.el.dataset.outOfTurn = outOfTurn ? 'true' : 'false';
  }

  /** Starts, moves or stops the countdown; nothing is shown without a deadline. */
  setDeadline(deadlineAt) {
    const at = typeof deadlineAt === 'number' && Number.isFinite(deadlineAt) ? deadlineAt : null;
    this.deadlineAt = at;
    if (at === null) {
      clearInterval(this.timer);
      this.timer = null;
    } else if (this.timer === null) {
      this.timer = setInterval(() => this.tick(), 1000);
    }
    this.tick();
  }

  tick() {
    const el = this.deadlineEl;
    if (this.deadlineAt === null) {
      el.hidden = true;
      el.textContent = '';
      return;
    }
    const left = Math.max(0, Math.ceil((this.deadlineAt - Date.now()) / 1000));
    el.hidden = false;
    el.dataset.secondsLeft = String(left);
    el.textContent = left > 0 ? t('Time left: {time}', { time: clock(left) }) : t('Time is up.');
  }
}

function turnText({ names, seat, active, turn, over }) {
  if (over) return t('The game is over.');
  if (turn !== null && turn !== undefined) {
    return turn === seat ? t('Your turn.') : tParts('{name}\u2019s turn.', { name: h('bdi', { class: 'frame-name' }, names(turn)) });
  }
  if (!active || active.length === 0) return '';
  if (active.includes(seat)) return active.length > 1 ? t('Everyone still choosing decides at once: your choice is needed.') : t('Your decision.');
  return tParts('Waiting for {names}.', { names: joinNames(active.map((s) => h('bdi', { class: 'frame-name' }, names(s)))) });
}

/** "1:05" */
function clock(seconds) {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}

/** Moves the focus to the game's prompt, or to its first enabled action. */
function goToDecision() {
  const table = document.getElementById('table');
  const target = table?.querySelector('[data-testid="prompt"]') ?? table?.querySelector('button[data-action]:not([disabled])');
  if (!target) return;
  if (!target.hasAttribute('tabindex') && target.tagName !== 'BUTTON') target.setAttribute('tabindex', '-1');
  target.focus();
  target.scrollIntoView({ block: 'nearest', behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
}

/**
 * Measures the pinned frame and the table's pinned decision (`#table
 * [data-dock]`) into `--frame-h` and `--dock-h` on the root element (0
 * when CSS does not pin them), and marks the frame `data-docked` when a
 * decision is pinned under it. Follows the table's re-renders.
 */
class Dock {
  constructor(frameEl) {
    this.frameEl = frameEl;
    this.table = null;
    this.target = null;
    this.last = '';
    this.sizes = typeof ResizeObserver === 'function' ? new ResizeObserver(() => this.measure()) : null;
    this.sizes?.observe(frameEl);
    // Once a frame, not once per change: measuring makes the browser lay
    // out the page, and a table being drawn changes many times a frame
    // (docs/performance.md, "First load").
    this.pending = 0;
    this.mutations = new MutationObserver(() => this.schedule());
    // CSS pins the dock only where this measures it.
    document.documentElement.dataset.frameDock = '';
  }

  /** Updates at the next frame (once, however many times it is asked). */
  schedule() {
    this.pending ||= requestAnimationFrame(() => {
      this.pending = 0;
      this.update();
    });
  }

  update() {
    const table = document.getElementById('table');
    if (table !== this.table) {
      this.mutations.disconnect();
      if (table) this.mutations.observe(table, { childList: true, subtree: true });
      this.table = table;
    }
    const target = table?.querySelector('[data-dock]') ?? null;
    if (target !== this.target) {
      if (this.target) this.sizes?.unobserve(this.target);
      this.target = target;
      if (target) this.sizes?.observe(target);
    }
    this.measure();
  }

  measure() {
    const frameH = pinnedHeight(this.frameEl);
    const dockH = pinnedHeight(this.target);
    const key = `${frameH}:${dockH}`;
    this.frameEl.dataset.docked = dockH > 0 ? 'true' : 'false';
    if (key === this.last) return;
    this.last = key;
    const root = document.documentElement.style;
    root.setProperty('--frame-h', `${frameH}px`);
    root.setProperty('--dock-h', `${dockH}px`);
  }
}

function pinnedHeight(el) {
  if (!el || !el.isConnected || getComputedStyle(el).position !== 'fixed') return 0;
  return Math.ceil(el.getBoundingClientRect().height);
}
