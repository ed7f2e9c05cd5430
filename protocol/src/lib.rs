//! Cubicle's wire vocabulary.
//!
//! Everything a client (the browser, a bot, a load tester) needs to speak to
//! the server: the WebSocket envelope ([`ClientMessage`], [`ServerMessage`]),
//! the HTTP bodies, and, in one module per game, that game's actions, views
//! and events. This crate holds types only: no rules, no I/O.
//!
//! Game-specific payloads travel inside the envelope as JSON values so that
//! the envelope does not change when a game is added; a typed client turns
//! them into the game's own types with `serde_json::from_value`.
//!
//! docs/protocol.md documents every message with an example. With the
//! `schema` feature, the `schema` module builds the JSON Schema of all of
//! it (the server serves it at `GET /api/schema`).

pub mod dilbert;
pub mod office21;
pub mod osaki;
pub mod record;
#[cfg(feature = "schema")]
pub mod schema;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// Version of the WebSocket protocol. A client says which version it speaks
/// in [`ClientMessage::Hello`]; the server refuses others.
///
/// 2: Office 21 events are tagged `kind` (as Osaki's are), not `event`;
/// `leave`, `start` and `ping` refuse unknown fields like every other message.
///
/// 3: an Osaki tile is one string, `"character:task"`, not an object, and
/// an Osaki area has no `tiles` count (2026-12-05): a page of version 2
/// would draw nothing on a turned tile, so it is told to reload instead.
pub const PROTOCOL_VERSION: u32 = 3;

/// A seat at a table, numbered from 0 in turn order (clockwise).
pub type Seat = u8;

/// Number of an event in a room's log. The first event is 1; 0 means
/// "nothing yet".
pub type EventSeq = u64;

/// Messages a client sends over the room WebSocket (`/ws/rooms/{room_id}`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMessage {
    /// First message on every connection. `token` identifies the sender
    /// (the host token from room creation or a seat token from
    /// [`ServerMessage::Joined`]); without it the connection is a spectator.
    /// `since` is the last event number the client already has; the server
    /// then sends only what came after (or a fresh snapshot). `patches`
    /// asks for updates whose view is a difference from the previous one
    /// ([`GameUpdate::view_patch`]); without it every update carries the
    /// whole view. `board` is the digest of a game board the client holds
    /// (fetched from `/boards/{game}.{digest}.json`, which a room page
    /// names): a snapshot of a game with exactly that board then leaves its
    /// [`GameSnapshot::board`] out.
    Hello {
        protocol: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        token: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        since: Option<EventSeq>,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        patches: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        board: Option<String>,
    },
    /// Take a free seat before the game starts. `seat` picks one (else the
    /// lowest free seat). `answers` answers the game's join questions
    /// ([`GameInfo::join_questions`]), by question id; the server checks each
    /// answer against its question before the seat is taken.
    Join {
        name: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seat: Option<Seat>,
        #[serde(default, skip_serializing_if = "Map::is_empty")]
        answers: Map<String, Value>,
        /// The player's share of the game's seed: 1 to 64 lowercase hex
        /// digits the client chose at random (the web client sends 32). The
        /// deal comes from the server's committed seed and every seat's
        /// contribution, so no one alone chooses it (docs/fairness.md).
        /// Ignored when taking over a seat during the game: the deal is done.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        contribution: Option<String>,
    },
    /// Give up one's seat before the game starts. (Field-less variants are
    /// written as empty structs so that `deny_unknown_fields` refuses
    /// `{"type": "leave", "extra": 1}`; `{"type": "leave"}` is unchanged.)
    Leave {},
    /// The host starts the game once every seat is taken.
    Start {},
    /// A game action. `id` is chosen by the client (1 to 64 characters) and
    /// makes retries safe: an id already applied for this seat is
    /// acknowledged again and not applied twice.
    Act { id: String, action: Value },
    /// Keep-alive; answered by [`ServerMessage::Pong`].
    Ping {},
    /// The host seats a computer player before the game starts: in `seat`
    /// (else the lowest free seat), playing at `level`.
    AddBot {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seat: Option<Seat>,
        level: BotLevel,
    },
    /// The host takes the computer player out of `seat` before the game
    /// starts; the seat is free again.
    RemoveBot { seat: Seat },
    /// The host removes every free seat before the game starts, so that it
    /// can start with who is there. Seated players keep their order and are
    /// numbered again from 0 (each hears its new seat in
    /// [`ServerMessage::You`]). Refused below the game's minimum.
    RemoveEmptySeats {},
    /// The host decides for a seat whose player is away (no connection)
    /// during the game: see [`AwayChoice`].
    Away {
        seat: Seat,
        choice: AwayChoice,
        /// The level of the computer player for `bot` and `open` (easy if
        /// absent).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        level: Option<BotLevel>,
    },
    /// The seat's own player takes the seat back from the computer player
    /// standing in for it. (Connecting or acting does the same.)
    TakeBack {},
    /// The host hands the host's rights to the player in `seat`; the
    /// sender keeps its own seat.
    PassHost { seat: Seat },
    /// Once the game is over, a seated player (or the host) offers the same
    /// players a new game in the same room: the room goes back to its
    /// lobby with the same seats, a new seed and its new commitment, and
    /// every person's seat `pending` until they `accept` (or `leave`,
    /// which frees the seat). Refused with `game_not_over` before the end.
    PlayAgain {},
    /// A seated player accepts the new game `play_again` offered, adding a
    /// contribution to its seed (as in `join`; sent after the new
    /// commitment was published). Once every seat is taken and none is
    /// pending, the game starts by itself.
    Accept {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        contribution: Option<String>,
    },
    /// A line of table chat, to everyone in the room (seats and
    /// spectators). Plain text, 1 to [`MAX_CHAT_CHARS`] characters, no
    /// control characters. A seated player (or the host) speaks under the
    /// seat's (or "Host") name; a spectator gives a `name` (as in `join`).
    /// The room keeps the latest [`CHAT_HISTORY`] lines.
    Chat {
        text: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name: Option<String>,
    },
}

