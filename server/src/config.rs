//! Configuration, from command-line flags and environment variables.

use std::net::SocketAddr;
use std::path::PathBuf;

use clap::{Parser, ValueEnum};

/// Cubicle: an authoritative online game server for office-themed tabletop
/// games.
#[derive(Debug, Clone, Parser)]
#[command(name = "cubicle", version, about)]
pub struct Config {
    /// Address to listen on.
    #[arg(long, env = "CUBICLE_LISTEN", default_value = "0.0.0.0:8080")]
    pub listen: SocketAddr,

    /// Database URL: `sqlite://path/to/file.db` (created on first start,
    /// with its directory) or `postgres://user@host/db`.
    #[arg(long, env = "DATABASE_URL", default_value = "sqlite://data/cubicle.db")]
    pub database_url: String,

    /// Accept scripted deals (`options.fixture`) at room creation. For tests
    /// only: a fixture lets its author know every hidden tile.
    #[arg(long, env = "CUBICLE_ALLOW_FIXTURES", default_value_t = false)]
    pub allow_fixtures: bool,

    /// Log format.
    #[arg(long, env = "CUBICLE_LOG_FORMAT", value_enum, default_value_t = LogFormat::Text)]
    pub log_format: LogFormat,

    /// Serve the web client from this directory instead of the copy embedded
    /// in the binary (for working on the client without rebuilding).
    #[arg(long, env = "CUBICLE_STATIC_DIR")]
    pub static_dir: Option<PathBuf>,

    /// Serve each page's module scripts and stylesheets as they are, one
    /// file each, instead of one bundle per page (for reading the client's
    /// code in the browser's tools; docs/performance.md, "First load").
    #[arg(long, env = "CUBICLE_UNBUNDLED_CLIENT")]
    pub unbundled_client: bool,

    /// Keep the client's own variable names and line breaks in the bundles,
    /// which otherwise shorten each module's names and join its lines (for
    /// reading a bundled page's code in the browser's tools;
    /// docs/performance.md, "First load").
    #[arg(long, env = "CUBICLE_BUNDLE_FULL_NAMES")]
    pub bundle_full_names: bool,

    /// This node's id, when several nodes share one PostgreSQL database
    /// behind a proxy (docs/scaling.md): unique among the nodes and the same
    /// across restarts. With it, the node serves a room only while it holds
    /// the room's lease. Without it, the node assumes it is the only one.
    #[arg(long, env = "CUBICLE_NODE_ID", value_parser = parse_node_id)]
    pub node_id: Option<String>,

    /// With `--node-id`: seconds a room's lease lasts unless renewed (it is
    /// renewed every third of that). A node that dies holds its rooms this
    /// long before another node may take them.
    #[arg(long, env = "CUBICLE_ROOM_LEASE_SECONDS", default_value_t = 5.0, value_parser = parse_lease_seconds)]
    pub room_lease_seconds: f64,

    /// Most open connections (HTTP and WebSocket) in all; further ones are
    /// closed at once. 0: no cap (the open-file limit still applies).
    #[arg(long, env = "CUBICLE_MAX_CONNECTIONS", default_value_t = 10_000)]
    pub max_connections: usize,

    /// Most open connections from one IP address. Behind a reverse proxy
    /// every connection comes from the proxy: raise it or set 0 (no cap).
    #[arg(long, env = "CUBICLE_MAX_CONNECTIONS_PER_IP", default_value_t = 200)]
    pub max_connections_per_ip: usize,

    /// Most spectators (connections without a seat or the host's token) in
    /// one room; further ones are refused with `room_full`. Seated players
    /// and the host are never refused.
    #[arg(long, env = "CUBICLE_MAX_SPECTATORS_PER_ROOM", default_value_t = 200)]
    pub max_spectators_per_room: usize,

    /// Milliseconds a bot waits before it acts, so that people can follow
    /// the game (0 in tests).
    #[arg(long, env = "CUBICLE_BOT_DELAY_MS", default_value_t = 800)]
    pub bot_delay_ms: u64,

    /// Longest a hard bot thinks about one decision, in milliseconds.
    #[arg(long, env = "CUBICLE_BOT_THINK_MS", default_value_t = 300)]
    pub bot_think_ms: u64,

    /// Origins (`https://host[:port]`, comma-separated) whose pages may open
    /// WebSockets besides the server's own. Pages are recognised as the
    /// server's own when their origin's host and port are the request's
    /// `Host`: behind a reverse proxy that rewrites `Host`, list the public
    /// origin here.
    #[arg(long, env = "CUBICLE_ALLOWED_ORIGINS", value_delimiter = ',')]
    pub allowed_origins: Vec<String>,
    /// Rooms one IP address may create per minute in the long run (an IPv6
    /// address counts by its /64). Over it: 429 with Retry-After. Behind a
    /// reverse proxy every room comes from the proxy: raise it or set 0 (no
    /// limit).
    #[arg(long, env = "CUBICLE_ROOM_CREATION_PER_MINUTE", default_value_t = 30)]
    pub room_creation_per_minute: u32,

