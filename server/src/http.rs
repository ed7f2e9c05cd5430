//! The HTTP API (`/api/...`), metrics, and the router that puts
//! every route together.

use axum::extract::rejection::JsonRejection;
use axum::extract::{ConnectInfo, DefaultBodyLimit, Path, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{middleware, Json, Router};
use cubicle_games::catalog;
use cubicle_protocol::record::GameRecord;
use cubicle_protocol::{
    ApiError, CreateRoom, ErrorCode, GameInfo, RoomCreated, RoomFound, RoomInfo, TurnClock,
};
use serde_json::Value;
use std::net::SocketAddr;
use std::time::Instant;
use tower_http::compression::CompressionLayer;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::trace::TraceLayer;

use crate::fairness::{self, RecordError};
use crate::ids::{
    new_room_code, new_room_id, new_seed, new_token, parse_room_code, show_room_code, TokenHash,
};
use crate::metrics as m;
use crate::registry::LoadError;
use crate::room::with_clock;
use crate::store::{NewRoom, Write};
use crate::{health, web, ws, AppState};

/// Largest request body the API reads.
const MAX_BODY_BYTES: usize = 64 * 1024;

/// What pages may load and do. The client is static files from this server
/// (no inline script or style, no `style` attributes, no `data:` images) and
/// talks to its own host over WebSockets; `ws:`/`wss:` are named because
/// older browsers do not count them as `'self'`. No page may be framed (no
/// clickjacking of a seat's buttons).
/// A page may also carry the hashes of scripts the server wrote into it
/// ([`content_security_policy`]): those, and no other inline script, run.
const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; \
    style-src 'self'; img-src 'self'; connect-src 'self' ws: wss:; object-src 'none'; \
    frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

/// The policy of a page with inline scripts: [`CONTENT_SECURITY_POLICY`]
/// with their hashes (`'sha256-…'`) beside `'self'` in `script-src`.
pub(crate) fn content_security_policy(script_hashes: &[String]) -> String {
    let sources = std::iter::once("'self'")
        .chain(script_hashes.iter().map(String::as_str))
        .collect::<Vec<_>>()
        .join(" ");
    CONTENT_SECURITY_POLICY.replacen("script-src 'self'", &format!("script-src {sources}"), 1)
}

/// The policy of a document that is not a page: an API answer (JSON) or an
/// image (SVG, which could hold script if opened on its own). It needs
/// nothing from anywhere (the client's SVG files hold no style, script or
/// link: `the_client_needs_nothing_the_policy_forbids`), so it allows
/// nothing, and is a fifth of the page's policy: these are five of a
/// table's first load's eight answers (docs/performance.md, "First load").
const RESOURCE_POLICY: &str = "default-src 'none'; frame-ancestors 'none'";

/// Headers on every response (pages, API answers, errors): no content
/// sniffing (a JSON answer is never run as script), and no `Referer` (a
/// room's link is how one joins it).
const SECURITY_HEADERS: [(header::HeaderName, &str); 2] = [
    (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
    (header::REFERRER_POLICY, "no-referrer"),
];

/// Headers on every response that a browser could show as a document
/// (pages, SVG, API answers, errors): the policy above and no framing.
/// Scripts and stylesheets (served with `nosniff`, so never run as
/// anything else) go without: the policy means nothing on them, and its
/// 250 bytes on each of a room page's 40-odd scripts were a tenth of a
/// phone's first load (docs/performance.md, "First load").
const DOCUMENT_HEADERS: [(header::HeaderName, &str); 2] = [
    (header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY),
    (header::X_FRAME_OPTIONS, "DENY"),
];

/// The policy a document response gets: [`RESOURCE_POLICY`] for JSON and
/// SVG, else the pages' (see [`DOCUMENT_HEADERS`]).
fn document_header<B>(
    response: &axum::http::Response<B>,
    name: &header::HeaderName,
    value: &'static str,
) -> Option<HeaderValue> {
    if is_script_or_style(response) {
        return None;
    }
    let resource = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|t| t.starts_with("application/json") || t.starts_with("image/svg+xml"));
    let value = if resource && name == header::CONTENT_SECURITY_POLICY {
        RESOURCE_POLICY
    } else {
        value
    };
    Some(HeaderValue::from_static(value))
}

/// Whether a response is a script or a stylesheet (see [`DOCUMENT_HEADERS`]).
fn is_script_or_style<B>(response: &axum::http::Response<B>) -> bool {
    response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|t| t.contains("javascript") || t.starts_with("text/css"))
}

