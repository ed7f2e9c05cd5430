// Osaki's log lines, in words (and the rulebook's calls, in both
// languages). Everything in Osaki is public: every event is whole.

import { h, joinNames } from '../../dom.js';
import { t, tParts } from '../../i18n.js';
import { phrase, tileOf, tileWords } from './tiles.js';

function describeFirstPlayer(fp, ctx) {
  if (!fp) return null;
  const name = (seat) => h('bdi', {}, ctx.names(seat));
  if (fp.by === 'left_latest') {
    return tParts('{name} left work latest yesterday ({at}) and starts.', { name: name(fp.seat), at: fp.at });
  }
  if (fp.by === 'random') {
    const among = fp.among ?? [];
    if (among.length > 1) {
      return tParts('A draw among {names} picked {name} to start.', { names: joinNames(among.map(name)), name: name(fp.seat) });
    }
  }
  return tParts('{name} starts.', { name: name(fp.seat) });
}

const call = (board, key) => h('q', { class: 'call' }, phrase(board, key));

export function describeEvent(event, ctx) {
  const { board } = ctx;
  // Names are isolated so a right-to-left name cannot reorder the line.
  const name = (seat) => h('bdi', {}, ctx.names(seat));
  switch (event?.kind) {
    case 'started':
      return tParts('The game begins. {first}', { first: describeFirstPlayer(event.first_player, ctx) ?? [] });
    case 'turned':
      return tParts('{name} turned over {tile}.', { name: name(event.seat), tile: tileWords(board, tileOf(event.tile)) });
    case 'stacked': {
      const words = { name: name(event.seat), tile: tileWords(board, tileOf(event.moved)), height: String(event.height), call: call(board, 'handle_this_too') };
      return event.owner === event.seat
        ? tParts('{name} stacked {tile} onto their own pile (now {height} tiles): {call}', words)
        : tParts('{name} stacked {tile} onto {owner}\u2019s pile (now {height} tiles): {call}', { ...words, owner: name(event.owner) });
    }
    case 'passed':
      return tParts('{name} passed (no move).', { name: name(event.seat) });
    case 'left_early':
      return tParts('{name}: {leaving} \u2014 everyone: {goodjob}', {
        name: name(event.seat),
        leaving: call(board, 'leaving_now'),
        goodjob: call(board, 'good_job'),
      });
    case 'ended': {
      const winners = event.ending?.winners ?? [];
      const names = joinNames(winners.map(name));
      const result =
        winners.length > 1 ? tParts('Shared victory: {names}.', { names }) : winners.length === 1 ? tParts('{names} wins.', { names }) : [t('No winner.')];
      const over =
        event.ending?.reason === 'left_early'
          ? t('Game over (left early).')
          : event.ending?.reason === 'fewest_tiles'
            ? t('Game over (fewest tiles).')
            : t('Game over.');
      if (!event.leftover?.length) return tParts('{over} {result}', { over, result });
      const tiles = event.leftover.flatMap((tile, i) => (i ? [t('; '), tileWords(board, tileOf(tile))] : [tileWords(board, tileOf(tile))]));
      return tParts('{over} {result} Set aside: {tiles}.', { over, result, tiles });
    }
    default:
      return null;
  }
}
