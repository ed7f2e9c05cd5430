//! Office 21 tables for server tests: creation options for scripted deals
//! and positions, seating a table and a spectator through the protocol,
//! reading events out of frames, and the checks of what a client may know:
//! a structural one (every secret field is filled for its owner only) and
//! the pieces of a byte-level one (two rooms whose hidden cards differ must
//! send a viewer the same frames, once room ids and tokens are set aside).

use std::net::SocketAddr;

use cubicle_protocol::office21::{Card, Fixture, Options, Position};
use cubicle_protocol::{RoomInfo, Seat, ServerMessage};
use serde_json::Value;

use super::osaki::{Picker, Player, Table};
use super::{Client, TestServer};

pub const GAME: &str = "office21";
pub const DECK_SIZE: usize = 44;
/// [`Player::seat`] of a spectator.
pub const SPECTATOR: Seat = Seat::MAX;

/// Printed copies of each kind (the rulebook's Material).
pub fn copies(card: Card) -> usize {
    match card {
        Card::Spy => 5,
        Card::Cleaner => 6,
        Card::Operator => 6,
        Card::Assistant => 4,
        Card::Sales => 6,
        Card::Manager => 5,
        Card::Secretary => 2,
        Card::Boss => 2,
        Card::Director => 4,
        Card::Taxman => 4,
    }
}

/// The 44 cards, kind by kind.
pub fn deck() -> Vec<Card> {
    Card::ALL
        .iter()
        .flat_map(|&card| std::iter::repeat_n(card, copies(card)))
        .collect()
}

/// The 44 cards in an order drawn from `picker`.
pub fn shuffled_deck(picker: &mut Picker) -> Vec<Card> {
    let mut cards = deck();
    for i in (1..cards.len()).rev() {
        cards.swap(i, picker.below(i + 1));
    }
    cards
}

/// `cards` without one copy of each of `used` (which must all be there).
pub fn without(mut cards: Vec<Card>, used: &[Card]) -> Vec<Card> {
    for card in used {
        let at = cards
            .iter()
            .position(|c| c == card)
            .unwrap_or_else(|| panic!("no {card:?} left to take"));
        cards.remove(at);
    }
    cards
}

/// A deal fixture: each seat's three cards and the pile, top first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Deal {
    pub hands: Vec<Vec<Card>>,
    pub pile: Vec<Card>,
}

impl Deal {
    /// Deals `deck` (top first) without the TAXMAN procedure: the first
    /// three cards that are not TAXMANs go to each seat in turn, the rest
    /// stays in the pile in order.
    pub fn from_deck(deck: &[Card], seats: usize) -> Deal {
        let mut hands = vec![Vec::new(); seats];
        let mut pile = Vec::new();
        let mut next = 0;
        for &card in deck {
            if card != Card::Taxman && next < 3 * seats {
                hands[next % seats].push(card);
                next += 1;
            } else {
                pile.push(card);
            }
        }
        Deal { hands, pile }
    }

    pub fn options(&self) -> Value {
        serde_json::to_value(Options {
            fixture: Some(Fixture::Deal {
                hands: self.hands.clone(),
                pile: self.pile.clone(),
            }),
        })
        .unwrap()
    }
}

pub fn position_options(position: Position) -> Value {
    serde_json::to_value(Options {
        fixture: Some(Fixture::Position(position)),
    })
    .unwrap()
}

/// A random action of `legal`. A TAXMAN usually ends the game within a
/// round, so it is played only one time in eight when there is something
/// else to do: games then last long enough to see most cards' effects.
pub fn pick_action(picker: &mut Picker, legal: &[Value]) -> Value {
    let taxman = serde_json::json!({"kind": "play", "card": "taxman"});
    let others: Vec<Value> = legal.iter().filter(|a| **a != taxman).cloned().collect();
    if others.is_empty() || others.len() == legal.len() || picker.below(8) == 0 {
        picker.pick(legal)
    } else {
        picker.pick(&others)
    }
}

/// A card's name on the wire (`"spy"`, `"boss"`, ...).
pub fn name(card: Card) -> String {
    serde_json::to_value(card)
        .unwrap()
        .as_str()
        .unwrap()
        .to_owned()
}

/// Creates an Office 21 room with `options`, seats every player through the
/// protocol (seat 0 is the host) and starts the game.
pub async fn start_table(server: &TestServer, seats: usize, options: Option<Value>) -> Table {
    let created = server.create_room(GAME, seats as u8, options).await;
    Table::start_in(server.addr, created, seats).await
}

/// A spectator of a started game, after its welcome and first snapshot.
pub async fn spectator(addr: SocketAddr, room_id: &str) -> Player {
    let mut client = Client::open(addr, room_id).await;
    let (you, _) = client.hello(None, None).await;
    assert_eq!((you.seat, you.host), (None, false));
    let mut watcher = Player {
        client,
        token: String::new(),
        seat: SPECTATOR,
        seq: 0,
        view: Value::Null,
        legal: Vec::new(),
        outcome: None,
        events: Vec::new(),
    };
    watcher.expect_snapshot().await;
    watcher
}

/// Reads until a `room` message for which `expected` holds; anything else
/// on the way is a failure (the caller knows nothing else is due).
pub async fn await_room(client: &mut Client, expected: impl Fn(&RoomInfo) -> bool) {
    loop {
        match client.recv().await {
            ServerMessage::Room { room } if expected(&room) => return,
            ServerMessage::Room { .. } => continue,
            other => panic!("expected a room update, got {other:?}"),
        }
    }
}

