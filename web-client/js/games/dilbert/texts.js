// Card texts a consultant keeps from this viewer (`view.texts_hidden`):
// names stay, every memo and consultant text is replaced by a note that
// Dilbert's player reads the cards out, and a banner says why. Every
// module that shows a card's text asks `cardText` for it; log lines name
// cards and never quote them, so the log hides nothing and shows nothing.
//
// A bot reads nothing aloud: while a bot plays Dilbert (from the lobby, or
// standing in for an away player), the texts stay on the table for
// everyone, with a note saying why (docs/games/dilbert.md). The texts are
// the board's, public to every page; only the seat's kind decides.

import { h, isolateNames } from '../../dom.js';
import { t } from '../../i18n.js';
import { seatOf, whoIs } from './words.js';

/** Whether a bot plays Dilbert now (`ctx.isBot`, given by the room page). */
function readerIsBot(ctx) {
  const seat = seatOf(ctx.view, 'dilbert');
  return seat !== null && Boolean(ctx.isBot?.(seat));
}

export function textsHidden(ctx) {
  return Boolean(ctx.view?.texts_hidden) && !readerIsBot(ctx);
}

/** Who reads the cards out: "Ann (Dilbert)", or "Dilbert's player" when nobody plays him. */
function reader(ctx) {
  return seatOf(ctx.view, 'dilbert') === null ? t('Dilbert\u2019s player') : whoIs(ctx, 'dilbert');
}

/** A card's text as a paragraph, or the note that replaces it for this viewer. */
export function cardText(ctx, text, className = '') {
  if (!textsHidden(ctx)) return h('p', { class: className || null }, text);
  return h('p', { class: `${className} dl-text-hidden`.trim(), 'data-hidden-text': '' }, isolateNames(t('Text hidden: {reader} reads it out.', { reader: reader(ctx) })));
}

/** The banner over the table while texts are hidden from this viewer (or shown for a bot's Dilbert), else null. */
export function renderTextsHiddenBanner(ctx) {
  if (ctx.view?.texts_hidden && readerIsBot(ctx)) {
    return h(
      'p',
      { class: 'dl-texts-shown', role: 'note', 'data-testid': 'texts-hidden', 'data-shown': '' },
      // "a bot plays Dilbert": true of a bot from the lobby and of one standing in for an away player.
      t('The consultant in play lets only Dilbert read the cards, and a bot plays Dilbert: the cards\u2019 texts stay on the table for everyone.'),
    );
  }
  if (!textsHidden(ctx)) return null;
  return h(
    'p',
    { class: 'dl-texts-hidden', role: 'note', 'data-testid': 'texts-hidden' },
    h('strong', {}, t('Card texts are hidden from you. ')),
    isolateNames(t('The consultant in play lets only Dilbert read the cards: {reader} reads each memo and consultant out for the table. You still see every card\u2019s name.', { reader: reader(ctx) })),
  );
}
