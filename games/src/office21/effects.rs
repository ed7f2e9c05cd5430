//! Steps 2 and 3 of a turn: play a card, carry out its effect.
//!
//! An effect with choices becomes a [`Pending`] decision; its options are
//! computed here from public information only (offices, hand sizes), except
//! a DIRECTOR's discard, which the deciding player sees. A card's effect
//! never targets the card just played (the rulebook's ASSISTANT example),
//! and an effect with no possible target is forfeited.

use cubicle_protocol::office21::{Action, Card, CardId, EventView, OfficeCard};
use cubicle_protocol::Seat;

use super::cards::{self, TARGET};
use super::{love, public, Answer, InPlay, Office21, Pending, Stage};
use cubicle_protocol::office21::Event;

pub(super) fn shown(card: InPlay) -> OfficeCard {
    OfficeCard {
        id: card.id,
        card: card.card,
        face_up: card.face_up,
    }
}

impl Office21 {
    /// Kinds `seat` may play: any in hand, but not a second BOSS.
    pub(super) fn playable(&self, seat: Seat) -> Vec<Card> {
        let boss_in_play = self.boss_in_play();
        let mut kinds: Vec<Card> = self
            .hand(seat)
            .iter()
            .copied()
            .filter(|&c| !(c == Card::Boss && boss_in_play))
            .collect();
        kinds.dedup();
        kinds
    }

    /// CLEANER: any card in any office but itself, a SPY or a DIRECTOR; in
    /// another player's office a MANAGER if there is one.
    pub(super) fn cleaner_targets(&self, seat: Seat, played: CardId) -> Vec<CardId> {
        let mut targets = Vec::new();
        for owner in self.remaining() {
            let office = self.office(owner);
            let manager_first = owner != seat && office.iter().any(|c| c.card == Card::Manager);
            targets.extend(
                office
                    .iter()
                    .filter(|c| c.id != played && !matches!(c.card, Card::Spy | Card::Director))
                    .filter(|c| !manager_first || c.card == Card::Manager)
                    .map(|c| c.id),
            );
        }
        targets
    }

    /// ASSISTANT: any card of one's own office but itself and a DIRECTOR.
    pub(super) fn assistant_targets(&self, seat: Seat, played: CardId) -> Vec<CardId> {
        self.office(seat)
            .iter()
            .filter(|c| c.id != played && c.card != Card::Director)
            .map(|c| c.id)
            .collect()
    }

    /// SALES: a card of another office, a MANAGER if there is one, never a
    /// DIRECTOR, and never one whose swap would push that player above 21.
    pub(super) fn sales_targets(&self, seat: Seat) -> Vec<CardId> {
        let mut targets = Vec::new();
        for other in self.remaining().filter(|&s| s != seat) {
            let office = self.office(other);
            let manager_first = office.iter().any(|c| c.card == Card::Manager);
            let profit = self.profit(other);
            targets.extend(
                office
                    .iter()
                    .filter(|c| c.card != Card::Director)
                    .filter(|c| !manager_first || c.card == Card::Manager)
                    .filter(|c| {
                        let lost = if c.face_up { cards::value(c.card) } else { 0 };
                        profit - lost + cards::value(Card::Sales) <= TARGET
                    })
                    .map(|c| c.id),
            );
        }
        targets
    }

    /// DIRECTOR: another remaining player with a card in hand (public: a
    /// hand of SPYs only is still a target, and then nothing is discarded).
    pub(super) fn director_targets(&self, seat: Seat) -> Vec<Seat> {
        self.remaining()
            .filter(|&s| s != seat && !self.hand(s).is_empty())
            .collect()
    }

    /// Kinds a DIRECTOR looking at `target`'s hand may discard.
    fn discardable(&self, target: Seat) -> Vec<Card> {
        let mut kinds: Vec<Card> = self
            .hand(target)
            .iter()
            .copied()
            .filter(|&c| c != Card::Spy)
            .collect();
        kinds.dedup();
        kinds
    }

    fn spies(&self, seat: Seat) -> usize {
        self.office(seat)
            .iter()
            .filter(|c| c.card == Card::Spy)
            .count()
    }

