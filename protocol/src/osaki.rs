//! Osaki ni Shitsurei Shima-su!! on the wire.
//!
//! Every player has a row of *slots*, numbered from 0 in the order their
//! tiles were dealt. A slot holds an unturned tile, a stack of turned tiles,
//! or nothing (its stack moved away). Slot numbers never change, so an
//! action names the same pile however the table changes around it.
//!
//! An unturned tile's task is unknown to everyone, its owner included; the
//! types make that structural: [`Pile::Unturned`] has no task.

use serde::{Deserialize, Serialize};

use crate::Seat;

/// Id of Osaki's join question "when did you leave work yesterday?": the
/// key of its answer in `join.answers`, a time "HH:MM". The latest answer
/// starts; times before 06:00 count as after midnight (docs/games/osaki.md).
pub const LEFT_WORK_AT: &str = "left_work_at";

/// Index of a slot in a player's row.
pub type Slot = u8;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Character {
    /// 社長
    President,
    /// 専務
    SeniorManagingDirector,
    /// 部長
    DepartmentManager,
    /// 係長
    SectionChief,
    /// 先輩
    SeniorColleague,
    /// 派遣社員
    TempWorker,
}

impl Character {
    pub const ALL: [Character; 6] = [
        Character::President,
        Character::SeniorManagingDirector,
        Character::DepartmentManager,
        Character::SectionChief,
        Character::SeniorColleague,
        Character::TempWorker,
    ];
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Task {
    /// コピー
    Copying,
    /// 伝票整理
    Accounting,
    /// 倉庫整理
    Inventory,
    /// 電話番
    PhoneDuty,
}

impl Task {
    pub const ALL: [Task; 4] = [
        Task::Copying,
        Task::Accounting,
        Task::Inventory,
        Task::PhoneDuty,
    ];
}

/// A tile seen from its task side: both faces known.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Tile {
    pub character: Character,
    pub task: Task,
}

/// What a player may do on their turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Action {
    /// A) Turn the unturned tile in one of your slots task side up.
    Turn { slot: Slot },
    /// B) Move your stack in slot `from` onto the stack in slot `onto` of
    /// player `owner` (yourself or another): "Please handle this too!"
    Stack { from: Slot, owner: Seat, onto: Slot },
}

/// One slot of a player's row.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "pile", rename_all = "snake_case")]
pub enum Pile {
    /// Character side up; its task is known to no one.
    Unturned { character: Character },
    /// Turned tiles, bottom first; only the last (top) one counts for
    /// stacking.
    Stack { tiles: Vec<Tile> },
    /// The stack that was here moved onto another.
    Empty,
}

/// A leftover tile of a 3-player game (set aside, seen by no one).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "face", rename_all = "snake_case")]
pub enum Leftover {
    /// During the game: only its character is known.
    Hidden { character: Character },
    /// Revealed on the end screen.
    Revealed { tile: Tile },
}

/// One player's side of the table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Area {
    pub seat: Seat,
    pub slots: Vec<Pile>,
    /// Tiles in front of this player (unturned and stacked); fewest wins.
    pub tiles: u8,
    /// Whether this player has had a turn (before it, only A is allowed).
    pub has_played: bool,
}

/// How the start player was chosen.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "by", rename_all = "snake_case")]
pub enum FirstPlayer {
    /// Left work latest yesterday, at "HH:MM".
    LeftLatest { seat: Seat, at: String },
    /// No answers, or a tie for latest: drawn at random among `among`.
    Random { seat: Seat, among: Vec<Seat> },
}

impl FirstPlayer {
    pub fn seat(&self) -> Seat {
        match self {
            FirstPlayer::LeftLatest { seat, .. } | FirstPlayer::Random { seat, .. } => *seat,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// A player placed their last tiles on another player's stack:
    /// "I'm leaving now!" They win at once.
    LeftEarly,
    /// Every tile turned and no stacking possible: fewest tiles wins, ties
    /// share the victory.
    FewestTiles,
}

/// The end of a game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Ending {
    pub reason: EndReason,
    pub winners: Vec<Seat>,
    /// Tiles in front of each player, by seat.
    pub tiles: Vec<u8>,
}

/// The table as one viewer sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct View {
    /// The viewer's seat; `None` for a spectator.
    pub you: Option<Seat>,
    pub first_player: FirstPlayer,
    /// Whose turn it is; `None` once the game is over.
    pub turn: Option<Seat>,
    /// Every player's area, by seat.
    pub areas: Vec<Area>,
    /// Tiles set aside (3 players only; empty otherwise).
    pub leftover: Vec<Leftover>,
    pub ending: Option<Ending>,
}

/// Something that happened. Everything in Osaki happens in the open, so
/// every viewer sees every event whole.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Event {
    Started {
        first_player: FirstPlayer,
    },
    Turned {
        seat: Seat,
        slot: Slot,
        tile: Tile,
    },
    /// "Please handle this too!" `moved` is the top of the moved stack,
    /// `onto_top` the tile it was matched with; `height` the new stack's size.
    Stacked {
        seat: Seat,
        from: Slot,
        owner: Seat,
        onto: Slot,
        moved: Tile,
        onto_top: Tile,
        height: u8,
    },
    /// The server passed for a player who had no legal move.
    Passed {
        seat: Seat,
    },
    /// "I'm leaving now!" / "Good job!"
    LeftEarly {
        seat: Seat,
    },
    /// The game ended; leftover tiles (3 players) are revealed.
    Ended {
        ending: Ending,
        leftover: Vec<Tile>,
    },
}

/// Names and calls, sent once with the first snapshot.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Board {
    pub characters: Vec<Named<Character>>,
    pub tasks: Vec<Named<Task>>,
    pub calls: Calls,
}

/// An identifier with its English and Japanese names.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Named<T> {
    pub id: T,
    pub en: String,
    pub ja: String,
}

/// The rulebook's calls, in both languages.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Calls {
    pub handle_this_too: Phrase,
    pub leaving_now: Phrase,
    pub good_job: Phrase,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Phrase {
    pub en: String,
    pub ja: String,
}

/// Creation options.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Options {
    /// Tests only (servers started with `--allow-fixtures`): the exact deal.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fixture: Option<Fixture>,
}

/// A scripted deal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Fixture {
    /// Each player's tiles by seat, in slot order. Each player must hold one
    /// tile of every character (two with 2 players); all tiles distinct.
    pub deal: Vec<Vec<Tile>>,
    /// The start player, overriding "left work latest".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_player: Option<Seat>,
}
