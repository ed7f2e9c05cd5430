//! The 44 employee cards: printed profits, copies, names and effects.

use cubicle_protocol::office21::{
    Board, Card, CardInfo, EndInfo, EndedBy, Profit, Victory, VictoryInfo,
};

/// Cards a hand is refilled to.
pub(super) const HAND_SIZE: usize = 3;

/// Cards in the game.
pub(super) const DECK_SIZE: usize = 44;

/// 21 million in half-millions.
pub(super) const TARGET: u16 = Profit::TWENTY_ONE.halves();

/// Printed profit in half-millions.
pub(super) fn value(card: Card) -> u16 {
    match card {
        Card::Spy | Card::Taxman => 0,
        Card::Cleaner => 1,
        Card::Operator => 2,
        Card::Assistant => 4,
        Card::Sales => 6,
        Card::Manager => 8,
        Card::Secretary => 12,
        Card::Director => 14,
        Card::Boss => 17,
    }
}

pub(super) fn copies(card: Card) -> u8 {
    match card {
        Card::Spy | Card::Manager => 5,
        Card::Cleaner | Card::Operator | Card::Sales => 6,
        Card::Assistant | Card::Director | Card::Taxman => 4,
        Card::Secretary | Card::Boss => 2,
    }
}

pub(super) fn name(card: Card) -> &'static str {
    match card {
        Card::Spy => "SPY",
        Card::Cleaner => "CLEANER",
        Card::Operator => "OPERATOR",
        Card::Assistant => "ASSISTANT",
        Card::Sales => "SALES",
        Card::Manager => "MANAGER",
        Card::Secretary => "SECRETARY",
        Card::Boss => "BOSS",
        Card::Director => "DIRECTOR",
        Card::Taxman => "TAXMAN",
    }
}

fn effect(card: Card) -> &'static str {
    match card {
        Card::Spy => {
            "Cannot be discarded from a hand by a DIRECTOR nor removed from play by a CLEANER. \
             Five SPYs in one office win at once (industrial espionage)."
        }
        Card::Cleaner => {
            "Remove a card from any office (not itself, not a SPY, not a DIRECTOR). In another \
             player's office you must choose a MANAGER if there is one."
        }
        Card::Operator => {
            "Look at the top card of the pile: show it and keep it, or put it back face down."
        }
        Card::Assistant => {
            "Take a card from your office back to your hand (not itself, not a DIRECTOR)."
        }
        Card::Sales => {
            "Swap this SALES for a card in another player's office (a MANAGER if there is one, \
             never a DIRECTOR, never pushing that player above 21 million)."
        }
        Card::Manager => {
            "A CLEANER or SALES aiming at another player's office must take a MANAGER there first."
        }
        Card::Secretary => {
            "Loves the BOSS: while a BOSS is in play, one SECRETARY and the BOSS are face down."
        }
        Card::Boss => {
            "Loves a SECRETARY (both face down). Only one BOSS may be in play: a second cannot \
             be played."
        }
        Card::Director => {
            "Secretly look at another player's hand and discard a card from it (not a SPY). \
             Cannot be targeted once in play."
        }
        Card::Taxman => {
            "Tax audit at the start of its holder's next turn: lowest profit wins. Only one \
             TAXMAN in play: a second discards the first."
        }
    }
}

/// The 44 cards in [`Card::ALL`] order.
pub(super) fn full_deck() -> Vec<Card> {
    Card::ALL
        .iter()
        .flat_map(|&card| std::iter::repeat_n(card, usize::from(copies(card))))
        .collect()
}

/// Victory conditions, highest rank first: name and congratulation.
const VICTORIES: [(Victory, &str, &str); 5] = [
    (
        Victory::IndustrialEspionage,
        "Industrial espionage",
        "All five spies report to you. The competition never stood a chance.",
    ),
    (
        Victory::SuccessfulOperations,
        "Successful operations",
        "Exactly 21 million, right on target. The board admires such a steady hand.",
    ),
    (
        Victory::CreativeAccounting,
        "Creative accounting",
        "The auditors found nothing worth taxing. Your lean books saved the company a fortune.",
    ),
    (
        Victory::LargeProfits,
        "Large profits",
        "The order books ran dry, yet your department still topped the charts. Well run!",
    ),
    (
        Victory::StrategicManagement,
        "Strategic management",
        "Everyone else grew too big and was promoted out of the company. It is all yours now.",
    ),
];

const ENDS: [(EndedBy, &str); 6] = [
    (EndedBy::IndustrialEspionage, "Industrial espionage"),
    (EndedBy::SuccessfulOperations, "Successful operations"),
    (EndedBy::TaxAudit, "Tax audit"),
    (EndedBy::FullEmployment, "Full employment"),
    (EndedBy::Stalemate, "Stalemate"),
    (EndedBy::RecordBreakingProfits, "Record-breaking profits"),
];

pub(super) fn board() -> Board {
    Board {
        victories: VICTORIES
            .iter()
            .map(|&(victory, name, congratulation)| VictoryInfo {
                victory,
                name: name.to_owned(),
                congratulation: congratulation.to_owned(),
            })
            .collect(),
        ends: ENDS
            .iter()
            .map(|&(ended_by, name)| EndInfo {
                ended_by,
                name: name.to_owned(),
            })
            .collect(),
        cards: Card::ALL
            .iter()
            .map(|&card| CardInfo {
                card,
                name: name(card).to_owned(),
                profit: Profit::from_halves(value(card)),
                copies: copies(card),
                effect: effect(card).to_owned(),
            })
            .collect(),
        target: Profit::TWENTY_ONE,
        hand_size: HAND_SIZE as u8,
        deck_size: DECK_SIZE as u8,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_deck_has_44_cards() {
        assert_eq!(full_deck().len(), DECK_SIZE);
        let total: u16 = full_deck().iter().map(|&c| value(c)).sum();
        // 5*0 + 6*0.5 + 6*1 + 4*2 + 6*3 + 5*4 + 2*6 + 2*8.5 + 4*7 + 4*0 = 112 M
        assert_eq!(total, 224);
    }
}
