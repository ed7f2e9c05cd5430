//! The store: rooms, seats and each game's numbered action log, in SQLite
//! (the default) or PostgreSQL, through sqlx's `Any` driver so that one set
//! of queries serves both.
//!
//! Reads go straight to the pool. Writes go through one writer task
//! (`store/writer.rs`) that takes whatever requests are queued, from every
//! room, and commits them in one transaction: many actions, one fsync. A
//! request is answered only after its transaction committed, which is what
//! lets a room send an action's consequences only once it is durable; a
//! failed request is answered with what is true (not committed, or, rarely,
//! not known: see [`StoreError::OutcomeUnknown`]).

pub mod copy;
mod lease;
mod writer;

use std::path::Path;
use std::str::FromStr;
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use cubicle_games::answers::Answers;
use cubicle_games::chance::Seed;
use cubicle_games::PlayerProfile;
use cubicle_protocol::record::{GameRecord, PastGame};
use cubicle_protocol::{BotLevel, ChatLine, Outcome, RoomStatus, Seat, CHAT_HISTORY};
use serde_json::Value;
use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::migrate::Migrator;
use sqlx::{AnyConnection, AnyPool, Executor, Row};
use tokio::sync::{mpsc, oneshot};
use tokio::task::JoinHandle;

use crate::ids::TokenHash;
pub use lease::{Claim, Fence, Renewed};
use writer::{Health, Request, Writer, WriterMsg};

static SQLITE_MIGRATIONS: Migrator = sqlx::migrate!("../migrations/sqlite");
static POSTGRES_MIGRATIONS: Migrator = sqlx::migrate!("../migrations/postgres");

/// Write requests that may wait for the writer before rooms wait to queue.
const WRITE_QUEUE: usize = 1024;

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("database error: {0}")]
    Database(#[from] sqlx::Error),
    #[error("database migration failed: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    #[error("unsupported database URL {0:?}: use sqlite://path/to/file.db or postgres://...")]
    UnsupportedUrl(String),
    #[error("cannot create the database directory {path}: {source}")]
    CreateDir {
        path: String,
        source: std::io::Error,
    },
    #[error("the store is shut down")]
    Closed,
    /// The database refused this write (a constraint); nothing changed.
    #[error("the database refused the write: {0}")]
    Refused(String),
    /// Nothing was committed: the database cannot be written now (disk
    /// full, unreachable, or a fault a moment ago).
    #[error("the store cannot write now: {0}")]
    Unavailable(String),
    /// The commit was sent but its answer was lost, and the database could
    /// not be asked since: the write may or may not be saved.
    #[error("cannot tell whether the write was saved: {0}")]
    OutcomeUnknown(String),
    #[error("room {room} has a corrupt record: {detail}")]
    Corrupt { room: String, detail: String },
    /// Another node holds room `room` now: this node's lease on it ended
    /// and was claimed. Nothing was written.
    #[error("room {room} is held by another node now")]
    Fenced { room: String },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

impl Backend {
    /// What every connection to this backend is set up with when it opens.
    fn session_settings(self) -> &'static [&'static str] {
        match self {
            Backend::Sqlite => SQLITE_PRAGMAS,
            Backend::Postgres => POSTGRES_SETTINGS,
        }
    }
}

/// A room as stored, with its seats and its whole action log. No `Debug`:
/// it holds the seed.
#[derive(Clone)]
pub struct RoomRecord {
    pub id: String,
    pub game: String,
    pub seat_count: usize,
    pub options: Value,
    pub seed: Seed,
    pub host_token_hash: TokenHash,
    pub status: RoomStatus,
    /// The profiles the game started with (once started).
    pub setup: Option<Vec<PlayerProfile>>,
    pub outcome: Option<Outcome>,
    /// When the game started (Unix epoch ms), once started.
    pub started_at: Option<u64>,
    /// When the game ended (Unix epoch ms), once the store heard it.
    pub finished_at: Option<u64>,
    /// Each seat's contribution to the game's seed, by seat, as the game
    /// started with them; `None` before the start, and for games started
    /// before contributions existed (dealt from `seed` alone).
    pub contributions: Option<Vec<String>>,
    /// The room's short code, canonical form; `None` for rooms created
    /// before codes existed.
    pub code: Option<String>,
    /// The number of the room's current game, from 1.
    pub game_number: u32,
    /// The room's earlier games, oldest first (the current one is not
    /// among them, finished or not).
    pub past: Vec<PastGame>,
    /// The room's latest chat lines (up to [`CHAT_HISTORY`]), oldest first.
    pub chat: Vec<ChatLine>,
    pub seats: Vec<SeatRecord>,
    /// In order of `seq`, from 1.
    pub actions: Vec<ActionRecord>,
}

#[derive(Debug, Clone)]
pub struct SeatRecord {
    pub seat: Seat,
    pub token_hash: TokenHash,
    pub name: String,
    /// Checked answers to the game's join questions.
    pub answers: Answers,
    pub player: SeatPlayer,
    /// The player's share of the game's seed (hex; empty for a bot).
    pub contribution: String,
    /// The person has not yet accepted the room's next game.
    pub pending: bool,
}

/// Who plays a seat: a person (with a bot standing in while they are
/// away), or a bot in a seat of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SeatPlayer {
    /// `false` for a bot's own seat.
    pub human: bool,
    /// The bot playing the seat now, if any.
    pub bot: Option<BotLevel>,
}

impl SeatPlayer {
    pub const PERSON: SeatPlayer = SeatPlayer {
        human: true,
        bot: None,
    };

    pub fn bot(level: BotLevel) -> SeatPlayer {
        SeatPlayer {
            human: false,
            bot: Some(level),
        }
    }
}

fn level_from_str(name: &str) -> Option<BotLevel> {
    BotLevel::ALL.into_iter().find(|l| l.name() == name)
}

