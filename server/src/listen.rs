//! The accept loop: who gets a connection, and how long a connection may
//! dawdle.
//!
//! axum's own `serve` has no header-read timeout, no idle timeout and no
//! connection cap, so a few thousand sockets that send half a request
//! (slowloris) exhaust file descriptors and lock everyone out. This loop
//! serves the same router through hyper with:
//!
//! * a **header-read timeout** ([`HEADER_READ_TIMEOUT`]): a request's head
//!   must arrive whole within it, and an idle keep-alive connection is
//!   closed after it (hyper applies the timer whenever it waits for a head);
//! * a **global cap** and a **per-IP cap** on open connections, counted
//!   until the socket closes (a WebSocket keeps its count after the upgrade,
//!   because the count travels with the socket);
//! * accept errors (out of file descriptors) logged at most once a second,
//!   with a short pause so the loop never spins.
//!
//! Each request carries axum's `ConnectInfo<SocketAddr>` with the peer.

use std::collections::HashMap;
use std::net::IpAddr;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use axum::extract::connect_info::ConnectInfo;
use axum::Router;
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use hyper_util::server::conn::auto::Builder;
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio_util::sync::CancellationToken;
use tower::ServiceExt;

use crate::metrics as m;

/// A request's head must arrive within this; also the keep-alive idle time.
pub const HEADER_READ_TIMEOUT: Duration = Duration::from_secs(10);
/// How long shutdown waits for HTTP requests in flight.
const DRAIN_WAIT: Duration = Duration::from_secs(5);

/// Caps on open connections. 0 means no cap.
#[derive(Debug, Clone, Copy)]
pub struct Caps {
    pub total: usize,
    pub per_ip: usize,
}

/// Open connections, in total and by peer address.
#[derive(Default)]
struct Counts {
    total: usize,
    by_ip: HashMap<IpAddr, usize>,
}

/// One admitted connection; gives its place back when dropped.
struct Permit {
    counts: Arc<Mutex<Counts>>,
    ip: IpAddr,
}

impl Drop for Permit {
    fn drop(&mut self) {
        let mut counts = self.counts.lock().expect("connection counts");
        counts.total -= 1;
        if let Some(n) = counts.by_ip.get_mut(&self.ip) {
            *n -= 1;
            if *n == 0 {
                counts.by_ip.remove(&self.ip);
            }
        }
        metrics::gauge!(m::TCP_CONNECTIONS).decrement(1.0);
    }
}

/// Admits connections within the caps.
struct Admission {
    caps: Caps,
    counts: Arc<Mutex<Counts>>,
}

impl Admission {
    fn admit(&self, ip: IpAddr) -> Result<Permit, &'static str> {
        let mut counts = self.counts.lock().expect("connection counts");
        if self.caps.total != 0 && counts.total >= self.caps.total {
            return Err("total");
        }
        let from_ip = counts.by_ip.get(&ip).copied().unwrap_or(0);
        if self.caps.per_ip != 0 && from_ip >= self.caps.per_ip {
            return Err("per_ip");
        }
        counts.total += 1;
        *counts.by_ip.entry(ip).or_default() += 1;
        metrics::gauge!(m::TCP_CONNECTIONS).increment(1.0);
        Ok(Permit {
            counts: self.counts.clone(),
            ip,
        })
    }
}

/// A socket that holds its place in the counts for as long as it lives.
struct Counted {
    stream: TcpStream,
    _permit: Permit,
}

impl AsyncRead for Counted {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for Counted {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[std::io::IoSlice<'_>],
    ) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }
}

