// The Osaki table: every player's row of slots (the viewer's first), the
// set-aside tiles, and the pick-then-drop of a stack. The server's legal
// actions are the only source of what is clickable: a tile is a button
// exactly when some legal action names it. Turning is one click; stacking
// is pick (one of your stacks) then drop (a target that a legal action
// pairs with it). The banner's Cancel button, Escape, or clicking the
// picked stack again, cancels the pick.

import { h, replace } from '../../dom.js';
import { FocusKeeper } from '../../focus.js';
import { t, tParts } from '../../i18n.js';
import { describeEvent } from './log.js';
import { TASK_CLASS, characterText, describePile, indexLegal, lastMoveMarks, lastMoveOf, slotWords, tileFace, tileOf, tileText, tilesIn, topOf } from './tiles.js';

// How long a moved stack travels from its source to its target, and a turned tile flips.
const MOVE_MS = 350;

/** The small tag on a legal tile, by what clicking it does (site.css shows `data-verb`). */
const TILE_TAG = { turn: 'turn', target: 'drop here' };

export class OsakiTable {
  constructor(container) {
    this.container = container;
    this.pickedFrom = null;
    this.ctx = null;
    /** The seq of the last move already drawn (animated once, when it arrives). */
    this.shownSeq = null;
    /** Aborted by `destroy`: the listeners this table added to the page. */
    this.listening = new AbortController();
    this.focus = new FocusKeeper(container, this.listening.signal);
    document.addEventListener(
      'keydown',
      (e) => {
        if (e.key === 'Escape' && this.pickedFrom !== null && this.ctx) this.cancelPick();
      },
      { signal: this.listening.signal },
    );
  }

  /** The room has dropped this table (js/games/registry.js). */
  destroy() {
    this.listening.abort();
    this.ctx = null;
  }

  /** Drops the pick; focus goes back to the stack that was picked if it had moved on. */
  cancelPick() {
    if (this.pickedFrom === null || !this.ctx) return;
    const slot = this.pickedFrom;
    const hadFocus = this.container.contains(document.activeElement);
    const onCancel = document.activeElement?.dataset?.key === 'cancel-pick';
    this.pickedFrom = null;
    this.render(this.ctx);
    if (hadFocus && (onCancel || !this.container.contains(document.activeElement))) {
      this.container.querySelector(`button[data-key="${this.ctx.seat}-${slot}"]`)?.focus();
    }
  }

  render(ctx) {
    this.ctx = ctx;
    const { board, view } = ctx;
    const legal = indexLegal(ctx.legal);
    if (this.pickedFrom !== null && !legal.targetsByFrom.has(this.pickedFrom)) this.pickedFrom = null;
    // The last move stays marked until the next one (from the log, so a
    // re-render or a reload keeps it); it moves once, when it arrives.
    const move = lastMoveOf(ctx.log ?? ctx.recent);
    const marks = lastMoveMarks(move);
    const fresh = Boolean(
      move && this.shownSeq !== null && move.seq > this.shownSeq && (ctx.recent ?? []).some((r) => r.seq === move.seq),
    );
    this.shownSeq = move?.seq ?? this.shownSeq ?? 0;
    const from = fresh && move.event.kind === 'stacked' ? this.rectOf(`${move.event.seat}-${move.event.from}`) : null;

    const focusWasHere = this.focus.capture();

    const order = view.areas.map((a) => a.seat);
    if (view.you !== null && view.you !== undefined) {
      const i = order.indexOf(view.you);
      if (i > 0) order.push(...order.splice(0, i));
    }

    const areas = order.map((seat) => this.renderArea(ctx, view.areas.find((a) => a.seat === seat), legal, marks));
    const myTurn = !view.ending && view.turn === ctx.seat && (legal.turns.size > 0 || legal.targetsByFrom.size > 0);

    replace(
      this.container,
      // On the viewer's turn the banner says what to do (and holds Cancel):
      // pinned under the status bar (js/frame.js, "the dock").
      h(
        'p',
        { class: 'turn-banner', 'data-testid': 'turn-banner', 'data-dock': myTurn ? '' : undefined, tabindex: myTurn ? '-1' : undefined },
        this.bannerText(ctx, legal),
      ),
      move ? this.lastMoveLine(ctx, move) : null,
      h('div', { class: 'areas' }, areas),
      view.leftover?.length ? this.renderLeftover(ctx) : null,
    );

    // A new turn of the viewer's brings the focus to the banner that says
    // what to do, as the other tables' prompts do; Tab then reaches their
    // tiles (their area comes first). Within the turn (a pick) it stays put.
    this.focus.restore(focusWasHere, {
      decisionKey: myTurn ? `turn:${move?.seq ?? 0}` : null,
      prompt: myTurn ? this.container.querySelector('.turn-banner') : null,
    });
    this.keepTagsInside();
    if (fresh) this.animate(move, from);
  }

