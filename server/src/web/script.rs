//! Just enough JavaScript lexing for the client's bundles (`bundle.rs`):
//! where the code is, as opposed to strings, template literals, regular
//! expressions and comments, so that comments and indentation can go and
//! `import`/`export` can be found where they are keywords.
//!
//! Not a parser: a token stream that remembers, for each token, whether
//! whitespace or a line break stood before it. Writing the tokens back with
//! those gaps (a line break kept as one, so automatic semicolon insertion
//! reads the same code) gives the same program without its comments.

use thiserror::Error;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// An identifier, keyword or number (also `#private` names).
    Word,
    /// One character of punctuation: `++` is two tokens with no gap.
    Punct,
    /// A quoted string, quotes included.
    Str,
    /// A piece of a template literal, from its opening `` ` `` or the `}`
    /// that closes a substitution, to its closing `` ` `` or a `${`.
    Template,
    /// A regular expression literal with its flags.
    Regex,
}

/// What stood between a token and the one before it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Gap {
    None,
    Space,
    Line,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token<'a> {
    pub kind: Kind,
    pub text: &'a str,
    pub gap: Gap,
}

impl Token<'_> {
    pub fn is(&self, kind: Kind, text: &str) -> bool {
        self.kind == kind && self.text == text
    }
}

#[derive(Debug, Error, PartialEq, Eq)]
pub enum LexError {
    #[error("unterminated {what} starting at byte {at}")]
    Unterminated { what: &'static str, at: usize },
    #[error("unbalanced `}}` at byte {at}")]
    Unbalanced { at: usize },
}

/// What an open `{` belongs to.
enum Open {
    Block,
    Substitution,
}

fn is_word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'$' | b'#') || b >= 0x80
}

/// Keywords after which a `/` starts a regular expression, not a division.
const BEFORE_EXPRESSION: &[&str] = &[
    "return",
    "typeof",
    "instanceof",
    "in",
    "of",
    "new",
    "delete",
    "void",
    "throw",
    "case",
    "do",
    "else",
    "yield",
    "await",
];

/// Whether a `/` after `previous` begins a regular expression.
fn regex_may_follow(previous: Option<&Token>) -> bool {
    match previous {
        None => true,
        Some(t) => match t.kind {
            Kind::Word => BEFORE_EXPRESSION.contains(&t.text),
            Kind::Punct => !matches!(t.text, ")" | "]"),
            Kind::Str | Kind::Template | Kind::Regex => false,
        },
    }
}

/// The tokens of `source`, comments dropped.
pub fn tokens(source: &str) -> Result<Vec<Token<'_>>, LexError> {
    let bytes = source.as_bytes();
    let mut out: Vec<Token> = Vec::new();
    let mut open: Vec<Open> = Vec::new();
    let mut gap = Gap::None;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        let start = i;
        let kind = match b {
            b'\n' => {
                gap = Gap::Line;
                i += 1;
                continue;
            }
            b' ' | b'\t' | b'\r' | 0x0b | 0x0c => {
                gap = gap.max(Gap::Space);
                i += 1;
                continue;
            }
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                i = source[i..].find('\n').map_or(bytes.len(), |n| i + n);
                gap = gap.max(Gap::Space);
                continue;
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                let end = source[i + 2..].find("*/").ok_or(LexError::Unterminated {
                    what: "comment",
                    at: i,
                })?;
                let body = &source[i..i + 2 + end + 2];
                gap = gap.max(if body.contains('\n') {
                    Gap::Line
                } else {
                    Gap::Space
                });
                i += body.len();
                continue;
            }
            b'\'' | b'"' => {
                i = string_end(bytes, i)?;
                Kind::Str
            }
            b'`' => {
                i = template_end(bytes, i + 1, start, &mut open)?;
                Kind::Template
            }
            b'}' => match open.pop() {
                Some(Open::Substitution) => {
                    i = template_end(bytes, i + 1, start, &mut open)?;
                    Kind::Template
                }
                Some(Open::Block) => {
                    i += 1;
                    Kind::Punct
                }
                None => return Err(LexError::Unbalanced { at: i }),
            },
            b'{' => {
                open.push(Open::Block);
                i += 1;
                Kind::Punct
            }
            b'/' if regex_may_follow(out.last()) => {
                i = regex_end(bytes, i)?;
                Kind::Regex
            }
            _ if is_word_byte(b) => {
                while i < bytes.len() && is_word_byte(bytes[i]) {
                    i += 1;
                }
                Kind::Word
            }
            _ => {
                i += 1;
                Kind::Punct
            }
        };
        out.push(Token {
            kind,
            text: &source[start..i],
            gap,
        });
        gap = Gap::None;
    }
    if open.iter().any(|o| matches!(o, Open::Substitution)) {
        return Err(LexError::Unterminated {
            what: "template literal",
            at: bytes.len(),
        });
    }
    Ok(out)
}

/// The end (exclusive) of the string opening at `at`.
fn string_end(bytes: &[u8], at: usize) -> Result<usize, LexError> {
    let quote = bytes[at];
    let mut i = at + 1;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'\n' => break,
            b if b == quote => return Ok(i + 1),
            _ => i += 1,
        }
    }
    Err(LexError::Unterminated { what: "string", at })
}

