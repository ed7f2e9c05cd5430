// The table's countdown: how long until the server acts for the seats that
// owe a decision. The server sends `deadline_at` (Unix epoch milliseconds)
// and `deadline_seats` with every snapshot and update, the same for every
// viewer, so every screen counts down to the same instant (as far as the
// devices' clocks agree). This module only displays it.

const ticking = new WeakMap();

function format(ms) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return minutes > 0 ? `${minutes}:${String(seconds).padStart(2, '0')}` : `${seconds} s`;
}

/**
 * Shows the countdown in `el` (hidden when there is no deadline) and keeps
 * it ticking until the next call. `nameOf(seat)` gives a seat's display name;
 * `mySeat` is the viewer's seat, if any.
 */
export function renderCountdown(el, deadlineAt, seats, nameOf, mySeat) {
  clearInterval(ticking.get(el));
  ticking.delete(el);
  if (typeof deadlineAt !== 'number') {
    el.hidden = true;
    el.textContent = '';
    return;
  }
  const list = Array.isArray(seats) ? seats : [];
  const mine = mySeat !== null && mySeat !== undefined && list.includes(mySeat);
  const who = mine ? 'You have' : `${list.map(nameOf).join(', ') || 'The table'} ${list.length > 1 ? 'have' : 'has'}`;
  const tick = () => {
    const left = deadlineAt - Date.now();
    el.textContent = left > 0 ? `${who} ${format(left)} to decide` : 'Time is up: the server plays the default move';
    el.dataset.urgent = String(left <= 10_000);
    if (left <= 0) {
      clearInterval(ticking.get(el));
      ticking.delete(el);
    }
  };
  el.hidden = false;
  el.dataset.mine = String(mine);
  tick();
  ticking.set(el, setInterval(tick, 250));
}
