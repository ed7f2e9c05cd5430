//! Several nodes on one store (docs/scaling.md), in-process: a room is
//! served by the node holding its lease and by no other; a node asked for a
//! room hands it over; a node whose lease was taken while it did not look
//! cannot write any more, and sends its players elsewhere. The same tests
//! run on PostgreSQL in CI (CUBICLE_TEST_DATABASE_URL). The real binaries
//! behind HAProxy are tested by scripts/cluster-test.sh.

mod support;

use std::time::{Duration, Instant};

use cubicle_protocol::{ErrorCode, RoomCreated, ServerMessage};
use serde_json::Value;
use support::osaki::{Picker, Player, Table};
use support::pgproxy::{Mode, PgProxy};
use support::{Client, Frame, TestDb, TestServer};

/// Close code: another node serves the room now (docs/protocol.md).
const MOVED: u16 = 4001;

async fn node(db: TestDb, id: &str, lease_seconds: f64) -> TestServer {
    TestServer::start_configured(db, |config| {
        config.node_id = Some(id.to_owned());
        config.room_lease_seconds = lease_seconds;
    })
    .await
}

/// A second node on the database of `first`.
async fn second_node(first: &TestServer, id: &str, lease_seconds: f64) -> TestServer {
    node(TestDb::unmanaged(first.db.url.clone()), id, lease_seconds).await
}

/// Says hello to `server`'s room and expects to be sent elsewhere.
async fn expect_sent_elsewhere(server: &TestServer, room_id: &str, token: Option<&str>) {
    let mut client = Client::open(server.addr, room_id).await;
    client.send_hello(token, None).await;
    client.expect_error(ErrorCode::RoomMoved).await;
    assert_eq!(client.expect_close().await, Some(MOVED));
}

/// Every player of `table` reconnects to `server` with its token and gets
/// the game exactly as it last saw it.
async fn move_players(table: &mut Table, server: &TestServer) {
    for player in &mut table.players {
        let mut client = Client::open(server.addr, &table.room_id).await;
        client.hello(Some(&player.token), None).await;
        let before = (player.seq, player.view.clone(), player.legal.clone());
        player.client = client;
        player.expect_snapshot().await;
        assert_eq!(
            (player.seq, player.view.clone(), player.legal.clone()),
            before,
            "seat {} sees the game as it was",
            player.seat
        );
    }
}

