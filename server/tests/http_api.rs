//! The HTTP side: games, room creation and its refusals, room info, health,
//! metrics, the static client, and what the store keeps of secrets.

mod support;

use cubicle_protocol::{
    ApiError, ErrorCode, GameInfo, RoomInfo, RoomStatus, ServerMessage, TurnClock,
};
use serde_json::json;
use sha2::{Digest, Sha256};
use sqlx::Row;
use support::osaki::{fixture_options, Picker, Table};
use support::TestServer;

#[tokio::test]
async fn the_games_are_listed() {
    let server = TestServer::start().await;
    let games: Vec<GameInfo> = server.get("/api/games").await.json().await.unwrap();
    let osaki = games
        .iter()
        .find(|g| g.id == "osaki")
        .expect("Osaki is offered");
    assert_eq!((osaki.min_seats, osaki.max_seats), (2, 4));
    let questions: Vec<&str> = osaki.join_questions.iter().map(|q| q.id.as_str()).collect();
    assert_eq!(questions, ["left_work_at"], "Osaki asks when you left work");
    let office21 = games.iter().find(|g| g.id == "office21").unwrap();
    assert!(office21.join_questions.is_empty());
    server.stop().await;
}

#[tokio::test]
async fn a_room_is_created_and_described() {
    let server = TestServer::start().await;
    let created = server.create_room("osaki", 3, None).await;
    assert!(
        cubicle_server::ids::is_room_id(&created.room_id),
        "{}",
        created.room_id
    );
    assert_eq!(created.url, format!("/r/{}", created.room_id));
    assert_eq!(created.host_token.len(), 64);
    let other = server.create_room("osaki", 3, None).await;
    assert_ne!(other.room_id, created.room_id);
    assert_ne!(other.host_token, created.host_token);

    let info: RoomInfo = server.room_info(&created.room_id).await;
    assert_eq!(info.id, created.room_id);
    assert_eq!(info.game, "osaki");
    assert_eq!(info.status, RoomStatus::Lobby);
    assert_eq!(info.seats.len(), 3);
    assert!(info
        .seats
        .iter()
        .all(|s| s.name.is_none() && !s.connected && !s.host));
    assert!(!info.host_connected);
    assert_eq!(info.spectators, 0);

    // The answer names the game as the games list does (the room page asks
    // for nothing else); the welcome, sent on every connection, does not.
    let games: Vec<GameInfo> = server.get("/api/games").await.json().await.unwrap();
    let osaki = games.into_iter().find(|g| g.id == "osaki");
    assert!(osaki.is_some());
    assert_eq!(info.game_info.map(|g| *g), osaki);
    let mut client = server.client(&created.room_id).await;
    let (_, welcomed) = client.hello(None, None).await;
    assert_eq!(welcomed.game_info, None, "no game info in the welcome");
    match client.recv().await {
        ServerMessage::Room { room } => assert_eq!(room.game_info, None, "nor in a room update"),
        other => panic!("expected the room's update (one more spectator), got {other:?}"),
    }
    client.close().await;
    server.stop().await;
}

#[tokio::test]
async fn a_rooms_turn_clock_is_part_of_its_description() {
    let server = TestServer::start().await;
    let (status, created) = server
        .post_room(json!({"game": "office21", "seats": 2, "clock": {"per_decision_ms": 30000}}))
        .await;
    assert_eq!(status, 201, "{created}");
    let id = created["room_id"].as_str().unwrap();
    let info: RoomInfo = server.room_info(id).await;
    assert_eq!(info.clock, Some(TurnClock::FAST));
    let plain = server.create_room("office21", 2, None).await;
    assert_eq!(server.room_info(&plain.room_id).await.clock, None);
    server.stop().await;
}

async fn refused(server: &TestServer, body: serde_json::Value, status: u16, code: ErrorCode) {
    let (got_status, body_json) = server.post_room(body.clone()).await;
    assert_eq!(got_status, status, "{body} -> {body_json}");
    let error: ApiError = serde_json::from_value(body_json).unwrap();
    assert_eq!(error.code, code, "{body}: {}", error.message);
    assert!(!error.message.is_empty());
}

