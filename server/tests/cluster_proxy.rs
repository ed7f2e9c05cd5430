//! Three real `cubicle` nodes on one PostgreSQL database behind a real
//! HAProxy running the repository's own configuration
//! (deploy/haproxy/haproxy.cfg): rooms played by scripted clients through
//! the proxy while a node is killed, paused past its lease, or all nodes are
//! restarted one after another (docs/scaling.md).
//!
//! These tests need `haproxy` on the PATH and PostgreSQL, so `cargo test`
//! leaves them out (`#[ignore]`); `scripts/cluster-test.sh` installs HAProxy
//! if needed and runs them, and CI runs that script. Run by hand:
//!
//! ```text
//! CUBICLE_TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test \
//!   cargo test -p cubicle-server --test cluster_proxy -- --ignored --test-threads 1
//! ```
//!
//! The soak also needs the load tool (`CUBICLE_LOAD_BIN`, built by
//! `cargo build -p cubicle-server --example load`), and sizes itself from
//! `CUBICLE_SOAK_ROOMS` (four players each) and `CUBICLE_SOAK_SECONDS`.

mod support;

use std::collections::HashSet;
use std::net::{SocketAddr, TcpListener};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{bail, Context};
use cubicle_protocol::{
    ClientMessage, EventSeq, GameSnapshot, RoomCreated, ServerMessage, PROTOCOL_VERSION,
};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use support::binary::Binary;
use support::TestDb;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// The nodes' lease: short, so that a dead node's rooms move in seconds.
const LEASE_SECONDS: &str = "2";
/// Longest a game may wait for its next acknowledged action, through any
/// failure: the lease, the proxy's health check (2 × 1 s), the client's
/// retries.
const MAX_STALL: Duration = Duration::from_secs(10);
/// How long one message may take before the test calls the game stuck.
const RECV_WAIT: Duration = Duration::from_secs(15);

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// One node: its id, its fixed port (the proxy's configuration names it),
/// and its process while it runs.
struct Node {
    id: String,
    port: u16,
    process: Option<Binary>,
}

impl Node {
    fn start(&mut self, url: &str) {
        let listen = format!("127.0.0.1:{}", self.port);
        // CUBICLE_NODE_BIN: a release build for the soak (the script's).
        let program = std::env::var("CUBICLE_NODE_BIN")
            .unwrap_or_else(|_| env!("CARGO_BIN_EXE_cubicle").to_owned());
        self.process = Some(Binary::start_program(
            &program,
            url,
            &listen,
            &[
                "--node-id",
                &self.id,
                "--room-lease-seconds",
                LEASE_SECONDS,
                "--max-connections-per-ip",
                "0",
                "--room-creation-per-minute",
                "0",
            ],
        ));
    }

    fn process(&self) -> &Binary {
        self.process.as_ref().expect("the node runs")
    }
}

/// HAProxy with the repository's configuration, its addresses replaced by
/// this test's. The per-client limits are lifted: every test client comes
/// from 127.0.0.1.
struct Proxy {
    child: Child,
    addr: SocketAddr,
    _dir: tempfile::TempDir,
}

