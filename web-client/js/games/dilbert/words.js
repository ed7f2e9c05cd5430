// Dilbert in words: the names of employees, offices, traits and cards as
// the board prints them, who plays whom, a project's "To:" line and its
// effect, amounts of happiness and cents. Everything the other modules
// say about the game goes through here, so it is said the same way.
// Player names come marked (`markName`): whoever shows the words isolates
// them as text (`isolateNames`). Everything is said in the page's language
// (js/i18n.js; the Japanese words are js/i18n/ja/dilbert.js), the board's
// printed names and texts included.

import { markName } from '../../dom.js';
import { t } from '../../i18n.js';

/**
 * "1 card", "3 cards": each form is its own dictionary entry ('{n} card',
 * '{n} cards'), since languages count differently.
 */
export function plural(n, one, many = `${one}s`) {
  return t(`{n} ${n === 1 ? one : many}`, { n });
}

/**
 * A sentence in this page's language with elements in it: `parts` fills
 * its `{name}` placeholders with nodes or text (a bold value, a <bdi>
 * name), wherever the language puts them. Returns a list for h().
 */
export function phrase(english, parts) {
  return t(english)
    .split(/\{(\w+)\}/)
    .map((piece, i) => (i % 2 === 1 ? (Object.hasOwn(parts, piece) ? parts[piece] : `{${piece}}`) : piece))
    .filter((piece) => piece !== '' && piece !== null && piece !== undefined);
}

/** "Aki", "Aki and Ben", "Aki, Ben and Chie", as a list of text and nodes (for h()). */
export function joinParts(parts) {
  return parts.flatMap((part, i) => (i === 0 ? [part] : [i === parts.length - 1 ? t(' and ') : t(', '), part]));
}