#[tokio::test]
async fn bad_room_requests_are_refused_and_create_nothing() {
    let server = TestServer::start().await;
    refused(
        &server,
        json!({"game": "chess", "seats": 2}),
        400,
        ErrorCode::UnknownGame,
    )
    .await;
    refused(
        &server,
        json!({"game": "osaki", "seats": 1}),
        400,
        ErrorCode::BadOptions,
    )
    .await;
    refused(
        &server,
        json!({"game": "osaki", "seats": 5}),
        400,
        ErrorCode::BadOptions,
    )
    .await;
    refused(
        &server,
        json!({"game": "osaki", "seats": 2, "options": {"speed": "fast"}}),
        400,
        ErrorCode::BadOptions,
    )
    .await;
    refused(
        &server,
        json!({"game": "osaki", "seats": 2, "options": 7}),
        400,
        ErrorCode::BadOptions,
    )
    .await;
    // A fixture that does not fit the table (3 rows for 2 seats).
    refused(
        &server,
        json!({"game": "osaki", "seats": 2, "options": fixture_options(3)}),
        400,
        ErrorCode::BadOptions,
    )
    .await;
    // Turn clocks outside 1 s to a day, or malformed.
    for ms in [0, 999, 24 * 60 * 60 * 1000 + 1] {
        refused(
            &server,
            json!({"game": "osaki", "seats": 2, "clock": {"per_decision_ms": ms}}),
            400,
            ErrorCode::BadOptions,
        )
        .await;
    }
    refused(
        &server,
        json!({"game": "osaki", "seats": 2, "clock": {"per_decision": 30000}}),
        422,
        ErrorCode::BadMessage,
    )
    .await;
    refused(
        &server,
        json!({"game": "osaki", "seats": 2, "colour": "red"}),
        422,
        ErrorCode::BadMessage,
    )
    .await;
    refused(
        &server,
        json!({"game": "osaki"}),
        422,
        ErrorCode::BadMessage,
    )
    .await;
    let response = reqwest::Client::new()
        .post(server.url("/api/rooms"))
        .header("content-type", "application/json")
        .body("{oops")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 400);
    assert_eq!(
        response.json::<ApiError>().await.unwrap().code,
        ErrorCode::BadMessage
    );
    assert_eq!(server.db.count("SELECT COUNT(*) FROM rooms").await, 0);
    server.stop().await;
}

#[tokio::test]
async fn fixtures_need_the_flag() {
    let server = TestServer::start_with(false).await;
    refused(
        &server,
        json!({"game": "osaki", "seats": 2, "options": fixture_options(2)}),
        403,
        ErrorCode::FixturesNotAllowed,
    )
    .await;
    assert_eq!(
        server.db.count("SELECT COUNT(*) FROM rooms").await,
        0,
        "nothing was created"
    );
    // Without a fixture the same server creates rooms.
    server.create_room("osaki", 2, Some(json!({}))).await;
    server
        .create_room("osaki", 2, Some(json!({"fixture": null})))
        .await;
    assert_eq!(server.db.count("SELECT COUNT(*) FROM rooms").await, 2);
    server.stop().await;

    let server = TestServer::start_with(true).await;
    server
        .create_room("osaki", 2, Some(fixture_options(2)))
        .await;
    server.stop().await;
}

#[tokio::test]
async fn health_and_metrics() {
    let server = TestServer::start().await;
    let health = server.get("/healthz").await;
    assert_eq!(health.status(), 200);
    let mut table = Table::start(&server, 2, Some(fixture_options(2))).await;
    let mut picker = Picker::new(1);
    table.play(&mut |legal| picker.pick(legal)).await;

    let response = server.get("/metrics").await;
    assert_eq!(response.status(), 200);
    assert!(response.headers()["content-type"]
        .to_str()
        .unwrap()
        .starts_with("text/plain"));
    let text = response.text().await.unwrap();
    for name in [
        "cubicle_rooms_loaded",
        "cubicle_connections",
        "cubicle_actions_total",
        "cubicle_rooms_created_total",
        "cubicle_action_broadcast_seconds_bucket",
        "cubicle_store_batch_size_bucket",
        "cubicle_store_commit_seconds_bucket",
    ] {
        assert!(text.contains(name), "{name} missing from /metrics:\n{text}");
    }
    let connections: f64 = text
        .lines()
        .find(|l| l.starts_with("cubicle_connections{kind=\"seat\"} "))
        .and_then(|l| l.split_whitespace().nth(1))
        .unwrap()
        .parse()
        .unwrap();
    assert!(
        connections >= 2.0,
        "two players are seated and connected: {connections}"
    );
    server.stop().await;
}

