// "Rules at hand" (issue 14): a drawer with a readable summary of a game's
// rules for players, in English and Japanese, on the room page (the
// header's "Rules" button) and the start page (a "Rules" button beside each
// game). The summaries are data (js/rules/<game>.js: {en, ja}, each
// {title, intro, sections: [{id, heading, paragraphs, items, after}]},
// an item a string or [term, text]) rendered here as text with `h()`.
//
// One <dialog> per page, opened modal: a side sheet on wide screens, the
// whole screen on phones (css/site.css, "Rules drawer"). Escape or Close
// closes it and the focus goes back to what opened it. The language is
// the page's (js/i18n.js), unless the drawer's own language buttons chose
// another: that choice switches the drawer only (the page keeps its
// language, no reload) and is kept in localStorage under
// `cubicle:rules-lang` until the header's switch sets the page's language.
//
// For later use by the tables: `openRules(game, sectionId)` opens the
// drawer at a section (ids: goal, turn, cards | tiles, end, online, table,
// and Office 21's `stalling`), and `rulesLink(game, sectionId, label)`
// builds a small "?" button that does it.
//
// Pages do not import this module: js/rules-button.js (the button, the "?"
// controls) imports it when the drawer is first opened, so a table's first
// load does not carry the drawer (docs/performance.md, "First load").

import { h, replace } from './dom.js';
import { lang as pageLang, t } from './i18n.js';
import { hasRules } from './rules-button.js';

const KEY = 'cubicle:rules-lang';
const LANGUAGES = { en: 'English', ja: '日本語' };
const LOADERS = {
  osaki: () => import('./rules/osaki.js'),
  office21: () => import('./rules/office21.js'),
  dilbert: () => import('./rules/dilbert.js'),
};
const UI = {
  en: { rules: 'Rules', close: 'Close', contents: 'Contents', language: 'Language' },
  ja: { rules: 'ルール', close: '閉じる', contents: '目次', language: '言語' },
};


/** 'en' or 'ja': the drawer's own remembered choice, else the page's language. */
export function rulesLanguage() {
  let stored = null;
  try {
    stored = localStorage.getItem(KEY);
  } catch {
    // Storage disabled: follow the page.
  }
  return Object.hasOwn(LANGUAGES, stored) ? stored : pageLang;
}

function rememberLanguage(lang) {
  try {
    localStorage.setItem(KEY, lang);
  } catch {
    // Storage disabled or full: the choice holds for this page only.
  }
}

const drawer = {
  dialog: null,
  game: null,
  data: null,
  lang: 'en',
  opener: null,
};

let stylesLoaded = null;

/**
 * css/rules-drawer.css, linked on first use (the pages link only the
 * buttons' styles): resolves once it applies, so the drawer never shows
 * unstyled. A failed load is tried again at the next opening.
 */
function drawerStyles() {
  stylesLoaded ??= new Promise((resolve, reject) => {
    const link = h('link', { rel: 'stylesheet', href: new URL('../css/rules-drawer.css', import.meta.url).href });
    link.addEventListener('load', () => resolve());
    link.addEventListener('error', () => {
      link.remove();
      stylesLoaded = null;
      reject(new Error('the rules drawer\u2019s styles did not load'));
    });
    document.head.append(link);
  });
  return stylesLoaded;
}

function ensureDialog() {
  if (drawer.dialog) return drawer.dialog;
  const title = h('h2', { id: 'rules-title', class: 'rules-title' });
  const langButtons = Object.entries(LANGUAGES).map(([lang, label]) =>
    h(
      'button',
      { type: 'button', class: 'small rules-lang', lang, 'data-lang': lang, 'aria-pressed': 'false', onclick: () => setLanguage(lang) },
      label,
    ),
  );
  const close = h('button', { type: 'button', class: 'small rules-close', 'data-testid': 'rules-close', onclick: () => drawer.dialog.close() }, 'Close');
  const dialog = h(
    'dialog',
    { class: 'rules-drawer', id: 'rules-drawer', 'aria-labelledby': 'rules-title' },
    h(
      'div',
      { class: 'rules-head' },
      title,
      h('div', { class: 'rules-tools' }, h('div', { class: 'rules-langs', role: 'group', 'aria-label': t('Language / 言語') }, langButtons), close),
    ),
    h('div', { class: 'rules-content', id: 'rules-content', tabindex: '-1' }),
  );
  dialog.addEventListener('close', () => {
    const opener = drawer.opener;
    drawer.opener = null;
    // Gone from the page while closed: nothing of it lingers in the
    // accessibility tree (or in a search for a label).
    dialog.remove();
    drawer.dialog = null;
    if (opener && opener.isConnected) opener.focus();
  });
  // A click on the backdrop (outside the sheet) closes it too.
  dialog.addEventListener('click', (event) => {
    if (event.target !== dialog) return;
    const box = dialog.getBoundingClientRect();
    const inside = event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
    if (!inside) dialog.close();
  });
  document.body.append(dialog);
  drawer.dialog = dialog;
  return dialog;
}

