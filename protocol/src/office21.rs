//! Office 21 on the wire.
//!
//! Vocabulary:
//! * A [`Card`] is an employee *kind* (SPY, CLEANER, ...). Copies of a kind
//!   are interchangeable, so a card in a hand, in the pile or in the discard
//!   pile is just its kind, and actions name hand cards by kind.
//! * A card *in play* (in an office, face up or face down) also has a
//!   [`CardId`], given when it enters play and never reused. Actions that
//!   target a card in play name it by id, so a stale action either still
//!   means the card its sender saw or is refused (the card left play). Ids
//!   are only ever shown for cards in play, which everyone sees.
//! * Profits are [`Profit`]s: exact half-millions, serialized as a number of
//!   millions (`17.5`, `21`, `0.5`) that a client prints as "17.5 M".
//! * A *moment* is the number of actions played so far (`View::moment`).
//!   Each player's profit remembers the moment it last changed
//!   ([`Player::profit_since`]): "who reached it first" compares moments.
//!
//! What each viewer may know is structural: other hands are counts, the pile
//! is a count, a set-up choice is a flag until the reveal, and the few
//! secrets ([`Secret`], the redactable fields of [`EventView`]) are filled
//! only in their owner's view. docs/games/office21.md explains the rules as
//! implemented.
//!
//! # Creation options and fixtures (JSON)
//!
//! Options are `{}` (a normal game) or carry a `fixture`, accepted only by
//! servers started with `--allow-fixtures` (tests). Cards are written in
//! snake case (`"spy"`, `"cleaner"`, `"operator"`, `"assistant"`, `"sales"`,
//! `"manager"`, `"secretary"`, `"boss"`, `"director"`, `"taxman"`). A
//! fixture is exactly one of:
//!
//! * An explicit deal: each seat's starting hand (3 cards, no TAXMAN) and
//!   the draw pile, top first; together exactly the 44 cards of the game.
//!   ```json
//!   {"fixture": {"deal": {
//!     "hands": [["cleaner", "sales", "spy"], ["boss", "manager", "operator"]],
//!     "pile": ["director", "spy", "...38 more cards, top first..."]}}}
//!   ```
//! * A whole deck, top first (the 44 cards). The real dealing procedure is
//!   applied to it: three cards to each seat in turn from the top, TAXMANs
//!   in hands set aside and replaced from the top until no hand holds one,
//!   then shuffled back into the pile with the game's randomness (only if a
//!   TAXMAN was set aside).
//!   ```json
//!   {"fixture": {"deck": ["cleaner", "sales", "spy", "...41 more..."]}}
//!   ```
//! * A position in the middle of a game, to stage a situation directly:
//!   every office (cards in the order they were played, all face up except
//!   what BOSS and SECRETARY turn down), hands, the pile (top first), the
//!   discard pile (oldest first) and whose turn begins (the start of that
//!   turn is then carried out: audit and successful-operations checks,
//!   refill). Set-up is over. `eliminated` lists seats already out (their
//!   hands and offices must be empty). When one BOSS and both SECRETARYs
//!   are in play, `loved` names the seat whose SECRETARY is face down. Every
//!   profit starts as "reached" at the same moment.
//!   ```json
//!   {"fixture": {"position": {
//!     "offices": [["assistant", "sales"], ["manager", "director"]],
//!     "hands": [["taxman", "spy", "cleaner"], ["sales", "sales"]],
//!     "pile": ["...top first..."], "discard": [],
//!     "turn": 0}}}
//!   ```

use serde::{de::Error as _, Deserialize, Deserializer, Serialize, Serializer};

use crate::Seat;

/// Identifier of a card in play, unique for the whole game: a card that
/// leaves play and comes back gets a new one.
pub type CardId = u16;