/// Longest chat line, in characters.
pub const MAX_CHAT_CHARS: usize = 500;
/// Chat lines a room keeps and sends in `welcome`.
pub const CHAT_HISTORY: usize = 100;

/// One line of table chat.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct ChatLine {
    /// Number of the line in its room, from 1.
    pub id: u64,
    /// When the room received it (Unix epoch ms).
    pub at_ms: u64,
    /// The speaker's seat; `None` for a spectator or the unseated host.
    pub seat: Option<Seat>,
    /// The speaker's name, as text. Render as text, never as HTML.
    pub name: String,
    /// Whether the speaker was watching (no seat, not the host).
    pub spectator: bool,
    pub text: String,
}

/// What the host chooses for a seat whose player is away.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum AwayChoice {
    /// Keep waiting for the player: no computer player stands in, and when
    /// the turn clock runs out the game's timeout action is played as
    /// before. Ends a stand-in already playing.
    Wait,
    /// A computer player plays the seat now, until its player comes back.
    Bot,
    /// The seat is given up: its old link stops working, a computer player
    /// plays it, and anyone may take it over with `join` during the game.
    Open,
}

/// Messages the server sends over the room WebSocket.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMessage {
    /// Answer to `hello`: who this connection is.
    Welcome {
        protocol: u32,
        you: You,
        room: RoomInfo,
        /// The room's latest chat lines, oldest first (absent when none).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        chat: Vec<ChatLine>,
    },
    /// A new line of table chat.
    Chat {
        line: ChatLine,
    },
    /// The room's seats, names, presence or status changed.
    Room {
        room: RoomInfo,
    },
    /// Answer to `join`, sent only to the joining connection: keep the token,
    /// it is the only way back into this seat.
    Joined {
        seat: Seat,
        token: String,
    },
    /// The whole game as this connection may see it: sent after `hello` when
    /// a game is running (or over), when the game starts, and whenever the
    /// client is too far behind for an `update`.
    Snapshot {
        game: GameSnapshot,
    },
    /// Something happened: the new events (each in the form this connection
    /// may see) and the resulting view and legal actions.
    Update {
        update: GameUpdate,
    },
    /// An action with this id was applied (or had already been applied).
    Ack {
        id: String,
    },
    /// A request was refused. Nothing changed; the socket stays open unless
    /// stated otherwise in docs/protocol.md.
    Error {
        code: ErrorCode,
        message: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<String>,
    },
    Pong,
    /// Who this connection is changed after `welcome` (host rights passed
    /// to or from it, its seat numbered again, its seat opened to others).
    You {
        you: You,
    },
}

