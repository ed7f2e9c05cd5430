// Light or dark (issue 14). By default the page follows the system
// setting (prefers-color-scheme); the header's theme button cycles through
// the other theme, the same theme chosen for good, and back to the system,
// and the choice is remembered in localStorage.
//
// The resolved theme is written to <html data-theme="light|dark"> as soon
// as this module runs (it has no imports, so it runs right after parsing),
// and again whenever the system setting or the choice (in this or another
// tab) changes; css/theme.css keys the dark colours on it. Until the module
// has run, theme.css follows prefers-color-scheme by itself.
//
// The button's words come from js/i18n.js, imported dynamically so that
// the theme is still applied before anything waits for the dictionary; the
// button shows once its words are there.

const KEY = 'cubicle:theme';
const CHOICES = ['system', 'light', 'dark'];
const LABELS = { system: 'Auto', light: 'Light', dark: 'Dark' };

const systemDark = window.matchMedia ? window.matchMedia('(prefers-color-scheme: dark)') : null;

/** The remembered choice: 'system' (the default), 'light' or 'dark'. */
export function themeChoice() {
  let value = null;
  try {
    value = localStorage.getItem(KEY);
  } catch {
    // Storage disabled: follow the system.
  }
  return CHOICES.includes(value) ? value : 'system';
}

function remember(choice) {
  try {
    if (choice === 'system') localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, choice);
  } catch {
    // Storage disabled or full: the choice holds for this page only.
  }
}

/** 'light' or 'dark': what a choice means now. */
export function resolvedTheme(choice = themeChoice()) {
  if (choice !== 'system') return choice;
  return systemDark?.matches ? 'dark' : 'light';
}

/**
 * The choice after `choice`: from the system's theme to the other one, then
 * the system's theme kept for good, then back to following the system. Every
 * click but the last changes what the page looks like.
 */
export function nextChoice(choice, system = resolvedTheme('system')) {
  const other = system === 'dark' ? 'light' : 'dark';
  if (choice === 'system') return other;
  if (choice === other) return system;
  return 'system';
}

let current = 'system';
/** The page's language's words (js/i18n.js `t`), once loaded. */
let t = (english, params) => english.replace(/\{(\w+)\}/g, (whole, key) => params?.[key] ?? whole);

function apply(choice) {
  current = choice;
  const root = document.documentElement;
  root.setAttribute('data-theme', resolvedTheme(choice));
  root.setAttribute('data-theme-choice', choice);
  label(document.getElementById('theme-toggle'));
}

/** The button's text is its accessible name: "Theme: Dark", "Theme: Auto (light, as the system)". */
function label(button) {
  if (!button) return;
  const now = resolvedTheme(current);
  const prefix = document.createElement('span');
  prefix.className = 'visually-hidden';
  prefix.textContent = t('Theme: ');
  const shown = document.createElement('span');
  shown.className = 'theme-toggle-state';
  shown.textContent = t(LABELS[current]);
  const parts = [prefix, shown];
  if (current === 'system') {
    const detail = document.createElement('span');
    detail.className = 'visually-hidden';
    detail.textContent = now === 'dark' ? t(' (dark, as the system)') : t(' (light, as the system)');
    parts.push(detail);
  }
  button.replaceChildren(...parts);
  button.setAttribute('data-choice', current);
  button.setAttribute('data-theme-now', now);
  const next = nextChoice(current);
  button.title = next === 'system' ? t('Follow the system\u2019s theme') : next === 'dark' ? t('Switch to the dark theme') : t('Switch to the light theme');
}

function setChoice(choice) {
  remember(choice);
  apply(choice);
}

apply(themeChoice());

const button = document.getElementById('theme-toggle');
if (button) {
  button.addEventListener('click', () => setChoice(nextChoice(current)));
  import('./i18n.js')
    .then((i18n) => {
      t = i18n.t;
    })
    .catch(() => {
      // No dictionary: the button speaks English.
    })
    .finally(() => {
      label(button);
      button.hidden = false;
    });
}

systemDark?.addEventListener?.('change', () => apply(current));

// Another tab changed the choice: follow it.
window.addEventListener('storage', (event) => {
  if (event.key === KEY || event.key === null) apply(themeChoice());
});
