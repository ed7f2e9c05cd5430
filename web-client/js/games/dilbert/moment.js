// The moment everyone sees: when a player performs for the table ("I'm a
// Little Teapot", the rooster), every screen shows it for a few seconds,
// with reaction buttons that only count on this screen (the rules need
// nothing from the audience, so nobody can stall the table). Each
// performance is shown once; the icon does not wiggle for viewers who
// prefer less motion.

import { h } from '../../dom.js';
import { t } from '../../i18n.js';
import { recentEvents } from './events.js';
import { reducedMotion } from './pieces.js';
import { phrase } from './words.js';

const SHOW_MS = 6000;

/**
 * Notes this update's newest `performed` event in `ui.moment` (each once),
 * and asks for a re-render (`rerender`) when its time is up.
 */
export function noteMoment(ctx, ui, rerender) {
  const shows = recentEvents(ctx).filter((e) => e.kind === 'performed' && (e.seq ?? Infinity) > ui.performedSeq);
  for (const e of shows) ui.performedSeq = Math.max(ui.performedSeq, e.seq ?? ui.performedSeq);
  const last = shows.at(-1);
  if (!last) return;
  ui.moment = { seat: last.seat, teapot: last.teapot, until: Date.now() + SHOW_MS, cheers: 0, label: '' };
  setTimeout(() => {
    if (ui.moment && Date.now() >= ui.moment.until) {
      ui.moment = null;
      rerender();
    }
  }, SHOW_MS + 50);
}

/** The performance card while it lasts, else null. */
export function renderMoment(ctx, ui) {
  const moment = ui.moment;
  if (!moment || Date.now() >= moment.until) return null;
  const cheers = h('output', { class: 'dl-moment-cheers', 'aria-live': 'polite' }, moment.cheers ? `${moment.label} \u00d7${moment.cheers}` : '');
  const react = (label) =>
    h('button', {
      type: 'button',
      onclick: () => {
        moment.cheers += 1;
        moment.label = label;
        cheers.textContent = `${label} \u00d7${moment.cheers}`;
      },
    }, label);
  return h(
    'div',
    { class: `dl-moment${reducedMotion() ? '' : ' dl-moment-live'}`, role: 'status', 'data-testid': 'moment' },
    h('p', { class: 'dl-moment-icon', 'aria-hidden': 'true' }, moment.teapot ? '\u{1FAD6}' : '\u{1F413}'),
    h(
      'p',
      {},
      phrase(
        moment.teapot
          ? '{name} performs \u201cI\u2019m a Little Teapot\u201d, handle and spout included.'
          : '{name} stands up, flaps both arms and crows like a rooster. Cock-a-doodle-doo!',
        { name: h('bdi', { translate: 'no' }, ctx.names(moment.seat)) },
      ),
    ),
    h('p', { class: 'dl-moment-react' }, react(t('\u{1F44F} Applaud')), react(t('\u{1F602} Laugh')), cheers),
  );
}
