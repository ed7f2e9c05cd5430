//! Load tool: plays many Osaki rooms at once through the real protocol and
//! reports actions per second and two latencies in HDR histograms (p50,
//! p99, p99.9, max): act to ack (from sending `act` to receiving its `ack`,
//! which comes after the commit and after every connection's update was
//! queued) and act to every seat has it (until the last seat of the room
//! received the action's `update`).
//!
//! ```text
//! cargo run --release -p cubicle-server --example load -- --rooms 100 --seats 4
//! cargo run --release -p cubicle-server --example load -- --url http://127.0.0.1:8080 --rooms 20
//! # a soak: 4,000 connections, each player acting every 2 s, for 5 minutes
//! cargo run --release -p cubicle-server --example load -- --url http://127.0.0.1:8080 \
//!     --rooms 1000 --seats 4 --pace-ms 2000 --duration 300 --timeout 600
//! # the bench suite's runs (scripts/bench.sh): an external server whose CPU
//! # time is read from /proc, a closed loop or a fixed offered rate, JSON out
//! ./target/release/examples/load --url http://127.0.0.1:18810 --server-pid 1234 \
//!     --rooms 100 --seats 4 --duration 10 --json
//! ./target/release/examples/load --url http://127.0.0.1:18810 --server-pid 1234 \
//!     --rooms 1500 --seats 4 --rate 3000 --duration 20 --json
//! # against the bare echo server (examples/echo.rs): messages of 1,500 bytes,
//! # 400 connections, 8,000 messages/s offered
//! ./target/release/examples/load --url http://127.0.0.1:18811 --server-pid 1235 \
//!     --echo-bytes 1500 --rooms 100 --seats 4 --rate 8000 --duration 10 --json
//! ```
//!
//! Without `--url` it starts a server in-process on a temporary SQLite
//! database. It sends traffic only to the server it is given.
//!
//! Modes of pacing: a closed loop (the default: each player acts as soon as
//! it may), `--pace-ms` (each player waits that long before each action),
//! or `--rate` (an open loop: that many actions a second offered over all
//! rooms, each room on its own even schedule; a late action's latencies are
//! counted from when it was due, so a server that falls behind shows it).
//!
//! `--server-pid` reads that process's CPU time (utime + stime in
//! `/proc/PID/stat`) before and after the run, and reports actions per server
//! CPU-second and server CPU per delivered update frame.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::{bail, Context};
use clap::Parser;
use cubicle_protocol::{ErrorCode, RoomCreated, ServerMessage, PROTOCOL_VERSION};
use futures_util::{SinkExt, StreamExt};
use hdrhistogram::Histogram;
use serde_json::{json, Value};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

#[derive(Parser, Clone)]
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
    /// An open loop: this many actions a second offered over all rooms,
    /// each room acting on an even schedule of rooms/rate seconds (with 4
    /// seats, 1 action per player per 2 s is a rate of 2 x rooms).
    #[arg(long, conflicts_with = "pace_ms")]
    rate: Option<f64>,
    /// The server's process id: its CPU time is read from /proc before and
    /// after the run.
    #[arg(long)]
    server_pid: Option<u32>,
    /// Print one JSON object on stdout (the text report goes to stderr).
    #[arg(long)]
    json: bool,
    /// Measure a window instead of whole games: play this many seconds
    /// first, and until every room's first game has started, then count
    /// only what happens in the next `--duration` seconds (server CPU read
    /// at both ends), then stop, leaving games unfinished.
    #[arg(long)]
    warmup: Option<u64>,
    /// Players ask for updates whose view is a JSON Patch of the previous
    /// one (`patches` in `hello`) instead of the whole view.
    #[arg(long)]
    patches: bool,
    /// Instead of playing: talk to a bare WebSocket echo server
    /// (examples/echo.rs) at `--url`, rooms x seats connections each
    /// sending messages of this many bytes (closed loop, or `--rate`
    /// messages a second over all connections), for `--duration` seconds.
    #[arg(long)]
    echo_bytes: Option<usize>,
    /// Instead of playing: open this many idle connections (spectators
    /// who said hello, 100 to a room) and report what each costs the
    /// server in resident memory, read from its /metrics before and after.
    #[arg(long)]
    idle: Option<usize>,
}

