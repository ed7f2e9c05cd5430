// Any legal action as a button: its label in words and the `data-action`
// attribute holding the action exactly as the server wrote it.

import { h, isolateNames } from '../../dom.js';
import { actionKey } from './legal.js';
import {
  cheatsText,
  employeeName,
  memoName,
  officeName,
  possessive,
  projectName,
  seatOf,
  spaceName,
  targetWords,
  traitName,
  cents,
} from './words.js';

/** What clicking `action` does, as plain text (for attributes: names unmarked). */
export function actionLabel(action, ctx) {
  return unmark(actionText(action, ctx));
}

/** A text with names marked by `markName`, as plain text. */
export function unmark(text) {
  return String(text).replace(/[\u2068\u2069]/g, '');
}

/** What clicking `action` does, in words (player names marked: isolate them to show). */
export function actionText(action, ctx) {
  const { board, view } = ctx;
  const project = (id) => projectName(board, id);
  const icon = (office) => `${officeName(board, office)} signature`;
  const whoseToken = (employee) => {
    const seat = seatOf(view, employee);
    return seat === ctx.seat ? 'your' : possessive(employeeName(board, employee));
  };
  switch (action.type) {
    case 'vote':
      return action.seat === ctx.seat ? 'Vote for yourself' : `Vote for ${ctx.names(action.seat)}`;
    case 'pick':
      return `Play ${employeeName(board, action.employee)}`;
    case 'discard':
      return `Discard ${memoName(board, action.memo)}`;
    case 'play':
      return action.target ? `Play ${memoName(board, action.memo)} on ${targetWords(action.target, ctx)}` : `Play ${memoName(board, action.memo)}`;
    case 'end_turn':
      return 'End your turn';
    case 'answer':
      return action.yes ? 'Yes' : 'No';
    case 'accuse':
      return cheatsText(action.cheats, '') ? `Call out: ${cheatsText(action.cheats)}` : 'I saw no cheating';
    case 'roll':
      return 'Roll honestly';
    case 'load_die':
      return `Pick ${action.value} (a cheat)`;
    case 'run':
      return 'Run (roll the die and add it; a 6 sends you to Heck)';
    case 'move': {
      const me = view.players.find((p) => p.seat === ctx.seat);
      return me?.at === action.to ? 'Stay where you are' : `Go to ${spaceName(board, action.to)}`;
    }
    case 'sign':
      return `Cover the ${icon(action.icon)} on ${project(action.project)}`;
    case 'swap_trait': {
      const me = view.players.find((p) => p.seat === ctx.seat);
      const other = view.players.find((p) => p.employee === action.with);
      const mine = me?.[action.which];
      const theirs = other?.[action.which];
      const values = mine !== undefined && theirs !== undefined ? ` (your ${mine} for their ${theirs})` : '';
      return `Swap your ${traitName(action.which)} with ${employeeName(board, action.with)}${values}`;
    }
    case 'perform':
      return performText(view);
    case 'decline':
      return declineText(view);
    case 'discard_schedule':
      return view.schedule !== null && view.schedule !== undefined ? `Discard the Schedule (${project(view.schedule)})` : 'Discard the Schedule';
    case 'kill':
      return `Lose 5 happiness to kill ${project(action.project)}`;
    case 'copy_signature':
      return `Copy the ${icon(action.icon)} onto ${project(action.onto)}`;
    case 'remove_signature':
      return `Remove the ${icon(action.icon)} from ${project(action.project)}`;
    case 'swap_work':
      return `Swap ${whoseToken(action.first.employee)} token on ${project(action.first.project)} with ${whoseToken(action.second.employee)} token on ${project(action.second.project)}`;
    case 'keep_memo': {
      const third = (view.peek ?? []).find((m) => m !== action.keep && m !== action.top);
      return `Keep ${memoName(board, action.keep)}, put ${memoName(board, action.top)} on top${third !== undefined ? ` and ${memoName(board, third)} under it` : ''}`;
    }
    case 'change':
      return `Answer ${cents(action.cents)}`;
    case 'unassign':
      return `Take your work token back from ${project(action.project)}`;
    case 'bargain':
      return 'Take Phil\u2019s bargain: lose 2 happiness, cubicle one farther from the Boss';
    case 'ignore_consultant':
      return action.ignore ? 'Ignore the consultant (Dilbert\u2019s right)' : 'Heed the consultant again';
    default:
      return String(action.type).replaceAll('_', ' ');
  }
}

function decisionOf(view) {
  return view?.stage?.stage === 'turn' ? view.stage.step : null;
}

function performText(view) {
  const d = decisionOf(view)?.decision;
  if (d === 'teapot') return 'Sing \u201cI\u2019m a Little Teapot\u201d (with hand gestures)';
  if (d === 'rooster') return 'Crow like a rooster (everyone else gains 1)';
  return 'Perform';
}

function declineText(view) {
  const step = decisionOf(view);
  if (step?.step === 'sign') return 'Take no signature';
  switch (step?.decision) {
    case 'teapot':
      return 'Refuse and lose 10 happiness';
    case 'rooster':
      return 'Defy Catbert and lose 4 happiness';
    case 'discard_schedule':
      return 'Keep the Schedule';
    case 'kill':
      return 'Kill nothing';
    case 'copy_signature':
      return 'Copy nothing';
    case 'swap_work':
      return 'Swap nothing';
    case 'unassign':
      return 'Keep your tokens where they are';
    case 'bargain':
      return 'Refuse the bargain';
    case 'swap_trait':
      return 'Swap nothing';
    default:
      return 'Decline';
  }
}

/** A button that sends `action` unchanged. */
export function actionButton(ctx, action, { label, extraClass = '', attrs = {} } = {}) {
  return h(
    'button',
    {
      type: 'button',
      class: `dl-choice ${extraClass}`.trim(),
      'data-key': actionKey(action),
      'data-legal': action.type,
      'data-action': JSON.stringify(action),
      disabled: ctx.busy,
      onclick: () => ctx.act(action),
      ...attrs,
    },
    // One span: a button is a flex box, which would drop the spaces between text and names.
    h('span', {}, label ?? isolateNames(actionText(action, ctx))),
  );
}