fn created(table: &Table) -> RoomCreated {
    RoomCreated {
        room_id: table.room_id.clone(),
        url: format!("/r/{}", table.room_id),
        host_token: table.host_token.clone(),
        code: String::new(),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_room_is_served_by_one_node_and_handed_to_the_node_asked_for_it() {
    let a = node(TestDb::new().await, "node-a", 1.0).await;
    let b = second_node(&a, "node-b", 1.0).await;
    let mut table = Table::start(&a, 3, None).await;
    let mut picker = Picker::new(7);
    for _ in 0..4 {
        table.play(&mut |legal| picker.pick(legal)).await;
    }

    // Node B never serves a room node A holds: the client is sent away,
    // and the HTTP API says when to ask again.
    expect_sent_elsewhere(&b, &table.room_id, Some(&table.players[1].token)).await;
    let response = b.get(&format!("/api/rooms/{}", table.room_id)).await;
    assert_eq!(response.status(), 503);
    assert!(response.headers().contains_key("retry-after"));
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["code"], "room_moved");

    // B asked for the room, so A hands it over at its next renewal: its
    // players are told to reconnect ...
    for player in &mut table.players {
        assert_eq!(player.client.expect_close().await, Some(MOVED));
    }
    // ... and find the game on B exactly as it was, and finish it there.
    move_players(&mut table, &b).await;
    let mut table = Table::from_players(created(&table), table.players);
    while !table.over() {
        table.play(&mut |legal| picker.pick(legal)).await;
    }
    // A's connections to the room are gone: A would now ask B for it.
    expect_sent_elsewhere(&a, &table.room_id, None).await;
    b.stop().await;
    a.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_node_whose_lease_was_taken_cannot_write_and_sends_its_players_away() {
    // A long lease: nothing is renewed or handed over during the test, so
    // node A goes on believing it holds the room, as a paused process would.
    let a = node(TestDb::new().await, "node-a", 60.0).await;
    let b = second_node(&a, "node-b", 60.0).await;
    let mut table = Table::start(&a, 2, None).await;
    let mut picker = Picker::new(11);
    for _ in 0..3 {
        table.play(&mut |legal| picker.pick(legal)).await;
    }

    // A's lease runs out while A does not look, and B takes the room over.
    let pool = a.db.inspect().await;
    sqlx::query("UPDATE room_leases SET expires_at = 0 WHERE room_id = $1")
        .bind(&table.room_id)
        .execute(&pool)
        .await
        .unwrap();
    pool.close().await;
    let seat = table.to_act();
    let mut on_b = Player::new(
        Client::open(b.addr, &table.room_id).await,
        table.players[seat].token.clone(),
        table.players[seat].seat,
    );
    on_b.client.hello(Some(&on_b.token), None).await;
    on_b.expect_snapshot().await;
    assert_eq!(on_b.view, table.players[seat].view);
    let on_b_move = picker.pick(&on_b.legal);
    on_b.act("on-b", on_b_move).await;
    on_b.expect_update().await;
    on_b.expect_ack("on-b").await;

    // A still thinks it holds the room: the same seat's late move there is
    // refused, nothing is written, and A sends its players elsewhere.
    let late = picker.pick(&table.players[seat].legal);
    table.players[seat].act("late-on-a", late).await;
    let refused = table.players[seat]
        .client
        .expect_error(ErrorCode::RoomMoved)
        .await;
    assert_eq!(refused.as_deref(), Some("late-on-a"));
    for player in &mut table.players {
        assert_eq!(player.client.expect_close().await, Some(MOVED));
    }

    // The log did not fork: one action per number, every acknowledged one
    // there, the late one not.
    let log = a.db.action_ids(&table.room_id).await;
    let ids: Vec<&str> = log.iter().map(|(_, id)| id.as_str()).collect();
    assert_eq!(ids, ["move-1", "move-2", "move-3", "on-b"]);
    assert_eq!(
        log.iter().map(|(seq, _)| *seq).collect::<Vec<_>>(),
        [1, 2, 3, 4]
    );

    // A's players find the game on B, with B's move in it.
    on_b.client.close().await;
    move_players_after(&mut table, &b).await;
    b.stop().await;
    a.stop().await;
}

/// Like [`move_players`], for a game that went on elsewhere meanwhile.
async fn move_players_after(table: &mut Table, server: &TestServer) {
    let mut views = Vec::new();
    for player in &mut table.players {
        let mut client = Client::open(server.addr, &table.room_id).await;
        client.hello(Some(&player.token), None).await;
        player.client = client;
        player.expect_snapshot().await;
        views.push(player.seq);
    }
    assert!(views.iter().all(|&seq| seq == views[0] && seq > 0));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_node_that_stops_gives_its_rooms_up_at_once() {
    // A lease far longer than the test: only the release lets B in.
    let a = node(TestDb::new().await, "node-a", 60.0).await;
    let b = second_node(&a, "node-b", 60.0).await;
    let mut table = Table::start(&a, 2, None).await;
    let mut picker = Picker::new(3);
    table.play(&mut |legal| picker.pick(legal)).await;
    // A shuts down cleanly (a rolling restart): its players are told the
    // server is going away, and its leases are released.
    let stopped = tokio::time::timeout(Duration::from_secs(20), a.stop_keeping_db()).await;
    let owned_db = stopped.expect("node A stops in time");
    for player in &mut table.players {
        assert_eq!(player.client.expect_close().await, Some(1001));
    }
    move_players(&mut table, &b).await;
    let mut table = Table::from_players(created(&table), table.players);
    table.play(&mut |legal| picker.pick(legal)).await;
    b.stop().await;
    owned_db.cleanup().await;
}

/// A node cut off from PostgreSQL in the middle of a write leaves its
/// transaction open in the database, and with it the room's lease row
/// locked: no other node could take the room over, whatever its lease
/// said, until the cut-off node came back. PostgreSQL ends such a session
/// after a few seconds (store.rs, `POSTGRES_SETTINGS`), so another node
/// takes the room once the lease has run out, with the game as last saved.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_node_cut_off_mid_write_does_not_keep_its_rooms_locked() {
    let db = TestDb::postgres().await;
    let proxy = PgProxy::start(db.upstream()).await;
    let a = node(TestDb::unmanaged(db.url_via(proxy.addr)), "node-a", 1.0).await;
    let b = node(TestDb::unmanaged(db.url.clone()), "node-b", 1.0).await;
    let mut table = Table::start(&a, 2, None).await;
    let mut picker = Picker::new(5);
    for _ in 0..2 {
        table.play(&mut |legal| picker.pick(legal)).await;
    }
    let seat = table.to_act();
    let saved = (table.players[seat].seq, table.players[seat].view.clone());

    // A's next write reaches the database but its COMMIT never does.
    proxy.set(Mode::BlackHoleAtCommit);
    let cut_off = picker.pick(&table.players[seat].legal);
    table.players[seat].act("cut-off", cut_off).await;

    // The player turns to B, which sends them away while A's lease holds,
    // and serves the room soon after.
    let started = Instant::now();
    let client = loop {
        assert!(
            started.elapsed() < Duration::from_secs(15),
            "node B could not take the room over"
        );
        let mut client = Client::open(b.addr, &table.room_id).await;
        client
            .send_hello(Some(&table.players[seat].token), None)
            .await;
        match client.frame(Duration::from_secs(5)).await {
            Some(Frame::Message(ServerMessage::Welcome { .. })) => break client,
            Some(Frame::Message(ServerMessage::Error {
                code: ErrorCode::RoomMoved,
                ..
            })) => tokio::time::sleep(Duration::from_millis(250)).await,
            other => panic!("expected welcome or room_moved, got {other:?}"),
        }
    };
    let mut on_b = Player::new(
        client,
        table.players[seat].token.clone(),
        table.players[seat].seat,
    );
    on_b.expect_snapshot().await;
    assert_eq!(
        (on_b.seq, on_b.view.clone()),
        saved,
        "the move whose COMMIT was cut off is not in the game"
    );
    let next = picker.pick(&on_b.legal);
    on_b.act("on-b", next).await;
    on_b.expect_update().await;
    on_b.expect_ack("on-b").await;
    let log = db.action_ids(&table.room_id).await;
    let ids: Vec<&str> = log.iter().map(|(_, id)| id.as_str()).collect();
    assert_eq!(ids, ["move-1", "move-2", "on-b"]);

    on_b.client.close().await;
    proxy.set(Mode::Pass);
    b.stop().await;
    a.stop().await;
    db.cleanup().await;
}