/// How well a computer player plays (docs/bots.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum BotLevel {
    /// Any legal action, uniformly at random.
    Random,
    /// A short, readable judgement per game.
    Easy,
    /// A search over the games its view allows (determinized Monte Carlo
    /// tree search).
    Hard,
}

impl BotLevel {
    pub const ALL: [BotLevel; 3] = [BotLevel::Random, BotLevel::Easy, BotLevel::Hard];

    /// The level's name on the wire and in the command line.
    pub fn name(self) -> &'static str {
        match self {
            BotLevel::Random => "random",
            BotLevel::Easy => "easy",
            BotLevel::Hard => "hard",
        }
    }
}

/// Who a connection is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct You {
    /// The seat this connection plays, if any.
    pub seat: Option<Seat>,
    /// Whether this connection holds the room's host token.
    pub host: bool,
}

/// The public description of a room.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct RoomInfo {
    pub id: String,
    /// Game identifier, e.g. `"osaki"` or `"office21"`.
    pub game: String,
    pub status: RoomStatus,
    pub seats: Vec<SeatInfo>,
    /// Whether a connection holding the host token is present.
    pub host_connected: bool,
    /// Number of connected spectators: connections with no seat, the
    /// host's not counted.
    pub spectators: u32,
    /// The turn clock the host chose; absent when the room has none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<TurnClock>,
    /// SHA-256 of the server's secret seed for this room, 64 hex digits,
    /// published from creation on, before any deal (docs/fairness.md).
    pub seed_commitment: String,
    /// The server's seed, 64 hex digits, revealed once the game is over:
    /// its SHA-256 is `seed_commitment`, and with the players'
    /// contributions it replays the game (`GET /api/rooms/{id}/record`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub server_seed: Option<String>,
    /// The room's short code (`"K7M2-QX9P"`), shown while the lobby is open,
    /// which is when it opens the room.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub code: Option<String>,
    /// The number of the room's current game, from 1; `play_again` makes
    /// the next one.
    #[serde(default = "first_game")]
    pub game_number: u32,
    /// The room's finished games, oldest first, the current one included
    /// once it is over (`GET /api/rooms/{id}/games/{n}/replay` and
    /// `.../record` give each).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub history: Vec<record::PastGame>,
    /// The room's game as `GET /api/games` lists it (name, seats, join
    /// questions), so that a room page needs no second request: only in
    /// the answer to `GET /api/rooms/{id}`, never in `welcome` or `lobby`
    /// (boxed: it would make every `ServerMessage` larger).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game_info: Option<Box<GameInfo>>,
}

fn first_game() -> u32 {
    1
}

/// A room's turn clock, chosen at creation: how long each decision may
/// take. When a seat's time runs out the server plays the game's safest
/// legal action for it (documented per game in docs/games/), so an absent
/// player never freezes the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct TurnClock {
    /// Milliseconds a seat has for each decision, counted from the moment
    /// it was asked (or from its own last action, if it is asked again).
    pub per_decision_ms: u64,
}

impl TurnClock {
    /// The start page's "relaxed" choice: 2 minutes.
    pub const RELAXED: TurnClock = TurnClock {
        per_decision_ms: 120_000,
    };
    /// The start page's "fast" choice: 30 seconds.
    pub const FAST: TurnClock = TurnClock {
        per_decision_ms: 30_000,
    };
    /// Shortest accepted period.
    pub const MIN_MS: u64 = 1_000;
    /// Longest accepted period: a day.
    pub const MAX_MS: u64 = 24 * 60 * 60 * 1_000;

