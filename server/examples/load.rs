//! Load tool: plays many Osaki rooms at once through the real protocol and
//! reports actions per second and the latency of an action (from sending
//! `act` to receiving its `ack`, which comes after the commit and after every
//! connection's update was queued).
//!
//! ```text
//! cargo run --release -p cubicle-server --example load -- --rooms 100 --seats 4
//! cargo run --release -p cubicle-server --example load -- --url http://127.0.0.1:8080 --rooms 20
//! # a soak: 4,000 connections, each player acting every 2 s, for 5 minutes
//! cargo run --release -p cubicle-server --example load -- --url http://127.0.0.1:8080 \
//!     --rooms 1000 --seats 4 --pace-ms 2000 --duration 300 --timeout 600
//! ```
//!
//! Without `--url` it starts a server in-process on a temporary SQLite
//! database. It sends traffic only to the server it is given.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use anyhow::{bail, Context};
use clap::Parser;
use cubicle_protocol::{ClientMessage, RoomCreated, ServerMessage, PROTOCOL_VERSION};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::net::TcpStream;
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

#[derive(Parser)]
struct Args {
    /// Server to load, e.g. http://127.0.0.1:8080 (default: one in-process).
    #[arg(long)]
    url: Option<String>,
    /// Rooms played at the same time.
    #[arg(long, default_value_t = 50)]
    rooms: usize,
    /// Players per room (Osaki: 2 to 4).
    #[arg(long, default_value_t = 3)]
    seats: usize,
    /// Give up after this many seconds.
    #[arg(long, default_value_t = 300)]
    timeout: u64,
    /// Keep every room slot playing game after game (a new room each) for
    /// this many seconds; 0: one game per slot.
    #[arg(long, default_value_t = 0)]
    duration: u64,
    /// Each player waits this long before each action (0: at once, a
    /// closed loop); e.g. 2000 for a player who thinks for 2 s.
    #[arg(long, default_value_t = 0)]
    pace_ms: u64,
    /// Instead of playing: open this many idle connections (spectators
    /// who said hello, 100 to a room) and report what each costs the
    /// server in resident memory, read from its /metrics before and after.
    #[arg(long)]
    idle: Option<usize>,
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let (addr, server, _dir) = match &args.url {
        Some(url) => {
            let host = url.trim_start_matches("http://").trim_end_matches('/');
            (
                host.parse::<SocketAddr>()
                    .context("--url must be http://IP:PORT")?,
                None,
                None,
            )
        }
        None => {
            let dir = tempfile::tempdir()?;
            let url = format!("sqlite://{}", dir.path().join("load.db").display());
            let server = cubicle_server::Server::start(cubicle_server::Config::new(
                "127.0.0.1:0".parse()?,
                url,
            ))
            .await?;
            (server.local_addr(), Some(server), Some(dir))
        }
    };

    if let Some(count) = args.idle {
        idle_memory(addr, count).await?;
        if let Some(server) = server {
            server.shutdown().await?;
        }
        return Ok(());
    }

    let (latencies_tx, mut latencies_rx) = mpsc::unbounded_channel::<Duration>();
    let started = Instant::now();
    let mut rooms = Vec::new();
    let duration = Duration::from_secs(args.duration);
    let pace = Duration::from_millis(args.pace_ms);
    let mut games = Vec::new();
    for r in 0..args.rooms {
        let tx = latencies_tx.clone();
        let seats = args.seats;
        let (games_tx, games_rx) = tokio::sync::oneshot::channel();
        games.push(games_rx);
        rooms.push(tokio::spawn(async move {
            let mut played = 0u64;
            loop {
                let seed = r as u64 + played * args.rooms as u64;
                play_room(addr, seats, seed, pace, tx.clone()).await?;
                played += 1;
                if started.elapsed() >= duration {
                    break;
                }
            }
            let _ = games_tx.send(played);
            anyhow::Ok(())
        }));
    }
    drop(latencies_tx);
    let all = async {
        for room in rooms {
            room.await??;
        }
        anyhow::Ok(())
    };
    tokio::time::timeout(Duration::from_secs(args.timeout), all)
        .await
        .context("the load run timed out")??;
    let elapsed = started.elapsed();
    let mut finished = 0;
    for played in games {
        finished += played.await.unwrap_or(0);
    }

