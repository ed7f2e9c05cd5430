//! Every client message refuses fields it does not define, the field-less
//! ones (`leave`, `start`, `ping`) included, and still reads and writes as
//! `{"type": "..."}` alone.

use cubicle_protocol::ClientMessage;

#[test]
fn field_less_messages_are_their_tag_alone() {
    for (message, text) in [
        (ClientMessage::Leave {}, r#"{"type":"leave"}"#),
        (ClientMessage::Start {}, r#"{"type":"start"}"#),
        (ClientMessage::Ping {}, r#"{"type":"ping"}"#),
    ] {
        assert_eq!(serde_json::to_string(&message).unwrap(), text);
        assert_eq!(
            serde_json::from_str::<ClientMessage>(text).unwrap(),
            message
        );
    }
}

#[test]
fn unknown_fields_are_refused_in_every_client_message() {
    for text in [
        r#"{"type":"leave","seat":1}"#,
        r#"{"type":"start","now":true}"#,
        r#"{"type":"ping","at":12}"#,
        r#"{"type":"hello","protocol":2,"name":"x"}"#,
        r#"{"type":"act","id":"a","action":{},"seat":0}"#,
    ] {
        let error = serde_json::from_str::<ClientMessage>(text)
            .expect_err(text)
            .to_string();
        assert!(error.contains("unknown field"), "{text}: {error}");
    }
}
