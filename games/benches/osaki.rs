//! How fast the Osaki rules run: a whole random game, the legal actions of a
//! crowded mid-game table, and a view as the server serializes it.
//!
//! Run: `cargo bench -p cubicle-games --bench osaki`.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use cubicle_games::chance::NoChance;
use cubicle_games::osaki::Osaki;
use cubicle_games::testing::random_playout;
use cubicle_games::{Game, PlayerProfile, SeededChance, Viewer};
use cubicle_protocol::osaki::Options;

fn new_game(seats: usize, seed: u8) -> Osaki {
    let players = vec![PlayerProfile::default(); seats];
    Osaki::start(
        &players,
        &Options::default(),
        &mut SeededChance::new(&[seed; 32], 0),
    )
    .expect("starts")
    .0
}

/// A 4-player game after `steps` random actions.
fn mid_game(steps: usize) -> Osaki {
    let mut game = new_game(4, 1);
    let mut events = Vec::new();
    let mut choices = SeededChance::new(&[2; 32], 0);
    random_playout(
        &mut game,
        &mut events,
        &mut choices,
        &mut NoChance,
        steps,
        |_, _| {},
    );
    game
}

fn bench(c: &mut Criterion) {
    for seats in [2, 4] {
        c.bench_function(&format!("osaki whole random game, {seats} players"), |b| {
            let mut n = 0u64;
            b.iter(|| {
                n += 1;
                let mut game = new_game(seats, 3);
                let mut events = Vec::new();
                let mut choices = SeededChance::new(&[4; 32], n);
                random_playout(
                    &mut game,
                    &mut events,
                    &mut choices,
                    &mut NoChance,
                    48,
                    |_, _| {},
                );
                black_box(events.len())
            })
        });
    }

    // About 24 turned tiles spread over the table: the most stacking
    // options the legal-move search meets.
    let crowded = mid_game(24);
    let seat = crowded.to_act()[0];
    c.bench_function("osaki legal actions, crowded 4-player table", |b| {
        b.iter(|| black_box(crowded.legal(black_box(seat))))
    });
    c.bench_function("osaki view to JSON, crowded 4-player table", |b| {
        b.iter(|| black_box(serde_json::to_vec(&crowded.view(Viewer::Seat(seat))).unwrap()))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
