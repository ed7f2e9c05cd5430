// The seat list's controls (js/bots.js says which, and who may use them):
// "Add bot" with its level, "Remove", "Make host", an away player's
// "Wait", "Let a bot play" and "Open the seat", a spectator's "Take this
// seat". In the room bundle's second part: js/seats.js draws the list
// without them until they are of use (on a phone the list is below the
// table during a game).

import { h } from './dom.js';
import { t } from './i18n.js';
import { LEVELS, seatKind } from './bots.js';
import { playerName } from './game-names.js';

/** The level picker's options (capitalised in English). */
const LEVEL_LABELS = { random: 'Random', easy: 'Easy', hard: 'Hard' };

/**
 * The per-seat controls. Keeps the level picked for each seat across the
 * seat list's re-renders.
 */
export class SeatControls {
  /** @param {(msg: object) => void} send sends a client message (and marks the page busy) */
  constructor(send) {
    this.send = send;
    this.levels = new Map();
  }

  levelOf(seat) {
    return this.levels.get(seat) ?? 'easy';
  }

  /**
   * @param {object} s the seat (SeatInfo)
   * @param {object} v the viewer: {status, host, seat, busy, nameOf(seat), takeSeat(seat)}
   * @returns {Node[]} the controls, possibly none
   */
  controls(s, v) {
    const kind = seatKind(s);
    const mine = v.seat !== null && v.seat !== undefined && v.seat === s.seat;
    const out = [];
    if (v.status === 'lobby' && v.host) {
      if (kind === 'free') out.push(this.levelPicker(s.seat), this.button(s.seat, 'add-bot', t('Add bot'), v.busy, () => this.addBot(s.seat)));
      if (kind === 'bot') {
        out.push(this.button(s.seat, 'remove-bot', t('Remove'), v.busy, () => this.send({ type: 'remove_bot', seat: s.seat }), t('Remove {name}', { name: playerName(s.name) })));
      }
    }
    if (v.status !== 'finished' && v.host && !mine && !s.host && (kind === 'here' || kind === 'away')) {
      out.push(this.button(s.seat, 'pass-host', t('Make host'), v.busy, () => this.send({ type: 'pass_host', seat: s.seat }), t('Make host: {name}', { name: s.name })));
    }
    if (v.status === 'playing' && (v.seat === null || v.seat === undefined) && kind === 'bot') {
      // A bot's own seat (an opened one, or one it had from the start) is anyone's to take over.
      out.push(
        this.button(s.seat, 'take-seat', t('Take this seat'), v.busy, () => v.takeSeat(s.seat), t('Take this seat (seat {n}, played by {name})', { n: s.seat + 1, name: playerName(s.name) })),
      );
    }
    return out;
  }

  /**
   * The host's choices for an away player during the game, as a row of its
   * own under the seat (null when there is nothing to decide).
   */
  awayChoices(s, v) {
    const kind = seatKind(s);
    if (!(v.status === 'playing' && v.host && (kind === 'away' || kind === 'stand_in'))) return null;
    const away = (choice, extra = {}) => this.send({ type: 'away', seat: s.seat, choice, ...extra });
    return h(
      'div',
      { class: 'seat-away', role: 'group', 'aria-label': t('{name} is away', { name: s.name }) },
      h('span', { class: 'seat-away-caption' }, kind === 'stand_in' ? t('A bot plays for now:') : t('Away:')),
      this.button(s.seat, 'away-wait', t('Wait'), v.busy, () => away('wait'), t('Wait for {name}', { name: s.name })),
      kind === 'away'
        ? [
            this.levelPicker(s.seat),
            this.button(s.seat, 'away-bot', t('Let a bot play'), v.busy, () => away('bot', { level: this.levelOf(s.seat) }), t('Let a bot play for {name}', { name: s.name })),
          ]
        : null,
      this.button(
        s.seat,
        'away-open',
        t('Open the seat'),
        v.busy,
        () => {
          // The player's own link stops working: ask once.
          const question = t('Give {name}\u2019s seat to anyone who takes it? A bot plays it until then, and {name}\u2019s link stops working.', { name: s.name });
          if (confirm(question)) {
            away('open', { level: this.levelOf(s.seat) });
          }
        },
        t('Open the seat of {name} to anyone', { name: s.name }),
      ),
    );
  }

  addBot(seat) {
    this.send({ type: 'add_bot', seat, level: this.levelOf(seat) });
  }

  button(seat, control, text, busy, onclick, label) {
    return h(
      'button',
      {
        type: 'button',
        class: 'small',
        disabled: busy,
        'data-control': control,
        'data-key': `${control}-${seat}`,
        'aria-label': label,
        onclick,
      },
      text,
    );
  }

  levelPicker(seat) {
    const id = `bot-level-${seat}`;
    return h(
      'span',
      { class: 'bot-level' },
      h('label', { for: id, class: 'visually-hidden' }, t('Level of the bot for seat {n}', { n: seat + 1 })),
      h(
        'select',
        {
          id,
          class: 'small',
          'data-key': id,
          'data-control': 'bot-level',
          onchange: (e) => this.levels.set(seat, e.currentTarget.value),
        },
        LEVELS.map((level) => h('option', { value: level, selected: level === this.levelOf(seat) }, t(LEVEL_LABELS[level] ?? level))),
      ),
    );
  }
}
