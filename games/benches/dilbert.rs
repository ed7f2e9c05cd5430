//! Dilbert random playouts: whole games from the deal to the final count,
//! every seat choosing uniformly among its legal actions (what a random bot
//! or a Monte Carlo search does), on one core. The target is 5,000
//! games per second per core. Figures: docs/performance.md.
//!
//! Run: `cargo bench -p cubicle-games --bench dilbert`.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use cubicle_games::dilbert::Dilbert;
use cubicle_games::testing::fast_random_game;

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("dilbert_playout");
    group.throughput(Throughput::Elements(1));
    for seats in [3, 4, 6] {
        let mut n = 0u64;
        group.bench_function(format!("{seats}_players"), |b| {
            b.iter(|| {
                n += 1;
                black_box(fast_random_game::<Dilbert>(seats, n).1)
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
