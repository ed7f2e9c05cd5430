//! The room actor: the only owner of a room's state.
//!
//! It handles one command at a time, so a room's rules never race. Every
//! change is written to the store (and committed) before anyone is told of
//! it: an action's consequences are sent only once it is durable.
//!
//! Connections are never waited for: messages go into each connection's
//! bounded outbox with `try_send`, and a connection whose outbox is full is
//! dropped (its socket task then closes it), so one slow reader cannot slow
//! the room.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::time::{Duration, Instant};

use axum::extract::ws::Utf8Bytes;
use cubicle_games::answers::Answers;
use cubicle_games::catalog::{self, Entry};
use cubicle_games::chance::Seed;
use cubicle_games::{ActError, PlayerProfile, SeededChance, SetupError, Table, Viewer};
use cubicle_protocol::record::PastGame;
use cubicle_protocol::{
    ErrorCode, EventSeq, RoomInfo, RoomStatus, Seat, SeatBot, SeatInfo, ServerMessage, You,
    PROTOCOL_VERSION,
};
use serde_json::{Map, Value};
use tokio::sync::mpsc;

use super::clock::{self, Armed, Due, Timer, WallClock};
use super::robots::{self, BotMove, Thinking};
use super::{lobby, messages, Command, ConnId, Full, Outbox, Request, Wants};
use crate::fairness;
use crate::ids::{new_token, TokenHash};
use crate::metrics as m;
use crate::registry::Registry;
use crate::store::{Origin, RoomRecord, SeatPlayer, Store, StoreError, Write};

mod chat;
mod gauges;
mod rematch;
mod seating;
mod views;

/// A room with no connection for this long leaves memory; it is loaded
/// again from the store when someone comes back.
const IDLE_UNLOAD: Duration = Duration::from_secs(10 * 60);
/// How often a room that must re-read its saved state tries again.
const RESYNC_RETRY: Duration = Duration::from_secs(1);

/// How long the room waits before trying a timeout action again when the
/// store could not log it (rather than retrying in a tight loop).
const TIMEOUT_RETRY: Duration = Duration::from_secs(1);

/// Changes that are only presence (who is connected, how many watch) go out
/// at most this often: a crowd of spectators coming and going would
/// otherwise send everyone one `room` message per arrival, quadratic work
/// that can drop seated players as too slow.
pub const PRESENCE_INTERVAL: Duration = Duration::from_millis(250);

/// Spectators a room takes unless configured otherwise.
pub const DEFAULT_MAX_SPECTATORS: usize = 200;

/// Client action ids starting with this are the room's own (timeout
/// actions are logged as `timeout:<action number>`); clients may not use it.
const TIMEOUT_ID_PREFIX: &str = "timeout:";

/// Chance streams for timeout actions: `TIMEOUT_STREAMS | n` for the action
/// numbered `n`, far from the streams actions use (their numbers).
const TIMEOUT_STREAMS: u64 = 1 << 63;

/// What a room is told by the server's configuration.
#[derive(Debug, Clone, Copy)]
pub struct RoomSettings {
    /// Connections without a seat or the host's token beyond this are
    /// refused.
    pub max_spectators: usize,
    pub bots: robots::BotSettings,
}

impl Default for RoomSettings {
    fn default() -> Self {
        RoomSettings {
            max_spectators: DEFAULT_MAX_SPECTATORS,
            bots: robots::BotSettings::default(),
        }
    }
}

/// Why a stored room could not be brought back.
#[derive(Debug, thiserror::Error)]
pub enum RestoreError {
    #[error("unknown game {0:?}")]
    UnknownGame(String),
    #[error("seat {0} is out of range")]
    BadSeat(Seat),
    #[error("the game started but its setup is missing")]
    MissingSetup,
    #[error("actions are logged but the game never started")]
    ActionsBeforeStart,
    #[error("cannot start the game again: {0}")]
    Setup(#[from] SetupError),
    #[error("action {found} found where action {expected} was expected")]
    Gap { expected: u64, found: u64 },
    #[error("action {seq} no longer applies: {error}")]
    Replay { seq: u64, error: ActError },
    #[error("the stored turn clock is unreadable: {0}")]
    Clock(String),
}

/// Who asked for an action: a connection, the room's timer, or a bot
/// playing the seat.
#[derive(Clone, Copy)]
enum Source {
    Player { conn: ConnId, received: Instant },
    Timeout,
    Bot,
}

/// A request refused: the code and message sent back.
struct Refusal {
    code: ErrorCode,
    message: String,
}

impl Refusal {
    fn new(code: ErrorCode, message: impl Into<String>) -> Self {
        Self {
            code,
            message: message.into(),
        }
    }

    fn internal() -> Self {
        Self::new(
            ErrorCode::Internal,
            "the server could not save this; try again",
        )
    }
}

impl From<ActError> for Refusal {
    fn from(e: ActError) -> Self {
        match &e {
            ActError::BadAction(_) => Refusal::new(ErrorCode::BadAction, e.to_string()),
            ActError::Rule(rule) => Refusal::new(rule.code(), rule.to_string()),
            // The panic's text is for the log, not for players.
            ActError::Panicked(_) => Refusal::new(
                ErrorCode::Internal,
                "the server failed on this action; it was not applied",
            ),
        }
    }
}

struct Occupant {
    token: TokenHash,
    name: String,
    /// Checked answers to the game's join questions.
    answers: Answers,
    player: SeatPlayer,
    /// The player's share of the game's seed (hex; empty for a bot).
    contribution: String,
    /// The person has not yet accepted the room's next game.
    pending: bool,
}

/// A game in progress (or over) with what replays need.
struct Game {
    table: Box<dyn Table>,
    /// (seat, client action id) of every applied action: retries are acked,
    /// not applied again.
    applied: HashSet<(Seat, String)>,
    /// Number of actions applied; the next one is `actions + 1`.
    actions: u64,
}

struct Conn {
    seat: Option<Seat>,
    host: bool,
    /// The host's own token, kept to hand back in `joined` when the host
    /// takes a seat (the seat is then bound to it). `None` for others.
    host_token: Option<String>,
    outbox: Outbox,
    /// Its outbox overflowed: it is sent nothing more, and dropped after
    /// the current command.
    kicked: bool,
    chat_rate: chat::ChatRate,
    /// It asked for updates with the view as a patch (`hello.patches`).
    patches: bool,
    /// The digest of the board it holds (`hello.board`, `boards.rs`).
    board: Option<String>,
    /// The view it holds, when known (what a patch for it starts from).
    held: Option<views::Held>,
}

/// One room's state. See the module documentation.
pub struct Room {
    id: String,
    entry: &'static Entry,
    options: Value,
    /// The server's secret seed, committed to in the room info and revealed
    /// when the game is over. Bots' choices come from it.
    seed: Seed,
    /// The seed the game is dealt from: derived from `seed` and the players'
    /// contributions at the start (docs/fairness.md). Equal to `seed` in a
    /// lobby, where nothing is dealt yet.
    game_seed: Seed,
    /// The short code that opens the lobby (canonical form), if the room
    /// has one.
    code: Option<String>,
    host: TokenHash,
    status: RoomStatus,
    /// The number of the room's current game, from 1.
    game_number: u32,
    /// The room's earlier games, oldest first.
    past: Vec<PastGame>,
    /// When the current game ended (Unix epoch ms), once it has.
    finished_at: Option<u64>,
    /// The room's latest chat lines.
    chat: chat::ChatLog,
    seats: Vec<Option<Occupant>>,
    game: Option<Game>,
    /// Ordered, so that every connection is served in the same order.
    conns: BTreeMap<ConnId, Conn>,
    store: Store,
    /// Whether the store already knows the game is over.
    finish_saved: bool,
    /// When each seat was asked to decide: what deadline is armed.
    timer: Timer,
    wall: WallClock,
    /// After a timeout action the store refused: not before this.
    retry_timeout_at: Option<tokio::time::Instant>,
    /// Set when a write's outcome is unknown: until the room has read its
    /// saved state back, its memory may not match its log.
    resync: Option<Resync>,
    settings: RoomSettings,
    /// What this room adds to the process-wide gauges.
    published: gauges::Published,
    /// Where bots' decisions arrive (the receiver is the running loop's).
    bot_tx: mpsc::Sender<BotMove>,
    bot_rx: Option<mpsc::Receiver<BotMove>>,
    /// The bot decision being computed, if any: one at a time per room.
    thinking: Option<Thinking>,
    /// A bot found no action (or failed) after this many actions: it is
    /// not asked again until the game moves on.
    bot_stuck: Option<u64>,
    /// Seats whose away player the host chose to wait for: no bot stands
    /// in for them when their clock runs out. Forgotten on restart.
    waiting: HashSet<Seat>,
    /// The room as its connections last heard it, and when a presence-only
    /// change to it is due to go out (`None`: nothing pending).
    /// `None` before anyone was told anything.
    told: Option<RoomInfo>,
    presence_due: Option<tokio::time::Instant>,
    /// The last view built for each viewer some connection wants patches
    /// for (`views.rs`).
    views: HashMap<Viewer, views::Kept>,
}

/// What a room must settle once it has read its saved state back after a
/// write of unknown outcome: the answer its requester has not had yet.
enum Resync {
    /// A seat taken with this token (which only the joiner would hold).
    Join {
        conn: ConnId,
        seat: Seat,
        token: String,
    },
    /// An action whose ack its sender has not had.
    Act {
        conn: ConnId,
        seat: Seat,
        id: String,
    },
    /// Nothing owed to anyone (start, leave).
    Nothing,
}

impl Room {
    /// Rebuilds a room from the store: its seats, and its game by replaying
    /// every logged action from the seed.
    pub fn restore(record: RoomRecord, store: Store) -> Result<Room, RestoreError> {
        let entry = catalog::find(&record.game)
            .ok_or_else(|| RestoreError::UnknownGame(record.game.clone()))?;
        Self::restore_as(entry, record, store, WallClock::system())
    }