/// A phone on a slow link gets the client's files and the API's answers
/// compressed, as its browser accepts (brotli, else gzip), and they decode
/// to the very file; a client that accepts neither gets the plain bytes.
#[tokio::test]
async fn files_and_answers_are_compressed_for_clients_that_accept_it() {
    use std::io::Read;
    let server = TestServer::start().await;
    let plain = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../web-client/js/room.js"
    ))
    .unwrap();
    let http = reqwest::Client::new();
    let fetch = |encoding: &'static str| {
        http.get(server.url("/js/room.js"))
            .header("accept-encoding", encoding)
            .send()
    };
    let br = fetch("gzip, deflate, br").await.unwrap();
    assert_eq!(br.headers()["content-encoding"], "br");
    assert!(br.headers()["vary"]
        .to_str()
        .unwrap()
        .contains("accept-encoding"));
    let sent = br.bytes().await.unwrap();
    assert!(
        sent.len() * 3 < plain.len(),
        "brotli: {} bytes for {}",
        sent.len(),
        plain.len()
    );
    let mut decoded = Vec::new();
    brotli_decompressor::Decompressor::new(&sent[..], 4096)
        .read_to_end(&mut decoded)
        .unwrap();
    assert_eq!(decoded, plain);

    let gzip = fetch("gzip").await.unwrap();
    assert_eq!(gzip.headers()["content-encoding"], "gzip");
    let sent = gzip.bytes().await.unwrap();
    assert!(sent.len() * 3 < plain.len());
    let mut decoded = Vec::new();
    flate2::read::GzDecoder::new(&sent[..])
        .read_to_end(&mut decoded)
        .unwrap();
    assert_eq!(decoded, plain);

    let identity = fetch("identity").await.unwrap();
    assert!(identity.headers().get("content-encoding").is_none());
    assert_eq!(identity.bytes().await.unwrap().to_vec(), plain);

    // The API's JSON too.
    let games = http
        .get(server.url("/api/games"))
        .header("accept-encoding", "gzip")
        .send()
        .await
        .unwrap();
    assert_eq!(games.headers()["content-encoding"], "gzip");
    server.stop().await;
}

