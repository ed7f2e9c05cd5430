//! Updates whose view is a patch (`hello.patches`, docs/protocol.md): a
//! connection that asked for them gets `view_patch` instead of `view`, and
//! the patch applied to the view it holds is exactly the view a connection
//! of the same seat that did not ask receives whole; resuming gets the whole
//! view again; and an Osaki update frame is much smaller.

mod support;

use cubicle_protocol::{EventSeq, GameUpdate, ServerMessage, PROTOCOL_VERSION};
use serde_json::{json, Value};
use support::osaki::{Picker, Table};
use support::{Client, TestServer};

/// A connection that says hello with `patches`, and the view it holds.
struct Patched {
    client: Client,
    view: Value,
    seq: EventSeq,
}

impl Patched {
    async fn open(server: &TestServer, room_id: &str, token: Option<&str>) -> Patched {
        let mut patched = Patched {
            client: server.client(room_id).await,
            view: Value::Null,
            seq: 0,
        };
        patched.hello(token, None).await;
        patched
    }

    /// Says hello (again, on a fresh socket if `since` is given) and takes
    /// the game it gets: always with the whole view.
    async fn hello(&mut self, token: Option<&str>, since: Option<EventSeq>) {
        let mut hello = json!({"type": "hello", "protocol": PROTOCOL_VERSION, "patches": true});
        if let Some(token) = token {
            hello["token"] = json!(token);
        }
        if let Some(since) = since {
            hello["since"] = json!(since);
        }
        self.client.send_json(hello).await;
        assert!(matches!(
            self.client.recv().await,
            ServerMessage::Welcome { .. }
        ));
        match self.client.recv_skip_room().await {
            ServerMessage::Snapshot { game } => {
                assert!(since.is_none());
                self.view = game.view;
                self.seq = game.seq;
            }
            ServerMessage::Update { update } => {
                assert!(since.is_some());
                assert!(update.view_patch.is_none(), "a resume has the whole view");
                assert!(update.view.is_object());
                self.view = update.view;
                self.seq = update.seq;
            }
            other => panic!("expected the game, got {other:?}"),
        }
    }

    /// The next update, with a patch (or the whole view, when a patch
    /// would be no smaller); takes it, and counts the patches.
    async fn expect_update(&mut self, patches: &mut usize) -> GameUpdate {
        let update = match self.client.recv_skip_room().await {
            ServerMessage::Update { update } => update,
            other => panic!("expected an update, got {other:?}"),
        };
        match &update.view_patch {
            Some(ops) => {
                assert_eq!(update.view, Value::Null, "no whole view beside a patch");
                let ops: json_patch::Patch = serde_json::from_value(json!(ops)).expect("RFC 6902");
                json_patch::patch(&mut self.view, &ops).expect("the patch fits the view held");
                *patches += 1;
            }
            None => self.view = update.view.clone(),
        }
        assert!(self.view.is_object());
        self.seq = update.seq;
        update
    }
}

/// Bytes of the `update` frames a client received.
fn update_frames(client: &Client) -> Vec<usize> {
    client
        .received
        .iter()
        .filter(|t| t.starts_with("{\"type\":\"update\""))
        .map(String::len)
        .collect()
}

