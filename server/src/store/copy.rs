//! `cubicle migrate-store`: copies a whole store, every room with its seats
//! and its action log, from one database to another: SQLite to PostgreSQL
//! (the usual move, when a server outgrows its file), and as well
//! PostgreSQL to SQLite or SQLite to SQLite, since the copy does not care.
//!
//! Both databases are opened the way the server opens them, so both get
//! every migration first: an old source is brought to this binary's schema,
//! and the target gets that schema. The target must hold no room, because
//! copying into a store in use would mix two servers' rooms. The source
//! must not be in use by a running server (stop it, or copy from a backup):
//! a row written during the copy could be missed, and the count check at
//! the end would then fail.
//!
//! One list, [`TABLES`], names every copied table with its columns and
//! their types; the copy itself is generic. Every value is copied as it is
//! (room ids, sequence numbers, timestamps, statuses, seeds, token hashes),
//! so a room replays on the target exactly as it did on the source. Each
//! batch of rows is one transaction on the target.

use std::fmt;

use futures_util::TryStreamExt;
use sqlx::any::AnyRow;
use sqlx::{AnyPool, Row};

use super::{connect, insert_sql, StoreError};

/// Rows per transaction (and per INSERT statement) on the target. With the
/// widest table's 16 columns that is 8,000 bound values, well below
/// SQLite's limit of 32,766 and PostgreSQL's of 65,535 per statement.
pub const BATCH_ROWS: usize = 500;

/// How a column's values travel between the two databases. Integers are
/// SQLite's INTEGER and PostgreSQL's BIGINT or INTEGER (`seats.human`):
/// read and bound as `i64`, which PostgreSQL narrows on insert. Text is
/// TEXT on both, JSON included. Either may be NULL where the schema allows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Integer,
    Text,
}

/// A column of a copied table.
#[derive(Debug, Clone, Copy)]
pub struct Column {
    pub name: &'static str,
    pub kind: Kind,
}

const fn integer(name: &'static str) -> Column {
    Column {
        name,
        kind: Kind::Integer,
    }
}

const fn text(name: &'static str) -> Column {
    Column {
        name,
        kind: Kind::Text,
    }
}

/// A copied table: its columns, and the order (its primary key) rows are
/// read in, so that a copy is the same every time.
#[derive(Debug)]
pub struct Table {
    pub name: &'static str,
    pub order_by: &'static str,
    pub columns: &'static [Column],
}

/// Every table that holds rooms, in an order that respects the foreign
/// keys (rooms before their seats and actions). A migration that adds a
/// table or a column must add it here or to [`NOT_COPIED`]; the store
/// tools' test compares this list with the schema of both databases.
pub const TABLES: &[Table] = &[
    Table {
        name: "rooms",
        order_by: "id",
        columns: &[
            text("id"),
            text("game"),
            integer("seat_count"),
            text("options"),
            text("seed"),
            text("host_token_hash"),
            text("status"),
            integer("created_at"),
            integer("started_at"),
            integer("finished_at"),
            text("setup"),
            text("outcome"),
            text("contributions"),
            text("code"),
            integer("game_number"),
            integer("opened_at"),
        ],
    },
    Table {
        name: "seats",
        order_by: "room_id, seat",
        columns: &[
            text("room_id"),
            integer("seat"),
            text("token_hash"),
            text("name"),
            text("answers"),
            text("bot"),
            integer("human"),
            text("contribution"),
            integer("pending"),
        ],
    },
    Table {
        name: "actions",
        order_by: "room_id, seq",
        columns: &[
            text("room_id"),
            integer("seq"),
            integer("seat"),
            text("client_id"),
            text("action"),
            integer("created_at"),
            text("origin"),
        ],
    },
    Table {
        name: "past_games",
        order_by: "room_id, number",
        columns: &[
            text("room_id"),
            integer("number"),
            integer("started_at"),
            integer("finished_at"),
            text("players"),
            text("outcome"),
            text("record"),
        ],
    },
    Table {
        name: "chat_lines",
        order_by: "room_id, id",
        columns: &[
            text("room_id"),
            integer("id"),
            integer("at_ms"),
            integer("seat"),
            text("name"),
            integer("spectator"),
            text("text"),
        ],
    },
];

/// The schema's other tables, and why their rows stay behind.
pub const NOT_COPIED: &[(&str, &str)] = &[
    (
        "store_writers",
        "each server's writer numbers its own transactions there, to look up a commit whose \
         answer was lost; a server on the target registers its own row",
    ),
    (
        "room_leases",
        "which node serves each room while several share a database (docs/scaling.md): a lease \
         lasts seconds, and the copy is made with every server stopped, so the target's rooms \
         start free",
    ),
    (
        "_sqlx_migrations",
        "the migrations applied to each database, which this binary applies to the target itself",
    ),
];

