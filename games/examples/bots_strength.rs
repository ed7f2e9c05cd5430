//! How strong the bots are, in three tables:
//! 1. easy against random: for every game and seat count, `n` games with
//!    one easy seat and random bots in the others;
//! 2. hard against random: Osaki with 2 players, Office 21 with 4, Dilbert
//!    with 4, one hard seat;
//! 3. hard against easy: the same seat counts, one hard seat, easy bots in
//!    the others.
//!
//! The special seat rotates through the seats. A shared victory counts as
//! a fraction (1 / winners) of a win. Each row prints the win rate, the
//! fair share (1 / seats), their ratio and its 95% Wilson interval. The
//! hard bot searches a fixed number of playouts per decision (default 150,
//! 32 in Dilbert; `--playouts N`, `--dilbert-playouts N`), so every table
//! is the same on every machine; the last lines say how many playouts the
//! default 300 ms budget reaches here.
//!
//! cargo run --release -p cubicle-games --example bots_strength -- 1000
//! (a game id after the number plays only that game; `--tables easy,hard`
//! chooses the tables; games run on every core)

use std::time::{Duration, Instant};

use cubicle_games::bots::{play_out_with, Bot, BotGame, Budget, Level};
use cubicle_games::dilbert::Dilbert;
use cubicle_games::office21::Office21;
use cubicle_games::osaki::Osaki;
use cubicle_games::{Chance, Game, PlayerProfile, SeededChance, Viewer};
use cubicle_protocol::Seat;

struct Args {
    games: u64,
    only: Option<String>,
    playouts: u32,
    /// Dilbert's playouts are four times as long, and its games longer.
    dilbert_playouts: u32,
    tables: Vec<String>,
}

fn args() -> Args {
    let mut args = Args {
        games: 1000,
        only: None,
        playouts: 150,
        dilbert_playouts: 32,
        tables: vec!["easy".into(), "hard".into(), "budget".into()],
    };
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--playouts" => {
                args.playouts = it
                    .next()
                    .and_then(|n| n.parse().ok())
                    .expect("--playouts N")
            }
            "--dilbert-playouts" => {
                args.dilbert_playouts = it
                    .next()
                    .and_then(|n| n.parse().ok())
                    .expect("--dilbert-playouts N")
            }
            "--tables" => {
                args.tables = it
                    .next()
                    .expect("--tables easy,hard,budget")
                    .split(',')
                    .map(str::to_owned)
                    .collect()
            }
            n if n.parse::<u64>().is_ok() => args.games = n.parse().expect("a number"),
            id => args.only = Some(id.to_owned()),
        }
    }
    args
}

fn main() {
    let args = args();
    let started = Instant::now();
    let wanted = |id: &str| args.only.as_deref().is_none_or(|only| only == id);
    if args.tables.iter().any(|t| t == "easy") {
        println!(
            "easy (one seat) against random (the others), {} games per row",
            args.games
        );
        header();
        for seats in 2..=4 {
            row::<Osaki>(Level::Easy, Level::Random, seats, &args, wanted(Osaki::ID));
        }
        for seats in 2..=5 {
            row::<Office21>(
                Level::Easy,
                Level::Random,
                seats,
                &args,
                wanted(Office21::ID),
            );
        }
        for seats in 3..=6 {
            row::<Dilbert>(
                Level::Easy,
                Level::Random,
                seats,
                &args,
                wanted(Dilbert::ID),
            );
        }
    }
    if args.tables.iter().any(|t| t == "hard") {
        for others in [Level::Random, Level::Easy] {
            println!(
                "\nhard ({} playouts per decision, {} in Dilbert; one seat) against {} (the others), {} games per row",
                args.playouts,
                args.dilbert_playouts,
                others.name(),
                args.games
            );
            header();
            row::<Osaki>(Level::Hard, others, 2, &args, wanted(Osaki::ID));
            row::<Office21>(Level::Hard, others, 4, &args, wanted(Office21::ID));
            row::<Dilbert>(Level::Hard, others, 4, &args, wanted(Dilbert::ID));
        }
    }
    if args.tables.iter().any(|t| t == "budget") {
        println!("\nplayouts the default budget (300 ms per decision) reaches on this machine:");
        playouts_in_budget::<Osaki>(2, wanted(Osaki::ID));
        playouts_in_budget::<Office21>(4, wanted(Office21::ID));
        playouts_in_budget::<Dilbert>(4, wanted(Dilbert::ID));
    }
    eprintln!("{:.1} s", started.elapsed().as_secs_f64());
}