#[tokio::test]
async fn a_patched_connection_holds_what_a_whole_one_is_sent() {
    let server = TestServer::start().await;
    let mut table = Table::start(&server, 4, None).await;
    let room_id = table.room_id.clone();
    let token = table.players[1].token.clone();
    let mut seat = Patched::open(&server, &room_id, Some(&token)).await;
    let mut watcher = Patched::open(&server, &room_id, None).await;
    let mut whole_watcher = server.client(&room_id).await;
    whole_watcher.hello(None, None).await;
    let mut whole_view = match whole_watcher.recv_skip_room().await {
        ServerMessage::Snapshot { game } => game.view,
        other => panic!("expected a snapshot, got {other:?}"),
    };
    assert_eq!(seat.view, table.players[1].view);
    assert_eq!(watcher.view, whole_view);
    let mut picker = Picker::new(21);
    let (mut played, mut patches) = (0, 0);
    while !table.over() {
        table.play(&mut |legal| picker.pick(legal)).await;
        played += 1;
        let update = seat.expect_update(&mut patches).await;
        assert_eq!(seat.view, table.players[1].view, "action {played}");
        assert_eq!(update.legal, table.players[1].legal);
        assert_eq!(update.seq, table.players[1].seq);
        watcher.expect_update(&mut patches).await;
        whole_view = match whole_watcher.recv_skip_room().await {
            ServerMessage::Update { update } => update.view,
            other => panic!("expected an update, got {other:?}"),
        };
        assert_eq!(watcher.view, whole_view, "action {played}");
        if played == 3 {
            // Back on a new socket, resuming: the whole view, then patches.
            let since = seat.seq;
            std::mem::replace(&mut seat.client, server.client(&room_id).await)
                .close()
                .await;
            seat.hello(Some(&token), Some(since)).await;
            assert_eq!(seat.view, table.players[1].view);
        }
        if played == 6 {
            // And from nothing: a snapshot, then patches.
            std::mem::replace(&mut seat.client, server.client(&room_id).await)
                .close()
                .await;
            seat.hello(Some(&token), None).await;
            assert_eq!(seat.view, table.players[1].view);
        }
    }
    assert!(played > 6, "a whole game");
    assert!(patches > played, "{patches} patches in {played} actions");
    // The whole connections never saw a patch.
    for text in table.players[1]
        .client
        .received
        .iter()
        .chain(&whole_watcher.received)
    {
        assert!(!text.contains("view_patch"), "{text}");
    }
    server.stop().await;
}

/// Issue 11: the average Osaki update frame a seat receives, whole and
/// patched, over random 4-player games. (About 1,700 B whole and 450 to
/// 460 B patched since tiles are strings and areas carry no count, of
/// which the events are about 130 B and the patch 210 B; the goal
/// is 500 B on average over the load tool's many games, where it is 448 B.
/// Six games vary more, so the ceiling here is 490 B: a frame grown by a
/// few dozen bytes fails.)
#[tokio::test]
async fn osaki_update_frames_are_a_quarter_of_the_size_with_patches() {
    let server = TestServer::start().await;
    let (mut whole, mut patched, mut texts) = (Vec::new(), Vec::new(), Vec::new());
    for game in 0..6 {
        let mut table = Table::start(&server, 4, None).await;
        let room_id = table.room_id.clone();
        let token = table.players[2].token.clone();
        let mut seat = Patched::open(&server, &room_id, Some(&token)).await;
        let mut picker = Picker::new(100 + game);
        let mut patches = 0;
        while !table.over() {
            table.play(&mut |legal| picker.pick(legal)).await;
            seat.expect_update(&mut patches).await;
            assert_eq!(seat.view, table.players[2].view);
        }
        whole.extend(update_frames(&table.players[2].client));
        patched.extend(update_frames(&seat.client));
        texts.extend(
            seat.client
                .received
                .iter()
                .filter(|t| t.starts_with("{\"type\":\"update\""))
                .cloned(),
        );
    }
    let average = |frames: &[usize]| frames.iter().sum::<usize>() as f64 / frames.len() as f64;
    let parts: Vec<String> = ["events", "view_patch", "legal"]
        .iter()
        .map(|part| {
            let sizes: Vec<usize> = texts
                .iter()
                .map(|t| {
                    let v: Value = serde_json::from_str(t).unwrap();
                    v["update"].get(*part).map_or(0, |p| p.to_string().len())
                })
                .collect();
            format!("{part} {:.0} B", average(&sizes))
        })
        .collect();
    eprintln!("patched frames' parts: {}", parts.join(", "));
    let (whole, patched) = (average(&whole), average(&patched));
    eprintln!("Osaki, 4 players, one seat's update frames: whole view {whole:.0} B, patched {patched:.0} B on average");
    assert!(patched <= 490.0, "{patched:.0} B");
    assert!(patched < whole / 3.0);
    server.stop().await;
}
