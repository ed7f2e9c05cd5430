//! The bench suite's store baseline (issue 11): one action-sized row per
//! transaction into SQLite, durably, as fast as one writer can, for a fixed
//! time. The server's durable actions/s at 100 rooms is compared with this.
//!
//! The database is set up as the server's store sets up its own
//! (`SQLITE_PRAGMAS` in `server/src/store.rs`: WAL, `synchronous = FULL`), and
//! the table has the columns, primary key and unique key of the server's
//! `actions` table (`migrations/sqlite`), without its foreign key to `rooms`.
//! Each row is one `INSERT` in its own transaction (autocommit), awaited
//! before the next: what a store that commits every action alone would do.
//!
//! ```text
//! cargo build --release -p cubicle-server --examples
//! ./target/release/examples/sqlite_baseline --dir target/bench/tmp --duration 10 --json
//! ```

use std::str::FromStr;
use std::time::{Duration, Instant};

use clap::Parser;
use serde_json::json;
use sqlx::sqlite::SqliteConnectOptions;
use sqlx::{ConnectOptions, Connection, Executor};

/// As `server/src/store.rs`'s `SQLITE_PRAGMAS`.
const SQLITE_PRAGMAS: &[&str] = &[
    "PRAGMA journal_mode = WAL",
    "PRAGMA synchronous = FULL",
    "PRAGMA busy_timeout = 5000",
    "PRAGMA foreign_keys = ON",
];

#[derive(Parser)]
struct Args {
    /// Directory for the database file (put it on the disk the server's
    /// database is on); the file is removed at the end.
    #[arg(long, default_value = ".")]
    dir: std::path::PathBuf,
    /// Seconds to insert for.
    #[arg(long, default_value_t = 10)]
    duration: u64,
    /// Print one JSON object on stdout.
    #[arg(long)]
    json: bool,
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    std::fs::create_dir_all(&args.dir)?;
    let path = args
        .dir
        .join(format!("sqlite-baseline-{}.db", std::process::id()));
    let url = format!("sqlite://{}", path.display());
    let mut conn = SqliteConnectOptions::from_str(&url)?
        .create_if_missing(true)
        .connect()
        .await?;
    for pragma in SQLITE_PRAGMAS {
        conn.execute(*pragma).await?;
    }
    conn.execute(
        "CREATE TABLE actions (
            room_id    TEXT    NOT NULL,
            seq        INTEGER NOT NULL,
            seat       INTEGER NOT NULL,
            client_id  TEXT    NOT NULL,
            action     TEXT    NOT NULL,
            created_at INTEGER NOT NULL,
            origin     TEXT    NOT NULL DEFAULT 'player',
            PRIMARY KEY (room_id, seq),
            UNIQUE (room_id, seat, client_id)
        )",
    )
    .await?;

    // 100 rooms in turn, like the load tool's run it is compared with; an
    // Osaki stacking move, the larger of its two kinds of action.
    let rooms: Vec<String> = (0..100).map(|r| format!("bench{r:05}")).collect();
    let action = r#"{"type":"stack","from":3,"owner":2,"onto":1}"#;
    let started = Instant::now();
    let end = started + Duration::from_secs(args.duration);
    let mut rows = 0u64;
    while Instant::now() < end {
        let room = &rooms[(rows % 100) as usize];
        let seq = rows / 100 + 1;
        sqlx::query(
            "INSERT INTO actions (room_id, seq, seat, client_id, action, created_at, origin) VALUES ($1, $2, $3, $4, $5, $6, 'player')",
        )
        .bind(room)
        .bind(seq as i64)
        .bind((seq % 4) as i64)
        .bind(format!("a{seq}"))
        .bind(action)
        .bind(started.elapsed().as_millis() as i64)
        .execute(&mut conn)
        .await?;
        rows += 1;
    }
    let secs = started.elapsed().as_secs_f64();
    conn.close().await?;
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
    let load = std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<f64>().ok());
    eprintln!(
        "SQLite, one row per transaction (WAL, synchronous=FULL): {rows} rows in {secs:.2} s = {:.0} rows/s",
        rows as f64 / secs
    );
    if args.json {
        println!(
            "{}",
            json!({
                "mode": "sqlite_baseline",
                "rows": rows,
                "elapsed_s": secs,
                "rows_per_s": rows as f64 / secs,
                "load_average": load,
            })
        );
    }
    Ok(())
}
