//! docs/protocol.md against the published JSON Schema (`GET /api/schema`):
//! every JSON example in the document is valid for the type it names, game
//! payloads inside snapshots and updates included, and every message type
//! of the protocol has at least one example. A client written from the
//! document alone therefore sends what the server accepts.
//!
//! An example is a fenced block whose info string is `json <Root>`, where
//! `<Root>` is one of `cubicle_protocol::schema::ROOTS` (e.g. ```` ```json
//! ClientMessage ````). A block may hold several JSON values one after the
//! other.

use std::collections::BTreeSet;

use cubicle_protocol::schema::{protocol_schema, schema_for_root, ROOTS};
use serde_json::Value;

mod support;

struct Example {
    root: String,
    /// Line of the opening fence, for messages.
    line: usize,
    value: Value,
}

fn examples() -> Vec<Example> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/protocol.md");
    let doc = std::fs::read_to_string(path).expect("docs/protocol.md");
    let mut examples = Vec::new();
    let mut block: Option<(usize, String, String)> = None;
    for (index, line) in doc.lines().enumerate() {
        let fence = line.trim_start();
        match block.as_mut() {
            None => {
                let Some(info) = fence.strip_prefix("```json") else {
                    continue;
                };
                let root = info.trim();
                assert!(
                    ROOTS.contains(&root),
                    "docs/protocol.md:{}: a JSON example must name its type (```json <Root>, one of {ROOTS:?}), not {root:?}",
                    index + 1
                );
                block = Some((index + 1, root.to_owned(), String::new()));
            }
            Some((_, _, text)) if fence != "```" => {
                text.push_str(line);
                text.push('\n');
            }
            Some(_) => {
                let (line, root, text) = block.take().unwrap();
                let values: Vec<Value> = serde_json::Deserializer::from_str(&text)
                    .into_iter()
                    .collect::<Result<_, _>>()
                    .unwrap_or_else(|e| panic!("docs/protocol.md:{line}: not JSON ({e}):\n{text}"));
                assert!(!values.is_empty(), "docs/protocol.md:{line}: empty example");
                examples.extend(values.into_iter().map(|value| Example {
                    root: root.clone(),
                    line,
                    value,
                }));
            }
        }
    }
    assert!(block.is_none(), "docs/protocol.md ends inside a code block");
    examples
}

/// Every error of `value` as `root` (empty: valid).
fn errors(root: &str, value: &Value) -> Vec<String> {
    let schema = schema_for_root(root).expect("a root");
    let validator = jsonschema::validator_for(&schema).expect("the schema compiles");
    validator
        .iter_errors(value)
        .map(|e| format!("{e} at {}", e.instance_path()))
        .collect()
}

/// Validates `value` as `root`; panics with every error found.
fn check(root: &str, value: &Value, line: usize) {
    let errors = errors(root, value);
    assert!(
        errors.is_empty(),
        "docs/protocol.md:{line}: this {root} example is refused by the schema:\n{}\n{value:#}",
        errors.join("\n")
    );
}

/// The game payloads a snapshot or update carries, as (root, value). An
/// update does not name its game: it belongs to the game of the last
/// snapshot shown before it in the document (`game`, kept up to date here).
fn game_payloads<'a>(message: &'a Value, game: &mut Option<String>) -> Vec<(String, &'a Value)> {
    let (body, events) = match message["type"].as_str() {
        Some("snapshot") => {
            *game = message["game"]["game"].as_str().map(str::to_owned);
            (&message["game"], "log")
        }
        Some("update") => (&message["update"], "events"),
        _ => return Vec::new(),
    };
    let game = game
        .as_deref()
        .expect("an update example follows a snapshot example");
    let event = if game == "office21" {
        "EventView"
    } else {
        "Event"
    };
    let mut payloads = Vec::new();
    if let Some(board) = body.get("board") {
        payloads.push((format!("{game}/Board"), board));
    }
    // An update with `view_patch` has no `view`.
    if let Some(view) = body.get("view") {
        payloads.push((format!("{game}/View"), view));
    }
    for action in body["legal"].as_array().into_iter().flatten() {
        payloads.push((format!("{game}/Action"), action));
    }
    for logged in body[events].as_array().into_iter().flatten() {
        if let Some(e) = logged.get("event") {
            payloads.push((format!("{game}/{event}"), e));
        }
    }
    payloads
}

#[test]
fn every_example_in_the_protocol_document_is_valid() {
    let examples = examples();
    assert!(
        examples.len() > 20,
        "only {} examples found",
        examples.len()
    );
    let mut game = None;
    for example in &examples {
        check(&example.root, &example.value, example.line);
        if example.root == "ServerMessage" {
            for (root, value) in game_payloads(&example.value, &mut game) {
                check(&root, value, example.line);
            }
        }
        // An `act` does not name its game either: its action must be an
        // action of some game.
        if example.root == "ClientMessage" && example.value["type"] == "act" {
            let action = &example.value["action"];
            assert!(
                ["osaki/Action", "office21/Action"]
                    .iter()
                    .any(|root| errors(root, action).is_empty()),
                "docs/protocol.md:{}: {action} is no game's action",
                example.line
            );
        }
    }
}

