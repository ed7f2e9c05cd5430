// The room page (/r/<room_id>): invite link, seats, joining, starting, and
// the running game. Shared by every game, with the status bar above the
// table (js/frame.js); the table itself, the words of the log and the end
// details come from the game's renderer (js/games/registry.js), loaded on
// demand for this room's game only.
//
// The server is the authority: this page shows what the last message said
// and offers exactly the legal actions the server listed.
//
// Around it: the seat list and its bot and away-seat controls (js/seats.js,
// js/bots.js), the personal link for another device (js/device-link.js) and
// the automatic set-up of a game against the computer (js/solo.js), and the
// fair-dealing seed: commitment, contribution, revelation (js/fairness.js).
//
// After the game: "Play again" on the end screen (a new game in the same
// room with the same seats; each player accepts or declines in the lobby,
// the one who asked accepts by itself), and the room's finished games with
// their replays and records (js/history.js).

import { h, replace, joinNames } from './dom.js';
import { getRoom } from './api.js';
import { ASK_FOR_PATCHES, Connection } from './connection.js';
import { boardFor, heldBoard } from './board.js';
import { Inbox } from './inbox.js';
import { GameLog } from './log.js';
import { toast } from './toast.js';
import { newActionId } from './ids.js';
import { loadRenderer } from './games/registry.js';
import { TableFrame } from './frame.js';
import { renderQuestions, readAnswers } from './questions.js';
import { SeatControls, seatKind, standInNotice, refusalText } from './bots.js';
import { SeatList } from './seats.js';
import { deviceLinkButton, takeLinkToken, copy } from './device-link.js';
import { soloPlan } from './solo-plan.js';
import { newContribution, showHex } from './fairness.js';
import { historyList } from './history.js';
import { setUpSharing } from './share.js';
import * as store from './store.js';
import { TurnNotifier } from './notify.js';
import { ChatOnUse } from './chat-on-use.js';
import { TurnRecap } from './recap.js';
import { attachRulesButton } from './rules-button.js';
import { t, tParts } from './i18n.js';
import { gameTitle, playerName } from './game-names.js';

// js/view-patch.js, loaded when the first patched update comes (the inbox
// holds it and what follows until then), not with the page: the first
// drawing comes from a snapshot, whole (docs/performance.md, "First load").
let applyViewPatch = null;
let patcher = null;
// Off if the code that applies patches cannot be had: whole views again.
let askForPatches = ASK_FOR_PATCHES;

/** For an update whose view is a patch, while js/view-patch.js is not loaded: a promise of it. */
function patcherFor(msg) {
  if (msg.type !== 'update' || !msg.update?.view_patch || applyViewPatch) return null;
  patcher ??= import('./view-patch.js').then(
    (module) => {
      applyViewPatch = module.applyViewPatch;
    },
    (error) => {
      console.error('cannot load js/view-patch.js; asking for whole views', error);
      askForPatches = false;
      connection.reconnect();
      throw error;
    },
  );
  return patcher;
}

const PENDING_TIMEOUT_MS = 15_000;
// A host's command (a bot, an away seat, the host's rights) whose answer
// changes nothing visible ("wait" for a player already waited for) frees
// the controls after this long.
const COMMAND_TIMEOUT_MS = 3_000;
// How long a seat taken during the game waits for the server's snapshot of it.
const SEAT_VIEW_WAIT_MS = 2_000;

const $ = (id) => document.getElementById(id);

/** How long the lobby's join form waits for the room's info before it shows without it. */
const INFO_PATIENCE_MS = 3_000;

const roomId = decodeURIComponent(location.pathname.split('/').filter(Boolean)[1] ?? '');

