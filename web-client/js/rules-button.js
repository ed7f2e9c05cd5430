// The way into the rules drawer (issue 14, "Rules at hand"): the header's
// "Rules" button, the start page's buttons and the tables' "?" controls.
// The drawer itself (js/rules.js, and each game's texts) is imported when
// it is first opened: a table's first load on a slow phone does not carry
// it (docs/performance.md, "First load").

/** The games with a rules summary (js/rules/<game>.js, js/rules.js's loaders). */
const RULES_GAMES = ['osaki', 'office21', 'dilbert'];

/** Whether a summary exists for this game id. */
export function hasRules(game) {
  return RULES_GAMES.includes(game);
}

/**
 * Opens the drawer with `game`'s rules (at `sectionId` if given); the focus
 * returns to `opener` when it closes. See js/rules.js.
 */
export async function openRules(game, sectionId = null, opener = document.activeElement) {
  if (!hasRules(game)) return false;
  const rules = await import('./rules.js');
  return rules.openRules(game, sectionId, opener);
}

/** The page's game (the room's), for `[data-rules-section]` controls without a `data-rules-game`. */
let pageGame = null;

/**
 * Makes `button` open `game`'s rules (shown only for a game that has them),
 * and makes `game` the page's game: then any control marked
 * `data-rules-section="<id>"` (optionally `data-rules-game`) opens the
 * rules at that section, so a table can explain a status without importing
 * anything; the page's static ones (class `rules-help-static`) are shown.
 */
export function attachRulesButton(button, game) {
  pageGame = hasRules(game) ? game : null;
  for (const el of document.querySelectorAll('.rules-help-static')) el.hidden = !pageGame;
  if (!button) return;
  button.hidden = !pageGame;
  button.dataset.game = game ?? '';
  if (button.dataset.rulesAttached) return;
  button.dataset.rulesAttached = 'true';
  button.addEventListener('click', () => openRules(button.dataset.game, null, button));
}

document.addEventListener('click', (event) => {
  const control = event.target instanceof Element ? event.target.closest('[data-rules-section]') : null;
  if (!control || control.closest('#rules-drawer')) return;
  const game = control.dataset.rulesGame || pageGame;
  if (!hasRules(game)) return;
  event.preventDefault();
  openRules(game, control.dataset.rulesSection, control);
});