#[derive(Debug, Clone)]
pub struct ActionRecord {
    pub seq: u64,
    pub seat: Seat,
    pub client_id: String,
    pub action: Value,
    /// When the room logged it (Unix epoch ms): a restarted room counts its
    /// deadlines from here.
    pub at_ms: u64,
    pub origin: Origin,
}

/// Who made a logged action.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// A client's `act`.
    Player,
    /// The room, because a deadline passed (a turn clock or the rules' own).
    Timeout,
}

impl Origin {
    /// As the store and game records spell it.
    pub fn as_str(self) -> &'static str {
        match self {
            Origin::Player => "player",
            Origin::Timeout => "timeout",
        }
    }

    fn parse(s: &str) -> Option<Origin> {
        match s {
            "player" => Some(Origin::Player),
            "timeout" => Some(Origin::Timeout),
            _ => None,
        }
    }
}

/// A room about to be created. Its `Debug` leaves out the seed and the
/// options (a fixture is hidden state).
#[derive(Clone)]
pub struct NewRoom {
    pub id: String,
    pub game: String,
    pub seat_count: usize,
    pub options: Value,
    pub seed: Seed,
    pub host_token_hash: TokenHash,
    /// Short code, canonical form ([`crate::ids::new_room_code`]).
    pub code: String,
}

impl std::fmt::Debug for NewRoom {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("NewRoom")
            .field("id", &self.id)
            .field("game", &self.game)
            .field("seat_count", &self.seat_count)
            .finish_non_exhaustive()
    }
}

/// One change to the store. Every write of a room comes from that room's
/// actor, one at a time, so a room's writes commit in the order it made them.
#[derive(Debug, Clone)]
pub enum Write {
    CreateRoom(NewRoom),
    TakeSeat {
        room_id: String,
        seat: Seat,
        token_hash: TokenHash,
        name: String,
        answers: Answers,
        player: SeatPlayer,
        /// The player's share of the game's seed (hex; empty for a bot).
        contribution: String,
    },
    /// Someone new plays a taken seat during the game: a person taking over
    /// a bot's seat, or a bot in a seat its person gave up. The old token
    /// opens nothing any more.
    ReplaceSeat {
        room_id: String,
        seat: Seat,
        token_hash: TokenHash,
        name: String,
        player: SeatPlayer,
    },
    /// A bot starts (`Some`) or stops (`None`) standing in for a seat's
    /// person.
    StandIn {
        room_id: String,
        seat: Seat,
        bot: Option<BotLevel>,
    },
    /// Free seats removed before the start: the seat numbered `from[i]`
    /// becomes seat `i`, and the room has `from.len()` seats.
    Renumber {
        room_id: String,
        from: Vec<Seat>,
    },
    /// The host's rights pass to the holder of `token_hash`.
    PassHost {
        room_id: String,
        token_hash: TokenHash,
    },
    FreeSeat {
        room_id: String,
        seat: Seat,
    },
    Start {
        room_id: String,
        setup: Vec<PlayerProfile>,
        /// Each seat's contribution to the game's seed, by seat.
        contributions: Vec<String>,
        /// The start time (Unix epoch ms), chosen by the room.
        at_ms: u64,
    },
    /// Appends action number `seq` to the room's log.
    Action {
        room_id: String,
        seq: u64,
        seat: Seat,
        client_id: String,
        action: Value,
        /// The log time (Unix epoch ms), chosen by the room.
        at_ms: u64,
        origin: Origin,
    },
    Finish {
        room_id: String,
        outcome: Outcome,
        /// When it ended (Unix epoch ms), chosen by the room.
        at_ms: u64,
    },
    /// The finished game `number` moves into the room's past games with
    /// its record, and the room opens its lobby for the next one: a new
    /// server seed, every person's seat pending, no set-up, no actions.
    Rematch {
        room_id: String,
        number: u32,
        /// Display names by seat, as they were at the end.
        players: Vec<String>,
        /// The finished game's whole record.
        record: Box<GameRecord>,
        /// The next game's server seed.
        seed: Seed,
        /// When the new lobby opened (Unix epoch ms).
        at_ms: u64,
    },
    /// A line of table chat.
    Chat {
        room_id: String,
        line: ChatLine,
    },
    /// The person in `seat` accepts the next game, with a contribution to
    /// its seed.
    Accept {
        room_id: String,
        seat: Seat,
        contribution: String,
    },
    /// Deletes these rooms with their seats and actions (retention). A room
    /// already gone is no error. Comes from the retention sweep, never from
    /// a room's actor: only rooms with no actor are deleted.
    DeleteRooms {
        ids: Vec<String>,
    },
}

/// Which rooms the retention sweep deletes: each cut-off is a time in
/// milliseconds since the Unix epoch, `None` to keep that kind forever.
#[derive(Debug, Clone, Copy, Default)]
pub struct Expiry {
    /// Lobbies created before this.
    pub lobby_created_before: Option<i64>,
    /// Finished games that ended before this.
    pub finished_before: Option<i64>,
    /// Games in progress whose last action (or start) is before this.
    pub idle_before: Option<i64>,
}

/// Handle to the store; cheap to clone.
#[derive(Clone)]
pub struct Store {
    pool: AnyPool,
    backend: Backend,
    writer: mpsc::Sender<WriterMsg>,
    health: Health,
    /// The lease a room's writes are fenced by (see [`Store::fenced`]).
    fence: Option<Arc<Fence>>,
}

/// The writer task, to be awaited at shutdown (see [`Store::close`]).
pub struct StoreWriter(JoinHandle<()>);

/// Set on every SQLite connection. WAL lets readers run beside the writer;
/// synchronous=FULL makes every commit durable (the write-ahead promise
/// depends on it). temp_store=MEMORY keeps the statement journal of each
/// multi-row insert (what undoes the statement alone if one of its rows
/// is refused) in memory instead of a temporary file: it only ever serves
/// the statement in progress, and writing it to a file cost about 4 % of
/// the server's CPU under load (docs/performance.md, "The store's commits").
const SQLITE_PRAGMAS: &[&str] = &[
    "PRAGMA journal_mode = WAL",
    "PRAGMA synchronous = FULL",
    "PRAGMA busy_timeout = 5000",
    "PRAGMA foreign_keys = ON",
    "PRAGMA temp_store = MEMORY",
];

