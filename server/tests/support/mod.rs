//! Shared test support: a database per test (SQLite file, or a fresh
//! PostgreSQL schema when CUBICLE_TEST_DATABASE_URL is set), the server
//! started in-process, and a WebSocket client that speaks the protocol.
//!
//! Each test binary uses a different part of it.
#![allow(dead_code)]

pub mod binary;
pub mod dilbert;
pub mod normalize;
pub mod office21;
pub mod osaki;
pub mod pgproxy;
pub mod rooms;

use std::net::SocketAddr;
use std::time::Duration;

use cubicle_protocol::{
    ClientMessage, ErrorCode, EventSeq, RoomCreated, RoomInfo, Seat, ServerMessage, You,
    PROTOCOL_VERSION,
};
use cubicle_server::{Config, Server};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use sqlx::{AnyPool, Connection, Executor};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// How long a test waits for a message that must come.
pub const WAIT: Duration = Duration::from_secs(10);
/// How long a test listens to be sure that nothing comes.
pub const QUIET: Duration = Duration::from_millis(300);

pub const PG_ENV: &str = "CUBICLE_TEST_DATABASE_URL";
/// The PostgreSQL server of this machine kind (trust auth, database `test`).
pub const PG_DEFAULT: &str = "postgres://postgres@127.0.0.1:5432/test";

/// A database of its own for one test.
pub struct TestDb {
    pub url: String,
    _dir: Option<tempfile::TempDir>,
    /// PostgreSQL: the test's schema, dropped by [`TestDb::cleanup`].
    schema: Option<(String, String)>,
}

impl TestDb {
    pub async fn new() -> TestDb {
        sqlx::any::install_default_drivers();
        match std::env::var(PG_ENV) {
            Ok(base) if !base.is_empty() => TestDb::postgres_at(base).await,
            _ => TestDb::sqlite(),
        }
    }

    /// A SQLite file in a temporary directory, whatever the environment
    /// says (for tests of SQLite's own tools).
    pub fn sqlite() -> TestDb {
        sqlx::any::install_default_drivers();
        let dir = tempfile::tempdir().expect("temp dir");
        let url = format!("sqlite://{}", dir.path().join("cubicle.db").display());
        TestDb {
            url,
            _dir: Some(dir),
            schema: None,
        }
    }

    /// A fresh schema on PostgreSQL whatever the environment says (for the
    /// tests of PostgreSQL's own faults): at CUBICLE_TEST_DATABASE_URL, else
    /// at the server this machine runs. Panics if there is none.
    pub async fn postgres() -> TestDb {
        sqlx::any::install_default_drivers();
        let base = std::env::var(PG_ENV)
            .ok()
            .filter(|b| !b.is_empty())
            .unwrap_or_else(|| PG_DEFAULT.to_owned());
        TestDb::postgres_at(base).await
    }

    async fn postgres_at(base: String) -> TestDb {
        let schema = format!("cubicle_test_{}", &cubicle_server::ids::new_room_id()[..16]);
        let mut conn = sqlx::AnyConnection::connect(&base)
            .await
            .unwrap_or_else(|e| {
                panic!("this test needs PostgreSQL, which cannot be reached at {base} ({e}); set {PG_ENV}")
            });
        conn.execute(format!("CREATE SCHEMA {schema}").as_str())
            .await
            .expect("create the test schema");
        conn.close().await.ok();
        let separator = if base.contains('?') { '&' } else { '?' };
        TestDb {
            url: format!("{base}{separator}options=-c%20search_path%3D{schema}"),
            _dir: None,
            schema: Some((base, schema)),
        }
    }

    /// A database this value does not own (nothing to clean up).
    pub fn unmanaged(url: String) -> TestDb {
        TestDb {
            url,
            _dir: None,
            schema: None,
        }
    }

    /// PostgreSQL's "host:port".
    pub fn upstream(&self) -> String {
        let (_, rest) = self.url.split_once("://").expect("a URL");
        let rest = rest.rsplit_once('@').map_or(rest, |(_, r)| r);
        let end = rest.find(['/', '?']).unwrap_or(rest.len());
        let host = &rest[..end];
        if host.contains(':') {
            host.to_owned()
        } else {
            format!("{host}:5432")
        }
    }

