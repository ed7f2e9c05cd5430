//! `cubicle simulate`: many games between bots, offline, for balance
//! reports and load tests. Each seat is played by a bot of the level given
//! for it; every game is seeded by its number, so a run repeats exactly.
//!
//! `cubicle simulate --game office21 --players 4 --bots hard,random,random,random --games 1000`
//!
//! A hard bot searches 300 ms per decision (the default budget), so games
//! with hard seats take seconds each; the progress bar says how long.

use std::io::IsTerminal;

use anyhow::{bail, Context};
use clap::Args;
use cubicle_games::bots::{Budget, Level};
use cubicle_games::catalog;

#[derive(Debug, Clone, Args)]
pub struct SimulateArgs {
    /// The game: `osaki`, `office21` or `dilbert`.
    #[arg(long)]
    pub game: String,
    /// One level per seat, comma-separated (`random`, `easy` or `hard`);
    /// a single level plays every seat.
    #[arg(long, value_delimiter = ',', required = true)]
    pub bots: Vec<String>,
    /// The number of seats (default: one per level in `--bots`).
    #[arg(long)]
    pub players: Option<usize>,
    /// How many games.
    #[arg(long, default_value_t = 1000)]
    pub games: u64,
    /// The number of the first game (games are seeded by their number).
    #[arg(long, default_value_t = 0)]
    pub first: u64,
    /// Hard bots search this many playouts per decision instead of for
    /// 300 ms: a run then repeats exactly on any machine, and runs as fast
    /// as the machine allows.
    #[arg(long)]
    pub playouts: Option<u32>,
}

/// One seat's results.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SeatResult {
    pub wins: f64,
    pub games: u64,
}

/// What a run found.
#[derive(Debug, Clone, PartialEq)]
pub struct Summary {
    pub levels: Vec<Level>,
    pub seats: Vec<SeatResult>,
    /// Actions per game, sorted.
    pub lengths: Vec<u32>,
}

fn parse_level(name: &str) -> anyhow::Result<Level> {
    match name.trim() {
        "random" => Ok(Level::Random),
        "easy" => Ok(Level::Easy),
        "hard" => Ok(Level::Hard),
        other => bail!("unknown bot level {other:?}: random, easy or hard"),
    }
}

/// One level per seat: `--bots` as given, or its single level repeated
/// for `--players` seats.
fn seat_levels(args: &SimulateArgs) -> anyhow::Result<Vec<Level>> {
    let levels = args
        .bots
        .iter()
        .map(|l| parse_level(l))
        .collect::<anyhow::Result<Vec<Level>>>()?;
    match (args.players, levels.as_slice()) {
        (None, _) => Ok(levels),
        (Some(players), &[level]) => Ok(vec![level; players]),
        (Some(players), _) if players == levels.len() => Ok(levels),
        (Some(players), _) => bail!(
            "--players {players} but --bots names {} levels: give one level per seat, or one for all",
            levels.len()
        ),
    }
}

/// Plays the games; `progress` is told after each one.
pub fn simulate(args: &SimulateArgs, mut progress: impl FnMut(u64)) -> anyhow::Result<Summary> {
    let entry = catalog::find(&args.game).with_context(|| format!("no game {:?}", args.game))?;
    let play = entry
        .play_bots
        .with_context(|| format!("{} has no bots", args.game))?;
    let levels = seat_levels(args)?;
    let info = (entry.info)();
    if !(usize::from(info.min_seats)..=usize::from(info.max_seats)).contains(&levels.len()) {
        bail!(
            "{} is for {} to {} players, not {}",
            info.name,
            info.min_seats,
            info.max_seats,
            levels.len()
        );
    }
    let mut seats = vec![SeatResult::default(); levels.len()];
    let mut lengths = Vec::with_capacity(args.games as usize);
    for n in 0..args.games {
        let budget = args.playouts.map_or(Budget::DEFAULT, Budget::Playouts);
        let played = play(&levels, budget, args.first + n);
        for (s, seat) in seats.iter_mut().enumerate() {
            seat.games += 1;
            if played.winners.contains(&(s as u8)) {
                // A shared win is shared.
                seat.wins += 1.0 / played.winners.len() as f64;
            }
        }
        lengths.push(played.actions);
        progress(n + 1);
    }
    lengths.sort_unstable();
    Ok(Summary {
        levels,
        seats,
        lengths,
    })
}

