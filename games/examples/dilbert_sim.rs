//! Plays random-policy Dilbert games with every card and reports their
//! length (mean, median, histogram) and win rates against the fair share:
//! each employee's, and each turn position's (the first player is position
//! 1). Every seat picks uniformly among its legal actions. The targets in
//! docs/games/dilbert.md ("Balance"): every employee's ratio within
//! 0.67..1.5 and a median game of 8 to 20 rounds; the program exits
//! non-zero when missed. Turn positions are reported, not gated: their
//! spread comes from the rulebook's set-up (see the page).
//!
//! A second argument, `easy`, seats easy bots (games/src/bots.rs) instead
//! of random players: the same report for players that pursue happiness.
//!
//! cargo run --release -p cubicle-games --example dilbert_sim -- 10000
//! cargo run --release -p cubicle-games --example dilbert_sim -- 10000 easy

use std::process::ExitCode;
use std::time::Instant;

use cubicle_games::bots::{self, Level};
use cubicle_games::dilbert::Dilbert;
use cubicle_games::testing::fast_random_game;
use cubicle_games::Game;
use cubicle_protocol::dilbert::{Employee, View};

/// The balance targets.
const FAIREST: f64 = 0.67;
const LUCKIEST: f64 = 1.5;
const MEDIAN_ROUNDS: std::ops::RangeInclusive<u16> = 8..=20;

/// Wins against the fair share, for one kind of thing (an employee, a
/// turn position).
#[derive(Default, Clone, Copy)]
struct Share {
    games: u64,
    wins: f64,
    fair: f64,
}

impl Share {
    fn count(&mut self, seats: usize, won: bool) {
        self.games += 1;
        self.fair += 1.0 / seats as f64;
        if won {
            self.wins += 1.0;
        }
    }

    fn ratio(&self) -> f64 {
        self.wins / self.fair
    }
}

fn main() -> ExitCode {
    let games: u64 = std::env::args()
        .nth(1)
        .map(|n| n.parse().expect("a number of games"))
        .unwrap_or(10_000);
    let easy = std::env::args().nth(2).as_deref() == Some("easy");
    let mut lengths: Vec<u16> = Vec::with_capacity(games as usize);
    let mut employees = [Share::default(); 6];
    let mut positions = [Share::default(); 6];
    // The same games scored without the cubicles' values: how much of a
    // turn position's luck is the cubicle it starts in.
    let mut uncubicled = [Share::default(); 6];
    let mut actions = 0u64;
    let started = Instant::now();
    for n in 0..games {
        let seats = 3 + (n % 4) as usize;
        let (game, count) = if easy {
            bots::play_out::<Dilbert>(&vec![Level::Easy; seats], &Default::default(), n)
        } else {
            fast_random_game::<Dilbert>(seats, n)
        };
        actions += u64::from(count);
        let view: View = game.view(cubicle_games::Viewer::Spectator);
        lengths.push(view.round);
        let ending = view.ending.expect("over");
        let best = ending
            .scores
            .iter()
            .map(|s| s.total - s.cubicle)
            .max()
            .expect("seats");
        for score in &ending.scores {
            let won = ending.winners.contains(&score.seat);
            employees[index(score.employee)].count(seats, won);
            positions[game.turn_position(score.seat)].count(seats, won);
            // Ties share the win here: this is a diagnosis, not a result.
            let tied = ending
                .scores
                .iter()
                .filter(|s| s.total - s.cubicle == best)
                .count();
            let mut share = Share::default();
            share.count(seats, false);
            if score.total - score.cubicle == best {
                share.wins = 1.0 / tied as f64;
            }
            let u = &mut uncubicled[game.turn_position(score.seat)];
            u.games += 1;
            u.fair += share.fair;
            u.wins += share.wins;
        }
    }
    let elapsed = started.elapsed().as_secs_f64();
    let policy = if easy { "easy-bot" } else { "random-policy" };
    println!("{games} {policy} games (3 to 6 players, equally often), every card in play");
    println!(
        "{:.0} games/s on one core, {:.1} actions per game",
        games as f64 / elapsed,
        actions as f64 / games as f64
    );
    lengths.sort_unstable();
    let median = lengths[lengths.len() / 2];
    let mean = lengths.iter().map(|&r| f64::from(r)).sum::<f64>() / games as f64;
    println!(
        "rounds: median {median}, mean {mean:.2}, shortest {}, longest {}",
        lengths[0],
        lengths[lengths.len() - 1]
    );
    let mut histogram = std::collections::BTreeMap::new();
    for &r in &lengths {
        *histogram.entry(r).or_insert(0u64) += 1;
    }
    for (r, c) in histogram {
        println!("  {r:2} rounds: {c}");
    }
    println!("\n| employee | games | wins | fair share | ratio |");
    println!("|---|---|---|---|---|");
    let mut ratios = Vec::new();
    for e in Employee::ALL {
        let s = employees[index(e)];
        println!(
            "| {e:?} | {} | {} | {:.0} | {:.2} |",
            s.games,
            s.wins,
            s.fair,
            s.ratio()
        );
        ratios.push(s.ratio());
    }
    let balanced = ratios.iter().all(|r| (FAIREST..=LUCKIEST).contains(r));
    println!("\n| turn position | games | wins | fair share | ratio | ratio without cubicles |");
    println!("|---|---|---|---|---|---|");
    for (p, s) in positions.iter().enumerate() {
        println!(
            "| {} | {} | {} | {:.0} | {:.2} | {:.2} |",
            p + 1,
            s.games,
            s.wins,
            s.fair,
            s.ratio(),
            uncubicled[p].ratio()
        );
    }
    let paced = MEDIAN_ROUNDS.contains(&median);
    println!(
        "\nevery employee's ratio within {FAIREST}..{LUCKIEST}: {balanced}; median within {}..{}: {paced}",
        MEDIAN_ROUNDS.start(),
        MEDIAN_ROUNDS.end()
    );
    if balanced && paced {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

fn index(e: Employee) -> usize {
    Employee::ALL.iter().position(|&x| x == e).unwrap()
}
