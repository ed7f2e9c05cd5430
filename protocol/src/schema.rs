//! The protocol as a JSON Schema (draft 2020-12), generated from the types of
//! this crate, so that a client in any language can validate what it sends
//! and what it receives. The server publishes it at `GET /api/schema`.
//!
//! One document holds every type under `$defs`: the envelope's types
//! directly (`#/$defs/ClientMessage`), each game's under its own id
//! (`#/$defs/osaki/$defs/Action`), because games reuse short names such as
//! `Action` and `View`. [`ROOTS`] lists the types a client validates
//! messages against; [`schema_for_root`] makes a schema for one of them.

use schemars::generate::SchemaSettings;
use schemars::SchemaGenerator;
use serde_json::{json, Map, Value};

use crate::record::{GameRecord, Replay};
use crate::{
    dilbert, office21, osaki, ApiError, ClientMessage, CreateRoom, GameInfo, RoomCreated,
    RoomFound, RoomInfo, ServerMessage, PROTOCOL_VERSION,
};

/// The types a message or body can be validated against, by the name used
/// in [`schema_for_root`] (and in the example blocks of docs/protocol.md).
pub const ROOTS: [&str; 25] = [
    "ClientMessage",
    "ServerMessage",
    "RoomInfo",
    "GameRecord",
    "Replay",
    "CreateRoom",
    "RoomCreated",
    "RoomFound",
    "GameInfo",
    "ApiError",
    "osaki/Action",
    "osaki/Event",
    "osaki/View",
    "osaki/Board",
    "osaki/Options",
    "office21/Action",
    "office21/EventView",
    "office21/View",
    "office21/Board",
    "office21/Options",
    "dilbert/Action",
    "dilbert/EventView",
    "dilbert/View",
    "dilbert/Board",
    "dilbert/Options",
];

/// The whole protocol: every type under `$defs` (see the module
/// documentation).
pub fn protocol_schema() -> Value {
    let mut defs = definitions("/$defs", |g| {
        g.subschema_for::<ClientMessage>();
        g.subschema_for::<ServerMessage>();
        g.subschema_for::<RoomInfo>();
        g.subschema_for::<GameRecord>();
        g.subschema_for::<Replay>();
        g.subschema_for::<CreateRoom>();
        g.subschema_for::<RoomCreated>();
        g.subschema_for::<RoomFound>();
        g.subschema_for::<GameInfo>();
        g.subschema_for::<ApiError>();
    });
    let osaki = definitions("/$defs/osaki/$defs", |g| {
        g.subschema_for::<osaki::Action>();
        g.subschema_for::<osaki::Event>();
        g.subschema_for::<osaki::View>();
        g.subschema_for::<osaki::Board>();
        g.subschema_for::<osaki::Options>();
    });
    let office21 = definitions("/$defs/office21/$defs", |g| {
        g.subschema_for::<office21::Action>();
        g.subschema_for::<office21::EventView>();
        g.subschema_for::<office21::View>();
        g.subschema_for::<office21::Board>();
        g.subschema_for::<office21::Options>();
    });
    let dilbert = definitions("/$defs/dilbert/$defs", |g| {
        g.subschema_for::<dilbert::Action>();
        g.subschema_for::<dilbert::EventView>();
        g.subschema_for::<dilbert::View>();
        g.subschema_for::<dilbert::Board>();
        g.subschema_for::<dilbert::Options>();
    });
    defs.insert("osaki".into(), json!({ "$defs": osaki }));
    defs.insert("dilbert".into(), json!({ "$defs": dilbert }));
    defs.insert("office21".into(), json!({ "$defs": office21 }));
    json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": format!("Cubicle protocol {PROTOCOL_VERSION}"),
        "description": "Every message and body of the Cubicle protocol (docs/protocol.md). \
            Validate a message against one of `x-roots` by referring to it, \
            e.g. {\"$ref\": \"#/$defs/ClientMessage\"} inside this document.",
        "x-protocol": PROTOCOL_VERSION,
        "x-roots": ROOTS.iter().map(|root| json!({ "name": root, "$ref": root_ref(root) })).collect::<Vec<_>>(),
        "$defs": defs,
    })
}

/// A schema that validates one [`ROOTS`] type: the whole document with a
/// top-level `$ref` to it. `None` for a name not in [`ROOTS`].
pub fn schema_for_root(root: &str) -> Option<Value> {
    if !ROOTS.contains(&root) {
        return None;
    }
    let mut schema = protocol_schema();
    schema["$ref"] = Value::String(root_ref(root));
    Some(schema)
}

/// `"osaki/Action"` → `"#/$defs/osaki/$defs/Action"`.
fn root_ref(root: &str) -> String {
    match root.split_once('/') {
        Some((game, name)) => format!("#/$defs/{game}/$defs/{name}"),
        None => format!("#/$defs/{root}"),
    }
}

/// Runs `add` on a generator whose `$ref`s point at `path`, and returns the
/// definitions it collected.
fn definitions(path: &str, add: impl FnOnce(&mut SchemaGenerator)) -> Map<String, Value> {
    let mut settings = SchemaSettings::draft2020_12();
    settings.definitions_path = path.to_owned().into();
    let mut generator = settings.into_generator();
    add(&mut generator);
    generator.take_definitions(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_root_names_a_definition() {
        let schema = protocol_schema();
        for root in ROOTS {
            let pointer = root_ref(root);
            assert!(
                schema.pointer(pointer.trim_start_matches('#')).is_some(),
                "{root} is not at {pointer}"
            );
        }
    }

    #[test]
    fn games_keep_their_own_names_apart() {
        let schema = protocol_schema();
        let osaki = &schema["$defs"]["osaki"]["$defs"]["Action"];
        let office21 = &schema["$defs"]["office21"]["$defs"]["Action"];
        assert!(osaki.is_object() && office21.is_object());
        assert_ne!(osaki, office21);
        assert!(schema["$defs"].get("Action2").is_none());
    }
}
