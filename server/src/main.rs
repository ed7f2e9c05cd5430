//! `cubicle`: runs the server until SIGTERM or Ctrl-C, or, as
//! `cubicle simulate`, plays games between bots offline, or, as `cubicle
//! healthcheck`, asks a running server whether it is ready.

use std::process::ExitCode;

use clap::{Parser, Subcommand};
use cubicle_server::healthcheck::{self, HealthcheckArgs};
use cubicle_server::simulate::{self, SimulateArgs};
use cubicle_server::{init_logging, Config, Server};

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
}

#[tokio::main]
async fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Simulate(args)) => {
            return match simulate::run(args) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("cubicle simulate: {e:#}");
                    ExitCode::FAILURE
                }
            };
        }
        Some(Command::Healthcheck(args)) => {
            return match healthcheck::run(&args).await {
                Ok(body) => {
                    println!("{body}");
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("cubicle healthcheck: {e}");
                    ExitCode::FAILURE
                }
            };
        }
        None => {}
    }
    let config = cli.config;
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