/// An employee kind. Serialized in snake case: `"spy"`, `"boss"`, ...
/// The printed profits, numbers of copies and effects are in [`Board`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Card {
    /// Profit 0, 5 copies. Cannot leave a hand to a DIRECTOR, cannot be
    /// removed by a CLEANER; five in one office win.
    Spy,
    /// Profit 0.5, 6 copies. Removes a card from any office.
    Cleaner,
    /// Profit 1, 6 copies. Looks at the top card; keeps it or puts it back.
    Operator,
    /// Profit 2, 4 copies. Takes a card from its own office back to hand.
    Assistant,
    /// Profit 3, 6 copies. Swaps itself for a card in another office.
    Sales,
    /// Profit 4, 5 copies. Must be chosen first by CLEANER and SALES.
    Manager,
    /// Profit 6, 2 copies. Loves the BOSS.
    Secretary,
    /// Profit 8.5, 2 copies. Loves a SECRETARY; only one in play.
    Boss,
    /// Profit 7, 4 copies. Looks at a hand and discards a card from it;
    /// untouchable once in play.
    Director,
    /// Profit 0, 4 copies. Tax audit at its holder's next turn.
    Taxman,
}

impl Card {
    /// Every kind, in the rulebook's order (also the order hands are
    /// sorted in).
    pub const ALL: [Card; 10] = [
        Card::Spy,
        Card::Cleaner,
        Card::Operator,
        Card::Assistant,
        Card::Sales,
        Card::Manager,
        Card::Secretary,
        Card::Boss,
        Card::Director,
        Card::Taxman,
    ];
}

/// An amount of profit, exact to the half-million.
///
/// Serialized as a JSON number of millions: `17.5`, `21`, `0.5`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Profit(pub u16);

impl Profit {
    /// The magic number: exactly 21 million.
    pub const TWENTY_ONE: Profit = Profit(42);

    /// A profit of `halves` half-millions.
    pub const fn from_halves(halves: u16) -> Profit {
        Profit(halves)
    }

    pub const fn halves(self) -> u16 {
        self.0
    }
}

impl std::fmt::Display for Profit {
    /// "17.5" or "21" (millions, without unit).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.0 & 1 == 0 {
            write!(f, "{}", self.0 / 2)
        } else {
            write!(f, "{}.5", self.0 / 2)
        }
    }
}

impl Serialize for Profit {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if self.0 & 1 == 0 {
            serializer.serialize_u16(self.0 / 2)
        } else {
            serializer.serialize_f64(f64::from(self.0) / 2.0)
        }
    }
}

impl<'de> Deserialize<'de> for Profit {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let millions = f64::deserialize(deserializer)?;
        let halves = millions * 2.0;
        if halves.fract() != 0.0 || !(0.0..=f64::from(u16::MAX)).contains(&halves) {
            return Err(D::Error::custom(format!(
                "a profit is a non-negative multiple of 0.5 million, not {millions}"
            )));
        }
        Ok(Profit(halves as u16))
    }
}

/// Written by hand like the serde impls above: the wire form is a number of
/// millions, not the half-millions stored inside.
#[cfg(feature = "schema")]
impl schemars::JsonSchema for Profit {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Profit".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "Millions, exact to the half-million: 17.5, 21, 0.5.",
            "type": "number",
            "minimum": 0,
            "multipleOf": 0.5
        })
    }
}

/// A card in an office.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct OfficeCard {
    pub id: CardId,
    pub card: Card,
    /// Face-down cards (a BOSS and the SECRETARY it loves) are known to
    /// everyone but add nothing to their office's profit.
    pub face_up: bool,
}

/// A card placed in a seat's office.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Placed {
    pub seat: Seat,
    pub card: OfficeCard,
}

/// What a seat may do. Only the actions in the viewer's `legal` list are
/// accepted; each names what it acts on stably (a kind in hand, a card id in
/// play, a seat).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Action {
    /// Set-up: put a card of this kind from your hand face down into your
    /// office. Secret until everyone has chosen, then all are revealed.
    Choose { card: Card },
    /// Your turn: play a card of this kind from your hand face up into your
    /// office and carry out its effect.
    Play { card: Card },
    /// The BOSS's owner chooses which SECRETARY the BOSS loves (or, during
    /// set-up with both BOSSes and one SECRETARY, the SECRETARY's owner
    /// chooses which BOSS): that card is turned face down.
    Love { card: CardId },
    /// CLEANER: remove this card from play (to the discard pile).
    Remove { card: CardId },
    /// ASSISTANT: take this card from your office back to your hand.
    TakeBack { card: CardId },
    /// SALES: take this card from another office; your SALES goes there.
    Swap { card: CardId },
    /// DIRECTOR: secretly look at this player's hand.
    Look { seat: Seat },
    /// DIRECTOR: discard one card of this kind from the hand of `seat`
    /// (the hand you are looking at).
    Discard { seat: Seat, card: Card },
    /// OPERATOR: show the card you looked at to everyone and keep it.
    Keep { card: Card },
    /// OPERATOR: put the card you looked at back face down on the pile.
    Return { card: Card },
}

