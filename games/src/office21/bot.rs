//! The easy Office 21 bot's judgement: run a lean office and wait for the
//! tax audit. Against players who do not plan, most games end at an audit,
//! won by the lowest profit; so the bot keeps its profit low and plays a
//! TAXMAN when it is the lowest, and still takes exactly 21 when it can,
//! since that beats any audit. (Measured: aiming high instead wins far
//! fewer games; docs/bots.md.)
//!
//! It judges an action by the offices it leaves: it plays the action's
//! visible consequences out on a copy (a card placed, removed, taken back
//! or swapped, BOSS and SECRETARY turning face down or up) and scores them:
//! * itself above 21 is the worst (out); five SPYs the best, then exactly
//!   21;
//! * with a TAXMAN in play, having the lowest profit (then the fewest
//!   cards, the audit's first tie-break) is good, anything else bad;
//! * every half-million of its own profit costs a little;
//! * a rival at 21 (who wins on their next turn) is bad, a rival above 21
//!   (out) good.
//!
//! A card whose effect asks for a choice (CLEANER, ASSISTANT, SALES) is
//! worth the best choice it opens. A DIRECTOR looks at the hand of the
//! lowest profit, the rival at an audit, and discards its TAXMAN, or else
//! the card that would bring it nearest to 21. An OPERATOR keeps a card
//! that can be played without going over 21. In set-up, where effects do
//! not count, it puts down a card that wastes no effect.
//!
//! It reads only its seat's view: its own hand, and the offices, profits
//! and decisions that everyone sees.

use cubicle_protocol::office21::{Action, Card, CardId, Decision, OfficeCard, Stage, View};
use cubicle_protocol::Seat;

use super::cards::{value, TARGET};
use super::Office21;
use crate::bots::Heuristic;

const OUT: i32 = -100_000;
const FIVE_SPIES: i32 = 100_000;
const AT_21: i32 = 3_000;
const RIVAL_AT_21: i32 = 2_000;
const RIVAL_OUT: i32 = 300;
const AUDIT_WON: i32 = 1_500;
const AUDIT_LOST: i32 = 1_500;
/// What each half-million of its own profit costs (below 21).
const LEAN: i32 = 30;

/// The id a card being played gets in the copy (real ids are smaller).
const PLAYED: CardId = CardId::MAX;

impl Heuristic for Office21 {
    fn score(view: &View, seat: Seat, action: &Action) -> i32 {
        let now = Offices::from(view);
        let me = Me { seat };
        let after = |change: &dyn Fn(&mut Offices)| {
            let mut after = now.clone();
            change(&mut after);
            me.worth(&after)
        };
        match *action {
            Action::Choose { card } => setup_choice(card),
            Action::Play { card } => me.play(&now, card),
            Action::Love { card } => after(&|o| o.turn(card, false)),
            Action::Remove { card } | Action::TakeBack { card } => after(&|o| o.leave(card)),
            Action::Swap { card } => match &view.stage {
                Stage::Turn {
                    decision: Decision::Sales { card: sales, .. },
                    ..
                } => after(&|o| o.swap(*sales, card)),
                _ => 0,
            },
            // The lowest profit is the rival at an audit.
            Action::Look { seat } => -i32::from(now.profit(seat)),
            Action::Discard { seat, card } => discard(&now, seat, card),
            // A card that lowers a profit is always worth keeping.
            Action::Keep { card } => {
                let fits = now.profit(seat) + value(card) <= TARGET;
                if fits || matches!(card, Card::Cleaner | Card::Assistant) {
                    1
                } else {
                    -1
                }
            }
            Action::Return { .. } => 0,
        }
    }
}

/// Set-up effects do not count (only love does): put down a card without
/// an effect, keep the cards that act for later.
fn setup_choice(card: Card) -> i32 {
    match card {
        Card::Manager => 5,
        Card::Spy | Card::Secretary => 4,
        Card::Operator => 3,
        Card::Boss => 2,
        Card::Director | Card::Assistant => 1,
        Card::Cleaner | Card::Sales | Card::Taxman => 0,
    }
}

