//! Dilbert random playouts: whole games from the deal to the final count,
//! every seat choosing uniformly among its legal actions (what a random bot
//! or a Monte Carlo search does), on one core. The target is 5,000
//! games per second per core. Figures: docs/performance.md.
//!
//! Run: `cargo bench -p cubicle-games --bench dilbert`.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use cubicle_games::dilbert::Dilbert;
use cubicle_games::{Chance, Game, PlayerProfile, SeededChance};
use cubicle_protocol::dilbert::Options;

/// Plays game number `n` with `seats` players to its end; returns the
/// number of actions.
fn playout(seats: usize, n: u64) -> u32 {
    let mut seed = [0x3b; 32];
    seed[..8].copy_from_slice(&n.to_le_bytes());
    let players = vec![PlayerProfile::default(); seats];
    let (mut game, _) = Dilbert::start(
        &players,
        &Options::default(),
        &mut SeededChance::new(&seed, 0),
    )
    .expect("starts");
    let mut choices = SeededChance::new(&seed, 1 << 40);
    let mut chance = SeededChance::new(&seed, 1 << 41);
    let mut actions = 0;
    while game.outcome().is_none() {
        let to_act = game.to_act();
        let seat = to_act[choices.below(to_act.len() as u32) as usize];
        let legal = game.legal(seat);
        let action = legal[choices.below(legal.len() as u32) as usize];
        game.play(seat, &action, &mut chance).expect("legal");
        actions += 1;
    }
    actions
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("dilbert_playout");
    group.throughput(Throughput::Elements(1));
    for seats in [3, 4, 6] {
        let mut n = 0u64;
        group.bench_function(format!("{seats}_players"), |b| {
            b.iter(|| {
                n += 1;
                black_box(playout(seats, n))
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
