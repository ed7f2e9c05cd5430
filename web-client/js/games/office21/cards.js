// One card: a box when it is not a control, a button when a legal action
// names it. `data-action` holds the action as the server wrote it (for
// tests); `data-key` is stable across renders, for focus.

import { h } from '../../dom.js';
import { cardIcon } from '../../art.js';
import { t } from '../../i18n.js';
import { CARD_TAG } from './legal.js';
import { cardEffect, cardInfo, millions } from './words.js';

/** A card that is not a control (office, hand or secret). */
export function cardBox(board, { kind, faceUp = true, id, seat, key, note, withEffect = false, extraClass = '', attrs = {} }) {
  return h(
    'div',
    {
      ...cardAttrs({ kind, faceUp, id, seat, key }),
      ...attrs,
      class: cardClasses(kind, faceUp, extraClass),
      role: 'group',
      'aria-label': note
        ? t('{card}, {note}', { card: describeOfficeCard(board, { card: kind, face_up: faceUp }), note })
        : describeOfficeCard(board, { card: kind, face_up: faceUp }),
    },
    cardFace(board, kind, faceUp, withEffect),
    note ? h('span', { class: 'o21-card-note' }, note) : null,
  );
}

/**
 * A card that is a legal action. `label` names the button (aria-label).
 * Without it (`verb` instead) the button is named by its visible text, the
 * verb first for screen readers only: the name then holds every visible
 * word, the effect included (WCAG 2.5.3, label in name).
 */
export function cardButton(ctx, action, { kind, faceUp = true, id, seat, key, label, verb, tag, withEffect = false, extraClass = '', attrs = {} }) {
  const named = label !== undefined && label !== null;
  return h(
    'button',
    {
      ...cardAttrs({ kind, faceUp, id, seat, key }),
      ...attrs,
      type: 'button',
      class: cardClasses(kind, faceUp, `legal legal-${tag} ${extraClass}`),
      'data-legal': action.kind,
      'data-action': JSON.stringify(action),
      // Shown by CSS (the tag on the card), so in the page's language.
      'data-verb': CARD_TAG[action.kind] ? t(CARD_TAG[action.kind]) : action.kind,
      'aria-label': named ? label : undefined,
      'aria-describedby': named && withEffect && key ? `${key}-effect` : undefined,
      disabled: ctx.busy,
      onclick: () => ctx.act(action),
    },
    !named && verb ? h('span', { class: 'visually-hidden' }, `${verb} `) : null,
    cardFace(ctx.board, kind, faceUp, withEffect, key ? `${key}-effect` : undefined),
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
  const effect = cardEffect(board, kind);
  // The spaces between the parts are not drawn (the card is a flex box) but
  // keep the words apart in the card's text: "MANAGER 4 M", not "MANAGER4 M",
  // so a button's label ("Remove Ben’s MANAGER, 4 M") holds its visible
  // words for every reader (WCAG 2.5.3, axe's label-content-name-mismatch).
  return [
    h('span', { class: 'o21-card-name' }, info.name),
    ' ',
    // The kind's icon (js/art.js) beside the profit: kinds told apart at a glance.
    h('span', { class: 'o21-card-profit' }, cardIcon(kind), millions(info.profit)),
    faceUp ? null : ' ',
    faceUp ? null : h('span', { class: 'o21-card-down' }, t('face down \u00b7 counts 0')),
    withEffect && effect ? ' ' : null,
    withEffect && effect ? h('span', { class: 'o21-card-effect', id: effectId }, effect) : null,
  ];
}

export function describeOfficeCard(board, card) {
  const info = cardInfo(board, card.card);
  const words = { card: info.name, profit: millions(info.profit) };
  return card.face_up === false ? t('{card}, {profit}, face down (counts 0)', words) : t('{card}, {profit}', words);
}

// The last move (issue 14): what a player did on the latest turn that did
// something (the card played and what its effect did), or the latest
// set-up reveal. It stays marked until the next one.
const MOVE_KINDS = new Set([
  'played',
  'no_target',
  'removed',
  'took_back',
  'swapped',
  'operator_kept',
  'operator_returned',
  'director_looked',
  'director_discarded',
  'taxman_replaced',
  'audit_cancelled',
  'eliminated',
  'passed',
  'revealed',
  'love_chosen',
  'bosses_discarded',
]);
// Where one move's events start (walking back from its last one).
const MOVE_START = new Set(['turn_began', 'start_player', 'set_up_tied', 'set_up_restarted', 'dealt']);

/** The last move in `entries` (log entries {seq, event}): {seq, events: [{seq, event}]} or null. */
export function lastMoveOf(entries) {
  const list = entries ?? [];
  let end = -1;
  for (let i = list.length - 1; i >= 0; i -= 1) {
    if (MOVE_KINDS.has(list[i]?.event?.kind)) {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  const events = [];
  for (let i = end; i >= 0; i -= 1) {
    const e = list[i]?.event;
    if (!e) continue;
    if (MOVE_START.has(e.kind)) break;
    if (MOVE_KINDS.has(e.kind)) events.unshift({ seq: list[i].seq, event: e });
    if (e.kind === 'revealed' && i !== end) break;
  }
  return { seq: list[end].seq, events };
}

/** Office cards the last move put where they are: card id -> 'played' | 'swapped' | 'revealed'. */
export function lastMoveMarks(move) {
  const marks = new Map();
  for (const { event: e } of move?.events ?? []) {
    if (e.kind === 'played' && e.card) marks.set(e.card.id, 'played');
    if (e.kind === 'swapped') {
      if (e.took) marks.set(e.took.id, 'swapped');
      if (e.gave) marks.set(e.gave.id, 'swapped');
    }
    if (e.kind === 'revealed') for (const p of e.cards ?? []) if (p.card) marks.set(p.card.id, 'revealed');
  }
  return marks;
}
