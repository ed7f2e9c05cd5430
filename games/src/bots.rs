//! Players the computer plays.
//!
//! A bot plays a seat through exactly what a person in that seat receives:
//! its view and its legal actions. [`Bot::choose`] takes nothing else, so a
//! bot cannot read the full state by construction, and the non-interference
//! tests check that its choice does not change when something hidden from
//! its seat changes.
//!
//! Levels (see docs/bots.md):
//! * [`Level::Random`]: uniform among the legal actions;
//! * [`Level::Easy`]: the best action by a short, readable heuristic per
//!   game ([`Heuristic`]), ties broken at random;
//! * [`Level::Hard`]: a determinized Monte Carlo tree search (`search`):
//!   each playout starts from a whole game that the seat's view could come
//!   from, with what the view hides drawn at random by the game's
//!   [`Sampler`], within a [`Budget`] of time or playouts.
//!
//! A bot's randomness is its own seeded stream, never the game's, so a bot
//! replays exactly too (the room logs its actions like anyone's). Only a
//! [`Budget::Time`] search depends on the clock: with [`Budget::Playouts`]
//! a hard bot's choice is a function of its seed, view and legal actions.

mod search;

use std::time::Duration;

use cubicle_protocol::Seat;

use crate::{Chance, Game, SeededChance};

/// How well a bot plays: the protocol's [`BotLevel`](cubicle_protocol::BotLevel).
pub use cubicle_protocol::BotLevel as Level;

/// What a game provides for its bots to play it. Every bound on a game that
/// bots play is this trait, so that what a level needs is named once.
pub trait BotGame: Heuristic + Sampler {}

impl<G: Heuristic + Sampler> BotGame for G {}

/// What a hard bot needs to search a game with hidden information: whole
/// games that one seat's view could come from.
pub trait Sampler: Game {
    /// A game whose view for `seat` is `view`, with everything the view
    /// hides (other hands, deck orders, face-down tiles) drawn at random
    /// from what it leaves possible. Bookkeeping the view does not show and
    /// that hides nothing (whose memo leaves the out tray when) is filled
    /// in as the rules most often leave it; each game says which.
    fn sample(view: &Self::View, seat: Seat, chance: &mut dyn Chance) -> Result<Self, SampleError>;
}

/// A view no game could have produced (a card counted twice, a hand of
/// the wrong size): the view was not made by these rules.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("no game has this view: {0}")]
pub struct SampleError(pub String);

/// How long a hard bot searches for one decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Budget {
    /// Wall-clock time per decision (at least one playout is made).
    Time(Duration),
    /// A fixed number of playouts per decision: the choice is then a
    /// function of the seed, the view and the legal actions alone.
    Playouts(u32),
}

impl Budget {
    /// What a hard bot gets unless told otherwise.
    pub const DEFAULT: Budget = Budget::Time(Duration::from_millis(300));
}

impl Default for Budget {
    fn default() -> Self {
        Budget::DEFAULT
    }
}

/// What an easy bot prefers: a score for each legal action, judged from
/// the seat's own view (and the game's public board) only. Higher is
/// better; equal scores are chosen among at random.
pub trait Heuristic: Game {
    fn score(view: &Self::View, seat: Seat, action: &Self::Action) -> i32;
}

/// One bot: a level and its own random stream.
pub struct Bot {
    level: Level,
    rng: SeededChance,
    /// Used by the hard level only.
    budget: Budget,
}

impl Bot {
    pub fn new(level: Level, seed: &[u8; 32]) -> Self {
        Bot {
            level,
            rng: SeededChance::new(seed, 0),
            budget: Budget::DEFAULT,
        }
    }

    /// The same bot searching within `budget` (hard level; the others do
    /// not search).
    pub fn with_budget(self, budget: Budget) -> Self {
        Bot { budget, ..self }
    }

    pub fn level(&self) -> Level {
        self.level
    }

    pub fn budget(&self) -> Budget {
        self.budget
    }