const state = {
  room: null,
  you: { seat: null, host: false },
  gameInfo: null,
  /** until `GET /api/rooms/{id}` has answered (with `game_info`, whose join questions the form holds) */
  infoPending: true,
  /** {board, log, view, legal, seq, outcome} once a game exists */
  game: null,
  /** events of the last update, for the table's small animations */
  recent: [],
  /** the action in flight: {id, action, timer} */
  pending: null,
  /** 'join' | 'leave' | 'start' | 'play_again' | 'accept' while the server has not answered */
  lobbyPending: null,
  /** this page sent `play_again`: accept the new game by itself once the lobby asks */
  playAgainSent: false,
  /** the table was just dropped for a new game: bring the focus to the lobby's question */
  focusRematch: false,
  /** a bot, away-seat or host command on its way: {timer} */
  commandPending: null,
  /** the set-up of a game against the computer, while it runs */
  solo: null,
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
const seatList = new SeatList($('seats'), new SeatControls(sendCommand));
const deviceWho = () => ({
  roomId,
  token: store.roomToken(roomId),
  seat: mySeat(),
  host: state.you.host,
});
const turnNotifier = new TurnNotifier($('notify-settings'), { tag: `cubicle-turn:${roomId}` });
let connection = null;
// "Since your last turn" (js/recap.js), above the table on your turn.
const recap = new TurnRecap($('table'));
// Table chat (js/chat.js, loaded on use by js/chat-on-use.js): its lines
// come with `welcome` and as `chat`.
const chat = new ChatOnUse($('chat-panel'), {
  roomId,
  send: (msg) => connection?.send(msg) ?? false,
  lastName: store.lastName,
  setLastName: store.setLastName,
});

function nameOf(seat) {
  const name = state.room?.seats?.[seat]?.name;
  return name === null || name === undefined ? t('Seat {n}', { n: seat + 1 }) : playerName(name);
}

/** Whether a bot plays `seat` now: one from the lobby, or one standing in for an away player. */
function isBot(seat) {
  const kind = seatKind(state.room?.seats?.find((s) => s.seat === seat) ?? {});
  return kind === 'bot' || kind === 'stand_in';
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
    isBot,
    busy: state.pending !== null,
    recent: state.recent,
    log: state.game.log,
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
    toast(t('Not connected: your move will be sent when the connection is back.'), 'warn');
  }
  renderGame();
}

function pendingTimedOut(id) {
  if (state.pending?.id !== id) return;
  clearPending();
  toast(t('The server did not answer your move. Please try again.'), 'warn');
  renderGame();
}

function clearPending() {
  if (state.pending) clearTimeout(state.pending.timer);
  state.pending = null;
}

function sendLobby(kind, msg) {
  if (!connection.send(msg)) {
    toast(t('Not connected yet. Please try again in a moment.'), 'warn');
    return false;
  }
  state.lobbyPending = kind;
  renderLobby();
  return true;
}

/** A host's or player's command about seats (bots, away players, host rights, taking back). */
function sendCommand(msg) {
  if (!connection.send(msg)) {
    toast(t('Not connected yet. Please try again in a moment.'), 'warn');
    return false;
  }
  clearCommand();
  state.commandPending = {
    timer: setTimeout(() => {
      state.commandPending = null;
      renderLobby();
    }, COMMAND_TIMEOUT_MS),
  };
  renderLobby();
  return true;
}

function clearCommand() {
  if (state.commandPending) clearTimeout(state.commandPending.timer);
  state.commandPending = null;
}

// ---- server messages -----------------------------------------------------

