//! `cubicle`: runs the server until SIGTERM or Ctrl-C; as `cubicle
//! simulate`, plays games between bots offline; as `cubicle migrate-store`,
//! copies a store to another database; as `cubicle healthcheck`, asks a
//! running server whether it is ready; as `cubicle verify`, checks a
//! finished game's record (docs/fairness.md).

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};

/// Frames are made on the room's task and freed on each connection's, on
/// other threads: glibc's allocator spent about 8 % of the server's CPU under
/// load on that, mimalloc less (docs/performance.md, "The allocator").
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;
use cubicle_server::fairness;
use cubicle_server::healthcheck::{self, HealthcheckArgs};
use cubicle_server::simulate::{self, SimulateArgs};
use cubicle_server::store::copy;
use cubicle_server::{init_logging, Config, LogFormat, Server};

/// Cubicle: an authoritative online game server for office-themed tabletop
/// games.
#[derive(Debug, Parser)]
#[command(
    name = "cubicle",
    version,
    about,
    args_conflicts_with_subcommands = true
)]
struct Cli {
    #[command(flatten)]
    config: Config,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Plays many games between bots, offline, and reports each seat's
    /// win rate (with a 95% interval) and the game length.
    Simulate(SimulateArgs),
    /// Asks the server running on this machine whether it is ready
    /// (`GET /readyz`): exit status 0 if so, 1 with the reason if not. For a
    /// container's HEALTHCHECK.
    Healthcheck(HealthcheckArgs),
    /// Copies every room, seat and action log from one database to an
    /// empty one (SQLite to PostgreSQL, or back), migrating both first.
    /// Stop the server using the source first, or copy from a backup.
    MigrateStore(MigrateStoreArgs),
    /// Checks a finished game's record (the room's "Download the game"):
    /// the server's seed matches the commitment it published, and the
    /// rules replay every deal, draw and roll that each seat was shown.
    /// Exit status 0 if the record is honest, 1 with the first mismatch.
    Verify {
        /// The record, a JSON file.
        file: PathBuf,
    },
}

#[derive(Debug, Args)]
struct MigrateStoreArgs {
    /// The database to copy from, as `--database-url` takes it
    /// (`sqlite://path/to/file.db` or `postgres://user@host/db`).
    #[arg(long, value_name = "URL")]
    from: String,
    /// The database to copy into; it must hold no room.
    #[arg(long, value_name = "URL")]
    to: String,
}

#[tokio::main]
async fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Simulate(args)) => simulate_command(args),
        Some(Command::MigrateStore(args)) => migrate_store_command(args).await,
        Some(Command::Healthcheck(args)) => healthcheck_command(args).await,
        Some(Command::Verify { file }) => verify_command(&file),
        None => serve(cli.config).await,
    }
}

fn simulate_command(args: SimulateArgs) -> ExitCode {
    match simulate::run(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("cubicle simulate: {e:#}");
            ExitCode::FAILURE
        }
    }
}

async fn healthcheck_command(args: HealthcheckArgs) -> ExitCode {
    match healthcheck::run(&args).await {
        Ok(body) => {
            println!("{body}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("cubicle healthcheck: {e}");
            ExitCode::FAILURE
        }
    }
}

fn verify_command(file: &std::path::Path) -> ExitCode {
    let record = std::fs::read(file)
        .map_err(|e| format!("cannot read {}: {e}", file.display()))
        .and_then(|bytes| {
            serde_json::from_slice(&bytes)
                .map_err(|e| format!("{} is not a Cubicle game record: {e}", file.display()))
        });
    let record = match record {
        Ok(record) => record,
        Err(e) => {
            eprintln!("cubicle verify: {e}");
            return ExitCode::FAILURE;
        }
    };
    match fairness::verify(&record) {
        Ok(v) => {
            println!(
                "verified: the server's seed matches its commitment, and the {} rules replay the {} actions \
                 to the same {} events every seat and spectator was shown",
                v.game, v.actions, v.events
            );
            if !v.contributed {
                println!(
                    "note: this game started before players contributed to the seed: the server alone chose its deal"
                );
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("cubicle verify: the record does not hold: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Logs each table as it is copied (stderr) and prints the summary
/// (stdout).
async fn migrate_store_command(args: MigrateStoreArgs) -> ExitCode {
    init_logging(LogFormat::Text);
    match copy::migrate_store(&args.from, &args.to).await {
        Ok(summary) => {
            println!("copied {summary}; both databases hold the same number of rows");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("cubicle migrate-store: {}", causes(&e));
            ExitCode::FAILURE
        }
    }
}

/// An error and its causes, each said once: sqlx's errors, and the store's
/// that wrap them, repeat their source's message in their own.
fn causes(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        let said = cause.to_string();
        if !text.contains(&said) {
            text = format!("{text}: {said}");
        }
        source = cause.source();
    }
    text
}

async fn serve(config: Config) -> ExitCode {
    init_logging(config.log_format);
    match run(config).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            tracing::error!(error = format!("{e:#}"), "cubicle stopped on an error");
            ExitCode::FAILURE
        }
    }
}

async fn run(config: Config) -> anyhow::Result<()> {
    let server = Server::start(config).await?;
    shutdown_signal().await?;
    tracing::info!("shutting down");
    Ok(server.shutdown().await?)
}

async fn shutdown_signal() -> anyhow::Result<()> {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        let mut terminate = signal(SignalKind::terminate())?;
        tokio::select! {
            result = tokio::signal::ctrl_c() => result?,
            _ = terminate.recv() => {}
        }
    }
    #[cfg(not(unix))]
    tokio::signal::ctrl_c().await?;
    Ok(())
}
