//! Another game in the same room (docs/fairness.md, "Play again").
//!
//! Once a game is over, any of its players (or the host) offers the same
//! seats a new game. The finished game moves into the room's past games
//! with its whole record, the room draws a new server seed and publishes
//! its commitment, and the lobby opens again with every person's seat
//! pending. Each person accepts, adding a fresh contribution (sent after
//! the new commitment, so the server cannot steer the next deal), or
//! declines with `leave`, which frees the seat for anyone with the link.
//! When every seat is taken and none is pending, the game starts by itself.

use cubicle_protocol::record::PastGame;
use cubicle_protocol::{ErrorCode, RoomStatus};

use super::{checked_contribution, Refusal, Resync, Room};
use crate::fairness;
use crate::room::clock::Timer;
use crate::room::ConnId;
use crate::store::Write;

impl Room {
    /// `play_again`: the finished game is put away and the lobby opens for
    /// the next one.
    pub(super) async fn play_again(&mut self, conn: ConnId) -> Result<(), Refusal> {
        let c = &self.conns[&conn];
        if c.seat.is_none() && !c.host {
            return Err(Refusal::new(
                ErrorCode::NotSeated,
                "only the players and the host can offer another game",
            ));
        }
        if self.status != RoomStatus::Finished {
            return Err(Refusal::new(
                ErrorCode::GameNotOver,
                "the game is not over yet",
            ));
        }
        // The past game is kept as its record, which is made from the store:
        // every action is there (each was durable before anyone saw it), and
        // the end must be too.
        self.save_finish_if_needed().await;
        if !self.finish_saved {
            return Err(Refusal::internal());
        }
        let stored = match self.store.load_room(&self.id).await {
            Ok(Some(stored)) => stored,
            Ok(None) => return Err(Refusal::internal()),
            Err(e) => {
                tracing::error!(room = %self.id, error = %e, "cannot read the finished game");
                return Err(Refusal::internal());
            }
        };
        // Replaying a long game is CPU work: off the async workers, so the
        // other rooms on this worker do not wait for it.
        let made = tokio::task::spawn_blocking(move || fairness::record(&stored))
            .await
            .map_err(|_| Refusal::internal())?;
        let record = made.map_err(|e| {
            tracing::error!(room = %self.id, error = %e, "no record for the finished game");
            Refusal::internal()
        })?;
        let outcome = record.outcome.clone().ok_or_else(Refusal::internal)?;
        let players = record.players.clone();
        let seed = crate::ids::new_seed();
        let at_ms = self.wall.now_ms();
        let saved = self
            .store
            .write(Write::Rematch {
                room_id: self.id.clone(),
                number: self.game_number,
                players: players.clone(),
                record: Box::new(record),
                seed,
                at_ms,
            })
            .await;
        if let Err(e) = saved {
            return Err(self.store_failed(e, Resync::Nothing));
        }
        self.past.push(PastGame {
            number: self.game_number,
            players,
            outcome,
            finished_at: self.finished_at.unwrap_or(at_ms),
        });
        self.game_number += 1;
        self.seed = seed;
        self.game_seed = seed;
        self.status = RoomStatus::Lobby;
        self.game = None;
        self.finish_saved = false;
        self.finished_at = None;
        self.timer = Timer::new(self.timer.clock());
        self.bot_stuck = None;
        self.waiting.clear();
        for o in self.seats.iter_mut().flatten() {
            if o.player.human {
                o.pending = true;
                o.contribution.clear();
                o.player.bot = None;
            }
        }
        tracing::info!(room = %self.id, game = self.game_number, "another game offered");
        Ok(())
    }

    /// `accept`: the seat's person is in for the next game. Accepting twice
    /// changes nothing.
    pub(super) async fn accept(
        &mut self,
        conn: ConnId,
        contribution: Option<&str>,
    ) -> Result<(), Refusal> {
        let seat = self.conns[&conn]
            .seat
            .ok_or_else(|| Refusal::new(ErrorCode::NotSeated, "you have no seat to accept for"))?;
        if self.status != RoomStatus::Lobby {
            return Err(Refusal::new(
                ErrorCode::AlreadyStarted,
                "the game has already started",
            ));
        }
        let contribution = checked_contribution(contribution)?;
        if !self.occupant(seat).is_some_and(|o| o.pending) {
            return Ok(());
        }
        let saved = self
            .store
            .write(Write::Accept {
                room_id: self.id.clone(),
                seat,
                contribution: contribution.clone(),
            })
            .await;
        if let Err(e) = saved {
            return Err(self.store_failed(e, Resync::Nothing));
        }
        if let Some(o) = self.seats[usize::from(seat)].as_mut() {
            o.pending = false;
            o.contribution = contribution;
        }
        tracing::info!(room = %self.id, seat, "next game accepted");
        Ok(())
    }

    /// After a rematch, starts the game as soon as every seat is taken and
    /// no one is still deciding. (The first game waits for the host.)
    pub(super) async fn start_when_all_accepted(&mut self) {
        let ready = self.status == RoomStatus::Lobby
            && self.game_number > 1
            && self
                .seats
                .iter()
                .all(|o| o.as_ref().is_some_and(|o| !o.pending));
        if !ready {
            return;
        }
        if let Err(refusal) = self.begin().await {
            tracing::warn!(room = %self.id, message = %refusal.message, "the next game could not start");
        }
    }

    /// The room's finished games, oldest first, the current one included
    /// once it is over.
    pub(super) fn history(&self) -> Vec<PastGame> {
        let mut history = self.past.clone();
        let current = self.game.as_ref().and_then(|g| g.table.outcome());
        if let (Some(outcome), RoomStatus::Finished) = (current, self.status) {
            history.push(PastGame {
                number: self.game_number,
                players: self
                    .seats
                    .iter()
                    .map(|o| o.as_ref().map(|o| o.name.clone()).unwrap_or_default())
                    .collect(),
                outcome,
                finished_at: self.finished_at.unwrap_or_default(),
            });
        }
        history
    }
}
