// "Use on another device" (js/device-link.js says what the link is): a
// modal <dialog>, like the Dilbert card reference: focus moves into it, Tab
// goes round inside it, Escape or Close shuts it and focus goes back to the
// button that opened it. Imported when first opened (`deviceLinkButton`).

import { h, replace } from './dom.js';
import { keepTabInside } from './focus.js';
import { t } from './i18n.js';
import { copy, personalLink, prependQr } from './device-link.js';

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
