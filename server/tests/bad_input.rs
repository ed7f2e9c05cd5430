//! Hostile and mistaken input: each case gets its error code (or close
//! code), and nothing changes.

mod support;

use cubicle_protocol::{ClientMessage, ErrorCode, RoomStatus, ServerMessage, PROTOCOL_VERSION};
use serde_json::json;
use support::osaki::{fixture_options, Picker, Table};
use support::{Frame, TestServer};

/// Everything a seat would see, to compare before and after a refusal.
async fn state_of(server: &TestServer, table: &mut Table) -> (String, Vec<String>) {
    let info = serde_json::to_string(&server.room_info(&table.room_id).await).unwrap();
    let mut snapshots = Vec::new();
    for player in &table.players {
        let mut probe = server.client(&table.room_id).await;
        probe.hello(Some(&player.token), None).await;
        match probe.recv().await {
            ServerMessage::Snapshot { game } => {
                snapshots.push(serde_json::to_string(&game).unwrap())
            }
            other => panic!("expected a snapshot, got {other:?}"),
        }
        probe.close().await;
    }
    // The probes' comings and goings reach the players as room broadcasts.
    for player in &mut table.players {
        player.client.ping().await;
    }
    (info, snapshots)
}

#[tokio::test]
async fn malformed_and_unknown_messages_are_refused_and_the_socket_stays_open() {
    let server = TestServer::start().await;
    let room = server.create_room("osaki", 2, None).await;
    let mut client = server.client(&room.room_id).await;

    // Before hello: garbage, then a real message that is not hello.
    client.send_text("{not json").await;
    client.expect_error(ErrorCode::BadMessage).await;
    client
        .send_json(json!({"type": "join", "name": "Aki"}))
        .await;
    client.expect_error(ErrorCode::HelloFirst).await;
    client.hello(None, None).await;
    let before = server.room_info(&room.room_id).await;

    for bad in [
        json!({"type": "dance"}),
        json!({"type": "join"}),
        json!({"type": "join", "name": "Aki", "extra": true}),
        // Field-less messages are strict too (not pongs, not a start).
        json!({"type": "ping", "at": 1}),
        json!({"type": "leave", "seat": 0}),
        json!({"type": "start", "now": true}),
        json!({"type": "act", "id": "x"}),
        json!([1, 2, 3]),
        json!("hello"),
    ] {
        client.send_json(bad).await;
        client.expect_error(ErrorCode::BadMessage).await;
    }
    client.send_text("").await;
    client.expect_error(ErrorCode::BadMessage).await;
    client
        .send_text("{\"type\":\"hello\",\"protocol\":1}")
        .await;
    client.expect_error(ErrorCode::HelloFirst).await;
    client.ping().await;
    assert_eq!(
        server.room_info(&room.room_id).await,
        before,
        "nothing changed"
    );
    server.stop().await;
}

#[tokio::test]
async fn binary_frames_are_refused() {
    use futures_util::SinkExt;
    let server = TestServer::start().await;
    let room = server.create_room("osaki", 2, None).await;
    let (mut ws, _) =
        tokio_tungstenite::connect_async(format!("ws://{}/ws/rooms/{}", server.addr, room.room_id))
            .await
            .unwrap();
    ws.send(tokio_tungstenite::tungstenite::Message::binary(vec![
        1, 2, 3,
    ]))
    .await
    .unwrap();
    use futures_util::StreamExt;
    let reply = ws.next().await.unwrap().unwrap();
    let message: ServerMessage = serde_json::from_str(reply.to_text().unwrap()).unwrap();
    assert!(matches!(
        message,
        ServerMessage::Error {
            code: ErrorCode::BadMessage,
            ..
        }
    ));
    server.stop().await;
}

#[tokio::test]
async fn another_protocol_version_is_refused() {
    let server = TestServer::start().await;
    let room = server.create_room("osaki", 2, None).await;
    let mut client = server.client(&room.room_id).await;
    client
        .send(&ClientMessage::Hello {
            protocol: PROTOCOL_VERSION + 1,
            token: None,
            since: None,
            patches: false,
            board: None,
        })
        .await;
    client.expect_error(ErrorCode::UnsupportedProtocol).await;
    assert_eq!(client.expect_close().await, Some(1002));
    assert_eq!(server.room_info(&room.room_id).await.spectators, 0);
    server.stop().await;
}

