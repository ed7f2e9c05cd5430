//! Shorter names for each bundled module's own variables and functions
//! (`bundle.rs`): on a slow phone link the bundle's bytes are most of a
//! first load (docs/performance.md, "First load"), and long, descriptive
//! names are most of what comments and indentation leave.
//!
//! Not a scope analysis: a name is replaced everywhere it stands for a
//! variable in the module, the same short name for every occurrence, so
//! every binding of it and every reference to one change together and
//! shadowing reads as before. That is safe for a name when
//! - the module declares it (`const`, `let`, `var`, `function`, a
//!   parameter, a destructured binding, a `catch` parameter): a name only
//!   read is a global or comes from outside and keeps its name;
//! - it is no browser global ([`GLOBALS`], every global name of Chromium's
//!   window and its prototypes): a module that declares `status` in one
//!   function may read the window's `status` in another;
//! - it is no keyword, contextual ones included (`get`, `of`, `async`, …),
//!   and no class name (a class's `name` can be read);
//! - the short name appears nowhere in the module, as any word at all.
//!
//! Line breaks where no statement can end go as well (`joined_gap`).
//!
//! Where a name is a property, not a variable, it stays: after `.`, as an
//! object key (`{name: …}`), an object or class method (`name() {…}`) or a
//! class member. A shorthand property (`{name}`, also in a destructuring
//! pattern such as the bundle's own `const{name}=await $$req(…)`) keeps
//! its key and gets the short name as value: `{name:n}`. Telling an
//! object's `{` from a block's is the one guess, made from the token before
//! it (`rename::tests` holds the cases the client uses).

use std::collections::{HashMap, HashSet};
use std::sync::LazyLock;

use super::script::{self, Gap, Kind, LexError, Token};

/// Every global name of a Chromium page (the window and its prototypes),
/// one per line: `Object.getOwnPropertyNames` up the chain from
/// `globalThis` on `about:blank`, names that are identifiers.
static GLOBALS: LazyLock<HashSet<&'static str>> = LazyLock::new(|| {
    include_str!("browser-globals.txt")
        .lines()
        .filter(|l| !l.is_empty())
        .collect()
});

/// Reserved words and the words that are keywords only in some places:
/// never renamed, never chosen as a short name.
const KEYWORDS: &[&str] = &[
    "arguments",
    "as",
    "async",
    "await",
    "break",
    "case",
    "catch",
    "class",
    "const",
    "constructor",
    "continue",
    "debugger",
    "default",
    "delete",
    "do",
    "else",
    "enum",
    "eval",
    "export",
    "extends",
    "false",
    "finally",
    "for",
    "from",
    "function",
    "get",
    "if",
    "implements",
    "import",
    "in",
    "instanceof",
    "interface",
    "let",
    "new",
    "null",
    "of",
    "package",
    "private",
    "protected",
    "public",
    "return",
    "set",
    "static",
    "super",
    "switch",
    "this",
    "throw",
    "true",
    "try",
    "typeof",
    "var",
    "void",
    "while",
    "with",
    "yield",
];

/// Keywords after which a `{` opens an object (an expression follows them)
/// or a destructuring pattern (`const {a} = …`). Not `script.rs`'s list of
/// keywords before an expression: after `do` and `else` a `{` is a block.
const BEFORE_OBJECT: &[&str] = &[
    "return",
    "typeof",
    "in",
    "of",
    "new",
    "delete",
    "void",
    "throw",
    "case",
    "yield",
    "await",
    "instanceof",
    "const",
    "let",
    "var",
];

/// What an open bracket is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Open {
    Paren,
    Bracket,
    Object,
    Block,
    Class,
}

/// What a word token stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    /// Not a name this pass may touch: a property, a key, a member, a label,
    /// a number or a keyword.
    Fixed,
    /// A variable: declared or read.
    Variable,
    /// A shorthand property: `{name}` (the key stays, the value is renamed).
    Shorthand,
}

