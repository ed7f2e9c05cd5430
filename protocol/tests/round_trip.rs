//! A parsed client message serializes back to JSON that parses to the same
//! message. Found by the `client_message` fuzz target
//! (fuzz/corpus/client_message/float-round-trip.json): without serde_json's
//! `float_roundtrip` feature, a number too large for an integer was parsed to
//! an f64 one unit off in the last place, and the text written for it parsed
//! to yet another f64.

use cubicle_protocol::ClientMessage;

fn assert_round_trips(text: &str) {
    let message: ClientMessage = serde_json::from_str(text).expect("the message parses");
    let json = serde_json::to_string(&message).expect("the message serializes");
    let again: ClientMessage = serde_json::from_str(&json).expect("the output parses");
    assert_eq!(
        message, again,
        "round trip through {json} changed the message"
    );
}

#[test]
fn an_action_with_a_huge_number_round_trips_exactly() {
    assert_round_trips(
        r#"{"type": "act", "id": "a1", "action": {"kind": "stack", "from": 3,
            "owner": 1555555555555555555555555555555555555555555, "onto": 0}}"#,
    );
}

#[test]
fn actions_with_floats_round_trip_exactly() {
    for number in [
        "0.1",
        "1e308",
        "2.2250738585072014e-308",
        "5e-324",
        "-0.0",
        "123456789.123456789e-20",
    ] {
        assert_round_trips(&format!(
            r#"{{"type": "act", "id": "a1", "action": {{"kind": "turn", "slot": {number}}}}}"#
        ));
    }
}
