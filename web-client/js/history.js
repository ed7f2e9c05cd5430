// "Games in this room": the room's finished games (`room.history`, oldest
// first), each with its winners, a link to its replay (/replay.html) and
// its record for `cubicle verify`. Shown on the end screen and in the
// lobby. Names are text in <bdi>, never HTML.

import { h, joinNames } from './dom.js';
import { locales, t, tParts } from './i18n.js';
import { playerName } from './game-names.js';

/** The replay page of game `n` of a room. */
export function replayUrl(roomId, n) {
  return `/replay.html?room=${encodeURIComponent(roomId)}&game=${encodeURIComponent(String(n))}`;
}

/** The record of game `n` of a room (a download). */
export function recordUrl(roomId, n) {
  return `/api/rooms/${encodeURIComponent(roomId)}/games/${encodeURIComponent(String(n))}/record`;
}

/** "Ben won", "Aki and Ben shared the victory", "no winner" (text and <bdi> nodes). */
export function winnersLine(players, outcome) {
  const winners = outcome?.winners ?? [];
  const names = joinNames(winners.map((s) => h('bdi', { class: 'winner-name' }, players?.[s] === undefined || players?.[s] === null ? t('Seat {n}', { n: s + 1 }) : playerName(players[s]))));
  if (winners.length === 0) return [t('no winner')];
  if (winners.length === 1) return tParts('{names} won', { names });
  return tParts('{names} shared the victory', { names });
}

function finishedAt(ms) {
  if (typeof ms !== 'number' || !Number.isFinite(ms)) return null;
  const when = new Date(ms);
  const sameDay = when.toDateString() === new Date().toDateString();
  const text = sameDay
    ? when.toLocaleTimeString(locales, { hour: '2-digit', minute: '2-digit' })
    : when.toLocaleString(locales, { dateStyle: 'medium', timeStyle: 'short' });
  return h('time', { class: 'history-time', datetime: when.toISOString() }, text);
}

/**
 * The list as nodes (a heading and an <ol>), or null when the room has no
 * finished game. `heading` is the heading's tag ('h3' in a panel); `id`
 * prefixes the heading's id (unique on the page).
 */
export function historyList(roomId, history, { heading = 'h3', id = 'history' } = {}) {
  if (!Array.isArray(history) || history.length === 0) return null;
  const titleId = `${id}-title`;
  return [
    h(heading, { class: 'history-title', id: titleId }, t('Games in this room')),
    h(
      'ol',
      { class: 'history-list', 'aria-labelledby': titleId },
      history.map((game) => {
        const time = finishedAt(game.finished_at);
        return h(
          'li',
          { class: 'history-game', 'data-game': String(game.number) },
          h(
            'p',
            { class: 'history-line' },
            h('strong', {}, t('Game {n}', { n: game.number })),
            t(': '),
            h('span', { class: 'history-winners', 'data-testid': 'history-winners' }, winnersLine(game.players, game.outcome)),
            time ? [' ', h('span', { class: 'hint' }, tParts('(ended {time})', { time }))] : null,
          ),
          h(
            'p',
            { class: 'history-links' },
            h(
              'a',
              { class: 'history-replay', href: replayUrl(roomId, game.number), 'aria-label': t('Replay game {n}', { n: game.number }) },
              t('Replay'),
            ),
            ' ',
            h(
              'a',
              { class: 'history-download', href: recordUrl(roomId, game.number), download: true, 'aria-label': t('Download game {n}', { n: game.number }) },
              t('Download'),
            ),
          ),
        );
      }),
    ),
  ];
}
