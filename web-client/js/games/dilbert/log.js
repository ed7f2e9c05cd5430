// One log line per event, in words. Memo names appear only as the event
// carries them (filled for those who may see the card, null otherwise).
// Lines name cards and never quote their texts, so a consultant that hides
// texts from a viewer (texts.js) has nothing to hide here.

import { isolateNames, joinNames, markName } from '../../dom.js';
import { tokenWhere } from './tokens.js';
import {
  cents,
  cheatsText,
  consultantCard,
  cubicleValue,
  employeeName,
  memoName,
  officeName,
  plural,
  possessive,
  projectName,
  signed,
  spaceName,
  targetWords,
  tokenName,
  traitName,
  whoIs,
} from './words.js';

export function describeEvent(event, ctx) {
  const text = describeText(event, ctx);
  return text === null ? null : isolateNames(text);
}

const WHY = {
  chart: 'office chart',
  office: 'office',
  project: 'project',
  kill: 'killed a project',
  rooster: 'rooster call',
  refused: 'refused the chart',
  change: 'pocket change',
  bargain: 'Phil\u2019s bargain',
  memo: 'a memo',
  real_life: 'a real-life question',
  called_out: 'Management Fast Track call-out',
  donut: 'a donut',
  consultant: 'the consultant',
};

// Names are marked in the text and isolated by describeEvent.
function describeText(event, ctx) {
  const { board, view } = ctx;
  const name = (seat) => markName(ctx.names(seat));
  const whose = (seat) => possessive(name(seat));
  /** "Ann (Wally)": the player, and the employee they play. */
  const who = (employee) => whoIs(ctx, employee);
  const project = (id) => projectName(board, id);
  const office = (o) => officeName(board, o);
  const memos = (ids) => (ids.length ? ids.map((m) => memoName(board, m)).join(', ') : 'no memos');
  switch (event?.kind) {
    case 'first_player': {
      if (event.random) return `Nobody answered the worst-job vote: ${name(event.seat)} was drawn at random to go first.`;
      const votes = (event.votes ?? []).filter((v) => v === event.seat).length;
      return votes > 0
        ? `${name(event.seat)} has the worst job (${plural(votes, 'vote')}) and goes first.`
        : `${name(event.seat)} goes first.`;
    }
    case 'hired':
      return `${name(event.seat)} plays ${employeeName(board, event.employee)}, in cubicle #${event.cubicle} (${signed(cubicleValue(board, event.cubicle) ?? 0)}).`;
    case 'assigned': {
      const team = event.team ?? [];
      const assigned = team.length ? ['assigned: ', ...joinNames(team.map(who))] : ['nobody could be assigned'];
      return [`${project(event.project)} enters as Project #${Number(event.slot) + 1}; `, ...assigned, '.'];
    }
    case 'scheduled':
      return `${project(event.project)} is the new Schedule.`;
    case 'projects_reshuffled':
      return 'The project deck ran out: the discarded projects are shuffled back into it.';
    case 'round_started':
      return `Round ${event.round} begins.`;
    case 'drew':
      return event.memo !== null && event.memo !== undefined ? `${name(event.seat)} drew ${memoName(board, event.memo)}.` : `${name(event.seat)} drew a memo.`;
    case 'discarded':
      return event.memo !== null && event.memo !== undefined
        ? `${name(event.seat)} discarded ${memoName(board, event.memo)}.`
        : `${name(event.seat)} discarded a memo face down.`;
    case 'played':
      return event.target
        ? `${name(event.seat)} played ${memoName(board, event.memo)}: ${targetWords(event.target, ctx, { slots: false })}.`
        : `${name(event.seat)} played ${memoName(board, event.memo)}.`;
    case 'sent':
      return [who(event.employee), ` is sent straight to ${spaceName(board, event.to)}.`];
    case 'trait_changed':
      return [`${traitName(event.which)} of `, who(event.employee), ` is now ${event.now}.`];
    case 'token_placed': {
      const place = event.place ?? {};
      return `The ${tokenName(board, place.token)} token is placed ${tokenWhere(ctx, place)}.`;
    }
    case 'token_returned':
      return `The ${tokenName(board, event.token)} token goes back in the box.`;
    case 'memo_taken':
      return event.memo !== null && event.memo !== undefined
        ? `${name(event.to)} took ${memoName(board, event.memo)} from ${whose(event.from)} hand.`
        : `${name(event.to)} took a memo from ${whose(event.from)} hand.`;
    case 'memo_recovered':
      return `${name(event.seat)} took back ${memoName(board, event.memo)}, a memo played earlier.`;
    case 'work_placed':
      return [who(event.employee), ` is volunteered: a work token goes on ${project(event.project)}.`];
    case 'boss_step':
      return `The Boss will move ${plural(event.step, 'space')} at the end of this round.`;
    case 'answered': {
      const yes = event.yes ?? [];
      const said = (answer) => yes.map((y, seat) => (y === answer ? name(seat) : null)).filter((n) => n !== null);
      const part = (answer, word) => {
        const seats = said(answer);
        return seats.length ? [`${word}: `, ...joinNames(seats)] : [`${word}: nobody`];
      };
      return [`${memoName(board, event.memo)}, the real-life answers. `, ...part(true, 'Yes'), '; ', ...part(false, 'no'), '.'];
    }
    case 'called_out': {
      const calls = (event.accusations ?? [])
        .map((a, seat) => (seat === event.cheater ? null : [name(seat), !a ? ' said nothing' : cheatsText(a, '') ? ` called out: ${cheatsText(a)}` : ' saw no cheating']))
        .filter((c) => c !== null);
      const cheated = cheatsText(event.used, '');
      return [
        `Management Fast Track: ${name(event.cheater)} `,
        cheated ? `cheated (${cheated}). ` : 'played it straight. ',
        ...(calls.length ? joinNames(calls).flat() : ['Nobody was asked']),
        '.',
      ];
    }
    case 'rolled':
      return event.office
        ? `${name(event.seat)} rolled ${event.value} on the ${office(event.office)} chart.`
        : `${name(event.seat)} runs and rolls ${event.value}.`;
    case 'moved': {
      const path = event.path ?? [];
      const from = spaceName(board, path[0]);
      const to = spaceName(board, path[path.length - 1]);
      if (path.length < 2) return `${name(event.seat)} stays in ${from}.`;
      return `${name(event.seat)} moved from ${from} to ${to} (${plural(path.length - 1, 'step')}).`;
    }
    case 'to_heck':
      return `${name(event.seat)} rolled a 6 while running: straight to Heck, knocked down, turn over.`;
    case 'stood_up':
      return `${name(event.seat)} got up (2 Motivation spent).`;
    case 'knocked_down':
      return `${name(event.seat)} is knocked down.`;
    case 'happiness': {
      const amount = Number(event.amount);
      const why = WHY[event.why] ?? String(event.why ?? '').replaceAll('_', ' ');
      if (amount === 0) return [who(event.employee), ` loses no happiness (${why}), still at ${event.now}.`];
      return [who(event.employee), ` ${amount > 0 ? 'gains' : 'loses'} ${Math.abs(amount)} happiness (${why}), now ${event.now}.`];
    }
    case 'signed':
      return `${name(event.seat)} covered the ${office(event.icon)} signature on ${project(event.project)}.`;
    case 'copied':
      return `${name(event.seat)} photocopied the ${office(event.icon)} signature onto ${project(event.project)}.`;
    case 'signature_removed':
      return `${name(event.seat)} removed the ${office(event.icon)} signature from ${project(event.project)}.`;
    case 'killed':
      return event.by
        ? [`${project(event.project)} was killed by `, who(event.by), '; its work tokens go back.']
        : `${project(event.project)} was killed; its work tokens go back.`;
    case 'schedule_discarded':
      return `${project(event.project)} was discarded from the Schedule.`;
    case 'traits_swapped':
      return [who(event.first), ' and ', who(event.second), ` swapped ${traitName(event.which)} scores.`];
    case 'work_swapped':
      return [
        'Work tokens swapped: ',
        who(event.first?.employee),
        ` on ${project(event.first?.project)} with `,
        who(event.second?.employee),
        ` on ${project(event.second?.project)}.`,
      ];
    case 'unassigned':
      return [who(event.employee), ` took a work token back from ${project(event.project)}.`];
    case 'cubicle_moved':
      return [who(event.employee), ` moves to cubicle #${event.rank} (${signed(cubicleValue(board, event.rank) ?? 0)}).`];
    case 'performed':
      return event.teapot ? `${name(event.seat)} performed \u201cI\u2019m a Little Teapot\u201d.` : `${name(event.seat)} crowed like a rooster.`;
    case 'declined':
      return `${name(event.seat)} declined.`;
    case 'peeked':
      return event.memos
        ? `${name(event.seat)} looked at the top three memos (${memos(event.memos)}), kept one and put two back.`
        : `${name(event.seat)} looked at the top three memos, kept one and put two back.`;
    case 'hand_shown':
      return `${whose(event.seat)} hand is shown to everyone: ${memos(event.memos ?? [])}.`;
    case 'hand_discarded':
      return `${name(event.seat)} discarded their whole hand (${plural(event.count, 'memo')}).`;
    case 'consultant':
      return `A new consultant is in play: ${consultantCard(board, event.consultant).name}.`;
    case 'consultant_ignored':
      return event.ignore ? 'Dilbert ignores the consultant.' : 'Dilbert heeds the consultant again.';
    case 'change_revealed': {
      const answers = (event.cents ?? []).map((c, seat) => `${name(seat)} ${cents(c)}`);
      const richest = joinNames((event.richest ?? []).map(name));
      return [`Pocket change: ${answers.join(', ')}. Richest: `, ...richest, '.'];
    }
    case 'boss_turn':
      return 'The Boss\u2019s turn: he checks the projects.';
    case 'checked':
      return event.idle ? `The Boss checks ${project(event.project)}: nothing happens.` : `The Boss checks ${project(event.project)}.`;
    case 'boss_moved':
      return `The Boss moves down the happiness track to ${event.now}.`;
    case 'finished': {
      const winners = event.winners ?? [];
      if (winners.length === 0) return 'Game over.';
      return ['Game over: ', ...joinNames(winners.map(name)), winners.length > 1 ? ' share the victory.' : ' wins.'];
    }
    default:
      return event?.kind ? `(${String(event.kind).replaceAll('_', ' ')})` : null;
  }
}
