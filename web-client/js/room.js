// The room page (/r/<room_id>): invite link, seats, joining, starting, and
// the running game. Shared by every game, with the status bar above the
// table (js/frame.js); the table itself, the words of the log and the end
// details come from the game's renderer (js/games/registry.js), loaded on
// demand for this room's game only.
//
// The server is the authority: this page shows what the last message said
// and offers exactly the legal actions the server listed.

import { h, replace, joinNames } from './dom.js';
import { listGames, getRoom } from './api.js';
import { Connection } from './connection.js';
import { GameLog } from './log.js';
import { toast } from './toast.js';
import { newActionId } from './ids.js';
import { loadRenderer } from './games/registry.js';
import { TableFrame } from './frame.js';
import { renderQuestions, readAnswers } from './questions.js';
import * as store from './store.js';

const PENDING_TIMEOUT_MS = 15_000;

const $ = (id) => document.getElementById(id);

const roomId = decodeURIComponent(location.pathname.split('/').filter(Boolean)[1] ?? '');

const state = {
  room: null,
  you: { seat: null, host: false },
  gameInfo: null,
  /** {board, log, view, legal, seq, outcome} once a game exists */
  game: null,
  /** events of the last update, for the table's small animations */
  recent: [],
  /** the action in flight: {id, action, timer} */
  pending: null,
  /** 'join' | 'leave' | 'start' while the server has not answered */
  lobbyPending: null,
  /** the game's renderer once its module has loaded, and its table */
  renderer: null,
  table: null,
  /** {id, promise}: the renderer module being loaded for this room's game */
  loading: null,
  endShown: false,
  /** the GameInfo whose join questions the form shows */
  questionsOf: undefined,
};

const gameLog = new GameLog($('log'), $('last-event'));
const frame = new TableFrame($('table-frame'));
let connection = null;

function nameOf(seat) {
  const name = state.room?.seats?.[seat]?.name;
  return name ?? `Seat ${seat + 1}`;
}

function mySeat() {
  const fromView = state.game?.view?.you;
  if (fromView !== undefined && fromView !== null) return fromView;
  return state.you.seat;
}

function gameContext() {
  return {
    board: state.game.board,
    view: state.game.view,
    legal: state.game.legal ?? [],
    seat: mySeat(),
    names: nameOf,
    busy: state.pending !== null,
    recent: state.recent,
    deadlineAt: state.game.deadline_at ?? null,
    act,
  };
}

// ---- actions -------------------------------------------------------------

function act(action) {
  if (state.pending !== null) return;
  const id = newActionId();
  state.pending = { id, action, timer: setTimeout(() => pendingTimedOut(id), PENDING_TIMEOUT_MS) };
  if (!connection.send({ type: 'act', id, action })) {
    toast('Not connected: your move will be sent when the connection is back.', 'warn');
  }
  renderGame();
}

function pendingTimedOut(id) {
  if (state.pending?.id !== id) return;
  clearPending();
  toast('The server did not answer your move. Please try again.', 'warn');
  renderGame();
}

function clearPending() {
  if (state.pending) clearTimeout(state.pending.timer);
  state.pending = null;
}

function sendLobby(kind, msg) {
  if (!connection.send(msg)) {
    toast('Not connected yet. Please try again in a moment.', 'warn');
    return false;
  }
  state.lobbyPending = kind;
  renderLobby();
  return true;
}

// ---- server messages -----------------------------------------------------

function onMessage(msg) {
  switch (msg.type) {
    case 'welcome':
      state.you = msg.you ?? { seat: null, host: false };
      state.room = msg.room;
      state.lobbyPending = null;
      if (state.pending) {
        // Retrying is safe: an id already applied is acknowledged, not applied twice.
        connection.send({ type: 'act', id: state.pending.id, action: state.pending.action });
      }
      if (state.room?.status === 'lobby' && state.game) {
        // The room is back in the lobby: forget any old table.
        state.game = null;
      }
      renderAll();
      break;
    case 'room':
      state.room = msg.room;
      if (state.lobbyPending === 'leave' && state.you.seat !== null && !state.room.seats[state.you.seat]?.name) {
        leftSeat();
      }
      if (state.lobbyPending === 'start' && state.room.status !== 'lobby') state.lobbyPending = null;
      renderAll();
      break;
    case 'joined':
      state.you = { ...state.you, seat: msg.seat };
      store.setRoomToken(roomId, msg.token);
      store.rememberRoom(roomId, state.room?.game ?? '');
      state.lobbyPending = null;
      $('join-error').textContent = '';
      renderAll();
      break;
    case 'snapshot':
      applySnapshot(msg.game);
      break;
    case 'update':
      applyUpdate(msg.update);
      break;
    case 'ack':
      if (state.pending?.id === msg.id) {
        clearPending();
        renderGame();
      }
      break;
    case 'error':
      onError(msg);
      break;
    default:
      break;
  }
}

