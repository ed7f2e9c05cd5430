// This update's events, to animate once. The room page (and the replay
// page) give the table `ctx.recent` as log entries `{seq, event}` (see
// js/games/registry.js), `event` absent where this viewer saw nothing;
// dice.js, pieces.js and moment.js want the events themselves, numbered.

/** The events of `ctx.recent` as `{seq, ...event}`, leaving out hidden ones. */
export function recentEvents(ctx) {
  return (ctx.recent ?? []).filter((entry) => entry?.event).map((entry) => ({ seq: entry.seq, ...entry.event }));
}
