//! The store's single writer: every change to the database goes through it.
//!
//! It takes whatever requests are queued, from every room, and commits them
//! in one transaction (many actions, one fsync; consecutive actions in
//! multi-row inserts, see [`super::ACTIONS_PER_INSERT`]), and answers each
//! request only after its transaction committed. Faults are expected, and each kind
//! is answered with the truth:
//!
//! * **A write the database refuses** (a constraint): only that write fails.
//!   A refused batch is committed again one write at a time, so one bad
//!   request never sinks the others.
//! * **A failure before COMMIT was sent** (disk full, connection lost, a
//!   timeout): nothing was committed. Unless the database was merely slow
//!   (the transaction's timeout fired on schedule), a failure on an old
//!   connection is tried once more on a fresh one at once: an old
//!   connection can die alone, and a process that stood still (a paused VM)
//!   finds its timeout long past while the database is fine (see
//!   `worth_another_try`). If that fails too, the requests get
//!   [`StoreError::Unavailable`].
//! * **A failure after COMMIT was sent** (the connection dropped while the
//!   answer was on its way): the outcome is unknown, so the writer finds it
//!   out. Every transaction also records its own number in this writer's
//!   row of `store_writers`; on a fresh connection the writer reads that row
//!   back and answers `Ok` if the transaction committed. When even that
//!   cannot be done, the requests get [`StoreError::OutcomeUnknown`] and the
//!   rooms rebuild themselves from the log (see `room/actor.rs`).
//!
//! The connection is the writer's own, outside the read pool, and it is
//! never reused after an error: a connection that failed inside a
//! transaction may still believe (or SQLite may still be) inside it, and
//! every later "commit" would then only release a savepoint of a transaction
//! that never commits. A fresh connection has no such past.
//!
//! After a fault the writer is a circuit breaker: for [`OPEN_FOR`] it
//! answers every request at once without touching the database, so that an
//! outage costs each request at most a couple of seconds instead of a
//! connect timeout per request in turn. While writes fail it probes the
//! database with a small write every [`PROBE_EVERY`], so that health returns
//! by itself when the database (or disk space) does, even with no traffic.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use sqlx::any::AnyConnectOptions;
use sqlx::error::ErrorKind;
use sqlx::{AnyConnection, Connection, Executor};
use tokio::sync::{mpsc, oneshot};

use super::lease::{check_fence, Fence};
use super::{execute, execute_actions, now_ms, Backend, StoreError, Write};
use crate::metrics as m;

/// Most writes committed in one transaction.
const MAX_BATCH: usize = 256;
/// How long opening the writer's connection may take.
const CONNECT_TIMEOUT: Duration = Duration::from_millis(750);
/// How long one transaction may take, from BEGIN to the end of COMMIT.
const COMMIT_TIMEOUT: Duration = Duration::from_secs(1);
/// How long reading back a transaction's marker may take.
const VERIFY_TIMEOUT: Duration = Duration::from_millis(500);
/// After a fault, how long requests are answered at once without trying.
pub const OPEN_FOR: Duration = Duration::from_secs(1);
/// While writes fail, how often an idle writer tries a small write.
const PROBE_EVERY: Duration = Duration::from_secs(1);

pub(super) type Reply = oneshot::Sender<Result<(), StoreError>>;

/// One write to commit, and who waits for it.
pub(super) struct Request {
    pub write: Write,
    /// The lease the write's room is held by, on a node of several.
    pub fence: Option<Arc<Fence>>,
    pub reply: Reply,
}

pub(super) enum WriterMsg {
    Write(Request),
    /// Commit what is queued, then stop.
    Close,
}

/// Whether the store accepts writes now, as the writer last found out.
/// Shared with `/readyz`.
#[derive(Clone, Default)]
pub struct Health(Arc<Mutex<Option<String>>>);

impl Health {
    /// `Err(reason)` while writes fail.
    pub fn check(&self) -> Result<(), String> {
        match &*self.0.lock().expect("health lock") {
            None => Ok(()),
            Some(reason) => Err(reason.clone()),
        }
    }

    fn set_ok(&self) {
        let mut state = self.0.lock().expect("health lock");
        if state.take().is_some() {
            tracing::info!("store writes succeed again");
        }
    }

    fn set_failing(&self, reason: &str) {
        let mut state = self.0.lock().expect("health lock");
        if state.is_none() {
            tracing::error!(reason, "store writes are failing");
        }
        *state = Some(reason.to_owned());
    }
}

