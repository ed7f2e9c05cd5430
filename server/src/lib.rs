//! Cubicle's server: the HTTP API, the room WebSockets, one actor task per
//! room, the store and the embedded web client.
//!
//! The path of an action: [`ws`] reads and checks a client frame and hands
//! the request to the room's actor ([`room`]), found through the
//! [`registry`]; the actor applies it to a copy of the game, has the
//! [`store`]'s writer commit it, then queues each connection's filtered
//! update; each connection's task writes it to its socket.

mod boards;
pub mod config;
mod creation_limit;
pub mod fairness;
mod health;
pub mod healthcheck;
mod http;
pub mod ids;
mod listen;
pub mod metrics;
mod rate;
pub mod registry;
mod retention;
pub mod room;
pub mod simulate;
pub mod store;
mod web;
mod ws;

use std::net::SocketAddr;
use std::ops::Deref;
use std::sync::Arc;
use std::time::Duration;

use metrics_exporter_prometheus::PrometheusHandle;
use tokio::net::TcpListener;
use tokio::task::JoinHandle;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

pub use config::{Config, LogFormat};
pub use ws::MAX_MESSAGE_BYTES;

use registry::{Cluster, Registry};
use room::{BotSettings, RoomSettings};
use store::{Store, StoreError};

/// How long shutdown waits for WebSockets to finish their closing handshake.
const CLOSE_WAIT: Duration = Duration::from_secs(5);

/// What every request handler shares.
#[derive(Clone)]
pub struct AppState(Arc<Shared>);

pub struct Shared {
    allow_fixtures: bool,
    /// Pages from other origins that may open WebSockets.
    allowed_origins: ws::AllowedOrigins,
    /// `None`: rooms are created without limit.
    creation_limit: Option<creation_limit::CreationLimit>,
    /// Room-code lookups per address (the same token bucket); `None`: no
    /// limit.
    code_lookup_limit: Option<creation_limit::CreationLimit>,
    store: Store,
    registry: Registry,
    metrics: PrometheusHandle,
    assets: web::Assets,
    /// Cancelled when the server shuts down; connections then close with 1001.
    shutdown: CancellationToken,
    /// Every WebSocket connection task.
    connections: TaskTracker,
    /// Whether start-up replay has finished (see [`health`]).
    startup: health::Startup,
}

impl AppState {
    fn new(
        config: &Config,
        store: Store,
        registry: Registry,
        metrics: PrometheusHandle,
        shutdown: CancellationToken,
        connections: TaskTracker,
    ) -> AppState {
        AppState(Arc::new(Shared {
            allow_fixtures: config.allow_fixtures,
            allowed_origins: ws::AllowedOrigins::new(&config.allowed_origins),
            creation_limit: creation_limit::CreationLimit::new(
                config.room_creation_per_minute,
                config.room_creation_burst,
            ),
            code_lookup_limit: creation_limit::CreationLimit::new(
                config.code_lookups_per_minute,
                config.code_lookup_burst,
            ),
            store,
            registry,
            metrics,
            assets: web::Assets::new(config.static_dir.clone(), !config.unbundled_client)
                .keeping_names(config.bundle_full_names),
            shutdown,
            connections,
            startup: health::Startup::default(),
        }))
    }
}

impl Deref for AppState {
    type Target = Shared;

    fn deref(&self) -> &Shared {
        &self.0
    }
}

/// Sets up logging to stderr: text or JSON lines, filtered by `RUST_LOG`
/// (default `info`).
pub fn init_logging(format: LogFormat) {
    use tracing_subscriber::EnvFilter;
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    // Colours only for a person at a terminal, not in files or collectors.
    let ansi = std::io::IsTerminal::is_terminal(&std::io::stderr());
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(ansi);
    match format {
        LogFormat::Text => builder.init(),
        LogFormat::Json => builder.json().init(),
    }
}

