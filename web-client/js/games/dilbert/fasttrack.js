// Management Fast Track: the banner while someone is on it (the cheater
// also sees their own cheats so far, `view.fast_track.cheats`), the loaded
// die (roll honestly, or pick a face: one button per legal `load_die`),
// and the call-out form for everyone else when the turn ends: three
// checkboxes and Send, which sends the legal `accuse` action whose cheats
// match the boxes ticked (the server lists all eight).

import { h, svg } from '../../dom.js';
import { t } from '../../i18n.js';
import { actionButton, actionLabel } from './actions.js';
import { renderCountdown } from './countdown.js';
import { ofType } from './legal.js';
import { renderChart } from './reference-cards.js';
import { CHEATS, cheatName, cheatsText, officeCard, officeName, phrase, spaceOffice } from './words.js';

export function renderFastTrackBanner(ctx) {
  const track = ctx.view.fast_track;
  if (!track) return null;
  const mine = track.seat === ctx.seat;
  const player = ctx.seat !== null && ctx.seat !== undefined;
  return h(
    'section',
    { class: 'dl-fast-track', 'data-testid': 'fast-track', 'data-seat': String(track.seat), 'aria-label': t('Management Fast Track') },
    h('p', {}, h('strong', {}, mine ? t('You are on the Management Fast Track.') : phrase('{name} is on the Management Fast Track.', { name: h('bdi', { translate: 'no' }, ctx.names(track.seat)) }))),
    h(
      'p',
      {},
      mine
        ? t('This turn you may walk farther than allowed, pick your office roll instead of rolling, or place a second signature. When your turn ends, the others may call out what they saw.')
        : player
          ? t('This turn they may walk too far, pick the die or place a second signature. When the turn ends, you may call out what you saw.')
          : t('This turn they may walk too far, pick the die or place a second signature. When the turn ends, the other players may call out what they saw.'),
    ),
    mine && track.cheats
      ? h('p', { class: 'dl-cheats', 'data-testid': 'my-cheats' }, phrase('Your cheats so far: {cheats}.', { cheats: h('strong', {}, cheatsText(track.cheats, t('none'))) }))
      : null,
  );
}

// ---- the loaded die ----

export function loadedDiePrompt(ctx, legal) {
  const me = ctx.view.players.find((p) => p.seat === ctx.seat);
  const office = spaceOffice(ctx.board, me?.at);
  const chart = office ? officeCard(ctx.board, office)?.chart ?? [] : [];
  const roll = ofType(legal, 'roll');
  const faces = [...ofType(legal, 'load_die')].sort((a, b) => a.value - b.value);
  return [
    h('h3', {}, office ? t('Management Fast Track: the {office} roll', { office: officeName(ctx.board, office) }) : t('Management Fast Track: the office roll')),
    h('p', {}, t('Roll the die honestly, or pick the result yourself. Picking is a cheat: the others may call it out when your turn ends.')),
    chart.length ? renderChart(chart, t('The office chart')) : null,
    roll.length ? h('div', { class: 'dl-choices' }, roll.map((a) => actionButton(ctx, a, { extraClass: 'primary' }))) : null,
    faces.length
      ? h(
          'div',
          { class: 'dl-die-picks', role: 'group', 'aria-label': t('Or pick the result (a cheat)') },
          h('p', { class: 'dl-die-picks-title' }, t('Or pick the result:')),
          faces.map((a) => actionButton(ctx, a, { label: [dieFace(a.value), h('span', {}, String(a.value))], extraClass: 'dl-die-pick', attrs: { 'aria-label': actionLabel(a, ctx) } })),
        )
      : null,
  ];
}

const PIPS = {
  1: [[5, 5]],
  2: [[2.5, 2.5], [7.5, 7.5]],
  3: [[2.5, 2.5], [5, 5], [7.5, 7.5]],
  4: [[2.5, 2.5], [7.5, 2.5], [2.5, 7.5], [7.5, 7.5]],
  5: [[2.5, 2.5], [7.5, 2.5], [5, 5], [2.5, 7.5], [7.5, 7.5]],
  6: [[2.5, 2.5], [7.5, 2.5], [2.5, 5], [7.5, 5], [2.5, 7.5], [7.5, 7.5]],
};

function dieFace(value) {
  return svg(
    'svg',
    { class: 'dl-die-mini', viewBox: '0 0 10 10', 'aria-hidden': 'true' },
    svg('rect', { x: 0.4, y: 0.4, width: 9.2, height: 9.2, rx: 1.8 }),
    (PIPS[value] ?? []).map(([cx, cy]) => svg('circle', { cx, cy, r: 0.95 })),
  );
}

// ---- the call-out ----

export function callOutPrompt(ctx, legal, ui, step) {
  const accusations = ofType(legal, 'accuse');
  if (accusations.length === 0) return [];
  // The boxes ticked so far survive re-renders, for this call-out only.
  const key = `${ctx.view.round}:${step.cheater}`;
  if (ui.cheatsDraftFor !== key || !ui.cheatsDraft) {
    ui.cheatsDraftFor = key;
    ui.cheatsDraft = { legs: false, die: false, signature: false };
  }
  const draft = ui.cheatsDraft;
  const matching = () => accusations.find((a) => CHEATS.every((c) => Boolean(a.cheats?.[c]) === Boolean(draft[c]))) ?? null;
  const send = h('button', { type: 'submit', class: 'primary', 'data-key': 'callout-send', 'data-legal': 'accuse', disabled: ctx.busy }, t('Send'));
  const summary = h('p', { class: 'dl-callout-summary', 'aria-live': 'polite' });
  const sync = () => {
    const action = matching();
    if (action) send.dataset.action = JSON.stringify(action);
    else delete send.dataset.action;
    send.disabled = ctx.busy || !action;
    summary.textContent = action ? t('You will say: {cheats}.', { cheats: cheatsText(action.cheats, t('I saw no cheating')) }) : '';
  };
  const boxes = CHEATS.map((cheat) =>
    h(
      'label',
      { class: 'dl-cheat' },
      h('input', {
        type: 'checkbox',
        name: cheat,
        'data-key': `cheat-${cheat}`,
        'data-cheat': cheat,
        checked: Boolean(draft[cheat]),
        onchange: (e) => {
          draft[cheat] = e.currentTarget.checked;
          sync();
        },
      }),
      ` ${cheatName(cheat)}`,
    ),
  );
  sync();
  const submit = (e) => {
    e.preventDefault();
    const action = matching();
    if (!action || ctx.busy) return;
    ctx.act(action);
  };
  return [
    h('h3', {}, t('Management Fast Track: call out the cheats')),
    h('p', {}, phrase('{name} was on the Management Fast Track this turn. Tick what you saw them do, then Send. Tick nothing if you saw no cheating.', { name: h('bdi', { translate: 'no' }, ctx.names(step.cheater)) })),
    renderCountdown(ctx),
    h(
      'form',
      { class: 'dl-callout', novalidate: true, onsubmit: submit, 'data-testid': 'callout' },
      h('fieldset', {}, h('legend', {}, phrase('What did {name} do?', { name: h('bdi', { translate: 'no' }, ctx.names(step.cheater)) })), boxes),
      summary,
      h('div', { class: 'dl-choices' }, send),
    ),
  ];
}