    /// [`Room::restore`] for a given game and clock (tests serve games the
    /// catalog does not list, on tokio's paused time).
    pub(crate) fn restore_as(
        entry: &'static Entry,
        mut record: RoomRecord,
        store: Store,
        wall: WallClock,
    ) -> Result<Room, RestoreError> {
        let (options, clock) = clock::split_options(std::mem::take(&mut record.options))
            .map_err(RestoreError::Clock)?;
        record.options = options;
        let mut timer = Timer::new(clock);
        let mut seats: Vec<Option<Occupant>> = (0..record.seat_count).map(|_| None).collect();
        for s in record.seats {
            let slot = seats
                .get_mut(usize::from(s.seat))
                .ok_or(RestoreError::BadSeat(s.seat))?;
            *slot = Some(Occupant {
                token: s.token_hash,
                name: s.name,
                answers: s.answers,
                player: s.player,
                contribution: s.contribution,
                pending: s.pending,
            });
        }
        let game_seed = fairness::game_seed(&record.seed, record.contributions.as_deref());
        let game = match (record.status, record.setup) {
            (RoomStatus::Lobby, _) if !record.actions.is_empty() => {
                return Err(RestoreError::ActionsBeforeStart)
            }
            (RoomStatus::Lobby, _) => None,
            (_, None) => return Err(RestoreError::MissingSetup),
            (_, Some(setup)) => {
                let mut table = (entry.start)(&setup, &record.options, &game_seed)?;
                timer.started(record.started_at.unwrap_or(0), &table.to_act());
                let mut applied = HashSet::new();
                for (index, action) in record.actions.into_iter().enumerate() {
                    let expected = index as u64 + 1;
                    if action.seq != expected {
                        return Err(RestoreError::Gap {
                            expected,
                            found: action.seq,
                        });
                    }
                    table
                        .apply(
                            action.seat,
                            &action.action,
                            &mut SeededChance::new(&game_seed, action.seq),
                        )
                        .map_err(|error| RestoreError::Replay {
                            seq: action.seq,
                            error,
                        })?;
                    timer.acted(action.seat, action.at_ms, &table.to_act());
                    applied.insert((action.seat, action.client_id));
                }
                Some(Game {
                    table,
                    actions: applied.len() as u64,
                    applied,
                })
            }
        };
        let finished = game.as_ref().is_some_and(|g| g.table.outcome().is_some());
        let (bot_tx, bot_rx) = mpsc::channel(robots::MOVES_QUEUE);
        Ok(Room {
            id: record.id,
            entry,
            options: record.options,
            seed: record.seed,
            game_seed,
            code: record.code,
            host: record.host_token_hash,
            game_number: record.game_number,
            past: record.past,
            finished_at: record.finished_at,
            chat: chat::ChatLog::restored(record.chat),
            status: if finished {
                RoomStatus::Finished
            } else {
                record.status
            },
            seats,
            game,
            conns: BTreeMap::new(),
            store,
            finish_saved: record.status == RoomStatus::Finished,
            resync: None,
            timer,
            wall,
            retry_timeout_at: None,
            settings: RoomSettings::default(),
            bot_tx,
            bot_rx: Some(bot_rx),
            thinking: None,
            bot_stuck: None,
            waiting: HashSet::new(),
            told: None,
            presence_due: None,
            views: HashMap::new(),
            published: gauges::Published::default(),
        })
    }

    /// Sets what the server's configuration tells rooms.
    pub fn with_settings(mut self, settings: RoomSettings) -> Self {
        self.settings = settings;
        self
    }

    pub fn id(&self) -> &str {
        &self.id
    }

    /// The epoch of the lease this room is served under, on a node of
    /// several.
    pub fn lease_epoch(&self) -> Option<i64> {
        self.store.fence().map(|f| f.epoch)
    }

