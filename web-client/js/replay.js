// The replay page (/replay.html?room=<id>&game=<n>): a finished game, step
// by step, with everything that was hidden revealed. It reads
// `GET /api/rooms/{id}/games/{n}/replay` once: the board, the players, the
// outcome and the steps (the deal, then one per action), each with the
// table as a spectator saw it, that step's events and what was hidden.
//
// The table and the words of the log come from the game's own renderer
// (js/games/registry.js), as on the room page, with a spectator's context
// and no legal actions: nothing here can be played. What was hidden comes
// as labelled lists of words (`revealed`), shown as text, with no game code.

import { h, replace } from './dom.js';
import { listGames } from './api.js';
import { loadRenderer } from './games/registry.js';
import { GameLog } from './log.js';
import { TableFrame } from './frame.js';
import { winnersLine } from './history.js';
import { attachRulesButton } from './rules-button.js';
import { t, tParts, lang } from './i18n.js';
import { gameTitle, playerName } from './game-names.js';
import { serverErrorText } from './errors.js';
import { revealedItem } from './revealed-words.js';

const $ = (id) => document.getElementById(id);

const params = new URLSearchParams(location.search);
const roomId = params.get('room') ?? '';
const gameNumber = params.get('game') ?? '';

const state = {
  replay: null,
  renderer: null,
  table: null,
  /** the step shown: 0 is the deal, N the last action */
  step: 0,
  /** every log line, built once, and how many lines each step adds */
  lines: [],
  linesUpTo: [],
};

const gameLog = new GameLog($('log'), $('last-event'));
const frame = new TableFrame($('table-frame'));

function nameOf(seat) {
  const name = state.replay?.players?.[seat];
  return name === null || name === undefined ? t('Seat {n}', { n: seat + 1 }) : playerName(name);
}

function lastStep() {
  return Math.max(0, (state.replay?.steps?.length ?? 1) - 1);
}

function contextAt(k) {
  const step = state.replay.steps[k];
  return {
    board: state.replay.board,
    view: step.view,
    legal: [],
    seat: null,
    names: nameOf,
    // Nothing is ever on its way: a replay has no seat, no legal action and
    // an act that sends nothing (busy would read "Sending your move").
    busy: false,
    recent: step.events ?? [],
    deadlineAt: null,
    act: () => {},
  };
}

// ---- loading ---------------------------------------------------------------

async function fetchReplay() {
  const url = `/api/rooms/${encodeURIComponent(roomId)}/games/${encodeURIComponent(gameNumber)}/replay`;
  let response;
  try {
    response = await fetch(url);
  } catch {
    throw new Error(t('The server cannot be reached. Check your connection and try again.'));
  }
  let payload = null;
  try {
    payload = await response.json();
  } catch {
    payload = null;
  }
  if (response.ok && payload && Array.isArray(payload.steps) && payload.steps.length > 0) return payload;
  if (response.status === 409 || payload?.code === 'game_not_over') {
    throw new Error(t('Game {n} of this room is still being played: its replay opens once it is over.', { n: gameNumber }));
  }
  if (response.status === 404) {
    throw new Error(t('There is no game {n} in this room (or no such room). The link may be incomplete.', { n: gameNumber }));
  }
  if (response.ok) throw new Error(t('The server sent a replay this page cannot read.'));
  throw new Error(serverErrorText(payload?.code ?? `http_${response.status}`, payload?.message ?? `The server answered ${response.status}.`));
}

function showError(text) {
  $('replay-loading').hidden = true;
  $('replay').hidden = true;
  $('replay-error').hidden = false;
  $('replay-error-text').textContent = text;
  if (roomId) {
    $('replay-error-room').href = `/r/${encodeURIComponent(roomId)}`;
    $('replay-error-room').hidden = false;
  }
  document.title = `${t('Replay not available')} \u00b7 Cubicle`;
}

async function main() {
  if (!roomId || !/^[1-9][0-9]*$/.test(gameNumber)) {
    showError(t('This link does not say which room and game to replay.'));
    return;
  }
  let replay;
  let games;
  try {
    [replay, games] = await Promise.all([fetchReplay(), listGames().catch(() => [])]);
  } catch (error) {
    showError(error.message);
    return;
  }
  state.replay = replay;
  state.renderer = await loadRenderer(replay.game);
  // The header's Rules button, as on the room page; the tables' "?" buttons open them too.
  attachRulesButton($('rules-button'), replay.game);
  const info = Array.isArray(games) ? games.find((g) => g.id === replay.game) : null;
  const title = t('Replay: {game} game {n}', { game: gameTitle(replay.game, info?.name), n: replay.number ?? gameNumber });
  $('replay-title').textContent = title;
  document.title = `${title} \u00b7 Cubicle`;
  $('back-to-room').href = `/r/${encodeURIComponent(replay.room ?? roomId)}`;
  replace(
    $('replay-players'),
    tParts('Players: {names}.', { names: (replay.players ?? []).flatMap((name, i) => [i > 0 ? t(', ') : '', h('bdi', {}, playerName(name))]) }),
  );

  buildLog();
  state.table = state.renderer.createTable($('table'));
  const slider = $('replay-slider');
  slider.max = String(lastStep());
  slider.addEventListener('input', () => show(Number(slider.value)));
  $('replay-first').addEventListener('click', () => show(0));
  $('replay-prev').addEventListener('click', () => show(state.step - 1));
  $('replay-next').addEventListener('click', () => show(state.step + 1));
  $('replay-last').addEventListener('click', () => show(lastStep()));
  document.addEventListener('keydown', onKey);

  $('replay-loading').hidden = true;
  $('replay').hidden = false;
  show(0);
}

