//! Computer players in rooms, over real WebSockets: bots seated by the
//! host play to the end beside a person, a bot stands in for an away player
//! whose clock ran out and gives the seat back when the player returns, the
//! host's choices for away seats, seats taken over during the game, free
//! seats removed before the start, host rights passed on, and a SIGKILL in
//! the middle of a game with bots.

mod support;

use std::time::Duration;

use cubicle_protocol::{
    AwayChoice, BotLevel, ClientMessage, ErrorCode, GameSnapshot, RoomInfo, RoomStatus, Seat,
    SeatBot, ServerMessage, You,
};
use serde_json::{json, Value};
use support::binary::Binary;
use support::osaki::Picker;
use support::{snapshot_text, Client, TestDb, TestServer};

/// How long a test lets bots play before it calls the table frozen.
const PATIENCE: Duration = Duration::from_secs(60);

/// A connection to a room and what it last heard of the game.
struct Seated {
    client: Client,
    token: Option<String>,
    you: You,
    room: Option<RoomInfo>,
    legal: Vec<Value>,
    seq: u64,
    outcome: bool,
    view: Value,
    acted: u32,
}

impl Seated {
    async fn connect(addr: std::net::SocketAddr, room_id: &str, token: Option<&str>) -> Seated {
        let mut client = Client::open(addr, room_id).await;
        let (you, room) = client.hello(token, None).await;
        Seated {
            client,
            token: token.map(str::to_owned),
            you,
            room: Some(room),
            legal: Vec::new(),
            seq: 0,
            outcome: false,
            view: Value::Null,
            acted: 0,
        }
    }

    /// Records what `message` says; returns it.
    fn note(&mut self, message: ServerMessage) -> ServerMessage {
        match &message {
            ServerMessage::Room { room } => self.room = Some(room.clone()),
            ServerMessage::You { you } => self.you = you.clone(),
            ServerMessage::Joined { seat, token } => {
                self.you.seat = Some(*seat);
                self.token = Some(token.clone());
            }
            ServerMessage::Snapshot { game } => self.take(game),
            ServerMessage::Update { update } => {
                self.legal = update.legal.clone();
                self.seq = update.seq;
                self.outcome = update.outcome.is_some();
                self.view = update.view.clone();
            }
            _ => {}
        }
        message
    }

    fn take(&mut self, game: &GameSnapshot) {
        self.legal = game.legal.clone();
        self.seq = game.seq;
        self.outcome = game.outcome.is_some();
        self.view = game.view.clone();
    }

    /// Reads until `done` holds for this connection, failing on an error.
    async fn until(&mut self, what: &str, done: impl Fn(&Seated) -> bool) {
        let deadline = tokio::time::Instant::now() + PATIENCE;
        while !done(self) {
            assert!(
                tokio::time::Instant::now() < deadline,
                "waited too long for {what}"
            );
            let message = self.client.recv().await;
            if let ServerMessage::Error { code, message, .. } = &message {
                // An action overtaken by the clock or by a bot in a shared
                // window is refused like any late action.
                assert!(
                    matches!(code, ErrorCode::IllegalAction | ErrorCode::NotYourTurn),
                    "unexpected error {code:?} while waiting for {what}: {message}"
                );
            }
            self.note(message);
        }
    }

    /// Sends `message` and reads until `done` holds.
    async fn request(
        &mut self,
        message: ClientMessage,
        what: &str,
        done: impl Fn(&Seated) -> bool,
    ) {
        self.client.send(&message).await;
        self.until(what, done).await;
    }

    /// Sends `message` and expects the error `code`.
    async fn refused(&mut self, message: ClientMessage, code: ErrorCode) {
        self.client.send(&message).await;
        loop {
            match self.client.recv().await {
                ServerMessage::Error { code: got, .. } => {
                    assert_eq!(got, code, "refusal of {message:?}");
                    return;
                }
                other => {
                    self.note(other);
                }
            }
        }
    }

    fn seat_info(&self, seat: Seat) -> &cubicle_protocol::SeatInfo {
        &self.room.as_ref().expect("a room heard").seats[usize::from(seat)]
    }

