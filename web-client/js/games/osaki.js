// Osaki ni Shitsurei Shima-su!!: the table, the log lines, the end details.
//
// The server's legal actions are the only source of what is clickable:
// a tile is a button exactly when some legal action names it. Turning is one
// click; stacking is pick (one of your stacks) then drop (a target that a
// legal action pairs with it). Escape, or clicking the picked stack again,
// cancels the pick.

import { h, ja, joinNames, replace } from '../dom.js';

const TASK_CLASS = {
  copying: 'task-copying',
  accounting: 'task-accounting',
  inventory: 'task-inventory',
  phone_duty: 'task-phone',
};

/** {en, ja} for a character or task id, from the board (falls back to the id). */
function named(list, id) {
  const entry = list?.find((n) => n.id === id);
  return entry ?? { en: String(id).replaceAll('_', ' '), ja: '' };
}

function bilingual(name) {
  return name.ja ? [name.en, ' ', ja(name.ja)] : [name.en];
}

function characterOf(board, id) {
  return named(board.characters, id);
}

function taskOf(board, id) {
  return named(board.tasks, id);
}

/** "Section Chief 係長 / Copying コピー" as a span (ids in data attributes). */
function tileWords(board, tile) {
  return h(
    'span',
    { class: 'tile-name', 'data-character': tile.character, 'data-task': tile.task },
    bilingual(characterOf(board, tile.character)),
    ' / ',
    bilingual(taskOf(board, tile.task)),
  );
}

/** The same as plain text, for aria-labels. */
function tileText(board, tile) {
  const c = characterOf(board, tile.character);
  const t = taskOf(board, tile.task);
  return `${c.en} ${c.ja} / ${t.en} ${t.ja}`.replace(/\s+/g, ' ').trim();
}

function characterText(board, id) {
  const c = characterOf(board, id);
  return `${c.en} ${c.ja}`.trim();
}

function phrase(board, key) {
  const p = board.calls?.[key];
  return p ? [p.en, ' ', ja(p.ja)] : [];
}

function topOf(pile) {
  return pile.tiles[pile.tiles.length - 1];
}

function whose(ctx, seat) {
  return seat === ctx.seat ? 'your' : `${ctx.names(seat)}\u2019s`;
}

/** Legal actions split by what they name, for quick lookups while drawing. */
function indexLegal(legal) {
  const turns = new Set();
  const targetsByFrom = new Map();
  for (const action of legal ?? []) {
    if (action?.kind === 'turn') turns.add(action.slot);
    if (action?.kind === 'stack') {
      if (!targetsByFrom.has(action.from)) targetsByFrom.set(action.from, []);
      targetsByFrom.get(action.from).push(action);
    }
  }
  return { turns, targetsByFrom };
}

/** Which tile the latest events touched, to animate it (CSS; off under reduced motion). */
function recentMarks(recent) {
  const marks = new Map();
  for (const item of recent ?? []) {
    const e = item.event;
    if (e?.kind === 'turned') marks.set(`${e.seat}-${e.slot}`, 'just-turned');
    if (e?.kind === 'stacked') marks.set(`${e.owner}-${e.onto}`, 'just-stacked');
  }
  return marks;
}

function tileFace(board, pile) {
  if (pile.pile === 'unturned') {
    const c = characterOf(board, pile.character);
    return [
      h('span', { class: 'tile-character' }, c.en),
      c.ja ? h('span', { class: 'tile-character-ja', lang: 'ja' }, c.ja) : null,
      h('span', { class: 'tile-task tile-task-hidden', 'aria-hidden': 'true' }, '?'),
    ];
  }
  const top = topOf(pile);
  const c = characterOf(board, top.character);
  const t = taskOf(board, top.task);
  const height = pile.tiles.length;
  return [
    h('span', { class: 'tile-character' }, c.en),
    c.ja ? h('span', { class: 'tile-character-ja', lang: 'ja' }, c.ja) : null,
    h('span', { class: 'tile-task' }, t.en, t.ja ? [h('br'), ja(t.ja)] : null),
    height > 1 ? h('span', { class: 'tile-height', title: `${height} tiles` }, `\u00d7${height}`) : null,
  ];
}