/// The `type` tags a root message enum defines, read from the schema.
fn tags(schema: &Value, root: &str) -> BTreeSet<String> {
    let definition = &schema["$defs"][root];
    definition["oneOf"]
        .as_array()
        .unwrap_or_else(|| panic!("{root} is a tagged enum: {definition}"))
        .iter()
        .map(|variant| {
            variant["properties"]["type"]["const"]
                .as_str()
                .unwrap_or_else(|| panic!("a {root} variant without a type tag: {variant}"))
                .to_owned()
        })
        .collect()
}

#[test]
fn every_message_type_has_an_example() {
    let schema = protocol_schema();
    let examples = examples();
    for root in ["ClientMessage", "ServerMessage"] {
        let shown: BTreeSet<String> = examples
            .iter()
            .filter(|e| e.root == root)
            .filter_map(|e| e.value["type"].as_str().map(str::to_owned))
            .collect();
        let missing: Vec<_> = tags(&schema, root).difference(&shown).cloned().collect();
        assert!(
            missing.is_empty(),
            "docs/protocol.md has no example of the {root}s {missing:?}"
        );
    }
}

/// An Office 21 event carries a secret when one of its fields may be `null`
/// (filled for its owner only; `director_discarded.card` is the one nullable
/// field that is not a secret, and showing both of its forms does no harm).
/// Each must be shown in the document filled and `null`.
#[test]
fn every_office21_secret_is_shown_filled_and_hidden() {
    let schema = protocol_schema();
    let events = schema["$defs"]["office21"]["$defs"]["EventView"]["oneOf"]
        .as_array()
        .expect("EventView is a tagged enum");
    let secret_events: Vec<(String, Vec<String>)> = events
        .iter()
        .filter_map(|variant| {
            let kind = variant["properties"]["kind"]["const"].as_str()?.to_owned();
            let secrets: Vec<String> = variant["properties"]
                .as_object()?
                .iter()
                .filter(|(_, field)| may_be_null(field))
                .map(|(name, _)| name.clone())
                .collect();
            (!secrets.is_empty()).then_some((kind, secrets))
        })
        .collect();
    assert!(
        secret_events
            .iter()
            .any(|(kind, _)| kind == "director_looked"),
        "the secret detection found {secret_events:?}"
    );
    let shown: Vec<Value> = examples()
        .into_iter()
        .filter(|e| e.root == "office21/EventView")
        .map(|e| e.value)
        .collect();
    for (kind, secrets) in secret_events {
        for secret in secrets {
            let of_kind = || shown.iter().filter(|e| e["kind"] == kind.as_str());
            assert!(
                of_kind().any(|e| !e[&secret].is_null()),
                "docs/protocol.md shows no {kind} with its {secret} filled"
            );
            assert!(
                of_kind().any(|e| e[&secret].is_null()),
                "docs/protocol.md shows no {kind} with its {secret} null"
            );
        }
    }
}

fn may_be_null(field: &Value) -> bool {
    match &field["type"] {
        Value::Array(types) => types.iter().any(|t| t == "null"),
        Value::String(t) => t == "null",
        _ => field["anyOf"]
            .as_array()
            .or(field["oneOf"].as_array())
            .is_some_and(|options| options.iter().any(may_be_null)),
    }
}

#[tokio::test]
async fn the_server_publishes_the_schema() {
    let server = support::TestServer::start().await;
    let response = server.get("/api/schema").await;
    assert_eq!(response.status(), 200);
    let published: Value = response.json().await.unwrap();
    assert_eq!(published, protocol_schema());
    assert!(jsonschema::validator_for(&published).is_ok());
    server.stop().await;
}

/// The metrics register one refusal series per `ErrorCode::ALL` entry, so a
/// code missing from the list would appear only after its first use.
#[test]
fn error_code_all_lists_every_code_the_schema_knows() {
    let schema = protocol_schema();
    let definition = &schema["$defs"]["ErrorCode"];
    let mut in_schema = BTreeSet::new();
    for variant in definition["oneOf"].as_array().into_iter().flatten() {
        if let Some(name) = variant["const"].as_str() {
            in_schema.insert(name.to_owned());
        }
        for name in variant["enum"].as_array().into_iter().flatten() {
            in_schema.insert(name.as_str().expect("a code is a string").to_owned());
        }
    }
    for name in definition["enum"].as_array().into_iter().flatten() {
        in_schema.insert(name.as_str().expect("a code is a string").to_owned());
    }
    let listed: BTreeSet<String> = cubicle_protocol::ErrorCode::ALL
        .iter()
        .map(|c| {
            assert_eq!(serde_json::to_value(c).unwrap(), c.name(), "wire name");
            c.name().to_owned()
        })
        .collect();
    assert_eq!(
        listed.len(),
        cubicle_protocol::ErrorCode::ALL.len(),
        "no code twice"
    );
    assert_eq!(listed, in_schema);
}
