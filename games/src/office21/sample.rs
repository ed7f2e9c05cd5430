//! Whole games an Office 21 seat's view could come from, for the hard bot.
//!
//! Offices, the discard pile, profits and whose turn it is are public; what
//! a seat does not see is which cards are in the other hands, the others'
//! face-down set-up cards, the pile's order and (on someone else's turn) the
//! card their OPERATOR drew. Those are the 44 cards minus every card the
//! view shows, dealt at random into the places the view counts. During
//! set-up no hand holds a TAXMAN (they are shuffled back into the pile at
//! the deal), so there the TAXMANs go to the pile.
//!
//! Bookkeeping the view does not show, and which hides nothing of the
//! cards, is rebuilt as the rules leave it: other seats are taken not to
//! know the top card; a BOSS and a SECRETARY face down are a pair; a
//! TAXMAN gone after exhaustion ends the game after the current effect;
//! the stock a turn began with is the stock now (before a card is played)
//! or one more (after it).

use cubicle_protocol::office21::{Card, Decision, LoveChoice, Secret, Stage as StageView, View};
use cubicle_protocol::Seat;

use super::cards;
use super::{InPlay, Office21, Pending, Stage};
use crate::bots::{SampleError, Sampler};
use crate::Chance;

impl Sampler for Office21 {
    fn sample(view: &View, seat: Seat, chance: &mut dyn Chance) -> Result<Self, SampleError> {
        let mut game = public_part(view)?;
        let me = usize::from(seat);
        if me >= game.hands.len() {
            return Err(SampleError(format!("seat {seat} is not at this table")));
        }
        game.stage = stage(view, seat)?;
        game.settle_pairs();
        game.end_after_effect = game.exhausted && game.taxman().is_none() && !game.is_over();
        game.stock_at_turn_start = match &game.stage {
            Stage::Turn {
                pending: Pending::PlayCard,
                ..
            } => 0,
            _ => 1,
        };

        let mut unseen = Unseen::new();
        for &card in view
            .hand
            .iter()
            .chain(&view.discard)
            .chain(&view.your_choice)
        {
            unseen.remove(card)?;
        }
        for office in &game.offices {
            for placed in office {
                unseen.remove(placed.card)?;
            }
        }
        if let Some(top) = view.pile_top {
            unseen.remove(top)?;
        }
        game.hands[me] = view.hand.clone();
        let mut looked_at = None;
        match &view.secret {
            Some(Secret::OperatorCard { card }) => {
                unseen.remove(*card)?;
                game.set_operator_card(*card);
            }
            Some(Secret::DirectorLook { target, hand }) => {
                for &card in hand {
                    unseen.remove(card)?;
                }
                let t = usize::from(*target);
                *game
                    .hands
                    .get_mut(t)
                    .ok_or_else(|| SampleError(format!("no seat {target} to look at")))? =
                    hand.clone();
                looked_at = Some(t);
            }
            None => {}
        }

        // Deal what nobody shows into the places the view counts.
        let set_up = matches!(game.stage, Stage::SetUp { .. });
        let (mut dealt, taxmen) = unseen.shuffled(chance, set_up);
        let mut deal = |count: usize| -> Result<Vec<Card>, SampleError> {
            if dealt.len() < count {
                return Err(SampleError("more hidden cards than the deck holds".into()));
            }
            Ok(dealt.split_off(dealt.len() - count))
        };
        for (s, player) in view.players.iter().enumerate() {
            if s == me || Some(s) == looked_at {
                continue;
            }
            let mut hand = deal(usize::from(player.hand))?;
            hand.sort();
            game.hands[s] = hand;
        }
        if let Stage::SetUp { choices, .. } = &mut game.stage {
            for (s, choice) in choices.iter_mut().enumerate() {
                if s != me && view.players[s].chosen {
                    *choice = deal(1)?.pop();
                }
            }
        }
        if let Stage::Turn {
            pending: Pending::Operator { drawn, .. },
            seat: active,
        } = &mut game.stage
        {
            if *active != seat {
                *drawn = deal(1)?
                    .pop()
                    .ok_or_else(|| SampleError("no card".into()))?;
            }
        }
        let mut pile = dealt;
        pile.extend(taxmen);
        chance.shuffle(&mut pile);
        let hidden_pile = usize::from(view.pile) - usize::from(view.pile_top.is_some());
        if pile.len() != hidden_pile {
            return Err(SampleError(format!(
                "{} cards unaccounted for, but the pile holds {hidden_pile} unseen",
                pile.len()
            )));
        }
        pile.extend(view.pile_top);
        game.knows_top[me] = view.pile_top.is_some();
        game.pile = pile;
        game.stock_at_turn_start += game.stock();
        Ok(game)
    }
}

