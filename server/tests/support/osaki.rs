//! Osaki tables for server tests: scripted deals, seating and starting
//! players through the protocol, playing legal actions and checking that
//! nothing hidden ever reaches anyone.

use std::collections::HashSet;

use cubicle_protocol::osaki::{Character, Fixture, Options, Task, Tile};
use std::net::SocketAddr;

use cubicle_protocol::{
    ClientMessage, EventSeq, GameSnapshot, GameUpdate, LoggedEvent, Outcome, RoomCreated,
    RoomStatus, Seat, ServerMessage,
};
use serde_json::Value;

use super::{Client, TestServer};

/// A scripted deal every test knows by heart: character `c` (index `ci`)
/// gives seat `s` task `(ci + s) % 4`, or with 2 players the tasks
/// `(ci + s) % 4` and `(ci + s + 2) % 4`. With 3 players task `(ci + 3) % 4`
/// stays in the box.
pub fn deal(seats: usize) -> Vec<Vec<Tile>> {
    (0..seats)
        .map(|s| {
            Character::ALL
                .iter()
                .enumerate()
                .flat_map(|(ci, &character)| {
                    let tasks: Vec<usize> = if seats == 2 {
                        vec![(ci + s) % 4, (ci + s + 2) % 4]
                    } else {
                        vec![(ci + s) % 4]
                    };
                    tasks.into_iter().map(move |t| Tile {
                        character,
                        task: Task::ALL[t],
                    })
                })
                .collect()
        })
        .collect()
}

/// Creation options with [`deal`] and seat 0 to start.
pub fn fixture_options(seats: usize) -> Value {
    serde_json::to_value(Options {
        fixture: Some(Fixture {
            deal: deal(seats),
            first_player: Some(0),
        }),
    })
    .unwrap()
}

/// One seated player as its own client sees the game.
pub struct Player {
    pub client: Client,
    pub token: String,
    pub seat: Seat,
    pub seq: EventSeq,
    pub view: Value,
    pub legal: Vec<Value>,
    pub outcome: Option<Outcome>,
    /// Every event received, in order.
    pub events: Vec<LoggedEvent>,
}

impl Player {
    /// The player at `seat` holding `token`, on `client`, before its first
    /// snapshot.
    pub fn new(client: Client, token: String, seat: Seat) -> Player {
        Player {
            client,
            token,
            seat,
            seq: 0,
            view: Value::Null,
            legal: Vec::new(),
            outcome: None,
            events: Vec::new(),
        }
    }

    pub fn take_snapshot(&mut self, game: GameSnapshot) {
        check_numbering(&game.log, 0, game.seq);
        self.events = game.log;
        self.seq = game.seq;
        self.view = game.view;
        self.legal = game.legal;
        self.outcome = game.outcome;
    }

    pub fn take_update(&mut self, update: GameUpdate) {
        check_numbering(&update.events, self.seq, update.seq);
        self.events.extend(update.events);
        self.seq = update.seq;
        self.view = update.view;
        self.legal = update.legal;
        self.outcome = update.outcome;
    }

    /// Waits for the next update (skipping room broadcasts) and takes it.
    pub async fn expect_update(&mut self) {
        match self.client.recv_skip_room().await {
            ServerMessage::Update { update } => self.take_update(update),
            other => panic!("seat {}: expected an update, got {other:?}", self.seat),
        }
    }

    pub async fn expect_snapshot(&mut self) {
        match self.client.recv_skip_room().await {
            ServerMessage::Snapshot { game } => self.take_snapshot(game),
            other => panic!("seat {}: expected a snapshot, got {other:?}", self.seat),
        }
    }

    pub async fn act(&mut self, id: &str, action: Value) {
        self.client
            .send(&ClientMessage::Act {
                id: id.to_owned(),
                action,
            })
            .await;
    }

    pub async fn expect_ack(&mut self, id: &str) {
        match self.client.recv_skip_room().await {
            ServerMessage::Ack { id: got } => assert_eq!(got, id),
            other => panic!("seat {}: expected ack {id}, got {other:?}", self.seat),
        }
    }
}

/// Events after `after` must be numbered `after + 1 ..= last`, no gaps.
pub fn check_numbering(events: &[LoggedEvent], after: EventSeq, last: EventSeq) {
    let numbers: Vec<EventSeq> = events.iter().map(|e| e.seq).collect();
    let expected: Vec<EventSeq> = (after + 1..=last).collect();
    assert_eq!(
        numbers, expected,
        "event numbers must follow on without gaps"
    );
}

/// A started game: every seat taken by its own client, seat 0 by the host.
pub struct Table {
    pub room_id: String,
    pub host_token: String,
    pub players: Vec<Player>,
    actions: u64,
    /// The seat and id of the last action played.
    pub last: Option<(usize, String)>,
}

impl Table {
    /// Creates a room (with `options`), seats `seats` players through the
    /// protocol (seat 0 is the host) and starts the game.
    pub async fn start(server: &TestServer, seats: usize, options: Option<Value>) -> Table {
        let created = server.create_room("osaki", seats as u8, options).await;
        Table::start_in(server.addr, created, seats).await
    }