function describePile(board, pile) {
  if (pile.pile === 'unturned') return `${characterText(board, pile.character)}, not turned yet`;
  const top = topOf(pile);
  const n = pile.tiles.length;
  return `${tileText(board, top)}${n > 1 ? `, stack of ${n}` : ''}`;
}

class OsakiTable {
  constructor(container) {
    this.container = container;
    this.pickedFrom = null;
    this.ctx = null;
    this.lastFocusKey = null;
    container.addEventListener('focusin', (e) => {
      const key = e.target?.dataset?.key;
      if (key) this.lastFocusKey = key;
    });
    document.addEventListener('keydown', (e) => {
      if (e.key === 'Escape' && this.pickedFrom !== null && this.ctx) {
        this.pickedFrom = null;
        this.render(this.ctx);
      }
    });
  }

  render(ctx) {
    this.ctx = ctx;
    const { board, view } = ctx;
    const legal = indexLegal(ctx.legal);
    if (this.pickedFrom !== null && !legal.targetsByFrom.has(this.pickedFrom)) this.pickedFrom = null;
    const marks = recentMarks(ctx.recent);

    const focusWasHere =
      document.activeElement === document.body ||
      document.activeElement === null ||
      this.container.contains(document.activeElement);

    const order = view.areas.map((a) => a.seat);
    if (view.you !== null && view.you !== undefined) {
      const i = order.indexOf(view.you);
      if (i > 0) order.push(...order.splice(0, i));
    }

    const areas = order.map((seat) => this.renderArea(ctx, view.areas.find((a) => a.seat === seat), legal, marks));

    replace(
      this.container,
      h('p', { class: 'turn-banner', 'data-testid': 'turn-banner' }, this.bannerText(ctx, legal)),
      h('div', { class: 'areas' }, areas),
      view.leftover?.length ? this.renderLeftover(ctx) : null,
    );

    if (focusWasHere && this.lastFocusKey) {
      const again = this.container.querySelector(`[data-key="${CSS.escape(this.lastFocusKey)}"]`);
      if (again && again.tagName === 'BUTTON' && !again.disabled) again.focus({ preventScroll: true });
    }
  }

