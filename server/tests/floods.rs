//! Floods an anonymous visitor can send cheaply: half-sent requests by the
//! thousand (slowloris), connection churn, crowds of spectators, room
//! creation at full speed. None of them may lock out the people playing.

mod support;

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use support::{TestDb, TestServer};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

/// A TCP connection from `source` (another loopback address: the attacker).
async fn connect_from(source: &str, to: SocketAddr) -> TcpStream {
    let socket = TcpSocket::new_v4().unwrap();
    socket.bind(format!("{source}:0").parse().unwrap()).unwrap();
    socket.connect(to).await.unwrap()
}

/// Whether the server closed `stream` within `wait`.
async fn closed_within(stream: &mut TcpStream, wait: Duration) -> bool {
    let mut buf = [0u8; 256];
    loop {
        match tokio::time::timeout(wait, stream.read(&mut buf)).await {
            Err(_) => return false,
            Ok(Ok(0)) | Ok(Err(_)) => return true,
            Ok(Ok(_)) => continue,
        }
    }
}

#[tokio::test]
async fn half_sent_requests_cannot_lock_anyone_out() {
    let server = TestServer::start_configured(TestDb::new().await, |config| {
        config.max_connections_per_ip = 100;
    })
    .await;
    let mut attack = Vec::new();
    for _ in 0..300 {
        let mut stream = connect_from("127.0.0.2", server.addr).await;
        // A request head that never ends.
        let _ = stream
            .write_all(b"GET /healthz HTTP/1.1\r\nHost: cubicle\r\nX-Slow: ")
            .await;
        attack.push(stream);
    }
    // Everyone else is served at once.
    let started = Instant::now();
    assert_eq!(server.get("/healthz").await.status(), 200);
    assert!(
        started.elapsed() < Duration::from_secs(1),
        "{:?}",
        started.elapsed()
    );

    // Beyond the per-IP cap the attacker's sockets are closed at once ...
    let mut closed_at_once = 0;
    for stream in &mut attack {
        if closed_within(stream, Duration::from_millis(20)).await {
            closed_at_once += 1;
        }
    }
    assert!(
        closed_at_once >= 200,
        "only {closed_at_once} of 300 were refused"
    );
    // ... and the others once the header-read timeout runs out.
    let deadline = Instant::now() + Duration::from_secs(13);
    for stream in &mut attack {
        let left = deadline.saturating_duration_since(Instant::now());
        assert!(
            closed_within(stream, left).await,
            "a half-sent request was kept open past the header-read timeout"
        );
    }
    assert_eq!(server.get("/healthz").await.status(), 200);
    server.stop().await;
}