    /// The legal actions of the active player.
    pub(super) fn turn_actions(&self, seat: Seat, pending: &Pending) -> Vec<Action> {
        match pending {
            Pending::PlayCard => self
                .playable(seat)
                .into_iter()
                .map(|card| Action::Play { card })
                .collect(),
            Pending::Love(choice) => love::choice_actions(choice, seat),
            Pending::Cleaner { card } => self
                .cleaner_targets(seat, *card)
                .into_iter()
                .map(|card| Action::Remove { card })
                .collect(),
            Pending::Assistant { card } => self
                .assistant_targets(seat, *card)
                .into_iter()
                .map(|card| Action::TakeBack { card })
                .collect(),
            Pending::Sales { .. } => self
                .sales_targets(seat)
                .into_iter()
                .map(|card| Action::Swap { card })
                .collect(),
            Pending::DirectorTarget { .. } => self
                .director_targets(seat)
                .into_iter()
                .map(|seat| Action::Look { seat })
                .collect(),
            Pending::DirectorDiscard { target, .. } => self
                .discardable(*target)
                .into_iter()
                .map(|card| Action::Discard {
                    seat: *target,
                    card,
                })
                .collect(),
            Pending::Operator { drawn, .. } => vec![
                Action::Keep { card: *drawn },
                Action::Return { card: *drawn },
            ],
        }
    }

    /// Carries out an accepted turn action of `seat`.
    pub(super) fn resolve(&mut self, seat: Seat, answer: Answer, events: &mut Vec<Event>) {
        match answer {
            Answer::Play { card } => self.play(seat, card, events),
            Answer::Remove { card } => {
                let (owner, removed) = self.leave_play(card);
                self.discard.push(removed.card);
                events.push(public(EventView::Removed {
                    seat,
                    owner,
                    card: shown(removed),
                }));
                if removed.card == Card::Taxman {
                    self.taxman_left(owner, events);
                }
                self.after_effect(seat, events);
            }
            Answer::TakeBack { card } => {
                let (_, taken) = self.leave_play(card);
                self.add_to_hand(seat, taken.card);
                events.push(public(EventView::TookBack {
                    seat,
                    card: shown(taken),
                }));
                if taken.card == Card::Taxman {
                    self.taxman_left(seat, events);
                }
                self.after_effect(seat, events);
            }
            Answer::Swap { other, at, mine } => {
                // The cards change offices but stay in play: faces and love
                // are unchanged (a face-down card stays face down).
                let took = self.offices[usize::from(other)][at];
                let gave = self.offices[usize::from(seat)][mine];
                self.offices[usize::from(other)][at] = gave;
                self.offices[usize::from(seat)][mine] = took;
                events.push(public(EventView::Swapped {
                    seat,
                    other,
                    took: shown(took),
                    gave: shown(gave),
                }));
                if took.card == Card::Spy && self.spies(seat) == 5 {
                    self.end_espionage(seat, events);
                    return;
                }
                self.after_effect(seat, events);
            }
            Answer::Look { target, director } => {
                let hand = self.hand(target).clone();
                events.push(Event::DirectorLooked { seat, target, hand });
                if self.discardable(target).is_empty() {
                    events.push(public(EventView::DirectorDiscarded {
                        seat,
                        target,
                        card: None,
                    }));
                    self.after_effect(seat, events);
                } else {
                    self.stage = Stage::Turn {
                        seat,
                        pending: Pending::DirectorDiscard {
                            card: director,
                            target,
                        },
                    };
                }
            }
            Answer::Discard { target, card } => {
                let found = self.take_from_hand(target, card);
                debug_assert!(found, "checked: the card is in the hand");
                self.discard.push(card);
                events.push(public(EventView::DirectorDiscarded {
                    seat,
                    target,
                    card: Some(card),
                }));
                self.after_effect(seat, events);
            }
            Answer::Keep { card } => {
                self.add_to_hand(seat, card);
                events.push(public(EventView::OperatorKept { seat, card }));
                self.after_effect(seat, events);
            }
            Answer::Return { card, knew } => {
                // Back on top: known to this player, and still to whoever
                // knew it was the top card before (a kept card is shown).
                self.pile.push(card);
                self.knows_top = knew;
                self.knows_top[usize::from(seat)] = true;
                events.push(Event::OperatorReturned { seat, card });
                self.after_effect(seat, events);
            }
        }
    }

