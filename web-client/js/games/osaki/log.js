// Osaki's log lines, in words (and the rulebook's calls, in both
// languages). Everything in Osaki is public: every event is whole.

import { h, joinNames } from '../../dom.js';
import { phrase, tileWords } from './tiles.js';

function describeFirstPlayer(fp, ctx) {
  if (!fp) return null;
  if (fp.by === 'left_latest') {
    return [h('bdi', {}, ctx.names(fp.seat)), ` left work latest yesterday (${fp.at}) and starts.`];
  }
  if (fp.by === 'random') {
    const among = fp.among ?? [];
    if (among.length > 1) {
      return ['A draw among ', ...joinNames(among.map((s) => h('bdi', {}, ctx.names(s)))), ' picked ', h('bdi', {}, ctx.names(fp.seat)), ' to start.'];
    }
    return [h('bdi', {}, ctx.names(fp.seat)), ' starts.'];
  }
  return [h('bdi', {}, ctx.names(fp.seat)), ' starts.'];
}

export function describeEvent(event, ctx) {
  const { board } = ctx;
  // Names are isolated so a right-to-left name cannot reorder the line.
  const name = (seat) => h('bdi', {}, ctx.names(seat));
  switch (event?.kind) {
    case 'started':
      return ['The game begins. ', describeFirstPlayer(event.first_player, ctx)];
    case 'turned':
      return [name(event.seat), ' turned over ', tileWords(board, event.tile), '.'];
    case 'stacked': {
      const onto = event.owner === event.seat ? 'their own pile' : [name(event.owner), '\u2019s pile'];
      return [
        name(event.seat),
        ' stacked ',
        tileWords(board, event.moved),
        ' onto ',
        onto,
        ` (now ${event.height} tiles)`,
        ': ',
        h('q', { class: 'call' }, phrase(board, 'handle_this_too')),
      ];
    }
    case 'passed':
      return [name(event.seat), ' passed (no move).'];
    case 'left_early':
      return [
        name(event.seat),
        ': ',
        h('q', { class: 'call' }, phrase(board, 'leaving_now')),
        ' \u2014 everyone: ',
        h('q', { class: 'call' }, phrase(board, 'good_job')),
      ];
    case 'ended': {
      const winners = event.ending?.winners ?? [];
      const who = joinNames(winners.map(name));
      const result =
        winners.length > 1 ? ['Shared victory: ', ...who, '.'] : winners.length === 1 ? [...who, ' wins.'] : ['No winner.'];
      const how =
        event.ending?.reason === 'left_early' ? ' (left early)' : event.ending?.reason === 'fewest_tiles' ? ' (fewest tiles)' : '';
      const leftover = event.leftover?.length
        ? [' Set aside: ', ...event.leftover.flatMap((t, i) => (i ? ['; ', tileWords(board, t)] : [tileWords(board, t)])), '.']
        : [];
      return ['Game over', how, '. ', ...result, ...leftover];
    }
    default:
      return null;
  }
}
