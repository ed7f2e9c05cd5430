//! No card a client may not know reaches it, end to end over WebSockets.
//!
//! Wire-level non-interference: two rooms on one server start from deals
//! that differ only by two exchanged cards hidden from the viewers being
//! checked, and are played in lockstep with the same actions. Every frame a
//! checked viewer receives (lobby, start, updates, the snapshots and updates
//! of reconnects) must be byte for byte the same in both rooms, once the
//! room id and tokens are set aside, until the public events show that one
//! of the exchanged cards reached that viewer. Actions are chosen at random
//! among those legal in both rooms (a seat holding a swapped card may have
//! different ones); the comparison ends for everyone when there is none.
//! The variants where the exchange is visible show that the same comparison
//! catches a difference.
//!
//! Then the two secrets of play, staged with a position: the DIRECTOR's look
//! at a hand and the OPERATOR's look at the top card reach their owner only,
//! also through a reconnect's snapshot.

mod support;

use std::collections::BTreeSet;

use cubicle_protocol::office21::{Card, Position};
use cubicle_protocol::{Seat, ServerMessage};
use serde_json::{json, Value};
use support::normalize::normalize;
use support::office21::{
    assert_secrets_kept, await_room, first_difference, frame_events, name, pick_action,
    position_options, shuffled_deck, spectator, start_table, strings_outside_board, without, Deal,
    Difference, FailureNote,
};
use support::osaki::{Picker, Player};
use support::{Client, TestServer};

/// A client of the pair's test: a seat or the spectator, with the frames of
/// the connections it already closed.
struct Watcher {
    player: Player,
    past: Vec<String>,
}

impl Watcher {
    /// Every frame this viewer received, over all its connections.
    fn transcript(&self) -> Vec<String> {
        let mut all = self.past.clone();
        all.extend(self.player.client.received.iter().cloned());
        all
    }

    fn frames(&self) -> usize {
        self.past.len() + self.player.client.received.len()
    }
}

/// One room of the pair: watchers `0..seats` are the seats, the last one
/// the spectator.
struct Side {
    room_id: String,
    tokens: Vec<String>,
    watchers: Vec<Watcher>,
}

impl Side {
    async fn open(server: &TestServer, seats: usize, options: Value) -> Side {
        let table = start_table(server, seats, Some(options)).await;
        let mut watchers: Vec<Watcher> = table
            .players
            .into_iter()
            .map(|player| Watcher {
                player,
                past: Vec::new(),
            })
            .collect();
        let spectator = spectator(server.addr, &table.room_id).await;
        for w in &mut watchers {
            await_room(&mut w.player.client, |r| r.spectators == 1).await;
        }
        watchers.push(Watcher {
            player: spectator,
            past: Vec::new(),
        });
        Side {
            room_id: table.room_id,
            tokens: watchers[..seats]
                .iter()
                .map(|w| w.player.token.clone())
                .collect(),
            watchers,
        }
    }

    fn seats(&self) -> usize {
        self.tokens.len()
    }

    fn spectator(&self) -> &Player {
        &self.watchers[self.seats()].player
    }

    /// The seats that may act now.
    fn actors(&self) -> Vec<usize> {
        (0..self.seats())
            .filter(|&s| !self.watchers[s].player.legal.is_empty())
            .collect()
    }

    /// `seat` plays `action`: everyone gets the update, the seat its ack.
    /// Returns the new events as the spectator sees them.
    async fn act(&mut self, seat: usize, id: &str, action: &Value) -> Vec<Value> {
        let before = self.spectator().events.len();
        self.watchers[seat].player.act(id, action.clone()).await;
        for w in &mut self.watchers {
            w.player.expect_update().await;
        }
        self.watchers[seat].player.expect_ack(id).await;
        self.spectator().events[before..]
            .iter()
            .filter_map(|e| e.event.clone())
            .collect()
    }

