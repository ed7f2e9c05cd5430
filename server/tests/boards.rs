//! A game's board fetched once over HTTP and left out of the snapshots of a
//! connection that holds it (docs/protocol.md, `hello.board`;
//! `server/src/boards.rs`).

mod support;

use cubicle_protocol::{ClientMessage, ServerMessage, PROTOCOL_VERSION};
use serde_json::Value;
use support::{Client, TestServer};

/// The board a room page names: its address and digest.
fn board_hint(page: &str) -> Option<(String, String)> {
    let tag = page
        .split("<link ")
        .find(|t| t.contains("id=\"cubicle-board\""))?;
    let attr = |name: &str| {
        let start = tag.find(&format!("{name}=\""))? + name.len() + 2;
        Some(tag[start..start + tag[start..].find('"')?].to_owned())
    };
    Some((attr("href")?, attr("data-digest")?))
}

/// Says hello (naming `board`, if any) and takes the welcome.
async fn hello(client: &mut Client, token: Option<&str>, board: Option<&str>) {
    client
        .send(&ClientMessage::Hello {
            protocol: PROTOCOL_VERSION,
            token: token.map(str::to_owned),
            since: None,
            patches: false,
            board: board.map(str::to_owned),
        })
        .await;
    assert!(matches!(client.recv().await, ServerMessage::Welcome { .. }));
}

/// The next snapshot's board (null when it was left out).
async fn snapshot_board(client: &mut Client) -> Value {
    loop {
        if let ServerMessage::Snapshot { game } = client.recv().await {
            return game.board;
        }
    }
}

#[tokio::test]
async fn a_player_who_holds_the_board_gets_the_game_without_it() {
    let server = TestServer::start().await;
    let room = server.create_room("dilbert", 3, None).await;

    // The room page names the board before its first script (the early
    // socket's hello reads it); the board is served, and kept a year.
    let page = server
        .get(&format!("/r/{}", room.room_id))
        .await
        .text()
        .await
        .unwrap();
    let (href, digest) = board_hint(&page).expect("the page names the board");
    assert_eq!(href, format!("/boards/dilbert.{digest}.json"));
    assert!(page.find("id=\"cubicle-board\"").unwrap() < page.find("<script").unwrap());
    let served = server.get(&href).await;
    assert_eq!(served.status(), 200);
    assert_eq!(
        served.headers()["cache-control"],
        "public, max-age=31536000, immutable"
    );
    assert_eq!(
        served.headers()["content-type"],
        "application/json; charset=utf-8"
    );
    let board: Value = served.json().await.unwrap();
    for stale in [
        "/boards/dilbert.0000000000000000.json".to_owned(),
        format!("/boards/osaki.{digest}.json"),
        "/boards/chess.json".to_owned(),
    ] {
        assert_eq!(server.get(&stale).await.status(), 404, "{stale}");
    }

    // Three players: the first two hold the board, the third names an old one.
    let boards = [
        Some(digest.as_str()),
        Some(digest.as_str()),
        Some("0123456789abcdef"),
    ];
    let mut players = Vec::new();
    for (seat, held) in boards.into_iter().enumerate() {
        let mut client = server.client(&room.room_id).await;
        let token = (seat == 0).then_some(room.host_token.as_str());
        hello(&mut client, token, held).await;
        client
            .send_join(&format!("P{seat}"), Some(seat as u8), &[])
            .await;
        let token = loop {
            if let ServerMessage::Joined { token, .. } = client.recv_skip_room().await {
                break token;
            }
        };
        players.push((client, token));
    }
    let mut watcher = server.client(&room.room_id).await;
    hello(&mut watcher, None, None).await;
    players[0].0.send(&ClientMessage::Start {}).await;
    // The game starts: one snapshot per connection, each as its hello asked.
    assert_eq!(snapshot_board(&mut players[0].0).await, Value::Null);
    assert_eq!(snapshot_board(&mut players[1].0).await, Value::Null);
    assert_eq!(snapshot_board(&mut players[2].0).await, board);
    assert_eq!(snapshot_board(&mut watcher).await, board);

    // Coming back: the snapshot that answers the hello, likewise.
    let token = players[1].1.clone();
    let mut back = server.client(&room.room_id).await;
    hello(&mut back, Some(&token), Some(&digest)).await;
    assert_eq!(snapshot_board(&mut back).await, Value::Null);
    let mut plain = server.client(&room.room_id).await;
    hello(&mut plain, Some(&token), None).await;
    assert_eq!(snapshot_board(&mut plain).await, board);

    // A game whose board is small names none: it comes in the snapshot.
    let osaki = server.create_room("osaki", 2, None).await;
    let page = server
        .get(&format!("/r/{}", osaki.room_id))
        .await
        .text()
        .await
        .unwrap();
    assert_eq!(board_hint(&page), None);
    server.stop().await;
}
