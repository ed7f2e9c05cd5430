//! Dilbert: The Board Game on the wire.
//!
//! Vocabulary:
//! * The office is a map of *spaces* ([`SpaceId`]): every hallway square is
//!   a space, and every office is one space however many squares it covers.
//!   The [`Board`] lists them with their squares, the cubicle walls to draw,
//!   the six ranked cubicles, every office's chart or instructions and every
//!   card's printed text. It never changes and is sent once per connection.
//! * Each seat plays one [`Employee`]; rules that speak of "employees" mean
//!   the employees in play, which are exactly the seats' employees.
//! * Projects, memos and consultants are named by the identifier of their
//!   card ([`ProjectId`], [`MemoId`], [`ConsultantId`]), indexes into the
//!   board's card lists. A card's identity never changes, so an action built
//!   from an older view still means the card its sender saw, or is refused.
//! * A signature icon is the [`Office`] whose signature it is.
//!
//! What each viewer may know is structural: another player's hand is a
//! count (unless an Information Services roll showed it: then the shown
//! cards, until the hand changes), the memo and consultant decks are counts,
//! the Human Resources peek is in [`View::peek`] of its roller only, and the
//! memo ids in [`EventView`]s are filled only for those who may see them.
//! Everything else (the map, the pieces, happiness, traits, cubicles,
//! projects, the Schedule, the consultant in play) is public.
//! docs/games/dilbert.md explains the rules as implemented.
//!
//! # Creation options (JSON)
//!
//! `{}` deals employees at random; `{"choose_employees": true}` lets each
//! player pick an employee in turn order instead. A `fixture` (tests only,
//! `--allow-fixtures`) scripts the random parts: see [`Fixture`].

use serde::{Deserialize, Serialize};

use crate::Seat;

/// A space of the office map: a hallway square or a whole office.
pub type SpaceId = u16;
/// A project card: an index into [`Board::projects`].
pub type ProjectId = u8;
/// A memo card: an index into [`Board::memos`].
pub type MemoId = u8;
/// A consultant card: an index into [`Board::consultants`].
pub type ConsultantId = u8;

/// Happiness is clamped to this range; the Boss starts at its top.
pub const HAPPINESS_MAX: i8 = 27;
pub const HAPPINESS_MIN: i8 = -27;
/// Glass signature tokens in the whole game.
pub const SIGNATURE_TOKENS: u8 = 15;
/// The most memos a hand may keep.
pub const HAND_LIMIT: usize = 5;

/// The six employees, in the order of the board's employee cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Employee {
    Dilbert,
    Wally,
    Asok,
    Alice,
    Tina,
    Ratbert,
}

impl Employee {
    pub const ALL: [Employee; 6] = [
        Employee::Dilbert,
        Employee::Wally,
        Employee::Asok,
        Employee::Alice,
        Employee::Tina,
        Employee::Ratbert,
    ];

    pub fn gender(self) -> Gender {
        match self {
            Employee::Alice | Employee::Tina => Gender::Female,
            _ => Gender::Male,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Gender {
    Male,
    Female,
}

/// The three scores on the trait track (Motivation is printed on the
/// employee card and never changes).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Trait {
    Apathy,
    Incompetence,
    Offensiveness,
}

impl Trait {
    pub const ALL: [Trait; 3] = [Trait::Apathy, Trait::Incompetence, Trait::Offensiveness];
}

/// The offices of the map. Also names signature icons: an icon is the
/// signature of the office that shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Office {
    Boss,
    Marketing,
    Accounting,
    Conference,
    Kitchen,
    Legal,
    CopyRoom,
    HumanResources,
    Sales,
    InformationServices,
    Engineering,
    Carol,
    WaterCooler,
    MensRoom,
    WomensRoom,
    Heck,
}

impl Office {
    pub const ALL: [Office; 16] = [
        Office::Boss,
        Office::Marketing,
        Office::Accounting,
        Office::Conference,
        Office::Kitchen,
        Office::Legal,
        Office::CopyRoom,
        Office::HumanResources,
        Office::Sales,
        Office::InformationServices,
        Office::Engineering,
        Office::Carol,
        Office::WaterCooler,
        Office::MensRoom,
        Office::WomensRoom,
        Office::Heck,
    ];
}

/// Tokens that memo cards place. Each is in the box, on a space (a hall
/// square or an office), or on an employee.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Token {
    Donut,
    OutOfOrder,
    Todd,
    Ted,
    FamilyPortrait,
    PlasticPlant,
}

