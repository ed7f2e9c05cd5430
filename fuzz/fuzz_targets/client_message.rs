//! Arbitrary bytes as a client's WebSocket text frame: parsing must never
//! panic, and whatever parses must survive a round trip unchanged (the
//! server logs and echoes what it parsed, so the two must agree).
#![no_main]

use cubicle_protocol::ClientMessage;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // The server receives text frames only, so the input is a `&str` there.
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(message) = serde_json::from_str::<ClientMessage>(text) else {
        return;
    };
    let json = serde_json::to_string(&message).expect("a parsed message serializes");
    let again: ClientMessage =
        serde_json::from_str(&json).unwrap_or_else(|e| panic!("{json} does not parse back: {e}"));
    assert_eq!(
        message, again,
        "round trip through {json} changed the message"
    );
});
