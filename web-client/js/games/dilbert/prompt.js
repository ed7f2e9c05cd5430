// What the table waits for: the banner (whose decision, about what, in
// words) and, for the viewer who decides, a prompt listing every legal
// action in words as a button. Moves are also on the map, signatures on
// the project icons and memos in the hand (a memo being aimed replaces
// the prompt with its target chooser, chooser.js); the forms and the
// loaded die have their own modules; everything else is here.

import { h, isolateNames, joinNames, markName } from '../../dom.js';
import { actionButton, actionText } from './actions.js';
import { renderChooser } from './chooser.js';
import { renderCountdown } from './countdown.js';
import { callOutPrompt, loadedDiePrompt } from './fasttrack.js';
import { CHANGE_MAX_CENTS, DRAWN_ELSEWHERE, ofType } from './legal.js';
import { cardText } from './texts.js';
import { cents, employeeCard, memoCard, memoName, officeName, plural, possessive, spaceOffice } from './words.js';

/** The step or decision the turn is at, or null. */
export function stepOf(view) {
  return view?.stage?.stage === 'turn' ? view.stage.step ?? null : null;
}

/** The memo asking a question step's real-life question, or null (the pocket-change question). */
export function realLifeMemo(step) {
  const memo = step?.question?.real_life?.memo;
  return memo === undefined || memo === null ? null : memo;
}

/** The seats still to answer, from a by-seat list of flags (`skip` never counts). */
function waitingFor(flags, skip = null) {
  return (flags ?? []).map((done, seat) => (done || seat === skip ? null : seat)).filter((s) => s !== null);
}

export function bannerText(ctx, legal) {
  return isolateNames(bannerWords(ctx, legal));
}

const DECISION_DOING = {
  swap_trait: 'choosing a trait to swap',
  teapot: 'deciding whether to sing \u201cI\u2019m a Little Teapot\u201d',
  rooster: 'deciding whether to crow like a rooster',
  discard_schedule: 'deciding whether to discard the Schedule',
  kill: 'deciding whether to kill a project',
  copy_signature: 'choosing a signature to copy',
  remove_signature: 'choosing a signature to remove',
  swap_work: 'choosing two work tokens to swap',
  keep_memo: 'choosing which memo to keep',
  unassign: 'deciding whether to take a work token back',
  bargain: 'considering Phil\u2019s bargain',
  loaded_die: 'rolling the office die, on the Management Fast Track',
};

// Names are marked in the text and isolated by bannerText.
function bannerWords(ctx, legal) {
  const { view, board } = ctx;
  const stage = view.stage ?? {};
  const who = (seat) => (seat === ctx.seat ? 'you' : markName(ctx.names(seat)));
  if (view.ending || stage.stage === 'over') return 'The game is over.';
  if (ctx.busy) return 'Sending your move\u2026';
  if (stage.stage === 'vote') {
    const waiting = (stage.voted ?? []).map((v, seat) => (v ? null : seat)).filter((s) => s !== null);
    if (legal.all.length > 0) return 'Before the first turn: vote for the player with the worst job.';
    return ['Worst-job vote: waiting for ', ...joinNames(waiting.map(who)), '.'];
  }
  if (stage.stage === 'pick') {
    return stage.seat === ctx.seat ? 'Choose your employee.' : [markName(ctx.names(stage.seat)), ' is choosing an employee.'];
  }
  if (stage.stage !== 'turn') return '';
  const mine = stage.seat === ctx.seat;
  const whose = mine ? 'Your turn' : `${possessive(markName(ctx.names(stage.seat)))} turn`;
  const step = stage.step ?? {};
  switch (step.step) {
    case 'discard': {
      const waiting = step.waiting ?? [];
      if (waiting.includes(ctx.seat)) return 'You hold more than five memos: discard one.';
      return [`${whose}: waiting for `, ...joinNames(waiting.map(who)), ' to discard down to five memos.'];
    }
    case 'move':
      return step.ran !== null && step.ran !== undefined
        ? `${whose}: ran (rolled ${step.ran}), moving up to ${step.allowance} spaces.`
        : `${whose}: walk up to ${step.allowance} spaces, or run.`;
    case 'sign':
      return `${whose}: in ${officeName(board, step.office)}, ${mine ? 'you may' : 'may'} cover a signature.`;
    case 'decide':
      return `${whose}: ${DECISION_DOING[step.decision?.decision] ?? 'deciding'}.`;
    case 'question': {
      const waiting = waitingFor(step.answered);
      const memo = realLifeMemo(step);
      if (memo !== null) {
        if (waiting.includes(ctx.seat)) return `A real-life question for everyone (${memoName(board, memo)}): answer yes or no.`;
        return ['Real-life question: waiting for ', ...joinNames(waiting.map(who)), ' to answer.'];
      }
      if (waiting.includes(ctx.seat)) return 'Accounting asks everyone: how much change is in your pockets?';
      return ['Pocket change: waiting for ', ...joinNames(waiting.map(who)), ' to answer.'];
    }
    case 'end_turn':
      return mine ? 'Your turn: play end-of-turn memos, or end your turn.' : `${whose}: ending the turn.`;
    case 'call_out': {
      const waiting = waitingFor(step.answered, step.cheater);
      if (waiting.includes(ctx.seat) && legal.all.length > 0) return ['Management Fast Track is over: did ', markName(ctx.names(step.cheater)), ' cheat? Call it out.'];
      const whom = step.cheater === ctx.seat ? 'your' : possessive(markName(ctx.names(step.cheater)));
      return [`Call-out of ${whom} Management Fast Track cheats: waiting for `, ...joinNames(waiting.map(who)), '.'];
    }
    default:
      return `${whose}.`;
  }
}