#[tokio::test]
async fn an_unknown_room_gets_an_error_then_a_clean_close() {
    let server = TestServer::start().await;
    for id in [cubicle_server::ids::new_room_id(), "not-a-room".to_owned()] {
        let mut client = server.client(&id).await;
        client
            .send(&ClientMessage::Hello {
                protocol: PROTOCOL_VERSION,
                token: None,
                since: None,
                patches: false,
                board: None,
            })
            .await;
        client.expect_error(ErrorCode::UnknownRoom).await;
        assert_eq!(client.expect_close().await, Some(1000));
        let response = server.get(&format!("/api/rooms/{id}")).await;
        assert_eq!(response.status(), 404);
        let body: cubicle_protocol::ApiError = response.json().await.unwrap();
        assert_eq!(body.code, ErrorCode::UnknownRoom);
    }
    assert_eq!(server.db.count("SELECT COUNT(*) FROM rooms").await, 0);
    server.stop().await;
}

#[tokio::test]
async fn a_wrong_token_makes_a_spectator() {
    let server = TestServer::start().await;
    let mut table = Table::start(&server, 2, Some(fixture_options(2))).await;
    let before = state_of(&server, &mut table).await;
    let mut client = server.client(&table.room_id).await;
    client
        .send(&ClientMessage::Hello {
            protocol: PROTOCOL_VERSION,
            token: Some(cubicle_server::ids::new_token()),
            since: None,
            patches: false,
            board: None,
        })
        .await;
    client.expect_error(ErrorCode::InvalidToken).await;
    let you = match client.recv().await {
        ServerMessage::Welcome { you, room, .. } => {
            assert_eq!(room.spectators, 1);
            you
        }
        other => panic!("expected welcome, got {other:?}"),
    };
    assert_eq!((you.seat, you.host), (None, false));
    match client.recv().await {
        ServerMessage::Snapshot { game } => {
            assert!(game.legal.is_empty());
            assert_eq!(game.view["you"], serde_json::Value::Null);
        }
        other => panic!("expected a snapshot, got {other:?}"),
    }
    // A spectator cannot act, even with an action that is legal for the seat to play.
    let legal = table.players[0].legal[0].clone();
    client
        .send(&ClientMessage::Act {
            id: "steal".into(),
            action: legal,
        })
        .await;
    assert_eq!(
        client.expect_error(ErrorCode::NotSeated).await.as_deref(),
        Some("steal")
    );
    client.send_join("Late", None, &[]).await;
    client.expect_error(ErrorCode::AlreadyStarted).await;
    client.send(&ClientMessage::Start {}).await;
    client.expect_error(ErrorCode::NotHost).await;
    client.close().await;
    assert_eq!(
        state_of(&server, &mut table).await,
        before,
        "nothing changed"
    );
    server.stop().await;
}

