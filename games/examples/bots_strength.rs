//! How much stronger the easy bot is than the random one: for every game
//! and seat count, `n` games with one easy seat and random bots in the
//! others, the easy seat rotating through the seats. Prints the easy seat's
//! win rate against its fair share (1 / seats) with a 95% confidence
//! interval. A shared victory counts as a fraction (1 / winners) of a win.
//! The games are seeded (game `n` of a row is `play_out`'s game `n`), so
//! the table is the same on every machine; docs/bots.md shows it.
//!
//! cargo run --release -p cubicle-games --example bots_strength -- 1000
//! (a game id after the number plays only that game)

use std::time::Instant;

use cubicle_games::bots::{play_out, Heuristic, Level};
use cubicle_games::dilbert::Dilbert;
use cubicle_games::office21::Office21;
use cubicle_games::osaki::Osaki;
use cubicle_protocol::Seat;

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .map(|n| n.parse().expect("a number of games"))
        .unwrap_or(1000);
    let only = std::env::args().nth(2);
    println!("easy (one seat) against random (the others), {games} games per row");
    let started = Instant::now();
    println!("| game | seats | easy wins | fair share | ratio | 95% interval of the ratio |");
    println!("|---|---|---|---|---|---|");
    rows::<Osaki>(games, only.as_deref());
    rows::<Office21>(games, only.as_deref());
    rows::<Dilbert>(games, only.as_deref());
    eprintln!("{:.1} s", started.elapsed().as_secs_f64());
}

/// One row per seat count of `G` (unless `only` names another game).
fn rows<G: Heuristic>(games: u64, only: Option<&str>) {
    if only.is_some_and(|id| id != G::ID) {
        return;
    }
    let info = G::info();
    for seats in info.min_seats..=info.max_seats {
        row::<G>(usize::from(seats), games);
    }
}

/// Plays `games` games of `G` for `seats` and prints one table row.
fn row<G: Heuristic>(seats: usize, games: u64) {
    let credits: Vec<f64> = (0..games)
        .map(|n| {
            let easy = (n % seats as u64) as usize;
            let mut levels = vec![Level::Random; seats];
            levels[easy] = Level::Easy;
            let (game, _) = play_out::<G>(&levels, &G::Options::default(), n);
            let winners = game.outcome().expect("a played-out game is over").winners;
            if winners.contains(&(easy as Seat)) {
                1.0 / winners.len() as f64
            } else {
                0.0
            }
        })
        .collect();
    let n = credits.len() as f64;
    let mean = credits.iter().sum::<f64>() / n;
    let variance = credits.iter().map(|c| (c - mean).powi(2)).sum::<f64>() / (n - 1.0);
    let half = 1.96 * (variance / n).sqrt();
    let fair = 1.0 / seats as f64;
    println!(
        "| {} | {seats} | {:.1}% | {:.1}% | {:.2} | {:.2} to {:.2} |",
        G::ID,
        100.0 * mean,
        100.0 * fair,
        mean / fair,
        (mean - half) / fair,
        (mean + half) / fair,
    );
}
