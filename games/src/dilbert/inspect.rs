//! What tests need to look inside a game: a census of every component,
//! where the secrets are (for the non-interference harness), and a way to
//! stage a situation directly.

use cubicle_protocol::dilbert::{Employee, MemoId, SpaceId, Token, SIGNATURE_TOKENS};
use cubicle_protocol::Seat;

use super::content::{self, MEMO_COUNT, PROJECT_COUNT, WORK_TOKENS};
use super::{tokens, Dilbert, Pending, Stage, TokenAt, TurnStep};
use crate::testing::Secrets;
use crate::Viewer;

/// A place that may hold a memo hidden from someone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MemoPlace {
    Hand { seat: Seat, at: usize },
    Deck { at: usize },
    ConsultantDeck { at: usize },
}

/// Stands in for a card the viewer may not see.
const UNSEEN: u8 = u8::MAX;

impl Dilbert {
    /// Panics unless every component is somewhere exactly once: 70 memos,
    /// 26 projects, 17 work tokens, 15 signatures, 18 consultants.
    pub fn assert_accounted(&self) {
        let mut memos: Vec<MemoId> = self.memo_deck.iter().copied().collect();
        memos.extend(self.out_tray.iter().map(|&(m, ..)| m));
        for h in &self.hires {
            memos.extend(&h.hand);
        }
        memos.sort_unstable();
        assert!(
            memos.iter().copied().eq(0..MEMO_COUNT as u8),
            "memos: {memos:?}"
        );

        let mut projects: Vec<u8> = self.projects.iter().map(|s| s.project).collect();
        projects.extend(self.schedule);
        projects.extend(&self.project_deck);
        projects.extend(&self.project_discard);
        projects.sort_unstable();
        assert!(
            projects.iter().copied().eq(0..PROJECT_COUNT as u8),
            "projects: {projects:?}"
        );

        let placed: u8 = self.projects.iter().map(|s| s.signed.len() as u8).sum();
        assert_eq!(
            placed + self.signatures_left,
            SIGNATURE_TOKENS,
            "signatures"
        );

        if !self.hires.is_empty() {
            let mut work = 0u8;
            for e in Employee::ALL {
                let printed = content::printed(e).work_tokens;
                match self.seat_of(e) {
                    None => work += printed,
                    Some(seat) => {
                        let on: u8 = self
                            .projects
                            .iter()
                            .map(|s| s.team.iter().filter(|&&t| t == e).count() as u8)
                            .sum();
                        assert_eq!(
                            on + self.hire(seat).free_work,
                            printed,
                            "{e:?}'s work tokens"
                        );
                        work += on + self.hire(seat).free_work;
                    }
                }
            }
            assert_eq!(work, WORK_TOKENS);
        }
        let mut consultants: Vec<u8> = self.consultant_deck.iter().copied().collect();
        consultants.extend(self.consultant);
        consultants.sort_unstable();
        assert!(consultants
            .iter()
            .copied()
            .eq(0..content::CONSULTANT_COUNT as u8));

        // Tokens: never more in play than the box holds, each where its
        // kind may be: Ted on a hall square nobody stands on, the sign and
        // Donuts on offices, the rest on employees in play.
        let map = self.map();
        for token in [
            Token::Donut,
            Token::OutOfOrder,
            Token::Todd,
            Token::Ted,
            Token::FamilyPortrait,
            Token::PlasticPlant,
        ] {
            let placed: Vec<TokenAt> = self
                .tokens
                .iter()
                .filter(|(t, _)| *t == token)
                .map(|&(_, at)| at)
                .collect();
            assert!(
                placed.len() <= tokens::in_box(token),
                "{token:?}: {placed:?}"
            );
            for at in placed {
                match (token, at) {
                    (Token::Ted, TokenAt::Space(space)) => {
                        assert!(map.is_hall(space), "Ted stands in the halls");
                        assert!(
                            self.hires.iter().all(|h| h.at != space),
                            "nobody stands on Ted's square"
                        );
                    }
                    (Token::Donut | Token::OutOfOrder, TokenAt::Space(space)) => {
                        assert!(!map.is_hall(space), "{token:?} sits in an office")
                    }
                    (
                        Token::Todd | Token::FamilyPortrait | Token::PlasticPlant,
                        TokenAt::Employee(e),
                    ) => assert!(
                        self.seat_of(e).is_some(),
                        "{token:?} on an employee in play"
                    ),
                    (token, at) => panic!("{token:?} cannot be at {at:?}"),
                }
            }
        }
    }