fn is_identifier(text: &str) -> bool {
    let first = text.as_bytes()[0];
    (first.is_ascii_alphabetic() || first == b'_' || first == b'$' || first >= 0x80)
        && !text.starts_with("$$")
}

fn punct(token: Option<&Token>, text: &str) -> bool {
    token.is_some_and(|t| t.is(Kind::Punct, text))
}

fn word(token: Option<&Token>, texts: &[&str]) -> bool {
    token.is_some_and(|t| t.kind == Kind::Word && texts.contains(&t.text))
}

/// The module's tokens with what each word is, and where each bracket
/// opened by a token closes.
struct Reading<'a> {
    tokens: Vec<Token<'a>>,
    roles: Vec<Role>,
    /// For an opening bracket's index, its closing bracket's.
    closes: HashMap<usize, usize>,
    /// For a closing bracket's index, its opening bracket's.
    opens: HashMap<usize, usize>,
}

/// Whether the `{` at `at` opens an object, a block or a class body.
fn brace_kind(tokens: &[Token], at: usize, class_pending: bool, case_colon: bool) -> Open {
    if class_pending {
        return Open::Class;
    }
    let Some(prev) = at.checked_sub(1).map(|k| &tokens[k]) else {
        return Open::Block;
    };
    match prev.kind {
        Kind::Word => {
            if BEFORE_OBJECT.contains(&prev.text) {
                Open::Object
            } else {
                Open::Block
            }
        }
        Kind::Punct => match prev.text {
            ")" | ";" | "{" | "}" => Open::Block,
            ":" if case_colon => Open::Block,
            // `=>`: a function body.
            ">" if at >= 2 && tokens[at - 2].is(Kind::Punct, "=") && prev.gap == Gap::None => {
                Open::Block
            }
            _ => Open::Object,
        },
        Kind::Str | Kind::Template | Kind::Regex => Open::Object,
    }
}

/// What each word of `tokens` is, in one pass that keeps the open brackets
/// and what each opened (an object's `{` or a block's decides whether
/// `{name}` is a shorthand property or a block reading `name`).
fn read<'a>(tokens: Vec<Token<'a>>) -> Reading<'a> {
    let mut roles = vec![Role::Fixed; tokens.len()];
    let mut closes = HashMap::new();
    let mut opens = HashMap::new();
    // The open brackets: what each is, and where it opened.
    let mut open: Vec<(Open, usize)> = Vec::new();
    // The depth at which a `class` waits for its body's `{`.
    let mut class_at: Option<usize> = None;
    for i in 0..tokens.len() {
        let token = &tokens[i];
        let prev = i.checked_sub(1).map(|k| &tokens[k]);
        let next = tokens.get(i + 1);
        let inside = open.last().map(|o| o.0);
        match token.kind {
            Kind::Punct => match token.text {
                "(" => open.push((Open::Paren, i)),
                "[" => open.push((Open::Bracket, i)),
                "{" => {
                    let class_body = class_at == Some(open.len());
                    if class_body {
                        class_at = None;
                    }
                    let after_case = punct(prev, ":")
                        && inside != Some(Open::Object)
                        && ends_case_label(&tokens, i - 1);
                    open.push((brace_kind(&tokens, i, class_body, after_case), i));
                }
                ")" | "]" | "}" => {
                    if let Some((_, at)) = open.pop() {
                        closes.insert(at, i);
                        opens.insert(i, at);
                    }
                }
                _ => {}
            },
            Kind::Word => {
                let after_dot = punct(prev, ".") && !(i >= 2 && tokens[i - 2].is(Kind::Punct, "."));
                if after_dot || !is_identifier(token.text) {
                    continue;
                }
                if token.text == "class" && !punct(next, ":") {
                    class_at = Some(open.len());
                }
                if KEYWORDS.contains(&token.text) {
                    continue;
                }
                let member_start = punct(prev, "{") || punct(prev, ",");
                let modifier = word(prev, &["get", "set", "async", "static"])
                    || (punct(prev, "*")
                        && !word(i.checked_sub(2).map(|k| &tokens[k]), &["yield"]));
                let statement_start =
                    prev.is_none() || punct(prev, "{") || punct(prev, ";") || punct(prev, "}");
                roles[i] = match inside {
                    Some(Open::Object) if member_start => {
                        if punct(next, ":") || punct(next, "(") {
                            Role::Fixed
                        } else if punct(next, ",") || punct(next, "}") || assigns(&tokens, i + 1) {
                            Role::Shorthand
                        } else {
                            Role::Variable
                        }
                    }
                    Some(Open::Object) if modifier && punct(next, "(") => Role::Fixed,
                    Some(Open::Class) if modifier || statement_start => Role::Fixed,
                    // A label, where it is set and where it is used.
                    _ if statement_start && punct(next, ":") => Role::Fixed,
                    _ if word(prev, &["break", "continue"]) && token.gap != Gap::Line => {
                        Role::Fixed
                    }
                    _ => Role::Variable,
                };
            }
            _ => {}
        }
    }
    Reading {
        tokens,
        roles,
        closes,
        opens,
    }
}