    /// Plays one legal action (picked by `picker`).
    async fn act(&mut self, picker: &mut Picker) {
        let action = picker.pick(&self.legal);
        self.acted += 1;
        // Unique across connections and restarts: a reused id would be
        // taken for a retry and not applied.
        static IDS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        let id = format!(
            "a{}",
            IDS.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
        );
        self.legal.clear();
        self.client
            .send(&ClientMessage::Act {
                id: id.clone(),
                action,
            })
            .await;
    }

    /// Plays whenever this seat may act, until the game is over.
    async fn play_to_the_end(&mut self, picker: &mut Picker) {
        let deadline = tokio::time::Instant::now() + PATIENCE;
        while !self.outcome {
            assert!(
                tokio::time::Instant::now() < deadline,
                "the game did not end"
            );
            if !self.legal.is_empty() {
                self.act(picker).await;
            }
            let message = self.client.recv().await;
            if let ServerMessage::Error { code, message, .. } = &message {
                // An action overtaken by a bot's in a shared window is
                // refused like any late action; the next update re-offers.
                assert!(
                    matches!(code, ErrorCode::IllegalAction | ErrorCode::NotYourTurn),
                    "{code:?}: {message}"
                );
            }
            self.note(message);
        }
    }
}

fn bot(level: BotLevel, stand_in: bool) -> Option<SeatBot> {
    Some(SeatBot { level, stand_in })
}

async fn server() -> TestServer {
    TestServer::start_configured(TestDb::new().await, |config| {
        config.bot_delay_ms = 0;
        config.bot_think_ms = 20;
    })
    .await
}

/// The host, seated in seat 0 of a new room of `game` with `seats` seats.
async fn host_in(
    server: &TestServer,
    game: &str,
    seats: u8,
    options: Option<Value>,
) -> (String, Seated) {
    let created = server.create_room(game, seats, options).await;
    let mut host = Seated::connect(server.addr, &created.room_id, Some(&created.host_token)).await;
    host.client.send_join("Aki", Some(0), &[]).await;
    host.until("the host's seat", |h| h.you.seat == Some(0))
        .await;
    (created.room_id, host)
}

#[tokio::test]
async fn three_bots_and_a_person_play_to_the_end() {
    let server = server().await;
    let (room_id, mut host) = host_in(&server, "osaki", 4, None).await;
    for (seat, level) in [
        (1, BotLevel::Random),
        (2, BotLevel::Easy),
        (3, BotLevel::Hard),
    ] {
        host.request(
            ClientMessage::AddBot {
                seat: Some(seat),
                level,
            },
            "a bot seated",
            |h| {
                h.room.as_ref().unwrap().seats[usize::from(seat)]
                    .bot
                    .is_some()
            },
        )
        .await;
        assert_eq!(host.seat_info(seat).bot, bot(level, false));
    }
    assert_eq!(host.seat_info(3).name.as_deref(), Some("Hard bot 4"));
    // A bot's seat is taken; a bot cannot be removed by a guest.
    let mut guest = Seated::connect(server.addr, &room_id, None).await;
    guest
        .refused(
            ClientMessage::Join {
                name: "Ben".into(),
                seat: Some(2),
                answers: Default::default(),
                contribution: None,
            },
            ErrorCode::SeatTaken,
        )
        .await;
    guest
        .refused(ClientMessage::RemoveBot { seat: 2 }, ErrorCode::NotHost)
        .await;
    host.request(ClientMessage::Start {}, "the start", |h| h.seq > 0)
        .await;
    let mut picker = Picker::new(5);
    host.play_to_the_end(&mut picker).await;
    assert!(host.acted > 0, "the person played too");
    let info = server.room_info(&room_id).await;
    assert_eq!(info.status, RoomStatus::Finished);
    // The spectator saw the whole game, bots' actions included.
    guest.until("the end", |g| g.outcome).await;
    server.stop().await;
}