    /// Every watcher reconnects: a new connection with its token (and
    /// `since` = `back` events ago, or none for a snapshot), then the old one
    /// closes. A seat stays connected throughout, so no one hears of it; a
    /// second spectator is announced to everyone, and its leaving too, and
    /// those `room` messages are awaited so that every transcript has them
    /// at the same place.
    async fn reconnect_all(&mut self, server: &TestServer, back: Option<u64>) {
        for w in 0..self.watchers.len() {
            let token = self.tokens.get(w).cloned();
            let watcher = &self.watchers[w];
            let since = back.map(|k| watcher.player.seq.saturating_sub(k).max(1));
            let mut client = Client::open(server.addr, &self.room_id).await;
            let (you, _) = client.hello(token.as_deref(), since).await;
            assert_eq!(you.seat, token.is_some().then_some(w as Seat));
            if token.is_none() {
                for other in &mut self.watchers {
                    await_room(&mut other.player.client, |r| r.spectators == 2).await;
                }
            }
            let player = &mut self.watchers[w].player;
            match client.recv().await {
                ServerMessage::Snapshot { game } => {
                    assert!(since.is_none(), "a snapshot only without `since`");
                    player.take_snapshot(game);
                }
                ServerMessage::Update { update } => {
                    let since = since.expect("an update answers `since`");
                    player.events.truncate(since as usize);
                    player.seq = since;
                    player.take_update(update);
                }
                other => panic!("expected a snapshot or update, got {other:?}"),
            }
            let mut old = std::mem::replace(&mut player.client, client);
            self.watchers[w]
                .past
                .append(&mut std::mem::take(&mut old.received));
            old.close().await;
            if token.is_none() {
                for other in &mut self.watchers {
                    await_room(&mut other.player.client, |r| r.spectators == 1).await;
                }
            }
        }
    }

    /// What watcher `w` received, room id and tokens set aside.
    fn normalized(&self, w: usize) -> Vec<String> {
        self.watchers[w]
            .transcript()
            .iter()
            .map(|t| normalize(t, &self.room_id, &self.tokens))
            .collect()
    }
}

/// Where the two rooms differ, as far as the public events tell (the same
/// in both rooms: the spectator's), and which viewers have seen a
/// difference. Decided from events only, never from the frames compared.
///
/// Every action is legal in both rooms, so a card played, discarded by a
/// DIRECTOR or kept by an OPERATOR is the same in both: the ways a swapped
/// card reaches a viewer are drawing it (or an OPERATOR drawing it), a
/// DIRECTOR's look at a hand that differs, and the rules acting on a hand by
/// themselves, for everyone to see (an eliminated hand goes face up, the
/// third set-up card places itself, a lone BOSS passes, a DIRECTOR finds
/// only SPYs). A set-up restart reshuffles with each room's own seed, which
/// ends the comparison for everyone.
struct Hidden {
    /// Cards in the pile.
    pile: usize,
    /// The places in the pile, counted from the bottom, that differ.
    pile_diff: BTreeSet<usize>,
    /// Seats whose hands may differ.
    hands: BTreeSet<usize>,
    /// The seat whose OPERATOR holds a differing card.
    operator: Option<usize>,
    /// Per watcher (seats, then the spectator): how it saw a difference.
    seen: Vec<Option<String>>,
    /// Why every viewer has seen a difference, once that happens.
    public: Option<String>,
}

impl Hidden {
    fn new(seats: usize, pile: usize, pile_from_top: &[usize], hands: &[usize]) -> Hidden {
        let mut seen = vec![None; seats + 1];
        for &s in hands {
            seen[s] = Some("its own hand differs".to_owned());
        }
        Hidden {
            pile,
            pile_diff: pile_from_top.iter().map(|p| pile - 1 - p).collect(),
            hands: hands.iter().copied().collect(),
            operator: None,
            seen,
            public: None,
        }
    }

    fn sees(&mut self, watcher: usize, why: &str) {
        self.seen[watcher].get_or_insert_with(|| why.to_owned());
    }

    fn knows(&self, watcher: usize) -> bool {
        self.seen[watcher].is_some()
    }

    fn make_public(&mut self, why: &str) {
        for w in 0..self.seen.len() {
            self.sees(w, why);
        }
        self.public.get_or_insert_with(|| why.to_owned());
    }

