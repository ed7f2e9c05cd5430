//! The contract every game fulfils.
//!
//! A game is a value (`Self`) that changes only through [`Game::apply`],
//! and only with an action [`Game::check`] accepted. The
//! trait is shaped by what the three games need (docs/ARCHITECTURE.md, "The
//! engine interface", maps each need onto it):
//!
//! * Several seats may owe a decision at once ([`Game::to_act`] returns all
//!   of them): Office 21's face-down set-up choice.
//! * A decision in the middle of an effect is state: the game records what it
//!   waits for and whose it is, `to_act` names that seat (which need not be
//!   the active player) and `legal` lists its options.
//! * What a viewer may know is decided in one place per kind of data:
//!   [`Game::view`] for the state and [`Game::event_view`] for each event;
//!   a secret (a DIRECTOR's look at a hand) is an event or a view field only
//!   its owner's filter lets through.
//! * Randomness comes from the [`Chance`] passed in.
//! * Data that never changes is [`Game::board`], sent once per connection.
//! * [`Game::outcome`] may become `Some` after any action, whoever's turn it
//!   was, and names one or several winners.

use std::fmt::Debug;

use cubicle_protocol::record::Revealed;
use cubicle_protocol::{ErrorCode, GameInfo, JoinQuestion, Outcome, Seat};
use serde::{de::DeserializeOwned, Deserialize, Serialize};

use crate::answers::{Answer, Answers};
use crate::Chance;

/// Who is looking at a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Viewer {
    /// The player in this seat: sees the public state and their own secrets.
    Seat(Seat),
    /// Anyone else: sees only what is public.
    Spectator,
}

impl Viewer {
    /// All viewers of a table with `seats` seats: every seat, then the
    /// spectator.
    pub fn all(seats: usize) -> impl Iterator<Item = Viewer> {
        (0..seats as Seat)
            .map(Viewer::Seat)
            .chain(std::iter::once(Viewer::Spectator))
    }

    pub fn seat(self) -> Option<Seat> {
        match self {
            Viewer::Seat(s) => Some(s),
            Viewer::Spectator => None,
        }
    }
}

/// What a game may know about a player when it starts: the player's checked
/// answers to the game's join questions ([`Game::join_questions`]), which the
/// game reads and interprets itself. Names are not here: rules do not need
/// them, and clients render them from the room's seats. Serialized as the
/// answers object itself (`{"left_work_at": "19:30"}`), which is how the store
/// keeps the profiles a game started with.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PlayerProfile {
    pub answers: Answers,
}

impl PlayerProfile {
    /// A profile with one more answer (for tests and fixtures).
    pub fn with(mut self, question: &str, answer: Answer) -> Self {
        self.answers.insert(question.to_owned(), answer);
        self
    }

    pub fn answer(&self, question: &str) -> Option<&Answer> {
        self.answers.get(question)
    }
}

/// An action the rules refuse. Nothing changed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    #[error("the game is over")]
    GameOver,
    #[error("it is not your turn")]
    NotYourTurn,
    /// The action is well-formed but not allowed now; the message says which
    /// rule forbids it.
    #[error("{0}")]
    Illegal(String),
}

impl RuleError {
    pub fn code(&self) -> ErrorCode {
        match self {
            RuleError::GameOver => ErrorCode::GameOver,
            RuleError::NotYourTurn => ErrorCode::NotYourTurn,
            RuleError::Illegal(_) => ErrorCode::IllegalAction,
        }
    }
}

/// A game cannot start as asked.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("{game} is played by {min} to {max} players, not {got}")]
    SeatCount {
        game: String,
        min: u8,
        max: u8,
        got: usize,
    },
    #[error("invalid options: {0}")]
    Options(String),
    #[error("invalid fixture: {0}")]
    Fixture(String),
    /// A player's answers cannot be read by the game (they are checked at
    /// join, so only a damaged store gets here).
    #[error("seat {seat}: {detail}")]
    Answers { seat: Seat, detail: String },
}