#[tokio::test]
async fn a_bot_stands_in_when_the_clock_runs_out_and_gives_the_seat_back() {
    let server = server().await;
    let clock = json!({"game": "osaki", "seats": 2, "clock": {"per_decision_ms": 1000}});
    let (status, body) = server.post_room(clock).await;
    assert_eq!(status, 201, "{body}");
    let room_id = body["room_id"].as_str().unwrap().to_owned();
    let host_token = body["host_token"].as_str().unwrap().to_owned();
    let mut host = Seated::connect(server.addr, &room_id, Some(&host_token)).await;
    host.client.send_join("Aki", Some(0), &[]).await;
    host.until("the host's seat", |h| h.you.seat == Some(0))
        .await;
    let mut ben = Seated::connect(server.addr, &room_id, None).await;
    ben.client.send_join("Ben", Some(1), &[]).await;
    ben.until("Ben's seat", |b| b.token.is_some()).await;
    let ben_token = ben.token.clone().unwrap();
    host.request(ClientMessage::Start {}, "the start", |h| h.seq > 0)
        .await;
    ben.client.close().await;
    host.until("Ben away", |h| !h.seat_info(1).connected).await;

    // The host plays; on Ben's turns his clock runs out and a bot takes
    // over, and the game goes on without anyone waiting for Ben.
    let mut picker = Picker::new(9);
    host.until("a bot for Ben", |h| {
        h.seat_info(1).bot == bot(BotLevel::Easy, true) || !h.legal.is_empty()
    })
    .await;
    while host.seat_info(1).bot.is_none() {
        host.act(&mut picker).await;
        host.until("a bot for Ben, or my turn", |h| {
            h.seat_info(1).bot.is_some() || !h.legal.is_empty()
        })
        .await;
    }
    let before = host.seq;
    host.until("the bot's action", |h| {
        h.seq > before && !h.legal.is_empty() || h.outcome
    })
    .await;

    // Ben comes back: the bot steps aside at once.
    let mut ben = Seated::connect(server.addr, &room_id, Some(&ben_token)).await;
    assert_eq!(ben.you.seat, Some(1));
    ben.until("the seat given back", |b| b.seat_info(1).bot.is_none())
        .await;
    ben.refused(ClientMessage::TakeBack {}, ErrorCode::NotStandingIn)
        .await;
    server.stop().await;
}

#[tokio::test]
async fn the_host_decides_for_an_away_seat() {
    let server = server().await;
    let (room_id, mut host) = host_in(&server, "osaki", 3, None).await;
    let mut ben = Seated::connect(server.addr, &room_id, None).await;
    ben.client.send_join("Ben", Some(1), &[]).await;
    ben.until("Ben's seat", |b| b.token.is_some()).await;
    let ben_token = ben.token.clone().unwrap();
    host.request(
        ClientMessage::AddBot {
            seat: None,
            level: BotLevel::Easy,
        },
        "a bot",
        |h| h.seat_info(2).bot.is_some(),
    )
    .await;
    host.request(ClientMessage::Start {}, "the start", |h| h.seq > 0)
        .await;
    let away = |choice| ClientMessage::Away {
        seat: 1,
        choice,
        level: None,
    };
    // Ben is still here: nothing to decide.
    host.refused(away(AwayChoice::Bot), ErrorCode::NotAway)
        .await;
    host.refused(
        ClientMessage::Away {
            seat: 2,
            choice: AwayChoice::Wait,
            level: None,
        },
        ErrorCode::NotAway,
    )
    .await;
    ben.client.close().await;
    host.until("Ben away", |h| !h.seat_info(1).connected).await;

    host.request(away(AwayChoice::Bot), "a bot for Ben", |h| {
        h.seat_info(1).bot == bot(BotLevel::Easy, true)
    })
    .await;
    host.request(away(AwayChoice::Wait), "waiting for Ben", |h| {
        h.seat_info(1).bot.is_none()
    })
    .await;
    // Opened: Ben's token opens nothing, a bot plays the seat, and a
    // newcomer takes it over during the game.
    host.request(away(AwayChoice::Open), "Ben's seat opened", |h| {
        h.seat_info(1).bot == bot(BotLevel::Easy, false)
    })
    .await;
    let mut old = Client::open(server.addr, &room_id).await;
    old.send_hello(Some(&ben_token), None).await;
    old.expect_error(ErrorCode::InvalidToken).await;
    let mut cleo = Seated::connect(server.addr, &room_id, None).await;
    cleo.refused(
        ClientMessage::Join {
            name: "Cleo".into(),
            seat: Some(0),
            answers: Default::default(),
            contribution: None,
        },
        ErrorCode::SeatTaken,
    )
    .await;
    cleo.client.send_join("Cleo", Some(1), &[]).await;
    cleo.until("Cleo seated, with the game", |c| {
        c.you.seat == Some(1) && c.seq > 0 && c.seat_info(1).bot.is_none()
    })
    .await;
    assert_eq!(cleo.seat_info(1).name.as_deref(), Some("Cleo"));

    // Host rights pass to Cleo.
    host.refused(ClientMessage::PassHost { seat: 2 }, ErrorCode::NotABot)
        .await;
    host.request(ClientMessage::PassHost { seat: 1 }, "no longer host", |h| {
        !h.you.host
    })
    .await;
    cleo.until("host rights", |c| c.you.host && c.seat_info(1).host)
        .await;
    host.refused(
        ClientMessage::Away {
            seat: 1,
            choice: AwayChoice::Bot,
            level: None,
        },
        ErrorCode::NotHost,
    )
    .await;
    server.stop().await;
}

