//! The record of a finished game, as `GET /api/rooms/{id}/record` gives it
//! and `cubicle verify` checks it (docs/fairness.md).
//!
//! It holds everything needed to replay the game with the rules alone: the
//! server's revealed seed and what it committed to, every player's
//! contribution, the set-up, every logged action, and the events as each
//! seat (and a spectator) saw them. A replay that deals, draws or rolls
//! anything else than what a seat was shown proves the record, or the
//! server, wrong.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::{LoggedEvent, Outcome, Seat};

/// The `format` of every game record.
pub const RECORD_FORMAT: &str = "cubicle-game-record";
/// The version of the format this crate writes.
pub const RECORD_VERSION: u32 = 1;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct GameRecord {
    /// Always [`RECORD_FORMAT`].
    pub format: String,
    /// [`RECORD_VERSION`] when written by this version.
    pub version: u32,
    pub room: String,
    /// Game identifier (`"osaki"`).
    pub game: String,
    /// The game's options, as the rules received them.
    pub options: Value,
    /// Display names by seat, as they were when the record was made.
    pub players: Vec<String>,
    /// Each seat's answers to the game's join questions, by seat, as the
    /// game started with them.
    pub setup: Vec<Value>,
    /// SHA-256 of `server_seed`, hex, as the room published it at creation.
    pub seed_commitment: String,
    /// The server's seed, 64 hex digits.
    pub server_seed: String,
    /// Each seat's contribution (hex, empty for a computer player's seat),
    /// by seat. `None` for a game started before contributions existed:
    /// its deal came from `server_seed` alone.
    pub contributions: Option<Vec<String>>,
    /// Every logged action, numbered from 1.
    pub actions: Vec<RecordedAction>,
    /// The events as each viewer saw them: one log per seat, in seat
    /// order, then a spectator's.
    pub seen: Vec<SeenLog>,
    pub outcome: Option<Outcome>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct RecordedAction {
    /// Number of the action, from 1: its chance comes from the game seed's
    /// stream of that number.
    pub seq: u64,
    pub seat: Seat,
    /// `"player"` (whoever played the seat, person or bot) or `"timeout"`
    /// (the server acted when a deadline passed).
    pub origin: String,
    pub action: Value,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct SeenLog {
    /// The seat whose log this is; `None` for a spectator's.
    pub seat: Option<Seat>,
    /// Every event of the game, each as this viewer saw it (`event` absent
    /// where the viewer saw nothing of it).
    pub log: Vec<LoggedEvent>,
}

/// Something hidden during the game, shown once it is over (a seat's hand,
/// the draw pile top first, an unturned tile's task). Each game lists its
/// own; clients render them as labelled lists of words, with no game code.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Revealed {
    /// The seat it belongs to (its hand, its tiles); `None` for the table's
    /// own (the draw pile).
    pub seat: Option<Seat>,
    /// What it is, in words (`"Hand"`, `"Draw pile, top first"`).
    pub label: String,
    /// Its contents in order, in words (`"BOSS"`).
    pub items: Vec<String>,
}

/// A finished game to step through move by move, with everything revealed
/// (`GET /api/rooms/{id}/games/{n}/replay`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Replay {
    pub room: String,
    /// Game identifier (`"office21"`).
    pub game: String,
    /// The game's number in its room, from 1.
    pub number: u32,
    /// Display names by seat.
    pub players: Vec<String>,
    /// The game's board (as in a snapshot).
    pub board: Value,
    pub outcome: Option<Outcome>,
    /// The deal, then one step per action.
    pub steps: Vec<ReplayStep>,
}

/// The table after the deal (`action` absent) or after one action.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct ReplayStep {
    /// The action this step played; absent for the deal.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub action: Option<RecordedAction>,
    /// The table as a spectator saw it after this step.
    pub view: Value,
    /// The events this step made, as a spectator saw them.
    pub events: Vec<LoggedEvent>,
    /// Everything hidden at this point, revealed.
    pub revealed: Vec<Revealed>,
}

/// One finished game of a room, as the room info lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct PastGame {
    /// The game's number in its room, from 1.
    pub number: u32,
    /// Display names by seat, as they were when the game ended.
    pub players: Vec<String>,
    pub outcome: Outcome,
    /// When it ended (Unix epoch ms).
    pub finished_at: u64,
}