// ---------------------------------------------------------------- board --

/// Everything about the game that never changes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Board {
    /// The map's size in squares.
    pub width: u8,
    pub height: u8,
    /// Every space; `spaces[i].id == i`.
    pub spaces: Vec<Space>,
    /// Closed edges between two squares that touch (cubicle walls and office
    /// walls), for drawing. An edge that is not listed is open: two squares
    /// of one office, two hall squares, or a door.
    pub walls: Vec<Wall>,
    /// Open edges between an office and a hall square or another office.
    pub doors: Vec<Wall>,
    /// The six cubicles of Engineering, nearest the Boss's Office first.
    pub cubicles: Vec<Cubicle>,
    /// One entry per office, in [`Office::ALL`] order.
    pub offices: Vec<OfficeCard>,
    /// One card per employee, in [`Employee::ALL`] order.
    pub employees: Vec<EmployeeCard>,
    /// All 26 project cards; `projects[i].id == i`.
    pub projects: Vec<ProjectCard>,
    /// All 70 memo cards; `memos[i].id == i`.
    pub memos: Vec<MemoCard>,
    /// All 18 consultant cards; `consultants[i].id == i`.
    pub consultants: Vec<ConsultantCard>,
    /// Token names and what each does.
    pub tokens: Vec<TokenCard>,
}

/// A space of the map.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Space {
    pub id: SpaceId,
    /// `None` for a hallway square.
    pub office: Option<Office>,
    /// The squares it covers, `[x, y]` from the top left.
    pub squares: Vec<[u8; 2]>,
}

/// The edge on the right of (`side: "right"`) or below (`side: "down"`)
/// square `[x, y]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Wall {
    pub x: u8,
    pub y: u8,
    pub side: Side,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Side {
    Right,
    Down,
}

/// A cubicle of Engineering. `rank` 1 is the nearest the Boss's Office.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Cubicle {
    pub rank: u8,
    /// Added to its owner's happiness at the end.
    pub value: i8,
    /// The square it is drawn on (inside Engineering).
    pub square: [u8; 2],
}

/// An office as printed on the board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct OfficeCard {
    pub office: Office,
    pub name: String,
    pub space: SpaceId,
    /// Whether the office shows a signature icon.
    pub signature: bool,
    /// The office chart (offices with a die), in die order.
    pub chart: Vec<ChartLine>,
    /// The printed instructions (offices without a chart).
    pub instructions: Option<String>,
    /// Printed on the board: must stop on entering (from the hall only,
    /// for Carol's Office).
    pub stop: bool,
}

/// Die results `from..=to` of an office chart.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct ChartLine {
    pub from: u8,
    pub to: u8,
    pub text: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct EmployeeCard {
    pub employee: Employee,
    pub name: String,
    pub gender: Gender,
    pub motivation: u8,
    pub apathy: u8,
    pub incompetence: u8,
    pub offensiveness: u8,
    pub work_tokens: u8,
    pub ability: String,
    /// CSS colour of the piece.
    pub colour: String,
}

/// A project card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct ProjectCard {
    pub id: ProjectId,
    pub name: String,
    /// Who gets assigned.
    pub to: Criterion,
    /// The signature icons that kill it once all are covered (2 or 3).
    pub icons: Vec<Office>,
    pub effect: ProjectEffect,
    /// The card's printed text ("To: ...", and the effect).
    pub text: String,
}

/// A project's "To:" header: the two employees with the highest (or
/// lowest) `measure`, among those of `gender` when given.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Criterion {
    pub measure: Measure,
    pub highest: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gender: Option<Gender>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Measure {
    Apathy,
    Incompetence,
    Offensiveness,
    Motivation,
    Happiness,
}

