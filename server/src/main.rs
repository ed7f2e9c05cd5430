//! `cubicle`: runs the server until SIGTERM or Ctrl-C.

use std::process::ExitCode;

use clap::Parser;
use cubicle_server::{init_logging, Config, Server};

#[tokio::main]
async fn main() -> ExitCode {
    let config = Config::parse();
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
