//! Which web pages may open a room WebSocket.
//!
//! Browsers let any page open a WebSocket to any server and send cookies
//! and the page's `Origin` along; the server must refuse pages it does not
//! serve itself (cross-site WebSocket hijacking). Non-browser clients (bots,
//! load testers) send no `Origin` and are not at risk, so they pass.

use axum::http::header::{HOST, ORIGIN};
use axum::http::HeaderMap;

/// The origins allowed besides the server's own: `scheme://host[:port]`,
/// compared without regard to case or a trailing slash.
#[derive(Debug, Clone, Default)]
pub struct AllowedOrigins(Vec<String>);

impl AllowedOrigins {
    pub fn new<S: AsRef<str>>(origins: impl IntoIterator<Item = S>) -> Self {
        Self(
            origins
                .into_iter()
                .map(|o| normalize(o.as_ref()))
                .filter(|o| !o.is_empty())
                .collect(),
        )
    }

    /// Whether a request with these headers may upgrade: it has no
    /// `Origin`, or its origin's host and port are the `Host` it was sent
    /// to (the page came from this server), or its origin is allowed.
    pub fn permit(&self, headers: &HeaderMap) -> bool {
        let Some(origin) = headers.get(ORIGIN) else {
            return true;
        };
        // A header that is not text (or `null`, from sandboxed frames and
        // local files) names no page we serve.
        let Ok(origin) = origin.to_str() else {
            return false;
        };
        let origin = normalize(origin);
        let same_host = match (authority(&origin), headers.get(HOST)) {
            (Some(authority), Some(host)) => host
                .to_str()
                .is_ok_and(|host| authority.eq_ignore_ascii_case(host.trim())),
            _ => false,
        };
        same_host || self.0.contains(&origin)
    }
}

fn normalize(origin: &str) -> String {
    origin.trim().trim_end_matches('/').to_ascii_lowercase()
}

/// `host[:port]` of an `http(s)://` origin.
fn authority(origin: &str) -> Option<&str> {
    let rest = origin
        .strip_prefix("http://")
        .or_else(|| origin.strip_prefix("https://"))?;
    (!rest.is_empty() && !rest.contains('/')).then_some(rest)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(origin: Option<&str>, host: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(HOST, host.parse().unwrap());
        if let Some(origin) = origin {
            headers.insert(ORIGIN, origin.parse().unwrap());
        }
        headers
    }

    #[test]
    fn no_origin_is_a_non_browser_client_and_passes() {
        assert!(AllowedOrigins::default().permit(&headers(None, "games.example:8080")));
    }

    #[test]
    fn the_servers_own_pages_pass_whatever_the_scheme() {
        let none = AllowedOrigins::default();
        assert!(none.permit(&headers(
            Some("http://games.example:8080"),
            "games.example:8080"
        )));
        assert!(none.permit(&headers(Some("https://Games.Example"), "games.example")));
    }

    #[test]
    fn another_host_or_port_is_refused() {
        let none = AllowedOrigins::default();
        for origin in [
            "http://evil.example",
            "http://games.example:9090",
            "http://games.example.evil.example:8080",
            "null",
            "games.example:8080",
        ] {
            assert!(
                !none.permit(&headers(Some(origin), "games.example:8080")),
                "{origin}"
            );
        }
    }

    #[test]
    fn the_allow_list_matches_whole_origins() {
        let allowed = AllowedOrigins::new(["https://Play.Example/", " http://localhost:3000 "]);
        let host = "internal:8080";
        assert!(allowed.permit(&headers(Some("https://play.example"), host)));
        assert!(allowed.permit(&headers(Some("http://localhost:3000"), host)));
        assert!(!allowed.permit(&headers(Some("http://play.example"), host)));
        assert!(!allowed.permit(&headers(Some("https://play.example:444"), host)));
    }
}