function sectionAnchor(id) {
  return `rules-${id}`;
}

function renderItem(item) {
  if (Array.isArray(item)) return h('li', {}, h('strong', { class: 'rules-term' }, item[0]), ' ', item[1]);
  return h('li', {}, item);
}

function render() {
  const dialog = ensureDialog();
  const text = drawer.data[drawer.lang] ?? drawer.data.en;
  const ui = UI[drawer.lang];
  const title = dialog.querySelector('#rules-title');
  title.lang = drawer.lang;
  replace(title, `${ui.rules} · ${text.title}`);
  dialog.querySelector('.rules-close').textContent = ui.close;
  dialog.querySelector('.rules-close').lang = drawer.lang;
  for (const button of dialog.querySelectorAll('.rules-lang')) {
    button.setAttribute('aria-pressed', String(button.dataset.lang === drawer.lang));
  }
  const content = dialog.querySelector('#rules-content');
  content.lang = drawer.lang;
  content.dataset.game = drawer.game;
  replace(
    content,
    text.intro ? h('p', { class: 'rules-intro' }, text.intro) : null,
    h(
      'nav',
      { class: 'rules-toc', 'aria-label': ui.contents },
      h(
        'ul',
        {},
        text.sections.map((s) =>
          h('li', {}, h('button', { type: 'button', class: 'rules-toc-link', 'data-section': s.id, onclick: () => showSection(s.id, true) }, s.heading)),
        ),
      ),
    ),
    text.sections.map((s) =>
      h(
        'section',
        { class: 'rules-section', id: sectionAnchor(s.id), 'data-section': s.id, 'aria-labelledby': `${sectionAnchor(s.id)}-h`, tabindex: '-1' },
        h('h3', { id: `${sectionAnchor(s.id)}-h` }, s.heading),
        (s.paragraphs ?? []).map((p) => h('p', {}, p)),
        s.items?.length ? h('ul', { class: 'rules-items' }, s.items.map(renderItem)) : null,
        (s.after ?? []).map((p) => h('p', {}, p)),
      ),
    ),
  );
}

function showSection(id, focus) {
  const section = drawer.dialog?.querySelector(`#${CSS.escape(sectionAnchor(id))}`);
  if (!section) return false;
  section.scrollIntoView({ block: 'start' });
  if (focus) section.focus({ preventScroll: true });
  return true;
}

function setLanguage(lang) {
  if (!Object.hasOwn(LANGUAGES, lang) || !drawer.data) return;
  rememberLanguage(lang);
  if (lang === drawer.lang) return;
  const content = drawer.dialog.querySelector('#rules-content');
  const top = content.scrollTop;
  drawer.lang = lang;
  render();
  content.scrollTop = top;
}

/**
 * Opens the drawer with `game`'s rules (at `sectionId` if given). The focus
 * returns to `opener` (by default what had it) when the drawer closes.
 */
export async function openRules(game, sectionId = null, opener = document.activeElement) {
  if (!hasRules(game)) return false;
  const [module] = await Promise.all([LOADERS[game](), drawerStyles()]);
  const dialog = ensureDialog();
  drawer.game = game;
  drawer.data = module.default;
  drawer.lang = rulesLanguage();
  drawer.opener = opener instanceof HTMLElement && opener !== document.body ? opener : null;
  render();
  if (!dialog.open) dialog.showModal();
  const content = dialog.querySelector('#rules-content');
  if (!sectionId || !showSection(sectionId, true)) {
    content.scrollTop = 0;
    dialog.querySelector('.rules-close').focus();
  }
  return true;
}

/** A small "?" button that opens `game`'s rules at `sectionId` (its name says which). */
export function rulesLink(game, sectionId, label = t('Explain this in the rules')) {
  return h(
    'button',
    { type: 'button', class: 'small rules-help', 'aria-label': label, title: label, 'data-rules-section': sectionId, 'data-rules-game': game },
    '?',
  );
}