fn header() {
    println!("| game | seats | wins | fair share | ratio | 95% interval of the ratio (Wilson) |");
    println!("|---|---|---|---|---|---|");
}

/// Plays `args.games` games of `G` for `seats`, one seat at `level` (rotating)
/// and `others` elsewhere, on every core, and prints one table row.
fn row<G: BotGame>(level: Level, others: Level, seats: usize, args: &Args, wanted: bool) {
    if !wanted {
        return;
    }
    let budget = Budget::Playouts(if G::ID == Dilbert::ID {
        args.dilbert_playouts
    } else {
        args.playouts
    });
    let credit = |n: u64| {
        let special = (n % seats as u64) as usize;
        let mut levels = vec![others; seats];
        levels[special] = level;
        let (game, _) = play_out_with::<G>(&levels, budget, &G::Options::default(), n);
        let winners = game.outcome().expect("a played-out game is over").winners;
        if winners.contains(&(special as Seat)) {
            1.0 / winners.len() as f64
        } else {
            0.0
        }
    };
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()) as u64;
    let wins: f64 = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let credit = &credit;
                scope.spawn(move || {
                    (0..args.games)
                        .filter(|n| n % threads == t)
                        .map(credit)
                        .sum::<f64>()
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a game thread"))
            .sum()
    });
    let n = args.games as f64;
    let rate = wins / n;
    let (low, high) = wilson(rate, n);
    let fair = 1.0 / seats as f64;
    println!(
        "| {} | {seats} | {:.1}% | {:.1}% | {:.2} | {:.2} to {:.2} |",
        G::ID,
        100.0 * rate,
        100.0 * fair,
        rate / fair,
        low / fair,
        high / fair,
    );
}

/// The 95% Wilson score interval of a proportion `p` over `n` trials.
fn wilson(p: f64, n: f64) -> (f64, f64) {
    let z = 1.96f64;
    let z2 = z * z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    (centre - half, centre + half)
}

/// Times hard decisions with a fixed playout count in states of random
/// games of `G`, and prints how many playouts fit in 300 ms.
fn playouts_in_budget<G: BotGame>(seats: usize, wanted: bool) {
    if !wanted {
        return;
    }
    const PLAYOUTS: u32 = 100;
    let mut spent = Duration::ZERO;
    let mut decisions = 0u32;
    for g in 0..20u64 {
        let mut seed = [0x33; 32];
        seed[..8].copy_from_slice(&g.to_le_bytes());
        let players = vec![PlayerProfile::default(); seats];
        let (mut game, _) = G::start(
            &players,
            &G::Options::default(),
            &mut SeededChance::new(&seed, 0),
        )
        .expect("starts");
        let mut rng = SeededChance::new(&seed, 1);
        let mut step = 0u64;
        while game.outcome().is_none() {
            let pick: &mut dyn Chance = &mut rng;
            let seat = *pick.pick(&game.to_act()).expect("someone acts");
            let legal = game.legal(seat);
            if legal.len() > 1 && step.is_multiple_of(5) {
                let view = game.view(Viewer::Seat(seat));
                let mut bot = Bot::new(Level::Hard, &seed).with_budget(Budget::Playouts(PLAYOUTS));
                let started = Instant::now();
                bot.choose::<G>(seat, &view, &legal);
                spent += started.elapsed();
                decisions += 1;
            }
            let action = pick.pick(&legal).expect("legal").clone();
            game.play(seat, &action, &mut SeededChance::new(&seed, step + 2))
                .expect("legal");
            step += 1;
        }
    }
    let per_playout = spent.as_secs_f64() / f64::from(decisions * PLAYOUTS);
    println!(
        "- {} ({seats} players): {:.0} playouts in 300 ms (over {decisions} decisions)",
        G::ID,
        0.3 / per_playout
    );
}
