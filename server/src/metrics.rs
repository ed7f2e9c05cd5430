//! Metric names and the Prometheus recorder behind `GET /metrics`.

use std::sync::OnceLock;

use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};

/// Gauge: room actors in memory.
pub const ROOMS_LOADED: &str = "cubicle_rooms_loaded";
/// Gauge: open WebSocket connections.
pub const CONNECTIONS: &str = "cubicle_connections";
/// Counter: actions applied (committed and broadcast).
pub const ACTIONS: &str = "cubicle_actions_total";
/// Counter: requests refused, by `code`.
pub const REFUSALS: &str = "cubicle_refusals_total";
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
/// Gauge: open TCP connections (HTTP and WebSocket).
pub const TCP_CONNECTIONS: &str = "cubicle_tcp_connections";
/// Counter: connections closed at once for being over a cap, by `cap`
/// (`total` or `per_ip`).
pub const CONNECTIONS_REFUSED: &str = "cubicle_connections_refused_total";
/// Counter: failed accepts (e.g. out of file descriptors).
pub const ACCEPT_ERRORS: &str = "cubicle_accept_errors_total";
/// Counter: rooms created.
pub const ROOMS_CREATED: &str = "cubicle_rooms_created_total";

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
            handle
        })
        .clone()
}

fn describe() {
    use metrics::{describe_counter, describe_gauge, describe_histogram, Unit};
    describe_gauge!(ROOMS_LOADED, "Rooms whose actor is in memory");
    describe_gauge!(CONNECTIONS, "Open WebSocket connections");
    describe_counter!(ACTIONS, "Game actions applied");
    describe_counter!(REFUSALS, "Requests refused, by error code");
    describe_counter!(ROOMS_CREATED, "Rooms created");
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
}
