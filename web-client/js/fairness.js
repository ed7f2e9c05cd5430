// Provably fair dealing: this browser's random share of the game's seed, sent
// with every `join`, and the seed's commitment and revelation as text.
//
// Why a contribution: the deal comes from the server's committed seed and every
// seat's contribution, so neither the server nor any one player alone picks it.

import { h, replace } from './dom.js';

/** 16 random bytes as 32 lowercase hex digits (the protocol takes 1 to 64). */
export function newContribution() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Fills a `<code>` with a long hex string that may wrap only between groups
 * of 8 digits (`<wbr>`): its text stays the bare digits, for copying.
 */
export function showHex(code, hex) {
  if (code.dataset.hex === hex) return;
  code.dataset.hex = hex;
  const groups = hex.match(/.{1,8}/g) ?? [];
  replace(code, groups.flatMap((g, i) => (i === 0 ? [g] : [h('wbr'), g])));
}