function leftSeat() {
  state.lobbyPending = null;
  state.you = { ...state.you, seat: null };
  if (!state.you.host) store.setRoomToken(roomId, null);
}

function onError(msg) {
  const text = msg.message || msg.code;
  if (msg.id && state.pending?.id === msg.id) {
    clearPending();
    toast(text, 'error');
    renderGame();
    return;
  }
  if (msg.code === 'invalid_token') {
    // The token belongs to no one here (a seat given up, an old room): we
    // watch as a spectator from now on.
    store.setRoomToken(roomId, null);
    state.you = { seat: null, host: false };
    toast('Your saved seat in this room is no longer valid; you are watching.', 'warn');
    renderAll();
    return;
  }
  if (msg.code === 'unknown_room') {
    showMissing();
    return;
  }
  if (state.lobbyPending === 'join') {
    $('join-error').textContent = text;
  } else {
    toast(text, 'error');
  }
  state.lobbyPending = null;
  renderAll();
}

/** Starts loading the renderer of `gameId` (once); resolves to it. */
function rendererFor(gameId) {
  if (state.loading?.id !== gameId) state.loading = { id: gameId, promise: loadRenderer(gameId) };
  return state.loading.promise;
}

function applySnapshot(game) {
  const sameTable = state.game && state.game.game === game.game && state.table;
  state.game = { ...game, log: game.log ?? [] };
  state.recent = [];
  if (!sameTable) {
    state.renderer = null;
    state.table = null;
    rendererFor(game.game).then((renderer) => {
      // Another game's snapshot may have come while this one loaded.
      if (state.game?.game !== renderer.id || state.table) return;
      state.renderer = renderer;
      state.table = renderer.createTable($('table'));
      resetLog();
      renderAll();
    });
  } else {
    resetLog();
  }
  renderAll();
}

function resetLog() {
  const ctx = gameContext();
  gameLog.reset(state.game.log, (event) => state.renderer.describeEvent(event, ctx));
}

function applyUpdate(update) {
  if (!state.game) {
    // An update without a table to apply it to: start over with a snapshot.
    connection.reconnect();
    return;
  }
  const fresh = (update.events ?? []).filter((e) => e.seq > state.game.seq);
  if (fresh.length > 0 && fresh[0].seq !== state.game.seq + 1) {
    // A gap: ask again from what we have (the server sends the rest or a snapshot).
    connection.reconnect();
    return;
  }
  state.game.log.push(...fresh);
  state.game.view = update.view;
  state.game.legal = update.legal ?? [];
  state.game.seq = Math.max(state.game.seq, update.seq);
  state.game.outcome = update.outcome ?? null;
  state.game.deadline_at = update.deadline_at ?? null;
  state.game.deadline_seats = update.deadline_seats ?? [];
  state.recent = fresh;
  if (fresh.length > 0) clearPending();
  if (state.renderer) {
    // (Until the renderer has loaded, the log waits: it is written whole then.)
    const ctx = gameContext();
    gameLog.append(fresh, (event) => state.renderer.describeEvent(event, ctx));
  }
  renderAll();
}

function onStatus(status, detail) {
  const el = $('connection');
  el.dataset.state = status;
  if (status === 'open') el.textContent = 'Connected';
  else if (status === 'connecting') el.textContent = 'Connecting\u2026';
  else if (status === 'reconnecting') el.textContent = 'Reconnecting\u2026';
  else if (status === 'stopped') el.textContent = 'Disconnected';
  el.title = detail?.attempt ? `Attempt ${detail.attempt}` : '';
}

// ---- rendering -----------------------------------------------------------

function renderAll() {
  renderHeader();
  renderLobby();
  renderGame();
}

function gameName() {
  return state.gameInfo?.name ?? state.room?.game ?? 'Room';
}

function renderHeader() {
  $('room-title').textContent = gameName();
  const myTurn = state.game && state.renderer?.activeSeats(state.game.view).includes(mySeat());
  document.title = `${myTurn ? 'Your turn \u00b7 ' : ''}${gameName()} \u00b7 Cubicle`;
}