#[tokio::test]
async fn the_web_client_is_served() {
    let server = TestServer::start().await;
    let index = server.get("/").await;
    assert_eq!(index.status(), 200);
    assert_eq!(index.headers()["content-type"], "text/html; charset=utf-8");
    assert_eq!(index.headers()["cache-control"], "no-cache");
    let etag = index.headers()["etag"].to_str().unwrap().to_owned();
    let body = index.text().await.unwrap();
    assert_eq!(
        unversioned(&body),
        unversioned(
            &std::fs::read_to_string(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../web-client/index.html"
            ))
            .unwrap()
        )
    );

    let again = reqwest::Client::new()
        .get(server.url("/"))
        .header("if-none-match", &etag)
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), 304);

    let room = server
        .get(&format!("/r/{}", cubicle_server::ids::new_room_id()))
        .await;
    assert_eq!(room.status(), 200);
    assert_eq!(
        unversioned(&room.text().await.unwrap()),
        unversioned(
            &std::fs::read_to_string(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../web-client/room.html"
            ))
            .unwrap()
        )
    );

    // Every other client file at its own path, with its type.
    let dir = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../web-client"));
    let mut checked = 0;
    for entry in walk(dir) {
        let path = entry
            .strip_prefix(dir)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        let response = server.get(&format!("/{path}")).await;
        assert_eq!(response.status(), 200, "{path}");
        let content_type = response.headers()["content-type"]
            .to_str()
            .unwrap()
            .to_owned();
        if path.ends_with(".js") {
            assert_eq!(content_type, "text/javascript; charset=utf-8");
        } else if path.ends_with(".css") {
            assert_eq!(content_type, "text/css; charset=utf-8");
        }
        let served = response.bytes().await.unwrap();
        let file = std::fs::read(&entry).unwrap();
        if path.ends_with(".html") {
            // Pages name the versioned files (see below).
            let served = unversioned(std::str::from_utf8(&served).unwrap());
            let file = unversioned(std::str::from_utf8(&file).unwrap());
            assert_eq!(served, file, "{path}");
        } else {
            assert_eq!(served, file, "{path}");
        }
        checked += 1;
    }
    assert!(checked >= 3, "the client has files");

    for missing in ["/nope.js", "/r/", "/../Cargo.toml", "/%2e%2e/Cargo.toml"] {
        assert_eq!(server.get(missing).await.status(), 404, "{missing}");
    }
    // A mistyped page address gets a page with a way back, not bare text.
    let lost = server.get("/rooms/abc").await;
    assert_eq!(lost.status(), 404);
    assert_eq!(lost.headers()["content-type"], "text/html; charset=utf-8");
    let page = lost.text().await.unwrap();
    // (Marked for translation: `<h1 data-i18n>`, `<a href="/" data-i18n>`.)
    assert!(page.contains(">Page not found</h1>"), "{page}");
    assert!(page.contains(r#"<a href="/""#), "a link to the start page");
    server.stop().await;
}

/// A page as the server sends it, or its file, without what the server
/// changes (its stylesheets, module scripts and preload hints: one bundle,
/// or the files with hints) and with its references unversioned: the rest
/// of the page is the file's.
fn unversioned(page: &str) -> String {
    // A script the server wrote into the page (the room's early socket)
    // counts as an asset: its file is on the disk.
    let mut page = page.to_owned();
    while let Some(start) = page.find("<script>") {
        let end = page[start..].find("</script>").unwrap() + start;
        page.replace_range(start..end + "</script>".len(), "<script type=\"module\">");
    }
    let without_assets: String = page
        .split_inclusive('\n')
        .filter(|line| {
            let line = line.trim_start();
            !(line.starts_with("<link rel=\"modulepreload\"")
                || line.starts_with("<link rel=\"preload\"")
                || line.starts_with("<link rel=\"stylesheet\"")
                || line.starts_with("<script type=\"module\""))
        })
        .collect();
    match page_version(&page) {
        Some(version) => without_assets.replace(&format!("/v/{version}/"), "/"),
        None => without_assets,
    }
}

/// The client version a page names (`/v/{version}/...`).
fn page_version(page: &str) -> Option<String> {
    let at = page.find("=\"/v/")? + 5;
    let version: String = page[at..]
        .chars()
        .take_while(|c| c.is_ascii_hexdigit())
        .collect();
    (version.len() == 16).then_some(version)
}

/// The files a page loads by versioned name (`href`/`src` under /v/).
fn versioned_refs(page: &str, version: &str) -> Vec<String> {
    let prefix = format!("=\"/v/{version}/");
    page.match_indices(&prefix)
        .map(|(at, _)| {
            let rest = &page[at + prefix.len()..];
            rest[..rest.find('"').unwrap()].to_owned()
        })
        .collect()
}

/// Issue 14, "Fast on a phone": every client file is also served under
/// /v/{version}/ (a digest of all of them), cached for a year without
/// revalidation; the pages stay no-cache and name those paths, with
/// modulepreload hints for their scripts' static imports; an old version's
/// path redirects to the current one, never serving a file forever under the
/// wrong name.
#[tokio::test]
async fn versioned_files_are_cached_for_good_and_pages_name_them() {
    let server = TestServer::start().await;
    let dir = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../web-client"));
    let room_page = server
        .get(&format!("/r/{}", cubicle_server::ids::new_room_id()))
        .await;
    assert_eq!(room_page.headers()["cache-control"], "no-cache");
    let room_page = room_page.text().await.unwrap();
    let version = page_version(&room_page).expect("the room page names versioned files");
    assert!(
        !room_page.contains("=\"/js/") && !room_page.contains("=\"/css/"),
        "{room_page}"
    );
    let refs = versioned_refs(&room_page, &version);
    assert!(refs.contains(&"js/room.js".to_owned()), "{refs:?}");
    assert!(refs.contains(&"css/site.css".to_owned()), "{refs:?}");
    assert!(
        room_page.contains(&format!(
            "<link rel=\"modulepreload\" href=\"/v/{version}/js/dom.js\">"
        )),
        "the room script's imports are preloaded: {room_page}"
    );
    assert!(
        !room_page.contains("/games/osaki/") && !room_page.contains("vendor/qrcode"),
        "an unknown room preloads no game module, nor what loads on use: {room_page}"
    );

    for page in ["/", "/replay.html", "/no/such/page"] {
        let response = server.get(page).await;
        assert_eq!(response.headers()["cache-control"], "no-cache", "{page}");
        let body = response.text().await.unwrap();
        assert_eq!(
            page_version(&body).as_deref(),
            Some(version.as_str()),
            "{page}: {body}"
        );
    }

    for path in &refs {
        let response = server.get(&format!("/v/{version}/{path}")).await;
        assert_eq!(response.status(), 200, "{path}");
        assert_eq!(
            response.headers()["cache-control"],
            "public, max-age=31536000, immutable",
            "{path}"
        );
        assert_eq!(
            response.bytes().await.unwrap(),
            std::fs::read(dir.join(path)).unwrap(),
            "{path}: the versioned path serves the file itself"
        );
        // The old path still works, revalidated each time.
        let plain = server.get(&format!("/{path}")).await;
        assert_eq!(plain.status(), 200, "{path}");
        assert_eq!(plain.headers()["cache-control"], "no-cache", "{path}");
    }

    // Brotli, at its best, still decodes to the file.
    let br = reqwest::Client::new()
        .get(server.url(&format!("/v/{version}/js/room.js")))
        .header("accept-encoding", "gzip, br")
        .send()
        .await
        .unwrap();
    assert_eq!(br.headers()["content-encoding"], "br");
    assert_eq!(
        br.headers()["cache-control"],
        "public, max-age=31536000, immutable"
    );
    let mut decoded = Vec::new();
    std::io::Read::read_to_end(
        &mut brotli_decompressor::Decompressor::new(&br.bytes().await.unwrap()[..], 4096),
        &mut decoded,
    )
    .unwrap();
    assert_eq!(decoded, std::fs::read(dir.join("js/room.js")).unwrap());

    // Another version: redirected, not kept.
    let other = if version.starts_with('0') { "1" } else { "0" }.repeat(16);
    let no_redirects = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let old = no_redirects
        .get(server.url(&format!("/v/{other}/js/room.js")))
        .send()
        .await
        .unwrap();
    assert_eq!(old.status(), 307);
    assert_eq!(
        old.headers()["location"],
        format!("/v/{version}/js/room.js").as_str()
    );
    assert_eq!(old.headers()["cache-control"], "no-store");
    // A missing file under the version is a plain 404, not kept either.
    let missing = server.get(&format!("/v/{version}/js/nope.js")).await;
    assert_eq!(missing.status(), 404);
    assert_eq!(missing.headers()["cache-control"], "no-cache");
    for bad in [
        format!("/v/{version}/../Cargo.toml"),
        format!("/v/{version}/"),
        "/v/".to_owned(),
    ] {
        assert_eq!(server.get(&bad).await.status(), 404, "{bad}");
    }
    server.stop().await;
}

/// The page of a new two-player Osaki room.
async fn osaki_room_page(server: &TestServer) -> String {
    let table = Table::start(server, 2, None).await;
    let page = server.get(&format!("/r/{}", table.room_id)).await;
    page.text().await.unwrap()
}

/// A room page loads one script and one stylesheet, its bundle, with its
/// game's modules in it (the page loads them as soon as it knows the game)
/// and nothing of the other games; unbundled, it preloads the same modules.
#[tokio::test]
async fn a_room_page_loads_one_bundle_with_only_its_own_game() {
    let server = TestServer::start().await;
    let page = osaki_room_page(&server).await;
    let version = page_version(&page).unwrap();
    assert_eq!(
        versioned_refs(&page, &version),
        ["bundle/room.osaki.css", "bundle/room.osaki.js"],
        "{page}"
    );
    let script = server
        .get(&format!("/v/{version}/bundle/room.osaki.js"))
        .await;
    assert_eq!(script.status(), 200);
    assert_eq!(
        script.headers()["cache-control"],
        "public, max-age=31536000, immutable"
    );
    assert_eq!(
        script.headers()["content-type"],
        "text/javascript; charset=utf-8"
    );
    let script = script.text().await.unwrap();
    for module in [
        "js/room.js",
        "js/games/osaki/index.js",
        "js/games/osaki/table.js",
    ] {
        assert!(script.contains(&format!("$$def(\"{module}\"")), "{module}");
    }
    for other in ["office21", "dilbert"] {
        assert!(!script.contains(&format!("js/games/{other}/")), "{other}");
    }
    let style = server
        .get(&format!("/v/{version}/bundle/room.osaki.css"))
        .await;
    assert_eq!(style.headers()["content-type"], "text/css; charset=utf-8");
    // The game's own stylesheet ends the bundle's, and its link says so
    // (the game's module then does not link it again); no other game's.
    let style = style.text().await.unwrap();
    assert!(style.contains(".tile"));
    for (other, mark) in [("office21", ".o21-status"), ("dilbert", ".dl-table")] {
        assert!(!style.contains(mark), "{other}");
    }
    assert!(
        page.contains("/bundle/room.osaki.css\" data-game-css=\"osaki\">"),
        "{page}"
    );
    assert!(!page.contains("/css/osaki.css"), "{page}");
    // No bundle for a page the client does not have, nor a name that is not one.
    for bad in [
        "bundle/nope.js",
        "bundle/room.js",
        "bundle/room.chess.js",
        "bundle/room.x%2fy.js",
        "bundle/room.osaki.txt",
    ] {
        assert_eq!(
            server.get(&format!("/v/{version}/{bad}")).await.status(),
            404,
            "{bad}"
        );
    }
    server.stop().await;

    let plain = TestServer::start_configured(support::TestDb::new().await, |config| {
        config.unbundled_client = true;
    })
    .await;
    let page = osaki_room_page(&plain).await;
    let version = page_version(&page).unwrap();
    assert!(
        page.contains(&format!(
            "<link rel=\"modulepreload\" href=\"/v/{version}/js/games/osaki/index.js\">"
        )),
        "{page}"
    );
    assert!(!page.contains("/bundle/"), "{page}");
    assert!(
        page.contains(&format!(
            "<link rel=\"preload\" as=\"style\" href=\"/v/{version}/css/osaki.css\">"
        )),
        "{page}"
    );
    for other in ["office21", "dilbert"] {
        assert!(
            !page.contains(&format!("/games/{other}/")),
            "{other}: {page}"
        );
        assert!(
            !page.contains(&format!("/css/{other}.css")),
            "{other}: {page}"
        );
    }
    assert_eq!(
        plain
            .get(&format!("/v/{version}/bundle/room.osaki.js"))
            .await
            .status(),
        404,
        "no bundles when unbundled"
    );
    plain.stop().await;
}

fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files.extend(walk(&path));
        } else {
            files.push(path);
        }
    }
    files
}

