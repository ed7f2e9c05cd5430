// For the parts of the room page loaded on use (js/chat-on-use.js,
// js/notify.js): coming into sight, or being touched, is a use.

/** Calls `use` once, the first time `el` is in the viewport (at once without IntersectionObserver). */
export function onceInSight(el, use) {
  if (typeof IntersectionObserver !== 'function') {
    use();
    return;
  }
  const sight = new IntersectionObserver((entries) => {
    if (!entries.some((e) => e.isIntersecting)) return;
    sight.disconnect();
    use();
  });
  sight.observe(el);
}

/** Calls `use` whenever the pointer goes down in `el` or the focus enters it. */
export function onTouch(el, use) {
  el.addEventListener('focusin', use);
  el.addEventListener('pointerdown', use);
}