/// What every player records, shared by the whole run.
struct Stats {
    /// Act to ack, in microseconds.
    ack: Histogram<u64>,
    /// Act to the last seat of the room having the update, in microseconds.
    all_seats: Histogram<u64>,
    /// `update` frames received, over every connection, and their bytes.
    update_frames: u64,
    update_bytes: u64,
    /// Actions refused as over the per-connection rate limit (and sent again).
    rate_limited: u64,
    /// Times a player was told its room had moved to another node (close
    /// 4001, `room_moved`: docs/scaling.md) and connected again, as the web
    /// client does. Not an error: nothing acknowledged is lost.
    reconnections: u64,
    /// Rooms set up again because they moved before their game started.
    set_ups_again: u64,
    /// Games finished (in the window, with `--warmup`).
    games: u64,
    /// With `--warmup`: only what happens in this window is counted.
    window: Option<(Instant, Instant)>,
}

impl Stats {
    fn new() -> Self {
        let histogram = || Histogram::new_with_bounds(1, 3_600_000_000, 3).expect("valid bounds");
        Stats {
            ack: histogram(),
            all_seats: histogram(),
            update_frames: 0,
            update_bytes: 0,
            rate_limited: 0,
            reconnections: 0,
            set_ups_again: 0,
            games: 0,
            window: None,
        }
    }

    /// Whether what happens now counts.
    fn counting(&self) -> bool {
        match self.window {
            Some((start, end)) => {
                let now = Instant::now();
                start <= now && now < end
            }
            None => true,
        }
    }

    fn ack(&mut self, sent: Instant) {
        if self.counting() {
            self.ack.saturating_record(micros(sent.elapsed()));
        }
    }
}

type Shared = Arc<Mutex<Stats>>;

fn micros(d: Duration) -> u64 {
    d.as_micros().min(u128::from(u64::MAX)) as u64
}

/// Percentiles of a histogram in microseconds, as milliseconds.
fn summary(h: &Histogram<u64>) -> Value {
    let ms = |us: u64| (us as f64 / 1000.0 * 1000.0).round() / 1000.0;
    json!({
        "count": h.len(),
        "p50_ms": ms(h.value_at_quantile(0.5)),
        "p90_ms": ms(h.value_at_quantile(0.9)),
        "p99_ms": ms(h.value_at_quantile(0.99)),
        "p999_ms": ms(h.value_at_quantile(0.999)),
        "max_ms": ms(h.max()),
        "mean_ms": (h.mean() / 1000.0 * 1000.0).round() / 1000.0,
    })
}

fn line(h: &Histogram<u64>) -> String {
    let ms = |us: u64| us as f64 / 1000.0;
    format!(
        "p50 {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, p99.9 {:.2} ms, max {:.2} ms",
        ms(h.value_at_quantile(0.5)),
        ms(h.value_at_quantile(0.9)),
        ms(h.value_at_quantile(0.99)),
        ms(h.value_at_quantile(0.999)),
        ms(h.max())
    )
}

/// Clock ticks per second of /proc's CPU times (`getconf CLK_TCK`; 100 on
/// every Linux this runs on).
fn clock_ticks() -> f64 {
    std::process::Command::new("getconf")
        .arg("CLK_TCK")
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .and_then(|s| s.trim().parse().ok())
        .unwrap_or(100.0)
}

/// A process's CPU time so far (user + system), in seconds.
fn cpu_seconds(pid: u32, ticks: f64) -> anyhow::Result<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .with_context(|| format!("read /proc/{pid}/stat"))?;
    // The command name, in parentheses, may hold spaces: count fields after it.
    let rest = &stat[stat.rfind(')').context("no ) in /proc/PID/stat")? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // Field 3 (state) is fields[0]: utime is field 14, stime field 15.
    let utime: u64 = fields.get(11).context("short stat")?.parse()?;
    let stime: u64 = fields.get(12).context("short stat")?.parse()?;
    Ok((utime + stime) as f64 / ticks)
}

/// The machine's 1-minute load average.
fn load_average() -> f64 {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .unwrap_or(f64::NAN)
}

/// Reads a server's CPU time at the start and end of a run.
struct CpuMeter {
    pid: u32,
    ticks: f64,
    start: f64,
}

impl CpuMeter {
    fn start(pid: Option<u32>) -> anyhow::Result<Option<CpuMeter>> {
        pid.map(|pid| {
            let ticks = clock_ticks();
            Ok(CpuMeter {
                pid,
                ticks,
                start: cpu_seconds(pid, ticks)?,
            })
        })
        .transpose()
    }