    /// The actor's loop. Stops on [`Command::Stop`] or after
    /// [`IDLE_UNLOAD`] without connections, then tells the registry.
    pub async fn run(
        mut self,
        mut commands: mpsc::Receiver<Command>,
        registry: Registry,
        generation: u64,
    ) {
        self.publish_gauges();
        // The game may have ended just before a crash that kept the store
        // from hearing it.
        self.save_finish_if_needed().await;
        let mut bot_moves = self.bot_rx.take().expect("a room runs once");
        let mut idle_since = tokio::time::Instant::now();
        loop {
            self.ask_bot();
            let armed = self.armed();
            let fire_at = armed.as_ref().map(|a| {
                let at = self.wall.instant_at(a.at_ms);
                self.retry_timeout_at.map_or(at, |r| r.max(at))
            });
            let unwatched = self.conns.is_empty();
            let presence_due = self.presence_due;
            let resyncing = self.resync.is_some();
            // Commands first: an action that arrived before the deadline
            // fired is handled as the player's (if still legal).
            tokio::select! {
                biased;
                next = commands.recv() => match next {
                    None | Some(Command::Stop) => break,
                    Some(Command::Moved) => {
                        self.tell_moved();
                        break;
                    }
                    Some(command) => {
                        self.handle(command).await;
                        idle_since = tokio::time::Instant::now();
                    }
                },
                Some(moved) = bot_moves.recv() => {
                    self.bot_moved(moved).await;
                }
                () = tokio::time::sleep(RESYNC_RETRY), if resyncing => {
                    self.try_resync().await;
                    continue;
                }
                () = sleep_until_some(fire_at), if !resyncing => {
                    let armed = armed.expect("a deadline is armed");
                    self.fire(armed).await;
                }
                () = sleep_until_some(presence_due), if presence_due.is_some() => {
                    self.flush_presence();
                }
                () = tokio::time::sleep_until(idle_since + IDLE_UNLOAD), if unwatched => {
                    tracing::debug!(room = %self.id, "idle room unloaded");
                    break;
                }
            }
            if !self.conns.is_empty() {
                idle_since = tokio::time::Instant::now();
            }
            if self.store.fence().is_some_and(|f| f.is_lost()) {
                tracing::warn!(room = %self.id, "another node holds this room now; its connections are told to reconnect");
                self.tell_moved();
                break;
            }
            self.publish_gauges();
            // Commands come first in the select: a steady stream of them
            // (spectators' churn) would otherwise hold presence back forever.
            if self
                .presence_due
                .is_some_and(|due| due <= tokio::time::Instant::now())
            {
                self.flush_presence();
            }
        }
        // Commands still queued are dropped: their senders see the room gone
        // and ask the registry again, which loads it afresh.
        commands.close();
        registry
            .forget(&self.id, generation, self.store.fence())
            .await;
        self.unpublish_gauges();
    }

    /// Every connection is told to reconnect (after what is queued for
    /// it): the room is about to stop because another node serves it now.
    fn tell_moved(&self) {
        for c in self.conns.values() {
            c.outbox.room_moved();
        }
    }

    /// Connections that watch: neither seated nor the host (who is in the
    /// room to run it, seated or not).
    fn spectators(&self) -> usize {
        self.conns
            .values()
            .filter(|c| c.seat.is_none() && !c.host)
            .count()
    }

    /// The deadline armed now, if the game is running.
    fn armed(&self) -> Option<Armed> {
        let game = self.game.as_ref()?;
        // Bots decide on their own time: the clock waits only for people.
        let bots: Vec<Seat> = (0..self.seats.len() as Seat)
            .filter(|&s| self.bot_of(s).is_some())
            .collect();
        self.timer.armed(game.table.as_ref(), &bots)
    }

    /// A deadline passed: plays what is due, through the same path as a
    /// player's action.
    async fn fire(&mut self, armed: Armed) {
        let due: Vec<(Seat, Option<Value>)> = match armed.due {
            Due::Rules { seat, action } => vec![(seat, Some(action))],
            Due::Clock { seats } => seats.into_iter().map(|s| (s, None)).collect(),
        };
        // Until something is played (or if the store refuses it), this
        // deadline is not tried again at once.
        self.retry_timeout_at = Some(tokio::time::Instant::now() + TIMEOUT_RETRY);
        for (seat, action) in due {
            // By default a bot stands in for an away player whose time ran
            // out, so that a table without its host keeps going.
            if action.is_none() && self.stands_in_by_default(seat) {
                match self.stand_in(seat, Some(robots::STAND_IN_LEVEL)).await {
                    Ok(()) => {
                        tracing::info!(room = %self.id, seat, "time is up: a bot stands in for the away player");
                        self.retry_timeout_at = None;
                        continue;
                    }
                    Err(refusal) => {
                        tracing::warn!(room = %self.id, seat, message = %refusal.message, "a bot could not stand in");
                        break;
                    }
                }
            }
            let Some(game) = &self.game else { break };
            let number = game.actions + 1;
            // Earlier timeouts of this batch may have moved the game on.
            let action = action.or_else(|| {
                let chance = &mut SeededChance::new(&self.seed, TIMEOUT_STREAMS | number);
                game.table.timeout_action(seat, chance)
            });
            let Some(action) = action else { continue };
            let id = format!("{TIMEOUT_ID_PREFIX}{number}");
            tracing::info!(room = %self.id, seat, number, "time is up: the room acts for the seat");
            match self.perform(seat, &id, &action, Source::Timeout).await {
                Ok(()) => self.retry_timeout_at = None,
                Err(refusal) => {
                    tracing::warn!(room = %self.id, seat, message = %refusal.message, "timeout action failed");
                    self.retry_timeout_at = Some(tokio::time::Instant::now() + TIMEOUT_RETRY);
                    break;
                }
            }
        }
        self.settle(None);
    }

    async fn handle(&mut self, command: Command) {
        if self.resync.is_some() {
            self.try_resync().await;
        }
        let mut already_told = None;
        match command {
            Command::Connect {
                conn,
                token,
                since,
                wants,
                outbox,
                reply,
            } => {
                let result = self.connect(conn, token, since, wants, outbox);
                let _ = reply.send(result.map(|_| ()));
                if let Ok(seat) = result {
                    already_told = Some(conn);
                    // The player who comes back takes the seat back at once;
                    // the welcome showed the bot still in it, so the new
                    // connection hears the change too.
                    if let Some(seat) = seat {
                        if self.come_back(seat).await {
                            already_told = None;
                        }
                    }
                }
            }
            Command::Disconnect { conn } => {
                if self.conns.remove(&conn).is_some() {
                    tracing::debug!(room = %self.id, conn, "disconnected");
                }
            }
            Command::Request { conn, request } => self.request(conn, request).await,
            Command::Info { reply } => {
                let _ = reply.send(self.info());
            }
            Command::Stop | Command::Moved => {}
        }
        self.settle(already_told);
    }

    async fn request(&mut self, conn: ConnId, request: Request) {
        if !self.conns.contains_key(&conn) {
            return;
        }
        if self.resync.is_some() {
            let id = match &request {
                Request::Act { id, .. } => Some(id.clone()),
                _ => None,
            };
            let message = "this room is re-reading its saved state; try again in a moment";
            self.send(conn, &messages::error(ErrorCode::Internal, message, id));
            return;
        }
        let (result, id) = match request {
            Request::Join {
                name,
                seat,
                answers,
                contribution,
            } => (
                self.join(conn, &name, seat, &answers, contribution.as_deref())
                    .await,
                None,
            ),
            Request::Leave => (self.leave(conn).await, None),
            Request::Start => (self.start(conn).await, None),
            Request::Act {
                id,
                action,
                received,
            } => (self.act(conn, &id, &action, received).await, Some(id)),
            Request::AddBot { seat, level } => (self.add_bot(conn, seat, level).await, None),
            Request::RemoveBot { seat } => (self.remove_bot(conn, seat).await, None),
            Request::RemoveEmptySeats => (self.remove_empty_seats(conn).await, None),
            Request::Away {
                seat,
                choice,
                level,
            } => (self.away(conn, seat, choice, level).await, None),
            Request::TakeBack => (self.take_back(conn).await, None),
            Request::PassHost { seat } => (self.pass_host(conn, seat).await, None),
            Request::PlayAgain => (self.play_again(conn).await, None),
            Request::Accept { contribution } => {
                (self.accept(conn, contribution.as_deref()).await, None)
            }
            Request::Chat { text, name } => (self.chat(conn, &text, name.as_deref()).await, None),
        };
        // After a rematch, the game starts once everyone is in.
        if result.is_ok() {
            self.start_when_all_accepted().await;
        }
        if let Err(refusal) = result {
            tracing::debug!(room = %self.id, conn, code = ?refusal.code, message = %refusal.message, "refused");
            metrics::counter!(m::REFUSALS, "code" => refusal.code.name()).increment(1);
            self.send(conn, &messages::error(refusal.code, refusal.message, id));
        }
    }