/// Whether the `:` at `colon` (in a block) ends a `case` or `default`
/// label: a `case` comes before it at the same depth with no `?`, `;` or
/// other `:` in between.
fn ends_case_label(tokens: &[Token], colon: usize) -> bool {
    let mut depth = 0i32;
    for t in tokens[..colon].iter().rev() {
        match (t.kind, t.text) {
            (Kind::Punct, ")" | "]" | "}") => depth += 1,
            (Kind::Punct, "(" | "[" | "{") => {
                if depth == 0 {
                    return false;
                }
                depth -= 1;
            }
            (Kind::Punct, "?" | ";" | ":") if depth == 0 => return false,
            (Kind::Word, "case" | "default") if depth == 0 => return true,
            _ => {}
        }
    }
    false
}

/// Whether the token at `at` is a lone `=` (a default value), not `==` or `=>`.
fn assigns(tokens: &[Token], at: usize) -> bool {
    punct(tokens.get(at), "=")
        && !tokens.get(at + 1).is_some_and(|t| {
            t.gap == Gap::None && (t.is(Kind::Punct, "=") || t.is(Kind::Punct, ">"))
        })
}

/// The names the module declares.
fn declared(reading: &Reading) -> HashSet<String> {
    let tokens = &reading.tokens;
    let mut names = HashSet::new();
    let variable = |k: usize| reading.roles[k] != Role::Fixed && tokens[k].kind == Kind::Word;
    // Every variable word between two tokens (a pattern or a parameter list).
    let take_range = |from: usize, to: usize, names: &mut HashSet<String>| {
        for (k, token) in tokens.iter().enumerate().take(to).skip(from) {
            if variable(k) {
                names.insert(token.text.to_owned());
            }
        }
    };
    for i in 0..tokens.len() {
        let t = &tokens[i];
        let next = i + 1;
        if t.kind == Kind::Word && (i == 0 || !tokens[i - 1].is(Kind::Punct, ".")) {
            match t.text {
                "const" | "let" | "var" | "function" | "catch" => {
                    let mut at = next;
                    if punct(tokens.get(at), "*") {
                        at += 1;
                    }
                    match tokens.get(at) {
                        Some(n) if n.kind == Kind::Word && variable(at) => {
                            names.insert(n.text.to_owned());
                            // `function f(…)`: its parameters.
                            if t.text == "function" && punct(tokens.get(at + 1), "(") {
                                if let Some(&end) = reading.closes.get(&(at + 1)) {
                                    take_range(at + 2, end, &mut names);
                                }
                            }
                        }
                        // `const {a, b: c} = …`, `const [a, b] = …`,
                        // `function (a, b)`, `catch (e)`.
                        Some(n)
                            if (matches!(t.text, "const" | "let" | "var")
                                && (n.is(Kind::Punct, "{") || n.is(Kind::Punct, "[")))
                                || (matches!(t.text, "function" | "catch")
                                    && n.is(Kind::Punct, "(")) =>
                        {
                            if let Some(&end) = reading.closes.get(&at) {
                                take_range(at + 1, end, &mut names);
                            }
                        }
                        _ => {}
                    }
                    // `const a = 1, b = 2`: the names after commas at this depth.
                    if matches!(t.text, "const" | "let" | "var") {
                        let mut k = at;
                        let mut depth = 0i32;
                        while k < tokens.len() {
                            let u = &tokens[k];
                            match (u.kind, u.text) {
                                (Kind::Punct, "(" | "[" | "{") => depth += 1,
                                (Kind::Punct, ")" | "]" | "}") => {
                                    depth -= 1;
                                    if depth < 0 {
                                        break;
                                    }
                                }
                                (Kind::Punct, ";") if depth == 0 => break,
                                (Kind::Word, "of" | "in") if depth == 0 => break,
                                (Kind::Punct, ",") if depth == 0 => {
                                    if variable(k + 1) {
                                        names.insert(tokens[k + 1].text.to_owned());
                                    } else if punct(tokens.get(k + 1), "{")
                                        || punct(tokens.get(k + 1), "[")
                                    {
                                        if let Some(&end) = reading.closes.get(&(k + 1)) {
                                            take_range(k + 2, end, &mut names);
                                        }
                                    }
                                }
                                _ => {}
                            }
                            if u.gap == Gap::Line
                                && depth == 0
                                && k > at
                                && !line_continues(tokens, k)
                            {
                                break;
                            }
                            k += 1;
                        }
                    }
                }
                _ => {}
            }
        }
        // `name(a, b) {`: a method's parameters (`if (…) {` and the like
        // start with a keyword).
        if t.is(Kind::Punct, "(")
            && i > 0
            && tokens[i - 1].kind == Kind::Word
            && (!KEYWORDS.contains(&tokens[i - 1].text) || tokens[i - 1].text == "constructor")
        {
            if let Some(&end) = reading.closes.get(&i) {
                if punct(tokens.get(end + 1), "{") {
                    take_range(i + 1, end, &mut names);
                }
            }
        }
        // `(a, b) =>` and `a =>`: arrow parameters.
        if t.is(Kind::Punct, "=")
            && punct(tokens.get(next), ">")
            && tokens[next].gap == Gap::None
            && i > 0
        {
            let before = i - 1;
            if tokens[before].is(Kind::Punct, ")") {
                if let Some(&start) = reading.opens.get(&before) {
                    take_range(start + 1, before, &mut names);
                }
            } else if variable(before) {
                names.insert(tokens[before].text.to_owned());
            }
        }
    }
    names
}

