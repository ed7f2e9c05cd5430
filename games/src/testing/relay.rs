//! Relay: a tiny game for the server's tests of time, not in the catalog.
//!
//! It has the three shapes a clock must handle and nothing else:
//! * set-up, where every seat owes a `ready` at once (several seats time
//!   out together);
//! * turns, where the seat to play may `pass` (its timeout action) or
//!   `ask` the next seat;
//! * an answer window the rules close themselves: the asked seat may
//!   `answer` or `decline`, and [`Game::deadline`] declines for it after
//!   [`WINDOW_MS`].
//!
//! The game ends after [`Relay::TURNS`] turns; seat 0 wins.

use cubicle_protocol::record::Revealed;
use cubicle_protocol::{GameInfo, Outcome, Seat};
use serde::{Deserialize, Serialize};

use crate::engine::Deadline;
use crate::{Chance, Game, PlayerProfile, RuleError, SetupError, Viewer};

/// How long an asked seat has to answer before the rules decline for it.
pub const WINDOW_MS: u64 = 5_000;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RelayAction {
    Ready,
    Pass,
    Ask,
    Answer,
    Decline,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum Phase {
    /// `ready[s]`: seat `s` said ready.
    SetUp {
        ready: Vec<bool>,
    },
    Turn {
        seat: Seat,
    },
    /// `seat` was asked and owes an answer.
    Window {
        seat: Seat,
    },
    Over,
}

/// The whole state; it has no secrets, so it is also the view.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Relay {
    pub phase: Phase,
    pub turns: u32,
    seats: usize,
}

/// Who did what.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RelayEvent {
    pub seat: Seat,
    pub action: RelayAction,
}

impl Relay {
    pub const TURNS: u32 = 6;

    fn next(&self, seat: Seat) -> Seat {
        (seat + 1) % self.seats as Seat
    }

    /// Ends a turn or a window: the next turn is `seat`'s, unless the game
    /// is over.
    fn turn_to(&mut self, seat: Seat) {
        self.turns += 1;
        self.phase = if self.turns >= Self::TURNS {
            Phase::Over
        } else {
            Phase::Turn { seat }
        };
    }
}

impl Game for Relay {
    type Options = ();
    type Action = RelayAction;
    /// The seat and its action, found legal.
    type Checked = (Seat, RelayAction);
    type View = Relay;
    type Event = RelayEvent;
    type EventView = RelayEvent;
    type Board = ();

    const ID: &'static str = "relay";

    fn info() -> GameInfo {
        GameInfo {
            id: Self::ID.to_owned(),
            name: "Relay (test game)".to_owned(),
            min_seats: 2,
            max_seats: 4,
            join_questions: Vec::new(),
        }
    }

    fn validate_options(_: &(), _: usize) -> Result<(), SetupError> {
        Ok(())
    }

    fn start(
        players: &[PlayerProfile],
        options: &(),
        _: &mut dyn Chance,
    ) -> Result<(Self, Vec<RelayEvent>), SetupError> {
        Self::validate(options, players.len())?;
        let ready = vec![false; players.len()];
        let game = Relay {
            phase: Phase::SetUp { ready },
            turns: 0,
            seats: players.len(),
        };
        Ok((game, Vec::new()))
    }

    fn board(&self) {}

    fn to_act(&self) -> Vec<Seat> {
        match &self.phase {
            Phase::SetUp { ready } => (0..self.seats as Seat)
                .filter(|&s| !ready[usize::from(s)])
                .collect(),
            Phase::Turn { seat } | Phase::Window { seat } => vec![*seat],
            Phase::Over => Vec::new(),
        }
    }

    fn legal(&self, seat: Seat) -> Vec<RelayAction> {
        if !self.to_act().contains(&seat) {
            return Vec::new();
        }
        match self.phase {
            Phase::SetUp { .. } => vec![RelayAction::Ready],
            Phase::Turn { .. } => vec![RelayAction::Pass, RelayAction::Ask],
            Phase::Window { .. } => vec![RelayAction::Answer, RelayAction::Decline],
            Phase::Over => Vec::new(),
        }
    }