    /// Step 2: `seat` plays `card`; step 3 starts.
    fn play(&mut self, seat: Seat, card: Card, events: &mut Vec<Event>) {
        self.take_from_hand(seat, card);
        let placed = self.enter_play(seat, card);
        let id = placed.id;
        events.push(public(EventView::Played {
            seat,
            card: shown(placed),
        }));
        let pending = match card {
            Card::Spy => {
                if self.spies(seat) == 5 {
                    self.end_espionage(seat, events);
                    return;
                }
                None
            }
            Card::Cleaner => Some(Pending::Cleaner { card: id })
                .filter(|_| !self.cleaner_targets(seat, id).is_empty()),
            Card::Assistant => Some(Pending::Assistant { card: id })
                .filter(|_| !self.assistant_targets(seat, id).is_empty()),
            Card::Sales => {
                Some(Pending::Sales { card: id }).filter(|_| !self.sales_targets(seat).is_empty())
            }
            Card::Director => Some(Pending::DirectorTarget { card: id })
                .filter(|_| !self.director_targets(seat).is_empty()),
            Card::Operator => {
                let knew = self.knows_top.clone();
                self.draw_top().map(|drawn| {
                    events.push(Event::OperatorDrew { seat, card: drawn });
                    Pending::Operator {
                        card: id,
                        drawn,
                        knew,
                    }
                })
            }
            Card::Taxman => {
                let previous = self
                    .in_play()
                    .find(|(_, c)| c.card == Card::Taxman && c.id != id)
                    .map(|(_, c)| c.id);
                if let Some(previous) = previous {
                    let (owner, old) = self.leave_play(previous);
                    self.discard.push(old.card);
                    events.push(public(EventView::TaxmanReplaced {
                        owner,
                        card: shown(old),
                    }));
                }
                None
            }
            Card::Manager | Card::Secretary | Card::Boss => None,
        };
        match pending {
            Some(pending) => self.stage = Stage::Turn { seat, pending },
            None => {
                let has_effect = matches!(
                    card,
                    Card::Cleaner | Card::Assistant | Card::Sales | Card::Director | Card::Operator
                );
                if has_effect {
                    events.push(public(EventView::NoTarget { seat, card }));
                }
                self.after_effect(seat, events);
            }
        }
    }

    /// The effect is complete: BOSS and SECRETARY, out-of-turn
    /// eliminations, then step 4 (unless a decision is pending).
    pub(super) fn after_effect(&mut self, seat: Seat, events: &mut Vec<Event>) {
        if self.is_over() {
            return;
        }
        if let Some(choice) = self.settle(Some(seat), events) {
            self.stage = Stage::Turn {
                seat,
                pending: Pending::Love(choice),
            };
            return;
        }
        if !self.is_over() {
            self.finish_turn(seat, events);
        }
    }

