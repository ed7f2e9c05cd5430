// Table chat (issue 14): one line at a time to everyone in the room, in the
// lobby, during the game and on the end screen alike.
//
// The server keeps the room's latest lines and sends them in `welcome`
// (oldest first; they replace what the page shows, deduplicated by id),
// then each new line as `chat` once it is saved. A seated player (or the
// host) speaks under the seat's name (an unseated host as "Host"); a
// spectator gives a name with each line and is shown "(watching)".
//
// Everything other people wrote (names and lines) goes into the page as
// text nodes (js/dom.js `h`), names inside <bdi>, never as HTML.
//
// Around the list: a counter and the 500-character limit on the input, the
// spectator's name field, quick reactions (three emoji for every game, and
// Osaki's office calls in Osaki rooms only, where they mean something),
// muting a speaker (remembered per room in localStorage: their lines are
// hidden, with a count), an unread badge on the heading while the panel is
// collapsed or its newest line is out of sight, and a polite live region
// that reads out each new line of someone else (the focus never moves).

import { h, replace, scrollToEndSoon } from './dom.js';
import { lang, locales, t } from './i18n.js';
import { drawOpen, rememberOpen, storedOpen } from './chat-on-use.js';

/** Longest line, as the server counts (protocol MAX_CHAT_CHARS). */
export const MAX_CHAT_CHARS = 500;
/** Longest name a spectator may give (as for `join`). */
const MAX_NAME_CHARS = 24;
/** Lines kept on the page (the server sends its latest 100 on connecting). */
const MAX_LINES = 300;
/** A line sent and neither echoed nor refused after this long is forgotten. */
const PENDING_MS = 10_000;
/** The counter turns to a warning from this many characters on. */
const COUNT_WARN_AT = 450;

const MUTE_PREFIX = 'cubicle:chat-mute:';

/** Sent to everyone by one click, in every game. */
const EMOJI_REACTIONS = [
  { text: '\u{1F44D}', title: 'Send Thumbs up' },
  { text: '\u{1F602}', title: 'Send Laughing' },
  { text: '\u{1F62E}', title: 'Send Surprised' },
];

/** Osaki's calls of the office: shown in Osaki rooms only (elsewhere they would puzzle). */
const OSAKI_REACTIONS = [
  { text: 'これもお願いします！', title: 'Send \u201cThis one too, please!\u201d', lang: 'ja' },
  { text: 'お先に失礼しま〜す！', title: 'Send \u201cExcuse me for leaving first!\u201d', lang: 'ja' },
  { text: 'お疲れさまでした！', title: 'Send \u201cThank you for your hard work!\u201d', lang: 'ja' },
];

function load(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function save(key, value) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage disabled or full: the choice lasts as long as the page.
  }
}

/** Who spoke, as muting knows them: a watcher and a player of the same name are two people. */
export function speakerKey(line) {
  return `${line.spectator ? 'watching' : 'player'}:${line.name}`;
}

/** Characters as the server counts them (code points, not UTF-16 units). */
function charCount(text) {
  return [...text].length;
}

/** What is sent: no control characters (a pasted tab or newline becomes a space), trimmed. */
function cleanText(text) {
  return text.replace(/\p{Cc}+/gu, ' ').trim();
}