/// The end (exclusive) of a template piece whose text starts at `i`: after
/// its closing `` ` ``, or after a `${` (then a substitution is open).
fn template_end(
    bytes: &[u8],
    mut i: usize,
    start: usize,
    open: &mut Vec<Open>,
) -> Result<usize, LexError> {
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'`' => return Ok(i + 1),
            b'$' if bytes.get(i + 1) == Some(&b'{') => {
                open.push(Open::Substitution);
                return Ok(i + 2);
            }
            _ => i += 1,
        }
    }
    Err(LexError::Unterminated {
        what: "template literal",
        at: start,
    })
}

/// The end (exclusive) of the regular expression opening at `at`, flags
/// included.
fn regex_end(bytes: &[u8], at: usize) -> Result<usize, LexError> {
    let mut i = at + 1;
    let mut in_class = false;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'\n' => break,
            b'[' => {
                in_class = true;
                i += 1;
            }
            b']' => {
                in_class = false;
                i += 1;
            }
            b'/' if !in_class => {
                i += 1;
                while i < bytes.len() && is_word_byte(bytes[i]) {
                    i += 1;
                }
                return Ok(i);
            }
            _ => i += 1,
        }
    }
    Err(LexError::Unterminated {
        what: "regular expression",
        at,
    })
}

/// Appends `token` to `out` as written, after the smallest gap that keeps
/// it apart from what `out` ends with: a line break where there was one
/// (automatic semicolon insertion reads line breaks), else a space only
/// where the two would otherwise run together (`typeof x`, `a- -b`, `/ /x/`).
pub fn write_token(out: &mut String, token: &Token) {
    if let Some(last) = out.as_bytes().last().copied() {
        let first = token.text.as_bytes()[0];
        match token.gap {
            Gap::Line if last != b'\n' => out.push('\n'),
            Gap::Space | Gap::Line => {
                let operator = |b: u8| b"+-*/%<>=!&|^?.".contains(&b);
                let merge = (is_word_byte(last) && is_word_byte(first))
                    || (operator(last) && operator(first));
                if merge && last != b'\n' {
                    out.push(' ');
                }
            }
            Gap::None => {}
        }
    }
    out.push_str(token.text);
}

/// `source` without comments or indentation.
#[cfg(test)]
fn minify(source: &str) -> Result<String, LexError> {
    Ok(minify_tokens(&tokens(source)?))
}

/// Already lexed `tokens` written back without comments or indentation.
pub fn minify_tokens(tokens: &[Token]) -> String {
    let mut out = String::new();
    for token in tokens {
        write_token(&mut out, token);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(source: &str) -> Vec<(Kind, &str)> {
        tokens(source)
            .unwrap()
            .into_iter()
            .map(|t| (t.kind, t.text))
            .collect()
    }

    #[test]
    fn comments_go_and_strings_keep_what_looks_like_one() {
        let source =
            "// lead\nconst a = '// not a comment'; /* gone */ const b = \"/* kept */\";\n";
        assert_eq!(
            minify(source).unwrap(),
            "const a='// not a comment';const b=\"/* kept */\";"
        );
    }

    #[test]
    fn templates_nest_substitutions_with_braces_and_strings() {
        let source = "x = `a ${ {k: `in ${1}`}.k } // b`; y = 1 / 2 / 3;";
        assert_eq!(
            minify(source).unwrap(),
            "x=`a ${{k:`in ${1}`}.k} // b`;y=1/2/3;"
        );
    }

    #[test]
    fn a_slash_is_a_regex_after_an_operator_and_a_division_after_a_value() {
        let found = kinds("a = b / c; d = /[/]x\\//g.test(e); return /y/;");
        assert!(found.contains(&(Kind::Regex, "/[/]x\\//g")));
        assert!(found.contains(&(Kind::Regex, "/y/")));
        assert!(found.contains(&(Kind::Punct, "/")));
        assert_eq!(found.iter().filter(|t| t.0 == Kind::Regex).count(), 2);
    }

    #[test]
    fn gaps_that_matter_stay() {
        // A line break before `++`, a space in `- -b` and `typeof x`,
        // none where nothing runs together.
        assert_eq!(minify("a\n++b").unwrap(), "a\n++b");
        assert_eq!(minify("x = a - -b").unwrap(), "x=a- -b");
        assert_eq!(
            minify("if (typeof x === 'y')   {\n    z();\n}\n").unwrap(),
            "if(typeof x==='y'){\nz();\n}"
        );
        assert_eq!(minify("return\n  value").unwrap(), "return\nvalue");
    }

    #[test]
    fn unterminated_pieces_are_errors() {
        assert!(matches!(
            tokens("'abc"),
            Err(LexError::Unterminated { what: "string", .. })
        ));
        assert!(matches!(
            tokens("`a ${b"),
            Err(LexError::Unterminated { .. })
        ));
        assert!(matches!(tokens("`abc"), Err(LexError::Unterminated { .. })));
        assert!(matches!(tokens("/* x"), Err(LexError::Unterminated { .. })));
        assert!(matches!(tokens("}"), Err(LexError::Unbalanced { .. })));
    }
}
