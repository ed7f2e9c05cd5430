//! The store tools docs/operations.md describes, for real: `cubicle
//! migrate-store` between SQLite and PostgreSQL (the binary one way, the
//! library call back), the fixture databases of this release and every
//! earlier one restored by the current server, and backups taken while a
//! server plays a game (SQLite's `VACUUM INTO`, PostgreSQL's `pg_dump` and
//! `pg_restore`). Every check is room by room and viewer by viewer: the
//! room's info, and each seat's welcome and snapshot to the byte (its
//! board aside, which comes from the code: `support::rooms::without_board`).
//!
//! `CUBICLE_WRITE_FIXTURE=1 cargo test -p cubicle-server --test store_tools
//! migrate_store_copies` also keeps the database the migration test made as
//! this release's fixture (`tests/fixtures/release-<version>.db` and its
//! `.json`).

mod support;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use cubicle_server::store::copy::{migrate_store, CopyError, Kind, NOT_COPIED, TABLES};
use cubicle_server::store::Store;
use serde::{Deserialize, Serialize};
use sqlx::{AnyPool, Connection, Executor, Row};
use support::osaki::{Picker, Table};
use support::rooms::{assert_looks, look, look_all, make_rooms, Look, MadeRoom};
use support::{TestDb, TestServer, PG_DEFAULT, PG_ENV};

/// This release, as the fixture of its database is named.
const VERSION: &str = env!("CARGO_PKG_VERSION");
/// Set to write this release's fixture (see the module documentation).
const WRITE_FIXTURE_ENV: &str = "CUBICLE_WRITE_FIXTURE";

fn fixtures_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

fn sqlite_url(path: &Path) -> String {
    format!("sqlite://{}", path.display())
}

/// A server on `db` for these tests: bots act at once, and the retention
/// sweep is off, since a fixture's rooms are long expired by the time a
/// later release opens them.
async fn server_on(db: TestDb) -> TestServer {
    TestServer::start_configured(db, |config| {
        config.lobby_expiry_hours = 0;
        config.retention_days = 0;
        config.abandoned_days = 0;
    })
    .await
}

async fn server_at(url: &str) -> TestServer {
    server_on(TestDb::unmanaged(url.to_owned())).await
}

/// What a fixture's JSON file holds: the release that made the database
/// and what each of its rooms looked like then.
#[derive(Debug, Serialize, Deserialize)]
struct Recorded {
    release: String,
    rooms: Vec<Look>,
}

/// Makes every game in every state on a server over a SQLite file in
/// `dir`, looks at each room on a server started afresh on it (so every
/// game is one restored from its log, as it will be wherever it is opened
/// next), and keeps the database compacted as `release-<version>.db`.
async fn make_release_database(dir: &Path) -> (PathBuf, Recorded) {
    let live = sqlite_url(&dir.join("live.db"));
    let server = server_at(&live).await;
    let rooms = make_rooms(&server).await;
    server.stop().await;
    let server = server_at(&live).await;
    let looks = look_all(server.addr, &rooms).await;
    server.stop().await;
    let path = dir.join(format!("release-{VERSION}.db"));
    vacuum_into(&live, &path).await;
    let recorded = Recorded {
        release: VERSION.to_owned(),
        rooms: looks,
    };
    (path, recorded)
}

/// `VACUUM INTO`: a consistent, compacted copy of the SQLite database at
/// `url` written to `path`, taken through an ordinary connection, which
/// works while a server writes the database.
async fn vacuum_into(url: &str, path: &Path) {
    let pool = pool(url).await;
    let target = path.display().to_string().replace('\'', "''");
    pool.execute(format!("VACUUM INTO '{target}'").as_str())
        .await
        .expect("VACUUM INTO");
    pool.close().await;
}

async fn pool(url: &str) -> AnyPool {
    sqlx::any::install_default_drivers();
    sqlx::any::AnyPoolOptions::new()
        .max_connections(1)
        .connect(url)
        .await
        .unwrap_or_else(|e| panic!("open {url}: {e}"))
}

