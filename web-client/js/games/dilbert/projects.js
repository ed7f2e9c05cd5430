// The projects in play by slot (name, "To:", signature icons with the
// covered ones marked, team, effect), the Schedule, and the decks and
// supplies beside them: project deck, discard, consultant in play,
// consultant and memo decks, glass signature tokens left. A `sign`
// action is a button on the icon it covers. The consultant's text is
// hidden from a viewer it hides texts from (texts.js).

import { h } from '../../dom.js';
import { t } from '../../i18n.js';
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
    h('li', { class: 'dl-project-slot' }, projectBox(ctx, legal, { id: inPlay.project, signed: inPlay.signed ?? [], team: inPlay.team ?? [], title: t('Project #{n}', { n: i + 1 }) })),
  );
  const schedule =
    view.schedule !== null && view.schedule !== undefined
      ? projectBox(ctx, legal, { id: view.schedule, signed: [], team: null, title: t('Schedule (next project)'), schedule: true })
      : h('p', { class: 'dl-empty' }, t('No Schedule: the project deck is empty.'));
  return h(
    'section',
    { class: 'dl-projects', 'aria-label': t('Projects') },
    h('h3', {}, t('Projects')),
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
    h('li', { 'data-supply': 'project-deck' }, t('Project deck: '), h('strong', {}, plural(view.project_deck, 'card'))),
    h('li', { 'data-supply': 'memo-deck' }, t('Memo deck: '), h('strong', {}, plural(view.memo_deck, 'card'))),
    h('li', { 'data-supply': 'consultant-deck' }, t('Consultant deck: '), h('strong', {}, plural(view.consultant_deck, 'card'))),
    h('li', { 'data-supply': 'signatures' }, t('Signature tokens left: '), h('strong', {}, String(view.signatures_left))),
    discard.length
      ? h('li', { 'data-supply': 'project-discard' }, t('Projects gone: '), discard.map((id) => projectName(board, id)).join(t(', ')))
      : null,
  );
}

function consultant(ctx, id, ignored) {
  const card = consultantCard(ctx.board, id);
  return h(
    'div',
    { class: 'dl-consultant', 'data-testid': 'consultant', 'data-consultant': String(id) },
    h('h4', {}, t('Consultant in play: '), card.name),
    cardText(ctx, card.text),
    ignored ? h('p', { class: 'hint' }, t('Dilbert ignores this consultant.')) : null,
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
        // Named by its visible words, the project added for screen readers
        // only (label in name, WCAG 2.5.3): "Sign: Legal on Project Platypus".
        actionButton(ctx, action, {
          label: [t('Sign: '), name, h('span', { class: 'visually-hidden' }, t(' on {project}', { project: card.name }))],
          extraClass: 'dl-sign',
        }),
      );
    }
    return h(
      'li',
      { class: `dl-icon ${covered ? 'dl-icon-signed' : 'dl-icon-open'}`, 'data-icon': icon, 'data-signed': covered ? 'true' : 'false' },
      covered ? h('span', { class: 'dl-icon-mark', 'aria-hidden': 'true' }, '\u2714 ') : null,
      name,
      covered ? h('span', { class: 'visually-hidden' }, t(' (signed)')) : null,
    );
  });
  return h(
    'article',
    { class: `dl-project${schedule ? ' dl-project-schedule' : ''}`, 'data-project': String(id) },
    h('p', { class: 'dl-project-slot-name' }, title),
    h('h4', { class: 'dl-project-name' }, card.name),
    card.to ? h('p', { class: 'dl-project-to' }, h('strong', {}, t('To: ')), criterionText(card.to)) : null,
    h('ul', { class: 'dl-icons', 'aria-label': t('Signatures needed') }, icons),
    team ? teamLine(ctx, team) : null,
    h('p', { class: 'dl-project-effect' }, effectText(card.effect)),
  );
}

function teamLine(ctx, team) {
  const { board, view } = ctx;
  if (team.length === 0) return h('p', { class: 'dl-team' }, t('Team: nobody.'));
  // An employee can have two work tokens on one project (the rules allow
  // it: a Volunteered or swapped token); named once, with the count, not
  // twice in a row as if the line were wrong.
  const tokens = new Map();
  for (const employee of team) tokens.set(employee, (tokens.get(employee) ?? 0) + 1);
  return h(
    'p',
    { class: 'dl-team' },
    t('Team: '),
    [...tokens].map(([employee, count], i) => {
      const seat = seatOf(view, employee);
      const swatch = h('span', { class: 'dl-swatch', 'aria-hidden': 'true' });
      swatch.style.backgroundColor = employeeColour(board, employee);
      return h(
        'span',
        { class: 'dl-team-member', 'data-employee': employee, 'data-work-tokens': String(count) },
        i > 0 ? t(', ') : '',
        swatch,
        employeeName(board, employee),
        seat === ctx.seat ? t(' (you)') : '',
        count > 1 ? t(' ({tokens})', { tokens: plural(count, 'work token') }) : '',
      );
    }),
  );
}