pub fn router(state: AppState) -> Router {
    // Rooms and the API wait for start-up replay; health, readiness,
    // metrics and the static client answer at once.
    let rooms = Router::new()
        .route("/api/games", get(list_games))
        .route("/api/schema", get(protocol_schema))
        .route("/api/rooms", post(create_room))
        .route("/api/rooms/{room_id}", get(room_info))
        .route("/api/rooms/{room_id}/record", get(game_record))
        .route(
            "/api/rooms/{room_id}/games/{number}/record",
            get(numbered_game_record),
        )
        .route(
            "/api/rooms/{room_id}/games/{number}/replay",
            get(game_replay),
        )
        .route("/api/codes/{code}", get(room_by_code))
        .route("/ws/rooms/{room_id}", get(ws::upgrade))
        .route_layer(middleware::from_fn_with_state(
            state.clone(),
            health::wait_for_startup,
        ));
    let router = Router::new()
        .merge(rooms)
        .route("/healthz", get(health::healthz))
        .route("/readyz", get(health::readyz))
        .route("/metrics", get(metrics_text))
        .route("/", get(web::asset))
        .route("/r/{room_id}", get(web::asset))
        .fallback(web::asset)
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES));
    let router = SECURITY_HEADERS
        .into_iter()
        .fold(router, |router, (name, value)| {
            router.layer(SetResponseHeaderLayer::overriding(
                name,
                HeaderValue::from_static(value),
            ))
        });
    // A page's own policy (its inline scripts' hashes) stays.
    let router = DOCUMENT_HEADERS
        .into_iter()
        .fold(router, |router, (name, value)| {
            let name_for_value = name.clone();
            router.layer(SetResponseHeaderLayer::if_not_present(
                name,
                move |response: &axum::http::Response<axum::body::Body>| {
                    document_header(response, &name_for_value, value)
                },
            ))
        });
    // Responses are compressed (brotli or gzip, as the client accepts) for
    // phones on slow links: the client's scripts and styles shrink to about
    // a quarter. A WebSocket upgrade has no body and passes through.
    router
        .layer(CompressionLayer::new())
        .layer(TraceLayer::new_for_http())
        .with_state(state)
}

/// An API error: an HTTP status with an [`ApiError`] body.
#[derive(Debug)]
pub struct ApiFailure {
    status: StatusCode,
    body: ApiError,
}

impl ApiFailure {
    /// Every failure built is answered, so it is counted here.
    fn new(status: StatusCode, code: ErrorCode, message: impl Into<String>) -> Self {
        metrics::counter!(m::REFUSALS, "code" => code.name()).increment(1);
        Self {
            status,
            body: ApiError {
                code,
                message: message.into(),
            },
        }
    }

    fn internal() -> Self {
        Self::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            ErrorCode::Internal,
            "internal error; try again",
        )
    }
}

impl IntoResponse for ApiFailure {
    fn into_response(self) -> Response {
        (self.status, Json(self.body)).into_response()
    }
}

