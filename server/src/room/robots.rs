//! Computer players inside a room: how a bot's decision is computed off the
//! room's task and comes back to it.
//!
//! The room asks for one decision at a time ([`Thinking`]): the seat's
//! [`BotTask`] (its view and legal actions, and the bot) runs on tokio's
//! blocking pool after a short pause for the people watching, and its
//! answer returns as a [`BotMove`] on the room's channel. The room then
//! plays it through the same validate-commit-broadcast path as a person's
//! action, unless the game moved on meanwhile (the answer is then stale
//! and the bot is asked again). Nothing here is needed to replay a game:
//! the log holds the bots' actions like anyone's.

use std::time::Duration;

use cubicle_games::BotTask;
use cubicle_protocol::{BotLevel, Seat};
use serde_json::Value;
use sha2::{Digest, Sha256};
use tokio::sync::mpsc;

/// Bots' answers waiting for their room; a room has one question out at a
/// time, so this is never full.
pub const MOVES_QUEUE: usize = 4;

/// Client action ids starting with this are bots' (`bot:<action number>`);
/// clients may not use it.
pub const BOT_ID_PREFIX: &str = "bot:";

/// The bot that stands in for an away player when their clock runs out.
pub const STAND_IN_LEVEL: BotLevel = BotLevel::Easy;

/// How bots behave in every room.
#[derive(Debug, Clone, Copy)]
pub struct BotSettings {
    /// Pause before a bot's action, so that people can follow the game.
    pub delay: Duration,
    /// Longest a hard bot thinks about one decision.
    pub think: Duration,
}

impl Default for BotSettings {
    fn default() -> Self {
        BotSettings {
            delay: Duration::from_millis(800),
            think: Duration::from_millis(300),
        }
    }
}

/// A decision being computed: for `seat`, after `actions` actions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Thinking {
    pub seat: Seat,
    pub actions: u64,
}

/// A bot's answer, back on its room's channel.
#[derive(Debug)]
pub struct BotMove {
    pub asked: Thinking,
    /// `None` if the bot had no action or failed.
    pub action: Option<Value>,
}

/// Runs `task` on the blocking pool after `delay`, and sends its answer to
/// the room. A room that has stopped meanwhile just never hears it.
pub fn think(task: BotTask, asked: Thinking, delay: Duration, room: mpsc::Sender<BotMove>) {
    tokio::spawn(async move {
        tokio::time::sleep(delay).await;
        let action = match tokio::task::spawn_blocking(task).await {
            Ok(action) => action,
            Err(e) => {
                tracing::error!(seat = asked.seat, error = %e, "a bot failed to decide");
                None
            }
        };
        let _ = room.send(BotMove { asked, action }).await;
    });
}

/// The bot's own random stream for one decision: derived from the room's
/// seed, so a bot's choices are reproducible, yet telling nothing of the
/// seed itself (SHA-256 cannot be run backwards).
pub fn bot_seed(room_seed: &[u8; 32], asked: Thinking) -> [u8; 32] {
    let mut hash = Sha256::new();
    hash.update(b"cubicle bot");
    hash.update(room_seed);
    hash.update(asked.actions.to_le_bytes());
    hash.update([asked.seat]);
    hash.finalize().into()
}

/// The name a bot's own seat shows: "Easy bot 3" (seats counted from 1).
pub fn bot_name(level: BotLevel, seat: Seat) -> String {
    let name = level.name();
    let mut letters = name.chars();
    let capital: String = letters
        .next()
        .into_iter()
        .flat_map(char::to_uppercase)
        .collect();
    format!("{capital}{} bot {}", letters.as_str(), u16::from(seat) + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bots_are_named_by_level_and_seat() {
        assert_eq!(bot_name(BotLevel::Easy, 2), "Easy bot 3");
        assert_eq!(bot_name(BotLevel::Hard, 0), "Hard bot 1");
    }

    #[test]
    fn each_decision_has_its_own_seed() {
        let room = [7; 32];
        let a = bot_seed(
            &room,
            Thinking {
                seat: 1,
                actions: 4,
            },
        );
        assert_ne!(
            a,
            bot_seed(
                &room,
                Thinking {
                    seat: 2,
                    actions: 4
                }
            )
        );
        assert_ne!(
            a,
            bot_seed(
                &room,
                Thinking {
                    seat: 1,
                    actions: 5
                }
            )
        );
        assert_ne!(
            a,
            bot_seed(
                &[8; 32],
                Thinking {
                    seat: 1,
                    actions: 4
                }
            )
        );
        assert_eq!(
            a,
            bot_seed(
                &room,
                Thinking {
                    seat: 1,
                    actions: 4
                }
            )
        );
    }
}