    /// This database's URL with its host and port replaced by `proxy`, and
    /// TLS off (so a proxy can read the protocol).
    pub fn url_via(&self, proxy: SocketAddr) -> String {
        let (scheme, rest) = self.url.split_once("://").expect("a URL");
        let (user, rest) = rest.rsplit_once('@').map_or(("", rest), |(u, r)| (u, r));
        let end = rest.find(['/', '?']).unwrap_or(rest.len());
        let at = if user.is_empty() { "" } else { "@" };
        format!(
            "{scheme}://{user}{at}{proxy}{}&sslmode=disable",
            &rest[end..]
        )
    }

    pub fn is_postgres(&self) -> bool {
        self.schema.is_some()
    }

    /// A pool to look into the database the server writes.
    pub async fn inspect(&self) -> AnyPool {
        sqlx::any::AnyPoolOptions::new()
            .max_connections(1)
            .connect(&self.url)
            .await
            .expect("open the test database")
    }

    pub async fn count(&self, sql: &str) -> i64 {
        let pool = self.inspect().await;
        let n: i64 = sqlx::query_scalar(sql).fetch_one(&pool).await.expect(sql);
        pool.close().await;
        n
    }

    /// The room's action log as (number, client id), in order.
    pub async fn action_ids(&self, room_id: &str) -> Vec<(i64, String)> {
        let pool = self.inspect().await;
        let rows =
            sqlx::query_as("SELECT seq, client_id FROM actions WHERE room_id = $1 ORDER BY seq")
                .bind(room_id)
                .fetch_all(&pool)
                .await
                .expect("read the action log");
        pool.close().await;
        rows
    }

    /// Drops a PostgreSQL test schema (SQLite files go with their temp dir).
    pub async fn cleanup(self) {
        if let Some((base, schema)) = &self.schema {
            if let Ok(mut conn) = sqlx::AnyConnection::connect(base).await {
                let _ = conn
                    .execute(format!("DROP SCHEMA {schema} CASCADE").as_str())
                    .await;
            }
        }
    }
}

/// The server, in-process, on 127.0.0.1 with a port of its own.
pub struct TestServer {
    server: Option<Server>,
    pub addr: SocketAddr,
    pub db: TestDb,
    http: reqwest::Client,
}

impl TestServer {
    /// A server that accepts fixtures.
    pub async fn start() -> TestServer {
        Self::start_with(true).await
    }

    pub async fn start_with(allow_fixtures: bool) -> TestServer {
        let db = TestDb::new().await;
        Self::start_on(db, allow_fixtures).await
    }

    pub async fn start_on(db: TestDb, allow_fixtures: bool) -> TestServer {
        Self::start_configured(db, |config| config.allow_fixtures = allow_fixtures).await
    }

    /// A server on `db` with the configuration `configure` makes.
    pub async fn start_configured(db: TestDb, configure: impl FnOnce(&mut Config)) -> TestServer {
        let mut config = Config::new("127.0.0.1:0".parse().unwrap(), db.url.clone());
        // Bots act at once: tests wait for nobody.
        config.bot_delay_ms = 0;
        configure(&mut config);
        let server = Server::start(config).await.expect("server starts");
        TestServer {
            addr: server.local_addr(),
            server: Some(server),
            db,
            http: reqwest::Client::new(),
        }
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }

    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.http.get(self.url(path)).send().await.expect("GET")
    }

    /// POST /api/rooms with any body; returns the status and the JSON body.
    pub async fn post_room(&self, body: Value) -> (u16, Value) {
        let response = self
            .http
            .post(self.url("/api/rooms"))
            .json(&body)
            .send()
            .await
            .expect("POST /api/rooms");
        let status = response.status().as_u16();
        (status, response.json().await.expect("JSON body"))
    }

    pub async fn create_room(&self, game: &str, seats: u8, options: Option<Value>) -> RoomCreated {
        let mut body = json!({ "game": game, "seats": seats });
        if let Some(options) = options {
            body["options"] = options;
        }
        let (status, body) = self.post_room(body).await;
        assert_eq!(status, 201, "room creation failed: {body}");
        serde_json::from_value(body).expect("RoomCreated")
    }

    pub async fn room_info(&self, room_id: &str) -> RoomInfo {
        let response = self.get(&format!("/api/rooms/{room_id}")).await;
        assert_eq!(response.status(), 200);
        response.json().await.expect("RoomInfo")
    }

    pub async fn client(&self, room_id: &str) -> Client {
        Client::open(self.addr, room_id).await
    }

    /// Shuts the server down cleanly and starts a new one on the same
    /// database.
    pub async fn restart(mut self) -> TestServer {
        let server = self.server.take().expect("running");
        server.shutdown().await.expect("clean shutdown");
        let allow_fixtures = true;
        let db = std::mem::replace(
            &mut self.db,
            TestDb {
                url: String::new(),
                _dir: None,
                schema: None,
            },
        );
        TestServer::start_on(db, allow_fixtures).await
    }

    /// Shuts the server down cleanly and hands its database back (for a
    /// test whose other servers still use it).
    pub async fn stop_keeping_db(mut self) -> TestDb {
        if let Some(server) = self.server.take() {
            server.shutdown().await.expect("clean shutdown");
        }
        std::mem::replace(
            &mut self.db,
            TestDb {
                url: String::new(),
                _dir: None,
                schema: None,
            },
        )
    }

    pub async fn stop(mut self) {
        if let Some(server) = self.server.take() {
            server.shutdown().await.expect("clean shutdown");
        }
        self.db.cleanup().await;
    }
}

