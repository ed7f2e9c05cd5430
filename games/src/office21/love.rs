//! BOSS and SECRETARY: "The BOSS loves a SECRETARY and the SECRETARY loves
//! the BOSS."
//!
//! Love is a set of (BOSS, SECRETARY) pairs; a card is face down exactly
//! when it is in a pair, or when it is the card of an owner still choosing
//! whom it loves. Whenever offices change, [`Office21::settle_love`] pairs
//! every free BOSS with a free SECRETARY the way the rulebook's four cases
//! say, and turns the rest face up:
//! * one free BOSS, one free SECRETARY: they pair;
//! * one free BOSS, two free SECRETARYs: the BOSS's owner chooses;
//! * two free BOSSes (set-up only), one free SECRETARY: the SECRETARY's
//!   owner chooses;
//! * two and two (set-up only): everything pairs.
//!
//! When a card of a pair leaves play (discarded or taken back to a hand;
//! a SALES swap keeps it in play), the pair dissolves and the partner
//! looks for love again: a BOSS whose SECRETARY left loves the other
//! SECRETARY if one is in play, and a card left alone turns face up.

use cubicle_protocol::office21::{Action, Card, CardId, EventView, LoveChoice, OfficeCard};
use cubicle_protocol::Seat;

use super::{public, Office21, Stage};
use crate::Chance;
use cubicle_protocol::office21::Event;

/// The actions of a pending love choice.
pub(super) fn choice_actions(choice: &LoveChoice, seat: Seat) -> Vec<Action> {
    if choice.seat != seat {
        return Vec::new();
    }
    choice
        .options
        .iter()
        .map(|&card| Action::Love { card })
        .collect()
}

impl Office21 {
    fn in_love(&self, id: CardId) -> bool {
        self.love.iter().any(|&(b, s)| b == id || s == id)
    }

    /// Free (unpaired) cards of `kind` in play, in seat then office order.
    fn free(&self, kind: Card) -> Vec<CardId> {
        self.in_play()
            .filter(|(_, c)| c.card == kind && !self.in_love(c.id))
            .map(|(_, c)| c.id)
            .collect()
    }

    /// Pairs free BOSSes and SECRETARYs, turns cards face down or up
    /// accordingly (with events), and returns the decision an owner must
    /// make when the pairing is theirs to choose.
    pub(super) fn settle_love(&mut self, events: &mut Vec<Event>) -> Option<LoveChoice> {
        let love = std::mem::take(&mut self.love);
        self.love = love
            .into_iter()
            .filter(|&(b, s)| self.locate(b).is_some() && self.locate(s).is_some())
            .collect();
        let mut wait = None;
        loop {
            let bosses = self.free(Card::Boss);
            let secretaries = self.free(Card::Secretary);
            match (bosses.len(), secretaries.len()) {
                (0, _) | (_, 0) => break,
                (1, 1) => self.love.push((bosses[0], secretaries[0])),
                (1, _) => {
                    wait = Some(self.love_choice(bosses[0], secretaries));
                    break;
                }
                (_, 1) => {
                    wait = Some(self.love_choice(secretaries[0], bosses));
                    break;
                }
                _ => self.love.extend(bosses.into_iter().zip(secretaries)),
            }
        }
        let chooser = wait.as_ref().map(|w| w.card);
        for seat in self.seat_list() {
            for i in 0..self.office(seat).len() {
                let card = self.offices[usize::from(seat)][i];
                let face_up = !(self.in_love(card.id) || chooser == Some(card.id));
                if card.face_up != face_up {
                    self.offices[usize::from(seat)][i].face_up = face_up;
                    let shown = OfficeCard {
                        id: card.id,
                        card: card.card,
                        face_up,
                    };
                    events.push(public(if face_up {
                        EventView::TurnedUp { seat, card: shown }
                    } else {
                        EventView::TurnedDown { seat, card: shown }
                    }));
                }
            }
        }
        wait
    }

    fn love_choice(&self, card: CardId, options: Vec<CardId>) -> LoveChoice {
        LoveChoice {
            seat: self.locate(card).expect("in play").0,
            card,
            options,
        }
    }

    /// `seat` chose that its BOSS (or SECRETARY) loves `card`, answering
    /// `choice`; `setup_round` is the set-up round it came in, if any.
    pub(super) fn love_chosen(
        &mut self,
        seat: Seat,
        card: CardId,
        choice: LoveChoice,
        setup_round: Option<u8>,
        chance: &mut dyn Chance,
        events: &mut Vec<Event>,
    ) {
        let mine = self.card_in_play(choice.card).expect("in play");
        self.love.push(if mine.card == Card::Boss {
            (choice.card, card)
        } else {
            (card, choice.card)
        });
        let owner = self.locate(card).expect("in play").0;
        events.push(public(EventView::LoveChosen { seat, card, owner }));
        let Some(round) = setup_round else {
            self.after_effect(seat, events);
            return;
        };
        if let Stage::SetUp { love, .. } = &mut self.stage {
            *love = None;
        }
        // Another BOSS or SECRETARY of the same reveal may ask next.
        match self.settle_love(events) {
            Some(next) => {
                if let Stage::SetUp { love, .. } = &mut self.stage {
                    *love = Some(next);
                }
            }
            None => self.after_reveal(round, chance, events),
        }
    }
}
