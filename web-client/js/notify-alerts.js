// The turn alerts a player chooses (js/notify.js): a beep made with the Web
// Audio API, a desktop notification while the tab is hidden, and the
// settings' handlers. In the room bundle's second part; js/notify.js loads
// it when the sound or the notification is on, or on the settings' first use.

import { t } from './i18n.js';

export class TurnAlerts {
  /** @param {import('./notify.js').TurnNotifier} notifier its boxes, choices and tag */
  constructor(notifier) {
    this.n = notifier;
    this.audio = null;
    this.notification = null;
    const { sound, desktop, vibrate } = notifier;

    sound.addEventListener('change', () => this.soundChanged());
    if (!('Notification' in window)) this.say(t('This browser cannot show notifications.'));
    desktop.addEventListener('change', () => this.desktopChanged());
    vibrate.addEventListener('change', () => notifier.save('vibrate', vibrate.checked));
    // A box ticked before these handlers came.
    if (sound.checked !== notifier.drawn.sound) this.soundChanged();
    if (desktop.checked !== notifier.drawn.desktop) this.desktopChanged();
    if (vibrate.checked !== notifier.drawn.vibrate) notifier.save('vibrate', vibrate.checked);

    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') this.closeNotification();
    });
    // Browsers start sound only after a gesture on the page: any click or key
    // readies the audio, so that a later turn can beep (even in a hidden tab).
    const unlock = () => {
      if (notifier.prefs.sound) this.audioContext();
    };
    document.addEventListener('pointerdown', unlock, { capture: true, passive: true });
    document.addEventListener('keydown', unlock, { capture: true });
  }

  soundChanged() {
    const on = this.n.sound.checked;
    this.n.save('sound', on);
    // The box is a gesture: ready the audio and let the player hear the sound.
    if (on) this.beep();
  }

  async desktopChanged() {
    const box = this.n.desktop;
    if (!box.checked) {
      this.n.save('desktop', false);
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
    box.checked = granted;
    this.n.save('desktop', granted);
    this.say(
      granted
        ? t('You will get a notification when it is your turn while this tab is in the background.')
        : t('Notifications are blocked for this site: allow them in the browser\u2019s site settings, then tick the box again.'),
    );
  }

  say(text) {
    const status = this.n.status;
    if (status.textContent !== text) status.textContent = text;
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
        tag: this.n.tag,
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
