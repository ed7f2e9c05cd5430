//! What an operator sees, on the real binary (its own process, so its
//! metrics start from nothing): every documented metric from the first
//! scrape, metrics that follow play, liveness against readiness, and
//! `cubicle healthcheck`.

use std::collections::{BTreeMap, BTreeSet};
use std::net::SocketAddr;
use std::process::Command;

use cubicle_protocol::ErrorCode;

mod support;

use support::binary::Binary;
use support::osaki::{Picker, Table};
use support::{Client, TestDb};

/// One scrape, parsed.
#[derive(Debug, Default)]
struct Scrape {
    help: BTreeMap<String, String>,
    types: BTreeMap<String, String>,
    /// (sample name, labels) → value.
    samples: BTreeMap<(String, BTreeMap<String, String>), f64>,
}

impl Scrape {
    async fn of(addr: SocketAddr) -> Scrape {
        let text = reqwest::get(format!("http://{addr}/metrics"))
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        Scrape::parse(&text)
    }

    fn parse(text: &str) -> Scrape {
        let mut scrape = Scrape::default();
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            if let Some(rest) = line.strip_prefix("# HELP ") {
                let (name, help) = rest.split_once(' ').unwrap_or((rest, ""));
                scrape.help.insert(name.into(), help.into());
            } else if let Some(rest) = line.strip_prefix("# TYPE ") {
                let (name, kind) = rest.split_once(' ').expect("TYPE name kind");
                scrape.types.insert(name.into(), kind.into());
            } else {
                let (series, value) = line.rsplit_once(' ').expect("a sample has a value");
                let (name, labels) = match series.split_once('{') {
                    Some((name, labels)) => (name, parse_labels(labels.trim_end_matches('}'))),
                    None => (series, BTreeMap::new()),
                };
                let value: f64 = value.parse().unwrap_or_else(|_| panic!("value in {line}"));
                scrape.samples.insert((name.into(), labels), value);
            }
        }
        scrape
    }

    /// The value of the sample `name` whose labels include `labels`.
    fn value(&self, name: &str, labels: &[(&str, &str)]) -> f64 {
        let matching: Vec<f64> = self
            .samples
            .iter()
            .filter(|((n, l), _)| {
                n == name
                    && labels
                        .iter()
                        .all(|(k, v)| l.get(*k).map(String::as_str) == Some(v))
            })
            .map(|(_, v)| *v)
            .collect();
        assert_eq!(matching.len(), 1, "one sample {name}{labels:?}");
        matching[0]
    }

    /// Every value the label `label` of `name` takes.
    fn label_values(&self, name: &str, label: &str) -> BTreeSet<String> {
        self.samples
            .keys()
            .filter(|(n, _)| n == name)
            .filter_map(|(_, l)| l.get(label).cloned())
            .collect()
    }
}

fn parse_labels(text: &str) -> BTreeMap<String, String> {
    text.split("\",")
        .filter(|pair| !pair.is_empty())
        .map(|pair| {
            let (key, value) = pair.split_once("=\"").expect("label=\"value\"");
            (key.to_owned(), value.trim_end_matches('"').to_owned())
        })
        .collect()
}

/// The metrics table of docs/operations.md: name → type.
fn documented_metrics() -> BTreeMap<String, String> {
    let doc = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../docs/operations.md"
    ))
    .unwrap();
    doc.lines()
        .filter_map(|line| {
            let cells: Vec<&str> = line.split('|').map(str::trim).collect();
            let name = cells.get(1)?.strip_prefix('`')?.strip_suffix('`')?;
            let kind = *cells.get(2)?;
            let is_metric = ["counter", "gauge", "histogram"].contains(&kind);
            is_metric.then(|| (name.to_owned(), kind.to_owned()))
        })
        .collect()
}

