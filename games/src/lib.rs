//! The rules of Cubicle's games.
//!
//! Every game is a pure state machine behind the [`Game`] trait: `legal` lists
//! what a seat may do, `apply` performs one action or refuses it without
//! changing anything, `view` shows the state as one viewer may see it. No I/O,
//! no clock: randomness arrives through a [`Chance`] so that a game replays
//! exactly from its seed and its list of actions.
//!
//! The server never names a game's types; it drives a [`Table`], the
//! type-erased face of any [`Game`], obtained from the [`catalog`].

pub mod answers;
pub mod bots;
pub mod catalog;
pub mod chance;
pub mod dilbert;
pub mod engine;
pub mod office21;
pub mod osaki;
pub mod table;
#[cfg(any(test, feature = "testing"))]
pub mod testing;

pub use chance::{Chance, SeededChance};
pub use engine::{Deadline, Game, PlayerProfile, RuleError, SetupError, Viewer};
pub use table::{ActError, Applied, BotTask, Staged, Table};
