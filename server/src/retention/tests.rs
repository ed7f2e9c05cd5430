use serde_json::{json, Value};
use sqlx::any::AnyPoolOptions;
use sqlx::AnyPool;

use super::*;
use crate::ids::TokenHash;
use crate::store::NewRoom;

struct Fixture {
    store: Store,
    writer: Option<crate::store::StoreWriter>,
    registry: Registry,
    /// Another connection, to age rooms by writing old timestamps.
    db: AnyPool,
    _dir: tempfile::TempDir,
}

impl Fixture {
    async fn new() -> Fixture {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}", dir.path().join("r.db").display());
        let (store, writer) = Store::open(&url).await.unwrap();
        let db = AnyPoolOptions::new()
            .max_connections(1)
            .connect(&url)
            .await
            .unwrap();
        Fixture {
            registry: Registry::new(store.clone()),
            store,
            writer: Some(writer),
            db,
            _dir: dir,
        }
    }

    /// A two-seat Osaki room with one seat taken and `actions` actions,
    /// in `status`, every timestamp `age_ms` ago.
    async fn room(&self, status: &str, age_ms: i64, actions: u64) -> String {
        let id = crate::ids::new_room_id();
        self.store
            .write(Write::CreateRoom(NewRoom {
                id: id.clone(),
                game: "osaki".into(),
                seat_count: 2,
                options: Value::Null,
                seed: [7; 32],
                host_token_hash: TokenHash::of("host"),
                code: crate::ids::new_room_code(),
            }))
            .await
            .unwrap();
        self.store
            .write(Write::TakeSeat {
                room_id: id.clone(),
                seat: 0,
                token_hash: TokenHash::of("host"),
                name: "Ann".into(),
                answers: Default::default(),
                player: crate::store::SeatPlayer::PERSON,
                contribution: String::new(),
            })
            .await
            .unwrap();
        for seq in 1..=actions {
            self.store
                .write(Write::Action {
                    room_id: id.clone(),
                    seq,
                    seat: 0,
                    client_id: format!("c{seq}"),
                    action: json!({"seq": seq}),
                    at_ms: now_ms() as u64,
                    origin: crate::store::Origin::Player,
                })
                .await
                .unwrap();
        }
        let then = now_ms() - age_ms;
        let finished = (status == "finished").then_some(then);
        let started = (status != "lobby").then_some(then);
        sqlx::query(
            "UPDATE rooms SET status = $2, created_at = $3, started_at = $4, finished_at = $5 \
             WHERE id = $1",
        )
        .bind(id.clone())
        .bind(status)
        .bind(then)
        .bind(started)
        .bind(finished)
        .execute(&self.db)
        .await
        .unwrap();
        sqlx::query("UPDATE actions SET created_at = $2 WHERE room_id = $1")
            .bind(id.clone())
            .bind(then)
            .execute(&self.db)
            .await
            .unwrap();
        id
    }

    /// Records an action `age_ms` ago in the room.
    async fn act(&self, id: &str, seq: u64, age_ms: i64) {
        sqlx::query(
            "INSERT INTO actions (room_id, seq, seat, client_id, action, created_at) \
             VALUES ($1, $2, 0, $3, '{}', $4)",
        )
        .bind(id.to_owned())
        .bind(seq as i64)
        .bind(format!("late{seq}"))
        .bind(now_ms() - age_ms)
        .execute(&self.db)
        .await
        .unwrap();
    }

    /// Rows of `table` for the room (`id` or `room_id`).
    async fn rows(&self, table: &str, id: &str) -> i64 {
        let column = if table == "rooms" { "id" } else { "room_id" };
        sqlx::query_scalar(&format!("SELECT COUNT(*) FROM {table} WHERE {column} = $1"))
            .bind(id.to_owned())
            .fetch_one(&self.db)
            .await
            .unwrap()
    }

    async fn exists(&self, id: &str) -> bool {
        self.rows("rooms", id).await == 1
    }

    async fn close(mut self) {
        self.registry.shutdown().await;
        self.store.close(self.writer.take().unwrap()).await;
    }
}

fn defaults() -> Policy {
    Policy::from_config(&Config::new(
        "127.0.0.1:0".parse().unwrap(),
        "sqlite::memory:",
    ))
}

