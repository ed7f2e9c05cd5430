//! Non-interference: what a viewer receives (view, legal actions, the whole
//! event log) must not depend on anything hidden from them. In Osaki the
//! hidden things are the tasks of unturned tiles (hidden from everyone,
//! their owner included) and of the leftover tiles of a 3-player game:
//! Osaki's `Secrets` implementation lists them from the state.
//!
//! The harness (`cubicle_games::testing::check_secrets`) swaps the tasks of
//! two hidden tiles of the same character (so that both stay valid deals) in
//! random states, compares every viewer's bytes, and plays on while both stay
//! hidden. It is checked against planted leaks in `view` and `legal`
//! (Osaki's events carry no secret, so `event_view` has none to leak), and
//! once a tile is turned, everyone must be able to tell (so the check is not
//! vacuous).

mod osaki_support;

use std::panic::{catch_unwind, AssertUnwindSafe};

use cubicle_games::answers::Answer;
use cubicle_games::chance::NoChance;
use cubicle_games::osaki::{Osaki, Spot};
use cubicle_games::testing::{
    assert_indistinguishable, check_secrets, observed_bytes, LegalLeak, Planted, Secrets, Tally,
    ViewLeak,
};
use cubicle_games::{Chance, Game, PlayerProfile, SeededChance, Viewer};
use cubicle_protocol::osaki::{Action, Event, Options, Tile, LEFT_WORK_AT};
use cubicle_protocol::Seat;
use osaki_support::*;

/// `deal` with the tasks of the tiles in slots `a` and `b` (same character)
/// swapped.
fn swap_tasks(deal: &[Vec<Tile>], a: (usize, usize), b: (usize, usize)) -> Vec<Vec<Tile>> {
    let mut variant = deal.to_vec();
    assert_eq!(deal[a.0][a.1].character, deal[b.0][b.1].character);
    variant[a.0][a.1].task = deal[b.0][b.1].task;
    variant[b.0][b.1].task = deal[a.0][a.1].task;
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

/// A game of `G` (Osaki, or Osaki with a leak) started from `deal` (start
/// player drawn from `seed`), with its event log.
fn begin<G: Game<Options = Options>>(
    deal: &[Vec<Tile>],
    players: &[PlayerProfile],
    seed: u64,
) -> (G, Vec<G::Event>) {
    let mut chance = SeededChance::new(&[3; 32], seed);
    G::start(players, &options(deal.to_vec(), None), &mut chance).expect("valid deal")
}

fn step(game: &mut Osaki, events: &mut Vec<Event>, seat: Seat, action: &Action) {
    match game.play(seat, action, &mut NoChance) {
        Ok(new) => events.extend(new),
        Err(e) => panic!("replayed {action:?} by seat {seat} refused: {e}"),
    }
}

fn every_viewer_agrees(seats: usize, a: (&Osaki, &[Event]), b: (&Osaki, &[Event])) {
    for viewer in Viewer::all(seats) {
        assert_indistinguishable(viewer, a, b);
    }
}

/// Checks 200 random games of `G` (all seat counts, random deals and
/// departure times), every state.
fn check_games<G: Secrets<Options = Options>>(tally: &mut Tally) -> Result<(), String> {
    for g in 0..200u64 {
        let rng = &mut SeededChance::new(&[12; 32], g) as &mut dyn Chance;
        let seats = 2 + (g % 3) as usize;
        let deal = random_deal(seats, rng);
        let players = profiles(seats, rng);
        let dealt = deal.iter().flatten().count() as u64;
        let mut seed = [12; 32];
        seed[..8].copy_from_slice(&g.to_le_bytes());
        check_secrets(
            begin::<G>(&deal, &players, g),
            &seed,
            1,
            2 * dealt,
            |_, legal, _| legal,
            tally,
        )
        .map_err(|leak| format!("game {g}: {leak}"))?;
    }
    Ok(())
}

#[test]
fn swapping_hidden_tasks_changes_nothing_anyone_receives() {
    let mut tally = Tally::default();
    if let Err(leak) = check_games::<Osaki>(&mut tally) {
        panic!("{leak}");
    }
    eprintln!("non-interference: {tally:?}");
    assert!(tally.states >= 2000, "{tally:?}");
    assert!(tally.swaps >= 5000, "{tally:?}");
    assert!(tally.continued >= 10000, "{tally:?}");
}

#[test]
fn the_harness_catches_a_view_that_depends_on_hidden_tasks() {
    let leak = check_games::<Planted<Osaki, ViewLeak>>(&mut Tally::default());
    let leak = leak.expect_err("the planted leak is found");
    assert!(leak.contains("sees the swap"), "{leak}");
}

#[test]
fn the_harness_catches_legal_actions_that_depend_on_hidden_tasks() {
    let leak = check_games::<Planted<Osaki, LegalLeak>>(&mut Tally::default());
    let leak = leak.expect_err("the planted leak is found");
    assert!(
        leak.contains("sees the swap") || leak.contains("tells the games apart"),
        "{leak}"
    );
}

#[test]
fn the_check_notices_a_turned_tile() {
    // Seat 0 holds President/Copying in slot 0, seat 1 President/Accounting.
    let deal = four_player_deal();
    let variant = swap_tasks(&deal, (0, 0), (1, 0));
    let players = vec![PlayerProfile::default(); 4];
    let (mut a, mut a_events) = begin::<Osaki>(&deal, &players, 0);
    let (mut b, mut b_events) = begin::<Osaki>(&variant, &players, 0);
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
        let (mut game, mut events) = begin::<Osaki>(&deal, &players, g);
        // Play until some tile is about to be turned after a few actions.
        let mut played = 0;
        let turn = loop {
            if game.outcome().is_some() {
                break None;
            }
            let seat = game.to_act()[0];
            let action = *rng.pick(&game.legal(seat)).unwrap();
            if let Action::Turn { slot } = action {
                if played > 3 || rng.below(4) == 0 {
                    break Some((seat, action, usize::from(slot)));
                }
            }
            step(&mut game, &mut events, seat, &action);
            played += 1;
        };
        let Some((seat, action, slot)) = turn else {
            continue;
        };
        // Swap the task of the tile about to be turned with another hidden
        // tile of the same character, then turn it in both games.
        let turned = Spot::Slot { seat, slot };
        let mut other = game.clone();
        let partners: Vec<Spot> = game
            .hidden_from(Viewer::Spectator)
            .into_iter()
            .filter(|&spot| spot != turned && other.clone().swap(turned, spot))
            .collect();
        let Some(&partner) = rng.pick(&partners) else {
            continue;
        };
        assert!(other.swap(turned, partner));
        let mut other_events = events.clone();
        every_viewer_agrees(seats, (&game, &events), (&other, &other_events));
        step(&mut game, &mut events, seat, &action);
        step(&mut other, &mut other_events, seat, &action);
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
