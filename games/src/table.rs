//! The type-erased face of a game, for the server.
//!
//! The room actor holds a `Box<dyn Table>` and never names a game's types:
//! actions arrive as JSON, views and events leave as JSON. A [`Table`] also
//! keeps the game's event history, numbered from 1, so that the server can
//! send any viewer the log as that viewer may see it.

use cubicle_protocol::{EventSeq, Outcome, Seat};
use serde::Serialize;
use serde_json::Value;

use crate::engine::Deadline;
use crate::{Chance, Game, RuleError, Viewer};

/// Why an action was refused. Nothing changed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ActError {
    /// The JSON is not an action of this game.
    #[error("not an action of this game: {0}")]
    BadAction(String),
    #[error(transparent)]
    Rule(#[from] RuleError),
}

/// What an accepted action did.
#[derive(Debug, Clone, PartialEq)]
pub struct Applied {
    /// The action re-serialized from its parsed form: this, not the client's
    /// bytes, is what goes into the write-ahead log.
    pub action: Value,
    /// Numbers of the events the action produced.
    pub events: std::ops::RangeInclusive<EventSeq>,
}

/// A running game of any kind. See [`crate::Game`] for the guarantees.
pub trait Table: Send + Sync {
    /// Game identifier (`"osaki"`, `"office21"`).
    fn game(&self) -> &'static str;
    fn seats(&self) -> usize;
    fn board(&self) -> Value;
    fn to_act(&self) -> Vec<Seat>;
    fn legal(&self, seat: Seat) -> Vec<Value>;
    fn view(&self, viewer: Viewer) -> Value;
    /// Applies an action, or refuses it and changes nothing.
    fn apply(
        &mut self,
        seat: Seat,
        action: &Value,
        chance: &mut dyn Chance,
    ) -> Result<Applied, ActError>;
    /// Number of the last event (0 before any).
    fn last_seq(&self) -> EventSeq;
    /// Event `seq` as `viewer` may see it; `None` if the viewer may see
    /// nothing of it or no such event exists.
    fn event(&self, seq: EventSeq, viewer: Viewer) -> Option<Value>;
    fn outcome(&self) -> Option<Outcome>;
    /// The rules' own deadline on the current state, if any
    /// ([`crate::Game::deadline`]), its action as JSON.
    fn deadline(&self) -> Option<Deadline<Value>>;
    /// The action the room takes for `seat` when its turn clock runs out
    /// ([`crate::Game::timeout_action`]), as JSON.
    fn timeout_action(&self, seat: Seat, chance: &mut dyn Chance) -> Option<Value>;
    fn clone_box(&self) -> Box<dyn Table>;
}

impl Clone for Box<dyn Table> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

/// A [`Game`] with its event history: the one implementation of [`Table`].
#[derive(Debug, Clone)]
pub struct Engine<G: Game> {
    game_id: &'static str,
    game: G,
    events: Vec<G::Event>,
}

impl<G: Game> Engine<G> {
    pub fn new(game_id: &'static str, game: G, start_events: Vec<G::Event>) -> Self {
        Self {
            game_id,
            game,
            events: start_events,
        }
    }

    pub fn game(&self) -> &G {
        &self.game
    }

    pub fn events(&self) -> &[G::Event] {
        &self.events
    }
}

fn to_json(value: impl Serialize) -> Value {
    // Game types are plain data (no maps with non-string keys, no failing
    // Serialize impls), so serialization cannot fail.
    serde_json::to_value(value).expect("game data serializes to JSON")
}

impl<G: Game> Table for Engine<G> {
    fn game(&self) -> &'static str {
        self.game_id
    }

    fn seats(&self) -> usize {
        self.game.seats()
    }

    fn board(&self) -> Value {
        to_json(self.game.board())
    }

    fn to_act(&self) -> Vec<Seat> {
        self.game.to_act()
    }

    fn legal(&self, seat: Seat) -> Vec<Value> {
        self.game.legal(seat).into_iter().map(to_json).collect()
    }

    fn view(&self, viewer: Viewer) -> Value {
        to_json(self.game.view(viewer))
    }

    fn apply(
        &mut self,
        seat: Seat,
        action: &Value,
        chance: &mut dyn Chance,
    ) -> Result<Applied, ActError> {
        let parsed: G::Action = serde_json::from_value(action.clone())
            .map_err(|e| ActError::BadAction(e.to_string()))?;
        // Games promise to change nothing when they refuse; the copy makes
        // that hold at this boundary even if one day a game does not.
        let before = self.game.clone();
        match self.game.apply(seat, &parsed, chance) {
            Ok(new_events) => {
                let first = self.events.len() as EventSeq + 1;
                self.events.extend(new_events);
                Ok(Applied {
                    action: to_json(&parsed),
                    events: first..=self.events.len() as EventSeq,
                })
            }
            Err(e) => {
                self.game = before;
                Err(e.into())
            }
        }
    }

    fn last_seq(&self) -> EventSeq {
        self.events.len() as EventSeq
    }

    fn event(&self, seq: EventSeq, viewer: Viewer) -> Option<Value> {
        let index = usize::try_from(seq.checked_sub(1)?).ok()?;
        let event = self.events.get(index)?;
        G::event_view(event, viewer).map(to_json)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }

    fn deadline(&self) -> Option<Deadline<Value>> {
        self.game.deadline().map(|d| Deadline {
            after_ms: d.after_ms,
            seat: d.seat,
            action: to_json(d.action),
        })
    }

    fn timeout_action(&self, seat: Seat, chance: &mut dyn Chance) -> Option<Value> {
        self.game.timeout_action(seat, chance).map(to_json)
    }

    fn clone_box(&self) -> Box<dyn Table> {
        Box::new(self.clone())
    }
}
