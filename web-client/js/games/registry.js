// Game renderers, keyed by game id. The room page (lobby, connection, log,
// end screen) is shared; each game brings only its table and the words for
// its events. Adding a game's table is one module and one line here.
//
// A renderer is an object:
//   id: the game id ("osaki")
//   createTable(container) -> { render(ctx) }   draws the table; keeps its own
//       UI state (a picked stack) between renders
//   describeEvent(event, ctx) -> text/nodes or null   one log line, in words
//   describeEnding(ctx) -> node   game-specific end-screen details
//   activeSeats(view) -> [seat]   whose turn it is (for the seat list)
//   endYouLine(won) -> text   (optional) the end screen's line to a player
// where ctx = { board, view, legal, seat, names(seat), busy, recent, act(action) }.

import { osaki } from './osaki.js';
import { office21 } from './office21.js';

const renderers = new Map([
  [osaki.id, osaki],
  [office21.id, office21],
]);

/** The renderer for a game, or a plain fallback that still shows the log. */
export function rendererFor(gameId) {
  return renderers.get(gameId) ?? fallbackRenderer(gameId);
}

function fallbackRenderer(gameId) {
  return {
    id: gameId,
    createTable(container) {
      return {
        render() {
          container.replaceChildren();
          const p = document.createElement('p');
          p.className = 'notice';
          p.textContent = 'This browser client cannot draw this game\u2019s table yet. The log below still follows the game.';
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
