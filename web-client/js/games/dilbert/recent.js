// The out tray (`view.out_tray`: played memos, face up, oldest first) with
// the ones played since the viewer's last turn marked
// (`view.recent_memos`: what a response memo answers, what World's
// Smartest Garbage Man may take back). Both public. Names only, small;
// the card reference has the texts.

import { h } from '../../dom.js';
import { t } from '../../i18n.js';
import { memoName } from './words.js';

export function renderRecentMemos(ctx) {
  const recent = ctx.view.recent_memos ?? [];
  const tray = ctx.view.out_tray ?? recent;
  if (tray.length === 0 && recent.length === 0) return null;
  // Any recent memo the tray does not list is still shown (and marked).
  const shown = [...tray, ...recent.filter((m) => !tray.includes(m))];
  return h(
    'section',
    { class: 'dl-recent', 'data-testid': 'out-tray', 'aria-label': t('Out tray: memos played') },
    // A spectator (the replay page too) has no last turn: nothing is marked for them.
    h('h3', {}, t('Out tray '), h('span', { class: 'hint' }, seated(ctx) ? t('(memos played; marked: since your last turn)') : t('(memos played)'))),
    h(
      'ul',
      { class: 'dl-recent-list', 'data-testid': 'recent-memos' },
      shown.map((m) => {
        const isRecent = recent.includes(m);
        return h(
          'li',
          { 'data-memo': String(m), 'data-recent': isRecent ? 'true' : 'false', class: isRecent ? 'dl-recent-new' : null },
          memoName(ctx.board, m),
          isRecent ? h('span', { class: 'visually-hidden' }, t(' (since your last turn)')) : null,
        );
      }),
    ),
  );
}

function seated(ctx) {
  return ctx.seat !== null && ctx.seat !== undefined;
}