    /// Whether the period is within [`Self::MIN_MS`] and [`Self::MAX_MS`].
    pub fn is_sane(self) -> bool {
        (Self::MIN_MS..=Self::MAX_MS).contains(&self.per_decision_ms)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum RoomStatus {
    /// Waiting for players; seats can be taken and left.
    Lobby,
    Playing,
    Finished,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct SeatInfo {
    pub seat: Seat,
    /// Display name; `None` while the seat is free. Always render as text.
    pub name: Option<String>,
    /// Whether at least one connection currently plays this seat.
    pub connected: bool,
    /// Whether this seat is held by the room's host.
    pub host: bool,
    /// The computer player playing this seat now, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bot: Option<SeatBot>,
    /// The seat's player has not yet accepted the new game `play_again`
    /// offered (nor left).
    #[serde(default, skip_serializing_if = "is_false")]
    pub pending: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// A computer player in a seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct SeatBot {
    pub level: BotLevel,
    /// `true` while it stands in for the seat's away player (who takes the
    /// seat back by coming back); `false` for a seat of its own, which
    /// anyone may take over with `join` once the game has started.
    pub stand_in: bool,
}

/// A game as one viewer may see it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct GameSnapshot {
    pub game: String,
    /// Data that never changes during the game (a board map, card texts).
    /// Left out (null here) when the connection's `hello.board` named it:
    /// the client has it already.
    #[serde(default, skip_serializing_if = "Value::is_null")]
    pub board: Value,
    /// The game's events so far, each as this viewer may see it.
    pub log: Vec<LoggedEvent>,
    pub view: Value,
    /// What this viewer may do now (empty for spectators).
    pub legal: Vec<Value>,
    /// Number of the last event included; send it back as `since`.
    pub seq: EventSeq,
    pub outcome: Option<Outcome>,
    /// When the server will act for `deadline_seats` if they have not acted:
    /// Unix epoch milliseconds, the same for every viewer. Absent when no
    /// deadline is armed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deadline_at: Option<u64>,
    /// The seats `deadline_at` concerns.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub deadline_seats: Vec<Seat>,
}

/// A change to a game as one viewer may see it.
///
/// Exactly one of `view` and `view_patch` is present: `view` is the whole
/// view; `view_patch` (only for a connection that said `patches` in its
/// hello) is the difference from the view this connection received last.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct GameUpdate {
    /// New events, in order, numbered without gaps.
    pub events: Vec<LoggedEvent>,
    /// The whole view; absent (`null` here) when `view_patch` is given.
    #[serde(default, skip_serializing_if = "Value::is_null")]
    pub view: Value,
    /// The view as a JSON Patch (RFC 6902) to apply, in order, to the view
    /// this connection received last (in a `snapshot` or an `update`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub view_patch: Option<Vec<PatchOp>>,
    /// What this viewer may do now; absent when nothing (most updates go to
    /// seats that are not asked).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub legal: Vec<Value>,
    pub seq: EventSeq,
    /// Absent until the game ends.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<Outcome>,
    /// As in [`GameSnapshot::deadline_at`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deadline_at: Option<u64>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub deadline_seats: Vec<Seat>,
}

/// One operation of a JSON Patch (RFC 6902). `path` and `from` are JSON
/// Pointers (RFC 6901) into the view: `/areas/1/slots/0/pile`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "op", rename_all = "snake_case", deny_unknown_fields)]
pub enum PatchOp {
    /// Inserts `value` at `path` (an array index inserts before it, `-`
    /// appends; an object member is set).
    Add {
        path: String,
        value: Value,
    },
    Remove {
        path: String,
    },
    Replace {
        path: String,
        value: Value,
    },
    /// Removes the value at `from` and adds it at `path`.
    Move {
        from: String,
        path: String,
    },
    /// Adds a copy of the value at `from` at `path`.
    Copy {
        from: String,
        path: String,
    },
    /// Fails the whole patch unless the value at `path` equals `value`.
    Test {
        path: String,
        value: Value,
    },
}

/// One numbered event. `event` is absent when this viewer may not see
/// anything of it: the number alone keeps the log gap-free.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct LoggedEvent {
    pub seq: EventSeq,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub event: Option<Value>,
}

/// How a game ended, in terms every game shares. Each game's view carries
/// the details (scores, the victory condition's own data).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Outcome {
    /// One or more winners (ties share the victory).
    pub winners: Vec<Seat>,
    /// Machine-readable reason, defined by each game (e.g. `"fewest_tiles"`).
    pub reason: String,
}

