// The room page's first script: opens the room's socket and says hello
// before the rest of the page's code has run, so that on a slow link the
// welcome is on its way while the table's code loads (js/connection.js
// hands the socket to the page's Connection; docs/performance.md, "First
// load"). A page opened from a personal link (`#token=`) waits for the
// page to take the link's token first.

import { openEarly, PROTOCOL_VERSION } from './connection.js';
import { roomToken } from './store.js';

const roomId = decodeURIComponent(location.pathname.split('/').filter(Boolean)[1] ?? '');
if (roomId && !location.hash.includes('token=')) {
  const hello = { type: 'hello', protocol: PROTOCOL_VERSION };
  const token = roomToken(roomId);
  if (token) hello.token = token;
  openEarly(roomId, hello);
}