  bannerText(ctx, legal) {
    const { view, board } = ctx;
    if (view.ending) return 'The game is over.';
    if (view.turn === null || view.turn === undefined) return '';
    if (view.turn !== ctx.seat) return `${ctx.names(view.turn)}\u2019s turn.`;
    if (ctx.busy) return 'Sending your move\u2026';
    if (this.pickedFrom !== null) {
      const pile = view.areas.find((a) => a.seat === ctx.seat)?.slots[this.pickedFrom];
      const what = pile?.pile === 'stack' ? tileText(board, topOf(pile)) : 'your stack';
      return `Now pick where ${what} goes (a highlighted stack). Escape cancels.`;
    }
    const canTurn = legal.turns.size > 0;
    const canStack = legal.targetsByFrom.size > 0;
    if (canTurn && canStack) return 'Your turn: turn over one of your tiles, or pick one of your highlighted stacks to hand off.';
    if (canTurn) return 'Your turn: turn over one of your highlighted tiles.';
    if (canStack) return 'Your turn: pick one of your highlighted stacks to hand off.';
    return 'Your turn.';
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
      if (marks.has(key)) classes.push(marks.get(key));

      if (pile.pile === 'empty') {
        return h('li', { class: 'slot slot-empty' }, h('div', { ...common, class: 'tile pile-empty', 'aria-hidden': 'true' }));
      }

      let button = null;
      if (mine && pile.pile === 'unturned' && legal.turns.has(slot)) {
        button = {
          legal: 'turn',
          label: `Turn over your ${characterText(ctx.board, pile.character)} tile`,
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
          label: `${picked ? 'Picked' : 'Pick'} your ${describePile(ctx.board, pile)} to hand off`,
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
          label: `Put your stack onto ${whose(ctx, area.seat)} ${describePile(ctx.board, pile)}`,
          onclick: () => {
            this.pickedFrom = null;
            ctx.act(target);
          },
        };
      } else if (target && button) {
        // A stack is never stacked onto itself, so a source is not also a
        // target of its own pick; another pick's target it may be.
        button.legal = 'target';
        button.label = `Put your stack onto ${whose(ctx, area.seat)} ${describePile(ctx.board, pile)}`;
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
              'aria-label': button.label,
              'aria-pressed': button.pressed === undefined ? undefined : String(button.pressed),
              disabled: ctx.busy,
              onclick: button.onclick,
            },
            tileFace(ctx.board, pile),
          ),
        );
      }
      return h(
        'li',
        { class: 'slot' },
        h('div', { ...common, class: classes.join(' '), role: 'img', 'aria-label': describePile(ctx.board, pile) }, tileFace(ctx.board, pile)),
      );
    });

    return h(
      'section',
      {
        class: ['area', mine ? 'area-mine' : '', theirTurn ? 'area-turn' : '', winner ? 'area-winner' : ''].join(' '),
        'data-seat': String(area.seat),
        'aria-label': mine ? 'Your tiles' : `${ctx.names(area.seat)}\u2019s tiles`,
      },
      h(
        'header',
        { class: 'area-header' },
        h('h3', { class: 'area-name' }, ctx.names(area.seat), mine ? h('span', { class: 'badge badge-you' }, 'you') : null),
        h(
          'span',
          { class: 'area-meta' },
          h('span', { class: 'tile-count', 'data-testid': 'tile-count' }, `${area.tiles} ${area.tiles === 1 ? 'tile' : 'tiles'}`),
          theirTurn ? h('span', { class: 'badge badge-turn' }, mine ? 'your turn' : 'their turn') : null,
          winner ? h('span', { class: 'badge badge-winner' }, 'winner') : null,
        ),
      ),
      h('ol', { class: 'slots' }, slots),
    );
  }

  renderLeftover(ctx) {
    const { board, view } = ctx;
    const tiles = view.leftover.map((left) => {
      if (left.face === 'revealed') {
        return h(
          'li',
          { class: 'slot' },
          h(
            'div',
            {
              class: `tile pile-stack ${TASK_CLASS[left.tile.task] ?? ''}`,
              role: 'img',
              'aria-label': tileText(board, left.tile),
              'data-pile': 'leftover',
              'data-character': left.tile.character,
              'data-task': left.tile.task,
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
            'aria-label': `${characterText(board, left.character)}, never turned`,
            'data-pile': 'leftover-hidden',
            'data-character': left.character,
          },
          tileFace(board, { pile: 'unturned', character: left.character }),
        ),
      );
    });
    return h(
      'section',
      { class: 'area area-leftover', 'aria-label': 'Tiles set aside' },
      h('header', { class: 'area-header' }, h('h3', { class: 'area-name' }, 'Set aside'), h('span', { class: 'area-meta' }, 'seen by no one until the end')),
      h('ol', { class: 'slots' }, tiles),
    );
  }
}

function describeFirstPlayer(fp, ctx) {
  if (!fp) return null;
  if (fp.by === 'left_latest') {
    return [ctx.names(fp.seat), ` left work latest yesterday (${fp.at}) and starts.`];
  }
  if (fp.by === 'random') {
    const among = fp.among ?? [];
    if (among.length > 1) {
      return ['A draw among ', ...joinNames(among.map((s) => ctx.names(s))), ` picked ${ctx.names(fp.seat)} to start.`];
    }
    return [ctx.names(fp.seat), ' starts.'];
  }
  return [ctx.names(fp.seat), ' starts.'];
}