    /// Registers a connection and tells it the room; its seat, if any.
    fn connect(
        &mut self,
        conn: ConnId,
        token: Option<String>,
        since: Option<EventSeq>,
        wants: Wants,
        outbox: Outbox,
    ) -> Result<Option<Seat>, Full> {
        let hash = token.as_deref().map(TokenHash::of);
        let seat = hash.and_then(|h| self.seat_of(h));
        let host = hash == Some(self.host);
        let spectator = seat.is_none() && !host;
        if spectator && self.spectators() >= self.settings.max_spectators {
            tracing::debug!(room = %self.id, conn, "spectator refused: the room is full");
            return Err(Full);
        }
        self.conns.insert(
            conn,
            Conn {
                seat,
                host,
                host_token: if host { token } else { None },
                outbox,
                kicked: false,
                chat_rate: Default::default(),
                patches: wants.patches,
                board: wants.board,
                held: None,
            },
        );
        if hash.is_some() && seat.is_none() && !host {
            self.send(
                conn,
                &messages::error(
                    ErrorCode::InvalidToken,
                    "this token opens no seat in this room: you are watching as a spectator",
                    None,
                ),
            );
        }
        let welcome = ServerMessage::Welcome {
            protocol: PROTOCOL_VERSION,
            you: You { seat, host },
            room: self.info(),
            chat: self.chat.latest(),
        };
        self.send(conn, &welcome);
        if let Some(game) = &self.game {
            let armed = self.armed();
            let board = self.conns[&conn].board.as_deref();
            let text = messages::catch_up(
                game.table.as_ref(),
                viewer(seat),
                since,
                armed.as_ref(),
                board,
            );
            self.send_text(conn, text);
            self.holds_current_view(conn);
        }
        tracing::debug!(room = %self.id, conn, ?seat, host, "connected");
        Ok(seat)
    }

    /// Sends `conn` the whole game as its seat sees it now.
    fn send_snapshot(&mut self, conn: ConnId) {
        let Some(c) = self.conns.get(&conn) else {
            return;
        };
        if let Some(game) = &self.game {
            let armed = self.armed();
            let text = messages::snapshot(
                game.table.as_ref(),
                viewer(c.seat),
                armed.as_ref(),
                c.board.as_deref(),
            );
            self.send_text(conn, text);
            self.holds_current_view(conn);
        }
    }

    async fn join(
        &mut self,
        conn: ConnId,
        name: &str,
        seat: Option<Seat>,
        answers: &Map<String, Value>,
        contribution: Option<&str>,
    ) -> Result<(), Refusal> {
        if self.status == RoomStatus::Playing {
            return self.take_over(conn, name, seat).await;
        }
        if self.status != RoomStatus::Lobby {
            return Err(Refusal::new(
                ErrorCode::AlreadyStarted,
                "the game is over: seats are closed",
            ));
        }
        let c = &self.conns[&conn];
        let host = c.host;
        if c.seat.is_some() || (host && self.seat_of(self.host).is_some()) {
            return Err(Refusal::new(
                ErrorCode::AlreadySeated,
                "you already have a seat",
            ));
        }
        let name = lobby::clean_name(name).map_err(|m| Refusal::new(ErrorCode::BadName, m))?;
        if self
            .seats
            .iter()
            .flatten()
            .any(|o| lobby::same_name(&o.name, &name))
        {
            return Err(Refusal::new(
                ErrorCode::BadName,
                "someone at this table already has that name",
            ));
        }
        let answers = self
            .entry
            .check_answers(answers)
            .map_err(|e| Refusal::new(e.code(), e.to_string()))?;
        let contribution = checked_contribution(contribution)?;
        let seat = self.free_seat(seat)?;
        let (token, token_hash) = self.new_seat_token(conn);
        let saved = self
            .store
            .write(Write::TakeSeat {
                room_id: self.id.clone(),
                seat,
                token_hash,
                name: name.clone(),
                answers: answers.clone(),
                player: SeatPlayer::PERSON,
                contribution: contribution.clone(),
            })
            .await;
        if let Err(e) = saved {
            return Err(self.store_failed(e, Resync::Join { conn, seat, token }));
        }
        let person = Occupant {
            token: token_hash,
            name,
            answers,
            player: SeatPlayer::PERSON,
            contribution,
            pending: false,
        };
        self.seat_person(conn, seat, token, person);
        tracing::info!(room = %self.id, seat, host, "seat taken");
        Ok(())
    }

    async fn leave(&mut self, conn: ConnId) -> Result<(), Refusal> {
        if self.status != RoomStatus::Lobby {
            return Err(Refusal::new(
                ErrorCode::AlreadyStarted,
                "the game has started: seats are kept",
            ));
        }
        let seat = self.conns[&conn]
            .seat
            .ok_or_else(|| Refusal::new(ErrorCode::NotSeated, "you have no seat to leave"))?;
        let saved = self
            .store
            .write(Write::FreeSeat {
                room_id: self.id.clone(),
                seat,
            })
            .await;
        if let Err(e) = saved {
            return Err(self.store_failed(e, Resync::Nothing));
        }
        self.seats[usize::from(seat)] = None;
        for c in self.conns.values_mut() {
            if c.seat == Some(seat) {
                c.seat = None;
            }
        }
        tracing::info!(room = %self.id, seat, "seat freed");
        Ok(())
    }

    async fn start(&mut self, conn: ConnId) -> Result<(), Refusal> {
        if !self.conns[&conn].host {
            return Err(Refusal::new(
                ErrorCode::NotHost,
                "only the room's host can start the game",
            ));
        }
        self.begin().await
    }

    /// Deals the game, once every seat is taken and accepted.
    async fn begin(&mut self) -> Result<(), Refusal> {
        if self.status != RoomStatus::Lobby {
            return Err(Refusal::new(
                ErrorCode::AlreadyStarted,
                "the game has already started",
            ));
        }
        let profiles = self
            .seats
            .iter()
            .map(|o| {
                o.as_ref().map(|o| PlayerProfile {
                    answers: o.answers.clone(),
                })
            })
            .collect::<Option<Vec<_>>>()
            .ok_or_else(|| {
                Refusal::new(ErrorCode::SeatsNotFilled, "every seat must be taken first")
            })?;
        if let Some(o) = self.seats.iter().flatten().find(|o| o.pending) {
            return Err(Refusal::new(
                ErrorCode::SeatsNotFilled,
                format!("{} has not accepted the new game yet", o.name),
            ));
        }
        let contributions: Vec<String> = self
            .seats
            .iter()
            .flatten()
            .map(|o| o.contribution.clone())
            .collect();
        let game_seed = fairness::game_seed(&self.seed, Some(&contributions));
        let table = (self.entry.start)(&profiles, &self.options, &game_seed)
            .map_err(|e| Refusal::new(ErrorCode::BadOptions, e.to_string()))?;
        let at_ms = self.wall.now_ms();
        let saved = self
            .store
            .write(Write::Start {
                room_id: self.id.clone(),
                setup: profiles,
                contributions,
                at_ms,
            })
            .await;
        if let Err(e) = saved {
            return Err(self.store_failed(e, Resync::Nothing));
        }
        self.game_seed = game_seed;
        self.game = Some(Game {
            table,
            applied: HashSet::new(),
            actions: 0,
        });
        self.status = RoomStatus::Playing;
        if let Some(game) = &self.game {
            self.timer.started(at_ms, &game.table.to_act());
        }
        tracing::info!(room = %self.id, game = self.entry.id, "game started");
        self.broadcast_snapshots();
        self.check_finished().await;
        Ok(())
    }

