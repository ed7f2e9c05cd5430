// Opens the room's socket while the page's bundle is on its way; js/connection.js
// adopts it (docs/performance.md, "First load", says why this file repeats its facts).

const PROTOCOL_VERSION = 3;
const TOKEN_PREFIX = 'cubicle:token:';
const ASK_FOR_PATCHES = true;

function storedToken(roomId) {
  try {
    return localStorage.getItem(TOKEN_PREFIX + roomId);
  } catch {
    return null;
  }
}

const roomId = decodeURIComponent(location.pathname.split('/').filter(Boolean)[1] ?? '');
// `undefined`: the page's own connection has not started yet (it sets null).
if (roomId && !location.hash.includes('token=') && window.cubicleEarlySocket === undefined) {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const socket = new WebSocket(`${scheme}//${location.host}/ws/rooms/${encodeURIComponent(roomId)}`);
  const held = { protocol: PROTOCOL_VERSION, socket, opened: false, events: [] };
  held.onOpen = () => {
    held.opened = true;
    const hello = { type: 'hello', protocol: PROTOCOL_VERSION };
    const token = storedToken(roomId);
    if (token) hello.token = token;
    if (ASK_FOR_PATCHES) hello.patches = true;
    // The game's board, which the page fetches itself (js/board.js).
    const board = document.getElementById('cubicle-board')?.dataset.digest;
    if (board) hello.board = board;
    socket.send(JSON.stringify(hello));
  };
  held.onMessage = (event) => held.events.push(event);
  socket.addEventListener('open', held.onOpen);
  socket.addEventListener('message', held.onMessage);
  window.cubicleEarlySocket = held;
}
