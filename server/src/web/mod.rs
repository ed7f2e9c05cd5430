//! The web client: static files from web-client/, embedded in the binary at
//! compile time (so the binary serves them from any directory), or read from
//! a directory given with `--static-dir`.
//!
//! `/` is index.html, `/r/{room_id}` is room.html, every other file is served
//! at its path, with `Cache-Control: no-cache` and an `ETag` (browsers
//! revalidate, cheaply, 304).
//!
//! Versioned names, without a build step (docs/performance.md, "First
//! load"): the client's version is a digest of every client file (path and
//! bytes; embedded files: computed once in a release build; a directory, or
//! the embedded folder of a debug build, which rust-embed reads from disk:
//! recomputed when a file's size or modification time changes, so edits show
//! at the next page load), and of `--bundle-full-names`, which changes the
//! bundles' bytes. Every file is also served at
//! `/v/{version}/{path}` with `Cache-Control: public, max-age=31536000,
//! immutable`: a browser keeps it and never asks again, and a new client is a
//! new version, so it never runs a client older than the server.
//! The HTML pages (`/`, `/r/{id}`, replay.html, 404) stay `no-cache` and are
//! served with their `="/css/`, `="/js/` and `="/img/` references rewritten
//! under `/v/{version}/` (relative module imports and CSS `url()`s then stay
//! under it too), and with `<link rel="modulepreload">` for every module
//! their scripts import statically (found by reading the `import … from` and
//! `export … from` lines), so that a slow link fetches them at once rather
//! than in a waterfall of round trips. A room page also preloads its room's
//! game's module graph (js/games/{game}/index.js), which the page loads as
//! soon as it knows the game, and its stylesheet (css/{game}.css, if there
//! is one), and nothing of any other game.
//!
//! Bundles (`bundle.rs`): a page's module scripts and stylesheets are
//! served as one script and one stylesheet, `/v/{version}/bundle/{page}.js`
//! and `.css` (`{page}.{game}` for a room or replay page whose game is
//! known: that game's modules come too), made from the files above when
//! first asked for and kept. A page that loads a game it cannot name (a
//! room that did not answer in time), or whose bundle fails, is served
//! unbundled, as is every page with `--unbundled-client`.
//!
//! Scripts, styles, SVG and pages go out in brotli at its best quality to a
//! browser that accepts it, compressed once per file content and kept in
//! memory (the compression layer of `http.rs`, which compresses everything
//! else as it streams, at a faster quality, leaves them alone); ETags are 64
//! bits of the file's SHA-256.
//!
//! A versioned path with another version (a page left open across an
//! upgrade asks for a module it had not loaded yet) is redirected (307,
//! `no-store`) to the same file under the current version: never an old
//! file kept forever under a new name, nor a new file cached under an old
//! version's name.

mod bundle;
mod rename;
mod script;

use std::collections::{BTreeMap, HashMap, HashSet, VecDeque};
use std::path::{Component, Path, PathBuf};
use std::sync::{Arc, LazyLock, Mutex, OnceLock};
use std::time::{Duration, Instant};

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use rust_embed::Embed;
use sha2::{Digest, Sha256};
use std::fmt::Write as _;

use crate::{boards, AppState};

#[derive(Embed)]
#[folder = "../web-client/"]
struct Embedded;

/// The folder rust-embed reads at run time in a debug build.
const EMBEDDED_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../web-client");

/// The web client: where its files come from, and whether pages get bundles.
#[derive(Debug, Clone)]
pub struct Assets {
    source: Source,
    bundle: bool,
    /// Whether bundles shorten their modules' names (`rename.rs`).
    short_names: bool,
    /// A folder's version as last computed, and when (see [`Assets::version`]).
    folder_version: Arc<Mutex<Option<(Instant, String)>>>,
}

/// How long a folder's computed version is reused: a page asks for about
/// ten versioned files at once, and each would otherwise read and hash the
/// whole folder; an edit still shows within a second.
const FOLDER_VERSION_FOR: Duration = Duration::from_secs(1);

#[derive(Debug, Clone)]
enum Source {
    Embedded,
    Dir(PathBuf),
}

#[derive(Clone)]
struct File {
    bytes: Bytes,
    /// Weak: the bytes sent vary with the content coding (brotli, gzip or
    /// none), while the file they decode to is the same.
    etag: String,
    /// A page's own `Content-Security-Policy`, when it differs from the
    /// server's (`http.rs`): one with inline scripts names their hashes.
    policy: Option<HeaderValue>,
}

/// Versioned files: a year, and no revalidation (the name changes with the
/// content).
const IMMUTABLE: &str = "public, max-age=31536000, immutable";
/// Hex digits of the version: 64 bits tell versions apart.
const VERSION_LEN: usize = 16;
/// How long a room page waits to learn its room's game (for its bundle or
/// preload hints) before it is sent without them.
const ROOM_LOOKUP_LIMIT: Duration = Duration::from_millis(300);

impl File {
    fn new(bytes: Vec<u8>) -> File {
        let etag = etag_of(&Sha256::digest(&bytes));
        File {
            bytes: bytes.into(),
            etag,
            policy: None,
        }
    }
}

impl Assets {
    /// The client embedded in the binary, or the one in `dir`; `bundle`:
    /// pages load bundles (see the module docs).
    pub fn new(dir: Option<PathBuf>, bundle: bool) -> Assets {
        let source = match dir {
            Some(dir) => Source::Dir(dir),
            None => Source::Embedded,
        };
        Assets {
            source,
            bundle,
            short_names: true,
            folder_version: Arc::default(),
        }
    }

    /// Bundles keep the client's own names when `keep` (`--bundle-full-names`).
    pub fn keeping_names(mut self, keep: bool) -> Assets {
        self.short_names = !keep;
        self
    }

    async fn load(&self, path: &str) -> Option<File> {
        match &self.source {
            Source::Embedded => {
                let file = Embedded::get(path)?;
                let etag = etag_of(&file.metadata.sha256_hash());
                let bytes = match file.data {
                    std::borrow::Cow::Borrowed(b) => Bytes::from_static(b),
                    std::borrow::Cow::Owned(v) => Bytes::from(v),
                };
                Some(File {
                    bytes,
                    etag,
                    policy: None,
                })
            }
            Source::Dir(dir) => Some(File::new(tokio::fs::read(dir.join(path)).await.ok()?)),
        }
    }

    async fn text(&self, path: &str) -> Option<String> {
        let file = self.load(path).await?;
        Some(String::from_utf8_lossy(&file.bytes).into_owned())
    }

