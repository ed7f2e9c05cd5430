// What the viewer is asked now: the banner line (whose decision, about
// what) and the prompt with its choices, including the secret ones (the
// OPERATOR's card, the DIRECTOR's look) that only the decider receives.

import { h, isolateNames, joinNames, markName } from '../../dom.js';
import { cardBox, cardButton, describeOfficeCard } from './cards.js';
import { LEGAL_VERB, decidingCard } from './legal.js';
import { aCard, cardName, kindOfId, plural, possessive } from './words.js';

export function bannerText(ctx, decision, legal) {
  return isolateNames(bannerWords(ctx, decision, legal));
}

// Names are marked in the text and isolated by bannerText.
function bannerWords(ctx, decision, legal) {
  const { view, board } = ctx;
  const name = (seat) => (seat === ctx.seat ? 'you' : markName(ctx.names(seat)));
  const stage = view.stage ?? {};
  if (view.ending || stage.stage === 'over') return 'The game is over.';
  if (ctx.busy) return 'Sending your move\u2026';
  if (stage.stage === 'set_up') {
    const round = `Set-up, round ${stage.round}${stage.attempt > 1 ? ` (set-up attempt ${stage.attempt})` : ''}`;
    if (stage.love) {
      const kind = cardName(board, decidingCard(view, decision));
      return stage.love.seat === ctx.seat
        ? `${round}: choose whom your ${kind} loves.`
        : `${round}: ${markName(ctx.names(stage.love.seat))} is choosing whom their ${kind} loves.`;
    }
    const waiting = stage.waiting ?? [];
    if (waiting.includes(ctx.seat)) return `${round}: put one card from your hand face down.`;
    if (waiting.length === 0) return `${round}: revealing\u2026`;
    return [`${round}: waiting for `, ...joinNames(waiting.map(name)), ' to choose.'];
  }
  if (stage.stage !== 'turn') return '';
  const kind = cardName(board, decidingCard(view, decision));
  if (stage.seat === ctx.seat) {
    if (legal.count === 0) return 'Your turn.';
    return 'Your turn: see what to do below.';
  }
  const who = possessive(markName(ctx.names(stage.seat)));
  const d = stage.decision ?? {};
  switch (d.decision) {
    case 'play_card':
      return `${who} turn: playing a card.`;
    case 'love':
      return `${who} turn: choosing which SECRETARY their ${kind} loves.`;
    case 'cleaner':
      return `${who} turn: choosing what their ${kind} removes.`;
    case 'assistant':
      return `${who} turn: choosing what their ${kind} takes back.`;
    case 'sales':
      return `${who} turn: choosing what their ${kind} is swapped for.`;
    case 'director_target':
      return `${who} turn: choosing whose hand their ${kind} looks at.`;
    case 'director_discard':
      return `${who} turn: their ${kind} is looking at ${d.target === ctx.seat ? 'your' : possessive(markName(ctx.names(d.target)))} hand.`;
    case 'operator':
      return `${who} turn: their ${kind} looked at the top card and decides to keep it or put it back.`;
    default:
      return `${who} turn.`;
  }
}

export function renderPrompt(ctx, decision, legal) {
  const { view, board } = ctx;
  const stage = view.stage ?? {};
  const parts = [];
  let kind = 'wait';

  if (stage.stage === 'set_up' && !stage.love) {
    if (legal.choose.size > 0) {
      kind = 'choose';
      parts.push(
        h('h3', {}, 'Choose your set-up card'),
        h(
          'p',
          {},
          'Put one card from your hand face down. Nobody sees it until everyone has chosen; then all are turned up together and the lowest profit starts.',
        ),
        jumpToHand(),
      );
    } else if (view.your_choice) {
      kind = 'chosen';
      parts.push(h('p', {}, `You put ${aCard(board, view.your_choice)} face down. Waiting for the others.`));
    }
  } else if (decision && decision.seat === ctx.seat && legal.count > 0) {
    kind = decision.decision;
    const mineKind = cardName(board, decidingCard(view, decision));
    switch (decision.decision) {
      case 'play_card':
        parts.push(h('h3', {}, 'Play a card'), h('p', {}, 'Choose a card from your hand to play face up into your office.'), jumpToHand());
        break;
      case 'love': {
        const loves = decision.choice?.options?.map((id) => kindOfId(view, id)).find(Boolean);
        parts.push(
          h('h3', {}, `Whom does your ${mineKind} love?`),
          h('p', {}, `Choose one of the highlighted ${cardName(board, loves)} cards: it turns face down with your ${mineKind}.`),
          cardChoices(ctx, legal),
        );
        break;
      }
      case 'cleaner':
        parts.push(
          h('h3', {}, `Your ${mineKind} removes a card`),
          h('p', {}, 'Choose one of the highlighted cards in an office: it goes to the discard pile.'),
          cardChoices(ctx, legal),
        );
        break;
      case 'assistant':
        parts.push(
          h('h3', {}, `Your ${mineKind} takes a card back`),
          h('p', {}, 'Choose one of the highlighted cards in your office: it goes back to your hand.'),
          cardChoices(ctx, legal),
        );
        break;
      case 'sales':
        parts.push(
          h('h3', {}, `Your ${mineKind} makes a swap`),
          h('p', {}, 'Choose one of the highlighted cards in another office: you take it, and your SALES goes there.'),
          cardChoices(ctx, legal),
        );
        break;
      case 'director_target':
        parts.push(
          h('h3', {}, `Your ${mineKind}: whose hand do you look at?`),
          h('p', {}, 'You will see that hand in secret and discard one card from it (never a SPY).'),
          h(
            'div',
            { class: 'o21-choices' },
            [...legal.look.values()].map((action) => {
              const count = view.players[action.seat]?.hand ?? 0;
              return actionButton(ctx, action, `p-look-${action.seat}`, [
                'Look at ',
                possessive(ctx.names(action.seat)),
                ` hand (${plural(count, 'card')})`,
              ]);
            }),
          ),
        );
        break;
      case 'director_discard':
        parts.push(renderDirectorLook(ctx, legal));
        break;
      case 'operator':
        parts.push(renderOperatorCard(ctx, legal));
        break;
      default:
        parts.push(h('p', {}, 'Choose one of the highlighted options.'), cardChoices(ctx, legal));
    }
  } else {
    return null;
  }
  if (parts.length === 0) return null;
  // A decision to take now is pinned under the status bar (js/frame.js,
  // "the dock"), wherever the page is scrolled.
  return h(
    'section',
    {
      class: `o21-prompt o21-prompt-${kind}`,
      'data-testid': 'prompt',
      'data-decision': kind,
      'data-dock': legal.count > 0 ? '' : undefined,
      tabindex: '-1',
      'aria-label': 'What you decide now',
    },
    parts,
  );
}

