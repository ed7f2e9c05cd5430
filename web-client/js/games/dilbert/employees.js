// One card per seat: who plays which employee, and everything public
// about them (happiness, motivation, the three traits, free work tokens,
// memos in hand and the hand an Information Services roll showed, the
// cubicle, where they stand, the tokens they carry). The colour swatch is
// the piece's colour.

import { h } from '../../dom.js';
import { cubicleValue, employeeCard, employeeColour, employeeName, memoName, signed, spaceName, tokenName } from './words.js';

export function renderEmployees(ctx) {
  const { view } = ctx;
  return h(
    'section',
    { class: 'dl-employees', 'aria-label': 'Employees' },
    h('h3', {}, 'Employees'),
    h('ul', { class: 'dl-employee-list' }, (view.players ?? []).map((p) => employee(ctx, p))),
  );
}

function employee(ctx, p) {
  const { board, view } = ctx;
  const mine = p.seat === ctx.seat;
  const stage = view.stage ?? {};
  const turn = stage.stage === 'turn' && stage.seat === p.seat && !view.ending;
  const card = p.employee ? employeeCard(board, p.employee) : null;
  const winner = view.ending?.winners?.includes(p.seat);
  const swatch = h('span', { class: 'dl-swatch', 'aria-hidden': 'true' });
  if (p.employee) swatch.style.backgroundColor = employeeColour(board, p.employee);
  const cubicle = p.cubicle !== null && p.cubicle !== undefined ? `#${p.cubicle} (${signed(cubicleValue(board, p.cubicle) ?? 0)})` : 'none';
  const stats = [
    ['Happiness', String(p.happiness), 'happiness'],
    ['Motivation', String(p.motivation), 'motivation'],
    ['Apathy', String(p.apathy), 'apathy'],
    ['Incompetence', String(p.incompetence), 'incompetence'],
    ['Offensiveness', String(p.offensiveness), 'offensiveness'],
    ['Free work tokens', String(p.free_work), 'free-work'],
    ['Memos in hand', String(p.hand), 'hand-count'],
    ['Cubicle', cubicle, 'cubicle'],
  ];
  return h(
    'li',
    {
      class: ['dl-employee', mine ? 'dl-employee-mine' : '', turn ? 'dl-employee-turn' : '', winner ? 'dl-employee-winner' : ''].join(' ').trim(),
      'data-seat': String(p.seat),
      'data-employee': p.employee ?? '',
    },
    h(
      'h4',
      { class: 'dl-employee-name' },
      swatch,
      h('bdi', {}, ctx.names(p.seat)),
      ' ',
      h('span', { class: 'dl-employee-role' }, p.employee ? `as ${employeeName(board, p.employee)}` : 'no employee yet'),
      mine ? h('span', { class: 'badge badge-you' }, 'you') : null,
      turn ? h('span', { class: 'badge badge-turn' }, mine ? 'your turn' : 'their turn') : null,
      p.knocked_down ? h('span', { class: 'badge dl-badge-down' }, 'knocked down') : null,
      winner ? h('span', { class: 'badge badge-winner' }, 'winner') : null,
    ),
    p.employee
      ? h(
          'dl',
          { class: 'dl-stats' },
          stats.map(([term, value, key]) => h('div', { class: 'dl-stat', 'data-stat': key }, h('dt', {}, term), h('dd', {}, value))),
        )
      : null,
    p.at !== null && p.at !== undefined ? h('p', { class: 'dl-where' }, 'In ', spaceName(board, p.at), '.') : null,
    carried(ctx, p.employee),
    p.shown_hand
      ? h(
          'p',
          { class: 'dl-shown-hand', 'data-testid': 'shown-hand' },
          'Hand shown by Information Services: ',
          p.shown_hand.length ? p.shown_hand.map((m) => memoName(board, m)).join(', ') : 'no memos',
          '.',
        )
      : null,
    p.worst_job ? h('p', { class: 'dl-worst-job' }, 'Worst job: \u201c', h('bdi', {}, p.worst_job), '\u201d') : null,
    card?.ability ? h('details', { class: 'dl-ability' }, h('summary', {}, 'Ability'), h('p', {}, card.ability)) : null,
  );
}

/** "Carries: Plastic Plant." for the tokens on this employee, or null. */
function carried(ctx, employee) {
  if (!employee) return null;
  const tokens = (ctx.view.tokens ?? []).filter((t) => t.on === employee);
  if (tokens.length === 0) return null;
  return h('p', { class: 'dl-carries', 'data-testid': 'carries' }, 'Carries: ', tokens.map((t) => tokenName(ctx.board, t.token)).join(', '), '.');
}
