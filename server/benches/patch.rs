//! One accepted action with every viewer's update (each seat and a
//! spectator) on a mid-game 4-player table, as the room actor builds them
//! for connections that asked for patches: the table's stage and commit,
//! then per viewer the new view as a value (`Table::view_value`), the patch
//! from the view kept before (`room::patch::view_patch`) and the update's
//! text around it. The same tables and action as `cubicle-games`'s
//! `benches/action.rs` ("now": every view whole), to compare.
//!
//! Run: `cargo bench -p cubicle-server --bench patch -- --warm-up-time 1 --measurement-time 5`.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use cubicle_games::dilbert::Dilbert;
use cubicle_games::office21::Office21;
use cubicle_games::osaki::Osaki;
use cubicle_games::table::Engine;
use cubicle_games::{Chance, Game, PlayerProfile, SeededChance, Table, Viewer};
use cubicle_protocol::{EventSeq, Outcome, Seat};
use cubicle_server::room::patch::view_patch;
use serde::Serialize;
use serde_json::value::RawValue;
use serde_json::Value;

const SEED: [u8; 32] = [5; 32];

/// As in `cubicle-games`'s `benches/action.rs`: a 4-player game after at
/// most `steps` random legal actions, with the number played.
fn play<G: Game>(steps: u64) -> (Engine<G>, u64) {
    let players = vec![PlayerProfile::default(); 4];
    let (game, events) = G::start(
        &players,
        &G::Options::default(),
        &mut SeededChance::new(&SEED, 0),
    )
    .expect("starts");
    let mut table = Engine::new(G::ID, game, events);
    let mut choices = SeededChance::new(&[6; 32], 0);
    let chooser: &mut dyn Chance = &mut choices;
    let mut played = 0;
    while played < steps && table.outcome().is_none() {
        played += 1;
        let seat = *chooser.pick(&table.to_act()).expect("not over yet");
        let action = chooser.pick(&table.legal(seat)).expect("legal").clone();
        table
            .apply(seat, &action, &mut SeededChance::new(&SEED, played))
            .expect("legal actions apply");
    }
    (table, played)
}

/// `server/src/room/messages.rs`'s update envelope.
#[derive(Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
enum Message {
    Update { update: Update },
}

#[derive(Serialize)]
struct Update {
    events: Vec<Logged>,
    #[serde(skip_serializing_if = "Option::is_none")]
    view: Option<Box<RawValue>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    view_patch: Option<Box<RawValue>>,
    legal: Box<RawValue>,
    seq: EventSeq,
    outcome: Option<Outcome>,
}

#[derive(Serialize)]
struct Logged {
    seq: EventSeq,
    #[serde(skip_serializing_if = "Option::is_none")]
    event: Option<Box<RawValue>>,
}

/// One action as the room performs it when every connection asked for
/// patches; `kept` holds each viewer's view, before and then after. The
/// bytes of every update.
fn act_patched(
    table: &mut dyn Table,
    kept: &mut [(Viewer, Value)],
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
        let view = table.view_value(*viewer);
        let patch = view_patch(held, &view);
        let whole = patch.is_none().then(|| table.view_json(*viewer));
        *held = view;
        let message = Message::Update {
            update: Update {
                events: (seen + 1..=table.last_seq())
                    .map(|seq| Logged {
                        seq,
                        event: table.event_json(seq, *viewer),
                    })
                    .collect(),
                view: whole,
                view_patch: patch,
                legal: match viewer.seat() {
                    Some(seat) => table.legal_json(seat),
                    None => RawValue::from_string("[]".to_owned()).unwrap(),
                },
                seq: table.last_seq(),
                outcome: table.outcome(),
            },
        };
        bytes += serde_json::to_string(&message).expect("serializes").len();
    }
    bytes
}

fn bench_game<G: Game>(c: &mut Criterion) {
    let (_, length) = play::<G>(u64::MAX);
    let (table, played) = play::<G>(length / 2);
    let seat = table.to_act()[0];
    let action = table.legal(seat)[0].clone();
    let kept: Vec<(Viewer, Value)> = Viewer::all(table.seats())
        .map(|v| (v, table.view_value(v)))
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