/** "Aki", "Aki and Ben", "Aki, Ben and Chie", as one string (names stay marked). */
export function joinList(parts) {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(t(', '))}${t(' and ')}${parts.at(-1)}`;
}

/**
 * Whole clauses joined the same way in English ("Ann said nothing, Bob saw
 * no cheating and ..."); a language may join clauses unlike names.
 */
export function joinClauses(parts) {
  if (parts.length <= 1) return parts.join('');
  const list = parts.slice(1, -1).reduce((sofar, next) => t('{list}, {next}', { list: sofar, next }), parts[0]);
  return t('{list} and {last}', { list, last: parts.at(-1) });
}

export function humanize(id) {
  const text = String(id ?? '').replaceAll('_', ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "+3", "-2", "0": a change of happiness. */
export function signed(n) {
  const v = Number(n);
  return v > 0 ? `+${v}` : String(v);
}

/** 125 -> "$1.25" (the pocket-change question is in cents). */
export function cents(n) {
  const v = Number(n) || 0;
  return `$${Math.floor(v / 100)}.${String(v % 100).padStart(2, '0')}`;
}

export const TRAIT_NAMES = { apathy: 'Apathy', incompetence: 'Incompetence', offensiveness: 'Offensiveness' };

export function traitName(which) {
  return t(TRAIT_NAMES[which] ?? humanize(which));
}

// The board's cards come from the server in English; each getter below
// gives them in the page's language (the dictionary has an entry per name
// and per text), so no module reads a name or a text off the board itself.

/** A card with its printed words translated (`fields`: the ones that are words). */
function translated(card, fields) {
  if (!card) return card;
  const out = { ...card };
  for (const field of fields) if (typeof out[field] === 'string' && out[field]) out[field] = t(out[field]);
  return out;
}

/** Every employee card, in this page's language. */
export function employeeCards(board) {
  return (board?.employees ?? []).map((e) => translated(e, ['name', 'ability']));
}

export function employeeCard(board, employee) {
  return translated(board?.employees?.find((e) => e.employee === employee) ?? null, ['name', 'ability']);
}

export function employeeName(board, employee) {
  return employeeCard(board, employee)?.name ?? humanize(employee);
}

/** The piece's colour (the board's CSS colour, a grey if it is missing). */
export function employeeColour(board, employee) {
  return employeeCard(board, employee)?.colour ?? '#777777';
}

/**
 * The letters on a piece: the first letter of the name, or the first two
 * when another employee's name starts with the same letter (Alice, Asok).
 */
export function employeeInitial(board, employee) {
  const name = employeeName(board, employee);
  const first = name.charAt(0).toUpperCase();
  const clash = employeeCards(board).some((e) => e.employee !== employee && String(e.name).charAt(0).toUpperCase() === first);
  return clash ? name.slice(0, 2) : first;
}

/** The seat playing `employee`, or null (before hiring, or not in play). */
export function seatOf(view, employee) {
  return view?.players?.find((p) => p.employee === employee)?.seat ?? null;
}

/** An office card in this page's language (name, instructions, chart lines). */
function translatedOffice(card) {
  const out = translated(card, ['name', 'instructions']);
  if (out?.chart) out.chart = out.chart.map((line) => translated(line, ['text']));
  return out;
}

export function officeCards(board) {
  return (board?.offices ?? []).map(translatedOffice);
}

export function officeCard(board, office) {
  return translatedOffice(board?.offices?.find((o) => o.office === office) ?? null);
}

export function officeName(board, office) {
  return officeCard(board, office)?.name ?? humanize(office);
}

/** The office a space is, or null for a hallway square. */
export function spaceOffice(board, spaceId) {
  return board?.spaces?.[spaceId]?.office ?? null;
}

/** "Marketing" or "the hall (column 4, row 7)". */
export function spaceName(board, spaceId) {
  const space = board?.spaces?.[spaceId];
  if (!space) return t('space {id}', { id: spaceId });
  if (space.office) return officeName(board, space.office);
  const [x, y] = space.squares?.[0] ?? [0, 0];
  return t('the hall (column {x}, row {y})', { x: x + 1, y: y + 1 });
}

export function projectCard(board, id) {
  const card = board?.projects?.[id];
  return card ? translated(card, ['name']) : { id, name: t('Project {id}', { id }), icons: [], text: '', to: null, effect: { kind: 'no_effect' } };
}

export function projectName(board, id) {
  return projectCard(board, id).name;
}

export function memoCard(board, id) {
  const card = board?.memos?.[id];
  return card ? translated(card, ['name', 'text']) : { id, name: t('Memo {id}', { id }), text: '', timing: 'start_of_turn' };
}

/** Every memo card, in this page's language. */
export function memoCards(board) {
  return (board?.memos ?? []).map((m) => translated(m, ['name', 'text']));
}

export function memoName(board, id) {
  return memoCard(board, id).name;
}

export function consultantCard(board, id) {
  const card = board?.consultants?.[id];
  return card ? translated(card, ['name', 'text']) : { id, name: t('Consultant {id}', { id }), text: '' };
}

/** Every consultant card, in this page's language. */
export function consultantCards(board) {
  return (board?.consultants ?? []).map((c) => translated(c, ['name', 'text']));
}

export function tokenCard(board, token) {
  const card = board?.tokens?.find((k) => k.token === token);
  return card ? translated(card, ['name', 'text']) : { token, name: humanize(token), text: '' };
}

/** Every token card, in this page's language. */
export function tokenCards(board) {
  return (board?.tokens ?? []).map((k) => translated(k, ['name', 'text']));
}

export function tokenName(board, token) {
  return tokenCard(board, token).name;
}

/** The letters on a token: its first letter, or two when another token starts the same (Ted, Todd). */
export function tokenInitial(board, token) {
  const name = tokenName(board, token);
  const first = name.charAt(0).toUpperCase();
  const clash = tokenCards(board).some((k) => k.token !== token && String(k.name).charAt(0).toUpperCase() === first);
  return clash ? name.slice(0, 2) : first;
}

export const TIMING_TEXT = {
  start_of_turn: 'start of your turn',
  end_of_turn: 'end of your turn',
  response: 'start of your turn, in answer to what happened since your last one',
};

/** When a memo may be played, in this page's language ("" when unknown). */
export function timingText(timing) {
  return Object.hasOwn(TIMING_TEXT, timing) ? t(TIMING_TEXT[timing]) : '';
}

/** "Played at the start of your turn.", for the hand's and the reference's memos. */
export function playedAtText(timing) {
  return Object.hasOwn(TIMING_TEXT, timing) ? t(`Played at the ${TIMING_TEXT[timing]}.`) : t('Played at the right moment.');
}

/** Management Fast Track's three cheats, as the call-out form names them. */
export const CHEAT_TEXT = { legs: 'walked too far', die: 'picked the die', signature: 'second signature' };
export const CHEATS = ['legs', 'die', 'signature'];

/** A cheat's name as the call-out form says it, in this page's language. */
export function cheatName(cheat) {
  return t(CHEAT_TEXT[cheat]);
}

/** "walked too far and picked the die", or `none` (already in the page's language) when no cheat is set. */
export function cheatsText(cheats, none = t('no cheats')) {
  const named = CHEATS.filter((c) => cheats?.[c]).map(cheatName);
  if (named.length === 0) return none;
  return joinList(named);
}

/** "Project #2 (Crunch Time)", "the Schedule (Budget Review)", or the name of a project elsewhere. */
export function projectPlace(board, view, id) {
  const slot = (view?.projects ?? []).findIndex((p) => p.project === id);
  if (slot >= 0) return t('Project #{n} ({name})', { n: slot + 1, name: projectName(board, id) });
  if (view?.schedule === id) return t('the Schedule ({name})', { name: projectName(board, id) });
  return projectName(board, id);
}

const MEASURE_TEXT = {
  apathy: 'Apathy',
  incompetence: 'Incompetence',
  offensiveness: 'Offensiveness',
  motivation: 'Motivation',
  happiness: 'Happiness',
};

/** A project's "To:" line, from its criterion. */
export function criterionText(to) {
  if (!to) return '';
  const who = t(to.gender === 'female' ? 'female employees' : to.gender === 'male' ? 'male employees' : 'employees');
  const measure = t(MEASURE_TEXT[to.measure] ?? humanize(to.measure));
  return to.highest ? t('The two {who} with the highest {measure}', { who, measure }) : t('The two {who} with the lowest {measure}', { who, measure });
}

/** What a project does, in one line. */
export function effectText(effect) {
  const n = effect?.amount;
  switch (effect?.kind) {
    case 'happiness':
      return n >= 0
        ? t('Boss check: each team member gains {n} happiness.', { n: Math.abs(n) })
        : t('Boss check: each team member loses {n} happiness.', { n: Math.abs(n) });
    case 'exhausting':
      return t('Boss check: each team member loses {n} happiness and is knocked down.', { n: Math.abs(n) });
    case 'crunch':
      return t('Boss check: each team member\u2019s cubicle moves one closer to the Boss\u2019s Office.');
    case 'red_tape':
      return t('Boss check: each team member loses 1 happiness per uncovered signature.');
    case 'status_meeting':
      return t('Boss check: each team member goes to the Conference Room (unless in a restroom) and loses {n}.', { n: Math.abs(n) });
    case 'killed_team_gains':
      return t('When killed: each team member gains {n}.', { n });
    case 'killed_others_lose':
      return t('When killed: everyone not on the team loses {n}.', { n });
    case 'no_effect':
      return t('No effect.');
    default:
      return humanize(effect?.kind);
  }
}

/** The board's value of cubicle `rank` (or null). */
export function cubicleValue(board, rank) {
  return board?.cubicles?.find((c) => c.rank === rank)?.value ?? null;
}

/** "Ann (Wally)": the player and the employee they play (marked name), or the employee alone. */
export function whoIs(ctx, employee) {
  const seat = seatOf(ctx.view, employee);
  const name = employeeName(ctx.board, employee);
  return seat === null ? name : t('{player} ({employee})', { player: markName(ctx.names(seat)), employee: name });
}

/**
 * What a memo is played on, in words (player names marked). Projects are
 * named with their slot now ("Project #2 (Crunch Time)") unless `slots` is
 * false (the log: slots change after a kill, names do not).
 */
export function targetWords(target, ctx, { slots = true } = {}) {
  const { board, view } = ctx;
  const project = (id) => (slots ? projectPlace(board, view, id) : projectName(board, id));
  switch (target?.kind) {
    case 'employee':
      return whoIs(ctx, target.employee);
    case 'space':
      return spaceName(board, target.space);
    case 'project':
      return project(target.project);
    case 'signature':
      return t('the {office} signature on {project}', { office: officeName(board, target.icon), project: project(target.project) });
    case 'work':
      return t('{who} on {project}', { who: whoIs(ctx, target.employee), project: project(target.project) });
    case 'memo':
      return memoName(board, target.memo);
    default:
      return humanize(target?.kind);
  }
}
