// Game renderers, keyed by game id. The room page (lobby, connection, log,
// status bar, end screen) is shared; each game brings only its table and
// the words for its events, in its own folder (js/games/<id>/index.js,
// exporting `renderer`). A room page loads only its own game's module, on
// demand. Adding a game's table is one folder and one line here.
//
// A renderer is an object:
//   id: the game id ("osaki")
//   createTable(container) -> { render(ctx), destroy() }   draws the table;
//       keeps its own UI state (a picked stack) between renders; destroy()
//       when the room drops it (the next game gets a new table in the same
//       container): it stops listening to the page and never draws again
//   describeEvent(event, ctx) -> text/nodes or null   one log line, in words
//   describeEnding(ctx) -> node   game-specific end-screen details
//   activeSeats(view) -> [seat]   who must decide now (for the seat list and
//       the status bar); several seats when they decide at once
//   turnSeat(view) -> seat|null   (optional) whose turn it is, when the game
//       has turns; a viewer asked to decide during someone else's turn gets
//       the status bar's out-of-turn prompt
//   endYouLine(won) -> text   (optional) the end screen's line to a player
//   recapSkip: [kind]   (optional) event kinds "Since your last turn"
//       (js/recap.js) leaves out
// where ctx = { board, view, legal, seat, names(seat), isBot(seat), busy, recent, log, deadlineAt, act(action) }
// (isBot: whether a bot plays the seat now, from the lobby or standing in;
// the room page's only, so a table reads it as `ctx.isBot?.(seat)`;
// recent: the log entries {seq, event} of the last update, to animate once;
// log: every entry so far, to mark the last move until the next one (the
// replay page has no log: recent is its step's events); deadlineAt: when the
// table's current window closes by itself, epoch ms, or null).

import { t, useDictionary } from '../i18n.js';

const modules = {
  osaki: () => import('./osaki/index.js'),
  office21: () => import('./office21/index.js'),
  dilbert: () => import('./dilbert/index.js'),
};

/**
 * The renderer for a game, loaded on first use; a plain fallback that still
 * shows the log when this client has no table for the game (or its module
 * fails to load).
 */
export async function loadRenderer(gameId) {
  const load = Object.hasOwn(modules, gameId) ? modules[gameId] : null;
  if (!load) return fallbackRenderer(gameId);
  linkStylesheet(gameId);
  try {
    // The game's words first: its modules may name things as they load.
    await useDictionary(gameId);
    return (await load()).renderer;
  } catch (error) {
    console.error(`cannot load the ${gameId} table`, error);
    return fallbackRenderer(gameId);
  }
}

/**
 * The game's own stylesheet, css/{id}.css (every game has one), linked once.
 * A bundled page has it already, at the end of the page's stylesheet, whose
 * <link> names the game in `data-game-css` (docs/performance.md, "First
 * load"); an unbundled page is linked to it here, as the game loads.
 */
function linkStylesheet(gameId) {
  const linked = [...document.querySelectorAll('link[data-game-css]')].some((link) => link.dataset.gameCss === gameId);
  if (linked) return;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = new URL(`../../css/${gameId}.css`, import.meta.url).href;
  link.dataset.gameCss = gameId;
  document.head.append(link);
}

function fallbackRenderer(gameId) {
  return {
    id: gameId,
    createTable(container) {
      return {
        destroy() {},
        render() {
          container.replaceChildren();
          const p = document.createElement('p');
          p.className = 'notice';
          p.textContent = t('This browser client cannot draw this game\u2019s table yet. The log below still follows the game.');
          container.append(p);
        },
      };
    },
    describeEvent(event) {
      return typeof event?.kind === 'string' ? `(${event.kind.replaceAll('_', ' ')})` : null;
    },
    describeEnding() {
      return null;
    },
    activeSeats() {
      return [];
    },
  };
}
