//! What one accepted action costs the server, rules and messages together,
//! on mid-game 4-player tables of Osaki and Office 21: the rules applying
//! the action with the room's seeded chance, then building and serializing
//! the `update` every viewer (each seat and a spectator) is sent. Figures:
//! docs/performance.md.
//!
//! Two paths are measured side by side:
//! * `now`: what the room actor does today: `Table::stage` (one copy of the
//!   game state), `Table::commit`, and each update written straight to JSON
//!   text from the table's `*_json` methods, as
//!   `server/src/room/messages.rs` does (its envelope is mirrored below);
//! * `before`: the path before issue 7: a copy of the whole engine, event
//!   history included, an apply that copied the game again, and each update
//!   built as `serde_json::Value`s inside `cubicle_protocol::ServerMessage`.
//!
//! Run: `cargo bench -p cubicle-games --bench action`.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use cubicle_games::office21::Office21;
use cubicle_games::osaki::Osaki;
use cubicle_games::table::Engine;
use cubicle_games::testing::mid_game_table;
use cubicle_games::{Game, SeededChance, Table, Viewer};
use cubicle_protocol::{EventSeq, GameUpdate, LoggedEvent, Outcome, Seat, ServerMessage};
use serde::Serialize;
use serde_json::value::RawValue;
use serde_json::Value;

const SEED: [u8; 32] = [5; 32];

/// `server/src/room/messages.rs`'s update envelope.
#[derive(Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
enum Message {
    Update { update: Update },
}

#[derive(Serialize)]
struct Update {
    events: Vec<Logged>,
    view: Box<RawValue>,
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

/// `messages::update` today.
fn update_now(table: &dyn Table, viewer: Viewer, after: EventSeq) -> String {
    let message = Message::Update {
        update: Update {
            events: (after + 1..=table.last_seq())
                .map(|seq| Logged {
                    seq,
                    event: table.event_json(seq, viewer),
                })
                .collect(),
            view: table.view_json(viewer),
            legal: match viewer.seat() {
                Some(seat) => table.legal_json(seat),
                None => RawValue::from_string("[]".to_owned()).unwrap(),
            },
            seq: table.last_seq(),
            outcome: table.outcome(),
        },
    };
    serde_json::to_string(&message).expect("serializes")
}

/// One accepted action as the room actor performs it today.
fn act_now<G: Game>(table: &mut Engine<G>, seat: Seat, action: &Value, number: u64) -> usize {
    let seen = table.last_seq();
    let staged = table
        .stage(seat, action, &mut SeededChance::new(&SEED, number))
        .expect("accepted");
    table.commit(staged);
    Viewer::all(table.seats())
        .map(|viewer| update_now(table, viewer, seen).len())
        .sum()
}

/// `messages::update` before: `Value`s (made with `serde_json::to_value`
/// from the game's types, as the table did) in the protocol's types.
fn update_before<G: Game>(table: &Engine<G>, viewer: Viewer, after: EventSeq) -> String {
    let game = table.game();
    let message = ServerMessage::Update {
        update: GameUpdate {
            events: (after + 1..=table.last_seq())
                .map(|seq| LoggedEvent {
                    seq,
                    event: G::event_view(&table.events()[seq as usize - 1], viewer).map(value),
                })
                .collect(),
            view: value(game.view(viewer)),
            view_patch: None,
            legal: viewer
                .seat()
                .map(|seat| game.legal(seat).iter().map(value).collect())
                .unwrap_or_default(),
            seq: table.last_seq(),
            outcome: table.outcome(),
            deadline_at: None,
            deadline_seats: Vec::new(),
        },
    };
    serde_json::to_string(&message).expect("serializes")
}

fn value(data: impl Serialize) -> Value {
    serde_json::to_value(data).expect("serializes")
}

/// One accepted action as the room actor performed it before: a copy of the
/// whole engine, and (inside `stage`) of the game again.
fn act_before<G: Game>(table: &Engine<G>, seat: Seat, action: &Value, number: u64) -> usize {
    let mut next = table.clone();
    let seen = next.last_seq();
    next.apply(seat, action, &mut SeededChance::new(&SEED, number))
        .expect("accepted");
    Viewer::all(next.seats())
        .map(|viewer| update_before(&next, viewer, seen).len())
        .sum()
}

fn bench_game<G: Game>(c: &mut Criterion) {
    let (table, played) = mid_game_table::<G>(4, &SEED);
    let seat = table.to_act()[0];
    let action = table.legal(seat)[0].clone();
    let name = format!("{} action, 4 players: apply + every viewer's update", G::ID);
    c.bench_function(&format!("{name}, now"), |b| {
        // The game state is dropped with the batch, outside the timing, as
        // the room keeps it.
        b.iter_batched_ref(
            || table.clone(),
            |t| black_box(act_now(t, seat, &action, played + 1)),
            criterion::BatchSize::SmallInput,
        )
    });
    c.bench_function(&format!("{name}, before"), |b| {
        b.iter(|| black_box(act_before(&table, seat, &action, played + 1)))
    });
}

fn bench(c: &mut Criterion) {
    bench_game::<Osaki>(c);
    bench_game::<Office21>(c);
}

criterion_group!(benches, bench);
criterion_main!(benches);
