//! Helpers shared by the Office 21 test files: fixtures written as the
//! rulebook tells its examples, a game that records its events, and
//! readable looks at the table.
#![allow(dead_code, unused_imports)] // each test file uses a different part

use cubicle_games::chance::SeededChance;
use cubicle_games::office21::Office21;
use cubicle_games::{Game, PlayerProfile, RuleError, Viewer};
use cubicle_protocol::office21::{
    Action, Card, CardId, Ending, Event, EventView, Fixture, Options, Position, Profit, View,
};
use cubicle_protocol::Seat;

pub use Card::{
    Assistant, Boss, Cleaner, Director, Manager, Operator, Sales, Secretary, Spy, Taxman,
};

/// The rulebook's players, in seat (clockwise) order.
pub const ANTON: Seat = 0;
pub const JACKY: Seat = 1;
pub const CHRISTA: Seat = 2;
pub const DORIS: Seat = 3;

/// The 44 cards in [`Card::ALL`] order.
pub fn full_deck() -> Vec<Card> {
    let copies = |c: Card| match c {
        Spy | Manager => 5,
        Cleaner | Operator | Sales => 6,
        Assistant | Director | Taxman => 4,
        Secretary | Boss => 2,
    };
    Card::ALL
        .iter()
        .flat_map(|&c| std::iter::repeat_n(c, copies(c)))
        .collect()
}

/// The deck minus `used` (panics if `used` is not part of the deck).
pub fn rest_of_deck(used: &[Card]) -> Vec<Card> {
    let mut rest = full_deck();
    for card in used {
        let i = rest
            .iter()
            .position(|c| c == card)
            .unwrap_or_else(|| panic!("more {card:?} than the deck holds"));
        rest.remove(i);
    }
    rest
}

/// An explicit deal: these hands, the pile starting with `pile_top` (top
/// first), then every other card in [`Card::ALL`] order.
pub fn deal(hands: &[&[Card]], pile_top: &[Card]) -> Fixture {
    let used: Vec<Card> = hands
        .iter()
        .flat_map(|h| h.iter())
        .chain(pile_top)
        .copied()
        .collect();
    let mut pile = pile_top.to_vec();
    pile.extend(rest_of_deck(&used));
    Fixture::Deal {
        hands: hands.iter().map(|h| h.to_vec()).collect(),
        pile,
    }
}

/// A mid-game position: offices and hands by seat, the pile starting with
/// `pile_top`; every card not listed goes under the pile (or to the
/// discard pile with [`Table::rest_discarded`]).
pub struct Table {
    pub offices: Vec<Vec<Card>>,
    pub hands: Vec<Vec<Card>>,
    pub pile_top: Vec<Card>,
    pub discard: Vec<Card>,
    pub turn: Seat,
    pub eliminated: Vec<Seat>,
    pub loved: Option<Seat>,
    pub rest_discarded: bool,
}

impl Table {
    pub fn new(offices: &[&[Card]], hands: &[&[Card]], turn: Seat) -> Table {
        Table {
            offices: offices.iter().map(|o| o.to_vec()).collect(),
            hands: hands.iter().map(|h| h.to_vec()).collect(),
            pile_top: Vec::new(),
            discard: Vec::new(),
            turn,
            eliminated: Vec::new(),
            loved: None,
            rest_discarded: false,
        }
    }

    pub fn pile_top(mut self, cards: &[Card]) -> Table {
        self.pile_top = cards.to_vec();
        self
    }

    /// Unlisted cards go to the discard pile: the pile is exactly
    /// `pile_top`.
    pub fn rest_discarded(mut self) -> Table {
        self.rest_discarded = true;
        self
    }

    pub fn eliminated(mut self, seats: &[Seat]) -> Table {
        self.eliminated = seats.to_vec();
        self
    }

    pub fn loved(mut self, seat: Seat) -> Table {
        self.loved = Some(seat);
        self
    }

    pub fn fixture(&self) -> Fixture {
        let used: Vec<Card> = self
            .offices
            .iter()
            .chain(&self.hands)
            .flatten()
            .chain(&self.pile_top)
            .copied()
            .collect();
        let rest = rest_of_deck(&used);
        let (pile, discard) = if self.rest_discarded {
            (self.pile_top.clone(), rest)
        } else {
            let mut pile = self.pile_top.clone();
            pile.extend(rest);
            (pile, Vec::new())
        };
        Fixture::Position(Position {
            offices: self.offices.clone(),
            hands: self.hands.clone(),
            pile,
            discard,
            turn: self.turn,
            eliminated: self.eliminated.clone(),
            loved: self.loved,
        })
    }

    pub fn start(&self) -> Play {
        Play::start(self.offices.len(), self.fixture())
    }
}

pub fn options(fixture: Fixture) -> Options {
    Options {
        fixture: Some(fixture),
    }
}

/// A game and its event history.
#[derive(Clone, Debug)]
pub struct Play {
    pub game: Office21,
    pub events: Vec<Event>,
    pub step: u64,
}

