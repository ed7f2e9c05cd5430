//! Rooms: one actor task per room.
//!
//! A room's state (seats, the game's [`Table`](cubicle_games::Table), who is
//! connected) is owned by a single task, [`actor::Room::run`], which handles
//! one [`Command`] at a time. Connections talk to it through a
//! [`RoomHandle`]; it talks back through each connection's bounded outbox,
//! never waiting for a slow connection (see `actor.rs`).

mod actor;
mod clock;

pub(crate) use clock::split_options;
mod lobby;
mod messages;
pub mod patch;
#[cfg(test)]
mod patch_tests;
mod robots;
#[cfg(test)]
mod timeout_tests;

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use axum::extract::ws::Utf8Bytes;
use cubicle_protocol::{AwayChoice, BotLevel, EventSeq, RoomInfo, Seat};
use serde_json::{Map, Value};
use tokio::sync::{mpsc, oneshot};
use tokio_util::sync::CancellationToken;

pub use actor::{RestoreError, Room, RoomSettings, DEFAULT_MAX_SPECTATORS, PRESENCE_INTERVAL};
pub use clock::with_clock;
pub use messages::{text, ViewPart};

/// The `update` a connection of `viewer` gets after the events past
/// `after`: the view whole, or as `patch` ([`patch::view_patch`]) from the
/// one it holds; no deadline armed. What the room sends (`messages.rs`),
/// for the benches (`server/benches/patch.rs`).
pub fn update_text(
    table: &dyn cubicle_games::Table,
    viewer: cubicle_games::Viewer,
    after: EventSeq,
    patch: Option<Box<serde_json::value::RawValue>>,
) -> Utf8Bytes {
    match patch {
        Some(patch) => messages::update_with(table, viewer, after, None, ViewPart::Patch(patch)),
        None => messages::update(table, viewer, after, None),
    }
}
pub use robots::BotSettings;

/// Identifies one WebSocket connection inside the server.
pub type ConnId = u64;

/// A fresh connection id.
pub fn next_conn_id() -> ConnId {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

/// Where a room puts the serialized messages for one connection: a bounded
/// queue the room never waits on, and a signal that the room dropped the
/// connection (its queue overflowed), which the connection's task heeds even
/// while it is stuck writing to a slow socket.
#[derive(Clone)]
pub struct Outbox {
    tx: mpsc::Sender<Utf8Bytes>,
    dropped: CancellationToken,
    moved: CancellationToken,
}

/// The connection's end of its [`Outbox`].
pub struct Inbox {
    pub messages: mpsc::Receiver<Utf8Bytes>,
    /// Cancelled when the room drops the connection for being too slow.
    pub dropped: CancellationToken,
    /// Cancelled when the room stops because another node serves it now:
    /// once the queued messages are sent, the client is told to reconnect.
    pub moved: CancellationToken,
}

impl Outbox {
    pub fn channel(capacity: usize) -> (Outbox, Inbox) {
        let (tx, messages) = mpsc::channel(capacity);
        let dropped = CancellationToken::new();
        let moved = CancellationToken::new();
        (
            Outbox {
                tx,
                dropped: dropped.clone(),
                moved: moved.clone(),
            },
            Inbox {
                messages,
                dropped,
                moved,
            },
        )
    }

    /// Queues a message; `false` if the queue is full or the connection gone.
    fn offer(&self, text: Utf8Bytes) -> bool {
        self.tx.try_send(text).is_ok()
    }

    fn drop_connection(&self) {
        self.dropped.cancel();
    }

    fn room_moved(&self) {
        self.moved.cancel();
    }
}

/// Commands queued for a room actor before it makes them wait.
const COMMAND_QUEUE: usize = 256;

/// What a connection's `hello` asked for besides its seat and resume point
/// (docs/protocol.md, `hello`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Wants {
    /// Updates with the view as a patch (`hello.patches`).
    pub patches: bool,
    /// The digest of the board it holds (`hello.board`): its snapshots may
    /// leave that board out (`boards.rs`).
    pub board: Option<String>,
}

