// What the table waits for: the banner (whose decision, about what, in
// words) and, for the viewer who decides, a prompt listing every legal
// action in words as a button. Moves are also on the map, signatures on
// the project icons and memos in the hand (a memo being aimed replaces
// the prompt with its target chooser, chooser.js); the forms and the
// loaded die have their own modules (Management Fast Track's, fasttrack.js,
// loaded when first needed: on-use.js); everything else is here.

import { h, isolateNames, markName } from '../../dom.js';
import { lang, t } from '../../i18n.js';
import { actionButton, actionText } from './actions.js';
import { renderChooser } from './chooser.js';
import { renderCountdown } from './countdown.js';
import { CHANGE_MAX_CENTS, DRAWN_ELSEWHERE, ofType } from './legal.js';
import { renderTapConfirm, tappedSpot } from './map.js';
import { fastTrack } from './on-use.js';
import { cardText } from './texts.js';
import { cents, employeeCard, joinList, memoCard, memoName, officeName, plural, spaceOffice, traitName } from './words.js';

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
  const who = (seat) => (seat === ctx.seat ? t('you') : markName(ctx.names(seat)));
  const list = (seats) => joinList(seats.map(who));
  if (view.ending || stage.stage === 'over') return t('The game is over.');
  if (ctx.busy) return t('Sending your move\u2026');
  if (stage.stage === 'vote') {
    const waiting = (stage.voted ?? []).map((v, seat) => (v ? null : seat)).filter((s) => s !== null);
    if (legal.all.length > 0) return t('Before the first turn: vote for the player with the worst job.');
    return t('Worst-job vote: waiting for {waiting}.', { waiting: list(waiting) });
  }
  if (stage.stage === 'pick') {
    return stage.seat === ctx.seat ? t('Choose your employee.') : t('{name} is choosing an employee.', { name: markName(ctx.names(stage.seat)) });
  }
  if (stage.stage !== 'turn') return '';
  const mine = stage.seat === ctx.seat;
  const whose = mine ? t('Your turn') : t('{name}\u2019s turn', { name: markName(ctx.names(stage.seat)) });
  const step = stage.step ?? {};
  switch (step.step) {
    case 'discard': {
      const waiting = step.waiting ?? [];
      if (waiting.includes(ctx.seat)) return t('You hold more than five memos: discard one.');
      return t('{whose}: waiting for {waiting} to discard down to five memos.', { whose, waiting: list(waiting) });
    }
    case 'move':
      return step.ran !== null && step.ran !== undefined
        ? t('{whose}: ran (rolled {ran}), moving up to {n} spaces.', { whose, ran: step.ran, n: step.allowance })
        : t('{whose}: walk up to {n} spaces, or run.', { whose, n: step.allowance });
    case 'sign':
      return mine
        ? t('{whose}: in {office}, you may cover a signature.', { whose, office: officeName(board, step.office) })
        : t('{whose}: in {office}, may cover a signature.', { whose, office: officeName(board, step.office) });
    case 'decide': {
      const doing = Object.hasOwn(DECISION_DOING, step.decision?.decision) ? DECISION_DOING[step.decision.decision] : 'deciding';
      return t('{whose}: {doing}.', { whose, doing: t(doing) });
    }
    case 'question': {
      const waiting = waitingFor(step.answered);
      const memo = realLifeMemo(step);
      if (memo !== null) {
        if (waiting.includes(ctx.seat)) return t('A real-life question for everyone ({memo}): answer yes or no.', { memo: memoName(board, memo) });
        return t('Real-life question: waiting for {waiting} to answer.', { waiting: list(waiting) });
      }
      if (waiting.includes(ctx.seat)) return t('Accounting asks everyone: how much change is in your pockets?');
      return t('Pocket change: waiting for {waiting} to answer.', { waiting: list(waiting) });
    }
    case 'end_turn':
      // As the prompt below says it: memos to play first only when there are some.
      if (!mine) return t('{whose}: ending the turn.', { whose });
      return legal.play.size > 0 ? t('Your turn: play end-of-turn memos, or end your turn.') : t('Your turn: nothing left to play, end your turn.');
    case 'call_out': {
      const waiting = waitingFor(step.answered, step.cheater);
      if (waiting.includes(ctx.seat) && legal.all.length > 0) return t('Management Fast Track is over: did {name} cheat? Call it out.', { name: markName(ctx.names(step.cheater)) });
      return step.cheater === ctx.seat
        ? t('Call-out of your Management Fast Track cheats: waiting for {waiting}.', { waiting: list(waiting) })
        : t('Call-out of {name}\u2019s Management Fast Track cheats: waiting for {waiting}.', { name: markName(ctx.names(step.cheater)), waiting: list(waiting) });
    }
    default:
      return t('{whose}.', { whose });
  }
}

