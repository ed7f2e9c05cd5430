// The game log, shared by every game: numbered events in words. Each game's
// renderer turns its own events into text (player names stay text nodes);
// an event this viewer may not see arrives as a bare number and is shown
// as a muted placeholder so the numbering stays visible and gap-free.

import { h, scrollToEndSoon } from './dom.js';
import { t } from './i18n.js';

const HIDDEN_TEXT = t('(something hidden happened)');

export class GameLog {
  /**
   * @param {HTMLOListElement} list  the <ol> to fill
   * @param {HTMLElement} latest     a live region that repeats the newest line
   */
  constructor(list, latest) {
    this.list = list;
    this.latest = latest;
  }

  /** Redraws the whole log (after a snapshot). The live region stays quiet. */
  reset(entries, describe) {
    this.list.replaceChildren(...entries.map((entry) => this.line(entry, describe)));
    const last = this.list.lastElementChild;
    this.latest.replaceChildren(...(last ? cloneChildren(last) : []));
    this.scrollToEnd();
  }

  /** Adds new entries (after an update) and announces the newest one. */
  append(entries, describe) {
    if (entries.length === 0) return;
    const lines = entries.map((entry) => this.line(entry, describe));
    this.list.append(...lines);
    this.latest.replaceChildren(...cloneChildren(lines[lines.length - 1]));
    this.scrollToEnd();
  }

  line(entry, describe) {
    const words = entry.event === undefined || entry.event === null ? null : describe(entry.event);
    if (words === null || words === undefined) {
      return h('li', { class: 'log-hidden', 'data-seq': String(entry.seq) }, HIDDEN_TEXT);
    }
    return h('li', { 'data-seq': String(entry.seq) }, words);
  }

  scrollToEnd() {
    scrollToEndSoon(this.list);
  }
}

function cloneChildren(el) {
  return [...el.childNodes].map((n) => n.cloneNode(true));
}
