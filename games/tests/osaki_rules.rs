//! Osaki rules, one situation at a time, from scripted deals.

mod osaki_support;

use cubicle_games::answers::Answer;
use cubicle_games::chance::{NoChance, ScriptedChance};
use cubicle_games::osaki::Osaki;
use cubicle_games::{Game, PlayerProfile, RuleError, SetupError, Viewer};
use cubicle_protocol::osaki::{
    Action, Character, Event, FirstPlayer, Fixture, Leftover, Options, Pile, Tile, LEFT_WORK_AT,
};
use osaki_support::*;

fn profiles(times: &[Option<&str>]) -> Vec<PlayerProfile> {
    times
        .iter()
        .map(|t| match t {
            Some(t) => PlayerProfile::default().with(LEFT_WORK_AT, Answer::Text((*t).into())),
            None => PlayerProfile::default(),
        })
        .collect()
}

// ---------------------------------------------------------------- deals

fn characters_of(game: &Osaki, seat: u8) -> Vec<Character> {
    spectator_view(game).areas[usize::from(seat)]
        .slots
        .iter()
        .map(|p| match p {
            Pile::Unturned { character } => *character,
            other => panic!("not unturned at the start: {other:?}"),
        })
        .collect()
}

#[test]
fn four_players_get_one_tile_of_each_character_and_nothing_is_left_over() {
    let (game, events) = Osaki::start(
        &vec![PlayerProfile::default(); 4],
        &Options::default(),
        &mut seeded(4),
    )
    .unwrap();
    assert!(matches!(events.as_slice(), [Event::Started { .. }]));
    let view = spectator_view(&game);
    assert_eq!(view.areas.len(), 4);
    for area in &view.areas {
        assert_eq!(characters_of(&game, area.seat), Character::ALL.to_vec());
        assert_eq!(area.tiles(), 6);
        assert!(!area.has_played);
    }
    assert!(view.leftover.is_empty());
}

#[test]
fn two_players_get_two_tiles_of_each_character_in_character_order() {
    let (game, _) = Osaki::start(
        &vec![PlayerProfile::default(); 2],
        &Options::default(),
        &mut seeded(2),
    )
    .unwrap();
    let expected: Vec<Character> = Character::ALL.iter().flat_map(|&c| [c, c]).collect();
    for seat in 0..2 {
        assert_eq!(characters_of(&game, seat), expected);
        assert_eq!(spectator_view(&game).areas[usize::from(seat)].tiles(), 12);
    }
    assert!(spectator_view(&game).leftover.is_empty());
}

#[test]
fn three_players_leave_one_hidden_tile_per_character_revealed_at_the_end() {
    let (mut game, mut events) = Osaki::start(
        &vec![PlayerProfile::default(); 3],
        &Options::default(),
        &mut seeded(3),
    )
    .unwrap();
    for seat in 0..3 {
        assert_eq!(characters_of(&game, seat), Character::ALL.to_vec());
    }
    let hidden: Vec<Leftover> = Character::ALL
        .iter()
        .map(|&character| Leftover::Hidden { character })
        .collect();
    for viewer in Viewer::all(3) {
        assert_eq!(game.view(viewer).leftover, hidden, "{viewer:?}");
    }

    let mut choices = seeded(30);
    cubicle_games::testing::random_playout(
        &mut game,
        &mut events,
        &mut choices,
        &mut NoChance,
        100,
        |g, _| {
            if g.outcome().is_none() {
                assert_eq!(spectator_view(g).leftover, hidden);
            }
        },
    );
    assert!(game.outcome().is_some());
    let Some(Event::Ended { leftover, .. }) = events.last() else {
        panic!("last event is not Ended: {events:?}")
    };
    assert_eq!(leftover.len(), 6);
    let revealed: Vec<Leftover> = leftover
        .iter()
        .map(|&tile| Leftover::Revealed { tile })
        .collect();
    assert_eq!(spectator_view(&game).leftover, revealed);
    // The revealed tiles are exactly the ones nobody turned.
    let mut all: Vec<Tile> = events
        .iter()
        .filter_map(|e| match e {
            Event::Turned { tile, .. } => Some(*tile),
            _ => None,
        })
        .chain(leftover.iter().copied())
        .collect();
    all.sort();
    all.dedup();
    assert_eq!(all.len(), 24);
}

