//! The room actor and time: deadlines fire through the same path as a
//! player's action, are logged as timeouts, and a late answer is refused.
//!
//! The rooms play Relay (`cubicle_games::testing::relay`), a test game with
//! a rules deadline, simultaneous set-up and turns. Time is tokio's: the
//! tests jump it forward ([`jump`]) instead of sleeping.

use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use cubicle_games::catalog::{self, Entry};
use cubicle_games::testing::relay::{Relay, WINDOW_MS};
use cubicle_games::Game;
use cubicle_protocol::{ErrorCode, GameUpdate, ServerMessage, TurnClock};
use serde_json::{json, Value};

use super::actor::Room;
use super::clock::{with_clock, WallClock};
use super::{ConnId, Inbox, Outbox, Request, RoomHandle};
use crate::ids::{new_room_id, TokenHash};
use crate::registry::Registry;
use crate::store::{ActionRecord, NewRoom, Origin, Store, StoreWriter, Write};

static RELAY: Entry = catalog::entry::<Relay>();

/// Longest a test waits for a message the room owes it (real time).
const WAIT: Duration = Duration::from_secs(10);

/// Moves tokio's clock (and with it the room's wall clock) forward at once.
async fn jump(by: Duration) {
    tokio::time::pause();
    tokio::time::advance(by).await;
    tokio::time::resume();
}

fn epoch_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_millis() as u64
}

struct Started {
    _dir: tempfile::TempDir,
    store: Store,
    _writer: StoreWriter,
    id: String,
    room: RoomHandle,
    /// Seat `s` is connection `s + 1`.
    inboxes: Vec<Inbox>,
    /// The deadline in the start snapshots.
    deadline: (Option<u64>, Vec<u8>),
}

impl Started {
    async fn act(&self, seat: u8, id: &str, action: &str) {
        let request = Request::Act {
            id: id.to_owned(),
            action: json!(action),
            received: Instant::now(),
        };
        self.room.request(conn(seat), request).await.unwrap();
    }

    /// The next update every seat receives; all must be alike but for the
    /// view's viewer-specific parts, which Relay does not have.
    async fn update(&mut self) -> GameUpdate {
        let mut updates = Vec::new();
        for inbox in &mut self.inboxes {
            updates.push(next_update(inbox).await);
        }
        let first = updates[0].clone();
        for u in &updates[1..] {
            assert_eq!(
                (&u.events, u.deadline_at),
                (&first.events, first.deadline_at)
            );
        }
        first
    }

    async fn log(&self) -> Vec<ActionRecord> {
        self.store
            .load_room(&self.id)
            .await
            .unwrap()
            .unwrap()
            .actions
    }
}

fn conn(seat: u8) -> ConnId {
    ConnId::from(seat) + 1
}

async fn message(inbox: &mut Inbox) -> ServerMessage {
    loop {
        let text = tokio::time::timeout(WAIT, inbox.messages.recv())
            .await
            .expect("a message in time")
            .expect("the room is running");
        match serde_json::from_str(text.as_str()).unwrap() {
            ServerMessage::Room { .. } | ServerMessage::Ack { .. } => continue,
            other => return other,
        }
    }
}

async fn next_update(inbox: &mut Inbox) -> GameUpdate {
    match message(inbox).await {
        ServerMessage::Update { update } => update,
        other => panic!("expected an update, got {other:?}"),
    }
}

async fn expect_error(inbox: &mut Inbox) -> ErrorCode {
    match message(inbox).await {
        ServerMessage::Error { code, .. } => code,
        other => panic!("expected an error, got {other:?}"),
    }
}

/// A Relay room with every seat taken, started.
async fn started(seats: u8, clock: Option<TurnClock>) -> Started {
    let dir = tempfile::tempdir().unwrap();
    let (store, writer) = Store::open(&format!("sqlite://{}", dir.path().join("t.db").display()))
        .await
        .unwrap();
    let id = new_room_id();
    store
        .write(Write::CreateRoom(NewRoom {
            id: id.clone(),
            game: Relay::ID.into(),
            seat_count: usize::from(seats),
            options: with_clock(Value::Null, clock).unwrap(),
            seed: [7; 32],
            host_token_hash: TokenHash::of("host"),
            code: crate::ids::new_room_code(),
        }))
        .await
        .unwrap();
    let record = store.load_room(&id).await.unwrap().unwrap();
    let room = Room::restore_as(&RELAY, record, store.clone(), WallClock::system()).unwrap();
    let (handle, commands) = RoomHandle::channel();
    tokio::spawn(room.run(commands, Registry::new(store.clone()), 0));

    let mut inboxes = Vec::new();
    for seat in 0..seats {
        let (outbox, mut inbox) = Outbox::channel(64);
        let token = (seat == 0).then(|| "host".to_owned());
        handle
            .connect(conn(seat), token, None, outbox)
            .await
            .unwrap();
        assert!(matches!(
            message(&mut inbox).await,
            ServerMessage::Welcome { .. }
        ));
        let join = Request::Join {
            name: format!("P{seat}"),
            seat: Some(seat),
            answers: Default::default(),
            contribution: None,
        };
        handle.request(conn(seat), join).await.unwrap();
        assert!(matches!(
            message(&mut inbox).await,
            ServerMessage::Joined { .. }
        ));
        inboxes.push(inbox);
    }
    handle.request(conn(0), Request::Start).await.unwrap();
    let mut deadline = None;
    for inbox in &mut inboxes {
        match message(inbox).await {
            ServerMessage::Snapshot { game } => {
                deadline = Some((game.deadline_at, game.deadline_seats));
            }
            other => panic!("expected a snapshot, got {other:?}"),
        }
    }
    Started {
        _dir: dir,
        store,
        _writer: writer,
        id,
        room: handle,
        inboxes,
        deadline: deadline.unwrap(),
    }
}

