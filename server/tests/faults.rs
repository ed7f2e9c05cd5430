//! Faults of the store, caused for real: the disk under SQLite fills up, a
//! PostgreSQL connection drops right after COMMIT reached the database, the
//! database stops answering, a stored room is corrupt. In every case nothing
//! acknowledged is lost, every answer is the truth, and the server recovers
//! by itself.

mod support;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use cubicle_protocol::{ClientMessage, ErrorCode, ServerMessage};
use serde_json::{json, Value};
use support::binary::Binary;
use support::osaki::{Picker, Player, Table};
use support::pgproxy::{Mode, PgProxy};
use support::{TestDb, TestServer};

/// How a player's action was answered.
#[derive(Debug, PartialEq)]
enum Answer {
    Acked,
    Refused(ErrorCode),
}

/// The seat to act plays a random legal action. On `ack` every player takes
/// the update; on an error nobody hears anything.
async fn try_play(table: &mut Table, picker: &mut Picker, id: &str) -> Answer {
    let seat = table.to_act();
    let action = picker.pick(&table.players[seat].legal);
    table.players[seat].act(id, action).await;
    answer(table, seat, id).await
}

/// How `seat`'s action `id`, already sent, is answered (see [`try_play`]).
async fn answer(table: &mut Table, seat: usize, id: &str) -> Answer {
    match table.players[seat].client.recv_skip_room().await {
        ServerMessage::Update { update } => {
            table.players[seat].take_update(update);
            table.players[seat].expect_ack(id).await;
            for (i, player) in table.players.iter_mut().enumerate() {
                if i != seat {
                    player.expect_update().await;
                }
            }
            Answer::Acked
        }
        ServerMessage::Error { code, id: got, .. } => {
            assert_eq!(got.as_deref(), Some(id));
            Answer::Refused(code)
        }
        other => panic!("expected an update or an error, got {other:?}"),
    }
}

/// Status of `GET path`, and how long it took.
async fn get_status(addr: std::net::SocketAddr, path: &str) -> (u16, Duration) {
    let started = Instant::now();
    let response = reqwest::Client::new()
        .get(format!("http://{addr}{path}"))
        .timeout(Duration::from_secs(10))
        .send()
        .await
        .expect("GET");
    (response.status().as_u16(), started.elapsed())
}

async fn post_room(addr: std::net::SocketAddr) -> (u16, Value, Duration) {
    let started = Instant::now();
    let response = reqwest::Client::new()
        .post(format!("http://{addr}/api/rooms"))
        .json(&json!({"game": "osaki", "seats": 2}))
        .timeout(Duration::from_secs(10))
        .send()
        .await
        .expect("POST /api/rooms");
    let status = response.status().as_u16();
    (
        status,
        response.json().await.unwrap_or(Value::Null),
        started.elapsed(),
    )
}

