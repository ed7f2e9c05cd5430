// The memo tokens in play (`view.tokens`): a token on a space is a small
// diamond on the map, a token on an employee a badge on the corner of
// their piece, and every token is also listed in words under the map
// (the map's marks are small on a phone). Each token has its own colour
// and letters (Ted and Todd share a T, so they get two).

import { h, isolateNames, svg } from '../../dom.js';
import { t } from '../../i18n.js';
import { CELL, centralSquare, squareCentre } from './geometry.js';
import { spaceName, tokenInitial, tokenName, whoIs } from './words.js';

/** Where a token is, in words (player names marked). */
export function tokenWhere(ctx, place) {
  if (place.on !== undefined && place.on !== null) return t('on {who}', { who: whoIs(ctx, place.on) });
  if (place.at !== undefined && place.at !== null) return t('in {space}', { space: spaceName(ctx.board, place.at) });
  return t('in play');
}

/** The tokens standing on spaces, drawn near the middle of their space. */
export function drawSpaceTokens(ctx) {
  const { board, view } = ctx;
  const seen = new Map();
  return (view.tokens ?? []).map((k) => {
    const space = k.at !== undefined && k.at !== null ? board.spaces?.[k.at] : null;
    if (!space) return null;
    const n = seen.get(k.at) ?? 0;
    seen.set(k.at, n + 1);
    const [cx, cy] = squareCentre(centralSquare(space));
    const x = cx + CELL * 0.3 - n * 3.4;
    const y = cy + CELL * 0.3;
    const label = t('{token} token {where}', { token: tokenName(board, k.token), where: tokenWhere(ctx, k) });
    return svg(
      'g',
      { class: `dl-token dl-token-${k.token.replaceAll('_', '-')}`, role: 'img', 'aria-label': label, 'data-token': k.token, 'data-at': String(k.at) },
      svg('title', {}, label),
      svg('rect', { x: x - 1.7, y: y - 1.7, width: 3.4, height: 3.4, transform: `rotate(45 ${x} ${y})` }),
      svg('text', { x, y: y + 0.9, 'text-anchor': 'middle', class: 'dl-token-text' }, tokenInitial(board, k.token)),
    );
  });
}

/** Badges for the tokens an employee carries, on the top right of a piece of radius `r` (drawn at 0,0). */
export function pieceTokenBadges(ctx, employee, r) {
  const { board, view } = ctx;
  const carried = (view.tokens ?? []).filter((k) => k.on === employee);
  return carried.map((k, i) => {
    const x = r * 0.85 - i * 2.6;
    const y = -r * 0.85;
    const name = tokenName(board, k.token);
    return svg(
      'g',
      { class: `dl-token dl-token-badge dl-token-${k.token.replaceAll('_', '-')}`, 'data-token': k.token, 'data-on': employee },
      svg('title', {}, t('{token} token', { token: name })),
      svg('circle', { cx: x, cy: y, r: 1.5 }),
      svg('text', { x, y: y + 0.55, 'text-anchor': 'middle', class: 'dl-token-text' }, tokenInitial(board, k.token)),
    );
  });
}

/** The tokens in play, in words: "Donut in the Kitchen Area", "Plastic Plant on Ann (Wally)". */
export function renderTokenList(ctx) {
  const tokens = ctx.view.tokens ?? [];
  if (tokens.length === 0) return null;
  return h(
    'ul',
    { class: 'dl-token-list', 'data-testid': 'tokens', 'aria-label': t('Tokens in play') },
    tokens.map((k) =>
      h(
        'li',
        { 'data-token': k.token },
        h('span', { class: `dl-token-mark dl-token-${k.token.replaceAll('_', '-')}`, 'aria-hidden': 'true' }, tokenInitial(ctx.board, k.token)),
        isolateNames(t('{token} {where}', { token: tokenName(ctx.board, k.token), where: tokenWhere(ctx, k) })),
      ),
    ),
  );
}
