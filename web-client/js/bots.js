// Computer players and away seats in the seat list (docs/protocol.md,
// "Computer players and away seats"): what each seat is (free, a bot, a
// bot standing in for an away player, an away player, a player here), and
// the controls the viewer may use on it:
//
// - the host, in the lobby: "Add bot" (with a level) on a free seat,
//   "Remove" on a bot's seat, "Make host" on another player's seat;
// - the host, during the game: for an away player, "Wait", "Let a bot
//   play" (with a level) or "Open the seat"; "Make host" as in the lobby;
// - a spectator, during the game: "Take this seat" on a bot's own seat.
//
// The server decides whether any of it is allowed; these only send the
// message. Names are always text (`h` never sets HTML). The controls
// themselves are js/seat-controls.js, loaded on use (js/seats.js).

import { h } from './dom.js';
import { t } from './i18n.js';
import { serverErrorText } from './errors.js';

export const LEVELS = ['random', 'easy', 'hard'];
const LEVEL_NAMES = { random: 'random', easy: 'easy', hard: 'hard' };

/** 'free' | 'bot' | 'stand_in' | 'away' | 'here' */
export function seatKind(s) {
  if (s.name === null || s.name === undefined) return 'free';
  if (s.bot) return s.bot.stand_in ? 'stand_in' : 'bot';
  return s.connected ? 'here' : 'away';
}

/** What the seat list says after the name: "Bot · easy", "(away) · bot playing", presence. */
export function seatStatus(s) {
  switch (seatKind(s)) {
    case 'bot':
      return h('span', { class: 'seat-status seat-status-bot' }, t('Bot \u00b7 {level}', { level: Object.hasOwn(LEVEL_NAMES, s.bot.level) ? t(LEVEL_NAMES[s.bot.level]) : s.bot.level }));
    case 'stand_in':
      return h('span', { class: 'seat-status seat-status-stand-in' }, t('(away) \u00b7 bot playing'));
    case 'away':
      return h('span', { class: 'presence presence-off' }, t('away'));
    case 'here':
      return h('span', { class: 'presence presence-on' }, t('connected'));
    default:
      return null;
  }
}

/**
 * The notice to a player while a bot stands in for their seat, with the
 * way back (null otherwise).
 */
export function standInNotice(room, seat, { busy, takeBack }) {
  if (seat === null || seat === undefined || room?.status !== 'playing') return null;
  const s = room.seats?.[seat];
  if (!s || seatKind(s) !== 'stand_in') return null;
  return h(
    'div',
    { class: 'stand-in-notice', role: 'status', 'data-testid': 'stand-in-notice' },
    h('p', {}, t('A bot is playing for you.')),
    h('button', { type: 'button', class: 'primary small', id: 'take-back-button', disabled: busy, onclick: takeBack }, t('Take my seat back')),
  );
}

/**
 * Words for the refusals of this part of the protocol (and a few others
 * the lobby meets), or the server's own message (in Japanese, the code's
 * sentence: js/errors.js).
 */
export function refusalText(msg, gameInfo) {
  switch (msg.code) {
    case 'not_host':
      return t('Only the host can do that.');
    case 'too_few_seats':
      return gameInfo?.min_seats
        ? t('This game needs at least {n} players: fill a seat (or add a bot) first.', { n: gameInfo.min_seats })
        : t('Too few players would be left for this game.');
    case 'not_a_bot':
      return t('That seat is not a bot\u2019s (and a bot cannot be the host).');
    case 'not_away':
      return t('That player is connected (or the seat is a bot\u2019s): nothing to decide.');
    case 'not_standing_in':
      return t('No bot is playing for you: the seat is yours.');
    case 'seats_not_filled':
      return t('Every seat must be taken (by a person or a bot) before the start.');
    case 'game_not_over':
      return t('The game is not over yet.');
    case 'not_seated':
      return t('Only the players of this game (or the host) can do that.');
    default:
      return serverErrorText(msg.code, msg.message);
  }
}
