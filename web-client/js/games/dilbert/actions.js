// Any legal action as a button: its label in words and the `data-action`
// attribute holding the action exactly as the server wrote it.

import { h, isolateNames } from '../../dom.js';
import { t } from '../../i18n.js';
import { actionKey } from './legal.js';
import {
  cheatsText,
  employeeName,
  memoName,
  officeName,
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
  const office = (o) => officeName(board, o);
  const memo = (id) => memoName(board, id);
  /** "your token" or "Wally's token". */
  const whoseToken = (employee) => {
    const seat = seatOf(view, employee);
    return seat === ctx.seat ? t('your token') : t('{employee}\u2019s token', { employee: employeeName(board, employee) });
  };
  switch (action.type) {
    case 'vote':
      return action.seat === ctx.seat ? t('Vote for yourself') : t('Vote for {name}', { name: ctx.names(action.seat) });
    case 'pick':
      return t('Play {employee}', { employee: employeeName(board, action.employee) });
    case 'discard':
      return t('Discard {memo}', { memo: memo(action.memo) });
    case 'play':
      return action.target
        ? t('Play {memo} on {target}', { memo: memo(action.memo), target: targetWords(action.target, ctx) })
        : t('Play {memo}', { memo: memo(action.memo) });
    case 'end_turn':
      return t('End your turn');
    case 'answer':
      return action.yes ? t('Yes') : t('No');
    case 'accuse':
      return cheatsText(action.cheats, '') ? t('Call out: {cheats}', { cheats: cheatsText(action.cheats) }) : t('I saw no cheating');
    case 'roll':
      return t('Roll honestly');
    case 'load_die':
      return t('Pick {value} (a cheat)', { value: action.value });
    case 'run':
      return t('Run (roll the die and add it; a 6 sends you to Heck)');
    case 'move': {
      const me = view.players.find((p) => p.seat === ctx.seat);
      return me?.at === action.to ? t('Stay where you are') : t('Go to {space}', { space: spaceName(board, action.to) });
    }
    case 'sign':
      return t('Cover the {office} signature on {project}', { office: office(action.icon), project: project(action.project) });
    case 'swap_trait': {
      const me = view.players.find((p) => p.seat === ctx.seat);
      const other = view.players.find((p) => p.employee === action.with);
      const mine = me?.[action.which];
      const theirs = other?.[action.which];
      const params = { trait: traitName(action.which), employee: employeeName(board, action.with), mine, theirs };
      return mine !== undefined && theirs !== undefined
        ? t('Swap your {trait} with {employee} (your {mine} for their {theirs})', params)
        : t('Swap your {trait} with {employee}', params);
    }
    case 'perform':
      return performText(view);
    case 'decline':
      return declineText(view);
    case 'discard_schedule':
      return view.schedule !== null && view.schedule !== undefined
        ? t('Discard the Schedule ({project})', { project: project(view.schedule) })
        : t('Discard the Schedule');
    case 'kill':
      return t('Lose 5 happiness to kill {project}', { project: project(action.project) });
    case 'copy_signature':
      return t('Copy the {office} signature onto {project}', { office: office(action.icon), project: project(action.onto) });
    case 'remove_signature':
      return t('Remove the {office} signature from {project}', { office: office(action.icon), project: project(action.project) });
    case 'swap_work':
      return t('Swap {first} on {firstProject} with {second} on {secondProject}', {
        first: whoseToken(action.first.employee),
        firstProject: project(action.first.project),
        second: whoseToken(action.second.employee),
        secondProject: project(action.second.project),
      });
    case 'keep_memo': {
      const third = (view.peek ?? []).find((m) => m !== action.keep && m !== action.top);
      const params = { keep: memo(action.keep), top: memo(action.top), under: third !== undefined ? memo(third) : '' };
      return third !== undefined ? t('Keep {keep}, put {top} on top and {under} under it', params) : t('Keep {keep}, put {top} on top', params);
    }
    case 'change':
      return t('Answer {cents}', { cents: cents(action.cents) });
    case 'unassign':
      return t('Take your work token back from {project}', { project: project(action.project) });
    case 'bargain':
      return t('Take Phil\u2019s bargain: lose 2 happiness, cubicle one farther from the Boss');
    case 'ignore_consultant':
      return action.ignore ? t('Ignore the consultant (Dilbert\u2019s right)') : t('Heed the consultant again');
    default:
      return String(action.type).replaceAll('_', ' ');
  }
}

function decisionOf(view) {
  return view?.stage?.stage === 'turn' ? view.stage.step : null;
}

function performText(view) {
  const d = decisionOf(view)?.decision;
  if (d === 'teapot') return t('Sing \u201cI\u2019m a Little Teapot\u201d (with hand gestures)');
  if (d === 'rooster') return t('Crow like a rooster (everyone else gains 1)');
  return t('Perform');
}

const DECLINE_TEXT = {
  teapot: 'Refuse and lose 10 happiness',
  rooster: 'Defy Catbert and lose 4 happiness',
  discard_schedule: 'Keep the Schedule',
  kill: 'Kill nothing',
  copy_signature: 'Copy nothing',
  swap_work: 'Swap nothing',
  unassign: 'Keep your tokens where they are',
  bargain: 'Refuse the bargain',
  swap_trait: 'Swap nothing',
};

function declineText(view) {
  const step = decisionOf(view);
  if (step?.step === 'sign') return t('Take no signature');
  return t(Object.hasOwn(DECLINE_TEXT, step?.decision) ? DECLINE_TEXT[step.decision] : 'Decline');
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
