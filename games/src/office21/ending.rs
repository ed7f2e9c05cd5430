//! Steps 1 and 4 of a turn, eliminations, and the five ways a game ends.
//!
//! Timing (docs/games/office21.md, rulings 5 to 7):
//! * at the start of a turn: successful operations (the player is at
//!   exactly 21), then the tax audit (the player holds the TAXMAN), then
//!   the stalemate rule, then the refill (or full employment);
//! * during an effect: industrial espionage the moment a fifth SPY enters
//!   an office; any player other than the active one is eliminated the
//!   moment their profit exceeds 21, and eliminations chain; the last
//!   player standing wins at once;
//! * after the effect (step 4): the active player above 21 is eliminated,
//!   then a TAXMAN that left play after exhaustion ends the game.

use cubicle_protocol::office21::{
    Card, EndedBy, Ending, Event, EventView, LoveChoice, PassReason, Profit, TieBreak, Victory,
};
use cubicle_protocol::Seat;

use super::cards::{self, HAND_SIZE, TARGET};
use super::effects::shown;
use super::{public, Office21, Pending, Stage};

impl Office21 {
    /// Turns taken in a row without lowering the stock that end the game.
    pub(super) fn stall_limit(&self) -> u8 {
        3 * self.remaining_count() as u8
    }

    /// BOSS and SECRETARY, then out-of-turn eliminations (each may flip
    /// cards elsewhere and eliminate again), then the last player standing.
    /// `active` is only checked at step 4. Returns a love decision if the
    /// pairing needs one.
    pub(super) fn settle(
        &mut self,
        active: Option<Seat>,
        events: &mut Vec<Event>,
    ) -> Option<LoveChoice> {
        loop {
            if let Some(choice) = self.settle_love(events) {
                return Some(choice);
            }
            let n = self.seat_count();
            let first = active.map_or(0, |a| a + 1);
            let over = (0..n).map(|k| (first + k) % n).find(|&s| {
                Some(s) != active && !self.eliminated[usize::from(s)] && self.profit(s) > TARGET
            });
            // No one else above 21: settled.
            let seat = over?;
            self.eliminate(seat, events);
            if self.remaining_count() == 1 {
                self.end_last_standing(events);
                return None;
            }
        }
    }

    /// Record-breaking profits: `seat` is out, its hand and office go to
    /// the discard pile face up.
    fn eliminate(&mut self, seat: Seat, events: &mut Vec<Event>) {
        let s = usize::from(seat);
        let profit = self.profit(seat);
        self.reached[s] = (profit, self.moment);
        let hand = std::mem::take(&mut self.hands[s]);
        let office = std::mem::take(&mut self.offices[s]);
        self.discard.extend(hand.iter().copied());
        self.discard.extend(office.iter().map(|c| c.card));
        self.eliminated[s] = true;
        events.push(public(EventView::Eliminated {
            seat,
            profit: Profit::from_halves(profit),
            hand,
            office: office.iter().copied().map(shown).collect(),
        }));
        if office.iter().any(|c| c.card == Card::Taxman) {
            self.taxman_left(seat, events);
        }
    }

    /// The TAXMAN left play (not replaced by another): no audit. After
    /// exhaustion this ends the game by full employment once the current
    /// effect is complete.
    pub(super) fn taxman_left(&mut self, holder: Seat, events: &mut Vec<Event>) {
        events.push(public(EventView::AuditCancelled { holder }));
        if self.exhausted {
            self.end_after_effect = true;
        }
    }

    /// Step 4 and the move to the next player.
    pub(super) fn finish_turn(&mut self, seat: Seat, events: &mut Vec<Event>) {
        if self.profit(seat) > TARGET {
            self.eliminate(seat, events);
            if self.remaining_count() == 1 {
                self.end_last_standing(events);
                return;
            }
            let choice = self.settle(None, events);
            debug_assert!(
                choice.is_none(),
                "leaving play never asks for a love choice"
            );
            if self.is_over() {
                return;
            }
        }
        if self.end_after_effect {
            self.end_without_taxman(EndedBy::FullEmployment, events);
            return;
        }
        if self.stock() < self.stock_at_turn_start {
            self.idle_turns = 0;
        } else {
            self.idle_turns += 1;
        }
        let next = self.next_remaining(seat);
        self.begin_turn(next, events);
    }

    /// Step 1 for `seat`, after the checks made at the start of a turn.
    /// Players who cannot play pass, and the next one begins.
    pub(super) fn begin_turn(&mut self, mut seat: Seat, events: &mut Vec<Event>) {
        loop {
            self.restamp();
            events.push(public(EventView::TurnBegan { seat }));
            if self.profit(seat) == TARGET {
                let (winners, tie_break) = self.successful_operations().expect("seat is at 21");
                self.end(
                    EndedBy::SuccessfulOperations,
                    Victory::SuccessfulOperations,
                    winners,
                    tie_break,
                    events,
                );
                return;
            }
            if self.taxman().map(|(holder, _)| holder) == Some(seat) {
                let (victory, (winners, tie_break)) = match self.successful_operations() {
                    Some(found) => (Victory::SuccessfulOperations, found),
                    None => (Victory::CreativeAccounting, self.creative_accounting()),
                };
                self.end(EndedBy::TaxAudit, victory, winners, tie_break, events);
                return;
            }
            if self.idle_turns >= self.stall_limit() {
                self.end_without_taxman(EndedBy::Stalemate, events);
                return;
            }
            self.stock_at_turn_start = self.stock();
            let need = HAND_SIZE.saturating_sub(self.hand(seat).len());
            if need > 0 && !self.exhausted {
                if self.pile.len() >= need {
                    self.draw(seat, need, events);
                } else {
                    let taxman_in_play = self.taxman().is_some();
                    events.push(public(EventView::FullEmployment {
                        seat,
                        taxman_in_play,
                    }));
                    if !taxman_in_play {
                        self.end_without_taxman(EndedBy::FullEmployment, events);
                        return;
                    }
                    self.exhausted = true;
                    let left = self.pile.len();
                    if left > 0 {
                        self.draw(seat, left, events);
                    }
                }
            }
            if self.playable(seat).is_empty() {
                let reason = if self.hand(seat).is_empty() {
                    PassReason::EmptyHand
                } else {
                    PassReason::OnlyBoss
                };
                events.push(public(EventView::Passed { seat, reason }));
                self.idle_turns += 1;
                seat = self.next_remaining(seat);
                continue;
            }
            self.stage = Stage::Turn {
                seat,
                pending: Pending::PlayCard,
            };
            return;
        }
    }