/// Set on every PostgreSQL connection. A session that sits inside a
/// transaction waiting for its client is ended after a few seconds, and its
/// locks with it: a node frozen or cut off in the middle of a write holds
/// its rooms' lease rows locked, and no other node could take those rooms
/// over (`claim_room` gives up on the lock) until the frozen node woke or
/// its TCP connection timed out, minutes later. A live node never waits
/// between the statements of a transaction for more than a moment (the
/// writer gives a whole transaction one second), and a write whose session
/// was ended this way was never committed (the writer tries it again once).
const POSTGRES_SETTINGS: &[&str] = &["SET idle_in_transaction_session_timeout = 3000"];

/// How long a read may wait for a pooled connection: an outage must show as
/// a quick error, not a hang.
const ACQUIRE_TIMEOUT: Duration = Duration::from_secs(1);
/// How long `/readyz`'s read may take.
const PING_TIMEOUT: Duration = Duration::from_millis(800);

/// A pool on the database at `url`, its backend, and the options the
/// writer's own connection uses, with every migration applied: the schema
/// this binary's queries expect. (`store::copy` opens both its databases
/// this way, without a writer.)
async fn connect(url: &str) -> Result<(AnyPool, Backend, AnyConnectOptions), StoreError> {
    sqlx::any::install_default_drivers();
    let (backend, url) = prepare_url(url)?;
    let options = AnyConnectOptions::from_str(&url)?;
    let max_connections = match backend {
        Backend::Sqlite => 4,
        Backend::Postgres => 10,
    };
    let pool = AnyPoolOptions::new()
        .max_connections(max_connections)
        .acquire_timeout(ACQUIRE_TIMEOUT)
        .after_connect(move |conn, _meta| {
            Box::pin(async move {
                for setting in backend.session_settings() {
                    conn.execute(*setting).await?;
                }
                Ok(())
            })
        })
        .connect_with(options.clone())
        .await?;
    match backend {
        Backend::Sqlite => SQLITE_MIGRATIONS.run(&pool).await?,
        Backend::Postgres => POSTGRES_MIGRATIONS.run(&pool).await?,
    }
    Ok((pool, backend, options))
}

