//! A look inside, for tests: the card census (all 44 cards exactly once)
//! and the non-interference harness (which cards a viewer cannot see, and
//! exchanging them). Nothing here is used by the rules or the server.

use cubicle_protocol::office21::Card;
use cubicle_protocol::Seat;

use super::{Office21, Pending, Stage};
use crate::testing::Secrets;
use crate::Viewer;

/// Where a hidden card lies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Location {
    /// The `index`-th card of `seat`'s (sorted) hand.
    Hand { seat: Seat, index: usize },
    /// A card of the pile, `depth` cards below the top (0 is the top).
    Pile { depth: usize },
    /// `seat`'s face-down set-up card.
    Choice { seat: Seat },
    /// The card an OPERATOR is looking at.
    OperatorCard,
}

impl Office21 {
    /// Every card of the game wherever it is: hands, pile, offices,
    /// discard pile, face-down set-up choices and the card an OPERATOR
    /// holds. Always the 44 cards, each once.
    pub fn all_cards(&self) -> Vec<Card> {
        let mut all: Vec<Card> = self.hands.iter().flatten().copied().collect();
        all.extend(&self.pile);
        all.extend(self.offices.iter().flatten().map(|c| c.card));
        all.extend(&self.discard);
        match &self.stage {
            Stage::SetUp { choices, .. } => all.extend(choices.iter().flatten()),
            Stage::Turn {
                pending: Pending::Operator { drawn, .. },
                ..
            } => all.push(*drawn),
            _ => {}
        }
        all
    }

    /// Set-up attempts so far (1 unless a third tie restarted the set-up).
    pub fn setup_attempts(&self) -> u8 {
        self.attempt
    }

    /// The cards `viewer` cannot see: other hands (except one its DIRECTOR
    /// is looking at), the pile (except a top card it put back with an
    /// OPERATOR), other set-up choices, the card another player's OPERATOR
    /// drew (unless the viewer knew it as the top card).
    pub fn hidden_from(&self, viewer: Viewer) -> Vec<Location> {
        let me = viewer.seat();
        let mut hidden = Vec::new();
        let (active, pending) = match &self.stage {
            Stage::Turn { seat, pending } => (Some(*seat), Some(pending)),
            _ => (None, None),
        };
        let looking_at = match pending {
            Some(Pending::DirectorDiscard { target, .. }) if active == me => Some(*target),
            _ => None,
        };
        for seat in self.seat_list() {
            if Some(seat) == me || Some(seat) == looking_at {
                continue;
            }
            hidden.extend((0..self.hand(seat).len()).map(|index| Location::Hand { seat, index }));
        }
        let knows_top = me.is_some_and(|s| self.knows_top[usize::from(s)]);
        let from = usize::from(knows_top);
        hidden.extend((from..self.pile.len()).map(|depth| Location::Pile { depth }));
        if let Stage::SetUp { choices, .. } = &self.stage {
            for seat in self.seat_list() {
                if Some(seat) != me && choices[usize::from(seat)].is_some() {
                    hidden.push(Location::Choice { seat });
                }
            }
        }
        if let Some(Pending::Operator { knew, .. }) = pending {
            let knows = me.is_some_and(|s| active == Some(s) || knew[usize::from(s)]);
            if !knows {
                hidden.push(Location::OperatorCard);
            }
        }
        hidden
    }

    /// The card at `at`. Panics if there is none.
    pub fn card_at(&self, at: Location) -> Card {
        match at {
            Location::Hand { seat, index } => self.hand(seat)[index],
            Location::Pile { depth } => self.pile[self.pile.len() - 1 - depth],
            Location::Choice { seat } => match &self.stage {
                Stage::SetUp { choices, .. } => choices[usize::from(seat)].expect("chosen"),
                _ => panic!("no set-up choice now"),
            },
            Location::OperatorCard => match &self.stage {
                Stage::Turn {
                    pending: Pending::Operator { drawn, .. },
                    ..
                } => *drawn,
                _ => panic!("no OPERATOR card now"),
            },
        }
    }

    fn put_at(&mut self, at: Location, card: Card) {
        match at {
            Location::Hand { seat, index } => self.hands[usize::from(seat)][index] = card,
            Location::Pile { depth } => {
                let i = self.pile.len() - 1 - depth;
                self.pile[i] = card;
            }
            Location::Choice { seat } => match &mut self.stage {
                Stage::SetUp { choices, .. } => choices[usize::from(seat)] = Some(card),
                _ => panic!("no set-up choice now"),
            },
            Location::OperatorCard => match &mut self.stage {
                Stage::Turn {
                    pending: Pending::Operator { drawn, .. },
                    ..
                } => *drawn = card,
                _ => panic!("no OPERATOR card now"),
            },
        }
    }

    /// Exchanges the cards at `a` and `b` (hands stay sorted).
    pub fn swap_cards(&mut self, a: Location, b: Location) {
        let (card_a, card_b) = (self.card_at(a), self.card_at(b));
        self.put_at(a, card_b);
        self.put_at(b, card_a);
        self.hands.iter_mut().for_each(|h| h.sort());
    }

    /// This game with every card hidden from `viewer` replaced by a SPY.
    /// Two games `viewer` must not tell apart have equal masks.
    pub fn masked(&self, viewer: Viewer) -> Office21 {
        let mut masked = self.clone();
        for at in self.hidden_from(viewer) {
            masked.put_at(at, Card::Spy);
        }
        masked
    }
}

/// Office 21's secrets for the non-interference harness: cards, wherever
/// [`Office21::hidden_from`] says a viewer cannot see them.
impl Secrets for Office21 {
    type Secret = Location;

    fn hidden_from(&self, viewer: Viewer) -> Vec<Location> {
        Office21::hidden_from(self, viewer)
    }

    fn swap(&mut self, a: Location, b: Location) -> bool {
        if self.card_at(a) == self.card_at(b) {
            return false;
        }
        self.swap_cards(a, b);
        true
    }

    fn masked(&self, viewer: Viewer) -> Office21 {
        Office21::masked(self, viewer)
    }
}
