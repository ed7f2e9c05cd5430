//! Where Osaki's secrets are, for the non-interference harness
//! ([`crate::testing::Secrets`]): the task of every unturned tile (hidden
//! from everyone, its owner included) and, while the game runs, of every
//! leftover tile. Read from the state, never from a view.

use cubicle_protocol::osaki::{Task, Tile};
use cubicle_protocol::Seat;

use super::{Osaki, Place};
use crate::testing::Secrets;
use crate::Viewer;

/// A tile whose task is hidden.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Spot {
    /// An unturned tile in a player's row.
    Slot { seat: Seat, slot: usize },
    /// The `index`-th leftover tile of a 3-player game.
    Leftover { index: usize },
}

impl Osaki {
    fn tile_mut(&mut self, spot: Spot) -> Option<&mut Tile> {
        match spot {
            Spot::Slot { seat, slot } => {
                match self.rows.get_mut(usize::from(seat))?.get_mut(slot)? {
                    Place::Unturned(tile) => Some(tile),
                    _ => None,
                }
            }
            Spot::Leftover { index } => self.leftover.get_mut(index),
        }
    }
}

impl Secrets for Osaki {
    type Secret = Spot;

    fn hidden_from(&self, _viewer: Viewer) -> Vec<Spot> {
        let mut hidden = Vec::new();
        for (seat, row) in self.rows.iter().enumerate() {
            for (slot, place) in row.iter().enumerate() {
                if matches!(place, Place::Unturned(_)) {
                    hidden.push(Spot::Slot {
                        seat: seat as Seat,
                        slot,
                    });
                }
            }
        }
        if self.ending.is_none() {
            hidden.extend((0..self.leftover.len()).map(|index| Spot::Leftover { index }));
        }
        hidden
    }

    /// Swaps the tasks of two tiles of the same character (their characters
    /// are public): the deal stays a valid deal.
    fn swap(&mut self, a: Spot, b: Spot) -> bool {
        let (Some(x), Some(y)) = (self.tile_mut(a).copied(), self.tile_mut(b).copied()) else {
            return false;
        };
        if x.character != y.character || x.task == y.task {
            return false;
        }
        if let Some(tile) = self.tile_mut(a) {
            tile.task = y.task;
        }
        if let Some(tile) = self.tile_mut(b) {
            tile.task = x.task;
        }
        true
    }

    fn masked(&self, viewer: Viewer) -> Osaki {
        let mut masked = self.clone();
        for spot in self.hidden_from(viewer) {
            if let Some(tile) = masked.tile_mut(spot) {
                tile.task = Task::ALL[0];
            }
        }
        masked
    }
}