    /// Like [`Table::start`], for a room already created on the server at
    /// `addr`.
    pub async fn start_in(addr: SocketAddr, created: RoomCreated, seats: usize) -> Table {
        let mut players = Vec::new();
        for seat in 0..seats as Seat {
            let mut client = Client::open(addr, &created.room_id).await;
            let host = seat == 0;
            let (you, _) = client
                .hello(host.then_some(created.host_token.as_str()), None)
                .await;
            assert_eq!(you.host, host);
            client
                .send_join(&format!("Player {seat}"), Some(seat), &[])
                .await;
            let token = match client.recv_skip_room().await {
                ServerMessage::Joined { seat: got, token } => {
                    assert_eq!(got, seat);
                    token
                }
                other => panic!("expected joined, got {other:?}"),
            };
            if host {
                assert_eq!(
                    token, created.host_token,
                    "the host's seat is bound to the host token"
                );
            }
            players.push(Player::new(client, token, seat));
        }
        players[0].client.send(&ClientMessage::Start {}).await;
        for player in &mut players {
            player.expect_snapshot().await;
            // Then the room says the game is on.
            loop {
                match player.client.recv().await {
                    ServerMessage::Room { room } if room.status == RoomStatus::Playing => break,
                    ServerMessage::Room { .. } => continue,
                    other => panic!("expected the room to be playing, got {other:?}"),
                }
            }
        }
        Table {
            room_id: created.room_id,
            host_token: created.host_token,
            players,
            actions: 0,
            last: None,
        }
    }

    /// A table of players already seated and holding their snapshots.
    pub fn from_players(created: RoomCreated, players: Vec<Player>) -> Table {
        Table {
            room_id: created.room_id,
            host_token: created.host_token,
            players,
            actions: 0,
            last: None,
        }
    }

    /// The seat whose turn it is (the only one with legal actions).
    pub fn to_act(&self) -> usize {
        let acting: Vec<usize> = (0..self.players.len())
            .filter(|&i| !self.players[i].legal.is_empty())
            .collect();
        assert_eq!(acting.len(), 1, "exactly one seat may act in Osaki");
        acting[0]
    }

    pub fn over(&self) -> bool {
        self.players[0].outcome.is_some()
    }

    /// The seat to act plays `choose(legal)`; every player must get the
    /// update, the actor also the ack. Returns the new event number.
    pub async fn play(&mut self, choose: &mut dyn FnMut(&[Value]) -> Value) -> EventSeq {
        let seat = self.to_act();
        let action = choose(&self.players[seat].legal);
        self.actions += 1;
        let id = format!("move-{}", self.actions);
        let before = self.players[seat].seq;
        self.players[seat].act(&id, action).await;
        for player in &mut self.players {
            player.expect_update().await;
        }
        self.players[seat].expect_ack(&id).await;
        self.last = Some((seat, id));
        let seq = self.players[0].seq;
        assert!(seq > before, "an accepted action adds events");
        for player in &self.players {
            assert_eq!(player.seq, seq, "every player is at the same event");
        }
        seq
    }
}

/// A small deterministic generator for choosing actions.
pub struct Picker(u64);

impl Picker {
    pub fn new(seed: u64) -> Self {
        Picker(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    pub fn pick(&mut self, legal: &[Value]) -> Value {
        legal[self.below(legal.len())].clone()
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        // xorshift64
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Checks one client's whole transcript: a tile's task appears in no
/// message before the event that turns it (or, for tiles left in the box,
/// the end of the game), and every turned tile is the one the deal put there.
pub fn assert_no_hidden_task(transcript: &[String], deal: &[Vec<Tile>]) {
    let mut revealed: HashSet<Tile> = HashSet::new();
    for (index, text) in transcript.iter().enumerate() {
        let message: Value = serde_json::from_str(text).unwrap();
        let mut events = Vec::new();
        collect_events(&message, &mut events);
        for event in events {
            match event["kind"].as_str() {
                Some("turned") => {
                    let tile: Tile = serde_json::from_value(event["tile"].clone()).unwrap();
                    let seat = event["seat"].as_u64().unwrap() as usize;
                    let slot = event["slot"].as_u64().unwrap() as usize;
                    assert_eq!(deal[seat][slot], tile, "turned tile differs from the deal");
                    revealed.insert(tile);
                }
                Some("ended") => {
                    for tile in event["leftover"].as_array().unwrap() {
                        revealed.insert(serde_json::from_value(tile.clone()).unwrap());
                    }
                }
                _ => {}
            }
        }
        let mut tiles = Vec::new();
        collect_tiles(&message, &mut tiles);
        for tile in tiles {
            assert!(
                revealed.contains(&tile),
                "message {index} shows {tile:?} before it was turned: {text}"
            );
        }
    }
}

fn collect_events<'a>(message: &'a Value, out: &mut Vec<&'a Value>) {
    let list = match message["type"].as_str() {
        Some("snapshot") => &message["game"]["log"],
        Some("update") => &message["update"]["events"],
        _ => return,
    };
    for logged in list.as_array().unwrap() {
        if let Some(event) = logged.get("event") {
            out.push(event);
        }
    }
}

/// Every tile seen task side up: a string `"character:task"` (the wire
/// form), or an object with both a character and a task (the earlier one,
/// still looked for, so that a leak in either form is caught).
fn collect_tiles(value: &Value, out: &mut Vec<Tile>) {
    match value {
        Value::String(text) => out.extend(text.parse::<Tile>()),
        Value::Object(map) => {
            if map.contains_key("character") && map.contains_key("task") {
                out.push(serde_json::from_value(value.clone()).expect("a tile"));
            }
            map.values().for_each(|v| collect_tiles(v, out));
        }
        Value::Array(items) => items.iter().for_each(|v| collect_tiles(v, out)),
        _ => {}
    }
}
