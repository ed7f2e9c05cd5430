//! Dilbert tables for server tests: seating players with their answers to
//! the worst-job question (so that the table votes), choosing actions that
//! keep a random game short, and the structural check of what a client may
//! know (memo ids filled for their holder only, a spectator holding no hand
//! and no peek, a seat's hand the size everyone sees).

use cubicle_protocol::{ClientMessage, RoomStatus, Seat, ServerMessage};
use serde_json::{json, Value};

use super::office21::{frame_events, frame_game};
use super::osaki::{Picker, Player, Table};
use super::{Client, TestServer};

pub const GAME: &str = "dilbert";
/// The rules end every game by then (the Boss moves at least one down a
/// track of 27 each round, and nobody's happiness goes below -27).
pub const MAX_ROUNDS: u64 = 54;

/// Creates a Dilbert room with default options, seats every player through
/// the protocol (seat 0 is the host), seat `s` answering the worst-job
/// question with `worst_jobs[s]` when given, and starts the game.
pub async fn start_table(server: &TestServer, worst_jobs: &[Option<&str>]) -> Table {
    let seats = worst_jobs.len();
    let created = server.create_room(GAME, seats as u8, None).await;
    let mut players = Vec::new();
    for (seat, worst_job) in worst_jobs.iter().enumerate() {
        let seat = seat as Seat;
        let mut client = Client::open(server.addr, &created.room_id).await;
        let host = seat == 0;
        let (you, _) = client
            .hello(host.then_some(created.host_token.as_str()), None)
            .await;
        assert_eq!(you.host, host);
        let answers: Vec<(&str, Value)> = worst_job
            .iter()
            .map(|job| ("worst_job", json!(job)))
            .collect();
        client
            .send_join(&format!("Player {seat}"), Some(seat), &answers)
            .await;
        let token = match client.recv_skip_room().await {
            ServerMessage::Joined { seat: got, token } => {
                assert_eq!(got, seat);
                token
            }
            other => panic!("expected joined, got {other:?}"),
        };
        players.push(Player {
            client,
            token,
            seat,
            seq: 0,
            view: Value::Null,
            legal: Vec::new(),
            outcome: None,
            events: Vec::new(),
        });
    }
    players[0].client.send(&ClientMessage::Start {}).await;
    for player in &mut players {
        player.expect_snapshot().await;
        loop {
            match player.client.recv().await {
                ServerMessage::Room { room } if room.status == RoomStatus::Playing => break,
                ServerMessage::Room { .. } => continue,
                other => panic!("expected the room to be playing, got {other:?}"),
            }
        }
    }
    Table::from_players(created, players)
}

/// Actions that leave the turn where it was (a start-of-turn memo, Dilbert
/// ignoring or heeding the consultant).
const SIDE_ACTIONS: [&str; 2] = ["play", "ignore_consultant"];

/// A random action of `legal`, uniform except for [`SIDE_ACTIONS`]: while
/// there is something else to do, one is taken one time in four, so that
/// turns go on to the moves and offices that make a game progress.
pub fn pick_action(picker: &mut Picker, legal: &[Value]) -> Value {
    let others: Vec<Value> = legal
        .iter()
        .filter(|a| !SIDE_ACTIONS.iter().any(|side| a["type"] == *side))
        .cloned()
        .collect();
    if others.is_empty() || others.len() == legal.len() || picker.below(4) == 0 {
        picker.pick(legal)
    } else {
        picker.pick(&others)
    }
}

/// The view without what only its viewer knows (`hand`, `peek`, the memos
/// since its last turn, whether it may read card texts, Management Fast
/// Track's cheats and extra legs): what every client must agree on.
pub fn public_facts(view: &Value) -> Value {
    let mut view = view.clone();
    let map = view.as_object_mut().expect("a view object");
    for private in ["hand", "peek", "recent_memos", "texts_hidden"] {
        map.remove(private);
    }
    if !map["fast_track"].is_null() {
        map["fast_track"]["cheats"] = Value::Null;
        if let Some(step) = map["stage"].get_mut("step") {
            step["allowance"] = Value::Null;
        }
    }
    view
}

/// Events whose payload names memos only their holder may know:
/// (event, holder field, memo field).
const SECRET_FIELDS: [(&str, &str, &str); 3] = [
    ("drew", "seat", "memo"),
    ("discarded", "seat", "memo"),
    ("peeked", "seat", "memos"),
];

/// The structural check of one client's transcript (`me`: its seat, `None`
/// for a spectator): every memo field of a `drew`, `discarded` or `peeked`
/// event is filled for its holder and `null` for everyone else; a
/// spectator's view has no hand, no peek and nothing to do; a seat's view
/// holds a peek only while that seat decides, and its hand has the size
/// every viewer sees in `players[seat].hand`.
pub fn assert_secrets_kept(transcript: &[String], me: Option<Seat>) {
    for (index, text) in transcript.iter().enumerate() {
        let frame: Value = serde_json::from_str(text).unwrap();
        let at = || format!("frame {index} to {me:?}: {text}");
        for event in frame_events(&frame) {
            let kind = event["kind"].as_str().expect("an event tag");
            if kind == "memo_taken" {
                let held = [&event["from"], &event["to"]]
                    .iter()
                    .any(|s| s.as_u64() == me.map(u64::from));
                assert_eq!(
                    !event["memo"].is_null(),
                    held,
                    "`memo_taken.memo` for the two hands only; {}",
                    at()
                );
            }
            for (name, holder, secret) in SECRET_FIELDS {
                if kind != name {
                    continue;
                }
                let held = event[holder].as_u64() == me.map(u64::from);
                assert_eq!(
                    !event[secret].is_null(),
                    held,
                    "`{kind}.{secret}` must be filled for its holder only; {}",
                    at()
                );
            }
        }
        let Some((view, legal)) = frame_game(&frame) else {
            continue;
        };
        match me {
            None => {
                assert!(view["hand"].is_null(), "spectators hold no hand; {}", at());
                assert!(view["peek"].is_null(), "spectators see no peek; {}", at());
                assert_eq!(legal, &Value::Array(vec![]), "{}", at());
            }
            Some(seat) => {
                let deciding = view["stage"]["stage"] == "turn"
                    && view["stage"]["seat"].as_u64() == Some(u64::from(seat));
                assert!(
                    deciding || view["peek"].is_null(),
                    "a peek only for the seat deciding; {}",
                    at()
                );
                let cheater = view["fast_track"]["seat"].as_u64();
                assert!(
                    cheater == Some(u64::from(seat)) || view["fast_track"]["cheats"].is_null(),
                    "Fast Track cheats for the cheater only; {}",
                    at()
                );
                let held = view["hand"].as_array().map_or(0, Vec::len) as u64;
                assert_eq!(
                    Some(held),
                    view["players"][usize::from(seat)]["hand"].as_u64(),
                    "its hand has the size everyone sees; {}",
                    at()
                );
            }
        }
    }
}