/// The events a frame carries (a snapshot's log or an update's events), as
/// their payloads; hidden events (a bare number) are left out.
pub fn frame_events(frame: &Value) -> Vec<&Value> {
    let list = match frame["type"].as_str() {
        Some("snapshot") => &frame["game"]["log"],
        Some("update") => &frame["update"]["events"],
        _ => return Vec::new(),
    };
    list.as_array()
        .expect("a list of events")
        .iter()
        .filter_map(|logged| logged.get("event"))
        .collect()
}

/// The game part of a frame: (view, legal), for snapshots and updates (an
/// update leaves out an empty `legal`).
pub fn frame_game(frame: &Value) -> Option<(&Value, &Value)> {
    static NO_ACTIONS: Value = Value::Array(Vec::new());
    match frame["type"].as_str() {
        Some("snapshot") => Some((&frame["game"]["view"], &frame["game"]["legal"])),
        Some("update") => {
            let legal = &frame["update"]["legal"];
            Some((
                &frame["update"]["view"],
                if legal.is_null() { &NO_ACTIONS } else { legal },
            ))
        }
        _ => None,
    }
}

/// Events whose payload holds a secret: (event, owner field, secret field).
const SECRET_FIELDS: [(&str, &str, &str); 6] = [
    ("dealt", "seat", "hand"),
    ("chose", "seat", "card"),
    ("drew", "seat", "cards"),
    ("operator_drew", "seat", "card"),
    ("operator_returned", "seat", "card"),
    ("director_looked", "seat", "hand"),
];

/// The structural check of one client's transcript (`me`: its seat, `None`
/// for a spectator): every secret field of every event is filled for its
/// owner and `null` for everyone else, a spectator's view holds no hand,
/// choice, pile top or secret and it has nothing to do, and a seat's view
/// holds a secret only while that seat is the one deciding.
pub fn assert_secrets_kept(transcript: &[String], me: Option<Seat>) {
    for (index, text) in transcript.iter().enumerate() {
        let frame: Value = serde_json::from_str(text).unwrap();
        let at = || format!("frame {index} to {me:?}: {text}");
        for event in frame_events(&frame) {
            let kind = event["kind"].as_str().expect("an event tag");
            for (name, owner, secret) in SECRET_FIELDS {
                if kind != name {
                    continue;
                }
                let owned = event[owner].as_u64() == me.map(u64::from);
                assert_eq!(
                    !event[secret].is_null(),
                    owned,
                    "`{kind}.{secret}` must be filled for its owner only; {}",
                    at()
                );
            }
        }
        let Some((view, legal)) = frame_game(&frame) else {
            continue;
        };
        assert_eq!(view["you"].as_u64(), me.map(u64::from), "{}", at());
        match me {
            None => {
                assert_eq!(view["hand"], Value::Array(vec![]), "{}", at());
                for field in ["your_choice", "pile_top", "secret"] {
                    assert!(view[field].is_null(), "spectators see no {field}; {}", at());
                }
                assert_eq!(legal, &Value::Array(vec![]), "{}", at());
            }
            Some(seat) => {
                let deciding = view["stage"]["stage"] == "turn"
                    && view["stage"]["seat"].as_u64() == Some(u64::from(seat));
                assert!(
                    deciding || view["secret"].is_null(),
                    "a secret only for the seat deciding; {}",
                    at()
                );
            }
        }
    }
}

/// Every string in a frame outside the game's board (which names every
/// card): where a card a client may not know would show.
pub fn strings_outside_board(text: &str) -> Vec<String> {
    fn walk(value: &Value, out: &mut Vec<String>) {
        match value {
            Value::String(s) => out.push(s.clone()),
            Value::Array(items) => items.iter().for_each(|v| walk(v, out)),
            Value::Object(map) => map.values().for_each(|v| walk(v, out)),
            _ => {}
        }
    }
    let mut frame: Value = serde_json::from_str(text).unwrap();
    if let Some(game) = frame.get_mut("game").and_then(Value::as_object_mut) {
        game.remove("board");
    }
    let mut out = Vec::new();
    walk(&frame, &mut out);
    out
}

/// Where two transcripts first part.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Difference {
    /// Index of the first frame that differs (or that only one has).
    pub index: usize,
    pub a: Option<String>,
    pub b: Option<String>,
}

/// The first frame in which two (normalized) transcripts differ, byte for
/// byte, or where one of them ends before the other.
pub fn first_difference(a: &[String], b: &[String]) -> Option<Difference> {
    let index = (0..a.len().max(b.len())).find(|&i| a.get(i) != b.get(i))?;
    Some(Difference {
        index,
        a: a.get(index).cloned(),
        b: b.get(index).cloned(),
    })
}

/// Prints a note (a seed, a scenario) if the test fails while it is alive.
pub struct FailureNote(pub String);

impl Drop for FailureNote {
    fn drop(&mut self) {
        if std::thread::panicking() {
            eprintln!("note: {}", self.0);
        }
    }
}

/// A seed from `CUBICLE_TEST_SEED`, else a fresh one from the clock.
pub fn seed_from_env() -> u64 {
    match std::env::var("CUBICLE_TEST_SEED") {
        Ok(seed) => seed.parse().expect("CUBICLE_TEST_SEED is a number"),
        Err(_) => std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos() as u64,
    }
}