#[tokio::test]
async fn the_host_starts_with_who_is_there() {
    let server = server().await;
    let (room_id, mut host) = host_in(&server, "osaki", 4, None).await;
    // Alone, the game's minimum is not met.
    host.refused(ClientMessage::RemoveEmptySeats {}, ErrorCode::TooFewSeats)
        .await;
    let mut ben = Seated::connect(server.addr, &room_id, None).await;
    ben.client.send_join("Ben", Some(3), &[]).await;
    ben.until("Ben's seat", |b| b.token.is_some()).await;
    host.refused(ClientMessage::Start {}, ErrorCode::SeatsNotFilled)
        .await;
    host.request(ClientMessage::RemoveEmptySeats {}, "two seats", |h| {
        h.room.as_ref().unwrap().seats.len() == 2
    })
    .await;
    // Ben hears his new seat number; his token still opens it.
    ben.until("a new seat number", |b| {
        b.you.seat == Some(1) && b.room.as_ref().unwrap().seats.len() == 2
    })
    .await;
    assert_eq!(ben.seat_info(1).name.as_deref(), Some("Ben"));
    host.request(ClientMessage::Start {}, "the start", |h| h.seq > 0)
        .await;
    let again = Seated::connect(server.addr, &room_id, ben.token.as_deref()).await;
    assert_eq!(again.you.seat, Some(1));
    server.stop().await;
}

#[tokio::test]
async fn a_game_with_bots_survives_sigkill_and_finishes() {
    let db = TestDb::new().await;
    let binary = Binary::start(&db, false);
    let created = binary.create_room(3, None).await;
    let mut host = Seated::connect(binary.addr, &created.room_id, Some(&created.host_token)).await;
    host.client.send_join("Aki", Some(0), &[]).await;
    host.until("the host's seat", |h| h.you.seat == Some(0))
        .await;
    for seat in [1, 2] {
        host.request(
            ClientMessage::AddBot {
                seat: Some(seat),
                level: BotLevel::Easy,
            },
            "a bot",
            |h| h.seat_info(seat).bot.is_some(),
        )
        .await;
    }
    host.request(ClientMessage::Start {}, "the start", |h| h.seq > 0)
        .await;
    let mut picker = Picker::new(3);
    // A few turns each, then the power goes.
    for _ in 0..3 {
        host.until("my turn", |h| !h.legal.is_empty() || h.outcome)
            .await;
        if host.outcome {
            break;
        }
        host.act(&mut picker).await;
        host.until("my action", |h| h.legal.is_empty()).await;
    }
    host.until("my turn", |h| !h.legal.is_empty() || h.outcome)
        .await;
    let before = snapshot_text(binary.addr, &created.room_id, &created.host_token).await;
    binary.kill();

    let binary = Binary::start(&db, false);
    let after = snapshot_text(binary.addr, &created.room_id, &created.host_token).await;
    assert_eq!(after, before, "the same game, to the byte");
    let mut host = Seated::connect(binary.addr, &created.room_id, Some(&created.host_token)).await;
    assert_eq!(host.seat_info(1).bot, bot(BotLevel::Easy, false));
    host.until("the game", |h| h.seq > 0).await;
    host.play_to_the_end(&mut picker).await;
    let finished = snapshot_text(binary.addr, &created.room_id, &created.host_token).await;
    binary.kill();
    // Replayed once more from the log alone, the finished game is the same.
    let binary = Binary::start(&db, false);
    assert_eq!(
        snapshot_text(binary.addr, &created.room_id, &created.host_token).await,
        finished
    );
    binary.kill();
    db.cleanup().await;
}