#[tokio::test]
async fn refused_actions_change_nothing() {
    let server = TestServer::start().await;
    let mut table = Table::start(&server, 3, Some(fixture_options(3))).await;
    let mut picker = Picker::new(3);
    table.play(&mut |legal| picker.pick(legal)).await;
    let before = state_of(&server, &mut table).await;
    let seat = table.to_act();
    let other = (seat + 1) % 3;

    // Out of turn: a move that would be legal on its own turn.
    let turn = json!({"kind": "turn", "slot": 0});
    table.players[other].act("early", turn.clone()).await;
    assert_eq!(
        table.players[other]
            .client
            .expect_error(ErrorCode::NotYourTurn)
            .await
            .as_deref(),
        Some("early")
    );
    // Illegal: a slot that does not exist, and (first turn for this seat)
    // a stack move, only allowed after a player's first turn.
    table.players[seat]
        .act("nowhere", json!({"kind": "turn", "slot": 99}))
        .await;
    table.players[seat]
        .client
        .expect_error(ErrorCode::IllegalAction)
        .await;
    table.players[seat]
        .act(
            "stack",
            json!({"kind": "stack", "from": 0, "owner": 0, "onto": 0}),
        )
        .await;
    table.players[seat]
        .client
        .expect_error(ErrorCode::IllegalAction)
        .await;
    // Not an action of this game at all.
    for (id, shape) in [
        ("dance", json!({"kind": "dance"})),
        ("no-slot", json!({"kind": "turn"})),
        ("number", json!(42)),
        ("negative", json!({"kind": "turn", "slot": -1})),
    ] {
        table.players[seat].act(id, shape).await;
        assert_eq!(
            table.players[seat]
                .client
                .expect_error(ErrorCode::BadAction)
                .await
                .as_deref(),
            Some(id)
        );
    }
    // Bad ids.
    for id in [String::new(), "x".repeat(65)] {
        table.players[seat].act(&id, turn.clone()).await;
        table.players[seat]
            .client
            .expect_error(ErrorCode::BadActionId)
            .await;
    }
    // Join and leave are for the lobby.
    table.players[seat]
        .client
        .send(&ClientMessage::Leave {})
        .await;
    table.players[seat]
        .client
        .expect_error(ErrorCode::AlreadyStarted)
        .await;
    table.players[seat]
        .client
        .send(&ClientMessage::Start {})
        .await;
    table.players[seat]
        .client
        .expect_error(if seat == 0 {
            ErrorCode::AlreadyStarted
        } else {
            ErrorCode::NotHost
        })
        .await;

    for player in &mut table.players {
        player.client.assert_quiet().await;
    }
    assert_eq!(
        state_of(&server, &mut table).await,
        before,
        "nothing changed"
    );
    assert_eq!(
        server
            .db
            .count(&format!(
                "SELECT COUNT(*) FROM actions WHERE room_id = '{}'",
                table.room_id
            ))
            .await,
        1
    );
    server.stop().await;
}

#[tokio::test]
async fn a_replayed_action_id_is_acknowledged_and_applied_once() {
    let server = TestServer::start().await;
    let mut table = Table::start(&server, 2, Some(fixture_options(2))).await;
    let seat = table.to_act();
    let action = table.players[seat].legal[0].clone();
    table.players[seat].act("once", action.clone()).await;
    for player in &mut table.players {
        player.expect_update().await;
    }
    table.players[seat].expect_ack("once").await;
    let before = state_of(&server, &mut table).await;

    // The retry (same id; even a different action) is acked, not applied.
    table.players[seat].act("once", action).await;
    table.players[seat].expect_ack("once").await;
    table.players[seat]
        .act("once", json!({"kind": "turn", "slot": 5}))
        .await;
    table.players[seat].expect_ack("once").await;
    for player in &mut table.players {
        player.client.assert_quiet().await;
    }
    assert_eq!(state_of(&server, &mut table).await, before);
    assert_eq!(
        server
            .db
            .count(&format!(
                "SELECT COUNT(*) FROM actions WHERE room_id = '{}'",
                table.room_id
            ))
            .await,
        1
    );
    // The same id from another seat is a different action.
    let next = table.to_act();
    assert_ne!(next, seat);
    let action = table.players[next].legal[0].clone();
    table.players[next].act("once", action).await;
    for player in &mut table.players {
        player.expect_update().await;
    }
    table.players[next].expect_ack("once").await;
    server.stop().await;
}

#[tokio::test]
async fn an_oversized_message_closes_with_1009() {
    let server = TestServer::start().await;
    let room = server.create_room("osaki", 2, None).await;
    let mut client = server.client(&room.room_id).await;
    client.hello(None, None).await;
    // Just over the limit, as one JSON message.
    let name = "x".repeat(cubicle_server::MAX_MESSAGE_BYTES);
    client
        .send_json(json!({"type": "join", "name": name}))
        .await;
    assert_eq!(client.expect_close().await, Some(1009));
    assert_eq!(
        server.room_info(&room.room_id).await.seats[0].name,
        None,
        "nothing changed"
    );

    // Far over the limit, before hello.
    let mut client = server.client(&room.room_id).await;
    client.send_text(&"y".repeat(40 * 1024)).await;
    assert_eq!(client.expect_close().await, Some(1009));

    // Beyond what the transport buffers at all: refused mid-frame, still 1009.
    let mut client = server.client(&room.room_id).await;
    client.hello(None, None).await;
    client.send_text(&"w".repeat(200 * 1024)).await;
    assert_eq!(client.expect_close().await, Some(1009));

    // Exactly at the limit is read (and refused only for its content).
    let mut client = server.client(&room.room_id).await;
    client.hello(None, None).await;
    let padding = cubicle_server::MAX_MESSAGE_BYTES - r#"{"type":"join","name":""}"#.len();
    client
        .send_text(&format!(
            r#"{{"type":"join","name":"{}"}}"#,
            "z".repeat(padding)
        ))
        .await;
    client.expect_error(ErrorCode::BadName).await;
    client.ping().await;
    server.stop().await;
}

