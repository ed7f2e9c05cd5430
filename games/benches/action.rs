//! What one accepted action costs the server, rules and messages together:
//! copying the table as the room actor does, applying the action with the
//! room's seeded chance, then building and serializing the `update` every
//! viewer (each seat and a spectator) is sent, the way
//! `server/src/room/messages.rs` builds it. Mid-game 4-player tables of
//! Osaki and Office 21. Figures: docs/performance.md.
//!
//! Run: `cargo bench -p cubicle-games --bench action`.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use cubicle_games::{catalog, Chance, PlayerProfile, SeededChance, Table, Viewer};
use cubicle_protocol::{EventSeq, GameUpdate, LoggedEvent, Seat, ServerMessage};
use serde_json::Value;

const SEED: [u8; 32] = [5; 32];

/// A 4-player table of `game` after at most `steps` random legal actions
/// (fewer if the game ends), with the number of actions played.
fn play(game: &str, steps: u64) -> (Box<dyn Table>, u64) {
    let players = vec![PlayerProfile::default(); 4];
    let mut table = (catalog::find(game).expect("in the catalog").start)(
        &players,
        &Value::Null,
        &SEED,
    )
    .expect("starts");
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

/// The same random game halfway through.
fn mid_game(game: &str) -> (Box<dyn Table>, u64) {
    let (_, length) = play(game, u64::MAX);
    play(game, length / 2)
}

/// `messages::update` of the server, serialized.
fn update_text(table: &dyn Table, viewer: Viewer, after: EventSeq) -> String {
    let message = ServerMessage::Update {
        update: GameUpdate {
            events: (after + 1..=table.last_seq())
                .map(|seq| LoggedEvent {
                    seq,
                    event: table.event(seq, viewer),
                })
                .collect(),
            view: table.view(viewer),
            legal: viewer
                .seat()
                .map(|seat| table.legal(seat))
                .unwrap_or_default(),
            seq: table.last_seq(),
            outcome: table.outcome(),
        },
    };
    serde_json::to_string(&message).expect("serializes")
}

/// One accepted action as the room actor performs it.
fn act(table: &dyn Table, seat: Seat, action: &Value, number: u64) -> usize {
    let mut next = table.clone_box();
    let seen = next.last_seq();
    next.apply(seat, action, &mut SeededChance::new(&SEED, number))
        .expect("accepted");
    Viewer::all(next.seats())
        .map(|viewer| update_text(next.as_ref(), viewer, seen).len())
        .sum()
}

fn bench(c: &mut Criterion) {
    for game in ["osaki", "office21"] {
        let (table, played) = mid_game(game);
        let seat = table.to_act()[0];
        let action = table.legal(seat)[0].clone();
        c.bench_function(
            &format!("{game} action, 4 players: apply + every viewer's update"),
            |b| b.iter(|| black_box(act(table.as_ref(), seat, &action, played + 1))),
        );
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
