//! Tokens that memos put into play: two Donuts and Out of Order on offices,
//! Ted on a hall square, Todd, the Family Portrait and the Plastic Plant on
//! employees. Ted, Todd and the sign go back in the box at the Boss's
//! turn; a Donut when eaten; the portrait and the plant stay to the end.

use cubicle_protocol::dilbert::{Employee, EventView, Office, SpaceId, Token, TokenPlace, Why};

use super::{Dilbert, TokenAt};

/// How many of each token the box holds.
pub fn in_box(token: Token) -> usize {
    match token {
        Token::Donut => 2,
        _ => 1,
    }
}

/// What eating a Donut gains.
pub const DONUT: i8 = 3;
/// The Family Portrait's and the Plastic Plant's final-count modifiers.
pub const PORTRAIT: i8 = 3;
pub const PLANT: i8 = -2;
/// How much less Todd's employee walks.
pub const TODD: u8 = 2;

impl Dilbert {
    /// Whether a `token` is still in the box.
    pub(super) fn token_free(&self, token: Token) -> bool {
        self.tokens.iter().filter(|(t, _)| *t == token).count() < in_box(token)
    }

    pub(super) fn place_token(&mut self, token: Token, at: TokenAt, events: &mut Vec<EventView>) {
        self.tokens.push((token, at));
        events.push(EventView::TokenPlaced {
            place: place_view(token, at),
        });
    }

    /// Where `token` stands on the map, if it does (the first, for Donuts).
    pub(super) fn token_space(&self, token: Token) -> Option<SpaceId> {
        self.tokens.iter().find_map(|&(t, at)| match at {
            TokenAt::Space(space) if t == token => Some(space),
            _ => None,
        })
    }

    /// Whether `token` sits on `employee`.
    pub(super) fn has_token(&self, employee: Employee, token: Token) -> bool {
        self.tokens
            .iter()
            .any(|&(t, at)| t == token && at == TokenAt::Employee(employee))
    }

    /// The spaces nobody may enter: Ted's hall square and the office behind
    /// the Out of Order sign (`SpaceId::MAX` when not in play).
    pub(super) fn closed_spaces(&self) -> [SpaceId; 2] {
        [
            self.token_space(Token::Ted).unwrap_or(SpaceId::MAX),
            self.token_space(Token::OutOfOrder).unwrap_or(SpaceId::MAX),
        ]
    }

    /// `employee` ended a move in `office`: a Donut there is eaten.
    pub(super) fn eat_donut(
        &mut self,
        employee: Employee,
        space: SpaceId,
        events: &mut Vec<EventView>,
    ) {
        let Some(i) = self
            .tokens
            .iter()
            .position(|&(t, at)| t == Token::Donut && at == TokenAt::Space(space))
        else {
            return;
        };
        self.tokens.remove(i);
        events.push(EventView::TokenReturned {
            token: Token::Donut,
        });
        self.gain(employee, DONUT, Why::Donut, events);
    }

    /// The Boss's turn: Ted goes home, Todd leaves, the sign comes down.
    pub(super) fn clear_round_tokens(&mut self, events: &mut Vec<EventView>) {
        let mut kept = Vec::with_capacity(self.tokens.len());
        for (token, at) in std::mem::take(&mut self.tokens) {
            if matches!(token, Token::Ted | Token::Todd | Token::OutOfOrder) {
                events.push(EventView::TokenReturned { token });
            } else {
                kept.push((token, at));
            }
        }
        self.tokens = kept;
    }

    /// Offices a Donut or the sign may go on: any but Heck (and, for a
    /// Donut, not a restroom), without the same token already.
    pub(super) fn token_offices(&self, token: Token) -> Vec<SpaceId> {
        let map = self.map();
        Office::ALL
            .iter()
            .filter(|&&office| match token {
                Token::Donut => {
                    !matches!(office, Office::Heck | Office::MensRoom | Office::WomensRoom)
                }
                _ => office != Office::Heck,
            })
            .map(|&office| map.space_of(office))
            .filter(|&space| self.token_space(token) != Some(space))
            .collect()
    }

    /// Hall squares Ted may stand on: in front of an office door, with
    /// nobody on them.
    pub(super) fn ted_squares(&self) -> Vec<SpaceId> {
        self.map()
            .doorsteps
            .iter()
            .copied()
            .filter(|&space| self.hires.iter().all(|h| h.at != space))
            .collect()
    }
}

pub fn place_view(token: Token, at: TokenAt) -> TokenPlace {
    match at {
        TokenAt::Space(space) => TokenPlace {
            token,
            at: Some(space),
            on: None,
        },
        TokenAt::Employee(employee) => TokenPlace {
            token,
            at: None,
            on: Some(employee),
        },
    }
}
