//! Metric names and the Prometheus recorder behind `GET /metrics`.
//!
//! Every series the server can produce is registered at zero when the
//! recorder is installed (each label value of a bounded set: error codes,
//! close codes, games, room statuses), so that the first scrape of an idle
//! node already holds everything an alert or a dashboard refers to. No label
//! names a room or a player: cardinality stays fixed.

use std::sync::OnceLock;

use cubicle_games::catalog;
use cubicle_protocol::ErrorCode;
use metrics::{counter, gauge, histogram};
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};

/// Gauge, always 1: `version` label.
pub const BUILD_INFO: &str = "cubicle_build_info";
/// Gauge: 1 when `/readyz` would answer 200 (updated on every scrape).
pub const READY: &str = "cubicle_ready";
/// Gauge: seconds the start-up replay of unfinished games took.
pub const STARTUP_REPLAY_SECONDS: &str = "cubicle_startup_replay_seconds";
/// Gauge: rooms restored at start-up.
pub const STARTUP_ROOMS_RESTORED: &str = "cubicle_startup_rooms_restored";
/// Gauge: room actors in memory, by `status` (lobby, playing, finished).
pub const ROOMS_LOADED: &str = "cubicle_rooms_loaded";
/// Counter: rooms created, by `game`.
pub const ROOMS_CREATED: &str = "cubicle_rooms_created_total";
/// Gauge: open WebSocket connections, whatever their stage.
pub const WEBSOCKETS: &str = "cubicle_websockets";
/// Gauge: connections attached to a room, by `kind` (seat, spectator).
pub const CONNECTIONS: &str = "cubicle_connections";
/// Gauge: open TCP connections (HTTP and WebSocket).
pub const TCP_CONNECTIONS: &str = "cubicle_tcp_connections";
/// Counter: connections closed at once for being over a cap, by `cap`.
pub const CONNECTIONS_REFUSED: &str = "cubicle_connections_refused_total";
/// Counter: failed accepts (e.g. out of file descriptors).
pub const ACCEPT_ERRORS: &str = "cubicle_accept_errors_total";
/// Counter: WebSocket connections ended, by `code`: the close code the
/// server sent, `client` when the client closed first, `lost` when the
/// connection broke without a close.
pub const WS_CLOSES: &str = "cubicle_ws_closes_total";
/// Counter: game actions applied (committed and broadcast), by `game`.
pub const ACTIONS: &str = "cubicle_actions_total";
/// Counter: requests refused, by error `code`.
pub const REFUSALS: &str = "cubicle_refusals_total";
/// Counter: rate-limit hits, by `scope` (a connection's messages, room
/// creation per address).
pub const RATE_LIMITED: &str = "cubicle_rate_limited_total";
/// Counter: connections dropped for reading too slowly.
pub const SLOW_DROPS: &str = "cubicle_slow_connection_drops_total";
/// Histogram: seconds from receiving an `act` to the last update queued for
/// every connection (includes the commit).
pub const ACTION_LATENCY: &str = "cubicle_action_broadcast_seconds";
/// Histogram: writes committed per transaction.
pub const STORE_BATCH_SIZE: &str = "cubicle_store_batch_size";
/// Histogram: seconds per store transaction.
pub const STORE_COMMIT_SECONDS: &str = "cubicle_store_commit_seconds";
/// Counter: store transactions that failed (not counting writes the
/// database refused for a constraint).
pub const STORE_ERRORS: &str = "cubicle_store_errors_total";
/// Gauge: writes waiting for the store's writer (updated on every scrape).
pub const STORE_QUEUE_DEPTH: &str = "cubicle_store_queue_depth";

/// Values of `cubicle_rooms_loaded`'s `status` label.
pub const ROOM_STATUSES: [&str; 3] = ["lobby", "playing", "finished"];
/// Values of `cubicle_connections`' `kind` label.
pub const CONNECTION_KINDS: [&str; 2] = ["seat", "spectator"];
/// Values of `cubicle_connections_refused_total`'s `cap` label.
pub const CAPS: [&str; 2] = ["total", "per_ip"];
/// Values of `cubicle_rate_limited_total`'s `scope` label.
pub const RATE_SCOPES: [&str; 3] = ["message", "room_creation", "code_lookup"];
/// Values of `cubicle_ws_closes_total`'s `code` label: every close code the
/// server sends (see docs/protocol.md), then the two ends it does not choose.
pub const CLOSE_CODES: [&str; 11] = [
    "1000", "1001", "1002", "1007", "1008", "1009", "1011", "1013", "4001", "client", "lost",
];

const LATENCY_BUCKETS: &[f64] = &[
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0,
];
const BATCH_BUCKETS: &[f64] = &[1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0, 128.0, 256.0];

