// The room WebSocket: hello, keep-alive, automatic reconnection with
// backoff, resuming from the last event number the page has.
//
// The connection knows nothing of games: it hands every server message to
// `onMessage` and reports its state to `onStatus`
// ('connecting' | 'open' | 'reconnecting' | 'stopped').

export const PROTOCOL_VERSION = 3;

/**
 * Whether to ask for updates whose view comes as a JSON Patch against the
 * last one (js/view-patch.js applies them; docs/protocol.md): an Osaki
 * update is about 550 bytes instead of 2.1 KB, for a few percent more of
 * the server's CPU (docs/performance.md, "Delta updates"). The early
 * socket (js/room-early.js) asks the same.
 */
export const ASK_FOR_PATCHES = true;

const PING_EVERY_MS = 20_000;
// No message at all for this long (a ping is answered within it) means the
// socket is dead even if the browser has not noticed (laptop lid, Wi-Fi).
const SILENCE_LIMIT_MS = 50_000;
const BACKOFF_FIRST_MS = 500;
const BACKOFF_MAX_MS = 10_000;

// Errors after which retrying cannot help.
const FATAL_CODES = new Set(['unknown_room', 'unsupported_protocol']);

export function roomSocketUrl(roomId) {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/ws/rooms/${encodeURIComponent(roomId)}`;
}

/**
 * The socket js/room-early.js opened for `roomId` while the page's code was
 * loading, if it is still usable and speaks this page's protocol, with the
 * messages it received meanwhile; no longer listened to by room-early.js
 * (docs/performance.md, "First load").
 */
function takeEarly(roomId) {
  const held = window.cubicleEarlySocket;
  // Null, not absent: room-early.js, if it runs only now (an async script
  // has no set order), must not open a second socket nobody would read.
  window.cubicleEarlySocket = null;
  if (!held) return null;
  held.socket.removeEventListener('open', held.onOpen);
  held.socket.removeEventListener('message', held.onMessage);
  const usable =
    held.protocol === PROTOCOL_VERSION && held.socket.url === roomSocketUrl(roomId) && held.socket.readyState <= WebSocket.OPEN;
  if (!usable) {
    held.socket.close();
    return null;
  }
  return held;
}

export class Connection {
  /**
   * @param {object} options
   * @param {string} options.roomId
   * @param {() => string|null} options.token  token to send in hello
   * @param {() => number|null} options.since  last event number held, if any
   * @param {() => string|null} [options.board]  digest of the game board held (js/board.js)
   * @param {() => boolean} [options.patches]  whether to ask for views as patches
   * @param {(msg: object) => void} options.onMessage
   * @param {(status: string, detail?: object) => void} options.onStatus
   */
  constructor({ roomId, token, since, board = () => null, patches = () => ASK_FOR_PATCHES, onMessage, onStatus }) {
    this.roomId = roomId;
    this.token = token;
    this.since = since;
    this.board = board;
    this.patches = patches;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.socket = null;
    this.welcomed = false;
    this.attempt = 0;
    this.retryTimer = null;
    this.pingTimer = null;
    this.lastHeard = 0;
    this.stopped = false;

    window.addEventListener('online', () => this.retryNow());
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') this.retryNow();
    });
  }

  connect() {
    if (this.stopped) return;
    clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.welcomed = false;
    this.onStatus(this.attempt === 0 ? 'connecting' : 'reconnecting', { attempt: this.attempt });

    const adopted = this.attempt === 0 ? takeEarly(this.roomId) : null;
    const socket = adopted?.socket ?? new WebSocket(roomSocketUrl(this.roomId));
    this.socket = socket;
    const opened = () => {
      this.lastHeard = Date.now();
      this.startPinging();
    };
    if (adopted?.opened) {
      opened();
    } else {
      socket.addEventListener('open', () => {
        if (socket !== this.socket) return;
        const hello = { type: 'hello', protocol: PROTOCOL_VERSION };
        if (this.patches()) hello.patches = true;
        const token = this.token();
        if (token) hello.token = token;
        const since = this.since();
        if (since !== null && since !== undefined) hello.since = since;
        const board = this.board();
        if (board) hello.board = board;
        socket.send(JSON.stringify(hello));
        opened();
      });
    }
    const received = (event) => {
      if (socket !== this.socket) return;
      this.lastHeard = Date.now();
      let msg;
      try {
        msg = JSON.parse(event.data);
      } catch {
        return; // Not ours to interpret; the server only sends JSON.
      }
      if (msg.type === 'welcome') {
        this.welcomed = true;
        this.attempt = 0;
        this.onStatus('open');
      }
      if (msg.type === 'error' && FATAL_CODES.has(msg.code)) {
        this.stop();
      }
      // Another server runs the room now (docs/scaling.md): the close that
      // follows reconnects, so a refusal that answers no request of the
      // page's is not news to the player.
      if (msg.type === 'error' && msg.code === 'room_moved' && !msg.id) return;
      if (msg.type !== 'pong') this.onMessage(msg);
    };
    socket.addEventListener('message', received);
    for (const event of adopted?.events ?? []) received(event);
    socket.addEventListener('close', () => {
      if (socket !== this.socket) return;
      this.socket = null;
      this.stopPinging();
      if (this.stopped) return;
      this.scheduleRetry();
    });
    // 'error' is always followed by 'close', which does the work.
  }

  /** Sends a client message; false if not connected (nothing was sent). */
  send(msg) {
    if (!this.isOpen()) return false;
    this.socket.send(JSON.stringify(msg));
    return true;
  }

  isOpen() {
    return this.socket !== null && this.socket.readyState === WebSocket.OPEN && this.welcomed;
  }

  /** Drops the socket and reconnects at once (e.g. to resynchronize). */
  reconnect() {
    if (this.stopped) return;
    const socket = this.socket;
    this.socket = null;
    this.stopPinging();
    if (socket) socket.close();
    this.connect();
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    this.stopPinging();
    const socket = this.socket;
    this.socket = null;
    if (socket) socket.close();
    this.onStatus('stopped');
  }

  retryNow() {
    if (this.stopped || this.socket !== null) return;
    this.connect();
  }

  scheduleRetry() {
    this.attempt += 1;
    const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** (this.attempt - 1));
    const delay = Math.round(ceiling / 2 + (Math.random() * ceiling) / 2);
    this.onStatus('reconnecting', { attempt: this.attempt, delay });
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  startPinging() {
    this.stopPinging();
    this.pingTimer = setInterval(() => {
      if (!this.socket) return;
      if (Date.now() - this.lastHeard > SILENCE_LIMIT_MS) {
        this.reconnect();
        return;
      }
      if (this.socket.readyState === WebSocket.OPEN) {
        this.socket.send(JSON.stringify({ type: 'ping' }));
      }
    }, PING_EVERY_MS);
  }

  stopPinging() {
    clearInterval(this.pingTimer);
    this.pingTimer = null;
  }
}