/// Whether the line break before `tokens[k]` continues a declaration list
/// (the line before ended with `,` or an operator, or this one starts with
/// one) rather than ending it.
fn line_continues(tokens: &[Token], k: usize) -> bool {
    let before = &tokens[k - 1];
    let this = &tokens[k];
    (before.kind == Kind::Punct && !matches!(before.text, ")" | "]" | "}"))
        || (this.kind == Kind::Punct && !matches!(this.text, "(" | "[" | "{" | "!" | "-" | "+"))
}

/// The gap to write before a token that had `gap`, after `out`: a line
/// break after punctuation that cannot end a statement (`;`, `{`, `,`, an
/// opening bracket, `=`, `:`, `?`, `&`, `|`) becomes a space where one is
/// needed: no semicolon is inserted there, and no restricted rule (`return`,
/// `x++`) ends so. (Strings, templates and regular expressions end with a
/// quote, a backtick, `/` or a flag, words with a word character: a last
/// byte among these is punctuation.)
fn joined_gap(out: &str, gap: Gap) -> Gap {
    match out.as_bytes().last() {
        Some(last) if gap == Gap::Line && b";{,([=:?&|".contains(last) => Gap::Space,
        _ => gap,
    }
}

/// Short names in order: `a`…`z`, `A`…`Z`, then two letters or more.
fn short_names() -> impl Iterator<Item = String> {
    const FIRST: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    const REST: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    (0usize..).map(|mut n| {
        let mut name = vec![FIRST[n % FIRST.len()]];
        n /= FIRST.len();
        while n > 0 {
            n -= 1;
            name.push(REST[n % REST.len()]);
            n /= REST.len();
        }
        String::from_utf8(name).expect("ASCII")
    })
}

