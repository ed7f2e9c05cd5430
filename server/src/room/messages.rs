//! What a room sends: each message built for one viewer from the table.

use cubicle_games::{Table, Viewer};
use cubicle_protocol::{ErrorCode, EventSeq, GameSnapshot, GameUpdate, LoggedEvent, ServerMessage};

use axum::extract::ws::Utf8Bytes;

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

fn legal(table: &dyn Table, viewer: Viewer) -> Vec<serde_json::Value> {
    viewer
        .seat()
        .map(|seat| table.legal(seat))
        .unwrap_or_default()
}

fn events(table: &dyn Table, viewer: Viewer, after: EventSeq) -> Vec<LoggedEvent> {
    (after + 1..=table.last_seq())
        .map(|seq| LoggedEvent {
            seq,
            event: table.event(seq, viewer),
        })
        .collect()
}

pub fn snapshot(table: &dyn Table, viewer: Viewer) -> ServerMessage {
    ServerMessage::Snapshot {
        game: GameSnapshot {
            game: table.game().to_owned(),
            board: table.board(),
            log: events(table, viewer, 0),
            view: table.view(viewer),
            legal: legal(table, viewer),
            seq: table.last_seq(),
            outcome: table.outcome(),
            // The room's actor adds its armed deadline (`clock::stamp`).
            deadline_at: None,
            deadline_seats: Vec::new(),
        },
    }
}

/// The events after `after`, with the current view.
pub fn update(table: &dyn Table, viewer: Viewer, after: EventSeq) -> ServerMessage {
    ServerMessage::Update {
        update: GameUpdate {
            events: events(table, viewer, after),
            view: table.view(viewer),
            legal: legal(table, viewer),
            seq: table.last_seq(),
            outcome: table.outcome(),
            // The room's actor adds its armed deadline (`clock::stamp`).
            deadline_at: None,
            deadline_seats: Vec::new(),
        },
    }
}

/// What a (re)connecting client gets: an update from `since` when it is
/// recent enough, else a snapshot.
pub fn catch_up(table: &dyn Table, viewer: Viewer, since: Option<EventSeq>) -> ServerMessage {
    let last = table.last_seq();
    match since {
        Some(since) if since > 0 && since <= last && last - since <= MAX_RESUME_EVENTS => {
            update(table, viewer, since)
        }
        _ => snapshot(table, viewer),
    }
}