    /// Follows the events of one action, in room A and room B.
    fn observe(&mut self, a: &[Value], b: &[Value]) {
        let seat = |e: &Value, field: &str| e[field].as_u64().map(|s| s as usize);
        for e in a {
            let who = seat(e, "seat");
            match e["kind"].as_str().unwrap() {
                "drew" => {
                    let count = e["count"].as_u64().unwrap() as usize;
                    let taken: Vec<usize> = (self.pile - count..self.pile)
                        .filter(|p| self.pile_diff.remove(p))
                        .collect();
                    self.pile -= count;
                    if !taken.is_empty() {
                        let s = who.unwrap();
                        self.hands.insert(s);
                        self.sees(s, "drew a swapped card");
                    }
                }
                "operator_drew" => {
                    self.pile -= 1;
                    if self.pile_diff.remove(&self.pile) {
                        self.operator = who;
                        self.sees(who.unwrap(), "its OPERATOR drew a swapped card");
                    }
                }
                "operator_returned" => {
                    if self.operator.is_some() && self.operator == who {
                        self.pile_diff.insert(self.pile);
                        self.operator = None;
                    }
                    self.pile += 1;
                }
                "operator_kept" if self.operator.is_some() && self.operator == who => {
                    self.make_public("an OPERATOR showed a swapped card");
                }
                "director_looked" => {
                    let target = seat(e, "target").unwrap();
                    if self.hands.contains(&target) {
                        self.sees(who.unwrap(), "its DIRECTOR looked at a hand that differs");
                    }
                }
                "eliminated" if self.hands.contains(&who.unwrap()) || self.operator == who => {
                    self.make_public("a hand holding a swapped card went face up");
                }
                "revealed" if e["round"] == 3 && !self.hands.is_empty() => {
                    self.make_public("the last set-up card, chosen by no one, was revealed");
                }
                "set_up_restarted" => {
                    self.make_public("the set-up restarted with each room's own shuffle");
                }
                _ => {}
            }
        }
        // Rules that act on a hand by themselves make its content public:
        // in either room.
        for e in a.iter().chain(b) {
            match e["kind"].as_str().unwrap() {
                "passed"
                    if e["reason"] == "only_boss"
                        && self.hands.contains(&seat(e, "seat").unwrap()) =>
                {
                    self.make_public("a player passed holding only a BOSS");
                }
                "director_discarded"
                    if e["card"].is_null() && self.hands.contains(&seat(e, "target").unwrap()) =>
                {
                    self.make_public("a DIRECTOR found only SPYs");
                }
                _ => {}
            }
        }
    }
}

/// Two rooms, and what the test claims about them.
struct Pair {
    what: &'static str,
    seats: usize,
    a: Deal,
    b: Deal,
    /// Pile places (from the top) where A and B differ, as claimed.
    pile_from_top: Vec<usize>,
    /// Seats whose hands differ, as claimed.
    hands: Vec<usize>,
    /// Watchers (seats; `seats` is the spectator) whose frames are compared.
    checked: Vec<usize>,
    seed: u64,
}

/// What the comparison found for one checked viewer.
#[derive(Debug)]
struct Compared {
    watcher: usize,
    updates: usize,
    snapshots: usize,
    /// When and how it saw a swapped card (the comparison stopped there).
    saw_swap: Option<String>,
    difference: Option<Difference>,
}

#[derive(Debug)]
struct Report {
    steps: usize,
    stopped: String,
    viewers: Vec<Compared>,
}

impl Report {
    fn of(&self, watcher: usize) -> &Compared {
        self.viewers.iter().find(|c| c.watcher == watcher).unwrap()
    }

    fn assert_no_difference(&self) {
        for c in &self.viewers {
            if let Some(d) = &c.difference {
                panic!(
                    "watcher {} received different frames in the two rooms at frame {}:\n  A: {}\n  B: {}\n(report: {} steps, {})",
                    c.watcher,
                    d.index,
                    d.a.as_deref().unwrap_or("<nothing>"),
                    d.b.as_deref().unwrap_or("<nothing>"),
                    self.steps,
                    self.stopped
                );
            }
        }
    }
}

const MAX_STEPS: usize = 400;
/// Steps before which everyone reconnects: `None` asks for a snapshot,
/// `Some(k)` resumes from `k` events back.
const RECONNECTS: [(usize, Option<u64>); 3] = [(5, None), (12, Some(3)), (24, None)];

