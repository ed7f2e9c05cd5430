// "Use on another device": the personal link of this browser's seat (or of
// the host's rights), `/r/<room>#token=<token>`, in a read-only field with a
// Copy button, and its QR code drawn as an inline SVG. Whoever opens the
// link plays the seat alongside this device (docs/protocol.md, "Pages").
//
// A modal <dialog>, like the Dilbert card reference: focus moves into it,
// Tab goes round inside it, Escape or Close shuts it and focus goes back
// to the button that opened it.
//
// The token travels only in the fragment, which browsers never send to a
// server; the room page takes it out of the address bar at once
// (`takeLinkToken`).

import { h, replace } from './dom.js';
import { keepTabInside } from './focus.js';
import { t } from './i18n.js';

/** The personal link of `token` in room `roomId`. */
export function personalLink(roomId, token) {
  return `${location.origin}/r/${encodeURIComponent(roomId)}#token=${encodeURIComponent(token)}`;
}

/**
 * The token of a personal link this page was opened with, if any, and the
 * fragment removed from the address bar (before anything connects).
 */
export function takeLinkToken() {
  const fragment = new URLSearchParams(location.hash.replace(/^#/, ''));
  const token = fragment.get('token');
  if (token === null) return null;
  history.replaceState(history.state, '', location.pathname + location.search);
  return /^[0-9a-fA-F]{16,128}$/.test(token) ? token : null;
}

/**
 * Puts the QR code of `text` first in `box` once the encoder has loaded:
 * js/qr.js, imported on first use (it is the client's largest file, and a
 * room page's first load does without it).
 */
export async function prependQr(box, text, label) {
  const { qrSvg } = await import('./qr.js');
  box.prepend(qrSvg(text, label));
}

export class DeviceLink {
  /** @param {() => ({roomId: string, token: string|null, seat: number|null, host: boolean})} who this page's identity now */
  constructor(who) {
    this.who = who;
    this.opener = null;
    this.dialog = h('dialog', { id: 'device-link', class: 'device-link', 'aria-labelledby': 'device-link-title', 'data-testid': 'device-link' });
    // The room page re-renders the opener's panel often: if the button that
    // opened the dialog was replaced meanwhile, its successor gets the focus.
    this.dialog.addEventListener('close', () => {
      const back = this.opener?.isConnected ? this.opener : document.getElementById('device-link-button');
      back?.focus();
    });
    this.dialog.addEventListener('keydown', (e) => keepTabInside(this.dialog, e));
    document.body.append(this.dialog);
  }

  /** The button that opens it, for whoever holds a token in this room. */
  button() {
    return h(
      'button',
      {
        type: 'button',
        id: 'device-link-button',
        'data-key': 'device-link',
        'aria-haspopup': 'dialog',
        onclick: (e) => this.open(e.currentTarget),
      },
      t('Use on another device'),
    );
  }

  /** Opens the dialog; `opener` gets the focus back when it closes. */
  open(opener) {
    const who = this.who();
    if (!who.token) return;
    this.opener = opener;
    this.build(who);
    if (!this.dialog.open) this.dialog.showModal();
    this.dialog.querySelector('#device-link-copy')?.focus();
  }

  build({ roomId, token, seat, host }) {
    const link = personalLink(roomId, token);
    const seated = seat !== null && seat !== undefined;
    const intro = seated
      ? host
        ? t('Open this link on your phone or another computer to play your seat (seat {n}) and the host\u2019s rights there too. Keep it to yourself: whoever has it plays as you.', { n: seat + 1 })
        : t('Open this link on your phone or another computer to play your seat (seat {n}) there too. Keep it to yourself: whoever has it plays as you.', { n: seat + 1 })
      : t('Open this link on your phone or another computer to play the host\u2019s rights there too. Keep it to yourself: whoever has it plays as you.');
    const status = h('p', { id: 'device-link-status', class: 'hint', role: 'status', 'aria-live': 'polite' });
    const input = h('input', { id: 'device-link-input', type: 'text', readonly: true, spellcheck: 'false', value: link });
    const figure = h('figure', { class: 'qr-figure' }, h('figcaption', { class: 'hint' }, t('Or scan this code with the other device.')));
    prependQr(figure, link, t('QR code of your personal link'));
    replace(
      this.dialog,
      h(
        'div',
        { class: 'device-link-head' },
        h('h2', { id: 'device-link-title' }, t('Use on another device')),
        h('button', { type: 'button', class: 'small', onclick: () => this.dialog.close() }, t('Close')),
      ),
      h('p', {}, intro),
      h(
        'div',
        { class: 'field' },
        h('label', { for: 'device-link-input' }, t('Your personal link')),
        h(
          'div',
          { class: 'copy-field' },
          input,
          h('button', { type: 'button', id: 'device-link-copy', onclick: () => copy(input, status) }, t('Copy')),
        ),
        status,
      ),
      figure,
    );
  }

}

/** How long "Link copied." stays: long enough to read, then out of the way. */
export const COPIED_NOTICE_MS = 4000;
const noticeTimers = new WeakMap();

/** Says `text` in `status`, and takes it back after a while. */
function notice(status, text) {
  status.textContent = text;
  clearTimeout(noticeTimers.get(status));
  noticeTimers.set(status, setTimeout(() => {
    if (status.textContent === text) status.textContent = '';
  }, COPIED_NOTICE_MS));
}

/**
 * Copies the field's text and says `done` in `status` for a few seconds;
 * without the clipboard API (plain http) or when it is refused, selects the
 * text so the user can copy it by hand (that instruction stays), and tries
 * the old way too.
 */
export async function copy(input, status, done = t('Link copied.')) {
  try {
    if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
    await navigator.clipboard.writeText(input.value);
    notice(status, done);
  } catch {
    input.focus();
    input.select();
    let copied = false;
    try {
      copied = document.execCommand('copy');
    } catch {
      copied = false;
    }
    if (copied) notice(status, done);
    else status.textContent = t('Press Ctrl+C (or long-press) to copy the selected link.');
  }
}
