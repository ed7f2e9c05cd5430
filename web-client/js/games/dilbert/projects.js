// The projects in play by slot (name, "To:", signature icons with the
// covered ones marked, team, effect), the Schedule, and the decks and
// supplies beside them: project deck, discard, consultant in play,
// consultant and memo decks, glass signature tokens left. A `sign`
// action is a button on the icon it covers. The consultant's text is
// hidden from a viewer it hides texts from (texts.js).

import { h } from '../../dom.js';
import { actionButton } from './actions.js';
import { signKey } from './legal.js';
import { cardText } from './texts.js';
import {
  consultantCard,
  criterionText,
  effectText,
  employeeColour,
  employeeName,
  officeName,
  plural,
  projectCard,
  projectName,
  seatOf,
} from './words.js';

export function renderProjects(ctx, legal) {
  const { view } = ctx;
  const slots = (view.projects ?? []).map((inPlay, i) =>
    h('li', { class: 'dl-project-slot' }, projectBox(ctx, legal, { id: inPlay.project, signed: inPlay.signed ?? [], team: inPlay.team ?? [], title: `Project #${i + 1}` })),
  );
  const schedule =
    view.schedule !== null && view.schedule !== undefined
      ? projectBox(ctx, legal, { id: view.schedule, signed: [], team: null, title: 'Schedule (next project)', schedule: true })
      : h('p', { class: 'dl-empty' }, 'No Schedule: the project deck is empty.');
  return h(
    'section',
    { class: 'dl-projects', 'aria-label': 'Projects' },
    h('h3', {}, 'Projects'),
    h('ol', { class: 'dl-project-list', 'data-testid': 'projects' }, slots),
    h('div', { class: 'dl-schedule', 'data-testid': 'schedule' }, schedule),
    renderSupplies(ctx),
    view.consultant !== null && view.consultant !== undefined ? consultant(ctx, view.consultant, view.consultant_ignored) : null,
  );
}

function renderSupplies(ctx) {
  const { view, board } = ctx;
  const discard = view.project_discard ?? [];
  return h(
    'ul',
    { class: 'dl-supplies', 'data-testid': 'supplies' },
    h('li', { 'data-supply': 'project-deck' }, 'Project deck: ', h('strong', {}, plural(view.project_deck, 'card'))),
    h('li', { 'data-supply': 'memo-deck' }, 'Memo deck: ', h('strong', {}, plural(view.memo_deck, 'card'))),
    h('li', { 'data-supply': 'consultant-deck' }, 'Consultant deck: ', h('strong', {}, plural(view.consultant_deck, 'card'))),
    h('li', { 'data-supply': 'signatures' }, 'Signature tokens left: ', h('strong', {}, String(view.signatures_left))),
    discard.length
      ? h('li', { 'data-supply': 'project-discard' }, 'Projects gone: ', discard.map((id) => projectName(board, id)).join(', '))
      : null,
  );
}

function consultant(ctx, id, ignored) {
  const card = consultantCard(ctx.board, id);
  return h(
    'div',
    { class: 'dl-consultant', 'data-testid': 'consultant', 'data-consultant': String(id) },
    h('h4', {}, 'Consultant in play: ', card.name),
    cardText(ctx, card.text),
    ignored ? h('p', { class: 'hint' }, 'Dilbert ignores this consultant.') : null,
  );
}

function projectBox(ctx, legal, { id, signed, team, title, schedule = false }) {
  const { board } = ctx;
  const card = projectCard(board, id);
  const left = [...signed];
  const icons = (card.icons ?? []).map((icon) => {
    // A covered icon is one the `signed` list still accounts for.
    const at = left.indexOf(icon);
    const covered = at >= 0;
    if (covered) left.splice(at, 1);
    const action = covered ? null : legal.sign.get(signKey(id, icon));
    const name = officeName(board, icon);
    if (action) {
      return h(
        'li',
        { class: 'dl-icon dl-icon-open' },
        actionButton(ctx, action, { label: ['Sign: ', name], extraClass: 'dl-sign', attrs: { 'aria-label': `Cover the ${name} signature on ${card.name}` } }),
      );
    }
    return h(
      'li',
      { class: `dl-icon ${covered ? 'dl-icon-signed' : 'dl-icon-open'}`, 'data-icon': icon, 'data-signed': covered ? 'true' : 'false' },
      covered ? h('span', { class: 'dl-icon-mark', 'aria-hidden': 'true' }, '\u2714 ') : null,
      name,
      covered ? h('span', { class: 'visually-hidden' }, ' (signed)') : null,
    );
  });
  return h(
    'article',
    { class: `dl-project${schedule ? ' dl-project-schedule' : ''}`, 'data-project': String(id) },
    h('p', { class: 'dl-project-slot-name' }, title),
    h('h4', { class: 'dl-project-name' }, card.name),
    card.to ? h('p', { class: 'dl-project-to' }, h('strong', {}, 'To: '), criterionText(card.to)) : null,
    h('ul', { class: 'dl-icons', 'aria-label': 'Signatures needed' }, icons),
    team ? teamLine(ctx, team) : null,
    h('p', { class: 'dl-project-effect' }, effectText(card.effect)),
  );
}

function teamLine(ctx, team) {
  const { board, view } = ctx;
  if (team.length === 0) return h('p', { class: 'dl-team' }, 'Team: nobody.');
  return h(
    'p',
    { class: 'dl-team' },
    'Team: ',
    team.map((employee, i) => {
      const seat = seatOf(view, employee);
      const swatch = h('span', { class: 'dl-swatch', 'aria-hidden': 'true' });
      swatch.style.backgroundColor = employeeColour(board, employee);
      return h(
        'span',
        { class: 'dl-team-member', 'data-employee': employee },
        i > 0 ? ', ' : '',
        swatch,
        employeeName(board, employee),
        seat === ctx.seat ? ' (you)' : '',
      );
    }),
  );
}
