// What the viewer is asked now: the banner line (whose decision, about
// what) and the prompt with its choices, including the secret ones (the
// OPERATOR's card, the DIRECTOR's look) that only the decider receives.

import { h, isolateNames, markName } from '../../dom.js';
import { t } from '../../i18n.js';
import { cardBox, cardButton, describeOfficeCard } from './cards.js';
import { decidingCard } from './legal.js';
import { actOnCardLabel } from './offices.js';
import { aCard, cardName, kindOfId, listOf, plural } from './words.js';

export function bannerText(ctx, decision, legal) {
  return isolateNames(bannerWords(ctx, decision, legal));
}

// What another player's decision is about, by decision: one sentence each.
const OTHERS_DECIDING = {
  play_card: '{name}\u2019s turn: playing a card.',
  love: '{name}\u2019s turn: choosing which SECRETARY their {card} loves.',
  cleaner: '{name}\u2019s turn: choosing what their {card} removes.',
  assistant: '{name}\u2019s turn: choosing what their {card} takes back.',
  sales: '{name}\u2019s turn: choosing what their {card} is swapped for.',
  director_target: '{name}\u2019s turn: choosing whose hand their {card} looks at.',
  operator: '{name}\u2019s turn: their {card} looked at the top card and decides to keep it or put it back.',
};