    /// Why `action` is not legal for `seat` (which is asked to act).
    pub(super) fn explain(&self, seat: Seat, action: &Action) -> String {
        let love_pending = matches!(
            &self.stage,
            Stage::SetUp { love: Some(_), .. }
                | Stage::Turn {
                    pending: Pending::Love(_),
                    ..
                }
        );
        if love_pending {
            return match action {
                Action::Love { .. } => "that card cannot be chosen: pick one of the offered \
                                        BOSS or SECRETARY cards"
                    .into(),
                _ => "first choose which card falls in love".into(),
            };
        }
        let hand = self.hand(seat);
        let in_hand = |card: &Card| hand.contains(card);
        match (&self.stage, action) {
            (Stage::SetUp { .. }, Action::Choose { card }) if !in_hand(card) => {
                format!("you have no {} in hand", cards::name(*card))
            }
            (Stage::SetUp { .. }, _) => {
                "during set-up you can only put a card from your hand face down".into()
            }
            (Stage::Turn { pending, .. }, Action::Play { card }) => match pending {
                Pending::PlayCard if !in_hand(card) => {
                    format!("you have no {} in hand", cards::name(*card))
                }
                Pending::PlayCard if *card == Card::Boss => {
                    "there can be only one BOSS: wait until the BOSS in play leaves".into()
                }
                _ => "you already played a card this turn: finish its effect".into(),
            },
            (Stage::Turn { pending, .. }, _) => match (pending, action) {
                (Pending::PlayCard, _) => "play a card from your hand first".into(),
                (Pending::Cleaner { card }, Action::Remove { card: target }) => {
                    self.target_reason(seat, *card, *target, "CLEANER", true)
                }
                (Pending::Assistant { card }, Action::TakeBack { card: target }) => {
                    match self.card_in_play(*target) {
                        _ if target == card => "the ASSISTANT cannot take itself back".into(),
                        Some(c) if c.card == Card::Director => {
                            "a DIRECTOR in play cannot be targeted".into()
                        }
                        Some(_) if self.locate(*target).map(|l| l.0) != Some(seat) => {
                            "the ASSISTANT takes a card from your own office only".into()
                        }
                        _ => "that card is not in play".into(),
                    }
                }
                (Pending::Sales { card }, Action::Swap { card: target }) => {
                    self.target_reason(seat, *card, *target, "SALES", false)
                }
                (Pending::DirectorTarget { .. }, Action::Look { seat: target }) => {
                    if *target == seat {
                        "the DIRECTOR looks at another player's hand".into()
                    } else {
                        "that player has no cards in hand or is out of the game".into()
                    }
                }
                (Pending::DirectorDiscard { target, .. }, Action::Discard { seat: s, card }) => {
                    if s != target {
                        format!("you are looking at seat {target}'s hand")
                    } else if *card == Card::Spy {
                        "a SPY cannot be removed from a hand".into()
                    } else {
                        format!("that hand holds no {}", cards::name(*card))
                    }
                }
                (Pending::Operator { .. }, Action::Keep { .. } | Action::Return { .. }) => {
                    "that is not the card your OPERATOR drew".into()
                }
                (pending, _) => format!("finish the current effect first ({})", what(pending)),
            },
            (Stage::Over(_), _) => "the game is over".into(),
        }
    }

    /// Why a CLEANER or SALES cannot target card `target`.
    fn target_reason(
        &self,
        seat: Seat,
        played: CardId,
        target: CardId,
        name: &str,
        own_office_allowed: bool,
    ) -> String {
        let Some((owner, _)) = self.locate(target) else {
            return "that card is not in play".into();
        };
        let card = self.card_in_play(target).expect("located").card;
        if target == played {
            return format!("the {name} cannot target itself");
        }
        if card == Card::Director {
            return "a DIRECTOR in play cannot be targeted".into();
        }
        if card == Card::Spy && own_office_allowed {
            return "a SPY cannot be removed from play".into();
        }
        if owner == seat && !own_office_allowed {
            return "the SALES is swapped with another player's card".into();
        }
        if owner != seat && self.office(owner).iter().any(|c| c.card == Card::Manager) {
            return "a MANAGER must be chosen in that office".into();
        }
        if !own_office_allowed {
            return "that swap would push its owner above 21 million".into();
        }
        "that card cannot be targeted".into()
    }
}

fn what(pending: &Pending) -> &'static str {
    match pending {
        Pending::PlayCard => "play a card",
        Pending::Love(_) => "choose whom the BOSS loves",
        Pending::Cleaner { .. } => "choose the CLEANER's target",
        Pending::Assistant { .. } => "choose the card the ASSISTANT takes back",
        Pending::Sales { .. } => "choose the card the SALES is swapped for",
        Pending::DirectorTarget { .. } => "choose whose hand the DIRECTOR looks at",
        Pending::DirectorDiscard { .. } => "choose the card the DIRECTOR discards",
        Pending::Operator { .. } => "keep or return the OPERATOR's card",
    }
}