#[tokio::test]
async fn a_fresh_server_exports_every_documented_metric_from_the_first_scrape() {
    let db = TestDb::new().await;
    let binary = Binary::start(&db, false);
    let scrape = Scrape::of(binary.addr).await;

    let documented = documented_metrics();
    assert!(documented.len() >= 25, "the table was read: {documented:?}");
    let exported: BTreeMap<String, String> = scrape.types.clone();
    assert_eq!(
        exported, documented,
        "exported families (with their TYPE) = the documented table"
    );
    for name in documented.keys() {
        let help = scrape.help.get(name).map(String::as_str).unwrap_or("");
        assert!(!help.is_empty(), "{name} has a HELP line");
    }

    // Nothing has happened: counters and activity gauges are zero, and every
    // label value of a fixed set is already there.
    for (name, kind) in &documented {
        if name.starts_with("process_") || kind == "histogram" {
            continue;
        }
        let expected_nonzero = [
            "cubicle_build_info",
            "cubicle_ready",
            "cubicle_startup_replay_seconds",
            // The scrape's own connection.
            "cubicle_tcp_connections",
        ];
        if expected_nonzero.contains(&name.as_str()) {
            continue;
        }
        for ((n, labels), value) in &scrape.samples {
            if n == name {
                assert_eq!(*value, 0.0, "{name}{labels:?} on a fresh server");
            }
        }
    }
    assert_eq!(
        scrape.value(
            "cubicle_build_info",
            &[("version", env!("CARGO_PKG_VERSION"))]
        ),
        1.0
    );
    assert_eq!(scrape.value("cubicle_ready", &[]), 1.0);
    for histogram in [
        "cubicle_action_broadcast_seconds",
        "cubicle_store_commit_seconds",
        "cubicle_store_batch_size",
    ] {
        assert_eq!(scrape.value(&format!("{histogram}_count"), &[]), 0.0);
        assert!(
            scrape
                .label_values(&format!("{histogram}_bucket"), "le")
                .len()
                > 5,
            "{histogram} has its buckets"
        );
    }
    let codes: BTreeSet<String> = ErrorCode::ALL.iter().map(|c| c.name().to_owned()).collect();
    assert_eq!(scrape.label_values("cubicle_refusals_total", "code"), codes);
    let games: BTreeSet<String> = ["osaki", "office21", "dilbert"].map(String::from).into();
    assert_eq!(scrape.label_values("cubicle_actions_total", "game"), games);
    assert_eq!(
        scrape.label_values("cubicle_rooms_created_total", "game"),
        games
    );
    assert_eq!(
        scrape.label_values("cubicle_connections", "kind"),
        ["seat", "spectator"].map(String::from).into()
    );
    assert_eq!(
        scrape.label_values("cubicle_rooms_loaded", "status"),
        ["finished", "lobby", "playing"].map(String::from).into()
    );
    // Process metrics are real readings.
    assert!(scrape.value("process_resident_memory_bytes", &[]) > 1e6);
    assert!(scrape.value("process_open_fds", &[]) >= 3.0);
    assert!(scrape.value("process_max_fds", &[]) >= scrape.value("process_open_fds", &[]));
    assert!(scrape.value("process_start_time_seconds", &[]) > 1.7e9);
    db.cleanup().await;
}