#[tokio::test]
async fn a_flood_is_rate_limited_then_closed_with_1008() {
    let server = TestServer::start().await;
    let room = server.create_room("osaki", 2, None).await;
    let mut client = server.client(&room.room_id).await;
    client.hello(None, None).await;
    for _ in 0..200 {
        client.send(&ClientMessage::Ping {}).await;
    }
    let mut pongs = 0;
    let mut limited = 0;
    let code = loop {
        match client.frame(support::WAIT).await {
            Some(Frame::Message(ServerMessage::Pong)) => pongs += 1,
            Some(Frame::Message(ServerMessage::Error {
                code: ErrorCode::RateLimited,
                ..
            })) => limited += 1,
            Some(Frame::Message(other)) => panic!("unexpected {other:?}"),
            Some(Frame::Close(code)) => break code,
            None => panic!("a flood must be closed"),
        }
    };
    assert_eq!(code, Some(1008));
    assert!(limited >= 1, "excess messages are refused first");
    assert!(
        (30..200).contains(&pongs),
        "the burst passes, the flood does not ({pongs} pongs)"
    );

    // A client within the limit is served in full.
    let mut calm = server.client(&room.room_id).await;
    calm.hello(None, None).await;
    for _ in 0..30 {
        calm.ping().await;
    }
    server.stop().await;
}