    let mut latencies = Vec::new();
    while let Some(l) = latencies_rx.recv().await {
        latencies.push(l);
    }
    latencies.sort();
    let pct = |p: f64| latencies[((latencies.len() - 1) as f64 * p).round() as usize];
    println!(
        "{} rooms x {} seats: {} actions in {:.2} s = {:.0} actions/s",
        args.rooms,
        args.seats,
        latencies.len(),
        elapsed.as_secs_f64(),
        latencies.len() as f64 / elapsed.as_secs_f64()
    );
    println!(
        "act -> ack latency: p50 {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        ms(pct(0.5)),
        ms(pct(0.9)),
        ms(pct(0.99)),
        ms(pct(1.0))
    );
    // Any error (a refusal, a lost connection, a timeout) ends the run with
    // its message and a non-zero exit; reaching here means none happened.
    println!(
        "{finished} games finished, {} connections, errors: 0",
        args.rooms * args.seats
    );
    if let Some(server) = server {
        let metrics = reqwest::get(format!("http://{addr}/metrics"))
            .await?
            .text()
            .await?;
        let sum = metric(&metrics, "cubicle_store_batch_size_sum");
        let count = metric(&metrics, "cubicle_store_batch_size_count");
        println!(
            "store: {count:.0} commits, {:.2} writes per commit on average",
            sum / count
        );
        server.shutdown().await?;
    }
    Ok(())
}

/// The server's resident memory in KiB, from its /metrics.
async fn server_rss_kib(addr: SocketAddr) -> anyhow::Result<f64> {
    let metrics = reqwest::get(format!("http://{addr}/metrics"))
        .await?
        .text()
        .await?;
    let bytes = metric(&metrics, "process_resident_memory_bytes");
    if !bytes.is_finite() {
        bail!("the server's /metrics has no process_resident_memory_bytes");
    }
    Ok(bytes / 1024.0)
}