fn event(update: &GameUpdate) -> (u64, String) {
    let event = update.events.last().unwrap().event.clone().unwrap();
    (
        event["seat"].as_u64().unwrap(),
        event["action"].as_str().unwrap().to_owned(),
    )
}

#[tokio::test]
async fn a_rules_deadline_plays_its_action_as_a_logged_timeout_and_a_late_answer_is_refused() {
    let mut t = started(2, None).await;
    assert_eq!(
        t.deadline,
        (None, vec![]),
        "no clock, no rules deadline yet"
    );
    t.act(0, "r0", "ready").await;
    t.update().await;
    t.act(1, "r1", "ready").await;
    t.update().await;

    // An answer in time is the player's own.
    t.act(0, "a0", "ask").await;
    let before = epoch_ms();
    let asked = t.update().await;
    let at = asked.deadline_at.expect("the window has a deadline");
    assert_eq!(asked.deadline_seats, [1]);
    assert!(at >= before - 1_000 + WINDOW_MS && at <= epoch_ms() + WINDOW_MS);
    jump(Duration::from_millis(WINDOW_MS - 200)).await;
    t.act(1, "y1", "answer").await;
    assert_eq!(event(&t.update().await), (1, "answer".to_owned()));

    // Unanswered, the window closes itself at its deadline.
    t.act(1, "a1", "ask").await;
    let asked = t.update().await;
    assert_eq!(asked.deadline_seats, [0]);
    jump(Duration::from_millis(WINDOW_MS + 200)).await;
    let closed = t.update().await;
    assert_eq!(event(&closed), (0, "decline".to_owned()));
    assert_eq!(
        closed.deadline_at, None,
        "turns have no deadline without a clock"
    );
    let log = t.log().await;
    let last = log.last().unwrap();
    assert_eq!((last.seq, last.seat, last.origin), (6, 0, Origin::Timeout));
    assert_eq!(
        (last.client_id.as_str(), &last.action),
        ("timeout:6", &json!("decline"))
    );
    assert!(log[..5].iter().all(|a| a.origin == Origin::Player));

    // Seat 0's answer comes too late: it is no longer legal.
    t.act(0, "late", "answer").await;
    assert_eq!(
        expect_error(&mut t.inboxes[0]).await,
        ErrorCode::IllegalAction
    );
    // The room's own ids are not a client's to use.
    t.act(0, "timeout:6", "pass").await;
    assert_eq!(
        expect_error(&mut t.inboxes[0]).await,
        ErrorCode::BadActionId
    );
    // A retry of an applied action is still acknowledged, not applied.
    t.act(1, "a1", "ask").await;
    match tokio::time::timeout(WAIT, t.inboxes[1].messages.recv()).await {
        Ok(Some(text)) => assert_eq!(
            serde_json::from_str::<ServerMessage>(text.as_str()).unwrap(),
            ServerMessage::Ack { id: "a1".into() }
        ),
        other => panic!("expected an ack, got {other:?}"),
    }
    assert_eq!(t.log().await.len(), 6);
}

#[tokio::test]
async fn the_turn_clock_plays_for_every_seat_whose_time_ran_out() {
    let clock = TurnClock {
        per_decision_ms: 30_000,
    };
    let mut t = started(3, Some(clock)).await;
    let (start_deadline, seats) = t.deadline.clone();
    let start_deadline = start_deadline.expect("the clock runs from the start");
    assert_eq!(seats, [0, 1, 2], "set-up is everyone's decision");

    jump(Duration::from_secs(10)).await;
    t.act(1, "r1", "ready").await;
    let readied = t.update().await;
    assert_eq!(
        (readied.deadline_at, readied.deadline_seats.clone()),
        (Some(start_deadline), vec![0, 2]),
        "the others keep the time they were asked at"
    );

    jump(Duration::from_secs(21)).await;
    let mut timed_out = Vec::new();
    for _ in 0..2 {
        timed_out.push(event(&t.update().await));
    }
    assert_eq!(
        timed_out,
        [(0, "ready".to_owned()), (2, "ready".to_owned())]
    );
    let log = t.log().await;
    let origins: Vec<(u8, Origin)> = log.iter().map(|a| (a.seat, a.origin)).collect();
    assert_eq!(
        origins,
        [
            (1, Origin::Player),
            (0, Origin::Timeout),
            (2, Origin::Timeout)
        ]
    );
    // Play begins: seat 0 has a full period from then, and passes (Relay's
    // safest move) when it runs out.
    let fired_at = log[2].at_ms;
    jump(Duration::from_secs(31)).await;
    let passed = t.update().await;
    assert_eq!(event(&passed), (0, "pass".to_owned()));
    let log = t.log().await;
    assert_eq!(log[3].origin, Origin::Timeout);
    assert!(log[3].at_ms >= fired_at + clock.per_decision_ms);
    assert_eq!(
        passed.deadline_at,
        Some(log[3].at_ms + clock.per_decision_ms)
    );
    assert_eq!(passed.deadline_seats, [1]);
}