/// The snapshot a fresh connection with `token` receives, as raw text
/// (to compare a game to the byte, e.g. before and after a restart).
pub async fn snapshot_text(addr: SocketAddr, room_id: &str, token: &str) -> String {
    let mut client = Client::open(addr, room_id).await;
    client.hello(Some(token), None).await;
    let message = client.recv().await;
    assert!(
        matches!(message, ServerMessage::Snapshot { .. }),
        "{message:?}"
    );
    let text = client.received.last().unwrap().clone();
    client.close().await;
    text
}

/// What a server's WebSocket frame turned out to be.
#[derive(Debug)]
// Frames live for one match: boxing the message would only complicate the
// patterns that read them.
#[allow(clippy::large_enum_variant)]
pub enum Frame {
    Message(ServerMessage),
    Close(Option<u16>),
}

/// A WebSocket client speaking the protocol, recording every text it gets.
pub struct Client {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    /// Every text frame received, in order.
    pub received: Vec<String>,
}

impl Client {
    pub async fn open(addr: SocketAddr, room_id: &str) -> Client {
        let url = format!("ws://{addr}/ws/rooms/{room_id}");
        let (ws, _) = tokio_tungstenite::connect_async_with_config(url, None, true)
            .await
            .expect("WebSocket connects");
        Client {
            ws,
            received: Vec::new(),
        }
    }

    /// Like [`Client::open`] with a 4 KiB read buffer instead of 128 KiB,
    /// for tests that open connections by the thousand and measure memory.
    pub async fn open_small(addr: SocketAddr, room_id: &str) -> Client {
        let url = format!("ws://{addr}/ws/rooms/{room_id}");
        let config = tokio_tungstenite::tungstenite::protocol::WebSocketConfig::default()
            .read_buffer_size(4 * 1024)
            .write_buffer_size(0);
        let (ws, _) = tokio_tungstenite::connect_async_with_config(url, Some(config), true)
            .await
            .expect("WebSocket connects");
        Client {
            ws,
            received: Vec::new(),
        }
    }

    pub async fn send(&mut self, message: &ClientMessage) {
        self.send_text(&serde_json::to_string(message).unwrap())
            .await;
    }

    /// Asks for a seat: `join {name, seat?, answers}`, with answers to the
    /// game's join questions as (question id, answer) pairs.
    pub async fn send_join(&mut self, name: &str, seat: Option<Seat>, answers: &[(&str, Value)]) {
        self.send(&ClientMessage::Join {
            name: name.into(),
            seat,
            answers: answers
                .iter()
                .map(|(id, answer)| ((*id).to_owned(), answer.clone()))
                .collect(),
            contribution: None,
        })
        .await;
    }

    pub async fn send_json(&mut self, value: Value) {
        self.send_text(&value.to_string()).await;
    }

    pub async fn send_text(&mut self, text: &str) {
        self.ws.send(Message::text(text)).await.expect("send");
    }