    fn draw(&mut self, seat: Seat, count: usize, events: &mut Vec<Event>) {
        let mut cards: Vec<Card> = (0..count)
            .map(|_| self.draw_top().expect("the pile holds enough cards"))
            .collect();
        // Like a hand, the drawn cards are told in kind order: the order
        // they lay in the pile is of no use and stays unknown.
        cards.sort();
        for &card in &cards {
            self.add_to_hand(seat, card);
        }
        events.push(Event::Drew { seat, cards });
    }

    fn end(
        &mut self,
        ended_by: EndedBy,
        victory: Victory,
        winners: Vec<Seat>,
        tie_break: Option<TieBreak>,
        events: &mut Vec<Event>,
    ) {
        self.restamp();
        let ending = Ending {
            ended_by,
            victory,
            winners,
            tie_break,
        };
        self.stage = Stage::Over(ending.clone());
        events.push(public(EventView::Ended { ending }));
    }

    /// Industrial espionage: five SPYs in `seat`'s office.
    pub(super) fn end_espionage(&mut self, seat: Seat, events: &mut Vec<Event>) {
        self.end(
            EndedBy::IndustrialEspionage,
            Victory::IndustrialEspionage,
            vec![seat],
            None,
            events,
        );
    }

    fn end_last_standing(&mut self, events: &mut Vec<Event>) {
        let winners = self.remaining().collect();
        self.end(
            EndedBy::RecordBreakingProfits,
            Victory::StrategicManagement,
            winners,
            None,
            events,
        );
    }

    /// Full employment with no TAXMAN in play (or the stalemate, decided
    /// the same way): large profits, unless someone is at 21.
    fn end_without_taxman(&mut self, ended_by: EndedBy, events: &mut Vec<Event>) {
        self.restamp();
        let (victory, (winners, tie_break)) = match self.successful_operations() {
            Some(found) => (Victory::SuccessfulOperations, found),
            None => (Victory::LargeProfits, self.large_profits()),
        };
        self.end(ended_by, victory, winners, tie_break, events);
    }

    /// The players at exactly 21, narrowed to who reached it first.
    fn successful_operations(&self) -> Option<(Vec<Seat>, Option<TieBreak>)> {
        let mut seats: Vec<Seat> = self
            .remaining()
            .filter(|&s| self.profit(s) == TARGET)
            .collect();
        if seats.is_empty() {
            return None;
        }
        if seats.len() == 1 {
            return Some((seats, None));
        }
        Some(self.reached_first(&mut seats))
    }

    /// Lowest profit; then fewest cards in office; then the highest single
    /// face-up card; then the lowest profit reached first.
    fn creative_accounting(&self) -> (Vec<Seat>, Option<TieBreak>) {
        let mut seats: Vec<Seat> = self.remaining().collect();
        keep_lowest(&mut seats, |s| i64::from(self.profit(s)));
        if seats.len() == 1 {
            return (seats, None);
        }
        keep_lowest(&mut seats, |s| self.office(s).len() as i64);
        if seats.len() == 1 {
            return (seats, Some(TieBreak::FewestCards));
        }
        keep_lowest(&mut seats, |s| {
            -self
                .office(s)
                .iter()
                .filter(|c| c.face_up)
                .map(|c| i64::from(cards::value(c.card)))
                .max()
                .unwrap_or(0)
        });
        if seats.len() == 1 {
            return (seats, Some(TieBreak::HighestCard));
        }
        self.reached_first(&mut seats)
    }

    /// Highest profit; then reached first.
    fn large_profits(&self) -> (Vec<Seat>, Option<TieBreak>) {
        let mut seats: Vec<Seat> = self.remaining().collect();
        keep_lowest(&mut seats, |s| -i64::from(self.profit(s)));
        if seats.len() == 1 {
            return (seats, None);
        }
        self.reached_first(&mut seats)
    }

    /// Among players tied on profit: who reached it first. Profits reached
    /// at the same moment share the victory.
    fn reached_first(&self, seats: &mut Vec<Seat>) -> (Vec<Seat>, Option<TieBreak>) {
        keep_lowest(seats, |s| i64::from(self.reached[usize::from(s)].1));
        let tie_break = if seats.len() == 1 {
            TieBreak::ReachedFirst
        } else {
            TieBreak::Shared
        };
        (seats.clone(), Some(tie_break))
    }
}

/// Keeps the seats with the lowest `key`.
fn keep_lowest(seats: &mut Vec<Seat>, key: impl Fn(Seat) -> i64) {
    let lowest = seats.iter().map(|&s| key(s)).min().unwrap_or(0);
    seats.retain(|&s| key(s) == lowest);
}
