//! The games this server offers, by identifier.
//!
//! The only place that names every game: the server looks games up here and
//! otherwise knows them only as [`Table`]s. Adding a game is one line in
//! [`ENTRIES`].

use cubicle_protocol::{GameInfo, JoinQuestion};
use serde_json::value::RawValue;
use serde_json::{Map, Value};

use crate::answers::{self, AnswerError, Answers};
use crate::bots::{self, BotGame, Budget, Level, Played};
use crate::chance::Seed;
use crate::table::{Engine, Table};
use crate::{Game, PlayerProfile, SeededChance, SetupError};

/// One game in the catalog.
pub struct Entry {
    pub id: &'static str,
    pub info: fn() -> GameInfo,
    pub join_questions: fn() -> Vec<JoinQuestion>,
    /// Checks a seat count and creation options (JSON).
    pub validate: fn(seats: usize, options: &Value) -> Result<(), SetupError>,
    /// Starts a game from profiles, options and the room seed, on step 0 of
    /// the seed's streams.
    pub start: StartFn,
    /// Plays game number `n` between bots of the given levels (one per
    /// seat), for `cubicle simulate`; `None` for a game without bots.
    pub play_bots: Option<PlayBotsFn>,
    /// [`Game::fixed_board`] as JSON text: the same bytes as every table's
    /// [`Table::board_json`].
    pub fixed_board: fn() -> Option<Box<RawValue>>,
}

/// How a catalog entry plays game number `n` between bots of `levels`
/// (one per seat), hard bots searching within `budget`.
pub type PlayBotsFn = fn(levels: &[Level], budget: Budget, n: u64) -> Played;

/// How a catalog entry starts a game: profiles, creation options (JSON) and
/// the room seed in, a running [`Table`] out.
pub type StartFn = fn(
    players: &[PlayerProfile],
    options: &Value,
    seed: &Seed,
) -> Result<Box<dyn Table>, SetupError>;

/// The catalog entry of game `G`. Public so that tests can serve a game the
/// catalog does not list (see [`crate::testing::relay`]).
pub const fn entry<G: Game>() -> Entry {
    Entry {
        id: G::ID,
        info: G::info,
        join_questions: G::join_questions,
        validate: validate::<G>,
        start: start::<G>,
        play_bots: None,
        fixed_board: fixed_board::<G>,
    }
}

fn fixed_board<G: Game>() -> Option<Box<RawValue>> {
    G::fixed_board().map(crate::table::to_json_text)
}

/// The catalog entry of a game the bots can play.
pub const fn entry_with_bots<G: BotGame>() -> Entry {
    Entry {
        start: start_with_bots::<G>,
        play_bots: Some(bots::play_default_with::<G>),
        ..entry::<G>()
    }
}

impl Entry {
    /// Checks a player's answers (`join.answers`) against this game's join
    /// questions, before the player may take a seat.
    pub fn check_answers(&self, raw: &Map<String, Value>) -> Result<Answers, AnswerError> {
        answers::check(&(self.join_questions)(), raw)
    }
}

/// Every game, in the order the start page lists them.
pub static ENTRIES: &[Entry] = &[
    entry_with_bots::<crate::osaki::Osaki>(),
    entry_with_bots::<crate::office21::Office21>(),
    entry_with_bots::<crate::dilbert::Dilbert>(),
];

/// Looks a game up by identifier.
pub fn find(id: &str) -> Option<&'static Entry> {
    ENTRIES.iter().find(|e| e.id == id)
}

/// Descriptions of every game, for `GET /api/games`.
pub fn infos() -> Vec<GameInfo> {
    ENTRIES.iter().map(|e| (e.info)()).collect()
}

fn parse_options<G: Game>(options: &Value) -> Result<G::Options, SetupError> {
    if options.is_null() {
        return Ok(G::Options::default());
    }
    serde_json::from_value(options.clone()).map_err(|e| SetupError::Options(e.to_string()))
}

fn validate<G: Game>(seats: usize, options: &Value) -> Result<(), SetupError> {
    G::validate(&parse_options::<G>(options)?, seats)
}

fn start<G: Game>(
    players: &[PlayerProfile],
    options: &Value,
    seed: &Seed,
) -> Result<Box<dyn Table>, SetupError> {
    Ok(Box::new(start_engine::<G>(players, options, seed)?))
}

/// [`start`] for a game whose seats bots can play.
fn start_with_bots<G: BotGame>(
    players: &[PlayerProfile],
    options: &Value,
    seed: &Seed,
) -> Result<Box<dyn Table>, SetupError> {
    Ok(Box::new(
        start_engine::<G>(players, options, seed)?.with_bots(),
    ))
}

fn start_engine<G: Game>(
    players: &[PlayerProfile],
    options: &Value,
    seed: &Seed,
) -> Result<Engine<G>, SetupError> {
    // `G::start` validates the seat count and options itself.
    let options = parse_options::<G>(options)?;
    let (game, events) = G::start(players, &options, &mut SeededChance::new(seed, 0))?;
    Ok(Engine::new(G::ID, game, events))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_describes_the_questions_it_checks() {
        for entry in ENTRIES {
            let info = (entry.info)();
            assert_eq!(info.id, entry.id);
            assert_eq!(
                info.join_questions,
                (entry.join_questions)(),
                "{}",
                entry.id
            );
        }
    }
}
