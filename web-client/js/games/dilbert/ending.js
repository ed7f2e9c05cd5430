// The end screen's Dilbert details: each employee's final count
// (happiness on the track, cubicle, other modifiers, total), winners
// first-class in the table.

import { h, joinNames } from '../../dom.js';
import { employeeName, signed } from './words.js';

export function describeEnding(ctx) {
  const { view, board } = ctx;
  const ending = view.ending;
  if (!ending) return null;
  const winners = ending.winners ?? [];
  const scores = [...(ending.scores ?? [])].sort((a, b) => b.total - a.total);
  const rows = scores.map((s) =>
    h(
      'tr',
      { class: winners.includes(s.seat) ? 'winner' : '', 'data-seat': String(s.seat) },
      h(
        'th',
        { scope: 'row' },
        h('bdi', {}, ctx.names(s.seat)),
        winners.includes(s.seat) ? [' ', h('span', { class: 'badge badge-winner' }, 'winner')] : null,
        h('span', { class: 'dl-ending-employee' }, employeeName(board, s.employee)),
      ),
      h('td', { 'data-col': 'happiness' }, String(s.happiness)),
      h('td', { 'data-col': 'cubicle' }, signed(s.cubicle)),
      h(
        'td',
        { 'data-col': 'modifiers' },
        (s.modifiers ?? []).length ? s.modifiers.map((m) => `${m.name} ${signed(m.amount)}`).join(', ') : '\u2014',
      ),
      h('td', { 'data-col': 'total' }, h('strong', {}, String(s.total))),
    ),
  );
  return h(
    'div',
    { class: 'ending-details dl-ending', 'data-testid': 'ending' },
    h(
      'p',
      { class: 'dl-ending-how' },
      `The Boss (at ${view.boss}) has no more happiness than an employee: he is transferred to upper management. `,
      winners.length
        ? [...joinNames(winners.map((s) => h('strong', {}, h('bdi', {}, ctx.names(s))))), winners.length > 1 ? ' are happiest.' : ' is happiest.']
        : null,
    ),
    h(
      'div',
      { class: 'dl-ending-scroll' },
      h(
        'table',
        { class: 'scores' },
        h('caption', {}, 'Final happiness'),
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            h('th', { scope: 'col' }, 'Player'),
            h('th', { scope: 'col' }, 'Track'),
            h('th', { scope: 'col' }, 'Cubicle'),
            h('th', { scope: 'col' }, 'Other'),
            h('th', { scope: 'col' }, 'Total'),
          ),
        ),
        h('tbody', {}, rows),
      ),
    ),
  );
}
