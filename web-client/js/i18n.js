// The interface's language (issue 14): English or Japanese, chosen from the
// browser's language at first, then from the header's switcher, remembered
// in localStorage under `cubicle:lang` (read also from the rules drawer's
// older `cubicle:rules-lang`). Switching reloads the page, so every module
// renders once, in one language.
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
    return localStorage.getItem(KEY) ?? localStorage.getItem(OLD_KEY);
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

const words = new Map();
const loaded = new Set();

/** Loads a part of the dictionary (a game id or 'shell'); nothing in English. */
export async function useDictionary(part) {
  if (lang === 'en' || loaded.has(part)) return;
  loaded.add(part);
  try {
    const module = await import(`./i18n/${lang}/${part}.js`);
    for (const [english, translated] of Object.entries(module.default)) words.set(english, translated);
  } catch (error) {
    console.error(`cannot load the ${lang} words for ${part}`, error);
  }
}

await useDictionary('shell');

/** The text in this page's language, with `{name}` placeholders filled. */
export function t(english, params) {
  const text = words.get(english) ?? english;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, key) => (Object.hasOwn(params, key) ? String(params[key]) : whole));
}

/** Remembers a language and reloads the page in it. */
export function setLanguage(next) {
  if (!Object.hasOwn(LANGUAGES, next) || next === lang) return;
  try {
    localStorage.setItem(KEY, next);
    localStorage.setItem(OLD_KEY, next);
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
