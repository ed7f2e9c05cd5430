// The room page on a wide screen (issue 14, "a face"; css/layout.css): the
// table's column keeps its height for the players' areas (all four Osaki
// players in view at 1440x900), so "Since your last turn" (js/recap.js),
// which can run to a dozen lines, goes to the top of the side column, next
// to the table; on narrower screens it stays right above the table. Only
// the box moves: js/recap.js keeps filling and hiding it.

const WIDE = matchMedia('(min-width: 80rem)');
const side = document.querySelector('.col-side');

function place() {
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

// The recap box is made by the room page's script; place it once it is
// there (the game's start changes the body's class), and on every change
// of width.
place();
WIDE.addEventListener('change', place);
new MutationObserver(place).observe(document.body, { attributes: true, attributeFilter: ['class'] });
