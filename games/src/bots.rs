//! Players the computer plays.
//!
//! A bot plays a seat through exactly what a person in that seat receives:
//! its view and its legal actions. [`Bot::choose`] takes nothing else, so a
//! bot cannot read the full state by construction, and the non-interference
//! tests check that its choice does not change when something hidden from
//! its seat changes.
//!
//! Levels (what exists so far; see docs/bots.md):
//! * [`Level::Random`]: uniform among the legal actions;
//! * [`Level::Easy`]: the best action by a short, readable heuristic per
//!   game ([`Heuristic`]), ties broken at random.
//!
//! A bot's randomness is its own seeded stream, never the game's, so a bot
//! replays exactly too (the room logs its actions like anyone's).

use cubicle_protocol::Seat;

use crate::{Chance, Game, SeededChance};

/// How well a bot plays: the protocol's [`BotLevel`](cubicle_protocol::BotLevel).
pub use cubicle_protocol::BotLevel as Level;

/// What a game provides for its bots to play it. Every bound on a game that
/// bots play is this trait, so that what a level needs is named once.
pub trait BotGame: Heuristic {}

impl<G: Heuristic> BotGame for G {}

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
}

impl Bot {
    pub fn new(level: Level, seed: &[u8; 32]) -> Self {
        Bot {
            level,
            rng: SeededChance::new(seed, 0),
        }
    }

    pub fn level(&self) -> Level {
        self.level
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
            // Until the search lands, hard plays as easy.
            Level::Easy | Level::Hard => {
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
        }
    }
}

/// How one game between bots ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Played {
    pub winners: Vec<Seat>,
    /// Actions taken, from the first to the last.
    pub actions: u32,
}

/// Plays game number `game` of `G` between bots of `levels` with default
/// options: what `cubicle simulate` runs for each game (see the catalog).
pub fn play_default<G: BotGame>(levels: &[Level], game: u64) -> Played {
    let (state, actions) = play_out::<G>(levels, &G::Options::default(), game);
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
            Bot::new(level, &own)
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