#[derive(Debug, thiserror::Error)]
pub enum CopyError {
    #[error("cannot open the source database")]
    OpenSource(#[source] StoreError),
    #[error("cannot open the target database")]
    OpenTarget(#[source] StoreError),
    #[error(
        "the target database already holds {rows} row(s) in `{table}`: \
         migrate-store copies only into a store without rooms (a new, empty database)"
    )]
    TargetNotEmpty { table: &'static str, rows: u64 },
    #[error("cannot read `{table}` from the source database")]
    Read {
        table: &'static str,
        #[source]
        error: sqlx::Error,
    },
    #[error("cannot write `{table}` to the target database (rows already copied stay there: empty the target before trying again)")]
    Write {
        table: &'static str,
        #[source]
        error: sqlx::Error,
    },
    #[error(
        "`{table}` has {source_rows} row(s) in the source and {target_rows} in the target \
         after copying {copied}: was a server still using either database?"
    )]
    CountMismatch {
        table: &'static str,
        source_rows: u64,
        target_rows: u64,
        copied: u64,
    },
}

/// What a copy did: rows per table, in the order of [`TABLES`], each
/// checked against both databases' counts.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Summary {
    pub tables: Vec<(&'static str, u64)>,
}

impl Summary {
    /// Rows copied into `table` (0 for a table not copied).
    pub fn rows(&self, table: &str) -> u64 {
        self.tables
            .iter()
            .find(|(name, _)| *name == table)
            .map_or(0, |(_, rows)| *rows)
    }
}

impl fmt::Display for Summary {
    /// "12 rooms, 31 seats, 845 actions".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (table, rows)) in self.tables.iter().enumerate() {
            let separator = if i == 0 { "" } else { ", " };
            write!(f, "{separator}{rows} {table}")?;
        }
        Ok(())
    }
}

/// Copies every row of [`TABLES`] from the store at `from` to the empty
/// store at `to` (both URLs as `--database-url` takes them), after applying
/// the migrations to both, and checks the row counts.
pub async fn migrate_store(from: &str, to: &str) -> Result<Summary, CopyError> {
    let (source, _, _) = connect(from).await.map_err(CopyError::OpenSource)?;
    let target = match connect(to).await {
        Ok((target, _, _)) => target,
        Err(e) => {
            source.close().await;
            return Err(CopyError::OpenTarget(e));
        }
    };
    let result = copy_all(&source, &target).await;
    // Closing lets SQLite fold its write-ahead log into the file.
    source.close().await;
    target.close().await;
    result
}

async fn copy_all(source: &AnyPool, target: &AnyPool) -> Result<Summary, CopyError> {
    refuse_unless_empty(target).await?;
    let mut summary = Summary::default();
    for table in TABLES {
        let copied = copy_table(table, source, target).await?;
        tracing::info!(table = table.name, rows = copied, "copied");
        summary.tables.push((table.name, copied));
    }
    for &(table, copied) in &summary.tables {
        check_counts(table, copied, source, target).await?;
    }
    Ok(summary)
}

/// Refuses a target with any row in a copied table.
async fn refuse_unless_empty(target: &AnyPool) -> Result<(), CopyError> {
    for table in TABLES {
        let rows = count(table.name, target)
            .await
            .map_err(|error| CopyError::Read {
                table: table.name,
                error,
            })?;
        if rows > 0 {
            return Err(CopyError::TargetNotEmpty {
                table: table.name,
                rows,
            });
        }
    }
    Ok(())
}

async fn count(table: &str, pool: &AnyPool) -> Result<u64, sqlx::Error> {
    let rows: i64 = sqlx::query_scalar(&format!("SELECT COUNT(*) FROM {table}"))
        .fetch_one(pool)
        .await?;
    // COUNT(*) is never negative.
    Ok(rows.unsigned_abs())
}

async fn check_counts(
    table: &'static str,
    copied: u64,
    source: &AnyPool,
    target: &AnyPool,
) -> Result<(), CopyError> {
    let source_rows = count(table, source)
        .await
        .map_err(|error| CopyError::Read { table, error })?;
    let target_rows = count(table, target)
        .await
        .map_err(|error| CopyError::Write { table, error })?;
    if source_rows == copied && target_rows == copied {
        return Ok(());
    }
    Err(CopyError::CountMismatch {
        table,
        source_rows,
        target_rows,
        copied,
    })
}

/// One value of a row, as read from the source and bound for the target.
enum Cell {
    Integer(Option<i64>),
    Text(Option<String>),
}

/// Streams the source's rows of `table` into the target, a batch per
/// transaction; returns how many rows the target took.
async fn copy_table(table: &Table, source: &AnyPool, target: &AnyPool) -> Result<u64, CopyError> {
    let read_error = |error| CopyError::Read {
        table: table.name,
        error,
    };
    let select = table.select_sql();
    let mut rows = sqlx::query(&select).fetch(source);
    let mut batch = Vec::with_capacity(BATCH_ROWS);
    let mut copied = 0;
    while let Some(row) = rows.try_next().await.map_err(read_error)? {
        batch.push(table.read(&row).map_err(read_error)?);
        if batch.len() == BATCH_ROWS {
            copied += insert(table, std::mem::take(&mut batch), target).await?;
        }
    }
    if !batch.is_empty() {
        copied += insert(table, batch, target).await?;
    }
    Ok(copied)
}

