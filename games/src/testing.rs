//! Test support every game plugs into: random play-outs and the
//! non-interference check.
//!
//! Non-interference is how we prove "visibility by construction": take two
//! games that differ only in something hidden from a viewer (an unturned
//! tile's task, the order of cards in another player's hand or in the pile),
//! and everything that viewer would receive (the view, the legal actions,
//! every event of the log) must serialize to the same bytes. Each game's
//! tests build the pairs; [`assert_indistinguishable`] compares them.

pub mod relay;

use cubicle_protocol::Seat;

use crate::{Chance, Game, SeededChance, Viewer};

/// The chance [`Game::timeout_action`] gets in tests: fixed, so that a
/// timeout action is a function of the state alone and can be compared
/// across games like the view.
fn timeout_chance() -> SeededChance {
    SeededChance::new(&[0; 32], u64::MAX)
}

/// Everything `viewer` would be sent about `game`, as bytes: the view, the
/// legal actions (for a seat) and each event of `events` as the viewer may
/// see it (a bare number where it may see nothing).
pub fn observed_bytes<G: Game>(game: &G, events: &[G::Event], viewer: Viewer) -> Vec<u8> {
    let log: Vec<Option<G::EventView>> = events.iter().map(|e| G::event_view(e, viewer)).collect();
    let legal = viewer.seat().map(|s| game.legal(s)).unwrap_or_default();
    // What the turn clock would play for this seat is part of what it may
    // learn: it must not depend on anything hidden either.
    let timeout = viewer
        .seat()
        .and_then(|s| game.timeout_action(s, &mut timeout_chance()));
    serde_json::to_vec(&(game.view(viewer), legal, log, timeout)).expect("views serialize")
}

/// Panics, showing both sides, if `viewer` could tell `a` from `b`.
pub fn assert_indistinguishable<G: Game>(
    viewer: Viewer,
    a: (&G, &[G::Event]),
    b: (&G, &[G::Event]),
) {
    let left = observed_bytes(a.0, a.1, viewer);
    let right = observed_bytes(b.0, b.1, viewer);
    if left != right {
        panic!(
            "{viewer:?} can tell the two games apart\n  a: {}\n  b: {}",
            String::from_utf8_lossy(&left),
            String::from_utf8_lossy(&right)
        );
    }
}

/// Checks the contract between `to_act` and `legal`: a seat has legal
/// actions exactly when it is asked to act, and a finished game asks no one.
/// The clock's fallbacks keep it too: a seat's timeout action exists exactly
/// when it has legal actions and is one of them, and a rules deadline names
/// a legal action of a seat that is asked to act.
pub fn assert_turn_contract<G: Game>(game: &G) {
    let to_act = game.to_act();
    if game.outcome().is_some() {
        assert!(
            to_act.is_empty(),
            "finished game still asks {to_act:?} to act"
        );
    }
    for seat in 0..game.seats() as Seat {
        let legal = game.legal(seat);
        assert_eq!(
            to_act.contains(&seat),
            !legal.is_empty(),
            "seat {seat}: to_act = {to_act:?} but legal = {legal:?}"
        );
        let timeout = game.timeout_action(seat, &mut timeout_chance());
        assert_eq!(
            timeout.is_some(),
            !legal.is_empty(),
            "seat {seat}: timeout action {timeout:?} but legal = {legal:?}"
        );
        if let Some(action) = timeout {
            assert!(
                legal.contains(&action),
                "seat {seat}: timeout action {action:?} is not in legal = {legal:?}"
            );
        }
    }
    if let Some(deadline) = game.deadline() {
        assert!(
            game.legal(deadline.seat).contains(&deadline.action),
            "deadline action {:?} is not legal for seat {}",
            deadline.action,
            deadline.seat
        );
    }
}

/// Plays uniformly random legal actions (chosen with `choices`, the game's
/// own randomness drawn from `chance`) until the game ends or `max_steps`
/// actions were played. After every action `check` sees the game and the
/// whole event history. Panics if a legal action is refused or the turn
/// contract breaks. Returns the number of actions played.
pub fn random_playout<G: Game>(
    game: &mut G,
    events: &mut Vec<G::Event>,
    choices: &mut dyn Chance,
    chance: &mut dyn Chance,
    max_steps: usize,
    mut check: impl FnMut(&G, &[G::Event]),
) -> usize {
    for step in 0..max_steps {
        assert_turn_contract(game);
        if game.outcome().is_some() {
            return step;
        }
        let to_act = game.to_act();
        let seat = *choices
            .pick(&to_act)
            .expect("an unfinished game asks someone to act");
        let legal = game.legal(seat);
        let action = choices
            .pick(&legal)
            .expect("to_act seat has legal actions")
            .clone();
        match game.apply(seat, &action, chance) {
            Ok(new) => events.extend(new),
            Err(e) => panic!("legal action {action:?} by seat {seat} refused: {e}\n{game:?}"),
        }
        check(game, events);
    }
    max_steps
}
