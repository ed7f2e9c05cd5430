//! Liveness (`/healthz`) and readiness (`/readyz`).
//!
//! Alive means the process answers HTTP: a supervisor restarts a node that
//! stops answering. Ready means this node should get traffic now: start-up
//! replay has finished, it is not shutting down, and the store takes writes
//! (as its writer last found) and answers a read within a second. A proxy or
//! an orchestrator routes by readiness; a node that is alive but not ready
//! is left running, because it recovers by itself when the database returns.

use std::sync::atomic::{AtomicBool, Ordering};

use axum::extract::{Request, State};
use axum::http::{header, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::metrics as m;
use crate::AppState;

/// Set once the games in progress are restored.
#[derive(Debug, Default)]
pub struct Startup(AtomicBool);

impl Startup {
    pub fn finished(&self) {
        self.0.store(true, Ordering::Release);
    }

    pub fn is_finished(&self) -> bool {
        self.0.load(Ordering::Acquire)
    }
}

/// Why the node is not ready; the body of a 503 from `/readyz`.
#[derive(Debug, thiserror::Error)]
pub enum NotReady {
    #[error("starting: restoring the games in progress")]
    Starting,
    #[error("shutting down")]
    ShuttingDown,
    #[error("store unavailable: {0}")]
    Store(String),
}

/// Whether the node is ready now; also sets `cubicle_ready`.
pub async fn readiness(app: &AppState) -> Result<(), NotReady> {
    let verdict = if !app.startup.is_finished() {
        Err(NotReady::Starting)
    } else if app.shutdown.is_cancelled() {
        Err(NotReady::ShuttingDown)
    } else {
        app.store
            .ping()
            .await
            .map_err(|e| NotReady::Store(e.to_string()))
    };
    metrics::gauge!(m::READY).set(if verdict.is_ok() { 1.0 } else { 0.0 });
    verdict
}

pub async fn healthz() -> Response {
    (StatusCode::OK, "ok\n").into_response()
}

pub async fn readyz(State(app): State<AppState>) -> Response {
    match readiness(&app).await {
        Ok(()) => (StatusCode::OK, "ready\n").into_response(),
        Err(reason) => {
            tracing::debug!(%reason, "not ready");
            (StatusCode::SERVICE_UNAVAILABLE, format!("{reason}\n")).into_response()
        }
    }
}

/// Until start-up replay has finished, rooms and the API answer 503 with a
/// `Retry-After`: a room must not be opened while its log is being replayed.
/// Clients retry as they do after any disconnect.
pub async fn wait_for_startup(
    State(app): State<AppState>,
    request: Request,
    next: Next,
) -> Response {
    if app.startup.is_finished() {
        return next.run(request).await;
    }
    (
        StatusCode::SERVICE_UNAVAILABLE,
        [(header::RETRY_AFTER, "1")],
        format!("{}\n", NotReady::Starting),
    )
        .into_response()
}