/// One player's side of the table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Player {
    pub seat: Seat,
    /// Number of cards in hand (the cards themselves are in `View::hand`
    /// for their owner only).
    pub hand: u8,
    /// The office, in the order the cards entered it.
    pub office: Vec<OfficeCard>,
    /// Sum of the face-up cards' profits.
    pub profit: Profit,
    /// The moment this profit was reached (last changed). Compared to break
    /// ties ("who reached it first"). Set-up profits count from the moment
    /// play began.
    pub profit_since: u32,
    /// Out of the game (record-breaking profits). Hand and office went to
    /// the discard pile.
    pub eliminated: bool,
    /// During set-up: this player has put this round's card face down.
    pub chosen: bool,
}

/// The BOSS/SECRETARY decision: `seat` owns `card` (already face down) and
/// turns one of `options` face down with it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct LoveChoice {
    pub seat: Seat,
    /// The chooser's BOSS (or, in set-up, SECRETARY).
    pub card: CardId,
    /// The SECRETARYs (or BOSSes) it may love.
    pub options: Vec<CardId>,
}

/// What the active player is deciding. Public: everyone sees that "Christa
/// is choosing a CLEANER target" and the public options; secrets are in
/// [`View::secret`] for the decider only.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "decision", rename_all = "snake_case")]
pub enum Decision {
    /// Which card to play.
    PlayCard,
    /// Which SECRETARY the just-played BOSS (`card`) loves.
    Love { choice: LoveChoice },
    /// The CLEANER `card` removes one of `options`.
    Cleaner { card: CardId, options: Vec<CardId> },
    /// The ASSISTANT `card` takes one of `options` back to hand.
    Assistant { card: CardId, options: Vec<CardId> },
    /// The SALES `card` is swapped for one of `options`.
    Sales { card: CardId, options: Vec<CardId> },
    /// The DIRECTOR `card` chooses whose hand to look at.
    DirectorTarget { card: CardId, options: Vec<Seat> },
    /// The DIRECTOR `card` looks at `target`'s hand and chooses a card to
    /// discard.
    DirectorDiscard { card: CardId, target: Seat },
    /// The OPERATOR `card` looked at the top card: keep it or put it back.
    Operator { card: CardId },
}

/// Where the game is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "stage", rename_all = "snake_case")]
pub enum Stage {
    /// Set-up round `round` (1 to 3) of attempt `attempt` (a tie after the
    /// third round starts the set-up over). `waiting` still have to put a
    /// card face down; `love` is a BOSS/SECRETARY choice after the reveal.
    SetUp {
        attempt: u8,
        round: u8,
        waiting: Vec<Seat>,
        love: Option<LoveChoice>,
    },
    /// `seat`'s turn.
    Turn { seat: Seat, decision: Decision },
    /// See [`View::ending`].
    Over,
}

/// A secret only the viewer knows, for the decision it is making.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "secret", rename_all = "snake_case")]
pub enum Secret {
    /// The card your OPERATOR drew.
    OperatorCard { card: Card },
    /// The hand your DIRECTOR is looking at.
    DirectorLook { target: Seat, hand: Vec<Card> },
}

/// A TAXMAN in play: the tax audit happens at the start of `holder`'s next
/// turn. `turns_before` counts the turns that will begin before it (the
/// turn in progress not included): 0 means "at the start of the next turn".
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Audit {
    pub holder: Seat,
    pub card: CardId,
    pub turns_before: u8,
}

/// How the game ended (the trigger). The victory condition can differ: a
/// tax audit can be won by successful operations.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum EndedBy {
    /// A fifth SPY entered an office.
    IndustrialEspionage,
    /// A player started their turn at exactly 21 million.
    SuccessfulOperations,
    /// The TAXMAN's holder started their turn.
    TaxAudit,
    /// The pile could not refill a hand with no TAXMAN in play (or the
    /// TAXMAN left play after that happened).
    FullEmployment,
    /// Every remaining player spent three rounds only taking cards back
    /// with ASSISTANTs or passing: the office stalled (an online rule, see
    /// docs/games/office21.md); decided like full employment.
    Stalemate,
    /// All but one player were eliminated.
    RecordBreakingProfits,
}