export class TableChat {
  /**
   * @param {HTMLElement} panel  the #chat-panel section of room.html
   * @param {object} options
   * @param {string} options.roomId
   * @param {(msg: object) => boolean} options.send  false if nothing was sent
   * @param {() => string} options.lastName  the name last typed (store.js)
   * @param {(name: string) => void} options.setLastName
   */
  constructor(panel, { roomId, send, lastName, setLastName }) {
    this.panel = panel;
    this.roomId = roomId;
    this.send = send;
    this.setLastName = setLastName;
    const $ = (id) => panel.querySelector(`#${id}`);
    this.el = {
      toggle: $('chat-toggle'),
      unread: $('chat-unread'),
      body: $('chat-body'),
      list: $('chat-lines'),
      empty: $('chat-empty'),
      hiddenNote: $('chat-hidden'),
      live: $('chat-live'),
      form: $('chat-form'),
      nameField: $('chat-name-field'),
      name: $('chat-name'),
      text: $('chat-text'),
      count: $('chat-count'),
      error: $('chat-error'),
      reactions: $('chat-reactions'),
      muteMenu: $('chat-mute'),
      muteList: $('chat-mute-list'),
    };
    /** id -> line, and the ids in order */
    this.lines = new Map();
    /** speaker keys muted in this room */
    this.muted = new Set(this.loadMuted());
    /** lines sent and not yet echoed or refused: [{text, fromInput, at}] */
    this.pending = [];
    this.me = { seat: null, host: false };
    this.game = null;
    this.unread = 0;
    // In sight now (the observer below says so only after a frame, and a
    // line may come before: js/chat-on-use.js loads the chat for it).
    const box = panel.getBoundingClientRect();
    this.visible = box.bottom > 0 && box.top < innerHeight;
    this.muteKey = null;

    this.el.text.maxLength = MAX_CHAT_CHARS;
    this.el.name.maxLength = MAX_NAME_CHARS;
    // A name typed before the chat had loaded (js/chat-on-use.js) stays.
    this.el.name.value ||= lastName() ?? '';
    this.el.form.addEventListener('submit', (e) => {
      e.preventDefault();
      this.sendFromInput();
    });
    this.el.text.addEventListener('input', () => {
      this.showCount();
      if (this.el.error.textContent) this.el.error.textContent = '';
    });
    this.el.name.addEventListener('input', () => {
      if (this.el.error.textContent) this.el.error.textContent = '';
    });
    this.el.toggle.addEventListener('click', () => this.setOpen(this.el.body.hidden));
    this.el.list.addEventListener('scroll', () => this.seenIfInSight(), { passive: true });
    document.addEventListener('visibilitychange', () => this.seenIfInSight());
    if (typeof IntersectionObserver === 'function') {
      new IntersectionObserver((entries) => {
        this.visible = entries.some((e) => e.isIntersecting);
        this.seenIfInSight();
      }).observe(this.panel);
    }
    this.setOpen(storedOpen(), { remember: false });
    this.showCount();
    this.renderReactions();
    this.renderList();
  }

  // ---- what room.js tells us --------------------------------------------

  /** Who this page is now ({seat, host}) and the room's game (for its reactions). */
  update({ seat, host, game }) {
    const me = { seat: seat ?? null, host: Boolean(host) };
    const changed = me.seat !== this.me.seat || me.host !== this.me.host;
    this.me = me;
    this.el.nameField.hidden = !this.isSpectator();
    if (game !== this.game) {
      this.game = game;
      this.renderReactions();
    }
    // Which lines are "mine" (never hidden, not in the mute menu) depends on who we are.
    if (changed) this.renderList();
  }

  /** `welcome`: the room's latest lines replace what the page shows. */
  reset(lines) {
    const known = this.lines;
    this.lines = new Map();
    for (const line of lines ?? []) {
      this.lines.set(line.id, line);
      // A line of ours saved while the connection was down: its input is done.
      if (!known.has(line.id) && this.pending.length > 0 && this.isMine(line)) this.settlePending(line);
    }
    this.trim();
    this.renderList();
    if (this.el.list.firstChild) scrollToEndSoon(this.el.list);
    this.unread = 0;
    this.showUnread();
  }

  /** `chat`: a new line (once; a line already shown is ignored). */
  add(line) {
    if (!line || this.lines.has(line.id)) return;
    const atBottom = this.atBottom();
    this.lines.set(line.id, line);
    this.trim();
    const mine = this.isMine(line);
    if (mine) this.settlePending(line);
    const muted = !mine && this.muted.has(speakerKey(line));
    this.el.empty.hidden = true;
    this.el.list.hidden = false;
    this.el.list.append(this.lineItem(line, muted));
    this.trimDom();
    this.showHiddenCount();
    this.renderMuteMenu();
    if (muted) return;
    if (mine || atBottom) this.el.list.scrollTop = this.el.list.scrollHeight;
    if (!mine) {
      // Read out politely; the focus stays where it is.
      replace(this.el.live, t(line.spectator ? '{name} (watching) says: {text}' : '{name} says: {text}', { name: line.name, text: line.text }));
      if (!this.inSight()) {
        this.unread += 1;
        this.showUnread();
      }
    }
  }

  /** A server error: true if it was about chat (it is shown beside the input). */
  onError(msg) {
    if (msg.code === 'bad_chat') {
      const sent = this.pending.shift();
      const reason = lang === 'en' ? readable(msg.message) : '';
      this.showError(reason ? `Not sent: ${reason}` : t('Not sent: the server refused this line.'), sent);
      return true;
    }
    if (msg.code === 'rate_limited' && !msg.id && this.expirePending() > 0) {
      const sent = this.pending.shift();
      this.showError(t('Not sent: that was too many lines at once. Wait a few seconds, then send it again.'), sent);
      return true;
    }
    return false;
  }

  // ---- sending -------------------------------------------------------------