/// How a transaction went wrong.
enum Fault {
    /// The database refused one of the writes (a constraint); nothing was
    /// committed, and the database itself is fine.
    Refused(String),
    /// Failed before COMMIT was sent: nothing was committed.
    Before(String),
    /// Failed after COMMIT was sent: committed or not, nobody knows yet.
    Ambiguous(String),
    /// A write's room is held by another node now (its lease moved on):
    /// nothing was committed, and the database itself is fine.
    Fenced,
}

/// What a failed transaction amounts to for each of its requests.
#[derive(Clone)]
enum Settled {
    Committed,
    NotCommitted(String),
    Unknown(String),
}

impl Settled {
    fn reply(&self) -> Result<(), StoreError> {
        match self {
            Settled::Committed => Ok(()),
            Settled::NotCommitted(reason) => Err(StoreError::Unavailable(reason.clone())),
            Settled::Unknown(reason) => Err(StoreError::OutcomeUnknown(reason.clone())),
        }
    }
}

/// What reading back a transaction's marker told.
enum Verdict {
    Committed,
    NotCommitted,
    Unknown(String),
}

pub(super) struct Writer {
    backend: Backend,
    options: AnyConnectOptions,
    /// The writer's connection; `None` after an error until the next use.
    conn: Option<AnyConnection>,
    /// This writer's row in `store_writers`.
    id: String,
    /// Number of the last transaction known to be committed.
    committed: i64,
    health: Health,
    /// Requests are answered at once, without trying, until then.
    open_until: Option<Instant>,
}

impl Writer {
    /// Opens the writer's connection and registers its row.
    pub(super) async fn start(
        backend: Backend,
        options: AnyConnectOptions,
        id: String,
        health: Health,
    ) -> Result<Writer, StoreError> {
        let mut writer = Writer {
            backend,
            options,
            conn: None,
            id,
            committed: 0,
            health,
            open_until: None,
        };
        let now = now_ms();
        let id = writer.id.clone();
        let conn = writer.connection().await.map_err(StoreError::Unavailable)?;
        // Rows of writers gone for a week are of no use to anyone.
        sqlx::query("DELETE FROM store_writers WHERE updated_at < $1")
            .bind(now - 7 * 24 * 3600 * 1000)
            .execute(&mut *conn)
            .await?;
        sqlx::query(
            "INSERT INTO store_writers (writer_id, last_commit, updated_at) VALUES ($1, 0, $2)",
        )
        .bind(id)
        .bind(now)
        .execute(&mut *conn)
        .await?;
        Ok(writer)
    }

    /// The loop: see the module documentation.
    pub(super) async fn run(mut self, mut rx: mpsc::Receiver<WriterMsg>) {
        let mut batch: Vec<Request> = Vec::with_capacity(MAX_BATCH);
        loop {
            let first = if self.health.check().is_err() {
                match tokio::time::timeout(PROBE_EVERY, rx.recv()).await {
                    Ok(message) => message,
                    Err(_) => {
                        self.probe().await;
                        continue;
                    }
                }
            } else {
                rx.recv().await
            };
            let Some(first) = first else { break };
            let mut next = Some(first);
            while let Some(message) = next.take() {
                match message {
                    WriterMsg::Write(request) => batch.push(request),
                    // Requests already queued are still committed: recv keeps
                    // returning them after close() until the queue is empty.
                    WriterMsg::Close => rx.close(),
                }
                if batch.len() < MAX_BATCH {
                    next = rx.try_recv().ok();
                }
            }
            if !batch.is_empty() {
                self.commit_batch(&mut batch).await;
            }
        }
        if let Some(conn) = self.conn.take() {
            let _ = tokio::time::timeout(CONNECT_TIMEOUT, conn.close()).await;
        }
        tracing::debug!("store writer stopped");
    }