/// Serves `router` on `listener` until `shutdown`, then lets requests in
/// flight finish (WebSockets close on the same signal, see `ws.rs`).
pub async fn serve(listener: TcpListener, router: Router, caps: Caps, shutdown: CancellationToken) {
    let admission = Admission {
        caps,
        counts: Arc::default(),
    };
    let graceful = GracefulShutdown::new();
    let mut builder = Builder::new(TokioExecutor::new());
    builder
        .http1()
        .timer(TokioTimer::new())
        .header_read_timeout(HEADER_READ_TIMEOUT);
    let builder = builder.http1_only();
    let mut accept_errors = BoundedLog::default();
    loop {
        let (stream, peer) = tokio::select! {
            _ = shutdown.cancelled() => break,
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    metrics::counter!(m::ACCEPT_ERRORS).increment(1);
                    accept_errors.error(&e);
                    // Out of file descriptors: give closing sockets a moment.
                    tokio::time::sleep(Duration::from_millis(20)).await;
                    continue;
                }
            },
        };
        let permit = match admission.admit(peer.ip()) {
            Ok(permit) => permit,
            Err(cap) => {
                metrics::counter!(m::CONNECTIONS_REFUSED, "cap" => cap).increment(1);
                tracing::debug!(%peer, cap, "connection refused: over the cap");
                continue;
            }
        };
        // Small messages (an ack right after an update) must not wait for
        // the peer's delayed ACK: disable Nagle's algorithm.
        if let Err(e) = stream.set_nodelay(true) {
            tracing::debug!(error = %e, "cannot set TCP_NODELAY");
        }
        let io = TokioIo::new(Counted {
            stream,
            _permit: permit,
        });
        let service = router.clone().map_request(
            move |mut request: axum::extract::Request<hyper::body::Incoming>| {
                request.extensions_mut().insert(ConnectInfo(peer));
                request.map(axum::body::Body::new)
            },
        );
        let connection = builder
            .serve_connection_with_upgrades(io, TowerToHyperService::new(service))
            .into_owned();
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            if let Err(e) = connection.await {
                tracing::trace!(%peer, error = %e, "connection ended with an error");
            }
        });
    }
    drop(listener);
    if tokio::time::timeout(DRAIN_WAIT, graceful.shutdown())
        .await
        .is_err()
    {
        tracing::warn!("some HTTP requests did not finish in time");
    }
}

/// Logs an error at most once a second, counting the ones it held back.
#[derive(Default)]
struct BoundedLog {
    last: Option<Instant>,
    held_back: u64,
}

impl BoundedLog {
    fn error(&mut self, error: &std::io::Error) {
        let now = Instant::now();
        if self
            .last
            .is_some_and(|last| now.duration_since(last) < Duration::from_secs(1))
        {
            self.held_back += 1;
            return;
        }
        tracing::error!(%error, held_back = self.held_back, "cannot accept connections");
        self.last = Some(now);
        self.held_back = 0;
    }
}

/// Raises this process's soft limit on open files to its hard limit, so the
/// connection caps, not the file limit, decide who gets in. Returns the
/// limit now in force.
pub fn raise_open_file_limit() -> Option<u64> {
    match rlimit::increase_nofile_limit(u64::MAX) {
        Ok(limit) => Some(limit),
        Err(e) => {
            tracing::warn!(error = %e, "cannot raise the open-file limit");
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn caps_count_until_the_permit_is_dropped() {
        let admission = Admission {
            caps: Caps {
                total: 3,
                per_ip: 2,
            },
            counts: Arc::default(),
        };
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        let b: IpAddr = "10.0.0.2".parse().unwrap();
        let first = admission.admit(a).unwrap();
        let _second = admission.admit(a).unwrap();
        assert_eq!(admission.admit(a).err(), Some("per_ip"));
        let _third = admission.admit(b).unwrap();
        assert_eq!(admission.admit(b).err(), Some("total"));
        drop(first);
        assert!(
            admission.admit(a).is_ok(),
            "a closed socket frees its place"
        );
    }

    #[test]
    fn zero_means_no_cap() {
        let admission = Admission {
            caps: Caps {
                total: 0,
                per_ip: 0,
            },
            counts: Arc::default(),
        };
        let ip: IpAddr = "10.0.0.1".parse().unwrap();
        let permits: Vec<_> = (0..1000).map(|_| admission.admit(ip).unwrap()).collect();
        assert_eq!(permits.len(), 1000);
    }
}