/// Refuses a creation over the per-IP limit, saying when to try again.
fn creation_refusal(app: &AppState, peer: SocketAddr) -> Option<Response> {
    let limit = app.creation_limit.as_ref()?;
    limit.check(peer.ip(), Instant::now()).err().map(|wait| {
        metrics::counter!(m::RATE_LIMITED, "scope" => "room_creation").increment(1);
        let retry_after = wait.as_secs_f64().ceil().max(1.0) as u64;
        let failure = ApiFailure::new(
            StatusCode::TOO_MANY_REQUESTS,
            ErrorCode::RateLimited,
            format!("too many rooms created from this address; try again in {retry_after} s"),
        );
        ([(header::RETRY_AFTER, retry_after.to_string())], failure).into_response()
    })
}

/// The protocol as a JSON Schema, built once from the protocol crate's
/// types (see `cubicle_protocol::schema`).
async fn protocol_schema() -> Json<&'static Value> {
    static SCHEMA: std::sync::LazyLock<Value> =
        std::sync::LazyLock::new(cubicle_protocol::schema::protocol_schema);
    Json(&SCHEMA)
}

async fn list_games() -> Json<Vec<GameInfo>> {
    Json(catalog::infos())
}

async fn create_room(
    State(app): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    body: Result<Json<CreateRoom>, JsonRejection>,
) -> Result<(StatusCode, Json<RoomCreated>), Response> {
    if let Some(refusal) = creation_refusal(&app, peer) {
        return Err(refusal);
    }
    create_checked(app, body)
        .await
        .map_err(IntoResponse::into_response)
}

async fn create_checked(
    app: AppState,
    body: Result<Json<CreateRoom>, JsonRejection>,
) -> Result<(StatusCode, Json<RoomCreated>), ApiFailure> {
    let Json(request) =
        body.map_err(|e| ApiFailure::new(e.status(), ErrorCode::BadMessage, e.body_text()))?;
    let entry = catalog::find(&request.game).ok_or_else(|| {
        ApiFailure::new(
            StatusCode::BAD_REQUEST,
            ErrorCode::UnknownGame,
            format!("this server has no game {:?}", request.game),
        )
    })?;
    let options = request.options.unwrap_or(Value::Null);
    if options.get("fixture").is_some_and(|f| !f.is_null()) && !app.allow_fixtures {
        return Err(ApiFailure::new(
            StatusCode::FORBIDDEN,
            ErrorCode::FixturesNotAllowed,
            "fixtures are for tests: start the server with --allow-fixtures",
        ));
    }
    (entry.validate)(usize::from(request.seats), &options).map_err(|e| {
        ApiFailure::new(
            StatusCode::BAD_REQUEST,
            ErrorCode::BadOptions,
            e.to_string(),
        )
    })?;
    let bad_options =
        |message: String| ApiFailure::new(StatusCode::BAD_REQUEST, ErrorCode::BadOptions, message);
    if let Some(clock) = request.clock.filter(|c| !c.is_sane()) {
        return Err(bad_options(format!(
            "a turn clock gives each decision {} to {} ms, not {}",
            TurnClock::MIN_MS,
            TurnClock::MAX_MS,
            clock.per_decision_ms
        )));
    }
    // The clock is stored with the game's options; rooms split it off
    // before the game sees them.
    let options = with_clock(options, request.clock)
        .ok_or_else(|| bad_options("options must be a JSON object".to_owned()))?;

    let room_id = new_room_id();
    let host_token = new_token();
    // Codes are drawn from 8.5 × 10^11: a clash with a stored one is
    // refused by the store's unique index, as any failed write is.
    let code = new_room_code();
    let room = NewRoom {
        id: room_id.clone(),
        game: entry.id.to_owned(),
        seat_count: usize::from(request.seats),
        options,
        seed: new_seed(),
        host_token_hash: TokenHash::of(&host_token),
        code: code.clone(),
    };
    app.store
        .write(Write::CreateRoom(room))
        .await
        .map_err(|e| {
            tracing::error!(error = %e, "could not create a room");
            ApiFailure::internal()
        })?;
    metrics::counter!(m::ROOMS_CREATED, "game" => entry.id).increment(1);
    tracing::info!(room = %room_id, game = entry.id, seats = request.seats, "room created");
    Ok((
        StatusCode::CREATED,
        Json(RoomCreated {
            url: format!("/r/{room_id}"),
            room_id,
            host_token,
            code: show_room_code(&code),
        }),
    ))
}