    /// The next frame, or `None` if nothing came within `wait`.
    pub async fn frame(&mut self, wait: Duration) -> Option<Frame> {
        loop {
            let next = tokio::time::timeout(wait, self.ws.next()).await.ok()?;
            match next {
                Some(Ok(Message::Text(text))) => {
                    self.received.push(text.to_string());
                    let message = serde_json::from_str(text.as_str()).unwrap_or_else(|e| {
                        panic!("server sent a message outside the protocol ({e}): {text}")
                    });
                    return Some(Frame::Message(message));
                }
                Some(Ok(Message::Close(frame))) => {
                    return Some(Frame::Close(frame.map(|f| u16::from(f.code))))
                }
                Some(Ok(Message::Binary(_))) => panic!("the server sent a binary frame"),
                Some(Ok(_)) => continue,
                Some(Err(_)) | None => return Some(Frame::Close(None)),
            }
        }
    }

    /// The next message; panics on close or silence.
    pub async fn recv(&mut self) -> ServerMessage {
        match self.frame(WAIT).await {
            Some(Frame::Message(m)) => m,
            Some(Frame::Close(code)) => {
                panic!("connection closed ({code:?}) while a message was expected")
            }
            None => panic!("no message within {WAIT:?}"),
        }
    }

    /// The next message that is not a `room` broadcast.
    pub async fn recv_skip_room(&mut self) -> ServerMessage {
        loop {
            match self.recv().await {
                ServerMessage::Room { .. } => continue,
                other => return other,
            }
        }
    }

    /// The next message that is not a `snapshot`.
    pub async fn recv_skip_snapshot(&mut self) -> ServerMessage {
        loop {
            match self.recv().await {
                ServerMessage::Snapshot { .. } => continue,
                other => return other,
            }
        }
    }

    /// Sends hello (whole views, the default board), expecting nothing.
    pub async fn send_hello(&mut self, token: Option<&str>, since: Option<EventSeq>) {
        self.send(&ClientMessage::Hello {
            protocol: PROTOCOL_VERSION,
            token: token.map(str::to_owned),
            since,
            patches: false,
            board: None,
        })
        .await;
    }

    /// Sends hello and returns the welcome (skipping nothing: welcome must
    /// come first, except an InvalidToken error just before it).
    pub async fn hello(&mut self, token: Option<&str>, since: Option<EventSeq>) -> (You, RoomInfo) {
        self.send_hello(token, since).await;
        match self.recv().await {
            ServerMessage::Welcome {
                protocol,
                you,
                room,
                ..
            } => {
                assert_eq!(protocol, PROTOCOL_VERSION);
                (you, room)
            }
            other => panic!("expected welcome, got {other:?}"),
        }
    }

    /// Expects an error with `code` (skipping `room` broadcasts); returns
    /// its id.
    pub async fn expect_error(&mut self, code: ErrorCode) -> Option<String> {
        match self.recv_skip_room().await {
            ServerMessage::Error {
                code: got,
                id,
                message,
            } => {
                assert_eq!(got, code, "wrong error code (message: {message})");
                assert!(!message.is_empty(), "errors carry a human message");
                id
            }
            other => panic!("expected error {code:?}, got {other:?}"),
        }
    }

    /// Expects the server to close the connection; returns the close code.
    pub async fn expect_close(&mut self) -> Option<u16> {
        loop {
            match self.frame(WAIT).await {
                Some(Frame::Close(code)) => return code,
                Some(Frame::Message(_)) => continue,
                None => panic!("the server did not close the connection"),
            }
        }
    }

    /// Asserts that nothing but room (presence) broadcasts arrives for a
    /// moment.
    pub async fn assert_quiet(&mut self) {
        loop {
            match self.frame(QUIET).await {
                None => return,
                Some(Frame::Message(ServerMessage::Room { .. })) => continue,
                Some(frame) => panic!("expected silence, got {frame:?}"),
            }
        }
    }

    /// Round trip: proves the socket is open and everything sent before was
    /// handled (messages are handled in order).
    pub async fn ping(&mut self) {
        self.send(&ClientMessage::Ping {}).await;
        loop {
            match self.recv().await {
                ServerMessage::Pong => return,
                ServerMessage::Room { .. } => continue,
                other => panic!("expected pong, got {other:?}"),
            }
        }
    }

    /// The socket itself, to send what the protocol cannot express (raw
    /// frames, invalid UTF-8).
    pub fn socket(&mut self) -> &mut WebSocketStream<MaybeTlsStream<TcpStream>> {
        &mut self.ws
    }

    pub async fn close(mut self) {
        let _ = self.ws.close(None).await;
        // Read until the server's close frame, so the close is complete.
        while let Ok(Some(Ok(_))) = tokio::time::timeout(WAIT, self.ws.next()).await {}
    }
}