impl Play {
    pub fn start(seats: usize, fixture: Fixture) -> Play {
        Play::start_seeded(seats, fixture, 0)
    }

    pub fn start_seeded(seats: usize, fixture: Fixture, seed: u8) -> Play {
        let (game, events) = Office21::start(
            &vec![PlayerProfile::default(); seats],
            &options(fixture),
            &mut SeededChance::new(&[seed; 32], 0),
        )
        .expect("fixture accepted");
        Play {
            game,
            events,
            step: 0,
        }
    }

    /// Applies `action` for `seat`, or returns the refusal after checking
    /// that nothing changed. On success, returns the new events as a
    /// spectator sees them.
    pub fn try_act(&mut self, seat: Seat, action: Action) -> Result<Vec<EventView>, RuleError> {
        let before = self.game.clone();
        self.step += 1;
        let mut chance = SeededChance::new(&[0; 32], self.step);
        match self.game.play(seat, &action, &mut chance) {
            Ok(new) => {
                let shown = new
                    .iter()
                    .map(|e| Office21::event_view(e, Viewer::Spectator).unwrap())
                    .collect();
                self.events.extend(new);
                Ok(shown)
            }
            Err(e) => {
                assert_eq!(self.game, before, "a refused action changed the game");
                Err(e)
            }
        }
    }

    /// Applies `action`, panicking with the reason if it is refused.
    #[track_caller]
    pub fn act(&mut self, seat: Seat, action: Action) -> Vec<EventView> {
        match self.try_act(seat, action) {
            Ok(events) => events,
            Err(e) => panic!(
                "{action:?} by seat {seat} refused: {e}\nlegal: {:?}\nview: {:#?}",
                self.game.legal(seat),
                self.spectator().stage
            ),
        }
    }

    /// Refusal message of `action`, which must be refused.
    #[track_caller]
    pub fn refused(&mut self, seat: Seat, action: Action) -> RuleError {
        match self.try_act(seat, action) {
            Ok(_) => panic!("{action:?} by seat {seat} was accepted"),
            Err(e) => e,
        }
    }

    #[track_caller]
    pub fn play(&mut self, seat: Seat, card: Card) -> Vec<EventView> {
        self.act(seat, Action::Play { card })
    }

    #[track_caller]
    pub fn choose(&mut self, seat: Seat, card: Card) -> Vec<EventView> {
        self.act(seat, Action::Choose { card })
    }

    pub fn view(&self, seat: Seat) -> View {
        self.game.view(Viewer::Seat(seat))
    }

    pub fn spectator(&self) -> View {
        self.game.view(Viewer::Spectator)
    }

    pub fn legal(&self, seat: Seat) -> Vec<Action> {
        self.game.legal(seat)
    }

    pub fn to_act(&self) -> Vec<Seat> {
        self.game.to_act()
    }

    /// Whose turn it is (panics outside a turn).
    #[track_caller]
    pub fn turn(&self) -> Seat {
        match self.spectator().stage {
            cubicle_protocol::office21::Stage::Turn { seat, .. } => seat,
            other => panic!("not in a turn: {other:?}"),
        }
    }

    /// `seat`'s office as kinds, with `-` marking face-down cards.
    pub fn office(&self, seat: Seat) -> Vec<String> {
        self.spectator().players[usize::from(seat)]
            .office
            .iter()
            .map(|c| {
                let name = format!("{:?}", c.card).to_lowercase();
                if c.face_up {
                    name
                } else {
                    format!("-{name}")
                }
            })
            .collect()
    }

    /// The id of the (first) card of kind `card` in `seat`'s office.
    #[track_caller]
    pub fn id(&self, seat: Seat, card: Card) -> CardId {
        self.ids(seat, card)
            .first()
            .copied()
            .unwrap_or_else(|| panic!("no {card:?} in seat {seat}'s office"))
    }

    pub fn ids(&self, seat: Seat, card: Card) -> Vec<CardId> {
        self.spectator().players[usize::from(seat)]
            .office
            .iter()
            .filter(|c| c.card == card)
            .map(|c| c.id)
            .collect()
    }

    /// `seat`'s profit in millions.
    pub fn profit(&self, seat: Seat) -> f64 {
        f64::from(self.spectator().players[usize::from(seat)].profit.halves()) / 2.0
    }

    pub fn hand(&self, seat: Seat) -> Vec<Card> {
        self.view(seat).hand
    }

    pub fn eliminated(&self, seat: Seat) -> bool {
        self.spectator().players[usize::from(seat)].eliminated
    }

    pub fn ending(&self) -> Option<Ending> {
        self.spectator().ending
    }

    #[track_caller]
    pub fn ended(&self) -> Ending {
        self.ending().expect("the game is over")
    }

    /// Every event so far as `viewer` sees it.
    pub fn log(&self, viewer: Viewer) -> Vec<EventView> {
        self.events
            .iter()
            .map(|e| Office21::event_view(e, viewer).unwrap())
            .collect()
    }
}