/** The viewer's prompt, or null when they have nothing to decide. */
export function renderPrompt(ctx, legal, ui) {
  const { view } = ctx;
  if (view.ending || legal.all.length === 0) return null;
  const chooser = renderChooser(ctx, legal, ui);
  if (chooser) return chooser;
  const stage = view.stage ?? {};
  const step = stepOf(view);
  const key = stage.stage === 'turn' ? step?.decision?.decision ?? step?.step : stage.stage;
  const parts = [...explain(ctx, legal, stage, step), ...choices(ctx, legal)];
  if (legal.change) parts.push(changeForm(ctx, legal, ui));
  if (step?.step === 'call_out') parts.push(...callOutPrompt(ctx, legal, ui, step));
  return h(
    'section',
    // Pinned under the status bar (js/frame.js, "the dock"), wherever the page is scrolled.
    { class: `dl-prompt dl-prompt-${key}`, 'data-testid': 'prompt', 'data-decision': key, 'data-dock': '', tabindex: '-1', 'aria-label': 'What you decide now' },
    parts,
  );
}

function explain(ctx, legal, stage, step) {
  const { view, board } = ctx;
  if (stage.stage === 'vote') {
    return [
      h('h3', {}, 'Who has the worst job?'),
      h('p', {}, 'The player with the worst job (in real life) takes the first turn and the cubicle nearest the Boss. Each player\u2019s answer:'),
      h(
        'ul',
        { class: 'dl-answers', 'data-testid': 'worst-jobs' },
        view.players.map((p) =>
          h(
            'li',
            { 'data-seat': String(p.seat) },
            h('bdi', {}, ctx.names(p.seat)),
            ': ',
            p.worst_job ? ['\u201c', h('bdi', {}, p.worst_job), '\u201d'] : h('em', {}, 'no answer'),
            stage.voted?.[p.seat] ? h('span', { class: 'badge' }, 'voted') : null,
          ),
        ),
      ),
    ];
  }
  if (stage.stage === 'pick') {
    return [h('h3', {}, 'Choose your employee'), h('p', {}, 'Each employee has their own Motivation, traits and ability.')];
  }
  switch (step?.step) {
    case 'discard':
      return [h('h3', {}, 'Discard down to five memos'), h('p', {}, 'Choose a memo to discard in your hand below.'), jumpToHand()];
    case 'move': {
      const offices = ofType(legal, 'move').filter((a) => spaceOffice(board, a.to)).length;
      const halls = ofType(legal, 'move').length - offices;
      const playable = legal.play.size;
      return [
        h('h3', {}, step.ran !== null && step.ran !== undefined ? `Move up to ${step.allowance} spaces` : `Walk up to ${step.allowance} spaces, or run`),
        h(
          'p',
          {},
          'Choose where to stop: the highlighted spaces on the map',
          halls > 0 ? ` (${plural(halls, 'hall square')})` : '',
          offices > 0 ? ', or an office below' : '',
          '.',
          playable > 0 ? ` You may play ${plural(playable, 'memo')} from your hand first.` : '',
        ),
        playable > 0 ? jumpToHand() : null,
      ];
    }
    case 'sign':
      return [
        h('h3', {}, `Collect a signature in ${officeName(board, step.office)}`),
        h('p', {}, `Choose a ${officeName(board, step.office)} icon on a project below to cover it (covering a project\u2019s last icon kills it), or take none.`),
      ];
    case 'decide':
      return decisionText(ctx, legal, step.decision ?? {});
    case 'question': {
      const memo = realLifeMemo(step);
      if (memo !== null) return realLifeQuestion(ctx, memo);
      return [
        h('h3', {}, 'How much change is in your pockets?'),
        h('p', {}, 'Honour system: count the coins in your real pockets. The richest player gains 2 happiness. Answers are revealed together.'),
      ];
    }
    case 'end_turn': {
      const playable = [...legal.play.keys()].map((m) => memoName(board, m));
      return [
        h('h3', {}, 'End of your turn'),
        h(
          'p',
          {},
          playable.length
            ? [`You may play ${plural(playable.length, 'memo')} from your hand first: `, h('strong', {}, playable.join(', ')), '. Or end your turn.']
            : 'Nothing left to play: end your turn.',
        ),
        playable.length ? jumpToHand() : null,
      ];
    }
    default:
      return [];
  }
}

