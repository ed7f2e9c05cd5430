// One card per seat: who plays which employee, and everything public
// about them (happiness, motivation, the three traits, free work tokens,
// memos in hand and the hand an Information Services roll showed, the
// cubicle, where they stand, the tokens they carry). The colour swatch is
// the piece's colour.

import { h } from '../../dom.js';
import { t } from '../../i18n.js';
import { cubicleValue, employeeCard, employeeColour, employeeName, memoName, phrase, signed, spaceName, tokenName } from './words.js';

export function renderEmployees(ctx) {
  const { view } = ctx;
  return h(
    'section',
    { class: 'dl-employees', 'aria-label': t('Employees') },
    h('h3', {}, t('Employees')),
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
  const cubicle = p.cubicle !== null && p.cubicle !== undefined ? t('#{rank} ({value})', { rank: p.cubicle, value: signed(cubicleValue(board, p.cubicle) ?? 0) }) : t('none');
  const stats = [
    [t('Happiness'), String(p.happiness), 'happiness'],
    [t('Motivation'), String(p.motivation), 'motivation'],
    [t('Apathy'), String(p.apathy), 'apathy'],
    [t('Incompetence'), String(p.incompetence), 'incompetence'],
    [t('Offensiveness'), String(p.offensiveness), 'offensiveness'],
    [t('Free work tokens'), String(p.free_work), 'free-work'],
    [t('Memos in hand'), String(p.hand), 'hand-count'],
    [t('Cubicle'), cubicle, 'cubicle'],
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
      h('bdi', { translate: 'no' }, ctx.names(p.seat)),
      ' ',
      h('span', { class: 'dl-employee-role' }, p.employee ? t('as {employee}', { employee: employeeName(board, p.employee) }) : t('no employee yet')),
      mine ? h('span', { class: 'badge badge-you' }, t('you')) : null,
      turn ? h('span', { class: 'badge badge-turn' }, mine ? t('your turn') : t('their turn')) : null,
      p.knocked_down ? h('span', { class: 'badge dl-badge-down' }, t('knocked down')) : null,
      winner ? h('span', { class: 'badge badge-winner' }, t('winner')) : null,
    ),
    p.employee
      ? h(
          'dl',
          { class: 'dl-stats' },
          stats.map(([term, value, key]) => h('div', { class: 'dl-stat', 'data-stat': key }, h('dt', {}, term), h('dd', {}, value))),
        )
      : null,
    p.at !== null && p.at !== undefined ? h('p', { class: 'dl-where' }, t('In {space}.', { space: spaceName(board, p.at) })) : null,
    carried(ctx, p.employee),
    p.shown_hand
      ? h(
          'p',
          { class: 'dl-shown-hand', 'data-testid': 'shown-hand' },
          t('Hand shown by Information Services: {memos}.', { memos: p.shown_hand.length ? p.shown_hand.map((m) => memoName(board, m)).join(t(', ')) : t('no memos') }),
        )
      : null,
    p.worst_job ? h('p', { class: 'dl-worst-job' }, phrase('Worst job: \u201c{answer}\u201d', { answer: h('bdi', { translate: 'no' }, p.worst_job) })) : null,
    card?.ability ? h('details', { class: 'dl-ability' }, h('summary', {}, t('Ability')), h('p', {}, card.ability)) : null,
  );
}

/** "Carries: Plastic Plant." for the tokens on this employee, or null. */
function carried(ctx, employee) {
  if (!employee) return null;
  const tokens = (ctx.view.tokens ?? []).filter((t) => t.on === employee);
  if (tokens.length === 0) return null;
  return h('p', { class: 'dl-carries', 'data-testid': 'carries' }, t('Carries: {tokens}.', { tokens: tokens.map((k) => tokenName(ctx.board, k.token)).join(t(', ')) }));
}
