//! Non-interference: what a viewer receives (view, legal actions, the whole
//! event log) must not depend on anything hidden from them. In Osaki the
//! hidden things are the tasks of unturned tiles (hidden from everyone,
//! their owner included) and of the leftover tiles of a 3-player game.
//!
//! Two deals that differ only by swapping the tasks of two tiles of the same
//! character (so that both stay valid deals) are played with the same
//! actions. If both tiles are still hidden, every seat and the spectator
//! must receive identical bytes; once one of them has been turned, everyone
//! must be able to tell (so the check is not vacuous).

mod osaki_support;

use std::panic::{catch_unwind, AssertUnwindSafe};

use cubicle_games::answers::Answer;
use cubicle_games::chance::NoChance;
use cubicle_games::osaki::Osaki;
use cubicle_games::testing::{assert_indistinguishable, observed_bytes};
use cubicle_games::{Chance, Game, PlayerProfile, SeededChance, Viewer};
use cubicle_protocol::osaki::{Action, Event, Pile, Tile, LEFT_WORK_AT};
use cubicle_protocol::Seat;
use osaki_support::*;

/// Where a tile of the deal is: a player's slot, or set aside.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Spot {
    Slot(usize, usize),
    Leftover,
}

/// `deal` with the tasks of the tiles at `a` and `b` (same character)
/// swapped. A leftover tile is not in the deal: changing the dealt tile's
/// task to the leftover's puts the old task in the box.
fn swap_tasks(deal: &[Vec<Tile>], a: (Spot, Tile), b: (Spot, Tile)) -> Vec<Vec<Tile>> {
    assert_eq!(a.1.character, b.1.character);
    let mut variant = deal.to_vec();
    for ((spot, _), (_, other)) in [(a, b), (b, a)] {
        if let Spot::Slot(seat, slot) = spot {
            variant[seat][slot].task = other.task;
        }
    }
    variant
}

fn profiles(seats: usize, rng: &mut dyn Chance) -> Vec<PlayerProfile> {
    (0..seats)
        .map(|_| match rng.below(2) {
            // 16:40 to 16:42: ties are common.
            0 => PlayerProfile::default()
                .with(LEFT_WORK_AT, Answer::Text(format!("16:4{}", rng.below(3)))),
            _ => PlayerProfile::default(),
        })
        .collect()
}

/// A game started from `deal` (start player drawn from `seed`), with its
/// event log.
fn begin(deal: &[Vec<Tile>], players: &[PlayerProfile], seed: u64) -> (Osaki, Vec<Event>) {
    let mut chance = SeededChance::new(&[3; 32], seed);
    Osaki::start(players, &options(deal.to_vec(), None), &mut chance).expect("valid deal")
}

fn step(game: &mut Osaki, events: &mut Vec<Event>, seat: Seat, action: &Action) {
    match game.apply(seat, action, &mut NoChance) {
        Ok(new) => events.extend(new),
        Err(e) => panic!("replayed {action:?} by seat {seat} refused: {e}"),
    }
}

/// The tiles hidden from everyone in `game` (dealt with `deal`): unturned
/// slots and, while the game runs, the leftover.
fn hidden_tiles(game: &Osaki, deal: &[Vec<Tile>]) -> Vec<(Spot, Tile)> {
    let view = spectator_view(game);
    let mut hidden = Vec::new();
    for area in &view.areas {
        for (slot, pile) in area.slots.iter().enumerate() {
            if matches!(pile, Pile::Unturned { .. }) {
                let seat = usize::from(area.seat);
                hidden.push((Spot::Slot(seat, slot), deal[seat][slot]));
            }
        }
    }
    if view.ending.is_none() {
        hidden.extend(leftover_of(deal).into_iter().map(|t| (Spot::Leftover, t)));
    }
    hidden
}

/// Two distinct entries of `tiles` with the same character, chosen at
/// random; `None` if every character appears once.
fn same_character_pair(
    tiles: &[(Spot, Tile)],
    rng: &mut dyn Chance,
) -> Option<((Spot, Tile), (Spot, Tile))> {
    let mut pairs = Vec::new();
    for (i, a) in tiles.iter().enumerate() {
        for b in &tiles[i + 1..] {
            if a.1.character == b.1.character {
                pairs.push((*a, *b));
            }
        }
    }
    rng.pick(&pairs).copied()
}

fn every_viewer_agrees(seats: usize, a: (&Osaki, &[Event]), b: (&Osaki, &[Event])) {
    for viewer in Viewer::all(seats) {
        assert_indistinguishable(viewer, a, b);
    }
}