/// What to take from `seat`'s hand with a DIRECTOR: its TAXMAN first (it
/// would beat us at an audit), then the card that would bring it nearest
/// to 21 without going over; cards that would break it are left to it.
fn discard(now: &Offices, seat: Seat, card: Card) -> i32 {
    let after = now.profit(seat) + value(card);
    match card {
        Card::Taxman => 1_000,
        _ if after > TARGET => 0,
        _ => 100 + i32::from(after),
    }
}

/// The bot's seat.
struct Me {
    seat: Seat,
}

impl Me {
    /// How good `after` is for the bot (see the module comment).
    fn worth(&self, after: &Offices) -> i32 {
        let mine = after.profit(self.seat);
        let spies = after.offices[usize::from(self.seat)]
            .iter()
            .filter(|c| c.card == Card::Spy)
            .count();
        if mine > TARGET {
            return OUT;
        }
        if spies == 5 {
            return FIVE_SPIES;
        }
        let rivals: Vec<Seat> = after.remaining().filter(|&s| s != self.seat).collect();
        let mut score: i32 = rivals
            .iter()
            .map(|&s| match after.profit(s) {
                p if p > TARGET => RIVAL_OUT,
                TARGET => -RIVAL_AT_21,
                _ => 0,
            })
            .sum();
        if mine == TARGET {
            return score + AT_21;
        }
        if after.cards().any(|(_, c)| c.card == Card::Taxman) {
            let rank = |s: Seat| (after.profit(s), after.offices[usize::from(s)].len());
            let lowest = rivals
                .iter()
                .filter(|&&s| after.profit(s) <= TARGET)
                .all(|&s| rank(s) > rank(self.seat));
            score += if lowest { AUDIT_WON } else { -AUDIT_LOST };
        }
        score - LEAN * i32::from(mine)
    }

    /// A card played is worth the best offices its effect can leave.
    fn play(&self, now: &Offices, card: Card) -> i32 {
        let mut placed = now.clone();
        placed.place(self.seat, card);
        // The best of the choices the effect offers (`None`: no choice).
        let best_of = |targets: Vec<CardId>, change: &dyn Fn(&mut Offices, CardId)| {
            targets
                .into_iter()
                .map(|target| {
                    let mut after = placed.clone();
                    change(&mut after, target);
                    self.worth(&after)
                })
                .max()
        };
        let seat = self.seat;
        let best = match card {
            Card::Cleaner => best_of(placed.cleaner_targets(seat), &|o, t| o.leave(t)),
            Card::Assistant => best_of(placed.assistant_targets(seat), &|o, t| o.leave(t)),
            Card::Sales => best_of(placed.sales_targets(seat), &|o, t| o.swap(PLAYED, t)),
            _ => None,
        };
        best.unwrap_or_else(|| self.worth(&placed))
    }
}

/// Every office, to play an action's consequences on. The bot has the
/// view, not the state, so the rules it needs (love, effect targets) are
/// repeated here from `love.rs` and `effects.rs`; should they drift apart,
/// the bot would misjudge a card, never play an illegal action (it only
/// ever picks from `legal`).
#[derive(Clone)]
struct Offices {
    offices: Vec<Vec<OfficeCard>>,
    out: Vec<bool>,
}

impl From<&View> for Offices {
    fn from(view: &View) -> Offices {
        Offices {
            offices: view.players.iter().map(|p| p.office.clone()).collect(),
            out: view.players.iter().map(|p| p.eliminated).collect(),
        }
    }
}

