// The Dilbert table: banner, the viewer's prompt, the die and the
// happiness track, the office map, the projects, the employees and the
// viewer's memos. Each part is drawn by its own module; this one puts
// them together and keeps the table's own state between renders (zoom,
// which walks and rolls were already animated, a half-typed answer).

import { h, replace } from '../../dom.js';
import { FocusKeeper } from '../../focus.js';
import { renderDie, rollDie } from './dice.js';
import { noteMoment, renderMoment } from './moment.js';
import { renderEmployees } from './employees.js';
import { renderHand } from './hand.js';
import { indexLegal } from './legal.js';
import { renderMap } from './map.js';
import { walkPieces } from './pieces.js';
import { renderProjects } from './projects.js';
import { bannerText, renderPrompt, stepOf } from './prompt.js';
import { renderTrack } from './track.js';

const STYLESHEET = new URL('../../../css/dilbert.css', import.meta.url).href;

export class DilbertTable {
  constructor(container) {
    this.container = container;
    this.focus = new FocusKeeper(container);
    this.lastCtx = null;
    this.ui = {
      zoom: 0,
      walkedSeq: -1,
      rolledSeq: -1,
      performedSeq: -1,
      moment: null,
      changeDraft: '',
      setZoom: (zoom) => {
        this.ui.zoom = zoom;
        if (this.lastCtx) this.render(this.lastCtx);
      },
    };
    loadStylesheet();
  }

  render(ctx) {
    this.lastCtx = ctx;
    const { view } = ctx;
    const legal = indexLegal(ctx.legal);
    const focusWasHere = this.focus.capture();
    const hasHand = Array.isArray(view.hand);
    noteMoment(ctx, this.ui, () => this.lastCtx && this.render(this.lastCtx));

    replace(
      this.container,
      h('div', { class: 'dl-table', 'data-testid': 'dilbert-table' },
        h('p', { class: 'turn-banner', 'data-testid': 'turn-banner' }, bannerText(ctx, legal)),
        renderMoment(ctx, this.ui),
        renderPrompt(ctx, legal, this.ui),
        h('div', { class: 'dl-status' }, renderDie(ctx), renderTrack(ctx)),
        renderMap(ctx, legal, this.ui),
        renderProjects(ctx, legal),
        renderEmployees(ctx),
        hasHand ? renderHand(ctx, legal) : null,
      ),
    );

    walkPieces(ctx, this.container, this.ui);
    rollDie(ctx, this.container, this.ui);
    this.focus.restore(focusWasHere, {
      decisionKey: decisionKey(view, legal),
      prompt: this.container.querySelector('.dl-prompt'),
    });
    this.refocusMapTarget(focusWasHere);
  }

  /** FocusKeeper brings back buttons only; the map's spaces are SVG groups. */
  refocusMapTarget(focusWasHere) {
    if (!focusWasHere || !this.focus.lastKey) return;
    if (document.activeElement && document.activeElement !== document.body) return;
    const again = this.container.querySelector(`.dl-target[data-key="${CSS.escape(this.focus.lastKey)}"], .dl-zoom[data-key="${CSS.escape(this.focus.lastKey)}"]`);
    again?.focus({ preventScroll: true });
  }
}

/** What the viewer is deciding now (null when nothing), so a new decision moves focus to the prompt. */
function decisionKey(view, legal) {
  if (legal.all.length === 0) return null;
  const stage = view.stage ?? {};
  const step = stepOf(view);
  return [stage.stage, stage.seat, view.round, step?.step, step?.decision?.decision, step?.office].join(':');
}

function loadStylesheet() {
  if (document.querySelector('link[data-dilbert-css]')) return;
  document.head.append(h('link', { rel: 'stylesheet', href: STYLESHEET, 'data-dilbert-css': '' }));
}
