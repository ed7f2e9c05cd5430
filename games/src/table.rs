//! The type-erased face of a game, for the server.
//!
//! The room actor holds a `Box<dyn Table>` and never names a game's types:
//! actions arrive as JSON, views and events leave as JSON text. A [`Table`]
//! also keeps the game's event history, numbered from 1, so that the server
//! can send any viewer the log as that viewer may see it.
//!
//! An action goes through in two steps, so that nothing changes before the
//! server has made it durable: [`Table::stage`] checks it and applies it to a
//! copy of the game state (never of the event history), and
//! [`Table::commit`] swaps the copy in. Rules code runs inside a panic
//! boundary: a bug in a game refuses one action instead of taking the room
//! down.

use std::any::Any;
use std::panic::{catch_unwind, AssertUnwindSafe};

use cubicle_protocol::record::Revealed;
use cubicle_protocol::{EventSeq, Outcome, Seat};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use serde_json::Value;

use crate::bots::{Bot, BotGame};
use crate::engine::Deadline;
use crate::{Chance, Game, RuleError, Viewer};

/// A bot's decision for one seat, ready to run anywhere (the server runs it
/// on a blocking pool): it holds the seat's view and legal actions, copied
/// out of the game, and the bot; it returns the chosen action as JSON, or
/// `None` if the seat had nothing to do.
pub type BotTask = Box<dyn FnOnce() -> Option<Value> + Send>;

/// How an [`Engine`] of a game bots can play makes a [`BotTask`].
type BotMaker<G> = fn(&G, Seat, Bot) -> BotTask;

