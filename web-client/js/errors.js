// The server's refusals in the page's language. The server explains each
// refusal in English with a machine-readable `code` (docs/protocol.md,
// "Errors and closes" and the HTTP API's table): an English page shows the
// server's own message, as it always has; a Japanese page shows the
// sentence for the code below, through the dictionary (js/i18n/ja/shell.js),
// or a general line for a code it does not know.

import { lang, t } from './i18n.js';

/** What each code means to a player (the dictionary's keys; never shown in English). */
const MEANINGS = {
  network: 'The server cannot be reached. Check your connection and try again.',
  bad_message: 'The server could not read this request.',
  unsupported_protocol: 'This page is out of date: reload it.',
  hello_first: 'The connection got out of step: reload the page.',
  unknown_room: 'There is no such room (or its lobby has closed).',
  invalid_token: 'Your saved seat in this room is no longer valid; you are watching.',
  not_seated: 'Only the players of this game (or the host) can do that.',
  already_seated: 'You already have a seat.',
  seat_taken: 'That seat has just been taken.',
  room_full: 'The room is full.',
  bad_name: 'That name cannot be used: it is empty, too long, has unusual characters, looks like a name already at the table or is a computer player’s (“Easy bot 3”).',
  bad_answer: 'An answer does not fit its question.',
  not_host: 'Only the host can do that.',
  seats_not_filled: 'Every seat must be taken (by a person or a bot) before the start.',
  too_few_seats: 'Too few players would be left for this game.',
  not_a_bot: 'That seat is not a bot\u2019s (and a bot cannot be the host).',
  not_away: 'That player is connected (or the seat is a bot\u2019s): nothing to decide.',
  not_standing_in: 'No bot is playing for you: the seat is yours.',
  already_started: 'The game has already started.',
  not_started: 'The game has not started yet.',
  game_over: 'The game is over.',
  not_your_turn: 'It is not your turn.',
  illegal_action: 'That move is not allowed now.',
  bad_action: 'That move is not allowed now.',
  bad_action_id: 'The server could not read this request.',
  rate_limited: 'Too many requests at once: wait a few seconds, then try again.',
  bad_chat: 'The server refused this line.',
  game_not_over: 'The game is not over yet.',
  internal: 'The server could not save the change. Please try again.',
  unknown_game: 'This server does not offer that game.',
  bad_options: 'These settings are not possible for this game.',
  fixtures_not_allowed: 'This server does not allow test deals.',
  room_moved: 'The game moved to another server: reconnecting. Try that again in a moment.',
};

/** Whether a code has words of its own here. */
export function knownCode(code) {
  return Object.hasOwn(MEANINGS, code);
}

/**
 * The text to show for a refusal: the server's `message` in English, the
 * code's sentence in Japanese (a general line for an unknown code).
 */
export function serverErrorText(code, message) {
  if (lang === 'en') return message || code || 'Something went wrong.';
  return knownCode(code) ? t(MEANINGS[code]) : t('The server refused this. Please try again.');
}
