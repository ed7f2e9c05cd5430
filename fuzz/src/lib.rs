//! Random play for the game fuzz targets.
//!
//! The fuzz input is a script of choices: the seat count, the room seed,
//! then, step after step, whether to play a legal action, a legal action
//! with one field mutated, or arbitrary JSON, and for which seat. Each step
//! goes through the same type-erased [`Table`] the room actor drives, and
//! every step checks the contracts the server relies on:
//!
//! * nothing panics;
//! * a legal action of a seat asked to act is accepted;
//! * a refused action changes nothing any viewer could see (view, legal
//!   actions, who is to act, the event count, the outcome);
//! * after every step a seat has legal actions exactly when it is asked to
//!   act, and a finished game asks no one;
//! * replaying the accepted actions (as the table re-serialized them, which
//!   is what the write-ahead log stores) from the same seed reaches the same
//!   state: restart is replay.
//!
//! Only the stable surface of `cubicle_games` is used (`catalog::find`,
//! `start`, `apply`, `legal`, `view`, `to_act`, `last_seq`, `outcome`,
//! `SeededChance::new`), so the targets survive changes to the table's
//! internals.

use cubicle_games::catalog;
use cubicle_games::chance::Seed;
use cubicle_games::answers::Answer;
use cubicle_games::{PlayerProfile, SeededChance, Table, Viewer};
use cubicle_protocol::{EventSeq, Outcome, Seat};
use libfuzzer_sys::arbitrary::{Result, Unstructured};
use serde_json::{Map, Value};

/// Steps per input: long enough to finish a game with mostly legal moves,
/// short enough that one input runs in milliseconds.
const MAX_STEPS: usize = 2_000;

/// Steps still tried once the game is over.
const AFTER_END_STEPS: usize = 16;

/// Plays game `game_id` as `data` dictates, panicking on any broken contract.
pub fn play(game_id: &str, data: &[u8]) {
    // Running out of input just ends the game early.
    let _ = drive(game_id, &mut Unstructured::new(data));
}

/// Everything a viewer could observe, to compare before and after a refusal.
#[derive(Debug, PartialEq)]
struct Observed {
    views: Vec<Value>,
    legal: Vec<Vec<Value>>,
    to_act: Vec<Seat>,
    last_seq: EventSeq,
    outcome: Option<Outcome>,
}

fn observe(table: &dyn Table, seats: usize) -> Observed {
    Observed {
        views: Viewer::all(seats).map(|v| table.view(v)).collect(),
        legal: (0..seats as Seat).map(|s| table.legal(s)).collect(),
        to_act: table.to_act(),
        last_seq: table.last_seq(),
        outcome: table.outcome(),
    }
}

fn assert_turn_contract(table: &dyn Table, seats: usize) {
    let to_act = table.to_act();
    if table.outcome().is_some() {
        assert!(to_act.is_empty(), "finished game asks {to_act:?} to act");
    }
    for seat in 0..seats as Seat {
        let legal = table.legal(seat);
        assert_eq!(
            to_act.contains(&seat),
            !legal.is_empty(),
            "seat {seat}: to_act = {to_act:?} but legal = {legal:?}"
        );
    }
}

/// What the room actor needs to start the same game again.
struct Setup {
    players: Vec<PlayerProfile>,
    seed: Seed,
}

fn start(game_id: &str, setup: &Setup) -> Box<dyn Table> {
    let entry = catalog::find(game_id).expect("the fuzzed game is in the catalog");
    (entry.start)(&setup.players, &Value::Null, &setup.seed)
        .unwrap_or_else(|e| panic!("{game_id} refused a valid seat count: {e}"))
}

fn drive(game_id: &str, u: &mut Unstructured) -> Result<()> {
    let entry = catalog::find(game_id).expect("the fuzzed game is in the catalog");
    let info = (entry.info)();
    let seats = u.int_in_range(info.min_seats..=info.max_seats)? as usize;
    let mut players = Vec::with_capacity(seats);
    for _ in 0..seats {
        // Osaki's optional join question, answered on some seats with any
        // valid time ("HH:MM"); the other games ignore it.
        let mut profile = PlayerProfile::default();
        if u.arbitrary()? {
            let minutes: u16 = u.int_in_range(0..=1439)?;
            let time = format!("{:02}:{:02}", minutes / 60, minutes % 60);
            profile = profile.with("left_work_at", Answer::Text(time));
        }
        // Dilbert's worst-job question, so that the vote is fuzzed too.
        if u.arbitrary()? {
            profile = profile.with("worst_job", Answer::Text("night shift".to_owned()));
        }
        players.push(profile);
    }
    let setup = Setup {
        players,
        seed: u.arbitrary()?,
    };
    let mut table = start(game_id, &setup);
    assert_turn_contract(&*table, seats);

    // Accepted actions as the table re-serialized them: the write-ahead log.
    let mut log: Vec<(Seat, Value)> = Vec::new();
    let result = steps(&mut *table, seats, &setup.seed, &mut log, u);

    // Whatever the input did, a replay of the log reaches the same state.
    let mut replayed = start(game_id, &setup);
    for (step, (seat, action)) in log.iter().enumerate() {
        let mut chance = SeededChance::new(&setup.seed, step as u64 + 1);
        if let Err(e) = replayed.apply(*seat, action, &mut chance) {
            panic!(
                "replay step {}: seat {seat} {action} refused: {e}",
                step + 1
            );
        }
    }
    assert_eq!(
        observe(&*replayed, seats),
        observe(&*table, seats),
        "replaying the log from the seed reached another state"
    );
    result
}

