// What the browser remembers between visits, in localStorage. A room's
// token is the only way back into a seat (or to the host's rights), so it
// is kept per room id. Storage may be unavailable (private mode, disabled
// cookies): then everything still works for the current page.

const TOKEN_PREFIX = 'cubicle:token:';
const NAME_KEY = 'cubicle:name';
const ROOMS_KEY = 'cubicle:rooms';
const MAX_RECENT_ROOMS = 10;

function get(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function set(key, value) {
  try {
    if (value === null || value === undefined) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage disabled or full: the page keeps working, only reloads forget.
  }
}

/** The token (host token or seat token) this browser holds for a room. */
export function roomToken(roomId) {
  return get(TOKEN_PREFIX + roomId);
}

export function setRoomToken(roomId, token) {
  set(TOKEN_PREFIX + roomId, token);
}

/** The display name last typed, to prefill the join form. */
export function lastName() {
  return get(NAME_KEY) ?? '';
}

export function setLastName(name) {
  set(NAME_KEY, name);
}

/** Rooms this browser created or joined, newest first: [{id, game, at}]. */
export function recentRooms() {
  try {
    const rooms = JSON.parse(get(ROOMS_KEY) ?? '[]');
    return Array.isArray(rooms) ? rooms.filter((r) => r && typeof r.id === 'string') : [];
  } catch {
    return [];
  }
}

export function rememberRoom(id, game) {
  const rooms = recentRooms().filter((r) => r.id !== id);
  rooms.unshift({ id, game, at: Date.now() });
  set(ROOMS_KEY, JSON.stringify(rooms.slice(0, MAX_RECENT_ROOMS)));
}

const NOTIFY_PREFIX = 'cubicle:notify:';

/**
 * The "your turn" preferences (js/notify.js), kept for every room: `sound`
 * and `desktop` are off unless turned on, `vibrate` is on unless turned off.
 */
export function notifyPrefs() {
  const flag = (key, fallback) => {
    const value = get(NOTIFY_PREFIX + key);
    return value === null ? fallback : value === 'on';
  };
  return { sound: flag('sound', false), desktop: flag('desktop', false), vibrate: flag('vibrate', true) };
}

export function setNotifyPref(key, on) {
  set(NOTIFY_PREFIX + key, on ? 'on' : 'off');
}