#[test]
fn a_fixture_deal_keeps_its_slot_order() {
    let mut d = four_player_deal();
    d[2].reverse();
    let (game, _) = start(d.clone(), 0);
    let mut expected: Vec<Character> = Character::ALL.to_vec();
    expected.reverse();
    assert_eq!(characters_of(&game, 2), expected);
    // Turning shows the scripted tile of that slot.
    let mut game = game;
    play(&mut game, 0, turn(0));
    play(&mut game, 1, turn(0));
    play(&mut game, 2, turn(0));
    assert_eq!(stack_at(&game, 0, 0), vec![d[0][0]]);
    assert_eq!(
        stack_at(&game, 2, 0),
        vec![t(TW, PHONE)],
        "seat 2's row was reversed"
    );
    assert_eq!(game.to_act(), vec![3]);
}

#[test]
fn three_player_leftover_shows_only_characters_while_the_game_runs() {
    // The leftover is task (3 + c) mod 4 of character c; osaki_endings.rs
    // checks it is revealed at the end.
    let (game, _) = start(three_player_deal(), 0);
    let expected: Vec<Leftover> = Character::ALL
        .iter()
        .map(|&character| Leftover::Hidden { character })
        .collect();
    assert_eq!(spectator_view(&game).leftover, expected);
}

// ------------------------------------------------------ fixture validation

fn fixture_error(deal: Vec<Vec<Tile>>, first_player: Option<u8>, seats: usize) -> String {
    match Osaki::validate(
        &Options {
            fixture: Some(Fixture { deal, first_player }),
        },
        seats,
    ) {
        Err(SetupError::Fixture(msg)) => msg,
        other => panic!("expected a fixture error, got {other:?}"),
    }
}

#[test]
fn fixtures_are_validated_strictly() {
    let msg = fixture_error(four_player_deal(), None, 3);
    assert!(msg.contains("4 rows") && msg.contains("3 seats"), "{msg}");

    let mut short = four_player_deal();
    short[1].pop();
    let msg = fixture_error(short, None, 4);
    assert!(msg.contains("seat 1 is dealt 5 tiles, not 6"), "{msg}");

    let mut two_presidents = four_player_deal();
    two_presidents[3][1] = t(PR, ACC); // seat 3 had PR/PHONE in slot 0
    let msg = fixture_error(two_presidents, None, 4);
    assert!(msg.contains("seat 3 is dealt 2 President tiles"), "{msg}");

    let mut twice = four_player_deal();
    twice[1][0] = twice[0][0];
    let msg = fixture_error(twice, None, 4);
    assert!(msg.contains("President/Copying is dealt twice"), "{msg}");
    assert!(msg.contains("seat 0 slot 0 and seat 1 slot 0"), "{msg}");

    let mut two = two_player_deal();
    two[0][0] = t(SMD, INV);
    two[1][2] = t(PR, COPY);
    let msg = fixture_error(two, None, 2);
    assert!(msg.contains("two tiles of every character"), "{msg}");

    let msg = fixture_error(four_player_deal(), Some(4), 4);
    assert!(msg.contains("first_player 4 is not a seat"), "{msg}");

    assert!(Osaki::validate(&options(four_player_deal(), Some(3)), 4).is_ok());
    assert!(Osaki::validate(&options(three_player_deal(), None), 3).is_ok());
    assert!(Osaki::validate(&options(two_player_deal(), Some(1)), 2).is_ok());
}

#[test]
fn seat_counts_outside_two_to_four_are_refused() {
    for seats in [0, 1, 5] {
        let err = Osaki::start(
            &vec![PlayerProfile::default(); seats],
            &Options::default(),
            &mut seeded(1),
        )
        .unwrap_err();
        assert!(matches!(err, SetupError::SeatCount { got, .. } if got == seats));
    }
}

// ------------------------------------------------------------ start player

fn first_player_of(times: &[Option<&str>], chance: &mut dyn cubicle_games::Chance) -> FirstPlayer {
    let deal = match times.len() {
        2 => two_player_deal(),
        3 => three_player_deal(),
        _ => four_player_deal(),
    };
    let (game, events) = Osaki::start(&profiles(times), &options(deal, None), chance).unwrap();
    let Event::Started { first_player } = &events[0] else {
        panic!("first event is {:?}", events[0])
    };
    assert_eq!(game.to_act(), vec![first_player.seat()]);
    assert_eq!(&spectator_view(&game).first_player, first_player);
    first_player.clone()
}

#[test]
fn whoever_left_work_latest_starts() {
    let fp = first_player_of(
        &[Some("18:00"), Some("20:30"), Some("19:05")],
        &mut NoChance,
    );
    assert_eq!(
        fp,
        FirstPlayer::LeftLatest {
            seat: 1,
            at: "20:30".into()
        }
    );
}