#[tokio::test]
async fn metrics_follow_rooms_connections_actions_refusals_and_closes() {
    let db = TestDb::new().await;
    let binary = Binary::start(&db, false);
    let created = binary.create_room(2, None).await;
    let room_id = created.room_id.clone();
    let mut watcher = Client::open(binary.addr, &room_id).await;
    watcher.hello(None, None).await;
    // Refusals, counted by code: a frame that is not a message, a room that
    // does not exist.
    watcher.send_text("not json").await;
    watcher.expect_error(ErrorCode::BadMessage).await;
    let missing = reqwest::get(format!("http://{}/api/rooms/nosuchroom", binary.addr)).await;
    assert_eq!(missing.unwrap().status(), 404);
    let scrape = wait_for(binary.addr, |s| {
        s.value("cubicle_connections", &[("kind", "spectator")]) == 1.0
    })
    .await;
    assert_eq!(
        scrape.value("cubicle_rooms_loaded", &[("status", "lobby")]),
        1.0
    );
    assert_eq!(
        scrape.value("cubicle_rooms_created_total", &[("game", "osaki")]),
        1.0
    );

    // The host without a seat is not a spectator (as in the room info). The
    // room answers the info request after it has counted the host's arrival.
    let mut host = Client::open(binary.addr, &room_id).await;
    host.hello(Some(&created.host_token), None).await;
    let info = reqwest::get(format!("http://{}/api/rooms/{room_id}", binary.addr)).await;
    assert_eq!(info.unwrap().status(), 200);
    let scrape = Scrape::of(binary.addr).await;
    assert_eq!(
        scrape.value("cubicle_connections", &[("kind", "spectator")]),
        1.0
    );
    assert_eq!(scrape.value("cubicle_websockets", &[]), 2.0);
    host.close().await;

    let mut table = Table::start_in(binary.addr, created, 2).await;
    let scrape = wait_for(binary.addr, |s| {
        s.value("cubicle_rooms_loaded", &[("status", "playing")]) == 1.0
    })
    .await;
    assert_eq!(
        scrape.value("cubicle_rooms_loaded", &[("status", "lobby")]),
        0.0
    );
    assert_eq!(
        scrape.value("cubicle_connections", &[("kind", "seat")]),
        2.0
    );
    assert_eq!(
        scrape.value("cubicle_connections", &[("kind", "spectator")]),
        1.0
    );
    assert_eq!(scrape.value("cubicle_websockets", &[]), 3.0);

    let mut picker = Picker::new(7);
    for _ in 0..3 {
        table.play(&mut |legal| picker.pick(legal)).await;
    }
    let scrape = wait_for(binary.addr, |s| {
        s.value("cubicle_actions_total", &[("game", "osaki")]) == 3.0
    })
    .await;
    assert_eq!(
        scrape.value("cubicle_refusals_total", &[("code", "bad_message")]),
        1.0
    );
    assert_eq!(
        scrape.value("cubicle_refusals_total", &[("code", "unknown_room")]),
        1.0
    );
    assert_eq!(
        scrape.value("cubicle_refusals_total", &[("code", "not_seated")]),
        0.0
    );
    assert_eq!(
        scrape.value("cubicle_actions_total", &[("game", "office21")]),
        0.0
    );
    assert_eq!(
        scrape.value("cubicle_action_broadcast_seconds_count", &[]),
        3.0
    );
    // The room, two joins, the start and three actions at least.
    assert!(scrape.value("cubicle_store_batch_size_sum", &[]) >= 7.0);

    watcher.close().await;
    let scrape = wait_for(binary.addr, |s| {
        s.value("cubicle_connections", &[("kind", "spectator")]) == 0.0
    })
    .await;
    // The unseated host's connection and the watcher's closed first.
    assert_eq!(
        scrape.value("cubicle_ws_closes_total", &[("code", "client")]),
        2.0
    );
    assert_eq!(
        scrape.value("cubicle_connections", &[("kind", "seat")]),
        2.0
    );
    drop(table);
    let scrape = wait_for(binary.addr, |s| s.value("cubicle_websockets", &[]) == 0.0).await;
    assert_eq!(
        scrape.value("cubicle_connections", &[("kind", "seat")]),
        0.0
    );
    assert_eq!(
        scrape.value("cubicle_ws_closes_total", &[("code", "lost")]),
        2.0
    );
    db.cleanup().await;
}

/// Scrapes until `ready` holds (the actor and the sockets settle a moment
/// after the client's message).
async fn wait_for(addr: SocketAddr, ready: impl Fn(&Scrape) -> bool) -> Scrape {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        let scrape = Scrape::of(addr).await;
        if ready(&scrape) {
            return scrape;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the metrics never settled: {:?}",
            scrape.samples
        );
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn healthcheck_command_says_ready_or_why_not() {
    let db = TestDb::new().await;
    let binary = Binary::start(&db, false);
    let check = |listen: String| {
        Command::new(env!("CARGO_BIN_EXE_cubicle"))
            .arg("healthcheck")
            .env("CUBICLE_LISTEN", listen)
            .output()
            .unwrap()
    };
    let ready = check(format!("0.0.0.0:{}", binary.addr.port()));
    assert!(ready.status.success(), "{ready:?}");
    assert_eq!(String::from_utf8_lossy(&ready.stdout).trim(), "ready");

    let status = binary.terminate();
    assert!(status.success());
    let gone = check(format!("127.0.0.1:{}", free_port()));
    assert!(!gone.status.success());
    let stderr = String::from_utf8_lossy(&gone.stderr);
    assert!(stderr.contains("cannot reach"), "{stderr}");
    db.cleanup().await;
}

/// A port nothing listens on (bound, then released).
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}
