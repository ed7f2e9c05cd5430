//! Checks on the names players type in the lobby. (Answers to a game's
//! join questions are checked by `cubicle_games::answers`, against the game's
//! own declaration.)

/// Longest display name, in characters.
pub const MAX_NAME_CHARS: usize = 24;

/// A display name, trimmed: 1 to 24 characters, no control characters.
pub fn clean_name(name: &str) -> Result<String, &'static str> {
    let name = name.trim();
    if name.is_empty() {
        return Err("a name is needed");
    }
    if name.chars().count() > MAX_NAME_CHARS {
        return Err("names are at most 24 characters");
    }
    if name.chars().any(char::is_control) {
        return Err("names cannot contain control characters");
    }
    Ok(name.to_owned())
}

/// Two names are the same if they differ only in letter case.
pub fn same_name(a: &str, b: &str) -> bool {
    a.to_lowercase() == b.to_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_trimmed_and_bounded() {
        assert_eq!(clean_name("  Aki  "), Ok("Aki".into()));
        assert!(clean_name("   ").is_err());
        assert!(clean_name(&"x".repeat(25)).is_err());
        assert_eq!(clean_name(&"課".repeat(24)), Ok("課".repeat(24)));
        assert!(clean_name("A\u{7}ki").is_err());
        assert!(clean_name("A\nki").is_err());
    }

    #[test]
    fn names_compare_without_case() {
        assert!(same_name("Aki", "aKI"));
        assert!(!same_name("Aki", "Ben"));
    }
}