/// Plays both rooms of `pair` in lockstep with the same actions and
/// compares, frame by frame, what each checked viewer received until the
/// public events show it a swapped card.
async fn compare_rooms(pair: &Pair) -> Report {
    let server = TestServer::start().await;
    let mut a = Side::open(&server, pair.seats, pair.a.options()).await;
    let mut b = Side::open(&server, pair.seats, pair.b.options()).await;
    let mut hidden = Hidden::new(
        pair.seats,
        pair.a.pile.len(),
        &pair.pile_from_top,
        &pair.hands,
    );
    // Per watcher: how many frames each room had sent it before it saw a
    // swapped card.
    let mut limits: Vec<Option<(usize, usize, String)>> = hidden
        .seen
        .iter()
        .map(|why| {
            why.clone()
                .map(|why| (0, 0, format!("from the start: {why}")))
        })
        .collect();
    let mut picker = Picker::new(pair.seed);
    let mut steps = 0;
    let stopped = loop {
        if a.spectator().outcome.is_some() {
            break "the game ended".to_owned();
        }
        if steps == MAX_STEPS {
            break "enough steps".to_owned();
        }
        if pair.checked.iter().all(|&w| hidden.knows(w)) {
            break "every checked viewer saw a swapped card".to_owned();
        }
        if let Some(&(_, back)) = RECONNECTS.iter().find(|r| r.0 == steps) {
            a.reconnect_all(&server, back).await;
            b.reconnect_all(&server, back).await;
        }
        let actors = a.actors();
        if actors != b.actors() {
            break format!("different seats may act: {actors:?} and {:?}", b.actors());
        }
        let seat = actors[picker.below(actors.len())];
        let legal_b = &b.watchers[seat].player.legal;
        let common: Vec<Value> = a.watchers[seat]
            .player
            .legal
            .iter()
            .filter(|x| legal_b.contains(x))
            .cloned()
            .collect();
        if common.is_empty() {
            break format!("seat {seat} has no action legal in both rooms");
        }
        let action = pick_action(&mut picker, &common);
        steps += 1;
        let id = format!("step-{steps}");
        let lens: Vec<(usize, usize)> = (0..a.watchers.len())
            .map(|w| (a.watchers[w].frames(), b.watchers[w].frames()))
            .collect();
        let events_a = a.act(seat, &id, &action).await;
        let events_b = b.act(seat, &id, &action).await;
        hidden.observe(&events_a, &events_b);
        for (w, limit) in limits.iter_mut().enumerate() {
            if let (Some(why), None) = (&hidden.seen[w], &limit) {
                *limit = Some((lens[w].0, lens[w].1, format!("at step {steps}: {why}")));
            }
        }
        if hidden.public.is_none() {
            assert_eq!(
                a.spectator().view["pile"].as_u64(),
                Some(hidden.pile as u64),
                "the pile count follows from the events"
            );
        }
    };

    let viewers = pair
        .checked
        .iter()
        .map(|&w| {
            let (ta, tb) = (a.normalized(w), b.normalized(w));
            let (la, lb, saw_swap) = match &limits[w] {
                Some((la, lb, why)) => (*la, *lb, Some(why.clone())),
                None => (ta.len(), tb.len(), None),
            };
            let compared = &ta[..la];
            let count = |kind: &str| {
                compared
                    .iter()
                    .filter(|t| serde_json::from_str::<Value>(t).unwrap()["type"] == kind)
                    .count()
            };
            Compared {
                watcher: w,
                updates: count("update"),
                snapshots: count("snapshot"),
                saw_swap,
                difference: first_difference(compared, &tb[..lb]),
            }
        })
        .collect();
    server.stop().await;
    Report {
        steps,
        stopped,
        viewers,
    }
}

/// A deal for `seats` from a deck shuffled with `seed`.
fn random_deal(seats: usize, seed: u64) -> Deal {
    Deal::from_deck(&shuffled_deck(&mut Picker::new(seed)), seats)
}

/// The first pile place at or after `from` whose card differs from `card`
/// and is not a TAXMAN (which no starting hand may hold).
fn differing_place(pile: &[Card], from: usize, card: Card) -> usize {
    (from..pile.len())
        .find(|&p| pile[p] != card && pile[p] != Card::Taxman)
        .expect("a differing card")
}

fn swap_in_pile(deal: &Deal, p: usize, q: usize) -> Deal {
    let mut swapped = deal.clone();
    swapped.pile.swap(p, q);
    swapped
}