  sendFromInput() {
    const raw = this.el.text.value;
    const text = cleanText(raw);
    if (!text) {
      this.showError(t('Type a message first.'));
      this.el.text.focus();
      return;
    }
    const n = charCount(text);
    if (n > MAX_CHAT_CHARS) {
      this.showError(t('Too long: {n} characters. A line holds at most {max}.', { n, max: MAX_CHAT_CHARS }));
      this.el.text.focus();
      return;
    }
    this.sendLine(text, true);
  }

  sendLine(text, fromInput) {
    const msg = { type: 'chat', text };
    if (this.isSpectator()) {
      const name = this.el.name.value.trim();
      if (!name) {
        this.showError(t('Type your name first: you are watching, so the table needs to know who is talking.'));
        this.el.name.focus();
        return;
      }
      msg.name = name;
      this.spokenName = name;
      this.setLastName(name);
    }
    if (!this.send(msg)) {
      this.showError(t('Not connected: nothing was sent. Try again once the connection is back.'));
      return;
    }
    this.el.error.textContent = '';
    this.expirePending();
    this.pending.push({ text, fromInput, at: Date.now() });
  }

  /** Our own line came back: the input it came from is emptied. */
  settlePending(line) {
    this.expirePending();
    const i = this.pending.findIndex((p) => p.text === line.text);
    if (i < 0) return;
    const [sent] = this.pending.splice(i, 1);
    if (sent.fromInput && cleanText(this.el.text.value) === sent.text) {
      this.el.text.value = '';
      this.showCount();
    }
  }

  /** Forgets lines sent long ago; returns how many are still on their way. */
  expirePending() {
    const now = Date.now();
    this.pending = this.pending.filter((p) => now - p.at < PENDING_MS);
    return this.pending.length;
  }

  showError(text, sent) {
    this.el.error.textContent = text;
    // A refused reaction is not in the input: say which one.
    if (sent && !sent.fromInput) this.el.error.textContent = t('{error} (\u201c{line}\u201d)', { error: text, line: sent.text });
  }

  showCount() {
    const n = this.el.text.value.length;
    this.el.count.textContent = `${n}/${MAX_CHAT_CHARS}`;
    this.el.count.classList.toggle('chat-count-warn', n >= COUNT_WARN_AT);
  }

  // ---- who is who ----------------------------------------------------------

  isSpectator() {
    return this.me.seat === null && !this.me.host;
  }

  isMine(line) {
    if (line.spectator) return this.isSpectator() && line.name === (this.spokenName ?? this.el.name.value.trim());
    if (this.me.seat !== null) return line.seat === this.me.seat;
    return this.me.host && (line.seat === null || line.seat === undefined);
  }

  // ---- the list ------------------------------------------------------------

  trim() {
    while (this.lines.size > MAX_LINES) this.lines.delete(this.lines.keys().next().value);
  }

  trimDom() {
    const list = this.el.list;
    while (list.childElementCount > MAX_LINES) list.firstElementChild.remove();
  }

  renderList() {
    const items = [];
    for (const line of this.lines.values()) {
      items.push(this.lineItem(line, !this.isMine(line) && this.muted.has(speakerKey(line))));
    }
    this.el.list.replaceChildren(...items);
    this.el.empty.hidden = this.lines.size > 0;
    this.el.list.hidden = this.lines.size === 0;
    this.showHiddenCount();
    this.renderMuteMenu();
  }

  lineItem(line, muted) {
    const at = new Date(line.at_ms);
    const valid = !Number.isNaN(at.getTime());
    return h(
      'li',
      {
        class: `chat-line${line.spectator ? ' chat-line-watching' : ''}${this.isMine(line) ? ' chat-line-mine' : ''}`,
        'data-id': String(line.id),
        'data-speaker': speakerKey(line),
        hidden: muted,
      },
      h(
        'span',
        { class: 'chat-meta' },
        h('bdi', { class: 'chat-name' }, line.name),
        line.spectator ? h('span', { class: 'chat-watching' }, t(' (watching)')) : null,
        valid
          ? h(
              'time',
              { class: 'chat-time', datetime: at.toISOString(), title: at.toLocaleString(locales) },
              at.toLocaleTimeString(locales, { hour: '2-digit', minute: '2-digit' }),
            )
          : null,
      ),
      h('span', { class: 'chat-text', dir: 'auto' }, line.text),
    );
  }

  showHiddenCount() {
    let hidden = 0;
    for (const line of this.lines.values()) {
      if (!this.isMine(line) && this.muted.has(speakerKey(line))) hidden += 1;
    }
    const note = this.el.hiddenNote;
    note.hidden = hidden === 0;
    const text = hidden === 0 ? '' : hidden === 1 ? t('1 line hidden (muted).') : t('{n} lines hidden (muted).', { n: hidden });
    if (note.textContent !== text) note.textContent = text;
  }