/// Inserts `rows` of `table` in one transaction; returns how many went in.
async fn insert(table: &Table, rows: Vec<Vec<Cell>>, target: &AnyPool) -> Result<u64, CopyError> {
    let write_error = |error| CopyError::Write {
        table: table.name,
        error,
    };
    let sql = table.insert_sql(rows.len());
    let mut query = sqlx::query(&sql);
    for cell in rows.into_iter().flatten() {
        query = match cell {
            Cell::Integer(value) => query.bind(value),
            Cell::Text(value) => query.bind(value),
        };
    }
    let mut transaction = target.begin().await.map_err(write_error)?;
    let done = query
        .execute(&mut *transaction)
        .await
        .map_err(write_error)?;
    transaction.commit().await.map_err(write_error)?;
    Ok(done.rows_affected())
}

impl Table {
    fn column_list(&self) -> String {
        let names: Vec<&str> = self.columns.iter().map(|c| c.name).collect();
        names.join(", ")
    }

    fn select_sql(&self) -> String {
        format!(
            "SELECT {} FROM {} ORDER BY {}",
            self.column_list(),
            self.name,
            self.order_by
        )
    }

    /// `INSERT INTO t (a, b) VALUES ($1, $2), ($3, $4), ...` for `rows` rows.
    fn insert_sql(&self, rows: usize) -> String {
        let names: Vec<&str> = self.columns.iter().map(|c| c.name).collect();
        insert_sql(self.name, &names, rows)
    }

    /// A source row's values, column by column as [`Table::select_sql`]
    /// lists them.
    fn read(&self, row: &AnyRow) -> Result<Vec<Cell>, sqlx::Error> {
        self.columns
            .iter()
            .enumerate()
            .map(|(i, column)| {
                Ok(match column.kind {
                    Kind::Integer => Cell::Integer(row.try_get(i)?),
                    Kind::Text => Cell::Text(row.try_get(i)?),
                })
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inserts_number_their_parameters_row_after_row() {
        let table = &TABLES[1];
        assert_eq!(
            table.insert_sql(2),
            "INSERT INTO seats (room_id, seat, token_hash, name, answers, bot, human, contribution, pending) VALUES \
             ($1, $2, $3, $4, $5, $6, $7, $8, $9), ($10, $11, $12, $13, $14, $15, $16, $17, $18)"
        );
    }

    #[test]
    fn a_batch_stays_within_both_databases_parameter_limits() {
        // SQLite's default SQLITE_MAX_VARIABLE_NUMBER; PostgreSQL's is larger.
        const SQLITE_MAX_PARAMETERS: usize = 32_766;
        for table in TABLES {
            assert!(
                BATCH_ROWS * table.columns.len() <= SQLITE_MAX_PARAMETERS,
                "{}",
                table.name
            );
        }
    }

    #[test]
    fn the_summary_reads_as_counts_by_table() {
        let summary = Summary {
            tables: vec![("rooms", 2), ("seats", 5), ("actions", 40)],
        };
        assert_eq!(summary.to_string(), "2 rooms, 5 seats, 40 actions");
        assert_eq!(summary.rows("seats"), 5);
        assert_eq!(summary.rows("store_writers"), 0);
    }

    /// Copies `rooms` rooms, each with a seat and an action, from one
    /// SQLite file to another.
    async fn sqlite_copy(rooms: usize) -> Result<Summary, CopyError> {
        let dir = tempfile::tempdir().unwrap();
        let from = format!("sqlite://{}", dir.path().join("from.db").display());
        let to = format!("sqlite://{}", dir.path().join("to.db").display());
        let (pool, _, _) = connect(&from).await.unwrap();
        for i in 0..rooms {
            let id = format!("{i:032x}");
            sqlx::query(
                "INSERT INTO rooms (id, game, seat_count, options, seed, host_token_hash, status, created_at) \
                 VALUES ($1, 'osaki', 2, 'null', 'seed', 'host', 'playing', $2)",
            )
            .bind(id.clone())
            .bind(i as i64)
            .execute(&pool)
            .await
            .unwrap();
            sqlx::query(
                "INSERT INTO seats (room_id, seat, token_hash, name, bot, human) VALUES ($1, 0, 'h', 'Aki', 'easy', 0)",
            )
            .bind(id.clone())
            .execute(&pool)
            .await
            .unwrap();
            sqlx::query(
                "INSERT INTO actions (room_id, seq, seat, client_id, action, created_at) VALUES ($1, 1, 0, 'c', '{}', 5)",
            )
            .bind(id)
            .execute(&pool)
            .await
            .unwrap();
        }
        pool.close().await;
        migrate_store(&from, &to).await
    }

    #[tokio::test]
    async fn rows_beyond_one_batch_are_all_copied() {
        let rooms = BATCH_ROWS * 2 + 7;
        let summary = sqlite_copy(rooms).await.unwrap();
        let n = rooms as u64;
        assert_eq!(
            summary.tables,
            [
                ("rooms", n),
                ("seats", n),
                ("actions", n),
                ("past_games", 0),
                ("chat_lines", 0)
            ]
        );
    }
}
