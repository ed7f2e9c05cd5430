//! The room WebSocket (`/ws/rooms/{room_id}`): one task per connection.
//!
//! The task reads and checks what the client sends (size, rate, JSON shape,
//! hello first), passes requests to the room's actor, and writes what the
//! actor queued in its outbox. It never decides anything about the game.

mod origin;

use std::time::{Duration, Instant};

use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use cubicle_protocol::{ClientMessage, ErrorCode, EventSeq, ServerMessage, PROTOCOL_VERSION};

use crate::metrics as m;
use crate::rate::{RateLimiter, Verdict};
use crate::registry::LoadError;
use crate::room::{next_conn_id, ConnId, ConnectError, Inbox, Outbox, Request, RoomHandle, Wants};
use crate::AppState;
use futures_util::SinkExt;
use tokio::sync::mpsc;

pub use origin::AllowedOrigins;

/// Largest client message accepted; a larger one closes the connection
/// with 1009.
pub const MAX_MESSAGE_BYTES: usize = 16 * 1024;
/// What the WebSocket layer itself buffers at most. Messages between
/// [`MAX_MESSAGE_BYTES`] and this are read whole and refused cleanly; beyond
/// it the transport gives up mid-frame (the close is then best effort).
const TRANSPORT_MAX_BYTES: usize = 64 * 1024;
/// Bytes read from a socket at a time. tungstenite's default (128 KiB) is
/// allocated per connection up front; a frame bigger than this still arrives
/// whole (the buffer grows for it, up to [`TRANSPORT_MAX_BYTES`]), so a small
/// one only bounds idle memory. A client's messages are a few hundred bytes:
/// with 4 KiB an idle connection costs the server about 12 KiB in all
/// (docs/performance.md, "Idle connections"), against 24 KiB with 16 KiB.
const READ_BUFFER_BYTES: usize = 4 * 1024;
/// Messages queued for one connection before it counts as too slow.
pub const OUTBOX_CAPACITY: usize = 256;
/// Most queued messages written in one flush (`Link::send_burst`).
const MAX_BURST: usize = 32;
const HELLO_TIMEOUT: Duration = Duration::from_secs(10);
const PING_INTERVAL: Duration = Duration::from_secs(20);
/// A peer silent this long (not even answering pings) is gone.
const PEER_TIMEOUT: Duration = Duration::from_secs(60);
/// How long to wait for the peer's half of the closing handshake.
const CLOSE_GRACE: Duration = Duration::from_secs(2);
/// How long a connection whose input cannot be read stays open after our
/// close frame, so that the frame is read before the connection resets.
const RESET_DELAY: Duration = Duration::from_millis(250);

/// How the server closes a connection.
#[derive(Debug, Clone, Copy)]
struct Close {
    code: u16,
    reason: &'static str,
}

const GOING_AWAY: Close = Close {
    code: 1001,
    reason: "server shutting down",
};
const TOO_BIG: Close = Close {
    code: 1009,
    reason: "message too big (limit 16 KiB)",
};
const FLOODING: Close = Close {
    code: 1008,
    reason: "too many messages",
};
const NOT_UTF8: Close = Close {
    code: 1007,
    reason: "text frame is not valid UTF-8",
};
const SPECTATORS_FULL: Close = Close {
    code: 1013,
    reason: "too many spectators",
};
const TOO_SLOW: Close = Close {
    code: 1013,
    reason: "too slow: messages were piling up",
};
/// Another node serves the room now (docs/scaling.md): reconnect.
const MOVED: Close = Close {
    code: 4001,
    reason: "room moved: reconnect",
};

/// The `code` label of a close the server chose: one of
/// [`m::CLOSE_CODES`], so that the series already exists at zero.
fn close_label(code: u16) -> &'static str {
    m::CLOSE_CODES
        .iter()
        .find(|label| label.parse() == Ok(code))
        .copied()
        .unwrap_or_else(|| {
            debug_assert!(false, "close code {code} is missing from CLOSE_CODES");
            "1011"
        })
}

/// How a session ended.
enum End {
    /// We close, with this code.
    Close(Close),
    /// The peer started the closing handshake.
    PeerClosed,
    /// The connection is gone (reset, timeout): nothing to say.
    Lost,
}