/// What a room actor is asked to do.
pub enum Command {
    /// A connection said hello. The room sends it `welcome` (and the game,
    /// if any) through `outbox`, then acknowledges on `reply`.
    Connect {
        conn: ConnId,
        token: Option<String>,
        since: Option<EventSeq>,
        wants: Wants,
        outbox: Outbox,
        /// `Err` when the room refused the connection (its spectator seats
        /// are all taken): nothing was sent to `outbox`.
        reply: oneshot::Sender<Result<(), Full>>,
    },
    Disconnect {
        conn: ConnId,
    },
    /// A request from a connected client; answers go to its outbox.
    Request {
        conn: ConnId,
        request: Request,
    },
    /// The room as the HTTP API shows it.
    Info {
        reply: oneshot::Sender<RoomInfo>,
    },
    /// Finish the current command and stop (server shutdown).
    Stop,
    /// Another node serves the room now, or asked for it: tell every
    /// connection to reconnect, and stop.
    Moved,
}

/// The client requests a room handles.
#[derive(Debug)]
pub enum Request {
    Join {
        name: String,
        seat: Option<Seat>,
        /// Unchecked answers to the game's join questions, by question id.
        answers: Map<String, Value>,
        /// Unchecked share of the game's seed (docs/fairness.md).
        contribution: Option<String>,
    },
    Leave,
    Start,
    Act {
        id: String,
        action: Value,
        /// When the connection received it, for the latency histogram.
        received: Instant,
    },
    AddBot {
        seat: Option<Seat>,
        level: BotLevel,
    },
    RemoveBot {
        seat: Seat,
    },
    RemoveEmptySeats,
    Away {
        seat: Seat,
        choice: AwayChoice,
        level: Option<BotLevel>,
    },
    TakeBack,
    PassHost {
        seat: Seat,
    },
    PlayAgain,
    Accept {
        /// Unchecked share of the next game's seed.
        contribution: Option<String>,
    },
    Chat {
        /// Unchecked text.
        text: String,
        /// A spectator's name, unchecked.
        name: Option<String>,
    },
}

/// The room's actor has stopped (idle unload or shutdown); ask the registry
/// again.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the room's actor has stopped")]
pub struct Gone;

/// The room already has as many spectators as it allows; seated players and
/// the host are never refused this way.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the room has as many spectators as it allows")]
pub struct Full;

/// Why a connection could not enter a room.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ConnectError {
    #[error(transparent)]
    Gone(#[from] Gone),
    #[error(transparent)]
    Full(#[from] Full),
}

/// Sends commands to one room's actor.
#[derive(Clone)]
pub struct RoomHandle {
    tx: mpsc::Sender<Command>,
}

impl RoomHandle {
    pub(crate) fn channel() -> (RoomHandle, mpsc::Receiver<Command>) {
        let (tx, rx) = mpsc::channel(COMMAND_QUEUE);
        (RoomHandle { tx }, rx)
    }

    /// Whether the actor has stopped taking commands.
    pub fn is_closed(&self) -> bool {
        self.tx.is_closed()
    }

    /// [`RoomHandle::connect_with`] for a connection that wants every
    /// update's view whole.
    pub async fn connect(
        &self,
        conn: ConnId,
        token: Option<String>,
        since: Option<EventSeq>,
        outbox: Outbox,
    ) -> Result<(), ConnectError> {
        self.connect_with(conn, token, since, Wants::default(), outbox)
            .await
    }

    /// Registers a connection that said hello with `token`, `since` and
    /// what else it asked for (docs/protocol.md, `hello`).
    pub async fn connect_with(
        &self,
        conn: ConnId,
        token: Option<String>,
        since: Option<EventSeq>,
        wants: Wants,
        outbox: Outbox,
    ) -> Result<(), ConnectError> {
        let (reply, answer) = oneshot::channel();
        self.send(Command::Connect {
            conn,
            token,
            since,
            wants,
            outbox,
            reply,
        })
        .await?;
        answer.await.map_err(|_| Gone)??;
        Ok(())
    }

    pub async fn disconnect(&self, conn: ConnId) {
        // A stopped room has forgotten the connection already.
        let _ = self.send(Command::Disconnect { conn }).await;
    }

    pub async fn request(&self, conn: ConnId, request: Request) -> Result<(), Gone> {
        self.send(Command::Request { conn, request }).await
    }

    pub async fn info(&self) -> Result<RoomInfo, Gone> {
        let (reply, answer) = oneshot::channel();
        self.send(Command::Info { reply }).await?;
        answer.await.map_err(|_| Gone)
    }

    pub async fn stop(&self) {
        let _ = self.send(Command::Stop).await;
    }

    /// The room is to be served elsewhere (see [`Command::Moved`]).
    pub async fn moved(&self) {
        let _ = self.send(Command::Moved).await;
    }

    async fn send(&self, command: Command) -> Result<(), Gone> {
        self.tx.send(command).await.map_err(|_| Gone)
    }
}
