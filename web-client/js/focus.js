// Keyboard focus across re-renders, shared by every game's table. A table
// replaces its children on every update, which would drop the focus of a
// keyboard user after each move by anyone. Controls carry a `data-key` that
// stays the same from one render to the next; this puts the focus back on
// the control with the same key, or on the prompt of a new decision.

export class FocusKeeper {
  /**
   * @param {HTMLElement} container the element whose children are replaced
   * @param {AbortSignal} [signal] stops listening to the container (the
   *   room's next game gets a new table, and a new keeper, in the same one)
   */
  constructor(container, signal) {
    this.container = container;
    this.lastKey = null;
    this.lastDecisionKey = null;
    container.addEventListener(
      'focusin',
      (e) => {
        const key = e.target?.dataset?.key;
        if (key) this.lastKey = key;
      },
      { signal },
    );
  }

  /**
   * Call before replacing the children: whether the focus is in the table
   * (or nowhere, i.e. on the body). Focus elsewhere on the page (the name
   * field, the log) is never taken away.
   */
  capture() {
    const active = document.activeElement;
    return active === document.body || active === null || this.container.contains(active);
  }

  /**
   * Call after replacing the children, with what `capture` returned. When
   * `decisionKey` (what the viewer is deciding now; null when nothing) is
   * new and `prompt` exists, the focus goes to the prompt; otherwise back
   * to the enabled button with the last focused key, or, when that button
   * is gone and the viewer still has a decision, to its prompt.
   */
  restore(focusWasHere, { decisionKey = null, prompt = null } = {}) {
    if (focusWasHere) {
      const again = this.lastKey ? this.container.querySelector(`[data-key="${CSS.escape(this.lastKey)}"]`) : null;
      const deciding = decisionKey !== null && prompt;
      if (deciding && (decisionKey !== this.lastDecisionKey || !again)) {
        // A new decision, or the same one asking again without the control
        // just used (Dilbert's Run: still the move step, now up to the roll):
        // its prompt, not the top of the page.
        prompt.focus({ preventScroll: true });
      } else if (again && again.tagName === 'BUTTON' && !again.disabled) {
        again.focus({ preventScroll: true });
      }
    }
    this.lastDecisionKey = decisionKey;
  }
}

/**
 * Keeps Tab inside `dialog`: Tab from its last enabled control goes back to
 * the first (and Shift+Tab the other way), never out to the page behind.
 * Call from the dialog's keydown listener.
 */
export function keepTabInside(dialog, e) {
  if (e.key !== 'Tab') return;
  const tabbable = [...dialog.querySelectorAll('button, input, a[href]')].filter((el) => !el.disabled);
  if (tabbable.length === 0) return;
  const [first, last] = [tabbable[0], tabbable.at(-1)];
  if (e.shiftKey && document.activeElement === first) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  }
}