impl Offices {
    fn remaining(&self) -> impl Iterator<Item = Seat> + '_ {
        (0..self.offices.len() as Seat).filter(|&s| !self.out[usize::from(s)])
    }

    fn cards(&self) -> impl Iterator<Item = (Seat, &OfficeCard)> {
        self.remaining()
            .flat_map(move |s| self.offices[usize::from(s)].iter().map(move |c| (s, c)))
    }

    /// Half-millions of `seat`'s face-up cards.
    fn profit(&self, seat: Seat) -> u16 {
        self.offices[usize::from(seat)]
            .iter()
            .filter(|c| c.face_up)
            .map(|c| value(c.card))
            .sum()
    }

    fn face_up(&self, kind: Card) -> Option<CardId> {
        self.cards()
            .find(|(_, c)| c.card == kind && c.face_up)
            .map(|(_, c)| c.id)
    }

    fn turn(&mut self, id: CardId, face_up: bool) {
        if let Some(card) = self.offices.iter_mut().flatten().find(|c| c.id == id) {
            card.face_up = face_up;
        }
    }

    /// `seat` plays `card` (as [`PLAYED`]); a BOSS or SECRETARY finds love
    /// if it can (with two SECRETARYs, the BOSS's player picks one in a
    /// decision of its own: here, the first).
    fn place(&mut self, seat: Seat, card: Card) {
        let partner = match card {
            Card::Boss => self.face_up(Card::Secretary),
            Card::Secretary => self.face_up(Card::Boss),
            _ => None,
        };
        self.offices[usize::from(seat)].push(OfficeCard {
            id: PLAYED,
            card,
            face_up: partner.is_none(),
        });
        if let Some(partner) = partner {
            self.turn(partner, false);
        }
    }

    /// A card leaves play (discarded or back to a hand): a BOSS whose
    /// SECRETARY left loves the other one if it is in play; a card left
    /// alone turns face up.
    fn leave(&mut self, id: CardId) {
        let Some(gone) = self.cards().find(|(_, c)| c.id == id).map(|(_, c)| *c) else {
            return;
        };
        self.offices
            .iter_mut()
            .for_each(|o| o.retain(|c| c.id != id));
        if gone.face_up {
            return;
        }
        let partner_kind = match gone.card {
            Card::Boss => Card::Secretary,
            _ => Card::Boss,
        };
        let partner = self
            .cards()
            .find(|(_, c)| c.card == partner_kind && !c.face_up)
            .map(|(_, c)| c.id);
        match (gone.card, self.face_up(Card::Secretary)) {
            (Card::Secretary, Some(other)) => self.turn(other, false),
            _ => partner.into_iter().for_each(|p| self.turn(p, true)),
        }
    }

    /// Two cards trade places (a SALES swap); faces and love stay.
    fn swap(&mut self, a: CardId, b: CardId) {
        let find = |offices: &Vec<Vec<OfficeCard>>, id| {
            offices
                .iter()
                .enumerate()
                .find_map(|(s, o)| o.iter().position(|c| c.id == id).map(|i| (s, i)))
        };
        if let (Some((sa, ia)), Some((sb, ib))) = (find(&self.offices, a), find(&self.offices, b)) {
            let card = self.offices[sa][ia];
            self.offices[sa][ia] = self.offices[sb][ib];
            self.offices[sb][ib] = card;
        }
    }

    /// What a CLEANER played by `seat` may remove: anything but itself, a
    /// SPY or a DIRECTOR, and in another office a MANAGER if there is one.
    fn cleaner_targets(&self, seat: Seat) -> Vec<CardId> {
        self.cards()
            .filter(|&(owner, c)| {
                let manager_first = owner != seat && self.has_manager(owner);
                c.id != PLAYED
                    && !matches!(c.card, Card::Spy | Card::Director)
                    && (!manager_first || c.card == Card::Manager)
            })
            .map(|(_, c)| c.id)
            .collect()
    }

    /// What an ASSISTANT played by `seat` may take back: its own cards but
    /// itself and a DIRECTOR.
    fn assistant_targets(&self, seat: Seat) -> Vec<CardId> {
        self.offices[usize::from(seat)]
            .iter()
            .filter(|c| c.id != PLAYED && c.card != Card::Director)
            .map(|c| c.id)
            .collect()
    }

    /// What a SALES played by `seat` may take: a card of another office, a
    /// MANAGER if there is one, never a DIRECTOR, never pushing that player
    /// over 21.
    fn sales_targets(&self, seat: Seat) -> Vec<CardId> {
        self.cards()
            .filter(|&(owner, c)| {
                let lost = if c.face_up { value(c.card) } else { 0 };
                owner != seat
                    && c.card != Card::Director
                    && (!self.has_manager(owner) || c.card == Card::Manager)
                    && self.profit(owner) - lost + value(Card::Sales) <= TARGET
            })
            .map(|(_, c)| c.id)
            .collect()
    }

    fn has_manager(&self, seat: Seat) -> bool {
        self.offices[usize::from(seat)]
            .iter()
            .any(|c| c.card == Card::Manager)
    }
}
