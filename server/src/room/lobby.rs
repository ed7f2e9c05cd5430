//! Checks on the names players type in the lobby. (Answers to a game's
//! join questions are checked by `cubicle_games::answers`, against the game's
//! own declaration.)

use unicode_normalization::UnicodeNormalization;
use unicode_properties::general_category::GeneralCategoryGroup;
use unicode_properties::{GeneralCategory, UnicodeGeneralCategory};
use unicode_security::general_security_profile::IdentifierType;
use unicode_security::{skeleton, GeneralSecurityProfile};

/// Longest display name, in characters (after normalisation).
pub const MAX_NAME_CHARS: usize = 24;

/// Most combining marks allowed on one character. Real writing stacks two
/// (Thai vowel and tone, Vietnamese after NFKC composes most of it), a third
/// leaves room for rarer scripts; more is "zalgo" drawn over other lines.
const MAX_MARKS_PER_CHAR: usize = 3;

/// Why a name was refused; the text goes to the player with `bad_name`.
type Refusal = &'static str;

/// A display name as it will be stored and shown: trimmed, NFKC-normalised
/// (so fullwidth "Ａｋｉ" is "Aki"), runs of spaces collapsed, 1 to 24
/// characters. Refused: control characters; invisible ones (zero-width and
/// other default-ignorable code points, Hangul fillers, the Braille blank);
/// bidi controls, which would reorder the rest of a log line; unassigned and
/// private-use code points, which show as nothing or as anything; and piles
/// of combining marks. Names that look alike are caught by [`same_name`].
pub fn clean_name(name: &str) -> Result<String, Refusal> {
    let name = name.trim();
    // A cheap bound before normalising: NFKC rarely shrinks text by 4x.
    if name.chars().count() > 4 * MAX_NAME_CHARS {
        return Err("names are at most 24 characters");
    }
    let name: String = name.nfkc().collect();
    check_chars(&name)?;
    // NFKC turns the many Unicode spaces into U+0020: one space between words.
    let name = name.split_whitespace().collect::<Vec<_>>().join(" ");
    if name.is_empty() {
        return Err("a name is needed");
    }
    if name.chars().count() > MAX_NAME_CHARS {
        return Err("names are at most 24 characters");
    }
    if is_bot_name(&name) {
        return Err("names like \"Easy bot 3\" are the computer players'");
    }
    Ok(name)
}

/// Whether `name` has the form of a computer player's name
/// ([`crate::room::robots::bot_name`]): the page shows those translated,
/// so a person must not take one.
fn is_bot_name(name: &str) -> bool {
    let words: Vec<String> = name.split(' ').map(str::to_lowercase).collect();
    matches!(
        words.as_slice(),
        [level, bot, number]
            if ["random", "easy", "hard"].contains(&level.as_str())
                && bot == "bot"
                && !number.is_empty()
                && number.chars().all(|c| c.is_ascii_digit())
    )
}

/// Every character must be visible, and marks must sit on something.
fn check_chars(name: &str) -> Result<(), Refusal> {
    let mut marks = 0;
    let mut previous: Option<char> = None;
    for c in name.chars() {
        let category = c.general_category();
        if c.is_control() {
            return Err("names cannot contain control characters");
        }
        if is_invisible(c, previous) {
            return Err("names cannot contain invisible or direction-changing characters");
        }
        if matches!(
            category,
            GeneralCategory::Unassigned | GeneralCategory::PrivateUse | GeneralCategory::Surrogate
        ) {
            return Err("names cannot contain unassigned or private-use characters");
        }
        if c.general_category_group() == GeneralCategoryGroup::Mark {
            if previous.is_none_or(char::is_whitespace) {
                return Err("a name cannot start a word with an accent mark");
            }
            marks += 1;
            if marks > MAX_MARKS_PER_CHAR {
                return Err("at most 3 accent marks on one character");
            }
        } else {
            marks = 0;
        }
        previous = Some(c);
    }
    Ok(())
}

/// Characters that show as nothing or change the direction of what follows:
/// format characters (zero-width space and joiners, every bidi control, the
/// BOM), the other default-ignorable code points (Hangul fillers, variation
/// selectors, the combining grapheme joiner) and the Braille blank, which is
/// a symbol but draws nothing. The one exception is U+FE0F right after a
/// symbol: phones add it to emoji such as ❤️, and [`same_name`] ignores it.
fn is_invisible(c: char, previous: Option<char>) -> bool {
    if c == '\u{FE0F}' {
        return previous.is_none_or(|p| p.general_category() != GeneralCategory::OtherSymbol);
    }
    c == '\u{2800}'
        || c.general_category() == GeneralCategory::Format
        || c.identifier_type() == Some(IdentifierType::Default_Ignorable)
}

/// Two names are the same if they could be mistaken for each other: equal
/// ignoring case, or with the same UTS #39 confusables skeleton (Cyrillic
/// "а" for Latin "a", "rn" for "m", "I" for "l"). Both are compared lower
/// case before and after the skeleton, since the skeleton is case-sensitive.
pub fn same_name(a: &str, b: &str) -> bool {
    let lower_first = |s: &str| skeleton(&s.to_lowercase()).collect::<String>();
    let lower_after = |s: &str| skeleton(s).collect::<String>().to_lowercase();
    lower_first(a) == lower_first(b) || lower_after(a) == lower_after(b)
}

