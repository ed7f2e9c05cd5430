//! Provably fair dealing (docs/fairness.md).
//!
//! The server draws a room's seed at creation and publishes only its
//! SHA-256, the commitment. Each player adds a contribution of their own
//! when taking a seat. The game's seed, which every deal, draw and roll
//! comes from, is derived from the server's seed and every contribution:
//! the server cannot pick it (it committed before seeing the players'
//! shares) and no player can (the server's seed stays secret until the
//! game is over). Then the seed is revealed, and a [`GameRecord`] lets
//! anyone replay the game with the rules and compare every event with what
//! each seat was shown ([`verify`]).

use cubicle_games::chance::Seed;
use cubicle_games::{catalog, ActError, PlayerProfile, SeededChance, SetupError, Table, Viewer};
use cubicle_protocol::record::{
    GameRecord, RecordedAction, Replay, ReplayStep, SeenLog, RECORD_FORMAT, RECORD_VERSION,
};
use cubicle_protocol::{LoggedEvent, Outcome, Seat};
use serde_json::Value;
use sha2::{Digest, Sha256};
use std::ops::RangeInclusive;

use crate::store::RoomRecord;

/// Longest contribution, in hex digits (32 bytes).
pub const MAX_CONTRIBUTION: usize = 64;

/// Separates this derivation from any other use of SHA-256 on the seed.
const GAME_SEED_DOMAIN: &[u8] = b"cubicle game seed v1\0";

/// The room's published commitment: SHA-256 of the server's seed, hex.
pub fn commitment(server_seed: &Seed) -> String {
    hex::encode(Sha256::digest(server_seed))
}

/// Checks a player's contribution: 1 to [`MAX_CONTRIBUTION`] lowercase hex
/// digits (one canonical spelling, so the record reads back the same).
pub fn check_contribution(contribution: &str) -> Result<(), String> {
    let ok = (1..=MAX_CONTRIBUTION).contains(&contribution.len())
        && contribution
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
    if ok {
        Ok(())
    } else {
        Err(format!(
            "contribution must be 1 to {MAX_CONTRIBUTION} lowercase hex digits"
        ))
    }
}

/// The seed a game is dealt from. `None` (a game started before players
/// contributed) is the server's seed itself, as such games were dealt.
/// Otherwise SHA-256 over a domain tag, the server's seed and each seat's
/// contribution in seat order, each prefixed by its length, so that no two
/// different lists hash the same bytes.
pub fn game_seed(server_seed: &Seed, contributions: Option<&[String]>) -> Seed {
    let Some(contributions) = contributions else {
        return *server_seed;
    };
    let mut hash = Sha256::new();
    hash.update(GAME_SEED_DOMAIN);
    hash.update(server_seed);
    hash.update((contributions.len() as u32).to_be_bytes());
    for c in contributions {
        hash.update((c.len() as u32).to_be_bytes());
        hash.update(c.as_bytes());
    }
    hash.finalize().into()
}

