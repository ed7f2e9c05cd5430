// Sharing the room's invite link beyond "Copy link": the phone's share
// sheet where the browser has one (navigator.share), and a QR code of the
// link to scan from a phone held up to the screen. Both carry the plain
// room link, never a seat's token (that is the personal link's job,
// js/device-link.js).

import { prependQr } from './device-link.js';
import { t } from './i18n.js';

/**
 * Wires the share controls of the invite panel.
 * @param {{link: string, title: () => string, shareButton: HTMLButtonElement,
 *          qrButton: HTMLButtonElement, qrBox: HTMLElement, status: HTMLElement}} parts
 */
export function setUpSharing({ link, title, shareButton, qrButton, qrBox, status }) {
  // The share sheet exists on phones and some desktops; elsewhere the button
  // stays hidden rather than failing when pressed.
  const canShare = typeof navigator.share === 'function' && (navigator.canShare?.({ url: link }) ?? true);
  shareButton.hidden = !canShare;
  shareButton.addEventListener('click', async () => {
    try {
      const game = title();
      await navigator.share({ title: `${game} · Cubicle`, text: t('Join my game of {game} on Cubicle', { game }), url: link });
    } catch (error) {
      // Closing the sheet is not an error worth a word.
      if (error?.name !== 'AbortError') status.textContent = t('Sharing failed: copy the link instead.');
    }
  });

  qrButton.setAttribute('aria-expanded', 'false');
  qrButton.setAttribute('aria-controls', qrBox.id);
  qrButton.addEventListener('click', () => {
    const show = qrBox.hidden;
    if (show && !qrBox.firstChild) prependQr(qrBox, link, t('QR code of the invite link'));
    qrBox.hidden = !show;
    qrButton.setAttribute('aria-expanded', String(show));
    qrButton.textContent = show ? t('Hide QR code') : t('Show QR code');
  });
}
