//! The real binary: killed with SIGKILL mid-game (and mid-lobby) and
//! started again on the same database, nothing acknowledged is lost; on
//! SIGTERM it closes every socket with 1001 and exits 0.

mod support;

use std::time::Duration;

use cubicle_protocol::{ClientMessage, RoomStatus, ServerMessage};
use serde_json::json;
use support::binary::Binary;
use support::osaki::{Picker, Table};
use support::{snapshot_text, Client, TestDb};

#[tokio::test]
async fn a_game_survives_sigkill() {
    let db = TestDb::new().await;
    let binary = Binary::start(&db, false);
    let created = binary.create_room(3, None).await;
    let mut table = Table::start_in(binary.addr, created, 3).await;
    let mut picker = Picker::new(21);
    for _ in 0..6 {
        table.play(&mut |legal| picker.pick(legal)).await;
    }
    let seq = table.players[0].seq;
    let mut before = Vec::new();
    for player in &table.players {
        before.push(snapshot_text(binary.addr, &table.room_id, &player.token).await);
    }
    let last = table.last.clone().unwrap();

    binary.kill();
    let binary = Binary::start(&db, false);

    // Every player comes back with the same token: the same seat, and the
    // same game to the byte.
    for (player, old) in table.players.iter_mut().zip(&before) {
        assert_eq!(
            &snapshot_text(binary.addr, &table.room_id, &player.token).await,
            old,
            "seat {}",
            player.seat
        );
        let mut client = Client::open(binary.addr, &table.room_id).await;
        let (you, room) = client.hello(Some(&player.token), Some(seq)).await;
        assert_eq!(you.seat, Some(player.seat));
        assert_eq!(room.status, RoomStatus::Playing);
        match client.recv().await {
            ServerMessage::Update { update } => {
                assert!(update.events.is_empty(), "nothing was missed");
                assert_eq!(
                    serde_json::to_string(&update.view).unwrap(),
                    serde_json::to_string(&player.view).unwrap()
                );
                assert_eq!(update.legal, player.legal);
            }
            other => panic!("expected an update, got {other:?}"),
        }
        player.client = client;
    }
    // The ids applied before the crash are still known: a retry is acked
    // and not applied again.
    let (seat, id) = last;
    table.players[seat]
        .act(&id, json!({"kind": "turn", "slot": 0}))
        .await;
    table.players[seat].expect_ack(&id).await;
    for player in &mut table.players {
        player.client.assert_quiet().await;
    }
    // And the game goes on to its end.
    let mut moves = 0;
    while !table.over() {
        table.play(&mut |legal| picker.pick(legal)).await;
        moves += 1;
        assert!(moves < 200);
    }
    let status = binary.terminate();
    assert!(status.success(), "SIGTERM exits 0, got {status:?}");
    db.cleanup().await;
}

#[tokio::test]
async fn a_lobby_survives_sigkill() {
    let db = TestDb::new().await;
    let binary = Binary::start(&db, false);
    let created = binary.create_room(3, None).await;
    let mut host = Client::open(binary.addr, &created.room_id).await;
    host.hello(Some(&created.host_token), None).await;
    host.send_join("Aki", Some(2), &[("left_work_at", json!("20:15"))])
        .await;
    assert!(matches!(
        host.recv_skip_room().await,
        ServerMessage::Joined { seat: 2, .. }
    ));
    let mut guest = Client::open(binary.addr, &created.room_id).await;
    guest.hello(None, None).await;
    guest
        .send_join("Ben", None, &[("left_work_at", json!("18:00"))])
        .await;
    let guest_token = match guest.recv_skip_room().await {
        ServerMessage::Joined { seat: 0, token } => token,
        other => panic!("expected joined, got {other:?}"),
    };

    binary.kill();
    let binary = Binary::start(&db, false);

    let mut host = Client::open(binary.addr, &created.room_id).await;
    let (you, room) = host.hello(Some(&created.host_token), None).await;
    assert_eq!((you.seat, you.host), (Some(2), true));
    assert_eq!(room.status, RoomStatus::Lobby);
    let names: Vec<Option<String>> = room.seats.iter().map(|s| s.name.clone()).collect();
    assert_eq!(
        names,
        [Some("Ben".to_owned()), None, Some("Aki".to_owned())]
    );
    assert!(room.seats[2].host);
    let mut guest = Client::open(binary.addr, &created.room_id).await;
    let (you, _) = guest.hello(Some(&guest_token), None).await;
    assert_eq!((you.seat, you.host), (Some(0), false));

    let mut third = Client::open(binary.addr, &created.room_id).await;
    third.hello(None, None).await;
    third.send_join("Chie", None, &[]).await;
    assert!(matches!(
        third.recv_skip_room().await,
        ServerMessage::Joined { seat: 1, .. }
    ));
    host.send(&ClientMessage::Start {}).await;
    match host.recv_skip_room().await {
        ServerMessage::Snapshot { game } => {
            // The answers given before the crash still pick the start player.
            assert_eq!(
                game.view["first_player"],
                json!({"by": "left_latest", "seat": 2, "at": "20:15"})
            );
        }
        other => panic!("expected a snapshot, got {other:?}"),
    }
    binary.kill();
    db.cleanup().await;
}

