// The start page: pick a game and a number of seats, create a room, keep
// its host token, go to the room; or open a lobby by its short code. "Play against the computer" is its own
// form (js/solo.js).

import { h, replace } from './dom.js';
import { listGames, createRoom, findRoom } from './api.js';
import { initSoloForm } from './solo.js';
import { openRules, hasRules } from './rules-button.js';
import * as store from './store.js';
import { locales, t } from './i18n.js';
import { gameTitle } from './game-names.js';
import { gameLength, gamePicture, gamePitch } from './game-cards.js';

const $ = (id) => document.getElementById(id);

let games = [];

function selectedGame() {
  const checked = document.querySelector('input[name="game"]:checked');
  return games.find((g) => g.id === checked?.value) ?? null;
}

/** Shows the option fields of the selected game only (`data-game`). */
function showGameOptions(game) {
  for (const field of document.querySelectorAll('[data-game]')) {
    field.hidden = field.dataset.game !== game?.id;
  }
}

/** The selected game's creation options, as the API takes them (or null). */
function chosenOptions(game) {
  if (game.id === 'dilbert' && $('choose-employees').checked) return { choose_employees: true };
  return null;
}

function fillSeats() {
  const game = selectedGame();
  showGameOptions(game);
  const select = $('seats');
  const previous = Number(select.value);
  if (!game) {
    replace(select);
    select.disabled = true;
    $('create-button').disabled = true;
    return;
  }
  const options = [];
  for (let n = game.min_seats; n <= game.max_seats; n += 1) {
    options.push(h('option', { value: String(n), selected: n === previous }, t('{n} players', { n })));
  }
  replace(select, options);
  if (!(previous >= game.min_seats && previous <= game.max_seats)) select.value = String(game.min_seats);
  select.disabled = false;
  $('create-button').disabled = false;
}

function renderGames() {
  const box = $('games');
  const legend = box.querySelector('legend');
  if (games.length === 0) {
    replace(box, legend, h('p', { class: 'hint' }, t('This server offers no games yet.')));
    return;
  }
  replace(
    box,
    legend,
    games.map((game, i) =>
      h(
        'div',
        { class: 'game-choice-row' },
        h(
          'label',
          { class: 'game-choice' },
          h('input', { type: 'radio', name: 'game', value: game.id, checked: i === 0, onchange: fillSeats }),
          // The game's card (js/game-cards.js): picture, pitch, players and length.
          gamePicture(game.id),
          h(
            'span',
            { class: 'game-choice-text' },
            h('span', { class: 'game-name' }, gameTitle(game.id, game.name)),
            gamePitch(game.id),
            h(
              'span',
              { class: 'hint game-facts' },
              h(
                'span',
                { class: 'game-players', 'data-testid': 'game-players' },
                game.min_seats === game.max_seats
                  ? t('{n} players', { n: game.min_seats })
                  : t('{min} to {max} players', { min: game.min_seats, max: game.max_seats }),
              ),
              gameLength(game.id),
            ),
          ),
        ),
        hasRules(game.id)
          ? h(
              'button',
              { type: 'button', class: 'small rules-button', 'data-rules': game.id, onclick: (e) => openRules(game.id, null, e.currentTarget) },
              t('Rules'),
              h('span', { class: 'visually-hidden' }, t(' of {game}', { game: gameTitle(game.id, game.name) })),
            )
          : null,
      ),
    ),
  );
  fillSeats();
}

function renderRecent() {
  const rooms = store.recentRooms();
  $('recent').hidden = rooms.length === 0;
  replace(
    $('recent-list'),
    rooms.map((room) => {
      const game = games.find((g) => g.id === room.game);
      const when = new Date(room.at);
      return h(
        'li',
        {},
        h('a', { href: `/r/${encodeURIComponent(room.id)}` }, room.game ? gameTitle(room.game, game?.name) : t('Room')),
        ' ',
        h('span', { class: 'hint' }, Number.isNaN(when.getTime()) ? '' : when.toLocaleString(locales)),
      );
    }),
  );
}

/** The turn clock picked on the form, as the API takes it (or null). */
function chosenClock() {
  const choice = $('clock').value;
  if (choice === 'none') return null;
  if (choice !== 'custom') return { per_decision_ms: Number(choice) };
  const seconds = Number($('clock-seconds').value);
  if (!Number.isInteger(seconds) || seconds < 5 || seconds > 86400) {
    throw new Error(t('Give the turn clock as 5 to 86400 seconds.'));
  }
  return { per_decision_ms: seconds * 1000 };
}

function onClockChange() {
  $('clock-custom-field').hidden = $('clock').value !== 'custom';
}

async function onSubmit(event) {
  event.preventDefault();
  const game = selectedGame();
  if (!game) return;
  const seats = Number($('seats').value);
  let clock;
  try {
    clock = chosenClock();
  } catch (err) {
    $('create-error').textContent = err.message;
    return;
  }
  const button = $('create-button');
  button.disabled = true;
  $('create-error').textContent = '';
  try {
    const created = await createRoom(game.id, seats, clock, chosenOptions(game));
    store.setRoomToken(created.room_id, created.host_token);
    store.rememberRoom(created.room_id, game.id);
    location.assign(created.url || `/r/${encodeURIComponent(created.room_id)}`);
  } catch (err) {
    $('create-error').textContent = err.message;
    button.disabled = false;
  }
}

/** "Join with a room code": the server says which lobby has it. */
async function onCode(event) {
  event.preventDefault();
  const typed = $('room-code').value.trim();
  $('code-error').textContent = '';
  if (!typed) {
    $('code-error').textContent = t('Type the code the host read out, such as K7M2-QX9P.');
    return;
  }
  const button = $('code-button');
  button.disabled = true;
  try {
    const found = await findRoom(typed);
    location.assign(found.url || `/r/${encodeURIComponent(found.room_id)}`);
  } catch (err) {
    $('code-error').textContent = err.message;
    button.disabled = false;
  }
}

async function main() {
  $('create-form').addEventListener('submit', onSubmit);
  $('code-form').addEventListener('submit', onCode);
  $('clock').addEventListener('change', onClockChange);
  try {
    games = await listGames();
    if (!Array.isArray(games)) games = [];
  } catch (err) {
    games = [];
    $('games-status').textContent = t('Could not load the games: {error}', { error: err.message });
    renderRecent();
    return;
  }
  renderGames();
  initSoloForm(games);
  renderRecent();
}

main();