/// What one frame from the client amounts to.
enum Incoming {
    Message(ClientMessage),
    /// Refused; send this error and go on.
    Refused(ServerMessage),
    /// Transport-level frames (ping, pong).
    Nothing,
    End(End),
}

/// Upgrades to a WebSocket, unless a browser page from a foreign origin
/// asks (403 then, before anything is upgraded: see [`origin`]).
pub async fn upgrade(
    State(app): State<AppState>,
    Path(room_id): Path<String>,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Response {
    if !app.allowed_origins.permit(&headers) {
        tracing::debug!(room = %room_id, origin = ?headers.get(axum::http::header::ORIGIN), "WebSocket from a foreign origin refused");
        let message = "this page's origin may not open this server's WebSockets";
        return (StatusCode::FORBIDDEN, message).into_response();
    }
    let tracker = app.connections.clone();
    ws.max_message_size(TRANSPORT_MAX_BYTES)
        .read_buffer_size(READ_BUFFER_BYTES)
        .max_frame_size(TRANSPORT_MAX_BYTES)
        .on_upgrade(move |socket| tracker.track_future(serve(socket, room_id, app)))
}

async fn serve(socket: WebSocket, room_id: String, app: AppState) {
    metrics::gauge!(m::WEBSOCKETS).increment(1.0);
    let conn = next_conn_id();
    let mut link = Link {
        socket,
        limiter: RateLimiter::new(Instant::now()),
        last_heard: Instant::now(),
    };
    let end = session(&mut link, conn, &room_id, &app).await;
    match end {
        End::Close(close) => {
            tracing::debug!(room = %room_id, conn, code = close.code, reason = close.reason, "closing connection");
            metrics::counter!(m::WS_CLOSES, "code" => close_label(close.code)).increment(1);
            link.close(close).await;
        }
        End::PeerClosed => {
            metrics::counter!(m::WS_CLOSES, "code" => "client").increment(1);
            link.finish_peer_close().await;
        }
        End::Lost => metrics::counter!(m::WS_CLOSES, "code" => "lost").increment(1),
    }
    metrics::gauge!(m::WEBSOCKETS).decrement(1.0);
}

async fn session(link: &mut Link, conn: ConnId, room_id: &str, app: &AppState) -> End {
    let (token, since, wants) = match link.hello(app).await {
        Ok(hello) => hello,
        Err(end) => return end,
    };
    let (outbox, mut inbox) = Outbox::channel(OUTBOX_CAPACITY);
    let room = match enter(app, room_id, conn, token, since, wants, outbox).await {
        Ok(room) => room,
        Err(Refused::Full) => {
            let message = "this room has as many spectators as it allows; try again later";
            return match link.send(&error(ErrorCode::RoomFull, message)).await {
                Ok(()) => End::Close(SPECTATORS_FULL),
                Err(end) => end,
            };
        }
        Err(Refused::Load(e)) => return refused_load(link, room_id, e).await,
    };
    let end = link.play(app, conn, &room, &mut inbox).await;
    room.disconnect(conn).await;
    end
}

/// How to close a connection whose room stopped.
fn room_stopped(inbox: &Inbox) -> Close {
    if inbox.moved.is_cancelled() {
        MOVED
    } else {
        GOING_AWAY
    }
}

/// Why a connection did not enter its room.
enum Refused {
    Load(LoadError),
    /// A spectator beyond the room's cap.
    Full,
}

/// Tells the client why its room could not be loaded.
async fn refused_load(link: &mut Link, room_id: &str, load: LoadError) -> End {
    match load {
        LoadError::Unknown => {
            let error = error(ErrorCode::UnknownRoom, "there is no room with this id");
            match link.send(&error).await {
                Ok(()) => End::Close(Close {
                    code: 1000,
                    reason: "unknown room",
                }),
                Err(end) => end,
            }
        }
        LoadError::ShuttingDown => End::Close(GOING_AWAY),
        LoadError::Elsewhere { .. } => {
            let message = "another server runs this room now; reconnect";
            match link.send(&error(ErrorCode::RoomMoved, message)).await {
                Ok(()) => End::Close(MOVED),
                Err(end) => end,
            }
        }
        e => {
            tracing::warn!(room = %room_id, error = %e, "room unavailable");
            let error = error(ErrorCode::Internal, "this room cannot be opened right now");
            match link.send(&error).await {
                Ok(()) => End::Close(Close {
                    code: 1011,
                    reason: "room unavailable",
                }),
                Err(end) => end,
            }
        }
    }
}

/// Registers the connection with the room's actor, loading the room if
/// needed. An actor that stopped between lookup and registration (idle
/// unload) is simply looked up again.
async fn enter(
    app: &AppState,
    room_id: &str,
    conn: ConnId,
    token: Option<String>,
    since: Option<EventSeq>,
    wants: Wants,
    outbox: Outbox,
) -> Result<RoomHandle, Refused> {
    for _ in 0..3 {
        let room = app.registry.get(room_id).await.map_err(Refused::Load)?;
        match room
            .connect_with(conn, token.clone(), since, wants.clone(), outbox.clone())
            .await
        {
            Ok(()) => return Ok(room),
            Err(ConnectError::Full(_)) => return Err(Refused::Full),
            Err(ConnectError::Gone(_)) => continue,
        }
    }
    Err(Refused::Load(LoadError::ShuttingDown))
}

/// An error for this connection; every one built is sent, so it is counted
/// here (the room's actor counts the refusals it sends itself).
fn error(code: ErrorCode, message: impl Into<String>) -> ServerMessage {
    metrics::counter!(m::REFUSALS, "code" => code.name()).increment(1);
    ServerMessage::Error {
        code,
        message: message.into(),
        id: None,
    }
}

struct Link {
    socket: WebSocket,
    limiter: RateLimiter,
    last_heard: Instant,
}

impl Link {
    /// Waits for `hello`, refusing anything else. Returns its token,
    /// `since` and what else it asked for.
    async fn hello(
        &mut self,
        app: &AppState,
    ) -> Result<(Option<String>, Option<EventSeq>, Wants), End> {
        let deadline = tokio::time::sleep(HELLO_TIMEOUT);
        tokio::pin!(deadline);
        loop {
            let incoming = tokio::select! {
                biased;
                _ = app.shutdown.cancelled() => return Err(End::Close(GOING_AWAY)),
                _ = &mut deadline => return Err(End::Close(Close { code: 1008, reason: "hello expected" })),
                frame = self.socket.recv() => self.classify(frame),
            };
            match incoming {
                Incoming::Message(ClientMessage::Hello {
                    protocol,
                    token,
                    since,
                    patches,
                    board,
                }) => {
                    if protocol != PROTOCOL_VERSION {
                        let message = format!(
                            "this server speaks protocol {PROTOCOL_VERSION}, not {protocol}"
                        );
                        self.send(&error(ErrorCode::UnsupportedProtocol, message))
                            .await?;
                        return Err(End::Close(Close {
                            code: 1002,
                            reason: "unsupported protocol version",
                        }));
                    }
                    // A digest is 16 hex digits: anything longer names no
                    // board, and is not kept.
                    let board = board.filter(|digest| digest.len() <= 64);
                    return Ok((token, since, Wants { patches, board }));
                }
                Incoming::Message(_) => {
                    self.send(&error(ErrorCode::HelloFirst, "send hello first"))
                        .await?;
                }
                Incoming::Refused(message) => self.send(&message).await?,
                Incoming::Nothing => {}
                Incoming::End(end) => return Err(end),
            }
        }
    }

    /// The connected session: relays requests to the room and the room's
    /// messages to the client.
    async fn play(
        &mut self,
        app: &AppState,
        conn: ConnId,
        room: &RoomHandle,
        inbox: &mut Inbox,
    ) -> End {
        let mut ping =
            tokio::time::interval_at(tokio::time::Instant::now() + PING_INTERVAL, PING_INTERVAL);
        // Made once, not on every turn of the loop: making one locks the
        // token's node, and the shutdown token is every connection's.
        let shutdown = app.shutdown.cancelled();
        let dropped = inbox.dropped.cancelled();
        tokio::pin!(shutdown, dropped);
        loop {
            tokio::select! {
                biased;
                _ = &mut shutdown => return End::Close(GOING_AWAY),
                _ = &mut dropped => return End::Close(TOO_SLOW),
                out = inbox.messages.recv() => match out {
                    Some(text) => {
                        // A slow socket may block this write; the room
                        // dropping us, or shutdown, must still end it.
                        tokio::select! {
                            sent = self.send_burst(text, &mut inbox.messages) => {
                                if sent.is_err() {
                                    return End::Lost;
                                }
                            }
                            _ = &mut dropped => return End::Close(TOO_SLOW),
                            _ = &mut shutdown => return End::Close(GOING_AWAY),
                        }
                    }
                    // The room stopped: moved to another node, or shutdown.
                    None => return End::Close(room_stopped(inbox)),
                },
                frame = self.socket.recv() => {
                    let incoming = self.classify(frame);
                    let request = match incoming {
                        Incoming::Message(message) => match message {
                            ClientMessage::Hello { .. } => {
                                if let Err(end) = self.send(&error(ErrorCode::HelloFirst, "hello was already said")).await {
                                    return end;
                                }
                                continue;
                            }
                            ClientMessage::Ping {} => {
                                if let Err(end) = self.send(&ServerMessage::Pong).await {
                                    return end;
                                }
                                continue;
                            }
                            ClientMessage::Join { name, seat, answers, contribution } => Request::Join { name, seat, answers, contribution },
                            ClientMessage::Leave {} => Request::Leave,
                            ClientMessage::Start {} => Request::Start,
                            ClientMessage::Act { id, action } => Request::Act { id, action, received: Instant::now() },
                            ClientMessage::AddBot { seat, level } => Request::AddBot { seat, level },
                            ClientMessage::RemoveBot { seat } => Request::RemoveBot { seat },
                            ClientMessage::RemoveEmptySeats {} => Request::RemoveEmptySeats,
                            ClientMessage::Away { seat, choice, level } => Request::Away { seat, choice, level },
                            ClientMessage::TakeBack {} => Request::TakeBack,
                            ClientMessage::PassHost { seat } => Request::PassHost { seat },
                            ClientMessage::PlayAgain {} => Request::PlayAgain,
                            ClientMessage::Accept { contribution } => Request::Accept { contribution },
                            ClientMessage::Chat { text, name } => Request::Chat { text, name },
                        },
                        Incoming::Refused(message) => {
                            if let Err(end) = self.send(&message).await {
                                return end;
                            }
                            continue;
                        }
                        Incoming::Nothing => continue,
                        Incoming::End(end) => return end,
                    };
                    if room.request(conn, request).await.is_err() {
                        return End::Close(room_stopped(inbox));
                    }
                }
                _ = ping.tick() => {
                    if self.last_heard.elapsed() > PEER_TIMEOUT {
                        return End::Lost;
                    }
                    if self.socket.send(Message::Ping(Default::default())).await.is_err() {
                        return End::Lost;
                    }
                }
            }
        }
    }

    /// Checks one frame: size, rate, then shape. Every frame but the
    /// peer's close counts against the rate limit, WebSocket pings and pongs
    /// included: the transport answers each ping, so a ping flood costs the
    /// server as much as a message flood.
    fn classify(&mut self, frame: Option<Result<Message, axum::Error>>) -> Incoming {
        let message = match frame {
            None => return Incoming::End(End::Lost),
            Some(Err(e)) => {
                return Incoming::End(match transport_error(&e) {
                    TransportError::TooLarge => End::Close(TOO_BIG),
                    TransportError::NotUtf8 => End::Close(NOT_UTF8),
                    TransportError::Other => End::Lost,
                })
            }
            Some(Ok(message)) => message,
        };
        let now = Instant::now();
        self.last_heard = now;
        let text = match message {
            Message::Close(_) => return Incoming::End(End::PeerClosed),
            Message::Ping(_) | Message::Pong(_) => {
                // The transport has already answered a ping, and neither
                // carries an id to refuse: dropping is all there is to do.
                return match self.limiter.check(now) {
                    Verdict::Disconnect => Incoming::End(End::Close(FLOODING)),
                    Verdict::Allow | Verdict::Refuse => Incoming::Nothing,
                };
            }
            Message::Text(text) => Some(text),
            Message::Binary(ref bytes) if bytes.len() > MAX_MESSAGE_BYTES => {
                return Incoming::End(End::Close(TOO_BIG));
            }
            Message::Binary(_) => None,
        };
        if text.as_ref().is_some_and(|t| t.len() > MAX_MESSAGE_BYTES) {
            return Incoming::End(End::Close(TOO_BIG));
        }
        match self.limiter.check(now) {
            Verdict::Allow => {}
            Verdict::Refuse => {
                metrics::counter!(m::RATE_LIMITED, "scope" => "message").increment(1);
                return Incoming::Refused(error(
                    ErrorCode::RateLimited,
                    "too many messages: this one was dropped; slow down",
                ));
            }
            Verdict::Disconnect => return Incoming::End(End::Close(FLOODING)),
        }
        let Some(text) = text else {
            return Incoming::Refused(error(
                ErrorCode::BadMessage,
                "send JSON text frames, not binary",
            ));
        };
        match serde_json::from_str::<ClientMessage>(text.as_str()) {
            Ok(message) => Incoming::Message(message),
            Err(e) => Incoming::Refused(error(
                ErrorCode::BadMessage,
                format!("not a message of this protocol: {e}"),
            )),
        }
    }

    /// Writes `first` and whatever else the room has queued meanwhile
    /// (an action's `update` and its `ack` come together) in one flush:
    /// one write to the socket for the burst instead of one per message.
    async fn send_burst(
        &mut self,
        first: Utf8Bytes,
        queued: &mut mpsc::Receiver<Utf8Bytes>,
    ) -> Result<(), axum::Error> {
        self.socket.feed(Message::Text(first)).await?;
        for _ in 1..MAX_BURST {
            match queued.try_recv() {
                Ok(text) => self.socket.feed(Message::Text(text)).await?,
                Err(_) => break,
            }
        }
        self.socket.flush().await
    }

    async fn send(&mut self, message: &ServerMessage) -> Result<(), End> {
        let text = crate::room::text(message);
        self.socket
            .send(Message::Text(text))
            .await
            .map_err(|_| End::Lost)
    }

    /// Sends a close frame and waits briefly for the peer's, so that the
    /// close frame reaches it rather than being lost to a reset.
    /// A peer that does not read cannot hold this up beyond [`CLOSE_GRACE`].
    async fn close(&mut self, close: Close) {
        let frame = CloseFrame {
            code: close.code,
            reason: close.reason.into(),
        };
        let _ = tokio::time::timeout(CLOSE_GRACE, async {
            if self.socket.send(Message::Close(Some(frame))).await.is_ok() {
                loop {
                    match self.socket.recv().await {
                        Some(Ok(_)) => continue,
                        None => break,
                        // Unreadable input (e.g. the rest of an oversized
                        // frame): closing now would reset the connection and
                        // could discard our close frame before the peer reads
                        // it. Give the peer a moment first.
                        Some(Err(_)) => {
                            tokio::time::sleep(RESET_DELAY).await;
                            break;
                        }
                    }
                }
            }
        })
        .await;
    }

    /// The peer sent a close frame: reading on lets the WebSocket layer send
    /// its reply.
    async fn finish_peer_close(&mut self) {
        let _ = tokio::time::timeout(CLOSE_GRACE, async {
            while let Some(Ok(_)) = self.socket.recv().await {}
        })
        .await;
    }
}

/// Read failures that have a close code of their own.
enum TransportError {
    /// A message exceeded the transport's limit: 1009.
    TooLarge,
    /// A text message was not UTF-8: 1007.
    NotUtf8,
    /// Anything else (reset, protocol violation): the connection is gone.
    Other,
}

/// Why a read failed. axum boxes the WebSocket library's error; its type
/// says what happened, so a reworded message cannot break the 1009 or 1007
/// close (the oversized-frame and invalid-UTF-8 tests also catch a change of
/// the library's version behind axum's back).
fn transport_error(e: &axum::Error) -> TransportError {
    use tungstenite::error::CapacityError;
    match std::error::Error::source(e).and_then(|inner| inner.downcast_ref::<tungstenite::Error>())
    {
        Some(tungstenite::Error::Capacity(CapacityError::MessageTooLong { .. })) => {
            TransportError::TooLarge
        }
        Some(tungstenite::Error::Utf8(_)) => TransportError::NotUtf8,
        _ => TransportError::Other,
    }
}
