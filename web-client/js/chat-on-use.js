// The table chat, loaded on use (docs/performance.md, "The chat on use").
//
// js/chat.js is a tenth of a room page's script, and on a phone the chat
// panel sits below the table: a first load need not carry it. This stands
// in for it with the same four calls room.js makes (update, reset, add,
// onError), keeps what they said, and loads the chat (the room bundle's
// second part) the first time it is of use:
// - the panel comes into sight, once the page shows the room's state (the
//   lobby, or the table drawn): before that, the page is nearly empty and
//   the panel would be in sight on every phone;
// - the pointer or the keyboard's focus enters the panel;
// - a new line comes (it is read out, and counted as unread).
// Until then the panel works as drawn: its toggle opens and closes it, and
// a line sent is sent once the chat has come.

import { onceInSight, onTouch } from './in-sight.js';

/** localStorage: 'closed' while the reader keeps the panel collapsed. */
const CHAT_OPEN_KEY = 'cubicle:chat-open';

export function storedOpen() {
  try {
    return localStorage.getItem(CHAT_OPEN_KEY) !== 'closed';
  } catch {
    return true;
  }
}

export function rememberOpen(open) {
  try {
    if (open) localStorage.removeItem(CHAT_OPEN_KEY);
    else localStorage.setItem(CHAT_OPEN_KEY, 'closed');
  } catch {
    // Storage disabled or full: the choice lasts as long as the page.
  }
}

/** Draws the panel open or collapsed (js/chat.js's setOpen too, and scrolls its list). */
export function drawOpen(panel, open) {
  panel.querySelector('#chat-body').hidden = !open;
  panel.querySelector('#chat-toggle').setAttribute('aria-expanded', String(open));
  panel.classList.toggle('chat-collapsed', !open);
}

export class ChatOnUse {
  /** Same arguments as js/chat.js's TableChat. */
  constructor(panel, options) {
    this.panel = panel;
    this.options = options;
    /** the TableChat, once it has come */
    this.chat = null;
    this.loading = null;
    /** what room.js said meanwhile: welcome's lines, the lines since, who we are */
    this.welcome = [];
    this.added = [];
    this.who = null;
    this.sendOnLoad = false;
    this.watching = false;

    drawOpen(panel, storedOpen());
    onTouch(panel, () => this.load());
    panel.querySelector('#chat-toggle').addEventListener('click', () => {
      if (this.chat) return;
      const open = panel.querySelector('#chat-body').hidden;
      drawOpen(panel, open);
      rememberOpen(open);
    });
    panel.querySelector('#chat-form').addEventListener('submit', (e) => {
      if (this.chat) return;
      e.preventDefault();
      this.sendOnLoad = true;
      this.load();
    });
  }

  /** room.js, once the page shows the room's state: from now on, sight of the panel loads it. */
  watchForSight() {
    if (this.watching || this.chat) return;
    this.watching = true;
    onceInSight(this.panel, () => this.load());
  }

  update(who) {
    if (this.chat) this.chat.update(who);
    else this.who = who;
  }

  reset(lines) {
    if (this.chat) {
      this.chat.reset(lines);
      return;
    }
    this.welcome = lines ?? [];
    this.added = [];
    // Not "No messages yet" while the lines are on their way.
    this.panel.querySelector('#chat-empty').hidden = this.welcome.length > 0;
  }

  add(line) {
    if (this.chat) {
      this.chat.add(line);
      return;
    }
    this.added.push(line);
    this.load();
  }

  /** Only a line sent can be refused, and none is sent before the chat has come. */
  onError(msg) {
    return this.chat ? this.chat.onError(msg) : false;
  }

  load() {
    this.loading ??= import('./chat.js').then(
      ({ TableChat }) => {
        const chat = new TableChat(this.panel, this.options);
        if (this.who) chat.update(this.who);
        chat.reset(this.welcome);
        for (const line of this.added) chat.add(line);
        this.chat = chat;
        this.welcome = this.added = null;
        if (this.sendOnLoad) chat.sendFromInput();
      },
      (error) => {
        // Tried again at the next use.
        this.loading = null;
        console.warn('the chat could not be loaded', error);
      },
    );
    return this.loading;
  }
}