    async fn commit_batch(&mut self, batch: &mut Vec<Request>) {
        if self.open_until.is_some_and(|until| Instant::now() < until) {
            let reason = self.health.check().err().unwrap_or_default();
            for request in batch.drain(..) {
                let _ = request
                    .reply
                    .send(Err(StoreError::Unavailable(reason.clone())));
            }
            return;
        }
        metrics::histogram!(m::STORE_BATCH_SIZE).record(batch.len() as f64);
        let started = Instant::now();
        let reused = self.conn.is_some();
        let mut result = self
            .transaction(batch.iter().map(|r| (&r.write, r.fence.as_deref())))
            .await;
        if let (true, Err(Fault::Before(reason))) = (reused, &result) {
            if worth_another_try(started.elapsed()) {
                tracing::warn!(
                    reason,
                    "transaction failed before COMMIT; trying once more on a fresh connection"
                );
                result = self
                    .transaction(batch.iter().map(|r| (&r.write, r.fence.as_deref())))
                    .await;
            }
        }
        metrics::histogram!(m::STORE_COMMIT_SECONDS).record(started.elapsed().as_secs_f64());
        match result {
            Ok(()) => answer_all(batch, &Settled::Committed),
            Err(Fault::Refused(e)) if batch.len() == 1 => {
                let request = batch.pop().expect("one request");
                let _ = request.reply.send(Err(StoreError::Refused(e)));
            }
            Err(Fault::Fenced) if batch.len() == 1 => {
                let request = batch.pop().expect("one request");
                let fence = request.fence.expect("only a fenced write is fenced off");
                fence.mark_lost();
                let _ = request.reply.send(Err(StoreError::Fenced {
                    room: fence.room.clone(),
                }));
            }
            Err(fault @ (Fault::Refused(_) | Fault::Fenced)) => {
                if let Fault::Refused(e) = fault {
                    tracing::warn!(error = %e, size = batch.len(), "batched commit refused; committing one by one");
                }
                let single = std::mem::take(batch);
                for request in single {
                    let mut one = vec![request];
                    // Box::pin: a recursive async call needs an indirection.
                    Box::pin(self.commit_batch(&mut one)).await;
                }
            }
            Err(Fault::Before(reason)) => {
                let settled = self.settle(Fault::Before(reason)).await;
                answer_all(batch, &settled);
            }
            Err(Fault::Ambiguous(reason)) => {
                let settled = self.settle(Fault::Ambiguous(reason)).await;
                answer_all(batch, &settled);
            }
        }
    }

    /// Works out what a failed transaction means for its requests, and
    /// opens the circuit unless the database proved reachable.
    async fn settle(&mut self, fault: Fault) -> Settled {
        metrics::counter!(m::STORE_ERRORS).increment(1);
        let (reason, settled) = match fault {
            Fault::Refused(reason) => return Settled::NotCommitted(reason),
            Fault::Fenced => return Settled::NotCommitted("the room's lease moved on".into()),
            Fault::Before(reason) => (reason.clone(), Settled::NotCommitted(reason)),
            Fault::Ambiguous(reason) => match self.verify().await {
                Verdict::Committed => {
                    tracing::warn!(reason, "commit reported an error but did commit");
                    self.committed += 1;
                    self.health.set_ok();
                    return Settled::Committed;
                }
                Verdict::NotCommitted => (reason.clone(), Settled::NotCommitted(reason)),
                Verdict::Unknown(why) => {
                    tracing::error!(
                        reason,
                        verify = why,
                        "cannot tell whether a commit succeeded"
                    );
                    (reason.clone(), Settled::Unknown(reason))
                }
            },
        };
        self.health.set_failing(&reason);
        self.open_until = Some(Instant::now() + OPEN_FOR);
        settled
    }

