// The end screen's Dilbert details: each employee's final count (total,
// then what makes it: happiness on the track, cubicle, other modifiers),
// winners first-class in the table. The total comes right after the name,
// as in the other games' tables: on a phone the modifiers make the table
// wider than the screen, and what scrolls out of sight is the detail.

import { h } from '../../dom.js';
import { t } from '../../i18n.js';
import { employeeName, joinParts, phrase, signed } from './words.js';

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
        h('bdi', { translate: 'no' }, ctx.names(s.seat)),
        winners.includes(s.seat) ? [' ', h('span', { class: 'badge badge-winner' }, t('winner'))] : null,
        h('span', { class: 'dl-ending-employee' }, employeeName(board, s.employee)),
      ),
      h('td', { 'data-col': 'total' }, h('strong', {}, String(s.total))),
      h('td', { 'data-col': 'happiness' }, String(s.happiness)),
      h('td', { 'data-col': 'cubicle' }, signed(s.cubicle)),
      h(
        'td',
        { 'data-col': 'modifiers' },
        (s.modifiers ?? []).length ? modifierList(s.modifiers) : '\u2014',
      ),
    ),
  );
  return h(
    'div',
    { class: 'ending-details dl-ending', 'data-testid': 'ending' },
    h(
      'p',
      { class: 'dl-ending-how' },
      t('The Boss (at {boss}) has no more happiness than an employee: he is transferred to upper management. ', { boss: view.boss }),
      winners.length
        ? phrase(winners.length > 1 ? '{winners} are happiest.' : '{winners} is happiest.', { winners: joinParts(winners.map((s) => h('strong', {}, h('bdi', { translate: 'no' }, ctx.names(s))))) })
        : null,
    ),
    // Wider than a phone: it scrolls sideways, so the keyboard can reach it
    // (the name and the total stay in view: dilbert-table.test.mjs).
    h(
      'div',
      { class: 'dl-ending-scroll', tabindex: '0', role: 'region', 'aria-label': t('Final happiness') },
      h(
        'table',
        { class: 'scores' },
        h('caption', {}, t('Final happiness')),
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            h('th', { scope: 'col' }, t('Player')),
            h('th', { scope: 'col' }, t('Total')),
            h('th', { scope: 'col' }, t('Track')),
            h('th', { scope: 'col' }, t('Cubicle')),
            h('th', { scope: 'col' }, t('Other')),
          ),
        ),
        h('tbody', {}, rows),
      ),
    ),
  );
}

/**
 * The modifiers, each one whole (site.css keeps it on one line) with lines
 * broken only between them: left to wrap anywhere, Japanese stood them on
 * end in a column three characters wide.
 */
function modifierList(modifiers) {
  return modifiers.flatMap((m, i) => [
    i > 0 ? t(', ') : null,
    h('span', { class: 'dl-modifier' }, t('{modifier} {amount}', { modifier: t(m.name), amount: signed(m.amount) })),
  ]);
}
