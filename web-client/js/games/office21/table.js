// The Office 21 table: the banner, the viewer's prompt, the piles, every
// office (the viewer's last, next to the hand) and the hand. Each part is
// drawn by its own module; this one puts them together and keeps the
// table's own state between renders (the discard list's toggle, focus).

import { h, replace } from '../../dom.js';
import { FocusKeeper } from '../../focus.js';
import { t } from '../../i18n.js';
import { lastMoveMarks, lastMoveOf } from './cards.js';
import { renderHand } from './hand.js';
import { describeEvent } from './log.js';
import { decisionOf, indexLegal } from './legal.js';
import { renderOffice } from './offices.js';
import { bannerText, renderPrompt } from './prompt.js';
import { renderStatus } from './status.js';

export class Office21Table {
  constructor(container) {
    this.container = container;
    /** State of the table's own controls, kept across renders. */
    this.ui = { discardOpen: false };
    /** Aborted by `destroy`: the listeners this table added to the page. */
    this.listening = new AbortController();
    this.focus = new FocusKeeper(container, this.listening.signal);
    /** The seq of the last move already drawn (its cards move once, when it arrives). */
    this.shownSeq = null;
  }

  /** The room has dropped this table (js/games/registry.js). */
  destroy() {
    this.listening.abort();
  }

  render(ctx) {
    const { view } = ctx;
    const legal = indexLegal(ctx.legal);
    const focusWasHere = this.focus.capture();
    const decision = decisionOf(view);
    const mine = ctx.seat !== null && ctx.seat !== undefined;
    // The last move stays marked until the next one (from the log, so a
    // re-render or a reload keeps it).
    const move = lastMoveOf(ctx.log ?? ctx.recent);
    const fresh = Boolean(
      move && this.shownSeq !== null && move.seq > this.shownSeq && (ctx.recent ?? []).some((r) => r.seq === move.seq),
    );
    this.shownSeq = move?.seq ?? this.shownSeq ?? 0;
    // Only the cards of events that just arrived drop in (a CLEANER played earlier in the turn does not again).
    const arrived = new Set((ctx.recent ?? []).map((r) => r.seq));
    const last = { marks: lastMoveMarks(move), fresh: fresh ? lastMoveMarks({ events: move.events.filter((m) => arrived.has(m.seq)) }) : new Map() };

    replace(
      this.container,
      h('p', { class: 'turn-banner', 'data-testid': 'turn-banner' }, bannerText(ctx, decision, legal)),
      move && !view.ending ? lastMoveLine(ctx, move) : null,
      mine && !view.ending ? renderPrompt(ctx, decision, legal) : null,
      renderStatus(ctx, this.ui),
      h('div', { class: 'o21-offices' }, seatOrder(ctx).map((seat) => renderOffice(ctx, seat, decision, legal, last))),
      mine ? renderHand(ctx, decision, legal) : null,
    );

    this.focus.restore(focusWasHere, {
      decisionKey: decisionKey(view, legal),
      prompt: this.container.querySelector('.o21-prompt'),
    });
  }
}

/** Identifies the viewer's current decision (null when nothing to decide). */
function decisionKey(view, legal) {
  if (legal.count === 0) return null;
  const stage = view.stage ?? {};
  if (stage.stage === 'set_up') return `setup:${stage.attempt}:${stage.round}:${stage.love ? stage.love.card : '-'}`;
  if (stage.stage === 'turn') return `turn:${view.moment}:${stage.decision?.decision}`;
  return null;
}

/** Others clockwise from the viewer, the viewer's own office last (next to the hand). */
function seatOrder(ctx) {
  const seats = ctx.view.players.map((p) => p.seat);
  if (ctx.seat === null || ctx.seat === undefined) return seats;
  const i = seats.indexOf(ctx.seat);
  if (i < 0) return seats;
  return [...seats.slice(i + 1), ...seats.slice(0, i), ctx.seat];
}

/** "Last move: …", the last move's events in words (as the log says them to this viewer). */
function lastMoveLine(ctx, move) {
  const lines = move.events.map(({ event }) => describeEvent(event, ctx)).filter((words) => words !== null && words !== undefined);
  return h(
    'p',
    { class: 'last-move', 'data-testid': 'last-move', 'data-seq': String(move.seq) },
    h('span', { class: 'last-move-label' }, t('Last move:'), ' '),
    lines.flatMap((words, i) => (i ? [' ', words] : [words])),
  );
}