/// The rules of one game. See the module documentation for how the trait
/// serves simultaneous, pending and secret decisions.
///
/// Implementations must guarantee:
/// * a refusal changes nothing: `check` takes `&self`, and `apply`, which
///   takes only what `check` accepted, cannot refuse;
/// * every action in `legal(seat)` is accepted by `check` for `seat`, and
///   `legal(seat)` is empty exactly when `seat` is not in `to_act()`;
/// * `view(viewer)`, `legal(seat)` and `event_view(_, viewer)` depend only
///   on what that viewer may know (the non-interference tests in
///   [`crate::testing`] check it);
/// * actions name things by identifiers that stay valid while the state
///   changes (a pile's slot, a card's kind), never by positions that shift,
///   so an action built from an older view still means what its sender saw
///   or is refused.
pub trait Game: Clone + Debug + PartialEq + Send + Sync + 'static {
    /// Creation options. By convention a `fixture` field scripts the random
    /// parts (a deal, a deck order) for tests; the server accepts it only
    /// when started with `--allow-fixtures`.
    type Options: Serialize + DeserializeOwned + Default + Clone + Debug;
    type Action: Serialize + DeserializeOwned + Clone + PartialEq + Debug + Send + 'static;
    type View: Serialize + Send + 'static;
    /// An event as it happened, with everything in it (secrets included).
    type Event: Clone + Debug + Send + Sync + 'static;
    /// An event as one viewer may see it. Read back only to check a game
    /// record against its replay ([`crate::Table::current_form`]).
    type EventView: Serialize + DeserializeOwned;
    /// Data that never changes during a game.
    type Board: Serialize;
    /// An action accepted by [`Game::check`], with what the check found
    /// (the tile under a slot, the decision an answer resolves). Games keep
    /// its fields private, so only `check` makes one.
    type Checked: Send;

    /// Identifier used in the API and the store (`"osaki"`).
    const ID: &'static str;

    /// Name, seat range and join questions, for the start page and the
    /// lobby; `info().id == Self::ID` and
    /// `info().join_questions == Self::join_questions()`.
    fn info() -> GameInfo;

    /// What the game asks each player who takes a seat (Osaki: "when did
    /// you leave work yesterday?"). The server checks every answer against
    /// these before the seat is taken ([`crate::answers::check`]); `start`
    /// receives the checked answers in each [`PlayerProfile`].
    fn join_questions() -> Vec<JoinQuestion> {
        Vec::new()
    }

    /// Checks the game's own options (a fixture) for `seats` players. The
    /// seat count itself is checked by [`Game::validate`].
    fn validate_options(options: &Self::Options, seats: usize) -> Result<(), SetupError>;

    /// Checks the seat count and the options before a room is created, so a
    /// bad fixture is refused at once rather than when the game starts.
    /// `start` implementations call it too.
    fn validate(options: &Self::Options, seats: usize) -> Result<(), SetupError> {
        check_seat_count::<Self>(seats)?;
        Self::validate_options(options, seats)
    }

    /// Deals and sets up a new game. `players.len()` is the number of seats;
    /// each profile holds that player's checked join answers.
    fn start(
        players: &[PlayerProfile],
        options: &Self::Options,
        chance: &mut dyn Chance,
    ) -> Result<(Self, Vec<Self::Event>), SetupError>;

    fn board(&self) -> Self::Board;

    /// The board, when every table of this game has the same one (`board`
    /// then returns it too): known before any game starts, so a client may
    /// fetch it once, keep it, and connect without being sent it again
    /// (docs/protocol.md, `hello.board`). `None`: it depends on the table.
    fn fixed_board() -> Option<Self::Board> {
        None
    }

    /// Seats that owe a decision now, in seat order. Empty once the game is
    /// over.
    fn to_act(&self) -> Vec<Seat>;

    /// What `seat` may do now.
    fn legal(&self, seat: Seat) -> Vec<Self::Action>;

    /// Decides whether `seat` may take `action` now, without changing
    /// anything. An acceptance is a [`Game::Checked`] value carrying what the
    /// check established, so that [`Game::apply`] need not find it again.
    fn check(&self, seat: Seat, action: &Self::Action) -> Result<Self::Checked, RuleError>;

    /// Performs an action `check` accepted on this very state, returning
    /// what happened. It cannot fail: every refusal is `check`'s.
    fn apply(&mut self, checked: Self::Checked, chance: &mut dyn Chance) -> Vec<Self::Event>;

    /// `check` then `apply`: performs `action` for `seat`, or refuses it and
    /// changes nothing.
    fn play(
        &mut self,
        seat: Seat,
        action: &Self::Action,
        chance: &mut dyn Chance,
    ) -> Result<Vec<Self::Event>, RuleError> {
        let checked = self.check(seat, action)?;
        Ok(self.apply(checked, chance))
    }

    fn view(&self, viewer: Viewer) -> Self::View;

    /// `None` when the viewer may see nothing of the event (it is then sent
    /// as a bare number).
    fn event_view(event: &Self::Event, viewer: Viewer) -> Option<Self::EventView>;

    fn outcome(&self) -> Option<Outcome>;

    /// Number of seats.
    fn seats(&self) -> usize;

    /// Everything hidden from some viewer now, in words, for replays of finished games (never sent during a game).
    ///
    /// One entry per hidden thing: a seat's own (its hand, its unturned
    /// tiles: `seat` is `Some`) or the table's (a deck: `seat` is `None`),
    /// seats' entries first in seat order, then the table's. Items are in a
    /// meaningful order (a deck top first, a hand as its owner's view lists
    /// it), named as the game's board names them. Only what is hidden from
    /// at least one viewer at this moment is listed (a face-up or public
    /// thing is in the views already), and an entry with no items is left
    /// out: an empty hand or deck has no entry.
    fn reveal(&self) -> Vec<Revealed>;

    /// A deadline the rules themselves set on the current state: if no
    /// action arrives within `after_ms` of the last change, the room applies
    /// `action` for `seat`. For windows that must close even when nobody
    /// answers (a response window that may not reveal who could respond).
    /// The action must be in `legal(seat)`. Most states have none.
    fn deadline(&self) -> Option<Deadline<Self::Action>> {
        None
    }

    /// The action taken for `seat` when the room's turn clock runs out: the
    /// game's safest legal move. It must be in `legal(seat)` and depend only
    /// on what `seat` may know; `None` exactly when `legal(seat)` is empty.
    /// `chance` is a stream no action uses, for games whose safest move is a
    /// random one; the chosen action is what the log keeps, so replays never
    /// call this again.
    fn timeout_action(&self, seat: Seat, chance: &mut dyn Chance) -> Option<Self::Action> {
        let _ = chance;
        self.legal(seat).into_iter().next()
    }
}

/// A deadline set by the rules: see [`Game::deadline`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Deadline<A> {
    /// Milliseconds after the state's last change.
    pub after_ms: u64,
    pub seat: Seat,
    /// Applied for `seat` when the time is up.
    pub action: A,
}

/// Checks the seat count against [`Game::info`].
pub fn check_seat_count<G: Game>(seats: usize) -> Result<(), SetupError> {
    let info = G::info();
    if (info.min_seats as usize..=info.max_seats as usize).contains(&seats) {
        Ok(())
    } else {
        Err(SetupError::SeatCount {
            game: info.name,
            min: info.min_seats,
            max: info.max_seats,
            got: seats,
        })
    }
}

/// Builds a [`Game::reveal`] list: entries in the order added, an entry
/// with no items left out.
#[derive(Debug, Default)]
pub struct RevealList(Vec<Revealed>);

impl RevealList {
    pub fn add(&mut self, seat: Option<Seat>, label: &str, items: Vec<String>) {
        if !items.is_empty() {
            self.0.push(Revealed {
                seat,
                label: label.to_owned(),
                items,
            });
        }
    }

    pub fn into_vec(self) -> Vec<Revealed> {
        self.0
    }
}
