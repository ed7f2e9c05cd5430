// The HTTP API (see docs/protocol.md): games, room creation, room lookup by id or short code.
// A failure's message is in the page's language (js/errors.js).

import { serverErrorText } from './errors.js';

/** An HTTP API failure carrying the server's machine-readable code. */
export class ApiFailure extends Error {
  constructor(status, code, message) {
    super(serverErrorText(code, message));
    this.status = status;
    this.code = code;
  }
}

async function request(method, path, body) {
  let response;
  try {
    response = await fetch(path, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiFailure(0, 'network', 'The server cannot be reached. Check your connection and try again.');
  }
  let payload = null;
  try {
    payload = await response.json();
  } catch {
    payload = null;
  }
  if (!response.ok) {
    throw new ApiFailure(
      response.status,
      payload?.code ?? 'http_' + response.status,
      payload?.message ?? `The server answered ${response.status}.`,
    );
  }
  return payload;
}

/** GET /api/games -> [GameInfo] */
export function listGames() {
  return request('GET', '/api/games');
}

/** POST /api/rooms {game, seats} -> RoomCreated {room_id, url, host_token} */
export function createRoom(game, seats, clock = null, options = null) {
  const body = { game, seats };
  if (clock) body.clock = clock;
  if (options) body.options = options;
  return request('POST', '/api/rooms', body);
}

/** GET /api/codes/{code} -> RoomFound {room_id, url} (the lobby with this code) */
export function findRoom(code) {
  return request('GET', '/api/codes/' + encodeURIComponent(code));
}

/** GET /api/rooms/{id} -> RoomInfo */
export function getRoom(id) {
  return request('GET', '/api/rooms/' + encodeURIComponent(id));
}