impl Drop for Proxy {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Proxy {
    fn start(nodes: &[Node]) -> Proxy {
        let haproxy = which("haproxy").unwrap_or_else(|| {
            panic!(
                "these tests need HAProxy: apt-get install haproxy, or run scripts/cluster-test.sh"
            )
        });
        let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("../deploy/haproxy/haproxy.cfg");
        let mut config = std::fs::read_to_string(&source).expect("deploy/haproxy/haproxy.cfg");
        let port = free_port();
        let stats = free_port();
        config = config.replace("bind :8080", &format!("bind 127.0.0.1:{port}"));
        config = config.replace("bind :8404", &format!("bind 127.0.0.1:{stats}"));
        for (i, node) in nodes.iter().enumerate() {
            let name = format!("node{}:8080", i + 1);
            assert!(config.contains(&name), "the configuration names {name}");
            config = config.replace(&name, &format!("127.0.0.1:{}", node.port));
        }
        let limits: Vec<&str> = config
            .lines()
            .filter(|l| l.contains(" reject if ") || l.contains("return status 429"))
            .collect();
        assert!(
            !limits.is_empty(),
            "the configuration's per-client limits are where this test expects them"
        );
        for line in limits.into_iter().map(str::to_owned).collect::<Vec<_>>() {
            config = config.replace(&line, "");
        }
        // No Docker DNS here: the addresses are literal.
        config = config.replace(" resolvers docker", "");
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("haproxy.cfg");
        std::fs::write(&path, config).unwrap();
        let child = Command::new(haproxy)
            .arg("-db")
            .arg("-f")
            .arg(&path)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start haproxy");
        let addr: SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
        Proxy {
            child,
            addr,
            _dir: dir,
        }
    }
}

fn which(program: &str) -> Option<std::path::PathBuf> {
    std::env::var_os("PATH")?
        .to_str()?
        .split(':')
        .chain(["/usr/sbin", "/sbin"])
        .map(|dir| Path::new(dir).join(program))
        .find(|p| p.is_file())
}

/// Three nodes and the proxy, on a fresh PostgreSQL schema.
struct Cluster {
    db: TestDb,
    nodes: Vec<Node>,
    proxy: Proxy,
    http: reqwest::Client,
}

impl Cluster {
    async fn start() -> Cluster {
        let db = TestDb::postgres().await;
        let mut nodes: Vec<Node> = (1..=3)
            .map(|i| Node {
                id: format!("node{i}"),
                port: free_port(),
                process: None,
            })
            .collect();
        for node in &mut nodes {
            node.start(&db.url);
        }
        let proxy = Proxy::start(&nodes);
        let cluster = Cluster {
            db,
            nodes,
            proxy,
            http: reqwest::Client::new(),
        };
        cluster.wait_all_up().await;
        cluster
    }

    /// Waits until the proxy sends room traffic to every node (its health
    /// checks have seen each up).
    async fn wait_all_up(&self) {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            if self.proxy_serves().await {
                // Two checks a second apart: "rise 2".
                tokio::time::sleep(Duration::from_millis(2500)).await;
                return;
            }
            assert!(Instant::now() < deadline, "the proxy did not come up");
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }

    async fn proxy_serves(&self) -> bool {
        let url = format!("http://{}/api/games", self.proxy.addr);
        matches!(self.http.get(url).send().await, Ok(r) if r.status().is_success())
    }

    /// The rooms whose lease `node` holds now.
    async fn rooms_of(&self, node: &str) -> Vec<String> {
        let pool = self.db.inspect().await;
        let rooms = sqlx::query_scalar("SELECT room_id FROM room_leases WHERE owner = $1")
            .bind(node)
            .fetch_all(&pool)
            .await
            .unwrap();
        pool.close().await;
        rooms
    }

    /// Which node holds the room's lease now.
    async fn owner(&self, room_id: &str) -> Option<String> {
        let pool = self.db.inspect().await;
        let owner = sqlx::query_scalar("SELECT owner FROM room_leases WHERE room_id = $1")
            .bind(room_id)
            .fetch_optional(&pool)
            .await
            .unwrap();
        pool.close().await;
        owner
    }