/// Why the server could not start, or stopped on an error.
#[derive(Debug, thiserror::Error)]
pub enum ServerError {
    #[error("cannot open the database")]
    OpenStore(#[source] StoreError),
    #[error("cannot read rooms from the database")]
    RestoreRooms(#[source] StoreError),
    #[error("cannot listen on {addr}")]
    Listen {
        addr: SocketAddr,
        #[source]
        source: std::io::Error,
    },
    #[error("the server task panicked")]
    Panicked(#[source] tokio::task::JoinError),
}

/// A running server.
pub struct Server {
    addr: SocketAddr,
    shutdown: CancellationToken,
    task: JoinHandle<Result<(), ServerError>>,
}

impl Server {
    /// Opens the store (applying migrations), binds the listener and starts
    /// serving (health, readiness and metrics at once; rooms and the API
    /// once start-up replay is done), restores every game in progress, then
    /// returns, ready.
    pub async fn start(config: Config) -> Result<Server, ServerError> {
        let metrics = metrics::handle();
        let (store, writer) = Store::open(&config.database_url)
            .await
            .map_err(ServerError::OpenStore)?;
        let settings = RoomSettings {
            max_spectators: config.max_spectators_per_room,
            bots: BotSettings {
                delay: Duration::from_millis(config.bot_delay_ms),
                think: Duration::from_millis(config.bot_think_ms),
            },
        };
        let registry = match &config.node_id {
            None => Registry::with_settings(store.clone(), settings),
            Some(node) => {
                tracing::info!(node = %node, lease_seconds = config.room_lease_seconds, "one node of several: rooms are served by lease");
                Registry::clustered(
                    store.clone(),
                    settings,
                    Cluster {
                        node: node.clone(),
                        lease: Duration::from_secs_f64(config.room_lease_seconds),
                    },
                )
            }
        };
        let listen_error = |source| ServerError::Listen {
            addr: config.listen,
            source,
        };
        let listener = TcpListener::bind(config.listen)
            .await
            .map_err(listen_error)?;
        let addr = listener.local_addr().map_err(listen_error)?;
        let shutdown = CancellationToken::new();
        let connections = TaskTracker::new();
        let state = AppState::new(
            &config,
            store.clone(),
            registry.clone(),
            metrics.clone(),
            shutdown.clone(),
            connections.clone(),
        );
        let router = http::router(state.clone());
        let open_files = listen::raise_open_file_limit();
        let caps = listen::Caps {
            total: config.max_connections,
            per_ip: config.max_connections_per_ip,
        };
        let retention_policy = retention::Policy::from_config(&config);
        let stop = shutdown.clone();
        let serving = registry.clone();
        let task = tokio::spawn(async move {
            let upkeep = tokio::spawn(upkeep(metrics, stop.clone()));
            let sweeper =
                tokio::spawn(retention_policy.run(store.clone(), serving.clone(), stop.clone()));
            listen::serve(listener, router, caps, stop).await;
            // The same token told every WebSocket to close with 1001.
            connections.close();
            if tokio::time::timeout(CLOSE_WAIT, connections.wait())
                .await
                .is_err()
            {
                tracing::warn!("some connections did not close in time");
            }
            serving.shutdown().await;
            store.close(writer).await;
            upkeep.abort();
            sweeper.abort();
            tracing::info!("stopped");
            Ok(())
        });
        tracing::info!(%addr, "listening; restoring the games in progress");
        let replay = std::time::Instant::now();
        let restored = match registry.restore_unfinished().await {
            Ok(restored) => restored,
            Err(e) => {
                shutdown.cancel();
                let _ = task.await;
                return Err(ServerError::RestoreRooms(e));
            }
        };
        let replay = replay.elapsed();
        ::metrics::gauge!(metrics::STARTUP_REPLAY_SECONDS).set(replay.as_secs_f64());
        ::metrics::gauge!(metrics::STARTUP_ROOMS_RESTORED).set(restored as f64);
        state.startup.finished();
        tracing::info!(
            %addr,
            restored,
            replay_ms = replay.as_millis() as u64,
            fixtures = config.allow_fixtures,
            max_connections = config.max_connections,
            max_connections_per_ip = config.max_connections_per_ip,
            open_files,
            "ready"
        );
        Ok(Server {
            addr,
            shutdown,
            task,
        })
    }

    /// The address the server listens on (useful with port 0).
    pub fn local_addr(&self) -> SocketAddr {
        self.addr
    }

    /// Stops accepting, closes every WebSocket with 1001, lets every room
    /// finish its current command and the store commit what is queued.
    pub async fn shutdown(self) -> Result<(), ServerError> {
        self.shutdown.cancel();
        self.task.await.map_err(ServerError::Panicked)?
    }
}

/// Histograms are aggregated lazily; keep them bounded between scrapes.
async fn upkeep(handle: PrometheusHandle, stop: CancellationToken) {
    let mut tick = tokio::time::interval(Duration::from_secs(5));
    loop {
        tokio::select! {
            _ = stop.cancelled() => return,
            _ = tick.tick() => handle.run_upkeep(),
        }
    }
}
