//! Whole games an Osaki seat's view could come from, for the hard bot.
//!
//! Everything in Osaki is public except the tasks of unturned tiles and of
//! the leftover tiles (3 players), which nobody knows, the tiles' owners
//! included. A tile of a character hides one of that character's tasks not
//! yet seen turned; each way of handing those tasks out is as likely as
//! the others, so the sampler shuffles them per character.

use cubicle_protocol::osaki::{Character, Leftover, Pile, Task, Tile, View};
use cubicle_protocol::Seat;

use super::{Osaki, Place};
use crate::bots::{SampleError, Sampler};
use crate::Chance;

impl Sampler for Osaki {
    fn sample(view: &View, _seat: Seat, chance: &mut dyn Chance) -> Result<Self, SampleError> {
        let mut tasks = UnseenTasks::of(view, chance)?;
        let rows = view
            .areas
            .iter()
            .map(|area| {
                area.slots
                    .iter()
                    .map(|pile| match pile {
                        Pile::Unturned { character } => tasks.draw(*character).map(Place::Unturned),
                        Pile::Stack { tiles } if !tiles.is_empty() => {
                            Ok(Place::Stack(tiles.clone()))
                        }
                        Pile::Stack { .. } => Err(SampleError("an empty stack".into())),
                        Pile::Empty => Ok(Place::Empty),
                    })
                    .collect::<Result<Vec<_>, _>>()
            })
            .collect::<Result<Vec<_>, _>>()?;
        let leftover = view
            .leftover
            .iter()
            .map(|tile| match tile {
                Leftover::Hidden { character } => tasks.draw(*character),
                Leftover::Revealed { tile } => Ok(*tile),
            })
            .collect::<Result<Vec<_>, _>>()?;
        tasks.all_drawn()?;
        Ok(Osaki {
            rows,
            has_played: view.areas.iter().map(|a| a.has_played).collect(),
            leftover,
            first_player: view.first_player.clone(),
            turn: view.turn.unwrap_or_else(|| view.first_player.seat()),
            ending: view.ending.clone(),
        })
    }
}

/// For each character, its tasks on no turned tile, shuffled: what its
/// face-down tiles hide, handed out in order.
struct UnseenTasks {
    tasks: Vec<(Character, Vec<Task>)>,
}

impl UnseenTasks {
    fn of(view: &View, chance: &mut dyn Chance) -> Result<Self, SampleError> {
        let turned: Vec<Tile> = view
            .areas
            .iter()
            .flat_map(|a| &a.slots)
            .filter_map(|pile| match pile {
                Pile::Stack { tiles } => Some(tiles),
                _ => None,
            })
            .flatten()
            .copied()
            .chain(view.leftover.iter().filter_map(|l| match l {
                Leftover::Revealed { tile } => Some(*tile),
                Leftover::Hidden { .. } => None,
            }))
            .collect();
        let tasks = Character::ALL
            .into_iter()
            .map(|character| {
                let mut unseen: Vec<Task> = Task::ALL
                    .into_iter()
                    .filter(|&task| !turned.contains(&Tile { character, task }))
                    .collect();
                chance.shuffle(&mut unseen);
                (character, unseen)
            })
            .collect();
        Ok(UnseenTasks { tasks })
    }

    /// A face-down tile of `character` with the next unseen task.
    fn draw(&mut self, character: Character) -> Result<Tile, SampleError> {
        self.tasks
            .iter_mut()
            .find(|(c, _)| *c == character)
            .and_then(|(_, tasks)| tasks.pop())
            .map(|task| Tile { character, task })
            .ok_or_else(|| SampleError(format!("more face-down {character:?} tiles than tasks")))
    }

    /// Every task is somewhere: a task left over means a tile is missing.
    fn all_drawn(&self) -> Result<(), SampleError> {
        match self.tasks.iter().find(|(_, tasks)| !tasks.is_empty()) {
            Some((character, _)) => Err(SampleError(format!(
                "a {character:?} tile is missing from the view"
            ))),
            None => Ok(()),
        }
    }
}