    /// The client's version: a digest of every file's path and bytes, and of
    /// `--bundle-full-names`. Bundles made with and without that flag are
    /// the same program in different bytes, and a versioned name (kept a
    /// year by browsers and proxies) must never stand for two contents.
    async fn version(&self) -> String {
        let files = self.files_version().await;
        if self.short_names {
            files
        } else {
            let mut digest = Sha256::new();
            digest.update(b"bundle-full-names\0");
            digest.update(files.as_bytes());
            short(digest)
        }
    }

    /// The digest of every client file's path and bytes.
    async fn files_version(&self) -> String {
        let dir = match &self.source {
            Source::Embedded if !cfg!(debug_assertions) => {
                static VERSION: OnceLock<String> = OnceLock::new();
                return VERSION.get_or_init(embedded_version).clone();
            }
            Source::Embedded => PathBuf::from(EMBEDDED_DIR),
            Source::Dir(dir) => dir.clone(),
        };
        if let Some((at, version)) = &*self.folder_version.lock().expect("version lock") {
            if at.elapsed() < FOLDER_VERSION_FOR {
                return version.clone();
            }
        }
        let version = tokio::task::spawn_blocking(move || dir_version(&dir))
            .await
            .unwrap_or_default();
        *self.folder_version.lock().expect("version lock") =
            Some((Instant::now(), version.clone()));
        version
    }
}

/// A weak ETag from a file's SHA-256: 64 bits of it are plenty to tell two
/// versions of a file apart, and every response carries it (headers are not
/// compressed on HTTP/1.1: on a slow link, 48 bytes times 40 files count).
fn etag_of(sha256: &[u8]) -> String {
    format!("W/\"{}\"", hex::encode(&sha256[..8.min(sha256.len())]))
}

/// Adds one file to a version digest (the same for both sources, so a
/// directory and the binary built from it agree).
fn add_file(digest: &mut Sha256, path: &str, file_sha256: &[u8]) {
    digest.update(path.as_bytes());
    digest.update([0]);
    digest.update(file_sha256);
}

fn short(digest: Sha256) -> String {
    let mut text = hex::encode(digest.finalize());
    text.truncate(VERSION_LEN);
    text
}

fn embedded_version() -> String {
    let mut paths: Vec<_> = Embedded::iter().collect();
    paths.sort();
    let mut digest = Sha256::new();
    for path in paths {
        if let Some(file) = Embedded::get(&path) {
            add_file(&mut digest, &path, &file.metadata.sha256_hash());
        }
    }
    short(digest)
}

/// A directory's version. Reading and hashing every file on each request
/// would be wasteful: the digest is kept with the files' sizes and
/// modification times, and computed again only when one of them changes.
fn dir_version(dir: &Path) -> String {
    /// By directory: the stamp of its files' sizes and times, and the version.
    type Known = HashMap<PathBuf, (Vec<u8>, String)>;
    static KNOWN: LazyLock<Mutex<Known>> = LazyLock::new(Default::default);
    let mut files = Vec::new();
    list_files(dir, dir, &mut files);
    files.sort();
    let mut stamp = Sha256::new();
    for (path, len, modified) in &files {
        stamp.update(path.as_bytes());
        stamp.update(len.to_le_bytes());
        stamp.update(modified.to_le_bytes());
    }
    let stamp = stamp.finalize().to_vec();
    if let Some((known, version)) = KNOWN.lock().unwrap().get(dir) {
        if *known == stamp {
            return version.clone();
        }
    }
    let mut digest = Sha256::new();
    for (path, _, _) in &files {
        let bytes = std::fs::read(dir.join(path)).unwrap_or_default();
        add_file(&mut digest, path, &Sha256::digest(&bytes));
    }
    let version = short(digest);
    KNOWN
        .lock()
        .unwrap()
        .insert(dir.to_owned(), (stamp, version.clone()));
    version
}

/// Every file under `dir`: (path relative to `root` with `/`, size, mtime ns).
fn list_files(root: &Path, dir: &Path, files: &mut Vec<(String, u64, u128)>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let Ok(meta) = std::fs::metadata(&path) else {
            continue;
        };
        if meta.is_dir() {
            list_files(root, &path, files);
        } else if let Ok(relative) = path.strip_prefix(root) {
            let modified = meta
                .modified()
                .ok()
                .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
                .map_or(0, |d| d.as_nanos());
            let name = relative.to_string_lossy().replace('\\', "/");
            files.push((name, meta.len(), modified));
        }
    }
}

/// The file behind a request path, if the path may name one.
fn file_for(path: &str) -> Option<String> {
    let path = path.trim_start_matches('/');
    if path.is_empty() {
        return Some("index.html".into());
    }
    if let Some(room) = path.strip_prefix("r/") {
        return (!room.is_empty() && !room.contains('/')).then(|| "room.html".into());
    }
    safe_path(path)
}

/// Only plain relative paths: no "..", no absolute or odd components.
fn safe_path(path: &str) -> Option<String> {
    let safe = !path.is_empty()
        && Path::new(path)
            .components()
            .all(|c| matches!(c, Component::Normal(_)));
    (safe && !path.contains('\\')).then(|| path.to_owned())
}

fn content_type(path: &str) -> HeaderValue {
    let mime = mime_guess::from_path(path).first_or_octet_stream();
    let text = mime.type_() == mime_guess::mime::TEXT
        || matches!(
            mime.subtype().as_str(),
            "javascript" | "json" | "manifest+json"
        );
    let value = if text {
        format!("{mime}; charset=utf-8")
    } else {
        mime.to_string()
    };
    HeaderValue::from_str(&value).unwrap_or(HeaderValue::from_static("application/octet-stream"))
}

pub async fn asset(
    State(app): State<AppState>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
) -> Response {
    if method != Method::GET && method != Method::HEAD {
        return StatusCode::METHOD_NOT_ALLOWED.into_response();
    }
    if let Some(rest) = uri.path().strip_prefix("/v/") {
        return versioned(&app, rest, &headers).await;
    }
    if let Some(file) = uri.path().strip_prefix("/boards/") {
        return board(&app.assets, file, &headers).await;
    }
    let Some(path) = file_for(uri.path()) else {
        return not_found(&app.assets).await;
    };
    let room = match path.as_str() {
        "room.html" => uri.path().strip_prefix("/r/"),
        "replay.html" => uri
            .query()
            .and_then(|q| q.split('&').find_map(|pair| pair.strip_prefix("room="))),
        _ => None,
    };
    let file = if is_page(&path) {
        let game = match room {
            Some(room_id) => room_game(&app, room_id).await,
            None => None,
        };
        page(&app.assets, &path, game.as_deref()).await
    } else {
        app.assets.load(&path).await
    };
    match file {
        Some(file) => respond(file, &path, &headers, "no-cache").await,
        None => not_found(&app.assets).await,
    }
}

