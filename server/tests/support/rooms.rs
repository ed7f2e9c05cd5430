//! A store full of rooms for the store tools' tests (`tests/store_tools.rs`):
//! every game in every state (a lobby, a game in progress, a finished game),
//! made through the real protocol with bots seated, and what each room
//! looks like to each of its viewers, to compare after a copy, a backup or
//! an upgrade.

use std::net::SocketAddr;
use std::time::Duration;

use cubicle_protocol::{BotLevel, ClientMessage, ErrorCode, RoomStatus, Seat, ServerMessage};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use super::osaki::Picker;
use super::{dilbert, office21, Client, Frame, TestServer};

/// Seats in every room made: each game's table can have three.
const SEATS: u8 = 3;
/// How many actions the host of a game in progress plays, at least.
const HOST_ACTIONS: u32 = 4;
/// Silence this long after the last message means the bots are done: they
/// act at once in tests (`bot_delay_ms` 0), so a bot that owes a decision
/// speaks well within it.
const SETTLED: Duration = Duration::from_millis(600);
/// How long a room may take to reach the state it is made for.
const PATIENCE: Duration = Duration::from_secs(120);

/// A room [`make_rooms`] made: what it is and who may look at it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MadeRoom {
    /// What the room is, for failure messages: "dilbert playing".
    pub label: String,
    pub id: String,
    /// The seat tokens of the people seated (none in a game bots played
    /// alone); bots' seats have tokens nobody knows.
    pub tokens: Vec<String>,
}

/// What a room looks like from outside: its info and each viewer's view.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Look {
    pub room: MadeRoom,
    /// `GET /api/rooms/{id}` with nobody connected.
    pub info: Value,
    /// Each token's view in order, then a spectator's.
    pub viewers: Vec<ViewerLook>,
}

/// One viewer's view of a room.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ViewerLook {
    pub token: Option<String>,
    /// The welcome's `you` (seat, host).
    pub you: Value,
    /// The game's snapshot as the server sent it, to the byte, except its
    /// board (see [`without_board`]); none in a lobby.
    pub snapshot: Option<String>,
}

/// For each game: a lobby (the host seated, a bot seated, a seat free), a
/// game in progress (the host and two bots; the host played a few times and
/// the game waits for the host, with no deadline armed, so nothing moves
/// until someone acts) and a finished game (bots alone, started by a host
/// who did not sit).
pub async fn make_rooms(server: &TestServer) -> Vec<MadeRoom> {
    let mut rooms = Vec::new();
    for (n, game) in ["osaki", "office21", "dilbert"].into_iter().enumerate() {
        rooms.push(lobby(server, game).await);
        rooms.extend(playing(server, game, n as u64 + 1).await);
        rooms.push(finished(server, game).await);
    }
    rooms
}

/// What every room of `rooms` looks like on the server at `addr`.
pub async fn look_all(addr: SocketAddr, rooms: &[MadeRoom]) -> Vec<Look> {
    let mut looks = Vec::new();
    for room in rooms {
        looks.push(look(addr, room).await);
    }
    looks
}

/// What `room` looks like: its info first (before any connection of ours
/// shows in it), then each viewer's welcome and snapshot, one connection
/// at a time.
pub async fn look(addr: SocketAddr, room: &MadeRoom) -> Look {
    let response = reqwest::get(format!("http://{addr}/api/rooms/{}", room.id))
        .await
        .expect("GET the room");
    assert_eq!(response.status(), 200, "{}: the room is there", room.label);
    let info = response.json().await.expect("room info");
    let mut viewers = Vec::new();
    for token in room.tokens.iter().map(Some).chain([None]) {
        viewers.push(viewer_look(addr, &room.id, token.map(String::as_str)).await);
    }
    Look {
        room: room.clone(),
        info,
        viewers,
    }
}

/// Asserts that every room looks on the server at `addr` as in `expected`.
pub async fn assert_looks(addr: SocketAddr, expected: &[Look], what: &str) {
    for old in expected {
        let now = look(addr, &old.room).await;
        assert_eq!(
            stored_info(&fields_of(&now.info, &old.info)),
            stored_info(&old.info),
            "{what}: {}: room info",
            old.room.label
        );
        assert_eq!(now.viewers.len(), old.viewers.len());
        for (now, old_viewer) in now.viewers.iter().zip(&old.viewers) {
            assert_eq!(
                now, old_viewer,
                "{what}: {}: the view of {:?}",
                old.room.label, old_viewer.token
            );
        }
    }
}

