//! Room creation limits and retention as a client sees them: creation over
//! the per-IP limit is refused with 429 (other addresses unaffected), and at
//! start only games in progress are loaded, lobbies opening on demand.
//! (The retention sweep itself is tested in `server/src/retention/tests.rs`
//! with old timestamps and an injected clock.)

mod support;

use std::net::IpAddr;

use cubicle_protocol::{ApiError, ErrorCode, RoomStatus};
use serde_json::json;
use support::osaki::Table;
use support::TestServer;

async fn create_from(server: &TestServer, from: &str) -> reqwest::Response {
    let from: IpAddr = from.parse().unwrap();
    reqwest::Client::builder()
        .local_address(from)
        .build()
        .unwrap()
        .post(server.url("/api/rooms"))
        .json(&json!({ "game": "osaki", "seats": 2 }))
        .send()
        .await
        .expect("POST /api/rooms")
}

#[tokio::test]
async fn creating_rooms_too_fast_is_refused_for_that_address_only() {
    let db = support::TestDb::new().await;
    let server = TestServer::start_configured(db, |config| {
        config.room_creation_per_minute = 30;
        config.room_creation_burst = 10;
    })
    .await;
    for i in 0..10 {
        let response = create_from(&server, "127.0.0.1").await;
        assert_eq!(response.status(), 201, "room {i}");
    }
    let refused = create_from(&server, "127.0.0.1").await;
    assert_eq!(refused.status(), 429);
    let retry_after: u64 = refused.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    // One room every 2 s in the long run.
    assert!((1..=2).contains(&retry_after), "Retry-After {retry_after}");
    let body: ApiError = refused.json().await.unwrap();
    assert_eq!(body.code, ErrorCode::RateLimited);

    let other = create_from(&server, "127.0.0.2").await;
    assert_eq!(other.status(), 201, "another address has its own limit");
    assert_eq!(server.db.count("SELECT COUNT(*) FROM rooms").await, 11);
    server.stop().await;
}

#[tokio::test]
async fn zero_turns_the_creation_limit_off() {
    let db = support::TestDb::new().await;
    let server = TestServer::start_configured(db, |config| {
        config.room_creation_per_minute = 0;
        config.room_creation_burst = 1;
    })
    .await;
    for i in 0..15 {
        let response = create_from(&server, "127.0.0.1").await;
        assert_eq!(response.status(), 201, "room {i}");
    }
    server.stop().await;
}

/// Rooms in memory: the `cubicle_rooms_loaded` gauge summed over its
/// statuses. Metrics are process-wide: no other test in this file loads a
/// room.
async fn rooms_loaded(server: &TestServer) -> f64 {
    let text = server.get("/metrics").await.text().await.unwrap();
    text.lines()
        .filter(|l| l.starts_with("cubicle_rooms_loaded{"))
        .filter_map(|l| l.rsplit_once(' '))
        .map(|(_, v)| v.trim().parse::<f64>().unwrap())
        .sum()
}

#[tokio::test]
async fn at_start_only_games_in_progress_load_and_a_lobby_opens_on_demand() {
    let server = TestServer::start().await;
    let lobby = server.create_room("osaki", 3, None).await;
    let table = Table::start(&server, 2, None).await;
    drop(table);
    let server = server.restart().await;
    assert_eq!(rooms_loaded(&server).await, 1.0, "only the game is loaded");

    let info = server.room_info(&lobby.room_id).await;
    assert_eq!(info.status, RoomStatus::Lobby);
    assert_eq!(
        rooms_loaded(&server).await,
        2.0,
        "the lobby loaded when asked"
    );
    let mut client = server.client(&lobby.room_id).await;
    let (you, _) = client.hello(Some(lobby.host_token.as_str()), None).await;
    assert!(you.host);
    server.stop().await;
}