function renderLobby() {
  const room = state.room;
  if (!room) return;
  const lobby = room.status === 'lobby';
  const seat = mySeat();
  const free = room.seats.filter((s) => s.name === null || s.name === undefined);
  const active = state.game && state.renderer ? state.renderer.activeSeats(state.game.view) : [];
  const busy = state.lobbyPending !== null;

  $('seats-title').textContent = lobby ? 'Seats' : 'Players';
  replace(
    $('seats'),
    room.seats.map((s) => {
      const taken = s.name !== null && s.name !== undefined;
      const badges = [];
      if (s.host) badges.push(h('span', { class: 'badge badge-host' }, 'host'));
      if (s.seat === seat && seat !== null) badges.push(h('span', { class: 'badge badge-you' }, 'you'));
      if (active.includes(s.seat)) badges.push(h('span', { class: 'badge badge-turn' }, 'to play'));
      return h(
        'li',
        { class: `seat ${taken ? 'seat-taken' : 'seat-free'}`, 'data-seat': String(s.seat) },
        h('span', { class: 'seat-number' }, `Seat ${s.seat + 1}`),
        taken ? h('bdi', { class: 'seat-name' }, s.name) : h('span', { class: 'seat-name seat-name-free' }, 'free seat'),
        badges,
        taken
          ? h('span', { class: `presence ${s.connected ? 'presence-on' : 'presence-off'}` }, s.connected ? 'connected' : 'away')
          : null,
        !taken && lobby && seat === null
          ? h('button', { type: 'button', class: 'small', disabled: busy, onclick: () => join(s.seat) }, 'Sit here')
          : null,
      );
    }),
  );

  const watching = room.spectators ?? 0;
  $('spectators').textContent = watching === 0 ? 'Nobody is watching.' : `${watching} watching`;

  // Who you are.
  const you = $('you-panel');
  if (seat !== null && seat !== undefined) {
    replace(
      you,
      h(
        'p',
        { class: 'you-line' },
        'You sit in seat ',
        String(seat + 1),
        ' as ',
        h('strong', {}, h('bdi', {}, nameOf(seat))),
        state.you.host ? ' (you are the host).' : '.',
      ),
      lobby ? h('button', { type: 'button', id: 'leave-button', disabled: busy, onclick: leave }, 'Leave seat') : null,
    );
  } else if (state.you.host) {
    replace(you, h('p', { class: 'you-line' }, 'You are the host. Take a seat to play, or just start once the seats are filled.'));
  } else {
    replace(you);
  }

  // Joining.
  const form = $('join-form');
  form.hidden = !(lobby && (seat === null || seat === undefined) && free.length > 0);
  // Built once per game description, so that re-renders keep what was typed.
  if (state.questionsOf !== state.gameInfo) {
    state.questionsOf = state.gameInfo;
    renderQuestions($('join-questions'), state.gameInfo?.join_questions);
  }
  $('join-button').disabled = busy;

  // Starting.
  const hostPanel = $('host-panel');
  hostPanel.hidden = !(lobby && state.you.host);
  $('start-button').disabled = busy || free.length > 0;
  $('start-hint').textContent =
    free.length > 0 ? `Waiting for ${free.length} more ${free.length === 1 ? 'player' : 'players'}.` : 'Everyone is here.';

  let hint = '';
  if (lobby && !state.you.host) {
    hint = free.length === 0 && seat === null ? 'Every seat is taken: you are watching. ' : '';
    hint += 'The host starts the game once every seat is taken.';
  } else if (!lobby && (seat === null || seat === undefined)) {
    hint = 'You are watching.';
  }
  $('lobby-hint').textContent = hint;
}

function renderGame() {
  const game = state.game;
  // The table shows once its game's module has loaded (a moment at most:
  // it starts loading with the lobby).
  const ready = Boolean(game && state.table);
  document.body.classList.toggle('in-game', Boolean(game));
  $('game').hidden = !ready;
  $('log-panel').hidden = !ready;
  if (!ready) {
    $('end').hidden = true;
    return;
  }
  const ctx = gameContext();
  $('game').dataset.seq = String(game.seq);
  renderFrame(ctx);
  state.table.render(ctx);
  renderHeader();
  renderEnd(ctx);
}

function renderFrame(ctx) {
  const { view } = ctx;
  frame.render({
    names: nameOf,
    seat: ctx.seat,
    active: state.renderer.activeSeats(view),
    turn: state.renderer.turnSeat?.(view) ?? null,
    asked: ctx.legal.length > 0,
    over: Boolean(state.game.outcome),
    deadlineAt: state.game.deadline_at,
  });
}

