// Office 21: the table, the log lines, the end details.
//
// What is clickable comes only from the server's legal actions: a control
// is a button exactly when a legal action names it, and clicking it sends
// that action as the server wrote it (`data-action` holds it, for tests).
// Cards in hand are named by kind, cards in play by id, players by seat.
// Secrets are shown only as the view and the events carry them: the
// OPERATOR's card and the DIRECTOR's look (`view.secret`) while deciding,
// the known top card (`view.pile_top`), and the viewer's own log lines.
// Nothing here computes a rule; where the table explains why a card
// cannot be played, it is because the legal actions left it out.

import { h, joinNames, replace } from '../dom.js';

// ---- words -----------------------------------------------------------------

/** The board's entry for a card kind (a plain fallback if it is missing). */
function cardInfo(board, kind) {
  return (
    board?.cards?.find((c) => c.card === kind) ?? {
      card: kind,
      name: String(kind ?? '?').toUpperCase(),
      profit: 0,
      effect: '',
    }
  );
}

function cardName(board, kind) {
  return cardInfo(board, kind).name;
}

/** "a SALES", "an OPERATOR". */
function aCard(board, kind) {
  const name = cardName(board, kind);
  return `${/^[AEIOU]/i.test(name) ? 'an' : 'a'} ${name}`;
}

/** "SPY, CLEANER and SALES" (kinds as the board names them). */
function cardList(board, kinds) {
  if (!kinds || kinds.length === 0) return 'no cards';
  return joinNames(kinds.map((k) => cardName(board, k))).join('');
}

/** A profit in millions, as the wire sends it (17.5, 21, 0.5): "17.5 M". */
export function millions(profit) {
  const n = Number(profit);
  return `${Number.isFinite(n) ? String(n) : '?'} M`;
}

