// Osaki's end details: why it ended, tiles left per player, the tiles set
// aside.

import { h, joinNames } from '../../dom.js';
import { t, tParts } from '../../i18n.js';
import { phrase, tileOf, tilesIn, tileWords } from './tiles.js';

export function describeEnding(ctx) {
  const { view, board } = ctx;
  const ending = view.ending;
  if (!ending) return null;
  const reason =
    ending.reason === 'left_early'
      ? tParts('{names} handed off their last tiles: {leaving} {goodjob}', {
          names: joinNames(ending.winners.map((s) => h('bdi', {}, ctx.names(s)))),
          leaving: h('q', { class: 'call' }, phrase(board, 'leaving_now')),
          goodjob: h('q', { class: 'call' }, phrase(board, 'good_job')),
        })
      : [t('Every tile is turned and nothing more can be stacked: fewest tiles wins.')];
  const rows = view.areas.map((area) =>
    h(
      'tr',
      { class: ending.winners.includes(area.seat) ? 'winner' : '' },
      h('th', { scope: 'row' }, h('bdi', {}, ctx.names(area.seat))),
      h('td', {}, String(ending.tiles?.[area.seat] ?? tilesIn(area))),
      h('td', {}, ending.winners.includes(area.seat) ? t('winner') : ''),
    ),
  );
  const revealed = view.leftover?.filter((l) => l.face === 'revealed') ?? [];
  return h(
    'div',
    { class: 'ending-details' },
    h('p', {}, reason),
    h(
      'table',
      { class: 'scores' },
      h('caption', {}, t('Tiles left in front of each player')),
      h(
        'thead',
        {},
        h('tr', {}, h('th', { scope: 'col' }, t('Player')), h('th', { scope: 'col' }, t('Tiles')), h('th', { scope: 'col' }, h('span', { class: 'visually-hidden' }, t('Result')))),
      ),
      h('tbody', {}, rows),
    ),
    revealed.length
      ? h(
          'div',
          { class: 'revealed' },
          h('p', {}, t('The tiles set aside were:')),
          h('ul', {}, revealed.map((l) => h('li', {}, tileWords(board, tileOf(l.tile))))),
        )
      : null,
  );
}
