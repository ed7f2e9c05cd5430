// The game's board, fetched over HTTP once and kept (docs/protocol.md,
// `hello.board`). A room page whose game has the same board at every table
// names it in its head (`<link id="cubicle-board">`, preloaded as the page
// loads); the hello says so, and the server's snapshots then come without
// the board: for Dilbert, 41 KB of JSON less on the socket, 6 KB fetched
// compressed instead, once (docs/performance.md, "First load").
//
// `boardFor` puts the board back into such a snapshot before the page sees
// it (js/inbox.js holds what comes meanwhile). If the board cannot be had,
// the page stops saying it holds one and reconnects: the next snapshot
// brings the board itself.

const hint = document.getElementById('cubicle-board');
let held = hint?.dataset.digest || null;
let fetched = null;

/** The digest the hello gives as held (null: none, or given up). */
export function heldBoard() {
  return held;
}

function fetchBoard() {
  fetched ??= fetch(hint.href, { credentials: 'same-origin' }).then((response) => {
    if (!response.ok) throw new Error(`the board answered ${response.status}`);
    return response.json();
  });
  return fetched;
}

/**
 * For a snapshot that left out the board this page holds: a promise that
 * puts the board into it, or rejects after asking for everything again
 * (`reconnect`). Null for any other message.
 */
export function boardFor(msg, reconnect) {
  if (msg.type !== 'snapshot' || !msg.game || msg.game.board != null || !held) return null;
  return fetchBoard().then(
    (board) => {
      msg.game.board = board;
    },
    (error) => {
      console.error('cannot load the game board; asking the server for it', error);
      held = null;
      reconnect();
      throw error;
    },
  );
}