#[tokio::test]
async fn the_lobby_refuses_what_it_must() {
    let server = TestServer::start().await;
    let room = server.create_room("osaki", 3, None).await;
    let mut host = server.client(&room.room_id).await;
    let (you, _) = host.hello(Some(&room.host_token), None).await;
    assert!(you.host);
    let mut guest = server.client(&room.room_id).await;
    guest.hello(None, None).await;

    // Start with free seats.
    host.send(&ClientMessage::Start {}).await;
    host.expect_error(ErrorCode::SeatsNotFilled).await;
    // Acting before the start.
    host.send(&ClientMessage::Act {
        id: "a".into(),
        action: json!({"kind": "turn", "slot": 0}),
    })
    .await;
    host.expect_error(ErrorCode::NotSeated).await;
    // Leave without a seat.
    guest.send(&ClientMessage::Leave {}).await;
    guest.expect_error(ErrorCode::NotSeated).await;

    // Names and times.
    for (name, code) in [
        ("   ", ErrorCode::BadName),
        ("a-name-that-is-much-too-long", ErrorCode::BadName),
        ("bell\u{7}", ErrorCode::BadName),
        ("\u{2800}\u{3164}\u{200B}", ErrorCode::BadName),
        (
            "Z\u{0336}\u{0489}\u{0315}\u{0358}\u{0361}",
            ErrorCode::BadName,
        ),
    ] {
        guest.send_join(name, None, &[]).await;
        guest.expect_error(code).await;
    }
    // Answers are held against the game's own questions; a refusal names the
    // question, and a join that is not even shaped right is a bad message.
    for (question, answer) in [
        ("left_work_at", json!("25:61")),
        ("left_work_at", json!(1930)),
        ("left_work_at", json!(true)),
        ("shoe_size", json!("42")),
    ] {
        guest.send_join("Ben", None, &[(question, answer)]).await;
        match guest.recv_skip_room().await {
            ServerMessage::Error { code, message, .. } => {
                assert_eq!(code, ErrorCode::BadAnswer, "{message}");
                assert!(message.contains(question), "{message:?} names {question}");
            }
            other => panic!("expected bad_answer, got {other:?}"),
        }
    }
    for join in [
        json!({"type": "join", "name": "Ben", "answers": "19:30"}),
        json!({"type": "join", "name": "Ben", "left_work_at": "19:30"}),
    ] {
        guest.send_json(join).await;
        guest.expect_error(ErrorCode::BadMessage).await;
    }
    guest.send_join("Ben", Some(3), &[]).await;
    guest.expect_error(ErrorCode::BadMessage).await;
    assert!(
        server
            .room_info(&room.room_id)
            .await
            .seats
            .iter()
            .all(|s| s.name.is_none()),
        "nothing changed"
    );

    // The host sits (bound to the host token); a guest takes seat 2.
    host.send_join("Aki", Some(1), &[("left_work_at", json!("19:30"))])
        .await;
    match host.recv_skip_room().await {
        ServerMessage::Joined { seat, token } => {
            assert_eq!((seat, token.as_str()), (1, room.host_token.as_str()))
        }
        other => panic!("expected joined, got {other:?}"),
    }
    guest.send_join(" aki ", None, &[]).await;
    guest.expect_error(ErrorCode::BadName).await; // taken, whatever the case
                                                  // Names that show as "Aki": fullwidth, a Cyrillic і, invisible
                                                  // characters, a right-to-left override.
    for lookalike in [
        "\u{FF21}\u{FF4B}\u{FF49}",
        "Ak\u{0456}",
        "\u{0410}ki",
        "A\u{200B}ki",
        "Aki\u{3164}",
        "\u{202E}ikA",
    ] {
        guest.send_join(lookalike, None, &[]).await;
        guest.expect_error(ErrorCode::BadName).await;
    }
    guest.send_join("Ben", Some(1), &[]).await;
    guest.expect_error(ErrorCode::SeatTaken).await;
    guest
        .send_join("Ben", None, &[("left_work_at", json!("01:15"))])
        .await;
    let guest_token = match guest.recv_skip_room().await {
        ServerMessage::Joined { seat, token } => {
            assert_eq!(seat, 0, "the lowest free seat");
            token
        }
        other => panic!("expected joined, got {other:?}"),
    };
    assert_ne!(guest_token, room.host_token);
    guest
        .send(&ClientMessage::Act {
            id: "a".into(),
            action: json!({"kind": "turn", "slot": 0}),
        })
        .await;
    guest.expect_error(ErrorCode::NotStarted).await;
    guest.send_join("Ben again", None, &[]).await;
    guest.expect_error(ErrorCode::AlreadySeated).await;
    host.send_join("Aki again", None, &[]).await;
    host.expect_error(ErrorCode::AlreadySeated).await;

    // A third person fills the table; a fourth finds it full.
    let mut third = server.client(&room.room_id).await;
    third.hello(None, None).await;
    third.send_join("Chie", None, &[]).await;
    let third_token = match third.recv_skip_room().await {
        ServerMessage::Joined { seat: 2, token } => token,
        other => panic!("expected joined at seat 2, got {other:?}"),
    };
    let mut fourth = server.client(&room.room_id).await;
    fourth.hello(None, None).await;
    fourth.send_join("Dai", None, &[]).await;
    fourth.expect_error(ErrorCode::RoomFull).await;

    // Only the host starts.
    guest.send(&ClientMessage::Start {}).await;
    guest.expect_error(ErrorCode::NotHost).await;
    let info = server.room_info(&room.room_id).await;
    assert_eq!(info.status, RoomStatus::Lobby);
    let names: Vec<_> = info.seats.iter().map(|s| s.name.clone().unwrap()).collect();
    assert_eq!(names, ["Ben", "Aki", "Chie"]);
    assert!(info.seats[1].host && !info.seats[0].host);

    // Leaving frees the seat; the token then opens nothing.
    third.send(&ClientMessage::Leave {}).await;
    third.ping().await;
    assert_eq!(server.room_info(&room.room_id).await.seats[2].name, None);
    let mut stale = server.client(&room.room_id).await;
    stale
        .send(&ClientMessage::Hello {
            protocol: PROTOCOL_VERSION,
            token: Some(third_token),
            since: None,
            patches: false,
            board: None,
        })
        .await;
    stale.expect_error(ErrorCode::InvalidToken).await;
    stale.close().await;
    third.send_join("Chie", Some(2), &[]).await;
    assert!(matches!(
        third.recv_skip_room().await,
        ServerMessage::Joined { seat: 2, .. }
    ));

    host.send(&ClientMessage::Start {}).await;
    assert!(matches!(
        host.recv_skip_room().await,
        ServerMessage::Snapshot { .. }
    ));
    // Ben left work latest (01:15 counts after 19:30): he starts.
    let first = match guest.recv_skip_room().await {
        ServerMessage::Snapshot { game } => game.view["first_player"].clone(),
        other => panic!("expected a snapshot, got {other:?}"),
    };
    assert_eq!(
        first,
        json!({"by": "left_latest", "seat": 0, "at": "01:15"})
    );
    assert!(
        matches!(
            fourth.recv_skip_room().await,
            ServerMessage::Snapshot { .. }
        ),
        "spectators get the game too"
    );
    fourth.send_join("Dai", None, &[]).await;
    fourth.expect_error(ErrorCode::AlreadyStarted).await;
    host.send(&ClientMessage::Start {}).await;
    host.expect_error(ErrorCode::AlreadyStarted).await;
    server.stop().await;
}