/// Why an action was refused. Nothing changed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ActError {
    /// The JSON is not an action of this game.
    #[error("not an action of this game: {0}")]
    BadAction(String),
    #[error(transparent)]
    Rule(#[from] RuleError),
    /// The rules panicked on this action: a bug in the game, not a move the
    /// player got wrong. The message is the panic's.
    #[error("the rules failed on this action: {0}")]
    Panicked(String),
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

/// An accepted action, applied to a copy of the game, waiting for
/// [`Table::commit`]. Dropping it abandons the action.
pub struct Staged {
    applied: Applied,
    /// The game as it will be, with the new events (a game-specific type).
    next: Box<dyn Any + Send>,
}

impl Staged {
    pub fn applied(&self) -> &Applied {
        &self.applied
    }
}

/// A running game of any kind. See [`crate::Game`] for the guarantees.
pub trait Table: Send + Sync {
    /// Game identifier (`"osaki"`, `"office21"`).
    fn game(&self) -> &'static str;
    fn seats(&self) -> usize;
    /// [`Game::board`] as JSON text.
    fn board_json(&self) -> Box<RawValue>;
    /// `bot`'s decision for `seat`, to run off the caller's task; `None`
    /// for a game bots cannot play. The task sees exactly what a person in
    /// the seat receives: its view and legal actions.
    fn bot_task(&self, seat: Seat, bot: Bot) -> Option<BotTask>;
    fn to_act(&self) -> Vec<Seat>;
    /// What `seat` may do now, as one JSON array.
    fn legal_json(&self, seat: Seat) -> Box<RawValue>;
    /// The state as `viewer` may see it, as JSON text.
    fn view_json(&self, viewer: Viewer) -> Box<RawValue>;
    /// Checks an action and applies it to a copy of the game state, or
    /// refuses it. Either way the table is unchanged; a panic in the rules
    /// becomes [`ActError::Panicked`].
    fn stage(
        &self,
        seat: Seat,
        action: &Value,
        chance: &mut dyn Chance,
    ) -> Result<Staged, ActError>;
    /// Makes a staged action part of the game. `staged` must come from this
    /// table's `stage` with nothing committed in between.
    fn commit(&mut self, staged: Staged);
    /// Number of the last event (0 before any).
    fn last_seq(&self) -> EventSeq;
    /// Event `seq` as `viewer` may see it, as JSON text; `None` if the
    /// viewer may see nothing of it or no such event exists.
    fn event_json(&self, seq: EventSeq, viewer: Viewer) -> Option<Box<RawValue>>;
    /// `recorded`, an event as a game record holds it, in today's wire form:
    /// read as one of the game's events and written again. A record made
    /// when the same events had another form (an Osaki tile was an object
    /// before 2026-12-05) then compares equal to its replay. JSON that is no
    /// event of this game comes back as it is.
    fn current_form(&self, recorded: &Value) -> Value;
    fn outcome(&self) -> Option<Outcome>;
    /// The rules' own deadline on the current state, if any
    /// ([`crate::Game::deadline`]), its action as JSON.
    fn deadline(&self) -> Option<Deadline<Value>>;
    /// The action the room takes for `seat` when its turn clock runs out
    /// ([`crate::Game::timeout_action`]), as JSON.
    fn timeout_action(&self, seat: Seat, chance: &mut dyn Chance) -> Option<Value>;
    /// Everything hidden from some viewer now, in words
    /// ([`crate::Game::reveal`]): for replays of finished games only,
    /// never sent while the game is played.
    fn revealed(&self) -> Vec<Revealed>;

    /// Stages and commits at once: for replays and tests, where nothing
    /// must happen in between.
    fn apply(
        &mut self,
        seat: Seat,
        action: &Value,
        chance: &mut dyn Chance,
    ) -> Result<Applied, ActError> {
        let staged = self.stage(seat, action, chance)?;
        let applied = staged.applied.clone();
        self.commit(staged);
        Ok(applied)
    }

    /// [`Table::board_json`] as a value, for inspection.
    fn board(&self) -> Value {
        to_value(&self.board_json())
    }

    /// [`Table::legal_json`] as values, for a caller that picks one.
    fn legal(&self, seat: Seat) -> Vec<Value> {
        serde_json::from_str(self.legal_json(seat).get()).expect("legal actions are a JSON array")
    }

    /// [`Table::view_json`] as a value, for inspection.
    fn view(&self, viewer: Viewer) -> Value {
        to_value(&self.view_json(viewer))
    }

    /// [`Table::event_json`] as a value, for inspection.
    fn event(&self, seq: EventSeq, viewer: Viewer) -> Option<Value> {
        self.event_json(seq, viewer).map(|raw| to_value(&raw))
    }
}

/// A [`Game`] with its event history: the one implementation of [`Table`].
#[derive(Debug, Clone)]
pub struct Engine<G: Game> {
    game_id: &'static str,
    game: G,
    events: Vec<G::Event>,
    bots: Option<BotMaker<G>>,
}

/// What [`Engine::stage`] puts in a [`Staged`].
struct Next<G: Game> {
    game: G,
    events: Vec<G::Event>,
}

impl<G: Game> Engine<G> {
    pub fn new(game_id: &'static str, game: G, start_events: Vec<G::Event>) -> Self {
        Self {
            game_id,
            game,
            events: start_events,
            bots: None,
        }
    }

    /// This engine's seats can be played by bots.
    pub fn with_bots(mut self) -> Self
    where
        G: BotGame,
    {
        self.bots = Some(bot_task::<G>);
        self
    }

    pub fn game(&self) -> &G {
        &self.game
    }

    pub fn events(&self) -> &[G::Event] {
        &self.events
    }

    /// The rules' part of staging, inside the panic boundary: check, copy,
    /// apply to the copy.
    fn play_on_copy(
        &self,
        seat: Seat,
        action: &G::Action,
        chance: &mut dyn Chance,
    ) -> Result<Next<G>, ActError> {
        // `check` sees `&self.game` only, and `apply` changes only the copy,
        // which a panic drops: nothing a panic interrupts is ever used again,
        // so asserting unwind safety is sound.
        let outcome = catch_unwind(AssertUnwindSafe(|| {
            let checked = self.game.check(seat, action)?;
            let mut game = self.game.clone();
            let events = game.apply(checked, chance);
            Ok::<_, RuleError>(Next { game, events })
        }));
        match outcome {
            Ok(result) => Ok(result?),
            Err(payload) => Err(ActError::Panicked(panic_message(payload.as_ref()))),
        }
    }
}

/// The text a panic was raised with, when it has one.
fn panic_message(payload: &(dyn Any + Send)) -> String {
    if let Some(text) = payload.downcast_ref::<&str>() {
        (*text).to_owned()
    } else if let Some(text) = payload.downcast_ref::<String>() {
        text.clone()
    } else {
        "a panic without a message".to_owned()
    }
}

/// A [`BotTask`] for `seat` of `game`: the seat's view and legal actions,
/// and nothing else, go with the bot.
fn bot_task<G: BotGame>(game: &G, seat: Seat, mut bot: Bot) -> BotTask {
    let view = game.view(Viewer::Seat(seat));
    let legal = game.legal(seat);
    Box::new(move || {
        bot.choose::<G>(seat, &view, &legal)
            .map(|action| serde_json::to_value(action).expect("actions serialize to JSON"))
    })
}

pub(crate) fn to_json_text(value: impl Serialize) -> Box<RawValue> {
    // Game types are plain data (no maps with non-string keys, no failing
    // Serialize impls), so serialization cannot fail.
    serde_json::value::to_raw_value(&value).expect("game data serializes to JSON")
}

fn to_value(raw: &RawValue) -> Value {
    serde_json::from_str(raw.get()).expect("JSON text parses")
}

impl<G: Game> Table for Engine<G> {
    fn game(&self) -> &'static str {
        self.game_id
    }

    fn seats(&self) -> usize {
        self.game.seats()
    }

    fn board_json(&self) -> Box<RawValue> {
        to_json_text(self.game.board())
    }

    fn bot_task(&self, seat: Seat, bot: Bot) -> Option<BotTask> {
        self.bots.map(|make| make(&self.game, seat, bot))
    }

    fn to_act(&self) -> Vec<Seat> {
        self.game.to_act()
    }

    fn legal_json(&self, seat: Seat) -> Box<RawValue> {
        to_json_text(self.game.legal(seat))
    }

    fn view_json(&self, viewer: Viewer) -> Box<RawValue> {
        to_json_text(self.game.view(viewer))
    }

    fn stage(
        &self,
        seat: Seat,
        action: &Value,
        chance: &mut dyn Chance,
    ) -> Result<Staged, ActError> {
        let parsed =
            G::Action::deserialize(action).map_err(|e| ActError::BadAction(e.to_string()))?;
        let next = self.play_on_copy(seat, &parsed, chance)?;
        let first = self.last_seq() + 1;
        let last = self.last_seq() + next.events.len() as EventSeq;
        Ok(Staged {
            applied: Applied {
                action: serde_json::to_value(&parsed).expect("actions serialize to JSON"),
                events: first..=last,
            },
            next: Box::new(next),
        })
    }

    fn commit(&mut self, staged: Staged) {
        assert_eq!(
            *staged.applied.events.start(),
            self.last_seq() + 1,
            "a staged action is committed onto the table it was staged from"
        );
        let next = staged
            .next
            .downcast::<Next<G>>()
            .expect("a staged action is committed onto a table of its game");
        self.game = next.game;
        self.events.extend(next.events);
    }

    fn last_seq(&self) -> EventSeq {
        self.events.len() as EventSeq
    }

    fn event_json(&self, seq: EventSeq, viewer: Viewer) -> Option<Box<RawValue>> {
        let index = usize::try_from(seq.checked_sub(1)?).ok()?;
        let event = self.events.get(index)?;
        G::event_view(event, viewer).map(to_json_text)
    }

    fn current_form(&self, recorded: &Value) -> Value {
        G::EventView::deserialize(recorded)
            .ok()
            .and_then(|event| serde_json::to_value(event).ok())
            .unwrap_or_else(|| recorded.clone())
    }

    fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }

    fn deadline(&self) -> Option<Deadline<Value>> {
        self.game.deadline().map(|d| Deadline {
            after_ms: d.after_ms,
            seat: d.seat,
            action: serde_json::to_value(d.action).expect("actions serialize to JSON"),
        })
    }

    fn timeout_action(&self, seat: Seat, chance: &mut dyn Chance) -> Option<Value> {
        self.game
            .timeout_action(seat, chance)
            .map(|a| serde_json::to_value(a).expect("actions serialize to JSON"))
    }

    fn revealed(&self) -> Vec<Revealed> {
        self.game.reveal()
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::testing::fragile_table;
    use crate::SeededChance;

    #[test]
    fn a_panic_in_the_rules_is_a_refusal_that_changes_nothing() {
        let mut table = fragile_table(2);
        let chance = || SeededChance::new(&[1; 32], 1);
        table.apply(0, &json!("add"), &mut chance()).unwrap();
        let before = (
            table.view(Viewer::Spectator),
            table.last_seq(),
            table.to_act(),
        );

        let refused = table.stage(1, &json!("explode"), &mut chance());
        match refused {
            Err(ActError::Panicked(message)) => assert!(message.contains("planted bug")),
            Err(other) => panic!("expected a panic refusal, got {other}"),
            Ok(_) => panic!("a panicking action was staged"),
        }
        assert!(table.apply(1, &json!("explode"), &mut chance()).is_err());
        let after = (
            table.view(Viewer::Spectator),
            table.last_seq(),
            table.to_act(),
        );
        assert_eq!(after, before);

        // The table still plays.
        let applied = table.apply(1, &json!("add"), &mut chance()).unwrap();
        assert_eq!(applied.events, 2..=2);
        assert_eq!(table.view(Viewer::Spectator), json!(2));
    }

    #[test]
    fn a_staged_action_changes_nothing_until_it_is_committed() {
        let mut table = fragile_table(2);
        let staged = table
            .stage(0, &json!("add"), &mut SeededChance::new(&[1; 32], 1))
            .unwrap();
        assert_eq!(staged.applied().action, json!("add"));
        assert_eq!(staged.applied().events, 1..=1);
        assert_eq!(
            (table.last_seq(), table.view(Viewer::Seat(0))),
            (0, json!(0))
        );
        drop(staged);
        assert_eq!(
            table.to_act(),
            vec![0],
            "an abandoned stage leaves no trace"
        );

        let staged = table
            .stage(0, &json!("add"), &mut SeededChance::new(&[1; 32], 1))
            .unwrap();
        table.commit(staged);
        assert_eq!(
            (table.last_seq(), table.view(Viewer::Seat(0))),
            (1, json!(1))
        );
        assert_eq!(table.to_act(), vec![1]);
    }
}