/**
 * The decision's office cards (whom a BOSS loves, what a CLEANER removes,
 * what an ASSISTANT takes back, what a SALES is swapped for) as buttons in
 * the prompt too, so the choice is at hand with the offices scrolled away.
 * Same actions as the highlighted cards; `data-legal` is left to those.
 */
function cardChoices(ctx, legal) {
  if (legal.onCard.size === 0) return null;
  const { view, board } = ctx;
  const where = new Map();
  for (const p of view.players ?? []) for (const card of p.office ?? []) where.set(card.id, { seat: p.seat, card });
  const buttons = [...legal.onCard.values()].map((action) => {
    const at = where.get(action.card);
    const owner = at === undefined ? '' : at.seat === ctx.seat ? 'your ' : `${possessive(ctx.names(at.seat))} `;
    const what = at === undefined ? cardName(board, kindOfId(view, action.card)) : describeOfficeCard(board, at.card);
    return h(
      'button',
      {
        type: 'button',
        class: 'o21-choice small',
        'data-key': `p-${action.kind}-${action.card}`,
        'data-prompt-choice': action.kind,
        'data-card': at?.card.card,
        'data-seat': at === undefined ? undefined : String(at.seat),
        'data-action': JSON.stringify(action),
        disabled: ctx.busy,
        onclick: () => ctx.act(action),
      },
      `${LEGAL_VERB[action.kind] ?? action.kind} `,
      owner,
      what,
    );
  });
  return h('div', { class: 'o21-choices', role: 'group', 'aria-label': 'Your choices' }, buttons);
}

export function renderDirectorLook(ctx, legal) {
  const { view, board } = ctx;
  const secret = view.secret?.secret === 'director_look' ? view.secret : null;
  const target = secret?.target ?? view.stage?.decision?.target;
  const hand = secret?.hand ?? [];
  return h(
    'div',
    { class: 'o21-secret', 'data-testid': 'director-look', 'data-target': String(target) },
    h('h3', {}, 'Your DIRECTOR looks at ', possessive(ctx.names(target)), ' hand'),
    h('p', { class: 'o21-secret-note' }, 'Only you see these cards. Choose one to discard (a SPY cannot be discarded).'),
    h(
      'ol',
      { class: 'o21-cards o21-look' },
      hand.map((kind, i) => {
        const action = legal.discard.get(kind);
        return h(
          'li',
          { class: 'o21-slot' },
          action
            ? cardButton(ctx, action, { kind, key: `p-discard-${kind}-${i}`, label: `Discard ${possessive(ctx.names(target))} ${cardName(board, kind)}`, tag: 'discard' })
            : cardBox(board, { kind, note: 'cannot be discarded', extraClass: 'not-playable' }),
        );
      }),
    ),
  );
}

export function renderOperatorCard(ctx, legal) {
  const { view, board } = ctx;
  const secret = view.secret?.secret === 'operator_card' ? view.secret : null;
  const kind = secret?.card ?? legal.keep?.card ?? legal.ret?.card;
  return h(
    'div',
    { class: 'o21-secret', 'data-testid': 'operator-card', 'data-card': kind },
    h('h3', {}, 'Your OPERATOR drew the top card'),
    h('div', { class: 'o21-cards' }, cardBox(board, { kind, withEffect: true })),
    h('p', { class: 'o21-secret-note' }, `Only you see it. Keep it (everyone is shown it) or put it back on top of the pile face down (then only you know it).`),
    h(
      'div',
      { class: 'o21-choices' },
      legal.keep ? actionButton(ctx, legal.keep, 'p-keep', ['Keep ', aCard(board, kind), ' (show everyone)'], 'primary') : null,
      legal.ret ? actionButton(ctx, legal.ret, 'p-return', ['Put it back, face down']) : null,
    ),
  );
}

export function actionButton(ctx, action, key, label, extraClass = '') {
  return h(
    'button',
    {
      type: 'button',
      class: `o21-choice ${extraClass}`.trim(),
      'data-key': key,
      'data-legal': action.kind,
      'data-action': JSON.stringify(action),
      disabled: ctx.busy,
      onclick: () => ctx.act(action),
    },
    label,
  );
}

/** A link down to the hand (on a phone it is below every office). */
export function jumpToHand() {
  return h(
    'p',
    { class: 'o21-jump' },
    h(
      'a',
      {
        href: '#o21-hand',
        onclick: (e) => {
          e.preventDefault();
          const handBox = document.getElementById('o21-hand');
          const first = handBox?.querySelector('button.o21-card:not([disabled])');
          (first ?? handBox)?.focus();
          handBox?.scrollIntoView({ block: 'nearest', behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
        },
      },
      'Go to your hand',
    ),
  );
}
