// The start page's game cards (issue 14, "a face"): each game's picture
// (img/games/<id>.svg), a one-line pitch and how long a game takes. The
// number of players comes from the server's game list.
//
// Lengths are estimates for a table of people playing online, as
// docs/games/<id>.md states them: Osaki is 24 tiles turned and handed on
// (about 15 minutes); Office 21 a few rounds of three-card hands to
// exactly 21 (about 20); Dilbert a median of 10 to 12 rounds, each with
// the Boss's turn (about an hour).

import { h } from './dom.js';
import { t } from './i18n.js';

const GAMES = {
  osaki: { minutes: 15, pitch: 'Hand your work on to your colleagues and be the first to leave the office.' },
  office21: { minutes: 20, pitch: 'Hire, fire and swap staff until your office makes exactly 21 million.' },
  dilbert: { minutes: 60, pitch: 'Dodge the Boss, kill projects and end up the happiest employee.' },
};

/** The game's picture: decoration, the name is beside it. */
export function gamePicture(id) {
  if (!Object.hasOwn(GAMES, id)) return null;
  return h('img', { class: 'game-picture', src: new URL(`../img/games/${id}.svg`, import.meta.url).pathname, alt: '', width: '64', height: '48', 'data-testid': 'game-picture' });
}

/** "Pass your work on…" (null for a game this client does not know). */
export function gamePitch(id) {
  if (!Object.hasOwn(GAMES, id)) return null;
  return h('span', { class: 'game-pitch', 'data-testid': 'game-pitch' }, t(GAMES[id].pitch));
}

/** "About 15 min". */
export function gameLength(id) {
  if (!Object.hasOwn(GAMES, id)) return null;
  return h('span', { class: 'game-length', 'data-testid': 'game-length' }, t('About {minutes} min', { minutes: GAMES[id].minutes }));
}
