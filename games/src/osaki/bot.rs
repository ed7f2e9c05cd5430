//! The easy Osaki bot's judgement, in order:
//! 1. hand over its last stack when it can: it leaves and wins;
//! 2. otherwise hand over its tallest stack that can go, to the player with
//!    the fewest tiles (the one to beat): the only way to lose tiles;
//! 3. otherwise turn a tile, the one likeliest to match the tallest piles
//!    in the other rows: a fresh tile that matches nothing is stuck in the
//!    row, one that matches can be handed over next turn (measured: weighing
//!    the matches by height wins more games than counting them);
//! 4. merge two of its own stacks last: that loses no tile and opens no
//!    new chance to hand one over.
//!
//! It reads only its seat's view: turned tiles are public, and an unturned
//! tile's task is unknown to everyone, so a tile to turn is judged over the
//! tasks of its character that nobody has seen turned yet.

use cubicle_protocol::osaki::{Action, Character, Pile, Task, Tile, View};
use cubicle_protocol::Seat;

use super::{tops_match, Osaki};
use crate::bots::Heuristic;

/// The tiers, far enough apart that a judgement within one never reaches
/// the next.
const LEAVE: i32 = 1_000_000;
const HAND_OVER: i32 = 100_000;
const TURN: i32 = 10_000;
const MERGE: i32 = 0;

/// Within the hand-over tier: each tile handed over outweighs any choice
/// of whom to hand it to.
const TILE: i32 = 100;

impl Heuristic for Osaki {
    fn score(view: &View, seat: Seat, action: &Action) -> i32 {
        let me = Table { view, seat };
        match *action {
            Action::Stack { from, owner, .. } if owner != seat => {
                let moved = me.height(from);
                if moved == i32::from(view.areas[usize::from(seat)].tiles()) {
                    LEAVE
                } else {
                    HAND_OVER + TILE * moved - i32::from(view.areas[usize::from(owner)].tiles())
                }
            }
            Action::Stack { .. } => MERGE,
            Action::Turn { slot } => match me.row(seat).get(usize::from(slot)) {
                Some(Pile::Unturned { character }) => TURN + me.reach(*character),
                _ => MERGE,
            },
        }
    }
}

/// The table as the bot's seat sees it.
struct Table<'a> {
    view: &'a View,
    seat: Seat,
}

impl Table<'_> {
    fn row(&self, seat: Seat) -> &[Pile] {
        &self.view.areas[usize::from(seat)].slots
    }

    /// Tiles in the bot's stack in `slot`.
    fn height(&self, slot: u8) -> i32 {
        match self.row(self.seat).get(usize::from(slot)) {
            Some(Pile::Stack { tiles }) => tiles.len() as i32,
            _ => 0,
        }
    }

    /// The tasks of `character` on no turned tile: what an unturned tile of
    /// that character may hide, each as likely as the others.
    fn unseen_tasks(&self, character: Character) -> Vec<Task> {
        let turned = |tile: &Tile| {
            self.view
                .areas
                .iter()
                .flat_map(|area| &area.slots)
                .any(|pile| matches!(pile, Pile::Stack { tiles } if tiles.contains(tile)))
        };
        Task::ALL
            .into_iter()
            .filter(|&task| !turned(&Tile { character, task }))
            .collect()
    }

    /// The tiles in other rows' stacks whose tops a tile of `character`
    /// would match once turned, on average over its possible tasks (in
    /// hundredths, to stay whole).
    fn reach(&self, character: Character) -> i32 {
        let tasks = self.unseen_tasks(character);
        let others = (0..self.view.areas.len() as Seat).filter(|&s| s != self.seat);
        let piles: Vec<&Vec<Tile>> = others
            .flat_map(|s| self.row(s))
            .filter_map(|pile| match pile {
                Pile::Stack { tiles } => Some(tiles),
                _ => None,
            })
            .collect();
        let total: usize = tasks
            .iter()
            .map(|&task| {
                let tile = Tile { character, task };
                piles
                    .iter()
                    .filter(|tiles| tiles.last().is_some_and(|&top| tops_match(tile, top)))
                    .map(|tiles| tiles.len())
                    .sum::<usize>()
            })
            .sum();
        (100 * total / tasks.len().max(1)) as i32
    }
}
