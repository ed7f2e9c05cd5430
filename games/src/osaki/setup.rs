//! Preparations: the deal (random or scripted) and the start player.

use std::collections::HashMap;

use cubicle_protocol::osaki::{Character, FirstPlayer, Fixture, Task, Tile};
use cubicle_protocol::Seat;

use super::departure::clock;
use super::names;
use crate::{Chance, SetupError};

/// Tiles of each character a player is dealt: one, or two with 2 players.
pub fn per_character(seats: usize) -> usize {
    if seats == 2 {
        2
    } else {
        1
    }
}

/// Every tile of the game, in (character, task) order.
pub fn all_tiles() -> impl Iterator<Item = Tile> {
    Character::ALL.into_iter().flat_map(|character| {
        Task::ALL
            .into_iter()
            .map(move |task| Tile { character, task })
    })
}

/// A random deal: for each character its four tasks are shuffled and handed
/// out seat by seat (two each with 2 players); with 3 players the fourth
/// goes to the leftover. Each row is therefore in character order.
/// Returns the rows by seat and the leftover, in character order.
pub fn random_deal(seats: usize, chance: &mut dyn Chance) -> (Vec<Vec<Tile>>, Vec<Tile>) {
    let per = per_character(seats);
    let mut rows = vec![Vec::with_capacity(6 * per); seats];
    let mut leftover = Vec::new();
    for character in Character::ALL {
        let mut tasks = Task::ALL;
        chance.shuffle(&mut tasks);
        let mut tiles = tasks.into_iter().map(|task| Tile { character, task });
        for row in &mut rows {
            row.extend(tiles.by_ref().take(per));
        }
        leftover.extend(tiles);
    }
    (rows, leftover)
}

/// The tiles a deal leaves in the box, in character order (with 3 players
/// exactly one per character; none otherwise).
pub fn leftover_of(rows: &[Vec<Tile>]) -> Vec<Tile> {
    all_tiles()
        .filter(|t| !rows.iter().flatten().any(|d| d == t))
        .collect()
}

/// Checks a scripted deal strictly, saying what is wrong.
pub fn validate_fixture(fixture: &Fixture, seats: usize) -> Result<(), SetupError> {
    let bad = |msg: String| Err(SetupError::Fixture(msg));
    if fixture.deal.len() != seats {
        return bad(format!(
            "the deal has {} rows but the table has {seats} seats (one row per seat)",
            fixture.deal.len()
        ));
    }
    let per = per_character(seats);
    let each = if per == 1 {
        "one tile of every character".to_owned()
    } else {
        "two tiles of every character (2 players)".to_owned()
    };
    let mut seen: HashMap<Tile, (usize, usize)> = HashMap::new();
    for (seat, row) in fixture.deal.iter().enumerate() {
        if row.len() != 6 * per {
            return bad(format!(
                "seat {seat} is dealt {} tiles, not {}: each player gets {each}",
                row.len(),
                6 * per
            ));
        }
        for character in Character::ALL {
            let count = row.iter().filter(|t| t.character == character).count();
            if count != per {
                return bad(format!(
                    "seat {seat} is dealt {count} {} tiles: each player gets {each}",
                    names::character(character).0
                ));
            }
        }
        for (slot, tile) in row.iter().enumerate() {
            if let Some((s, x)) = seen.insert(*tile, (seat, slot)) {
                return bad(format!(
                    "tile {} is dealt twice (seat {s} slot {x} and seat {seat} slot {slot})",
                    names::tile(*tile)
                ));
            }
        }
    }
    if let Some(first) = fixture.first_player {
        if usize::from(first) >= seats {
            return bad(format!(
                "first_player {first} is not a seat (the table has seats 0 to {})",
                seats - 1
            ));
        }
    }
    Ok(())
}

/// "Whoever left work latest yesterday starts." `departures` holds each
/// seat's answer in minutes (see [`super::departure::left_work_minutes`]).
/// A player who gave no answer
/// cannot beat one who did; no answers at all, or a tie for latest, is
/// settled at random among the tied (or all) seats. A fixture's choice
/// overrides everything and is recorded as a draw among that seat alone.
pub fn first_player(
    departures: &[Option<u16>],
    scripted: Option<Seat>,
    chance: &mut dyn Chance,
) -> FirstPlayer {
    if let Some(seat) = scripted {
        return FirstPlayer::Random {
            seat,
            among: vec![seat],
        };
    }
    let latest = departures.iter().flatten().max().copied();
    let among: Vec<Seat> = (0..departures.len() as Seat)
        .filter(|&s| latest.is_none() || departures[usize::from(s)] == latest)
        .collect();
    match (latest, among.as_slice()) {
        (Some(at), &[seat]) => FirstPlayer::LeftLatest {
            seat,
            at: clock(at),
        },
        _ => FirstPlayer::Random {
            seat: *chance.pick(&among).expect("a table has seats"),
            among,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_deals_give_every_tile_once() {
        for seats in 2..=4 {
            let mut chance = crate::SeededChance::new(&[seats as u8; 32], 0);
            let (rows, leftover) = random_deal(seats, &mut chance);
            let mut all: Vec<Tile> = rows.iter().flatten().chain(&leftover).copied().collect();
            all.sort();
            assert_eq!(all, all_tiles().collect::<Vec<_>>());
            assert_eq!(leftover, leftover_of(&rows));
            validate_fixture(
                &Fixture {
                    deal: rows,
                    first_player: None,
                },
                seats,
            )
            .unwrap();
        }
    }
}
