//! Rooms written before join questions became the game's (schema 0001:
//! Osaki's answer in `seats.left_work_at` and as minutes in `rooms.setup`)
//! still restore on the current code: a started game replays to the same
//! state with the same start player, and a lobby's answers still pick the
//! start player when the game starts.

mod support;

use cubicle_games::chance::Seed;
use cubicle_games::{catalog, PlayerProfile, SeededChance, Table, Viewer};
use cubicle_protocol::{ClientMessage, ServerMessage};
use serde_json::{json, Value};
use sha2::{Digest, Sha256};
use sqlx::migrate::Migrator;
use sqlx::AnyPool;
use support::{TestDb, TestServer};

const SEED: Seed = [9; 32];
/// Room ids have the server's shape (32 hex digits) or are not looked up.
const OLD_GAME: &str = "00000000000000000000000000000001";
const OLD_LOBBY: &str = "00000000000000000000000000000002";

fn hash(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// A database at schema 0001 only: the first migration, run by sqlx from a
/// directory that holds nothing else, so that the server applies the rest.
async fn old_database() -> (TestDb, AnyPool) {
    let db = TestDb::new().await;
    let backend = if db.is_postgres() {
        "postgres"
    } else {
        "sqlite"
    };
    let first = "0001_rooms_seats_actions.sql";
    let source = format!(
        "{}/../migrations/{backend}/{first}",
        env!("CARGO_MANIFEST_DIR")
    );
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(&source, dir.path().join(first)).unwrap();
    // The server creates the SQLite file itself; here we must.
    let url = if db.is_postgres() {
        db.url.clone()
    } else {
        format!("{}?mode=rwc", db.url)
    };
    let pool = sqlx::any::AnyPoolOptions::new()
        .max_connections(1)
        .connect(&url)
        .await
        .unwrap();
    Migrator::new(dir.path())
        .await
        .unwrap()
        .run(&pool)
        .await
        .unwrap();
    (db, pool)
}

async fn insert_room(pool: &AnyPool, id: &str, status: &str, setup: Option<&str>) {
    sqlx::query(
        "INSERT INTO rooms (id, game, seat_count, options, seed, host_token_hash, status, created_at, setup) \
         VALUES ($1, 'osaki', 3, 'null', $2, $3, $4, 0, $5)",
    )
    .bind(id.to_owned())
    .bind(hex::encode(SEED))
    .bind(hash("host"))
    .bind(status.to_owned())
    .bind(setup.map(str::to_owned))
    .execute(pool)
    .await
    .unwrap();
}

/// Seats as 0001 stored them: the departure time in its own column, as
/// the player typed it.
async fn insert_seat(pool: &AnyPool, room: &str, seat: i64, name: &str, left: Option<&str>) {
    sqlx::query(
        "INSERT INTO seats (room_id, seat, token_hash, name, left_work_at) VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(room.to_owned())
    .bind(seat)
    .bind(hash(&format!("{room}-{seat}")))
    .bind(name.to_owned())
    .bind(left.map(str::to_owned))
    .execute(pool)
    .await
    .unwrap();
}

/// The game the old room holds, computed with today's rules from the
/// answers its players gave: its first moves (as logged) and the result.
fn reference_game(moves: usize) -> (Box<dyn Table>, Vec<(u8, Value)>) {
    let answered = |at: &str| PlayerProfile {
        answers: serde_json::from_value(json!({"left_work_at": at})).unwrap(),
    };
    let players = [
        answered("19:30"),
        PlayerProfile::default(),
        answered("01:30"),
    ];
    let entry = catalog::find("osaki").unwrap();
    let mut table = (entry.start)(&players, &Value::Null, &SEED).unwrap();
    let mut log = Vec::new();
    for step in 1..=moves as u64 {
        let seat = table.to_act()[0];
        let action = table.legal(seat).pop().unwrap();
        let applied = table
            .apply(seat, &action, &mut SeededChance::new(&SEED, step))
            .unwrap();
        log.push((seat, applied.action));
    }
    (table, log)
}

#[tokio::test]
async fn a_game_started_before_join_questions_replays_with_the_same_start_player() {
    let (db, pool) = old_database().await;
    let (expected, log) = reference_game(5);
    // 0001 kept the answers as minutes where later is larger: 19:30 is
    // 1170, and 01:30, after midnight, is 25 h 30 min.
    let old_setup = r#"[{"left_work_at":1170},{},{"left_work_at":1530}]"#;
    insert_room(&pool, OLD_GAME, "playing", Some(old_setup)).await;
    for (seat, name, left) in [
        (0, "Aki", Some("19:30")),
        (1, "Ben", None),
        (2, "Chie", Some("1:30")),
    ] {
        insert_seat(&pool, OLD_GAME, seat, name, left).await;
    }
    for (seq, (seat, action)) in log.iter().enumerate() {
        sqlx::query(
            "INSERT INTO actions (room_id, seq, seat, client_id, action, created_at) VALUES ($1, $2, $3, $4, $5, 0)",
        )
        .bind(OLD_GAME)
        .bind(seq as i64 + 1)
        .bind(i64::from(*seat))
        .bind(format!("a{seq}"))
        .bind(action.to_string())
        .execute(&pool)
        .await
        .unwrap();
    }
    pool.close().await;

    let server = TestServer::start_on(db, false).await;
    let mut watcher = server.client(OLD_GAME).await;
    watcher.hello(None, None).await;
    let game = match watcher.recv_skip_room().await {
        ServerMessage::Snapshot { game } => game,
        other => panic!("expected a snapshot, got {other:?}"),
    };
    assert_eq!(
        game.view["first_player"],
        json!({"by": "left_latest", "seat": 2, "at": "01:30"})
    );
    assert_eq!(game.view, expected.view(Viewer::Spectator));
    assert_eq!(game.seq, expected.last_seq());

    // The seats' answers moved into the JSON column, in the checked form.
    let pool = server.db.inspect().await;
    let answers: Vec<String> =
        sqlx::query_scalar("SELECT answers FROM seats WHERE room_id = $1 ORDER BY seat")
            .bind(OLD_GAME)
            .fetch_all(&pool)
            .await
            .unwrap();
    let answers: Vec<Value> = answers
        .iter()
        .map(|a| serde_json::from_str(a).unwrap())
        .collect();
    assert_eq!(
        answers,
        [
            json!({"left_work_at": "19:30"}),
            json!({}),
            json!({"left_work_at": "01:30"})
        ]
    );
    pool.close().await;
    server.stop().await;
}

#[tokio::test]
async fn answers_given_in_a_lobby_before_join_questions_still_pick_the_start_player() {
    let (db, pool) = old_database().await;
    insert_room(&pool, OLD_LOBBY, "lobby", None).await;
    insert_seat(&pool, OLD_LOBBY, 0, "Aki", Some("7:05")).await;
    insert_seat(&pool, OLD_LOBBY, 2, "Chie", Some("23:10")).await;
    pool.close().await;

    let server = TestServer::start_on(db, false).await;
    let mut host = server.client(OLD_LOBBY).await;
    host.hello(Some("host"), None).await;
    let mut third = server.client(OLD_LOBBY).await;
    third.hello(None, None).await;
    third
        .send_join("Ben", None, &[("left_work_at", json!("22:00"))])
        .await;
    assert!(matches!(
        third.recv_skip_room().await,
        ServerMessage::Joined { seat: 1, .. }
    ));
    host.send(&ClientMessage::Start {}).await;
    match host.recv_skip_room().await {
        ServerMessage::Snapshot { game } => assert_eq!(
            game.view["first_player"],
            json!({"by": "left_latest", "seat": 2, "at": "23:10"})
        ),
        other => panic!("expected a snapshot, got {other:?}"),
    }
    server.stop().await;
}
