//! Game set-up: the deal (or a fixture), the simultaneous face-down rounds,
//! the start player, the restart after a third tie, and the moment play
//! begins (two BOSSes discarded, record-breaking profits checked).

use cubicle_protocol::office21::{Card, Event, EventView, Fixture, Placed, Position, Profit};
use cubicle_protocol::Seat;

use super::cards::{self, DECK_SIZE, HAND_SIZE, TARGET};
use super::effects::shown;
use super::{public, Office21, Pending, Stage};
use crate::{Chance, SetupError};

fn name_list(cards: &[Card]) -> String {
    cards
        .iter()
        .map(|&c| cards::name(c))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Checks that `cards` are exactly the 44 cards of the game.
fn check_deck(mut cards: Vec<Card>, what: &str) -> Result<(), SetupError> {
    cards.sort();
    let deck = cards::full_deck();
    if cards == deck {
        return Ok(());
    }
    let mut problems = Vec::new();
    for kind in Card::ALL {
        let have = cards.iter().filter(|&&c| c == kind).count();
        let want = usize::from(cards::copies(kind));
        if have != want {
            problems.push(format!("{have} {} instead of {want}", cards::name(kind)));
        }
    }
    Err(SetupError::Fixture(format!(
        "{what} must hold the {DECK_SIZE} cards of the game exactly once: {}",
        problems.join(", ")
    )))
}

fn check_seats<T>(rows: &[T], seats: usize, what: &str) -> Result<(), SetupError> {
    if rows.len() == seats {
        Ok(())
    } else {
        Err(SetupError::Fixture(format!(
            "{what} lists {} seats for a {seats}-player game",
            rows.len()
        )))
    }
}

pub(super) fn validate_fixture(fixture: &Fixture, seats: usize) -> Result<(), SetupError> {
    match fixture {
        Fixture::Deal { hands, pile } => {
            check_seats(hands, seats, "the deal")?;
            for (seat, hand) in hands.iter().enumerate() {
                if hand.len() != HAND_SIZE {
                    return Err(SetupError::Fixture(format!(
                        "seat {seat} is dealt {} cards ({}) instead of {HAND_SIZE}",
                        hand.len(),
                        name_list(hand)
                    )));
                }
                if hand.contains(&Card::Taxman) {
                    return Err(SetupError::Fixture(format!(
                        "seat {seat} is dealt a TAXMAN: starting hands hold none"
                    )));
                }
            }
            let all = hands.iter().flatten().chain(pile).copied().collect();
            check_deck(all, "the hands and the pile")
        }
        Fixture::Deck(deck) => check_deck(deck.clone(), "the deck"),
        Fixture::Position(position) => position_state(position, seats).map(|_| ()),
    }
}

/// Starts a game (options already validated).
pub(super) fn start(
    seats: usize,
    fixture: Option<&Fixture>,
    chance: &mut dyn Chance,
) -> (Office21, Vec<Event>) {
    let mut game = Office21::empty(seats);
    let mut events = Vec::new();
    match fixture {
        None => {
            let mut deck = cards::full_deck();
            chance.shuffle(&mut deck);
            game.deal(deck, chance, &mut events);
        }
        Some(Fixture::Deck(deck)) => game.deal(deck.clone(), chance, &mut events),
        Some(Fixture::Deal { hands, pile }) => {
            game.pile = pile.iter().rev().copied().collect();
            for (seat, hand) in hands.iter().enumerate() {
                for &card in hand {
                    game.add_to_hand(seat as Seat, card);
                }
            }
            for seat in game.seat_list() {
                events.push(Event::Dealt {
                    seat,
                    hand: game.hand(seat).clone(),
                });
            }
        }
        Some(Fixture::Position(position)) => {
            game = position_state(position, seats).expect("validated");
            game.begin_turn(position.turn, &mut events);
        }
    }
    game.restamp();
    (game, events)
}

/// The state of a position fixture, before its first turn begins.
fn position_state(p: &Position, seats: usize) -> Result<Office21, SetupError> {
    let bad = |msg: String| Err(SetupError::Fixture(msg));
    check_seats(&p.offices, seats, "the offices")?;
    check_seats(&p.hands, seats, "the hands")?;
    let all = p
        .offices
        .iter()
        .flatten()
        .chain(p.hands.iter().flatten())
        .chain(&p.pile)
        .chain(&p.discard)
        .copied()
        .collect();
    check_deck(all, "the offices, hands, pile and discard pile")?;
    let mut game = Office21::empty(seats);
    for (seat, (office, hand)) in p.offices.iter().zip(&p.hands).enumerate() {
        if hand.len() > HAND_SIZE {
            return bad(format!("seat {seat} holds more than {HAND_SIZE} cards"));
        }
        for &card in office {
            game.enter_play(seat as Seat, card);
        }
        for &card in hand {
            game.add_to_hand(seat as Seat, card);
        }
    }
    game.pile = p.pile.iter().rev().copied().collect();
    game.discard = p.discard.clone();
    for &seat in &p.eliminated {
        let s = usize::from(seat);
        if s >= seats || !p.offices[s].is_empty() || !p.hands[s].is_empty() {
            return bad(format!(
                "eliminated seat {seat} must exist and have an empty hand and office"
            ));
        }
        game.eliminated[s] = true;
    }
    if usize::from(p.turn) >= seats || game.eliminated[usize::from(p.turn)] {
        return bad(format!("seat {} cannot take the turn", p.turn));
    }
    if game.remaining_count() < 2 {
        return bad("at least two players must remain".into());
    }
    let count = |kind| game.in_play().filter(|(_, c)| c.card == kind).count();
    if count(Card::Boss) > 1 || count(Card::Taxman) > 1 {
        return bad("at most one BOSS and one TAXMAN may be in play".into());
    }
    let mut ignored = Vec::new();
    if let Some(choice) = game.settle_love(&mut ignored) {
        let Some(loved) = choice
            .options
            .iter()
            .copied()
            .find(|&id| game.locate(id).map(|l| l.0) == p.loved)
        else {
            return bad(
                "with one BOSS and both SECRETARYs in play, `loved` must name the \
                        seat of the SECRETARY the BOSS loves"
                    .into(),
            );
        };
        game.love.push((choice.card, loved));
        game.settle_love(&mut ignored);
    }
    for seat in game.remaining().collect::<Vec<_>>() {
        if game.profit(seat) > TARGET {
            return bad(format!("seat {seat} is above 21 million"));
        }
    }
    game.start_player = Some(p.turn);
    game.stage = Stage::Turn {
        seat: p.turn,
        pending: Pending::PlayCard,
    };
    for seat in game.seat_list() {
        game.reached[usize::from(seat)] = (game.profit(seat), 0);
    }
    Ok(game)
}

impl Office21 {
    /// Deals `deck` (top first) by the rulebook: three cards to each seat in
    /// turn, TAXMANs set aside and replaced from the top until no hand holds
    /// one, then shuffled back into the pile.
    fn deal(&mut self, deck: Vec<Card>, chance: &mut dyn Chance, events: &mut Vec<Event>) {
        self.pile = deck.into_iter().rev().collect();
        for seat in self.seat_list() {
            for _ in 0..HAND_SIZE {
                let card = self.pile.pop().expect("44 cards deal 3 to 5 players");
                self.add_to_hand(seat, card);
            }
        }
        let mut set_aside = vec![0u8; self.hands.len()];
        for seat in self.seat_list() {
            loop {
                let hand = &mut self.hands[usize::from(seat)];
                let taxmen = hand.iter().filter(|&&c| c == Card::Taxman).count();
                if taxmen == 0 {
                    break;
                }
                hand.retain(|&c| c != Card::Taxman);
                set_aside[usize::from(seat)] += taxmen as u8;
                for _ in 0..taxmen {
                    let card = self.pile.pop().expect("enough cards to replace TAXMANs");
                    self.add_to_hand(seat, card);
                }
            }
        }
        for seat in self.seat_list() {
            events.push(Event::Dealt {
                seat,
                hand: self.hand(seat).clone(),
            });
        }
        for (seat, &count) in set_aside.iter().enumerate() {
            if count > 0 {
                events.push(public(EventView::TaxmenSetAside {
                    seat: seat as Seat,
                    count,
                }));
            }
        }
        let total: u8 = set_aside.iter().sum();
        if total > 0 {
            self.pile
                .extend(std::iter::repeat_n(Card::Taxman, usize::from(total)));
            chance.shuffle(&mut self.pile);
            events.push(public(EventView::TaxmenShuffledBack { count: total }));
        }
        self.stage = Stage::SetUp {
            round: 1,
            choices: vec![None; self.hands.len()],
            love: None,
        };
    }

    /// `seat` puts `card` face down in set-up `round`, where `choices` are
    /// everyone's so far; the last choice reveals them all.
    pub(super) fn choose(
        &mut self,
        seat: Seat,
        card: Card,
        round: u8,
        mut choices: Vec<Option<Card>>,
        chance: &mut dyn Chance,
        events: &mut Vec<Event>,
    ) {
        self.take_from_hand(seat, card);
        choices[usize::from(seat)] = Some(card);
        events.push(Event::Chose { seat, round, card });
        // Everyone's cards once the last one is in.
        let chosen: Option<Vec<Card>> = choices.iter().copied().collect();
        match chosen {
            Some(chosen) => {
                self.stage = Stage::SetUp {
                    round,
                    choices: vec![None; choices.len()],
                    love: None,
                };
                self.reveal(round, chosen, chance, events);
            }
            None => {
                self.stage = Stage::SetUp {
                    round,
                    choices,
                    love: None,
                }
            }
        }
    }

    /// Turns every set-up choice (`chosen`, in seat order) face up together.
    fn reveal(
        &mut self,
        round: u8,
        chosen: Vec<Card>,
        chance: &mut dyn Chance,
        events: &mut Vec<Event>,
    ) {
        let cards = chosen
            .into_iter()
            .enumerate()
            .map(|(seat, card)| Placed {
                seat: seat as Seat,
                card: shown(self.enter_play(seat as Seat, card)),
            })
            .collect();
        events.push(public(EventView::Revealed { round, cards }));
        match self.settle_love(events) {
            Some(choice) => {
                if let Stage::SetUp { love, .. } = &mut self.stage {
                    *love = Some(choice);
                }
            }
            None => self.after_reveal(round, chance, events),
        }
    }

    /// The lowest face-up total starts; a tie calls another round, and a
    /// tie after the third starts the set-up over.
    pub(super) fn after_reveal(
        &mut self,
        round: u8,
        chance: &mut dyn Chance,
        events: &mut Vec<Event>,
    ) {
        let totals: Vec<u16> = self.seat_list().map(|s| self.profit(s)).collect();
        let lowest = *totals.iter().min().expect("a table has seats");
        let tied: Vec<Seat> = self
            .seat_list()
            .filter(|&s| totals[usize::from(s)] == lowest)
            .collect();
        let totals: Vec<Profit> = totals.into_iter().map(Profit::from_halves).collect();
        if let [seat] = tied[..] {
            events.push(public(EventView::StartPlayer { seat, totals }));
            self.begin_play(seat, events);
            return;
        }
        events.push(public(EventView::SetUpTied {
            round,
            totals,
            tied,
        }));
        if round == 3 {
            self.restart(chance, events);
            return;
        }
        let next = round + 1;
        self.stage = Stage::SetUp {
            round: next,
            choices: vec![None; self.hands.len()],
            love: None,
        };
        if next == 3 {
            // Everyone puts down their last card: there is nothing to choose.
            let last = self.hands.iter_mut().map(|hand| hand.pop());
            let chosen = last
                .collect::<Option<Vec<Card>>>()
                .expect("round 3 comes after two choices from three-card hands: one card is left");
            self.reveal(next, chosen, chance, events);
        }
    }

    /// "All cards are shuffled back to the draw stack and the game set-up is
    /// started over." The new deck is built afresh, so nothing of the old
    /// deal carries over.
    fn restart(&mut self, chance: &mut dyn Chance, events: &mut Vec<Event>) {
        self.attempt = self.attempt.saturating_add(1);
        events.push(public(EventView::SetUpRestarted {
            attempt: self.attempt,
        }));
        let seats = self.hands.len();
        self.hands = vec![Vec::new(); seats];
        self.offices = vec![Vec::new(); seats];
        self.discard.clear();
        self.love.clear();
        let mut deck = cards::full_deck();
        chance.shuffle(&mut deck);
        self.deal(deck, chance, events);
    }

    /// Play begins with `start`: two BOSSes in play are both discarded (any
    /// SECRETARY turns face up), then anyone above 21 is out.
    fn begin_play(&mut self, start: Seat, events: &mut Vec<Event>) {
        self.start_player = Some(start);
        self.stage = Stage::Turn {
            seat: start,
            pending: Pending::PlayCard,
        };
        let bosses: Vec<_> = self
            .in_play()
            .filter(|(_, c)| c.card == Card::Boss)
            .map(|(_, c)| c.id)
            .collect();
        if bosses.len() == 2 {
            let cards = bosses
                .into_iter()
                .map(|id| {
                    let (seat, card) = self.leave_play(id);
                    self.discard.push(card.card);
                    Placed {
                        seat,
                        card: shown(card),
                    }
                })
                .collect();
            events.push(public(EventView::BossesDiscarded { cards }));
        }
        let choice = self.settle(None, events);
        debug_assert!(choice.is_none(), "set-up love choices are made before play");
        if self.is_over() {
            return;
        }
        // Set-up profits count as reached now, all at the same moment.
        for seat in self.seat_list() {
            if !self.eliminated[usize::from(seat)] {
                self.reached[usize::from(seat)] = (self.profit(seat), self.moment);
            }
        }
        let first = if self.eliminated[usize::from(start)] {
            self.next_remaining(start)
        } else {
            start
        };
        self.begin_turn(first, events);
    }
}