function onMessage(msg) {
  switch (msg.type) {
    case 'welcome':
      state.you = msg.you ?? { seat: null, host: false };
      state.room = msg.room;
      state.lobbyPending = null;
      clearCommand();
      state.solo?.reconnected();
      chat.reset(msg.chat ?? []);
      if (state.pending) {
        // Retrying is safe: an id already applied is acknowledged, not applied twice.
        connection.send({ type: 'act', id: state.pending.id, action: state.pending.action });
      }
      dropOldTable();
      autoAccept();
      renderAll();
      break;
    case 'room':
      tellHostOfAway(state.room, msg.room);
      state.room = msg.room;
      if (state.lobbyPending === 'leave' && state.you.seat !== null && !state.room.seats[state.you.seat]?.name) {
        leftSeat();
      }
      if (state.lobbyPending === 'start' && state.room.status !== 'lobby') state.lobbyPending = null;
      if (state.lobbyPending === 'play_again' && state.room.status !== 'finished') state.lobbyPending = null;
      if (state.lobbyPending === 'accept' && !myPendingSeat()) state.lobbyPending = null;
      clearCommand();
      dropOldTable();
      autoAccept();
      renderAll();
      break;
    case 'joined':
      state.you = { ...state.you, seat: msg.seat };
      store.setRoomToken(roomId, msg.token);
      store.rememberRoom(roomId, state.room?.game ?? '');
      state.lobbyPending = null;
      $('join-error').textContent = '';
      if (state.game) {
        // A bot's seat taken over during the game: the server follows with a
        // snapshot as the seat sees it; if none comes, ask again as that seat.
        setTimeout(() => {
          const viewSeat = state.game?.view?.you;
          if (viewSeat !== undefined && viewSeat !== msg.seat) connection.reconnect();
        }, SEAT_VIEW_WAIT_MS);
      }
      renderAll();
      break;
    case 'you':
      onYou(msg.you ?? { seat: null, host: false });
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
    case 'chat':
      chat.add(msg.line);
      break;
    case 'error':
      onError(msg);
      break;
    default:
      break;
  }
  if (['welcome', 'room', 'joined', 'you'].includes(msg.type)) {
    state.solo?.advance({ room: state.room, you: state.you, gameInfo: state.gameInfo });
  }
}

/** During the game, the host hears when a player goes away: the choices are in the seat list. */
function tellHostOfAway(before, after) {
  if (!state.you.host || after?.status !== 'playing' || before?.status !== 'playing') return;
  for (const s of after.seats) {
    if (seatKind(s) === 'away' && before.seats[s.seat] && seatKind(before.seats[s.seat]) === 'here') {
      toast(t('{name} is away. You can let a bot play for them (see Players).', { name: s.name }), 'info');
    }
  }
}

/** Who this connection is changed after `welcome` (docs/protocol.md, `you`). */
function onYou(you) {
  const before = state.you;
  state.you = { seat: you.seat ?? null, host: Boolean(you.host) };
  clearCommand();
  if (!before.host && state.you.host) toast(t('You are the host now.'), 'info');
  if (before.host && !state.you.host) toast(t('The host\u2019s rights went to another player.'), 'info');
  const lostSeat = before.seat !== null && state.you.seat === null;
  if (lostSeat && state.room?.status !== 'lobby') {
    toast(t('The host gave your seat to others: you are watching now.'), 'warn');
  }
  if (lostSeat && !state.you.host) {
    // The token opened only that seat, and opens nothing now.
    store.setRoomToken(roomId, null);
  }
  if (state.game && before.seat !== state.you.seat) {
    // The view and the legal actions belong to the old seat: hear the game again as who we are now.
    connection.reconnect();
  }
  renderAll();
}

/**
 * The room is back in the lobby, or on another game than the table's
 * (`play_again`): forget the old table, its log and its end screen.
 */
function dropOldTable() {
  if (!state.game || !state.room) return;
  const number = state.room.game_number ?? 1;
  if (state.room.status !== 'lobby' && state.game.number === number) return;
  const active = document.activeElement;
  state.focusRematch = $('end').contains(active) || active === document.body || active === null;
  clearPending();
  state.game = null;
  state.table?.destroy();
  state.table = null;
  state.renderer = null;
  state.recent = [];
  state.endShown = false;
  $('table').replaceChildren();
  $('table-frame').replaceChildren();
  $('end-details').replaceChildren();
  gameLog.reset([], () => null);
}

/** This viewer's seat, if it has not yet accepted the new game `play_again` offered. */
function myPendingSeat() {
  const seat = mySeat();
  if (seat === null || seat === undefined) return false;
  return Boolean(state.room?.seats?.[seat]?.pending);
}

/** Who pressed "Play again" does not have to accept too: the page does it once the lobby asks. */
function autoAccept() {
  if (!state.playAgainSent || !state.room || state.room.status === 'finished') return;
  state.playAgainSent = false;
  if (state.room.status === 'lobby' && myPendingSeat() && state.lobbyPending === null) accept();
}

