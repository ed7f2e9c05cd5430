// Osaki's tiles in words and on the table: names in both languages (the
// Japanese interface shows only the Japanese), a tile's face, a pile's
// description, the calls, and the legal actions indexed by the slot they
// name.

import { h, ja } from '../../dom.js';
import { lang, t } from '../../i18n.js';
import { characterPicture } from '../../art.js';

// The printed tiles' own names are bilingual in English (the Japanese is
// the game's); a Japanese page needs only the Japanese.
const JAPANESE = lang === 'ja';

export const TASK_CLASS = {
  copying: 'task-copying',
  accounting: 'task-accounting',
  inventory: 'task-inventory',
  phone_duty: 'task-phone',
};

/** {en, ja} for a character or task id, from the board (falls back to the id). */
export function named(list, id) {
  const entry = list?.find((n) => n.id === id);
  return entry ?? { en: String(id).replaceAll('_', ' '), ja: '' };
}

export function bilingual(name) {
  if (JAPANESE && name.ja) return [name.ja];
  return name.ja ? [name.en, ' ', ja(name.ja)] : [name.en];
}

export function characterOf(board, id) {
  return named(board.characters, id);
}

export function taskOf(board, id) {
  return named(board.tasks, id);
}

/**
 * A tile as the wire sends it, "section_chief:copying" (docs/protocol.md),
 * as {character, task}.
 */
export function tileOf(wire) {
  const [character, task] = String(wire).split(':');
  return { character, task };
}

/** "Section Chief 係長 / Copying コピー" as a span (ids in data attributes); `tile` is {character, task}. */
export function tileWords(board, tile) {
  return h(
    'span',
    { class: 'tile-name', 'data-character': tile.character, 'data-task': tile.task },
    bilingual(characterOf(board, tile.character)),
    ' / ',
    bilingual(taskOf(board, tile.task)),
  );
}

/** The same as plain text, for aria-labels. */
export function tileText(board, tile) {
  const c = characterOf(board, tile.character);
  const task = taskOf(board, tile.task);
  if (JAPANESE && c.ja && task.ja) return `${c.ja} / ${task.ja}`;
  return `${c.en} ${c.ja} / ${task.en} ${task.ja}`.replace(/\s+/g, ' ').trim();
}

export function characterText(board, id) {
  const c = characterOf(board, id);
  if (JAPANESE && c.ja) return c.ja;
  return `${c.en} ${c.ja}`.trim();
}

export function phrase(board, key) {
  const p = board.calls?.[key];
  if (JAPANESE && p?.ja) return [p.ja];
  return p ? [p.en, ' ', ja(p.ja)] : [];
}

/** Tiles in front of a player, counted from their area's slots (the wire has no count). */
export function tilesIn(area) {
  let n = 0;
  for (const pile of area.slots ?? []) n += pile.pile === 'unturned' ? 1 : pile.pile === 'stack' ? pile.tiles.length : 0;
  return n;
}

/** The top tile of a stack, as {character, task}. */
export function topOf(pile) {
  return tileOf(pile.tiles[pile.tiles.length - 1]);
}


