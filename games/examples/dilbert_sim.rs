//! Plays random-policy Dilbert games and reports their length and each
//! employee's win rate against its fair share (docs/games/dilbert.md,
//! "Balance"). Every seat picks uniformly among its legal actions.
//!
//! cargo run --release -p cubicle-games --example dilbert_sim -- 10000

use std::time::Instant;

use cubicle_games::dilbert::Dilbert;
use cubicle_games::testing::fast_random_game;
use cubicle_games::Game;
use cubicle_protocol::dilbert::{Employee, View};

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .map(|n| n.parse().expect("a number of games"))
        .unwrap_or(10_000);
    let mut rounds = [0u64; 19];
    let mut wins = [0f64; 6];
    let mut fair = [0f64; 6];
    let mut played = [0u64; 6];
    let mut actions = 0u64;
    let started = Instant::now();
    for n in 0..games {
        let seats = 3 + (n % 4) as usize;
        let (game, count) = fast_random_game::<Dilbert>(seats, n);
        actions += u64::from(count);
        let view: View = game.view(cubicle_games::Viewer::Spectator);
        rounds[usize::from(view.round)] += 1;
        let ending = view.ending.expect("over");
        for score in &ending.scores {
            let e = index(score.employee);
            played[e] += 1;
            fair[e] += 1.0 / seats as f64;
        }
        for &w in &ending.winners {
            wins[index(ending.scores[usize::from(w)].employee)] += 1.0;
        }
    }
    let elapsed = started.elapsed().as_secs_f64();
    println!("{games} random-policy games (3 to 6 players, equally often)");
    println!(
        "{:.0} games/s on one core, {:.1} actions per game",
        games as f64 / elapsed,
        actions as f64 / games as f64
    );
    let mean: f64 = rounds
        .iter()
        .enumerate()
        .map(|(r, &c)| r as f64 * c as f64)
        .sum::<f64>()
        / games as f64;
    println!("rounds: mean {mean:.2}");
    for (r, &c) in rounds.iter().enumerate().filter(|(_, &c)| c > 0) {
        println!("  {r:2} rounds: {c}");
    }
    println!("| employee | games | wins | fair share | ratio |");
    println!("|---|---|---|---|---|");
    for e in Employee::ALL {
        let i = index(e);
        println!(
            "| {e:?} | {} | {} | {:.0} | {:.2} |",
            played[i],
            wins[i],
            fair[i],
            wins[i] / fair[i]
        );
    }
}

fn index(e: Employee) -> usize {
    Employee::ALL.iter().position(|&x| x == e).unwrap()
}