#[cfg(test)]
mod tests {
    use super::*;
    use cubicle_protocol::BotLevel;

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
    fn computer_players_names_are_theirs() {
        for name in [
            "Easy bot 3",
            "easy BOT 12",
            "Ｈａｒｄ ｂｏｔ ２",
            " Random  bot 1 ",
        ] {
            assert!(clean_name(name).is_err(), "{name}");
        }
        for name in ["Easy bot", "Easy bot three", "Easybot 3", "Bob the bot 2"] {
            assert!(clean_name(name).is_ok(), "{name}");
        }
        for level in [BotLevel::Random, BotLevel::Easy, BotLevel::Hard] {
            assert!(is_bot_name(&crate::room::robots::bot_name(level, 5)));
        }
    }

    #[test]
    fn names_compare_without_case() {
        assert!(same_name("Aki", "aKI"));
        assert!(!same_name("Aki", "Ben"));
        assert!(!same_name("Aki", "Aiko"));
        assert!(!same_name("課長", "部長"));
    }

    #[test]
    fn fullwidth_and_compatibility_forms_normalise() {
        assert_eq!(clean_name("Ａｋｉ"), Ok("Aki".into()));
        assert_eq!(clean_name("\u{3000}Aki\u{3000}"), Ok("Aki".into()));
        assert_eq!(
            clean_name("Aki\u{A0}\u{A0} Tanaka"),
            Ok("Aki Tanaka".into())
        );
        // "e" + combining acute composes to one character.
        assert_eq!(clean_name("Rene\u{301}"), Ok("René".into()));
    }

    /// Each of these shows as "Aki" (or as nothing) and must be refused.
    #[test]
    fn invisible_characters_are_refused() {
        for invisible in [
            '\u{200B}',  // zero-width space
            '\u{200C}',  // zero-width non-joiner
            '\u{200D}',  // zero-width joiner
            '\u{2060}',  // word joiner
            '\u{FEFF}',  // byte order mark
            '\u{00AD}',  // soft hyphen
            '\u{034F}',  // combining grapheme joiner
            '\u{2800}',  // Braille blank
            '\u{3164}',  // Hangul filler
            '\u{115F}',  // Hangul choseong filler
            '\u{1160}',  // Hangul jungseong filler
            '\u{FFA0}',  // halfwidth Hangul filler
            '\u{E0041}', // tag "A"
            '\u{FE0F}',  // emoji variation selector after a letter
        ] {
            let name = format!("Ak{invisible}i");
            assert!(clean_name(&name).is_err(), "{name:?} accepted");
            let only: String = std::iter::repeat_n(invisible, 3).collect();
            assert!(clean_name(&only).is_err(), "{only:?} accepted");
        }
        assert!(clean_name("\u{200B}\u{2800}\u{3164}").is_err());
    }

    #[test]
    fn bidi_controls_are_refused() {
        for control in [
            '\u{202A}', '\u{202B}', '\u{202C}', '\u{202D}',
            '\u{202E}', // embeddings, overrides
            '\u{2066}', '\u{2067}', '\u{2068}', '\u{2069}', // isolates
            '\u{200E}', '\u{200F}', '\u{061C}', // marks
        ] {
            let name = format!("{control}ikA");
            assert!(clean_name(&name).is_err(), "{name:?} accepted");
        }
    }

    #[test]
    fn unassigned_and_private_use_are_refused() {
        assert!(clean_name("Aki\u{E000}").is_err());
        assert!(clean_name("Aki\u{10FFFD}").is_err());
        assert!(clean_name("Aki\u{0378}").is_err()); // unassigned
    }

    #[test]
    fn combining_mark_floods_are_refused() {
        let zalgo = format!(
            "A{}ki",
            "\u{0336}\u{0489}\u{0315}\u{0358}\u{0361}".repeat(4)
        );
        assert!(clean_name(&zalgo).is_err());
        assert!(clean_name("Akx\u{0301}\u{0302}\u{0303}\u{0304}").is_err());
        assert!(clean_name("\u{0301}\u{0301}").is_err(), "marks alone");
        assert!(clean_name("Aki \u{0301}Ben").is_err(), "a mark on a space");
        // Real writing still fits: Thai vowel and tone marks, Hindi.
        assert!(clean_name("น้ำ").is_ok());
        assert!(clean_name("ที่").is_ok());
        assert!(clean_name("क्षत्रिय").is_ok());
        assert!(clean_name("Nguyễn").is_ok());
    }

    #[test]
    fn emoji_keep_their_presentation_selector() {
        assert_eq!(
            clean_name("Aki \u{2764}\u{FE0F}"),
            Ok("Aki \u{2764}\u{FE0F}".into())
        );
        assert!(same_name("Aki \u{2764}\u{FE0F}", "Aki \u{2764}"));
    }

    #[test]
    fn confusables_are_the_same_name() {
        assert!(same_name("Aki", "Ak\u{0456}")); // Cyrillic і
        assert!(same_name("Aki", "\u{0410}ki")); // Cyrillic А
        assert!(same_name("Bart", "B\u{0430}rt")); // Cyrillic а
        assert!(same_name("\u{0410}K\u{0406}", "aki")); // Cyrillic, any case
        assert!(same_name("Ami", "Arni")); // rn looks like m
        assert!(same_name("Aki", "AkI")); // I looks like l, and like i in lower case
        assert!(same_name("Paul", "PauI"));
        assert!(same_name("Aki", &clean_name("Ａｋｉ").unwrap()));
        assert!(!same_name("Aki", "Ako"));
    }
}
