//! `cubicle healthcheck`: asks a running server on this machine whether it
//! is ready (`GET /readyz`), for a container's HEALTHCHECK. The runtime image
//! has no curl, and HTTP/1.0 over a plain socket is all this needs.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::time::Duration;

use clap::Args;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

#[derive(Debug, Args)]
pub struct HealthcheckArgs {
    /// The server's listen address (as given to the server); an unspecified
    /// address (0.0.0.0, [::]) is asked on loopback.
    #[arg(long, env = "CUBICLE_LISTEN", default_value = "0.0.0.0:8080")]
    pub listen: SocketAddr,
    /// The path to ask.
    #[arg(long, default_value = "/readyz")]
    pub path: String,
    /// How long to wait for the whole answer.
    #[arg(long, default_value_t = 3)]
    pub timeout_secs: u64,
}

#[derive(Debug, thiserror::Error)]
pub enum HealthcheckError {
    #[error("{addr} did not answer within {secs} s")]
    Timeout { addr: SocketAddr, secs: u64 },
    #[error("cannot reach {addr}")]
    Connect {
        addr: SocketAddr,
        #[source]
        source: std::io::Error,
    },
    #[error("not ready: {0}")]
    NotReady(String),
}

/// `Ok` with the body when the server answers 200.
pub async fn run(args: &HealthcheckArgs) -> Result<String, HealthcheckError> {
    let addr = loopback_for(args.listen);
    let secs = args.timeout_secs;
    tokio::time::timeout(Duration::from_secs(secs), ask(addr, &args.path))
        .await
        .map_err(|_| HealthcheckError::Timeout { addr, secs })?
}

async fn ask(addr: SocketAddr, path: &str) -> Result<String, HealthcheckError> {
    let connect = |source| HealthcheckError::Connect { addr, source };
    let mut stream = TcpStream::connect(addr).await.map_err(connect)?;
    let request = format!("GET {path} HTTP/1.0\r\nHost: localhost\r\n\r\n");
    stream
        .write_all(request.as_bytes())
        .await
        .map_err(connect)?;
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).await.map_err(connect)?;
    let answer = String::from_utf8_lossy(&answer);
    let (head, body) = answer.split_once("\r\n\r\n").unwrap_or((&answer, ""));
    let status = head.lines().next().unwrap_or_default();
    let body = body.trim().to_owned();
    if status.split_whitespace().nth(1) == Some("200") {
        Ok(body)
    } else if body.is_empty() {
        Err(HealthcheckError::NotReady(status.to_owned()))
    } else {
        Err(HealthcheckError::NotReady(body))
    }
}

/// Where to reach a server that listens on `listen` from this machine.
fn loopback_for(listen: SocketAddr) -> SocketAddr {
    let ip = match listen.ip() {
        IpAddr::V4(ip) if ip.is_unspecified() => IpAddr::V4(Ipv4Addr::LOCALHOST),
        IpAddr::V6(ip) if ip.is_unspecified() => IpAddr::V6(Ipv6Addr::LOCALHOST),
        ip => ip,
    };
    SocketAddr::new(ip, listen.port())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unspecified_address_is_asked_on_loopback() {
        assert_eq!(
            loopback_for("0.0.0.0:8080".parse().unwrap()),
            "127.0.0.1:8080".parse().unwrap()
        );
        assert_eq!(
            loopback_for("[::]:9000".parse().unwrap()),
            "[::1]:9000".parse().unwrap()
        );
        assert_eq!(
            loopback_for("10.0.0.5:81".parse().unwrap()),
            "10.0.0.5:81".parse().unwrap()
        );
    }
}
