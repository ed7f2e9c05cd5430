//! Office 21: see docs/games/office21.md.
//!
//! The state is every seat's hand (a sorted list of kinds), office (cards
//! in play with their ids and faces), the pile and discard pile, the
//! BOSS/SECRETARY love pairs, and the [`Stage`]: a set-up round, a turn
//! with the decision it waits for, or the end. Every mid-effect choice is a
//! [`Pending`] value in the state; nothing waits inside the rules.
//!
//! Submodules, one job each:
//! * `bot`: the easy bot's judgement ([`crate::bots::Heuristic`]);
//! * `cards`: printed profits, copies, names, the deck and the board;
//! * `setup`: dealing, fixtures, the simultaneous set-up rounds, the start;
//! * `love`: BOSS and SECRETARY;
//! * `effects`: playing a card and every card's effect and decision;
//! * `ending`: turn start and end, eliminations, the five ways to end;
//! * `view`: what each viewer sees (views, events, decisions);
//! * `inspect`: what tests need to look inside (card census, hidden cards).
//!
//! Why every game ends: let the *stock* be the cards in the pile and in the
//! remaining players' hands. It never grows during play (a card comes back
//! to a hand only by an ASSISTANT, played from that hand in the same turn,
//! or from the pile), and every turn lowers it except a turn whose
//! ASSISTANT took a card back and a pass. Such idle turns end the game by
//! stalemate after three rounds in a row (see docs/games/office21.md), so a
//! set-up attempt is followed by at most `(44 + 1) * 3 * seats` turns of at
//! most three actions each.

mod bot;
mod cards;
mod effects;
mod ending;
#[cfg(any(test, feature = "testing"))]
mod inspect;
mod love;
mod sample;
mod setup;
mod view;

use cubicle_protocol::office21::{
    Action, Board, Card, CardId, Ending, Event, EventView, LoveChoice, Options, View,
};
use cubicle_protocol::record::Revealed;
use cubicle_protocol::{GameInfo, Outcome, Seat};

use crate::{Chance, Game, PlayerProfile, RuleError, SetupError, Viewer};

#[cfg(any(test, feature = "testing"))]
pub use inspect::Location;

/// A card in an office.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct InPlay {
    id: CardId,
    card: Card,
    face_up: bool,
}

/// Where the game is.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Stage {
    /// Set-up round `round` (1 to 3). `choices` holds each seat's face-down
    /// card until the reveal; `love` a BOSS/SECRETARY choice after it.
    SetUp {
        round: u8,
        choices: Vec<Option<Card>>,
        love: Option<LoveChoice>,
    },
    /// `seat`'s turn, waiting for `pending`.
    Turn {
        seat: Seat,
        pending: Pending,
    },
    Over(Ending),
}

/// What the active player must decide. `card` is the card whose effect is
/// being carried out.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Pending {
    PlayCard,
    Love(LoveChoice),
    Cleaner {
        card: CardId,
    },
    Assistant {
        card: CardId,
    },
    Sales {
        card: CardId,
    },
    DirectorTarget {
        card: CardId,
    },
    DirectorDiscard {
        card: CardId,
        target: Seat,
    },
    /// `drawn` is off the pile, seen by the OPERATOR's player; `knew` are
    /// the seats that knew it as the top card (they still know it, and know
    /// it again on top if it is put back).
    Operator {
        card: CardId,
        drawn: Card,
        knew: Vec<bool>,
    },
}

/// An Office 21 action [`Office21::check`] accepted: who answered, and what
/// the answer resolves.
#[derive(Debug)]
pub struct Checked {
    seat: Seat,
    step: Step,
}

/// An accepted action paired with the decision it answers.
#[derive(Debug)]
enum Step {
    /// A face-down set-up choice in `round`; `choices` are everyone's so
    /// far, this one not yet in.
    Choose {
        card: Card,
        round: u8,
        choices: Vec<Option<Card>>,
    },
    /// The BOSS or SECRETARY of `choice` loves `card`; `setup_round` is the
    /// set-up round when the choice came at a reveal, `None` during a turn.
    Love {
        card: CardId,
        choice: LoveChoice,
        setup_round: Option<u8>,
    },
    /// An answer during a turn.
    Turn(Answer),
}

/// A turn action with the pending decision it resolves.
#[derive(Debug)]
enum Answer {
    Play {
        card: Card,
    },
    Remove {
        card: CardId,
    },
    TakeBack {
        card: CardId,
    },
    /// Exchanges the `at`-th card of `other`'s office with the `mine`-th
    /// of the acting seat's (its SALES).
    Swap {
        other: Seat,
        at: usize,
        mine: usize,
    },
    /// `director` is the DIRECTOR being carried out.
    Look {
        target: Seat,
        director: CardId,
    },
    Discard {
        target: Seat,
        card: Card,
    },
    Keep {
        card: Card,
    },
    /// `knew`: who knew the card as the top of the pile before it was drawn.
    Return {
        card: Card,
        knew: Vec<bool>,
    },
}