/// `/v/{version}/{path}`: the file, kept for a year, if the version is the
/// client's; else a redirect to the current version (see the module docs).
async fn versioned(app: &AppState, rest: &str, headers: &HeaderMap) -> Response {
    let (asked, file) = rest.split_once('/').unwrap_or((rest, ""));
    let Some(path) = safe_path(file) else {
        return not_found(&app.assets).await;
    };
    let version = app.assets.version().await;
    if asked != version {
        let Ok(location) = HeaderValue::from_str(&format!("/v/{version}/{path}")) else {
            return not_found(&app.assets).await;
        };
        return (
            StatusCode::TEMPORARY_REDIRECT,
            [
                (header::LOCATION, location),
                (header::CACHE_CONTROL, HeaderValue::from_static("no-store")),
            ],
        )
            .into_response();
    }
    let file = if let Some(name) = path.strip_prefix("bundle/") {
        bundle_file(&app.assets, name, &version).await
    } else if is_page(&path) {
        page(&app.assets, &path, None).await
    } else {
        app.assets.load(&path).await
    };
    match file {
        Some(file) => respond(file, &path, headers, IMMUTABLE).await,
        None => not_found(&app.assets).await,
    }
}

/// `/boards/{game}.{digest}.json`: a game's fixed board (`boards.rs`),
/// named by its digest, so kept for a year like a versioned file.
async fn board(assets: &Assets, file: &str, headers: &HeaderMap) -> Response {
    match boards::by_file(file) {
        Some(board) => {
            let file = File::new(board.json.get().as_bytes().to_vec());
            respond(file, "board.json", headers, IMMUTABLE).await
        }
        None => not_found(assets).await,
    }
}

async fn respond(
    file: File,
    path: &str,
    headers: &HeaderMap,
    cache_control: &'static str,
) -> Response {
    let mut response = if headers
        .get(header::IF_NONE_MATCH)
        .is_some_and(|v| v.as_bytes() == file.etag.as_bytes())
    {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        let brotli = if accepts_brotli(headers) {
            best_brotli(&file, path).await
        } else {
            None
        };
        let mut response = match brotli {
            Some(compressed) => {
                let mut response = compressed.to_vec().into_response();
                response
                    .headers_mut()
                    .insert(header::CONTENT_ENCODING, HeaderValue::from_static("br"));
                response
            }
            None => file.bytes.into_response(),
        };
        response
            .headers_mut()
            .insert(header::CONTENT_TYPE, content_type(path));
        response
    };
    let h = response.headers_mut();
    h.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static(cache_control),
    );
    h.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    if let Ok(etag) = HeaderValue::from_str(&file.etag) {
        h.insert(header::ETAG, etag);
    }
    if let Some(policy) = file.policy {
        h.insert(header::CONTENT_SECURITY_POLICY, policy);
    }
    response
}

fn accepts_brotli(headers: &HeaderMap) -> bool {
    headers
        .get_all(header::ACCEPT_ENCODING)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|coding| {
            let mut parts = coding.split(';').map(str::trim);
            parts
                .next()
                .is_some_and(|name| name.eq_ignore_ascii_case("br"))
                && parts.all(|p| {
                    p.strip_prefix("q=")
                        .and_then(|q| q.parse::<f32>().ok())
                        .is_none_or(|q| q > 0.0)
                })
        })
}

/// A client file in brotli at its best quality, computed once per content
/// (keyed by its ETag) and kept: the compression layer compresses as it
/// streams, at a quality fast enough for every answer, and sends about a
/// fifth more (docs/performance.md, "First load"). The layer leaves a
/// response that already has a `Content-Encoding` alone. None for files too
/// small to gain, for images that are compressed already, or if the
/// compressed file would be no smaller.
async fn best_brotli(file: &File, path: &str) -> Option<Arc<Vec<u8>>> {
    /// By ETag: the compressed bytes, or None when not worth it.
    type Compressed = HashMap<String, Option<Arc<Vec<u8>>>>;
    static COMPRESSED: LazyLock<Mutex<Compressed>> = LazyLock::new(Default::default);
    const MIN_LEN: usize = 256;
    const MAX_KEPT: usize = 1000;
    let compressible = content_type(path).to_str().is_ok_and(|t| {
        t.starts_with("text/")
            || t.contains("javascript")
            || t.contains("json")
            || t.contains("svg")
    });
    if file.bytes.len() < MIN_LEN || !compressible {
        return None;
    }
    if let Some(known) = COMPRESSED.lock().unwrap().get(&file.etag) {
        return known.clone();
    }
    let plain = file.bytes.to_vec();
    let len = plain.len();
    let compressed = brotli_best(plain)
        .await
        .filter(|c| c.len() < len)
        .map(Arc::new);
    let mut kept = COMPRESSED.lock().unwrap();
    // Edits to a --static-dir add versions; a restart of the count keeps it small.
    if kept.len() >= MAX_KEPT {
        kept.clear();
    }
    kept.insert(file.etag.clone(), compressed.clone());
    compressed
}

/// Brotli at quality 11 through tower-http's own encoder (no second
/// compression library in the server), on a blocking thread: it is CPU work.
async fn brotli_best(plain: Vec<u8>) -> Option<Vec<u8>> {
    use tower::{Layer, ServiceExt};
    use tower_http::compression::{predicate::SizeAbove, CompressionLayer, CompressionLevel};
    let handle = tokio::runtime::Handle::current();
    tokio::task::spawn_blocking(move || {
        handle.block_on(async move {
            let service = CompressionLayer::new()
                .no_gzip()
                .quality(CompressionLevel::Best)
                .compress_when(SizeAbove::new(0))
                .layer(tower::service_fn(
                    move |_: axum::http::Request<axum::body::Body>| {
                        let plain = plain.clone();
                        async move {
                            Ok::<_, std::convert::Infallible>(Response::new(
                                axum::body::Body::from(plain),
                            ))
                        }
                    },
                ));
            let request = axum::http::Request::builder()
                .header(header::ACCEPT_ENCODING, "br")
                .body(axum::body::Body::empty())
                .ok()?;
            let response = service.oneshot(request).await.ok()?;
            if response.headers().get(header::CONTENT_ENCODING)? != "br" {
                return None;
            }
            let body = axum::body::Body::new(response.into_body());
            axum::body::to_bytes(body, usize::MAX)
                .await
                .ok()
                .map(|b| b.to_vec())
        })
    })
    .await
    .ok()
    .flatten()
}

fn is_page(path: &str) -> bool {
    path.ends_with(".html")
}

