// The card reference: every memo (name, timing, text), every consultant,
// every token and every office's chart or instructions, from the board
// (its pages are reference-cards.js, loaded on the first opening).
// A modal <dialog> opened by the table's "Cards" button: focus moves into
// it, Tab goes round inside it, Escape or Close shuts it and focus goes
// back to the button. The dialog lives beside the table's body, not inside it, so
// a table update while it is open leaves it alone (it is rebuilt only if
// the viewer's texts_hidden changes).

import { h } from '../../dom.js';
import { t } from '../../i18n.js';
import { keepTabInside } from '../../focus.js';
import { referenceCards, whenLoaded } from './on-use.js';
import { textsHidden } from './texts.js';

export class CardReference {
  /** @param {() => HTMLElement|null} opener finds the button to give focus back to */
  constructor(opener) {
    this.opener = opener;
    this.builtHidden = null;
    /** reference-cards.js, once the first opening has loaded it */
    this.cards = null;
    /** the context of the table's last render */
    this.lastCtx = null;
    this.dialog = h('dialog', { class: 'dl-reference', 'aria-labelledby': 'dl-reference-title', 'data-testid': 'card-reference' });
    this.dialog.addEventListener('close', () => this.opener()?.focus());
    this.dialog.addEventListener('keydown', (e) => keepTabInside(this.dialog, e));
  }

  get isOpen() {
    return this.dialog.open;
  }

  /** The button that opens it (put it in the table; `data-key` keeps its focus across renders). */
  button(ctx) {
    return h(
      'button',
      { type: 'button', class: 'small dl-cards-button', 'data-key': 'cards', 'aria-haspopup': 'dialog', 'data-testid': 'cards-button', onclick: () => this.open(ctx) },
      t('Cards'),
    );
  }

  /** Its pages come with the first opening (reference-cards.js, on-use.js). */
  async open(ctx) {
    this.cards ??= await whenLoaded(referenceCards);
    this.build(this.lastCtx ?? ctx);
    if (!this.dialog.open) this.dialog.showModal();
    this.dialog.querySelector('.dl-reference-close')?.focus();
  }

  /** After a table render: rebuilds an open reference if what it may show changed. */
  refresh(ctx) {
    this.lastCtx = ctx;
    if (this.dialog.open && this.builtHidden !== textsHidden(ctx)) this.build(ctx);
  }

  build(ctx) {
    this.builtHidden = textsHidden(ctx);
    this.cards.buildReference(this.dialog, ctx, this.builtHidden);
  }
}