    /// One transaction: the writes, then this writer's marker, then COMMIT.
    async fn transaction<'a>(
        &mut self,
        writes: impl Iterator<Item = (&'a Write, Option<&'a Fence>)>,
    ) -> Result<(), Fault> {
        let writes: Vec<(&Write, Option<&Fence>)> = writes.collect();
        // Each lease once, in the order of room ids: the renewal of this
        // node's leases locks them in the same order, so the two never wait
        // for each other in a circle (a deadlock PostgreSQL would break by
        // failing one of them).
        let mut fences: Vec<&Fence> = writes.iter().filter_map(|(_, f)| *f).collect();
        fences.sort_by(|a, b| a.room.cmp(&b.room).then(a.epoch.cmp(&b.epoch)));
        fences.dedup_by(|a, b| a.room == b.room && a.epoch == b.epoch);
        let number = self.committed + 1;
        let id = self.id.clone();
        let conn = self.connection().await.map_err(Fault::Before)?;
        let mut commit_sent = false;
        let attempt = tokio::time::timeout(COMMIT_TIMEOUT, async {
            let mut tx = conn
                .begin()
                .await
                .map_err(|e| Fault::Before(e.to_string()))?;
            for fence in fences {
                if !check_fence(&mut tx, fence).await.map_err(classify)? {
                    return Err(Fault::Fenced);
                }
            }
            // Runs of actions (most of a busy batch) go in multi-row
            // inserts; every write still lands in the order it was asked.
            let mut actions: Vec<&Write> = Vec::new();
            for (write, _) in writes {
                if matches!(write, Write::Action { .. }) {
                    actions.push(write);
                    continue;
                }
                execute_actions(&mut tx, &actions).await.map_err(classify)?;
                actions.clear();
                execute(&mut tx, write).await.map_err(classify)?;
            }
            execute_actions(&mut tx, &actions).await.map_err(classify)?;
            let marked = sqlx::query(
                "UPDATE store_writers SET last_commit = $2, updated_at = $3 WHERE writer_id = $1",
            )
            .bind(id)
            .bind(number)
            .bind(now_ms())
            .execute(&mut *tx)
            .await
            .map_err(|e| Fault::Before(e.to_string()))?;
            if marked.rows_affected() != 1 {
                return Err(Fault::Before("this writer's marker row is missing".into()));
            }
            commit_sent = true;
            tx.commit()
                .await
                .map_err(|e| Fault::Ambiguous(e.to_string()))
        })
        .await;
        let result = match attempt {
            Ok(result) => result,
            Err(_) if commit_sent => Err(Fault::Ambiguous("commit timed out".into())),
            Err(_) => Err(Fault::Before("transaction timed out".into())),
        };
        match result {
            Ok(()) => {
                self.committed = number;
                self.open_until = None;
                self.health.set_ok();
                Ok(())
            }
            Err(fault) => {
                // Never again: see the module documentation.
                self.conn = None;
                Err(fault)
            }
        }
    }

    /// Reads this writer's marker back on a fresh connection.
    async fn verify(&mut self) -> Verdict {
        let id = self.id.clone();
        let conn = match self.connection().await {
            Ok(conn) => conn,
            Err(e) => return Verdict::Unknown(e),
        };
        let read = tokio::time::timeout(
            VERIFY_TIMEOUT,
            sqlx::query_scalar::<_, i64>(
                "SELECT last_commit FROM store_writers WHERE writer_id = $1",
            )
            .bind(id)
            .fetch_one(&mut *conn),
        )
        .await;
        match read {
            Ok(Ok(last)) if last > self.committed => Verdict::Committed,
            Ok(Ok(_)) => Verdict::NotCommitted,
            Ok(Err(e)) => {
                self.conn = None;
                Verdict::Unknown(e.to_string())
            }
            Err(_) => {
                self.conn = None;
                Verdict::Unknown("timed out".into())
            }
        }
    }

    /// A small real write, to find out whether writes work again.
    async fn probe(&mut self) {
        match self.transaction(std::iter::empty()).await {
            Ok(()) => {}
            Err(fault) => {
                let _ = self.settle(fault).await;
            }
        }
    }

    /// The writer's connection, opened (with a timeout) if it has none.
    async fn connection(&mut self) -> Result<&mut AnyConnection, String> {
        if self.conn.is_none() {
            let conn = tokio::time::timeout(CONNECT_TIMEOUT, open(self.backend, &self.options))
                .await
                .map_err(|_| "connecting to the database timed out".to_owned())?
                .map_err(|e| e.to_string())?;
            self.conn = Some(conn);
        }
        Ok(self.conn.as_mut().expect("just opened"))
    }
}

async fn open(backend: Backend, options: &AnyConnectOptions) -> Result<AnyConnection, sqlx::Error> {
    let mut conn = AnyConnection::connect_with(options).await?;
    for setting in backend.session_settings() {
        conn.execute(*setting).await?;
    }
    Ok(conn)
}

/// Whether a transaction that failed before COMMIT, on a connection that
/// had served before, after `took`, is worth one more try on a fresh
/// connection. Nothing was committed either way. A quick failure is the old
/// connection's own (a database restart, a dropped socket); a timeout that
/// fired far later than it was set means this process stood still (a paused
/// VM, a frozen node) while the database may well be fine. Only a timeout
/// on schedule says the database is slow or gone, and then another try
/// would only double the wait before the circuit opens.
fn worth_another_try(took: Duration) -> bool {
    took < COMMIT_TIMEOUT || took >= 2 * COMMIT_TIMEOUT
}

fn answer_all(batch: &mut Vec<Request>, settled: &Settled) {
    for request in batch.drain(..) {
        // The room may have stopped waiting (shutdown); nothing to do.
        let _ = request.reply.send(settled.reply());
    }
}

/// Whether an error of one write is that write's fault (a constraint the
/// database enforces) or the store's.
fn classify(error: StoreError) -> Fault {
    match &error {
        StoreError::Corrupt { .. } => Fault::Refused(error.to_string()),
        StoreError::Database(sqlx::Error::Database(db))
            if matches!(
                db.kind(),
                ErrorKind::UniqueViolation
                    | ErrorKind::ForeignKeyViolation
                    | ErrorKind::NotNullViolation
                    | ErrorKind::CheckViolation
            ) =>
        {
            Fault::Refused(error.to_string())
        }
        _ => Fault::Before(error.to_string()),
    }
}
