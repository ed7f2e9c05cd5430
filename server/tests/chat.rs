//! Table chat: a line reaches everyone in the room once saved, under the
//! seat's name (a spectator gives one), as plain text; bad lines and floods
//! are refused and change nothing; a restart keeps the history.

mod support;

use cubicle_protocol::{ChatLine, ClientMessage, ErrorCode, ServerMessage, MAX_CHAT_CHARS};
use support::{Client, TestServer};

/// The next chat line `client` hears (skipping room broadcasts).
async fn next_line(client: &mut Client) -> ChatLine {
    loop {
        match client.recv().await {
            ServerMessage::Chat { line } => return line,
            ServerMessage::Room { .. } => {}
            other => panic!("expected a chat line, got {other:?}"),
        }
    }
}

fn say(text: &str) -> ClientMessage {
    ClientMessage::Chat {
        text: text.into(),
        name: None,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_line_reaches_everyone_under_its_speakers_name_and_survives_a_restart() {
    let server = TestServer::start().await;
    let created = server.create_room("office21", 2, None).await;
    let room = created.room_id.clone();
    let mut aki = server.client(&room).await;
    aki.hello(None, None).await;
    aki.send_join("Aki", Some(0), &[]).await;
    let ServerMessage::Joined { token, .. } = aki.recv_skip_room().await else {
        panic!("Aki is seated")
    };
    let mut watcher = server.client(&room).await;
    watcher.hello(None, None).await;

    // Markup is text like any other: it comes back exactly as typed.
    let markup = "<img src=x onerror=alert(1)> hello";
    aki.send(&say(&format!("  {markup}  "))).await;
    for client in [&mut aki, &mut watcher] {
        let line = next_line(client).await;
        assert_eq!(line.text, markup, "trimmed, otherwise as typed");
        assert_eq!(line.name, "Aki");
        assert_eq!(line.seat, Some(0));
        assert!(!line.spectator);
        assert_eq!(line.id, 1);
    }

    // A spectator must say who they are.
    watcher.send(&say("hi")).await;
    watcher.expect_error(ErrorCode::BadChat).await;
    watcher
        .send(&ClientMessage::Chat {
            text: "お疲れさまでした！".into(),
            name: Some("Ben".into()),
        })
        .await;
    let line = next_line(&mut aki).await;
    assert_eq!((line.id, line.name.as_str()), (2, "Ben"));
    assert!(line.spectator);
    assert_eq!(line.seat, None);
    next_line(&mut watcher).await;

    // Refused lines change nothing: no line, no number used.
    for bad in [
        String::new(),
        "two\nlines".to_owned(),
        "x".repeat(MAX_CHAT_CHARS + 1),
    ] {
        aki.send(&say(&bad)).await;
        aki.expect_error(ErrorCode::BadChat).await;
    }
    watcher.assert_quiet().await;

    // A flood: the rest of the burst of five goes through (Aki spoke once
    // already), the next line is refused.
    for i in 0..4 {
        aki.send(&say(&format!("line {i}"))).await;
        next_line(&mut aki).await;
    }
    aki.send(&say("one too many")).await;
    aki.expect_error(ErrorCode::RateLimited).await;

    aki.close().await;
    watcher.close().await;
    let server = server.restart().await;
    let mut back = server.client(&room).await;
    back.send_hello(Some(&token), None).await;
    let ServerMessage::Welcome { chat, .. } = back.recv().await else {
        panic!("welcome first")
    };
    let texts: Vec<&str> = chat.iter().map(|l| l.text.as_str()).collect();
    assert_eq!(
        texts,
        [
            markup,
            "お疲れさまでした！",
            "line 0",
            "line 1",
            "line 2",
            "line 3",
        ]
    );
    assert_eq!(
        chat.iter().map(|l| l.id).collect::<Vec<_>>(),
        (1..=6).collect::<Vec<_>>()
    );
    // And numbering goes on from there.
    back.send(&say("after the restart")).await;
    assert_eq!(next_line(&mut back).await.id, 7);
}