/// The Wilson score interval (95%) of `wins` out of `games`.
pub fn wilson(wins: f64, games: u64) -> (f64, f64) {
    if games == 0 {
        return (0.0, 1.0);
    }
    let n = games as f64;
    let p = wins / n;
    let z = 1.96f64;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * ((p * (1.0 - p) + z * z / (4.0 * n)) / n).sqrt() / (1.0 + z * z / n);
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// The summary as the command prints it: a Markdown table per seat, then
/// the game length.
pub fn report(args: &SimulateArgs, summary: &Summary) -> String {
    let mut out = format!(
        "{} games of {} ({} seats)\n\n| seat | bot | wins | win rate | 95% interval | fair share | ratio |\n|---|---|---|---|---|---|---|\n",
        summary.lengths.len(),
        args.game,
        summary.levels.len()
    );
    let fair = 1.0 / summary.levels.len() as f64;
    for (s, (level, seat)) in summary.levels.iter().zip(&summary.seats).enumerate() {
        let rate = seat.wins / seat.games.max(1) as f64;
        let (low, high) = wilson(seat.wins, seat.games);
        out += &format!(
            "| {s} | {level:?} | {:.1} | {:.1}% | {:.1}%-{:.1}% | {:.1}% | {:.2} |\n",
            seat.wins,
            100.0 * rate,
            100.0 * low,
            100.0 * high,
            100.0 * fair,
            rate / fair
        );
    }
    if let (Some(first), Some(last)) = (summary.lengths.first(), summary.lengths.last()) {
        let mean = summary.lengths.iter().map(|&a| f64::from(a)).sum::<f64>()
            / summary.lengths.len() as f64;
        out += &format!(
            "\nactions per game: median {}, mean {mean:.1}, from {first} to {last}\n",
            summary.lengths[summary.lengths.len() / 2]
        );
    }
    out
}

/// Runs the command: a progress bar on a terminal's stderr, then the
/// report on stdout.
pub fn run(args: SimulateArgs) -> anyhow::Result<()> {
    let bar = if std::io::stderr().is_terminal() {
        indicatif::ProgressBar::new(args.games)
    } else {
        indicatif::ProgressBar::hidden()
    };
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{bar:40} {pos}/{len} games, {per_sec}, {eta} left",
        )
        .context("the progress bar's template")?,
    );
    let summary = simulate(&args, |done| bar.set_position(done));
    bar.finish_and_clear();
    print!("{}", report(&args, &summary?));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(game: &str, bots: &[&str], games: u64) -> SimulateArgs {
        SimulateArgs {
            game: game.to_owned(),
            bots: bots.iter().map(|b| b.to_string()).collect(),
            games,
            first: 0,
            players: None,
            playouts: Some(4),
        }
    }

    #[test]
    fn every_game_plays_between_bots_and_the_wins_add_up() {
        for (game, seats) in [("osaki", 4), ("office21", 4), ("dilbert", 3)] {
            let bots: Vec<&str> = (0..seats)
                .map(|s| if s == 0 { "easy" } else { "random" })
                .collect();
            let summary = simulate(&args(game, &bots, 20), |_| {}).unwrap();
            let wins: f64 = summary.seats.iter().map(|s| s.wins).sum();
            assert!(
                (wins - 20.0).abs() < 1e-9,
                "{game}: one win per game, shared or not"
            );
            assert_eq!(summary.lengths.len(), 20);
            let table = report(&args(game, &bots, 20), &summary);
            assert!(table.contains("| 0 | Easy |"), "{table}");
        }
    }

    #[test]
    fn a_run_repeats_exactly() {
        let a = simulate(&args("office21", &["easy", "random", "random"], 10), |_| {}).unwrap();
        let b = simulate(&args("office21", &["easy", "random", "random"], 10), |_| {}).unwrap();
        assert_eq!(a, b);
    }

    #[test]
    fn wrong_games_levels_and_seat_counts_are_refused_with_a_reason() {
        let err = |a: SimulateArgs| simulate(&a, |_| {}).unwrap_err().to_string();
        assert!(err(args("chess", &["easy", "easy"], 1)).contains("no game"));
        assert!(err(args("osaki", &["easy", "genius"], 1)).contains("unknown bot level"));
        assert!(err(args("dilbert", &["easy", "easy"], 1)).contains("3 to 6 players"));
        let mismatch = SimulateArgs {
            players: Some(3),
            ..args("osaki", &["easy", "random"], 1)
        };
        assert!(err(mismatch).contains("--players 3"));
    }

    #[test]
    fn one_level_plays_every_seat_of_players_and_hard_is_a_level() {
        let all = SimulateArgs {
            players: Some(4),
            ..args("osaki", &["random"], 3)
        };
        assert_eq!(
            simulate(&all, |_| {}).unwrap().levels,
            vec![Level::Random; 4]
        );
        let hard = seat_levels(&args("osaki", &["hard", "random"], 1)).unwrap();
        assert_eq!(hard, vec![Level::Hard, Level::Random]);
    }

    #[test]
    fn the_wilson_interval_holds_the_rate_and_narrows_with_games() {
        let (low, high) = wilson(50.0, 100);
        assert!(low < 0.5 && 0.5 < high);
        let (low2, high2) = wilson(500.0, 1000);
        assert!(high2 - low2 < high - low);
    }
}