fn swap_hand_with_pile(deal: &Deal, seat: usize, slot: usize, p: usize) -> Deal {
    let mut swapped = deal.clone();
    std::mem::swap(&mut swapped.hands[seat][slot], &mut swapped.pile[p]);
    swapped
}

fn note(pair: &Pair) -> FailureNote {
    FailureNote(format!(
        "{}: choices seed {}, room A {:?}, room B {:?}",
        pair.what, pair.seed, pair.a, pair.b
    ))
}

/// Rooms with two pile cards exchanged, a few turns deep: every seat and the
/// spectator must receive the same frames in both until it draws one, and
/// the others after that too.
async fn pile_swap(seats: usize, deal_seed: u64, seed: u64) {
    let a = random_deal(seats, deal_seed);
    let p = 8 + seats;
    let q = differing_place(&a.pile, p + 6, a.pile[p]);
    let pair = Pair {
        what: "pile swap",
        seats,
        b: swap_in_pile(&a, p, q),
        a,
        pile_from_top: vec![p, q],
        hands: vec![],
        checked: (0..=seats).collect(),
        seed,
    };
    let _note = note(&pair);
    let report = compare_rooms(&pair).await;
    report.assert_no_difference();
    for c in &report.viewers {
        assert!(
            c.updates >= 10 && c.snapshots >= 2,
            "too little compared for watcher {}: {report:?}",
            c.watcher
        );
    }
    // The interesting part was reached: a player drew a swapped card and
    // the others' frames were compared for a while after that.
    let first = report
        .viewers
        .iter()
        .filter(|c| c.saw_swap.is_some())
        .map(|c| c.updates)
        .min()
        .unwrap_or_else(|| panic!("no one drew a swapped card: {report:?}"));
    assert!(
        report.viewers.iter().any(|c| c.updates >= first + 5),
        "the comparison went on past a swapped card drawn by one player: {report:?}"
    );
}

#[tokio::test]
async fn two_swapped_pile_cards_change_no_frame_until_someone_draws_one() {
    pile_swap(2, 23, 3).await;
    pile_swap(4, 20, 0).await;
    pile_swap(5, 28, 8).await;
}

#[tokio::test]
async fn a_card_swapped_between_a_hand_and_the_pile_changes_nothing_the_others_see() {
    let seats = 3;
    let a = random_deal(seats, 33);
    let p = differing_place(&a.pile, 8, a.hands[1][2]);
    let pair = Pair {
        what: "seat 1's hand swapped with the pile",
        seats,
        b: swap_hand_with_pile(&a, 1, 2, p),
        a,
        pile_from_top: vec![p],
        hands: vec![1],
        checked: vec![0, 2, seats],
        seed: 7,
    };
    let _note = note(&pair);
    let report = compare_rooms(&pair).await;
    report.assert_no_difference();
    for c in &report.viewers {
        assert!(
            c.updates >= 10 && c.snapshots >= 2,
            "too little compared for watcher {}: {report:?}",
            c.watcher
        );
    }
}

#[tokio::test]
async fn the_comparison_sees_a_swap_in_the_viewers_own_hand() {
    let seats = 3;
    let a = random_deal(seats, 33);
    let p = differing_place(&a.pile, 8, a.hands[0][1]);
    // Claimed: only a pile card differs. In truth seat 0 holds it.
    let pair = Pair {
        what: "seat 0's own hand swapped, claimed hidden",
        seats,
        b: swap_hand_with_pile(&a, 0, 1, p),
        a,
        pile_from_top: vec![p],
        hands: vec![],
        checked: vec![0],
        seed: 7,
    };
    let _note = note(&pair);
    let report = compare_rooms(&pair).await;
    let difference = report.of(0).difference.as_ref().expect("a difference");
    let frame: Value = serde_json::from_str(difference.a.as_ref().unwrap()).unwrap();
    assert_eq!(
        frame["type"], "snapshot",
        "the start snapshot shows seat 0 its hand"
    );
}