/// Every row of every copied table, values as text, in key order: what
/// must be the same, value for value, in a store and its copy.
async fn all_rows(url: &str) -> BTreeMap<&'static str, Vec<Vec<String>>> {
    let pool = pool(url).await;
    let mut tables = BTreeMap::new();
    for table in TABLES {
        let names: Vec<&str> = table.columns.iter().map(|c| c.name).collect();
        let sql = format!(
            "SELECT {} FROM {} ORDER BY {}",
            names.join(", "),
            table.name,
            table.order_by
        );
        let rows = sqlx::query(&sql).fetch_all(&pool).await.expect(&sql);
        let rows = rows
            .iter()
            .map(|row| {
                let cells = table.columns.iter().enumerate();
                cells
                    .map(|(i, column)| match column.kind {
                        Kind::Integer => format!("{:?}", row.get::<Option<i64>, _>(i)),
                        Kind::Text => format!("{:?}", row.get::<Option<String>, _>(i)),
                    })
                    .collect()
            })
            .collect();
        tables.insert(table.name, rows);
    }
    pool.close().await;
    tables
}

/// `cubicle migrate-store --from <from> --to <to>`, the real binary.
fn migrate_store_binary(from: &str, to: &str) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cubicle"))
        .args(["migrate-store", "--from", from, "--to", to])
        .env_remove("DATABASE_URL")
        .output()
        .expect("run cubicle migrate-store")
}

#[tokio::test]
async fn migrate_store_copies_every_room_from_sqlite_to_postgres_and_back() {
    let dir = tempfile::tempdir().unwrap();
    let (made, recorded) = make_release_database(dir.path()).await;
    if std::env::var_os(WRITE_FIXTURE_ENV).is_some() {
        write_fixture(&made, &recorded);
    }
    let source = sqlite_url(&made);
    let rows = all_rows(&source).await;
    assert_eq!(rows["rooms"].len(), recorded.rooms.len());

    // SQLite to PostgreSQL, as an operator runs it.
    let postgres = TestDb::postgres().await;
    let output = migrate_store_binary(&source, &postgres.url);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "migrate-store failed: {stdout}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let expected = format!(
        "copied {} rooms, {} seats, {} actions",
        rows["rooms"].len(),
        rows["seats"].len(),
        rows["actions"].len()
    );
    assert!(stdout.contains(&expected), "{stdout:?} says {expected:?}");
    assert_eq!(all_rows(&postgres.url).await, rows, "sqlite → postgres");
    let server = server_at(&postgres.url).await;
    assert_looks(server.addr, &recorded.rooms, "sqlite → postgres").await;
    server.stop().await;

    // And back to a new SQLite file, through the library.
    let back = sqlite_url(&dir.path().join("back.db"));
    let summary = migrate_store(&postgres.url, &back).await.unwrap();
    for (table, table_rows) in &rows {
        assert_eq!(summary.rows(table), table_rows.len() as u64, "{table}");
    }
    assert_eq!(all_rows(&back).await, rows, "postgres → sqlite");
    let server = server_at(&back).await;
    assert_looks(server.addr, &recorded.rooms, "postgres → sqlite").await;
    server.stop().await;
    postgres.cleanup().await;
}

#[tokio::test]
async fn migrate_store_refuses_a_target_that_holds_rooms() {
    let source = TestDb::sqlite();
    let server = server_on(source).await;
    server.create_room("osaki", 2, None).await;
    let source = server_stop(server).await;
    let target = TestDb::postgres().await;
    let server = server_at(&target.url).await;
    let theirs = server.create_room("office21", 2, None).await.room_id;
    server.stop().await;

    match migrate_store(&source.url, &target.url).await {
        Err(CopyError::TargetNotEmpty { table, rows }) => assert_eq!((table, rows), ("rooms", 1)),
        other => panic!("expected a refusal, got {other:?}"),
    }
    let output = migrate_store_binary(&source.url, &target.url);
    assert!(!output.status.success(), "the binary refuses too");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("already holds 1 row(s) in `rooms`"),
        "a clear message: {stderr}"
    );
    let ids: Vec<String> = sqlx::query_scalar("SELECT id FROM rooms")
        .fetch_all(&target.inspect().await)
        .await
        .unwrap();
    assert_eq!(ids, [theirs], "nothing was copied next to the room there");
    target.cleanup().await;
}