/** The viewer's prompt, or null when they have nothing to decide. */
export function renderPrompt(ctx, legal, ui) {
  const { view } = ctx;
  if (view.ending || legal.all.length === 0) return null;
  const tapped = tappedSpot(legal, ui);
  if (tapped) return renderTapConfirm(ctx, ui, tapped.action);
  const chooser = renderChooser(ctx, legal, ui);
  if (chooser) return chooser;
  const stage = view.stage ?? {};
  const step = stepOf(view);
  const key = stage.stage === 'turn' ? step?.decision?.decision ?? step?.step : stage.stage;
  const parts = [...explain(ctx, legal, stage, step, ui), ...choices(ctx, legal)];
  if (legal.change) parts.push(changeForm(ctx, legal, ui));
  if (step?.step === 'call_out') parts.push(...(fastTrack(ui.redraw)?.callOutPrompt(ctx, legal, ui, step) ?? []));
  return h(
    'section',
    // Pinned under the status bar (js/frame.js, "the dock"), wherever the page is scrolled.
    { class: `dl-prompt dl-prompt-${key}`, 'data-testid': 'prompt', 'data-decision': key, 'data-dock': '', tabindex: '-1', 'aria-label': t('What you decide now') },
    parts,
  );
}

function explain(ctx, legal, stage, step, ui) {
  const { view, board } = ctx;
  if (stage.stage === 'vote') {
    return [
      h('h3', {}, t('Who has the worst job?')),
      h('p', {}, t('The player with the worst job (in real life) takes the first turn and the cubicle nearest the Boss. Each player\u2019s answer:')),
      h(
        'ul',
        { class: 'dl-answers', 'data-testid': 'worst-jobs' },
        view.players.map((p) =>
          h(
            'li',
            { 'data-seat': String(p.seat) },
            h('bdi', { translate: 'no' }, ctx.names(p.seat)),
            t(': '),
            p.worst_job ? [t('\u201c'), h('bdi', { translate: 'no' }, p.worst_job), t('\u201d')] : h('em', {}, t('no answer')),
            stage.voted?.[p.seat] ? h('span', { class: 'badge' }, t('voted')) : null,
          ),
        ),
      ),
    ];
  }
  if (stage.stage === 'pick') {
    return [h('h3', {}, t('Choose your employee')), h('p', {}, t('Each employee has their own Motivation, traits and ability.'))];
  }
  switch (step?.step) {
    case 'discard':
      return [h('h3', {}, t('Discard down to five memos')), h('p', {}, t('Choose a memo to discard in your hand below.')), jumpToHand()];
    case 'move': {
      const offices = ofType(legal, 'move').filter((a) => spaceOffice(board, a.to)).length;
      const halls = ofType(legal, 'move').length - offices;
      const playable = legal.play.size;
      return [
        h('h3', {}, step.ran !== null && step.ran !== undefined ? t('Move up to {n} spaces', { n: step.allowance }) : t('Walk up to {n} spaces, or run', { n: step.allowance })),
        h(
          'p',
          {},
          t('Choose where to stop: the highlighted spaces on the map'),
          halls > 0 ? t(' ({halls})', { halls: plural(halls, 'hall square') }) : '',
          offices > 0 ? t(', or an office below') : '',
          t('.'),
          playable > 0 ? t(' You may play {memos} from your hand first.', { memos: plural(playable, 'memo') }) : '',
        ),
        playable > 0 ? jumpToHand() : null,
      ];
    }
    case 'sign':
      return [
        h('h3', {}, t('Collect a signature in {office}', { office: officeName(board, step.office) })),
        h('p', {}, t('Choose a {office} icon on a project below to cover it (covering a project\u2019s last icon kills it), or take none.', { office: officeName(board, step.office) })),
      ];
    case 'decide':
      return decisionText(ctx, legal, step.decision ?? {}, ui);
    case 'question': {
      const memo = realLifeMemo(step);
      if (memo !== null) return realLifeQuestion(ctx, memo);
      return [
        h('h3', {}, t('How much change is in your pockets?')),
        h('p', {}, t('Honour system: count the coins in your real pockets. The richest player gains 2 happiness. Answers are revealed together.')),
      ];
    }
    case 'end_turn': {
      const playable = [...legal.play.keys()].map((m) => memoName(board, m));
      return [
        h('h3', {}, t('End of your turn')),
        h(
          'p',
          {},
          playable.length
            ? [t('You may play {memos} from your hand first: ', { memos: plural(playable.length, 'memo') }), h('strong', {}, playable.join(t(', '))), t('. Or end your turn.')]
            : t('Nothing left to play: end your turn.'),
        ),
        playable.length ? jumpToHand() : null,
      ];
    }
    default:
      return [];
  }
}