#[tokio::test]
async fn a_finished_game_refuses_actions() {
    let server = TestServer::start().await;
    let mut table = Table::start(&server, 2, Some(fixture_options(2))).await;
    let mut picker = Picker::new(9);
    while !table.over() {
        table.play(&mut |legal| picker.pick(legal)).await;
    }
    let (last_seat, last_id) = table.last.clone().unwrap();
    let other = 1 - last_seat;
    table.players[other]
        .act("after", json!({"kind": "turn", "slot": 0}))
        .await;
    table.players[other]
        .client
        .expect_error(ErrorCode::GameOver)
        .await;
    // The last action's retry is still acknowledged, and changes nothing.
    table.players[last_seat]
        .act(&last_id, json!({"kind": "turn", "slot": 0}))
        .await;
    table.players[last_seat].expect_ack(&last_id).await;
    for player in &mut table.players {
        player.client.assert_quiet().await;
    }
    server.stop().await;
}

#[tokio::test]
async fn a_connection_that_never_says_hello_is_closed() {
    let server = TestServer::start().await;
    let room = server.create_room("osaki", 2, None).await;
    let mut client = server.client(&room.room_id).await;
    let started = std::time::Instant::now();
    // Wait longer than the server's 10 s allowance.
    match client.frame(std::time::Duration::from_secs(20)).await {
        Some(Frame::Close(code)) => assert_eq!(code, Some(1008)),
        other => panic!("expected a close, got {other:?}"),
    }
    assert!(
        started.elapsed() >= std::time::Duration::from_secs(9),
        "after the 10 s allowance"
    );
    server.stop().await;
}

/// Opens a room's WebSocket sending `origin` (if any); the HTTP status of a
/// refusal, or the open socket.
async fn open_with_origin(
    server: &TestServer,
    room_id: &str,
    origin: Option<&str>,
) -> Result<
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>,
    u16,
> {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    use tokio_tungstenite::tungstenite::Error;
    let mut request = format!("ws://{}/ws/rooms/{room_id}", server.addr)
        .into_client_request()
        .unwrap();
    if let Some(origin) = origin {
        request
            .headers_mut()
            .insert("origin", origin.parse().unwrap());
    }
    match tokio_tungstenite::connect_async(request).await {
        Ok((ws, _)) => Ok(ws),
        Err(Error::Http(response)) => Err(response.status().as_u16()),
        Err(e) => panic!("the upgrade failed without an HTTP answer: {e}"),
    }
}

