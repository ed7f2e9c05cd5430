//! Whole scripted games: automatic passes, the end of the game, shared
//! victories and leaving early. The scripts were found by a search over
//! random legal games from the readable deals of osaki_support (3 and 4
//! players: seat s holds task (s + c) mod 4 of character c; 2 players: seat 0
//! holds Copying and Accounting of every character, seat 1 the rest). Each
//! test states and checks the situation that matters.
//!
//! Script steps: `0t3` is seat 0 turning slot 3, `1s5>2.4` seat 1 moving its
//! stack in slot 5 onto seat 2's slot 4.

mod osaki_support;

use cubicle_games::chance::NoChance;
use cubicle_games::osaki::Osaki;
use cubicle_games::{Game, RuleError, Viewer};
use cubicle_protocol::osaki::{EndReason, Ending, Event, Leftover, Pile, Tile};
use cubicle_protocol::Seat;
use osaki_support::*;

/// Plays all but the last `keep` steps of `steps`; returns the game and
/// the steps kept back.
fn play_until(
    deal: Vec<Vec<Tile>>,
    steps: &str,
    keep: usize,
) -> (Osaki, Vec<(Seat, cubicle_protocol::osaki::Action)>) {
    let (mut game, _) = start(deal, 0);
    let steps = script(steps);
    let (now, later) = steps.split_at(steps.len() - keep);
    play_all(&mut game, now);
    (game, later.to_vec())
}

/// The leftover of the 3-player deal: task (3 + c) mod 4 of character c.
fn three_player_leftover() -> Vec<Tile> {
    vec![
        t(PR, PHONE),
        t(SMD, COPY),
        t(DM, ACC),
        t(SC, INV),
        t(CO, PHONE),
        t(TW, COPY),
    ]
}

/// A finished game: nobody is asked to act, every action is refused as
/// GameOver without changing anything, and every view shows the ending.
fn assert_over(game: &mut Osaki, ending: &Ending) {
    assert!(game.to_act().is_empty());
    let seats = game.seats() as Seat;
    for seat in 0..seats {
        assert!(game.legal(seat).is_empty());
        for action in [turn(0), stack(0, (seat + 1) % seats, 0), stack(1, seat, 0)] {
            let before = game.clone();
            assert_eq!(
                game.play(seat, &action, &mut NoChance),
                Err(RuleError::GameOver)
            );
            assert_eq!(*game, before);
        }
    }
    for viewer in Viewer::all(usize::from(seats)) {
        let view = game.view(viewer);
        assert_eq!(view.turn, None);
        assert_eq!(view.ending.as_ref(), Some(ending));
        assert!(view
            .leftover
            .iter()
            .all(|l| matches!(l, Leftover::Revealed { .. })));
    }
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.winners, ending.winners);
    assert_eq!(
        outcome.reason,
        match ending.reason {
            EndReason::LeftEarly => "left_early",
            EndReason::FewestTiles => "fewest_tiles",
        }
    );
}

#[test]
fn placing_your_last_stack_on_another_player_wins_at_once() {
    let (mut game, last) = play_until(
        three_player_deal(),
        "0t0 1t5 2t0 0s0>2.0 1t2 2t1 0t4 1s2>2.1 2s0>0.4 0t3 1t4 2s1>0.3 0t2 1s5>0.2 2t4 \
         0s2>2.4 1t3 2t3 0s4>1.3 1s4>2.3 2t5 0s3>2.5 1t1 2s4>1.1 0t1 1t0 2s3>0.1 0s1>1.0 \
         2t2 0t5 1s3>2.2 0s5>1.1",
        1,
    );
    // Seat 0 has one tile left: Temp Worker/Accounting, just turned in slot 5.
    let before = spectator_view(&game);
    assert_eq!(before.areas[0].tiles(), 1);
    assert_eq!(stack_at(&game, 0, 5), vec![t(TW, ACC)]);
    assert!(before
        .leftover
        .iter()
        .all(|l| matches!(l, Leftover::Hidden { .. })));

    let events = play_all(&mut game, &last);
    let ending = Ending {
        reason: EndReason::LeftEarly,
        winners: vec![0],
        tiles: vec![0, 9, 9],
    };
    assert_eq!(
        events,
        vec![
            Event::Stacked {
                seat: 0,
                from: 5,
                owner: 1,
                onto: 1,
                moved: t(TW, ACC),
                onto_top: t(TW, INV),
                height: 5,
            },
            Event::LeftEarly { seat: 0 },
            Event::Ended {
                ending: ending.clone(),
                leftover: three_player_leftover(),
            },
        ]
    );
    // The others could still have stacked: the game ends anyway.
    let after = spectator_view(&game);
    assert!(!reference_over(&after), "stacking was still possible");
    let revealed: Vec<Leftover> = three_player_leftover()
        .into_iter()
        .map(|tile| Leftover::Revealed { tile })
        .collect();
    assert_eq!(after.leftover, revealed);
    assert_over(&mut game, &ending);
}