/// What a project does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ProjectEffect {
    /// At each Boss check, every team member gains (or loses) `amount`.
    Happiness { amount: i8 },
    /// At each Boss check, every team member loses `amount` and is knocked
    /// down.
    Exhausting { amount: i8 },
    /// At each Boss check, every team member's cubicle moves one closer to
    /// the Boss's Office.
    Crunch,
    /// At each Boss check, every team member loses one happiness per
    /// signature still uncovered on this project.
    RedTape,
    /// At each Boss check, every team member is called to the Conference
    /// Room (a restroom protects) and loses `amount`.
    StatusMeeting { amount: i8 },
    /// Nothing at Boss checks. When killed, each team member gains `amount`.
    KilledTeamGains { amount: i8 },
    /// Nothing at Boss checks. When killed, every employee not on its team
    /// loses `amount`.
    KilledOthersLose { amount: i8 },
    /// Nothing at all.
    NoEffect,
}

/// When a memo may be played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Timing {
    /// On your turn, before you move.
    StartOfTurn,
    /// On your turn, after moving and the office (the end-of-turn step).
    EndOfTurn,
    /// In answer to something another player did since your last turn,
    /// played at the start of your turn. No window ever opens for it, so
    /// nobody learns who holds one (docs/games/dilbert.md).
    Response,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct MemoCard {
    pub id: MemoId,
    pub name: String,
    pub text: String,
    pub timing: Timing,
    /// Asks every player a question about their real life (honour system).
    #[serde(default)]
    pub real_life: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct ConsultantCard {
    pub id: ConsultantId,
    pub name: String,
    pub text: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct TokenCard {
    pub token: Token,
    pub name: String,
    pub text: String,
}

// -------------------------------------------------------------- options --

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Options {
    /// Players pick their employee in turn order instead of a random deal.
    #[serde(default)]
    pub choose_employees: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fixture: Option<Fixture>,
}

/// Scripted random parts, for tests. Every field is optional; what is not
/// given is random.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Fixture {
    /// The first player (skips the worst-job vote).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_player: Option<Seat>,
    /// Each seat's employee.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub employees: Option<Vec<Employee>>,
    /// The project deck, top first: the first cards fill the project slots
    /// in order, the next is the Schedule. All 26 ids, each once.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub projects: Option<Vec<ProjectId>>,
    /// The memo deck, top first: all 70 ids, each once (hands are dealt
    /// from the top, three to each seat in turn order).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub memos: Option<Vec<MemoId>>,
    /// The consultant deck, top first: all 18 ids, each once.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub consultants: Option<Vec<ConsultantId>>,
    /// Every die roll of the game, in order; when it runs out, rolls are
    /// random again.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dice: Vec<u8>,
}

// --------------------------------------------------------------- action --

/// Everything a player can do. `legal` lists exactly the acceptable ones.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Action {
    /// Before the first turn: vote for the seat with the worst job.
    Vote { seat: Seat },
    /// Before the first turn, when the host lets players choose: take an
    /// employee.
    Pick { employee: Employee },
    /// Discard a memo from your hand (down to five).
    Discard { memo: MemoId },
    /// Play a memo from your hand, at `target` when the card needs one
    /// (`legal` lists every acceptable target).
    Play {
        memo: MemoId,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        target: Option<Target>,
    },
    /// End your turn (at the end-of-turn step, after any end-of-turn memos).
    EndTurn,
    /// Answer a real-life question: yes or no (honour system).
    Answer { yes: bool },
    /// Management Fast Track: point out the cheats you think you saw.
    Accuse { cheats: Cheats },
    /// Management Fast Track, at an office roll: roll honestly.
    Roll,
    /// Management Fast Track, at an office roll: pick the result (a cheat).
    LoadDie { value: u8 },
    /// Roll the die to run (before moving).
    Run,
    /// End your movement on `to` (the current space to stay put). The
    /// server walks the shortest legal path.
    Move { to: SpaceId },
    /// Cover signature `icon` on project `project` with a glass token.
    Sign { project: ProjectId, icon: Office },
    /// Swap your score of `which` with `with`'s.
    SwapTrait { which: Trait, with: Employee },
    /// Perform the song or the rooster call the chart asks for.
    Perform,
    /// Refuse a chart's optional offer (and take its penalty, if it has
    /// one), or decline an optional choice.
    Decline,
    /// Accounting 6: discard the Schedule and turn the next project.
    DiscardSchedule,
    /// Legal 6: lose 5 happiness to kill `project`.
    Kill { project: ProjectId },
    /// Copy Room 5-6: copy a placed `icon` signature onto `onto`.
    CopySignature { icon: Office, onto: ProjectId },
    /// Sales 6: discard the signature `icon` from `project`.
    RemoveSignature { project: ProjectId, icon: Office },
    /// Information Services 6: swap two work tokens on two projects.
    SwapWork { first: WorkToken, second: WorkToken },
    /// Human Resources 3-5: keep `keep` of the three memos seen, put `top`
    /// back on top of the deck and the third under it.
    KeepMemo { keep: MemoId, top: MemoId },
    /// Accounting 5: the change in your pockets, in cents (honour system),
    /// 0 to 10000. `legal` lists `{"type": "change", "cents": 0}` as the
    /// one example; any amount in range is accepted.
    Change { cents: u16 },
    /// Carol's Office: take one of your work tokens back from `project`.
    Unassign { project: ProjectId },
    /// Dilbert, at the start of his turn while a consultant is in play:
    /// ignore it (`true`) or heed it again (`false`), until a new one
    /// arrives.
    IgnoreConsultant { ignore: bool },
    /// Heck: take Phil's bargain (lose 2, cubicle one farther from the Boss).
    Bargain,
}