    async fn stop(mut self) {
        for node in &mut self.nodes {
            if let Some(process) = node.process.take() {
                process.terminate();
            }
        }
        self.db.cleanup().await;
    }
}

// ----------------------------------------------------------------- clients

async fn send(ws: &mut Socket, message: &ClientMessage) -> anyhow::Result<()> {
    ws.send(Message::text(serde_json::to_string(message)?))
        .await?;
    Ok(())
}

async fn recv(ws: &mut Socket) -> anyhow::Result<ServerMessage> {
    loop {
        let next = tokio::time::timeout(RECV_WAIT, ws.next())
            .await
            .context("no message for too long")?;
        match next {
            Some(Ok(Message::Text(text))) => return Ok(serde_json::from_str(text.as_str())?),
            Some(Ok(Message::Close(frame))) => {
                bail!("closed: {:?}", frame.map(|f| u16::from(f.code)))
            }
            Some(Ok(_)) => continue,
            Some(Err(e)) => return Err(e.into()),
            None => bail!("connection ended"),
        }
    }
}

/// One seat of a game, through the proxy, surviving any failover.
struct Seat {
    token: String,
    ws: Option<Socket>,
    seq: EventSeq,
    view: Value,
    legal: Vec<Value>,
    over: bool,
}

impl Seat {
    fn take_snapshot(&mut self, game: GameSnapshot) -> anyhow::Result<()> {
        if game.seq < self.seq {
            bail!(
                "the game went back from event {} to {}: acknowledged actions were lost",
                self.seq,
                game.seq
            );
        }
        if game.seq == self.seq && game.view != self.view {
            bail!("at event {} the view is not what it was", self.seq);
        }
        self.seq = game.seq;
        self.view = game.view;
        self.legal = game.legal;
        self.over = game.outcome.is_some();
        Ok(())
    }
}

/// Connects to the room through `proxy` and says hello with `token`, again
/// and again until a node serves it; returns the socket and the snapshot.
async fn connect(
    proxy: SocketAddr,
    room_id: &str,
    token: Option<&str>,
    retries: &mut u32,
) -> anyhow::Result<(Socket, Option<GameSnapshot>)> {
    let url = format!("ws://{proxy}/ws/rooms/{room_id}");
    let deadline = Instant::now() + MAX_STALL;
    loop {
        let attempt = async {
            let (mut ws, _) = tokio_tungstenite::connect_async(url.as_str()).await?;
            send(
                &mut ws,
                &ClientMessage::Hello {
                    protocol: PROTOCOL_VERSION,
                    token: token.map(str::to_owned),
                    since: None,
                    patches: false,
                    board: None,
                },
            )
            .await?;
            match recv(&mut ws).await? {
                ServerMessage::Welcome { room, .. } => {
                    if room.status == cubicle_protocol::RoomStatus::Lobby {
                        return Ok((ws, None));
                    }
                }
                other => bail!("instead of welcome: {other:?}"),
            }
            loop {
                match recv(&mut ws).await? {
                    ServerMessage::Snapshot { game } => return Ok((ws, Some(game))),
                    ServerMessage::Room { .. } | ServerMessage::Chat { .. } => continue,
                    other => bail!("instead of the snapshot: {other:?}"),
                }
            }
        };
        // A paused node accepts the connection and says nothing.
        let attempt = async {
            tokio::time::timeout(Duration::from_secs(3), attempt)
                .await
                .context("the node did not answer")?
        };
        match attempt.await {
            Ok(connected) => return Ok(connected),
            Err(e) if Instant::now() < deadline => {
                *retries += 1;
                tracing_free_log(&format!("room {room_id}: reconnecting ({e})"));
                tokio::time::sleep(Duration::from_millis(250)).await;
            }
            Err(e) => return Err(e.context(format!("room {room_id}: no node served it in time"))),
        }
    }
}

fn tracing_free_log(line: &str) {
    if std::env::var_os("CUBICLE_CLUSTER_TEST_VERBOSE").is_some() {
        eprintln!("{line}");
    }
}

/// Connects to the room through `proxy` (seat 0 as the host) and takes
/// `seat`: the socket and the seat's token.
async fn join(
    proxy: SocketAddr,
    created: &RoomCreated,
    seat: u8,
    retries: &mut u32,
) -> anyhow::Result<(Socket, String)> {
    let token = (seat == 0).then_some(created.host_token.as_str());
    let (mut ws, _) = connect(proxy, &created.room_id, token, retries).await?;
    send(
        &mut ws,
        &ClientMessage::Join {
            name: format!("P{seat}"),
            seat: Some(seat),
            answers: Default::default(),
            contribution: None,
        },
    )
    .await?;
    loop {
        if let ServerMessage::Joined { token, .. } = recv(&mut ws).await? {
            return Ok((ws, token));
        }
    }
}

/// What one game saw.
#[derive(Debug, Default)]
struct Played {
    room_id: String,
    acked: Vec<String>,
    longest_stall: Duration,
    /// Connections lost and made again.
    reconnects: u32,
    /// Attempts to connect that a node refused or did not answer.
    retries: u32,
}

/// Creates a two-seat Osaki room through the proxy and plays it to the end,
/// one action every `pace`, reconnecting any seat whose connection ends.
async fn play_game(proxy: SocketAddr, seed: u64, pace: Duration) -> anyhow::Result<Played> {
    let created: RoomCreated = reqwest::Client::new()
        .post(format!("http://{proxy}/api/rooms"))
        .json(&json!({"game": "osaki", "seats": 2}))
        .send()
        .await?
        .error_for_status()?
        .json()
        .await?;
    let room_id = created.room_id.clone();
    let mut played = Played {
        room_id: room_id.clone(),
        ..Played::default()
    };
    let mut seats = Vec::new();
    for seat in 0..2u8 {
        let (ws, token) = join(proxy, &created, seat, &mut played.retries).await?;
        seats.push(Seat {
            token,
            ws: Some(ws),
            seq: 0,
            view: Value::Null,
            legal: Vec::new(),
            over: false,
        });
    }
    send(seats[0].ws.as_mut().unwrap(), &ClientMessage::Start {}).await?;
    for seat in &mut seats {
        let ws = seat.ws.as_mut().unwrap();
        loop {
            if let ServerMessage::Snapshot { game } = recv(ws).await? {
                seat.take_snapshot(game)?;
                break;
            }
        }
    }
    let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut last_ack = Instant::now();
    let mut sent = 0u32;
    let mut resynced = false;
    loop {
        // Reconnect whoever lost the connection.
        for seat in &mut seats {
            if seat.ws.is_none() {
                played.reconnects += 1;
                let (ws, game) =
                    connect(proxy, &room_id, Some(&seat.token), &mut played.retries).await?;
                seat.take_snapshot(game.context("the game is on")?)?;
                seat.ws = Some(ws);
            }
        }
        if seats.iter().all(|s| s.over) {
            break;
        }
        let Some(actor) = seats.iter().position(|s| !s.legal.is_empty()) else {
            // An action whose ack was lost with its connection may have been
            // played: the other seats have not read its update yet. Fresh
            // snapshots for everyone tell.
            if resynced {
                bail!("room {room_id}: nobody may act, and the game is not over");
            }
            resynced = true;
            for seat in &mut seats {
                seat.ws = None;
            }
            continue;
        };
        resynced = false;
        tokio::time::sleep(pace).await;
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        let legal = &seats[actor].legal;
        let action = legal[(rng % legal.len() as u64) as usize].clone();
        sent += 1;
        let id = format!("{room_id}-{sent}");
        let outcome = async {
            let seat = &mut seats[actor];
            let ws = seat.ws.as_mut().unwrap();
            send(
                ws,
                &ClientMessage::Act {
                    id: id.clone(),
                    action,
                },
            )
            .await?;
            // The actor's update, then its ack.
            loop {
                match recv(ws).await? {
                    ServerMessage::Update { update } => {
                        seat.seq = update.seq;
                        seat.view = update.view;
                        seat.legal = update.legal;
                        seat.over = update.outcome.is_some();
                    }
                    ServerMessage::Ack { id: got } if got == id => break,
                    ServerMessage::Error {
                        code,
                        id: Some(got),
                        ..
                    } if got == id => {
                        // Refused by a node that lost the room: not played.
                        bail!("refused: {code:?}");
                    }
                    _ => {}
                }
            }
            anyhow::Ok(())
        }
        .await;
        match outcome {
            Ok(()) => {
                played.acked.push(id);
                played.longest_stall = played.longest_stall.max(last_ack.elapsed());
                last_ack = Instant::now();
            }
            Err(e) => {
                tracing_free_log(&format!(
                    "room {room_id}: action {id} not acknowledged: {e}"
                ));
                seats[actor].ws = None;
                continue;
            }
        }
        // Every other seat catches up with the actor.
        let target = seats[actor].seq;
        for (i, seat) in seats.iter_mut().enumerate() {
            if i == actor {
                continue;
            }
            let caught_up = async {
                let ws = seat.ws.as_mut().unwrap();
                while seat.seq < target {
                    if let ServerMessage::Update { update } = recv(ws).await? {
                        seat.seq = update.seq;
                        seat.view = update.view;
                        seat.legal = update.legal;
                        seat.over = update.outcome.is_some();
                    }
                }
                anyhow::Ok(())
            }
            .await;
            if caught_up.is_err() {
                seat.ws = None;
            }
        }
    }
    played.longest_stall = played.longest_stall.max(last_ack.elapsed());
    Ok(played)
}

/// Checks every game's log: one action per number, no gap, and every
/// acknowledged action in it.
async fn check_logs(cluster: &Cluster, games: &[Played]) {
    for game in games {
        let log = cluster.db.action_ids(&game.room_id).await;
        let numbers: Vec<i64> = log.iter().map(|(seq, _)| *seq).collect();
        let expected: Vec<i64> = (1..=log.len() as i64).collect();
        assert_eq!(
            numbers, expected,
            "room {}: the log has no gap",
            game.room_id
        );
        let logged: HashSet<&str> = log.iter().map(|(_, id)| id.as_str()).collect();
        for id in &game.acked {
            assert!(
                logged.contains(id.as_str()),
                "room {}: acknowledged action {id} is missing from the log",
                game.room_id
            );
        }
        assert!(
            game.longest_stall < MAX_STALL,
            "room {}: stalled for {:?}",
            game.room_id,
            game.longest_stall
        );
    }
}

fn spawn_games(
    proxy: SocketAddr,
    rooms: usize,
    pace: Duration,
) -> Vec<tokio::task::JoinHandle<anyhow::Result<Played>>> {
    (0..rooms)
        .map(|r| tokio::spawn(play_game(proxy, r as u64 + 1, pace)))
        .collect()
}

async fn finish(games: Vec<tokio::task::JoinHandle<anyhow::Result<Played>>>) -> Vec<Played> {
    let mut played = Vec::new();
    for game in games {
        played.push(game.await.expect("game task").expect("the game finishes"));
    }
    played
}

// ------------------------------------------------------------------- tests

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs HAProxy and PostgreSQL: scripts/cluster-test.sh"]
async fn a_killed_node_costs_its_players_a_reconnect_and_nothing_else() {
    let mut cluster = Cluster::start().await;
    let games = spawn_games(cluster.proxy.addr, 30, Duration::from_millis(120));
    tokio::time::sleep(Duration::from_secs(2)).await;
    let victim = cluster.nodes[1].process.take().expect("node2 runs");
    victim.kill();
    let killed_at = Instant::now();
    let played = finish(games).await;
    let moved = played.iter().filter(|g| g.reconnects > 0).count();
    eprintln!(
        "30 games finished {:?} after node2 was killed; {moved} of them reconnected ({} refused or unanswered attempts); longest stall {:?}",
        killed_at.elapsed(),
        played.iter().map(|g| g.retries).sum::<u32>(),
        played.iter().map(|g| g.longest_stall).max().unwrap()
    );
    assert!(moved > 0, "node2 served some of the 30 rooms");
    check_logs(&cluster, &played).await;
    cluster.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs HAProxy and PostgreSQL: scripts/cluster-test.sh"]
async fn a_rolling_restart_loses_nothing() {
    let mut cluster = Cluster::start().await;
    let url = cluster.db.url.clone();
    let games = spawn_games(cluster.proxy.addr, 30, Duration::from_millis(300));
    tokio::time::sleep(Duration::from_secs(2)).await;
    for i in 0..cluster.nodes.len() {
        let node = &mut cluster.nodes[i];
        let status = node.process.take().expect("running").terminate();
        assert!(status.success(), "{} stops cleanly: {status}", node.id);
        node.start(&url);
        // Back in the proxy's hash before the next one goes.
        tokio::time::sleep(Duration::from_millis(2500)).await;
    }
    let played = finish(games).await;
    eprintln!(
        "30 games through a rolling restart: {} reconnections, longest stall {:?}",
        played.iter().map(|g| g.reconnects).sum::<u32>(),
        played.iter().map(|g| g.longest_stall).max().unwrap()
    );
    check_logs(&cluster, &played).await;
    cluster.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs HAProxy and PostgreSQL: scripts/cluster-test.sh"]
async fn a_paused_node_cannot_write_after_its_room_moved() {
    let cluster = Cluster::start().await;
    let proxy = cluster.proxy.addr;
    let created: RoomCreated = cluster
        .http
        .post(format!("http://{proxy}/api/rooms"))
        .json(&json!({"game": "osaki", "seats": 2}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let room = created.room_id.clone();
    // Two players through the proxy; the game starts.
    let mut retries = 0;
    let mut seats = Vec::new();
    for seat in 0..2u8 {
        seats.push(join(proxy, &created, seat, &mut retries).await.unwrap());
    }
    send(&mut seats[0].0, &ClientMessage::Start {})
        .await
        .unwrap();
    let mut snapshots = Vec::new();
    for (ws, _) in &mut seats {
        loop {
            if let ServerMessage::Snapshot { game } = recv(ws).await.unwrap() {
                snapshots.push(game);
                break;
            }
        }
    }
    let actor = snapshots.iter().position(|g| !g.legal.is_empty()).unwrap();
    let owner = cluster.owner(&room).await.expect("a node serves the room");
    let paused = cluster.nodes.iter().find(|n| n.id == owner).unwrap();
    // The acting player also holds a connection straight to the owner,
    // past the proxy: its late move will reach the owner when it wakes.
    let direct = format!("ws://127.0.0.1:{}/ws/rooms/{room}", paused.port);
    let (mut late, _) = tokio_tungstenite::connect_async(direct.as_str())
        .await
        .unwrap();
    send(
        &mut late,
        &ClientMessage::Hello {
            protocol: PROTOCOL_VERSION,
            token: Some(seats[actor].1.clone()),
            since: None,
            patches: false,
            board: None,
        },
    )
    .await
    .unwrap();
    loop {
        if let ServerMessage::Snapshot { .. } = recv(&mut late).await.unwrap() {
            break;
        }
    }

    // The owner stops (SIGSTOP) for longer than its lease.
    paused.process().signal("STOP");
    let late_move = snapshots[actor].legal[0].clone();
    send(
        &mut late,
        &ClientMessage::Act {
            id: "late".into(),
            action: late_move,
        },
    )
    .await
    .unwrap();
    // The players give up on their silent connections and come back through
    // the proxy, which sends them to another node once the owner fails its
    // health checks; that node takes the room when the lease has run out.
    let actor_token = seats[actor].1.clone();
    drop(seats);
    let mut played = Played::default();
    let (mut ws, game) = connect(proxy, &room, Some(&actor_token), &mut played.retries)
        .await
        .expect("another node serves the room");
    let game = game.unwrap();
    let new_owner = cluster.owner(&room).await.unwrap();
    assert_ne!(new_owner, owner, "another node holds the room");
    // The new owner takes a move.
    let mut acted = false;
    if !game.legal.is_empty() {
        send(
            &mut ws,
            &ClientMessage::Act {
                id: "on-new-owner".into(),
                action: game.legal[0].clone(),
            },
        )
        .await
        .unwrap();
        loop {
            match recv(&mut ws).await.unwrap() {
                ServerMessage::Ack { id } if id == "on-new-owner" => break,
                ServerMessage::Error { code, .. } => panic!("refused: {code:?}"),
                _ => {}
            }
        }
        acted = true;
    }

    // The owner wakes up: its late write is refused, and its connection
    // is told to reconnect.
    paused.process().signal("CONT");
    let mut refused_late = false;
    let close = loop {
        match late.next().await {
            Some(Ok(Message::Text(text))) => {
                let message: ServerMessage = serde_json::from_str(text.as_str()).unwrap();
                match message {
                    ServerMessage::Ack { id } => panic!("the late move {id} was acknowledged"),
                    ServerMessage::Error { code, id, .. } => {
                        assert_eq!(code, cubicle_protocol::ErrorCode::RoomMoved);
                        refused_late |= id.as_deref() == Some("late");
                    }
                    _ => {}
                }
            }
            Some(Ok(Message::Close(frame))) => break frame.map(|f| u16::from(f.code)),
            Some(Ok(_)) => continue,
            other => panic!("the woken node did not close properly: {other:?}"),
        }
    };
    assert_eq!(
        close,
        Some(4001),
        "the woken node tells its client to reconnect"
    );
    eprintln!(
        "paused {owner}, {new_owner} took the room over; the late move was {}",
        if refused_late {
            "refused with room_moved"
        } else {
            "dropped as the woken node found its lease gone"
        }
    );
    // No fork: one action per number, the late one absent, the new
    // owner's present.
    let log = cluster.db.action_ids(&room).await;
    let ids: Vec<&str> = log.iter().map(|(_, id)| id.as_str()).collect();
    assert!(
        !ids.contains(&"late"),
        "the late move is not in the log: {ids:?}"
    );
    assert_eq!(ids.contains(&"on-new-owner"), acted);
    let numbers: Vec<i64> = log.iter().map(|(seq, _)| *seq).collect();
    assert_eq!(numbers, (1..=log.len() as i64).collect::<Vec<_>>());
    cluster.stop().await;
}

fn load_tool() -> String {
    std::env::var("CUBICLE_LOAD_BIN")
        .expect("CUBICLE_LOAD_BIN: the load tool (cargo build -p cubicle-server --example load)")
}

/// The load tool's players, like the web client, connect again when their
/// room moves to another node (close 4001) and play on: the soak counts a
/// move as a reconnection, not an error (docs/scaling.md, "Measured").
/// Here rooms are made to move: their node pauses past its lease while
/// someone asks for them through the proxy, then wakes and sends its
/// players away.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs HAProxy, PostgreSQL and the load tool: scripts/cluster-test.sh"]
async fn the_load_tool_plays_on_when_its_rooms_move() {
    let cluster = Cluster::start().await;
    let proxy = cluster.proxy.addr;
    let run = tokio::process::Command::new(load_tool())
        .args([
            "--url",
            &format!("http://{proxy}"),
            "--rooms",
            "9",
            "--seats",
            "4",
            "--pace-ms",
            "200",
            "--duration",
            "20",
            "--timeout",
            "180",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run the load tool");
    // The rooms are playing; some are node1's.
    let deadline = Instant::now() + Duration::from_secs(30);
    let moving = loop {
        tokio::time::sleep(Duration::from_millis(500)).await;
        let rooms = cluster.rooms_of("node1").await;
        if !rooms.is_empty() {
            tokio::time::sleep(Duration::from_secs(1)).await;
            break cluster.rooms_of("node1").await;
        }
        assert!(Instant::now() < deadline, "node1 serves none of the rooms");
    };
    let paused = &cluster.nodes[0];
    assert_eq!(paused.id, "node1");
    paused.process().signal("STOP");
    // Someone asks for each of its rooms through the proxy, which sends
    // them elsewhere once node1 fails its checks; that node takes the room
    // when the lease has run out.
    let mut watchers = Vec::new();
    let mut retries = 0;
    for room in &moving {
        if let Ok((ws, _)) = connect(proxy, room, None, &mut retries).await {
            watchers.push(ws);
        }
    }
    paused.process().signal("CONT");
    assert!(!watchers.is_empty(), "no room of node1 moved");
    let output = run.wait_with_output().await.expect("the load tool ends");
    drop(watchers);
    let report = String::from_utf8_lossy(&output.stdout);
    eprintln!(
        "{} of node1's rooms asked for elsewhere\n{report}{}",
        moving.len(),
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(output.status.success(), "the load run failed");
    assert!(report.contains("errors: 0"), "{report}");
    let reconnections: u64 = report
        .lines()
        .find_map(|l| l.strip_prefix("rooms moved to another node: "))
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or(0);
    assert!(
        reconnections >= 1,
        "the players of the moved rooms connected again: {report}"
    );
    cluster.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs HAProxy, PostgreSQL and the load tool: scripts/cluster-test.sh"]
async fn soak_through_the_proxy() {
    let load = load_tool();
    let number = |name: &str, default: u64| {
        std::env::var(name)
            .ok()
            .map(|v| {
                v.parse::<u64>()
                    .unwrap_or_else(|_| panic!("{name} is a number"))
            })
            .unwrap_or(default)
    };
    let rooms = number("CUBICLE_SOAK_ROOMS", 500);
    let seconds = number("CUBICLE_SOAK_SECONDS", 30);
    let cluster = Cluster::start().await;
    let proxy = cluster.proxy.addr;
    // Each player acts every 2 s: a table of people, not a benchmark loop.
    let output = tokio::process::Command::new(load)
        .args([
            "--url",
            &format!("http://{proxy}"),
            "--rooms",
            &rooms.to_string(),
            "--seats",
            "4",
            "--pace-ms",
            "2000",
            "--duration",
            &seconds.to_string(),
            "--timeout",
            &(seconds + 300).to_string(),
        ])
        .output()
        .await
        .expect("run the load tool");
    let report = String::from_utf8_lossy(&output.stdout);
    eprintln!(
        "soak: 3 nodes + HAProxy + PostgreSQL, {} connections for {seconds} s\n{report}{}",
        rooms * 4,
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(output.status.success(), "the soak saw an error");
    assert!(report.contains("errors: 0"));
    cluster.stop().await;
}