/// Stops `server` and hands back its database, which outlives it.
async fn server_stop(mut server: TestServer) -> TestDb {
    let db = std::mem::replace(&mut server.db, TestDb::unmanaged(String::new()));
    server.stop().await;
    db
}

/// Keeps the database the migration test made, and what its rooms looked
/// like, as this release's fixture. Written beside and renamed, so that a
/// test reading the fixtures never sees half a file.
fn write_fixture(db: &Path, recorded: &Recorded) {
    let dir = fixtures_dir();
    std::fs::create_dir_all(&dir).unwrap();
    let name = format!("release-{VERSION}");
    let part = |extension: &str| dir.join(format!("{name}.{extension}.part"));
    std::fs::copy(db, part("db")).unwrap();
    let json = serde_json::to_string_pretty(recorded).unwrap() + "\n";
    std::fs::write(part("json"), json).unwrap();
    for extension in ["db", "json"] {
        std::fs::rename(part(extension), dir.join(format!("{name}.{extension}"))).unwrap();
    }
}

/// Every `release-*.db` in the fixtures folder, in name order.
fn release_fixtures() -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(fixtures_dir())
        .expect("tests/fixtures holds the release fixtures")
        .map(|entry| entry.unwrap().path())
        .filter(|path| {
            let name = path.file_name().unwrap().to_string_lossy();
            name.starts_with("release-") && name.ends_with(".db")
        })
        .collect();
    found.sort();
    found
}

#[tokio::test]
async fn every_release_fixture_is_migrated_and_restored() {
    let fixtures = release_fixtures();
    let this_release = fixtures_dir().join(format!("release-{VERSION}.db"));
    assert!(
        fixtures.contains(&this_release),
        "no fixture of this release ({VERSION}) in tests/fixtures: make it with \
         {WRITE_FIXTURE_ENV}=1 cargo test -p cubicle-server --test store_tools migrate_store_copies \
         (docs/operations.md, Upgrades)"
    );
    for fixture in fixtures {
        let recorded: Recorded = serde_json::from_str(
            &std::fs::read_to_string(fixture.with_extension("json"))
                .unwrap_or_else(|e| panic!("{}'s JSON: {e}", fixture.display())),
        )
        .unwrap();
        // The server migrates the database it opens: a copy, never the
        // repository's file.
        let dir = tempfile::tempdir().unwrap();
        let copy = dir.path().join("cubicle.db");
        std::fs::copy(&fixture, &copy).unwrap();
        let url = sqlite_url(&copy);
        let server = server_at(&url).await;
        let what = format!("release {}", recorded.release);
        let inspect = pool(&url).await;
        let mut ids: Vec<String> = sqlx::query_scalar("SELECT id FROM rooms")
            .fetch_all(&inspect)
            .await
            .unwrap();
        inspect.close().await;
        let mut expected: Vec<String> = recorded.rooms.iter().map(|r| r.room.id.clone()).collect();
        ids.sort();
        expected.sort();
        assert_eq!(ids, expected, "{what}: every room, and no other");
        assert_looks(server.addr, &recorded.rooms, &what).await;
        // Its finished games were dealt before players contributed to the
        // seed: their records still verify, saying so (docs/fairness.md).
        for old in recorded
            .rooms
            .iter()
            .filter(|r| r.info["status"] == "finished")
        {
            let response = server
                .get(&format!("/api/rooms/{}/record", old.room.id))
                .await;
            assert_eq!(response.status(), 200, "{what}: {}", old.room.label);
            let record: cubicle_protocol::record::GameRecord = response.json().await.unwrap();
            assert_eq!(record.contributions, None, "{what}: {}", old.room.label);
            let verified = cubicle_server::fairness::verify(&record)
                .unwrap_or_else(|e| panic!("{what}: {}: {e}", old.room.label));
            assert!(!verified.contributed);
        }
        server.stop().await;
    }
}