function plural(n, one, many = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`;
}

function humanize(id) {
  const text = String(id ?? '').replaceAll('_', ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function victoryName(board, victory) {
  return board?.victories?.find((v) => v.victory === victory)?.name ?? humanize(victory);
}

function endName(board, endedBy) {
  return board?.ends?.find((e) => e.ended_by === endedBy)?.name ?? humanize(endedBy);
}

/** What the end screen says to the winner, in the project's own words. */
const CONGRATULATIONS = {
  industrial_espionage: 'Every spy in the building reports to you. The competition never saw it coming.',
  successful_operations: 'Exactly 21 million, held for a whole round: a model year. Keep the ship on this course.',
  creative_accounting: 'The auditors left with nothing to tax. Lean books, happy shareholders.',
  large_profits: 'A tough market and no one left to hire, yet your department still came out on top.',
  strategic_management: 'Everyone else outgrew the company. You are the last manager standing: it is all yours.',
};

function congratulation(board, victory) {
  return board?.victories?.find((v) => v.victory === victory)?.congratulation ?? CONGRATULATIONS[victory] ?? 'Congratulations!';
}

const TIE_BREAK_TEXT = {
  fewest_cards: 'Tied for the lowest profit: the fewest cards in the office decided.',
  highest_card: 'Tied on profit and cards: the highest single card decided.',
  reached_first: 'Tied on profit: whoever reached it first won.',
  shared: 'Still tied after every tie-break: the victory is shared.',
};

/** Card kinds by id, learned from the events (a card may have left play since). */
const knownCards = new Map();

function learn(card) {
  if (card && card.id !== undefined && card.card) knownCards.set(card.id, card.card);
}

function kindOfId(view, id) {
  for (const p of view?.players ?? []) {
    const found = p.office.find((c) => c.id === id);
    if (found) return found.card;
  }
  return knownCards.get(id) ?? null;
}

function possessive(name) {
  return `${name}\u2019s`;
}

// ---- legal actions ---------------------------------------------------------

/** The legal actions, indexed by what they name. */
function indexLegal(legal) {
  const index = {
    choose: new Map(),
    play: new Map(),
    onCard: new Map(),
    look: new Map(),
    discard: new Map(),
    keep: null,
    ret: null,
    count: 0,
  };
  for (const action of legal ?? []) {
    index.count += 1;
    switch (action?.kind) {
      case 'choose':
        index.choose.set(action.card, action);
        break;
      case 'play':
        index.play.set(action.card, action);
        break;
      case 'love':
      case 'remove':
      case 'take_back':
      case 'swap':
        index.onCard.set(action.card, action);
        break;
      case 'look':
        index.look.set(action.seat, action);
        break;
      case 'discard':
        index.discard.set(action.card, action);
        break;
      case 'keep':
        index.keep = action;
        break;
      case 'return':
        index.ret = action;
        break;
      default:
        break;
    }
  }
  return index;
}

/** Whose decision it is and what about, for the banner and the prompt. */
function decisionOf(view) {
  const stage = view.stage ?? {};
  if (stage.stage === 'turn') return { seat: stage.seat, ...stage.decision };
  if (stage.stage === 'set_up' && stage.love) return { seat: stage.love.seat, decision: 'love', choice: stage.love };
  return null;
}

/** The decision's own card, so the page can say "your CLEANER". */
function decidingCard(view, decision) {
  if (!decision) return null;
  const id = decision.decision === 'love' ? decision.choice?.card : decision.card;
  return id === undefined ? null : kindOfId(view, id);
}

/** Public options of a decision (card ids), to mark them for everyone. */
function publicOptions(decision) {
  if (!decision) return new Set();
  if (decision.decision === 'love') return new Set(decision.choice?.options ?? []);
  if (['cleaner', 'assistant', 'sales'].includes(decision.decision)) return new Set(decision.options ?? []);
  return new Set();
}

/** How an office card's button reads, by the legal action it carries. */
const LEGAL_VERB = {
  love: 'Choose',
  remove: 'Remove',
  take_back: 'Take back',
  swap: 'Swap for',
};

/** The short tag a legal card shows (CSS draws it from `data-verb`). */
const CARD_TAG = {
  choose: 'choose',
  play: 'play',
  love: 'choose',
  remove: 'remove',
  take_back: 'take back',
  swap: 'take',
  discard: 'discard',
};

// ---- the table ---------------------------------------------------------------

class Office21Table {
  constructor(container) {
    this.container = container;
    this.ctx = null;
    this.discardOpen = false;
    this.lastFocusKey = null;
    this.lastDecisionKey = null;
    container.addEventListener('focusin', (e) => {
      const key = e.target?.dataset?.key;
      if (key) this.lastFocusKey = key;
    });
  }

  render(ctx) {
    this.ctx = ctx;
    const { view } = ctx;
    const legal = indexLegal(ctx.legal);
    const focusWasHere =
      document.activeElement === document.body || document.activeElement === null || this.container.contains(document.activeElement);

    const decision = decisionOf(view);
    const mine = ctx.seat !== null && ctx.seat !== undefined;
    const decisionKey = this.decisionKey(view, legal);

    replace(
      this.container,
      h('p', { class: 'turn-banner', 'data-testid': 'turn-banner' }, this.bannerText(ctx, decision, legal)),
      mine && !view.ending ? this.renderPrompt(ctx, decision, legal) : null,
      this.renderStatus(ctx),
      h('div', { class: 'o21-offices' }, this.seatOrder(ctx).map((seat) => this.renderOffice(ctx, seat, decision, legal))),
      mine ? this.renderHand(ctx, decision, legal) : null,
    );

    if (focusWasHere) {
      const again = this.lastFocusKey ? this.container.querySelector(`[data-key="${CSS.escape(this.lastFocusKey)}"]`) : null;
      const prompt = this.container.querySelector('.o21-prompt');
      if (decisionKey !== null && decisionKey !== this.lastDecisionKey && prompt) {
        // A new decision for this viewer: bring keyboard users to its prompt.
        prompt.focus({ preventScroll: true });
      } else if (again && again.tagName === 'BUTTON' && !again.disabled) {
        again.focus({ preventScroll: true });
      }
    }
    this.lastDecisionKey = decisionKey;
  }

  /** Identifies the viewer's current decision (null when nothing to decide). */
  decisionKey(view, legal) {
    if (legal.count === 0) return null;
    const stage = view.stage ?? {};
    if (stage.stage === 'set_up') return `setup:${stage.attempt}:${stage.round}:${stage.love ? stage.love.card : '-'}`;
    if (stage.stage === 'turn') return `turn:${view.moment}:${stage.decision?.decision}`;
    return null;
  }

  /** Others clockwise from the viewer, the viewer's own office last (next to the hand). */
  seatOrder(ctx) {
    const seats = ctx.view.players.map((p) => p.seat);
    if (ctx.seat === null || ctx.seat === undefined) return seats;
    const i = seats.indexOf(ctx.seat);
    if (i < 0) return seats;
    return [...seats.slice(i + 1), ...seats.slice(0, i), ctx.seat];
  }

  bannerText(ctx, decision, legal) {
    const { view, board } = ctx;
    const name = (seat) => (seat === ctx.seat ? 'you' : ctx.names(seat));
    const stage = view.stage ?? {};
    if (view.ending || stage.stage === 'over') return 'The game is over.';
    if (ctx.busy) return 'Sending your move\u2026';
    if (stage.stage === 'set_up') {
      const round = `Set-up, round ${stage.round}${stage.attempt > 1 ? ` (set-up attempt ${stage.attempt})` : ''}`;
      if (stage.love) {
        const kind = cardName(board, decidingCard(view, decision));
        return stage.love.seat === ctx.seat
          ? `${round}: choose whom your ${kind} loves.`
          : `${round}: ${ctx.names(stage.love.seat)} is choosing whom their ${kind} loves.`;
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
    const who = possessive(ctx.names(stage.seat));
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
        return `${who} turn: their ${kind} is looking at ${d.target === ctx.seat ? 'your' : possessive(ctx.names(d.target))} hand.`;
      case 'operator':
        return `${who} turn: their ${kind} looked at the top card and decides to keep it or put it back.`;
      default:
        return `${who} turn.`;
    }
  }

  // ---- the prompt: what the viewer must decide now ----

  renderPrompt(ctx, decision, legal) {
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
          );
          break;
        }
        case 'cleaner':
          parts.push(
            h('h3', {}, `Your ${mineKind} removes a card`),
            h('p', {}, 'Choose one of the highlighted cards in an office: it goes to the discard pile.'),
          );
          break;
        case 'assistant':
          parts.push(
            h('h3', {}, `Your ${mineKind} takes a card back`),
            h('p', {}, 'Choose one of the highlighted cards in your office: it goes back to your hand.'),
          );
          break;
        case 'sales':
          parts.push(
            h('h3', {}, `Your ${mineKind} makes a swap`),
            h('p', {}, 'Choose one of the highlighted cards in another office: you take it, and your SALES goes there.'),
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
                return this.actionButton(ctx, action, `p-look-${action.seat}`, [
                  'Look at ',
                  possessive(ctx.names(action.seat)),
                  ` hand (${plural(count, 'card')})`,
                ]);
              }),
            ),
          );
          break;
        case 'director_discard':
          parts.push(this.renderDirectorLook(ctx, legal));
          break;
        case 'operator':
          parts.push(this.renderOperatorCard(ctx, legal));
          break;
        default:
          parts.push(h('p', {}, 'Choose one of the highlighted options.'));
      }
    } else {
      return null;
    }
    if (parts.length === 0) return null;
    return h(
      'section',
      { class: `o21-prompt o21-prompt-${kind}`, 'data-testid': 'prompt', 'data-decision': kind, tabindex: '-1', 'aria-label': 'What you decide now' },
      parts,
    );
  }

  renderDirectorLook(ctx, legal) {
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
              ? this.cardButton(ctx, action, { kind, key: `p-discard-${kind}-${i}`, label: `Discard ${possessive(ctx.names(target))} ${cardName(board, kind)}`, tag: 'discard' })
              : this.cardBox(board, { kind, note: 'cannot be discarded', extraClass: 'not-playable' }),
          );
        }),
      ),
    );
  }

  renderOperatorCard(ctx, legal) {
    const { view, board } = ctx;
    const secret = view.secret?.secret === 'operator_card' ? view.secret : null;
    const kind = secret?.card ?? legal.keep?.card ?? legal.ret?.card;
    return h(
      'div',
      { class: 'o21-secret', 'data-testid': 'operator-card', 'data-card': kind },
      h('h3', {}, 'Your OPERATOR drew the top card'),
      h('div', { class: 'o21-cards' }, this.cardBox(board, { kind, withEffect: true })),
      h('p', { class: 'o21-secret-note' }, `Only you see it. Keep it (everyone is shown it) or put it back on top of the pile face down (then only you know it).`),
      h(
        'div',
        { class: 'o21-choices' },
        legal.keep ? this.actionButton(ctx, legal.keep, 'p-keep', ['Keep ', aCard(board, kind), ' (show everyone)'], 'primary') : null,
        legal.ret ? this.actionButton(ctx, legal.ret, 'p-return', ['Put it back, face down']) : null,
      ),
    );
  }

  actionButton(ctx, action, key, label, extraClass = '') {
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

  // ---- pile, discard pile, TAXMAN ----

  renderStatus(ctx) {
    const { view, board } = ctx;
    const items = [];
    items.push(
      h(
        'p',
        { class: 'o21-pile', 'data-testid': 'pile' },
        h('span', { class: 'o21-label' }, 'Draw pile'),
        ' ',
        h('strong', { 'data-testid': 'pile-count' }, plural(view.pile, 'card')),
        view.exhausted ? ' \u00b7 used up: no more refills' : null,
      ),
    );
    if (view.pile_top) {
      items.push(
        h(
          'p',
          { class: 'o21-pile-top', 'data-testid': 'pile-top', 'data-card': view.pile_top },
          'You know the top card is ',
          h('strong', {}, aCard(board, view.pile_top)),
          ' (you put it back with your OPERATOR; nobody else knows).',
        ),
      );
    }
    items.push(this.renderDiscard(ctx));
    if (view.audit) {
      const holder = view.audit.holder === ctx.seat ? 'your' : possessive(ctx.names(view.audit.holder));
      const before = view.audit.turns_before;
      items.push(
        h(
          'p',
          { class: 'o21-audit', 'data-testid': 'audit', 'data-holder': String(view.audit.holder), 'data-turns-before': String(before) },
          h('span', { class: 'o21-label' }, 'TAXMAN'),
          ' ',
          `Tax audit at the start of ${holder} next turn`,
          before === 0 ? ' (the next turn).' : ` (${plural(before, 'other turn')} before it).`,
        ),
      );
    }
    if (view.exhausted && view.audit) {
      items.push(h('p', { class: 'o21-note' }, 'If the TAXMAN leaves play now, the game ends at once (full employment).'));
    }
    if (view.idle_turns > 0 && !view.ending) {
      items.push(
        h(
          'p',
          { class: 'o21-note', 'data-testid': 'idle' },
          `The office is stalling: ${view.idle_turns} of ${view.stall_limit} turns without progress (at ${view.stall_limit} the game ends).`,
        ),
      );
    }
    return h('div', { class: 'o21-status', 'aria-label': 'Pile, discard pile and tax audit' }, items);
  }

  renderDiscard(ctx) {
    const { view, board } = ctx;
    const discard = view.discard ?? [];
    const latest = discard[discard.length - 1];
    const head = [
      h('span', { class: 'o21-label' }, 'Discard pile'),
      ' ',
      h('strong', { 'data-testid': 'discard-count' }, plural(discard.length, 'card')),
      latest ? [' \u00b7 latest: ', h('span', { class: 'o21-discard-top', 'data-testid': 'discard-top', 'data-card': latest }, cardName(board, latest))] : null,
    ];
    if (discard.length === 0) return h('p', { class: 'o21-discard', 'data-testid': 'discard' }, head);
    const details = h(
      'details',
      {
        class: 'o21-discard-all',
        ontoggle: (e) => {
          this.discardOpen = e.currentTarget.open;
        },
      },
      h('summary', {}, 'Show all discarded cards'),
      h(
        'ol',
        { class: 'o21-discard-list', reversed: true },
        [...discard].reverse().map((kind) => h('li', { 'data-card': kind }, cardName(board, kind))),
      ),
    );
    details.open = this.discardOpen;
    return h('div', { class: 'o21-discard', 'data-testid': 'discard' }, h('p', {}, head), details);
  }

  // ---- offices ----

  renderOffice(ctx, seat, decision, legal) {
    const { view, board } = ctx;
    const player = view.players.find((p) => p.seat === seat);
    const mine = seat === ctx.seat;
    const stage = view.stage ?? {};
    const theirTurn = stage.stage === 'turn' && stage.seat === seat;
    const winner = view.ending?.winners?.includes(seat);
    const at21 = !player.eliminated && Number(player.profit) === Number(board?.target ?? 21);
    const options = decision && decision.seat !== ctx.seat ? publicOptions(decision) : new Set();
    const recent = recentIds(ctx.recent);

    const cards = player.office.map((card) => {
      const action = legal.onCard.get(card.id);
      const key = `o-${card.id}`;
      const common = { kind: card.card, faceUp: card.face_up, id: card.id, seat, key };
      if (action) {
        return h(
          'li',
          { class: 'o21-slot' },
          this.cardButton(ctx, action, {
            ...common,
            label: `${LEGAL_VERB[action.kind] ?? action.kind} ${mine ? 'your' : possessive(ctx.names(seat))} ${describeOfficeCard(board, card)}`,
            tag: action.kind,
            extraClass: recent.has(card.id) ? 'just-played' : '',
          }),
        );
      }
      return h(
        'li',
        { class: 'o21-slot' },
        this.cardBox(board, {
          ...common,
          extraClass: [options.has(card.id) ? 'o21-option' : '', recent.has(card.id) ? 'just-played' : ''].join(' ').trim(),
        }),
      );
    });

    if (stage.stage === 'set_up' && player.chosen) {
      if (mine && view.your_choice) {
        cards.push(
          h(
            'li',
            { class: 'o21-slot' },
            this.cardBox(board, { kind: view.your_choice, faceUp: false, note: 'your choice, hidden', extraClass: 'o21-setup-choice', attrs: { 'data-setup-choice': 'mine' } }),
          ),
        );
      } else {
        cards.push(
          h(
            'li',
            { class: 'o21-slot' },
            h(
              'div',
              { class: 'o21-card o21-card-back', role: 'img', 'aria-label': 'A card put face down, not revealed yet', 'data-setup-choice': 'hidden' },
              h('span', { class: 'o21-card-name' }, 'chosen'),
              h('span', { class: 'o21-card-down' }, 'face down'),
            ),
          ),
        );
      }
    }

    const waiting = stage.stage === 'set_up' && !stage.love && (stage.waiting ?? []).includes(seat);
    const notes = [];
    if (player.eliminated) {
      notes.push(
        h('p', { class: 'o21-note o21-out-note', 'data-testid': 'eliminated' }, `Out of the game: record-breaking profits (${millions(player.profit)}).`),
      );
    } else if (at21 && !view.ending) {
      notes.push(
        h(
          'p',
          { class: 'o21-note o21-at21-note', 'data-testid': 'at21', 'data-since': String(player.profit_since) },
          `Reached exactly 21 M (move ${player.profit_since}): `,
          mine ? 'you win' : 'wins',
          ' at the start of ',
          mine ? 'your' : 'their',
          ' next turn if still at 21 M.',
        ),
      );
    }
    if (view.audit && view.audit.holder === seat && !view.ending) {
      notes.push(h('p', { class: 'o21-note o21-audit-note' }, 'Holds the TAXMAN.'));
    }
    if (stage.stage === 'set_up' && !stage.love) {
      notes.push(h('p', { class: 'o21-note', 'data-testid': 'setup-state' }, player.chosen ? 'has chosen' : waiting ? 'choosing\u2026' : ''));
    }

    const classes = ['o21-office'];
    if (mine) classes.push('o21-office-mine');
    if (theirTurn) classes.push('o21-office-turn');
    if (winner) classes.push('o21-office-winner');
    if (player.eliminated) classes.push('o21-office-out');
    if (at21) classes.push('o21-office-at21');

    return h(
      'section',
      {
        class: classes.join(' '),
        'data-seat': String(seat),
        'data-eliminated': player.eliminated ? 'true' : undefined,
        'aria-label': mine ? 'Your office' : `${possessive(ctx.names(seat))} office`,
      },
      h(
        'header',
        { class: 'o21-office-header' },
        h(
          'h3',
          { class: 'o21-office-name' },
          h('span', { class: 'o21-player-name' }, ctx.names(seat)),
          mine ? h('span', { class: 'badge badge-you' }, 'you') : null,
          theirTurn && !view.ending ? h('span', { class: 'badge badge-turn' }, mine ? 'your turn' : 'their turn') : null,
          at21 ? h('span', { class: 'badge badge-21' }, '21!') : null,
          player.eliminated ? h('span', { class: 'badge badge-out' }, 'out') : null,
          winner ? h('span', { class: 'badge badge-winner' }, 'winner') : null,
          view.start_player === seat ? h('span', { class: 'badge', title: 'Start player' }, 'started') : null,
        ),
        h(
          'p',
          { class: 'o21-office-meta' },
          h('strong', { class: 'o21-profit', 'data-testid': 'profit' }, millions(player.profit)),
          h('span', { 'data-testid': 'card-count' }, plural(player.office.length, 'card')),
          mine ? null : h('span', { 'data-testid': 'hand-count' }, `${player.hand} in hand`),
        ),
      ),
      notes,
      cards.length > 0
        ? h('ol', { class: 'o21-cards', 'aria-label': mine ? 'Cards in your office' : `Cards in ${possessive(ctx.names(seat))} office` }, cards)
        : h('p', { class: 'o21-empty' }, player.eliminated ? '' : 'No cards in the office yet.'),
    );
  }

  // ---- the viewer's hand ----

  renderHand(ctx, decision, legal) {
    const { view, board } = ctx;
    const stage = view.stage ?? {};
    const playing = stage.stage === 'turn' && stage.seat === ctx.seat && stage.decision?.decision === 'play_card';
    const choosing = legal.choose.size > 0;
    const hand = view.hand ?? [];
    const me = view.players.find((p) => p.seat === ctx.seat);
    const bossInPlay = view.players.some((p) => p.office.some((c) => c.card === 'boss'));
    const cards = hand.map((kind, i) => {
      const action = choosing ? legal.choose.get(kind) : legal.play.get(kind);
      const key = `h-${kind}-${i}`;
      if (action) {
        const verb = action.kind === 'choose' ? 'Put face down:' : 'Play';
        return h(
          'li',
          { class: 'o21-slot o21-hand-slot' },
          this.cardButton(ctx, action, {
            kind,
            key,
            label: `${verb} ${cardName(board, kind)} (${millions(cardInfo(board, kind).profit)})`,
            tag: action.kind,
            withEffect: true,
            attrs: { 'data-hand-card': '' },
          }),
        );
      }
      // Not in the legal actions while the viewer is asked to play: say so.
      const blocked = playing && legal.count > 0;
      const why = blocked ? (kind === 'boss' && bossInPlay ? 'not playable: a BOSS is already in play' : 'not playable now') : null;
      return h(
        'li',
        { class: 'o21-slot o21-hand-slot' },
        this.cardBox(board, { kind, key, withEffect: true, note: why, extraClass: blocked ? 'not-playable' : '', attrs: { 'data-hand-card': '' } }),
      );
    });
    return h(
      'section',
      { class: 'o21-hand', id: 'o21-hand', 'data-testid': 'hand', 'aria-label': 'Your hand', tabindex: '-1' },
      h('h3', { class: 'o21-hand-title' }, 'Your hand ', h('span', { class: 'hint' }, `(${plural(hand.length, 'card')})`)),
      me?.eliminated ? h('p', { class: 'o21-note' }, 'You are out of the game.') : null,
      hand.length > 0 ? h('ol', { class: 'o21-cards o21-hand-cards' }, cards) : h('p', { class: 'o21-empty' }, 'No cards in your hand.'),
    );
  }

  // ---- one card ----

  /** A card that is not a control (office, hand or secret). */
  cardBox(board, { kind, faceUp = true, id, seat, key, note, withEffect = false, extraClass = '', attrs = {} }) {
    return h(
      'div',
      {
        ...cardAttrs({ kind, faceUp, id, seat, key }),
        ...attrs,
        class: cardClasses(kind, faceUp, extraClass),
        role: 'group',
        'aria-label': describeOfficeCard(board, { card: kind, face_up: faceUp }) + (note ? `, ${note}` : ''),
      },
      cardFace(board, kind, faceUp, withEffect),
      note ? h('span', { class: 'o21-card-note' }, note) : null,
    );
  }

  /** A card that is a legal action. */
  cardButton(ctx, action, { kind, faceUp = true, id, seat, key, label, tag, withEffect = false, extraClass = '', attrs = {} }) {
    return h(
      'button',
      {
        ...cardAttrs({ kind, faceUp, id, seat, key }),
        ...attrs,
        type: 'button',
        class: cardClasses(kind, faceUp, `legal legal-${tag} ${extraClass}`),
        'data-legal': action.kind,
        'data-action': JSON.stringify(action),
        'data-verb': CARD_TAG[action.kind] ?? action.kind,
        'aria-label': label,
        'aria-describedby': withEffect && key ? `${key}-effect` : undefined,
        disabled: ctx.busy,
        onclick: () => ctx.act(action),
      },
      cardFace(ctx.board, kind, faceUp, withEffect, key ? `${key}-effect` : undefined),
    );
  }
}

/** A link down to the hand (on a phone it is below every office). */
function jumpToHand() {
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

function cardAttrs({ kind, faceUp, id, seat, key }) {
  return {
    'data-key': key,
    'data-card': kind,
    'data-face': faceUp ? 'up' : 'down',
    'data-id': id === undefined ? undefined : String(id),
    'data-seat': seat === undefined ? undefined : String(seat),
    'data-office-card': id === undefined ? undefined : '',
  };
}

function cardClasses(kind, faceUp, extra) {
  return ['o21-card', `kind-${kind}`, faceUp ? '' : 'face-down', extra].filter(Boolean).join(' ');
}

function cardFace(board, kind, faceUp, withEffect, effectId) {
  const info = cardInfo(board, kind);
  return [
    h('span', { class: 'o21-card-name' }, info.name),
    h('span', { class: 'o21-card-profit' }, millions(info.profit)),
    faceUp ? null : h('span', { class: 'o21-card-down' }, 'face down \u00b7 counts 0'),
    withEffect && info.effect ? h('span', { class: 'o21-card-effect', id: effectId }, info.effect) : null,
  ];
}

function describeOfficeCard(board, card) {
  const info = cardInfo(board, card.card);
  return `${info.name}, ${millions(info.profit)}${card.face_up === false ? ', face down (counts 0)' : ''}`;
}

/** Cards the latest events put somewhere, to animate them (off under reduced motion). */
function recentIds(recent) {
  const ids = new Set();
  for (const item of recent ?? []) {
    const e = item.event;
    if (e?.kind === 'played') ids.add(e.card?.id);
    if (e?.kind === 'swapped') {
      ids.add(e.took?.id);
      ids.add(e.gave?.id);
    }
    if (e?.kind === 'revealed') for (const p of e.cards ?? []) ids.add(p.card?.id);
  }
  return ids;
}

// ---- the log -------------------------------------------------------------------

function describeEvent(event, ctx) {
  const { board } = ctx;
  const name = (seat) => ctx.names(seat);
  const whose = (seat) => possessive(name(seat));
  const card = (kind) => cardName(board, kind);
  switch (event?.kind) {
    case 'dealt':
      return event.hand ? `${name(event.seat)} was dealt ${cardList(board, event.hand)}.` : `${name(event.seat)} was dealt ${plural(event.cards, 'card')}.`;
    case 'taxmen_set_aside':
      return `${name(event.seat)} set aside ${event.count === 1 ? 'a TAXMAN' : `${event.count} TAXMANs`} from the deal and drew ${event.count === 1 ? 'a replacement' : 'replacements'}.`;
    case 'taxmen_shuffled_back':
      return `${event.count === 1 ? 'The TAXMAN was' : `${event.count} TAXMANs were`} shuffled back into the pile.`;
    case 'chose':
      return event.card
        ? `${name(event.seat)} put ${aCard(board, event.card)} face down (set-up round ${event.round}).`
        : `${name(event.seat)} has chosen a card (set-up round ${event.round}).`;
    case 'revealed': {
      for (const p of event.cards ?? []) learn(p.card);
      const shown = (event.cards ?? []).map((p) => `${name(p.seat)}: ${card(p.card.card)}`);
      return `Set-up round ${event.round}, the cards are turned up. ${shown.join('; ')}.`;
    }
    case 'turned_down':
      learn(event.card);
      return `${whose(event.seat)} ${card(event.card.card)} is in love and turns face down.`;
    case 'turned_up':
      learn(event.card);
      return `${whose(event.seat)} ${card(event.card.card)} turns face up again.`;
    case 'love_chosen': {
      const loved = kindOfId(ctx.view, event.card);
      const lover = loved === 'boss' ? 'SECRETARY' : 'BOSS';
      return `${name(event.seat)} chose: their ${lover} loves ${whose(event.owner)} ${loved ? card(loved) : 'card'}.`;
    }
    case 'set_up_tied': {
      const tied = joinNames((event.tied ?? []).map(name)).join('');
      const low = event.totals?.[event.tied?.[0]];
      const next = event.round >= 3 ? 'the set-up starts over.' : 'everyone puts down another card.';
      return `Set-up round ${event.round}: ${tied} tie for the lowest profit${low !== undefined ? ` (${millions(low)})` : ''}: ${next}`;
    }
    case 'set_up_restarted':
      return `Still tied after three rounds: all cards are reshuffled and the set-up starts over (attempt ${event.attempt}).`;
    case 'start_player': {
      const low = event.totals?.[event.seat];
      return `${name(event.seat)} has the lowest profit${low !== undefined ? ` (${millions(low)})` : ''} and starts.`;
    }
    case 'bosses_discarded': {
      for (const p of event.cards ?? []) learn(p.card);
      const owners = joinNames((event.cards ?? []).map((p) => whose(p.seat))).join('');
      return `There can be only one BOSS: play begins with both in play, so ${owners} BOSS${(event.cards ?? []).length > 1 ? 'es are' : ' is'} discarded.`;
    }
    case 'turn_began':
      return `${whose(event.seat)} turn.`;
    case 'drew':
      return event.cards
        ? `${name(event.seat)} drew ${cardList(board, event.cards)}.`
        : `${name(event.seat)} drew ${event.count === 1 ? 'a card' : `${event.count} cards`}.`;
    case 'full_employment':
      return event.taxman_in_play
        ? `Full employment: the pile cannot refill ${whose(event.seat)} hand. A TAXMAN is in play, so the game goes on without refills.`
        : `Full employment: the pile cannot refill ${whose(event.seat)} hand.`;
    case 'passed':
      return event.reason === 'only_boss'
        ? `${name(event.seat)} passes: their only card is a BOSS and a BOSS is already in play.`
        : `${name(event.seat)} passes: no cards left to play.`;
    case 'played':
      learn(event.card);
      return `${name(event.seat)} played ${aCard(board, event.card.card)}.`;
    case 'no_target':
      return `${whose(event.seat)} ${card(event.card)} has no possible target: no effect.`;
    case 'removed':
      learn(event.card);
      return `${whose(event.seat)} CLEANER removed ${event.owner === event.seat ? 'their own' : whose(event.owner)} ${card(event.card.card)}.`;
    case 'took_back':
      learn(event.card);
      return `${whose(event.seat)} ASSISTANT took their ${card(event.card.card)} back to hand.`;
    case 'swapped':
      learn(event.took);
      learn(event.gave);
      return `${name(event.seat)} swapped their SALES for ${whose(event.other)} ${card(event.took.card)}: the ${card(event.took.card)} joins ${whose(event.seat)} office, the SALES goes to ${name(event.other)}.`;
    case 'operator_drew':
      return event.card
        ? `${whose(event.seat)} OPERATOR drew ${aCard(board, event.card)} from the pile (only ${name(event.seat)} saw it).`
        : `${whose(event.seat)} OPERATOR drew a card from the pile and looked at it.`;
    case 'operator_kept':
      return `${name(event.seat)} showed the card, ${aCard(board, event.card)}, and kept it.`;
    case 'operator_returned':
      return event.card
        ? `${name(event.seat)} put the ${card(event.card)} back on top of the pile, face down.`
        : `${name(event.seat)} put the card back on top of the pile, face down.`;
    case 'director_looked':
      return event.hand
        ? `${whose(event.seat)} DIRECTOR looked at ${whose(event.target)} hand: ${cardList(board, event.hand)}.`
        : `${whose(event.seat)} DIRECTOR looked at ${whose(event.target)} hand.`;
    case 'director_discarded':
      return event.card
        ? `${whose(event.seat)} DIRECTOR discarded ${aCard(board, event.card)} from ${whose(event.target)} hand.`
        : `${whose(event.seat)} DIRECTOR found only SPYs in ${whose(event.target)} hand: nothing could be discarded.`;
    case 'taxman_replaced':
      learn(event.card);
      return `Only one TAXMAN at a time: ${whose(event.owner)} TAXMAN is discarded.`;
    case 'audit_cancelled':
      return `${whose(event.holder)} TAXMAN left play: no tax audit for now.`;
    case 'eliminated': {
      for (const c of event.office ?? []) learn(c);
      const gone = [...(event.hand ?? []), ...(event.office ?? []).map((c) => c.card)];
      return `${name(event.seat)} made ${millions(event.profit)}, record-breaking profits, and is out of the game. To the discard pile: ${cardList(board, gone)}.`;
    }
    case 'ended': {
      const ending = event.ending ?? {};
      const winners = joinNames((ending.winners ?? []).map(name)).join('');
      const result = (ending.winners ?? []).length > 1 ? `${winners} share the victory` : `${winners} wins`;
      return `Game over. Ended by ${endName(board, ending.ended_by).toLowerCase()}, won by ${victoryName(board, ending.victory).toLowerCase()}: ${result}.`;
    }
    default:
      return event?.kind ? `(${String(event.kind).replaceAll('_', ' ')})` : null;
  }
}

// ---- the end -------------------------------------------------------------------

function describeEnding(ctx) {
  const { view, board } = ctx;
  const ending = view.ending;
  if (!ending) return null;
  const winners = ending.winners ?? [];
  const how = `Ended by ${endName(board, ending.ended_by).toLowerCase()}, won by ${victoryName(board, ending.victory).toLowerCase()}.`;
  const rows = view.players.map((p) =>
    h(
      'tr',
      { class: winners.includes(p.seat) ? 'winner' : p.eliminated ? 'o21-out-row' : '', 'data-seat': String(p.seat) },
      h('th', { scope: 'row' }, ctx.names(p.seat)),
      h('td', {}, millions(p.profit)),
      h('td', {}, String(p.office.length)),
      h('td', {}, winners.includes(p.seat) ? 'winner' : p.eliminated ? 'out' : ''),
    ),
  );
  return h(
    'div',
    { class: 'ending-details o21-ending', 'data-ended-by': ending.ended_by, 'data-victory': ending.victory },
    h('p', { class: 'o21-ending-how', 'data-testid': 'ending-how' }, how),
    ending.tie_break ? h('p', { class: 'o21-ending-tie' }, TIE_BREAK_TEXT[ending.tie_break] ?? '') : null,
    h(
      'blockquote',
      { class: 'o21-congrats', 'data-testid': 'congratulation' },
      h('p', {}, 'To ', joinNames(winners.map((s) => h('strong', {}, ctx.names(s)))), ': ', congratulation(board, ending.victory)),
    ),
    h(
      'table',
      { class: 'scores' },
      h('caption', {}, 'Final profits'),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', { scope: 'col' }, 'Player'),
          h('th', { scope: 'col' }, 'Profit'),
          h('th', { scope: 'col' }, 'Cards'),
          h('th', { scope: 'col' }, h('span', { class: 'visually-hidden' }, 'Result')),
        ),
      ),
      h('tbody', {}, rows),
    ),
  );
}

export const office21 = {
  id: 'office21',

  createTable(container) {
    knownCards.clear();
    return new Office21Table(container);
  },

  activeSeats(view) {
    const stage = view?.stage;
    if (!stage || view.ending) return [];
    if (stage.stage === 'set_up') return stage.love ? [stage.love.seat] : stage.waiting ?? [];
    if (stage.stage === 'turn') return [stage.seat];
    return [];
  },

  describeEvent,
  describeEnding,

  endYouLine(won) {
    return won ? 'Well done: the company is yours to run.' : 'Not this time. There is always next quarter.';
  },
};
