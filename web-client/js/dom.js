// Tiny DOM helpers. Everything that comes from other people (player names,
// server messages) goes into the page as text nodes, never as HTML: `h`
// has no way to set innerHTML.

import { t } from './i18n.js';

const SVG_NS = 'http://www.w3.org/2000/svg';

/** Properties set as DOM properties on HTML elements rather than as attributes. */
const HTML_PROPERTIES = new Set(['disabled', 'hidden', 'checked', 'selected', 'value']);

/**
 * Builds an element. `props` sets attributes (`class`, `data-*`, `aria-*`,
 * `for`...), boolean properties (`disabled`, `hidden`, `checked`), event
 * handlers (`onclick`...) and `dataset`. Children may be strings (inserted
 * as text), nodes, arrays of either, or null/false (skipped).
 *
 * SVG: `h('svg', ...)` and any tag written `svg:<name>` (`h('svg:circle',
 * {cx: 5, cy: 5, r: 4})`) are created in the SVG namespace, where every
 * prop is an attribute. Children are built before their parent, so the
 * namespace cannot be inherited: each SVG descendant names it (or use
 * `svg('circle', ...)`).
 */
export function h(tag, props = {}, ...children) {
  const inSvg = tag === 'svg' || tag.startsWith('svg:');
  const el = inSvg ? document.createElementNS(SVG_NS, tag === 'svg' ? 'svg' : tag.slice(4)) : document.createElement(tag);
  for (const [key, value] of Object.entries(props ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith('on') && typeof value === 'function') {
      el.addEventListener(key.slice(2), value);
    } else if (key === 'dataset') {
      Object.assign(el.dataset, value);
    } else if (!inSvg && HTML_PROPERTIES.has(key)) {
      el[key] = value;
    } else {
      el.setAttribute(key, value === true ? '' : String(value));
    }
  }
  append(el, children);
  return el;
}

/** An SVG element: `svg('rect', props, ...children)` is `h('svg:rect', ...)`. */
export function svg(tag, props = {}, ...children) {
  return h(tag === 'svg' ? 'svg' : `svg:${tag}`, props, ...children);
}

/** Appends children (strings become text nodes). */
export function append(parent, children) {
  for (const child of [children].flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    parent.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return parent;
}

const scrollsDue = new Set();

/**
 * Scrolls `el` to its end before the next frame is drawn. Reading its
 * height at once would make the browser lay out a page still being built,
 * once per call: on a slow phone's first load that was a tenth of the
 * time to the table (docs/performance.md, "First load").
 */
export function scrollToEndSoon(el) {
  if (scrollsDue.size === 0) {
    requestAnimationFrame(() => {
      for (const due of scrollsDue) due.scrollTop = due.scrollHeight;
      scrollsDue.clear();
    });
  }
  scrollsDue.add(el);
}

/** Replaces all children of `parent`. */
export function replace(parent, ...children) {
  parent.replaceChildren();
  return append(parent, children);
}

/** A span with `lang="ja"`, so screen readers and fonts treat it as Japanese. */
export function ja(text) {
  return h('span', { lang: 'ja', class: 'ja' }, text);
}

/** "Aki", "Aki and Ben", "Aki, Ben and Chie" (as an array of text/nodes), in the page's language (Japanese joins with 、 and と). */
export function joinNames(parts) {
  const out = [];
  parts.forEach((part, i) => {
    if (i > 0) out.push(i === parts.length - 1 ? t(' and ') : t(', '));
    out.push(part);
  });
  return out;
}

/**
 * A player name inside a string, marked with FSI ... PDI (U+2068, U+2069).
 * The server refuses bidi controls in names, so only this marker makes
 * them; `isolateNames` turns each marked name into a `<bdi>` element.
 */
export function markName(name) {
  return `\u2068${name}\u2069`;
}

/**
 * Text with names marked by `markName`, as text and `<bdi>` nodes (the
 * markers dropped), so a right-to-left name cannot reorder the line around
 * it. Arrays are done item by item; anything else passes through.
 */
export function isolateNames(text) {
  if (Array.isArray(text)) return text.flatMap(isolateNames);
  if (typeof text !== 'string') return text;
  return text
    .split(/\u2068([^\u2069]*)\u2069/)
    .map((part, i) => (i % 2 === 1 ? h('bdi', {}, part) : part))
    .filter((part) => part !== '');
}
