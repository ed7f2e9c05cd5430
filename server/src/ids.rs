//! Unguessable identifiers and secrets.
//!
//! Room ids, tokens and seeds come from the operating system's random number
//! generator. Tokens are bearer secrets: the server keeps only their SHA-256
//! ([`TokenHash`]) and never logs them.

use std::fmt;

use sha2::{Digest, Sha256};

/// Bytes of randomness in a room id: 128 bits, shown as 32 hex digits.
const ROOM_ID_BYTES: usize = 16;
/// Bytes of randomness in a token: 256 bits, shown as 64 hex digits.
const TOKEN_BYTES: usize = 32;

fn random<const N: usize>() -> [u8; N] {
    let mut bytes = [0; N];
    // Without the OS generator there is no safe way to go on.
    getrandom::fill(&mut bytes).expect("the operating system's random number generator failed");
    bytes
}

/// A new room id.
pub fn new_room_id() -> String {
    hex::encode(random::<ROOM_ID_BYTES>())
}

/// Whether `s` has the shape of a room id, checked before touching the store.
pub fn is_room_id(s: &str) -> bool {
    s.len() == 2 * ROOM_ID_BYTES && s.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

/// The letters of a room code: digits and capitals without 0, 1, I, L and O,
/// which are misheard or misread on a call.
const CODE_ALPHABET: &[u8; 31] = b"23456789ABCDEFGHJKMNPQRSTUVWXYZ";
/// Letters in a room code: 31^8, about 8.5 × 10^11 codes (docs/protocol.md
/// says how many guesses finding an open lobby would take).
pub const CODE_LEN: usize = 8;

/// A new room code, canonical form (`"K7M2QX9P"`).
pub fn new_room_code() -> String {
    random::<CODE_LEN>()
        .iter()
        // 256 is not a multiple of 31: rejection keeps every letter equally
        // likely, drawing again for the few values past the last multiple.
        .map(|&b| {
            let mut b = b;
            while usize::from(b) >= 248 {
                b = random::<1>()[0];
            }
            char::from(CODE_ALPHABET[usize::from(b) % CODE_ALPHABET.len()])
        })
        .collect()
}

/// A room code as people read it out: two groups of four (`"K7M2-QX9P"`).
pub fn show_room_code(code: &str) -> String {
    let (a, b) = code.split_at(code.len() / 2);
    format!("{a}-{b}")
}

/// A typed room code in canonical form: any case, dashes and spaces
/// ignored. `None` if it cannot be a code.
pub fn parse_room_code(typed: &str) -> Option<String> {
    let code: String = typed
        .chars()
        .filter(|c| !matches!(c, '-' | ' '))
        .map(|c| c.to_ascii_uppercase())
        .collect();
    (code.len() == CODE_LEN && code.bytes().all(|b| CODE_ALPHABET.contains(&b))).then_some(code)
}

/// A new bearer token (host or seat).
pub fn new_token() -> String {
    hex::encode(random::<TOKEN_BYTES>())
}

/// A new room seed for the game's [`cubicle_games::SeededChance`].
pub fn new_seed() -> cubicle_games::chance::Seed {
    random()
}

/// The SHA-256 of a token: what the store keeps and what seats are matched
/// by.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct TokenHash([u8; 32]);

impl TokenHash {
    pub fn of(token: &str) -> Self {
        Self(Sha256::digest(token.as_bytes()).into())
    }

    pub fn to_hex(self) -> String {
        hex::encode(self.0)
    }

    pub fn from_hex(s: &str) -> Option<Self> {
        let mut bytes = [0; 32];
        hex::decode_to_slice(s, &mut bytes).ok()?;
        Some(Self(bytes))
    }
}

impl fmt::Debug for TokenHash {
    // A hash is not a secret, but there is no reason to print one either.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("TokenHash(..)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn room_ids_are_long_random_hex() {
        let a = new_room_id();
        let b = new_room_id();
        assert_ne!(a, b);
        assert!(is_room_id(&a), "{a}");
        assert!(!is_room_id("../etc/passwd"));
        assert!(!is_room_id(&a.to_uppercase()));
        assert!(!is_room_id(&a[1..]));
    }

    #[test]
    fn tokens_hash_stably_and_round_trip_as_hex() {
        let token = new_token();
        assert_eq!(token.len(), 64);
        let hash = TokenHash::of(&token);
        assert_eq!(hash, TokenHash::of(&token));
        assert_ne!(hash, TokenHash::of(&new_token()));
        assert_eq!(TokenHash::from_hex(&hash.to_hex()), Some(hash));
        assert_eq!(TokenHash::from_hex("zz"), None);
    }
}

#[cfg(test)]
mod code_tests {
    use super::*;

    #[test]
    fn room_codes_read_back_however_they_are_typed() {
        let code = new_room_code();
        assert_eq!(code.len(), CODE_LEN);
        let shown = show_room_code(&code);
        assert_eq!(shown.len(), CODE_LEN + 1);
        assert_eq!(parse_room_code(&shown).as_deref(), Some(code.as_str()));
        assert_eq!(
            parse_room_code(&format!(" {} ", shown.to_lowercase())).as_deref(),
            Some(code.as_str())
        );
        for bad in ["", "K7M2-QX9", "K7M2-QX9P2", "O7M2-QX9P", "K7M2_QX9P"] {
            assert_eq!(parse_room_code(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn every_letter_of_the_alphabet_is_used() {
        let mut seen = std::collections::BTreeSet::new();
        for _ in 0..200 {
            seen.extend(new_room_code().bytes());
        }
        assert_eq!(seen.len(), CODE_ALPHABET.len());
    }
}