/// Machine-readable error codes. The message next to it is for humans.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// Not valid JSON, or not a message this protocol knows.
    BadMessage,
    /// `hello` asked for a protocol version the server does not speak.
    UnsupportedProtocol,
    /// Any message other than `hello` before `hello`, or `hello` twice.
    HelloFirst,
    UnknownRoom,
    /// `POST /api/rooms` named a game this server does not offer.
    UnknownGame,
    /// The seat count or options do not suit the game.
    BadOptions,
    /// Options carried a `fixture` but the server was not started with
    /// `--allow-fixtures`.
    FixturesNotAllowed,
    /// The token in `hello` belongs to no one in this room. The connection
    /// continues as a spectator.
    InvalidToken,
    /// The request needs a seat and this connection has none.
    NotSeated,
    /// The connection already holds a seat.
    AlreadySeated,
    SeatTaken,
    RoomFull,
    BadName,
    /// An answer in `join` does not fit its question (wrong kind, not a
    /// time, not one of the choices, too long), a required question is
    /// unanswered, or the game asks no such question. The message names the
    /// question.
    BadAnswer,
    NotHost,
    /// The host tried to start with free seats.
    SeatsNotFilled,
    /// Fewer seats than the game's minimum would be left.
    TooFewSeats,
    /// `remove_bot` named a seat no computer player holds.
    NotABot,
    /// `away` named a seat whose player is connected, or no player's seat.
    NotAway,
    /// `take_back` from a seat no computer player stands in for.
    NotStandingIn,
    AlreadyStarted,
    NotStarted,
    GameOver,
    NotYourTurn,
    /// The action is well-formed but the rules do not allow it now.
    IllegalAction,
    /// The action is not an action of this game.
    BadAction,
    BadActionId,
    RateLimited,
    /// Something failed on the server; the request may be retried.
    Internal,
    /// The game record is asked for before the game is over: the server's
    /// seed is revealed only then.
    GameNotOver,
    /// A `chat` line that is empty, too long or holds control characters,
    /// or a spectator's without a usable name.
    BadChat,
    /// Another server runs this room now (several servers share the
    /// rooms): nothing changed; reconnect, and the connection reaches it.
    RoomMoved,
}

impl ErrorCode {
    /// Every code, in declaration order (the metrics register one series per
    /// code, so that a fresh server already shows each at zero).
    pub const ALL: [ErrorCode; 32] = [
        ErrorCode::BadMessage,
        ErrorCode::UnsupportedProtocol,
        ErrorCode::HelloFirst,
        ErrorCode::UnknownRoom,
        ErrorCode::UnknownGame,
        ErrorCode::BadOptions,
        ErrorCode::FixturesNotAllowed,
        ErrorCode::InvalidToken,
        ErrorCode::NotSeated,
        ErrorCode::AlreadySeated,
        ErrorCode::SeatTaken,
        ErrorCode::RoomFull,
        ErrorCode::BadName,
        ErrorCode::BadAnswer,
        ErrorCode::NotHost,
        ErrorCode::SeatsNotFilled,
        ErrorCode::TooFewSeats,
        ErrorCode::NotABot,
        ErrorCode::NotAway,
        ErrorCode::NotStandingIn,
        ErrorCode::AlreadyStarted,
        ErrorCode::NotStarted,
        ErrorCode::GameOver,
        ErrorCode::NotYourTurn,
        ErrorCode::IllegalAction,
        ErrorCode::BadAction,
        ErrorCode::BadActionId,
        ErrorCode::RateLimited,
        ErrorCode::Internal,
        ErrorCode::GameNotOver,
        ErrorCode::BadChat,
        ErrorCode::RoomMoved,
    ];