/// Polls `/readyz` until it answers `want`.
async fn wait_health(addr: std::net::SocketAddr, want: u16) {
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        if get_status(addr, "/readyz").await.0 == want {
            return;
        }
        assert!(Instant::now() < deadline, "/readyz never answered {want}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// A size-limited tmpfs, mounted for one test (CI runs as root).
struct SmallDisk {
    dir: tempfile::TempDir,
}

impl SmallDisk {
    fn mount(size: &str) -> SmallDisk {
        let dir = tempfile::tempdir().unwrap();
        let status = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
            .arg(dir.path())
            .status()
            .expect("run mount");
        assert!(
            status.success(),
            "this test fills a real disk: it must run as root to mount a small tmpfs"
        );
        SmallDisk { dir }
    }

    fn path(&self) -> &Path {
        self.dir.path()
    }

    /// Writes a file until the disk is full; returns its path.
    fn fill(&self) -> PathBuf {
        use std::io::Write;
        let path = self.path().join("filler");
        let mut file = std::fs::File::create(&path).unwrap();
        let chunk = vec![0xAAu8; 4096];
        while file.write_all(&chunk).is_ok() {}
        let _ = file.sync_all();
        path
    }
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(self.dir.path()).status();
    }
}

#[tokio::test]
async fn a_full_disk_under_sqlite_loses_nothing_acknowledged_and_recovers() {
    let disk = SmallDisk::mount("6m");
    let url = format!("sqlite://{}", disk.path().join("cubicle.db").display());
    let binary = Binary::start_url(&url, false);
    let created = binary.create_room(2, None).await;
    let mut table = Table::start_in(binary.addr, created, 2).await;
    let mut picker = Picker::new(6);
    let mut acked = 0u64;
    let mut rooms_created = Vec::new();
    let mut moves = 0;
    let mut next_id = || {
        moves += 1;
        format!("m{moves}")
    };
    for _ in 0..3 {
        let id = next_id();
        assert_eq!(try_play(&mut table, &mut picker, &id).await, Answer::Acked);
        acked += 1;
    }

    let filler = disk.fill();
    // Keep playing and creating rooms until the full disk shows.
    let mut refusals = 0;
    for _ in 0..200 {
        if table.over() {
            break;
        }
        match try_play(&mut table, &mut picker, &next_id()).await {
            Answer::Acked => acked += 1,
            Answer::Refused(code) => {
                assert_eq!(code, ErrorCode::Internal);
                refusals += 1;
            }
        }
        let (status, body, _) = post_room(binary.addr).await;
        match status {
            201 => rooms_created.push(body["room_id"].as_str().unwrap().to_owned()),
            500 => refusals += 1,
            other => panic!("room creation answered {other}: {body}"),
        }
        if refusals >= 4 {
            break;
        }
    }
    assert!(refusals >= 4, "the full disk never refused a write");
    let (ready, took) = get_status(binary.addr, "/readyz").await;
    assert_eq!(ready, 503, "not ready while writes fail");
    assert!(took < Duration::from_secs(1), "/readyz took {took:?}");
    // Alive all the same: a supervisor must not restart a node that will
    // recover by itself once space returns.
    assert_eq!(get_status(binary.addr, "/healthz").await.0, 200);

    // Space returns: the server recovers by itself and play goes on.
    std::fs::remove_file(filler).unwrap();
    wait_health(binary.addr, 200).await;
    let mut after = 0;
    while after < 3 && !table.over() {
        let id = next_id();
        assert_eq!(try_play(&mut table, &mut picker, &id).await, Answer::Acked);
        acked += 1;
        after += 1;
    }
    let (status, body, _) = post_room(binary.addr).await;
    assert_eq!(status, 201, "{body}");
    rooms_created.push(body["room_id"].as_str().unwrap().to_owned());
    let seen = table.players[0].seq;
    let view = table.players[0].view.clone();
    assert!(binary.terminate().success());

    // Everything acknowledged is there after a restart.
    let binary = Binary::start_url(&url, false);
    let mut player = reconnect(&binary, &table, 0).await;
    assert_eq!(player.seq, seen, "every acknowledged action was kept");
    assert_eq!(player.view, view);
    player.client.ping().await;
    for room in &rooms_created {
        let (status, _) = get_status(binary.addr, &format!("/api/rooms/{room}")).await;
        assert_eq!(status, 200, "room {room} was answered 201 and must exist");
    }
    let count = count_rows(&url, "SELECT COUNT(*) FROM actions").await;
    assert_eq!(count as u64, acked, "one log row per acknowledged action");
    assert!(binary.terminate().success());
}

/// Seat `index` of `table`, connected anew to `binary`, with its snapshot.
async fn reconnect(binary: &Binary, table: &Table, index: usize) -> Player {
    let old = &table.players[index];
    let mut client = support::Client::open(binary.addr, &table.room_id).await;
    client.hello(Some(&old.token), None).await;
    let mut player = Player::new(client, old.token.clone(), old.seat);
    player.expect_snapshot().await;
    player
}

async fn count_rows(url: &str, sql: &str) -> i64 {
    sqlx::any::install_default_drivers();
    let pool = sqlx::any::AnyPoolOptions::new()
        .max_connections(1)
        .connect(url)
        .await
        .unwrap();
    let n: i64 = sqlx::query_scalar(sql).fetch_one(&pool).await.unwrap();
    pool.close().await;
    n
}

/// A server on PostgreSQL reached through a proxy the test controls.
async fn behind_proxy() -> (TestDb, PgProxy, TestServer) {
    let db = TestDb::postgres().await;
    let proxy = PgProxy::start(db.upstream()).await;
    let via = TestDb::unmanaged(db.url_via(proxy.addr));
    let server = TestServer::start_on(via, false).await;
    (db, proxy, server)
}

#[tokio::test]
async fn a_commit_whose_answer_is_lost_is_found_out_and_answered_truly() {
    let (db, proxy, server) = behind_proxy().await;

    // Room creation: the database committed, the answer was lost: 201.
    proxy.set(Mode::CutAfterCommit);
    let (status, body, _) = post_room(server.addr).await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(proxy.cuts(), 1);
    let room_id = body["room_id"].as_str().unwrap().to_owned();
    let host_token = body["host_token"].as_str().unwrap().to_owned();
    let inspect = db.inspect().await;
    let rooms: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM rooms")
        .fetch_one(&inspect)
        .await
        .unwrap();
    assert_eq!(rooms, 1);

    // A join: the seat was saved, so the joiner gets it and its token.
    let mut host = server.client(&room_id).await;
    host.hello(Some(&host_token), None).await;
    host.send_join("Aki", Some(0), &[]).await;
    assert!(matches!(
        host.recv_skip_room().await,
        ServerMessage::Joined { seat: 0, .. }
    ));
    let mut guest = server.client(&room_id).await;
    guest.hello(None, None).await;
    proxy.set(Mode::CutAfterCommit);
    guest.send_join("Ben", None, &[]).await;
    let guest_token = match guest.recv_skip_room().await {
        ServerMessage::Joined { seat: 1, token } => token,
        other => panic!("expected joined, got {other:?}"),
    };
    assert_eq!(proxy.cuts(), 2);
    host.close().await;
    guest.close().await;

    // Actions: the one whose answer was lost is acknowledged, and the game
    // goes on without a single refusal.
    let created = cubicle_protocol::RoomCreated {
        url: format!("/r/{room_id}"),
        room_id: room_id.clone(),
        host_token: host_token.clone(),
        code: String::new(),
    };
    let mut table = reseat(&server, created, [host_token, guest_token]).await;
    let mut picker = Picker::new(11);
    let mut acked = 0;
    for n in 0..8 {
        if table.over() {
            break;
        }
        if n == 3 {
            proxy.set(Mode::CutAfterCommit);
        }
        assert_eq!(
            try_play(&mut table, &mut picker, &format!("a{n}")).await,
            Answer::Acked
        );
        acked += 1;
    }
    assert_eq!(proxy.cuts(), 3);
    let logged: Vec<i64> = sqlx::query_scalar("SELECT seq FROM actions ORDER BY seq")
        .fetch_all(&inspect)
        .await
        .unwrap();
    assert_eq!(logged, (1..=acked).collect::<Vec<i64>>());
    inspect.close().await;
    server.stop().await;
    db.cleanup().await;
}

/// Seats two players in the room `created` (whose seats 0 and 1 hold the
/// given tokens), starts the game and returns the table.
async fn reseat(
    server: &TestServer,
    created: cubicle_protocol::RoomCreated,
    tokens: [String; 2],
) -> Table {
    let mut players = Vec::new();
    for (seat, token) in tokens.into_iter().enumerate() {
        let mut client = server.client(&created.room_id).await;
        let (you, _) = client.hello(Some(&token), None).await;
        assert_eq!(you.seat, Some(seat as u8));
        players.push(Player::new(client, token, seat as u8));
    }
    players[0].client.send(&ClientMessage::Start {}).await;
    for player in &mut players {
        player.expect_snapshot().await;
    }
    Table::from_players(created, players)
}

#[tokio::test]
async fn an_outage_fails_fast_and_recovers_by_itself() {
    let (db, proxy, server) = behind_proxy().await;
    let created = server.create_room("osaki", 2, None).await;
    let mut table = Table::start_in(server.addr, created, 2).await;
    let mut picker = Picker::new(3);
    assert_eq!(try_play(&mut table, &mut picker, "a0").await, Answer::Acked);

    proxy.set(Mode::BlackHole);
    let started = Instant::now();
    assert_eq!(
        try_play(&mut table, &mut picker, "a1").await,
        Answer::Refused(ErrorCode::Internal)
    );
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "{:?}",
        started.elapsed()
    );
    let (status, _, took) = post_room(server.addr).await;
    assert_eq!(status, 500);
    assert!(took < Duration::from_secs(2), "room creation took {took:?}");
    let (status, took) = get_status(server.addr, "/readyz").await;
    assert_eq!(status, 503);
    assert!(took < Duration::from_secs(1), "/readyz took {took:?}");
    assert_eq!(get_status(server.addr, "/healthz").await.0, 200, "alive");
    // Several actions queued during the outage each get an answer quickly.
    for n in 2..5 {
        let started = Instant::now();
        assert_eq!(
            try_play(&mut table, &mut picker, &format!("a{n}")).await,
            Answer::Refused(ErrorCode::Internal)
        );
        assert!(started.elapsed() < Duration::from_secs(2));
    }

    proxy.set(Mode::Pass);
    wait_health(server.addr, 200).await;
    assert_eq!(try_play(&mut table, &mut picker, "a9").await, Answer::Acked);
    let (status, _, _) = post_room(server.addr).await;
    assert_eq!(status, 201);
    let inspect = db.inspect().await;
    let logged: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM actions")
        .fetch_one(&inspect)
        .await
        .unwrap();
    assert_eq!(logged, 2, "the acknowledged actions, and only those");
    inspect.close().await;
    server.stop().await;
    db.cleanup().await;
}

