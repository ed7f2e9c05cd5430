//! Provably fair dealing (docs/fairness.md): the room commits to the
//! server's seed before any deal, players' contributions go into the game's
//! seed, the seed is revealed at the end, and a game's record replays with
//! the rules alone (`cubicle verify`), while any changed draw, action or
//! seed is caught.

use std::process::Command;
use std::time::{Duration, Instant};

use cubicle_protocol::record::GameRecord;
use cubicle_protocol::{BotLevel, ClientMessage, ErrorCode, RoomStatus, ServerMessage};
use cubicle_server::fairness::{verify, VerifyError};
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

mod support;
use support::normalize::normalize;
use support::{Client, Frame, TestServer};

/// A contribution a browser might send.
const ANN_SHARE: &str = "0f1e2d3c4b5a69788796a5b4c3d2e1f0";

/// Waits until the room's game is over (computer players finish it).
async fn await_finished(server: &TestServer, room_id: &str) {
    let deadline = Instant::now() + Duration::from_secs(120);
    while server.room_info(room_id).await.status != RoomStatus::Finished {
        assert!(
            Instant::now() < deadline,
            "the bots did not finish {room_id}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// A room of `game` whose host takes seat 0 with `share` as contribution,
/// fills the other seats with computer players, starts, and leaves: a bot
/// stands in for the host when the one-second turn clock runs out, and the
/// bots play the game to its end. Returns the room id.
async fn play_out(server: &TestServer, game: &str, seats: u8, share: &str) -> String {
    let (status, body) = server
        .post_room(json!({ "game": game, "seats": seats, "clock": { "per_decision_ms": 1000 } }))
        .await;
    assert_eq!(status, 201, "{body}");
    let room_id = body["room_id"].as_str().unwrap().to_owned();
    let host_token = body["host_token"].as_str().unwrap().to_owned();
    let mut host = server.client(&room_id).await;
    host.hello(Some(&host_token), None).await;
    let mut join = json!({ "type": "join", "name": "Ann", "seat": 0, "contribution": share });
    if game == "osaki" {
        join["answers"] = json!({ "left_work_at": "19:30" });
    }
    host.send_json(join).await;
    assert!(matches!(
        host.recv_skip_room().await,
        ServerMessage::Joined { seat: 0, .. }
    ));
    for _ in 1..seats {
        host.send(&ClientMessage::AddBot {
            seat: None,
            level: BotLevel::Random,
        })
        .await;
    }
    host.send(&ClientMessage::Start {}).await;
    loop {
        if let ServerMessage::Snapshot { .. } = host.recv().await {
            break;
        }
    }
    host.close().await;
    await_finished(server, &room_id).await;
    room_id
}

async fn fetch_record(server: &TestServer, room_id: &str) -> GameRecord {
    let response = server.get(&format!("/api/rooms/{room_id}/record")).await;
    assert_eq!(response.status(), 200);
    let disposition = response.headers()["content-disposition"]
        .to_str()
        .unwrap()
        .to_owned();
    assert!(
        disposition.starts_with("attachment;") && disposition.contains(room_id),
        "the record downloads as a file: {disposition}"
    );
    response.json().await.expect("a game record")
}

/// `cubicle verify` on `record`: its exit status and what it printed.
fn verify_command(record: &GameRecord) -> (bool, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.json");
    std::fs::write(&path, serde_json::to_vec(record).unwrap()).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_cubicle"))
        .arg("verify")
        .arg(&path)
        .output()
        .expect("cubicle verify runs");
    let text =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    (out.status.success(), text)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_game_commits_to_its_seed_reveals_it_at_the_end_and_verifies() {
    let server = TestServer::start().await;
    for (game, seats) in [("osaki", 3), ("office21", 3), ("dilbert", 3)] {
        // Before anything is dealt the room shows its commitment only,
        // and has no record to give.
        let created = server.create_room(game, seats, None).await;
        let info = server.room_info(&created.room_id).await;
        assert_eq!(info.seed_commitment.len(), 64);
        assert!(
            info.server_seed.is_none(),
            "the seed stays secret in the lobby"
        );
        let early = server
            .get(&format!("/api/rooms/{}/record", created.room_id))
            .await;
        assert_eq!(early.status(), 409);
        let body: Value = early.json().await.unwrap();
        assert_eq!(body["code"], json!(ErrorCode::GameNotOver.name()));

        let room_id = play_out(&server, game, seats, ANN_SHARE).await;
        let info = server.room_info(&room_id).await;
        let seed = info
            .server_seed
            .clone()
            .expect("the seed is revealed at the end");
        let bytes = hex::decode(&seed).unwrap();
        assert_eq!(
            hex::encode(Sha256::digest(&bytes)),
            info.seed_commitment,
            "{game}: the revealed seed is the one committed to"
        );

        let record = fetch_record(&server, &room_id).await;
        assert_eq!(record.game, game);
        assert_eq!(record.server_seed, seed);
        assert_eq!(record.seed_commitment, info.seed_commitment);
        let contributions = record.contributions.clone().expect("contributions kept");
        assert_eq!(contributions[0], ANN_SHARE);
        assert!(
            contributions[1..].iter().all(String::is_empty),
            "bots add nothing"
        );
        assert_eq!(
            record.seen.len(),
            usize::from(seats) + 1,
            "each seat and a spectator"
        );
        let verified = verify(&record).unwrap_or_else(|e| panic!("{game}: {e}"));
        assert!(verified.actions > 0 && verified.outcome.is_some());
        let (ok, text) = verify_command(&record);
        assert!(
            ok,
            "{game}: cubicle verify refused an honest record: {text}"
        );
        assert!(text.contains("verified"), "{text}");
    }
    server.stop().await;
}

/// Changes the first value in `event` other than its `kind` tag.
fn forge(event: &mut Value) -> bool {
    match event {
        Value::String(s) => {
            s.push('!');
            true
        }
        Value::Number(n) => {
            *n = (n.as_u64().unwrap_or(0) + 1).into();
            true
        }
        Value::Bool(b) => {
            *b = !*b;
            true
        }
        Value::Array(items) => items.iter_mut().any(forge),
        Value::Object(fields) => fields
            .iter_mut()
            .filter(|(key, _)| key.as_str() != "kind")
            .any(|(_, value)| forge(value)),
        Value::Null => false,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_changed_draw_action_contribution_or_seed_is_caught() {
    let server = TestServer::start().await;
    let room_id = play_out(&server, "office21", 3, ANN_SHARE).await;
    let honest = fetch_record(&server, &room_id).await;
    verify(&honest).expect("the honest record holds");

    // The player's contribution is part of the deal: another one deals
    // other cards than the seats were shown.
    let mut record = honest.clone();
    record.contributions.as_mut().unwrap()[0] = "0f1e2d3c4b5a69788796a5b4c3d2e1f1".into();
    match verify(&record) {
        Err(e @ VerifyError::Mismatch { .. }) => {
            assert!(e.to_string().contains("the deal at the start"), "{e}")
        }
        other => panic!("a changed contribution must change the deal: {other:?}"),
    }

    // Something only seat 0 was shown (a card it drew, a look at a hand),
    // changed.
    let mut record = honest.clone();
    let public = record.seen[3].log.clone();
    let secret = record.seen[0]
        .log
        .iter_mut()
        .zip(&public)
        .rev()
        .find(|(mine, theirs)| mine.event.is_some() && mine.event != theirs.event)
        .map(|(mine, _)| mine.event.as_mut().unwrap())
        .expect("seat 0 was shown a secret");
    assert!(forge(secret), "a secret has a value to change: {secret}");
    let error = verify(&record).expect_err("a changed draw is caught");
    assert!(
        matches!(error, VerifyError::Mismatch { ref viewer, .. } if viewer == "seat 0"),
        "{error}"
    );
    let (ok, text) = verify_command(&record);
    assert!(!ok, "cubicle verify must refuse a changed draw");
    assert!(text.contains("seat 0 was shown something else"), "{text}");

    // A changed action: another seat, or another choice.
    let mut record = honest.clone();
    let last = record.actions.len() - 1;
    let action = &mut record.actions[last];
    action.seat = (action.seat + 1) % 3;
    let error = verify(&record).expect_err("a changed action is caught");
    assert!(
        matches!(
            error,
            VerifyError::Refused { .. } | VerifyError::Mismatch { .. }
        ),
        "{error}"
    );
    assert!(
        error.to_string().contains(&format!("{}", last + 1)),
        "{error}"
    );

    // A seed that is not the one committed to.
    let mut record = honest.clone();
    record.server_seed = "00".repeat(32);
    let error = verify(&record).expect_err("a substituted seed is caught");
    assert!(matches!(error, VerifyError::Commitment { .. }), "{error}");
    let (ok, text) = verify_command(&record);
    assert!(!ok);
    assert!(text.contains("does not match the commitment"), "{text}");

    // Every log is there, but two are swapped: the message says so, not
    // that a log is missing.
    let mut record = honest.clone();
    record.seen.swap(0, 1);
    let error = verify(&record).expect_err("logs out of order are caught");
    assert!(matches!(error, VerifyError::SeenOrder), "{error}");
    assert!(error.to_string().contains("seat order"), "{error}");

    // Contributions must be hex, one per seat.
    let mut record = honest;
    record.contributions.as_mut().unwrap().pop();
    assert!(matches!(
        verify(&record),
        Err(VerifyError::ContributionCount(2, 3))
    ));
    server.stop().await;
}

#[tokio::test]
async fn a_contribution_must_be_short_lowercase_hex() {
    let server = TestServer::start().await;
    let created = server.create_room("office21", 3, None).await;
    let mut client = server.client(&created.room_id).await;
    client.hello(None, None).await;
    for bad in ["XYZ", "ABCDEF", &"a".repeat(65)] {
        client
            .send_json(json!({ "type": "join", "name": "Ann", "contribution": bad }))
            .await;
        client.expect_error(ErrorCode::BadMessage).await;
        let said = client.received.last().unwrap();
        assert!(said.contains("contribution must be"), "{said}");
    }
    assert!(server
        .room_info(&created.room_id)
        .await
        .seats
        .iter()
        .all(|s| s.name.is_none()));
    server.stop().await;
}

/// Everything a viewer is sent from its first frame until the game starts,
/// in two rooms that differ only in their server seeds, is the same bytes
/// once the room id, the tokens and the commitment itself are named.
#[tokio::test]
async fn before_the_deal_nothing_but_the_commitment_depends_on_the_servers_seed() {
    let server = TestServer::start().await;
    let mut transcripts = Vec::new();
    for _ in 0..2 {
        let created = server.create_room("office21", 3, None).await;
        let mut clients: Vec<Client> = Vec::new();
        let mut tokens = vec![created.host_token.clone()];
        for seat in 0..3u8 {
            let mut client = server.client(&created.room_id).await;
            let host = seat == 0;
            client
                .hello(host.then_some(created.host_token.as_str()), None)
                .await;
            client
                .send_json(json!({
                    "type": "join", "name": format!("P{seat}"), "seat": seat,
                    "contribution": format!("{seat:02x}"),
                }))
                .await;
            loop {
                if let ServerMessage::Joined { token, .. } = client.recv().await {
                    if !host {
                        tokens.push(token);
                    }
                    break;
                }
            }
            clients.push(client);
        }
        clients[0].send(&ClientMessage::Start {}).await;
        // Read every viewer up to its first snapshot (the deal).
        for client in &mut clients {
            loop {
                if let ServerMessage::Snapshot { .. } = client.recv().await {
                    break;
                }
            }
        }
        let transcript: Vec<Vec<String>> = clients
            .iter_mut()
            .map(|c| {
                let frames = std::mem::take(&mut c.received);
                // Up to the snapshot, which is the deal itself.
                frames[..frames.len() - 1]
                    .iter()
                    .map(|f| normalize(f, &created.room_id, &tokens))
                    .collect()
            })
            .collect();
        transcripts.push(transcript);
    }
    assert_eq!(
        transcripts[0], transcripts[1],
        "before the deal, a viewer's bytes depend on nothing hidden but the commitment"
    );
    assert!(
        transcripts[0][0]
            .iter()
            .any(|f| f.contains("\"seed_commitment\":\"<seed>\"")),
        "every viewer was shown the commitment"
    );
    server.stop().await;
}

/// A contribution given in the lobby survives a restart before the start,
/// and the game is dealt with it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_contribution_survives_a_restart_in_the_lobby() {
    let server = TestServer::start().await;
    let created = server.create_room("osaki", 2, None).await;
    let mut host = server.client(&created.room_id).await;
    host.hello(Some(&created.host_token), None).await;
    host.send_json(json!({ "type": "join", "name": "Ann", "contribution": ANN_SHARE }))
        .await;
    assert!(matches!(
        host.recv_skip_room().await,
        ServerMessage::Joined { seat: 0, .. }
    ));
    host.close().await;
    let server = server.restart().await;
    let mut host = server.client(&created.room_id).await;
    let (you, _) = host.hello(Some(&created.host_token), None).await;
    assert_eq!(you.seat, Some(0));
    host.send(&ClientMessage::AddBot {
        seat: None,
        level: BotLevel::Random,
    })
    .await;
    host.send(&ClientMessage::Start {}).await;
    // Ann plays the first action she is offered, the bot the rest.
    let mut acted = 0;
    while server.room_info(&created.room_id).await.status != RoomStatus::Finished {
        let legal = match host.frame(Duration::from_millis(200)).await {
            Some(Frame::Message(ServerMessage::Update { update })) => update.legal,
            Some(Frame::Message(ServerMessage::Snapshot { game })) => game.legal,
            Some(Frame::Message(ServerMessage::Error { message, .. })) => panic!("{message}"),
            _ => continue,
        };
        if let Some(action) = legal.into_iter().next() {
            acted += 1;
            host.send(&ClientMessage::Act {
                id: format!("a{acted}"),
                action,
            })
            .await;
        }
    }
    let record = fetch_record(&server, &created.room_id).await;
    assert_eq!(
        record.contributions.as_deref(),
        Some(&[ANN_SHARE.to_owned(), String::new()][..])
    );
    verify(&record).expect("the restarted room's game verifies");
    server.stop().await;
}

/// `value` with every Osaki tile in the object form tiles had on the wire
/// before 2026-12-05 (`{"character": …, "task": …}`, not `"character:task"`).
fn tiles_as_objects(value: &mut Value) -> usize {
    match value {
        Value::String(s) => match s.split_once(':') {
            Some((character, task))
                if !character.is_empty()
                    && !task.is_empty()
                    && s.chars()
                        .all(|c| c == ':' || c == '_' || c.is_ascii_lowercase()) =>
            {
                *value = json!({"character": character, "task": task});
                1
            }
            _ => 0,
        },
        Value::Array(items) => items.iter_mut().map(tiles_as_objects).sum(),
        Value::Object(fields) => fields.values_mut().map(tiles_as_objects).sum(),
        _ => 0,
    }
}

/// A record downloaded before Osaki's tiles became strings holds them as
/// objects: it verifies as it did, and a tile changed in it is still caught.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_osaki_record_in_the_wire_form_before_short_tiles_still_verifies() {
    let server = TestServer::start().await;
    let room_id = play_out(&server, "osaki", 3, ANN_SHARE).await;
    let mut record = fetch_record(&server, &room_id).await;
    let mut old = 0;
    for log in &mut record.seen {
        for logged in &mut log.log {
            old += logged.event.as_mut().map_or(0, tiles_as_objects);
        }
    }
    assert!(old > 10, "the record names tiles ({old})");
    verify(&record).expect("a record of the earlier form verifies");
    let (ok, text) = verify_command(&record);
    assert!(ok, "cubicle verify refused it: {text}");

    // The last tile named in the spectator's log, given another task.
    let tile = record.seen[3]
        .log
        .iter_mut()
        .rev()
        .filter_map(|l| l.event.as_mut())
        .find_map(|e| match e.get_mut("tile") {
            Some(Value::Object(tile)) => Some(tile),
            _ => None,
        })
        .expect("someone turned a tile");
    let task = if tile["task"] == json!("copying") {
        "accounting"
    } else {
        "copying"
    };
    tile.insert("task".into(), json!(task));
    let error = verify(&record).expect_err("a changed tile is caught");
    assert!(
        matches!(error, VerifyError::Mismatch { ref viewer, .. } if viewer == "a spectator"),
        "{error}"
    );
    server.stop().await;
}