    async fn act(
        &mut self,
        conn: ConnId,
        id: &str,
        action: &Value,
        received: Instant,
    ) -> Result<(), Refusal> {
        let seat = self.conns[&conn]
            .seat
            .ok_or_else(|| Refusal::new(ErrorCode::NotSeated, "spectators cannot act"))?;
        if id.is_empty() || id.chars().count() > 64 {
            return Err(Refusal::new(
                ErrorCode::BadActionId,
                "an action id has 1 to 64 characters",
            ));
        }
        if id.starts_with(TIMEOUT_ID_PREFIX) || id.starts_with(robots::BOT_ID_PREFIX) {
            return Err(Refusal::new(
                ErrorCode::BadActionId,
                format!(
                    "action ids starting with {TIMEOUT_ID_PREFIX:?} or {:?} are the server's",
                    robots::BOT_ID_PREFIX
                ),
            ));
        }
        // A player who acts is back: a bot standing in steps aside.
        if self.stand_in_of(seat).is_some() {
            self.stand_in(seat, None).await?;
        }
        self.perform(seat, id, action, Source::Player { conn, received })
            .await
    }

    /// Applies, logs and broadcasts one action of `seat`, whoever asked for
    /// it: a player (`act`) or the room's timer (`fire`).
    async fn perform(
        &mut self,
        seat: Seat,
        id: &str,
        action: &Value,
        source: Source,
    ) -> Result<(), Refusal> {
        let Some(game) = &self.game else {
            return Err(Refusal::new(
                ErrorCode::NotStarted,
                "the game has not started",
            ));
        };
        if game.applied.contains(&(seat, id.to_owned())) {
            // A retry of an action already applied: acknowledge it again.
            if let Source::Player { conn, .. } = source {
                self.send(conn, &ServerMessage::Ack { id: id.to_owned() });
            }
            return Ok(());
        }
        if self.status == RoomStatus::Finished {
            return Err(Refusal::new(ErrorCode::GameOver, "the game is over"));
        }
        // Staged on a copy of the game: nothing changes until the action is
        // durable.
        let number = game.actions + 1;
        let staged = game
            .table
            .stage(
                seat,
                action,
                &mut SeededChance::new(&self.game_seed, number),
            )
            .map_err(|error| {
                if let ActError::Panicked(panic) = &error {
                    tracing::error!(
                        room = %self.id, seat, %action, %panic,
                        "the rules panicked; action refused"
                    );
                }
                Refusal::from(error)
            })?;
        let at_ms = self.wall.now_ms();
        let saved = self
            .store
            .write(Write::Action {
                room_id: self.id.clone(),
                seq: number,
                seat,
                client_id: id.to_owned(),
                action: staged.applied().action.clone(),
                at_ms,
                origin: match source {
                    // Whoever plays the seat made it, a person or a bot.
                    Source::Player { .. } | Source::Bot => Origin::Player,
                    Source::Timeout => Origin::Timeout,
                },
            })
            .await;
        if let Err(e) = saved {
            let owed = match source {
                Source::Player { conn, .. } => Resync::Act {
                    conn,
                    seat,
                    id: id.to_owned(),
                },
                Source::Timeout | Source::Bot => Resync::Nothing,
            };
            return Err(self.store_failed(e, owed));
        }
        let before = self.stamp();
        let game = self.game.as_mut().expect("checked above");
        let seen = game.table.last_seq();
        game.table.commit(staged);
        game.actions = number;
        game.applied.insert((seat, id.to_owned()));
        self.timer.acted(seat, at_ms, &game.table.to_act());
        let armed = self.armed();
        self.broadcast_update(before, seen, armed.as_ref());
        if let Source::Player { conn, received } = source {
            metrics::histogram!(m::ACTION_LATENCY).record(received.elapsed().as_secs_f64());
            self.send(conn, &ServerMessage::Ack { id: id.to_owned() });
        }
        metrics::counter!(m::ACTIONS, "game" => self.entry.id).increment(1);
        self.check_finished().await;
        Ok(())
    }

    /// Marks the room finished once the game has an outcome, and saves it.
    async fn check_finished(&mut self) {
        let Some(outcome) = self.game.as_ref().and_then(|g| g.table.outcome()) else {
            return;
        };
        if self.status != RoomStatus::Finished {
            self.status = RoomStatus::Finished;
            self.finished_at = Some(self.wall.now_ms());
            tracing::info!(room = %self.id, winners = ?outcome.winners, reason = %outcome.reason, "game finished");
        }
        self.save_finish_if_needed().await;
    }

    async fn save_finish_if_needed(&mut self) {
        let Some(outcome) = self.game.as_ref().and_then(|g| g.table.outcome()) else {
            return;
        };
        if self.finish_saved {
            return;
        }
        let at_ms = *self.finished_at.get_or_insert_with(|| self.wall.now_ms());
        let write = Write::Finish {
            room_id: self.id.clone(),
            outcome,
            at_ms,
        };
        match self.store.write(write).await {
            Ok(()) => self.finish_saved = true,
            // The log is complete, so a restart derives the outcome again.
            Err(e) => tracing::error!(room = %self.id, error = %e, "could not save the game's end"),
        }
    }

    /// A write failed: the request is refused. When the write's outcome is
    /// unknown the room also re-reads its saved state before going on, and
    /// then gives `owed` the answer that turned out true.
    fn store_failed(&mut self, error: StoreError, owed: Resync) -> Refusal {
        if let StoreError::Fenced { .. } = error {
            // The loop sees the lost lease and sends everyone elsewhere.
            return Refusal::new(
                ErrorCode::RoomMoved,
                "another server runs this room now: reconnect and try again",
            );
        }
        tracing::error!(room = %self.id, error = %error, "store write failed");
        if !matches!(error, StoreError::OutcomeUnknown(_)) {
            return Refusal::internal();
        }
        self.resync = Some(owed);
        Refusal::new(
            ErrorCode::Internal,
            "the server could not confirm that this was saved; the room is re-reading its state",
        )
    }