#[tokio::test]
async fn the_comparison_sees_a_drawn_card_the_claim_says_is_hidden() {
    let seats = 3;
    let a = random_deal(seats, 45);
    // Claimed: nothing differs. In truth the top of the pile does.
    let q = differing_place(&a.pile, 7, a.pile[0]);
    let pair = Pair {
        what: "pile top swapped, claimed identical",
        seats,
        b: swap_in_pile(&a, 0, q),
        a,
        pile_from_top: vec![],
        hands: vec![],
        checked: (0..=seats).collect(),
        seed: 3,
    };
    let _note = note(&pair);
    let report = compare_rooms(&pair).await;
    // The start player draws the top card on its first turn: from that
    // update on, its frames differ.
    let own_draw = |c: &Compared| {
        let Some(difference) = &c.difference else {
            return false;
        };
        let frame: Value = serde_json::from_str(difference.a.as_deref().unwrap_or("null")).unwrap();
        frame["type"] == "update"
            && frame_events(&frame)
                .iter()
                .any(|e| e["kind"] == "drew" && e["seat"] == c.watcher && !e["cards"].is_null())
    };
    assert!(
        report.viewers.iter().any(own_draw),
        "the comparison sees the draw of a card claimed identical: {report:?}"
    );
}

/// Seat 0's OPERATOR looks at the top card (a TAXMAN) and returns it; seat
/// 1's DIRECTOR looks at seat 2's hand (SALES, SECRETARY, BOSS) and
/// discards the SALES; seat 2 then draws the TAXMAN. No SECRETARY, BOSS or
/// TAXMAN is anywhere in sight, so their names can appear in a frame
/// (outside the board, which names every card) only through a secret.
fn peeks() -> Position {
    use Card::*;
    let offices = vec![vec![Cleaner], vec![Manager], vec![Assistant]];
    let hands = vec![
        vec![Operator, Sales, Spy],
        vec![Director, Operator, Cleaner],
        vec![Secretary, Boss, Sales],
    ];
    let used: Vec<Card> = offices
        .iter()
        .chain(&hands)
        .flatten()
        .copied()
        .chain([Taxman])
        .collect();
    let mut pile = vec![Taxman];
    pile.extend(without(support::office21::deck(), &used));
    Position {
        offices,
        hands,
        pile,
        discard: vec![],
        turn: 0,
        eliminated: vec![],
        loved: None,
    }
}