/// The victory condition that decided the winner. `Outcome::reason` is
/// its snake-case name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Victory {
    /// Five SPYs in one office.
    IndustrialEspionage,
    /// Exactly 21 million (reached first among those at 21).
    SuccessfulOperations,
    /// Lowest profit at a tax audit (or at full employment with a TAXMAN).
    CreativeAccounting,
    /// Highest profit at full employment.
    LargeProfits,
    /// Last player standing.
    StrategicManagement,
}

impl Victory {
    /// The snake-case name, used as `Outcome::reason`.
    pub fn as_str(self) -> &'static str {
        match self {
            Victory::IndustrialEspionage => "industrial_espionage",
            Victory::SuccessfulOperations => "successful_operations",
            Victory::CreativeAccounting => "creative_accounting",
            Victory::LargeProfits => "large_profits",
            Victory::StrategicManagement => "strategic_management",
        }
    }
}

/// Which tie-break singled out the winner, when the victory condition
/// alone did not.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum TieBreak {
    /// Creative accounting: fewest cards in office.
    FewestCards,
    /// Creative accounting: highest single face-up card.
    HighestCard,
    /// The profit was reached first (earliest `profit_since`).
    ReachedFirst,
    /// Still tied after every tie-break: the tied players share the victory.
    Shared,
}

/// The end of a game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Ending {
    pub ended_by: EndedBy,
    pub victory: Victory,
    /// One winner, or several when every tie-break failed.
    pub winners: Vec<Seat>,
    pub tie_break: Option<TieBreak>,
}

/// The table as one viewer sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct View {
    /// The viewer's seat; `None` for a spectator.
    pub you: Option<Seat>,
    pub stage: Stage,
    /// Every player, by seat.
    pub players: Vec<Player>,
    /// Your hand, sorted (empty for spectators).
    pub hand: Vec<Card>,
    /// Your face-down set-up card this round, until the reveal.
    pub your_choice: Option<Card>,
    /// Cards in the draw pile.
    pub pile: u8,
    /// The top card of the pile, when you know it: you put it back with an
    /// OPERATOR and nobody has drawn it since.
    pub pile_top: Option<Card>,
    /// The discard pile, face up, oldest first.
    pub discard: Vec<Card>,
    /// Who started the game (after set-up).
    pub start_player: Option<Seat>,
    /// The TAXMAN in play, if any.
    pub audit: Option<Audit>,
    /// The pile could not refill a hand while a TAXMAN was in play: refills
    /// are skipped for the rest of the game, and if the TAXMAN leaves play
    /// the game ends at once (full employment).
    pub exhausted: bool,
    /// Consecutive turns in which the remaining players only took cards
    /// back with ASSISTANTs or passed; at `stall_limit` the game ends by
    /// stalemate.
    pub idle_turns: u8,
    pub stall_limit: u8,
    /// Number of actions played so far.
    pub moment: u32,
    /// The viewer's own secret for the decision it is making.
    pub secret: Option<Secret>,
    pub ending: Option<Ending>,
}

/// Why a player passed (the server does it for them).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum PassReason {
    /// No card in hand and the pile is used up.
    EmptyHand,
    /// The only card in hand is a BOSS and a BOSS is in play.
    OnlyBoss,
}

