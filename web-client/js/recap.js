// "Since your last turn" (issue 14): when it becomes this player's turn, a
// compact box above the table lists in words (the renderer's describeEvent,
// as the log says them to this viewer) what happened since this player's
// previous action. Dismissible (its button, or Escape inside it), never
// takes the focus, gone once the turn passes; spectators get nothing.
//
// Shared by every game: the room page calls `update(ctx, renderer, over)`
// after drawing the table (ctx as in js/games/registry.js, with `log`).
// A renderer may list event kinds to leave out (`recapSkip`, e.g. Office
// 21's "turn_began").

import { h, replace } from './dom.js';
import { t } from './i18n.js';

/** At most this many lines; older ones are counted ("and N earlier, in the log"). */
const MAX_LINES = 12;

export class TurnRecap {
  /** @param {HTMLElement} before  the element the box goes in front of (the table) */
  constructor(before) {
    this.box = h('section', { class: 'recap', 'data-testid': 'recap', 'aria-labelledby': 'recap-title', hidden: true });
    this.box.addEventListener('keydown', (e) => {
      if (e.key === 'Escape' && !this.box.hidden) {
        e.stopPropagation();
        this.dismiss();
      }
    });
    before.parentNode.insertBefore(this.box, before);
    /** true while it is this viewer's turn (the recap is built once per turn) */
    this.myTurn = false;
    this.log = null;
    /** the shown recap's key, and the one dismissed */
    this.key = null;
    this.dismissed = null;
  }

  update(ctx, renderer, over = false) {
    const seat = ctx.seat;
    const seated = seat !== null && seat !== undefined;
    const view = ctx.view;
    const turn = typeof renderer.turnSeat === 'function' ? renderer.turnSeat(view) : null;
    const myTurn = seated && !over && (typeof renderer.turnSeat === 'function' ? turn === seat : renderer.activeSeats(view).includes(seat));
    if (ctx.log !== this.log) {
      // Another game, or the same one heard again from a snapshot.
      this.log = ctx.log;
      this.myTurn = false;
    }
    if (!myTurn) {
      this.myTurn = false;
      this.hide();
      return;
    }
    if (this.myTurn) return;
    this.myTurn = true;
    const { since, entries } = sinceLastAction(ctx.log ?? [], seat);
    const skip = new Set(renderer.recapSkip ?? []);
    const shown = entries.filter((entry) => entry.event && !skip.has(entry.event.kind));
    // Only when someone else did something meanwhile (not on a first turn with nothing before it).
    const others = shown.some((entry) => Number.isInteger(entry.event.seat) && entry.event.seat !== seat);
    this.key = `${since}:${entries.length ? entries[entries.length - 1].seq : since}`;
    if (!others || this.dismissed === this.key) {
      this.hide();
      return;
    }
    const lines = shown
      .map((entry) => ({ seq: entry.seq, words: renderer.describeEvent(entry.event, ctx) }))
      .filter((line) => line.words !== null && line.words !== undefined);
    const older = Math.max(0, lines.length - MAX_LINES);
    replace(
      this.box,
      h('h3', { id: 'recap-title', class: 'recap-title' }, t('Since your last turn')),
      h(
        'ol',
        { class: 'recap-list' },
        lines.slice(older).map((line) => h('li', { 'data-seq': String(line.seq) }, line.words)),
      ),
      older > 0
        ? h('p', { class: 'hint recap-older' }, older === 1 ? t('and 1 earlier event (see the game log)') : t('and {n} earlier events (see the game log)', { n: older }))
        : null,
      h(
        'button',
        { type: 'button', class: 'recap-dismiss', 'data-testid': 'recap-dismiss', 'aria-label': t('Dismiss \u201cSince your last turn\u201d'), onclick: () => this.dismiss() },
        '\u00d7',
      ),
    );
    this.box.dataset.since = String(since);
    this.box.hidden = false;
  }

  dismiss() {
    const hadFocus = this.box.contains(document.activeElement);
    this.dismissed = this.key;
    this.hide();
    if (hadFocus) {
      // The focus goes on to the table (the first control there), not to the page's top.
      const next = this.box.nextElementSibling;
      const control = next?.querySelector('button:not([disabled]), [href], [tabindex="0"]');
      if (control) control.focus({ preventScroll: true });
    }
  }

  hide() {
    if (this.box.hidden) return;
    this.box.hidden = true;
    this.box.replaceChildren();
  }
}

/**
 * The log entries since `seat`'s previous action: walking back from the
 * end, the trailing events of this seat (its new turn beginning, a card
 * drawn) are skipped, then everything back to the last event this seat did
 * (an event whose `seat` is it). `since` is that event's seq (0 if none).
 */
export function sinceLastAction(log, seat) {
  let i = log.length - 1;
  while (i >= 0 && log[i]?.event?.seat === seat) i -= 1;
  const end = i;
  while (i >= 0 && log[i]?.event?.seat !== seat) i -= 1;
  return { since: i >= 0 ? log[i].seq : 0, entries: log.slice(i + 1, end + 1) };
}
