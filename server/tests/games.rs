//! Whole games through the protocol, reconnects and the write-ahead promise.

mod support;

use cubicle_protocol::{ClientMessage, ServerMessage};
use serde_json::Value;
use support::osaki::{assert_no_hidden_task, deal, fixture_options, Picker, Player, Table};
use support::TestServer;

/// Plays a whole game with a fixture deal and a spectator watching: every
/// client gets every update, all end with the same outcome, and no message
/// to anyone shows an unturned tile's task.
async fn full_game(seats: usize, seed: u64) {
    let server = TestServer::start().await;
    let mut table = Table::start(&server, seats, Some(fixture_options(seats))).await;
    let mut spectator = server.client(&table.room_id).await;
    let (you, _) = spectator.hello(None, None).await;
    assert_eq!(you.seat, None);
    let mut watcher = Player::new(spectator, String::new(), u8::MAX);
    watcher.expect_snapshot().await;

    let mut picker = Picker::new(seed);
    let mut moves = 0;
    while !table.over() {
        let seq = table.play(&mut |legal| picker.pick(legal)).await;
        watcher.expect_update().await;
        assert_eq!(watcher.seq, seq, "the spectator follows too");
        assert!(watcher.legal.is_empty(), "spectators have no legal actions");
        moves += 1;
        assert!(moves < 200, "an Osaki game ends");
    }

    let outcome = table.players[0].outcome.clone().unwrap();
    assert!(!outcome.winners.is_empty());
    let ending = &table.players[0].view["ending"];
    let tiles: Vec<u64> = ending["tiles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_u64().unwrap())
        .collect();
    if outcome.reason == "fewest_tiles" {
        let fewest = *tiles.iter().min().unwrap();
        let expected: Vec<u8> = (0..seats as u8)
            .filter(|&s| tiles[usize::from(s)] == fewest)
            .collect();
        assert_eq!(outcome.winners, expected, "fewest tiles win, ties share");
    } else {
        assert_eq!(outcome.reason, "left_early");
        assert_eq!(tiles[usize::from(outcome.winners[0])], 0);
    }
    for player in table.players.iter().chain(std::iter::once(&watcher)) {
        assert_eq!(
            player.outcome.as_ref(),
            Some(&outcome),
            "everyone sees the same outcome"
        );
        assert_eq!(
            player.events, table.players[0].events,
            "Osaki's events are public"
        );
        assert!(player.legal.is_empty(), "nothing to do after the end");
    }
    let info = server.room_info(&table.room_id).await;
    assert_eq!(info.status, cubicle_protocol::RoomStatus::Finished);
    assert_eq!(
        server
            .db
            .count(&format!(
                "SELECT COUNT(*) FROM rooms WHERE id = '{}' AND status = 'finished'",
                table.room_id
            ))
            .await,
        1,
        "the end is saved"
    );

    let fixture = deal(seats);
    for player in table.players.iter().chain(std::iter::once(&watcher)) {
        assert_no_hidden_task(&player.client.received, &fixture);
    }
    server.stop().await;
}

#[tokio::test]
async fn two_players_play_a_whole_game() {
    full_game(2, 2).await;
}

#[tokio::test]
async fn three_players_play_a_whole_game() {
    full_game(3, 3).await;
}

#[tokio::test]
async fn four_players_play_a_whole_game() {
    full_game(4, 4).await;
}

#[tokio::test]
async fn an_acknowledged_action_is_in_the_store_before_anyone_hears_of_it() {
    let server = TestServer::start().await;
    let mut table = Table::start(&server, 2, Some(fixture_options(2))).await;
    let mut picker = Picker::new(7);
    for n in 1..=4 {
        // Seat 1 receives the update; the moment it has it, the action
        // must already be committed.
        table.play(&mut |legal| picker.pick(legal)).await;
        let stored = server
            .db
            .count(&format!(
                "SELECT COUNT(*) FROM actions WHERE room_id = '{}' AND seq = {n} AND client_id = 'move-{n}'",
                table.room_id
            ))
            .await;
        assert_eq!(stored, 1, "action {n} is durable once its update is out");
    }
    server.stop().await;
}

#[tokio::test]
async fn a_reconnecting_player_gets_exactly_what_it_missed() {
    let server = TestServer::start().await;
    let mut table = Table::start(&server, 3, Some(fixture_options(3))).await;
    let mut picker = Picker::new(11);
    for _ in 0..3 {
        table.play(&mut |legal| picker.pick(legal)).await;
    }
    // Seat 2 drops out at event N.
    let mut away = table.players.remove(2);
    let since = away.seq;
    let old_events = away.events.clone();
    std::mem::replace(&mut away.client, server.client(&table.room_id).await)
        .close()
        .await;
    // The others play on; it is never seat 2's turn to block them.
    let mut played = 0;
    while played < 4 && !table.over() {
        let seat = table.to_act();
        let legal = table.players[seat].legal.clone();
        let action = picker.pick(&legal);
        let id = format!("late-{played}");
        table.players[seat].act(&id, action).await;
        for p in &mut table.players {
            p.expect_update().await;
        }
        table.players[seat].expect_ack(&id).await;
        played += 1;
        if table.players.iter().all(|p| p.legal.is_empty()) {
            break; // seat 2's turn now
        }
    }
    let now = table.players[0].seq;
    assert!(now > since);

    // Back with its token and `since`: welcome, then an update with exactly
    // the missed events.
    let (you, room) = away.client.hello(Some(&away.token), Some(since)).await;
    assert_eq!(you.seat, Some(2));
    assert!(room.seats[2].connected);
    let update = match away.client.recv().await {
        ServerMessage::Update { update } => update,
        other => panic!("expected an update, got {other:?}"),
    };
    let missed: Vec<u64> = update.events.iter().map(|e| e.seq).collect();
    assert_eq!(missed, (since + 1..=now).collect::<Vec<_>>());
    assert_eq!(update.events[..], table.players[0].events[since as usize..]);
    away.take_update(update);
    assert_eq!(away.events[..since as usize], old_events[..]);

    // Its view is the current one: the same a fresh snapshot for its token gives.
    let mut fresh = server.client(&table.room_id).await;
    fresh.hello(Some(&away.token), None).await;
    match fresh.recv().await {
        ServerMessage::Snapshot { game } => {
            assert_eq!(game.view, away.view);
            assert_eq!(game.legal, away.legal);
            assert_eq!(game.seq, now);
            assert_eq!(game.log, away.events);
        }
        other => panic!("expected a snapshot, got {other:?}"),
    }

    // Up to date already: an update with no events. Too far back (0): a snapshot.
    let mut current = server.client(&table.room_id).await;
    current.hello(Some(&away.token), Some(now)).await;
    match current.recv().await {
        ServerMessage::Update { update } => {
            assert!(update.events.is_empty());
            assert_eq!(update.view, away.view);
        }
        other => panic!("expected an empty update, got {other:?}"),
    }
    let mut from_zero = server.client(&table.room_id).await;
    from_zero.hello(Some(&away.token), Some(0)).await;
    assert!(matches!(
        from_zero.recv().await,
        ServerMessage::Snapshot { .. }
    ));
    let mut from_future = server.client(&table.room_id).await;
    from_future.hello(Some(&away.token), Some(now + 100)).await;
    assert!(matches!(
        from_future.recv().await,
        ServerMessage::Snapshot { .. }
    ));
    server.stop().await;
}

#[tokio::test]
async fn spectators_see_the_public_view_and_a_token_opens_only_its_seat() {
    let server = TestServer::start().await;
    let mut table = Table::start(&server, 3, Some(fixture_options(3))).await;
    let mut picker = Picker::new(5);
    for _ in 0..4 {
        table.play(&mut |legal| picker.pick(legal)).await;
    }

    let mut spectator = server.client(&table.room_id).await;
    let (you, room) = spectator.hello(None, None).await;
    assert_eq!((you.seat, you.host), (None, false));
    assert_eq!(room.spectators, 1);
    let game = match spectator.recv().await {
        ServerMessage::Snapshot { game } => game,
        other => panic!("expected a snapshot, got {other:?}"),
    };
    assert!(game.legal.is_empty());
    assert_eq!(game.view["you"], Value::Null);
    assert_eq!(game.board, table.players[0].client_board());
    // The public view is a seat's view but for `you`.
    let mut seat_view = table.players[1].view.clone();
    seat_view["you"] = Value::Null;
    assert_eq!(game.view, seat_view);
    assert_no_hidden_task(&spectator.received, &deal(3));

    // Seat 1's token opens seat 1, not the host's seat, however it asks.
    let mut second = server.client(&table.room_id).await;
    let (you, _) = second.hello(Some(&table.players[1].token), None).await;
    assert_eq!((you.seat, you.host), (Some(1), false));
    match second.recv().await {
        ServerMessage::Snapshot { game } => {
            assert_eq!(game.view, table.players[1].view);
            assert_eq!(game.legal, table.players[1].legal);
        }
        other => panic!("expected a snapshot, got {other:?}"),
    }
    // Acting through it acts as seat 1 and no one else.
    let seat = table.to_act();
    let action = table.players[seat].legal[0].clone();
    if seat == 1 {
        second
            .send(&ClientMessage::Act {
                id: "via-second".into(),
                action,
            })
            .await;
        assert!(matches!(
            second.recv_skip_room().await,
            ServerMessage::Update { .. }
        ));
        assert!(matches!(
            second.recv_skip_room().await,
            ServerMessage::Ack { .. }
        ));
    } else {
        second
            .send(&ClientMessage::Act {
                id: "via-second".into(),
                action,
            })
            .await;
        second
            .expect_error(cubicle_protocol::ErrorCode::NotYourTurn)
            .await;
    }
    server.stop().await;
}

impl Player {
    /// The board as a fresh connection of this player receives it.
    fn client_board(&self) -> Value {
        // The board never changes: every snapshot carries the same one.
        let text = self
            .client
            .received
            .iter()
            .find(|t| t.contains("\"type\":\"snapshot\""))
            .expect("a snapshot was received");
        let message: Value = serde_json::from_str(text).unwrap();
        message["game"]["board"].clone()
    }
}

#[tokio::test]
async fn presence_reaches_everyone() {
    let server = TestServer::start().await;
    let mut table = Table::start(&server, 2, Some(fixture_options(2))).await;
    let leaving = table.players.pop().unwrap();
    leaving.client.close().await;
    let room = loop {
        if let ServerMessage::Room { room } = table.players[0].client.recv().await {
            break room;
        }
    };
    assert!(room.seats[0].connected && !room.seats[1].connected);
    assert!(room.host_connected);

    let mut spectator = server.client(&table.room_id).await;
    spectator.hello(None, None).await;
    match table.players[0].client.recv().await {
        ServerMessage::Room { room } => assert_eq!(room.spectators, 1),
        other => panic!("expected a room update, got {other:?}"),
    }
    let mut back = server.client(&table.room_id).await;
    let (you, room) = back.hello(Some(&leaving.token), None).await;
    assert_eq!(you.seat, Some(1));
    assert!(room.seats[1].connected);
    // Presence is coalesced: the spectator may first hear of its own
    // arrival, but the seat's return reaches everyone within 250 ms.
    for client in [&mut table.players[0].client, &mut spectator] {
        loop {
            match client.recv_skip_snapshot().await {
                ServerMessage::Room { room } if room.seats[1].connected => break,
                ServerMessage::Room { room } => assert_eq!(room.spectators, 1),
                other => panic!("expected a room update, got {other:?}"),
            }
        }
    }
    server.stop().await;
}

#[tokio::test]
async fn a_room_whose_log_no_longer_replays_is_set_aside_and_the_server_runs_on() {
    let server = TestServer::start().await;
    let mut broken = Table::start(&server, 2, Some(fixture_options(2))).await;
    let mut healthy = Table::start(&server, 2, Some(fixture_options(2))).await;
    let mut picker = Picker::new(8);
    for _ in 0..3 {
        broken.play(&mut |legal| picker.pick(legal)).await;
        healthy.play(&mut |legal| picker.pick(legal)).await;
    }
    let seq = healthy.players[0].seq;
    // Tamper with the log: action 2 becomes one the rules refuse.
    let pool = server.db.inspect().await;
    sqlx::query("UPDATE actions SET action = $1 WHERE room_id = $2 AND seq = 2")
        .bind(r#"{"kind":"turn","slot":99}"#)
        .bind(broken.room_id.clone())
        .execute(&pool)
        .await
        .unwrap();
    pool.close().await;

    let server = server.restart().await;
    assert_eq!(server.get("/healthz").await.status(), 200);
    let mut client = server.client(&broken.room_id).await;
    client
        .send(&ClientMessage::Hello {
            protocol: cubicle_protocol::PROTOCOL_VERSION,
            token: None,
            since: None,
            patches: false,
            board: None,
        })
        .await;
    client
        .expect_error(cubicle_protocol::ErrorCode::Internal)
        .await;
    assert_eq!(client.expect_close().await, Some(1011));
    assert_eq!(
        server
            .get(&format!("/api/rooms/{}", broken.room_id))
            .await
            .status(),
        500
    );

    let mut player = server.client(&healthy.room_id).await;
    let (you, _) = player
        .hello(Some(&healthy.players[0].token), Some(seq))
        .await;
    assert_eq!(you.seat, Some(0));
    match player.recv().await {
        ServerMessage::Update { update } => {
            assert!(update.events.is_empty());
            assert_eq!(update.view, healthy.players[0].view);
        }
        other => panic!("expected an update, got {other:?}"),
    }
    server.stop().await;
}