/// The process-wide recorder (metrics are global; several servers in one
/// test process share it).
pub fn handle() -> PrometheusHandle {
    static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();
    HANDLE
        .get_or_init(|| {
            let recorder = PrometheusBuilder::new()
                .set_buckets_for_metric(Matcher::Full(ACTION_LATENCY.into()), LATENCY_BUCKETS)
                .and_then(|b| {
                    b.set_buckets_for_metric(
                        Matcher::Full(STORE_COMMIT_SECONDS.into()),
                        LATENCY_BUCKETS,
                    )
                })
                .and_then(|b| {
                    b.set_buckets_for_metric(Matcher::Full(STORE_BATCH_SIZE.into()), BATCH_BUCKETS)
                })
                .expect("bucket lists are not empty")
                .build_recorder();
            let handle = recorder.handle();
            // Another recorder may already be installed (an embedding
            // program's); ours then still renders, only empty.
            if metrics::set_global_recorder(recorder).is_err() {
                tracing::warn!("a metrics recorder was already installed; /metrics will be empty");
            }
            describe();
            register_every_series();
            process().describe();
            handle
        })
        .clone()
}

/// Reads the process's CPU time, memory, file descriptors and threads into
/// the standard `process_*` metrics; called before each scrape.
pub fn collect_process() {
    process().collect();
}

fn process() -> &'static metrics_process::Collector {
    static COLLECTOR: OnceLock<metrics_process::Collector> = OnceLock::new();
    COLLECTOR.get_or_init(metrics_process::Collector::default)
}

/// The label values of `game` (every game in the catalog).
fn games() -> impl Iterator<Item = &'static str> {
    catalog::ENTRIES.iter().map(|entry| entry.id)
}

/// Touches every series without changing it: a gauge or counter at zero
/// (incrementing by zero keeps whatever a server in the same process
/// already counted), a histogram with no observation.
fn register_every_series() {
    gauge!(BUILD_INFO, "version" => env!("CARGO_PKG_VERSION")).set(1.0);
    for name in [
        READY,
        STARTUP_REPLAY_SECONDS,
        STARTUP_ROOMS_RESTORED,
        WEBSOCKETS,
        TCP_CONNECTIONS,
        STORE_QUEUE_DEPTH,
    ] {
        gauge!(name).increment(0.0);
    }
    for status in ROOM_STATUSES {
        gauge!(ROOMS_LOADED, "status" => status).increment(0.0);
    }
    for kind in CONNECTION_KINDS {
        gauge!(CONNECTIONS, "kind" => kind).increment(0.0);
    }
    for name in [ACCEPT_ERRORS, SLOW_DROPS, STORE_ERRORS] {
        counter!(name).increment(0);
    }
    for game in games() {
        counter!(ROOMS_CREATED, "game" => game).increment(0);
        counter!(ACTIONS, "game" => game).increment(0);
    }
    for code in ErrorCode::ALL {
        counter!(REFUSALS, "code" => code.name()).increment(0);
    }
    for cap in CAPS {
        counter!(CONNECTIONS_REFUSED, "cap" => cap).increment(0);
    }
    for scope in RATE_SCOPES {
        counter!(RATE_LIMITED, "scope" => scope).increment(0);
    }
    for code in CLOSE_CODES {
        counter!(WS_CLOSES, "code" => code).increment(0);
    }
    for name in [ACTION_LATENCY, STORE_BATCH_SIZE, STORE_COMMIT_SECONDS] {
        let _ = histogram!(name);
    }
}

fn describe() {
    use metrics::{describe_counter, describe_gauge, describe_histogram, Unit};
    describe_gauge!(BUILD_INFO, "Always 1; the version label names the build");
    describe_gauge!(READY, "1 when /readyz answers 200, else 0");
    describe_gauge!(
        STARTUP_REPLAY_SECONDS,
        Unit::Seconds,
        "How long the start-up replay of unfinished games took"
    );
    describe_gauge!(STARTUP_ROOMS_RESTORED, "Rooms restored at start-up");
    describe_gauge!(ROOMS_LOADED, "Rooms whose actor is in memory, by status");
    describe_counter!(ROOMS_CREATED, "Rooms created, by game");
    describe_gauge!(WEBSOCKETS, "Open WebSocket connections");
    describe_gauge!(
        CONNECTIONS,
        "WebSocket connections attached to a room, by kind (seat or spectator)"
    );
    describe_gauge!(TCP_CONNECTIONS, "Open TCP connections (HTTP and WebSocket)");
    describe_counter!(
        CONNECTIONS_REFUSED,
        "Connections closed at once for being over a cap (total or per address)"
    );
    describe_counter!(
        ACCEPT_ERRORS,
        "Failed accepts (e.g. out of file descriptors)"
    );
    describe_counter!(
        WS_CLOSES,
        "WebSocket connections ended, by the server's close code, client or lost"
    );
    describe_counter!(ACTIONS, "Game actions applied, by game");
    describe_counter!(REFUSALS, "Requests refused, by error code");
    describe_counter!(RATE_LIMITED, "Rate-limit hits, by scope");
    describe_counter!(SLOW_DROPS, "Connections dropped for reading too slowly");
    describe_histogram!(
        ACTION_LATENCY,
        Unit::Seconds,
        "From receiving an action to the last update queued (commit included)"
    );
    describe_histogram!(
        STORE_BATCH_SIZE,
        Unit::Count,
        "Writes per store transaction"
    );
    describe_histogram!(
        STORE_COMMIT_SECONDS,
        Unit::Seconds,
        "Duration of a store transaction"
    );
    describe_counter!(STORE_ERRORS, "Store transactions that failed");
    describe_gauge!(STORE_QUEUE_DEPTH, "Writes waiting for the store's writer");
}