// Names are marked in the text and isolated by bannerText.
function bannerWords(ctx, decision, legal) {
  const { view, board } = ctx;
  const stage = view.stage ?? {};
  if (view.ending || stage.stage === 'over') return t('The game is over.');
  if (ctx.busy) return t('Sending your move\u2026');
  if (stage.stage === 'set_up') {
    const round =
      stage.attempt > 1
        ? t('Set-up, round {round} (set-up attempt {attempt})', { round: stage.round, attempt: stage.attempt })
        : t('Set-up, round {round}', { round: stage.round });
    if (stage.love) {
      const card = cardName(board, decidingCard(view, decision));
      return stage.love.seat === ctx.seat
        ? t('{round}: choose whom your {card} loves.', { round, card })
        : t('{round}: {name} is choosing whom their {card} loves.', { round, card, name: markName(ctx.names(stage.love.seat)) });
    }
    const waiting = stage.waiting ?? [];
    if (waiting.includes(ctx.seat)) return t('{round}: put one card from your hand face down.', { round });
    if (waiting.length === 0) return t('{round}: revealing\u2026', { round });
    const names = listOf(waiting.map((seat) => (seat === ctx.seat ? t('you') : markName(ctx.names(seat)))));
    return t('{round}: waiting for {names} to choose.', { round, names });
  }
  if (stage.stage !== 'turn') return '';
  const card = cardName(board, decidingCard(view, decision));
  if (stage.seat === ctx.seat) {
    if (legal.count === 0) return t('Your turn.');
    return t('Your turn: see what to do below.');
  }
  const name = markName(ctx.names(stage.seat));
  const d = stage.decision ?? {};
  if (d.decision === 'director_discard') {
    return d.target === ctx.seat
      ? t('{name}\u2019s turn: their {card} is looking at your hand.', { name, card })
      : t('{name}\u2019s turn: their {card} is looking at {target}\u2019s hand.', { name, card, target: markName(ctx.names(d.target)) });
  }
  return t(OTHERS_DECIDING[d.decision] ?? '{name}\u2019s turn.', { name, card });
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
        h('h3', {}, t('Choose your set-up card')),
        h(
          'p',
          {},
          t('Put one card from your hand face down. Nobody sees it until everyone has chosen; then all are turned up together and the lowest profit starts.'),
        ),
        jumpToHand(),
      );
    } else if (view.your_choice) {
      kind = 'chosen';
      parts.push(h('p', {}, t('You put {card} face down. Waiting for the others.', { card: aCard(board, view.your_choice) })));
    }
  } else if (decision && decision.seat === ctx.seat && legal.count > 0) {
    kind = decision.decision;
    const card = cardName(board, decidingCard(view, decision));
    switch (decision.decision) {
      case 'play_card':
        parts.push(h('h3', {}, t('Play a card')), h('p', {}, t('Choose a card from your hand to play face up into your office.')), jumpToHand());
        break;
      case 'love': {
        const loves = decision.choice?.options?.map((id) => kindOfId(view, id)).find(Boolean);
        parts.push(
          h('h3', {}, t('Whom does your {card} love?', { card })),
          h('p', {}, t('Choose one of the highlighted {loved} cards: it turns face down with your {card}.', { card, loved: cardName(board, loves) })),
          cardChoices(ctx, legal),
        );
        break;
      }
      case 'cleaner':
        parts.push(
          h('h3', {}, t('Your {card} removes a card', { card })),
          h('p', {}, t('Choose one of the highlighted cards in an office: it goes to the discard pile.')),
          cardChoices(ctx, legal),
        );
        break;
      case 'assistant':
        parts.push(
          h('h3', {}, t('Your {card} takes a card back', { card })),
          h('p', {}, t('Choose one of the highlighted cards in your office: it goes back to your hand.')),
          cardChoices(ctx, legal),
        );
        break;
      case 'sales':
        parts.push(
          h('h3', {}, t('Your {card} makes a swap', { card })),
          h('p', {}, t('Choose one of the highlighted cards in another office: you take it, and your SALES goes there.')),
          cardChoices(ctx, legal),
        );
        break;
      case 'director_target':
        parts.push(
          h('h3', {}, t('Your {card}: whose hand do you look at?', { card })),
          h('p', {}, t('You will see that hand in secret and discard one card from it (never a SPY).')),
          h(
            'div',
            { class: 'o21-choices' },
            [...legal.look.values()].map((action) => {
              const count = view.players[action.seat]?.hand ?? 0;
              return actionButton(
                ctx,
                action,
                `p-look-${action.seat}`,
                t('Look at {name}\u2019s hand ({count})', { name: ctx.names(action.seat), count: plural(count, 'card') }),
              );
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
        parts.push(h('p', {}, t('Choose one of the highlighted options.')), cardChoices(ctx, legal));
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
      'aria-label': t('What you decide now'),
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
      actOnCardLabel(ctx, action, at?.seat, what),
    );
  });
  return h('div', { class: 'o21-choices', role: 'group', 'aria-label': t('Your choices') }, buttons);
}

export function renderDirectorLook(ctx, legal) {
  const { view, board } = ctx;
  const secret = view.secret?.secret === 'director_look' ? view.secret : null;
  const target = secret?.target ?? view.stage?.decision?.target;
  const hand = secret?.hand ?? [];
  return h(
    'div',
    { class: 'o21-secret', 'data-testid': 'director-look', 'data-target': String(target) },
    h('h3', {}, t('Your DIRECTOR looks at {name}\u2019s hand', { name: ctx.names(target) })),
    h('p', { class: 'o21-secret-note' }, t('Only you see these cards. Choose one to discard (a SPY cannot be discarded).')),
    h(
      'ol',
      { class: 'o21-cards o21-look' },
      hand.map((kind, i) => {
        const action = legal.discard.get(kind);
        return h(
          'li',
          { class: 'o21-slot' },
          action
            ? cardButton(ctx, action, {
                kind,
                key: `p-discard-${kind}-${i}`,
                // Named by its visible text after this verb (label in name, WCAG 2.5.3).
                verb: t('Discard from {name}\u2019s hand:', { name: ctx.names(target) }),
                tag: 'discard',
              })
            : cardBox(board, { kind, note: t('cannot be discarded'), extraClass: 'not-playable' }),
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
    h('h3', {}, t('Your OPERATOR drew the top card')),
    h('div', { class: 'o21-cards' }, cardBox(board, { kind, withEffect: true })),
    h('p', { class: 'o21-secret-note' }, t('Only you see it. Keep it (everyone is shown it) or put it back on top of the pile face down (then only you know it).')),
    h(
      'div',
      { class: 'o21-choices' },
      legal.keep ? actionButton(ctx, legal.keep, 'p-keep', t('Keep {card} (show everyone)', { card: aCard(board, kind) }), 'primary') : null,
      legal.ret ? actionButton(ctx, legal.ret, 'p-return', t('Put it back, face down')) : null,
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
      t('Go to your hand'),
    ),
  );
}