/// A game of Office 21.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Office21 {
    /// Each seat's hand, sorted by kind (copies are interchangeable).
    hands: Vec<Vec<Card>>,
    /// Each seat's office, in the order cards entered it.
    offices: Vec<Vec<InPlay>>,
    /// The draw pile; the top card is the last.
    pile: Vec<Card>,
    /// Oldest first.
    discard: Vec<Card>,
    eliminated: Vec<bool>,
    /// (BOSS, SECRETARY) pairs in love: both face down.
    love: Vec<(CardId, CardId)>,
    stage: Stage,
    /// The id the next card entering play gets.
    next_id: CardId,
    /// Actions played so far.
    moment: u32,
    /// Each seat's profit (half-millions) and the moment it was reached.
    reached: Vec<(u16, u32)>,
    /// Seats that know the top card of the pile (they put it back with an
    /// OPERATOR and it has not been drawn since).
    knows_top: Vec<bool>,
    /// The pile failed to refill a hand while a TAXMAN was in play.
    exhausted: bool,
    /// The TAXMAN left play after exhaustion: the game ends when the
    /// current effect is complete.
    end_after_effect: bool,
    /// Consecutive turns that did not lower the stock (see the module
    /// documentation).
    idle_turns: u8,
    /// The stock when the current turn began.
    stock_at_turn_start: usize,
    start_player: Option<Seat>,
    /// Set-up attempts (1, then 2 after a restart, ...).
    attempt: u8,
}

impl Office21 {
    fn empty(seats: usize) -> Self {
        Office21 {
            hands: vec![Vec::new(); seats],
            offices: vec![Vec::new(); seats],
            pile: Vec::new(),
            discard: Vec::new(),
            eliminated: vec![false; seats],
            love: Vec::new(),
            stage: Stage::SetUp {
                round: 1,
                choices: vec![None; seats],
                love: None,
            },
            next_id: 1,
            moment: 0,
            reached: vec![(0, 0); seats],
            knows_top: vec![false; seats],
            exhausted: false,
            end_after_effect: false,
            idle_turns: 0,
            stock_at_turn_start: 0,
            start_player: None,
            attempt: 1,
        }
    }

    fn seat_count(&self) -> Seat {
        self.hands.len() as Seat
    }

    fn seat_list(&self) -> impl Iterator<Item = Seat> {
        0..self.seat_count()
    }

    fn is_over(&self) -> bool {
        matches!(self.stage, Stage::Over(_))
    }