    /// Rounds started so far.
    pub fn round(&self) -> u16 {
        self.round
    }

    /// `seat`'s place in turn order: 0 for the first player.
    pub fn turn_position(&self, seat: Seat) -> usize {
        let seats = self.seat_count();
        (usize::from(seat) + seats - usize::from(self.first_player)) % seats
    }

    /// The Boss's place on the track.
    pub fn boss(&self) -> i8 {
        self.boss
    }

    /// Puts `seat`'s piece on `space` (standing), for staging a situation.
    pub fn teleport(&mut self, seat: Seat, space: SpaceId) {
        let hire = self.hire_mut(seat);
        hire.at = space;
        hire.down = false;
    }

    /// Sets `seat`'s happiness, for staging a situation.
    pub fn set_happiness(&mut self, seat: Seat, happiness: i8) {
        self.hire_mut(seat).happiness = happiness;
    }

    /// Queues die rolls before random ones.
    pub fn script_dice(&mut self, dice: &[u8]) {
        self.dice.extend(dice);
    }

    /// The seat playing `employee`.
    pub fn seat_playing(&self, employee: Employee) -> Option<Seat> {
        self.seat_of(employee)
    }

    /// The card at `place`.
    pub fn card_at(&mut self, place: MemoPlace) -> u8 {
        *self.slot(place)
    }

    fn peeking(&self) -> Option<(Seat, usize)> {
        match &self.stage {
            Stage::Turn {
                seat,
                step: TurnStep::Decide(Pending::KeepMemo { memos }),
            } => Some((*seat, memos.len())),
            _ => None,
        }
    }

    fn hidden_places(&self, viewer: Viewer) -> Vec<MemoPlace> {
        let mut places = Vec::new();
        for (seat, h) in self.hires.iter().enumerate() {
            if viewer.seat() == Some(seat as Seat) || h.shown {
                continue;
            }
            places.extend((0..h.hand.len()).map(|at| MemoPlace::Hand {
                seat: seat as Seat,
                at,
            }));
        }
        let seen = match self.peeking() {
            Some((seat, n)) if viewer.seat() == Some(seat) => n,
            _ => 0,
        };
        places.extend((seen..self.memo_deck.len()).map(|at| MemoPlace::Deck { at }));
        places.extend((0..self.consultant_deck.len()).map(|at| MemoPlace::ConsultantDeck { at }));
        places
    }

    fn slot(&mut self, place: MemoPlace) -> &mut u8 {
        match place {
            MemoPlace::Hand { seat, at } => &mut self.hires[usize::from(seat)].hand[at],
            MemoPlace::Deck { at } => &mut self.memo_deck[at],
            MemoPlace::ConsultantDeck { at } => &mut self.consultant_deck[at],
        }
    }
}

impl Secrets for Dilbert {
    type Secret = MemoPlace;

    fn hidden_from(&self, viewer: Viewer) -> Vec<MemoPlace> {
        self.hidden_places(viewer)
    }

    fn swap(&mut self, a: MemoPlace, b: MemoPlace) -> bool {
        let consultant = |p: MemoPlace| matches!(p, MemoPlace::ConsultantDeck { .. });
        if consultant(a) != consultant(b) {
            return false;
        }
        let (x, y) = (*self.slot(a), *self.slot(b));
        if x == y {
            return false;
        }
        *self.slot(a) = y;
        *self.slot(b) = x;
        // The peek lists the top of the deck: keep it in step.
        if let Stage::Turn {
            step: TurnStep::Decide(Pending::KeepMemo { memos }),
            ..
        } = &mut self.stage
        {
            let top: Vec<u8> = self.memo_deck.iter().take(memos.len()).copied().collect();
            *memos = top;
        }
        true
    }

    fn masked(&self, viewer: Viewer) -> Dilbert {
        let mut masked = self.clone();
        for place in self.hidden_places(viewer) {
            *masked.slot(place) = UNSEEN;
        }
        // Hands are shown sorted: their order is not a secret.
        for h in &mut masked.hires {
            h.hand.sort_unstable();
        }
        if let Stage::Turn {
            step: TurnStep::Decide(Pending::KeepMemo { memos }),
            seat,
        } = &mut masked.stage
        {
            if viewer.seat() != Some(*seat) {
                memos.iter_mut().for_each(|m| *m = UNSEEN);
            }
        }
        masked
    }
}