/// Something that happened, as one viewer may see it. Fields that are
/// `Option` hold a secret: filled for the viewer entitled to it, `null` for
/// everyone else.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum EventView {
    /// `seat` was dealt `cards` cards (after TAXMANs were replaced); `hand`
    /// for that seat only.
    Dealt {
        seat: Seat,
        cards: u8,
        hand: Option<Vec<Card>>,
    },
    /// `seat` had `count` TAXMANs in the deal, set them aside and drew
    /// replacements.
    TaxmenSetAside {
        seat: Seat,
        count: u8,
    },
    /// The set-aside TAXMANs were shuffled back into the pile.
    TaxmenShuffledBack {
        count: u8,
    },
    /// `seat` put a card face down (`card` for that seat only).
    Chose {
        seat: Seat,
        round: u8,
        card: Option<Card>,
    },
    /// Everyone's set-up cards turned face up together.
    Revealed {
        round: u8,
        cards: Vec<Placed>,
    },
    /// A BOSS or SECRETARY fell in love and turned face down.
    TurnedDown {
        seat: Seat,
        card: OfficeCard,
    },
    /// A BOSS or SECRETARY lost its love and turned face up.
    TurnedUp {
        seat: Seat,
        card: OfficeCard,
    },
    /// `seat` chose that their card loves `card` (in `owner`'s office).
    LoveChosen {
        seat: Seat,
        card: CardId,
        owner: Seat,
    },
    /// Set-up round `round` tied for lowest profit among `tied`: another
    /// round (or, after the third, a new set-up).
    SetUpTied {
        round: u8,
        totals: Vec<Profit>,
        tied: Vec<Seat>,
    },
    /// The set-up starts over from a full reshuffle.
    SetUpRestarted {
        attempt: u8,
    },
    /// `seat` had the lowest face-up total and starts.
    StartPlayer {
        seat: Seat,
        totals: Vec<Profit>,
    },
    /// Play began with both BOSSes in play: both were discarded.
    BossesDiscarded {
        cards: Vec<Placed>,
    },
    /// `seat`'s turn begins.
    TurnBegan {
        seat: Seat,
    },
    /// `seat` drew `count` cards from the pile (`cards` for that seat only).
    Drew {
        seat: Seat,
        count: u8,
        cards: Option<Vec<Card>>,
    },
    /// The pile could not refill `seat`'s hand. With a TAXMAN in play the
    /// game goes on without refills; without one it ends.
    FullEmployment {
        seat: Seat,
        taxman_in_play: bool,
    },
    /// `seat` could not play and passed.
    Passed {
        seat: Seat,
        reason: PassReason,
    },
    /// `seat` played `card` face up into their office.
    Played {
        seat: Seat,
        card: OfficeCard,
    },
    /// The effect of `seat`'s `card` had no possible target and was
    /// forfeited (an OPERATOR with an empty pile has no effect).
    NoTarget {
        seat: Seat,
        card: Card,
    },
    /// `seat`'s CLEANER removed `card` from `owner`'s office.
    Removed {
        seat: Seat,
        owner: Seat,
        card: OfficeCard,
    },
    /// `seat`'s ASSISTANT took `card` back to hand.
    TookBack {
        seat: Seat,
        card: OfficeCard,
    },
    /// `seat`'s SALES (`gave`, now in `other`'s office) was swapped for
    /// `took` (now in `seat`'s office).
    Swapped {
        seat: Seat,
        other: Seat,
        took: OfficeCard,
        gave: OfficeCard,
    },
    /// `seat`'s OPERATOR drew the top card (`card` for that seat only).
    OperatorDrew {
        seat: Seat,
        card: Option<Card>,
    },
    /// `seat` showed the drawn `card` and kept it.
    OperatorKept {
        seat: Seat,
        card: Card,
    },
    /// `seat` put the drawn card back on top, face down (`card` for that
    /// seat only).
    OperatorReturned {
        seat: Seat,
        card: Option<Card>,
    },
    /// `seat`'s DIRECTOR looked at `target`'s hand (`hand` for `seat` only).
    DirectorLooked {
        seat: Seat,
        target: Seat,
        hand: Option<Vec<Card>>,
    },
    /// `seat`'s DIRECTOR discarded `card` from `target`'s hand; `None`: the
    /// hand held only SPYs, so nothing was discarded.
    DirectorDiscarded {
        seat: Seat,
        target: Seat,
        card: Option<Card>,
    },
    /// A second TAXMAN was played: the first (`card`, in `owner`'s office)
    /// was discarded.
    TaxmanReplaced {
        owner: Seat,
        card: OfficeCard,
    },
    /// The TAXMAN left play: no tax audit (for now).
    AuditCancelled {
        holder: Seat,
    },
    /// `seat` made more than 21 million (`profit`) and is out; `hand` and
    /// `office` went to the discard pile face up.
    Eliminated {
        seat: Seat,
        profit: Profit,
        hand: Vec<Card>,
        office: Vec<OfficeCard>,
    },
    Ended {
        ending: Ending,
    },
}

