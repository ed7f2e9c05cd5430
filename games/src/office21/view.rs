//! What each viewer sees. The one place that decides visibility:
//! * the view shows other hands and the pile as counts, offices whole (a
//!   face-down card is known), the discard pile face up;
//! * secrets reach only their owner: a set-up choice before the reveal, the
//!   OPERATOR's card while deciding and the pile top it put back, the hand a
//!   DIRECTOR is looking at, a drawn or dealt card;
//! * every event has a public form (a redacted one where it holds a
//!   secret), so no event is ever withheld entirely.

use cubicle_protocol::office21::Card;
use cubicle_protocol::office21::{
    Audit, Decision, Event, EventView, Player, Profit, Secret, Stage as StageView, View,
};
use cubicle_protocol::record::Revealed;

use crate::engine::RevealList;
use cubicle_protocol::Seat;

use super::cards;
use super::effects::shown;
use super::{Office21, Pending, Stage};
use crate::Viewer;

pub(super) fn event_view(event: &Event, viewer: Viewer) -> EventView {
    let owner = |seat: &Seat| viewer.seat() == Some(*seat);
    match event {
        Event::Public(event) => event.clone(),
        Event::Dealt { seat, hand } => EventView::Dealt {
            seat: *seat,
            cards: hand.len() as u8,
            hand: owner(seat).then(|| hand.clone()),
        },
        Event::Chose { seat, round, card } => EventView::Chose {
            seat: *seat,
            round: *round,
            card: owner(seat).then_some(*card),
        },
        Event::Drew { seat, cards } => EventView::Drew {
            seat: *seat,
            count: cards.len() as u8,
            cards: owner(seat).then(|| cards.clone()),
        },
        Event::OperatorDrew { seat, card } => EventView::OperatorDrew {
            seat: *seat,
            card: owner(seat).then_some(*card),
        },
        Event::OperatorReturned { seat, card } => EventView::OperatorReturned {
            seat: *seat,
            card: owner(seat).then_some(*card),
        },
        Event::DirectorLooked { seat, target, hand } => EventView::DirectorLooked {
            seat: *seat,
            target: *target,
            hand: owner(seat).then(|| hand.clone()),
        },
    }
}

impl Office21 {
    pub(super) fn view_for(&self, viewer: Viewer) -> View {
        let me = viewer.seat().filter(|&s| s < self.seat_count());
        View {
            you: me,
            stage: self.stage_view(),
            players: self.seat_list().map(|s| self.player_view(s)).collect(),
            hand: me.map(|s| self.hand(s).clone()).unwrap_or_default(),
            your_choice: match (&self.stage, me) {
                (Stage::SetUp { choices, .. }, Some(s)) => choices[usize::from(s)],
                _ => None,
            },
            pile: self.pile.len() as u8,
            pile_top: me
                .filter(|&s| self.knows_top[usize::from(s)])
                .and_then(|_| self.pile.last().copied()),
            discard: self.discard.clone(),
            start_player: self.start_player,
            audit: self.audit(),
            exhausted: self.exhausted,
            idle_turns: self.idle_turns,
            stall_limit: self.stall_limit(),
            moment: self.moment,
            secret: me.and_then(|s| self.secret_of(s)),
            ending: match &self.stage {
                Stage::Over(ending) => Some(ending.clone()),
                _ => None,
            },
        }
    }

    fn player_view(&self, seat: Seat) -> Player {
        let s = usize::from(seat);
        let (reached, since) = self.reached[s];
        Player {
            seat,
            hand: self.hands[s].len() as u8,
            office: self.offices[s].iter().copied().map(shown).collect(),
            // An eliminated player keeps showing the profit that put them out.
            profit: Profit::from_halves(if self.eliminated[s] {
                reached
            } else {
                self.profit(seat)
            }),
            profit_since: since,
            eliminated: self.eliminated[s],
            chosen: matches!(&self.stage, Stage::SetUp { choices, .. } if choices[s].is_some()),
        }
    }