/// The game of a room, if the store answers quickly (from the rooms table:
/// the room is not loaded for its page). Its page loads that game's table
/// as soon as it knows the game, in the lobby too (so the start is
/// instant), and draws it at once when the game has started.
async fn room_game(app: &AppState, room_id: &str) -> Option<String> {
    if !crate::ids::is_room_id(room_id) {
        return None;
    }
    let game = tokio::time::timeout(ROOM_LOOKUP_LIMIT, app.store.room_game(room_id))
        .await
        .ok()?
        .ok()??;
    plain_name(&game).then_some(game)
}

/// A page as served: versioned references, and its bundle or preload
/// hints. Built once per version, page and game.
async fn page(assets: &Assets, path: &str, game: Option<&str>) -> Option<File> {
    type Key = (String, String, Option<String>, bool);
    static PAGES: LazyLock<Mutex<HashMap<Key, File>>> = LazyLock::new(Default::default);
    let version = assets.version().await;
    let key = (
        version.clone(),
        path.to_owned(),
        game.map(str::to_owned),
        assets.bundle,
    );
    if let Some(file) = PAGES.lock().unwrap().get(&key).cloned() {
        return Some(file);
    }
    let text = assets.text(path).await?;
    let html = build_page(assets, &text, path, &version, game).await;
    let hashes = inline_script_hashes(&html);
    let mut file = File::new(html.into_bytes());
    if !hashes.is_empty() {
        file.policy = HeaderValue::from_str(&crate::http::content_security_policy(&hashes)).ok();
    }
    let mut pages = PAGES.lock().unwrap();
    // Pages of older versions are never asked for again.
    pages.retain(|(v, _, _, _), _| *v == version);
    pages.insert(key, file.clone());
    Some(file)
}

async fn build_page(
    assets: &Assets,
    html: &str,
    path: &str,
    version: &str,
    game: Option<&str>,
) -> String {
    let html = versioned_references(html, version);
    let prefix = format!("/v/{version}/");
    let html = inline_async_scripts(assets, html, &prefix).await;
    let hinted = game
        .and_then(boards::fixed)
        .filter(|board| board.worth_fetching() && path == "room.html");
    let html = match hinted {
        Some(board) => with_board_hint(html, board),
        None => html,
    };
    if let Some(name) = bundle_name(path, game).filter(|_| assets.bundle) {
        if let Some(made) = bundle(assets, &name, version).await {
            // The game's stylesheet is the end of the bundle's.
            let styled_game = game.filter(|_| made.game_style);
            return bundled_page(&html, &prefix, &name, styled_game);
        }
    }
    let game_style = match game {
        Some(game) => {
            let css = format!("css/{game}.css");
            assets.load(&css).await.map(|_| css)
        }
        None => None,
    };
    let style_hint =
        |css: &String| format!("  <link rel=\"preload\" as=\"style\" href=\"{prefix}{css}\">\n");
    let entries: Vec<String> = module_scripts(&html)
        .into_iter()
        .filter_map(|src| src.strip_prefix(&prefix).map(str::to_owned))
        .collect();
    let mut modules = module_graph(assets, &entries).await;
    if let Some(game) = game {
        let index = format!("js/games/{game}/index.js");
        let mut known: Vec<String> = entries.iter().chain(&modules).cloned().collect();
        if assets.load(&index).await.is_some() {
            known.push(index.clone());
            modules.push(index.clone());
            for module in module_graph(assets, &[index]).await {
                if !known.contains(&module) {
                    known.push(module.clone());
                    modules.push(module);
                }
            }
        }
    }
    let hints: String = modules
        .iter()
        .filter(|m| !entries.contains(m))
        .map(|m| format!("  <link rel=\"modulepreload\" href=\"{prefix}{m}\">\n"))
        .chain(game_style.iter().map(style_hint))
        .collect();
    insert_before_head_end(html, &hints)
}

/// Each `<script type="module" async src="…">` of the page (js/room-early.js)
/// written into the page instead, as a classic script: it then runs as the
/// parser reaches it, at the top of the head, instead of a round trip later
/// on a link the bundle is filling (docs/performance.md, "First load").
/// It must have no imports; one that cannot be inlined safely (it does not
/// lex, or holds `</script` or `<!--`) stays a file.
async fn inline_async_scripts(assets: &Assets, html: String, prefix: &str) -> String {
    let mut out = html.clone();
    for line in html.lines() {
        let tag = line.trim();
        let Some(src) = tag
            .strip_prefix("<script type=\"module\" async src=\"")
            .and_then(|rest| rest.strip_suffix("\"></script>"))
        else {
            continue;
        };
        let Some(path) = src.strip_prefix(prefix) else {
            continue;
        };
        let Some(source) = assets.text(path).await else {
            continue;
        };
        let Ok(tokens) = script::tokens(&source) else {
            continue;
        };
        if tokens
            .iter()
            .any(|t| t.is(script::Kind::Word, "import") || t.is(script::Kind::Word, "export"))
        {
            continue;
        }
        let code = format!(
            "(()=>{{\"use strict\";\n{}\n}})()",
            script::minify_tokens(&tokens)
        );
        let lower = code.to_ascii_lowercase();
        if lower.contains("</script") || lower.contains("<!--") {
            continue;
        }
        out = out.replacen(tag, &format!("<script>{code}</script>"), 1);
    }
    out
}

/// A room page names its game's fixed board (`boards.rs`) before its first
/// script: the browser fetches it at once, beside the page's bundle, and
/// the early socket's hello (js/room-early.js) and js/connection.js say
/// they hold it, so that the snapshot comes without it.
fn with_board_hint(html: String, board: &boards::FixedBoard) -> String {
    let hint = format!(
        "<link rel=\"preload\" href=\"{}\" as=\"fetch\" crossorigin=\"anonymous\" id=\"cubicle-board\" data-digest=\"{}\">\n  ",
        board.path(),
        board.digest
    );
    match html.find("<script") {
        Some(at) => format!("{}{hint}{}", &html[..at], &html[at..]),
        None => html,
    }
}

/// `'sha256-…'` of every inline `<script>` of a page, for its policy.
fn inline_script_hashes(html: &str) -> Vec<String> {
    use base64::Engine as _;
    html.split("<script>")
        .skip(1)
        .filter_map(|rest| rest.find("</script>").map(|end| &rest[..end]))
        .map(|code| {
            let digest = Sha256::digest(code.as_bytes());
            format!(
                "'sha256-{}'",
                base64::engine::general_purpose::STANDARD.encode(digest)
            )
        })
        .collect()
}

fn insert_before_head_end(html: String, hints: &str) -> String {
    match html.find("</head>") {
        Some(at) if !hints.is_empty() => format!("{}{hints}{}", &html[..at], &html[at..]),
        _ => html,
    }
}

