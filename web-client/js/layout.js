// The room page on a wide screen (issue 14, "a face"; css/layout.css): the
// table's column keeps its height for the players' areas (all four Osaki
// players in view at 1440x900), so "Since your last turn" (js/recap.js),
// which can run to a dozen lines, goes to the top of the side column, next
// to the table; on narrower screens it stays right above the table. Only
// the box moves: js/recap.js keeps filling and hiding it.
//
// The stylesheets order the room's panels by what matters now (site.css,
// layout.css, chat.css: on a phone during a game, the log and the chat
// come before the seats and the invite panel); each column's children are
// then put in that same order in the document too, so that Tab and a
// screen reader go through the page in the order it is seen.

const WIDE = matchMedia('(min-width: 80rem)');
const TWO_COLUMNS = matchMedia('(min-width: 48rem)');
const side = document.querySelector('.col-side');
const columns = [document.querySelector('.col-main'), side].filter(Boolean);

function place() {
  placeRecap();
  for (const column of columns) followScreenOrder(column);
}

function placeRecap() {
  const recap = document.querySelector('.recap');
  const table = document.getElementById('table');
  if (!recap || !side || !table) return;
  if (WIDE.matches) {
    // First in the side column's DOM too, not only on screen (css/layout.css
    // orders it first): Tab goes in the order things are seen. The invite
    // panel, folded into the side column when a game is found running,
    // comes after it.
    if (side.firstElementChild !== recap) side.prepend(recap);
  } else if (recap.nextElementSibling !== table) {
    table.before(recap);
  }
}

/** Boxes that scroll: they keep their place, the others move around them (a moved box loses its scroll position). */
const SCROLLING = new Set(['game', 'log-panel', 'chat-panel']);

/** Puts a column's children in the order the stylesheets show them (their `order`; a stable sort); the focus stays where it was. */
function followScreenOrder(column) {
  const order = (el) => Number(getComputedStyle(el).order) || 0;
  const wanted = [...column.children].sort((a, b) => order(a) - order(b));
  const inOrder = () => wanted.every((el, i) => column.children[i] === el);
  if (inOrder()) return;
  const focused = document.activeElement;
  for (let i = wanted.length - 1; i >= 0; i -= 1) {
    if (!SCROLLING.has(wanted[i].id)) column.insertBefore(wanted[i], wanted[i + 1] ?? null);
  }
  if (!inOrder()) column.append(...wanted);
  if (focused !== document.activeElement && focused?.isConnected) focused.focus({ preventScroll: true });
}

// The recap box is made by the room page's script; place it once it is
// there (the game's start changes the body's class), and on every change
// of width.
place();
WIDE.addEventListener('change', place);
TWO_COLUMNS.addEventListener('change', place);
new MutationObserver(place).observe(document.body, { attributes: true, attributeFilter: ['class'] });
