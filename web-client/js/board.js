// The game's board, fetched over HTTP once and kept (docs/protocol.md,
// `hello.board`). A room page whose game has the same board at every table
// names it in its head (`<link id="cubicle-board">`, preloaded as the page
// loads); the hello says so, and the server's snapshots then come without
// the board: for Dilbert, 41 KB of JSON less on the socket, 6 KB fetched
// compressed instead, once (docs/performance.md, "First load").
//
// `Inbox` puts the board back into such a snapshot before the page sees
// it, holding back whatever arrives meanwhile so that messages keep their
// order. If the board cannot be had, the page stops saying it holds one
// and reconnects: the next snapshot brings the board itself.

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

export class Inbox {
  /**
   * @param {(msg: object) => void} deliver  the page's handler
   * @param {() => void} reconnect  asks for everything again
   */
  constructor(deliver, reconnect) {
    this.deliver = deliver;
    this.reconnect = reconnect;
    /** While a board is awaited: the chain the next messages wait on. */
    this.waiting = null;
  }

  receive(msg) {
    const wantsBoard = msg.type === 'snapshot' && msg.game && msg.game.board == null && held;
    if (!this.waiting && !wantsBoard) {
      this.deliver(msg);
      return;
    }
    const step = (this.waiting ?? Promise.resolve()).then(() => (wantsBoard ? this.withBoard(msg) : this.safely(msg)));
    this.waiting = step;
    step.then(() => {
      if (this.waiting === step) this.waiting = null;
    });
  }

  async withBoard(msg) {
    try {
      msg.game.board = await fetchBoard();
    } catch (error) {
      console.error('cannot load the game board; asking the server for it', error);
      held = null;
      this.reconnect();
      return;
    }
    this.safely(msg);
  }

  safely(msg) {
    try {
      this.deliver(msg);
    } catch (error) {
      console.error(error);
    }
  }
}