/// A page's or game's name as bundles use it: letters, digits, `-`, `_`.
fn plain_name(name: &str) -> bool {
    !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// A bundle's name split into its page and game ([`bundle_name`]'s inverse).
fn split_bundle_name(name: &str) -> (&str, Option<&str>) {
    match name.split_once('.') {
        Some((stem, game)) => (stem, Some(game)),
        None => (name, None),
    }
}

/// The bundle's name for a page (`room`, or `room.osaki` with its game).
fn bundle_name(path: &str, game: Option<&str>) -> Option<String> {
    let stem = path.strip_suffix(".html").filter(|s| plain_name(s))?;
    Some(match game {
        Some(game) => format!("{stem}.{game}"),
        None => stem.to_owned(),
    })
}

/// The page with its stylesheets and module scripts replaced by its
/// bundle's, where the first of each stood (each tag on its own line, as
/// the client's pages are written). The stylesheet's link names the game
/// whose stylesheet it ends with (`data-game-css`), so that the game's
/// module does not link it again (js/games/registry.js).
fn bundled_page(html: &str, prefix: &str, name: &str, styled_game: Option<&str>) -> String {
    let game_css = styled_game
        .map(|game| format!(" data-game-css=\"{game}\""))
        .unwrap_or_default();
    let sheet = format!("<link rel=\"stylesheet\" href=\"{prefix}css/");
    let script = format!("<script type=\"module\" src=\"{prefix}");
    let (mut sheet_done, mut script_done) = (false, false);
    let mut out = String::with_capacity(html.len());
    for line in html.split_inclusive('\n') {
        let indent = &line[..line.len() - line.trim_start().len()];
        if line.trim_start().starts_with(&sheet) {
            if !sheet_done {
                sheet_done = true;
                let _ = writeln!(
                    out,
                    "{indent}<link rel=\"stylesheet\" href=\"{prefix}bundle/{name}.css\"{game_css}>"
                );
            }
        } else if line.trim_start().starts_with(&script) {
            if !script_done {
                script_done = true;
                let _ = writeln!(
                    out,
                    "{indent}<script type=\"module\" src=\"{prefix}bundle/{name}.js\"></script>"
                );
            }
        } else {
            out.push_str(line);
        }
    }
    out
}

/// A page's bundle: its script, the second part loaded on use, and its
/// stylesheet.
struct Bundle {
    script: File,
    later: Option<File>,
    style: File,
    /// Whether the stylesheet ends with the game's own (css/{game}.css).
    game_style: bool,
}

/// The bundle called `name` (see [`bundle_name`]), made once per version;
/// None if the page cannot be bundled (the reason is logged, once).
async fn bundle(assets: &Assets, name: &str, version: &str) -> Option<Arc<Bundle>> {
    type Made = HashMap<(String, String, bool), Option<Arc<Bundle>>>;
    static MADE: LazyLock<Mutex<Made>> = LazyLock::new(Default::default);
    let key = (version.to_owned(), name.to_owned(), assets.short_names);
    if let Some(made) = MADE.lock().unwrap().get(&key) {
        return made.clone();
    }
    let made = match make_bundle(assets, name, version).await {
        Ok(bundle) => Some(Arc::new(bundle)),
        Err(reason) => {
            tracing::warn!(bundle = name, %reason, "page served unbundled");
            None
        }
    };
    let mut all = MADE.lock().unwrap();
    all.retain(|(v, _, _), _| v == version);
    all.insert(key, made.clone());
    made
}

async fn make_bundle(assets: &Assets, name: &str, version: &str) -> Result<Bundle, String> {
    let (stem, game) = split_bundle_name(name);
    let page = format!("{stem}.html");
    let html = assets.text(&page).await.ok_or("no such page")?;
    let html = versioned_references(&html, version);
    let prefix = format!("/v/{version}/");
    let entries: Vec<String> = module_scripts(&html)
        .into_iter()
        .filter_map(|src| src.strip_prefix(&prefix).map(str::to_owned))
        .collect();
    let mut modules = entries.clone();
    modules.extend(module_graph(assets, &entries).await);
    let loads_games = modules.iter().any(|m| m == "js/games/registry.js");
    match game {
        Some(game) => {
            let index = format!("js/games/{game}/index.js");
            modules.extend(module_graph(assets, std::slice::from_ref(&index)).await);
            modules.push(index);
        }
        None if loads_games => return Err("the page loads a game it cannot name".into()),
        None => {}
    }
    let later = bundle::Later {
        name: name.to_owned(),
        modules: later_modules(assets, &modules).await.into_iter().collect(),
    };
    let mut sources = BTreeMap::new();
    for module in modules.into_iter().chain(later.modules.iter().cloned()) {
        let text = assets
            .text(&module)
            .await
            .ok_or_else(|| format!("{module} is not in the client"))?;
        sources.insert(module, text);
    }
    // Lexing and rewriting every module is a few milliseconds of CPU, once
    // per page and version: off the async workers.
    let owned_version = version.to_owned();
    let shorten = assets.short_names;
    let (script, later_script) = tokio::task::spawn_blocking(move || {
        bundle::scripts(&entries, &sources, &later, &owned_version, shorten, resolve)
            .map_err(|e| e.to_string())
    })
    .await
    .map_err(|e| format!("the bundler stopped: {e}"))??;
    let mut sheets = Vec::new();
    for href in stylesheet_links(&html) {
        let css = href
            .strip_prefix(&prefix)
            .ok_or("a stylesheet outside the client")?;
        sheets.push(
            assets
                .text(css)
                .await
                .ok_or_else(|| format!("{css} is not in the client"))?,
        );
    }
    // The game's own stylesheet last, after the page's, as it would be
    // linked: one request fewer, and its rules keep their place.
    let game_style = match game {
        Some(game) => assets.text(&format!("css/{game}.css")).await,
        None => None,
    };
    let styled = game_style.is_some();
    sheets.extend(game_style);
    Ok(Bundle {
        script: File::new(script.into_bytes()),
        later: (!later_script.is_empty()).then(|| File::new(later_script.into_bytes())),
        style: File::new(bundle::stylesheet(&sheets).into_bytes()),
        game_style: styled,
    })
}

/// The second part of a bundle (`bundle.rs`, [`bundle::Later`]): every
/// module that the first part's modules import only on use (`import()`)
/// and that imports modules itself (so it must share the bundle's copy of
/// them), with what it imports that the first part lacks: a game's parts
/// loaded on use too (Dilbert's Management Fast Track and card reference).
/// Left out, and loaded as files as before: data modules that import
/// nothing (the dictionaries, the rules texts), the games themselves
/// (`js/games/{game}/index.js`: a page bundles its own game), and anything
/// that imports a vendored file (the QR code).
async fn later_modules(assets: &Assets, first: &[String]) -> Vec<String> {
    let mut later: Vec<String> = Vec::new();
    let mut queue: Vec<String> = first.to_vec();
    while let Some(module) = queue.pop() {
        let Some(text) = assets.text(&module).await else {
            continue;
        };
        for specifier in dynamic_imports(&text) {
            let Some(target) = resolve(&module, &specifier) else {
                continue;
            };
            if is_game_entry(&target) || first.contains(&target) || later.contains(&target) {
                continue;
            }
            let graph = module_graph(assets, std::slice::from_ref(&target)).await;
            let vendored = graph.iter().any(|m| m.contains("/vendor/"));
            if graph.is_empty() || vendored || assets.load(&target).await.is_none() {
                continue;
            }
            for module in std::iter::once(target).chain(graph) {
                if !first.contains(&module) && !later.contains(&module) {
                    later.push(module.clone());
                    queue.push(module);
                }
            }
        }
    }
    later
}

/// A game's renderer module, which `js/games/registry.js` imports by name.
fn is_game_entry(path: &str) -> bool {
    path.strip_prefix("js/games/")
        .and_then(|rest| rest.strip_suffix("/index.js"))
        .is_some_and(|game| !game.contains('/'))
}

/// The string specifiers of a module's `import('…')` calls (comments and
/// strings are skipped; a computed specifier is not a module to bundle).
fn dynamic_imports(source: &str) -> Vec<String> {
    let Ok(tokens) = script::tokens(source) else {
        return Vec::new();
    };
    tokens
        .windows(4)
        .filter(|w| {
            w[0].is(script::Kind::Word, "import")
                && w[1].is(script::Kind::Punct, "(")
                && w[2].kind == script::Kind::Str
                && w[3].is(script::Kind::Punct, ")")
        })
        .map(|w| w[2].text[1..w[2].text.len() - 1].to_owned())
        .collect()
}

/// `/v/{version}/bundle/{name}.js` or `.css`.
async fn bundle_file(assets: &Assets, file: &str, version: &str) -> Option<File> {
    if !assets.bundle {
        return None;
    }
    let (name, part) = match (file.strip_suffix(".js"), file.strip_suffix(".css")) {
        (Some(name), _) => match name.strip_suffix(".later") {
            Some(name) => (name, Part::Later),
            None => (name, Part::Script),
        },
        (_, Some(name)) => (name, Part::Style),
        _ => return None,
    };
    let (stem, game) = split_bundle_name(name);
    if !plain_name(stem) || !game.is_none_or(plain_name) {
        return None;
    }
    // Only names of this client's pages and games: anything else is not
    // worth a log line or a place in the cache.
    let page_exists = assets.load(&format!("{stem}.html")).await.is_some();
    let game_exists = match game {
        Some(game) => assets
            .load(&format!("js/games/{game}/index.js"))
            .await
            .is_some(),
        None => true,
    };
    if !(page_exists && game_exists) {
        return None;
    }
    let made = bundle(assets, name, version).await?;
    match part {
        Part::Script => Some(made.script.clone()),
        Part::Later => made.later.clone(),
        Part::Style => Some(made.style.clone()),
    }
}

/// Which file of a bundle a name asks for.
enum Part {
    Script,
    Later,
    Style,
}

/// The `href` of every `<link rel="stylesheet" href="…">`.
fn stylesheet_links(html: &str) -> Vec<String> {
    html.split("<link")
        .skip(1)
        .filter_map(|rest| {
            let tag = &rest[..rest.find('>')?];
            if !tag.contains("rel=\"stylesheet\"") {
                return None;
            }
            let href = &tag[tag.find("href=\"")? + 6..];
            Some(href[..href.find('"')?].to_owned())
        })
        .collect()
}

/// `="/css/…"`, `="/js/…"`, `="/img/…"` under `/v/{version}/`.
fn versioned_references(html: &str, version: &str) -> String {
    let mut html = html.to_owned();
    for dir in ["css", "js", "img"] {
        for quote in ['"', '\''] {
            html = html.replace(
                &format!("={quote}/{dir}/"),
                &format!("={quote}/v/{version}/{dir}/"),
            );
        }
    }
    html
}

/// The `src` of every `<script type="module" src="…">` that is not `async`:
/// an async script runs on its own as soon as it arrives (js/room-early.js),
/// so it stays out of the page's bundle and in the page as it is.
fn module_scripts(html: &str) -> Vec<String> {
    html.split("<script")
        .skip(1)
        .filter_map(|rest| {
            let tag = &rest[..rest.find('>')?];
            if !tag.contains("type=\"module\"") || tag.split_whitespace().any(|a| a == "async") {
                return None;
            }
            let src = &tag[tag.find("src=\"")? + 5..];
            Some(src[..src.find('"')?].to_owned())
        })
        .collect()
}

/// Every module the `entries` import statically, directly or not, that
/// exists (client paths, in the order found; the entries left out).
async fn module_graph(assets: &Assets, entries: &[String]) -> Vec<String> {
    let mut seen: HashSet<String> = entries.iter().cloned().collect();
    let mut queue: VecDeque<String> = entries.iter().cloned().collect();
    let mut found = Vec::new();
    while let Some(module) = queue.pop_front() {
        let Some(file) = assets.load(&module).await else {
            continue;
        };
        if !entries.contains(&module) {
            found.push(module.clone());
        }
        let text = String::from_utf8_lossy(&file.bytes);
        for specifier in static_imports(&text) {
            if let Some(target) = resolve(&module, specifier) {
                if seen.insert(target.clone()) {
                    queue.push_back(target);
                }
            }
        }
    }
    found
}

/// The specifiers of a module's static imports and re-exports: statements
/// that begin a line with `import` or `export` and name a module after
/// `from` (or right after `import`). Dynamic `import()` is left out: those
/// modules load on use.
fn static_imports(source: &str) -> Vec<&str> {
    let mut specifiers = Vec::new();
    let mut rest = source;
    while !rest.is_empty() {
        let line_start = rest.trim_start_matches([' ', '\t']);
        let keyword = ["import", "export"]
            .into_iter()
            .find(|k| line_start.starts_with(k));
        if let Some(keyword) = keyword {
            let after = &line_start[keyword.len()..];
            let opens_statement = after.chars().next().is_some_and(|c| {
                c.is_whitespace() || c == '{' || c == '*' || c == '\'' || c == '"'
            });
            if opens_statement {
                if let Some(quote_at) = after.find(['\'', '"']) {
                    let head = after[..quote_at].trim_end();
                    let names_module = if head.is_empty() {
                        keyword == "import"
                    } else {
                        head.ends_with("from")
                            && head[..head.len() - 4]
                                .chars()
                                .last()
                                .is_some_and(|c| c.is_whitespace() || c == '}' || c == '*')
                    };
                    if names_module && !head.contains([';', '(', '=']) {
                        let quote = &after[quote_at..quote_at + 1];
                        let spec = &after[quote_at + 1..];
                        if let Some(end) = spec.find(quote) {
                            specifiers.push(&spec[..end]);
                        }
                    }
                }
            }
        }
        rest = match rest.find('\n') {
            Some(end) => &rest[end + 1..],
            None => "",
        };
    }
    specifiers
}

/// A specifier resolved against the client path of the module importing
/// it; None for bare names, other origins and paths leaving the client.
fn resolve(module: &str, specifier: &str) -> Option<String> {
    if let Some(absolute) = specifier.strip_prefix('/') {
        return (!absolute.starts_with('/')).then(|| normalize(absolute.split('/').collect()))?;
    }
    if !(specifier.starts_with("./") || specifier.starts_with("../")) {
        return None;
    }
    let mut parts: Vec<&str> = module.split('/').collect();
    parts.pop(); // the importing module's own name
    parts.extend(specifier.split('/'));
    normalize(parts)
}

fn normalize(parts: Vec<&str>) -> Option<String> {
    let mut out: Vec<&str> = Vec::new();
    for part in parts {
        match part {
            "" | "." => {}
            ".." => {
                out.pop()?;
            }
            _ => out.push(part),
        }
    }
    let path = out.join("/");
    safe_path(&path)
}

/// The client's "page not found" page (a person who mistyped a link gets a
/// way back to the start page), with status 404 for every missing file.
async fn not_found(assets: &Assets) -> Response {
    const PAGE: &str = "404.html";
    match page(assets, PAGE, None).await {
        Some(page) => (
            StatusCode::NOT_FOUND,
            [
                (header::CONTENT_TYPE, content_type(PAGE)),
                (header::CACHE_CONTROL, HeaderValue::from_static("no-cache")),
            ],
            page.bytes,
        )
            .into_response(),
        None => (StatusCode::NOT_FOUND, "not found\n").into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_and_files_map_to_client_files() {
        assert_eq!(file_for("/").as_deref(), Some("index.html"));
        assert_eq!(file_for("/r/0123abcd").as_deref(), Some("room.html"));
        assert_eq!(file_for("/js/app.js").as_deref(), Some("js/app.js"));
        assert_eq!(file_for("/r/"), None);
        assert_eq!(file_for("/r/a/b"), None);
        assert_eq!(file_for("/../Cargo.toml"), None);
        assert_eq!(file_for("/js/../../secret"), None);
        assert_eq!(file_for("/js\\..\\x"), None);
    }

    #[test]
    fn content_types_name_text_encodings() {
        assert_eq!(content_type("index.html"), "text/html; charset=utf-8");
        assert_eq!(content_type("js/app.js"), "text/javascript; charset=utf-8");
        assert_eq!(content_type("css/site.css"), "text/css; charset=utf-8");
        assert_eq!(content_type("img/logo.png"), "image/png");
    }

    #[test]
    fn static_imports_are_found_and_dynamic_ones_left() {
        let source = "// import { no } from './comment.js';\n\
            import { h } from './dom.js';\n\
            import * as store from \"./store.js\";\n\
            import './side-effect.js';\n\
            import {\n  a,\n  b,\n} from '../words.js';\n\
            export { c } from './re-export.js';\n\
            export const label = 'from';\n\
            export function f(x = 'y') {}\n\
            const later = () => import('./later.js');\n\
            /** @param {import('./types.js').T} t */\n\
            if (import.meta.url) {}\n";
        assert_eq!(
            static_imports(source),
            [
                "./dom.js",
                "./store.js",
                "./side-effect.js",
                "../words.js",
                "./re-export.js"
            ]
        );
    }

    #[test]
    fn specifiers_resolve_inside_the_client() {
        assert_eq!(
            resolve("js/room.js", "./dom.js").as_deref(),
            Some("js/dom.js")
        );
        assert_eq!(
            resolve("js/games/registry.js", "../i18n.js").as_deref(),
            Some("js/i18n.js")
        );
        assert_eq!(resolve("js/a.js", "/js/b.js").as_deref(), Some("js/b.js"));
        assert_eq!(resolve("js/a.js", "../../x.js"), None);
        assert_eq!(resolve("js/a.js", "playwright"), None);
        assert_eq!(resolve("js/a.js", "//cdn.example/x.js"), None);
    }

    #[test]
    fn pages_reference_versioned_files() {
        let html = "<link rel=\"stylesheet\" href=\"/css/site.css\">\n\
            <script type=\"module\" src=\"/js/room.js\"></script>\n\
            <link rel=\"icon\" href=\"/favicon.svg\"><a href=\"/\">";
        let out = versioned_references(html, "0123");
        assert!(out.contains("href=\"/v/0123/css/site.css\""));
        assert!(out.contains("src=\"/v/0123/js/room.js\""));
        assert!(
            out.contains("href=\"/favicon.svg\""),
            "the icon is swapped by name"
        );
        assert!(out.contains("<a href=\"/\">"));
        assert_eq!(module_scripts(&out), ["/v/0123/js/room.js"]);
        let early = "<script type=\"module\" async src=\"/js/room-early.js\"></script>";
        assert_eq!(
            module_scripts(early),
            Vec::<String>::new(),
            "async scripts stay apart"
        );
    }

    /// The value of `const NAME = ...;` in a client file of this checkout.
    fn client_const(file: &str, name: &str) -> String {
        let text = std::fs::read_to_string(Path::new(EMBEDDED_DIR).join(file)).unwrap();
        let start = format!("const {name} = ");
        let line = text
            .lines()
            .find_map(|l| l.trim_start_matches("export ").strip_prefix(start.as_str()))
            .unwrap_or_else(|| panic!("{file} has no const {name}"));
        line.trim_end_matches(';').to_owned()
    }

    #[test]
    fn the_early_socket_script_repeats_the_clients_facts_exactly() {
        // js/room-early.js has no imports (it must not wait for the bundle),
        // so it keeps its own copies: a token stored under another key, or
        // a stale protocol version, would open a spectator's socket.
        assert_eq!(
            client_const("js/room-early.js", "TOKEN_PREFIX"),
            client_const("js/store.js", "TOKEN_PREFIX")
        );
        assert_eq!(
            client_const("js/room-early.js", "PROTOCOL_VERSION"),
            cubicle_protocol::PROTOCOL_VERSION.to_string()
        );
        assert_eq!(
            client_const("js/connection.js", "PROTOCOL_VERSION"),
            cubicle_protocol::PROTOCOL_VERSION.to_string()
        );
        // Both hellos ask for patches, or neither.
        assert_eq!(
            client_const("js/room-early.js", "ASK_FOR_PATCHES"),
            client_const("js/connection.js", "ASK_FOR_PATCHES")
        );
    }

    /// The client as this checkout has it, bundled.
    fn client() -> Assets {
        Assets::new(Some(PathBuf::from(EMBEDDED_DIR)), true)
    }

    #[tokio::test]
    async fn bundles_with_full_names_are_served_under_a_version_of_their_own() {
        // The same client, bundled both ways: different bytes, so different
        // versioned names (a browser keeps a versioned file for a year).
        let (short, full) = (client(), client().keeping_names(true));
        let (short_version, full_version) = (short.version().await, full.version().await);
        assert_ne!(short_version, full_version);
        assert_eq!(full_version.len(), VERSION_LEN);
        assert_eq!(short.version().await, short_version, "a version is stable");
        let short_bundle = bundle(&short, "room.osaki", &short_version).await.unwrap();
        let full_bundle = bundle(&full, "room.osaki", &full_version).await.unwrap();
        assert_ne!(short_bundle.script.bytes, full_bundle.script.bytes);
    }

    #[tokio::test]
    async fn every_page_of_the_client_bundles() {
        // A module the bundler cannot take would quietly send its page back
        // to one file per module: this is where it shows.
        let assets = client();
        let version = assets.version().await;
        let mut names = vec!["index".to_owned(), "404".to_owned()];
        for game in ["osaki", "office21", "dilbert"] {
            names.push(format!("room.{game}"));
            names.push(format!("replay.{game}"));
        }
        for name in &names {
            let made = make_bundle(&assets, name, &version).await;
            let bundle = made.unwrap_or_else(|e| panic!("{name}: {e}"));
            let script = String::from_utf8_lossy(&bundle.script.bytes).into_owned();
            assert!(script.contains("$$req(e)"), "{name}: runs its entries");
            assert!(
                !bundle.style.bytes.is_empty(),
                "{name}: has its stylesheets"
            );
        }
        let room = make_bundle(&assets, "room.osaki", &version)
            .await
            .ok()
            .unwrap();
        let script = String::from_utf8_lossy(&room.script.bytes).into_owned();
        assert!(script.contains("$$def(\"js/games/osaki/table.js\""));
        assert!(
            !script.contains("js/games/office21/"),
            "nothing of another game"
        );
        assert!(
            !script.contains("js/vendor/"),
            "the QR encoder loads on use"
        );
    }

    /// The modules a bundle's part defines (`$$def("path",…)`), in order.
    fn defined_modules(part: &File) -> Vec<String> {
        String::from_utf8_lossy(&part.bytes)
            .split("$$def(\"")
            .skip(1)
            .map(|rest| rest[..rest.find('"').unwrap()].to_owned())
            .collect()
    }

    #[tokio::test]
    async fn what_a_room_page_opens_on_use_is_in_the_bundles_second_part() {
        let assets = client();
        let version = assets.version().await;
        let room = make_bundle(&assets, "room.office21", &version)
            .await
            .ok()
            .unwrap();
        let later_modules = defined_modules(room.later.as_ref().unwrap());
        for module in [
            "js/rules.js",
            "js/solo.js",
            "js/device-link-dialog.js",
            "js/chat.js",
            "js/notify-alerts.js",
        ] {
            assert!(
                later_modules.iter().any(|m| m == module),
                "{module}: {later_modules:?}"
            );
            assert!(
                !defined_modules(&room.script).iter().any(|m| m == module),
                "{module} twice"
            );
        }
        assert!(
            later_modules.iter().all(|m| !m.starts_with("js/games/")
                && !m.contains("vendor")
                && !m.starts_with("js/rules/")),
            "games, the QR encoder and the rules texts stay out: {later_modules:?}"
        );
        assert!(
            !later_modules.iter().any(|m| m == "js/qr.js"),
            "the QR code imports a vendored file: it stays a file"
        );
    }

    #[tokio::test]
    async fn dilberts_fast_track_and_card_pages_come_on_use_in_the_second_part() {
        let assets = client();
        let version = assets.version().await;
        let room = make_bundle(&assets, "room.dilbert", &version)
            .await
            .ok()
            .unwrap();
        let first = defined_modules(&room.script);
        let later = defined_modules(room.later.as_ref().unwrap());
        for module in [
            "js/games/dilbert/fasttrack.js",
            "js/games/dilbert/reference-cards.js",
        ] {
            assert!(later.iter().any(|m| m == module), "{module}: {later:?}");
            assert!(
                !first.iter().any(|m| m == module),
                "{module} in the first part"
            );
        }
        for module in [
            "js/games/dilbert/on-use.js",
            "js/games/dilbert/reference.js",
            "js/games/dilbert/index.js",
        ] {
            assert!(first.iter().any(|m| m == module), "{module}: {first:?}");
        }
        assert!(
            later
                .iter()
                .all(|m| !m.starts_with("js/games/") || m.starts_with("js/games/dilbert/")),
            "no other game: {later:?}"
        );
        assert!(is_game_entry("js/games/osaki/index.js"));
        assert!(!is_game_entry("js/games/dilbert/fasttrack.js"));
        assert!(!is_game_entry("js/games/dilbert/x/index.js"));
    }

    #[tokio::test]
    async fn a_page_that_loads_a_game_it_cannot_name_is_not_bundled() {
        let assets = client();
        let version = assets.version().await;
        assert!(make_bundle(&assets, "room", &version).await.is_err());
        let html = assets.text("room.html").await.unwrap();
        let page = build_page(&assets, &html, "room.html", &version, None).await;
        assert!(
            page.contains(&format!("src=\"/v/{version}/js/room.js\"")),
            "{page}"
        );
        assert!(page.contains("rel=\"modulepreload\""));
        let page = build_page(&assets, &html, "room.html", &version, Some("osaki")).await;
        assert!(
            page.contains(&format!("src=\"/v/{version}/bundle/room.osaki.js\"")),
            "{page}"
        );
        assert!(page.contains(&format!("href=\"/v/{version}/bundle/room.osaki.css\"")));
        assert_eq!(page.matches("<script").count(), 2, "{page}");
        assert!(
            page.contains("<script>(()=>{\"use strict\";"),
            "the early socket's script is written into the page: {page}"
        );
        assert!(!page.contains("room-early.js"), "{page}");
        assert_eq!(inline_script_hashes(&page).len(), 1);
        assert_eq!(page.matches("rel=\"stylesheet\"").count(), 1, "{page}");
    }
}