#[tokio::test]
async fn sigterm_closes_sockets_with_1001_and_exits_0() {
    let db = TestDb::new().await;
    let binary = Binary::start(&db, false);
    let created = binary.create_room(2, None).await;
    let mut client = Client::open(binary.addr, &created.room_id).await;
    client.hello(None, None).await;
    let addr = binary.addr;
    let status = tokio::task::spawn_blocking(move || binary.terminate());
    assert_eq!(client.expect_close().await, Some(1001));
    let status = status.await.unwrap();
    assert!(status.success(), "{status:?}");
    assert!(
        std::net::TcpStream::connect(addr).is_err(),
        "no longer listening"
    );
    db.cleanup().await;
}

fn epoch_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as u64
}

/// The timeout actions in the room's log: (seq, seat, action, time).
async fn timeouts(db: &TestDb, room_id: &str) -> Vec<(i64, i64, String, i64)> {
    let pool = db.inspect().await;
    let rows: Vec<(i64, i64, String, i64)> = sqlx::query_as(
        "SELECT seq, seat, action, created_at FROM actions \
         WHERE room_id = $1 AND origin = 'timeout' ORDER BY seq",
    )
    .bind(room_id)
    .fetch_all(&pool)
    .await
    .unwrap();
    pool.close().await;
    rows
}

#[tokio::test]
async fn a_turn_clock_deadline_survives_sigkill_and_its_timeout_replays() {
    const PERIOD: u64 = 4_000;
    let db = TestDb::new().await;
    let binary = Binary::start(&db, false);
    let response = reqwest::Client::new()
        .post(format!("http://{}/api/rooms", binary.addr))
        .json(&json!({"game": "osaki", "seats": 2, "clock": {"per_decision_ms": PERIOD}}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 201);
    let created: cubicle_protocol::RoomCreated = response.json().await.unwrap();
    let room_id = created.room_id.clone();

    let mut host = Client::open(binary.addr, &room_id).await;
    let (_, room) = host.hello(Some(&created.host_token), None).await;
    assert_eq!(room.clock.map(|c| c.per_decision_ms), Some(PERIOD));
    host.send_join("Aki", Some(0), &[("left_work_at", json!("20:00"))])
        .await;
    assert!(matches!(
        host.recv_skip_room().await,
        ServerMessage::Joined { seat: 0, .. }
    ));
    let mut guest = Client::open(binary.addr, &room_id).await;
    guest.hello(None, None).await;
    guest
        .send_join("Ben", Some(1), &[("left_work_at", json!("18:00"))])
        .await;
    let guest_token = match guest.recv_skip_room().await {
        ServerMessage::Joined { token, .. } => token,
        other => panic!("expected joined, got {other:?}"),
    };
    host.send(&ClientMessage::Start {}).await;
    let (deadline, seats) = match host.recv_skip_room().await {
        ServerMessage::Snapshot { game } => (game.deadline_at.unwrap(), game.deadline_seats),
        other => panic!("expected a snapshot, got {other:?}"),
    };
    assert_eq!(seats, [0], "Aki left work latest and starts");
    let tokens = [created.host_token.clone(), guest_token];

    // Kill the server half-way through the first decision.
    while epoch_ms() < deadline - PERIOD / 2 {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let killed_at = epoch_ms();
    binary.kill();
    let binary = Binary::start(&db, false);

    // The deadline is the one armed before the crash, not a fresh period...
    // Aki is back at the table but idle: the game's timeout action is
    // played for a player who is there (an away player's seat would get a
    // bot standing in instead, see tests/bots.rs).
    let mut watcher = Client::open(binary.addr, &room_id).await;
    watcher.hello(Some(&tokens[0]), None).await;
    match watcher.recv().await {
        ServerMessage::Snapshot { game } => {
            assert_eq!(
                (game.deadline_at, game.deadline_seats),
                (Some(deadline), vec![0])
            );
        }
        other => panic!("expected a snapshot, got {other:?}"),
    }
    // ...and it fires then: Aki's tile is turned for her.
    let update = match watcher.recv_skip_room().await {
        ServerMessage::Update { update } => update,
        other => panic!("expected an update, got {other:?}"),
    };
    let turned = update.events.last().unwrap().event.clone().unwrap();
    assert_eq!(
        (turned["kind"].as_str(), turned["seat"].as_u64()),
        (Some("turned"), Some(0))
    );
    let logged = timeouts(&db, &room_id).await;
    assert_eq!(logged.len(), 1, "{logged:?}");
    let (seq, seat, action, at) = logged[0].clone();
    assert_eq!((seq, seat), (1, 0));
    let at = at as u64;
    assert!(at >= deadline, "not before its time: {at} < {deadline}");
    assert!(
        at < killed_at + PERIOD - PERIOD / 4,
        "at the original instant {deadline}, not a period after the restart: {at}"
    );
    assert_eq!(update.deadline_at, Some(at + PERIOD));
    assert_eq!(update.deadline_seats, [1]);
    watcher.close().await;

    // The logged timeout replays to the same game after another crash.
    let mut before = Vec::new();
    for token in &tokens {
        before.push(snapshot_text(binary.addr, &room_id, token).await);
    }
    binary.kill();
    let binary = Binary::start(&db, false);
    for (token, old) in tokens.iter().zip(&before) {
        assert_eq!(&snapshot_text(binary.addr, &room_id, token).await, old);
    }
    assert_eq!(
        timeouts(&db, &room_id).await[0],
        (seq, seat, action, at as i64),
        "the log is unchanged"
    );
    binary.kill();
    db.cleanup().await;
}