function decisionText(ctx, legal, decision) {
  const { view, board } = ctx;
  switch (decision.decision) {
    case 'swap_trait':
      return [h('h3', {}, 'Swap a trait'), h('p', {}, `Swap your ${(decision.traits ?? []).join(' or ')} score with another employee\u2019s.`)];
    case 'teapot':
      return [h('h3', {}, 'The Boss demonstrates how powerless you are'), h('p', {}, 'Perform \u201cI\u2019m a Little Teapot\u201d with hand gestures, or lose 10 happiness.')];
    case 'rooster':
      return [h('h3', {}, 'Catbert toys with you'), h('p', {}, 'Stand up, flap your arms and crow like a rooster (all others gain 1), or defy Catbert and lose 4.')];
    case 'discard_schedule':
      return [h('h3', {}, 'Erase a budget?'), h('p', {}, 'You may discard the Schedule; the next project card becomes the Schedule.')];
    case 'kill':
      return [h('h3', {}, 'Projects go here to die'), h('p', {}, 'You may lose 5 happiness to kill one project.')];
    case 'copy_signature':
      return [h('h3', {}, 'Photocopy a signature'), h('p', {}, 'Copy a signature already on a project onto another project that needs it.')];
    case 'remove_signature':
      return [h('h3', {}, 'Approvals must be redone'), h('p', {}, 'Choose a signature token on a project to discard.')];
    case 'swap_work':
      return [h('h3', {}, 'Enlist Mordac'), h('p', {}, 'You may swap two work tokens on two different projects.')];
    case 'keep_memo':
      return [
        h('h3', {}, 'Next week\u2019s memos'),
        h('p', {}, 'Keep one; the other two go back on top of the memo deck, in the order you choose. Only you see them.'),
        h(
          'ol',
          { class: 'dl-peek', 'data-testid': 'peek' },
          (view.peek ?? []).map((id) => {
            const card = memoCard(board, id);
            return h('li', { 'data-memo': String(id) }, h('strong', {}, card.name), cardText(ctx, card.text, 'dl-peek-text'));
          }),
        ),
      ];
    case 'unassign':
      return [h('h3', {}, 'Carol\u2019s Office'), h('p', {}, 'You may take one of your work tokens back from a project.')];
    case 'bargain':
      return [h('h3', {}, 'Phil\u2019s bargain'), h('p', {}, 'Lose 2 happiness to move your cubicle one farther from the Boss\u2019s Office, or refuse.')];
    case 'loaded_die':
      return loadedDiePrompt(ctx, legal);
    default:
      return [h('h3', {}, 'Decide')];
  }
}