    /// Rebuilds the room from its saved state (seats, and the game by
    /// replay) after a write of unknown outcome, then tells everyone the
    /// truth: a fresh snapshot, and the `joined` or `ack` still owed. Leaves
    /// `resync` set if the store cannot be read yet.
    async fn try_resync(&mut self) {
        let record = match self.store.load_room(&self.id).await {
            Ok(Some(record)) => record,
            Ok(None) => {
                tracing::error!(room = %self.id, "the room vanished from the store");
                return;
            }
            Err(e) => {
                tracing::debug!(room = %self.id, error = %e, "cannot re-read the room yet");
                return;
            }
        };
        let fresh = match Room::restore(record, self.store.clone()) {
            Ok(fresh) => fresh,
            Err(e) => {
                tracing::error!(room = %self.id, error = %e, "the room's saved state does not replay");
                return;
            }
        };
        let owed = self.resync.take().expect("called while resyncing");
        self.seats = fresh.seats;
        self.game = fresh.game;
        self.status = fresh.status;
        self.finish_saved = fresh.finish_saved;
        self.timer = fresh.timer;
        self.seed = fresh.seed;
        self.game_seed = fresh.game_seed;
        self.game_number = fresh.game_number;
        self.past = fresh.past;
        self.finished_at = fresh.finished_at;
        tracing::warn!(room = %self.id, "room re-read from the store after a write of unknown outcome");
        match owed {
            Resync::Join { conn, seat, token } => self.settle_join(conn, seat, token).await,
            Resync::Act { conn, seat, id } => {
                self.broadcast_snapshots();
                if self
                    .game
                    .as_ref()
                    .is_some_and(|g| g.applied.contains(&(seat, id.clone())))
                {
                    self.send(conn, &ServerMessage::Ack { id });
                }
            }
            Resync::Nothing => self.broadcast_snapshots(),
        }
    }

    /// Everyone gets the whole game afresh as its seat sees it, with the
    /// deadline armed now: each text made once per viewer and board held.
    fn broadcast_snapshots(&mut self) {
        let Some(game) = &self.game else { return };
        let armed = self.armed();
        let table = game.table.as_ref();
        let mut texts: HashMap<(Viewer, Option<&str>), Utf8Bytes> = HashMap::new();
        let mut targets = Vec::with_capacity(self.conns.len());
        for (id, c) in &self.conns {
            let key = (viewer(c.seat), c.board.as_deref());
            let text = texts
                .entry(key)
                .or_insert_with(|| messages::snapshot(table, key.0, armed.as_ref(), key.1));
            targets.push((*id, text.clone()));
        }
        for (conn, text) in targets {
            self.send_text(conn, text);
            self.holds_current_view(conn);
        }
    }

    /// A join whose outcome was unknown turned out saved: the joiner gets
    /// the seat and its token after all, or, if the joiner has gone, the
    /// seat is freed (nobody else could ever use its token).
    async fn settle_join(&mut self, conn: ConnId, seat: Seat, token: String) {
        let hash = TokenHash::of(&token);
        if self.seat_of(hash) != Some(seat) {
            return;
        }
        if self.conns.contains_key(&conn) {
            let host = hash == self.host;
            for (id, c) in &mut self.conns {
                if *id == conn || (host && c.host) {
                    c.seat = Some(seat);
                }
            }
            self.send(conn, &ServerMessage::Joined { seat, token });
            return;
        }
        let write = Write::FreeSeat {
            room_id: self.id.clone(),
            seat,
        };
        match self.store.write(write).await {
            Ok(()) => self.seats[usize::from(seat)] = None,
            Err(e) => {
                tracing::error!(room = %self.id, seat, error = %e, "cannot free an orphaned seat")
            }
        }
    }

    /// Puts the person of `conn` in `seat` (their seat is saved already):
    /// every connection of theirs plays it now, and `conn` gets its token.
    fn seat_person(&mut self, conn: ConnId, seat: Seat, token: String, person: Occupant) {
        let host = person.token == self.host;
        self.seats[usize::from(seat)] = Some(person);
        for (id, c) in &mut self.conns {
            if *id == conn || (host && c.host) {
                c.seat = Some(seat);
            }
        }
        self.send(conn, &ServerMessage::Joined { seat, token });
    }

    /// The token for a seat `conn` takes: the host's own (a host's seat is
    /// bound to the host token), or a new one, the only way back into the
    /// seat.
    fn new_seat_token(&self, conn: ConnId) -> (String, TokenHash) {
        let c = &self.conns[&conn];
        match (c.host, &c.host_token) {
            (true, Some(token)) => (token.clone(), self.host),
            _ => {
                let token = new_token();
                let hash = TokenHash::of(&token);
                (token, hash)
            }
        }
    }

    fn seat_of(&self, token: TokenHash) -> Option<Seat> {
        self.seats
            .iter()
            .position(|o| o.as_ref().is_some_and(|o| o.token == token))
            .map(|s| s as Seat)
    }

    /// The room as everyone may see it.
    pub fn info(&self) -> RoomInfo {
        RoomInfo {
            id: self.id.clone(),
            game: self.entry.id.to_owned(),
            status: self.status,
            seats: self
                .seats
                .iter()
                .enumerate()
                .map(|(seat, occupant)| {
                    let seat = seat as Seat;
                    SeatInfo {
                        seat,
                        name: occupant.as_ref().map(|o| o.name.clone()),
                        connected: self.conns.values().any(|c| c.seat == Some(seat)),
                        host: occupant.as_ref().is_some_and(|o| o.token == self.host),
                        bot: occupant.as_ref().and_then(|o| {
                            o.player.bot.map(|level| SeatBot {
                                level,
                                stand_in: o.player.human,
                            })
                        }),
                        pending: occupant.as_ref().is_some_and(|o| o.pending),
                    }
                })
                .collect(),
            host_connected: self.conns.values().any(|c| c.host),
            spectators: self.spectators() as u32,
            seed_commitment: fairness::commitment(&self.seed),
            server_seed: (self.status == RoomStatus::Finished).then(|| hex::encode(self.seed)),
            code: self
                .code
                .as_deref()
                .filter(|_| self.status == RoomStatus::Lobby)
                .map(crate::ids::show_room_code),
            clock: self.timer.clock(),
            game_number: self.game_number,
            history: self.history(),
            // Only `GET /api/rooms/{id}` adds it (http.rs).
            game_info: None,
        }
    }

    /// Queues a message for one connection, marking it for removal if it
    /// cannot take more.
    fn send(&mut self, conn: ConnId, message: &ServerMessage) {
        let text = messages::text(message);
        self.send_text(conn, text);
    }

    /// A connection that missed a message (its outbox was full) is sent
    /// nothing after it: no later message, a patch least of all, may reach
    /// it without the one before.
    fn send_text(&mut self, conn: ConnId, text: Utf8Bytes) {
        if let Some(c) = self.conns.get_mut(&conn) {
            if !c.kicked && !c.outbox.offer(text) {
                c.kicked = true;
                c.held = None;
            }
        }
    }

    /// After a command: drops connections that could not keep up, and tells
    /// everyone about changes to the room. Changes to seats, names, host or
    /// status go out at once; presence-only changes wait for the next
    /// [`PRESENCE_INTERVAL`] tick ([`Room::flush_presence`]).
    /// `already_told` got the current room in its `welcome`.
    fn settle(&mut self, already_told: Option<ConnId>) {
        self.drop_slow();
        let now = self.info();
        let Some(told) = &self.told else {
            return self.tell(now, already_told);
        };
        // Back to what everyone heard: the pending flush (if any) stays
        // armed, finds nothing to say and says nothing. Disarming it here
        // would let a crowd hovering around one count put it off forever.
        if *told == now {
            return;
        }
        if only_presence_differs(told, &now) {
            self.presence_due
                .get_or_insert_with(|| tokio::time::Instant::now() + PRESENCE_INTERVAL);
        } else {
            self.tell(now, already_told);
        }
    }