/// Why a room has no record to give.
#[derive(Debug, thiserror::Error)]
pub enum RecordError {
    #[error("the game is not over: its seed is revealed only then")]
    NotOver,
    #[error("the stored game does not replay: {0}")]
    Replay(#[from] VerifyError),
}

/// The record of a finished game, from the store (replayed to give the
/// events as each seat saw them). Whether the game is over is the replay's
/// answer: the last action is durable before anyone sees the outcome, while
/// the room's finished status is written just after.
pub fn record(room: &RoomRecord) -> Result<GameRecord, RecordError> {
    let Some(setup) = &room.setup else {
        return Err(RecordError::NotOver);
    };
    let (options, _clock) = crate::room::split_options(room.options.clone())
        .map_err(|e| VerifyError::Setup(format!("options: {e}")))?;
    let actions: Vec<RecordedAction> = room
        .actions
        .iter()
        .map(|a| RecordedAction {
            seq: a.seq,
            seat: a.seat,
            origin: a.origin.as_str().to_owned(),
            action: a.action.clone(),
        })
        .collect();
    let setup: Vec<Value> = setup
        .iter()
        .map(|p| serde_json::to_value(p).expect("profiles serialize"))
        .collect();
    let mut names = vec![String::new(); room.seat_count];
    for s in &room.seats {
        if let Some(name) = names.get_mut(usize::from(s.seat)) {
            name.clone_from(&s.name);
        }
    }
    let seed = game_seed(&room.seed, room.contributions.as_deref());
    let table = replay(&room.game, &options, &setup, &seed, &actions, |_, _, _| {
        Ok(())
    })?;
    let Some(outcome) = table.outcome() else {
        return Err(RecordError::NotOver);
    };
    let seen = Viewer::all(table.seats())
        .map(|viewer| SeenLog {
            seat: viewer.seat(),
            log: (1..=table.last_seq())
                .map(|seq| LoggedEvent {
                    seq,
                    event: table.event(seq, viewer),
                })
                .collect(),
        })
        .collect();
    Ok(GameRecord {
        format: RECORD_FORMAT.to_owned(),
        version: RECORD_VERSION,
        room: room.id.clone(),
        game: room.game.clone(),
        options,
        players: names,
        setup,
        seed_commitment: commitment(&room.seed),
        server_seed: hex::encode(room.seed),
        contributions: room.contributions.clone(),
        actions,
        seen,
        outcome: Some(outcome),
    })
}

/// A finished game, the `number`th of its room, to step through with
/// everything revealed: after the deal and after each action, the table
/// as a spectator saw it, that step's events, and every secret
/// ([`Table::revealed`]).
pub fn replay_of(record: &GameRecord, number: u32) -> Result<Replay, VerifyError> {
    let seed = game_seed(&revealed_seed(record)?, record.contributions.as_deref());
    let mut steps: Vec<ReplayStep> = Vec::with_capacity(record.actions.len() + 1);
    let spectator = Viewer::Spectator;
    let table = replay(
        &record.game,
        &record.options,
        &record.setup,
        &seed,
        &record.actions,
        |table, events, _| {
            steps.push(ReplayStep {
                action: steps
                    .len()
                    .checked_sub(1)
                    .map(|index| record.actions[index].clone()),
                view: serde_json::from_str(table.view_json(spectator).get())
                    .expect("views are JSON"),
                events: events
                    .map(|seq| LoggedEvent {
                        seq,
                        event: table.event(seq, spectator),
                    })
                    .collect(),
                revealed: table.revealed(),
            });
            Ok(())
        },
    )?;
    Ok(Replay {
        room: record.room.clone(),
        game: record.game.clone(),
        number,
        players: record.players.clone(),
        board: serde_json::from_str(table.board_json().get()).expect("boards are JSON"),
        outcome: table.outcome(),
        steps,
    })
}

/// The record's server seed, checked against its commitment.
fn revealed_seed(record: &GameRecord) -> Result<Seed, VerifyError> {
    let mut server_seed: Seed = [0; 32];
    hex::decode_to_slice(&record.server_seed, &mut server_seed)
        .map_err(|_| VerifyError::BadSeed)?;
    let actual = commitment(&server_seed);
    if actual != record.seed_commitment {
        return Err(VerifyError::Commitment {
            committed: record.seed_commitment.clone(),
            actual,
        });
    }
    Ok(server_seed)
}

/// What [`verify`] found in an honest record.
#[derive(Debug, Clone, PartialEq)]
pub struct Verified {
    pub game: String,
    pub actions: usize,
    pub events: u64,
    /// Whether the players contributed to the seed (false for games dealt
    /// before contributions existed: the server alone chose those deals).
    pub contributed: bool,
    pub outcome: Option<Outcome>,
}

/// Why a record fails. Each message says what does not match and where.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum VerifyError {
    #[error("not a Cubicle game record (format {0:?}, version {1})")]
    Format(String, u32),
    #[error("the server seed is not 64 hex digits")]
    BadSeed,
    #[error(
        "the server seed does not match the commitment: SHA-256 of the seed is {actual}, the room committed to {committed}"
    )]
    Commitment { committed: String, actual: String },
    #[error("seat {seat}'s contribution is invalid: {why}")]
    Contribution { seat: usize, why: String },
    #[error("{0} contributions for {1} seats")]
    ContributionCount(usize, usize),
    #[error("unknown game {0:?}")]
    UnknownGame(String),
    #[error("the game cannot be set up from the record: {0}")]
    Setup(String),
    #[error("action {seq} is numbered {found}: actions are numbered from 1 without gaps")]
    Numbering { seq: u64, found: u64 },
    #[error("action {seq} by seat {seat} is refused by the rules: {error}")]
    Refused { seq: u64, seat: Seat, error: String },
    #[error("the record has {found} logs of what was seen; {seats} seats and a spectator make {expected}")]
    SeenCount {
        found: usize,
        seats: usize,
        expected: usize,
    },
    #[error("the logs of what was seen are not in seat order, then the spectator's")]
    SeenOrder,
    #[error(
        "{viewer} was shown something else at event {event} ({cause}): the record says {recorded}, the replay gives {replayed}"
    )]
    Mismatch {
        viewer: String,
        event: u64,
        cause: String,
        recorded: String,
        replayed: String,
    },
    #[error("the record's outcome {recorded} differs from the replay's {replayed}")]
    Outcome { recorded: String, replayed: String },
}