    /// Seats still in the game.
    fn remaining(&self) -> impl Iterator<Item = Seat> + '_ {
        self.seat_list()
            .filter(|&s| !self.eliminated[usize::from(s)])
    }

    fn remaining_count(&self) -> usize {
        self.remaining().count()
    }

    /// The next remaining seat clockwise after `seat`.
    fn next_remaining(&self, seat: Seat) -> Seat {
        let n = self.seat_count();
        (1..=n)
            .map(|k| (seat + k) % n)
            .find(|&s| !self.eliminated[usize::from(s)])
            .expect("a game in play has a remaining player")
    }

    fn hand(&self, seat: Seat) -> &Vec<Card> {
        &self.hands[usize::from(seat)]
    }

    fn office(&self, seat: Seat) -> &Vec<InPlay> {
        &self.offices[usize::from(seat)]
    }

    fn add_to_hand(&mut self, seat: Seat, card: Card) {
        let hand = &mut self.hands[usize::from(seat)];
        let at = hand.partition_point(|&c| c <= card);
        hand.insert(at, card);
    }

    /// Removes one card of kind `card` from `seat`'s hand; `false` if none.
    fn take_from_hand(&mut self, seat: Seat, card: Card) -> bool {
        let hand = &mut self.hands[usize::from(seat)];
        match hand.iter().position(|&c| c == card) {
            Some(i) => {
                hand.remove(i);
                true
            }
            None => false,
        }
    }

    /// Puts `card` face up into `seat`'s office with a fresh id.
    fn enter_play(&mut self, seat: Seat, card: Card) -> InPlay {
        let placed = InPlay {
            id: self.next_id,
            card,
            face_up: true,
        };
        self.next_id += 1;
        self.offices[usize::from(seat)].push(placed);
        placed
    }

    /// The seat whose office holds card `id`, and its index there.
    fn locate(&self, id: CardId) -> Option<(Seat, usize)> {
        self.offices.iter().enumerate().find_map(|(seat, office)| {
            office
                .iter()
                .position(|c| c.id == id)
                .map(|i| (seat as Seat, i))
        })
    }

    fn card_in_play(&self, id: CardId) -> Option<InPlay> {
        self.locate(id)
            .map(|(seat, i)| self.offices[usize::from(seat)][i])
    }

    /// Takes card `id` out of play (it is then in no zone: the caller puts
    /// it somewhere). Love pairs are updated by `settle_love`.
    fn leave_play(&mut self, id: CardId) -> (Seat, InPlay) {
        let (seat, i) = self.locate(id).expect("the card is in play");
        (seat, self.offices[usize::from(seat)].remove(i))
    }

    /// Sum of the face-up cards in `seat`'s office, in half-millions.
    fn profit(&self, seat: Seat) -> u16 {
        self.office(seat)
            .iter()
            .filter(|c| c.face_up)
            .map(|c| cards::value(c.card))
            .sum()
    }

    fn in_play(&self) -> impl Iterator<Item = (Seat, &InPlay)> + '_ {
        self.offices
            .iter()
            .enumerate()
            .flat_map(|(seat, office)| office.iter().map(move |c| (seat as Seat, c)))
    }

    /// The TAXMAN in play and its holder.
    fn taxman(&self) -> Option<(Seat, CardId)> {
        self.in_play()
            .find(|(_, c)| c.card == Card::Taxman)
            .map(|(seat, c)| (seat, c.id))
    }

    fn boss_in_play(&self) -> bool {
        self.in_play().any(|(_, c)| c.card == Card::Boss)
    }

    /// Cards in the pile and in the remaining players' hands.
    fn stock(&self) -> usize {
        self.pile.len() + self.remaining().map(|s| self.hand(s).len()).sum::<usize>()
    }

    /// Records the moment each remaining player's profit changed.
    fn restamp(&mut self) {
        for seat in self.seat_list() {
            if self.eliminated[usize::from(seat)] {
                continue;
            }
            let profit = self.profit(seat);
            let entry = &mut self.reached[usize::from(seat)];
            if entry.0 != profit {
                *entry = (profit, self.moment);
            }
        }
    }

    /// Removes the top card of the pile; whoever knew it no longer does.
    fn draw_top(&mut self) -> Option<Card> {
        let card = self.pile.pop()?;
        self.knows_top.iter_mut().for_each(|k| *k = false);
        Some(card)
    }

    /// Refuses `action` by `seat` with the most specific reason, or accepts
    /// it. An action is accepted exactly when it is in `legal(seat)`.
    fn accept(&self, seat: Seat, action: &Action) -> Result<Step, RuleError> {
        if self.is_over() {
            return Err(RuleError::GameOver);
        }
        if !self.to_act().contains(&seat) {
            return Err(RuleError::NotYourTurn);
        }
        let step = if self.legal(seat).contains(action) {
            self.step(action)
        } else {
            None
        };
        step.ok_or_else(|| RuleError::Illegal(self.explain(seat, action)))
    }

    /// Pairs a legal `action` with the decision it answers; `None` if the
    /// action answers nothing pending.
    fn step(&self, action: &Action) -> Option<Step> {
        let answer = match (*action, &self.stage) {
            (
                Action::Choose { card },
                Stage::SetUp {
                    round,
                    choices,
                    love: None,
                },
            ) => {
                return Some(Step::Choose {
                    card,
                    round: *round,
                    choices: choices.clone(),
                })
            }
            (
                Action::Love { card },
                Stage::SetUp {
                    round,
                    love: Some(choice),
                    ..
                },
            ) => {
                return Some(Step::Love {
                    card,
                    choice: choice.clone(),
                    setup_round: Some(*round),
                })
            }
            (
                Action::Love { card },
                Stage::Turn {
                    pending: Pending::Love(choice),
                    ..
                },
            ) => {
                return Some(Step::Love {
                    card,
                    choice: choice.clone(),
                    setup_round: None,
                })
            }
            (_, Stage::SetUp { .. } | Stage::Over(_)) => return None,
            (action, Stage::Turn { pending, .. }) => (action, pending),
        };
        Some(Step::Turn(match answer {
            (Action::Play { card }, Pending::PlayCard) => Answer::Play { card },
            (Action::Remove { card }, Pending::Cleaner { .. }) => Answer::Remove { card },
            (Action::TakeBack { card }, Pending::Assistant { .. }) => Answer::TakeBack { card },
            (Action::Swap { card }, Pending::Sales { card: sales }) => {
                let (other, at) = self.locate(card)?;
                let (_, mine) = self.locate(*sales)?;
                Answer::Swap { other, at, mine }
            }
            (Action::Look { seat: target }, Pending::DirectorTarget { card }) => Answer::Look {
                target,
                director: *card,
            },
            (Action::Discard { seat: target, card }, Pending::DirectorDiscard { .. }) => {
                Answer::Discard { target, card }
            }
            (Action::Keep { card }, Pending::Operator { .. }) => Answer::Keep { card },
            (Action::Return { card }, Pending::Operator { knew, .. }) => Answer::Return {
                card,
                knew: knew.clone(),
            },
            _ => return None,
        }))
    }
}