#[tokio::test]
async fn the_store_keeps_only_token_hashes_and_the_seed_stays_inside() {
    let server = TestServer::start().await;
    let mut table = Table::start(&server, 2, None).await;
    let mut picker = Picker::new(4);
    for _ in 0..3 {
        table.play(&mut |legal| picker.pick(legal)).await;
    }
    let pool = server.db.inspect().await;
    let row = sqlx::query("SELECT seed, host_token_hash FROM rooms WHERE id = $1")
        .bind(table.room_id.clone())
        .fetch_one(&pool)
        .await
        .unwrap();
    let seed: String = row.try_get("seed").unwrap();
    let host_hash: String = row.try_get("host_token_hash").unwrap();
    assert_eq!(
        host_hash,
        hex::encode(Sha256::digest(table.host_token.as_bytes()))
    );
    let hashes: Vec<String> =
        sqlx::query("SELECT token_hash FROM seats WHERE room_id = $1 ORDER BY seat")
            .bind(table.room_id.clone())
            .fetch_all(&pool)
            .await
            .unwrap()
            .iter()
            .map(|r| r.try_get("token_hash").unwrap())
            .collect();
    let expected: Vec<String> = table
        .players
        .iter()
        .map(|p| hex::encode(Sha256::digest(p.token.as_bytes())))
        .collect();
    assert_eq!(hashes, expected);
    // No token in clear anywhere in the database.
    for (table_name, columns) in [
        ("rooms", "id || game || options || seed || host_token_hash || status || COALESCE(setup, '') || COALESCE(outcome, '')"),
        ("seats", "room_id || token_hash || name || answers"),
        ("actions", "room_id || client_id || action"),
    ] {
        let all: Vec<String> = sqlx::query(&format!("SELECT {columns} AS everything FROM {table_name}"))
            .fetch_all(&pool)
            .await
            .unwrap()
            .iter()
            .map(|r| r.try_get("everything").unwrap())
            .collect();
        for player in &table.players {
            assert!(all.iter().all(|text| !text.contains(&player.token)), "a token is stored in {table_name}");
        }
    }
    pool.close().await;
    // The seed never reaches a client.
    for player in &table.players {
        assert!(player
            .client
            .received
            .iter()
            .all(|text| !text.contains(&seed)));
    }
    server.stop().await;
}