#[test]
fn leaving_after_midnight_counts_as_later() {
    let fp = first_player_of(
        &[Some("23:30"), Some("01:15"), Some("05:59"), Some("22:00")],
        &mut NoChance,
    );
    assert_eq!(
        fp,
        FirstPlayer::LeftLatest {
            seat: 2,
            at: "05:59".into()
        }
    );
    let fp = first_player_of(&[Some("23:30"), Some("01:15")], &mut NoChance);
    assert_eq!(
        fp,
        FirstPlayer::LeftLatest {
            seat: 1,
            at: "01:15".into()
        }
    );
}

#[test]
fn players_without_an_answer_cannot_beat_an_answer() {
    let fp = first_player_of(&[None, Some("07:00"), None], &mut NoChance);
    assert_eq!(
        fp,
        FirstPlayer::LeftLatest {
            seat: 1,
            at: "07:00".into()
        }
    );
}

#[test]
fn a_tie_for_latest_is_drawn_among_the_tied() {
    let times = [Some("20:00"), Some("21:00"), Some("21:00"), None];
    let fp = first_player_of(&times, &mut ScriptedChance::new([1]));
    assert_eq!(
        fp,
        FirstPlayer::Random {
            seat: 2,
            among: vec![1, 2]
        }
    );
    let fp = first_player_of(&times, &mut ScriptedChance::new([0]));
    assert_eq!(
        fp,
        FirstPlayer::Random {
            seat: 1,
            among: vec![1, 2]
        }
    );
}

#[test]
fn no_answers_draw_among_everyone() {
    let fp = first_player_of(&[None, None, None], &mut ScriptedChance::new([2]));
    assert_eq!(
        fp,
        FirstPlayer::Random {
            seat: 2,
            among: vec![0, 1, 2]
        }
    );
}

#[test]
fn a_fixture_start_player_overrides_the_question() {
    let (game, events) = Osaki::start(
        &profiles(&[None, Some("23:00")]),
        &options(two_player_deal(), Some(0)),
        &mut NoChance,
    )
    .unwrap();
    assert_eq!(game.to_act(), vec![0]);
    assert_eq!(
        events,
        vec![Event::Started {
            first_player: FirstPlayer::Random {
                seat: 0,
                among: vec![0]
            }
        }]
    );
}

// ---------------------------------------------------------------- turning

#[test]
fn turning_shows_the_task_to_everyone_and_passes_the_turn_clockwise() {
    let (mut game, _) = start(four_player_deal(), 3);
    assert_eq!(pile_at(&game, 3, 2), Pile::Unturned { character: DM });
    let events = play(&mut game, 3, turn(2));
    // Seat 3 holds task (3 + 2) mod 4 = Accounting of the Department Manager.
    assert_eq!(
        events,
        vec![Event::Turned {
            seat: 3,
            slot: 2,
            tile: t(DM, ACC)
        }]
    );
    for viewer in Viewer::all(4) {
        let view = game.view(viewer);
        assert_eq!(
            view.areas[3].slots[2],
            Pile::Stack {
                tiles: vec![t(DM, ACC)]
            }
        );
        assert!(view.areas[3].has_played);
        assert_eq!(view.turn, Some(0), "clockwise from seat 3 is seat 0");
        assert_eq!(view.you, viewer.seat());
    }
    assert_eq!(game.to_act(), vec![0]);
    assert!(game.legal(3).is_empty());
}

#[test]
fn a_turned_or_missing_slot_cannot_be_turned() {
    let (mut game, _) = start(two_player_deal(), 0);
    play(&mut game, 0, turn(0));
    play(&mut game, 1, turn(0));
    refused(&mut game, 0, turn(0), "slot 0 is already turned");
    refused(&mut game, 0, turn(12), "you have no slot 12");
}

// --------------------------------------------------------------- stacking

#[test]
fn on_your_first_turn_you_may_only_turn_a_tile() {
    let (mut game, _) = start(two_player_deal(), 0);
    assert!(game
        .legal(0)
        .iter()
        .all(|a| matches!(a, Action::Turn { .. })));
    assert_eq!(game.legal(0).len(), 12);
    refused(
        &mut game,
        0,
        stack(0, 1, 0),
        "on your first turn you may only turn a tile",
    );
    play(&mut game, 0, turn(0)); // President/Copying
                                 // Seat 1 may not stack its first time either, even onto a matching top.
    refused(
        &mut game,
        1,
        stack(0, 0, 0),
        "on your first turn you may only turn a tile",
    );
    assert!(game
        .legal(1)
        .iter()
        .all(|a| matches!(a, Action::Turn { .. })));
    play(&mut game, 1, turn(0)); // President/Inventory
                                 // Now seat 0 has played: stacking is offered.
    assert!(game.legal(0).contains(&stack(0, 1, 0)));
}

