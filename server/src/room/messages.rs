//! What a room sends: each message built for one viewer from the table.
//!
//! Game messages (`snapshot`, `update`) are written straight to JSON text:
//! the table hands over each view, legal list and event already serialized
//! ([`RawValue`]), and the envelope below only splices them together, so no
//! `serde_json::Value` tree is built per viewer. The envelope has the wire
//! shape of [`ServerMessage::Snapshot`] and [`ServerMessage::Update`]
//! (docs/protocol.md); a test below holds the two together.
//!
//! An update for a connection that asked for patches carries the view as a
//! JSON Patch (RFC 6902) from the previous view (`patch.rs`); which
//! connections may get one is the actor's business (`actor/views.rs`).

use cubicle_games::{Table, Viewer};
use cubicle_protocol::{ErrorCode, EventSeq, Outcome, Seat, ServerMessage};

use super::clock::Armed;
use crate::boards;

use axum::extract::ws::Utf8Bytes;
use serde::Serialize;
use serde_json::value::RawValue;

/// Most events a reconnecting client may have missed and still get an
/// `update`; further behind, it gets a `snapshot` (which carries the whole
/// log anyway).
pub const MAX_RESUME_EVENTS: EventSeq = 256;

pub fn text(message: &ServerMessage) -> Utf8Bytes {
    // Server messages are plain data: serialization cannot fail.
    serde_json::to_string(message)
        .expect("server messages serialize")
        .into()
}

pub fn error(code: ErrorCode, message: impl Into<String>, id: Option<String>) -> ServerMessage {
    ServerMessage::Error {
        code,
        message: message.into(),
        id,
    }
}

/// `ServerMessage::Snapshot` and `::Update`, with the game's parts as JSON
/// text.
#[derive(Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
enum GameMessage {
    Snapshot { game: Snapshot },
    Update { update: Update },
}

/// `cubicle_protocol::GameSnapshot`, field for field.
#[derive(Serialize)]
struct Snapshot {
    game: &'static str,
    /// Left out for a connection that holds it (`boards.rs`).
    #[serde(skip_serializing_if = "Option::is_none")]
    board: Option<Box<RawValue>>,
    log: Vec<Logged>,
    view: Box<RawValue>,
    legal: Box<RawValue>,
    seq: EventSeq,
    outcome: Option<Outcome>,
    #[serde(skip_serializing_if = "Option::is_none")]
    deadline_at: Option<u64>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    deadline_seats: Vec<Seat>,
}

/// `cubicle_protocol::GameUpdate`, field for field.
#[derive(Serialize)]
struct Update {
    events: Vec<Logged>,
    #[serde(skip_serializing_if = "Option::is_none")]
    view: Option<Box<RawValue>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    view_patch: Option<Box<RawValue>>,
    /// Left out when empty, as `outcome` until the game ends: an update
    /// goes mostly to seats that are not asked anything (docs/protocol.md,
    /// `update`).
    #[serde(skip_serializing_if = "is_empty_list")]
    legal: Box<RawValue>,
    seq: EventSeq,
    #[serde(skip_serializing_if = "Option::is_none")]
    outcome: Option<Outcome>,
    #[serde(skip_serializing_if = "Option::is_none")]
    deadline_at: Option<u64>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    deadline_seats: Vec<Seat>,
}

fn is_empty_list(json: &RawValue) -> bool {
    json.get() == "[]"
}

/// `cubicle_protocol::LoggedEvent`.
#[derive(Serialize)]
struct Logged {
    seq: EventSeq,
    #[serde(skip_serializing_if = "Option::is_none")]
    event: Option<Box<RawValue>>,
}

fn game_text(message: &GameMessage) -> Utf8Bytes {
    // Game data serialized once already; splicing it cannot fail.
    serde_json::to_string(message)
        .expect("game messages serialize")
        .into()
}

fn legal(table: &dyn Table, viewer: Viewer) -> Box<RawValue> {
    match viewer.seat() {
        Some(seat) => table.legal_json(seat),
        None => RawValue::from_string("[]".to_owned()).expect("[] is JSON"),
    }
}