function renderEnd(ctx) {
  const outcome = state.game.outcome;
  const end = $('end');
  if (!outcome) {
    end.hidden = true;
    return;
  }
  const winners = outcome.winners ?? [];
  const names = joinNames(winners.map((s) => h('bdi', { class: 'winner-name' }, nameOf(s))));
  const title =
    winners.length > 1 ? ['Shared victory: ', ...names, '!'] : winners.length === 1 ? [...names, ' wins!'] : ['The game is over.'];
  replace($('end-title'), title);
  end.dataset.winners = winners.join(',');
  const meWon = winners.includes(ctx.seat);
  replace(
    $('end-details'),
    ctx.seat !== null && ctx.seat !== undefined
      ? h('p', { class: 'end-you' }, state.renderer.endYouLine?.(meWon) ?? (meWon ? 'Well done, you won.' : 'Not this time. Otsukaresama!'))
      : null,
    state.renderer.describeEnding(ctx),
  );
  const first = end.hidden;
  end.hidden = false;
  if (first && !state.endShown) {
    state.endShown = true;
    end.focus({ preventScroll: true });
    end.scrollIntoView({ block: 'start', behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
  }
}

function showMissing() {
  connection?.stop();
  for (const id of ['room-title', 'share', 'lobby', 'game', 'end', 'log-panel']) $(id).hidden = true;
  $('missing').hidden = false;
  $('connection').textContent = '';
  document.title = 'No such room \u00b7 Cubicle';
}

// ---- lobby controls ------------------------------------------------------

function join(seat) {
  const name = $('join-name').value.trim();
  if (!name) {
    $('join-error').textContent = 'Type your name first.';
    $('join-name').focus();
    return;
  }
  $('join-error').textContent = '';
  store.setLastName(name);
  const msg = { type: 'join', name };
  if (seat !== undefined && seat !== null) msg.seat = seat;
  const answers = readAnswers(state.gameInfo?.join_questions);
  if (Object.keys(answers).length > 0) msg.answers = answers;
  sendLobby('join', msg);
}

function leave() {
  sendLobby('leave', { type: 'leave' });
}

function start() {
  sendLobby('start', { type: 'start' });
}

async function copyLink() {
  const input = $('room-link');
  const status = $('copy-status');
  try {
    if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
    await navigator.clipboard.writeText(input.value);
    status.textContent = 'Link copied. Send it to your colleagues.';
  } catch {
    // Clipboard API missing (plain http) or refused: select the text so
    // the user can copy it by hand, and try the old way too.
    input.focus();
    input.select();
    let copied = false;
    try {
      copied = document.execCommand('copy');
    } catch {
      copied = false;
    }
    status.textContent = copied ? 'Link copied. Send it to your colleagues.' : 'Press Ctrl+C (or long-press) to copy the selected link.';
  }
}

// ---- start-up ------------------------------------------------------------

async function main() {
  if (!roomId) {
    showMissing();
    return;
  }
  $('room-link').value = `${location.origin}/r/${encodeURIComponent(roomId)}`;
  $('copy-link').addEventListener('click', copyLink);
  $('join-form').addEventListener('submit', (e) => {
    e.preventDefault();
    join(undefined);
  });
  $('start-button').addEventListener('click', start);
  $('join-name').value = store.lastName();

  const [room, games] = await Promise.all([getRoom(roomId).catch((e) => e), listGames().catch(() => [])]);
  if (room?.status === 404 || room?.code === 'unknown_room') {
    showMissing();
    return;
  }
  if (room && !(room instanceof Error)) state.room = room;
  const gameId = state.room?.game;
  state.gameInfo = Array.isArray(games) ? games.find((g) => g.id === gameId) ?? null : null;
  if (gameId) {
    store.rememberRoom(roomId, gameId);
    // Load the table's code while the lobby fills, so the start is instant.
    rendererFor(gameId);
  }
  renderAll();

  connection = new Connection({
    roomId,
    token: () => store.roomToken(roomId),
    since: () => (state.game ? state.game.seq : null),
    onMessage: (msg) => {
      onMessage(msg);
      if (msg.type === 'welcome' && !state.gameInfo && Array.isArray(games)) {
        state.gameInfo = games.find((g) => g.id === msg.room?.game) ?? null;
        renderAll();
      }
    },
    onStatus,
  });
  connection.connect();
}

main();
