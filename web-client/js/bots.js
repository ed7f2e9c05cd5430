// Computer players and away seats in the seat list (docs/protocol.md,
// "Computer players and away seats"): what each seat is (free, a bot, a
// bot standing in for an away player, an away player, a player here), and
// the controls the viewer may use on it:
//
// - the host, in the lobby: "Add bot" (with a level) on a free seat,
//   "Remove" on a bot's seat, "Make host" on another player's seat;
// - the host, during the game: for an away player, "Wait", "Let a bot
//   play" (with a level) or "Open the seat"; "Make host" as in the lobby;
// - a spectator, during the game: "Take this seat" on a bot's own seat.
//
// The server decides whether any of it is allowed; these only send the
// message. Names are always text (`h` never sets HTML).

import { h } from './dom.js';
import { t } from './i18n.js';
import { serverErrorText } from './errors.js';
import { playerName } from './game-names.js';

export const LEVELS = ['random', 'easy', 'hard'];
const LEVEL_NAMES = { random: 'random', easy: 'easy', hard: 'hard' };
/** The level picker's options (capitalised in English). */
const LEVEL_LABELS = { random: 'Random', easy: 'Easy', hard: 'Hard' };

/** 'free' | 'bot' | 'stand_in' | 'away' | 'here' */
export function seatKind(s) {
  if (s.name === null || s.name === undefined) return 'free';
  if (s.bot) return s.bot.stand_in ? 'stand_in' : 'bot';
  return s.connected ? 'here' : 'away';
}

/** What the seat list says after the name: "Bot · easy", "(away) · bot playing", presence. */
export function seatStatus(s) {
  switch (seatKind(s)) {
    case 'bot':
      return h('span', { class: 'seat-status seat-status-bot' }, t('Bot \u00b7 {level}', { level: Object.hasOwn(LEVEL_NAMES, s.bot.level) ? t(LEVEL_NAMES[s.bot.level]) : s.bot.level }));
    case 'stand_in':
      return h('span', { class: 'seat-status seat-status-stand-in' }, t('(away) \u00b7 bot playing'));
    case 'away':
      return h('span', { class: 'presence presence-off' }, t('away'));
    case 'here':
      return h('span', { class: 'presence presence-on' }, t('connected'));
    default:
      return null;
  }
}

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

/**
 * The notice to a player while a bot stands in for their seat, with the
 * way back (null otherwise).
 */
export function standInNotice(room, seat, { busy, takeBack }) {
  if (seat === null || seat === undefined || room?.status !== 'playing') return null;
  const s = room.seats?.[seat];
  if (!s || seatKind(s) !== 'stand_in') return null;
  return h(
    'div',
    { class: 'stand-in-notice', role: 'status', 'data-testid': 'stand-in-notice' },
    h('p', {}, t('A bot is playing for you.')),
    h('button', { type: 'button', class: 'primary small', id: 'take-back-button', disabled: busy, onclick: takeBack }, t('Take my seat back')),
  );
}

/**
 * Words for the refusals of this part of the protocol (and a few others
 * the lobby meets), or the server's own message (in Japanese, the code's
 * sentence: js/errors.js).
 */
export function refusalText(msg, gameInfo) {
  switch (msg.code) {
    case 'not_host':
      return t('Only the host can do that.');
    case 'too_few_seats':
      return gameInfo?.min_seats
        ? t('This game needs at least {n} players: fill a seat (or add a bot) first.', { n: gameInfo.min_seats })
        : t('Too few players would be left for this game.');
    case 'not_a_bot':
      return t('That seat is not a bot\u2019s (and a bot cannot be the host).');
    case 'not_away':
      return t('That player is connected (or the seat is a bot\u2019s): nothing to decide.');
    case 'not_standing_in':
      return t('No bot is playing for you: the seat is yours.');
    case 'seats_not_filled':
      return t('Every seat must be taken (by a person or a bot) before the start.');
    case 'game_not_over':
      return t('The game is not over yet.');
    case 'not_seated':
      return t('Only the players of this game (or the host) can do that.');
    default:
      return serverErrorText(msg.code, msg.message);
  }
}