/// `now` with only the top-level fields `old` has: a field a later release
/// added to the room info (the seed commitment) is new, not a change.
fn fields_of(now: &Value, old: &Value) -> Value {
    let mut now = now.clone();
    if let (Some(now), Some(old)) = (now.as_object_mut(), old.as_object()) {
        now.retain(|key, _| old.contains_key(key));
    }
    now
}

/// A room's info without who is connected, which no store keeps: a room
/// looked at while its players were there is the same room restored later.
pub fn stored_info(info: &Value) -> Value {
    let mut info = info.clone();
    info["host_connected"] = json!(false);
    info["spectators"] = json!(0);
    for seat in info["seats"].as_array_mut().expect("seats") {
        seat["connected"] = json!(false);
    }
    info
}

/// A snapshot's text with its board replaced by `null`. The board (a map,
/// the cards' printed texts) comes from the code, never from the store, so
/// it says nothing about a copy or a restore; and a later release that
/// corrects a card's text must not fail the fixtures of earlier ones.
pub fn without_board(snapshot: &str) -> String {
    const KEY: &str = r#","board":"#;
    let start = snapshot.find(KEY).expect("a snapshot has a board") + KEY.len();
    assert!(
        !snapshot[..start].contains(r#""log":"#),
        "the board comes before anything a player wrote: {snapshot}"
    );
    let mut board =
        serde_json::Deserializer::from_str(&snapshot[start..]).into_iter::<serde::de::IgnoredAny>();
    board.next().expect("a board").expect("the board is JSON");
    let end = start + board.byte_offset();
    format!("{}null{}", &snapshot[..start], &snapshot[end..])
}

async fn viewer_look(addr: SocketAddr, room_id: &str, token: Option<&str>) -> ViewerLook {
    let mut client = Client::open(addr, room_id).await;
    let (you, room) = client.hello(token, None).await;
    let snapshot = if room.status == RoomStatus::Lobby {
        None
    } else {
        match client.recv().await {
            ServerMessage::Snapshot { .. } => client.received.last().map(|t| without_board(t)),
            other => panic!("expected a snapshot, got {other:?}"),
        }
    };
    client.close().await;
    ViewerLook {
        token: token.map(str::to_owned),
        you: serde_json::to_value(you).unwrap(),
        snapshot,
    }
}

/// The host's join answers in `game`: every game's questions answered
/// where it has any.
fn answers(game: &str) -> Vec<(&'static str, Value)> {
    match game {
        "osaki" => vec![("left_work_at", json!("21:45"))],
        "dilbert" => vec![("worst_job", json!("Counting staples"))],
        _ => Vec::new(),
    }
}

async fn lobby(server: &TestServer, game: &str) -> MadeRoom {
    let (id, mut host) = Host::create(server, game).await;
    host.sit(game).await;
    host.add_bot(1, BotLevel::Easy).await;
    host.client.close().await;
    MadeRoom {
        label: format!("{game} lobby"),
        id,
        tokens: vec![host.token],
    }
}

/// A game in progress waiting for its host; a game that ends first (an
/// Office 21 deal can end within a round) is kept as one more finished
/// room, and another is played.
async fn playing(server: &TestServer, game: &str, seed: u64) -> Vec<MadeRoom> {
    const ATTEMPTS: u64 = 5;
    let mut rooms = Vec::new();
    for attempt in 0..ATTEMPTS {
        let (room, waiting) = try_playing(server, game, seed * ATTEMPTS + attempt).await;
        rooms.push(room);
        if waiting {
            return rooms;
        }
    }
    panic!("{game}: {ATTEMPTS} games in a row ended before their host played {HOST_ACTIONS} times");
}

/// Plays the host's part until it has acted [`HOST_ACTIONS`] times and the
/// game waits for it again with no deadline armed (`true`), or until the
/// game is over (`false`).
async fn try_playing(server: &TestServer, game: &str, seed: u64) -> (MadeRoom, bool) {
    let (id, mut host) = Host::create(server, game).await;
    host.sit(game).await;
    host.add_bot(1, BotLevel::Easy).await;
    host.add_bot(2, BotLevel::Random).await;
    host.start().await;
    let mut picker = Picker::new(seed);
    let mut acted = 0;
    let deadline = tokio::time::Instant::now() + PATIENCE;
    loop {
        host.settle().await;
        assert!(tokio::time::Instant::now() < deadline, "{game}: too slow");
        if host.over {
            break;
        }
        if host.legal.is_empty() {
            continue;
        }
        if acted >= HOST_ACTIONS && !host.deadline {
            break;
        }
        let action = match game {
            "office21" => office21::pick_action(&mut picker, &host.legal),
            "dilbert" => dilbert::pick_action(&mut picker, &host.legal),
            _ => picker.pick(&host.legal),
        };
        host.act(action).await;
        acted += 1;
    }
    host.client.close().await;
    let label = if host.over {
        format!("{game} over after {acted} of the host's actions")
    } else {
        format!("{game} playing")
    };
    let room = MadeRoom {
        label,
        id,
        tokens: vec![host.token],
    };
    (room, !host.over)
}

async fn finished(server: &TestServer, game: &str) -> MadeRoom {
    let (id, mut host) = Host::create(server, game).await;
    for seat in 0..SEATS {
        host.add_bot(seat, BotLevel::Easy).await;
    }
    host.start().await;
    let label = format!("{game} finished");
    host.until(&label, |h| h.over).await;
    host.client.close().await;
    MadeRoom {
        label,
        id,
        tokens: Vec::new(),
    }
}

/// The host's connection and what it last heard.
struct Host {
    client: Client,
    /// The host token; once seated, also the seat's.
    token: String,
    seated: bool,
    bots: Vec<Seat>,
    started: bool,
    legal: Vec<Value>,
    deadline: bool,
    over: bool,
    acts: u32,
}

impl Host {
    async fn create(server: &TestServer, game: &str) -> (String, Host) {
        let created = server.create_room(game, SEATS, None).await;
        let mut client = server.client(&created.room_id).await;
        let (you, _) = client.hello(Some(&created.host_token), None).await;
        assert!(you.host);
        let host = Host {
            client,
            token: created.host_token,
            seated: false,
            bots: Vec::new(),
            started: false,
            legal: Vec::new(),
            deadline: false,
            over: false,
            acts: 0,
        };
        (created.room_id, host)
    }

    async fn sit(&mut self, game: &str) {
        self.client.send_join("Host", Some(0), &answers(game)).await;
        self.until("the host's seat", |h| h.seated).await;
    }

    async fn add_bot(&mut self, seat: Seat, level: BotLevel) {
        self.client
            .send(&ClientMessage::AddBot {
                seat: Some(seat),
                level,
            })
            .await;
        self.until("a bot seated", |h| h.bots.contains(&seat)).await;
    }

    async fn start(&mut self) {
        self.client.send(&ClientMessage::Start {}).await;
        self.until("the start", |h| h.started).await;
    }

    async fn act(&mut self, action: Value) {
        self.acts += 1;
        self.legal.clear();
        self.client
            .send(&ClientMessage::Act {
                id: format!("host-{}", self.acts),
                action,
            })
            .await;
    }

    /// Reads until nothing has come for [`SETTLED`].
    async fn settle(&mut self) {
        while let Some(frame) = self.client.frame(SETTLED).await {
            self.note(frame);
        }
    }

    /// Reads until `done` holds.
    async fn until(&mut self, what: &str, done: impl Fn(&Host) -> bool) {
        let deadline = tokio::time::Instant::now() + PATIENCE;
        while !done(self) {
            let left = deadline.saturating_duration_since(tokio::time::Instant::now());
            let frame = self.client.frame(left);
            let frame = frame
                .await
                .unwrap_or_else(|| panic!("waited too long for {what}"));
            self.note(frame);
        }
    }

    fn note(&mut self, frame: Frame) {
        let message = match frame {
            Frame::Message(message) => message,
            Frame::Close(code) => panic!("the host's connection closed ({code:?})"),
        };
        match message {
            ServerMessage::Joined { seat: 0, token } => {
                assert_eq!(
                    token, self.token,
                    "the host's seat opens with the host token"
                );
                self.seated = true;
            }
            ServerMessage::Room { room } => {
                self.bots = room
                    .seats
                    .iter()
                    .filter(|s| s.bot.is_some())
                    .map(|s| s.seat)
                    .collect();
            }
            ServerMessage::Snapshot { game } => {
                self.started = true;
                self.legal = game.legal;
                self.deadline = game.deadline_at.is_some();
                self.over = game.outcome.is_some();
            }
            ServerMessage::Update { update } => {
                self.legal = update.legal;
                self.deadline = update.deadline_at.is_some();
                self.over = update.outcome.is_some();
            }
            // An action overtaken by a bot's in a shared window is refused
            // like any late action; the next update offers new ones.
            ServerMessage::Error { code, message, .. } => assert!(
                matches!(code, ErrorCode::IllegalAction | ErrorCode::NotYourTurn),
                "{code:?}: {message}"
            ),
            _ => {}
        }
    }
}
