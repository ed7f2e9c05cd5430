// "Use on another device": the personal link of this browser's seat (or of
// the host's rights), `/r/<room>#token=<token>`, in a read-only field with a
// Copy button, and its QR code drawn as an inline SVG. Whoever opens the
// link plays the seat alongside this device (docs/protocol.md, "Pages").
//
// The dialog is js/device-link-dialog.js, loaded on first use.
//
// The token travels only in the fragment, which browsers never send to a
// server; the room page takes it out of the address bar at once
// (`takeLinkToken`).

import { h } from './dom.js';
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

/**
 * The button that opens the "Use on another device" dialog for `who` (this
 * page's identity at the time: {roomId, token, seat, host}). The dialog
 * (js/device-link-dialog.js) is imported when first opened: a room page's
 * first load does without it (docs/performance.md, "First load").
 */
export function deviceLinkButton(who) {
  return h(
    'button',
    {
      type: 'button',
      id: 'device-link-button',
      'data-key': 'device-link',
      'aria-haspopup': 'dialog',
      onclick: (e) => openDeviceLink(who, e.currentTarget),
    },
    t('Use on another device'),
  );
}

let dialog = null;

async function openDeviceLink(who, opener) {
  const { DeviceLink } = await import('./device-link-dialog.js');
  dialog ??= new DeviceLink(who);
  dialog.open(opener);
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
