// One card: a box when it is not a control, a button when a legal action
// names it. `data-action` holds the action as the server wrote it (for
// tests); `data-key` is stable across renders, for focus.

import { h } from '../../dom.js';
import { CARD_TAG } from './legal.js';
import { cardInfo, millions } from './words.js';

/** A card that is not a control (office, hand or secret). */
export function cardBox(board, { kind, faceUp = true, id, seat, key, note, withEffect = false, extraClass = '', attrs = {} }) {
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
      'data-verb': CARD_TAG[action.kind] ?? action.kind,
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
  return [
    h('span', { class: 'o21-card-name' }, info.name),
    h('span', { class: 'o21-card-profit' }, millions(info.profit)),
    faceUp ? null : h('span', { class: 'o21-card-down' }, 'face down \u00b7 counts 0'),
    withEffect && info.effect ? h('span', { class: 'o21-card-effect', id: effectId }, info.effect) : null,
  ];
}

export function describeOfficeCard(board, card) {
  const info = cardInfo(board, card.card);
  return `${info.name}, ${millions(info.profit)}${card.face_up === false ? ', face down (counts 0)' : ''}`;
}

/** Cards the latest events put somewhere, to animate them (off under reduced motion). */
export function recentIds(recent) {
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