#[tokio::test]
async fn a_websocket_from_a_foreign_page_is_refused_with_403() {
    let db = support::TestDb::new().await;
    let server = TestServer::start_configured(db, |config| {
        config.allowed_origins = vec!["https://play.example".into()];
    })
    .await;
    let room = server.create_room("osaki", 2, None).await;
    for foreign in [
        "http://evil.example",
        "https://play.example.evil.example",
        // The server's host on another port is another origin.
        &format!("http://{}:1", server.addr.ip()),
        "null",
    ] {
        assert_eq!(
            open_with_origin(&server, &room.room_id, Some(foreign))
                .await
                .err(),
            Some(403),
            "{foreign}"
        );
    }
    let own = format!("http://{}", server.addr);
    for origin in [None, Some(own.as_str()), Some("https://play.example")] {
        let mut ws = open_with_origin(&server, &room.room_id, origin)
            .await
            .unwrap_or_else(|status| panic!("{origin:?} refused with {status}"));
        use futures_util::{SinkExt, StreamExt};
        let hello = ClientMessage::Hello {
            protocol: PROTOCOL_VERSION,
            token: None,
            since: None,
            patches: false,
            board: None,
        };
        ws.send(tokio_tungstenite::tungstenite::Message::text(
            serde_json::to_string(&hello).unwrap(),
        ))
        .await
        .unwrap();
        let reply = ws.next().await.unwrap().unwrap();
        let message: ServerMessage = serde_json::from_str(reply.to_text().unwrap()).unwrap();
        assert!(
            matches!(message, ServerMessage::Welcome { .. }),
            "{origin:?}: {message:?}"
        );
    }
    server.stop().await;
}

#[tokio::test]
async fn a_flood_of_websocket_pings_is_closed_with_1008() {
    use futures_util::{SinkExt, StreamExt};
    use tokio_tungstenite::tungstenite::Message;
    let server = TestServer::start().await;
    let room = server.create_room("osaki", 2, None).await;

    // Within the burst: the connection is served.
    let mut calm = open_with_origin(&server, &room.room_id, None)
        .await
        .unwrap();
    for _ in 0..30 {
        calm.send(Message::Ping(Default::default())).await.unwrap();
    }
    calm.send(Message::text(r#"{"type":"ping"}"#))
        .await
        .unwrap();
    loop {
        match tokio::time::timeout(support::WAIT, calm.next()).await {
            Ok(Some(Ok(Message::Text(text)))) => {
                // Before hello, a protocol ping is refused, not dropped.
                assert!(text.contains("hello_first"), "{text}");
                break;
            }
            Ok(Some(Ok(Message::Pong(_)))) => continue,
            other => panic!("a calm client was not served: {other:?}"),
        }
    }

    let mut flood = open_with_origin(&server, &room.room_id, None)
        .await
        .unwrap();
    for _ in 0..200 {
        if flood.send(Message::Ping(Default::default())).await.is_err() {
            break;
        }
    }
    let code = loop {
        match tokio::time::timeout(support::WAIT, flood.next()).await {
            Ok(Some(Ok(Message::Close(frame)))) => break frame.map(|f| u16::from(f.code)),
            Ok(Some(Ok(Message::Pong(_)))) => continue,
            other => panic!("a ping flood must be closed: {other:?}"),
        }
    };
    assert_eq!(code, Some(1008));
    server.stop().await;
}

#[tokio::test]
async fn a_text_frame_that_is_not_utf8_closes_with_1007() {
    use futures_util::SinkExt;
    use tokio_tungstenite::tungstenite::protocol::frame::coding::{Data, OpCode};
    use tokio_tungstenite::tungstenite::protocol::frame::Frame as RawFrame;
    use tokio_tungstenite::tungstenite::Message;
    let server = TestServer::start().await;
    let room = server.create_room("osaki", 2, None).await;
    for fragmented in [false, true] {
        let mut client = server.client(&room.room_id).await;
        client.hello(None, None).await;
        let ws = client.socket();
        // `{"type":"ping"}` with one byte that cannot start a character.
        let bytes = b"{\"type\":\"p\xffng\"}".to_vec();
        if fragmented {
            let (first, rest) = bytes.split_at(9);
            let start = RawFrame::message(first.to_vec(), OpCode::Data(Data::Text), false);
            let end = RawFrame::message(rest.to_vec(), OpCode::Data(Data::Continue), true);
            ws.send(Message::Frame(start)).await.unwrap();
            ws.send(Message::Frame(end)).await.unwrap();
        } else {
            let frame = RawFrame::message(bytes, OpCode::Data(Data::Text), true);
            ws.send(Message::Frame(frame)).await.unwrap();
        }
        assert_eq!(
            client.expect_close().await,
            Some(1007),
            "fragmented: {fragmented}"
        );
    }
    server.stop().await;
}
