//! Thousands of random legal games, checked after every action against the
//! invariants of the rules and a naive reference model (osaki_support).
//!
//! The bound on a game's length: call a non-empty slot a pile. A game with
//! `d` dealt tiles (24, or 18 with 3 players) starts with `d` unturned tiles
//! in `d` piles. Turning a tile lowers the unturned count by one and keeps
//! the piles; stacking lowers the piles by one and keeps the unturned count.
//! So `unturned + piles` starts at `2d` and drops by exactly one per action,
//! and it never goes below 1 (the `d` tiles are always in at least one
//! pile): a game lasts at most `2d - 1` actions. Passing adds no actions, and
//! the module documentation of `cubicle_games::osaki` shows it stops within
//! a round.

mod osaki_support;

use cubicle_games::answers::Answer;
use cubicle_games::chance::NoChance;
use cubicle_games::osaki::Osaki;
use cubicle_games::testing::{assert_turn_contract, random_playout};
use cubicle_games::{Chance, Game, PlayerProfile, SeededChance, Viewer};
use cubicle_protocol::osaki::{
    EndReason, Event, FirstPlayer, Leftover, Options, Pile, Tile, View, LEFT_WORK_AT,
};
use cubicle_protocol::Seat;
use osaki_support::*;

/// Every tile is in exactly one place: a stack (seen in the view), an
/// unturned slot (the dealt tile of that slot, whose character the view
/// shows) or the leftover.
fn assert_every_tile_once(view: &View, deal: &[Vec<Tile>], leftover: &[Tile], all: &[Tile]) {
    let mut seen: Vec<Tile> = Vec::new();
    for area in &view.areas {
        for (slot, pile) in area.slots.iter().enumerate() {
            match pile {
                Pile::Unturned { character } => {
                    let dealt = deal[usize::from(area.seat)][slot];
                    assert_eq!(dealt.character, *character, "unturned tiles never move");
                    seen.push(dealt);
                }
                Pile::Stack { tiles } => seen.extend(tiles),
                Pile::Empty => {}
            }
        }
    }
    assert_eq!(view.leftover.len(), leftover.len());
    for (shown, &tile) in view.leftover.iter().zip(leftover) {
        match shown {
            Leftover::Hidden { character } => {
                assert!(view.ending.is_none());
                assert_eq!(*character, tile.character);
            }
            Leftover::Revealed { tile: t } => {
                assert!(view.ending.is_some(), "leftover revealed during the game");
                assert_eq!(*t, tile);
            }
        }
    }
    seen.extend(leftover);
    seen.sort();
    assert_eq!(seen, all, "24 tiles, each exactly once");
}