/// A game of three people on `server`, everyone still connected, after a
/// few moves; and the room, to look at.
async fn game_in_progress(server: &TestServer) -> (Table, MadeRoom) {
    let mut table = Table::start(server, 3, None).await;
    let mut picker = Picker::new(11);
    for _ in 0..5 {
        table.play(&mut |legal| picker.pick(legal)).await;
    }
    let room = MadeRoom {
        label: "osaki being played".into(),
        id: table.room_id.clone(),
        tokens: table.players.iter().map(|p| p.token.clone()).collect(),
    };
    (table, room)
}

/// One more move on the live server after the backup: the game goes on
/// there, and the backup, taken before it, must not show it.
async fn play_on(server: &TestServer, table: &mut Table, room: &MadeRoom, before: &Look) {
    let mut picker = Picker::new(12);
    table.play(&mut |legal| picker.pick(legal)).await;
    assert_ne!(
        look(server.addr, room).await.viewers,
        before.viewers,
        "the live game moved on"
    );
}

#[tokio::test]
async fn a_sqlite_backup_taken_while_a_game_is_played_restores_every_room() {
    let dir = tempfile::tempdir().unwrap();
    let live = TestDb::sqlite();
    let live_url = live.url.clone();
    let server = server_on(live).await;
    let mut rooms = make_rooms(&server).await;
    let (mut table, playing) = game_in_progress(&server).await;
    rooms.push(playing.clone());
    let before = look_all(server.addr, &rooms).await;

    let backup = dir.path().join("backup.db");
    vacuum_into(&live_url, &backup).await;
    play_on(&server, &mut table, &playing, before.last().unwrap()).await;

    let restored = server_at(&sqlite_url(&backup)).await;
    assert_looks(restored.addr, &before, "the SQLite backup").await;
    restored.stop().await;
    server.stop().await;
}

/// A PostgreSQL database of its own (not a schema: `pg_dump` and
/// `pg_restore` work on whole databases), on the server the tests use.
struct FreshDatabase {
    admin: String,
    name: String,
    url: String,
}

impl FreshDatabase {
    async fn create() -> FreshDatabase {
        sqlx::any::install_default_drivers();
        let admin = std::env::var(PG_ENV)
            .ok()
            .filter(|b| !b.is_empty())
            .unwrap_or_else(|| PG_DEFAULT.to_owned());
        let name = format!("cubicle_dump_{}", &cubicle_server::ids::new_room_id()[..16]);
        let mut conn = sqlx::AnyConnection::connect(&admin)
            .await
            .unwrap_or_else(|e| {
                panic!("this test needs PostgreSQL at {admin} ({e}); set {PG_ENV}")
            });
        conn.execute(format!("CREATE DATABASE {name}").as_str())
            .await
            .expect("create a database");
        conn.close().await.ok();
        let url = with_database(&admin, &name);
        FreshDatabase { admin, name, url }
    }
}

/// Dropped even when the test fails half-way, so that no database is left
/// on the shared server: on a thread of its own, since `drop` cannot wait
/// on the test's runtime.
impl Drop for FreshDatabase {
    fn drop(&mut self) {
        let admin = self.admin.clone();
        let statement = format!("DROP DATABASE IF EXISTS {} WITH (FORCE)", self.name);
        let dropped = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .unwrap();
            runtime.block_on(async {
                let mut conn = sqlx::AnyConnection::connect(&admin).await?;
                conn.execute(statement.as_str()).await.map(drop)
            })
        })
        .join();
        if !matches!(dropped, Ok(Ok(()))) {
            eprintln!("could not drop the test database {}", self.name);
        }
    }
}

/// `url` naming the database `name` instead of its own.
fn with_database(url: &str, name: &str) -> String {
    let (scheme, rest) = url.split_once("://").expect("a URL");
    let (authority, rest) = rest.split_once('/').unwrap_or((rest, ""));
    let query = rest.find('?').map_or("", |i| &rest[i..]);
    format!("{scheme}://{authority}/{name}{query}")
}

