// The seat list of the room page (lobby and game): number, name, badges,
// what the seat is (bot, away, ...) and the controls the viewer may use on
// it (js/bots.js). Names are text in <bdi>, never HTML.
//
// The controls (js/seat-controls.js) load on use, like the chat: the list
// is drawn without them until it comes into sight once the room is shown
// (`watchForSight`, from room.js), or the pointer or focus enters it, and
// again once they have come. On a phone the list is below the table
// during a game, so a table's first load does without them.
//
// The list is rebuilt only when something it shows changed, and keyboard
// focus survives a rebuild: it goes back to the control with the same
// `data-key`, or, when that control is gone (an "Add bot" whose seat now
// holds the bot), to the first control of the same seat.

import { h, replace } from './dom.js';
import { seatKind, seatStatus } from './bots.js';
import { t } from './i18n.js';
import { playerName } from './game-names.js';
import { onceInSight, onTouch } from './in-sight.js';

export class SeatList {
  /**
   * @param {HTMLElement} el the list (<ol id="seats">)
   * @param {(msg: object) => void} send what the controls send with (and mark the page busy)
   */
  constructor(el, send) {
    this.el = el;
    this.send = send;
    /** the SeatControls once they have come, and what render() was last given */
    this.controls = null;
    this.loading = null;
    this.last = null;
    this.watching = false;
    onTouch(el, () => this.loadControls());
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
    this.last = v;
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
        const controls = this.controls?.controls(s, viewer) ?? [];
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
          this.controls?.awayChoices(s, viewer) ?? null,
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

  /** room.js, once the page shows the room's state: from now on, sight of the list loads its controls. */
  watchForSight() {
    if (this.watching) return;
    this.watching = true;
    onceInSight(this.el, () => this.loadControls());
  }

  loadControls() {
    this.loading ??= import('./seat-controls.js').then(
      ({ SeatControls }) => {
        this.controls = new SeatControls(this.send);
        this.shown = null;
        if (this.last) this.render(this.last);
      },
      (error) => {
        // Tried again at the next use.
        this.loading = null;
        console.warn('the seat controls could not be loaded', error);
      },
    );
    return this.loading;
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