fn events(table: &dyn Table, viewer: Viewer, after: EventSeq) -> Vec<Logged> {
    (after + 1..=table.last_seq())
        .map(|seq| Logged {
            seq,
            event: table.event_json(seq, viewer),
        })
        .collect()
}

/// The armed deadline as every viewer is shown it: when, and for whom.
fn deadline(armed: Option<&Armed>) -> (Option<u64>, Vec<Seat>) {
    match armed {
        Some(a) => (Some(a.at_ms), a.seats()),
        None => (None, Vec::new()),
    }
}

/// The whole game as `viewer` may see it, with the deadline armed now;
/// without its board if the connection holds it (`held_board`, the digest
/// its hello gave: `boards.rs`).
pub fn snapshot(
    table: &dyn Table,
    viewer: Viewer,
    armed: Option<&Armed>,
    held_board: Option<&str>,
) -> Utf8Bytes {
    let (deadline_at, deadline_seats) = deadline(armed);
    let board = table.board_json();
    let board = (!boards::held(table.game(), &board, held_board)).then_some(board);
    game_text(&GameMessage::Snapshot {
        game: Snapshot {
            game: table.game(),
            board,
            log: events(table, viewer, 0),
            view: table.view_json(viewer),
            legal: legal(table, viewer),
            seq: table.last_seq(),
            outcome: table.outcome(),
            deadline_at,
            deadline_seats,
        },
    })
}

/// The events after `after`, with the current view and deadline.
pub fn update(
    table: &dyn Table,
    viewer: Viewer,
    after: EventSeq,
    armed: Option<&Armed>,
) -> Utf8Bytes {
    update_with(
        table,
        viewer,
        after,
        armed,
        ViewPart::Whole(table.view_json(viewer)),
    )
}

/// How an update carries the view.
pub enum ViewPart {
    /// `view`: the view whole, as `Table::view_json` wrote it.
    Whole(Box<RawValue>),
    /// `view_patch`: a patch (`patch::view_patch`) from the view the
    /// connection holds.
    Patch(Box<RawValue>),
}

/// [`update`] with the view already made, whole or as a patch.
pub fn update_with(
    table: &dyn Table,
    viewer: Viewer,
    after: EventSeq,
    armed: Option<&Armed>,
    part: ViewPart,
) -> Utf8Bytes {
    let (deadline_at, deadline_seats) = deadline(armed);
    let (view, view_patch) = match part {
        ViewPart::Whole(view) => (Some(view), None),
        ViewPart::Patch(patch) => (None, Some(patch)),
    };
    game_text(&GameMessage::Update {
        update: Update {
            events: events(table, viewer, after),
            view,
            view_patch,
            legal: legal(table, viewer),
            seq: table.last_seq(),
            outcome: table.outcome(),
            deadline_at,
            deadline_seats,
        },
    })
}