#[tokio::test]
async fn the_client_can_be_served_from_a_directory() {
    let db = support::TestDb::new().await;
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("index.html"), "<html>from disk</html>").unwrap();
    std::fs::write(dir.path().join("room.html"), "<html>room from disk</html>").unwrap();
    std::fs::create_dir(dir.path().join("js")).unwrap();
    std::fs::write(dir.path().join("js/app.js"), "export {};").unwrap();
    let mut config = cubicle_server::Config::new("127.0.0.1:0".parse().unwrap(), db.url.clone());
    config.static_dir = Some(dir.path().to_owned());
    let server = cubicle_server::Server::start(config).await.unwrap();
    let base = format!("http://{}", server.local_addr());
    let get = |path: &str| reqwest::get(format!("{base}{path}"));
    assert_eq!(
        get("/").await.unwrap().text().await.unwrap(),
        "<html>from disk</html>"
    );
    let room = get("/r/abc").await.unwrap();
    assert_eq!(room.text().await.unwrap(), "<html>room from disk</html>");
    let js = get("/js/app.js").await.unwrap();
    assert_eq!(
        js.headers()["content-type"],
        "text/javascript; charset=utf-8"
    );
    assert_eq!(js.text().await.unwrap(), "export {};");
    // Changes show without a restart.
    std::fs::write(dir.path().join("js/app.js"), "export const x = 1;").unwrap();
    assert_eq!(
        get("/js/app.js").await.unwrap().text().await.unwrap(),
        "export const x = 1;"
    );
    assert_eq!(get("/missing.css").await.unwrap().status(), 404);
    server.shutdown().await.unwrap();
    db.cleanup().await;
}