/// `code` (one bundled module, as `bundle.rs` writes it) with its own
/// names shortened; the same program otherwise.
pub fn shorten(code: &str) -> Result<String, LexError> {
    let reading = read(script::tokens(code)?);
    let tokens = &reading.tokens;
    let classes: HashSet<&str> = tokens
        .windows(2)
        .filter(|w| w[0].is(Kind::Word, "class") && w[1].kind == Kind::Word)
        .map(|w| w[1].text)
        .collect();
    let mut counts: HashMap<&str, usize> = HashMap::new();
    let declared = declared(&reading);
    for (k, token) in tokens.iter().enumerate() {
        let name = token.text;
        if reading.roles[k] != Role::Fixed
            && declared.contains(name)
            && !GLOBALS.contains(name)
            && !KEYWORDS.contains(&name)
            && !classes.contains(name)
        {
            *counts.entry(name).or_default() += 1;
        }
    }
    let words: HashSet<&str> = tokens
        .iter()
        .filter(|t| t.kind == Kind::Word)
        .map(|t| t.text)
        .collect();
    let mut by_use: Vec<(&str, usize)> = counts.into_iter().collect();
    by_use.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    let mut fresh = short_names()
        .filter(|n| {
            !words.contains(n.as_str())
                && !GLOBALS.contains(n.as_str())
                && !KEYWORDS.contains(&n.as_str())
        })
        .peekable();
    let mut renamed: HashMap<&str, String> = HashMap::new();
    for (name, _) in by_use {
        // Short names come shortest first: one no shorter than this name is
        // kept for a longer one.
        let Some(short) = fresh.next_if(|short| short.len() < name.len()) else {
            continue;
        };
        renamed.insert(name, short);
    }
    let mut out = String::with_capacity(code.len());
    for (k, token) in tokens.iter().enumerate() {
        let token = &Token {
            gap: joined_gap(&out, token.gap),
            ..*token
        };
        let Some(short) = renamed
            .get(token.text)
            .filter(|_| reading.roles[k] != Role::Fixed)
        else {
            script::write_token(&mut out, token);
            continue;
        };
        if reading.roles[k] == Role::Shorthand {
            script::write_token(&mut out, token);
            out.push(':');
            out.push_str(short);
        } else {
            script::write_token(
                &mut out,
                &Token {
                    text: short,
                    ..*token
                },
            );
        }
    }
    Ok(out)
}