impl Store {
    /// Connects, creating a SQLite file and its directory if needed, applies
    /// the migrations and starts the writer task.
    pub async fn open(url: &str) -> Result<(Store, StoreWriter), StoreError> {
        let (pool, backend, options) = connect(url).await?;
        let health = Health::default();
        let writer =
            Writer::start(backend, options, crate::ids::new_room_id(), health.clone()).await?;
        let (tx, rx) = mpsc::channel(WRITE_QUEUE);
        let writer = tokio::spawn(writer.run(rx));
        Ok((
            Store {
                pool,
                backend,
                writer: tx,
                health,
                fence: None,
            },
            StoreWriter(writer),
        ))
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// Commits what is queued, stops the writer and closes the pool.
    pub async fn close(&self, writer: StoreWriter) {
        // If the writer is already gone there is nothing left to flush.
        let _ = self.writer.send(WriterMsg::Close).await;
        if let Err(e) = writer.0.await {
            tracing::error!(error = %e, "store writer task failed");
        }
        self.pool.close().await;
    }

    /// This store, whose every write commits only while `fence` still
    /// holds its room: the handle a room uses on a node of several.
    pub fn fenced(&self, fence: Fence) -> Store {
        Store {
            fence: Some(Arc::new(fence)),
            ..self.clone()
        }
    }

    /// The lease this handle's writes are fenced by, if any.
    pub fn fence(&self) -> Option<&Fence> {
        self.fence.as_deref()
    }

    /// Performs `write` and returns once it is committed.
    pub async fn write(&self, write: Write) -> Result<(), StoreError> {
        let (tx, rx) = oneshot::channel();
        let request = Request {
            write,
            fence: self.fence.clone(),
            reply: tx,
        };
        self.writer
            .send(WriterMsg::Write(request))
            .await
            .map_err(|_| StoreError::Closed)?;
        rx.await.map_err(|_| StoreError::Closed)?
    }

    /// Checks, within a second, that the store takes writes (as its writer
    /// last found) and that the database answers a read.
    pub async fn ping(&self) -> Result<(), StoreError> {
        self.health.check().map_err(StoreError::Unavailable)?;
        tokio::time::timeout(PING_TIMEOUT, sqlx::query("SELECT 1").execute(&self.pool))
            .await
            .map_err(|_| StoreError::Unavailable("the database did not answer in time".into()))??;
        Ok(())
    }

    /// Writes sent to the writer and not yet taken into a transaction.
    pub fn queue_depth(&self) -> usize {
        self.writer.max_capacity() - self.writer.capacity()
    }

    /// The id of the room whose lobby has `code` (canonical form): `None`
    /// if no room has it or its game has started.
    /// The record of the room's past game `number`, if there is one.
    pub async fn past_game(
        &self,
        room_id: &str,
        number: u32,
    ) -> Result<Option<GameRecord>, StoreError> {
        let row = sqlx::query("SELECT record FROM past_games WHERE room_id = $1 AND number = $2")
            .bind(room_id)
            .bind(i64::from(number))
            .fetch_optional(&self.pool)
            .await?;
        let Some(row) = row else { return Ok(None) };
        let text: String = row.try_get("record")?;
        serde_json::from_str(&text)
            .map(Some)
            .map_err(|e| StoreError::Corrupt {
                room: room_id.to_owned(),
                detail: format!("past game {number}: {e}"),
            })
    }

    pub async fn lobby_with_code(&self, code: &str) -> Result<Option<String>, StoreError> {
        let row = sqlx::query("SELECT id FROM rooms WHERE code = $1 AND status = 'lobby'")
            .bind(code)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|r| r.try_get("id")).transpose()?)
    }

    /// Ids of rooms whose game is in progress, oldest first.
    pub async fn playing_room_ids(&self) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query("SELECT id FROM rooms WHERE status = 'playing' ORDER BY created_at")
            .fetch_all(&self.pool)
            .await?;
        rows.iter()
            .map(|r| r.try_get::<String, _>("id").map_err(Into::into))
            .collect()
    }

    /// Up to `limit` ids of rooms that `expiry` says to delete.
    pub async fn expired_room_ids(
        &self,
        expiry: Expiry,
        limit: usize,
    ) -> Result<Vec<String>, StoreError> {
        // A kind kept forever gets a cut-off nothing is older than.
        let cutoff = |c: Option<i64>| c.unwrap_or(i64::MIN);
        let rows = sqlx::query(
            "SELECT id FROM rooms WHERE \
               (status = 'lobby' AND COALESCE(opened_at, created_at) < $1) \
               OR (status = 'finished' AND finished_at < $2) \
               OR (status = 'playing' AND COALESCE( \
                     (SELECT MAX(a.created_at) FROM actions a WHERE a.room_id = rooms.id), \
                     started_at, created_at) < $3) \
             LIMIT $4",
        )
        .bind(cutoff(expiry.lobby_created_before))
        .bind(cutoff(expiry.finished_before))
        .bind(cutoff(expiry.idle_before))
        .bind(i64::try_from(limit).unwrap_or(i64::MAX))
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| r.try_get::<String, _>("id").map_err(Into::into))
            .collect()
    }

    /// A room's game, if the room exists: what a room page needs to know
    /// before it is served (web/mod.rs), without loading the room.
    pub async fn room_game(&self, id: &str) -> Result<Option<String>, StoreError> {
        let row = sqlx::query("SELECT game FROM rooms WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        row.map(|r| r.try_get::<String, _>("game").map_err(Into::into))
            .transpose()
    }

    /// The room with its seats and its action log, if it exists. A value
    /// that cannot be read as what it should be is [`StoreError::Corrupt`].
    pub async fn load_room(&self, id: &str) -> Result<Option<RoomRecord>, StoreError> {
        self.read_room(id).await.map_err(|e| match e {
            StoreError::Database(
                e @ (sqlx::Error::ColumnDecode { .. }
                | sqlx::Error::Decode(_)
                | sqlx::Error::ColumnNotFound(_)),
            ) => StoreError::Corrupt {
                room: id.to_owned(),
                detail: e.to_string(),
            },
            other => other,
        })
    }

    async fn read_room(&self, id: &str) -> Result<Option<RoomRecord>, StoreError> {
        let Some(row) = sqlx::query(
            "SELECT id, game, seat_count, options, seed, host_token_hash, status, setup, outcome, started_at, finished_at, contributions, code, game_number \
             FROM rooms WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?
        else {
            return Ok(None);
        };
        let corrupt = |detail: String| StoreError::Corrupt {
            room: id.to_owned(),
            detail,
        };
        let seed_hex: String = row.try_get("seed")?;
        let mut seed = [0; 32];
        hex::decode_to_slice(&seed_hex, &mut seed).map_err(|e| corrupt(format!("seed: {e}")))?;
        let host_hex: String = row.try_get("host_token_hash")?;
        let status: String = row.try_get("status")?;
        let mut room = RoomRecord {
            id: row.try_get("id")?,
            game: row.try_get("game")?,
            seat_count: usize::try_from(row.try_get::<i64, _>("seat_count")?)
                .map_err(|e| corrupt(format!("seat_count: {e}")))?,
            options: parse_json(&row.try_get::<String, _>("options")?)
                .map_err(|e| corrupt(format!("options: {e}")))?,
            seed,
            host_token_hash: TokenHash::from_hex(&host_hex)
                .ok_or_else(|| corrupt("host_token_hash".into()))?,
            status: status_from_str(&status)
                .ok_or_else(|| corrupt(format!("status {status:?}")))?,
            setup: row
                .try_get::<Option<String>, _>("setup")?
                .map(|s| serde_json::from_str(&s))
                .transpose()
                .map_err(|e| corrupt(format!("setup: {e}")))?,
            outcome: row
                .try_get::<Option<String>, _>("outcome")?
                .map(|s| serde_json::from_str(&s))
                .transpose()
                .map_err(|e| corrupt(format!("outcome: {e}")))?,
            started_at: row
                .try_get::<Option<i64>, _>("started_at")?
                .map(|t| u64::try_from(t).map_err(|_| corrupt(format!("started_at {t}"))))
                .transpose()?,
            finished_at: row
                .try_get::<Option<i64>, _>("finished_at")?
                .map(|t| u64::try_from(t).map_err(|_| corrupt(format!("finished_at {t}"))))
                .transpose()?,
            contributions: row
                .try_get::<Option<String>, _>("contributions")?
                .map(|s| serde_json::from_str(&s))
                .transpose()
                .map_err(|e| corrupt(format!("contributions: {e}")))?,
            code: row.try_get("code")?,
            game_number: u32::try_from(row.try_get::<i64, _>("game_number")?)
                .map_err(|e| corrupt(format!("game_number: {e}")))?,
            past: Vec::new(),
            chat: Vec::new(),
            seats: Vec::new(),
            actions: Vec::new(),
        };

        let seats = sqlx::query(
            "SELECT seat, token_hash, name, answers, bot, human, contribution, pending FROM seats WHERE room_id = $1 ORDER BY seat",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        for row in seats {
            let hash: String = row.try_get("token_hash")?;
            let answers: String = row.try_get("answers")?;
            let bot = match row.try_get::<Option<String>, _>("bot")? {
                None => None,
                Some(name) => Some(
                    level_from_str(&name).ok_or_else(|| corrupt(format!("seat bot {name:?}")))?,
                ),
            };
            let player = SeatPlayer {
                human: row.try_get::<i64, _>("human")? != 0,
                bot,
            };
            if !player.human && player.bot.is_none() {
                return Err(corrupt("a bot's seat without its level".into()));
            }
            room.seats.push(SeatRecord {
                player,
                seat: to_seat(row.try_get("seat")?).ok_or_else(|| corrupt("seat number".into()))?,
                token_hash: TokenHash::from_hex(&hash)
                    .ok_or_else(|| corrupt("seat token_hash".into()))?,
                name: row.try_get("name")?,
                answers: serde_json::from_str(&answers)
                    .map_err(|e| corrupt(format!("seat answers: {e}")))?,
                contribution: row.try_get("contribution")?,
                pending: row.try_get::<i64, _>("pending")? != 0,
            });
        }

        let actions = sqlx::query(
            "SELECT seq, seat, client_id, action, created_at, origin FROM actions WHERE room_id = $1 ORDER BY seq",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        for row in actions {
            let seq: i64 = row.try_get("seq")?;
            let at: i64 = row.try_get("created_at")?;
            let origin: String = row.try_get("origin")?;
            room.actions.push(ActionRecord {
                seq: u64::try_from(seq).map_err(|_| corrupt(format!("action seq {seq}")))?,
                seat: to_seat(row.try_get("seat")?).ok_or_else(|| corrupt("action seat".into()))?,
                client_id: row.try_get("client_id")?,
                action: parse_json(&row.try_get::<String, _>("action")?)
                    .map_err(|e| corrupt(format!("action {seq}: {e}")))?,
                at_ms: u64::try_from(at).map_err(|_| corrupt(format!("action {seq} time {at}")))?,
                origin: Origin::parse(&origin)
                    .ok_or_else(|| corrupt(format!("action {seq} origin {origin:?}")))?,
            });
        }

        let past = sqlx::query(
            "SELECT number, finished_at, players, outcome FROM past_games WHERE room_id = $1 ORDER BY number",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        for row in past {
            let number: i64 = row.try_get("number")?;
            let at: i64 = row.try_get("finished_at")?;
            room.past.push(PastGame {
                number: u32::try_from(number)
                    .map_err(|_| corrupt(format!("past game {number}")))?,
                players: serde_json::from_str(&row.try_get::<String, _>("players")?)
                    .map_err(|e| corrupt(format!("past game {number} players: {e}")))?,
                outcome: serde_json::from_str(&row.try_get::<String, _>("outcome")?)
                    .map_err(|e| corrupt(format!("past game {number} outcome: {e}")))?,
                finished_at: u64::try_from(at)
                    .map_err(|_| corrupt(format!("past game {number} time {at}")))?,
            });
        }

        let lines = sqlx::query(
            "SELECT id, at_ms, seat, name, spectator, text FROM chat_lines WHERE room_id = $1 \
             ORDER BY id DESC LIMIT $2",
        )
        .bind(id)
        .bind(CHAT_HISTORY as i64)
        .fetch_all(&self.pool)
        .await?;
        for row in lines.into_iter().rev() {
            let line: i64 = row.try_get("id")?;
            let at: i64 = row.try_get("at_ms")?;
            room.chat.push(ChatLine {
                id: u64::try_from(line).map_err(|_| corrupt(format!("chat line {line}")))?,
                at_ms: u64::try_from(at)
                    .map_err(|_| corrupt(format!("chat line {line} time {at}")))?,
                seat: row
                    .try_get::<Option<i64>, _>("seat")?
                    .map(|s| to_seat(s).ok_or_else(|| corrupt(format!("chat line {line} seat"))))
                    .transpose()?,
                name: row.try_get("name")?,
                spectator: row.try_get::<i64, _>("spectator")? != 0,
                text: row.try_get("text")?,
            });
        }
        Ok(Some(room))
    }
}

/// Works out the backend and, for SQLite, creates the file's directory and
/// asks for the file to be created (`mode=rwc`) unless the URL says
/// otherwise.
fn prepare_url(url: &str) -> Result<(Backend, String), StoreError> {
    if url.starts_with("postgres://") || url.starts_with("postgresql://") {
        return Ok((Backend::Postgres, url.to_owned()));
    }
    let Some(rest) = url
        .strip_prefix("sqlite://")
        .or_else(|| url.strip_prefix("sqlite:"))
    else {
        return Err(StoreError::UnsupportedUrl(url.to_owned()));
    };
    let (path, query) = rest.split_once('?').unwrap_or((rest, ""));
    if path.is_empty() || path == ":memory:" {
        return Ok((Backend::Sqlite, url.to_owned()));
    }
    if let Some(dir) = Path::new(path)
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
    {
        std::fs::create_dir_all(dir).map_err(|source| StoreError::CreateDir {
            path: dir.display().to_string(),
            source,
        })?;
    }
    let url = if query.split('&').any(|p| p.starts_with("mode=")) {
        url.to_owned()
    } else if query.is_empty() {
        format!("sqlite://{path}?mode=rwc")
    } else {
        format!("sqlite://{path}?{query}&mode=rwc")
    };
    Ok((Backend::Sqlite, url))
}

fn parse_json(s: &str) -> Result<Value, serde_json::Error> {
    serde_json::from_str(s)
}

fn to_seat(n: i64) -> Option<Seat> {
    Seat::try_from(n).ok()
}

pub fn status_str(status: RoomStatus) -> &'static str {
    match status {
        RoomStatus::Lobby => "lobby",
        RoomStatus::Playing => "playing",
        RoomStatus::Finished => "finished",
    }
}

fn status_from_str(s: &str) -> Option<RoomStatus> {
    match s {
        "lobby" => Some(RoomStatus::Lobby),
        "playing" => Some(RoomStatus::Playing),
        "finished" => Some(RoomStatus::Finished),
        _ => None,
    }
}

pub(super) fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}

/// `INSERT INTO t (a, b) VALUES ($1, $2), ($3, $4), ...` for `rows` rows.
pub(super) fn insert_sql(table: &str, columns: &[&str], rows: usize) -> String {
    let width = columns.len();
    let tuples: Vec<String> = (0..rows)
        .map(|row| {
            let params: Vec<String> = (1..=width)
                .map(|column| format!("${}", row * width + column))
                .collect();
            format!("({})", params.join(", "))
        })
        .collect();
    format!(
        "INSERT INTO {table} ({}) VALUES {}",
        columns.join(", "),
        tuples.join(", ")
    )
}

/// Most actions one `INSERT` appends (7 parameters each: far below SQLite's
/// and PostgreSQL's limits on parameters per statement). One statement for
/// many rows is most of what batching saves: each statement is a round trip
/// to SQLite's worker thread or PostgreSQL's backend, and costs about as
/// much as the row it writes (docs/performance.md, "The store's commits").
pub(super) const ACTIONS_PER_INSERT: usize = 32;

/// Appends `actions` (each a [`Write::Action`]) with one multi-row `INSERT`
/// per [`ACTIONS_PER_INSERT`], in order. Any other write is a bug of the
/// caller and is refused without touching the database.
pub(super) async fn execute_actions(
    conn: &mut AnyConnection,
    actions: &[&Write],
) -> Result<(), StoreError> {
    for chunk in actions.chunks(ACTIONS_PER_INSERT) {
        let sql = insert_sql(
            "actions",
            &[
                "room_id",
                "seq",
                "seat",
                "client_id",
                "action",
                "created_at",
                "origin",
            ],
            chunk.len(),
        );
        let mut query = sqlx::query(&sql);
        for write in chunk {
            let Write::Action {
                room_id,
                seq,
                seat,
                client_id,
                action,
                at_ms,
                origin,
            } = write
            else {
                return Err(StoreError::Refused(format!(
                    "{} is not an action",
                    write.kind()
                )));
            };
            query = query
                .bind(room_id.clone())
                .bind(*seq as i64)
                .bind(i64::from(*seat))
                .bind(client_id.clone())
                .bind(action.to_string())
                .bind(*at_ms as i64)
                .bind(origin.as_str());
        }
        let result = query.execute(&mut *conn).await?;
        if result.rows_affected() != chunk.len() as u64 {
            return Err(StoreError::Corrupt {
                room: room_of(chunk[0]).to_owned(),
                detail: format!(
                    "appending {} actions changed {} rows",
                    chunk.len(),
                    result.rows_affected()
                ),
            });
        }
    }
    Ok(())
}

pub(super) async fn execute(conn: &mut AnyConnection, write: &Write) -> Result<(), StoreError> {
    let now = now_ms();
    let query = match write {
        // Any number of rows, and none is fine: unlike the writes below.
        Write::DeleteRooms { ids } => {
            for id in ids {
                // Never a room a node serves (on a node of several, a room
                // this node's registry does not know may be live elsewhere).
                sqlx::query(
                    "DELETE FROM rooms WHERE id = $1 AND NOT EXISTS \
                     (SELECT 1 FROM room_leases WHERE room_id = $1 AND expires_at > $2)",
                )
                .bind(id.clone())
                .bind(now)
                .execute(&mut *conn)
                    .await?;
            }
            return Ok(());
        }
        Write::CreateRoom(room) => sqlx::query(
            "INSERT INTO rooms (id, game, seat_count, options, seed, host_token_hash, status, created_at, code) \
             VALUES ($1, $2, $3, $4, $5, $6, 'lobby', $7, $8)",
        )
        .bind(room.id.clone())
        .bind(room.game.clone())
        .bind(room.seat_count as i64)
        .bind(room.options.to_string())
        .bind(hex::encode(room.seed))
        .bind(room.host_token_hash.to_hex())
        .bind(now)
        .bind(room.code.clone()),
        Write::TakeSeat {
            room_id,
            seat,
            token_hash,
            name,
            answers,
            player,
            contribution,
        } => sqlx::query(
            "INSERT INTO seats (room_id, seat, token_hash, name, answers, bot, human, contribution) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        )
        .bind(room_id.clone())
        .bind(i64::from(*seat))
        .bind(token_hash.to_hex())
        .bind(name.clone())
        .bind(serde_json::to_string(answers).expect("answers serialize"))
        .bind(player.bot.map(|l| l.name()))
        .bind(i64::from(player.human))
        .bind(contribution.clone()),
        Write::ReplaceSeat {
            room_id,
            seat,
            token_hash,
            name,
            player,
        } => sqlx::query(
            "UPDATE seats SET token_hash = $3, name = $4, bot = $5, human = $6 WHERE room_id = $1 AND seat = $2",
        )
        .bind(room_id.clone())
        .bind(i64::from(*seat))
        .bind(token_hash.to_hex())
        .bind(name.clone())
        .bind(player.bot.map(|l| l.name()))
        .bind(i64::from(player.human)),
        Write::StandIn { room_id, seat, bot } => sqlx::query(
            "UPDATE seats SET bot = $3 WHERE room_id = $1 AND seat = $2 AND human = 1",
        )
        .bind(room_id.clone())
        .bind(i64::from(*seat))
        .bind(bot.map(|l| l.name())),
        Write::Renumber { room_id, from } => {
            // In increasing order, each seat moves down into a number that
            // is free by then.
            for (to, old) in from.iter().enumerate() {
                sqlx::query("UPDATE seats SET seat = $3 WHERE room_id = $1 AND seat = $2")
                    .bind(room_id.clone())
                    .bind(i64::from(*old))
                    .bind(to as i64)
                    .execute(&mut *conn)
                    .await?;
            }
            sqlx::query(
                "UPDATE rooms SET seat_count = $2 WHERE id = $1 AND status = 'lobby'",
            )
            .bind(room_id.clone())
            .bind(from.len() as i64)
        }
        Write::PassHost {
            room_id,
            token_hash,
        } => sqlx::query("UPDATE rooms SET host_token_hash = $2 WHERE id = $1")
            .bind(room_id.clone())
            .bind(token_hash.to_hex()),
        Write::FreeSeat { room_id, seat } => sqlx::query("DELETE FROM seats WHERE room_id = $1 AND seat = $2")
            .bind(room_id.clone())
            .bind(i64::from(*seat)),
        Write::Start {
            room_id,
            setup,
            contributions,
            at_ms,
        } => sqlx::query(
            "UPDATE rooms SET status = 'playing', started_at = $2, setup = $3, contributions = $4 WHERE id = $1 AND status = 'lobby'",
        )
        .bind(room_id.clone())
        .bind(*at_ms as i64)
        .bind(serde_json::to_string(setup).expect("profiles serialize"))
        .bind(serde_json::to_string(contributions).expect("contributions serialize")),
        // One row, the way a batch's actions go (one statement for many).
        Write::Action { .. } => return execute_actions(conn, &[write]).await,
        Write::Rematch {
            room_id,
            number,
            players,
            record,
            seed,
            at_ms,
        } => {
            let moved = sqlx::query(
                "INSERT INTO past_games (room_id, number, started_at, finished_at, players, outcome, record) \
                 SELECT id, game_number, started_at, finished_at, $3, outcome, $4 FROM rooms \
                 WHERE id = $1 AND game_number = $2 AND status = 'finished'",
            )
            .bind(room_id.clone())
            .bind(i64::from(*number))
            .bind(serde_json::to_string(players).expect("names serialize"))
            .bind(serde_json::to_string(record).expect("records serialize"))
            .execute(&mut *conn)
            .await?;
            if moved.rows_affected() != 1 {
                return Err(StoreError::Corrupt {
                    room: room_id.clone(),
                    detail: format!("game {number} is not the room's finished game"),
                });
            }
            sqlx::query("DELETE FROM actions WHERE room_id = $1")
                .bind(room_id.clone())
                .execute(&mut *conn)
                .await?;
            // A person's seat waits for its answer; a bot standing in for
            // them stops (a bot's own seat keeps its bot and accepts).
            sqlx::query(
                "UPDATE seats SET pending = human, contribution = '', \
                 bot = CASE WHEN human = 1 THEN NULL ELSE bot END WHERE room_id = $1",
            )
            .bind(room_id.clone())
            .execute(&mut *conn)
            .await?;
            sqlx::query(
                "UPDATE rooms SET status = 'lobby', game_number = $2, seed = $3, opened_at = $4, \
                 started_at = NULL, finished_at = NULL, setup = NULL, outcome = NULL, contributions = NULL \
                 WHERE id = $1",
            )
            .bind(room_id.clone())
            .bind(i64::from(*number) + 1)
            .bind(hex::encode(seed))
            .bind(*at_ms as i64)
        }
        Write::Chat { room_id, line } => sqlx::query(
            "INSERT INTO chat_lines (room_id, id, at_ms, seat, name, spectator, text) VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(room_id.clone())
        .bind(line.id as i64)
        .bind(line.at_ms as i64)
        .bind(line.seat.map(i64::from))
        .bind(line.name.clone())
        .bind(i64::from(line.spectator))
        .bind(line.text.clone()),
        Write::Accept {
            room_id,
            seat,
            contribution,
        } => sqlx::query(
            "UPDATE seats SET pending = 0, contribution = $3 WHERE room_id = $1 AND seat = $2 AND pending = 1",
        )
        .bind(room_id.clone())
        .bind(i64::from(*seat))
        .bind(contribution.clone()),
        Write::Finish {
            room_id,
            outcome,
            at_ms,
        } => sqlx::query(
            "UPDATE rooms SET status = 'finished', finished_at = $2, outcome = $3 WHERE id = $1",
        )
        .bind(room_id.clone())
        .bind(*at_ms as i64)
        .bind(serde_json::to_string(outcome).expect("outcomes serialize")),
    };
    let result = query.execute(&mut *conn).await?;
    if result.rows_affected() != 1 {
        return Err(StoreError::Corrupt {
            room: room_of(write).to_owned(),
            detail: format!("{} changed {} rows", write.kind(), result.rows_affected()),
        });
    }
    Ok(())
}

impl Write {
    fn kind(&self) -> &'static str {
        match self {
            Write::CreateRoom(_) => "create room",
            Write::TakeSeat { .. } => "take seat",
            Write::ReplaceSeat { .. } => "replace seat",
            Write::StandIn { .. } => "stand in",
            Write::Renumber { .. } => "renumber seats",
            Write::PassHost { .. } => "pass host",
            Write::FreeSeat { .. } => "free seat",
            Write::Start { .. } => "start",
            Write::Action { .. } => "append action",
            Write::Finish { .. } => "finish",
            Write::Rematch { .. } => "rematch",
            Write::Accept { .. } => "accept",
            Write::Chat { .. } => "chat line",
            Write::DeleteRooms { .. } => "delete rooms",
        }
    }
}

fn room_of(write: &Write) -> &str {
    match write {
        Write::CreateRoom(room) => &room.id,
        Write::TakeSeat { room_id, .. }
        | Write::ReplaceSeat { room_id, .. }
        | Write::StandIn { room_id, .. }
        | Write::Renumber { room_id, .. }
        | Write::PassHost { room_id, .. }
        | Write::FreeSeat { room_id, .. }
        | Write::Start { room_id, .. }
        | Write::Action { room_id, .. }
        | Write::Finish { room_id, .. }
        | Write::Rematch { room_id, .. }
        | Write::Accept { room_id, .. }
        | Write::Chat { room_id, .. } => room_id,
        Write::DeleteRooms { ids } => ids.first().map_or("", String::as_str),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::metrics as m;

    #[test]
    fn sqlite_urls_get_their_directory_and_create_mode() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("nested/deeper/c.db");
        let url = format!("sqlite://{}", path.display());
        let (backend, prepared) = prepare_url(&url).unwrap();
        assert_eq!(backend, Backend::Sqlite);
        assert_eq!(prepared, format!("{url}?mode=rwc"));
        assert!(path.parent().unwrap().is_dir());

        let (_, kept) = prepare_url(&format!("{url}?mode=ro")).unwrap();
        assert!(kept.ends_with("?mode=ro"));
    }

    #[test]
    fn postgres_urls_pass_through_and_others_are_refused() {
        let url = "postgres://postgres@127.0.0.1:5432/test";
        assert_eq!(
            prepare_url(url).unwrap(),
            (Backend::Postgres, url.to_owned())
        );
        assert!(matches!(
            prepare_url("mysql://x/y"),
            Err(StoreError::UnsupportedUrl(_))
        ));
    }

    fn observations_above(rendered: &str, name: &str, bound: &str) -> f64 {
        let count = |le: &str| {
            rendered
                .lines()
                .find(|l| l.starts_with(&format!("{name}_bucket{{le=\"{le}\"}}")))
                .and_then(|l| l.split_whitespace().last())
                .and_then(|v| v.parse::<f64>().ok())
                .unwrap_or(0.0)
        };
        count("+Inf") - count(bound)
    }

    #[tokio::test]
    async fn writes_queued_behind_a_commit_share_the_next_one() {
        let metrics = crate::metrics::handle();
        let before = observations_above(&metrics.render(), m::STORE_BATCH_SIZE, "16");
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}", dir.path().join("b.db").display());
        let (store, writer) = Store::open(&url).await.unwrap();

        let mut blocker = second_connection(&url).await;
        let writes = (0..40).map(|i| Write::CreateRoom(room(i))).collect();
        for result in behind_a_held_lock(&store, &mut blocker, writes).await {
            result.unwrap();
        }
        let rooms: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM rooms")
            .fetch_one(&mut *blocker)
            .await
            .unwrap();
        assert_eq!(rooms, 40);
        let after = observations_above(&metrics.render(), m::STORE_BATCH_SIZE, "16");
        assert!(after > before, "a commit carried more than 16 writes");
        store.close(writer).await;
    }

    fn room(i: usize) -> NewRoom {
        NewRoom {
            id: format!("{i:032x}"),
            game: "osaki".into(),
            seat_count: 2,
            options: Value::Null,
            seed: [0; 32],
            host_token_hash: TokenHash::of("t"),
            code: crate::ids::new_room_code(),
        }
    }

    fn action(room: usize, seq: u64) -> Write {
        Write::Action {
            room_id: format!("{room:032x}"),
            seq,
            seat: (seq % 2) as Seat,
            client_id: format!("c{seq}"),
            action: serde_json::json!({ "n": seq }),
            at_ms: seq,
            origin: Origin::Player,
        }
    }

    /// Another connection to the database at `url`.
    async fn second_connection(url: &str) -> sqlx::pool::PoolConnection<sqlx::Any> {
        let pool = AnyPoolOptions::new()
            .max_connections(1)
            .connect(url)
            .await
            .unwrap();
        pool.acquire().await.unwrap()
    }

    /// Asks `store` for `writes` while `blocker` holds the write lock, so
    /// that the writer's next commit waits (busy timeout) while they pile up
    /// behind it and share a batch; then lets go. Each write's answer.
    async fn behind_a_held_lock(
        store: &Store,
        blocker: &mut sqlx::pool::PoolConnection<sqlx::Any>,
        writes: Vec<Write>,
    ) -> Vec<Result<(), StoreError>> {
        blocker.execute("BEGIN IMMEDIATE").await.unwrap();
        let pending: Vec<_> = writes
            .into_iter()
            .map(|write| {
                let store = store.clone();
                tokio::spawn(async move { store.write(write).await })
            })
            .collect();
        tokio::time::sleep(Duration::from_millis(300)).await;
        blocker.execute("COMMIT").await.unwrap();
        futures_util::future::join_all(pending)
            .await
            .into_iter()
            .map(|r| r.unwrap())
            .collect()
    }

    #[tokio::test]
    async fn a_batch_of_actions_lands_whole_and_one_bad_action_sinks_only_itself() {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}", dir.path().join("a.db").display());
        let (store, writer) = Store::open(&url).await.unwrap();
        store.write(Write::CreateRoom(room(1))).await.unwrap();
        store.write(Write::CreateRoom(room(2))).await.unwrap();

        // Requests pile up behind a held write lock, so that they share a
        // batch: more actions than one INSERT takes, two rooms interleaved,
        // another kind of write among them. Then, the same way, one action
        // whose number room 1 already has among good ones.
        let mut blocker = second_connection(&url).await;
        let total = ACTIONS_PER_INSERT as u64 + 8;
        let mut phases = vec![Vec::new(), Vec::new()];
        for seq in 1..=total {
            phases[0].push(action(1, seq));
            phases[0].push(action(2, seq));
            if seq == 5 {
                phases[0].push(Write::CreateRoom(room(3)));
            }
        }
        for seq in total + 1..=total + 4 {
            phases[1].push(action(2, seq));
        }
        phases[1].push(action(1, 3));
        let mut outcomes = Vec::new();
        for phase in phases {
            outcomes.push(behind_a_held_lock(&store, &mut blocker, phase).await);
        }
        assert!(outcomes[0].iter().all(|r| r.is_ok()), "{:?}", outcomes[0]);
        let refused: Vec<_> = outcomes[1].iter().filter(|r| r.is_err()).collect();
        assert_eq!(refused.len(), 1, "{:?}", outcomes[1]);
        assert!(matches!(refused[0], Err(StoreError::Refused(_))));

        for room_id in [1, 2] {
            let seqs: Vec<i64> = sqlx::query_scalar(
                "SELECT seq FROM actions WHERE room_id = $1 AND action = '{\"n\":' || seq || '}' ORDER BY seq",
            )
            .bind(format!("{room_id:032x}"))
            .fetch_all(&mut *blocker)
            .await
            .unwrap();
            let last = if room_id == 1 { total } else { total + 4 };
            assert_eq!(seqs, (1..=last as i64).collect::<Vec<_>>());
        }
        let rooms: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM rooms")
            .fetch_one(&mut *blocker)
            .await
            .unwrap();
        assert_eq!(rooms, 3);
        store.close(writer).await;
    }
}