    /// The action this bot takes for `seat`, seeing `view` and offered
    /// `legal`; `None` when nothing is legal.
    pub fn choose<G: BotGame>(
        &mut self,
        seat: Seat,
        view: &G::View,
        legal: &[G::Action],
    ) -> Option<G::Action> {
        let rng: &mut dyn Chance = &mut self.rng;
        match self.level {
            Level::Random => rng.pick(legal).cloned(),
            Level::Easy => easy_choice::<G>(view, seat, legal, rng),
            Level::Hard => search::choose::<G>(seat, view, legal, self.budget, rng),
        }
    }
}

/// The easy level: the best action by the game's [`Heuristic`], ties
/// broken at random.
fn easy_choice<G: Heuristic>(
    view: &G::View,
    seat: Seat,
    legal: &[G::Action],
    rng: &mut dyn Chance,
) -> Option<G::Action> {
    let scores: Vec<i32> = legal.iter().map(|a| G::score(view, seat, a)).collect();
    let best = *scores.iter().max()?;
    let top: Vec<&G::Action> = legal
        .iter()
        .zip(&scores)
        .filter(|(_, &s)| s == best)
        .map(|(a, _)| a)
        .collect();
    rng.pick(&top).map(|a| (*a).clone())
}

/// How one game between bots ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Played {
    pub winners: Vec<Seat>,
    /// Actions taken, from the first to the last.
    pub actions: u32,
}

/// Plays game number `game` of `G` between bots of `levels` with default
/// options, hard bots searching within `budget`: what `cubicle simulate`
/// runs for each game (see the catalog).
pub fn play_default_with<G: BotGame>(levels: &[Level], budget: Budget, game: u64) -> Played {
    let (state, actions) = play_out_with::<G>(levels, budget, &G::Options::default(), game);
    Played {
        winners: state.outcome().map(|o| o.winners).unwrap_or_default(),
        actions,
    }
}

/// Plays one whole game of `G` between bots of `levels` (one per seat,
/// `levels.len()` seats), every bot seeing only its seat's view and legal
/// actions. Returns the finished game and the number of actions; panics if
/// a bot's choice is refused (a bot must only ever play legal actions).
pub fn play_out<G: BotGame>(levels: &[Level], options: &G::Options, game: u64) -> (G, u32) {
    play_out_with::<G>(levels, Budget::DEFAULT, options, game)
}

/// [`play_out`] with hard bots searching within `budget`.
pub fn play_out_with<G: BotGame>(
    levels: &[Level],
    budget: Budget,
    options: &G::Options,
    game: u64,
) -> (G, u32) {
    let mut seed = [0x6b; 32];
    seed[..8].copy_from_slice(&game.to_le_bytes());
    let players = vec![crate::PlayerProfile::default(); levels.len()];
    let (mut state, _) =
        G::start(&players, options, &mut SeededChance::new(&seed, 0)).expect("a bot game starts");
    let mut bots: Vec<Bot> = levels
        .iter()
        .enumerate()
        .map(|(s, &level)| {
            let mut own = seed;
            own[31] ^= s as u8 + 1;
            Bot::new(level, &own).with_budget(budget)
        })
        .collect();
    let mut order = SeededChance::new(&seed, 1 << 40);
    let mut chance = SeededChance::new(&seed, 1 << 41);
    let mut actions = 0;
    while state.outcome().is_none() {
        let seat = *(&mut order as &mut dyn Chance)
            .pick(&state.to_act())
            .expect("someone acts");
        let view = state.view(crate::Viewer::Seat(seat));
        let legal = state.legal(seat);
        let action = bots[usize::from(seat)]
            .choose::<G>(seat, &view, &legal)
            .expect("a seat asked to act has a legal action");
        if let Err(e) = state.play(seat, &action, &mut chance) {
            panic!("game {game}: the bot's {action:?} for seat {seat} was refused: {e}");
        }
        actions += 1;
    }
    (state, actions)
}