    /// The code's name on the wire.
    pub fn name(self) -> &'static str {
        match self {
            ErrorCode::BadMessage => "bad_message",
            ErrorCode::UnsupportedProtocol => "unsupported_protocol",
            ErrorCode::HelloFirst => "hello_first",
            ErrorCode::UnknownRoom => "unknown_room",
            ErrorCode::UnknownGame => "unknown_game",
            ErrorCode::BadOptions => "bad_options",
            ErrorCode::FixturesNotAllowed => "fixtures_not_allowed",
            ErrorCode::InvalidToken => "invalid_token",
            ErrorCode::NotSeated => "not_seated",
            ErrorCode::AlreadySeated => "already_seated",
            ErrorCode::SeatTaken => "seat_taken",
            ErrorCode::RoomFull => "room_full",
            ErrorCode::BadName => "bad_name",
            ErrorCode::BadAnswer => "bad_answer",
            ErrorCode::NotHost => "not_host",
            ErrorCode::SeatsNotFilled => "seats_not_filled",
            ErrorCode::TooFewSeats => "too_few_seats",
            ErrorCode::NotABot => "not_a_bot",
            ErrorCode::NotAway => "not_away",
            ErrorCode::NotStandingIn => "not_standing_in",
            ErrorCode::AlreadyStarted => "already_started",
            ErrorCode::NotStarted => "not_started",
            ErrorCode::GameOver => "game_over",
            ErrorCode::NotYourTurn => "not_your_turn",
            ErrorCode::IllegalAction => "illegal_action",
            ErrorCode::BadAction => "bad_action",
            ErrorCode::BadActionId => "bad_action_id",
            ErrorCode::RateLimited => "rate_limited",
            ErrorCode::Internal => "internal",
            ErrorCode::GameNotOver => "game_not_over",
            ErrorCode::BadChat => "bad_chat",
            ErrorCode::RoomMoved => "room_moved",
        }
    }
}

/// Body of `POST /api/rooms`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct CreateRoom {
    pub game: String,
    pub seats: u8,
    /// Game options. A `fixture` key inside (a scripted deal for tests) is
    /// accepted only by servers started with `--allow-fixtures`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub options: Option<Value>,
    /// A turn clock; none when absent. `per_decision_ms` must lie within
    /// [`TurnClock::MIN_MS`] and [`TurnClock::MAX_MS`] (else `bad_options`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<TurnClock>,
}

/// Answer to `POST /api/rooms`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct RoomCreated {
    pub room_id: String,
    /// Path of the room page, e.g. `/r/<room_id>`.
    pub url: String,
    /// Secret that lets its holder start the game (and take a seat with it).
    pub host_token: String,
    /// A short code to read out on a call (`"K7M2-QX9P"`): it opens the room
    /// while its lobby is open (`GET /api/codes/{code}`).
    pub code: String,
}

/// Answer to `GET /api/codes/{code}`: the room whose lobby has this code.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct RoomFound {
    pub room_id: String,
    /// Path of the room page, e.g. `/r/<room_id>`.
    pub url: String,
}

/// One entry of `GET /api/games`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct GameInfo {
    /// Identifier used in the API, e.g. `"osaki"`.
    pub id: String,
    /// Display name.
    pub name: String,
    pub min_seats: u8,
    pub max_seats: u8,
    /// What joining a seat asks each player (Osaki: "when did you leave
    /// work yesterday?"). Empty for most games.
    #[serde(default)]
    pub join_questions: Vec<JoinQuestion>,
}

/// A question a game asks every player who takes a seat, answered in
/// [`ClientMessage::Join`] under its `id`. The game reads the answers when it
/// starts; the server checks them against this description first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct JoinQuestion {
    /// Key of the answer in `join.answers`, e.g. `"left_work_at"`.
    pub id: String,
    pub prompt: Localized,
    /// What an answer looks like.
    #[serde(flatten)]
    pub kind: AnswerKind,
    /// Whether a seat may be taken without answering.
    pub required: bool,
}

/// A text in each language the web client offers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Localized {
    pub en: String,
    pub ja: String,
}

/// The kind of a [`JoinQuestion`], and so the JSON type of its answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum AnswerKind {
    /// A time of day, `"HH:MM"` (24-hour clock; `"7:05"` is read as `"07:05"`).
    Time,
    /// `true` or `false`.
    YesNo,
    /// The `value` of one of `choices`.
    Choice { choices: Vec<Choice> },
    /// Free text of at most `max_chars` characters, without control
    /// characters. Blank counts as no answer.
    Text { max_chars: u16 },
}

/// One option of an [`AnswerKind::Choice`] question.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Choice {
    /// What the answer carries.
    pub value: String,
    pub label: Localized,
}

/// Error body of the HTTP API.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct ApiError {
    pub code: ErrorCode,
    pub message: String,
}
