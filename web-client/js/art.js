// The games' pictures (issue 14, "a face"): one SVG sprite per game in
// /img/ (img/osaki.svg: the six characters; img/office21.svg: the ten card
// kinds), each drawing a <symbol> used by id. Only a table that draws a
// picture makes the browser fetch its sprite, once. Pictures are decoration
// (aria-hidden): the name beside them stays as text.

import { svg } from './dom.js';

// Beside this module: under the page's version prefix (/v/<version>/img/,
// cached for good; server/src/web.rs) when the page was served with one.
const IMG = new URL('../img/', import.meta.url).pathname;

/** `<svg class="…"><use href="…/img/<sprite>.svg#<id>"></svg>`, hidden from assistive technology. */
export function picture(sprite, id, className) {
  return svg(
    'svg',
    // 1em by default (a page without css/art.css still draws it small).
    { class: className, width: '1em', height: '1em', 'aria-hidden': 'true', focusable: 'false', 'data-art': `${sprite}:${id}` },
    svg('use', { href: `${IMG}${sprite}.svg#${encodeURIComponent(id)}` }),
  );
}

/** An Osaki character's picture (president, section_chief…). */
export function characterPicture(character) {
  return picture('osaki', character, 'art art-character');
}

/** An Office 21 card kind's icon (spy, cleaner…), drawn in the text colour. */
export function cardIcon(kind) {
  return picture('office21', kind, 'art art-card');
}