/// A connection that died while idle (the database ended the session, or
/// restarted) fails the next transaction at once: that transaction is tried
/// again on a fresh connection, and nobody's move is refused.
#[tokio::test]
async fn a_connection_that_died_alone_refuses_no_move() {
    let (db, proxy, server) = behind_proxy().await;
    let created = server.create_room("osaki", 2, None).await;
    let mut table = Table::start_in(server.addr, created, 2).await;
    let mut picker = Picker::new(4);
    assert_eq!(try_play(&mut table, &mut picker, "a0").await, Answer::Acked);
    proxy.set(Mode::CutAtBegin);
    assert_eq!(try_play(&mut table, &mut picker, "a1").await, Answer::Acked);
    assert_eq!(proxy.cuts(), 1, "the first try was cut");
    assert_eq!(try_play(&mut table, &mut picker, "a2").await, Answer::Acked);
    assert_eq!(
        db.count("SELECT COUNT(*) FROM actions").await,
        3,
        "every acknowledged move, once"
    );
    server.stop().await;
    db.cleanup().await;
}

/// A server that stands still in the middle of a write (a paused VM, a
/// frozen process) finds its transaction's timeout long past when it wakes,
/// though the database is fine: the write is tried once more on a fresh
/// connection, and the player's move is acknowledged rather than refused.
/// (Multi-threaded: starting the binary blocks the test's thread while the
/// proxy must answer it.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_that_stood_still_mid_write_saves_the_move_when_it_wakes() {
    let db = TestDb::postgres().await;
    let proxy = PgProxy::start(db.upstream()).await;
    let binary = Binary::start_url(&db.url_via(proxy.addr), false);
    let created = binary.create_room(2, None).await;
    let mut table = Table::start_in(binary.addr, created, 2).await;
    let mut picker = Picker::new(9);
    assert_eq!(try_play(&mut table, &mut picker, "a0").await, Answer::Acked);

    // The next transaction is held just after its BEGIN, and the server is
    // paused meanwhile for longer than a transaction may take.
    proxy.set(Mode::StallAfterBegin(Duration::from_millis(500)));
    let seat = table.to_act();
    let action = picker.pick(&table.players[seat].legal);
    table.players[seat].act("a1", action).await;
    let deadline = Instant::now() + Duration::from_secs(5);
    while proxy.stalls() == 0 {
        assert!(
            Instant::now() < deadline,
            "the move's transaction never began"
        );
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    binary.signal("STOP");
    tokio::time::sleep(Duration::from_millis(2500)).await;
    binary.signal("CONT");
    assert_eq!(answer(&mut table, seat, "a1").await, Answer::Acked);
    assert_eq!(try_play(&mut table, &mut picker, "a2").await, Answer::Acked);

    let inspect = db.inspect().await;
    let logged: Vec<String> = sqlx::query_scalar("SELECT client_id FROM actions ORDER BY seq")
        .fetch_all(&inspect)
        .await
        .unwrap();
    assert_eq!(logged, ["a0", "a1", "a2"]);
    inspect.close().await;
    assert!(binary.terminate().success());
    db.cleanup().await;
}

