//! Replay determinism through the server's path: the catalog starts the
//! game from a seed, the type-erased `Table` applies JSON actions with
//! `SeededChance::new(seed, step)`; the same seed and actions give the same
//! game, event for event and view for view.

use cubicle_games::chance::Seed;
use cubicle_games::{catalog, Chance, PlayerProfile, SeededChance, Table, Viewer};
use serde_json::{json, Value};

/// Everything every viewer would be sent: views, legal actions, the log.
fn everything(table: &dyn Table) -> Vec<Value> {
    let seats = table.seats();
    let mut out = vec![table.board(), json!(table.to_act()), json!(table.outcome())];
    for viewer in Viewer::all(seats) {
        out.push(table.view(viewer));
        if let Some(seat) = viewer.seat() {
            out.push(json!(table.legal(seat)));
        }
        for seq in 1..=table.last_seq() {
            out.push(json!(table.event(seq, viewer)));
        }
    }
    out
}

fn new_table(seed: &Seed, seats: usize) -> Box<dyn Table> {
    let players = vec![PlayerProfile::default(); seats];
    (catalog::find("osaki")
        .expect("osaki is in the catalog")
        .start)(&players, &Value::Null, seed)
    .expect("starts")
}

/// Plays a random game (choices drawn from `choices`), returning the
/// actions as JSON.
fn random_game(
    seed: &Seed,
    seats: usize,
    choices: &mut dyn Chance,
) -> (Box<dyn Table>, Vec<(u8, Value)>) {
    let mut table = new_table(seed, seats);
    let mut actions = Vec::new();
    let mut step = 1;
    while table.outcome().is_none() {
        let seat = table.to_act()[0];
        let legal = table.legal(seat);
        let action = choices.pick(&legal).unwrap().clone();
        table
            .apply(seat, &action, &mut SeededChance::new(seed, step))
            .expect("legal actions are accepted");
        actions.push((seat, action));
        step += 1;
    }
    (table, actions)
}

#[test]
fn the_catalog_lists_osaki() {
    let info = catalog::infos()
        .into_iter()
        .find(|i| i.id == "osaki")
        .unwrap();
    assert_eq!(info.name, "Osaki ni Shitsurei Shima-su!!");
    assert_eq!((info.min_seats, info.max_seats), (2, 4));
    assert_eq!(
        serde_json::to_value(&info.join_questions).unwrap(),
        json!([{
            "id": "left_work_at",
            "prompt": {
                "en": "When did you leave work yesterday?",
                "ja": "昨日は何時に退社しましたか？"
            },
            "kind": "time",
            "required": false
        }])
    );
    // Answers are checked against it before anyone sits down.
    let entry = catalog::find("osaki").unwrap();
    let entry_check = |raw: &Value| entry.check_answers(raw.as_object().unwrap());
    let ok = json!({"left_work_at": " 1:30 "});
    let answers = entry_check(&ok).expect("a time is an answer");
    assert_eq!(answers["left_work_at"].as_text(), Some("01:30"));
    for bad in [json!({"left_work_at": "25:00"}), json!({"shoe_size": "42"})] {
        let error = entry_check(&bad).unwrap_err();
        assert_eq!(
            error.code(),
            cubicle_protocol::ErrorCode::BadAnswer,
            "{bad}"
        );
    }
    assert!((entry.validate)(3, &Value::Null).is_ok());
    assert!((entry.validate)(5, &Value::Null).is_err());
    assert!((entry.validate)(2, &json!({"fixture": {"deal": []}})).is_err());
    assert!(
        (entry.validate)(2, &json!({"surprise": 1})).is_err(),
        "unknown options are refused"
    );
}

#[test]
fn the_same_seed_and_actions_replay_to_identical_views() {
    for (i, seats) in [2, 3, 4, 2, 3, 4].into_iter().enumerate() {
        let seed: Seed = [i as u8 * 17 + 1; 32];
        let mut choices = SeededChance::new(&[200 + i as u8; 32], 0);
        let (original, actions) = random_game(&seed, seats, &mut choices);
        assert!(original.outcome().is_some());

        let mut replay = new_table(&seed, seats);
        for (step, (seat, action)) in actions.iter().enumerate() {
            let applied = replay
                .apply(
                    *seat,
                    action,
                    &mut SeededChance::new(&seed, step as u64 + 1),
                )
                .expect("replayed action is accepted");
            assert_eq!(&applied.action, action, "the logged action is the action");
        }
        assert_eq!(
            everything(&*original),
            everything(&*replay),
            "{seats} seats"
        );
    }
}

#[test]
fn different_seeds_deal_differently() {
    let a = new_table(&[1; 32], 4).view(Viewer::Spectator);
    let b = new_table(&[2; 32], 4).view(Viewer::Spectator);
    // The views hide tasks, so compare the first tile each seat turns.
    let turned = |seed: &Seed| {
        let mut table = new_table(seed, 4);
        let mut tiles = Vec::new();
        for _ in 0..4 {
            let seat = table.to_act()[0];
            table
                .apply(
                    seat,
                    &json!({"kind": "turn", "slot": 0}),
                    &mut SeededChance::new(seed, 1),
                )
                .unwrap();
            tiles.push(table.event(table.last_seq(), Viewer::Spectator).unwrap()["tile"].clone());
        }
        tiles
    };
    assert_eq!(
        a["areas"], b["areas"],
        "before any turn, both deals look alike"
    );
    assert_ne!(turned(&[1; 32]), turned(&[2; 32]));
}

#[test]
fn refused_json_actions_change_nothing() {
    let seed = [5; 32];
    let mut table = new_table(&seed, 3);
    let before = everything(&*table);
    let seat = table.to_act()[0];
    for bad in [
        json!({"kind": "turn"}),
        json!({"kind": "fly"}),
        json!("turn"),
        json!({"kind": "turn", "slot": 99}),
    ] {
        assert!(
            table
                .apply(seat, &bad, &mut SeededChance::new(&seed, 1))
                .is_err(),
            "{bad}"
        );
    }
    assert!(table
        .apply(
            (seat + 1) % 3,
            &json!({"kind": "turn", "slot": 0}),
            &mut SeededChance::new(&seed, 1)
        )
        .is_err());
    assert_eq!(everything(&*table), before);
}