/// The variables `code` reads but does not declare (for tests: a name
/// shortening loses shows here).
#[cfg(test)]
pub fn free_names(code: &str) -> HashSet<String> {
    let reading = read(script::tokens(code).expect("the client lexes"));
    let declared = declared(&reading);
    reading
        .tokens
        .iter()
        .zip(&reading.roles)
        .filter(|(t, role)| **role != Role::Fixed && !declared.contains(t.text))
        .map(|(t, _)| t.text.to_owned())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shortened(code: &str) -> String {
        shorten(code).unwrap()
    }

    #[test]
    fn declared_names_shorten_and_properties_keys_and_globals_stay() {
        let code = "function draw(table, seats) {\n  const rows = table.rows;\n  const status = { rows, seats: seats.length, table };\n  document.title = status.rows;\n  return status;\n}\n";
        let out = shortened(code);
        assert!(!out.contains("draw("), "{out}");
        // Keys and properties keep their names; shorthands get values.
        assert!(out.contains(".rows;"), "{out}");
        assert!(out.contains("rows:"), "{out}");
        assert!(out.contains("seats:"), "{out}");
        assert!(out.contains("table:"), "{out}");
        assert!(out.contains("document.title"), "{out}");
        // `status` is the window's too: it stays.
        assert!(out.contains("status.rows"), "{out}");
    }

    #[test]
    fn destructured_imports_keep_their_keys() {
        let out = shortened(
            "const{playerName,gameTitle:title}=await $$req(\"js/x.js\");\nplayerName(title);\n",
        );
        assert_eq!(
            out,
            "const{playerName:a,gameTitle:b}=await $$req(\"js/x.js\");a(b);"
        );
    }

    #[test]
    fn blocks_are_not_objects() {
        // `let a, b` in a block, a call at a block's start, a case block.
        let code = "function f(x) {\n  if (x) { let first = 1, second = 2; render(first, second) }\n  switch (x) { case 1: { const inner = 2; return inner } default: return x }\n}\nfunction render(p, q) { return p + q }\n";
        let out = shortened(code);
        assert!(!out.contains("first"), "{out}");
        assert!(!out.contains("render"), "{out}");
        assert!(!out.contains("inner"), "{out}");
        assert!(
            !out.contains(":a"),
            "no shorthand expansion in blocks: {out}"
        );
    }

    #[test]
    fn methods_getters_and_class_members_stay() {
        let code = "class Panel {\n  constructor(box) { this.box = box }\n  get isOpen() { return unfold(this.box) }\n  render(items) { return items }\n}\nfunction unfold(box) { return box }\nconst api = { open(target) { return target }, get count() { return 1 } };\n";
        let out = shortened(code);
        assert!(out.contains("class Panel"), "{out}");
        assert!(out.contains("get isOpen()"), "{out}");
        assert!(out.contains("render("), "{out}");
        assert!(out.contains("{open("), "{out}");
        assert!(out.contains("get count()"), "{out}");
        assert!(
            !out.contains("unfold"),
            "the function `unfold` is renamed: {out}"
        );
    }

    #[test]
    fn spreads_defaults_and_arrows() {
        let code = "const merged = { ...defaults, extra };\nconst pick = ({ wanted = 1, ...others }) => [wanted, others];\nconst defaults = 1, extra = 2;\nconst twice = (value) => value * 2;\n";
        let out = shortened(code);
        assert!(out.contains("{...") && !out.contains("defaults"), "{out}");
        assert!(out.contains("extra:"), "{out}");
        assert!(out.contains("wanted:") && out.contains("=1"), "{out}");
        assert!(
            !out.contains("others") && !out.contains("twice") && !out.contains("value"),
            "{out}"
        );
    }

    #[test]
    fn line_breaks_go_only_where_no_statement_can_end() {
        assert_eq!(
            shortened("f(a,\n  b);\ng({\n  k: 1,\n})\n"),
            "f(a,b);g({k:1,})"
        );
        // A value, `return` and `x++` keep theirs: a semicolon may be
        // inserted there, or a restricted rule ends the statement.
        assert_eq!(
            shortened("a = b\n(c)\nreturn\nd\ne\n++f\n"),
            "a=b\n(c)\nreturn\nd\ne\n++f"
        );
    }

    #[test]
    fn short_names_avoid_every_word_of_the_module() {
        // `a` is taken (a property), so the first new name is `b`.
        let out = shortened("const longer = x.a;\nlonger();\n");
        assert_eq!(out, "const b=x.a;b();");
    }

    #[test]
    fn a_name_already_short_leaves_the_shortest_names_to_longer_ones() {
        // `i` is the most used, but no short name is shorter than it: the
        // first one, `a`, goes to `longer`.
        let out = shortened("const i = 0, longer = 1;\ng(i, i, i, longer);\n");
        assert_eq!(out, "const i=0,a=1;g(i,i,i,a);");
    }
}