fn steps(
    table: &mut dyn Table,
    seats: usize,
    seed: &Seed,
    log: &mut Vec<(Seat, Value)>,
    u: &mut Unstructured,
) -> Result<()> {
    let mut after_end = 0;
    for _ in 0..MAX_STEPS {
        if u.is_empty() {
            break;
        }
        if table.outcome().is_some() {
            // A few hostile actions against a finished game are worth
            // trying; a thousand are not.
            after_end += 1;
            if after_end > AFTER_END_STEPS {
                break;
            }
        }
        let (seat, action, must_accept) = choose(table, seats, u)?;
        // Only refusals are compared, and legal actions must not be refused:
        // observing every viewer is the expensive part of a step.
        let before = (!must_accept).then(|| observe(table, seats));
        // As in the room actor: the stream is the number of the step being
        // played, so a refused action draws from the stream the next one uses.
        let step = log.len() as u64 + 1;
        let mut chance = SeededChance::new(seed, step);
        match table.apply(seat, &action, &mut chance) {
            Ok(applied) => {
                assert_eq!(
                    *applied.events.end(),
                    table.last_seq(),
                    "applied events do not end at last_seq"
                );
                log.push((seat, applied.action));
                assert_turn_contract(table, seats);
            }
            Err(e) => {
                let Some(before) = before else {
                    panic!("legal action {action} of seat {seat} refused: {e}");
                };
                assert_eq!(
                    observe(table, seats),
                    before,
                    "refused {action} of seat {seat} ({e}) changed the table"
                );
            }
        }
    }
    Ok(())
}

/// Picks the next seat and action; `true` when the rules must accept it.
fn choose(table: &dyn Table, seats: usize, u: &mut Unstructured) -> Result<(Seat, Value, bool)> {
    let to_act = table.to_act();
    // Mostly legal play, so that games get deep; the rest is hostile.
    let kind: u8 = u.int_in_range(0..=7)?;
    if kind < 5 && !to_act.is_empty() {
        let seat = *u.choose(&to_act)?;
        let legal = table.legal(seat);
        let action = u.choose(&legal)?.clone();
        return Ok((seat, action, true));
    }
    // Any seat, including ones the table does not have.
    let seat = u.int_in_range(0..=seats as Seat + 1)?;
    let action = if kind == 7 {
        arbitrary_json(u, 3)?
    } else {
        // A legal action of some seat (maybe another), with one field changed:
        // the closest a client can get to a legal move without making one.
        let any = u.int_in_range(0..=seats as Seat - 1)?;
        let legal = table.legal(any);
        if legal.is_empty() {
            arbitrary_json(u, 3)?
        } else {
            mutate(u.choose(&legal)?.clone(), u)?
        }
    };
    Ok((seat, action, false))
}

/// One change to an action: a field replaced, removed or added.
fn mutate(action: Value, u: &mut Unstructured) -> Result<Value> {
    let Value::Object(mut fields) = action else {
        return arbitrary_json(u, 2);
    };
    let keys: Vec<String> = fields.keys().cloned().collect();
    match u.int_in_range(0..=2u8)? {
        0 if !keys.is_empty() => {
            let key = u.choose(&keys)?.clone();
            let old = fields[&key].clone();
            fields.insert(key, nearby(&old, u)?);
        }
        1 if !keys.is_empty() => {
            let key = u.choose(&keys)?.clone();
            fields.remove(&key);
        }
        _ => {
            fields.insert(short_string(u)?, arbitrary_json(u, 1)?);
        }
    }
    Ok(Value::Object(fields))
}

/// A value near `old`: off-by-one and boundary numbers, or anything else.
fn nearby(old: &Value, u: &mut Unstructured) -> Result<Value> {
    if let Some(n) = old.as_i64() {
        let choices = [
            n.saturating_sub(1),
            n.saturating_add(1),
            -1,
            0,
            255,
            256,
            i64::MAX,
        ];
        if u.arbitrary()? {
            return Ok(Value::from(*u.choose(&choices)?));
        }
    }
    arbitrary_json(u, 2)
}

fn short_string(u: &mut Unstructured) -> Result<String> {
    const WORDS: &[&str] = &[
        "kind", "slot", "from", "onto", "owner", "card", "seat", "target", "choice", "",
    ];
    if u.arbitrary()? {
        Ok(u.choose(WORDS)?.to_string())
    } else {
        let len = u.int_in_range(0..=8)?;
        (0..len).map(|_| u.arbitrary::<char>()).collect()
    }
}

/// Arbitrary JSON up to `depth` levels of nesting.
fn arbitrary_json(u: &mut Unstructured, depth: u8) -> Result<Value> {
    let top = if depth == 0 { 4 } else { 6 };
    Ok(match u.int_in_range(0..=top)? {
        0 => Value::Null,
        1 => Value::Bool(u.arbitrary()?),
        2 => Value::from(u.arbitrary::<i64>()?),
        3 => Value::from(u.arbitrary::<f64>()?),
        4 => Value::String(short_string(u)?),
        5 => {
            let len = u.int_in_range(0..=4)?;
            let mut items = Vec::with_capacity(len);
            for _ in 0..len {
                items.push(arbitrary_json(u, depth - 1)?);
            }
            Value::Array(items)
        }
        _ => {
            let len = u.int_in_range(0..=4)?;
            let mut fields = Map::new();
            for _ in 0..len {
                fields.insert(short_string(u)?, arbitrary_json(u, depth - 1)?);
            }
            Value::Object(fields)
        }
    })
}