/// The offices, profits and counters everyone sees, with empty hands, an
/// empty pile and the set-up stage.
fn public_part(view: &View) -> Result<Office21, SampleError> {
    let mut game = Office21::empty(view.players.len());
    for (s, player) in view.players.iter().enumerate() {
        game.offices[s] = player
            .office
            .iter()
            .map(|c| InPlay {
                id: c.id,
                card: c.card,
                face_up: c.face_up,
            })
            .collect();
        game.eliminated[s] = player.eliminated;
        game.reached[s] = (player.profit.halves(), player.profit_since);
    }
    game.discard = view.discard.clone();
    game.next_id = 1 + game.in_play().map(|(_, c)| c.id).max().unwrap_or(0);
    game.moment = view.moment;
    game.exhausted = view.exhausted;
    game.idle_turns = view.idle_turns;
    game.start_player = view.start_player;
    if let StageView::SetUp { attempt, .. } = view.stage {
        game.attempt = attempt;
    }
    Ok(game)
}

/// The stage, with face-down set-up cards and an OPERATOR's card still to
/// be dealt (`None` and a SPY stand in for them).
fn stage(view: &View, seat: Seat) -> Result<Stage, SampleError> {
    Ok(match &view.stage {
        StageView::SetUp { round, love, .. } => {
            let mut choices = vec![None; view.players.len()];
            choices[usize::from(seat)] = view.your_choice;
            Stage::SetUp {
                round: *round,
                choices,
                love: love.clone(),
            }
        }
        StageView::Turn {
            seat: active,
            decision,
        } => Stage::Turn {
            seat: *active,
            pending: pending(decision, view.players.len()),
        },
        StageView::Over => Stage::Over(
            view.ending
                .clone()
                .ok_or_else(|| SampleError("a game over without its ending".into()))?,
        ),
    })
}

fn pending(decision: &Decision, seats: usize) -> Pending {
    match decision {
        Decision::PlayCard => Pending::PlayCard,
        Decision::Love { choice } => Pending::Love(choice.clone()),
        Decision::Cleaner { card, .. } => Pending::Cleaner { card: *card },
        Decision::Assistant { card, .. } => Pending::Assistant { card: *card },
        Decision::Sales { card, .. } => Pending::Sales { card: *card },
        Decision::DirectorTarget { card, .. } => Pending::DirectorTarget { card: *card },
        Decision::DirectorDiscard { card, target } => Pending::DirectorDiscard {
            card: *card,
            target: *target,
        },
        Decision::Operator { card } => Pending::Operator {
            card: *card,
            drawn: Card::Spy,
            knew: vec![false; seats],
        },
    }
}

impl Office21 {
    /// Pairs the face-down BOSSes and SECRETARYs (but the card of an owner
    /// still choosing whom it loves), in seat and office order.
    fn settle_pairs(&mut self) {
        let chooser = match &self.stage {
            Stage::SetUp {
                love: Some(LoveChoice { card, .. }),
                ..
            }
            | Stage::Turn {
                pending: Pending::Love(LoveChoice { card, .. }),
                ..
            } => Some(*card),
            _ => None,
        };
        let down = |kind: Card| -> Vec<_> {
            self.in_play()
                .filter(|(_, c)| c.card == kind && !c.face_up && Some(c.id) != chooser)
                .map(|(_, c)| c.id)
                .collect()
        };
        let pairs: Vec<_> = down(Card::Boss)
            .into_iter()
            .zip(down(Card::Secretary))
            .collect();
        self.love = pairs;
    }

    fn set_operator_card(&mut self, card: Card) {
        if let Stage::Turn {
            pending: Pending::Operator { drawn, .. },
            ..
        } = &mut self.stage
        {
            *drawn = card;
        }
    }
}

/// The cards of the game no part of the view shows.
struct Unseen {
    cards: Vec<Card>,
}

impl Unseen {
    fn new() -> Self {
        Unseen {
            cards: cards::full_deck(),
        }
    }

    fn remove(&mut self, card: Card) -> Result<(), SampleError> {
        let at = self
            .cards
            .iter()
            .position(|&c| c == card)
            .ok_or_else(|| SampleError(format!("more {card:?} cards than the game has")))?;
        self.cards.swap_remove(at);
        Ok(())
    }

    /// The unseen cards shuffled; with `set_up`, the TAXMANs apart (they
    /// can only be in the pile then).
    fn shuffled(mut self, chance: &mut dyn Chance, set_up: bool) -> (Vec<Card>, Vec<Card>) {
        let mut taxmen = Vec::new();
        if set_up {
            self.cards.retain(|&c| {
                let taxman = c == Card::Taxman;
                if taxman {
                    taxmen.push(c);
                }
                !taxman
            });
        }
        chance.shuffle(&mut self.cards);
        (self.cards, taxmen)
    }
}
