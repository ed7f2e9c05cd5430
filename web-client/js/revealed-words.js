// The replay's "Revealed" lists in the page's language. The server writes
// each hidden thing in English words (protocol `Revealed`: a label and
// items such as "BOSS", "slot 3: Section Chief — Copying", "25 cents",
// "seat 2", "walked too far, second signature"); names of cards, tiles,
// memos and projects are entries of the game's dictionary, loaded with its
// renderer, and the few shapes with numbers are matched here. Anything
// unknown is shown as the server wrote it.

import { t } from './i18n.js';

// Osaki's characters and tasks: the printed Japanese of the tiles.
const OSAKI = {
  President: '社長',
  'Senior Managing Director': '専務',
  'Department Manager': '部長',
  'Section Chief': '係長',
  'Senior Colleague': '先輩',
  'Temp Worker': '派遣社員',
  Copying: 'コピー',
  Accounting: '伝票整理',
  Inventory: '倉庫整理',
  'Phone duty': '電話番',
};

function name(word, lang) {
  if (lang === 'ja' && Object.hasOwn(OSAKI, word)) return OSAKI[word];
  return t(word);
}

/**
 * One revealed item in words of the page's language; `nameOf(seat)` gives
 * a player's name.
 */
export function revealedItem(item, lang, nameOf) {
  if (lang === 'en') return item;
  let m = /^slot (\d+): (.+) — (.+)$/.exec(item);
  if (m) return t('slot {n}: {character} — {task}', { n: m[1], character: name(m[2], lang), task: name(m[3], lang) });
  m = /^(.+)\/(.+)$/.exec(item);
  if (m && Object.hasOwn(OSAKI, m[1]) && Object.hasOwn(OSAKI, m[2])) return `${name(m[1], lang)}／${name(m[2], lang)}`;
  m = /^seat (\d+)$/.exec(item);
  if (m) return nameOf(Number(m[1]));
  m = /^(\d+) cents$/.exec(item);
  if (m) return t('{n} cents', { n: m[1] });
  if (item.includes(', ')) return item.split(', ').map((part) => t(part)).join(t(', '));
  return t(item);
}
