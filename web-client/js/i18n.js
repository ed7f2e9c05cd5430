// The interface's language (issue 14): English or Japanese, chosen from the
// browser's language at first, then from the header's switcher, remembered
// in localStorage under `cubicle:lang`. Switching reloads the page, so every
// module renders once, in one language. The rules drawer follows the page
// unless its own language buttons chose otherwise (`cubicle:rules-lang`,
// js/rules.js); choosing the page's language here forgets that choice, so
// the drawer follows again.
//
// Words are looked up by their English text: `t('Your turn')`, with named
// placeholders `t('{name} joined', { name })`. English needs no dictionary;
// Japanese comes in parts (js/i18n/ja/<part>.js, each exporting
// `{ english: japanese }`): `shell` (every page's own words) is loaded here,
// before any module that imports this one runs, and each game's part is
// loaded by js/games/registry.js before the game's module (`useDictionary`).
// A word with no entry shows in English: the browser suite's scan of the
// Japanese pages (tests/browser/i18n*.test.mjs) catches any that is left.
//
// Static HTML is marked: `data-i18n` on an element whose whole text is one
// entry, `data-i18n-attr="aria-label placeholder title alt content"` for
// attributes; `translatePage()` (called by each page's script) swaps them.
// Text that must never be translated (player names, room codes, seeds) is
// set with `translate="no"`.

export const LANGUAGES = { en: 'English', ja: '日本語' };
const KEY = 'cubicle:lang';
const OLD_KEY = 'cubicle:rules-lang';

function stored() {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null; // Storage disabled: use the browser's language.
  }
}

function detect() {
  const choice = stored();
  if (Object.hasOwn(LANGUAGES, choice)) return choice;
  const wanted = navigator.languages?.length ? navigator.languages : [navigator.language ?? 'en'];
  for (const tag of wanted) {
    const base = String(tag).toLowerCase().split('-')[0];
    if (Object.hasOwn(LANGUAGES, base)) return base;
  }
  return 'en';
}

/** 'en' or 'ja', for the whole page's life. */
export const lang = detect();
document.documentElement.lang = lang;

/**
 * For dates and times (`toLocaleString(locales)`): the browser's own
 * locale when it speaks the page's language (en-GB keeps its day/month),
 * else the page's language (an English page in a Japanese browser).
 */
export const locales = String(navigator.language ?? '').toLowerCase().split('-')[0] === lang ? [] : [lang];

const words = new Map();
/** Each part's loading, shared: a second caller waits for the same one. */
const loading = new Map();

/** Loads a part of the dictionary (a game id or 'shell'); nothing in English. */
export function useDictionary(part) {
  if (lang === 'en') return Promise.resolve();
  if (!loading.has(part)) {
    const load = import(`./i18n/${lang}/${part}.js`).then(
      (module) => {
        for (const [english, translated] of Object.entries(module.default)) words.set(english, translated);
      },
      (error) => {
        // Tried again by the next caller (a page that stays open can
        // still get its words after a network hiccup).
        loading.delete(part);
        console.error(`cannot load the ${lang} words for ${part}`, error);
      },
    );
    loading.set(part, load);
  }
  return loading.get(part);
}

// `art`: the words of the games' faces (start page cards, invite fold, profit meter).
await Promise.all([useDictionary('shell'), useDictionary('art')]);

/** The text in this page's language, with `{name}` placeholders filled. */
export function t(english, params) {
  const text = words.get(english) ?? english;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, key) => (Object.hasOwn(params, key) ? String(params[key]) : whole));
}

/**
 * Like `t`, but the placeholders may be nodes (a name in <bdi>, a button):
 * the text in this page's language as an array of strings and nodes, for
 * `h()` or `replace()`. A placeholder's value may be an array (joined names).
 */
export function tParts(english, params = {}) {
  const text = words.get(english) ?? english;
  return text
    .split(/\{(\w+)\}/)
    .flatMap((part, i) => {
      if (i % 2 === 0) return part === '' ? [] : [part];
      return Object.hasOwn(params, part) ? [params[part]].flat() : [`{${part}}`];
    });
}

/** Remembers a language and reloads the page in it. */
export function setLanguage(next) {
  if (!Object.hasOwn(LANGUAGES, next) || next === lang) return;
  try {
    localStorage.setItem(KEY, next);
    localStorage.removeItem(OLD_KEY);
  } catch {
    // Storage disabled: the reload falls back to the browser's language.
  }
  location.reload();
}

const ATTRIBUTES = ['aria-label', 'placeholder', 'title', 'alt', 'content'];

/** Translates the static HTML marked with data-i18n / data-i18n-attr. */
export function translatePage(root = document) {
  if (lang === 'en') return;
  for (const element of root.querySelectorAll('[data-i18n]')) {
    element.textContent = t(element.textContent.trim().replace(/\s+/g, ' '));
  }
  for (const element of root.querySelectorAll('[data-i18n-attr]')) {
    for (const name of element.dataset.i18nAttr.split(/\s+/)) {
      if (ATTRIBUTES.includes(name) && element.hasAttribute(name)) element.setAttribute(name, t(element.getAttribute(name)));
    }
  }
  if (document.title) document.title = t(document.title);
}