/// What a memo is played on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Target {
    Employee {
        employee: Employee,
    },
    /// A space of the map (a hall square for Ted, an office for a Donut).
    Space {
        space: SpaceId,
    },
    Project {
        project: ProjectId,
    },
    /// A signature icon on a project (covered or open, as the card says).
    Signature {
        project: ProjectId,
        icon: Office,
    },
    /// A work token (or, for a card that assigns, the project and the
    /// employee to put on it).
    Work {
        project: ProjectId,
        employee: Employee,
    },
    /// A memo played since your last turn (World's Smartest Garbage Man).
    Memo {
        memo: MemoId,
    },
}

/// The three ways Management Fast Track lets its player cheat.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Cheats {
    /// Walked farther than allowed.
    pub legs: bool,
    /// Picked the office roll instead of rolling.
    pub die: bool,
    /// Placed a second signature.
    pub signature: bool,
}

impl Cheats {
    pub fn count(self) -> u8 {
        u8::from(self.legs) + u8::from(self.die) + u8::from(self.signature)
    }

    /// All eight combinations, none first.
    pub fn all() -> [Cheats; 8] {
        let mut all = [Cheats::default(); 8];
        for (i, c) in all.iter_mut().enumerate() {
            c.legs = i & 1 != 0;
            c.die = i & 2 != 0;
            c.signature = i & 4 != 0;
        }
        all
    }
}

/// One employee's work token on one project.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct WorkToken {
    pub project: ProjectId,
    pub employee: Employee,
}

// ----------------------------------------------------------------- view --

