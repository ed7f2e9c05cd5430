// One log line per event, in words. Memo names appear only as the event
// carries them (filled for those who may see the card, null otherwise).
// Lines name cards and never quote their texts, so a consultant that hides
// texts from a viewer (texts.js) has nothing to hide here.

import { isolateNames, markName } from '../../dom.js';
import { t } from '../../i18n.js';
import { tokenWhere } from './tokens.js';
import {
  cents,
  cheatsText,
  consultantCard,
  cubicleValue,
  employeeName,
  joinClauses,
  joinList,
  memoName,
  officeName,
  plural,
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

// Names are marked in the text and isolated by describeEvent. Every line is
// one dictionary entry with named placeholders, so a language may order
// the sentence its own way.
function describeText(event, ctx) {
  const { board } = ctx;
  const name = (seat) => markName(ctx.names(seat));
  /** "Ann (Wally)": the player, and the employee they play. */
  const who = (employee) => whoIs(ctx, employee);
  const project = (id) => projectName(board, id);
  const office = (o) => officeName(board, o);
  const memo = (id) => memoName(board, id);
  const memos = (ids) => (ids.length ? ids.map(memo).join(t(', ')) : t('no memos'));
  const known = (id) => id !== null && id !== undefined;
  switch (event?.kind) {
    case 'first_player': {
      if (event.random) return t('Nobody answered the worst-job vote: {name} was drawn at random to go first.', { name: name(event.seat) });
      const votes = (event.votes ?? []).filter((v) => v === event.seat).length;
      return votes > 0
        ? t('{name} has the worst job ({votes}) and goes first.', { name: name(event.seat), votes: plural(votes, 'vote') })
        : t('{name} goes first.', { name: name(event.seat) });
    }
    case 'hired':
      return t('{name} plays {employee}, in cubicle #{cubicle} ({value}).', {
        name: name(event.seat),
        employee: employeeName(board, event.employee),
        cubicle: event.cubicle,
        value: signed(cubicleValue(board, event.cubicle) ?? 0),
      });
    case 'assigned': {
      const team = event.team ?? [];
      const params = { project: project(event.project), slot: Number(event.slot) + 1, team: joinList(team.map(who)) };
      return team.length
        ? t('{project} enters as Project #{slot}; assigned: {team}.', params)
        : t('{project} enters as Project #{slot}; nobody could be assigned.', params);
    }
    case 'scheduled':
      return t('{project} is the new Schedule.', { project: project(event.project) });
    case 'projects_reshuffled':
      return t('The project deck ran out: the discarded projects are shuffled back into it.');
    case 'round_started':
      return t('Round {round} begins.', { round: event.round });
    case 'drew':
      return known(event.memo) ? t('{name} drew {memo}.', { name: name(event.seat), memo: memo(event.memo) }) : t('{name} drew a memo.', { name: name(event.seat) });
    case 'discarded':
      return known(event.memo)
        ? t('{name} discarded {memo}.', { name: name(event.seat), memo: memo(event.memo) })
        : t('{name} discarded a memo face down.', { name: name(event.seat) });
    case 'played':
      return event.target
        ? t('{name} played {memo}: {target}.', { name: name(event.seat), memo: memo(event.memo), target: targetWords(event.target, ctx, { slots: false }) })
        : t('{name} played {memo}.', { name: name(event.seat), memo: memo(event.memo) });
    case 'sent':
      return t('{who} is sent straight to {space}.', { who: who(event.employee), space: spaceName(board, event.to) });
    case 'trait_changed':
      return t('{trait} of {who} is now {now}.', { trait: traitName(event.which), who: who(event.employee), now: event.now });
    case 'token_placed': {
      const place = event.place ?? {};
      return t('The {token} token is placed {where}.', { token: tokenName(board, place.token), where: tokenWhere(ctx, place) });
    }
    case 'token_returned':
      return t('The {token} token goes back in the box.', { token: tokenName(board, event.token) });
    case 'memo_taken':
      return known(event.memo)
        ? t('{name} took {memo} from {from}\u2019s hand.', { name: name(event.to), memo: memo(event.memo), from: name(event.from) })
        : t('{name} took a memo from {from}\u2019s hand.', { name: name(event.to), from: name(event.from) });
    case 'memo_recovered':
      return t('{name} took back {memo}, a memo played earlier.', { name: name(event.seat), memo: memo(event.memo) });
    case 'work_placed':
      return t('{who} is volunteered: a work token goes on {project}.', { who: who(event.employee), project: project(event.project) });
    case 'boss_step':
      return t('The Boss will move {spaces} at the end of this round.', { spaces: plural(event.step, 'space') });
    case 'answered': {
      const yes = event.yes ?? [];
      const said = (answer) => joinList(yes.map((y, seat) => (y === answer ? name(seat) : null)).filter((n) => n !== null));
      return t('{memo}, the real-life answers. Yes: {yes}; no: {no}.', { memo: memo(event.memo), yes: said(true) || t('nobody'), no: said(false) || t('nobody') });
    }
    case 'called_out': {
      const calls = (event.accusations ?? [])
        .map((a, seat) => {
          if (seat === event.cheater) return null;
          if (!a) return t('{name} said nothing', { name: name(seat) });
          return cheatsText(a, '') ? t('{name} called out: {cheats}', { name: name(seat), cheats: cheatsText(a) }) : t('{name} saw no cheating', { name: name(seat) });
        })
        .filter((c) => c !== null);
      const cheated = cheatsText(event.used, '');
      const params = { name: name(event.cheater), cheats: cheated, calls: calls.length ? joinClauses(calls) : t('Nobody was asked') };
      return cheated
        ? t('Management Fast Track: {name} cheated ({cheats}). {calls}.', params)
        : t('Management Fast Track: {name} played it straight. {calls}.', params);
    }
    case 'rolled':
      return event.office
        ? t('{name} rolled {value} on the {office} chart.', { name: name(event.seat), value: event.value, office: office(event.office) })
        : t('{name} runs and rolls {value}.', { name: name(event.seat), value: event.value });
    case 'moved': {
      const path = event.path ?? [];
      const from = spaceName(board, path[0]);
      const to = spaceName(board, path[path.length - 1]);
      if (path.length < 2) return t('{name} stays in {from}.', { name: name(event.seat), from });
      return t('{name} moved from {from} to {to} ({steps}).', { name: name(event.seat), from, to, steps: plural(path.length - 1, 'step') });
    }
    case 'to_heck':
      return t('{name} rolled a 6 while running: straight to Heck, knocked down, turn over.', { name: name(event.seat) });
    case 'stood_up':
      return t('{name} got up (2 Motivation spent).', { name: name(event.seat) });
    case 'knocked_down':
      return t('{name} is knocked down.', { name: name(event.seat) });
    case 'happiness': {
      const amount = Number(event.amount);
      const why = Object.hasOwn(WHY, event.why) ? t(WHY[event.why]) : String(event.why ?? '').replaceAll('_', ' ');
      const params = { who: who(event.employee), n: Math.abs(amount), why, now: event.now };
      if (amount === 0) return t('{who} loses no happiness ({why}), still at {now}.', params);
      return amount > 0 ? t('{who} gains {n} happiness ({why}), now {now}.', params) : t('{who} loses {n} happiness ({why}), now {now}.', params);
    }
    case 'signed':
      return t('{name} covered the {office} signature on {project}.', { name: name(event.seat), office: office(event.icon), project: project(event.project) });
    case 'copied':
      return t('{name} photocopied the {office} signature onto {project}.', { name: name(event.seat), office: office(event.icon), project: project(event.project) });
    case 'signature_removed':
      return t('{name} removed the {office} signature from {project}.', { name: name(event.seat), office: office(event.icon), project: project(event.project) });
    case 'killed':
      return event.by
        ? t('{project} was killed by {who}; its work tokens go back.', { project: project(event.project), who: who(event.by) })
        : t('{project} was killed; its work tokens go back.', { project: project(event.project) });
    case 'schedule_discarded':
      return t('{project} was discarded from the Schedule.', { project: project(event.project) });
    case 'traits_swapped':
      return t('{first} and {second} swapped {trait} scores.', { first: who(event.first), second: who(event.second), trait: traitName(event.which) });
    case 'work_swapped':
      return t('Work tokens swapped: {first} on {firstProject} with {second} on {secondProject}.', {
        first: who(event.first?.employee),
        firstProject: project(event.first?.project),
        second: who(event.second?.employee),
        secondProject: project(event.second?.project),
      });
    case 'unassigned':
      return t('{who} took a work token back from {project}.', { who: who(event.employee), project: project(event.project) });
    case 'cubicle_moved':
      return t('{who} moves to cubicle #{rank} ({value}).', { who: who(event.employee), rank: event.rank, value: signed(cubicleValue(board, event.rank) ?? 0) });
    case 'performed':
      return event.teapot
        ? t('{name} performed \u201cI\u2019m a Little Teapot\u201d.', { name: name(event.seat) })
        : t('{name} crowed like a rooster.', { name: name(event.seat) });
    case 'declined':
      return t('{name} declined.', { name: name(event.seat) });
    case 'peeked':
      return event.memos
        ? t('{name} looked at the top three memos ({memos}), kept one and put two back.', { name: name(event.seat), memos: memos(event.memos) })
        : t('{name} looked at the top three memos, kept one and put two back.', { name: name(event.seat) });
    case 'hand_shown':
      return t('{name}\u2019s hand is shown to everyone: {memos}.', { name: name(event.seat), memos: memos(event.memos ?? []) });
    case 'hand_discarded':
      return t('{name} discarded their whole hand ({memos}).', { name: name(event.seat), memos: plural(event.count, 'memo') });
    case 'consultant':
      return t('A new consultant is in play: {consultant}.', { consultant: consultantCard(board, event.consultant).name });
    case 'consultant_ignored':
      return event.ignore ? t('Dilbert ignores the consultant.') : t('Dilbert heeds the consultant again.');
    case 'change_revealed': {
      const answers = (event.cents ?? []).map((c, seat) => t('{name} {cents}', { name: name(seat), cents: cents(c) }));
      return t('Pocket change: {answers}. Richest: {richest}.', { answers: answers.join(t(', ')), richest: joinList((event.richest ?? []).map(name)) });
    }
    case 'boss_turn':
      return t('The Boss\u2019s turn: he checks the projects.');
    case 'checked':
      return event.idle
        ? t('The Boss checks {project}: nothing happens.', { project: project(event.project) })
        : t('The Boss checks {project}.', { project: project(event.project) });
    case 'boss_moved':
      return t('The Boss moves down the happiness track to {now}.', { now: event.now });
    case 'finished': {
      const winners = event.winners ?? [];
      if (winners.length === 0) return t('Game over.');
      const params = { winners: joinList(winners.map(name)) };
      return winners.length > 1 ? t('Game over: {winners} share the victory.', params) : t('Game over: {winners} wins.', params);
    }
    default:
      return event?.kind ? `(${String(event.kind).replaceAll('_', ' ')})` : null;
  }
}