    fn used(&self) -> anyhow::Result<f64> {
        Ok(cpu_seconds(self.pid, self.ticks)? - self.start)
    }
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
            if args.echo_bytes.is_some() {
                bail!("--echo-bytes needs --url: the echo server's address");
            }
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
    if let Some(bytes) = args.echo_bytes {
        return echo(addr, &args, bytes).await;
    }

    let stats: Shared = Arc::new(Mutex::new(Stats::new()));
    let started = Instant::now();
    // With --warmup, nothing counts until the window is set (below); the
    // rooms play on until the end of the window stops them.
    let never = started + Duration::from_secs(100 * 365 * 86_400);
    if args.warmup.is_some() {
        stats.lock().expect("stats").window = Some((never, never));
    }
    let mut cpu = match args.warmup {
        Some(_) => None,
        None => CpuMeter::start(args.server_pid)?,
    };
    let mut rooms = Vec::new();
    let duration = match args.warmup {
        Some(_) => never - started,
        None => Duration::from_secs(args.duration),
    };
    // Rooms whose first game has started.
    let ready = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let pacing = match args.rate {
        Some(rate) if rate > 0.0 => Pacing::Rate(Duration::from_secs_f64(args.rooms as f64 / rate)),
        Some(_) => bail!("--rate must be above 0"),
        None => Pacing::Think(Duration::from_millis(args.pace_ms)),
    };
    let mut games = Vec::new();
    for r in 0..args.rooms {
        let stats = stats.clone();
        let seats = args.seats;
        let rooms_count = args.rooms;
        let patches = args.patches;
        let ready = ready.clone();
        let (games_tx, games_rx) = tokio::sync::oneshot::channel();
        games.push(games_rx);
        rooms.push(tokio::spawn(async move {
            let mut played = 0u64;
            loop {
                let seed = r as u64 + played * rooms_count as u64;
                // Open loop: the rooms' schedules are spread evenly over one
                // interval, not all due at once.
                let phase = match pacing {
                    Pacing::Rate(every) if played == 0 => {
                        every.mul_f64(r as f64 / rooms_count as f64)
                    }
                    _ => Duration::ZERO,
                };
                let first = (played == 0).then(|| ready.clone());
                let plan = Plan {
                    seats,
                    pacing,
                    phase,
                    patches,
                };
                play_room(addr, plan, seed, first, stats.clone()).await?;
                played += 1;
                let mut s = stats.lock().expect("stats");
                if s.counting() {
                    s.games += 1;
                }
                drop(s);
                if started.elapsed() >= duration {
                    break;
                }
            }
            let _ = games_tx.send(played);
            anyhow::Ok(())
        }));
    }
    let elapsed;
    let server_cpu;
    let mut client_cpu = CpuMeter::start(Some(std::process::id()))?;
    let finished;
    let mut window = None;
    if let Some(warmup) = args.warmup {
        // Any room that fails ends the run with its error, as below.
        let aborts: Vec<_> = rooms.iter().map(|r| r.abort_handle()).collect();
        let mut all = futures_util::future::try_join_all(rooms);
        // The window starts after the warm-up, once every room's first game
        // has started (a thousand rooms take seconds to set up).
        let rooms_count = args.rooms;
        let warmed = async {
            tokio::time::sleep(Duration::from_secs(warmup)).await;
            while ready.load(std::sync::atomic::Ordering::Relaxed) < rooms_count {
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        };
        tokio::select! {
            result = &mut all => {
                result?.into_iter().collect::<anyhow::Result<Vec<()>>>()?;
                bail!("every room stopped before the end of the window");
            }
            _ = warmed => {}
            _ = tokio::time::sleep(Duration::from_secs(args.timeout)) => {
                bail!("the rooms were not all playing after --timeout seconds");
            }
        }
        let start = Instant::now();
        let end = start + Duration::from_secs(args.duration.max(1));
        window = Some((start, end));
        stats.lock().expect("stats").window = window;
        cpu = CpuMeter::start(args.server_pid)?;
        client_cpu = CpuMeter::start(Some(std::process::id()))?;
        tokio::select! {
            result = &mut all => {
                result?.into_iter().collect::<anyhow::Result<Vec<()>>>()?;
                bail!("every room stopped before the end of the window");
            }
            _ = tokio::time::sleep_until(end.into()) => {}
        }
        server_cpu = cpu.as_ref().map(CpuMeter::used).transpose()?;
        elapsed = end - start;
        for a in aborts {
            a.abort();
        }
        finished = stats.lock().expect("stats").games;
    } else {
        let all = async {
            for room in rooms {
                room.await??;
            }
            anyhow::Ok(())
        };
        tokio::time::timeout(Duration::from_secs(args.timeout), all)
            .await
            .context("the load run timed out")??;
        elapsed = started.elapsed();
        server_cpu = cpu.as_ref().map(CpuMeter::used).transpose()?;
        let mut played = 0;
        for count in games {
            played += count.await.unwrap_or(0);
        }
        finished = played;
    }
    let load = load_average();
    let client_cpu = client_cpu.as_ref().map(CpuMeter::used).transpose()?;
    if server_cpu == Some(0.0) {
        eprintln!(
            "warning: process {} used no CPU time during the run: is it the server (not a shell around it)?",
            args.server_pid.unwrap_or_default()
        );
    }

    let stats = stats.lock().expect("stats").clone_out();
    let actions = stats.ack.len();
    let secs = elapsed.as_secs_f64();
    let mut text = Vec::new();
    text.push(format!(
        "{} rooms x {} seats: {} actions in {:.2} s = {:.0} actions/s{}",
        args.rooms,
        args.seats,
        actions,
        secs,
        actions as f64 / secs,
        match args.rate {
            Some(rate) => format!(" (offered {rate:.0}/s)"),
            None => String::new(),
        }
    ));
    text.push(format!("act -> ack latency: {}", line(&stats.ack)));
    text.push(format!(
        "act -> every seat has it: {}",
        line(&stats.all_seats)
    ));
    let avg_frame = stats.update_bytes as f64 / stats.update_frames.max(1) as f64;
    text.push(format!(
        "update frames: {} received, {:.0} bytes on average",
        stats.update_frames, avg_frame
    ));
    if let Some(cpu) = server_cpu {
        text.push(format!(
            "server CPU: {cpu:.2} s ({:.0} % of a core), {:.0} actions per CPU-second, {:.1} µs per update frame",
            cpu / secs * 100.0,
            actions as f64 / cpu,
            cpu * 1e6 / stats.update_frames.max(1) as f64
        ));
    }
    // Any error (a refusal, a lost connection, a timeout) ends the run with
    // its message and a non-zero exit; reaching here means none happened.
    text.push(format!(
        "{finished} games finished{}, {} connections, errors: 0{}",
        if window.is_some() {
            " in the window"
        } else {
            ""
        },
        args.rooms * args.seats,
        if stats.rate_limited > 0 {
            format!(
                " ({} actions rate-limited and sent again)",
                stats.rate_limited
            )
        } else {
            String::new()
        }
    ));
    if stats.reconnections > 0 {
        text.push(format!(
            "rooms moved to another node: {} reconnections (close 4001), each seat played on from its snapshot",
            stats.reconnections
        ));
    }
    if stats.set_ups_again > 0 {
        text.push(format!(
            "rooms moved before their game started: {} set up again",
            stats.set_ups_again
        ));
    }
    let mut store = Value::Null;
    if let Some(server) = server {
        let metrics = reqwest::get(format!("http://{addr}/metrics"))
            .await?
            .text()
            .await?;
        let sum = metric(&metrics, "cubicle_store_batch_size_sum");
        let count = metric(&metrics, "cubicle_store_batch_size_count");
        text.push(format!(
            "store: {count:.0} commits, {:.2} writes per commit on average",
            sum / count
        ));
        store = json!({"commits": count, "writes_per_commit": sum / count});
        server.shutdown().await?;
    }
    report(&args, &text, || {
        json!({
            "mode": "play",
            "rooms": args.rooms,
            "seats": args.seats,
            "pacing": match pacing {
                Pacing::Rate(_) => "open_loop",
                Pacing::Think(t) if t.is_zero() => "closed_loop",
                Pacing::Think(_) => "think_time",
            },
            "offered_rate": args.rate,
            "pace_ms": args.pace_ms,
            "warmup_s": args.warmup,
            "setup_s": window.map(|(start, _)| (start - started).as_secs_f64()),
            "patches": args.patches,
            "elapsed_s": secs,
            "actions": actions,
            "actions_per_s": actions as f64 / secs,
            "games": finished,
            "act_to_ack": summary(&stats.ack),
            "act_to_every_seat": summary(&stats.all_seats),
            "update_frames": stats.update_frames,
            "update_bytes": stats.update_bytes,
            "avg_update_bytes": avg_frame,
            "rate_limited": stats.rate_limited,
            "reconnections": stats.reconnections,
            "set_ups_again": stats.set_ups_again,
            "server_cpu_s": server_cpu,
            "load_tool_cpu_s": client_cpu,
            "actions_per_server_cpu_s": server_cpu.map(|c| actions as f64 / c),
            "server_cpu_us_per_update_frame":
                server_cpu.map(|c| c * 1e6 / stats.update_frames.max(1) as f64),
            "load_average": load,
            "store": store,
            "errors": 0,
        })
    });
    Ok(())
}

impl Stats {
    fn clone_out(&self) -> Stats {
        Stats {
            ack: self.ack.clone(),
            all_seats: self.all_seats.clone(),
            update_frames: self.update_frames,
            update_bytes: self.update_bytes,
            rate_limited: self.rate_limited,
            reconnections: self.reconnections,
            set_ups_again: self.set_ups_again,
            games: self.games,
            window: self.window,
        }
    }
}

/// Prints the text report, or the JSON object with the text on stderr.
fn report(args: &Args, text: &[String], json: impl FnOnce() -> Value) {
    for l in text {
        if args.json {
            eprintln!("{l}");
        } else {
            println!("{l}");
        }
    }
    if args.json {
        println!("{}", json());
    }
}

/// `--echo-bytes`: rooms x seats connections to a bare echo server, each
/// sending messages of `bytes` bytes and reading them back.
async fn echo(addr: SocketAddr, args: &Args, bytes: usize) -> anyhow::Result<()> {
    let connections = args.rooms * args.seats;
    let duration = Duration::from_secs(args.duration.max(1));
    // Open loop: each connection sends every `every`, on its own phase.
    let every = match args.rate {
        Some(rate) if rate > 0.0 => Some(Duration::from_secs_f64(connections as f64 / rate)),
        Some(_) => bail!("--rate must be above 0"),
        None => None,
    };
    let stats: Shared = Arc::new(Mutex::new(Stats::new()));
    let mut sockets = Vec::with_capacity(connections);
    for _ in 0..connections {
        let (ws, _) =
            tokio_tungstenite::connect_async_with_config(format!("ws://{addr}/ws"), None, true)
                .await?;
        sockets.push(ws);
    }
    let cpu = CpuMeter::start(args.server_pid)?;
    let started = Instant::now();
    let end = started + duration;
    let payload: String = "x".repeat(bytes);
    let mut tasks = Vec::new();
    for (i, mut ws) in sockets.into_iter().enumerate() {
        let stats = stats.clone();
        let payload = payload.clone();
        tasks.push(tokio::spawn(async move {
            let mut due = started
                + every
                    .map(|e| e.mul_f64(i as f64 / connections as f64))
                    .unwrap_or_default();
            while Instant::now() < end {
                let sent = if every.is_some() {
                    tokio::time::sleep_until(due.into()).await;
                    due
                } else {
                    Instant::now()
                };
                ws.send(Message::text(payload.clone())).await?;
                loop {
                    match ws.next().await {
                        Some(Ok(Message::Text(t))) => {
                            let mut s = stats.lock().expect("stats");
                            s.ack.saturating_record(micros(sent.elapsed()));
                            s.update_frames += 1;
                            s.update_bytes += t.len() as u64;
                            break;
                        }
                        Some(Ok(_)) => continue,
                        Some(Err(e)) => return Err(anyhow::Error::from(e)),
                        None => bail!("echo connection ended"),
                    }
                }
                if let Some(every) = every {
                    due += every;
                }
            }
            let _ = ws.close(None).await;
            anyhow::Ok(())
        }));
    }
    for task in tasks {
        task.await??;
    }
    let secs = started.elapsed().as_secs_f64();
    let server_cpu = cpu.as_ref().map(CpuMeter::used).transpose()?;
    let load = load_average();
    let stats = stats.lock().expect("stats").clone_out();
    let messages = stats.update_frames;
    let mut text = vec![
        format!(
            "echo: {connections} connections, {messages} messages of {bytes} bytes in {secs:.2} s = {:.0} messages/s{}",
            messages as f64 / secs,
            match args.rate {
                Some(rate) => format!(" (offered {rate:.0}/s)"),
                None => String::new(),
            }
        ),
        format!("round trip: {}", line(&stats.ack)),
    ];
    if let Some(cpu) = server_cpu {
        text.push(format!(
            "echo server CPU: {cpu:.2} s ({:.0} % of a core), {:.1} µs per message",
            cpu / secs * 100.0,
            cpu * 1e6 / messages.max(1) as f64
        ));
    }
    report(args, &text, || {
        json!({
            "mode": "echo",
            "connections": connections,
            "bytes": bytes,
            "offered_rate": args.rate,
            "elapsed_s": secs,
            "messages": messages,
            "messages_per_s": messages as f64 / secs,
            "round_trip": summary(&stats.ack),
            "server_cpu_s": server_cpu,
            "server_cpu_us_per_message": server_cpu.map(|c| c * 1e6 / messages.max(1) as f64),
            "load_average": load,
        })
    });
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
                hello(&mut ws, None, false).await?;
                if !matches!(recv(&mut ws).await?.0, ServerMessage::Welcome { .. }) {
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

fn metric(text: &str, name: &str) -> f64 {
    text.lines()
        .find(|l| l.starts_with(name))
        .and_then(|l| l.split_whitespace().last())
        .and_then(|v| v.parse().ok())
        .unwrap_or(f64::NAN)
}

async fn send(ws: &mut Socket, message: Value) -> anyhow::Result<()> {
    ws.send(Message::text(message.to_string())).await?;
    Ok(())
}

/// `hello`, written as JSON so that fields the protocol adds later (all
/// optional) need no change here.
async fn hello(ws: &mut Socket, token: Option<String>, patches: bool) -> anyhow::Result<()> {
    let mut message = json!({"type": "hello", "protocol": PROTOCOL_VERSION, "token": token});
    if patches {
        message["patches"] = json!(true);
    }
    send(ws, message).await
}

/// The server said the room is now served by another node (close 4001, or
/// `error room_moved` before it): connect again, as the web client does.
#[derive(Debug, thiserror::Error)]
#[error("the room moved to another node")]
struct RoomMoved;

/// Close code of a room that moved (docs/protocol.md).
const ROOM_MOVED_CLOSE: u16 = 4001;

/// The next message, with the size of its text.
async fn recv(ws: &mut Socket) -> anyhow::Result<(ServerMessage, usize)> {
    loop {
        match ws.next().await {
            Some(Ok(Message::Text(text))) => {
                let message: ServerMessage = serde_json::from_str(text.as_str())?;
                if let ServerMessage::Error {
                    code: ErrorCode::RoomMoved,
                    ..
                } = message
                {
                    return Err(RoomMoved.into());
                }
                return Ok((message, text.len()));
            }
            Some(Ok(Message::Close(Some(frame)))) if u16::from(frame.code) == ROOM_MOVED_CLOSE => {
                return Err(RoomMoved.into())
            }
            Some(Ok(Message::Close(frame))) => bail!("closed by the server: {frame:?}"),
            Some(Ok(_)) => continue,
            Some(Err(e)) => return Err(e.into()),
            None => bail!("connection ended"),
        }
    }
}

#[derive(Clone, Copy)]
enum Pacing {
    /// Each player waits this long before each action (zero: closed loop).
    Think(Duration),
    /// Each room acts once every this long, on a schedule (open loop).
    Rate(Duration),
}

/// What the seats of one room share: when each action was sent (for
/// act-to-every-seat), and the room's schedule in an open loop.
struct Room {
    seats: usize,
    /// When the action in flight was sent (or due, in an open loop). Osaki
    /// has one action in flight per room at most: the next player acts only
    /// after its update.
    in_flight: Option<Instant>,
    /// By update number: when its action was sent, and how many seats have it.
    arrivals: HashMap<u64, (Instant, usize)>,
    /// The next action's due time (open loop).
    next_due: Instant,
}

/// How one room is played.
#[derive(Clone, Copy)]
struct Plan {
    seats: usize,
    pacing: Pacing,
    /// In an open loop, when the room's schedule starts after its set-up.
    phase: Duration,
    /// Players ask for `view_patch` updates.
    patches: bool,
}

/// Creates a room, seats every player, starts (then counts the room in
/// `ready`, if given), and plays to the end.
async fn play_room(
    addr: SocketAddr,
    plan: Plan,
    seed: u64,
    ready: Option<Arc<std::sync::atomic::AtomicUsize>>,
    stats: Shared,
) -> anyhow::Result<()> {
    let Plan {
        seats,
        pacing,
        phase,
        ..
    } = plan;
    // A room that moves to another node before its game has started
    // (a node starved past the proxy's check while a thousand rooms are
    // set up) is given up and set up afresh, as people would open a new
    // room; once started, its players connect again and play on.
    let mut attempt = 0;
    let (sockets, host_legal) = loop {
        match set_up(addr, plan).await {
            Ok(set) => break set,
            Err(e) if e.is::<RoomMoved>() && attempt < 5 => {
                attempt += 1;
                stats.lock().expect("stats").set_ups_again += 1;
                tokio::time::sleep(Duration::from_millis(200 * attempt)).await;
            }
            Err(e) => return Err(e),
        }
    };
    let room = Arc::new(Mutex::new(Room {
        seats,
        in_flight: None,
        arrivals: HashMap::new(),
        next_due: Instant::now() + phase,
    }));
    if let Some(ready) = ready {
        ready.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    }
    let mut host_legal = Some(host_legal);
    let players: Vec<_> = sockets
        .into_iter()
        .enumerate()
        .map(|(seat, player)| {
            tokio::spawn(play_seat(
                player,
                host_legal.take().unwrap_or_default(),
                seed * 16 + seat as u64 + 1,
                pacing,
                room.clone(),
                stats.clone(),
            ))
        })
        .collect();
    for player in players {
        player.await??;
    }
    Ok(())
}

/// Creates a room, seats every player and starts the game: the players,
/// and the host's legal actions from the game's first snapshot (which
/// says the start was taken).
async fn set_up(addr: SocketAddr, plan: Plan) -> anyhow::Result<(Vec<Player>, Vec<Value>)> {
    let Plan { seats, patches, .. } = plan;
    let created: RoomCreated = reqwest::Client::new()
        .post(format!("http://{addr}/api/rooms"))
        .json(&json!({"game": "osaki", "seats": seats}))
        .send()
        .await?
        .error_for_status()?
        .json()
        .await?;
    let url = format!("ws://{addr}/ws/rooms/{}", created.room_id);
    let mut sockets = Vec::new();
    for seat in 0..seats {
        let (mut ws, _) =
            tokio_tungstenite::connect_async_with_config(url.as_str(), None, true).await?;
        let token = (seat == 0).then(|| created.host_token.clone());
        hello(&mut ws, token, patches).await?;
        send(
            &mut ws,
            json!({"type": "join", "name": format!("P{seat}"), "seat": seat}),
        )
        .await?;
        loop {
            if let ServerMessage::Joined { token, .. } = recv(&mut ws).await?.0 {
                sockets.push(Player {
                    ws,
                    url: url.clone(),
                    token,
                    patches,
                });
                break;
            }
        }
    }
    send(&mut sockets[0].ws, json!({"type": "start"})).await?;
    loop {
        if let ServerMessage::Snapshot { game } = recv(&mut sockets[0].ws).await?.0 {
            return Ok((sockets, game.legal));
        }
    }
}

/// Records that this seat has update `seq`; the room's last seat to have it
/// records the act-to-every-seat latency.
fn arrived(room: &Mutex<Room>, stats: &Shared, seq: u64, bytes: usize) {
    let mut room = room.lock().expect("room");
    let sent = room.in_flight;
    let seats = room.seats;
    let entry = room
        .arrivals
        .entry(seq)
        .or_insert((sent.unwrap_or_else(Instant::now), 0));
    entry.1 += 1;
    let done = (entry.1 == seats).then_some(entry.0);
    if done.is_some() {
        room.arrivals.remove(&seq);
    }
    drop(room);
    let mut s = stats.lock().expect("stats");
    if !s.counting() {
        return;
    }
    s.update_frames += 1;
    s.update_bytes += bytes as u64;
    if let Some(sent) = done {
        s.all_seats.saturating_record(micros(sent.elapsed()));
    }
}

/// A seated player's connection, and what it needs to connect again.
struct Player {
    ws: Socket,
    url: String,
    token: String,
    patches: bool,
}

impl Player {
    /// Connects again after the room moved and says hello with the seat's
    /// token; the server answers with the game as it is (a snapshot).
    /// Retries for a while: the room may take a moment to settle on its
    /// new node (docs/scaling.md, "What fails, and what players see").
    async fn reconnect(&mut self, stats: &Shared) -> anyhow::Result<()> {
        stats.lock().expect("stats").reconnections += 1;
        let mut last: Option<anyhow::Error> = None;
        for attempt in 0..40u64 {
            tokio::time::sleep(Duration::from_millis(100 + 100 * attempt.min(9))).await;
            match tokio_tungstenite::connect_async_with_config(self.url.as_str(), None, true).await
            {
                Ok((mut ws, _)) => {
                    match hello(&mut ws, Some(self.token.clone()), self.patches).await {
                        Ok(()) => {
                            let _ = std::mem::replace(&mut self.ws, ws).close(None).await;
                            return Ok(());
                        }
                        Err(e) => last = Some(e),
                    }
                }
                Err(e) => last = Some(e.into()),
            }
        }
        Err(anyhow::anyhow!(
            "could not connect again after the room moved: {last:?}"
        ))
    }
}

/// One player: acts whenever its legal actions say so, until the outcome.
/// When the room moves to another node, it connects again and plays on
/// from the snapshot; an action in flight then is not counted (it was
/// either committed, and the snapshot shows it, or refused).
async fn play_seat(
    mut player: Player,
    mut legal: Vec<Value>,
    seed: u64,
    pacing: Pacing,
    room: Arc<Mutex<Room>>,
    stats: Shared,
) -> anyhow::Result<()> {
    let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    // The action in flight: its id, when it counts from, and the action (sent
    // again if the rate limit refused it).
    let mut pending: Option<(String, Instant, Value)> = None;
    let mut sent = 0u64;
    loop {
        if pending.is_none() && !legal.is_empty() {
            let at = match pacing {
                Pacing::Think(pace) => {
                    if !pace.is_zero() {
                        tokio::time::sleep(pace).await;
                    }
                    Instant::now()
                }
                Pacing::Rate(every) => {
                    let due = {
                        let mut room = room.lock().expect("room");
                        let due = room.next_due;
                        room.next_due += every;
                        due
                    };
                    tokio::time::sleep_until(due.into()).await;
                    due
                }
            };
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            let action = legal[(rng % legal.len() as u64) as usize].clone();
            sent += 1;
            let id = format!("a{sent}");
            pending = Some((id.clone(), at, action.clone()));
            room.lock().expect("room").in_flight = Some(at);
            // A socket the server has just closed (its room moved) may
            // refuse the write: what the next read says decides.
            let _ = send(
                &mut player.ws,
                json!({"type": "act", "id": id, "action": action}),
            )
            .await;
            legal.clear();
        }
        let (message, bytes) = match recv(&mut player.ws).await {
            Ok(received) => received,
            Err(e) if e.is::<RoomMoved>() => {
                player.reconnect(&stats).await?;
                pending = None;
                legal.clear();
                continue;
            }
            Err(e) => return Err(e),
        };
        match message {
            ServerMessage::Snapshot { game } => {
                if game.outcome.is_some() {
                    break;
                }
                legal = game.legal;
            }
            ServerMessage::Update { update } => {
                arrived(&room, &stats, update.seq, bytes);
                if update.outcome.is_some() {
                    // Our own last action is still acked: wait for it.
                    if let Some((id, at, _)) = pending.take() {
                        loop {
                            match recv(&mut player.ws).await {
                                Ok((ServerMessage::Ack { id: got }, _)) if got == id => {
                                    stats.lock().expect("stats").ack(at);
                                    break;
                                }
                                Ok(_) => {}
                                // The game is over and its last action
                                // committed (the update says so): done.
                                Err(e) if e.is::<RoomMoved>() => break,
                                Err(e) => return Err(e),
                            }
                        }
                    }
                    break;
                }
                legal = update.legal;
            }
            ServerMessage::Ack { id } => {
                if let Some((want, at, _)) = pending.take() {
                    if want != id {
                        bail!("ack for {id}, expected {want}");
                    }
                    stats.lock().expect("stats").ack(at);
                }
            }
            ServerMessage::Error {
                code: ErrorCode::RateLimited,
                ..
            } if pending.is_some() => {
                // Refused, nothing changed: send it again once the bucket
                // has a token (20 a second).
                stats.lock().expect("stats").rate_limited += 1;
                tokio::time::sleep(Duration::from_millis(50)).await;
                let (_, at, action) = pending.take().expect("pending");
                sent += 1;
                let id = format!("a{sent}");
                pending = Some((id.clone(), at, action.clone()));
                send(
                    &mut player.ws,
                    json!({"type": "act", "id": id, "action": action}),
                )
                .await?;
                continue;
            }
            ServerMessage::Error { code, message, .. } => bail!("refused: {code:?}: {message}"),
            _ => {}
        }
    }
    let _ = player.ws.close(None).await;
    Ok(())
}