/// The room whose lobby has this code, for a link read out on a call.
/// Lookups are limited per address: guessing codes finds nothing in
/// practice (docs/protocol.md).
async fn room_by_code(
    State(app): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Path(typed): Path<String>,
) -> Result<Json<RoomFound>, Response> {
    if let Some(limit) = &app.code_lookup_limit {
        if let Err(wait) = limit.check(peer.ip(), Instant::now()) {
            metrics::counter!(m::RATE_LIMITED, "scope" => "code_lookup").increment(1);
            let retry_after = wait.as_secs_f64().ceil().max(1.0) as u64;
            let failure = ApiFailure::new(
                StatusCode::TOO_MANY_REQUESTS,
                ErrorCode::RateLimited,
                format!(
                    "too many room codes tried from this address; try again in {retry_after} s"
                ),
            );
            return Err(([(header::RETRY_AFTER, retry_after.to_string())], failure).into_response());
        }
    }
    let unknown = || {
        ApiFailure::new(
            StatusCode::NOT_FOUND,
            ErrorCode::UnknownRoom,
            "no open lobby has this code: check it, or ask for the room's link",
        )
        .into_response()
    };
    let code = parse_room_code(&typed).ok_or_else(unknown)?;
    match app.store.lobby_with_code(&code).await {
        Ok(Some(room_id)) => Ok(Json(RoomFound {
            url: format!("/r/{room_id}"),
            room_id,
        })),
        Ok(None) => Err(unknown()),
        Err(e) => {
            tracing::warn!(error = %e, "room code lookup failed");
            Err(ApiFailure::internal().into_response())
        }
    }
}

async fn room_info(
    State(app): State<AppState>,
    Path(room_id): Path<String>,
) -> Result<Json<RoomInfo>, Response> {
    let unknown = || {
        ApiFailure::new(
            StatusCode::NOT_FOUND,
            ErrorCode::UnknownRoom,
            "there is no room with this id",
        )
    };
    for _ in 0..3 {
        let room = match app.registry.get(&room_id).await {
            Ok(room) => room,
            Err(LoadError::Unknown) => return Err(unknown().into_response()),
            Err(LoadError::Elsewhere { retry_after }) => {
                return Err(served_elsewhere(retry_after));
            }
            Err(e) => {
                tracing::warn!(room = %room_id, error = %e, "room unavailable");
                return Err(ApiFailure::internal().into_response());
            }
        };
        // An actor that just stopped (idle unload) is looked up again.
        if let Ok(mut info) = room.info().await {
            info.game_info = catalog::find(&info.game).map(|entry| Box::new((entry.info)()));
            return Ok(Json(info));
        }
    }
    Err(ApiFailure::internal().into_response())
}

/// Another node serves the room (docs/scaling.md): 503, and when to ask
/// again (by then the proxy's routing and the room's lease agree).
fn served_elsewhere(retry_after: std::time::Duration) -> Response {
    let failure = ApiFailure::new(
        StatusCode::SERVICE_UNAVAILABLE,
        ErrorCode::RoomMoved,
        "another server runs this room now; try again shortly",
    );
    let seconds = retry_after.as_secs_f64().ceil().max(1.0) as u64;
    ([(header::RETRY_AFTER, seconds.to_string())], failure).into_response()
}

/// The record of a finished game, for `cubicle verify` (docs/fairness.md),
/// offered as a file to save.
async fn game_record(
    State(app): State<AppState>,
    Path(room_id): Path<String>,
) -> Result<Response, ApiFailure> {
    let (record, _) = finished_game(&app, &room_id, None).await?;
    Ok(record_download(record))
}