/// Checks one action's consequences: `before` and `after` are spectator
/// views, `new` the events the action produced.
fn assert_action_followed_the_rules(
    before: &View,
    after: &View,
    new: &[Event],
    game: &Osaki,
    deal: &[Vec<Tile>],
    dealt_leftover: &[Tile],
) {
    let seats = after.areas.len() as Seat;
    let mover = before.turn.expect("the game was running");
    let counts_after = counts(after);
    let mut rest = &new[1..];

    // The action itself.
    match new[0] {
        Event::Turned { seat, slot, tile } => {
            assert_eq!(seat, mover);
            assert_eq!(tile, deal[usize::from(seat)][usize::from(slot)]);
            assert!(matches!(
                before.areas[usize::from(seat)].slots[usize::from(slot)],
                Pile::Unturned { .. }
            ));
            assert_eq!(
                after.areas[usize::from(seat)].slots[usize::from(slot)],
                Pile::Stack { tiles: vec![tile] }
            );
        }
        Event::Stacked {
            seat,
            from,
            owner,
            onto,
            moved,
            onto_top,
            height,
        } => {
            assert_eq!(seat, mover);
            assert!(
                before.areas[usize::from(seat)].has_played,
                "stacked on a first turn"
            );
            let Pile::Stack { tiles: moving } =
                &before.areas[usize::from(seat)].slots[usize::from(from)]
            else {
                panic!("moved a pile that was not a turned stack")
            };
            let Pile::Stack { tiles: target } =
                &before.areas[usize::from(owner)].slots[usize::from(onto)]
            else {
                panic!("stacked onto a pile that was not a turned stack")
            };
            assert_eq!(moved, *moving.last().unwrap());
            assert_eq!(onto_top, *target.last().unwrap());
            assert!(
                matching(moved, onto_top),
                "tops {moved:?} and {onto_top:?} do not match"
            );
            let joined: Vec<Tile> = target.iter().chain(moving).copied().collect();
            assert_eq!(usize::from(height), joined.len());
            assert_eq!(
                after.areas[usize::from(seat)].slots[usize::from(from)],
                Pile::Empty
            );
            assert_eq!(
                after.areas[usize::from(owner)].slots[usize::from(onto)],
                Pile::Stack { tiles: joined }
            );
        }
        ref other => panic!("an action produced {other:?} first"),
    }
    assert!(after.areas[usize::from(mover)].has_played);

    // Leaving early: the mover has nothing left, wins alone, game over.
    if counts_after[usize::from(mover)] == 0 {
        assert_eq!(rest.first(), Some(&Event::LeftEarly { seat: mover }));
        rest = &rest[1..];
        let Some(Event::Ended { ending, .. }) = rest.first() else {
            panic!("no Ended after LeftEarly: {new:?}")
        };
        assert_eq!(ending.reason, EndReason::LeftEarly);
        assert_eq!(ending.winners, vec![mover]);
        assert_eq!(rest.len(), 1);
        return;
    }
    if reference_over(after) {
        let Some(Event::Ended { ending, leftover }) = rest.first() else {
            panic!("the game should have ended: {new:?}")
        };
        assert_eq!(rest.len(), 1);
        let fewest = *counts_after.iter().min().unwrap();
        let winners: Vec<Seat> = (0..seats)
            .filter(|&s| counts_after[usize::from(s)] == fewest)
            .collect();
        assert_eq!(ending.reason, EndReason::FewestTiles);
        assert_eq!(
            ending.winners, winners,
            "winners by brute-force count {counts_after:?}"
        );
        assert_eq!(
            ending.tiles,
            counts_after.iter().map(|&c| c as u8).collect::<Vec<_>>()
        );
        assert_eq!(leftover, dealt_leftover);
        assert_eq!(after.turn, None);
        assert_eq!(after.ending.as_ref(), Some(ending));
        let outcome = game.outcome().unwrap();
        assert_eq!(
            (outcome.winners, outcome.reason.as_str()),
            (winners, "fewest_tiles")
        );
        return;
    }

    // The game goes on: everyone clockwise without a move is passed over.
    assert!(game.outcome().is_none());
    let next = after.turn.expect("the game goes on");
    let mut seat = (mover + 1) % seats;
    while seat != next {
        assert!(
            reference_moves(after, seat).is_empty(),
            "seat {seat} passed with a move"
        );
        assert_eq!(rest.first(), Some(&Event::Passed { seat }));
        rest = &rest[1..];
        seat = (seat + 1) % seats;
    }
    assert!(rest.is_empty(), "unexpected events {rest:?}");
    let legal = game.legal(next);
    assert!(!legal.is_empty());
    assert_eq!(
        legal,
        reference_moves(after, next),
        "legal actions of seat {next}"
    );
}

fn random_profiles(seats: usize, chance: &mut dyn Chance) -> Vec<PlayerProfile> {
    (0..seats)
        .map(|_| match chance.below(3) {
            0 => PlayerProfile::default(),
            // Often unanswered, few distinct times: ties are common.
            _ => {
                let minutes = 17 * 60 + 30 * chance.below(4);
                let at = format!("{:02}:{:02}", minutes / 60, minutes % 60);
                PlayerProfile::default().with(LEFT_WORK_AT, Answer::Text(at))
            }
        })
        .collect()
}