#[tokio::test]
async fn expired_rooms_go_with_their_seats_and_actions_and_the_rest_stay() {
    let f = Fixture::new().await;
    let old_lobby = f.room("lobby", 25 * HOUR_MS, 0).await;
    let old_finished = f.room("finished", 91 * DAY_MS, 3).await;
    let abandoned = f.room("playing", 31 * DAY_MS, 2).await;

    let fresh_lobby = f.room("lobby", 23 * HOUR_MS, 0).await;
    let recent_finished = f.room("finished", 89 * DAY_MS, 3).await;
    // Started long ago, but someone played an hour ago.
    let recent_game = f.room("playing", 60 * DAY_MS, 2).await;
    f.act(&recent_game, 3, HOUR_MS).await;
    // Expired, but someone has it open.
    let loaded_lobby = f.room("lobby", 48 * HOUR_MS, 0).await;
    f.registry.get(&loaded_lobby).await.unwrap();
    assert!(f.registry.is_loaded(&loaded_lobby).await);

    let deleted = defaults().sweep(&f.store, &f.registry, now_ms()).await;
    assert_eq!(deleted.unwrap(), 3);
    for id in [&old_lobby, &old_finished, &abandoned] {
        for table in ["rooms", "seats", "actions"] {
            assert_eq!(f.rows(table, id).await, 0, "{table} of {id}");
        }
    }
    for id in [&fresh_lobby, &recent_finished, &recent_game, &loaded_lobby] {
        assert!(f.exists(id).await, "{id} was kept");
        assert_eq!(f.rows("seats", id).await, 1);
    }
    assert_eq!(f.rows("actions", &recent_game).await, 3);
    f.close().await;
}

#[tokio::test]
async fn a_lobby_opened_by_play_again_ages_from_then_and_goes_with_its_past_games() {
    let f = Fixture::new().await;
    let reopened = f.room("lobby", 60 * DAY_MS, 0).await;
    let stale = f.room("lobby", 60 * DAY_MS, 0).await;
    for (id, opened_ago) in [(&reopened, HOUR_MS), (&stale, 25 * HOUR_MS)] {
        sqlx::query("UPDATE rooms SET opened_at = $2, game_number = 2 WHERE id = $1")
            .bind(id.clone())
            .bind(now_ms() - opened_ago)
            .execute(&f.db)
            .await
            .unwrap();
        sqlx::query(
            "INSERT INTO past_games (room_id, number, started_at, finished_at, players, outcome, record) \
             VALUES ($1, 1, 0, 0, '[]', '{}', '{}')",
        )
        .bind(id.clone())
        .execute(&f.db)
        .await
        .unwrap();
    }
    let deleted = defaults().sweep(&f.store, &f.registry, now_ms()).await;
    assert_eq!(deleted.unwrap(), 1);
    assert!(f.exists(&reopened).await, "opened an hour ago: kept");
    assert_eq!(f.rows("past_games", &reopened).await, 1);
    assert!(!f.exists(&stale).await, "opened 25 hours ago: deleted");
    assert_eq!(f.rows("past_games", &stale).await, 0);
    f.close().await;
}

#[tokio::test]
async fn zero_keeps_a_kind_of_room_for_ever() {
    let f = Fixture::new().await;
    let lobby = f.room("lobby", 1000 * DAY_MS, 0).await;
    let finished = f.room("finished", 1000 * DAY_MS, 1).await;
    let playing = f.room("playing", 1000 * DAY_MS, 1).await;
    let mut config = Config::new("127.0.0.1:0".parse().unwrap(), "sqlite::memory:");
    config.lobby_expiry_hours = 0;
    config.retention_days = 0;
    config.abandoned_days = 0;
    let keep_all = Policy::from_config(&config);
    let deleted = keep_all.sweep(&f.store, &f.registry, now_ms()).await;
    assert_eq!(deleted.unwrap(), 0);

    config.retention_days = 1;
    let finished_only = Policy::from_config(&config);
    let deleted = finished_only.sweep(&f.store, &f.registry, now_ms()).await;
    assert_eq!(deleted.unwrap(), 1);
    assert!(f.exists(&lobby).await);
    assert!(!f.exists(&finished).await);
    assert!(f.exists(&playing).await);
    f.close().await;
}

#[tokio::test]
async fn a_sweep_with_an_injected_clock_deletes_once_the_age_is_reached() {
    let f = Fixture::new().await;
    let lobby = f.room("lobby", 0, 0).await;
    let policy = defaults();
    let deleted = policy
        .sweep(&f.store, &f.registry, now_ms() + 23 * HOUR_MS)
        .await;
    assert_eq!(deleted.unwrap(), 0);
    let deleted = policy
        .sweep(&f.store, &f.registry, now_ms() + 25 * HOUR_MS)
        .await;
    assert_eq!(deleted.unwrap(), 1);
    assert!(!f.exists(&lobby).await);
    f.close().await;
}

#[test]
fn huge_ages_do_not_overflow() {
    assert_eq!(age_ms(u64::MAX, DAY_MS), Some(i64::MAX));
    assert_eq!(age_ms(0, DAY_MS), None);
    let policy = Policy {
        lobby_ms: Some(i64::MAX),
        finished_ms: None,
        abandoned_ms: Some(DAY_MS),
    };
    let expiry = policy.expiry(1_000);
    assert_eq!(expiry.lobby_created_before, Some(1_000 - i64::MAX));
    assert_eq!(expiry.finished_before, None);
    assert_eq!(expiry.idle_before, Some(1_000 - DAY_MS));
}
