//! Two rooms' frames made comparable byte for byte: what differs between
//! rooms by construction is replaced by fixed names. Used by every
//! non-interference test that compares two rooms.

/// A frame with what differs between two rooms by construction (the room
/// id, the tokens, the room code, the server's seed and its commitment,
/// docs/fairness.md)
/// replaced by fixed names, so that two rooms' frames can be compared byte
/// for byte. (Fixture deals do not come from the seed.)
pub fn normalize(text: &str, room_id: &str, tokens: &[String]) -> String {
    let mut text = text.replace(room_id, "<room>");
    for (seat, token) in tokens.iter().enumerate() {
        text = text.replace(token.as_str(), &format!("<token of seat {seat}>"));
    }
    for key in ["\"seed_commitment\":\"", "\"server_seed\":\""] {
        text = blank_hex_after(&text, key);
    }
    blank_room_code(&text)
}

/// `text` with a lobby's room code (`"code":"K7M2-QX9P"`) replaced by
/// `<code>`; an error's `"code":"bad_message"` has no such shape.
fn blank_room_code(text: &str) -> String {
    const KEY: &str = "\"code\":\"";
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(KEY) {
        let value = at + KEY.len();
        out.push_str(&rest[..value]);
        rest = &rest[value..];
        let candidate = rest.as_bytes().get(..10);
        let is_code = candidate.is_some_and(|c| {
            c[4] == b'-'
                && c[9] == b'"'
                && c[..4].iter().chain(&c[5..9]).all(u8::is_ascii_alphanumeric)
        });
        if is_code {
            out.push_str("<code>");
            rest = &rest[9..];
        }
    }
    out.push_str(rest);
    out
}

/// `text` with the 64 hex digits after each `key` replaced by `<seed>`.
fn blank_hex_after(text: &str, key: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(key) {
        let value = at + key.len();
        out.push_str(&rest[..value]);
        let hex = rest[value..]
            .find(|c: char| !c.is_ascii_hexdigit())
            .unwrap_or(rest.len() - value);
        out.push_str("<seed>");
        rest = &rest[value + hex..];
    }
    out.push_str(rest);
    out
}
