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

import * as store from './store.js';
import { t } from './i18n.js';

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
    this.audio = null;
    this.notification = null;
    this.sound = root.querySelector('#notify-sound');
    this.desktop = root.querySelector('#notify-desktop');
    this.vibrate = root.querySelector('#notify-vibrate');
    this.status = root.querySelector('#notify-status');
    this.setUpControls();
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') this.closeNotification();
    });
    // Browsers start sound only after a gesture on the page: any click or key
    // readies the audio, so that a later turn can beep (even in a hidden tab).
    const unlock = () => {
      if (this.prefs.sound) this.audioContext();
    };
    document.addEventListener('pointerdown', unlock, { capture: true, passive: true });
    document.addEventListener('keydown', unlock, { capture: true });
  }

  setUpControls() {
    this.sound.checked = this.prefs.sound;
    this.sound.addEventListener('change', () => {
      this.save('sound', this.sound.checked);
      // The box is a gesture: ready the audio and let the player hear the sound.
      if (this.sound.checked) this.beep();
    });

    const canNotify = 'Notification' in window;
    this.desktop.checked = canNotify && this.prefs.desktop && Notification.permission === 'granted';
    this.desktop.disabled = !canNotify;
    if (!canNotify) this.say(t('This browser cannot show notifications.'));
    this.desktop.addEventListener('change', () => this.desktopChanged());

    const canVibrate = typeof navigator.vibrate === 'function';
    this.vibrate.closest('.field').hidden = !canVibrate;
    this.vibrate.checked = this.prefs.vibrate;
    this.vibrate.addEventListener('change', () => this.save('vibrate', this.vibrate.checked));
  }

  async desktopChanged() {
    if (!this.desktop.checked) {
      this.save('desktop', false);
      this.say('');
      return;
    }
    let permission = Notification.permission;
    if (permission === 'default') {
      try {
        permission = await Notification.requestPermission();
      } catch {
        permission = 'denied';
      }
    }
    const granted = permission === 'granted';
    this.desktop.checked = granted;
    this.save('desktop', granted);
    this.say(
      granted
        ? t('You will get a notification when it is your turn while this tab is in the background.')
        : t('Notifications are blocked for this site: allow them in the browser\u2019s site settings, then tick the box again.'),
    );
  }

  save(key, on) {
    this.prefs[key] = on;
    store.setNotifyPref(key, on);
  }

  say(text) {
    if (this.status.textContent !== text) this.status.textContent = text;
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
      this.closeNotification();
      return;
    }
    if (before === true) return;
    const hidden = document.visibilityState === 'hidden';
    // Opening a room where it is already your turn: you are looking at it.
    if (before === undefined && !hidden) return;
    if (this.prefs.sound) this.beep();
    if (this.prefs.vibrate) vibrate();
    if (this.prefs.desktop && hidden) this.notify(title);
  }

  setIcon(turn) {
    const href = turn ? TURN_ICON : ICON;
    for (const link of document.querySelectorAll('link[rel~="icon"]')) {
      if (link.getAttribute('href') !== href) link.setAttribute('href', href);
    }
  }

  audioContext() {
    const Context = window.AudioContext ?? window.webkitAudioContext;
    if (!Context) return null;
    try {
      this.audio ??= new Context();
      if (this.audio.state === 'suspended') this.audio.resume().catch(() => {});
      return this.audio;
    } catch {
      return null;
    }
  }

  /** Two short rising tones, a quarter of a second in all. */
  beep() {
    const ctx = this.audioContext();
    if (!ctx) return;
    try {
      const t = ctx.currentTime;
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = 'sine';
      osc.frequency.setValueAtTime(660, t);
      osc.frequency.setValueAtTime(990, t + 0.12);
      gain.gain.setValueAtTime(0.0001, t);
      gain.gain.exponentialRampToValueAtTime(0.2, t + 0.02);
      gain.gain.setValueAtTime(0.2, t + 0.2);
      gain.gain.exponentialRampToValueAtTime(0.0001, t + 0.26);
      osc.connect(gain);
      gain.connect(ctx.destination);
      osc.start(t);
      osc.stop(t + 0.27);
    } catch {
      // No sound then; the title and the icon still say it.
    }
  }

  notify(title) {
    if (!('Notification' in window) || Notification.permission !== 'granted') return;
    this.closeNotification();
    try {
      const n = new Notification(title, {
        body: t('It is your turn. Click to go back to the table.'),
        tag: this.tag,
      });
      n.addEventListener('click', () => {
        window.focus();
        n.close();
      });
      this.notification = n;
    } catch {
      // Some browsers (Chrome on Android) show notifications only from a service worker.
    }
  }

  closeNotification() {
    this.notification?.close();
    this.notification = null;
  }
}

function vibrate() {
  try {
    navigator.vibrate?.(VIBRATION_MS);
  } catch {
    // Not allowed here (no gesture on the page yet): nothing else to do.
  }
}
