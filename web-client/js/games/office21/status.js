// The shared part of the table: the draw pile (and the top card the viewer
// knows), the discard pile, the TAXMAN's audit and the stalling counter.
// `ui` is the table's own state (whether the discard list is open).

import { h } from '../../dom.js';
import { t, tParts } from '../../i18n.js';
import { aCard, cardName, plural } from './words.js';

export function renderStatus(ctx, ui) {
  const { view, board } = ctx;
  const items = [];
  items.push(
    h(
      'p',
      { class: 'o21-pile', 'data-testid': 'pile' },
      h('span', { class: 'o21-label' }, t('Draw pile')),
      ' ',
      h('strong', { 'data-testid': 'pile-count' }, plural(view.pile, 'card')),
      view.exhausted ? [' \u00b7 ', t('used up: no more refills')] : null,
    ),
  );
  if (view.pile_top) {
    items.push(
      h(
        'p',
        { class: 'o21-pile-top', 'data-testid': 'pile-top', 'data-card': view.pile_top },
        tParts('You know the top card is {card} (you put it back with your OPERATOR; nobody else knows).', {
          card: h('strong', {}, aCard(board, view.pile_top)),
        }),
      ),
    );
  }
  items.push(renderDiscard(ctx, ui));
  if (view.audit) {
    const before = view.audit.turns_before;
    const when =
      view.audit.holder === ctx.seat
        ? t('Tax audit at the start of your next turn')
        : t('Tax audit at the start of {name}\u2019s next turn', { name: ctx.names(view.audit.holder) });
    items.push(
      h(
        'p',
        { class: 'o21-audit', 'data-testid': 'audit', 'data-holder': String(view.audit.holder), 'data-turns-before': String(before) },
        h('span', { class: 'o21-label' }, 'TAXMAN'),
        ' ',
        when,
        ' ',
        before === 0 ? t('(the next turn).') : t('({turns} before it).', { turns: plural(before, 'other turn') }),
      ),
    );
  }
  if (view.exhausted && view.audit) {
    items.push(h('p', { class: 'o21-note' }, t('If the TAXMAN leaves play now, the game ends at once (full employment).')));
  }
  if (view.idle_turns > 0 && !view.ending) {
    items.push(
      h(
        'p',
        { class: 'o21-note', 'data-testid': 'idle' },
        t('The office is stalling: {idle} of {limit} turns without progress (at {limit} the game ends).', { idle: view.idle_turns, limit: view.stall_limit }),
        ' ',
        // Opens the rules drawer at its explanation (js/rules.js, on the room and replay pages).
        h(
          'button',
          {
            type: 'button',
            class: 'small rules-help',
            'aria-label': t('What is stalling? Open the rules'),
            title: t('What is stalling? Open the rules'),
            'data-rules-section': 'stalling',
          },
          '?',
        ),
      ),
    );
  }
  return h('div', { class: 'o21-status', 'aria-label': t('Pile, discard pile and tax audit') }, items);
}

export function renderDiscard(ctx, ui) {
  const { view, board } = ctx;
  const discard = view.discard ?? [];
  const latest = discard[discard.length - 1];
  const head = [
    h('span', { class: 'o21-label' }, t('Discard pile')),
    ' ',
    h('strong', { 'data-testid': 'discard-count' }, plural(discard.length, 'card')),
    latest ? [' \u00b7 ', t('latest:'), ' ', h('span', { class: 'o21-discard-top', 'data-testid': 'discard-top', 'data-card': latest }, cardName(board, latest))] : null,
  ];
  if (discard.length === 0) return h('p', { class: 'o21-discard', 'data-testid': 'discard' }, head);
  const details = h(
    'details',
    {
      class: 'o21-discard-all',
      ontoggle: (e) => {
        ui.discardOpen = e.currentTarget.open;
      },
    },
    h('summary', {}, t('Show all discarded cards')),
    h(
      'ol',
      { class: 'o21-discard-list', reversed: true },
      [...discard].reverse().map((kind) => h('li', { 'data-card': kind }, cardName(board, kind))),
    ),
  );
  details.open = ui.discardOpen;
  return h('div', { class: 'o21-discard', 'data-testid': 'discard' }, h('p', {}, head), details);
}