async fn numbered_game_record(
    State(app): State<AppState>,
    Path((room_id, number)): Path<(String, u32)>,
) -> Result<Response, ApiFailure> {
    let (record, _) = finished_game(&app, &room_id, Some(number)).await?;
    Ok(record_download(record))
}

async fn game_replay(
    State(app): State<AppState>,
    Path((room_id, number)): Path<(String, u32)>,
) -> Result<Response, ApiFailure> {
    let (record, number) = finished_game(&app, &room_id, Some(number)).await?;
    // Replaying a long game is CPU work: off the async workers.
    let replay = tokio::task::spawn_blocking(move || fairness::replay_of(&record, number))
        .await
        .map_err(|_| ApiFailure::internal())?;
    match replay {
        Ok(replay) => Ok(Json(replay).into_response()),
        Err(e) => {
            tracing::error!(room = %room_id, number, error = %e, "a finished game does not replay");
            Err(ApiFailure::internal())
        }
    }
}

/// A record as a file to save.
fn record_download(record: GameRecord) -> Response {
    let file = format!(
        "attachment; filename=\"cubicle-{}-{}.json\"",
        record.game, record.room
    );
    let mut response = Json(record).into_response();
    if let Ok(value) = HeaderValue::from_str(&file) {
        response
            .headers_mut()
            .insert(header::CONTENT_DISPOSITION, value);
    }
    response
}

/// The record of the room's game `number` (its current game when `None`)
/// and that number, if the game is over.
async fn finished_game(
    app: &AppState,
    room_id: &str,
    number: Option<u32>,
) -> Result<(GameRecord, u32), ApiFailure> {
    // A past game is one row: no need to read the room and its action log.
    if let Some(number) = number {
        match app.store.past_game(room_id, number).await {
            Ok(Some(record)) => return Ok((record, number)),
            Ok(None) => {}
            Err(e) => {
                tracing::error!(room = %room_id, number, error = %e, "past game unreadable");
                return Err(ApiFailure::internal());
            }
        }
    }
    let room = match app.store.load_room(room_id).await {
        Ok(Some(room)) => room,
        Ok(None) => {
            return Err(ApiFailure::new(
                StatusCode::NOT_FOUND,
                ErrorCode::UnknownRoom,
                "there is no room with this id",
            ))
        }
        Err(e) => {
            tracing::warn!(room = %room_id, error = %e, "room unreadable for its record");
            return Err(ApiFailure::internal());
        }
    };
    let number = number.unwrap_or(room.game_number);
    let no_such_game = || {
        ApiFailure::new(
            StatusCode::NOT_FOUND,
            ErrorCode::UnknownGame,
            format!("this room has no game {number}"),
        )
    };
    if number == 0 || number > room.game_number {
        return Err(no_such_game());
    }
    if number < room.game_number {
        // Not among the past games (looked up above).
        return Err(no_such_game());
    }
    // Replaying a long game is CPU work: off the async workers.
    let made = tokio::task::spawn_blocking(move || fairness::record(&room))
        .await
        .map_err(|_| ApiFailure::internal())?;
    match made {
        Ok(record) => Ok((record, number)),
        Err(RecordError::NotOver) => Err(ApiFailure::new(
            StatusCode::CONFLICT,
            ErrorCode::GameNotOver,
            "the game is not over: its record, with the server's seed, comes at the end",
        )),
        Err(e) => {
            tracing::error!(room = %room_id, error = %e, "no record for a finished game");
            Err(ApiFailure::internal())
        }
    }
}

async fn metrics_text(State(app): State<AppState>) -> Response {
    // Gauges read at scrape time rather than kept up to date on every change.
    let _ = health::readiness(&app).await;
    metrics::gauge!(m::STORE_QUEUE_DEPTH).set(app.store.queue_depth() as f64);
    m::collect_process();
    app.metrics.run_upkeep();
    (
        [(
            header::CONTENT_TYPE,
            "text/plain; version=0.0.4; charset=utf-8",
        )],
        app.metrics.render(),
    )
        .into_response()
}
