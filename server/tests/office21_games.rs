//! Whole Office 21 games over real WebSockets: 2 to 5 players and a
//! spectator, random deals (the room's own seed), every client choosing at
//! random from its own latest `legal` list, set-up choices sent by several
//! clients at once.

mod support;

use std::collections::BTreeMap;

use cubicle_protocol::{RoomStatus, ServerMessage};
use futures_util::future::join_all;
use serde_json::Value;
use support::office21::{
    assert_secrets_kept, pick_action, seed_from_env, spectator, start_table, FailureNote, DECK_SIZE,
};
use support::osaki::{Picker, Player};
use support::TestServer;

/// A bound no game comes near (the rules bound a game by
/// `(44 + 1) * 3 * seats` turns of at most three actions, per set-up).
const MAX_ACTIONS: usize = 3_000;

/// Plays `games` whole games with `seats` players, one room after the
/// other on one server.
async fn full_games(seats: usize, games: u64) {
    let server = TestServer::start().await;
    let seed = seed_from_env();
    for game in 0..games {
        full_game(&server, seats, seed.wrapping_add(game)).await;
    }
    server.stop().await;
}

async fn full_game(server: &TestServer, seats: usize, seed: u64) {
    let _note = FailureNote(format!(
        "Office 21 full game, {seats} players: choices drawn with seed {seed} \
         (CUBICLE_TEST_SEED={seed} repeats the choices; the deal is the room's own)"
    ));
    let table = start_table(server, seats, None).await;
    let room_id = table.room_id.clone();
    let mut players = table.players;
    let mut watcher = spectator(server.addr, &room_id).await;

    let mut picker = Picker::new(seed);
    // Per seat: the ids it sent, and the acks it received.
    let mut sent: Vec<Vec<String>> = vec![Vec::new(); seats];
    let mut acked: Vec<Vec<String>> = vec![Vec::new(); seats];
    let mut actions = 0;
    let mut concurrent_rounds = 0;
    while players[0].outcome.is_none() {
        let ready: Vec<usize> = (0..seats)
            .filter(|&s| !players[s].legal.is_empty())
            .collect();
        assert!(!ready.is_empty(), "the game is not over but no one may act");
        if ready.len() > 1 {
            assert_eq!(
                players[0].view["stage"]["stage"], "set_up",
                "only set-up choices are simultaneous"
            );
        }
        // Several at once during set-up: a random group of at least two.
        let mut acting = ready.clone();
        if acting.len() > 2 {
            for i in (1..acting.len()).rev() {
                acting.swap(i, picker.below(i + 1));
            }
            acting.truncate(2 + picker.below(acting.len() - 1));
        }
        if acting.len() > 1 {
            concurrent_rounds += 1;
        }
        let moves: BTreeMap<usize, (String, Value)> = acting
            .iter()
            .map(|&s| {
                let id = format!("seat{s}-{}", sent[s].len() + 1);
                sent[s].push(id.clone());
                (s, (id, pick_action(&mut picker, &players[s].legal)))
            })
            .collect();
        actions += moves.len();
        assert!(actions < MAX_ACTIONS, "the game does not end");

        join_all(players.iter_mut().filter_map(|p| {
            let (id, action) = moves.get(&usize::from(p.seat))?;
            Some(p.act(id, action.clone()))
        }))
        .await;
        // Everyone hears of every action once; each sender gets its ack.
        let heard = join_all(
            players
                .iter_mut()
                .chain(std::iter::once(&mut watcher))
                .map(|p| {
                    let ack = moves.get(&usize::from(p.seat)).map(|m| m.0.clone());
                    receive(p, moves.len(), ack)
                }),
        )
        .await;
        for (seat, acks) in heard.into_iter().enumerate().take(seats) {
            acked[seat].extend(acks);
        }
        let seq = watcher.seq;
        for p in &players {
            assert_eq!(p.seq, seq, "seat {} is at another event", p.seat);
        }
    }
    assert!(
        concurrent_rounds > 0,
        "set-up choices were sent concurrently"
    );

    // Nothing more comes: no late update, no second ack.
    join_all(
        players
            .iter_mut()
            .chain(std::iter::once(&mut watcher))
            .map(|p| p.client.assert_quiet()),
    )
    .await;

    let outcome = watcher.outcome.clone().expect("the spectator sees the end");
    let ending = &watcher.view["ending"];
    let winners: Vec<u64> = outcome.winners.iter().map(|&w| u64::from(w)).collect();
    assert_eq!(ending["winners"], serde_json::json!(winners));
    assert_eq!(ending["victory"], outcome.reason.as_str());
    for &w in &outcome.winners {
        assert_eq!(
            watcher.view["players"][usize::from(w)]["eliminated"],
            false,
            "an eliminated player does not win"
        );
    }
    let public = public_facts(&watcher.view);
    let accounted: usize = watcher.view["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["hand"].as_u64().unwrap() as usize + p["office"].as_array().unwrap().len())
        .sum::<usize>()
        + watcher.view["pile"].as_u64().unwrap() as usize
        + watcher.view["discard"].as_array().unwrap().len();
    assert_eq!(accounted, DECK_SIZE, "all 44 cards are somewhere");

    let last = watcher.seq;
    for p in players.iter().chain(std::iter::once(&watcher)) {
        let who = format!("seat {}", p.seat);
        assert_eq!(p.outcome.as_ref(), Some(&outcome), "{who}: same outcome");
        assert!(p.legal.is_empty(), "{who}: nothing to do after the end");
        assert_eq!(
            p.events.iter().map(|e| e.seq).collect::<Vec<_>>(),
            (1..=last).collect::<Vec<_>>(),
            "{who}: every event number, once, in order"
        );
        assert_eq!(public_facts(&p.view), public, "{who}: same public table");
        let updates = count_frames(&p.client.received, "update");
        assert_eq!(updates, actions, "{who}: one update per action");
        let me = (p.seat != support::office21::SPECTATOR).then_some(p.seat);
        assert_secrets_kept(&p.client.received, me);
        if let Some(seat) = me {
            let hand = p.view["hand"].as_array().unwrap().len();
            assert_eq!(
                Some(hand as u64),
                p.view["players"][usize::from(seat)]["hand"].as_u64(),
                "{who}: its hand has the size everyone sees"
            );
        }
    }
    assert_eq!(count_frames(&watcher.client.received, "ack"), 0);
    for seat in 0..seats {
        let mut got = acked[seat].clone();
        got.sort();
        let mut expected = sent[seat].clone();
        expected.sort();
        assert_eq!(got, expected, "seat {seat}: each action acked exactly once");
        assert_eq!(
            count_frames(&players[seat].client.received, "ack"),
            sent[seat].len()
        );
    }

    assert_eq!(
        server.room_info(&room_id).await.status,
        RoomStatus::Finished
    );
    let stored = server
        .db
        .count(&format!(
            "SELECT COUNT(*) FROM actions WHERE room_id = '{room_id}'"
        ))
        .await;
    assert_eq!(stored as usize, actions, "every acked action is stored");
}

/// Reads until `p` has `updates` updates and, if it acted, the ack of
/// `ack` (which comes after the update of its own action). Returns the
/// acks received.
async fn receive(p: &mut Player, updates: usize, ack: Option<String>) -> Vec<String> {
    let mut got = 0;
    let mut acks = Vec::new();
    while got < updates || acks.len() < usize::from(ack.is_some()) {
        match p.client.recv_skip_room().await {
            ServerMessage::Update { update } => {
                assert!(got < updates, "seat {}: an update too many", p.seat);
                p.take_update(update);
                got += 1;
            }
            ServerMessage::Ack { id } => {
                assert_eq!(
                    Some(&id),
                    ack.as_ref(),
                    "seat {}: an unexpected ack",
                    p.seat
                );
                assert!(acks.is_empty(), "seat {}: acked twice", p.seat);
                acks.push(id);
            }
            other => panic!("seat {}: expected an update or ack, got {other:?}", p.seat),
        }
    }
    acks
}

/// The view without what only its viewer knows: what every client must
/// agree on.
fn public_facts(view: &Value) -> Value {
    let mut view = view.clone();
    let map = view.as_object_mut().expect("a view object");
    for private in ["you", "hand", "your_choice", "pile_top", "secret"] {
        map.remove(private);
    }
    view
}

fn count_frames(transcript: &[String], kind: &str) -> usize {
    transcript
        .iter()
        .filter(|t| serde_json::from_str::<Value>(t).unwrap()["type"] == kind)
        .count()
}

#[tokio::test]
async fn two_players_play_whole_games() {
    full_games(2, 3).await;
}

#[tokio::test]
async fn three_players_play_whole_games() {
    full_games(3, 3).await;
}

#[tokio::test]
async fn four_players_play_whole_games() {
    full_games(4, 3).await;
}

#[tokio::test]
async fn five_players_play_whole_games() {
    full_games(5, 3).await;
}