function decisionText(ctx, legal, decision, ui) {
  const { view, board } = ctx;
  switch (decision.decision) {
    case 'swap_trait':
      return [
        h('h3', {}, t('Swap a trait')),
        // English says the traits by their id ("apathy or offensiveness"), as it always has; other languages by their names.
        h('p', {}, t('Swap your {traits} score with another employee\u2019s.', { traits: (decision.traits ?? []).map((which) => (lang === 'en' ? which : traitName(which))).join(t(' or ')) })),
      ];
    case 'teapot':
      return [h('h3', {}, t('The Boss demonstrates how powerless you are')), h('p', {}, t('Perform \u201cI\u2019m a Little Teapot\u201d with hand gestures, or lose 10 happiness.'))];
    case 'rooster':
      return [h('h3', {}, t('Catbert toys with you')), h('p', {}, t('Stand up, flap your arms and crow like a rooster (all others gain 1), or defy Catbert and lose 4.'))];
    case 'discard_schedule':
      return [h('h3', {}, t('Erase a budget?')), h('p', {}, t('You may discard the Schedule; the next project card becomes the Schedule.'))];
    case 'kill':
      return [h('h3', {}, t('Projects go here to die')), h('p', {}, t('You may lose 5 happiness to kill one project.'))];
    case 'copy_signature':
      return [h('h3', {}, t('Photocopy a signature')), h('p', {}, t('Copy a signature already on a project onto another project that needs it.'))];
    case 'remove_signature':
      return [h('h3', {}, t('Approvals must be redone')), h('p', {}, t('Choose a signature token on a project to discard.'))];
    case 'swap_work':
      return [h('h3', {}, t('Enlist Mordac')), h('p', {}, t('You may swap two work tokens on two different projects.'))];
    case 'keep_memo':
      return [
        h('h3', {}, t('Next week\u2019s memos')),
        h('p', {}, t('Keep one; the other two go back on top of the memo deck, in the order you choose. Only you see them.')),
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
      return [h('h3', {}, t('Carol\u2019s Office')), h('p', {}, t('You may take one of your work tokens back from a project.'))];
    case 'bargain':
      return [h('h3', {}, t('Phil\u2019s bargain')), h('p', {}, t('Lose 2 happiness to move your cubicle one farther from the Boss\u2019s Office, or refuse.'))];
    case 'loaded_die':
      return fastTrack(ui.redraw)?.loadedDiePrompt(ctx, legal) ?? [];
    default:
      return [h('h3', {}, t('Decide'))];
  }
}

/** A real-life memo's question: its name and text (the text is the question), and the time left. */
function realLifeQuestion(ctx, memo) {
  const card = memoCard(ctx.board, memo);
  return [
    h('h3', {}, t('A real-life question')),
    h(
      'blockquote',
      { class: 'dl-question', 'data-testid': 'real-life-question', 'data-memo': String(memo) },
      h('p', { class: 'dl-question-name' }, h('strong', {}, card.name)),
      cardText(ctx, card.text, 'dl-question-text'),
    ),
    h('p', {}, t('Honour system: answer about your real life. Everyone\u2019s answers are revealed together.')),
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
      buttons.push(actionButton(ctx, action, { label: [actionText(action, ctx), answer ? [t(' (\u201c'), h('bdi', { translate: 'no' }, answer), t('\u201d)')] : ''] }));
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
          t(' \u00b7 Motivation {motivation}, Apathy {apathy}, Incompetence {incompetence}, Offensiveness {offensiveness}, {tokens}', {
            motivation: card.motivation,
            apathy: card.apathy,
            incompetence: card.incompetence,
            offensiveness: card.offensiveness,
            tokens: plural(card.work_tokens, 'work token'),
          }),
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
      error.textContent = t('A whole number of cents from 0 to {max}.', { max: CHANGE_MAX_CENTS });
      return;
    }
    ui.changeDraft = '';
    ctx.act({ type: 'change', cents: n });
  };
  return h(
    'form',
    { class: 'dl-change', novalidate: true, onsubmit: submit },
    h('label', { for: 'dl-change' }, t('Change in your pockets, in cents (125 is {example})', { example: cents(125) })),
    h(
      'div',
      { class: 'dl-change-row' },
      input,
      h(
        'button',
        { type: 'submit', class: 'primary', 'data-key': 'change-send', 'data-legal': 'change', 'data-action': JSON.stringify(legal.change), disabled: ctx.busy },
        t('Answer'),
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
      t('Go to your memos'),
    ),
  );
}