/// Asserts the headers every response carries, whatever it is: an API
/// answer (JSON) or an SVG image needs nothing and is allowed nothing; a
/// page, an error page or any other text gets the pages' policy.
fn assert_security_headers(response: &reqwest::Response, what: &str) {
    let headers = response.headers();
    let csp = headers
        .get("content-security-policy")
        .unwrap_or_else(|| panic!("{what}: no Content-Security-Policy"))
        .to_str()
        .unwrap();
    assert_eq!(headers["x-content-type-options"], "nosniff", "{what}");
    assert_eq!(headers["referrer-policy"], "no-referrer", "{what}");
    assert_eq!(headers["x-frame-options"], "DENY", "{what}");
    let kind = headers["content-type"].to_str().unwrap();
    if kind.starts_with("application/json") || kind.starts_with("image/svg+xml") {
        assert_eq!(csp, "default-src 'none'; frame-ancestors 'none'", "{what}");
        return;
    }
    // Beside 'self', only the hashes of scripts the server wrote into the
    // page (the room page's early socket): never 'unsafe-inline'.
    let script_src = csp
        .split(';')
        .map(str::trim)
        .find(|d| d.starts_with("script-src"))
        .unwrap_or_else(|| panic!("{what}: no script-src in {csp:?}"));
    let mut sources = script_src.split_whitespace().skip(1);
    assert_eq!(sources.next(), Some("'self'"), "{what}: {script_src}");
    assert!(
        sources.all(|s| s.starts_with("'sha256-") && s.ends_with('\'')),
        "{what}: {script_src}"
    );
    for directive in [
        "default-src 'self'",
        "frame-ancestors 'none'",
        "base-uri 'none'",
    ] {
        assert!(
            csp.split(';').any(|d| d.trim() == directive),
            "{what}: {directive:?} missing from {csp:?}"
        );
    }
    let connect = csp
        .split(';')
        .map(str::trim)
        .find(|d| d.starts_with("connect-src"))
        .unwrap_or_else(|| panic!("{what}: no connect-src in {csp:?}"));
    assert!(connect.contains("'self'"), "{what}: {connect}");
    assert!(!csp.contains("unsafe-"), "{what}: {csp}");
    assert_eq!(headers["x-content-type-options"], "nosniff", "{what}");
    assert_eq!(headers["referrer-policy"], "no-referrer", "{what}");
}

#[tokio::test]
async fn every_response_carries_the_security_headers() {
    let server = TestServer::start().await;
    let room = server.create_room("osaki", 2, None).await;
    for (path, status) in [
        ("/", 200),
        (room.url.as_str(), 200),
        ("/img/osaki.svg", 200),
        ("/api/games", 200),
        ("/healthz", 200),
        ("/api/rooms/nosuchroom", 404),
        ("/nope.js", 404),
    ] {
        let response = server.get(path).await;
        assert_eq!(response.status(), status, "{path}");
        assert_security_headers(&response, path);
    }
    let refused = reqwest::Client::new()
        .post(server.url("/api/rooms"))
        .header("content-type", "application/json")
        .body("{not json")
        .send()
        .await
        .unwrap();
    assert_eq!(refused.status(), 400);
    assert_security_headers(&refused, "a refused POST");
    // Scripts and stylesheets are never shown as documents: no policy
    // (its bytes on every one of them weighed on a phone's first load),
    // but never sniffed either.
    for path in ["/js/room.js", "/css/site.css"] {
        let response = server.get(path).await;
        assert_eq!(response.status(), 200, "{path}");
        let headers = response.headers();
        assert_eq!(headers["x-content-type-options"], "nosniff", "{path}");
        assert_eq!(headers["referrer-policy"], "no-referrer", "{path}");
        assert!(
            headers.get("content-security-policy").is_none(),
            "{path}: a script or stylesheet needs no policy"
        );
    }
    server.stop().await;
}

/// The room page's early socket is written into the page (it runs at the
/// top of the head, not a round trip later: docs/performance.md, "First
/// load"), and the page's policy lets exactly that script run, by its hash.
#[tokio::test]
async fn the_room_pages_inline_script_is_allowed_by_its_hash_alone() {
    use base64::Engine as _;
    use sha2::Digest as _;
    let server = TestServer::start().await;
    let room = server.create_room("osaki", 2, None).await;
    let response = server.get(&room.url).await;
    let csp = response.headers()["content-security-policy"]
        .to_str()
        .unwrap()
        .to_owned();
    let html = response.text().await.unwrap();
    let inline: Vec<&str> = html
        .split("<script>")
        .skip(1)
        .map(|rest| &rest[..rest.find("</script>").unwrap()])
        .collect();
    assert_eq!(inline.len(), 1, "one inline script: {html}");
    assert!(
        inline[0].contains("/ws/rooms/"),
        "it opens the room's socket"
    );
    assert!(!html.contains("room-early.js"), "not also loaded as a file");
    let hash = base64::engine::general_purpose::STANDARD.encode(sha2::Sha256::digest(inline[0]));
    let script_src = csp
        .split(';')
        .map(str::trim)
        .find(|d| d.starts_with("script-src"))
        .unwrap();
    assert_eq!(script_src, format!("script-src 'self' 'sha256-{hash}'"));
    // Pages with nothing inline keep the plain policy.
    let start = server.get("/").await;
    let plain = start.headers()["content-security-policy"].to_str().unwrap();
    assert!(plain.contains("script-src 'self';"), "{plain}");
    server.stop().await;
}