#[test]
fn leaving_early_ends_a_four_player_game_though_the_others_could_go_on() {
    let (mut game, last) = play_until(
        four_player_deal(),
        "0t4 1t4 2t4 3t1 0s4>2.4 1s4>2.4 2t2 3s1>2.2 0t5 1t0 2s4>0.5 3t2 0s5>1.0 1t3 2s2>1.3 \
         3s2>1.0 0t0 1s3>0.0 2t1 3t4 0s0>2.1 1t1 2s1>1.1 3t3 0t3 1t2 2t0 3s4>1.2 0s3>1.2 \
         1s2>3.3 2t5 3s3>2.5 0t1 1s0>0.1 2t3 3t5 0s1>2.3 1s1>3.5 3t0 0t2 1t5 2s5>3.0 0s2>1.5",
        1,
    );
    assert_eq!(spectator_view(&game).areas[0].tiles(), 1);
    let events = play_all(&mut game, &last);
    let ending = Ending {
        reason: EndReason::LeftEarly,
        winners: vec![0],
        tiles: vec![0, 2, 9, 13],
    };
    assert_eq!(
        events[1..],
        [
            Event::LeftEarly { seat: 0 },
            Event::Ended {
                ending: ending.clone(),
                leftover: vec![]
            }
        ]
    );
    // Seat 1 has fewer tiles than seats 2 and 3, but leaving first wins
    // alone; and stacks still match.
    assert!(!reference_over(&spectator_view(&game)));
    assert_over(&mut game, &ending);
}

#[test]
fn players_without_a_move_are_passed_automatically_and_it_is_announced() {
    let (mut game, last) = play_until(
        four_player_deal(),
        "0t2 1t2 2t3 3t5 0s2>1.2 1t1 2t4 3t4 0t4 1s1>2.4 2t2 3t3 0t1 1t4 2t1 3s5>2.2 0s1>2.3 \
         1t0 2s4>2.3 3s4>2.1 0t5 1s0>0.5 2s2>0.4 3t1 0t3 1s4>0.5 2t5 3s3>2.3 0s4>2.5 1t5 2t0 \
         3t0 0t0 1t3 2s5>1.3 3s1>1.3 0s5>2.1 1s2>2.0 2s3>1.5 3s0>0.0 0s0>0.3 1s5>2.0 3t2 \
         2s1>3.2",
        3,
    );
    // Seat 1 stacks; seat 2 has every tile turned and no stack that fits
    // anywhere, so the turn goes straight to seat 3.
    let events = play_all(&mut game, &last[..1]);
    assert_eq!(events[1..], [Event::Passed { seat: 2 }]);
    let view = spectator_view(&game);
    assert!(view.areas[2]
        .slots
        .iter()
        .all(|p| !matches!(p, Pile::Unturned { .. })));
    assert!(reference_moves(&view, 2).is_empty());
    assert_eq!(game.to_act(), vec![3]);
    assert!(game.legal(2).is_empty());

    // Seat 3 turns its last tile (Department Manager/Accounting); seats 0
    // and 1 have no move, so both are passed and seat 2 moves next.
    let events = play_all(&mut game, &last[1..2]);
    assert_eq!(
        events,
        vec![
            Event::Turned {
                seat: 3,
                slot: 2,
                tile: t(DM, ACC)
            },
            Event::Passed { seat: 0 },
            Event::Passed { seat: 1 },
        ]
    );
    let view = spectator_view(&game);
    assert!(reference_moves(&view, 0).is_empty() && reference_moves(&view, 1).is_empty());
    assert_eq!(game.to_act(), vec![2]);
    assert_eq!(view.turn, Some(2));

    // Seat 2's move leaves nothing to turn or stack: the game is over and
    // seat 0, with the fewest tiles, wins alone.
    let events = play_all(&mut game, &last[2..]);
    let ending = Ending {
        reason: EndReason::FewestTiles,
        winners: vec![0],
        tiles: vec![3, 6, 9, 6],
    };
    assert_eq!(
        events[1..],
        [Event::Ended {
            ending: ending.clone(),
            leftover: vec![]
        }]
    );
    assert!(reference_over(&spectator_view(&game)));
    assert_over(&mut game, &ending);
}

