//! Updates whose view is a patch: which view each connection holds, and the
//! last view built for each viewer, so that a connection that asked for
//! patches (`hello.patches`) gets `update.view_patch`, a JSON Patch from
//! the view it holds, instead of the whole view (docs/protocol.md).
//!
//! A patch goes only to a connection known to hold exactly the view it was
//! made from: one that received the previous game message (a snapshot or an
//! update) of the same viewer at the same point of the game. A connection
//! that arrives later holds nothing until its own snapshot or catch-up; one
//! whose outbox overflowed is sent nothing more (and is dropped); anything
//! else uncertain (no kept view, another seat, another game) gets the whole
//! view. Connections of one viewer share one text of each kind, built only
//! if some connection needs it. A patch is the difference between two views
//! of one viewer, so it carries nothing that viewer may not see.

use std::collections::HashMap;

use axum::extract::ws::Utf8Bytes;
use cubicle_games::Viewer;
use cubicle_protocol::EventSeq;

use super::{viewer, Room};
use crate::room::clock::Armed;
use crate::room::messages::ViewPart;
use crate::room::{messages, patch, ConnId};

/// A point in the room's games: the game's number and how many actions it
/// has had. The table, and so every view, is a function of it: a game
/// replays exactly from its log.
pub(super) type Stamp = (u32, u64);

/// The view a connection holds: whose, and at which point.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Held {
    viewer: Viewer,
    at: Stamp,
}

/// The last view built for a viewer with a connection that wants patches,
/// kept to make the next patch from.
pub(super) struct Kept {
    at: Stamp,
    view: patch::IndexedView,
}

/// What one viewer's connections need of an update.
#[derive(Default)]
struct Needs {
    whole: bool,
    patch: bool,
    /// The new view kept: some connection wants patches from it on.
    keep: bool,
}

impl Room {
    /// Where the game is now, if there is one.
    pub(super) fn stamp(&self) -> Option<Stamp> {
        self.game.as_ref().map(|g| (self.game_number, g.actions))
    }

    /// `conn` was just sent the whole view (a snapshot, or an update with
    /// `view`) of the game as it is now, unless its outbox refused it.
    pub(super) fn holds_current_view(&mut self, conn: ConnId) {
        let (Some(at), Some(game)) = (self.stamp(), &self.game) else {
            return;
        };
        let Some(c) = self.conns.get_mut(&conn) else {
            return;
        };
        if c.kicked {
            c.held = None;
            return;
        }
        let v = viewer(c.seat);
        c.held = Some(Held { viewer: v, at });
        if c.patches && self.views.get(&v).is_none_or(|k| k.at != at) {
            let view = patch::IndexedView::new(game.table.view_json(v));
            self.views.insert(v, Kept { at, view });
        }
    }

    /// Sends every connection the update after an action: the events after
    /// `seen` and the view, whole or as a patch from the view at `before`
    /// (the point before the action).
    pub(super) fn broadcast_update(
        &mut self,
        before: Option<Stamp>,
        seen: EventSeq,
        armed: Option<&Armed>,
    ) {
        let (Some(at), Some(game)) = (self.stamp(), &self.game) else {
            return;
        };
        let table = game.table.as_ref();
        let kept_before = |v: &Viewer| self.views.get(v).is_some_and(|k| Some(k.at) == before);
        let targets: Vec<(ConnId, Viewer, bool)> = self
            .conns
            .iter()
            .filter(|(_, c)| !c.kicked)
            .map(|(id, c)| {
                let v = viewer(c.seat);
                let patch = c.patches
                    && before.is_some_and(|at| c.held == Some(Held { viewer: v, at }))
                    && kept_before(&v);
                (*id, v, patch)
            })
            .collect();
        let mut needs: HashMap<Viewer, Needs> = HashMap::new();
        for (id, v, patch) in &targets {
            let n = needs.entry(*v).or_default();
            n.patch |= patch;
            n.whole |= !patch;
            n.keep |= self.conns[id].patches;
        }
        let mut texts: HashMap<Viewer, (Option<Utf8Bytes>, Option<Utf8Bytes>)> = HashMap::new();
        for (v, n) in needs {
            // Serialized once for every use: whole, patched from, kept.
            let view = table.view_json(v);
            if !n.keep {
                // No connection of this viewer wants patches: whole only.
                let whole = messages::update_with(table, v, seen, armed, ViewPart::Whole(view));
                texts.insert(v, (Some(whole), None));
                continue;
            }
            // Indexed once: patched to now, patched from at the next update.
            let view = patch::IndexedView::new(view);
            let patched = n
                .patch
                .then(|| self.views[&v].view.patch_to(&view))
                .flatten()
                .map(|p| messages::update_with(table, v, seen, armed, ViewPart::Patch(p)));
            // A patch no smaller than the view: the whole view instead.
            let need_whole = n.whole || (n.patch && patched.is_none());
            let whole = need_whole.then(|| {
                let whole = view.text().to_owned();
                messages::update_with(table, v, seen, armed, ViewPart::Whole(whole))
            });
            self.views.insert(v, Kept { at, view });
            texts.insert(v, (whole, patched));
        }
        // Viewers with no connection that wants patches keep nothing.
        self.views.retain(|_, k| k.at == at);
        for (conn, v, patch) in targets {
            let (whole, patched) = &texts[&v];
            let text = if patch {
                patched.as_ref().or(whole.as_ref())
            } else {
                whole.as_ref()
            };
            self.send_text(conn, text.expect("built for every need").clone());
            if let Some(c) = self.conns.get_mut(&conn) {
                c.held = (!c.kicked).then_some(Held { viewer: v, at });
            }
        }
    }
}