/// The policy forbids inline script, inline style and `style` attributes:
/// the client must need none of them, or its pages would break in the
/// browser while every test here passes.
#[test]
fn the_client_needs_nothing_the_policy_forbids() {
    let dir = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../web-client"));
    let mut pages = 0;
    for path in walk(dir) {
        let text = match path.extension().and_then(|e| e.to_str()) {
            Some("html" | "js" | "mjs" | "svg") => std::fs::read_to_string(&path).unwrap(),
            _ => continue,
        };
        let name = path.display();
        let lower = text.to_ascii_lowercase();
        // A vendored library is kept byte for byte as published (its
        // checksum is in web-client/README.md): its unused HTML-string
        // helpers write style attributes the client never asks for, and
        // which the CSP would block anyway. Everything else holds for it.
        let vendored = path.components().any(|c| c.as_os_str() == "vendor");
        if path.extension().is_some_and(|e| e == "html") {
            pages += 1;
            for script in lower.split("<script").skip(1) {
                let tag = &script[..script.find('>').unwrap()];
                assert!(tag.contains(" src="), "{name}: inline <script>");
            }
        }
        assert!(!lower.contains("<style"), "{name}: inline <style>");
        assert!(
            vendored || !lower.contains(" style="),
            "{name}: a style attribute"
        );
        assert!(
            !lower.contains("'style'"),
            "{name}: a style attribute set from script"
        );
        assert!(!lower.contains("javascript:"), "{name}: a javascript: URL");
        for handler in ["onclick=", "onload=", "onsubmit=", "oninput=", "onchange="] {
            assert!(
                !lower.contains(handler),
                "{name}: an inline {handler} handler"
            );
        }
        for banned in ["eval(", "new function("] {
            assert!(!lower.contains(banned), "{name}: {banned}");
        }
    }
    assert!(pages >= 2, "the client has pages");
}

/// A room's short code opens its lobby, however it is typed, and nothing
/// once the game has started; guessing is limited per address.
#[tokio::test]
async fn a_room_code_opens_the_lobby_until_the_game_starts() {
    let server = TestServer::start().await;
    let created = server.create_room("osaki", 2, None).await;
    let code = created.code.clone();
    assert_eq!(code.len(), 9, "two groups of four: {code}");
    assert_eq!(&code[4..5], "-");
    assert_eq!(
        server.room_info(&created.room_id).await.code.as_deref(),
        Some(code.as_str()),
        "the lobby shows its code"
    );
    for typed in [code.clone(), code.to_lowercase().replace('-', " ")] {
        let found = server.get(&format!("/api/codes/{typed}")).await;
        assert_eq!(found.status(), 200, "{typed}");
        let found: cubicle_protocol::RoomFound = found.json().await.unwrap();
        assert_eq!(found.room_id, created.room_id);
        assert_eq!(found.url, created.url);
    }
    let other = if code.starts_with('2') {
        "3333-3333"
    } else {
        "2222-2222"
    };
    let missing = server.get(&format!("/api/codes/{other}")).await;
    assert_eq!(missing.status(), 404);
    let body: serde_json::Value = missing.json().await.unwrap();
    assert_eq!(body["code"], "unknown_room");

    // Once the game starts, the code opens nothing and is not shown.
    let room_id = created.room_id.clone();
    let table = Table::start_in(server.addr, created, 2).await;
    assert_eq!(server.room_info(&room_id).await.code, None);
    assert_eq!(
        server.get(&format!("/api/codes/{code}")).await.status(),
        404
    );
    drop(table);

    // Ten tries at once, then one every six seconds.
    let mut limited = None;
    for _ in 0..12 {
        let response = server.get("/api/codes/2345-6789").await;
        if response.status() == 429 {
            limited = Some(response);
            break;
        }
        assert_eq!(response.status(), 404);
    }
    let limited = limited.expect("guessing is rate-limited");
    assert!(limited.headers().contains_key("retry-after"));
    let body: serde_json::Value = limited.json().await.unwrap();
    assert_eq!(body["code"], "rate_limited");
    server.stop().await;
}