/// Runs a PostgreSQL client tool, which must be installed: a backup test
/// that cannot run its tool fails, it never skips.
fn pg_tool(tool: &str, args: &[&str]) {
    let output = Command::new(tool).args(args).output().unwrap_or_else(|e| {
        panic!("this test needs {tool} (the PostgreSQL client tools: apt-get install postgresql-client): {e}")
    });
    assert!(
        output.status.success(),
        "{tool} {args:?} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
}

#[tokio::test]
async fn a_postgres_dump_taken_while_a_game_is_played_restores_every_room() {
    let live = FreshDatabase::create().await;
    let server = server_at(&live.url).await;
    let mut rooms = make_rooms(&server).await;
    let (mut table, playing) = game_in_progress(&server).await;
    rooms.push(playing.clone());
    let before = look_all(server.addr, &rooms).await;

    let dir = tempfile::tempdir().unwrap();
    let dump = dir.path().join("cubicle.dump");
    let dump = dump.to_str().unwrap();
    pg_tool("pg_dump", &["-Fc", "-f", dump, "-d", &live.url]);
    play_on(&server, &mut table, &playing, before.last().unwrap()).await;

    let restored_db = FreshDatabase::create().await;
    pg_tool("pg_restore", &["--no-owner", "-d", &restored_db.url, dump]);
    let restored = server_at(&restored_db.url).await;
    assert_looks(restored.addr, &before, "the PostgreSQL dump").await;
    restored.stop().await;
    server.stop().await;
}

/// The columns of every table in the schema a store's migrations made,
/// each with its declared type.
type Schema = BTreeMap<String, BTreeMap<String, String>>;

fn kind_of(declared: &str) -> Kind {
    match declared.to_ascii_lowercase().as_str() {
        "integer" | "bigint" => Kind::Integer,
        "text" => Kind::Text,
        other => panic!("a column type migrate-store does not know: {other}"),
    }
}

async fn sqlite_schema(url: &str) -> Schema {
    let pool = pool(url).await;
    let tables: Vec<String> = sqlx::query_scalar(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    let mut schema = Schema::new();
    for table in tables {
        let columns: Vec<(String, String)> =
            sqlx::query_as("SELECT name, type FROM pragma_table_info($1)")
                .bind(table.clone())
                .fetch_all(&pool)
                .await
                .unwrap();
        schema.insert(table, columns.into_iter().collect());
    }
    pool.close().await;
    schema
}

async fn postgres_schema(url: &str) -> Schema {
    let pool = pool(url).await;
    let columns: Vec<(String, String, String)> = sqlx::query_as(
        "SELECT table_name::text, column_name::text, data_type::text \
         FROM information_schema.columns WHERE table_schema = current_schema()",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    let mut schema = Schema::new();
    for (table, column, declared) in columns {
        schema.entry(table).or_default().insert(column, declared);
    }
    pool.close().await;
    schema
}

/// A migration that adds a table or a column fails this test until
/// `store::copy` copies it, or says why it stays behind.
#[tokio::test]
async fn every_table_of_both_schemas_is_copied_or_named_as_left_behind() {
    let listed: BTreeMap<String, Option<BTreeMap<String, Kind>>> = TABLES
        .iter()
        .map(|t| {
            let columns = t.columns.iter().map(|c| (c.name.to_owned(), c.kind));
            (t.name.to_owned(), Some(columns.collect()))
        })
        .chain(
            NOT_COPIED
                .iter()
                .map(|(name, _)| ((*name).to_owned(), None)),
        )
        .collect();
    let sqlite = TestDb::sqlite();
    let postgres = TestDb::postgres().await;
    for db in [&sqlite, &postgres] {
        let (store, writer) = Store::open(&db.url).await.unwrap();
        store.close(writer).await;
        let schema = if db.is_postgres() {
            postgres_schema(&db.url).await
        } else {
            sqlite_schema(&db.url).await
        };
        let names: Vec<&String> = schema.keys().collect();
        assert_eq!(names, listed.keys().collect::<Vec<_>>(), "{}", db.url);
        for (table, columns) in &schema {
            if let Some(Some(copied)) = listed.get(table) {
                let kinds: BTreeMap<String, Kind> = columns
                    .iter()
                    .map(|(name, declared)| (name.clone(), kind_of(declared)))
                    .collect();
                assert_eq!(&kinds, copied, "{table}'s columns in {}", db.url);
            }
        }
    }
    postgres.cleanup().await;
}