    /// Rooms one IP address may create at once after a quiet spell.
    #[arg(long, env = "CUBICLE_ROOM_CREATION_BURST", default_value_t = 10)]
    pub room_creation_burst: u32,

    /// Room codes one IP address may try per minute (`GET /api/codes/…`), so
    /// that guessing codes stays hopeless. 0: no limit.
    #[arg(long, env = "CUBICLE_CODE_LOOKUPS_PER_MINUTE", default_value_t = 10)]
    pub code_lookups_per_minute: u32,

    /// Room codes one IP address may try at once after a quiet spell.
    #[arg(long, env = "CUBICLE_CODE_LOOKUP_BURST", default_value_t = 10)]
    pub code_lookup_burst: u32,

    /// Lobbies whose game never started are deleted this many hours after
    /// they were created. 0: never.
    #[arg(long, env = "CUBICLE_LOBBY_EXPIRY_HOURS", default_value_t = 24)]
    pub lobby_expiry_hours: u64,

    /// Finished games are deleted this many days after they ended. 0: never.
    #[arg(long, env = "CUBICLE_RETENTION_DAYS", default_value_t = 90)]
    pub retention_days: u64,

    /// Games in progress are deleted after this many days without an
    /// action (abandoned). 0: never.
    #[arg(long, env = "CUBICLE_ABANDONED_DAYS", default_value_t = 30)]
    pub abandoned_days: u64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LogFormat {
    /// Human-readable lines.
    Text,
    /// One JSON object per line, for log collectors.
    Json,
}

impl Config {
    /// A configuration for tests and embedding: listen on `listen`, store in
    /// `database_url`, everything else at its default except the room
    /// creation limit, which is off (tests and tools create rooms in bursts
    /// from one address).
    pub fn new(listen: SocketAddr, database_url: impl Into<String>) -> Self {
        Self {
            listen,
            database_url: database_url.into(),
            allow_fixtures: false,
            log_format: LogFormat::Text,
            static_dir: None,
            unbundled_client: false,
            bundle_full_names: false,
            node_id: None,
            room_lease_seconds: 5.0,
            max_connections: 10_000,
            max_connections_per_ip: 200,
            max_spectators_per_room: 200,
            bot_delay_ms: 800,
            bot_think_ms: 300,
            allowed_origins: Vec::new(),
            room_creation_per_minute: 0,
            room_creation_burst: 10,
            code_lookups_per_minute: 10,
            code_lookup_burst: 10,
            lobby_expiry_hours: 24,
            retention_days: 90,
            abandoned_days: 30,
        }
    }
}

/// A node id: 1 to 64 letters, digits, `-`, `_` or `.` (it is logged, and
/// stored in every lease).
fn parse_node_id(value: &str) -> Result<String, String> {
    let fits = (1..=64).contains(&value.len())
        && value
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'));
    if fits {
        Ok(value.to_owned())
    } else {
        Err("1 to 64 letters, digits, '-', '_' or '.'".into())
    }
}

/// A lease length: from 0.3 s (tests) to an hour.
fn parse_lease_seconds(value: &str) -> Result<f64, String> {
    let seconds: f64 = value.parse().map_err(|e| format!("{e}"))?;
    if (0.3..=3600.0).contains(&seconds) {
        Ok(seconds)
    } else {
        Err("from 0.3 to 3600 seconds".into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_need_no_setup() {
        let config = Config::try_parse_from(["cubicle"]).unwrap();
        assert_eq!(config.listen, "0.0.0.0:8080".parse().unwrap());
        assert_eq!(config.database_url, "sqlite://data/cubicle.db");
        assert!(!config.allow_fixtures);
        assert_eq!(config.log_format, LogFormat::Text);
        assert!(config.static_dir.is_none());
        assert!(config.allowed_origins.is_empty());
        assert_eq!(config.room_creation_per_minute, 30);
        assert_eq!(config.room_creation_burst, 10);
        assert_eq!(config.lobby_expiry_hours, 24);
        assert_eq!(config.retention_days, 90);
        assert_eq!(config.abandoned_days, 30);
        assert_eq!(config.max_spectators_per_room, 200);
    }

    #[test]
    fn flags_override_defaults() {
        let config = Config::try_parse_from([
            "cubicle",
            "--listen",
            "127.0.0.1:9000",
            "--allow-fixtures",
            "--log-format",
            "json",
            "--allowed-origins",
            "https://play.example,http://localhost:3000",
            "--max-spectators-per-room",
            "20",
        ])
        .unwrap();
        assert_eq!(
            config.allowed_origins,
            ["https://play.example", "http://localhost:3000"]
        );
        assert_eq!(config.listen.port(), 9000);
        assert_eq!(config.max_spectators_per_room, 20);
        assert!(config.allow_fixtures);
        assert_eq!(config.log_format, LogFormat::Json);
    }
}
