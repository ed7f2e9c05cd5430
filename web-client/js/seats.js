// The seat list of the room page (lobby and game): number, name, badges,
// what the seat is (bot, away, ...) and the controls the viewer may use on
// it (js/bots.js). Names are text in <bdi>, never HTML.
//
// The list is rebuilt only when something it shows changed, and keyboard
// focus survives a rebuild: it goes back to the control with the same
// `data-key`, or, when that control is gone (an "Add bot" whose seat now
// holds the bot), to the first control of the same seat.

import { h, replace } from './dom.js';
import { seatKind, seatStatus } from './bots.js';
import { t } from './i18n.js';
import { playerName } from './game-names.js';

export class SeatList {
  /**
   * @param {HTMLElement} el the list (<ol id="seats">)
   * @param {import('./bots.js').SeatControls} controls
   */
  constructor(el, controls) {
    this.el = el;
    this.controls = controls;
    this.shown = null;
    this.lastFocus = null;
    this.focusDropped = false;
    el.addEventListener('focusin', (e) => {
      const key = e.target?.dataset?.key;
      if (key) this.lastFocus = { key, seat: e.target.closest('[data-seat]')?.dataset.seat ?? null };
    });
  }

  /**
   * @param {object} v
   * @param {object} v.room the RoomInfo
   * @param {number|null} v.seat the viewer's seat
   * @param {boolean} v.host whether the viewer holds the host's rights
   * @param {number[]} v.active seats that must decide now
   * @param {boolean} v.busy a request is on its way: controls wait
   * @param {(seat: number) => void} v.join takes a free seat (lobby) or a bot's seat (game)
   */
  render(v) {
    const { room, seat, host, active, busy } = v;
    const shown = JSON.stringify([room.seats, room.status, room.game_number, seat, host, active, busy]);
    if (shown === this.shown) return;
    this.shown = shown;

    // Focus in the list, or dropped to the page by the last rebuild (its
    // control was disabled while a request was on its way): bring it back.
    const onPage = document.activeElement === document.body || document.activeElement === null;
    const focusWasHere = this.el.contains(document.activeElement) || (onPage && this.focusDropped);
    const viewer = { status: room.status, host, seat, busy, takeSeat: v.join };
    const seated = seat !== null && seat !== undefined;
    // The lobby of a new game in the same room (`play_again`): who has accepted, who is deciding.
    const rematch = room.status === 'lobby' && (room.game_number ?? 1) > 1;
    replace(
      this.el,
      room.seats.map((s) => {
        const kind = seatKind(s);
        const taken = kind !== 'free';
        const badges = [];
        if (s.host) badges.push(h('span', { class: 'badge badge-host', title: t('Created the room: starts the game and manages the seats') }, t('host')));
        if (seated && s.seat === seat) badges.push(h('span', { class: 'badge badge-you', title: t('Your seat') }, t('you')));
        if (active.includes(s.seat)) badges.push(h('span', { class: 'badge badge-turn', title: t('This seat must act now') }, t('to play')));
        const controls = this.controls.controls(s, viewer);
        if (!taken && room.status === 'lobby' && !seated) {
          controls.unshift(
            h('button', { type: 'button', class: 'small', disabled: busy, 'data-control': 'sit', 'data-key': `sit-${s.seat}`, onclick: () => v.join(s.seat) }, t('Sit here')),
          );
        }
        // Spaces between the parts, so that the row reads "Seat 2 Ben (away) · bot playing"
        // as text too (the flex layout draws its own gaps and ignores them).
        const parts = [
          h('span', { class: 'seat-number' }, t('Seat {n}', { n: s.seat + 1 })),
          taken ? h('bdi', { class: 'seat-name' }, playerName(s.name)) : h('span', { class: 'seat-name seat-name-free' }, t('free seat')),
          ...badges,
          seatStatus(s),
          rematch && taken && !s.bot
            ? h(
                'span',
                { class: `seat-decision seat-decision-${s.pending ? 'deciding' : 'accepted'}`, 'data-testid': 'seat-decision' },
                s.pending ? t('deciding\u2026') : t('accepted'),
              )
            : null,
          controls.length > 0 ? h('span', { class: 'seat-controls' }, controls) : null,
          this.controls.awayChoices(s, viewer),
        ].filter(Boolean);
        return h(
          'li',
          { class: `seat ${taken ? 'seat-taken' : 'seat-free'} seat-is-${kind.replace('_', '-')}`, 'data-seat': String(s.seat), 'data-kind': kind },
          parts.flatMap((part, i) => (i === 0 ? [part] : [' ', part])),
        );
      }),
    );
    this.focusDropped = focusWasHere && !this.restoreFocus();
  }

  /** Whether the focus found a control again. */
  restoreFocus() {
    if (!this.lastFocus) return false;
    const usable = (el) => el && !el.disabled;
    const again = this.el.querySelector(`[data-key="${CSS.escape(this.lastFocus.key)}"]`);
    const row = this.lastFocus.seat === null ? null : this.el.querySelector(`[data-seat="${CSS.escape(this.lastFocus.seat)}"]`);
    const sibling = row ? [...row.querySelectorAll('button, select')].find(usable) : null;
    const target = usable(again) ? again : sibling;
    target?.focus({ preventScroll: true });
    return Boolean(target);
  }
}