#[test]
fn a_player_may_be_passed_while_others_still_have_tiles_to_turn() {
    let (mut game, last) = play_until(
        four_player_deal(),
        "0t1 1t5 2t1 3t1 0s1>3.1 1t1 2s1>3.1 3t5 0t0 1t4 2t0 3t3 0s0>2.0 1s5>3.5 2t3 3s3>3.5 \
         0t5 1s4>2.3 2t4 3s5>2.4 0t4 1s1>3.1 2s4>3.1 3t0 0s4>2.3 1t3 2s3>2.0 3s1>1.3 0t2 1t0 \
         2t2 3s0>1.0 0s2>2.2 1s3>2.2 2t5 3t2 0s5>3.2 1s0>2.5 3t4 0t3 1t2 2s0>3.4 0s3>2.5",
        6,
    );
    let events = play_all(&mut game, &last[..1]);
    assert_eq!(events[1..], [Event::Passed { seat: 2 }]);
    let view = spectator_view(&game);
    // Seats 0, 1 and 3 still hold unturned tiles.
    for seat in [0, 1, 3] {
        assert!(view.areas[seat]
            .slots
            .iter()
            .any(|p| matches!(p, Pile::Unturned { .. })));
    }
    assert_eq!(game.to_act(), vec![3]);
    play_all(&mut game, &last[1..]);
    assert_eq!(game.outcome().unwrap().reason, "left_early");
}

#[test]
fn the_game_ends_when_nothing_is_left_to_turn_or_stack() {
    let (mut game, last) = play_until(
        three_player_deal(),
        "0t1 1t5 2t5 0t0 1s5>2.5 2t2 0t3 1t2 2s2>0.0 0t2 1s2>0.2 2t4 0t4 1t0 2s4>0.4 0s0>0.2 \
         1s0>0.1 2t1 0t5 1t4 2t0 0s1>2.0 1t3 2s5>0.5 0s4>1.4 1s4>0.5 2s1>0.3 0s2>1.3 1t1 2t3 \
         0s5>1.1 2s0>2.3",
        1,
    );
    // Everything is turned; the only matching tops are seat 2's own two
    // stacks (President/Accounting and Section Chief/Accounting).
    let before = spectator_view(&game);
    assert!(!reference_over(&before));
    assert_eq!(game.legal(2), vec![stack(0, 2, 3), stack(3, 2, 0)]);
    let events = play_all(&mut game, &last);
    let ending = Ending {
        reason: EndReason::FewestTiles,
        winners: vec![0],
        tiles: vec![2, 12, 4],
    };
    assert_eq!(
        events[1..],
        [Event::Ended {
            ending: ending.clone(),
            leftover: three_player_leftover()
        }]
    );
    assert!(reference_over(&spectator_view(&game)));
    assert_over(&mut game, &ending);
}

#[test]
fn two_players_with_equal_counts_share_the_victory() {
    let (mut game, last) = play_until(
        two_player_deal(),
        "0t2 1t8 0t5 1t7 0t4 1t10 0s4>0.2 1t11 0t6 1s7>1.11 0s2>0.5 1s11>0.6 0t1 1t3 0s6>1.3 \
         1t9 0t10 1s10>0.10 0s10>1.8 1t1 0s1>1.1 1t0 0t9 1s9>0.9 0s9>1.3 1s0>1.8 0t11 1s8>1.1 \
         0t3 1t6 0t0 1t2 0s0>1.1 1s2>0.3 0s3>1.6 1s1>0.5 0t8 1s3>0.8 0t7 1t5 0s7>0.11 1t4 \
         0s8>1.5 1s6>1.4",
        1,
    );
    let events = play_all(&mut game, &last);
    let ending = Ending {
        reason: EndReason::FewestTiles,
        winners: vec![0, 1],
        tiles: vec![12, 12],
    };
    assert_eq!(
        events[1..],
        [Event::Ended {
            ending: ending.clone(),
            leftover: vec![]
        }]
    );
    assert_over(&mut game, &ending);
}

#[test]
fn three_of_four_players_can_share_the_victory() {
    let (mut game, last) = play_until(
        four_player_deal(),
        "0t0 1t1 2t5 3t4 0t5 1t0 2t2 3t5 0s5>2.5 1t4 2s5>3.5 3s5>1.4 0t4 1s0>0.0 2s2>0.4 3t1 \
         0s4>3.1 1t5 2t3 3t0 0t3 1s5>1.1 2s3>0.0 3s4>0.3 0s3>3.0 1t2 2t0 3s1>1.2 0t2 1t3 2t4 \
         3s0>2.4 0s2>1.1 1s3>1.2 2s0>1.1 3t2 0s0>3.2 1s4>3.2 2t1 3t3 0t1 1s1>3.3 2s1>2.4 \
         3s2>0.1",
        1,
    );
    let events = play_all(&mut game, &last);
    let ending = Ending {
        reason: EndReason::FewestTiles,
        winners: vec![1, 2, 3],
        tiles: vec![9, 5, 5, 5],
    };
    assert_eq!(
        events[1..],
        [Event::Ended {
            ending: ending.clone(),
            leftover: vec![]
        }]
    );
    assert_eq!(
        game.outcome().map(|o| (o.winners, o.reason)),
        Some((vec![1, 2, 3], "fewest_tiles".to_owned()))
    );
    assert_over(&mut game, &ending);
}