#[tokio::test]
async fn the_director_and_operator_looks_reach_their_owner_only() {
    let server = TestServer::start().await;
    let mut side = Side::open(&server, 3, position_options(peeks())).await;
    let spectator = 3;
    let view = |side: &Side, w: usize| side.watchers[w].player.view.clone();
    let last_event = |side: &Side, w: usize, kind: &str| {
        side.watchers[w]
            .player
            .events
            .iter()
            .rev()
            .filter_map(|e| e.event.clone())
            .find(|e| e["kind"] == kind)
            .unwrap_or_else(|| panic!("watcher {w} has no {kind} event"))
    };
    let pile_tops = |side: &Side| -> Vec<Value> {
        (0..=3).map(|w| view(side, w)["pile_top"].clone()).collect()
    };
    assert_eq!(pile_tops(&side), vec![Value::Null; 4]);

    // The OPERATOR draws the TAXMAN: only seat 0 sees it, and decides.
    side.act(0, "operator", &json!({"kind": "play", "card": "operator"}))
        .await;
    let secret = json!({"secret": "operator_card", "card": "taxman"});
    assert_eq!(view(&side, 0)["secret"], secret);
    let mut legal = side.watchers[0].player.legal.clone();
    legal.sort_by_key(|a| a.to_string());
    assert_eq!(
        legal,
        vec![
            json!({"kind": "keep", "card": "taxman"}),
            json!({"kind": "return", "card": "taxman"})
        ]
    );
    assert_eq!(last_event(&side, 0, "operator_drew")["card"], "taxman");
    for w in 1..=3 {
        assert!(view(&side, w)["secret"].is_null());
        assert!(last_event(&side, w, "operator_drew")["card"].is_null());
    }
    // A reconnect while deciding: the snapshot keeps the secret for seat 0.
    side.reconnect_all(&server, None).await;
    assert_eq!(view(&side, 0)["secret"], secret);

    // Put back: only seat 0 knows the top card now, also during seat 1's
    // turn (seat 1 holds three cards and draws nothing).
    side.act(0, "return", &json!({"kind": "return", "card": "taxman"}))
        .await;
    assert_eq!(last_event(&side, 0, "operator_returned")["card"], "taxman");
    for w in 1..=3 {
        assert!(last_event(&side, w, "operator_returned")["card"].is_null());
    }
    let only_seat_0 = vec![json!("taxman"), Value::Null, Value::Null, Value::Null];
    assert_eq!(pile_tops(&side), only_seat_0);
    assert_eq!(view(&side, spectator)["stage"]["seat"], 1);

    // The DIRECTOR looks at seat 2's hand: only seat 1 sees it.
    side.act(1, "director", &json!({"kind": "play", "card": "director"}))
        .await;
    assert_eq!(
        view(&side, 1)["stage"]["decision"]["options"],
        json!([0, 2]),
        "a DIRECTOR looks at another player's hand"
    );
    side.act(1, "look", &json!({"kind": "look", "seat": 2}))
        .await;
    let hand = json!(["sales", "secretary", "boss"]);
    let look = json!({"secret": "director_look", "target": 2, "hand": hand});
    assert_eq!(view(&side, 1)["secret"], look);
    assert_eq!(last_event(&side, 1, "director_looked")["hand"], hand);
    for w in [0, 2, spectator] {
        assert!(view(&side, w)["secret"].is_null());
        let event = last_event(&side, w, "director_looked");
        assert_eq!((&event["seat"], &event["target"]), (&json!(1), &json!(2)));
        assert!(
            event["hand"].is_null(),
            "watcher {w} sees the look, not the hand"
        );
    }
    assert_eq!(pile_tops(&side), only_seat_0);
    // A reconnect while the DIRECTOR decides: the same, from snapshots.
    side.reconnect_all(&server, None).await;
    assert_eq!(view(&side, 1)["secret"], look);
    assert_eq!(pile_tops(&side), only_seat_0);

    // The discard is public; seat 2's turn begins and it draws the TAXMAN,
    // which seat 0 no longer knows to be on top.
    side.act(
        1,
        "discard",
        &json!({"kind": "discard", "seat": 2, "card": "sales"}),
    )
    .await;
    for w in 0..=3 {
        assert_eq!(last_event(&side, w, "director_discarded")["card"], "sales");
        let drew = last_event(&side, w, "drew");
        assert_eq!(drew["seat"], 2);
        let expected = if w == 2 {
            json!(["taxman"])
        } else {
            Value::Null
        };
        assert_eq!(drew["cards"], expected, "watcher {w}");
    }
    assert_eq!(pile_tops(&side), vec![Value::Null; 4]);
    // The DIRECTOR's look stays in seat 1's own log, and only there.
    side.reconnect_all(&server, None).await;
    assert_eq!(last_event(&side, 1, "director_looked")["hand"], hand);
    for w in [0, 2, spectator] {
        assert!(last_event(&side, w, "director_looked")["hand"].is_null());
    }

    // Every frame anyone received, reconnects included.
    let transcripts: Vec<Vec<String>> = side.watchers.iter().map(Watcher::transcript).collect();
    for (w, transcript) in transcripts.iter().enumerate() {
        assert_secrets_kept(transcript, (w < 3).then_some(w as Seat));
    }
    let mentions = |w: usize, card: Card| -> Vec<usize> {
        transcripts[w]
            .iter()
            .enumerate()
            .filter(|(_, t)| strings_outside_board(t).contains(&name(card)))
            .map(|(i, _)| i)
            .collect()
    };
    for card in [Card::Secretary, Card::Boss] {
        assert!(
            !mentions(1, card).is_empty(),
            "the DIRECTOR's player saw the hand"
        );
        for w in [0, spectator] {
            assert_eq!(
                mentions(w, card),
                Vec::<usize>::new(),
                "watcher {w} learns of {card:?}"
            );
        }
    }
    for w in [1, spectator] {
        assert_eq!(
            mentions(w, Card::Taxman),
            Vec::<usize>::new(),
            "watcher {w}"
        );
    }
    // Seat 2 first hears of the TAXMAN when it draws it.
    let first = mentions(2, Card::Taxman)[0];
    let frame: Value = serde_json::from_str(&transcripts[2][first]).unwrap();
    assert!(
        frame_events(&frame)
            .iter()
            .any(|e| e["kind"] == "drew" && e["cards"] == json!(["taxman"])),
        "seat 2 learns of the TAXMAN by drawing it: {frame}"
    );
    server.stop().await;
}