    fn stage_view(&self) -> StageView {
        match &self.stage {
            Stage::SetUp {
                round,
                choices,
                love,
            } => StageView::SetUp {
                attempt: self.attempt,
                round: *round,
                waiting: if love.is_some() {
                    Vec::new()
                } else {
                    self.seat_list()
                        .filter(|&s| choices[usize::from(s)].is_none())
                        .collect()
                },
                love: love.clone(),
            },
            Stage::Turn { seat, pending } => StageView::Turn {
                seat: *seat,
                decision: self.decision_view(*seat, pending),
            },
            Stage::Over(_) => StageView::Over,
        }
    }

    /// The public side of a pending decision: its options are computed
    /// from public information, so everyone may see them.
    fn decision_view(&self, seat: Seat, pending: &Pending) -> Decision {
        match pending {
            Pending::PlayCard => Decision::PlayCard,
            Pending::Love(choice) => Decision::Love {
                choice: choice.clone(),
            },
            Pending::Cleaner { card } => Decision::Cleaner {
                card: *card,
                options: self.cleaner_targets(seat, *card),
            },
            Pending::Assistant { card } => Decision::Assistant {
                card: *card,
                options: self.assistant_targets(seat, *card),
            },
            Pending::Sales { card } => Decision::Sales {
                card: *card,
                options: self.sales_targets(seat),
            },
            Pending::DirectorTarget { card } => Decision::DirectorTarget {
                card: *card,
                options: self.director_targets(seat),
            },
            Pending::DirectorDiscard { card, target } => Decision::DirectorDiscard {
                card: *card,
                target: *target,
            },
            Pending::Operator { card, .. } => Decision::Operator { card: *card },
        }
    }

    /// What only `seat` knows about its own pending decision.
    fn secret_of(&self, seat: Seat) -> Option<Secret> {
        match &self.stage {
            Stage::Turn {
                seat: active,
                pending,
            } if *active == seat => match pending {
                Pending::Operator { drawn, .. } => Some(Secret::OperatorCard { card: *drawn }),
                Pending::DirectorDiscard { target, .. } => Some(Secret::DirectorLook {
                    target: *target,
                    hand: self.hand(*target).clone(),
                }),
                _ => None,
            },
            _ => None,
        }
    }

    /// Everything hidden from someone, in words ([`crate::Game::reveal`]):
    /// by seat, its hand (as its view lists it), its face-down set-up card
    /// before the reveal, the card its OPERATOR drew; then the draw pile,
    /// top first. Face-down office cards are not listed: their kind is in
    /// every view.
    pub(super) fn reveal_all(&self) -> Vec<Revealed> {
        let mut revealed = RevealList::default();
        for seat in self.seat_list() {
            let s = usize::from(seat);
            revealed.add(Some(seat), "Hand", names(self.hand(seat).iter().copied()));
            if let Stage::SetUp { choices, .. } = &self.stage {
                revealed.add(Some(seat), "Face-down set-up card", names(choices[s]));
            }
            if let Stage::Turn {
                seat: active,
                pending: Pending::Operator { drawn, .. },
            } = &self.stage
            {
                if *active == seat {
                    revealed.add(Some(seat), "Drawn by OPERATOR", names([*drawn]));
                }
            }
        }
        revealed.add(
            None,
            "Draw pile, top first",
            names(self.pile.iter().rev().copied()),
        );
        revealed.into_vec()
    }

    fn audit(&self) -> Option<Audit> {
        let Stage::Turn { seat: active, .. } = &self.stage else {
            return None;
        };
        let (holder, card) = self.taxman()?;
        let mut turns_before = 0;
        let mut next = self.next_remaining(*active);
        while next != holder {
            turns_before += 1;
            next = self.next_remaining(next);
        }
        Some(Audit {
            holder,
            card,
            turns_before,
        })
    }
}

/// Cards by name (`"BOSS"`), in the order given.
fn names(cards: impl IntoIterator<Item = Card>) -> Vec<String> {
    cards
        .into_iter()
        .map(|c| cards::name(c).to_owned())
        .collect()
}