#[tokio::test]
async fn a_corrupt_room_is_set_aside_and_the_server_still_starts() {
    let server = TestServer::start_with(false).await;
    let broken = server.create_room("osaki", 2, None).await;
    let mut table = Table::start_in(server.addr, broken, 2).await;
    let mut picker = Picker::new(5);
    for n in 0..2 {
        assert_eq!(
            try_play(&mut table, &mut picker, &format!("b{n}")).await,
            Answer::Acked
        );
    }
    let healthy = server.create_room("osaki", 2, None).await;
    let bad_seed = server.create_room("osaki", 3, None).await;
    let db_url = server.db.url.clone();
    let pool = server.db.inspect().await;
    sqlx::query("UPDATE actions SET action = 'not json{' WHERE room_id = $1 AND seq = 1")
        .bind(table.room_id.clone())
        .execute(&pool)
        .await
        .unwrap();
    sqlx::query("UPDATE rooms SET seed = 'zz' WHERE id = $1")
        .bind(bad_seed.room_id.clone())
        .execute(&pool)
        .await
        .unwrap();
    pool.close().await;
    let broken = table.room_id.clone();
    drop(table);

    let server = server.restart().await;
    assert_eq!(server.db.url, db_url);
    assert_eq!(server.get("/readyz").await.status(), 200);
    let info = server.room_info(&healthy.room_id).await;
    assert_eq!(info.id, healthy.room_id);
    for room in [&broken, &bad_seed.room_id] {
        let status = server.get(&format!("/api/rooms/{room}")).await.status();
        assert_eq!(status, 500, "a broken room answers that it is unavailable");
    }
    server.stop().await;
}