function leftSeat() {
  state.lobbyPending = null;
  state.you = { ...state.you, seat: null };
  if (!state.you.host) store.setRoomToken(roomId, null);
}

function onError(msg) {
  // A refused chat line is said beside the chat's input.
  if (chat.onError(msg)) return;
  if (msg.code === 'game_not_over' && state.room?.status === 'lobby') {
    // Someone else's "Play again" came first: this page accepts that one.
    if (state.lobbyPending === 'play_again') state.lobbyPending = null;
    renderAll();
    return;
  }
  if (state.lobbyPending === 'play_again') state.playAgainSent = false;
  const text = refusalText(msg, state.gameInfo);
  clearCommand();
  state.solo?.fail(text);
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
    toast(t('Your saved seat in this room is no longer valid; you are watching.'), 'warn');
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
  // The room's game number when the table arrives: a room message with
  // another number means a new game (js: dropOldTable).
  state.game = { ...game, log: game.log ?? [], number: state.room?.game_number ?? 1 };
  state.recent = [];
  if (!sameTable) {
    state.renderer = null;
    state.table?.destroy();
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
  let view = update.view;
  if (update.view_patch) {
    // The change from the view we hold (we said `patches` in hello).
    try {
      view = applyViewPatch(state.game.view, update.view_patch);
    } catch {
      // It does not fit: resume, which always sends the whole view.
      connection.reconnect();
      return;
    }
  }
  state.game.log.push(...fresh);
  state.game.view = view;
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
  if (status === 'open') el.textContent = t('Connected');
  else if (status === 'connecting') el.textContent = t('Connecting\u2026');
  else if (status === 'reconnecting') el.textContent = t('Reconnecting\u2026');
  else if (status === 'stopped') el.textContent = t('Disconnected');
  el.title = detail?.attempt ? t('Attempt {n}', { n: detail.attempt }) : '';
}

// ---- rendering -----------------------------------------------------------

function renderAll() {
  chat.update({ seat: mySeat(), host: state.you.host, game: state.room?.game ?? null });
  renderHeader();
  renderLobby();
  renderGame();
  // The page now shows the room as it is (its lobby, or its table drawn):
  // from here on, the chat panel coming into sight is a use of it (before,
  // the page is nearly empty and the panel is in sight on every phone).
  const shown = state.room && (state.game ? Boolean(state.table) : state.room.status !== 'playing');
  if (shown) chat.watchForSight();
}

function gameName() {
  const id = state.room?.game ?? state.gameInfo?.id;
  return id ? gameTitle(id, state.gameInfo?.name) : t('Room');
}

function renderHeader() {
  $('room-title').textContent = gameName();
  attachRulesButton($('rules-button'), state.room?.game ?? state.game?.game);
  const myTurn = state.game && state.renderer?.activeSeats(state.game.view).includes(mySeat());
  document.title = `${myTurn ? `${t('Your turn')} \u00b7 ` : ''}${gameName()} \u00b7 Cubicle`;
  // Not known while a game's table loads (js/notify.js alerts only on a change into your turn).
  const known = state.game ? Boolean(state.renderer) : state.room?.status === 'lobby';
  turnNotifier.update(known ? Boolean(myTurn) : null, document.title);
}

function renderLobby() {
  const room = state.room;
  if (!room) return;
  const lobby = room.status === 'lobby';
  const playing = room.status === 'playing';
  const seat = mySeat();
  const seated = seat !== null && seat !== undefined;
  const free = room.seats.filter((s) => seatKind(s) === 'free');
  const openSeats = room.seats.filter((s) => seatKind(s) === 'bot');
  const active = state.game && state.renderer ? state.renderer.activeSeats(state.game.view) : [];
  const busy = state.lobbyPending !== null || state.commandPending !== null;

  $('seats-title').textContent = lobby ? t('Seats') : t('Players');
  seatList.render({ room, seat, host: state.you.host, active, busy, join });

  // The short code to read out on a call: the room info has it while the lobby is open.
  $('room-code').hidden = !room.code;
  if (room.code && $('room-code-value').textContent !== room.code) $('room-code-value').textContent = room.code;

  const watching = room.spectators ?? 0;
  $('spectators').textContent = watching === 0 ? t('Nobody is watching.') : t('{n} watching', { n: watching });

  renderYou({ lobby, seat, seated, busy });
  turnNotifier.show(seated);
  replaceIfChanged($('seat-notice'), [room.status, seat, seated && room.seats[seat]?.bot, busy], () =>
    standInNotice(room, seat, { busy, takeBack: () => sendCommand({ type: 'take_back' }) }),
  );

  // Joining: a free seat in the lobby, or a bot's own seat during the game.
  const form = $('join-form');
  const canTakeOver = playing && !seated && openSeats.length > 0;
  // In the lobby, not before the game's join questions are known: the welcome
  // often comes first, and questions added later would push the button down
  // under the finger.
  form.hidden = !((lobby && !seated && free.length > 0 && !state.infoPending) || canTakeOver);
  // Built once per game description, so that re-renders keep what was typed.
  if (state.questionsOf !== state.gameInfo) {
    state.questionsOf = state.gameInfo;
    renderQuestions($('join-questions'), state.gameInfo?.join_questions);
  }
  // Once the game has started nobody asks the join questions.
  $('join-questions').hidden = !lobby || !state.gameInfo?.join_questions?.length;
  $('join-title').textContent = lobby ? t('Take a seat') : t('Take over a bot\u2019s seat');
  $('join-button').textContent = lobby ? t('Take a free seat') : t('Take an open seat');
  $('join-form-hint').textContent = lobby
    ? t('Or just watch: the table appears here when the game starts.')
    : t('A bot plays these seats until someone takes one: type your name, then press \u201cTake this seat\u201d beside one.');
  $('join-button').disabled = busy;

  // Starting.
  const hostPanel = $('host-panel');
  hostPanel.hidden = !(lobby && state.you.host);
  const rematch = lobby && (room.game_number ?? 1) > 1;
  // A new game in the same room (`play_again`) waits for each person to accept.
  const deciding = room.seats.filter((s) => s.pending && s.name);
  $('start-button').disabled = busy || free.length > 0 || deciding.length > 0;
  const seatedCount = room.seats.length - free.length;
  const minSeats = state.gameInfo?.min_seats;
  const canShrink = free.length > 0 && typeof minSeats === 'number' && seatedCount >= minSeats;
  $('remove-empty-button').hidden = !canShrink;
  $('remove-empty-button').disabled = busy;
  $('start-hint').textContent = startHint(free.length, rematch ? deciding.length : 0, canShrink);

  let hint = '';
  if (lobby && !state.you.host) {
    hint = free.length === 0 && !seated ? t('Every seat is taken: you are watching. ') : '';
    hint += rematch
      ? t('The game starts by itself once every seat is taken and everyone has accepted.')
      : t('The host starts the game once every seat is taken.');
  } else if (!lobby && !seated) {
    hint = t('You are watching.');
  }
  $('lobby-hint').textContent = hint;

  renderRematch({ room, rematch, seat, seated, busy, deciding });

  // The room's finished games, in the lobby (the end screen has its own list).
  const history = lobby ? room.history ?? [] : [];
  $('lobby-history').hidden = history.length === 0;
  replaceIfChanged($('lobby-history'), [roomId, history], () => historyList(roomId, history, { id: 'lobby-history' }));

  // Fair dealing: the server's commitment to its seed, from the room's creation on.
  const commitment = room.seed_commitment;
  $('fairness').hidden = !commitment;
  if (commitment) showHex($('seed-commitment'), commitment);
}

/** The host's hint under "Start the game": who is missing or still deciding (one English sentence per case). */
function startHint(missing, deciding, canShrink) {
  if (missing === 0) {
    if (deciding === 0) return t('Everyone is here.');
    return deciding === 1
      ? t('Everyone is here; 1 still deciding. The game starts by itself once they accept.')
      : t('Everyone is here; {n} still deciding. The game starts by itself once all accept.', { n: deciding });
  }
  if (canShrink) {
    return missing === 1
      ? t('Waiting for 1 more player: add bots, or start with who is here by removing the empty seats.')
      : t('Waiting for {n} more players: add bots, or start with who is here by removing the empty seats.', { n: missing });
  }
  return missing === 1 ? t('Waiting for 1 more player, or add bots.') : t('Waiting for {n} more players, or add bots.', { n: missing });
}

/**
 * The lobby of a new game in the same room (`play_again`): a pending
 * player accepts or declines (gives up the seat); the others see who is
 * still deciding (the seat list marks each seat too).
 */
function renderRematch({ room, rematch, seat, seated, busy, deciding }) {
  const panel = $('rematch');
  panel.hidden = !rematch;
  if (!rematch) {
    state.focusRematch = false;
    return;
  }
  const pending = seated && Boolean(room.seats[seat]?.pending);
  const accepting = state.lobbyPending === 'accept';
  const waitingFor = deciding.filter((s) => s.seat !== seat).map((s) => s.name);
  const hadFocus = panel.contains(document.activeElement);
  replaceIfChanged(panel, [room.game_number, seated, pending, accepting, busy, waitingFor], () => {
    let body;
    if (pending && accepting) {
      body = [h('p', {}, t('Accepting…'))];
    } else if (pending) {
      body = [
        h('p', { id: 'rematch-question' }, t('A new game with the same players. Accept to play; decline to give up your seat.')),
        h(
          'div',
          { class: 'actions', role: 'group', 'aria-labelledby': 'rematch-question' },
          h('button', { type: 'button', id: 'accept-button', class: 'primary', disabled: busy, onclick: accept }, t('Accept')),
          h('button', { type: 'button', id: 'decline-button', disabled: busy, onclick: decline }, t('Decline')),
        ),
      ];
    } else if (seated) {
      body = [h('p', {}, t('You accepted. The game starts by itself once every seat is taken and everyone has accepted.'))];
    } else {
      body = [h('p', {}, t('A new game with the same players: it starts once every seat is taken and everyone has accepted.'))];
    }
    const still =
      waitingFor.length > 0
        ? h('p', { class: 'hint', 'data-testid': 'rematch-waiting' }, tParts('Still deciding: {names}.', { names: joinNames(waitingFor.map((n) => h('bdi', {}, n))) }))
        : null;
    return [h('h3', { class: 'rematch-title' }, t('Game {n}', { n: room.game_number })), ...body, still];
  });
  const active = document.activeElement;
  const lost = active === document.body || active === null;
  if (state.focusRematch || (hadFocus && lost)) {
    state.focusRematch = false;
    const button = $('accept-button');
    (button && !button.disabled ? button : panel).focus({ preventScroll: true });
  }
}

const shownKeys = new WeakMap();

/**
 * Rebuilds `el` with `build()` only when `key` changed: the page re-renders
 * after every move, and a button replaced between the press and the release
 * of a click would lose the click (and the keyboard focus).
 */
function replaceIfChanged(el, key, build) {
  const text = JSON.stringify(key);
  if (shownKeys.get(el) === text) return;
  shownKeys.set(el, text);
  const focused = el.contains(document.activeElement) ? document.activeElement.id : null;
  replace(el, build());
  if (focused) document.getElementById(focused)?.focus({ preventScroll: true });
}

/** Who you are here, and the link for your other devices. */
function renderYou({ lobby, seat, seated, busy }) {
  const hasToken = Boolean(store.roomToken(roomId));
  const key = [lobby, seat, seated ? nameOf(seat) : null, state.you.host, busy, hasToken];
  replaceIfChanged($('you-panel'), key, () => youPanel({ lobby, seat, seated, busy, hasToken }));
}

function youPanel({ lobby, seat, seated, busy, hasToken }) {
  const device = hasToken && (seated || state.you.host) ? deviceLinkButton(deviceWho) : null;
  if (seated) {
    return [
      h(
        'p',
        { class: 'you-line' },
        tParts(state.you.host ? 'You sit in seat {n} as {name} (you are the host).' : 'You sit in seat {n} as {name}.', {
          n: String(seat + 1),
          name: h('strong', {}, h('bdi', {}, nameOf(seat))),
        }),
      ),
      h(
        'div',
        { class: 'actions you-actions' },
        lobby ? h('button', { type: 'button', id: 'leave-button', disabled: busy, onclick: leave }, t('Leave seat')) : null,
        device,
      ),
    ];
  }
  if (state.you.host) {
    return [
      h('p', { class: 'you-line' }, lobby ? t('You are the host. Take a seat to play, or just start once the seats are filled.') : t('You are the host.')),
      device ? h('div', { class: 'actions you-actions' }, device) : null,
    ];
  }
  return [];
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
  recap.update(ctx, state.renderer, Boolean(game.outcome));
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
    winners.length > 1
      ? tParts('Shared victory: {names}!', { names })
      : winners.length === 1
        ? tParts('{names} wins!', { names })
        : [t('The game is over.')];
  replace($('end-title'), title);
  end.dataset.winners = winners.join(',');
  const meWon = winners.includes(ctx.seat);
  replace(
    $('end-details'),
    ctx.seat !== null && ctx.seat !== undefined
      ? h('p', { class: 'end-you' }, state.renderer.endYouLine?.(meWon) ?? (meWon ? t('Well done, you won.') : t('Not this time. Otsukaresama!')))
      : null,
    state.renderer.describeEnding(ctx),
  );
  // The seed is revealed once the room is finished (its room message may follow the last update).
  const seed = state.room?.server_seed;
  $('end-record').hidden = !seed;
  $('download-record').hidden = !seed;
  if (seed) {
    showHex($('server-seed'), seed);
    const record = `/api/rooms/${encodeURIComponent(roomId)}/record`;
    if ($('download-record').getAttribute('href') !== record) $('download-record').setAttribute('href', record);
  }
  // "Play again": for the players and the host, once the room is finished.
  const canOffer = (ctx.seat !== null && ctx.seat !== undefined) || state.you.host;
  const asking = state.lobbyPending === 'play_again';
  $('play-again').hidden = !canOffer;
  $('play-again-button').disabled = asking || state.room?.status !== 'finished';
  $('play-again-status').textContent = asking ? t('Setting up a new game with the same players…') : '';
  const history = state.room?.status === 'finished' ? state.room.history ?? [] : [];
  $('end-history').hidden = history.length === 0;
  replaceIfChanged($('end-history'), [roomId, history], () => historyList(roomId, history, { id: 'end-history' }));

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
  for (const id of ['room-title', 'share', 'lobby', 'game', 'end', 'log-panel', 'chat-panel']) $(id).hidden = true;
  $('missing').hidden = false;
  $('connection').textContent = '';
  document.title = `${t('No such room')} \u00b7 Cubicle`;
}

// ---- lobby controls ------------------------------------------------------

function join(seat) {
  const name = $('join-name').value.trim();
  if (!name) {
    $('join-error').textContent = t('Type your name first.');
    $('join-name').focus();
    return;
  }
  $('join-error').textContent = '';
  store.setLastName(name);
  const lobby = state.room?.status === 'lobby';
  if (!lobby && (seat === undefined || seat === null)) {
    // During the game a seat must be named: the first one a bot plays on its own.
    seat = state.room?.seats.find((s) => seatKind(s) === 'bot')?.seat;
    if (seat === undefined) return;
  }
  sendJoin(seat, name, lobby ? readAnswers(state.gameInfo?.join_questions) : {});
}

function sendJoin(seat, name, answers = {}) {
  const msg = { type: 'join', name, contribution: newContribution() };
  if (seat !== undefined && seat !== null) msg.seat = seat;
  if (Object.keys(answers).length > 0) msg.answers = answers;
  return sendLobby('join', msg);
}

function leave() {
  sendLobby('leave', { type: 'leave' });
}

function playAgain() {
  if (state.lobbyPending !== null) return;
  if (sendLobby('play_again', { type: 'play_again' })) {
    state.playAgainSent = true;
    renderGame();
  }
}

/** Accepts the new game, with a fresh contribution to its seed. */
function accept() {
  sendLobby('accept', { type: 'accept', contribution: newContribution() });
}

/** Declining the new game gives up the seat (the player watches). */
function decline() {
  leave();
}

function start() {
  sendLobby('start', { type: 'start' });
}

function copyLink() {
  copy($('room-link'), $('copy-status'), t('Link copied. Send it to your colleagues.'));
}

// ---- start-up ------------------------------------------------------------

async function main() {
  // A personal link (/r/<room>#token=...): keep the token as this room's, and
  // take it out of the address bar before anything else happens.
  const linkToken = takeLinkToken();
  if (!roomId) {
    showMissing();
    return;
  }
  if (linkToken) store.setRoomToken(roomId, linkToken);
  $('room-link').value = `${location.origin}/r/${encodeURIComponent(roomId)}`;
  $('copy-link').addEventListener('click', copyLink);
  setUpSharing({
    link: $('room-link').value,
    title: gameName,
    shareButton: $('share-link'),
    qrButton: $('show-qr'),
    qrBox: $('room-qr'),
    status: $('copy-status'),
  });
  $('join-form').addEventListener('submit', (e) => {
    e.preventDefault();
    join(undefined);
  });
  $('start-button').addEventListener('click', start);
  $('play-again-button').addEventListener('click', playAgain);
  $('remove-empty-button').addEventListener('click', () => sendCommand({ type: 'remove_empty_seats' }));
  $('join-name').value = store.lastName();
  const plan = soloPlan(roomId);
  // Only a solo game's page needs the set-up: the rest load without it.
  // If it cannot load (the link dropped), the page is an ordinary lobby
  // where the player takes a seat and adds the bots by hand.
  const SoloSetup = plan
    ? await import('./solo.js').then(
        (module) => module.SoloSetup,
        () => null,
      )
    : null;
  if (plan && !SoloSetup) {
    $('solo-status').textContent = t('The set-up against the computer did not load: take a seat and add computer players yourself.');
  } else if (plan) {
    state.solo = new SoloSetup(roomId, plan, {
      join: (seat, name) => sendJoin(seat, name),
      addBot: (seat, level) => sendCommand({ type: 'add_bot', seat, level }),
      start: () => sendLobby('start', { type: 'start' }),
      status: (text) => {
        $('solo-status').textContent = text;
      },
    });
    $('solo-status').textContent = t('Setting up your game against the computer\u2026');
  }

  // The socket opens while the room's facts are fetched, not after: on a
  // slow link each is a round trip (docs/performance.md, "First load").
  // The welcome, when it comes first, holds the newer room.
  // The room's info names its game (`game_info`: name, seats, questions).
  const facts = getRoom(roomId).catch((e) => e);
  // The join form waits for the room's info (its questions), but not forever.
  setTimeout(() => {
    if (!state.infoPending) return;
    state.infoPending = false;
    if (state.room) renderAll();
  }, INFO_PATIENCE_MS);
  // A snapshot without its board (the page fetches it: js/board.js), or an
  // update whose view is a patch before js/view-patch.js has loaded, waits
  // for it, and what comes after waits behind (js/inbox.js).
  const inbox = new Inbox(
    onMessage,
    (msg) => boardFor(msg, () => connection.reconnect()) ?? patcherFor(msg),
  );
  connection = new Connection({
    roomId,
    token: () => store.roomToken(roomId),
    since: () => (state.game ? state.game.seq : null),
    board: heldBoard,
    patches: () => askForPatches,
    onMessage: (msg) => inbox.receive(msg),
    onStatus,
  });
  connection.connect();

  const room = await facts;
  if (room?.status === 404 || room?.code === 'unknown_room') {
    showMissing();
    return;
  }
  state.infoPending = false;
  const known = room && !(room instanceof Error);
  if (known && !state.room) state.room = room;
  state.gameInfo = known && room.game_info?.id === state.room?.game ? room.game_info : null;
  const gameId = state.room?.game;
  if (gameId) {
    store.rememberRoom(roomId, gameId);
    // Load the table's code while the lobby fills, so the start is instant.
    rendererFor(gameId);
  }
  renderAll();
}

main();
