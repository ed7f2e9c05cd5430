//! Another game in the same room ("Play again"): the same seats, a new
//! seed and commitment, each person accepting (or declining, which frees
//! the seat); the room lists its games with their results, keeps each
//! one's record and replay, and loses none of it to a SIGKILL.

mod support;

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use cubicle_protocol::record::{GameRecord, Replay};
use cubicle_protocol::{ClientMessage, ErrorCode, RoomInfo, RoomStatus, ServerMessage};
use cubicle_server::fairness::verify;
use serde_json::{json, Value};
use support::binary::Binary;
use support::{Client, TestDb};

struct Person {
    token: String,
    client: Client,
}

/// A two-seat Osaki room on the binary at `addr` with Ann (the host, seat
/// 0) and Bob (seat 1), played to its end by the computer players that
/// stand in for both once they leave (a one-second turn clock). Ann and Bob
/// are back at the table when it returns.
async fn finished_game(addr: SocketAddr) -> (String, Person, Person) {
    let response = reqwest::Client::new()
        .post(format!("http://{addr}/api/rooms"))
        .json(&json!({ "game": "osaki", "seats": 2, "clock": { "per_decision_ms": 1000 } }))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 201);
    let created: Value = response.json().await.unwrap();
    let room_id = created["room_id"].as_str().unwrap().to_owned();
    let host_token = created["host_token"].as_str().unwrap().to_owned();

    let mut ann = Client::open(addr, &room_id).await;
    ann.hello(Some(&host_token), None).await;
    ann.send_json(json!({ "type": "join", "name": "Ann", "seat": 0,
        "answers": { "left_work_at": "19:30" }, "contribution": "a1" }))
        .await;
    let ServerMessage::Joined {
        token: ann_token, ..
    } = ann.recv_skip_room().await
    else {
        panic!("Ann is seated")
    };
    let mut bob = Client::open(addr, &room_id).await;
    bob.hello(None, None).await;
    bob.send_json(json!({ "type": "join", "name": "Bob", "seat": 1,
        "answers": { "left_work_at": "18:00" }, "contribution": "b2" }))
        .await;
    let ServerMessage::Joined {
        token: bob_token, ..
    } = bob.recv_skip_room().await
    else {
        panic!("Bob is seated")
    };
    ann.send(&ClientMessage::Start {}).await;
    loop {
        if let ServerMessage::Snapshot { .. } = ann.recv().await {
            break;
        }
    }
    ann.close().await;
    bob.close().await;
    let deadline = Instant::now() + Duration::from_secs(120);
    while info(addr, &room_id).await.status != RoomStatus::Finished {
        assert!(Instant::now() < deadline, "the stand-ins did not finish");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let ann = back(addr, &room_id, ann_token).await;
    let bob = back(addr, &room_id, bob_token).await;
    (room_id, ann, bob)
}

async fn back(addr: SocketAddr, room_id: &str, token: String) -> Person {
    let mut client = Client::open(addr, room_id).await;
    let (you, _) = client.hello(Some(&token), None).await;
    assert!(you.seat.is_some());
    // The finished game's snapshot, and the seat back from its stand-in.
    client.recv_skip_room().await;
    Person { token, client }
}

async fn info(addr: SocketAddr, room_id: &str) -> RoomInfo {
    reqwest::get(format!("http://{addr}/api/rooms/{room_id}"))
        .await
        .unwrap()
        .json()
        .await
        .unwrap()
}

async fn get(addr: SocketAddr, path: &str) -> reqwest::Response {
    reqwest::get(format!("http://{addr}{path}")).await.unwrap()
}