#[tokio::test]
async fn a_room_that_cannot_know_whether_it_saved_rebuilds_itself_from_its_log() {
    let (db, proxy, server) = behind_proxy().await;
    let created = server.create_room("osaki", 2, None).await;
    let mut table = Table::start_in(server.addr, created, 2).await;
    let mut picker = Picker::new(8);
    assert_eq!(try_play(&mut table, &mut picker, "a0").await, Answer::Acked);

    // The action reaches the database and commits; its answer is lost and
    // the database is unreachable before anyone can ask.
    proxy.set(Mode::CutAfterCommitThenBlackHole);
    let seat = table.to_act();
    let action = picker.pick(&table.players[seat].legal);
    table.players[seat].act("a1", action.clone()).await;
    let refused = table.players[seat]
        .client
        .expect_error(ErrorCode::Internal)
        .await;
    assert_eq!(refused.as_deref(), Some("a1"));
    assert_eq!(proxy.cuts(), 1);

    // The database returns: the room re-reads its log, finds the action
    // saved, shows everyone the game with it, and acknowledges it after all.
    proxy.set(Mode::Pass);
    let before = table.players[seat].seq;
    for player in &mut table.players {
        player.expect_snapshot().await;
        assert!(player.seq > before, "the saved action is in the game");
    }
    table.players[seat].expect_ack("a1").await;
    // A retry of the same id is acknowledged, not applied twice, and play goes on.
    table.players[seat].act("a1", action).await;
    table.players[seat].expect_ack("a1").await;
    assert_eq!(try_play(&mut table, &mut picker, "a2").await, Answer::Acked);
    let inspect = db.inspect().await;
    let logged: Vec<i64> = sqlx::query_scalar("SELECT seq FROM actions ORDER BY seq")
        .fetch_all(&inspect)
        .await
        .unwrap();
    assert_eq!(logged, vec![1, 2, 3]);
    inspect.close().await;
    server.stop().await;
    db.cleanup().await;
}