/** Legal actions split by what they name, for quick lookups while drawing. */
export function indexLegal(legal) {
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

/**
 * The last move in the log (a tile turned, a stack moved, a pass), with its
 * seq: it stays marked on the table until the next one. `entries` are log
 * entries ({seq, event}).
 */
export function lastMoveOf(entries) {
  for (let i = (entries?.length ?? 0) - 1; i >= 0; i -= 1) {
    const e = entries[i]?.event;
    if (e?.kind === 'turned' || e?.kind === 'stacked' || e?.kind === 'passed') return { seq: entries[i].seq, event: e };
  }
  return null;
}

/** What the last move marks on the table: slot key ("seat-slot") -> 'turned' | 'from' | 'to'. */
export function lastMoveMarks(move) {
  const marks = new Map();
  const e = move?.event;
  if (e?.kind === 'turned') marks.set(`${e.seat}-${e.slot}`, 'turned');
  if (e?.kind === 'stacked') {
    marks.set(`${e.seat}-${e.from}`, 'from');
    marks.set(`${e.owner}-${e.onto}`, 'to');
  }
  return marks;
}

/**
 * "Ben’s slot 3" / "your slot 3" (slots counted from 1, as they are drawn);
 * "their slot 3" when it is `actor`'s own (the sentence has just named them).
 */
export function slotWords(ctx, seat, slot, actor = null) {
  if (seat === ctx.seat) return t('your slot {n}', { n: slot + 1 });
  if (seat === actor) return t('their slot {n}', { n: slot + 1 });
  return t('{name}\u2019s slot {n}', { name: ctx.names(seat), n: slot + 1 });
}

/** A tile's face: the character's picture (js/art.js), so that matches show at a glance, then its words. */
export function tileFace(board, pile) {
  const character = pile.pile === 'unturned' ? pile.character : topOf(pile).character;
  return [characterPicture(character), faceWords(board, pile)];
}

function faceWords(board, pile) {
  if (JAPANESE) return japaneseFace(board, pile);
  if (pile.pile === 'unturned') {
    const c = characterOf(board, pile.character);
    return [
      h('span', { class: 'tile-character' }, c.en),
      ' ',
      c.ja ? h('span', { class: 'tile-character-ja', lang: 'ja' }, c.ja) : null,
      h('span', { class: 'tile-task tile-task-hidden', 'aria-hidden': 'true' }, '?'),
    ];
  }
  const top = topOf(pile);
  const c = characterOf(board, top.character);
  const t = taskOf(board, top.task);
  const height = pile.tiles.length;
  // The spaces are not drawn (a tile is a flex box) but keep the words apart
  // in its text ("Section Chief 係長 Copying", not "…係長Copying"), so that a
  // tile button's label holds its visible words (WCAG 2.5.3, axe's
  // label-content-name-mismatch). The ×N badge is drawn by CSS (site.css,
  // .tile-height::before) and hidden from assistive technology: the labels
  // say "stack of N".
  return [
    h('span', { class: 'tile-character' }, c.en),
    ' ',
    c.ja ? h('span', { class: 'tile-character-ja', lang: 'ja' }, c.ja) : null,
    ' ',
    h('span', { class: 'tile-task' }, t.en, t.ja ? [h('br'), ja(t.ja)] : null),
    height > 1 ? h('span', { class: 'tile-height', title: `${height} tiles`, 'aria-hidden': 'true', 'data-count': `\u00d7${height}` }) : null,
  ];
}

/** A tile's words on a Japanese page: the printed Japanese only (the character's name in the main line). */
function japaneseFace(board, pile) {
  const top = pile.pile === 'unturned' ? { character: pile.character } : topOf(pile);
  const c = characterOf(board, top.character);
  const character = h('span', { class: 'tile-character', lang: 'ja' }, c.ja || c.en);
  if (pile.pile === 'unturned') return [character, h('span', { class: 'tile-task tile-task-hidden', 'aria-hidden': 'true' }, '?')];
  const task = taskOf(board, top.task);
  const height = pile.tiles.length;
  return [
    character,
    ' ',
    h('span', { class: 'tile-task', lang: 'ja' }, task.ja || task.en),
    height > 1 ? h('span', { class: 'tile-height', title: t('{n} tiles', { n: height }), 'aria-hidden': 'true', 'data-count': `\u00d7${height}` }) : null,
  ];
}

export function describePile(board, pile) {
  if (pile.pile === 'unturned') return t('{character}, not turned yet', { character: characterText(board, pile.character) });
  const top = topOf(pile);
  const n = pile.tiles.length;
  return n > 1 ? t('{tile}, stack of {n}', { tile: tileText(board, top), n }) : tileText(board, top);
}