/** Every step's log lines, described once with the table of their own step. */
function buildLog() {
  const { steps } = state.replay;
  state.lines = [];
  state.linesUpTo = [];
  steps.forEach((step, k) => {
    const ctx = contextAt(k);
    for (const entry of step.events ?? []) {
      state.lines.push(gameLog.line(entry, (event) => state.renderer.describeEvent(event, ctx)));
    }
    state.linesUpTo.push(state.lines.length);
  });
}

// ---- stepping --------------------------------------------------------------

function onKey(e) {
  if (e.altKey || e.ctrlKey || e.metaKey || e.defaultPrevented) return;
  const target = e.target;
  // Fields keep their keys, and so does the log (its arrows and Home/End scroll it).
  if (target instanceof HTMLElement && target.closest('input, select, textarea, [contenteditable="true"], .log')) return;
  const moves = { ArrowLeft: state.step - 1, ArrowRight: state.step + 1, Home: 0, End: lastStep() };
  if (!Object.hasOwn(moves, e.key)) return;
  e.preventDefault();
  show(moves[e.key]);
}

function show(k) {
  const last = lastStep();
  const step = Math.min(Math.max(0, Number.isFinite(k) ? k : 0), last);
  state.step = step;
  const ctx = contextAt(step);

  // Where we are, and who acted.
  const slider = $('replay-slider');
  slider.value = String(step);
  const moveOf = t('Move {n} of {last}', { n: step, last });
  slider.setAttribute('aria-valuetext', step === 0 ? t('The deal, before move 1 of {last}', { last }) : moveOf);
  const deal = last === 1 ? t('The deal (1 move follows)') : t('The deal ({n} moves follow)', { n: last });
  $('replay-move').textContent = step === 0 ? deal : moveOf;
  const action = state.replay.steps[step].action;
  replace(
    $('replay-actor'),
    action
      ? [
          ' \u00b7 ',
          h('bdi', { class: 'replay-actor-name' }, nameOf(action.seat)),
          action.origin === 'timeout' ? t(' (the turn clock ran out)') : t(' played'),
        ]
      : null,
  );
  $('replay-first').disabled = step === 0;
  $('replay-prev').disabled = step === 0;
  $('replay-next').disabled = step === last;
  $('replay-last').disabled = step === last;
  keepFocusOnAButton();
  $('replay').dataset.step = String(step);

  // The table as a spectator saw it.
  frame.render({
    names: nameOf,
    seat: null,
    active: state.renderer.activeSeats(ctx.view) ?? [],
    turn: state.renderer.turnSeat?.(ctx.view) ?? null,
    asked: false,
    over: step === last && Boolean(state.replay.outcome),
    deadlineAt: null,
  });
  state.table.render(ctx);

  renderLog(step);
  renderRevealed(state.replay.steps[step].revealed ?? []);
  renderResult(step === last, ctx);
}

/** A button disabled under the focus (Next at the last move) hands it to its opposite. */
function keepFocusOnAButton() {
  const active = document.activeElement;
  if (!(active instanceof HTMLButtonElement) || !active.disabled) return;
  const opposite = { 'replay-next': 'replay-prev', 'replay-last': 'replay-first', 'replay-prev': 'replay-next', 'replay-first': 'replay-last' };
  $(opposite[active.id] ?? 'replay-slider')?.focus();
}

function renderLog(step) {
  const count = state.linesUpTo[step] ?? 0;
  const list = $('log');
  list.replaceChildren(...state.lines.slice(0, count));
  list.scrollTop = list.scrollHeight;
}

/** What was hidden at this step, per seat (in seat order), then the table's own. */
function renderRevealed(revealed) {
  const groups = new Map();
  for (const item of revealed) {
    const key = item.seat === null || item.seat === undefined ? 'table' : Number(item.seat);
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(item);
  }
  const keys = [...groups.keys()].sort((a, b) => (a === 'table' ? 1 : b === 'table' ? -1 : a - b));
  if (keys.length === 0) {
    replace($('revealed-list'), h('p', { class: 'hint' }, t('Nothing was hidden at this point.')));
    return;
  }
  replace(
    $('revealed-list'),
    keys.map((key) =>
      h(
        // Not a named region: its h3 heads it, and a landmark per seat (one
        // named "Table" beside the table's own) would only crowd the list
        // of landmarks (axe: landmark-unique).
        'section',
        { class: 'revealed-group', 'data-seat': key === 'table' ? 'table' : String(key) },
        h('h3', { class: 'revealed-owner' }, key === 'table' ? t('Table') : h('bdi', {}, nameOf(key))),
        groups.get(key).map((item) =>
          h(
            'div',
            { class: 'revealed-item', 'data-label': item.label },
            // The server's label in English ("Hand"): in the page's language where the dictionary has it.
            h('h4', { class: 'revealed-label' }, t(item.label)),
            (item.items ?? []).length > 0
              ? h('ul', { class: 'revealed-items' }, item.items.map((word) => h('li', {}, revealedItem(word, lang, nameOf))))
              : h('p', { class: 'hint' }, t('(none)')),
          ),
        ),
      ),
    ),
  );
}

function renderResult(atEnd, ctx) {
  const outcome = state.replay.outcome;
  const shown = atEnd && Boolean(outcome);
  $('replay-result').hidden = !shown;
  if (!shown) return;
  const winners = outcome.winners ?? [];
  $('replay-result').dataset.winners = winners.join(',');
  replace($('replay-winners'), winners.length === 0 ? t('Nobody won') : winnersLine(state.replay.players, outcome), t('.'));
  replace($('replay-ending'), state.renderer.describeEnding(ctx));
}

main();
