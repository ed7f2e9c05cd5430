//! A bare axum WebSocket echo server: the bench suite's floor for what one
//! WebSocket message costs (issue 11: Cubicle's server CPU per delivered
//! update frame against this server's CPU per message of the same size).
//!
//! Same axum and tungstenite as the real server, the same read buffer and
//! message limits (`server/src/ws.rs`), TCP_NODELAY as `server/src/listen.rs`
//! sets it, tokio's default multi-threaded runtime as `cubicle` runs on.
//! Every text or binary message on `/ws` is sent back as it came; nothing
//! else is done (no parsing, no rate limit, no store).
//!
//! ```text
//! cargo build --release -p cubicle-server --examples
//! ./target/release/examples/echo --listen 127.0.0.1:18811 &
//! ./target/release/examples/load --url http://127.0.0.1:18811 --server-pid $! \
//!     --echo-bytes 1500 --rooms 100 --seats 4 --rate 8000 --duration 10
//! ```

use std::net::SocketAddr;

use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::response::Response;
use axum::routing::get;
use axum::Router;
use clap::Parser;

/// As `server/src/ws.rs`: `TRANSPORT_MAX_BYTES` and `READ_BUFFER_BYTES`.
const TRANSPORT_MAX_BYTES: usize = 64 * 1024;
const READ_BUFFER_BYTES: usize = 4 * 1024;

#[derive(Parser)]
struct Args {
    /// Address to listen on.
    #[arg(long, default_value = "127.0.0.1:18811")]
    listen: SocketAddr,
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let app = Router::new().route("/ws", get(upgrade));
    let listener = tokio::net::TcpListener::bind(args.listen).await?;
    eprintln!("echo server on {}", listener.local_addr()?);
    let listener = axum::serve::ListenerExt::tap_io(listener, |tcp| {
        let _ = tcp.set_nodelay(true);
    });
    axum::serve(listener, app).await?;
    Ok(())
}

async fn upgrade(ws: WebSocketUpgrade) -> Response {
    ws.max_message_size(TRANSPORT_MAX_BYTES)
        .read_buffer_size(READ_BUFFER_BYTES)
        .max_frame_size(TRANSPORT_MAX_BYTES)
        .on_upgrade(echo)
}

async fn echo(mut socket: WebSocket) {
    while let Some(Ok(message)) = socket.recv().await {
        let reply = match message {
            Message::Text(_) | Message::Binary(_) => message,
            Message::Close(_) => break,
            // Pings are answered by axum itself.
            _ => continue,
        };
        if socket.send(reply).await.is_err() {
            break;
        }
    }
}