  // ---- muting --------------------------------------------------------------

  loadMuted() {
    try {
      const list = JSON.parse(load(MUTE_PREFIX + this.roomId) ?? '[]');
      return Array.isArray(list) ? list.filter((k) => typeof k === 'string') : [];
    } catch {
      return [];
    }
  }

  setMuted(key, on) {
    if (on) this.muted.add(key);
    else this.muted.delete(key);
    save(MUTE_PREFIX + this.roomId, this.muted.size === 0 ? null : JSON.stringify([...this.muted]));
    for (const item of this.el.list.children) {
      if (item.dataset.speaker === key && !item.classList.contains('chat-line-mine')) item.hidden = on;
    }
    this.showHiddenCount();
    this.renderMuteMenu();
  }

  /** Everyone else who wrote here, each with a Mute (or Unmute) button. */
  renderMuteMenu() {
    const speakers = new Map();
    for (const line of this.lines.values()) {
      if (!this.isMine(line)) speakers.set(speakerKey(line), line);
    }
    // Muted people stay listed (to unmute) even once their lines have scrolled out.
    for (const key of this.muted) {
      if (!speakers.has(key)) {
        const [kind, ...rest] = key.split(':');
        speakers.set(key, { name: rest.join(':'), spectator: kind === 'watching' });
      }
    }
    const entries = [...speakers.entries()].map(([key, line]) => [key, line.name, line.spectator, this.muted.has(key)]);
    const cacheKey = JSON.stringify(entries);
    if (cacheKey === this.muteKey) return;
    this.muteKey = cacheKey;
    this.el.muteMenu.hidden = entries.length === 0;
    const focused = this.el.muteList.contains(document.activeElement) ? document.activeElement.dataset.speaker : null;
    replace(
      this.el.muteList,
      entries.map(([key, name, spectator, muted]) => {
        const label = muted ? (spectator ? 'Unmute {name} (watching)' : 'Unmute {name}') : spectator ? 'Mute {name} (watching)' : 'Mute {name}';
        return h(
          'li',
          { class: 'chat-mute-item' },
          h('bdi', { class: 'chat-name' }, name),
          spectator ? h('span', { class: 'chat-watching' }, t(' (watching)')) : null,
          h(
            'button',
            {
              type: 'button',
              class: 'small chat-mute-button',
              'data-speaker': key,
              'aria-label': t(label, { name }),
              onclick: () => this.setMuted(key, !muted),
            },
            muted ? t('Unmute') : t('Mute'),
          ),
        );
      }),
    );
    if (focused) {
      const again = [...this.el.muteList.querySelectorAll('button')].find((b) => b.dataset.speaker === focused);
      again?.focus({ preventScroll: true });
    }
  }

  // ---- reactions -----------------------------------------------------------

  renderReactions() {
    const reactions = this.game === 'osaki' ? [...EMOJI_REACTIONS, ...OSAKI_REACTIONS] : EMOJI_REACTIONS;
    replace(
      this.el.reactions,
      reactions.map((r) =>
        h(
          'button',
          {
            type: 'button',
            class: `small chat-reaction${r.lang ? ' chat-reaction-call' : ''}`,
            lang: r.lang,
            title: t(r.title),
            'data-reaction': r.text,
            onclick: () => this.sendLine(r.text, false),
          },
          r.text,
        ),
      ),
    );
  }

  // ---- collapsing and the unread badge -------------------------------------

  setOpen(open, { remember = true } = {}) {
    drawOpen(this.panel, open);
    if (remember) rememberOpen(open);
    // An empty list has nothing to scroll to: reading its height would
    // make the browser lay out the page while it is still being built.
    if (open && this.el.list.firstChild) {
      this.el.list.scrollTop = this.el.list.scrollHeight;
      this.seenIfInSight();
    }
  }

  atBottom() {
    const list = this.el.list;
    return list.scrollHeight - list.scrollTop - list.clientHeight < 24;
  }

  inSight() {
    return !this.el.body.hidden && this.visible && this.atBottom() && document.visibilityState !== 'hidden';
  }

  seenIfInSight() {
    if (this.unread > 0 && this.inSight()) {
      this.unread = 0;
      this.showUnread();
    }
  }

  showUnread() {
    const badge = this.el.unread;
    badge.hidden = this.unread === 0;
    replace(badge, this.unread === 0 ? [] : [String(this.unread), h('span', { class: 'visually-hidden' }, t(' unread'))]);
  }
}

/** A server's refusal, as the end of a sentence. */
function readable(message) {
  if (typeof message !== 'string' || !message.trim()) return '';
  const text = message.trim();
  return /[.!?]$/.test(text) ? text : `${text}.`;
}