/// Opens `count` idle spectators, 100 to a room, and reports the server's
/// resident memory per connection.
async fn idle_memory(addr: SocketAddr, count: usize) -> anyhow::Result<()> {
    let client = reqwest::Client::new();
    let mut rooms = Vec::new();
    for _ in 0..count.div_ceil(100) {
        let created: RoomCreated = client
            .post(format!("http://{addr}/api/rooms"))
            .json(&json!({"game": "osaki", "seats": 4}))
            .send()
            .await?
            .error_for_status()?
            .json()
            .await?;
        rooms.push(created.room_id);
    }
    // One connection to each room, closed before measuring, loads every
    // room: what is measured is the connections alone.
    let open = |n: usize, per_room: usize| {
        let rooms = rooms.clone();
        async move {
            let mut sockets = Vec::with_capacity(n);
            for i in 0..n {
                let url = format!("ws://{addr}/ws/rooms/{}", rooms[i / per_room]);
                let (mut ws, _) =
                    tokio_tungstenite::connect_async_with_config(url, None, true).await?;
                send(
                    &mut ws,
                    &ClientMessage::Hello {
                        protocol: PROTOCOL_VERSION,
                        token: None,
                        since: None,
                    },
                )
                .await?;
                if !matches!(recv(&mut ws).await?, ServerMessage::Welcome { .. }) {
                    bail!("no welcome");
                }
                sockets.push(ws);
            }
            anyhow::Ok(sockets)
        }
    };
    let warm = open(rooms.len(), 1).await?;
    drop(warm);
    tokio::time::sleep(Duration::from_secs(2)).await;
    let before = server_rss_kib(addr).await?;
    let sockets = open(count, 100).await?;
    tokio::time::sleep(Duration::from_secs(2)).await;
    let after = server_rss_kib(addr).await?;
    println!(
        "{count} idle connections: server RSS {before:.0} KiB -> {after:.0} KiB, {:.1} KiB per connection",
        (after - before) / count as f64
    );
    drop(sockets);
    Ok(())
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn metric(text: &str, name: &str) -> f64 {
    text.lines()
        .find(|l| l.starts_with(name))
        .and_then(|l| l.split_whitespace().last())
        .and_then(|v| v.parse().ok())
        .unwrap_or(f64::NAN)
}

async fn send(ws: &mut Socket, message: &ClientMessage) -> anyhow::Result<()> {
    ws.send(Message::text(serde_json::to_string(message)?))
        .await?;
    Ok(())
}

async fn recv(ws: &mut Socket) -> anyhow::Result<ServerMessage> {
    loop {
        match ws.next().await {
            Some(Ok(Message::Text(text))) => return Ok(serde_json::from_str(text.as_str())?),
            Some(Ok(Message::Close(frame))) => bail!("closed by the server: {frame:?}"),
            Some(Ok(_)) => continue,
            Some(Err(e)) => return Err(e.into()),
            None => bail!("connection ended"),
        }
    }
}

/// Creates a room, seats every player, starts, and plays to the end.
async fn play_room(
    addr: SocketAddr,
    seats: usize,
    seed: u64,
    pace: Duration,
    latencies: mpsc::UnboundedSender<Duration>,
) -> anyhow::Result<()> {
    let created: RoomCreated = reqwest::Client::new()
        .post(format!("http://{addr}/api/rooms"))
        .json(&json!({"game": "osaki", "seats": seats}))
        .send()
        .await?
        .error_for_status()?
        .json()
        .await?;
    let mut sockets = Vec::new();
    for seat in 0..seats {
        let url = format!("ws://{addr}/ws/rooms/{}", created.room_id);
        let (mut ws, _) = tokio_tungstenite::connect_async_with_config(url, None, true).await?;
        let token = (seat == 0).then(|| created.host_token.clone());
        send(
            &mut ws,
            &ClientMessage::Hello {
                protocol: PROTOCOL_VERSION,
                token,
                since: None,
            },
        )
        .await?;
        send(
            &mut ws,
            &ClientMessage::Join {
                name: format!("P{seat}"),
                seat: Some(seat as u8),
                answers: Default::default(),
                contribution: None,
            },
        )
        .await?;
        loop {
            if let ServerMessage::Joined { .. } = recv(&mut ws).await? {
                break;
            }
        }
        sockets.push(ws);
    }
    send(&mut sockets[0], &ClientMessage::Start {}).await?;
    let players: Vec<_> = sockets
        .into_iter()
        .enumerate()
        .map(|(seat, ws)| {
            tokio::spawn(play_seat(
                ws,
                seed * 16 + seat as u64 + 1,
                pace,
                latencies.clone(),
            ))
        })
        .collect();
    for player in players {
        player.await??;
    }
    Ok(())
}

/// One player: acts whenever its legal actions say so, until the outcome.
async fn play_seat(
    mut ws: Socket,
    seed: u64,
    pace: Duration,
    latencies: mpsc::UnboundedSender<Duration>,
) -> anyhow::Result<()> {
    let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut legal: Vec<Value> = Vec::new();
    let mut pending: Option<(String, Instant)> = None;
    let mut sent = 0u64;
    loop {
        match recv(&mut ws).await? {
            ServerMessage::Snapshot { game } => {
                if game.outcome.is_some() {
                    break;
                }
                legal = game.legal;
            }
            ServerMessage::Update { update } => {
                if update.outcome.is_some() {
                    // Our own last action is still acked: wait for it.
                    if let Some((id, at)) = pending.take() {
                        while !matches!(recv(&mut ws).await?, ServerMessage::Ack { id: ref got } if *got == id)
                        {
                        }
                        let _ = latencies.send(at.elapsed());
                    }
                    break;
                }
                legal = update.legal;
            }
            ServerMessage::Ack { id } => {
                if let Some((want, at)) = pending.take() {
                    if want != id {
                        bail!("ack for {id}, expected {want}");
                    }
                    let _ = latencies.send(at.elapsed());
                }
            }
            ServerMessage::Error { code, message, .. } => bail!("refused: {code:?}: {message}"),
            _ => {}
        }
        if pending.is_none() && !legal.is_empty() {
            if !pace.is_zero() {
                tokio::time::sleep(pace).await;
            }
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            let action = legal[(rng % legal.len() as u64) as usize].clone();
            sent += 1;
            let id = format!("a{sent}");
            pending = Some((id.clone(), Instant::now()));
            send(&mut ws, &ClientMessage::Act { id, action }).await?;
            legal.clear();
        }
    }
    let _ = ws.close(None).await;
    Ok(())
}
