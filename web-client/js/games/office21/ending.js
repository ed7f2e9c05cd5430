// The end screen's Office 21 details: how it ended, who won and how, the
// tie-break, the final profits.

import { h, joinNames } from '../../dom.js';
import { t, tParts } from '../../i18n.js';
import { TIE_BREAK_TEXT, congratulation, endName, millions, victoryName } from './words.js';

export function describeEnding(ctx) {
  const { view, board } = ctx;
  const ending = view.ending;
  if (!ending) return null;
  const winners = ending.winners ?? [];
  const how = t('Ended by {end}, won by {victory}.', {
    end: endName(board, ending.ended_by).toLowerCase(),
    victory: victoryName(board, ending.victory).toLowerCase(),
  });
  const rows = view.players.map((p) =>
    h(
      'tr',
      { class: winners.includes(p.seat) ? 'winner' : p.eliminated ? 'o21-out-row' : '', 'data-seat': String(p.seat) },
      h('th', { scope: 'row' }, h('bdi', {}, ctx.names(p.seat))),
      h('td', {}, millions(p.profit)),
      h('td', {}, String(p.office.length)),
      h('td', {}, winners.includes(p.seat) ? t('winner') : p.eliminated ? t('out') : ''),
    ),
  );
  return h(
    'div',
    { class: 'ending-details o21-ending', 'data-ended-by': ending.ended_by, 'data-victory': ending.victory },
    h('p', { class: 'o21-ending-how', 'data-testid': 'ending-how' }, how),
    ending.tie_break ? h('p', { class: 'o21-ending-tie' }, t(TIE_BREAK_TEXT[ending.tie_break] ?? '')) : null,
    h(
      'blockquote',
      { class: 'o21-congrats', 'data-testid': 'congratulation' },
      h(
        'p',
        {},
        tParts('To {names}: {congratulation}', {
          names: joinNames(winners.map((s) => h('strong', {}, h('bdi', {}, ctx.names(s))))),
          congratulation: congratulation(board, ending.victory),
        }),
      ),
    ),
    h(
      'table',
      { class: 'scores' },
      h('caption', {}, t('Final profits')),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', { scope: 'col' }, t('Player')),
          h('th', { scope: 'col' }, t('Profit')),
          h('th', { scope: 'col' }, t('Cards')),
          h('th', { scope: 'col' }, h('span', { class: 'visually-hidden' }, t('Result'))),
        ),
      ),
      h('tbody', {}, rows),
    ),
  );
}