impl Game for Office21 {
    type Options = Options;
    type Action = Action;
    type View = View;
    type Event = Event;
    type EventView = EventView;
    type Board = Board;
    type Checked = Checked;

    const ID: &'static str = "office21";

    fn info() -> GameInfo {
        GameInfo {
            id: Self::ID.to_owned(),
            name: "Office 21".to_owned(),
            min_seats: 2,
            max_seats: 5,
            join_questions: Self::join_questions(),
        }
    }

    fn validate_options(options: &Options, seats: usize) -> Result<(), SetupError> {
        match &options.fixture {
            Some(fixture) => setup::validate_fixture(fixture, seats),
            None => Ok(()),
        }
    }

    fn start(
        players: &[PlayerProfile],
        options: &Options,
        chance: &mut dyn Chance,
    ) -> Result<(Self, Vec<Event>), SetupError> {
        Self::validate(options, players.len())?;
        Ok(setup::start(
            players.len(),
            options.fixture.as_ref(),
            chance,
        ))
    }

    fn board(&self) -> Board {
        cards::board()
    }

    fn fixed_board() -> Option<Board> {
        Some(cards::board())
    }

    fn to_act(&self) -> Vec<Seat> {
        match &self.stage {
            Stage::SetUp {
                love: Some(choice), ..
            } => vec![choice.seat],
            Stage::SetUp { choices, .. } => self
                .seat_list()
                .filter(|&s| choices[usize::from(s)].is_none())
                .collect(),
            Stage::Turn { seat, .. } => vec![*seat],
            Stage::Over(_) => Vec::new(),
        }
    }

    fn legal(&self, seat: Seat) -> Vec<Action> {
        if usize::from(seat) >= self.hands.len() {
            return Vec::new();
        }
        match &self.stage {
            Stage::SetUp {
                love: Some(choice), ..
            } => love::choice_actions(choice, seat),
            Stage::SetUp { choices, .. } => {
                if choices[usize::from(seat)].is_some() {
                    return Vec::new();
                }
                let mut kinds = self.hand(seat).clone();
                kinds.dedup();
                kinds
                    .into_iter()
                    .map(|card| Action::Choose { card })
                    .collect()
            }
            Stage::Turn { seat: active, .. } if *active != seat => Vec::new(),
            Stage::Turn { pending, .. } => self.turn_actions(seat, pending),
            Stage::Over(_) => Vec::new(),
        }
    }

    fn check(&self, seat: Seat, action: &Action) -> Result<Checked, RuleError> {
        let step = self.accept(seat, action)?;
        Ok(Checked { seat, step })
    }

    fn apply(&mut self, checked: Checked, chance: &mut dyn Chance) -> Vec<Event> {
        let Checked { seat, step } = checked;
        self.moment += 1;
        let mut events = Vec::new();
        match step {
            Step::Choose {
                card,
                round,
                choices,
            } => self.choose(seat, card, round, choices, chance, &mut events),
            Step::Love {
                card,
                choice,
                setup_round,
            } => self.love_chosen(seat, card, choice, setup_round, chance, &mut events),
            Step::Turn(answer) => self.resolve(seat, answer, &mut events),
        }
        self.restamp();
        events
    }

    fn view(&self, viewer: Viewer) -> View {
        self.view_for(viewer)
    }

    fn event_view(event: &Event, viewer: Viewer) -> Option<EventView> {
        Some(view::event_view(event, viewer))
    }

    fn outcome(&self) -> Option<Outcome> {
        match &self.stage {
            Stage::Over(ending) => Some(Outcome {
                winners: ending.winners.clone(),
                reason: ending.victory.as_str().to_owned(),
            }),
            _ => None,
        }
    }

    fn seats(&self) -> usize {
        self.hands.len()
    }

    fn reveal(&self) -> Vec<Revealed> {
        self.reveal_all()
    }

    /// A player whose time ran out gives away as little as possible: they
    /// choose or play their lowest-profit card, keep the card an OPERATOR
    /// looked at (the face-up profit is theirs), and otherwise take the first
    /// option in `legal` order (which lists only what the seat may know).
    fn timeout_action(&self, seat: Seat, _chance: &mut dyn Chance) -> Option<Action> {
        let cost = |action: &Action| match *action {
            Action::Keep { .. } => 0,
            Action::Choose { card } | Action::Play { card } => 1 + cards::value(card),
            _ => 0,
        };
        // `min_by_key` keeps the first of equal candidates: `legal` order.
        self.legal(seat).into_iter().min_by_key(cost)
    }
}

/// A public event.
fn public(event: EventView) -> Event {
    Event::Public(event)
}
