// "Your turn, even in another tab": what the room page does when this
// player's seat becomes one of those that must decide. Always: the tab's
// icon gets a red dot (/favicon-turn.svg; the title's "Your turn · " is
// room.js's). By choice, under "Notifications" on the room page (kept in
// localStorage, js/store.js): a short beep made with the Web Audio API (off
// by default), a desktop notification while the tab is hidden (off by
// default; permission is asked only when the box is ticked), and a
// vibration on phones (on by default where the browser can vibrate).
//
// Only the change into "your turn" alerts, never a re-render while it
// stays your turn. The first state the page learns (opening or reloading a
// room where it is already your turn) alerts only if the tab is hidden.
//
// The sound, the desktop notification and the settings' handlers are
// js/notify-alerts.js, in the room bundle's second part: loaded at once if
// the sound or the notification is on, else when the pointer or the focus
// enters the settings (a box ticked before they have come counts once they
// have). The icon and the vibration, which every player has, are here.

import * as store from './store.js';
import { onTouch } from './in-sight.js';

const ICON = '/favicon.svg';
const TURN_ICON = '/favicon-turn.svg';
const VIBRATION_MS = 200;

export class TurnNotifier {
  /** `root`: the settings' <details>, holding #notify-sound, #notify-desktop, #notify-vibrate, #notify-status. */
  constructor(root, { tag = 'cubicle-turn' } = {}) {
    this.root = root;
    this.tag = tag;
    /** undefined until the first known state, then true or false */
    this.turn = undefined;
    this.prefs = store.notifyPrefs();
    /** js/notify-alerts.js's TurnAlerts, once it has come */
    this.alerts = null;
    this.loading = null;
    this.sound = root.querySelector('#notify-sound');
    this.desktop = root.querySelector('#notify-desktop');
    this.vibrate = root.querySelector('#notify-vibrate');
    this.status = root.querySelector('#notify-status');

    // The boxes as the choices stand (their handlers come with the alerts).
    const canNotify = 'Notification' in window;
    this.sound.checked = this.prefs.sound;
    this.desktop.checked = canNotify && this.prefs.desktop && Notification.permission === 'granted';
    this.desktop.disabled = !canNotify;
    this.vibrate.closest('.field').hidden = typeof navigator.vibrate !== 'function';
    this.vibrate.checked = this.prefs.vibrate;
    /** what the boxes said before their handlers came */
    this.drawn = { sound: this.sound.checked, desktop: this.desktop.checked, vibrate: this.vibrate.checked };

    onTouch(root, () => this.loadAlerts());
    if (this.prefs.sound || this.prefs.desktop) this.loadAlerts();
  }

  loadAlerts() {
    this.loading ??= import('./notify-alerts.js').then(
      ({ TurnAlerts }) => {
        this.alerts = new TurnAlerts(this);
      },
      (error) => {
        // Tried again at the next use.
        this.loading = null;
        console.warn('the turn alerts could not be loaded', error);
      },
    );
    return this.loading;
  }

  save(key, on) {
    this.prefs[key] = on;
    store.setNotifyPref(key, on);
  }

  /** Shows the settings to players only (a spectator has no turn). */
  show(seated) {
    this.root.hidden = !seated;
  }

  /**
   * The page's latest idea of whether it is this player's turn: true, false,
   * or null when not known yet (the table is still loading).
   */
  update(myTurn, title) {
    if (myTurn === null || myTurn === undefined) return;
    const turn = Boolean(myTurn);
    this.setIcon(turn);
    const before = this.turn;
    this.turn = turn;
    if (!turn) {
      this.alerts?.closeNotification();
      return;
    }
    if (before === true) return;
    const hidden = document.visibilityState === 'hidden';
    // Opening a room where it is already your turn: you are looking at it.
    if (before === undefined && !hidden) return;
    if (this.prefs.sound) this.alerts?.beep();
    if (this.prefs.vibrate) vibrate();
    if (this.prefs.desktop && hidden) this.alerts?.notify(title);
  }

  setIcon(turn) {
    const href = turn ? TURN_ICON : ICON;
    for (const link of document.querySelectorAll('link[rel~="icon"]')) {
      if (link.getAttribute('href') !== href) link.setAttribute('href', href);
    }
  }
}

function vibrate() {
  try {
    navigator.vibrate?.(VIBRATION_MS);
  } catch {
    // Not allowed here (no gesture on the page yet): nothing else to do.
  }
}