    fn check(&self, seat: Seat, action: &RelayAction) -> Result<(Seat, RelayAction), RuleError> {
        if self.phase == Phase::Over {
            return Err(RuleError::GameOver);
        }
        if !self.to_act().contains(&seat) {
            return Err(RuleError::NotYourTurn);
        }
        if !self.legal(seat).contains(action) {
            return Err(RuleError::Illegal(format!("{action:?} is not allowed now")));
        }
        Ok((seat, *action))
    }

    fn apply(
        &mut self,
        (seat, action): (Seat, RelayAction),
        _: &mut dyn Chance,
    ) -> Vec<RelayEvent> {
        match (&mut self.phase, action) {
            (Phase::SetUp { ready }, _) => {
                ready[usize::from(seat)] = true;
                if ready.iter().all(|&r| r) {
                    self.phase = Phase::Turn { seat: 0 };
                }
            }
            (Phase::Turn { .. }, RelayAction::Pass) => self.turn_to(self.next(seat)),
            (Phase::Turn { .. }, _) => {
                self.phase = Phase::Window {
                    seat: self.next(seat),
                }
            }
            (Phase::Window { .. }, _) => self.turn_to(seat),
            // `check` refuses every action once the game is over.
            (Phase::Over, _) => {}
        }
        vec![RelayEvent { seat, action }]
    }

    fn view(&self, _: Viewer) -> Relay {
        self.clone()
    }

    fn event_view(event: &RelayEvent, _: Viewer) -> Option<RelayEvent> {
        Some(event.clone())
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.phase == Phase::Over).then(|| Outcome {
            winners: vec![0],
            reason: "relay_done".to_owned(),
        })
    }

    fn seats(&self) -> usize {
        self.seats
    }

    /// Nothing is hidden: the state is its own view.
    fn reveal(&self) -> Vec<Revealed> {
        Vec::new()
    }

    fn deadline(&self) -> Option<Deadline<RelayAction>> {
        match self.phase {
            Phase::Window { seat } => Some(Deadline {
                after_ms: WINDOW_MS,
                seat,
                action: RelayAction::Decline,
            }),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chance::NoChance;
    use crate::testing::random_playout;
    use crate::SeededChance;

    #[test]
    fn only_the_answer_window_has_a_deadline_and_it_declines_for_the_asked_seat() {
        let (mut game, _) =
            Relay::start(&vec![PlayerProfile::default(); 3], &(), &mut NoChance).unwrap();
        for seat in 0..3 {
            assert_eq!(game.deadline(), None);
            game.play(seat, &RelayAction::Ready, &mut NoChance).unwrap();
        }
        assert_eq!(game.deadline(), None, "turns run on the room's clock only");
        game.play(0, &RelayAction::Ask, &mut NoChance).unwrap();
        let deadline = game.deadline().expect("the window closes by itself");
        assert_eq!((deadline.seat, deadline.action), (1, RelayAction::Decline));
        assert!(game.legal(1).contains(&deadline.action));
        game.play(1, &deadline.action, &mut NoChance).unwrap();
        assert_eq!(game.phase, Phase::Turn { seat: 1 });
    }

    #[test]
    fn random_games_keep_the_turn_contract_and_end() {
        for g in 0..50 {
            let (mut game, mut events) = Relay::start(
                &vec![PlayerProfile::default(); 2 + g % 3],
                &(),
                &mut NoChance,
            )
            .unwrap();
            let mut choices = SeededChance::new(&[3; 32], g as u64);
            random_playout(
                &mut game,
                &mut events,
                &mut choices,
                &mut NoChance,
                100,
                |_, _| {},
            );
            assert!(game.outcome().is_some(), "game {g} ended");
        }
    }
}