/// Seat 0 holds Copying/Accounting of every character, seat 1
/// Inventory/Phone duty; slots 2c and 2c+1 hold character c.
#[test]
fn stacks_join_on_character_or_task_and_only_the_top_counts() {
    let (mut game, _) = start(two_player_deal(), 0);
    play_all(
        &mut game,
        &[(0, turn(0)), (1, turn(2)), (0, turn(3)), (1, turn(0))],
    );
    // Tops: seat 0: PR/COPY (0), SMD/ACC (3); seat 1: SMD/INV (2), PR/INV (0).
    refused(
        &mut game,
        0,
        stack(0, 0, 3),
        "the tops do not match in character or task",
    );
    refused(
        &mut game,
        0,
        stack(0, 1, 2),
        "President/Copying onto Senior Managing Director/Inventory",
    );

    // Same character: President onto President.
    let events = play(&mut game, 0, stack(0, 1, 0));
    assert_eq!(
        events,
        vec![Event::Stacked {
            seat: 0,
            from: 0,
            owner: 1,
            onto: 0,
            moved: t(PR, COPY),
            onto_top: t(PR, INV),
            height: 2
        }]
    );
    assert_eq!(pile_at(&game, 0, 0), Pile::Empty);
    assert_eq!(stack_at(&game, 1, 0), vec![t(PR, INV), t(PR, COPY)]);
    assert_eq!(spectator_view(&game).areas[0].tiles(), 11);
    assert_eq!(spectator_view(&game).areas[1].tiles(), 13);

    // The bottom PR/INV would match SMD/INV by task, but only the top
    // (PR/COPY) counts.
    refused(&mut game, 1, stack(2, 1, 0), "the tops do not match");
    play(&mut game, 1, stack(2, 0, 3)); // SMD/INV onto SMD/ACC: character
    assert_eq!(stack_at(&game, 0, 3), vec![t(SMD, ACC), t(SMD, INV)]);

    // Seat 0's stack now shows SMD/INV: it no longer matches PR/COPY.
    refused(&mut game, 0, stack(3, 1, 0), "the tops do not match");
    play(&mut game, 0, turn(2)); // SMD/COPY

    // Same task: seat 1 moves its whole two-tile stack (top PR/COPY) onto
    // SMD/COPY. A stack is never split: both tiles go.
    let events = play(&mut game, 1, stack(0, 0, 2));
    assert_eq!(
        events,
        vec![Event::Stacked {
            seat: 1,
            from: 0,
            owner: 0,
            onto: 2,
            moved: t(PR, COPY),
            onto_top: t(SMD, COPY),
            height: 3
        }]
    );
    assert_eq!(
        stack_at(&game, 0, 2),
        vec![t(SMD, COPY), t(PR, INV), t(PR, COPY)]
    );
    assert_eq!(pile_at(&game, 1, 0), Pile::Empty);
    assert_eq!(spectator_view(&game).areas[1].tiles(), 10);
    assert_eq!(spectator_view(&game).areas[0].tiles(), 14);
}

#[test]
fn a_player_may_stack_onto_their_own_stack() {
    let (mut game, _) = start(two_player_deal(), 0);
    play_all(
        &mut game,
        &[(0, turn(0)), (1, turn(0)), (0, turn(2)), (1, turn(1))],
    );
    // PR/COPY and SMD/COPY share a task.
    assert!(game.legal(0).contains(&stack(2, 0, 0)));
    play(&mut game, 0, stack(2, 0, 0));
    assert_eq!(stack_at(&game, 0, 0), vec![t(PR, COPY), t(SMD, COPY)]);
    assert_eq!(pile_at(&game, 0, 2), Pile::Empty);
    assert_eq!(
        spectator_view(&game).areas[0].tiles(),
        12,
        "own stacking keeps the count"
    );
}

#[test]
fn unturned_tiles_never_move_and_are_never_targets() {
    let (mut game, _) = start(two_player_deal(), 0);
    play_all(&mut game, &[(0, turn(0)), (1, turn(0))]);
    // Seat 1's slot 1 is an unturned President: the characters would match.
    refused(&mut game, 0, stack(0, 1, 1), "seat 1's slot 1 is unturned");
    refused(
        &mut game,
        0,
        stack(1, 1, 0),
        "slot 1 is not one of your turned stacks",
    );
    assert!(!game.legal(0).iter().any(|a| matches!(
        a,
        Action::Stack { from: 1, .. }
            | Action::Stack {
                owner: 1,
                onto: 1,
                ..
            }
    )));
}

