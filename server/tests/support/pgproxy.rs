//! A TCP proxy in front of PostgreSQL that can fail the way networks do:
//! cut a connection right after forwarding a COMMIT (so the database commits
//! but the client never hears of it), black-hole every connection (an
//! outage that hangs rather than refuses), hold a transaction still in its
//! middle, or black-hole everything at a COMMIT it keeps back (a node cut
//! off mid-write, its transaction left open in the database).
//!
//! It reads the client's side of the PostgreSQL wire protocol just enough to
//! find message boundaries: the start-up message has no type byte, every
//! later one is a type byte and a big-endian length that counts itself.
//! COMMIT travels as a simple query (`Q`), which is how sqlx ends a
//! transaction.

use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Forward everything.
    Pass,
    /// Forward everything; the next COMMIT is forwarded, then that
    /// connection is cut (and the mode returns to `Pass`).
    CutAfterCommit,
    /// Like `CutAfterCommit`, but the cut starts an outage (`BlackHole`),
    /// so that nobody can find out whether the commit happened.
    CutAfterCommitThenBlackHole,
    /// Forward nothing, on new and existing connections alike.
    BlackHole,
    /// Forward everything, but hold the next statement that follows a
    /// BEGIN for this long before forwarding it (and the mode returns to
    /// `Pass`): the client's transaction stands still in its middle, as in
    /// a process paused for that long.
    StallAfterBegin(Duration),
    /// Forward everything until a BEGIN, which is not forwarded: that
    /// connection is cut instead (and the mode returns to `Pass`), as when
    /// the database ends an idle session or restarts.
    CutAtBegin,
    /// Forward everything until a COMMIT, which is not forwarded: an outage
    /// (`BlackHole`) starts there, with that transaction left open in the
    /// database and its locks held, as by a node cut off mid-write.
    BlackHoleAtCommit,
}

pub struct PgProxy {
    pub addr: SocketAddr,
    mode: watch::Sender<Mode>,
    cuts: Arc<AtomicUsize>,
    stalls: Arc<AtomicUsize>,
}

impl PgProxy {
    /// A proxy on 127.0.0.1 in front of `upstream` ("host:port").
    pub async fn start(upstream: String) -> PgProxy {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let (mode, _) = watch::channel(Mode::Pass);
        let cuts = Arc::new(AtomicUsize::new(0));
        let stalls = Arc::new(AtomicUsize::new(0));
        let proxy = PgProxy {
            addr,
            mode: mode.clone(),
            cuts: cuts.clone(),
            stalls: stalls.clone(),
        };
        tokio::spawn(async move {
            while let Ok((client, _)) = listener.accept().await {
                let _ = client.set_nodelay(true);
                let mode = mode.clone();
                let counters = Counters {
                    cuts: cuts.clone(),
                    stalls: stalls.clone(),
                };
                let upstream = upstream.clone();
                tokio::spawn(async move {
                    let _ = relay(client, upstream, mode, counters).await;
                });
            }
        });
        proxy
    }

    pub fn set(&self, mode: Mode) {
        self.mode.send_replace(mode);
    }

    /// Connections cut so far (after a COMMIT, or at a BEGIN).
    pub fn cuts(&self) -> usize {
        self.cuts.load(Ordering::SeqCst)
    }

    /// Transactions held still (`StallAfterBegin`) so far, counted as each
    /// hold begins.
    pub fn stalls(&self) -> usize {
        self.stalls.load(Ordering::SeqCst)
    }
}

struct Counters {
    cuts: Arc<AtomicUsize>,
    stalls: Arc<AtomicUsize>,
}

async fn relay(
    mut client: TcpStream,
    upstream: String,
    mode: watch::Sender<Mode>,
    counters: Counters,
) -> std::io::Result<()> {
    let mut watch = mode.subscribe();
    if *watch.borrow() == Mode::BlackHole {
        // Hang until the outage ends, then drop the client.
        let _ = watch.wait_for(|m| *m != Mode::BlackHole).await;
        return Ok(());
    }
    let mut server = TcpStream::connect(&upstream).await?;
    server.set_nodelay(true)?;
    let (mut client_read, mut client_write) = client.split();
    let (mut server_read, mut server_write) = server.split();
    let mut pending: Vec<u8> = Vec::new();
    let mut started = false;
    let mut after_begin = false;
    let mut from_client = [0u8; 8192];
    let mut from_server = [0u8; 8192];
    loop {
        tokio::select! {
            changed = watch.changed() => {
                if changed.is_err() || *watch.borrow() == Mode::BlackHole {
                    // Stop forwarding; hang until the outage ends.
                    let _ = watch.wait_for(|m| *m != Mode::BlackHole).await;
                    return Ok(());
                }
            }
            n = client_read.read(&mut from_client) => {
                let n = n?;
                if n == 0 {
                    return Ok(());
                }
                pending.extend_from_slice(&from_client[..n]);
                while let Some(len) = next_message(&pending, started) {
                    let message: Vec<u8> = pending.drain(..len).collect();
                    let commit = started && is_query(&message, "commit");
                    let begin = started && is_query(&message, "begin");
                    started = true;
                    let cut = *watch.borrow();
                    if commit && cut == Mode::BlackHoleAtCommit {
                        mode.send_replace(Mode::BlackHole);
                        let _ = watch.wait_for(|m| *m != Mode::BlackHole).await;
                        return Ok(());
                    }
                    if begin && cut == Mode::CutAtBegin {
                        mode.send_replace(Mode::Pass);
                        counters.cuts.fetch_add(1, Ordering::SeqCst);
                        return Ok(());
                    }
                    if let (true, Mode::StallAfterBegin(stall)) = (after_begin, cut) {
                        mode.send_replace(Mode::Pass);
                        counters.stalls.fetch_add(1, Ordering::SeqCst);
                        tokio::time::sleep(stall).await;
                    }
                    after_begin = begin;
                    server_write.write_all(&message).await?;
                    if commit && matches!(cut, Mode::CutAfterCommit | Mode::CutAfterCommitThenBlackHole) {
                        server_write.flush().await?;
                        // Let the database commit, then lose its answer.
                        tokio::time::sleep(Duration::from_millis(150)).await;
                        mode.send_replace(if cut == Mode::CutAfterCommit {
                            Mode::Pass
                        } else {
                            Mode::BlackHole
                        });
                        counters.cuts.fetch_add(1, Ordering::SeqCst);
                        return Ok(());
                    }
                }
            }
            n = server_read.read(&mut from_server) => {
                let n = n?;
                if n == 0 {
                    return Ok(());
                }
                client_write.write_all(&from_server[..n]).await?;
            }
        }
    }
}

/// The length of the first whole message in `buffer`, if it holds one.
fn next_message(buffer: &[u8], started: bool) -> Option<usize> {
    let (header, length_at) = if started { (1, 1) } else { (0, 0) };
    let length_bytes = buffer.get(length_at..length_at + 4)?;
    let length = u32::from_be_bytes(length_bytes.try_into().unwrap()) as usize;
    let total = header + length;
    (buffer.len() >= total).then_some(total)
}

/// Whether `message` is the simple query `sql` (how sqlx sends BEGIN and
/// COMMIT).
fn is_query(message: &[u8], sql: &str) -> bool {
    if message.first() != Some(&b'Q') {
        return false;
    }
    let text = String::from_utf8_lossy(&message[5..]);
    let text = text.trim_end_matches('\0').trim().trim_end_matches(';');
    text.eq_ignore_ascii_case(sql)
}
