// The room's messages, handed to the page in the order they came, each
// once whatever it needs has been fetched. A snapshot without its board
// waits for the board the page fetches beside itself (js/board.js); an
// update whose view is a JSON Patch waits for the code that applies it
// (js/view-patch.js, loaded on the first patch, not with the page). What
// comes meanwhile waits behind, so the order never changes.

export class Inbox {
  /**
   * @param {(msg: object) => void} deliver  the page's handler
   * @param {(msg: object) => Promise<void>|null} prepare  what `msg` must
   *   wait for (null: nothing); a rejected promise drops the message (the
   *   preparer has asked for everything again)
   */
  constructor(deliver, prepare) {
    this.deliver = deliver;
    this.prepare = prepare;
    /** While something is awaited: the chain the next messages wait on. */
    this.waiting = null;
  }

  receive(msg) {
    const ready = this.prepare(msg);
    if (!this.waiting && !ready) {
      this.deliver(msg);
      return;
    }
    const step = (this.waiting ?? Promise.resolve())
      .then(() => ready)
      .then(
        () => this.safely(msg),
        (error) => console.error('a message dropped: what it needs could not be had', error),
      );
    this.waiting = step;
    step.then(() => {
      if (this.waiting === step) this.waiting = null;
    });
  }

  safely(msg) {
    try {
      this.deliver(msg);
    } catch (error) {
      console.error(error);
    }
  }
}