/// The table as one viewer sees it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct View {
    pub stage: Stage,
    /// Rounds started so far (1 in the first round; 0 before it).
    pub round: u16,
    /// The Boss's place on the happiness track.
    pub boss: i8,
    /// Each seat's employee, by seat (empty entries while employees are
    /// being picked: `employee` is then `null`).
    pub players: Vec<Player>,
    /// The projects in play, by slot (Project #1 first).
    pub projects: Vec<ProjectInPlay>,
    pub schedule: Option<ProjectId>,
    /// Project cards under the Schedule.
    pub project_deck: u8,
    /// Killed or discarded projects, oldest first (public).
    pub project_discard: Vec<ProjectId>,
    pub consultant: Option<ConsultantId>,
    /// Dilbert ignores the consultant in play (his ability).
    pub consultant_ignored: bool,
    pub consultant_deck: u8,
    pub memo_deck: u8,
    /// Glass tokens not on a project.
    pub signatures_left: u8,
    /// Tokens in play (on the map or on an employee).
    pub tokens: Vec<TokenPlace>,
    /// How far the Boss moves at the end of this round (3, changed by
    /// Asleep at the Wheel and The Dilbert Principle).
    pub boss_step: i8,
    /// Management Fast Track this turn: who is on it, and (for them only)
    /// the cheats so far.
    pub fast_track: Option<FastTrack>,
    /// The out tray: played memos, face up, oldest first. Each goes to the
    /// bottom of the deck when its player's next turn ends.
    pub out_tray: Vec<MemoId>,
    /// Those of the out tray played since the viewer's last turn (what
    /// World's Smartest Garbage Man may take).
    pub recent_memos: Vec<MemoId>,
    /// A consultant keeps card texts from this viewer: only Dilbert's
    /// player reads them (and reads them out for everyone).
    pub texts_hidden: bool,
    /// The viewer's own hand (`None` for spectators).
    pub hand: Option<Vec<MemoId>>,
    /// The three memos a Human Resources roll shows the viewer, while they
    /// choose.
    pub peek: Option<Vec<MemoId>>,
    /// The last die rolled, for the client's dice.
    pub last_roll: Option<Roll>,
    /// Filled when the game is over.
    pub ending: Option<Ending>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Player {
    pub seat: Seat,
    pub employee: Option<Employee>,
    /// Where the piece stands (`None` before the game is set up).
    pub at: Option<SpaceId>,
    pub knocked_down: bool,
    pub happiness: i8,
    pub apathy: u8,
    pub incompetence: u8,
    pub offensiveness: u8,
    pub motivation: u8,
    /// Rank of the cubicle (1 nearest the Boss), once claimed.
    pub cubicle: Option<u8>,
    /// Work tokens not on a project.
    pub free_work: u8,
    /// Memos in hand.
    pub hand: u8,
    /// The hand as an Information Services roll showed it, while it has
    /// not changed since.
    pub shown_hand: Option<Vec<MemoId>>,
    /// This player's answer to the worst-job question, if any (public: the
    /// table votes on it).
    pub worst_job: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct ProjectInPlay {
    pub project: ProjectId,
    /// The icons covered with a glass token.
    pub signed: Vec<Office>,
    /// One entry per work token (an employee twice when both of their
    /// tokens are on it).
    pub team: Vec<Employee>,
}

/// Where a token is: on a space (`at`) or on an employee (`on`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct TokenPlace {
    pub token: Token,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<SpaceId>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub on: Option<Employee>,
}

/// Management Fast Track this turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct FastTrack {
    pub seat: Seat,
    /// The cheats so far: for the cheater only (`null` for everyone else).
    pub cheats: Option<Cheats>,
}

/// A die roll, and what it was for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Roll {
    pub seat: Seat,
    pub value: u8,
    /// The office whose chart it was rolled on; `None` for a run.
    pub office: Option<Office>,
}

/// Where the game is.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "stage", rename_all = "snake_case")]
pub enum Stage {
    /// Everyone votes for the worst job; `voted` says who has.
    Vote {
        voted: Vec<bool>,
    },
    /// `seat` picks an employee.
    Pick {
        seat: Seat,
    },
    /// `seat`'s turn, at `step`.
    Turn {
        seat: Seat,
        step: Step,
    },
    Over,
}

/// The part of a turn a player is at, with what it waits for.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum Step {
    /// Seats holding more than five memos discard (`waiting` lists them).
    Discard { waiting: Vec<Seat> },
    /// Before moving: play start-of-turn memos, then walk or run.
    /// `allowance` is how far a walk goes; `ran` is set once the die for a
    /// run is rolled (the allowance then includes it).
    Move { allowance: u8, ran: Option<u8> },
    /// In an office with a signature icon: place one, or decline.
    Sign { office: Office },
    /// A decision the office asks for.
    Decide { decision: Decision },
    /// Every player answers a question at once (`answered` says who has).
    Question {
        question: Question,
        answered: Vec<bool>,
    },
    /// After moving and the office: play end-of-turn memos, or end the turn.
    EndTurn,
    /// Management Fast Track is over: every other player may point out
    /// cheats (`answered` says who has) before the window closes.
    CallOut { cheater: Seat, answered: Vec<bool> },
}