/// Replays `record` with the rules and checks every event each viewer was
/// shown, and the outcome, against the replay.
pub fn verify(record: &GameRecord) -> Result<Verified, VerifyError> {
    if record.format != RECORD_FORMAT || record.version != RECORD_VERSION {
        return Err(VerifyError::Format(record.format.clone(), record.version));
    }
    let server_seed = revealed_seed(record)?;
    if let Some(contributions) = &record.contributions {
        if contributions.len() != record.setup.len() {
            return Err(VerifyError::ContributionCount(
                contributions.len(),
                record.setup.len(),
            ));
        }
        for (seat, c) in contributions.iter().enumerate() {
            // A bot's seat contributes nothing; anything else is checked.
            if !c.is_empty() {
                check_contribution(c).map_err(|why| VerifyError::Contribution { seat, why })?;
            }
        }
    }
    let seats = record.setup.len();
    let viewers = || (0..seats as Seat).map(Some).chain(std::iter::once(None));
    if record.seen.len() != seats + 1 {
        return Err(VerifyError::SeenCount {
            found: record.seen.len(),
            seats,
            expected: seats + 1,
        });
    }
    if !record.seen.iter().map(|l| l.seat).eq(viewers()) {
        return Err(VerifyError::SeenOrder);
    }
    let seed = game_seed(&server_seed, record.contributions.as_deref());
    // Each step's events are compared as soon as they happen, so that the
    // first difference is the one reported: a changed deal shows at the
    // deal, not later as an action the changed cards forbid.
    let compare = |table: &dyn Table, events: RangeInclusive<u64>, cause: &dyn Fn() -> String| {
        for (log, viewer) in record.seen.iter().zip(Viewer::all(seats)) {
            for seq in events.clone() {
                let recorded = log.log.get(seq as usize - 1);
                let replayed = LoggedEvent {
                    seq,
                    event: table.event(seq, viewer),
                };
                // Read in today's form: a record downloaded before a change
                // of the wire form of the same events still verifies.
                let recorded_now = recorded.map(|r| LoggedEvent {
                    seq: r.seq,
                    event: r.event.as_ref().map(|e| table.current_form(e)),
                });
                if recorded_now.as_ref() != Some(&replayed) {
                    return Err(VerifyError::Mismatch {
                        viewer: viewer_name(viewer),
                        event: seq,
                        cause: cause(),
                        recorded: describe(recorded),
                        replayed: describe(Some(&replayed)),
                    });
                }
            }
        }
        Ok(())
    };
    let table = replay(
        &record.game,
        &record.options,
        &record.setup,
        &seed,
        &record.actions,
        compare,
    )?;
    let last_event = table.last_seq();
    let outcome = table.outcome();
    for (log, viewer) in record.seen.iter().zip(Viewer::all(seats)) {
        if let Some(extra) = log.log.get(last_event as usize) {
            return Err(VerifyError::Mismatch {
                viewer: viewer_name(viewer),
                event: extra.seq,
                cause: "after the last action".to_owned(),
                recorded: describe(Some(extra)),
                replayed: describe(None),
            });
        }
    }
    if record.outcome != outcome {
        let show = |o: &Option<Outcome>| serde_json::to_string(o).expect("outcomes serialize");
        return Err(VerifyError::Outcome {
            recorded: show(&record.outcome),
            replayed: show(&outcome),
        });
    }
    Ok(Verified {
        game: record.game.clone(),
        actions: record.actions.len(),
        events: last_event,
        contributed: record.contributions.is_some(),
        outcome,
    })
}