  /** A tag wider than its tile is centred on it, but kept inside its area (no sideways scroll on a phone). */
  keepTagsInside() {
    for (const tag of this.container.querySelectorAll('.last-move-tag')) {
      const area = tag.closest('.area')?.getBoundingClientRect();
      const box = tag.getBoundingClientRect();
      if (!area || box.width === 0) continue;
      const margin = 4;
      let dx = 0;
      if (box.right > area.right - margin) dx = area.right - margin - box.right;
      if (box.left + dx < area.left + margin) dx = area.left + margin - box.left;
      if (dx !== 0) tag.style.transform = `translate(calc(-50% + ${Math.round(dx)}px), 60%)`;
    }
  }

  rectOf(key) {
    return this.container.querySelector(`.tile[data-key="${key}"]`)?.getBoundingClientRect() ?? null;
  }

  /**
   * The move that just arrived: a moved stack travels from where it was to
   * its target (FLIP: drawn at the target, started at the source), a turned
   * tile flips. Nothing moves under prefers-reduced-motion.
   */
  animate(move, from) {
    if (reducedMotion()) return;
    const e = move.event;
    if (e.kind === 'stacked') {
      const tile = this.container.querySelector(`.tile[data-key="${e.owner}-${e.onto}"]`);
      const to = tile?.getBoundingClientRect();
      if (!tile || !from || !to || typeof tile.animate !== 'function') return;
      const dx = from.left - to.left;
      const dy = from.top - to.top;
      tile.classList.add('moving');
      const run = tile.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: 'none' }], { duration: MOVE_MS, easing: 'ease-out' });
      run.finished.catch(() => {}).finally(() => tile.classList.remove('moving'));
    } else if (e.kind === 'turned') {
      const tile = this.container.querySelector(`.tile[data-key="${e.seat}-${e.slot}"]`);
      if (!tile || typeof tile.animate !== 'function') return;
      tile.animate([{ transform: 'perspective(400px) rotateY(90deg)' }, { transform: 'none' }], { duration: MOVE_MS, easing: 'ease-out' });
    }
  }

  /**
   * "Last move: …", short (the tiles themselves are marked and named; the
   * log line above the table says it in full).
   */
  lastMoveLine(ctx, move) {
    const e = move.event;
    // A move starts in its mover's own area: "You … your slot", "Aki … their
    // slot", never "Aki turned over Aki's slot" (or "your slot", on Aki's page).
    const mine = e.seat === ctx.seat;
    const name = h('bdi', {}, ctx.names(e.seat));
    let words = describeEvent(e, ctx);
    if (e.kind === 'turned') {
      const n = String(e.slot + 1);
      words = mine ? tParts('You turned over your slot {n}.', { n }) : tParts('{name} turned over their slot {n}.', { name, n });
    }
    if (e.kind === 'stacked') {
      const parts = { name, n: String(e.from + 1), onto: slotWords(ctx, e.owner, e.onto, e.seat), height: String(e.height) };
      words = mine
        ? tParts('You moved a stack from your slot {n} onto {onto} (now {height} tiles).', parts)
        : tParts('{name} moved a stack from their slot {n} onto {onto} (now {height} tiles).', parts);
    }
    return h(
      'p',
      { class: 'last-move', 'data-testid': 'last-move', 'data-seq': String(move.seq), 'data-kind': e.kind },
      h('span', { class: 'last-move-label' }, t('Last move:'), ' '),
      words,
    );
  }

  bannerText(ctx, legal) {
    const { view, board } = ctx;
    if (view.ending) return t('The game is over.');
    if (view.turn === null || view.turn === undefined) return '';
    if (view.turn !== ctx.seat) return tParts('{name}\u2019s turn.', { name: h('bdi', {}, ctx.names(view.turn)) });
    if (ctx.busy) return t('Sending your move\u2026');
    if (this.pickedFrom !== null) {
      const pile = view.areas.find((a) => a.seat === ctx.seat)?.slots[this.pickedFrom];
      const what = pile?.pile === 'stack' ? tileText(board, topOf(pile)) : t('your stack');
      // A real Cancel button: phones have no Escape key. The Escape hint
      // shows only where there is a keyboard-and-mouse (CSS .key-hint).
      return [
        t('Now pick where {what} goes (a highlighted stack).', { what }),
        ' ',
        h('button', { type: 'button', class: 'cancel-pick', 'data-key': 'cancel-pick', 'data-testid': 'cancel-pick', onclick: () => this.cancelPick() }, t('Cancel')),
        h('span', { class: 'hint key-hint' }, ' ', t('or press Escape')),
      ];
    }
    const canTurn = legal.turns.size > 0;
    const canStack = legal.targetsByFrom.size > 0;
    if (canTurn && canStack) return t('Your turn: turn over one of your tiles, or pick one of your highlighted stacks to hand off.');
    if (canTurn) return t('Your turn: turn over one of your highlighted tiles.');
    if (canStack) return t('Your turn: pick one of your highlighted stacks to hand off.');
    return t('Your turn.');
  }

  renderArea(ctx, area, legal, marks) {
    const { view } = ctx;
    const mine = area.seat === ctx.seat;
    const theirTurn = view.turn === area.seat && !view.ending;
    const pickedTargets = this.pickedFrom !== null ? legal.targetsByFrom.get(this.pickedFrom) ?? [] : [];
    const winner = view.ending?.winners?.includes(area.seat);

    const slots = area.slots.map((pile, slot) => {
      const key = `${area.seat}-${slot}`;
      const common = {
        'data-key': key,
        'data-seat': String(area.seat),
        'data-slot': String(slot),
        'data-pile': pile.pile,
        'data-character': pile.pile === 'unturned' ? pile.character : pile.pile === 'stack' ? topOf(pile).character : undefined,
        'data-task': pile.pile === 'stack' ? topOf(pile).task : undefined,
        'data-height': pile.pile === 'stack' ? String(pile.tiles.length) : undefined,
      };
      const classes = ['tile', `pile-${pile.pile}`];
      if (pile.pile === 'stack') classes.push(TASK_CLASS[topOf(pile).task] ?? '');
      const mark = marks.get(key);
      if (mark) {
        common['data-last-move'] = mark;
        classes.push('last-move-tile');
      }
      const tag = mark ? this.lastMoveTag(ctx, mark) : null;

      if (pile.pile === 'empty') {
        return h(
          'li',
          { class: 'slot slot-empty' },
          h('div', { ...common, class: `tile pile-empty${mark ? ' last-move-tile' : ''}`, 'aria-hidden': 'true' }),
          tag,
        );
      }

      let button = null;
      if (mine && pile.pile === 'unturned' && legal.turns.has(slot)) {
        button = {
          legal: 'turn',
          label: t('Turn over your {character} tile', { character: characterText(ctx.board, pile.character) }),
          onclick: () => {
            this.pickedFrom = null;
            ctx.act({ kind: 'turn', slot });
          },
        };
      } else if (mine && pile.pile === 'stack' && legal.targetsByFrom.has(slot)) {
        const picked = this.pickedFrom === slot;
        button = {
          legal: 'source',
          pressed: picked,
          label: t(picked ? 'Picked your {pile} to hand off' : 'Pick your {pile} to hand off', { pile: describePile(ctx.board, pile) }),
          onclick: () => {
            this.pickedFrom = picked ? null : slot;
            this.render(this.ctx);
          },
        };
      }
      const target = pickedTargets.find((a) => a.owner === area.seat && a.onto === slot);
      if (target && !button) {
        button = {
          legal: 'target',
          label: ontoLabel(ctx, area.seat, pile),
          onclick: () => {
            this.pickedFrom = null;
            ctx.act(target);
          },
        };
      } else if (target && button) {
        // A stack is never stacked onto itself, so a source is not also a
        // target of its own pick; another pick's target it may be.
        button.legal = 'target';
        button.label = ontoLabel(ctx, area.seat, pile);
        button.onclick = () => {
          this.pickedFrom = null;
          ctx.act(target);
        };
        button.pressed = undefined;
      }

      if (button) {
        classes.push('legal', `legal-${button.legal}`);
        if (button.pressed) classes.push('picked');
        return h(
          'li',
          { class: 'slot' },
          h(
            'button',
            {
              ...common,
              type: 'button',
              class: classes.join(' '),
              'data-legal': button.legal,
              // The tag CSS draws on the tile ("turn", "drop here"), in the page's language.
              'data-verb': TILE_TAG[button.legal] ? t(TILE_TAG[button.legal]) : undefined,
              'aria-label': button.label,
              'aria-pressed': button.pressed === undefined ? undefined : String(button.pressed),
              disabled: ctx.busy,
              onclick: button.onclick,
            },
            tileFace(ctx.board, pile),
          ),
          tag,
        );
      }
      return h(
        'li',
        { class: 'slot' },
        h('div', { ...common, class: classes.join(' '), role: 'img', 'aria-label': describePile(ctx.board, pile) }, tileFace(ctx.board, pile)),
        tag,
      );
    });

    return h(
      'section',
      {
        class: ['area', mine ? 'area-mine' : '', theirTurn ? 'area-turn' : '', winner ? 'area-winner' : ''].join(' '),
        'data-seat': String(area.seat),
        'aria-label': mine ? t('Your tiles') : t('{name}\u2019s tiles', { name: ctx.names(area.seat) }),
      },
      h(
        'header',
        { class: 'area-header' },
        h('h3', { class: 'area-name' }, h('bdi', {}, ctx.names(area.seat)), mine ? h('span', { class: 'badge badge-you' }, t('you')) : null),
        h(
          'span',
          { class: 'area-meta' },
          h('span', { class: 'tile-count', 'data-testid': 'tile-count' }, t(tilesIn(area) === 1 ? '{n} tile' : '{n} tiles', { n: tilesIn(area) })),
          theirTurn ? h('span', { class: 'badge badge-turn' }, mine ? t('your turn') : t('their turn')) : null,
          winner ? h('span', { class: 'badge badge-winner' }, t('winner')) : null,
        ),
      ),
      h('ol', { class: 'slots' }, slots),
    );
  }

  /** The small label on a tile of the last move (the line above the table says it in full). */
  lastMoveTag(ctx, mark) {
    const e = lastMoveOf(ctx.log ?? ctx.recent)?.event;
    let text = t('turned');
    if (mark === 'from') text = t('moved away');
    // One short line, no wider than its slot (a long name ends in "…"):
    // within one area the slot it came from, else whose area it came from,
    // where the source's own tag marks the slot.
    if (mark === 'to' && e?.kind === 'stacked') {
      if (e.seat === e.owner) text = t('\u2190 slot {n}', { n: e.from + 1 });
      else if (e.seat === ctx.seat) text = t('\u2190 from you');
      else text = tParts('\u2190 from {name}', { name: h('bdi', {}, ctx.names(e.seat)) });
    }
    return h('span', { class: `last-move-tag last-move-tag-${mark}`, 'data-testid': 'last-move-tag', 'aria-hidden': 'true' }, text);
  }

  renderLeftover(ctx) {
    const { board, view } = ctx;
    const tiles = view.leftover.map((left) => {
      if (left.face === 'revealed') {
        const tile = tileOf(left.tile);
        return h(
          'li',
          { class: 'slot' },
          h(
            'div',
            {
              class: `tile pile-stack ${TASK_CLASS[tile.task] ?? ''}`,
              role: 'img',
              'aria-label': tileText(board, tile),
              'data-pile': 'leftover',
              'data-character': tile.character,
              'data-task': tile.task,
            },
            tileFace(board, { pile: 'stack', tiles: [left.tile] }),
          ),
        );
      }
      return h(
        'li',
        { class: 'slot' },
        h(
          'div',
          {
            class: 'tile pile-unturned',
            role: 'img',
            'aria-label': t('{character}, never turned', { character: characterText(board, left.character) }),
            'data-pile': 'leftover-hidden',
            'data-character': left.character,
          },
          tileFace(board, { pile: 'unturned', character: left.character }),
        ),
      );
    });
    return h(
      'section',
      { class: 'area area-leftover', 'aria-label': t('Tiles set aside') },
      h(
        'header',
        { class: 'area-header' },
        h('h3', { class: 'area-name' }, t('Set aside')),
        h('span', { class: 'area-meta' }, t('seen by no one until the end')),
      ),
      h('ol', { class: 'slots' }, tiles),
    );
  }
}

/** The label of a stack a picked stack may go onto (the viewer's own, or someone's). */
function ontoLabel(ctx, seat, pile) {
  const words = { pile: describePile(ctx.board, pile), name: ctx.names(seat) };
  return seat === ctx.seat ? t('Put your stack onto your {pile}', words) : t('Put your stack onto {name}\u2019s {pile}', words);
}

function reducedMotion() {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}