/// A decision in the middle of an office's effect.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "decision", rename_all = "snake_case")]
pub enum Decision {
    /// Swap one of `traits` with another employee.
    SwapTrait { traits: Vec<Trait> },
    /// Sing "I'm a Little Teapot" (perform) or lose 10 (decline).
    Teapot,
    /// Crow like a rooster (perform: all others gain 1) or lose 4.
    Rooster,
    /// Discard the Schedule, or keep it.
    DiscardSchedule,
    /// Lose 5 to kill a project, or decline.
    Kill,
    /// Copy a placed signature onto another project, or decline.
    CopySignature,
    /// Discard one signature from a project.
    RemoveSignature,
    /// Swap two work tokens on two different projects, or decline.
    SwapWork,
    /// Keep one of three memos and order the others (`View::peek`).
    KeepMemo,
    /// Carol: take a work token back, or decline.
    Unassign,
    /// Heck: lose 2 happiness to move your cubicle one farther from the
    /// Boss's Office, or decline.
    Bargain,
    /// Management Fast Track: roll the office die, or pick its result.
    LoadedDie,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Question {
    /// Accounting 5: how much change is in your pockets?
    PocketChange,
    /// A real-life memo asks everyone its question (yes or no).
    RealLife { memo: MemoId },
}

/// The final count.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Ending {
    /// By seat.
    pub scores: Vec<FinalScore>,
    pub winners: Vec<Seat>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct FinalScore {
    pub seat: Seat,
    pub employee: Employee,
    /// Happiness on the track when the Boss stopped.
    pub happiness: i8,
    pub cubicle: i8,
    /// Other modifiers, each named.
    pub modifiers: Vec<Modifier>,
    pub total: i8,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Modifier {
    pub name: String,
    pub amount: i8,
}

// --------------------------------------------------------------- events --

/// Something that happened, as one viewer may see it. Memo ids are `null`
/// for viewers who may not see the card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum EventView {
    /// The worst-job vote (or the fixture, or a random draw when nobody
    /// answered) chose the first player. `votes` by seat, when voted.
    FirstPlayer {
        seat: Seat,
        votes: Vec<Option<Seat>>,
        random: bool,
    },
    /// `seat` plays `employee` and took cubicle `cubicle`.
    Hired {
        seat: Seat,
        employee: Employee,
        cubicle: u8,
    },
    /// `project` entered slot `slot` (from the Schedule after a kill) and
    /// `team` was assigned.
    Assigned {
        project: ProjectId,
        slot: u8,
        team: Vec<Employee>,
    },
    /// `project` became the Schedule.
    Scheduled {
        project: ProjectId,
    },
    /// The project deck was empty: the discarded projects were shuffled
    /// into it.
    ProjectsReshuffled,
    RoundStarted {
        round: u16,
    },
    /// `seat` drew a memo (`memo` only for that seat).
    Drew {
        seat: Seat,
        memo: Option<MemoId>,
    },
    /// `seat` discarded a memo face down (`memo` for that seat only).
    Discarded {
        seat: Seat,
        memo: Option<MemoId>,
    },
    /// `seat` played a memo (public), on `target` if it has one.
    Played {
        seat: Seat,
        memo: MemoId,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        target: Option<Target>,
    },
    /// A memo sent `employee` straight to `to`.
    Sent {
        employee: Employee,
        to: SpaceId,
    },
    /// `employee`'s `which` is now `now`.
    TraitChanged {
        employee: Employee,
        which: Trait,
        now: u8,
    },
    /// A token came into play.
    TokenPlaced {
        place: TokenPlace,
    },
    /// A token went back in the box (a donut eaten, Ted gone home...).
    TokenReturned {
        token: Token,
    },
    /// `to` took a memo from `from`'s hand (`memo` for the two of them).
    MemoTaken {
        from: Seat,
        to: Seat,
        memo: Option<MemoId>,
    },
    /// World's Smartest Garbage Man: `seat` took `memo` back from the out
    /// tray.
    MemoRecovered {
        seat: Seat,
        memo: MemoId,
    },
    /// `employee`'s work token went onto `project` (a memo volunteered them).
    WorkPlaced {
        employee: Employee,
        project: ProjectId,
    },
    /// The Boss will move `step` at the end of this round.
    BossStep {
        step: i8,
    },
    /// A real-life question's answers, revealed together, by seat.
    Answered {
        memo: MemoId,
        yes: Vec<bool>,
    },
    /// Management Fast Track: `cheater` and the cheats, revealed with every
    /// accusation (by seat; `null` for the cheater and for silence).
    CalledOut {
        cheater: Seat,
        used: Cheats,
        accusations: Vec<Option<Cheats>>,
    },
    /// A die roll: for a run (`office: null`) or an office chart.
    Rolled {
        seat: Seat,
        value: u8,
        office: Option<Office>,
    },
    /// `seat` moved along `path` (its first space is where they stood).
    Moved {
        seat: Seat,
        path: Vec<SpaceId>,
    },
    /// Rolled a 6 when running: to Heck, knocked down, turn over.
    ToHeck {
        seat: Seat,
    },
    /// `seat` got up (2 Motivation spent).
    StoodUp {
        seat: Seat,
    },
    KnockedDown {
        seat: Seat,
    },
    /// `employee`'s happiness changed by `amount` (after clamping and
    /// abilities), to `now`.
    Happiness {
        employee: Employee,
        amount: i8,
        now: i8,
        why: Why,
    },
    Signed {
        seat: Seat,
        project: ProjectId,
        icon: Office,
    },
    /// A signature was copied (Copy Room) onto `project`.
    Copied {
        seat: Seat,
        project: ProjectId,
        icon: Office,
    },
    SignatureRemoved {
        seat: Seat,
        project: ProjectId,
        icon: Office,
    },
    /// `project` was killed by `by` (a signature or Legal), its tokens
    /// returned.
    Killed {
        project: ProjectId,
        by: Option<Employee>,
    },
    /// `project` left the Schedule unplayed (Accounting 6).
    ScheduleDiscarded {
        project: ProjectId,
    },
    TraitsSwapped {
        which: Trait,
        first: Employee,
        second: Employee,
    },
    WorkSwapped {
        first: WorkToken,
        second: WorkToken,
    },
    /// `employee` took a work token back from `project`.
    Unassigned {
        employee: Employee,
        project: ProjectId,
    },
    /// `employee`'s cubicle moved to rank `rank` (and whoever was there
    /// moved the other way).
    CubicleMoved {
        employee: Employee,
        rank: u8,
    },
    /// `seat` performed (`teapot: true` for the song, false for the rooster).
    Performed {
        seat: Seat,
        teapot: bool,
    },
    /// `seat` declined the chart's offer.
    Declined {
        seat: Seat,
    },
    /// Human Resources: `seat` saw the top three memos (`memos` for them
    /// only), kept one and put two back.
    Peeked {
        seat: Seat,
        memos: Option<Vec<MemoId>>,
    },
    /// Information Services: `seat`'s hand shown to everyone.
    HandShown {
        seat: Seat,
        memos: Vec<MemoId>,
    },
    /// `seat` discarded their whole hand (Sales).
    HandDiscarded {
        seat: Seat,
        count: u8,
    },
    /// A new consultant is in play (the old one, if any, went to the
    /// bottom of its deck).
    Consultant {
        consultant: ConsultantId,
    },
    /// Dilbert now ignores (or heeds again) the consultant in play.
    ConsultantIgnored {
        ignore: bool,
    },
    /// The pocket-change answers, revealed together, by seat.
    ChangeRevealed {
        cents: Vec<u16>,
        richest: Vec<Seat>,
    },
    /// The Boss's turn begins.
    BossTurn,
    /// The Boss checked `project`; nothing happened when `idle`.
    Checked {
        project: ProjectId,
        idle: bool,
    },
    /// The Boss moved down the track to `now`.
    BossMoved {
        now: i8,
    },
    /// The game is over.
    Finished {
        winners: Vec<Seat>,
    },
}

/// Why happiness changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Why {
    Chart,
    Office,
    Project,
    Kill,
    Rooster,
    Refused,
    Change,
    Bargain,
    Memo,
    /// A real-life question.
    RealLife,
    /// Management Fast Track: caught cheating, or a spot or a false
    /// accusation.
    CalledOut,
    Donut,
    Consultant,
}
