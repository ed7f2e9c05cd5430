//! `update.view_patch` under thousands of random games of every game in the
//! catalog: for every viewer (each seat and a spectator) and every action,
//! the patch the server makes ([`IndexedView::patch_to`], from the view
//! as the room keeps it) from the view that viewer held, applied to it,
//! gives exactly the view the update would have carried whole (as parsed
//! from the wire text), and parses as the protocol's `PatchOp`s; when the server sends the whole view instead
//! (the patch would be no smaller), the viewer holds that. (Seeded loops,
//! like the games' property tests.)
//!
//! A patch cannot leak: it is made from two views of the same viewer, each
//! already what that viewer may see (the games' non-interference tests), so
//! it holds nothing the second view does not.

use cubicle_games::catalog::ENTRIES;
use cubicle_games::{Chance, PlayerProfile, SeededChance, Table, Viewer};
use cubicle_protocol::PatchOp;
use serde_json::Value;

use super::patch::IndexedView;

/// Random games per game: fewer for the long ones, more in release builds.
fn games(id: &str) -> u64 {
    let debug = cfg!(debug_assertions);
    match (id, debug) {
        ("dilbert", true) => 40,
        ("dilbert", false) => 1_000,
        (_, true) => 1_000,
        (_, false) => 10_000,
    }
}

/// What a viewer's connection holds (the view as the client parsed it) and
/// what the server kept of it (the view's text, indexed as the room keeps it).
struct Held {
    viewer: Viewer,
    view: Value,
    kept: IndexedView,
}

/// Patches `held` to the table's view for its viewer, checking it; the
/// number of operations.
fn check(table: &dyn Table, held: &mut Held, what: &dyn Fn() -> String) -> usize {
    let after = table.view_json(held.viewer);
    let whole: Value = serde_json::from_str(after.get()).expect("a view is JSON");
    assert_eq!(
        whole,
        table.view(held.viewer),
        "{}: view_json is the view",
        what()
    );
    let after = IndexedView::new(after);
    // As the room makes it: from the index kept with the previous view.
    let patch = held.kept.patch_to(&after);
    held.kept = after;
    let Some(patch) = patch else {
        // Sent whole: the viewer holds it as it is.
        held.view = whole;
        return 0;
    };
    let ops: Vec<PatchOp> = serde_json::from_str(patch.get()).expect("protocol PatchOps");
    assert!(ops.iter().all(|op| !matches!(op, PatchOp::Test { .. })));
    let ops: json_patch::Patch = serde_json::from_str(patch.get()).expect("RFC 6902");
    json_patch::patch(&mut held.view, &ops)
        .unwrap_or_else(|e| panic!("{}: {e}: {}", what(), patch.get()));
    assert_eq!(
        held.view,
        whole,
        "{}: the patched view is the whole view",
        what()
    );
    // Keys in the same (sorted) order: the same bytes.
    assert_eq!(held.view.to_string(), whole.to_string(), "{}", what());
    ops.len()
}

#[test]
fn every_patch_applied_to_the_previous_view_gives_the_view() {
    for entry in ENTRIES {
        let info = (entry.info)();
        let (mut actions, mut ops) = (0u64, 0usize);
        for n in 0..games(entry.id) {
            let seats = usize::from(info.min_seats)
                + (n as usize) % usize::from(info.max_seats - info.min_seats + 1);
            let mut seed = [0x5a; 32];
            seed[..8].copy_from_slice(&n.to_le_bytes());
            let players = vec![PlayerProfile::default(); seats];
            let mut table = (entry.start)(&players, &Value::Null, &seed).expect("starts");
            // What each viewer holds: its snapshot's view.
            let mut held: Vec<Held> = Viewer::all(seats)
                .map(|viewer| Held {
                    viewer,
                    view: table.view(viewer),
                    kept: IndexedView::new(table.view_json(viewer)),
                })
                .collect();
            let mut choices = SeededChance::new(&seed, 1 << 40);
            let chooser: &mut dyn Chance = &mut choices;
            let mut step = 0;
            while table.outcome().is_none() {
                step += 1;
                let seat = *chooser.pick(&table.to_act()).expect("someone acts");
                let action = chooser.pick(&table.legal(seat)).expect("legal").clone();
                table
                    .apply(seat, &action, &mut SeededChance::new(&seed, step))
                    .expect("legal actions apply");
                for h in &mut held {
                    let v = h.viewer;
                    let what = || format!("{} game {n}, action {step}, {v:?}", entry.id);
                    ops += check(table.as_ref(), h, &what);
                }
            }
            actions += step;
        }
        eprintln!(
            "{}: {} games, {actions} actions, {ops} patch operations",
            entry.id,
            games(entry.id)
        );
    }
}