/// The next `room` message `client` hears that satisfies `wanted`.
async fn room_until(client: &mut Client, wanted: impl Fn(&RoomInfo) -> bool) -> RoomInfo {
    loop {
        if let ServerMessage::Room { room } = client.recv().await {
            if wanted(&room) {
                return room;
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn play_again_deals_a_new_game_to_the_same_seats_and_the_room_keeps_both_through_a_sigkill() {
    let db = TestDb::new().await;
    let binary = Binary::start(&db, false);
    let (room_id, mut ann, mut bob) = finished_game(binary.addr).await;
    let first = info(binary.addr, &room_id).await;
    let first_seed = first.server_seed.clone().expect("revealed at the end");
    assert_eq!(first.game_number, 1);
    assert_eq!(first.history.len(), 1, "the finished game is listed");
    let result = first.history[0].outcome.clone();

    // A spectator cannot offer another game.
    let mut watcher = Client::open(binary.addr, &room_id).await;
    watcher.hello(None, None).await;
    assert!(matches!(
        watcher.recv_skip_room().await,
        ServerMessage::Snapshot { .. }
    ));
    watcher.send(&ClientMessage::PlayAgain {}).await;
    watcher.expect_error(ErrorCode::NotSeated).await;

    ann.client.send(&ClientMessage::PlayAgain {}).await;
    let lobby = room_until(&mut bob.client, |r| r.status == RoomStatus::Lobby).await;
    assert_eq!(lobby.game_number, 2);
    assert_ne!(lobby.seed_commitment, first.seed_commitment, "a new seed");
    assert!(lobby.server_seed.is_none(), "the new seed is secret");
    assert!(lobby.seats.iter().all(|s| s.pending), "{:?}", lobby.seats);
    assert_eq!(
        lobby
            .seats
            .iter()
            .map(|s| s.name.clone())
            .collect::<Vec<_>>(),
        [Some("Ann".to_owned()), Some("Bob".to_owned())],
        "the same seats"
    );
    assert!(
        lobby.seats.iter().all(|s| s.bot.is_none()),
        "stand-ins left"
    );
    assert_eq!(lobby.history.len(), 1);
    assert_eq!(lobby.history[0].outcome, result);
    // A second offer is refused: the game is not over, there is none.
    ann.client.send(&ClientMessage::PlayAgain {}).await;
    ann.client.expect_error(ErrorCode::GameNotOver).await;

    ann.client
        .send(&ClientMessage::Accept {
            contribution: Some("c3".into()),
        })
        .await;
    let half = room_until(&mut bob.client, |r| !r.seats[0].pending).await;
    assert!(half.seats[1].pending);
    assert_eq!(half.status, RoomStatus::Lobby, "Bob has not answered yet");
    bob.client
        .send(&ClientMessage::Accept {
            contribution: Some("d4".into()),
        })
        .await;
    let mut opening = Vec::new();
    for person in [&mut ann, &mut bob] {
        let legal = loop {
            if let ServerMessage::Snapshot { game } = person.client.recv().await {
                break game.legal;
            }
        };
        opening.push(legal);
    }
    let now = info(binary.addr, &room_id).await;
    assert_eq!(now.status, RoomStatus::Playing);
    assert_eq!(now.game_number, 2);
    // Whoever opens (Ann left work latest) turns a tile.
    let (first, legal) = [&mut ann, &mut bob]
        .into_iter()
        .zip(opening)
        .find(|(_, legal)| !legal.is_empty())
        .expect("someone opens the game");
    first
        .client
        .send(&ClientMessage::Act {
            id: "first".into(),
            action: legal[0].clone(),
        })
        .await;
    loop {
        if let ServerMessage::Ack { id } = first.client.recv().await {
            assert_eq!(id, "first");
            break;
        }
    }

    binary.kill();
    let binary = Binary::start(&db, false);
    let restarted = info(binary.addr, &room_id).await;
    assert_eq!(restarted.status, RoomStatus::Playing);
    assert_eq!(restarted.game_number, 2);
    assert_eq!(restarted.history.len(), 1);
    assert_eq!(restarted.history[0].outcome, result);
    assert_eq!(restarted.seed_commitment, now.seed_commitment);
    let mut bob_again = Client::open(binary.addr, &room_id).await;
    let (you, _) = bob_again.hello(Some(&bob.token), None).await;
    assert_eq!(you.seat, Some(1), "Bob keeps his seat in the second game");
    let ServerMessage::Snapshot { game } = bob_again.recv_skip_room().await else {
        panic!("the second game's snapshot")
    };
    assert!(game.log.len() > 1, "the logged action replayed");

    // The first game's record is kept, verifies, and is the one whose
    // seed was revealed; the second has none until it ends.
    let response = get(binary.addr, &format!("/api/rooms/{room_id}/games/1/record")).await;
    assert_eq!(response.status(), 200);
    let record: GameRecord = response.json().await.unwrap();
    assert_eq!(record.server_seed, first_seed);
    assert_eq!(record.players, ["Ann", "Bob"]);
    let verified = verify(&record).expect("the first game verifies");
    assert_eq!(verified.outcome, Some(result.clone()));
    let current = get(binary.addr, &format!("/api/rooms/{room_id}/games/2/record")).await;
    assert_eq!(current.status(), 409);
    let latest = get(binary.addr, &format!("/api/rooms/{room_id}/record")).await;
    assert_eq!(
        latest.status(),
        409,
        "the room's record is its current game's"
    );
    let none = get(binary.addr, &format!("/api/rooms/{room_id}/games/3/replay")).await;
    assert_eq!(none.status(), 404);

    // Its replay steps through every action with the hidden tiles shown.
    let response = get(binary.addr, &format!("/api/rooms/{room_id}/games/1/replay")).await;
    assert_eq!(response.status(), 200);
    let replay: Replay = response.json().await.unwrap();
    assert_eq!(replay.number, 1);
    assert_eq!(replay.steps.len(), record.actions.len() + 1);
    assert!(replay.steps[0].action.is_none(), "the deal comes first");
    for (step, action) in replay.steps[1..].iter().zip(&record.actions) {
        assert_eq!(step.action.as_ref(), Some(action));
    }
    assert!(
        !replay.steps[0].revealed.is_empty(),
        "the unturned tiles of the deal are revealed"
    );
    assert_eq!(replay.outcome, Some(result));

    let status = binary.terminate();
    assert!(status.success());
    db.cleanup().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_who_declines_frees_the_seat_and_a_newcomer_completes_the_table() {
    let db = TestDb::new().await;
    let binary = Binary::start(&db, false);
    let (room_id, mut ann, mut bob) = finished_game(binary.addr).await;

    ann.client.send(&ClientMessage::PlayAgain {}).await;
    room_until(&mut bob.client, |r| r.status == RoomStatus::Lobby).await;
    // Bob declines.
    bob.client.send(&ClientMessage::Leave {}).await;
    let freed = room_until(&mut ann.client, |r| r.seats[1].name.is_none()).await;
    assert!(!freed.seats[1].pending);
    assert!(freed.code.is_some(), "the room code opens the lobby again");
    ann.client
        .send(&ClientMessage::Accept {
            contribution: Some("c3".into()),
        })
        .await;
    room_until(&mut ann.client, |r| !r.seats[0].pending).await;
    assert_eq!(info(binary.addr, &room_id).await.status, RoomStatus::Lobby);

    // Bob's old token opens nothing any more.
    let mut old = Client::open(binary.addr, &room_id).await;
    old.send_hello(Some(&bob.token.clone()), None).await;
    old.expect_error(ErrorCode::InvalidToken).await;

    // Cara takes the free seat: the table is complete and the game starts.
    let mut cara = Client::open(binary.addr, &room_id).await;
    cara.hello(None, None).await;
    cara.send_json(json!({ "type": "join", "name": "Cara", "seat": 1,
        "answers": { "left_work_at": "17:45" }, "contribution": "e5" }))
        .await;
    loop {
        if let ServerMessage::Snapshot { game } = cara.recv().await {
            assert_eq!(game.view["you"], 1);
            break;
        }
    }
    let now = info(binary.addr, &room_id).await;
    assert_eq!(now.status, RoomStatus::Playing);
    assert_eq!(now.seats[1].name.as_deref(), Some("Cara"));
    assert_eq!(now.history.len(), 1);
    assert_eq!(now.history[0].players, ["Ann", "Bob"]);

    let status = binary.terminate();
    assert!(status.success());
    db.cleanup().await;
}