export const osaki = {
  id: 'osaki',

  createTable(container) {
    return new OsakiTable(container);
  },

  activeSeats(view) {
    return view && !view.ending && view.turn !== null && view.turn !== undefined ? [view.turn] : [];
  },

  describeEvent(event, ctx) {
    const { board } = ctx;
    const name = (seat) => ctx.names(seat);
    switch (event?.kind) {
      case 'started':
        return ['The game begins. ', describeFirstPlayer(event.first_player, ctx)];
      case 'turned':
        return [name(event.seat), ' turned over ', tileWords(board, event.tile), '.'];
      case 'stacked': {
        const onto = event.owner === event.seat ? 'their own pile' : [name(event.owner), '\u2019s pile'];
        return [
          name(event.seat),
          ' stacked ',
          tileWords(board, event.moved),
          ' onto ',
          onto,
          ` (now ${event.height} tiles)`,
          ': ',
          h('q', { class: 'call' }, phrase(board, 'handle_this_too')),
        ];
      }
      case 'passed':
        return [name(event.seat), ' passed (no move).'];
      case 'left_early':
        return [
          name(event.seat),
          ': ',
          h('q', { class: 'call' }, phrase(board, 'leaving_now')),
          ' \u2014 everyone: ',
          h('q', { class: 'call' }, phrase(board, 'good_job')),
        ];
      case 'ended': {
        const winners = event.ending?.winners ?? [];
        const who = joinNames(winners.map(name));
        const result =
          winners.length > 1 ? ['Shared victory: ', ...who, '.'] : winners.length === 1 ? [...who, ' wins.'] : ['No winner.'];
        const how =
          event.ending?.reason === 'left_early' ? ' (left early)' : event.ending?.reason === 'fewest_tiles' ? ' (fewest tiles)' : '';
        const leftover = event.leftover?.length
          ? [' Set aside: ', ...event.leftover.flatMap((t, i) => (i ? ['; ', tileWords(board, t)] : [tileWords(board, t)])), '.']
          : [];
        return ['Game over', how, '. ', ...result, ...leftover];
      }
      default:
        return null;
    }
  },

  describeEnding(ctx) {
    const { view, board } = ctx;
    const ending = view.ending;
    if (!ending) return null;
    const reason =
      ending.reason === 'left_early'
        ? [
            ...joinNames(ending.winners.map((s) => ctx.names(s))),
            ' handed off their last tiles: ',
            h('q', { class: 'call' }, phrase(board, 'leaving_now')),
            ' ',
            h('q', { class: 'call' }, phrase(board, 'good_job')),
          ]
        : ['Every tile is turned and nothing more can be stacked: fewest tiles wins.'];
    const rows = view.areas.map((area) =>
      h(
        'tr',
        { class: ending.winners.includes(area.seat) ? 'winner' : '' },
        h('th', { scope: 'row' }, ctx.names(area.seat)),
        h('td', {}, String(ending.tiles?.[area.seat] ?? area.tiles)),
        h('td', {}, ending.winners.includes(area.seat) ? 'winner' : ''),
      ),
    );
    const revealed = view.leftover?.filter((l) => l.face === 'revealed') ?? [];
    return h(
      'div',
      { class: 'ending-details' },
      h('p', {}, reason),
      h(
        'table',
        { class: 'scores' },
        h('caption', {}, 'Tiles left in front of each player'),
        h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Player'), h('th', { scope: 'col' }, 'Tiles'), h('th', { scope: 'col' }, h('span', { class: 'visually-hidden' }, 'Result')))),
        h('tbody', {}, rows),
      ),
      revealed.length
        ? h(
            'div',
            { class: 'revealed' },
            h('p', {}, 'The tiles set aside were:'),
            h('ul', {}, revealed.map((l) => h('li', {}, tileWords(board, l.tile)))),
          )
        : null,
    );
  },
};
