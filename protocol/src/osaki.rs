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
///
/// On the wire it is one string, `"character:task"` (`"president:copying"`):
/// a tile is in nearly every update (the one turned, the one stacked, in the
/// event and again in the view's patch), and the string is half the size of
/// the object `{"character":…,"task":…}` it replaced (issue 11). The object
/// is still read, so that rooms and game records stored before the change
/// replay and verify.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Tile {
    pub character: Character,
    pub task: Task,
}

impl Character {
    /// The id on the wire (`"senior_managing_director"`).
    pub fn id(self) -> &'static str {
        match self {
            Character::President => "president",
            Character::SeniorManagingDirector => "senior_managing_director",
            Character::DepartmentManager => "department_manager",
            Character::SectionChief => "section_chief",
            Character::SeniorColleague => "senior_colleague",
            Character::TempWorker => "temp_worker",
        }
    }
}

impl Task {
    /// The id on the wire (`"phone_duty"`).
    pub fn id(self) -> &'static str {
        match self {
            Task::Copying => "copying",
            Task::Accounting => "accounting",
            Task::Inventory => "inventory",
            Task::PhoneDuty => "phone_duty",
        }
    }
}

impl std::fmt::Display for Tile {
    /// The wire form, `"president:copying"`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}", self.character.id(), self.task.id())
    }
}

impl std::str::FromStr for Tile {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        let parsed = s.split_once(':').and_then(|(character, task)| {
            Some(Tile {
                character: *Character::ALL.iter().find(|c| c.id() == character)?,
                task: *Task::ALL.iter().find(|t| t.id() == task)?,
            })
        });
        parsed.ok_or_else(|| {
            format!("a tile is \"character:task\" (\"president:copying\"), not {s:?}")
        })
    }
}

impl Serialize for Tile {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Tile {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(TileVisitor)
    }
}

/// Reads a tile's string, or the object of the wire before 2026-12-05.
struct TileVisitor;

/// The object form a tile had on the wire before 2026-12-05.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TileFaces {
    character: Character,
    task: Task,
}

impl<'de> serde::de::Visitor<'de> for TileVisitor {
    type Value = Tile;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a tile, \"character:task\"")
    }

    fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<Tile, E> {
        s.parse().map_err(E::custom)
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, map: A) -> Result<Tile, A::Error> {
        let faces = TileFaces::deserialize(serde::de::value::MapAccessDeserializer::new(map))?;
        Ok(Tile {
            character: faces.character,
            task: faces.task,
        })
    }
}

/// Written by hand like the serde impls above: the wire form is one string.
#[cfg(feature = "schema")]
impl schemars::JsonSchema for Tile {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Tile".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let characters: Vec<&str> = Character::ALL.iter().map(|c| c.id()).collect();
        let tasks: Vec<&str> = Task::ALL.iter().map(|t| t.id()).collect();
        let pattern = format!("^({}):({})$", characters.join("|"), tasks.join("|"));
        schemars::json_schema!({
            "description": "A tile seen from its task side, \"character:task\": \"president:copying\".",
            "type": "string",
            "pattern": pattern
        })
    }
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
///
/// How many tiles are in front of the player is [`Area::tiles`], counted
/// from the slots: until 2026-12-05 it was a field too, and every stacking
/// patched it twice (issue 11, frame size).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Area {
    pub seat: Seat,
    pub slots: Vec<Pile>,
    /// Whether this player has had a turn (before it, only A is allowed).
    pub has_played: bool,
}

impl Area {
    /// Tiles in front of this player (unturned and stacked); fewest wins.
    pub fn tiles(&self) -> u8 {
        self.slots
            .iter()
            .map(|pile| match pile {
                Pile::Unturned { .. } => 1,
                Pile::Stack { tiles } => tiles.len() as u8,
                Pile::Empty => 0,
            })
            .sum()
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_tile_is_one_string_on_the_wire_and_reads_back() {
        for character in Character::ALL {
            for task in Task::ALL {
                let tile = Tile { character, task };
                let text = serde_json::to_string(&tile).unwrap();
                let expected = format!(
                    "\"{}:{}\"",
                    serde_json::to_value(character).unwrap().as_str().unwrap(),
                    serde_json::to_value(task).unwrap().as_str().unwrap()
                );
                assert_eq!(text, expected);
                assert_eq!(serde_json::from_str::<Tile>(&text).unwrap(), tile);
            }
        }
    }

    #[test]
    fn a_tile_stored_before_the_short_form_still_reads() {
        let old = json!({"character": "section_chief", "task": "phone_duty"});
        let tile: Tile = serde_json::from_value(old).unwrap();
        assert_eq!(tile.to_string(), "section_chief:phone_duty");
        // Inside a tagged pile and an event too, as a stored record has them.
        let pile: Pile = serde_json::from_value(
            json!({"pile": "stack", "tiles": [{"character": "president", "task": "copying"}]}),
        )
        .unwrap();
        assert_eq!(
            serde_json::to_value(&pile).unwrap(),
            json!({"pile": "stack", "tiles": ["president:copying"]})
        );
    }

    #[test]
    fn an_areas_tiles_are_counted_from_its_slots_and_not_sent() {
        let area: Area = serde_json::from_value(json!({"seat": 1, "has_played": true, "slots": [
            {"pile": "unturned", "character": "president"},
            {"pile": "stack", "tiles": ["temp_worker:copying", "president:copying"]},
            {"pile": "empty"}
        ]}))
        .unwrap();
        assert_eq!(area.tiles(), 3);
        assert!(serde_json::to_value(&area).unwrap().get("tiles").is_none());
    }

    #[test]
    fn a_malformed_tile_is_refused_with_the_form_it_should_have() {
        for bad in [
            json!("president"),
            json!("president:"),
            json!("boss:copying"),
            json!("president:copying:extra"),
            json!(7),
            json!({"character": "president"}),
            json!({"character": "president", "task": "copying", "x": 1}),
        ] {
            let err = serde_json::from_value::<Tile>(bad.clone()).unwrap_err();
            assert!(!err.to_string().is_empty(), "{bad}");
        }
        let err = serde_json::from_value::<Tile>(json!("boss:copying")).unwrap_err();
        assert!(err.to_string().contains("character:task"), "{err}");
    }
}