#[test]
fn swapping_hidden_tasks_changes_nothing_anyone_receives() {
    let mut tested = 0;
    let mut with_leftover = 0;
    for g in 0..200u64 {
        let rng = &mut SeededChance::new(&[12; 32], g) as &mut dyn Chance;
        let seats = 2 + (g % 3) as usize;
        let deal = random_deal(seats, rng);
        let players = profiles(seats, rng);

        // Play a random number of random legal actions.
        let (mut game, mut events) = begin(&deal, &players, g);
        let dealt = deal.iter().flatten().count() as u32;
        let mut actions = Vec::new();
        for _ in 0..rng.below(2 * dealt) {
            let Some(&seat) = game.to_act().first() else {
                break;
            };
            let action = *rng.pick(&game.legal(seat)).unwrap();
            step(&mut game, &mut events, seat, &action);
            actions.push((seat, action));
        }

        let Some((a, b)) = same_character_pair(&hidden_tiles(&game, &deal), rng) else {
            continue;
        };
        let variant = swap_tasks(&deal, a, b);
        assert_ne!(variant, deal);
        if a.0 == Spot::Leftover || b.0 == Spot::Leftover {
            with_leftover += 1;
        }

        // Replay the same actions from the variant deal. Every viewer's
        // whole observation, as bytes, is compared at the start and the
        // end; after each step in between, the values those bytes are
        // serialized from (view, legal actions, the step's events as the
        // viewer sees them): cheaper, and equal values serialize equally.
        let (mut original, mut original_events) = begin(&deal, &players, g);
        let (mut other, mut other_events) = begin(&variant, &players, g);
        every_viewer_agrees(
            seats,
            (&original, &original_events),
            (&other, &other_events),
        );
        for (seat, action) in &actions {
            let seen = original_events.len();
            step(&mut original, &mut original_events, *seat, action);
            step(&mut other, &mut other_events, *seat, action);
            for viewer in Viewer::all(seats) {
                let observe = |game: &Osaki, new: &[Event]| {
                    let log: Vec<_> = new.iter().map(|e| Osaki::event_view(e, viewer)).collect();
                    let legal = viewer.seat().map(|s| game.legal(s)).unwrap_or_default();
                    (game.view(viewer), legal, log)
                };
                assert_eq!(
                    observe(&original, &original_events[seen..]),
                    observe(&other, &other_events[seen..]),
                    "{viewer:?} after {action:?}"
                );
            }
        }
        every_viewer_agrees(
            seats,
            (&original, &original_events),
            (&other, &other_events),
        );
        assert_eq!(
            (&original, &original_events),
            (&game, &events),
            "replay is exact"
        );
        assert_ne!(original, other, "the two games do differ, invisibly");
        tested += 1;
    }
    assert!(
        tested > 150 && with_leftover > 20,
        "{tested} pairs tested, {with_leftover} with a leftover tile"
    );
}

#[test]
fn the_check_notices_a_turned_tile() {
    // Seat 0 holds President/Copying in slot 0, seat 1 President/Accounting.
    let deal = four_player_deal();
    let variant = swap_tasks(
        &deal,
        (Spot::Slot(0, 0), deal[0][0]),
        (Spot::Slot(1, 0), deal[1][0]),
    );
    let players = vec![PlayerProfile::default(); 4];
    let (mut a, mut a_events) = begin(&deal, &players, 0);
    let (mut b, mut b_events) = begin(&variant, &players, 0);
    let first = a.to_act()[0];
    assert_eq!(b.to_act(), vec![first]);
    // Both still unturned: nobody can tell.
    every_viewer_agrees(4, (&a, &a_events), (&b, &b_events));

    // The owner of one of them turns it: now everyone can.
    let owner = 0;
    for seat in (first..first + 4)
        .map(|s| s % 4)
        .take_while(|&s| s != owner)
    {
        step(&mut a, &mut a_events, seat, &turn(3));
        step(&mut b, &mut b_events, seat, &turn(3));
    }
    step(&mut a, &mut a_events, owner, &turn(0));
    step(&mut b, &mut b_events, owner, &turn(0));
    for viewer in Viewer::all(4) {
        let caught = catch_unwind(AssertUnwindSafe(|| {
            assert_indistinguishable(viewer, (&a, &a_events), (&b, &b_events))
        }));
        assert!(caught.is_err(), "{viewer:?} did not notice the turned tile");
    }
}

#[test]
fn every_viewer_notices_any_tile_once_it_is_turned() {
    let mut tested = 0;
    for g in 0..200u64 {
        let rng = &mut SeededChance::new(&[13; 32], g) as &mut dyn Chance;
        let seats = 2 + (g % 3) as usize;
        let deal = random_deal(seats, rng);
        let players = profiles(seats, rng);
        let (mut game, mut events) = begin(&deal, &players, g);
        let mut actions = Vec::new();
        // Play until some tile is turned after at least a few actions.
        let turned_at = loop {
            let seat = game.to_act()[0];
            let hidden_before = hidden_tiles(&game, &deal);
            let action = *rng.pick(&game.legal(seat)).unwrap();
            step(&mut game, &mut events, seat, &action);
            actions.push((seat, action));
            if let (Action::Turn { slot }, true) = (action, actions.len() > 3 || rng.below(4) == 0)
            {
                let spot = Spot::Slot(usize::from(seat), usize::from(slot));
                break Some((spot, hidden_before));
            }
            if game.outcome().is_some() {
                break None;
            }
        };
        let Some((spot, hidden_before)) = turned_at else {
            continue;
        };
        let Spot::Slot(s, x) = spot else {
            unreachable!()
        };
        let turned = (spot, deal[s][x]);
        // Another tile of the same character that was hidden until now.
        let partners: Vec<_> = hidden_before
            .into_iter()
            .filter(|h| h.0 != spot && h.1.character == turned.1.character)
            .collect();
        let Some(&partner) = rng.pick(&partners) else {
            continue;
        };
        let variant = swap_tasks(&deal, turned, partner);

        let (mut other, mut other_events) = begin(&variant, &players, g);
        for (seat, action) in &actions {
            step(&mut other, &mut other_events, *seat, action);
        }
        for viewer in Viewer::all(seats) {
            assert_ne!(
                observed_bytes(&game, &events, viewer),
                observed_bytes(&other, &other_events, viewer),
                "{viewer:?} cannot see a turned tile"
            );
        }
        tested += 1;
    }
    assert!(tested > 150, "{tested}");
}
