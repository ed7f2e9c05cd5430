// "Play against the computer": a room whose other seats are bots, set up
// without a lobby. The start page creates the room (as "Create a room"
// does) and leaves the plan for the room page in sessionStorage (this tab
// only, never in the URL); the room page, holding the host token, then
// takes seat 0 with the player's name, adds a bot to every other seat and
// starts, so the player lands in a running game.
//
// Every step is an ordinary client message, and each is sent only after
// the room shows the previous one done, so a reconnect in the middle just
// picks up where the room is.

import { h, replace } from './dom.js';
import { createRoom } from './api.js';
import { dropPlan, savePlan } from './solo-plan.js';
import * as store from './store.js';
import { t } from './i18n.js';
import { gameTitle } from './game-names.js';

const DEFAULT_PLAYERS = 3;

const $ = (id) => document.getElementById(id);

// ---- the start page --------------------------------------------------------

/** Fills the "Play against the computer" form with `games` and handles it. */
export function initSoloForm(games) {
  const form = $('solo-form');
  if (!form) return;
  form.hidden = games.length === 0;
  replace(
    $('solo-game'),
    games.map((g) => h('option', { value: g.id }, gameTitle(g.id, g.name))),
  );
  $('solo-game').addEventListener('change', () => fillPlayers(games));
  $('solo-name').value = store.lastName();
  fillPlayers(games);
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    submit(games);
  });
}

function fillPlayers(games) {
  const game = games.find((g) => g.id === $('solo-game').value);
  const select = $('solo-seats');
  if (!game) {
    replace(select);
    return;
  }
  const previous = Number(select.value);
  const options = [];
  for (let n = game.min_seats; n <= game.max_seats; n += 1) {
    const bots = n - 1;
    options.push(
      h(
        'option',
        { value: String(n) },
        bots === 1 ? t('{n} players (you and 1 bot)', { n }) : t('{n} players (you and {bots} bots)', { n, bots }),
      ),
    );
  }
  replace(select, options);
  const fallback = Math.min(game.max_seats, Math.max(game.min_seats, DEFAULT_PLAYERS));
  select.value = String(previous >= game.min_seats && previous <= game.max_seats ? previous : fallback);
}

async function submit(games) {
  const game = games.find((g) => g.id === $('solo-game').value);
  const error = $('solo-error');
  const name = $('solo-name').value.trim();
  if (!game) return;
  if (!name) {
    error.textContent = t('Type your name first.');
    $('solo-name').focus();
    return;
  }
  const button = $('solo-button');
  button.disabled = true;
  error.textContent = '';
  try {
    const created = await createRoom(game.id, Number($('solo-seats').value));
    store.setRoomToken(created.room_id, created.host_token);
    store.rememberRoom(created.room_id, game.id);
    store.setLastName(name);
    savePlan(created.room_id, { name, level: $('solo-level').value });
    location.assign(created.url || `/r/${encodeURIComponent(created.room_id)}`);
  } catch (err) {
    error.textContent = err.message;
    button.disabled = false;
  }
}

// ---- the room page ---------------------------------------------------------

export class SoloSetup {
  /**
   * @param {string} roomId
   * @param {{name: string, level: string}} plan
   * @param {object} io
   * @param {(seat: number, name: string) => boolean} io.join
   * @param {(seat: number, level: string) => boolean} io.addBot
   * @param {() => boolean} io.start
   * @param {(text: string) => void} io.status  what the page says meanwhile ('' when done)
   */
  constructor(roomId, plan, io) {
    this.roomId = roomId;
    this.plan = plan;
    this.io = io;
    /** (room, you) => whether the last step sent shows in the room; null when none is on its way */
    this.awaiting = null;
    this.done = false;
  }

  /** After every room, welcome or joined message: sends the next step, if any. */
  advance({ room, you, gameInfo }) {
    if (this.done || !room) return;
    if (room.status !== 'lobby') {
      this.finish('');
      return;
    }
    if (!you.host) {
      this.finish(t('This browser no longer holds the host\u2019s rights here: add the bots and start from the host\u2019s page.'));
      return;
    }
    if (this.awaiting && !this.awaiting(room, you)) return;
    this.awaiting = null;
    // (`joined` may come before the room that shows the player in the seat.)
    const free = room.seats.filter((s) => (s.name === null || s.name === undefined) && s.seat !== you.seat);
    if (you.seat === null || you.seat === undefined) {
      if ((gameInfo?.join_questions ?? []).some((q) => q.required)) {
        // A question only the player can answer: the join form asks it.
        this.io.status(t('Answer the question and take a seat: the bots join after you.'));
        return;
      }
      const seat = free.some((s) => s.seat === 0) ? 0 : free[0]?.seat;
      if (seat === undefined) {
        this.finish(t('Every seat is taken already.'));
        return;
      }
      this.io.status(t('Taking your seat\u2026'));
      this.send(this.io.join(seat, this.plan.name), (_r, y) => y.seat !== null && y.seat !== undefined);
    } else if (free.length > 0) {
      const { seat } = free[0];
      this.io.status(free.length === 1 ? t('Seating the bot\u2026') : t('Seating the bots\u2026'));
      this.send(this.io.addBot(seat, this.plan.level), (r) => Boolean(r.seats[seat]?.name));
    } else {
      this.io.status(t('Starting\u2026'));
      this.send(this.io.start(), (r) => r.status !== 'lobby');
    }
  }

  send(sent, shows) {
    // Not sent (no connection yet): the next welcome tries again.
    this.awaiting = sent ? shows : null;
  }

  /** After a (re)connect: a step sent just before may never have arrived; the room says what is left. */
  reconnected() {
    this.awaiting = null;
  }

  /** A refusal while setting up: stop, and leave the lobby to the player. */
  fail(text) {
    if (this.done) return;
    this.finish(t('The automatic set-up stopped ({reason}). You can add the bots and start here.', { reason: text }));
  }

  finish(text) {
    this.done = true;
    dropPlan(this.roomId);
    this.io.status(text);
  }
}
