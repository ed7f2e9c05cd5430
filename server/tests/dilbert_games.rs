//! Whole Dilbert games over real WebSockets: 3 and 6 players and a
//! spectator, random deals (the room's own seed), every client choosing at
//! random from its own latest `legal` list. Several seats are asked at once
//! (the worst-job vote, the pocket-change question, discards down to five):
//! each of them sends its choice at the same time.

mod support;

use std::collections::BTreeMap;

use cubicle_protocol::{RoomStatus, ServerMessage};
use futures_util::future::join_all;
use serde_json::Value;
use support::dilbert::{assert_secrets_kept, pick_action, public_facts, start_table, MAX_ROUNDS};
use support::office21::{seed_from_env, spectator, FailureNote, SPECTATOR};
use support::osaki::{Picker, Player};
use support::TestServer;

/// A bound no game comes near: the rules end every game (see
/// `cubicle_games::dilbert`), and a random game takes a few hundred actions.
const MAX_ACTIONS: usize = 6_000;

/// Keeps one seat under the server's per-connection message rate (a
/// random game sends as fast as the server answers).
struct Pace {
    tokens: f64,
    last: std::time::Instant,
}

impl Pace {
    const PER_SECOND: f64 = 15.0;
    const BURST: f64 = 30.0;

    fn new() -> Self {
        Pace {
            tokens: Self::BURST,
            last: std::time::Instant::now(),
        }
    }

    async fn wait(&mut self) {
        let now = std::time::Instant::now();
        self.tokens =
            (self.tokens + (now - self.last).as_secs_f64() * Self::PER_SECOND).min(Self::BURST);
        self.last = now;
        if self.tokens < 1.0 {
            let wait = (1.0 - self.tokens) / Self::PER_SECOND;
            tokio::time::sleep(std::time::Duration::from_secs_f64(wait)).await;
            self.tokens = 1.0;
            self.last = std::time::Instant::now();
        }
        self.tokens -= 1.0;
    }
}

/// Plays one whole game; seat `s` answers the worst-job question with
/// `worst_jobs[s]` (two answers or more: the table votes).
async fn full_game(worst_jobs: &[Option<&str>]) {
    let seats = worst_jobs.len();
    let server = TestServer::start().await;
    let seed = seed_from_env();
    let _note = FailureNote(format!(
        "Dilbert full game, {seats} players: choices drawn with seed {seed} \
         (CUBICLE_TEST_SEED={seed} repeats the choices; the deal is the room's own)"
    ));
    let table = start_table(&server, worst_jobs).await;
    let room_id = table.room_id.clone();
    let mut players = table.players;
    let mut watcher = spectator(server.addr, &room_id).await;

    let mut picker = Picker::new(seed);
    // Per seat: the ids it sent, and the acks it received.
    let mut sent: Vec<Vec<String>> = vec![Vec::new(); seats];
    let mut acked: Vec<Vec<String>> = vec![Vec::new(); seats];
    let mut actions = 0;
    let mut concurrent_rounds = 0;
    let mut pace: Vec<Pace> = (0..seats).map(|_| Pace::new()).collect();
    while players[0].outcome.is_none() {
        let ready: Vec<usize> = (0..seats)
            .filter(|&s| !players[s].legal.is_empty())
            .collect();
        assert!(!ready.is_empty(), "the game is not over but no one may act");
        if ready.len() > 1 {
            let stage = &watcher.view["stage"];
            let together = stage["stage"] == "vote"
                || ["discard", "question", "call_out"]
                    .contains(&stage["step"]["step"].as_str().unwrap_or(""));
            assert!(
                together,
                "only votes, discards, questions and call-outs are simultaneous: {stage}"
            );
            concurrent_rounds += 1;
        }
        let round = watcher.view["round"].as_u64().expect("a round number");
        assert!(round <= MAX_ROUNDS, "the game runs past round {MAX_ROUNDS}");

        let moves: BTreeMap<usize, (String, Value)> = ready
            .iter()
            .map(|&s| {
                let id = format!("seat{s}-{}", sent[s].len() + 1);
                sent[s].push(id.clone());
                (s, (id, pick_action(&mut picker, &players[s].legal)))
            })
            .collect();
        actions += moves.len();
        assert!(actions < MAX_ACTIONS, "the game does not end");
        for &s in moves.keys() {
            pace[s].wait().await;
        }

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
    assert!(concurrent_rounds > 0, "some seats were asked at once");

    // Nothing more comes: no late update, no second ack.
    join_all(
        players
            .iter_mut()
            .chain(std::iter::once(&mut watcher))
            .map(|p| p.client.assert_quiet()),
    )
    .await;

    let first = watcher
        .events
        .iter()
        .find_map(|e| e.event.as_ref().filter(|e| e["kind"] == "first_player"))
        .expect("a first player was chosen");
    let votes = first["votes"].as_array().expect("votes");
    assert_eq!(
        votes.len(),
        seats,
        "the table voted for the worst job: {first}"
    );
    let mut tally = vec![0; seats];
    for vote in votes {
        let choice = vote.as_u64().expect("every seat voted") as usize;
        assert!(worst_jobs[choice].is_some(), "votes go to answers: {first}");
        tally[choice] += 1;
    }
    let chosen = first["seat"].as_u64().unwrap() as usize;
    assert_eq!(
        tally[chosen],
        *tally.iter().max().unwrap(),
        "the most voted goes first: {first}"
    );

    let outcome = watcher.outcome.clone().expect("the spectator sees the end");
    assert_eq!(watcher.view["stage"]["stage"], "over");
    assert!(watcher.view["round"].as_u64().unwrap() <= MAX_ROUNDS);
    let ending = &watcher.view["ending"];
    let winners: Vec<u64> = outcome.winners.iter().map(|&w| u64::from(w)).collect();
    assert!(!winners.is_empty(), "someone wins");
    assert_eq!(ending["winners"], serde_json::json!(winners));
    assert_eq!(
        ending["scores"].as_array().map(Vec::len),
        Some(seats),
        "a final score per seat"
    );
    assert!(watcher.view["hand"].is_null(), "a spectator holds no hand");

    let public = public_facts(&watcher.view);
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
        let me = (p.seat != SPECTATOR).then_some(p.seat);
        assert_secrets_kept(&p.client.received, me);
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
    server.stop().await;
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

fn count_frames(transcript: &[String], kind: &str) -> usize {
    transcript
        .iter()
        .filter(|t| serde_json::from_str::<Value>(t).unwrap()["type"] == kind)
        .count()
}

#[tokio::test]
async fn three_players_and_a_spectator_play_a_whole_game() {
    full_game(&[
        Some("Night shift at a fish cannery"),
        None,
        Some("Mascot in July"),
    ])
    .await;
}

#[tokio::test]
async fn six_players_and_a_spectator_play_a_whole_game() {
    full_game(&[
        None,
        Some("Telemarketing timeshares"),
        None,
        Some("Cleaning the office fridge"),
        Some("Proofreading the phone book"),
        None,
    ])
    .await;
}