/** A real-life memo's question: its name and text (the text is the question), and the time left. */
function realLifeQuestion(ctx, memo) {
  const card = memoCard(ctx.board, memo);
  return [
    h('h3', {}, 'A real-life question'),
    h(
      'blockquote',
      { class: 'dl-question', 'data-testid': 'real-life-question', 'data-memo': String(memo) },
      h('p', { class: 'dl-question-name' }, h('strong', {}, card.name)),
      cardText(ctx, card.text, 'dl-question-text'),
    ),
    h('p', {}, 'Honour system: answer about your real life. Everyone\u2019s answers are revealed together.'),
    renderCountdown(ctx),
  ];
}

/** Every legal action not drawn elsewhere, as a button (moves to offices too). */
function choices(ctx, legal) {
  const { board } = ctx;
  const buttons = [];
  const me = ctx.view.players.find((p) => p.seat === ctx.seat);
  for (const action of legal.all) {
    if (action.type === 'move') {
      // Offices and staying put are listed here too: easier than finding them on a phone's map.
      if (spaceOffice(board, action.to) || action.to === me?.at) buttons.push(actionButton(ctx, action, { extraClass: 'dl-choice-move' }));
      continue;
    }
    if (DRAWN_ELSEWHERE.has(action.type)) continue;
    if (action.type === 'pick') {
      buttons.push(pickButton(ctx, action));
      continue;
    }
    if (action.type === 'vote') {
      const answer = ctx.view.players[action.seat]?.worst_job;
      buttons.push(actionButton(ctx, action, { label: [actionText(action, ctx), answer ? ` (\u201c${answer}\u201d)` : ''] }));
      continue;
    }
    buttons.push(actionButton(ctx, action, { extraClass: action.type === 'decline' ? '' : 'primary' }));
  }
  if (buttons.length === 0) return [];
  return [h('div', { class: 'dl-choices' }, buttons)];
}

function pickButton(ctx, action) {
  const card = employeeCard(ctx.board, action.employee);
  return actionButton(ctx, action, {
    extraClass: 'dl-choice-pick',
    label: card
      ? [
          h('strong', {}, card.name),
          ` \u00b7 Motivation ${card.motivation}, Apathy ${card.apathy}, Incompetence ${card.incompetence}, Offensiveness ${card.offensiveness}, ${plural(card.work_tokens, 'work token')}`,
          card.ability ? h('span', { class: 'dl-ability-text' }, card.ability) : null,
        ]
      : actionText(action, ctx),
  });
}

/** The pocket-change answer: any whole number of cents 0..=10000. */
function changeForm(ctx, legal, ui) {
  const input = h('input', {
    id: 'dl-change',
    type: 'number',
    min: '0',
    max: String(CHANGE_MAX_CENTS),
    step: '1',
    inputmode: 'numeric',
    required: true,
    'data-key': 'change-input',
    value: ui.changeDraft ?? '',
    oninput: (e) => {
      ui.changeDraft = e.currentTarget.value;
    },
  });
  const error = h('p', { class: 'form-error', role: 'alert' });
  const submit = (e) => {
    e.preventDefault();
    const n = Number(input.value);
    if (input.value === '' || !Number.isInteger(n) || n < 0 || n > CHANGE_MAX_CENTS) {
      error.textContent = `A whole number of cents from 0 to ${CHANGE_MAX_CENTS}.`;
      return;
    }
    ui.changeDraft = '';
    ctx.act({ type: 'change', cents: n });
  };
  return h(
    'form',
    { class: 'dl-change', novalidate: true, onsubmit: submit },
    h('label', { for: 'dl-change' }, 'Change in your pockets, in cents (125 is ', cents(125), ')'),
    h(
      'div',
      { class: 'dl-change-row' },
      input,
      h(
        'button',
        { type: 'submit', class: 'primary', 'data-key': 'change-send', 'data-legal': 'change', 'data-action': JSON.stringify(legal.change), disabled: ctx.busy },
        'Answer',
      ),
    ),
    error,
  );
}

/** A link down to the hand. */
function jumpToHand() {
  return h(
    'p',
    { class: 'dl-jump' },
    h(
      'a',
      {
        href: '#dl-hand',
        onclick: (e) => {
          e.preventDefault();
          const hand = document.getElementById('dl-hand');
          const first = hand?.querySelector('button:not([disabled])');
          (first ?? hand)?.focus();
          hand?.scrollIntoView({ block: 'nearest' });
        },
      },
      'Go to your memos',
    ),
  );
}
