//! The real binary: killed with SIGKILL mid-game (and mid-lobby) and
//! started again on the same database, nothing acknowledged is lost; on
//! SIGTERM it closes every socket with 1001 and exits 0.

mod support;

use std::net::SocketAddr;

use cubicle_protocol::{ClientMessage, RoomStatus, ServerMessage};
use serde_json::json;
use support::binary::Binary;
use support::osaki::{Picker, Table};
use support::{Client, TestDb};

/// The snapshot a fresh connection with `token` receives, as raw text.
async fn snapshot_text(addr: SocketAddr, room_id: &str, token: &str) -> String {
    let mut client = Client::open(addr, room_id).await;
    client.hello(Some(token), None).await;
    let message = client.recv().await;
    assert!(
        matches!(message, ServerMessage::Snapshot { .. }),
        "{message:?}"
    );
    let text = client.received.last().unwrap().clone();
    client.close().await;
    text
}

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
