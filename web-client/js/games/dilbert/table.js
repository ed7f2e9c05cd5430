// The Dilbert table: banner (with the Cards button), the notes that change
// how the table reads (hidden texts, Management Fast Track), the viewer's
// prompt or target chooser, the die and the happiness track, the office
// map, the memos played lately, the projects, the employees and the
// viewer's memos. Each part is drawn by its own module; this one puts
// them together and keeps the table's own state between renders (zoom,
// which walks and rolls were already animated, half-typed answers, the
// memo being aimed), and the card reference dialog beside them.

import { h, replace } from '../../dom.js';
import { FocusKeeper } from '../../focus.js';
import { tickCountdowns } from './countdown.js';
import { renderDie, rollDie } from './dice.js';
import { renderEmployees } from './employees.js';
import { renderHand } from './hand.js';
import { indexLegal } from './legal.js';
import { renderMap } from './map.js';
import { noteMoment, renderMoment } from './moment.js';
import { fastTrack } from './on-use.js';
import { walkPieces } from './pieces.js';
import { renderProjects } from './projects.js';
import { bannerText, renderPrompt, stepOf } from './prompt.js';
import { renderRecentMemos } from './recent.js';
import { CardReference } from './reference.js';
import { renderTextsHiddenBanner } from './texts.js';
import { renderTrack } from './track.js';

export class DilbertTable {
  constructor(container) {
    this.container = container;
    /** Aborted by `destroy`: the listeners this table added to the page. */
    this.listening = new AbortController();
    this.focus = new FocusKeeper(container, this.listening.signal);
    this.lastCtx = null;
    const rerender = () => this.lastCtx && this.render(this.lastCtx);
    this.ui = {
      /** draws the table again from its last context (a part loaded on use has come: on-use.js) */
      redraw: rerender,
      zoom: 0,
      walkedSeq: -1,
      rolledSeq: -1,
      performedSeq: -1,
      moment: null,
      changeDraft: '',
      cheatsDraft: null,
      cheatsDraftFor: null,
      countdownTimer: null,
      /** the memo whose target is being chosen (chooser.js), or null */
      choosing: null,
      /** the map target a finger tapped, waiting for its confirmation (map.js), or null */
      tapped: null,
      /** the key of the map's button that Tab lands on (map.js), once one was focused */
      mapStop: null,
      /** a selector to focus after the next render */
      focusNext: null,
      setZoom: (zoom) => {
        this.ui.zoom = zoom;
        rerender();
      },
      choose: (memo) => {
        this.ui.choosing = memo;
        this.ui.focusNext = '.dl-chooser';
        rerender();
      },
      cancelChoice: () => {
        const memo = this.ui.choosing;
        if (memo === null) return;
        this.ui.choosing = null;
        this.ui.focusNext = `[data-key="choose-${memo}"]`;
        rerender();
      },
    };
    this.body = h('div', { class: 'dl-table', 'data-testid': 'dilbert-table' });
    this.reference = new CardReference(() => this.container.querySelector('[data-key="cards"]'));
    replace(container, this.body, this.reference.dialog);
    document.addEventListener(
      'keydown',
      (e) => {
        // An open card reference takes its own Escape.
        if (e.key === 'Escape' && this.ui.choosing !== null && !this.reference.isOpen && this.container.isConnected) this.ui.cancelChoice();
      },
      { signal: this.listening.signal },
    );
  }

  /**
   * The room has dropped this table (js/games/registry.js): a redraw still
   * to come (a part loaded on use, the end of a performance) does nothing.
   */
  destroy() {
    this.listening.abort();
    this.lastCtx = null;
  }

  render(roomCtx) {
    this.lastCtx = roomCtx;
    // Whatever is sent, a memo being aimed is done with.
    const ctx = {
      ...roomCtx,
      act: (action) => {
        this.ui.choosing = null;
        roomCtx.act(action);
      },
    };
    const { view } = ctx;
    const legal = indexLegal(ctx.legal);
    const focusWasHere = this.focus.capture();
    const hasHand = Array.isArray(view.hand);
    noteMoment(ctx, this.ui, () => this.lastCtx && this.render(this.lastCtx));

    replace(
      this.body,
      h(
        'div',
        { class: 'dl-topline' },
        h('p', { class: 'turn-banner', 'data-testid': 'turn-banner' }, bannerText(ctx, legal)),
        this.reference.button(ctx),
      ),
      renderTextsHiddenBanner(ctx),
      view.fast_track ? fastTrack(this.ui.redraw)?.renderFastTrackBanner(ctx) : null,
      renderMoment(ctx, this.ui),
      renderPrompt(ctx, legal, this.ui),
      h('div', { class: 'dl-status' }, renderDie(ctx), renderTrack(ctx)),
      renderMap(ctx, legal, this.ui),
      renderRecentMemos(ctx),
      renderProjects(ctx, legal),
      renderEmployees(ctx),
      hasHand ? renderHand(ctx, legal, this.ui) : null,
    );

    walkPieces(ctx, this.container, this.ui);
    rollDie(ctx, this.container, this.ui);
    tickCountdowns(this.body, this.ui);
    this.reference.refresh(ctx);
    // Focus stays in an open card reference.
    const keepFocus = focusWasHere && !this.reference.isOpen;
    this.focus.restore(keepFocus, {
      decisionKey: decisionKey(view, legal),
      prompt: this.body.querySelector('.dl-prompt'),
    });
    this.refocusMapTarget(keepFocus);
    this.focusRequested();
  }

  /** FocusKeeper brings back buttons only; the map's spaces are SVG groups. */
  refocusMapTarget(focusWasHere) {
    if (!focusWasHere || !this.focus.lastKey) return;
    if (document.activeElement && document.activeElement !== document.body) return;
    const again = this.body.querySelector(`.dl-target[data-key="${CSS.escape(this.focus.lastKey)}"], .dl-zoom[data-key="${CSS.escape(this.focus.lastKey)}"]`);
    again?.focus({ preventScroll: true });
  }

  /** The chooser just opened (focus into it) or closed (focus back on its memo's Play button). */
  focusRequested() {
    const selector = this.ui.focusNext;
    this.ui.focusNext = null;
    if (!selector || this.reference.isOpen) return;
    this.body.querySelector(selector)?.focus();
  }
}

/** What the viewer is deciding now (null when nothing), so a new decision moves focus to the prompt. */
function decisionKey(view, legal) {
  if (legal.all.length === 0) return null;
  const stage = view.stage ?? {};
  const step = stepOf(view);
  return [stage.stage, stage.seat, view.round, step?.step, step?.decision?.decision, step?.office].join(':');
}
