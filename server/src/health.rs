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

#[cfg(test)]
mod tests {
    use axum::body::Body;
    use axum::http::Request;
    use tokio_util::sync::CancellationToken;
    use tokio_util::task::TaskTracker;
    use tower::ServiceExt;

    use super::*;
    use crate::registry::Registry;
    use crate::store::Store;
    use crate::Config;

    async fn answer(app: &AppState, path: &str) -> (StatusCode, String, Option<String>) {
        let request = Request::get(path).body(Body::empty()).unwrap();
        let response = crate::http::router(app.clone())
            .oneshot(request)
            .await
            .unwrap();
        let status = response.status();
        let retry = response
            .headers()
            .get(header::RETRY_AFTER)
            .map(|v| v.to_str().unwrap().to_owned());
        let body = axum::body::to_bytes(response.into_body(), 1 << 20)
            .await
            .unwrap();
        (status, String::from_utf8_lossy(&body).into_owned(), retry)
    }

    /// Before replay ends the node is alive, not ready, and keeps rooms and
    /// the API closed; after it, ready; once shutting down, not ready again.
    #[tokio::test]
    async fn rooms_wait_for_start_up_replay_and_readiness_says_why() {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}", dir.path().join("db.sqlite").display());
        let (store, writer) = Store::open(&url).await.unwrap();
        let config = Config::new("127.0.0.1:0".parse().unwrap(), url);
        let shutdown = CancellationToken::new();
        let app = AppState::new(
            &config,
            store.clone(),
            Registry::new(store.clone()),
            crate::metrics::handle(),
            shutdown.clone(),
            TaskTracker::new(),
        );

        let (status, body, _) = answer(&app, "/readyz").await;
        assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(body, "starting: restoring the games in progress\n");
        for path in ["/api/games", "/api/rooms/abc", "/ws/rooms/abc"] {
            let (status, _, retry) = answer(&app, path).await;
            assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{path}");
            assert_eq!(retry.as_deref(), Some("1"), "{path}");
        }
        for path in ["/healthz", "/metrics", "/"] {
            assert_eq!(answer(&app, path).await.0, StatusCode::OK, "{path}");
        }

        app.startup.finished();
        assert_eq!(answer(&app, "/readyz").await.1, "ready\n");
        assert_eq!(answer(&app, "/api/games").await.0, StatusCode::OK);

        shutdown.cancel();
        let (status, body, _) = answer(&app, "/readyz").await;
        assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(body, "shutting down\n");
        assert_eq!(answer(&app, "/healthz").await.0, StatusCode::OK);
        store.close(writer).await;
    }
}