#[test]
fn random_games_keep_every_invariant() {
    const GAMES: u64 = 1200;
    let mut left_early = 0;
    let mut shared = 0;
    let mut passes = 0;
    for g in 0..GAMES {
        let mut rng = SeededChance::new(&[7; 32], g);
        let rng: &mut dyn Chance = &mut rng;
        let seats = 2 + (g % 3) as usize;
        let deal = random_deal(seats, rng);
        let profiles = random_profiles(seats, rng);
        let options = options(deal.clone(), None);
        let (mut game, mut events) = Osaki::start(&profiles, &options, rng).unwrap();
        let Event::Started { first_player } = &events[0] else {
            panic!()
        };
        if let FirstPlayer::Random { among, seat } = first_player {
            assert!(among.contains(seat));
        }
        let dealt = deal.iter().flatten().count();
        let leftover = leftover_of(&deal);
        let all = all_tiles();
        let mut before = spectator_view(&game);
        let mut seen = events.len();
        assert_every_tile_once(&before, &deal, &leftover, &all);

        let played = random_playout(
            &mut game,
            &mut events,
            rng,
            &mut NoChance,
            2 * dealt,
            |game, events| {
                let after = spectator_view(game);
                assert_every_tile_once(&after, &deal, &leftover, &all);
                assert_turn_contract(game);
                assert_action_followed_the_rules(
                    &before,
                    &after,
                    &events[seen..],
                    game,
                    &deal,
                    &leftover,
                );
                // Every seat's view is the spectator's plus `you` (sampled: views
                // are the slowest part of this test in debug builds).
                for viewer in Viewer::all(seats).filter(|_| g % 8 == 0) {
                    let mut view = game.view(viewer);
                    assert_eq!(view.you, viewer.seat());
                    view.you = None;
                    assert_eq!(view, after, "everything on an Osaki table is public");
                }
                before = after;
                seen = events.len();
            },
        );
        assert!(
            played < 2 * dealt,
            "game {g} did not end within {} actions",
            2 * dealt - 1
        );
        let outcome = game.outcome().expect("every game ends");
        match outcome.reason.as_str() {
            "left_early" => left_early += 1,
            "fewest_tiles" if outcome.winners.len() > 1 => shared += 1,
            _ => {}
        }
        passes += events
            .iter()
            .filter(|e| matches!(e, Event::Passed { .. }))
            .count();
        assert!(game.to_act().is_empty());
    }
    // The random games reach every kind of ending and pass often enough for
    // the checks above to have been exercised.
    assert!(
        left_early > 20 && shared > 20 && passes > 100,
        "{left_early} {shared} {passes}"
    );
}

#[test]
fn random_deals_from_the_seed_keep_every_tile_once() {
    // The engine's own random deal (no fixture): the only thing a test can
    // see of it is what the game reveals, so play to the end and collect.
    for g in 0..300 {
        let seats = 2 + g % 3;
        let mut chance = SeededChance::new(&[8; 32], g as u64);
        let (mut game, mut events) = Osaki::start(
            &vec![PlayerProfile::default(); seats],
            &Options::default(),
            &mut chance,
        )
        .unwrap();
        let mut choices = SeededChance::new(&[9; 32], g as u64);
        random_playout(
            &mut game,
            &mut events,
            &mut choices,
            &mut NoChance,
            48,
            |_, _| {},
        );
        let mut tiles: Vec<Tile> = events
            .iter()
            .flat_map(|e| match e {
                Event::Turned { tile, .. } => vec![*tile],
                Event::Ended { leftover, .. } => leftover.clone(),
                _ => vec![],
            })
            .collect();
        // A left-early game may end with tiles still unturned.
        let unturned: usize = spectator_view(&game)
            .areas
            .iter()
            .flat_map(|a| &a.slots)
            .filter(|p| matches!(p, Pile::Unturned { .. }))
            .count();
        tiles.sort();
        tiles.dedup();
        assert_eq!(tiles.len() + unturned, 24, "seats {seats}");
    }
}
