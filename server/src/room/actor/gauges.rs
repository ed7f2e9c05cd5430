//! The room's share of the process-wide gauges (rooms by status, connections
//! by kind).
//!
//! Rather than adjusting a gauge at each place a connection takes a seat, a
//! status changes or a seat is renumbered, the actor counts what it holds
//! after every step and publishes the difference from what it published
//! last. A step that forgets to tell the gauges cannot exist.

use cubicle_protocol::RoomStatus;

use super::Room;
use crate::metrics as m;
use crate::store::status_str;

/// What this room last added to the gauges.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub(super) struct Published {
    status: Option<&'static str>,
    seats: usize,
    spectators: usize,
}

impl Published {
    fn of(status: RoomStatus, seats: usize, spectators: usize) -> Published {
        Published {
            status: Some(status_str(status)),
            seats,
            spectators,
        }
    }

    /// Moves the gauges from `self` to `now`.
    fn move_to(self, now: Published) -> Published {
        if self.status != now.status {
            if let Some(status) = self.status {
                metrics::gauge!(m::ROOMS_LOADED, "status" => status).decrement(1.0);
            }
            if let Some(status) = now.status {
                metrics::gauge!(m::ROOMS_LOADED, "status" => status).increment(1.0);
            }
        }
        for (kind, before, after) in [
            ("seat", self.seats, now.seats),
            ("spectator", self.spectators, now.spectators),
        ] {
            if before != after {
                metrics::gauge!(m::CONNECTIONS, "kind" => kind)
                    .increment(after as f64 - before as f64);
            }
        }
        now
    }
}

impl Room {
    /// Publishes the room's current status and connections.
    pub(super) fn publish_gauges(&mut self) {
        let seats = self.conns.values().filter(|c| c.seat.is_some()).count();
        let now = Published::of(self.status, seats, self.spectators());
        if now != self.published {
            self.published = self.published.move_to(now);
        }
    }

    /// Takes everything this room published back out (the actor stops).
    pub(super) fn unpublish_gauges(&mut self) {
        self.published = self.published.move_to(Published::default());
    }
}