    /// Sends the pending presence change (the latest room, whatever piled
    /// up since the first change).
    fn flush_presence(&mut self) {
        self.presence_due = None;
        let now = self.info();
        if self.told.as_ref() != Some(&now) {
            self.tell(now, None);
        }
    }

    /// Sends everyone but `already_told` the room as it is now.
    fn tell(&mut self, mut now: RoomInfo, mut already_told: Option<ConnId>) {
        self.presence_due = None;
        loop {
            let text = messages::text(&ServerMessage::Room { room: now.clone() });
            let targets: Vec<ConnId> = self
                .conns
                .keys()
                .copied()
                .filter(|c| Some(*c) != already_told)
                .collect();
            for conn in targets {
                self.send_text(conn, text.clone());
            }
            self.told = Some(now);
            // Dropping a connection that could not take it changes presence:
            // that change waits for the next tick like any other.
            if !self.drop_slow() {
                return;
            }
            now = self.info();
            match &self.told {
                Some(told) if *told == now => return,
                Some(told) if only_presence_differs(told, &now) => {
                    self.presence_due = Some(tokio::time::Instant::now() + PRESENCE_INTERVAL);
                    return;
                }
                _ => {}
            }
            already_told = None;
        }
    }

    /// Removes the connections whose outbox overflowed; whether there were
    /// any.
    fn drop_slow(&mut self) -> bool {
        let slow: Vec<ConnId> = self
            .conns
            .iter()
            .filter(|(_, c)| c.kicked)
            .map(|(id, _)| *id)
            .collect();
        for conn in &slow {
            if let Some(c) = self.conns.remove(conn) {
                c.outbox.drop_connection();
                metrics::counter!(m::SLOW_DROPS).increment(1);
            }
            tracing::debug!(room = %self.id, conn, "connection dropped: its outbox is full");
        }
        !slow.is_empty()
    }
}

/// Whether `before` and `after` differ only in who is connected and how many
/// watch.
fn only_presence_differs(before: &RoomInfo, after: &RoomInfo) -> bool {
    let strip = |info: &RoomInfo| {
        let mut info = info.clone();
        info.host_connected = false;
        info.spectators = 0;
        for seat in &mut info.seats {
            seat.connected = false;
        }
        info
    };
    strip(before) == strip(after)
}

/// A player's contribution to a seed as sent (none is empty), checked.
fn checked_contribution(contribution: Option<&str>) -> Result<String, Refusal> {
    let contribution = contribution.unwrap_or_default().to_owned();
    if !contribution.is_empty() {
        fairness::check_contribution(&contribution)
            .map_err(|m| Refusal::new(ErrorCode::BadMessage, m))?;
    }
    Ok(contribution)
}

/// Waits until `at`, or forever when nothing is armed.
async fn sleep_until_some(at: Option<tokio::time::Instant>) {
    match at {
        Some(at) => tokio::time::sleep_until(at).await,
        None => std::future::pending().await,
    }
}

fn viewer(seat: Option<Seat>) -> Viewer {
    seat.map_or(Viewer::Spectator, Viewer::Seat)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ids::new_room_id;
    use crate::room::{Inbox, RoomHandle};
    use crate::store::{NewRoom, StoreWriter};
    use cubicle_protocol::ServerMessage;

    /// A fresh store holding one two-seat Osaki room (seed 7s, host token
    /// "host"), and the room's id.
    async fn stored_room() -> (tempfile::TempDir, Store, StoreWriter, String) {
        let dir = tempfile::tempdir().unwrap();
        let (store, writer) =
            Store::open(&format!("sqlite://{}", dir.path().join("t.db").display()))
                .await
                .unwrap();
        let id = new_room_id();
        store
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
        (dir, store, writer, id)
    }

    async fn lobby() -> (tempfile::TempDir, Store, StoreWriter, RoomHandle) {
        let (dir, store, writer, id) = stored_room().await;
        let room = Registry::new(store.clone()).get(&id).await.unwrap();
        (dir, store, writer, room)
    }

    fn parse(text: Utf8Bytes) -> ServerMessage {
        serde_json::from_str(text.as_str()).unwrap()
    }

    #[tokio::test]
    async fn a_connection_whose_outbox_is_full_is_dropped_not_waited_for() {
        let (_dir, _store, _writer, room) = lobby().await;
        // Room for one message: the welcome fills it, and it is never read.
        let (slow, mut slow_inbox) = Outbox::channel(1);
        room.connect(1, None, None, slow).await.unwrap();
        // The next arrival is broadcast to everyone: the slow one overflows.
        let (fast, mut fast_inbox) = Outbox::channel(16);
        room.connect(2, None, None, fast).await.unwrap();
        // Presence goes out on the next tick, and the drop it causes on the
        // tick after.
        tokio::time::sleep(PRESENCE_INTERVAL * 3).await;

        let info = room.info().await.unwrap();
        assert_eq!(info.spectators, 1, "the slow connection left the room");
        assert!(slow_inbox.dropped.is_cancelled(), "and was told to close");
        assert!(matches!(
            parse(slow_inbox.messages.recv().await.unwrap()),
            ServerMessage::Welcome { .. }
        ));
        assert!(
            slow_inbox.messages.recv().await.is_none(),
            "nothing more is queued for it"
        );
        // The fast one got its welcome, then the room without the slow one.
        assert!(matches!(
            parse(fast_inbox.messages.recv().await.unwrap()),
            ServerMessage::Welcome { .. }
        ));
        let mut last = None;
        while let Ok(text) = fast_inbox.messages.try_recv() {
            match parse(text) {
                ServerMessage::Room { room } => last = Some(room.spectators),
                other => panic!("expected a room update, got {other:?}"),
            }
        }
        assert_eq!(last, Some(1));
        assert!(!fast_inbox.dropped.is_cancelled());
    }

    #[tokio::test]
    async fn the_host_is_not_counted_as_a_spectator() {
        let (_dir, _store, _writer, room) = lobby().await;
        let (host, _host_inbox) = Outbox::channel(16);
        room.connect(1, Some("host".into()), None, host)
            .await
            .unwrap();
        assert_eq!(room.info().await.unwrap().spectators, 0);
        let (watcher, _watcher_inbox) = Outbox::channel(16);
        room.connect(2, None, None, watcher).await.unwrap();
        assert_eq!(room.info().await.unwrap().spectators, 1);
    }

    #[tokio::test]
    async fn presence_changes_are_coalesced() {
        let (_dir, _store, _writer, room) = lobby().await;
        let (watcher, mut inbox) = Outbox::channel(16);
        room.connect(1, None, None, watcher).await.unwrap();
        assert!(matches!(
            parse(inbox.messages.recv().await.unwrap()),
            ServerMessage::Welcome { .. }
        ));
        // Fifty spectators come and go, more than the watcher's outbox holds.
        for conn in 2..52 {
            let (outbox, _inbox) = Outbox::channel(16);
            room.connect(conn, None, None, outbox).await.unwrap();
            room.disconnect(conn).await;
        }
        let (stays, _stays_inbox) = Outbox::channel(16);
        room.connect(99, None, None, stays).await.unwrap();
        tokio::time::sleep(PRESENCE_INTERVAL * 2).await;
        let mut rooms = Vec::new();
        while let Ok(text) = inbox.messages.try_recv() {
            match parse(text) {
                ServerMessage::Room { room } => rooms.push(room.spectators),
                other => panic!("expected a room update, got {other:?}"),
            }
        }
        assert!(!inbox.dropped.is_cancelled(), "the watcher was not dropped");
        assert!(rooms.len() <= 2, "{} room messages", rooms.len());
        assert_eq!(rooms.last(), Some(&2), "the latest room went out");
    }

    #[tokio::test]
    async fn a_refused_write_changes_nothing() {
        let (_dir, store, writer, room) = lobby().await;
        let (outbox, mut inbox) = Outbox::channel(16);
        room.connect(1, Some("host".into()), None, outbox)
            .await
            .unwrap();
        assert!(matches!(
            parse(inbox.messages.recv().await.unwrap()),
            ServerMessage::Welcome { .. }
        ));
        // The store goes away: joining must fail with Internal and leave the
        // seat free.
        store.close(writer).await;
        room.request(
            1,
            Request::Join {
                name: "Aki".into(),
                seat: None,
                answers: Map::new(),
                contribution: None,
            },
        )
        .await
        .unwrap();
        match parse(inbox.messages.recv().await.unwrap()) {
            ServerMessage::Error { code, .. } => assert_eq!(code, ErrorCode::Internal),
            other => panic!("expected an error, got {other:?}"),
        }
        let info = room.info().await.unwrap();
        assert!(info.seats.iter().all(|s| s.name.is_none()));
    }

    /// The next message that is not a room broadcast.
    async fn next(inbox: &mut Inbox) -> ServerMessage {
        loop {
            match parse(inbox.messages.recv().await.expect("a message")) {
                ServerMessage::Room { .. } => continue,
                other => return other,
            }
        }
    }

    #[tokio::test]
    async fn an_action_the_store_cannot_commit_is_refused_and_changes_nothing() {
        let (_dir, store, writer, room) = lobby().await;
        let mut inboxes = Vec::new();
        for (conn, token) in [(1, Some("host".to_owned())), (2, None)] {
            let (outbox, mut inbox) = Outbox::channel(64);
            room.connect(conn, token, None, outbox).await.unwrap();
            assert!(matches!(
                next(&mut inbox).await,
                ServerMessage::Welcome { .. }
            ));
            let join = Request::Join {
                name: format!("P{conn}"),
                seat: None,
                answers: Map::new(),
                contribution: None,
            };
            room.request(conn, join).await.unwrap();
            assert!(matches!(
                next(&mut inbox).await,
                ServerMessage::Joined { .. }
            ));
            inboxes.push(inbox);
        }
        room.request(1, Request::Start).await.unwrap();
        let mut games = Vec::new();
        for inbox in &mut inboxes {
            match next(inbox).await {
                ServerMessage::Snapshot { game } => games.push(game),
                other => panic!("expected a snapshot, got {other:?}"),
            }
        }
        let actor = games.iter().position(|g| !g.legal.is_empty()).unwrap();
        let action = games[actor].legal[0].clone();

        store.close(writer).await;
        let act = Request::Act {
            id: "x".into(),
            action,
            received: Instant::now(),
        };
        room.request(actor as ConnId + 1, act).await.unwrap();
        match next(&mut inboxes[actor]).await {
            ServerMessage::Error { code, id, .. } => {
                assert_eq!((code, id.as_deref()), (ErrorCode::Internal, Some("x")));
            }
            other => panic!("expected an error, got {other:?}"),
        }
        // Nobody heard of the action, and a fresh look shows the game unchanged.
        let (outbox, mut inbox) = Outbox::channel(64);
        let token = (actor == 0).then(|| "host".to_owned());
        room.connect(9, token, None, outbox).await.unwrap();
        assert!(matches!(
            next(&mut inbox).await,
            ServerMessage::Welcome { .. }
        ));
        match next(&mut inbox).await {
            ServerMessage::Snapshot { game } if actor == 0 => assert_eq!(game, games[0]),
            ServerMessage::Snapshot { game } => assert_eq!(game.seq, games[0].seq),
            other => panic!("expected a snapshot, got {other:?}"),
        }
        for inbox in &mut inboxes {
            while let Ok(text) = inbox.messages.try_recv() {
                let message = parse(text);
                assert!(
                    matches!(
                        message,
                        ServerMessage::Room { .. } | ServerMessage::Error { .. }
                    ),
                    "{message:?}"
                );
            }
        }
    }

    /// A room playing `table` with seat 0 connected as conn 1, stored so
    /// that its actions can be written, and the connection's inbox.
    async fn playing(
        table: Box<dyn Table>,
    ) -> (tempfile::TempDir, Store, StoreWriter, Room, Inbox) {
        let (dir, store, writer, id) = stored_room().await;
        let (outbox, inbox) = Outbox::channel(64);
        let (bot_tx, bot_rx) = mpsc::channel(robots::MOVES_QUEUE);
        let room = Room {
            id,
            entry: catalog::find("osaki").unwrap(),
            options: Value::Null,
            seed: [7; 32],
            game_seed: [7; 32],
            code: None,
            host: TokenHash::of("host"),
            status: RoomStatus::Playing,
            game_number: 1,
            past: Vec::new(),
            finished_at: None,
            chat: Default::default(),
            seats: (0..2).map(|_| None).collect(),
            game: Some(Game {
                table,
                applied: HashSet::new(),
                actions: 0,
            }),
            conns: BTreeMap::from([(
                1,
                Conn {
                    seat: Some(0),
                    host: false,
                    host_token: None,
                    outbox,
                    kicked: false,
                    chat_rate: Default::default(),
                    patches: false,
                    board: None,
                    held: None,
                },
            )]),
            store: store.clone(),
            finish_saved: false,
            resync: None,
            settings: RoomSettings::default(),
            bot_tx,
            bot_rx: Some(bot_rx),
            thinking: None,
            bot_stuck: None,
            waiting: HashSet::new(),
            told: None,
            presence_due: None,
            views: HashMap::new(),
            published: gauges::Published::default(),
            timer: Timer::new(None),
            wall: WallClock::system(),
            retry_timeout_at: None,
        };
        (dir, store, writer, room, inbox)
    }

    #[tokio::test]
    async fn a_panic_in_the_rules_refuses_the_action_and_the_room_plays_on() {
        let (_dir, _store, _writer, mut room, mut inbox) =
            playing(cubicle_games::testing::fragile_table(1)).await;
        let act = |id: &str, action: &str| Request::Act {
            id: id.into(),
            action: serde_json::json!(action),
            received: Instant::now(),
        };
        room.request(1, act("boom", "explode")).await;
        match next(&mut inbox).await {
            ServerMessage::Error { code, id, .. } => {
                assert_eq!((code, id.as_deref()), (ErrorCode::Internal, Some("boom")));
            }
            other => panic!("expected an error, got {other:?}"),
        }
        assert!(inbox.messages.try_recv().is_err(), "nobody heard of it");
        assert_eq!(room.game.as_ref().unwrap().actions, 0, "nothing committed");

        // The same seat plays on; the half-done count of the panic is gone.
        room.request(1, act("next", "add")).await;
        match next(&mut inbox).await {
            ServerMessage::Update { update } => {
                assert_eq!(update.seq, 1);
                assert_eq!(update.view, serde_json::json!(1));
            }
            other => panic!("expected an update, got {other:?}"),
        }
        assert!(matches!(next(&mut inbox).await, ServerMessage::Ack { .. }));
        assert_eq!(room.game.as_ref().unwrap().actions, 1);
    }
}