fn describe(event: Option<&LoggedEvent>) -> String {
    match event {
        None => "no event".to_owned(),
        Some(LoggedEvent { event: None, .. }) => "nothing visible".to_owned(),
        Some(LoggedEvent {
            event: Some(event), ..
        }) => event.to_string(),
    }
}

fn viewer_name(viewer: Viewer) -> String {
    match viewer {
        Viewer::Seat(seat) => format!("seat {seat}"),
        Viewer::Spectator => "a spectator".to_owned(),
    }
}

/// Replays a game, calling `step` after the set-up and after each action
/// with the events it made and what made them; gives the table at the end.
fn replay(
    game: &str,
    options: &Value,
    setup: &[Value],
    seed: &Seed,
    actions: &[RecordedAction],
    mut step: impl FnMut(
        &dyn Table,
        RangeInclusive<u64>,
        &dyn Fn() -> String,
    ) -> Result<(), VerifyError>,
) -> Result<Box<dyn Table>, VerifyError> {
    let entry = catalog::find(game).ok_or_else(|| VerifyError::UnknownGame(game.to_owned()))?;
    let profiles = setup
        .iter()
        .map(|p| serde_json::from_value::<PlayerProfile>(p.clone()))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| VerifyError::Setup(format!("setup: {e}")))?;
    let mut table: Box<dyn Table> = (entry.start)(&profiles, options, seed)
        .map_err(|e: SetupError| VerifyError::Setup(e.to_string()))?;
    step(table.as_ref(), 1..=table.last_seq(), &|| {
        "the deal at the start".to_owned()
    })?;
    for (index, action) in actions.iter().enumerate() {
        let seq = index as u64 + 1;
        if action.seq != seq {
            return Err(VerifyError::Numbering {
                seq,
                found: action.seq,
            });
        }
        let before = table.last_seq();
        table
            .apply(
                action.seat,
                &action.action,
                &mut SeededChance::new(seed, seq),
            )
            .map_err(|error: ActError| VerifyError::Refused {
                seq,
                seat: action.seat,
                error: error.to_string(),
            })?;
        step(table.as_ref(), before + 1..=table.last_seq(), &|| {
            format!("after action {seq} by seat {}", action.seat)
        })?;
    }
    Ok(table)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contributions_are_lowercase_hex_of_sensible_length() {
        assert!(check_contribution("0123456789abcdef").is_ok());
        assert!(check_contribution(&"f".repeat(64)).is_ok());
        for bad in ["", "ABCDEF", "xyz", "12 34", &"a".repeat(65)] {
            assert!(check_contribution(bad).is_err(), "{bad:?} accepted");
        }
    }

    #[test]
    fn every_contribution_changes_the_game_seed() {
        let server = [9; 32];
        let base = vec!["00".to_owned(), "11".to_owned()];
        let seed = game_seed(&server, Some(&base));
        assert_ne!(seed, server);
        let changed = vec!["00".to_owned(), "12".to_owned()];
        assert_ne!(game_seed(&server, Some(&changed)), seed);
        // Moving a digit between seats is a different list too.
        let moved = vec!["001".to_owned(), "1".to_owned()];
        assert_ne!(game_seed(&server, Some(&moved)), seed);
        assert_ne!(game_seed(&[8; 32], Some(&base)), seed);
        // Games dealt before contributions keep the server's seed.
        assert_eq!(game_seed(&server, None), server);
    }

    #[test]
    fn the_commitment_is_the_seeds_sha256() {
        // SHA-256 of 32 zero bytes.
        assert_eq!(
            commitment(&[0; 32]),
            "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925"
        );
    }
}