/// What a (re)connecting client gets: an update from `since` when it is
/// recent enough, else a snapshot.
pub fn catch_up(
    table: &dyn Table,
    viewer: Viewer,
    since: Option<EventSeq>,
    armed: Option<&Armed>,
    held_board: Option<&str>,
) -> Utf8Bytes {
    let last = table.last_seq();
    match since {
        Some(since) if since > 0 && since <= last && last - since <= MAX_RESUME_EVENTS => {
            update(table, viewer, since, armed)
        }
        _ => snapshot(table, viewer, armed, held_board),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::room::patch::view_patch;
    use cubicle_games::{catalog, PlayerProfile, SeededChance};
    use cubicle_protocol::{GameSnapshot, GameUpdate, LoggedEvent};
    use serde_json::Value;

    /// An Office 21 table a few actions in, with secrets in its log.
    fn table() -> Box<dyn Table> {
        table_after(4)
    }

    fn table_after(steps: u64) -> Box<dyn Table> {
        let players = vec![PlayerProfile::default(); 3];
        let seed = [3; 32];
        let mut table = (catalog::find("office21").unwrap().start)(&players, &Value::Null, &seed)
            .expect("starts");
        for step in 1..=steps {
            let seat = table.to_act()[0];
            let action = table.legal(seat)[0].clone();
            table
                .apply(seat, &action, &mut SeededChance::new(&seed, step))
                .unwrap();
        }
        table
    }

    fn log(table: &dyn Table, viewer: Viewer, after: EventSeq) -> Vec<LoggedEvent> {
        (after + 1..=table.last_seq())
            .map(|seq| LoggedEvent {
                seq,
                event: table.event(seq, viewer),
            })
            .collect()
    }

    fn parse(text: Utf8Bytes) -> ServerMessage {
        serde_json::from_str(text.as_str()).expect("a server message")
    }

    #[test]
    fn game_messages_are_the_protocol_messages() {
        let table = table();
        let table = table.as_ref();
        for viewer in Viewer::all(table.seats()) {
            let legal = viewer.seat().map(|s| table.legal(s)).unwrap_or_default();
            let expected = ServerMessage::Snapshot {
                game: GameSnapshot {
                    game: "office21".into(),
                    board: table.board(),
                    log: log(table, viewer, 0),
                    view: table.view(viewer),
                    legal: legal.clone(),
                    seq: table.last_seq(),
                    outcome: None,
                    deadline_at: None,
                    deadline_seats: Vec::new(),
                },
            };
            assert_eq!(
                parse(snapshot(table, viewer, None, None)),
                expected,
                "{viewer:?}"
            );
            // A connection that holds the board gets everything else.
            let digest = &boards::fixed("office21").unwrap().digest;
            let ServerMessage::Snapshot { game: mut without } = expected.clone() else {
                unreachable!()
            };
            without.board = Value::Null;
            let text = snapshot(table, viewer, None, Some(digest));
            assert!(!text.as_str().contains("\"board\""), "{viewer:?}");
            assert_eq!(
                parse(text),
                ServerMessage::Snapshot { game: without },
                "{viewer:?}"
            );
            // Another digest (a page from before an upgrade) gets the board.
            assert_eq!(
                parse(snapshot(table, viewer, None, Some("0123456789abcdef"))),
                expected,
                "{viewer:?}"
            );
            let expected = ServerMessage::Update {
                update: GameUpdate {
                    events: log(table, viewer, 2),
                    view: table.view(viewer),
                    view_patch: None,
                    legal: legal.clone(),
                    seq: table.last_seq(),
                    outcome: None,
                    deadline_at: Some(1_234),
                    deadline_seats: vec![1],
                },
            };
            let armed = Armed {
                at_ms: 1_234,
                due: super::super::clock::Due::Clock { seats: vec![1] },
            };
            assert_eq!(
                parse(update(table, viewer, 2, Some(&armed))),
                expected.clone(),
                "{viewer:?}"
            );
            // The same update with the view as a patch from an earlier one.
            let before_text = table_after(2).view_json(viewer);
            let before: Value = serde_json::from_str(before_text.get()).unwrap();
            let patch =
                view_patch(before_text.get(), table.view_json(viewer).get()).expect("smaller");
            let ServerMessage::Update {
                update: mut patched,
            } = expected
            else {
                unreachable!()
            };
            let mut view = before.clone();
            let ops: json_patch::Patch = serde_json::from_str(patch.get()).unwrap();
            json_patch::patch(&mut view, &ops).unwrap();
            assert_eq!(view, patched.view, "{viewer:?}");
            patched.view = Value::Null;
            patched.view_patch = Some(serde_json::from_str(patch.get()).unwrap());
            assert!(!patched.view_patch.as_ref().unwrap().is_empty());
            let text = update_with(table, viewer, 2, Some(&armed), ViewPart::Patch(patch));
            assert!(!text.as_str().contains("\"view\":"), "{text}");
            assert_eq!(
                parse(text),
                ServerMessage::Update { update: patched },
                "{viewer:?}"
            );
        }
    }
}
