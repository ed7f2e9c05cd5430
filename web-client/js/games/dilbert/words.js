// Dilbert in words: the names of employees, offices, traits and cards as
// the board prints them, who plays whom, a project's "To:" line and its
// effect, amounts of happiness and cents. Everything the other modules
// say about the game goes through here, so it is said the same way.
// Player names come marked (`markName`): whoever shows the words isolates
// them as text (`isolateNames`).

import { markName } from '../../dom.js';

export function plural(n, one, many = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`;
}

export function humanize(id) {
  const text = String(id ?? '').replaceAll('_', ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function possessive(name) {
  return `${name}\u2019s`;
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
  return TRAIT_NAMES[which] ?? humanize(which);
}

export function employeeCard(board, employee) {
  return board?.employees?.find((e) => e.employee === employee) ?? null;
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
  const clash = (board?.employees ?? []).some((e) => e.employee !== employee && String(e.name).charAt(0).toUpperCase() === first);
  return clash ? name.slice(0, 2) : first;
}

/** The seat playing `employee`, or null (before hiring, or not in play). */
export function seatOf(view, employee) {
  return view?.players?.find((p) => p.employee === employee)?.seat ?? null;
}

export function officeCard(board, office) {
  return board?.offices?.find((o) => o.office === office) ?? null;
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
  if (!space) return `space ${spaceId}`;
  if (space.office) return officeName(board, space.office);
  const [x, y] = space.squares?.[0] ?? [0, 0];
  return `the hall (column ${x + 1}, row ${y + 1})`;
}

export function projectCard(board, id) {
  return board?.projects?.[id] ?? { id, name: `Project ${id}`, icons: [], text: '', to: null, effect: { kind: 'no_effect' } };
}

export function projectName(board, id) {
  return projectCard(board, id).name;
}

export function memoCard(board, id) {
  return board?.memos?.[id] ?? { id, name: `Memo ${id}`, text: '', timing: 'start_of_turn' };
}

export function memoName(board, id) {
  return memoCard(board, id).name;
}

export function consultantCard(board, id) {
  return board?.consultants?.[id] ?? { id, name: `Consultant ${id}`, text: '' };
}

export function tokenCard(board, token) {
  return board?.tokens?.find((t) => t.token === token) ?? { token, name: humanize(token), text: '' };
}

export function tokenName(board, token) {
  return tokenCard(board, token).name;
}

/** The letters on a token: its first letter, or two when another token starts the same (Ted, Todd). */
export function tokenInitial(board, token) {
  const name = tokenName(board, token);
  const first = name.charAt(0).toUpperCase();
  const clash = (board?.tokens ?? []).some((t) => t.token !== token && String(t.name).charAt(0).toUpperCase() === first);
  return clash ? name.slice(0, 2) : first;
}

export const TIMING_TEXT = {
  start_of_turn: 'start of your turn',
  end_of_turn: 'end of your turn',
  response: 'start of your turn, in answer to what happened since your last one',
};

/** Management Fast Track's three cheats, as the call-out form names them. */
export const CHEAT_TEXT = { legs: 'walked too far', die: 'picked the die', signature: 'second signature' };
export const CHEATS = ['legs', 'die', 'signature'];

/** "walked too far and picked the die", or `none` when no cheat is set. */
export function cheatsText(cheats, none = 'no cheats') {
  const named = CHEATS.filter((c) => cheats?.[c]).map((c) => CHEAT_TEXT[c]);
  if (named.length === 0) return none;
  return named.length === 1 ? named[0] : `${named.slice(0, -1).join(', ')} and ${named.at(-1)}`;
}

/** "Project #2 (Crunch Time)", "the Schedule (Budget Review)", or the name of a project elsewhere. */
export function projectPlace(board, view, id) {
  const slot = (view?.projects ?? []).findIndex((p) => p.project === id);
  if (slot >= 0) return `Project #${slot + 1} (${projectName(board, id)})`;
  if (view?.schedule === id) return `the Schedule (${projectName(board, id)})`;
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
  const who = to.gender === 'female' ? 'female employees' : to.gender === 'male' ? 'male employees' : 'employees';
  return `The two ${who} with the ${to.highest ? 'highest' : 'lowest'} ${MEASURE_TEXT[to.measure] ?? humanize(to.measure)}`;
}

/** What a project does, in one line. */
export function effectText(effect) {
  const n = effect?.amount;
  switch (effect?.kind) {
    case 'happiness':
      return `Boss check: each team member ${n >= 0 ? 'gains' : 'loses'} ${Math.abs(n)} happiness.`;
    case 'exhausting':
      return `Boss check: each team member loses ${Math.abs(n)} happiness and is knocked down.`;
    case 'crunch':
      return 'Boss check: each team member\u2019s cubicle moves one closer to the Boss\u2019s Office.';
    case 'red_tape':
      return 'Boss check: each team member loses 1 happiness per uncovered signature.';
    case 'status_meeting':
      return `Boss check: each team member goes to the Conference Room (unless in a restroom) and loses ${Math.abs(n)}.`;
    case 'killed_team_gains':
      return `When killed: each team member gains ${n}.`;
    case 'killed_others_lose':
      return `When killed: everyone not on the team loses ${n}.`;
    case 'no_effect':
      return 'No effect.';
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
  return seat === null ? name : `${markName(ctx.names(seat))} (${name})`;
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
      return `the ${officeName(board, target.icon)} signature on ${project(target.project)}`;
    case 'work':
      return `${whoIs(ctx, target.employee)} on ${project(target.project)}`;
    case 'memo':
      return memoName(board, target.memo);
    default:
      return humanize(target?.kind);
  }
}