#[test]
fn stacking_names_only_existing_turned_stacks() {
    let (mut game, _) = start(two_player_deal(), 0);
    play_all(
        &mut game,
        &[
            (0, turn(0)),
            (1, turn(0)),
            (0, stack(0, 1, 0)),
            (1, turn(1)),
        ],
    );
    play(&mut game, 0, turn(2)); // SMD/COPY
    play(&mut game, 1, turn(2)); // SMD/INV
    refused(
        &mut game,
        0,
        stack(0, 1, 0),
        "slot 0 is not one of your turned stacks: it is empty",
    );
    refused(&mut game, 0, stack(2, 0, 0), "seat 0's slot 0 is empty");
    refused(
        &mut game,
        0,
        stack(2, 0, 2),
        "a stack cannot be stacked onto itself",
    );
    refused(&mut game, 0, stack(2, 2, 0), "there is no seat 2");
    refused(&mut game, 0, stack(2, 1, 12), "seat 1 has no slot 12");
    refused(&mut game, 0, stack(12, 1, 2), "you have no slot 12");
}

// ----------------------------------------------------------------- errors

#[test]
fn acting_out_of_turn_is_refused_and_changes_nothing() {
    let (mut game, _) = start(three_player_deal(), 1);
    for seat in [0, 2, 3, 200] {
        let before = game.clone();
        assert_eq!(
            game.play(seat, &turn(0), &mut NoChance),
            Err(RuleError::NotYourTurn)
        );
        assert_eq!(game, before);
        assert!(game.legal(seat).is_empty());
    }
    assert_eq!(game.to_act(), vec![1]);
}

#[test]
fn rule_errors_carry_their_protocol_codes() {
    use cubicle_protocol::ErrorCode;
    assert_eq!(RuleError::NotYourTurn.code(), ErrorCode::NotYourTurn);
    assert_eq!(RuleError::GameOver.code(), ErrorCode::GameOver);
    assert_eq!(
        RuleError::Illegal("x".into()).code(),
        ErrorCode::IllegalAction
    );
}

// ------------------------------------------------------------------ board

#[test]
fn the_board_names_everything_in_english_and_japanese() {
    let (game, _) = start(two_player_deal(), 0);
    let board = serde_json::to_value(game.board()).unwrap();
    let names: Vec<(String, String)> = board["characters"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| {
            (
                n["en"].as_str().unwrap().into(),
                n["ja"].as_str().unwrap().into(),
            )
        })
        .collect();
    let expected = [
        ("President", "社長"),
        ("Senior Managing Director", "専務"),
        ("Department Manager", "部長"),
        ("Section Chief", "係長"),
        ("Senior Colleague", "先輩"),
        ("Temp Worker", "派遣社員"),
    ];
    assert_eq!(
        names,
        expected.map(|(e, j)| (e.to_owned(), j.to_owned())).to_vec()
    );
    assert_eq!(board["characters"][3]["id"], "section_chief");
    let tasks: Vec<&str> = board["tasks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n["ja"].as_str().unwrap())
        .collect();
    assert_eq!(tasks, ["コピー", "伝票整理", "倉庫整理", "電話番"]);
    assert_eq!(board["tasks"][3]["en"], "Phone duty");
    assert_eq!(
        board["calls"]["handle_this_too"]["en"],
        "Please handle this too!"
    );
    assert_eq!(
        board["calls"]["handle_this_too"]["ja"],
        "これもお願いします！"
    );
    assert_eq!(board["calls"]["leaving_now"]["en"], "I'm leaving now!");
    assert_eq!(board["calls"]["leaving_now"]["ja"], "お先に失礼しま〜す！");
    assert_eq!(board["calls"]["good_job"]["en"], "Good job!");
    assert_eq!(board["calls"]["good_job"]["ja"], "お疲れさまでした！");
}

#[test]
fn unturned_and_leftover_tiles_show_no_task_to_anyone_including_their_owner() {
    for deal in [two_player_deal(), three_player_deal(), four_player_deal()] {
        let seats = deal.len();
        let (game, _) = start(deal, 0);
        for viewer in Viewer::all(seats) {
            let json = serde_json::to_string(&game.view(viewer)).unwrap();
            for task in ["copying", "accounting", "inventory", "phone_duty"] {
                assert!(!json.contains(task), "{viewer:?} sees {task}: {json}");
            }
            let legal = serde_json::to_string(&viewer.seat().map(|s| game.legal(s))).unwrap();
            assert!(!legal.contains("task"));
        }
    }
}
