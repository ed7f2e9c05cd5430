//! One accepted action with every viewer's update (each seat and a
//! spectator) on a mid-game 4-player table, as the room actor builds them
//! for connections that asked for patches: the table's stage and commit,
//! then per viewer the new view's text (`Table::view_json`), the patch from
//! the view kept before, indexed (`room::patch::IndexedView`) and the update's text
//! around it. The same tables and action as `cubicle-games`'s
//! `benches/action.rs` ("now": every view whole), to compare.
//!
//! Run: `cargo bench -p cubicle-server --bench patch -- --warm-up-time 1 --measurement-time 5`.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use cubicle_games::dilbert::Dilbert;
use cubicle_games::office21::Office21;
use cubicle_games::osaki::Osaki;
use cubicle_games::testing::mid_game_table;
use cubicle_games::{Game, SeededChance, Table, Viewer};
use cubicle_protocol::Seat;
use cubicle_server::room::patch::IndexedView;
use cubicle_server::room::update_text;
use serde_json::Value;

const SEED: [u8; 32] = [5; 32];

/// One action as the room performs it when every connection asked for
/// patches; `kept` holds each viewer's view, before and then after. The
/// bytes of every update.
fn act_patched(
    table: &mut dyn Table,
    kept: &mut [(Viewer, IndexedView)],
    seat: Seat,
    action: &Value,
    number: u64,
) -> usize {
    let seen = table.last_seq();
    let staged = table
        .stage(seat, action, &mut SeededChance::new(&SEED, number))
        .expect("accepted");
    table.commit(staged);
    let mut bytes = 0;
    for (viewer, held) in kept {
        let view = IndexedView::new(table.view_json(*viewer));
        let patch = held.patch_to(&view);
        *held = view;
        bytes += update_text(table, *viewer, seen, patch).as_str().len();
    }
    bytes
}

fn bench_game<G: Game>(c: &mut Criterion) {
    let (table, played) = mid_game_table::<G>(4, &SEED);
    let seat = table.to_act()[0];
    let action = table.legal(seat)[0].clone();
    let kept: Vec<(Viewer, IndexedView)> = Viewer::all(table.seats())
        .map(|v| (v, IndexedView::new(table.view_json(v))))
        .collect();
    let name = format!(
        "{} action, 4 players: apply + every viewer's update, patched",
        G::ID
    );
    c.bench_function(&name, |b| {
        b.iter_batched_ref(
            || (table.clone(), kept.clone()),
            |(t, k)| black_box(act_patched(t, k, seat, &action, played + 1)),
            criterion::BatchSize::SmallInput,
        )
    });
}

fn bench(c: &mut Criterion) {
    bench_game::<Osaki>(c);
    bench_game::<Office21>(c);
    bench_game::<Dilbert>(c);
}

criterion_group!(benches, bench);
criterion_main!(benches);
