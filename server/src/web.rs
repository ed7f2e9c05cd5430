//! The web client: static files from web-client/, embedded in the binary at
//! compile time (so the binary serves them from any directory), or read from
//! a directory given with `--static-dir`.
//!
//! `/` is index.html, `/r/{room_id}` is room.html, every other file is served
//! at its path. Responses carry `Cache-Control: no-cache` with an `ETag`:
//! file names carry no version, so browsers revalidate (cheaply, 304) and
//! never run a client older than the server.

use std::borrow::Cow;
use std::path::{Component, Path, PathBuf};

use axum::extract::State;
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use rust_embed::Embed;
use sha2::{Digest, Sha256};

use crate::AppState;

#[derive(Embed)]
#[folder = "../web-client/"]
struct Embedded;

/// Where the client's files come from.
#[derive(Debug, Clone)]
pub enum Assets {
    Embedded,
    Dir(PathBuf),
}

struct File {
    bytes: Cow<'static, [u8]>,
    /// Weak: the bytes sent vary with the content coding (brotli, gzip or
    /// none), while the file they decode to is the same.
    etag: String,
}

impl Assets {
    async fn load(&self, path: &str) -> Option<File> {
        match self {
            Assets::Embedded => {
                let file = Embedded::get(path)?;
                let etag = format!("W/\"{}\"", hex::encode(file.metadata.sha256_hash()));
                Some(File {
                    bytes: file.data,
                    etag,
                })
            }
            Assets::Dir(dir) => {
                let bytes = tokio::fs::read(dir.join(path)).await.ok()?;
                let etag = format!("W/\"{}\"", hex::encode(Sha256::digest(&bytes)));
                Some(File {
                    bytes: Cow::Owned(bytes),
                    etag,
                })
            }
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
    // Only plain relative paths: no "..", no absolute or odd components.
    let safe = Path::new(path)
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
    let Some(path) = file_for(uri.path()) else {
        return not_found(&app.assets).await;
    };
    let Some(file) = app.assets.load(&path).await else {
        return not_found(&app.assets).await;
    };
    let mut response = if headers
        .get(header::IF_NONE_MATCH)
        .is_some_and(|v| v.as_bytes() == file.etag.as_bytes())
    {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        let mut response = file.bytes.into_owned().into_response();
        response
            .headers_mut()
            .insert(header::CONTENT_TYPE, content_type(&path));
        response
    };
    let h = response.headers_mut();
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("same-origin"),
    );
    if let Ok(etag) = HeaderValue::from_str(&file.etag) {
        h.insert(header::ETAG, etag);
    }
    response
}

/// The client's "page not found" page (a person who mistyped a link gets a
/// way back to the start page), with status 404 for every missing file.
async fn not_found(assets: &Assets) -> Response {
    const PAGE: &str = "404.html";
    match assets.load(PAGE).await {
        Some(page) => (
            StatusCode::NOT_FOUND,
            [(header::CONTENT_TYPE, content_type(PAGE))],
            page.bytes.into_owned(),
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
}
