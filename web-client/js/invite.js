// The invite panel (link, QR code, room code) out of the way once the game
// has started (issue 14, "a face"): the room page's #share panel goes into
// a <details> "Invite people", open in the lobby (its summary hidden: the
// panel looks as before), folded when the game starts and moved to the top
// of the side column, where one click opens it again. Back in a lobby (a
// new game in the same room) it opens and comes back.
//
// Driven by the body's `in-game` class (set by js/room.js), so that the
// room page's own code needs no change.

import { h } from './dom.js';
import { t } from './i18n.js';

const share = document.getElementById('share');
const home = share?.parentElement;
const side = document.querySelector('.col-side');

if (share && home && side) {
  const fold = h('details', { id: 'invite', class: 'invite-fold', open: true }, h('summary', { class: 'invite-summary', 'data-testid': 'invite-summary' }, t('Invite people')));
  share.before(fold);
  fold.append(share);

  let inGame = null;
  const follow = () => {
    const now = document.body.classList.contains('in-game');
    if (now === inGame) return;
    inGame = now;
    // Keep the focus if it was inside the panel when it moves.
    const focused = fold.contains(document.activeElement) ? document.activeElement : null;
    if (now) {
      fold.open = false;
      side.prepend(fold);
    } else {
      fold.open = true;
      home.prepend(fold);
    }
    fold.dataset.folded = String(now);
    focused?.focus({ preventScroll: true });
  };
  follow();
  new MutationObserver(follow).observe(document.body, { attributes: true, attributeFilter: ['class'] });
}