/// An event with everything in it, secrets included: server-side only
/// (never serialized). [`EventView`] is what a viewer receives.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// An event every viewer sees whole.
    Public(EventView),
    Dealt {
        seat: Seat,
        hand: Vec<Card>,
    },
    Chose {
        seat: Seat,
        round: u8,
        card: Card,
    },
    Drew {
        seat: Seat,
        cards: Vec<Card>,
    },
    OperatorDrew {
        seat: Seat,
        card: Card,
    },
    OperatorReturned {
        seat: Seat,
        card: Card,
    },
    DirectorLooked {
        seat: Seat,
        target: Seat,
        hand: Vec<Card>,
    },
}

/// A kind's printed data, for rendering.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct CardInfo {
    pub card: Card,
    /// "SPY", "CLEANER", ...
    pub name: String,
    pub profit: Profit,
    pub copies: u8,
    /// The effect, in one or two sentences.
    pub effect: String,
}

/// A victory condition's display name and the message for its winner.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct VictoryInfo {
    pub victory: Victory,
    /// "Industrial espionage", ...
    pub name: String,
    /// A congratulation for the end screen.
    pub congratulation: String,
}

/// How a game can end, with its display name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct EndInfo {
    pub ended_by: EndedBy,
    /// "Tax audit", ...
    pub name: String,
}

/// Data that never changes, sent once per connection.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Board {
    /// Every kind, in [`Card::ALL`] order.
    pub cards: Vec<CardInfo>,
    /// Every victory condition, highest rank first.
    pub victories: Vec<VictoryInfo>,
    /// Every way a game ends.
    pub ends: Vec<EndInfo>,
    /// 21 million.
    pub target: Profit,
    /// Hands are refilled to this many cards.
    pub hand_size: u8,
    /// Cards in the game (44).
    pub deck_size: u8,
}

/// Creation options.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Options {
    /// Tests only (servers started with `--allow-fixtures`); see the module
    /// documentation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fixture: Option<Fixture>,
}

/// A scripted start. See the module documentation for the JSON.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Fixture {
    /// Each seat's starting hand and the pile, top first.
    Deal {
        hands: Vec<Vec<Card>>,
        pile: Vec<Card>,
    },
    /// The whole deck, top first, dealt by the real procedure.
    Deck(Vec<Card>),
    /// A position in the middle of a game.
    Position(Position),
}

/// A staged mid-game position (see the module documentation).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Position {
    /// Each seat's office, in the order the cards were played.
    pub offices: Vec<Vec<Card>>,
    /// Each seat's hand (at most 3 cards).
    pub hands: Vec<Vec<Card>>,
    /// Top first.
    pub pile: Vec<Card>,
    /// Oldest first.
    #[serde(default)]
    pub discard: Vec<Card>,
    /// Whose turn begins.
    pub turn: Seat,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub eliminated: Vec<Seat>,
    /// With one BOSS and both SECRETARYs in play: the seat whose SECRETARY
    /// the BOSS loves.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub loved: Option<Seat>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn profits_serialize_as_millions() {
        assert_eq!(serde_json::to_string(&Profit(35)).unwrap(), "17.5");
        assert_eq!(serde_json::to_string(&Profit(42)).unwrap(), "21");
        assert_eq!(serde_json::from_str::<Profit>("0.5").unwrap(), Profit(1));
        assert_eq!(serde_json::from_str::<Profit>("21").unwrap(), Profit(42));
        assert!(serde_json::from_str::<Profit>("0.25").is_err());
        assert!(serde_json::from_str::<Profit>("-1").is_err());
        assert_eq!(Profit(35).to_string(), "17.5");
    }

    #[test]
    fn actions_and_fixtures_read_as_documented() {
        let a: Action =
            serde_json::from_str(r#"{"kind":"discard","seat":2,"card":"sales"}"#).unwrap();
        assert_eq!(
            a,
            Action::Discard {
                seat: 2,
                card: Card::Sales
            }
        );
        let o: Options = serde_json::from_str(r#"{"fixture":{"deck":["spy","boss"]}}"#).unwrap();
        assert_eq!(o.fixture, Some(Fixture::Deck(vec![Card::Spy, Card::Boss])));
        let o: Options = serde_json::from_str(
            r#"{"fixture":{"position":{"offices":[[]],"hands":[[]],"pile":[],"turn":0}}}"#,
        )
        .unwrap();
        assert!(matches!(o.fixture, Some(Fixture::Position(_))));
    }
}
