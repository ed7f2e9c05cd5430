//! One script and one stylesheet per page, made by the server from the
//! client's own files (docs/performance.md, "First load"): a room page on
//! a slow phone link fetched about fifty files, and the round trips, not
//! the bytes, were most of its wait. Still no build step: the client is
//! the plain modules in web-client/, which `--unbundled-client` serves as
//! they are.
//!
//! A bundle is the page's module scripts and every module they import
//! statically (and, for a page that draws a game, that game's modules),
//! each wrapped in an `async function` that receives its exports object:
//! - `import { a, b as c } from './x.js'` becomes
//!   `const{a,b:c}=await $$req("js/x.js")` (a module runs once, its imports
//!   first, in order; top-level `await` keeps working);
//! - `export function f`, `export const a`, `export class C` lose their
//!   `export`, and the exports object gets a getter for each name (so
//!   `import * as` sees later assignments, as a module namespace does);
//!   `export default x` becomes `$$e.default=x`;
//! - `import('./y.js')` becomes `$$imp("js/this.js",'./y.js')`, which
//!   resolves like the browser and takes a module from the bundle if it is
//!   there, or imports the file (a dictionary, the QR encoder, the rules
//!   texts) as usual;
//! - `import.meta.url` becomes the module's own versioned URL.
//!
//! A module the page's modules import only on use (`import('./x.js')`) and
//! that imports modules itself goes to the bundle's second part,
//! `{name}.later.js` ([`Later`]): its `$$def`s, run in the first part's
//! registry (`globalThis.$$bundle`), which `$$imp` loads the first time it
//! is asked for one of them. The first part stays smaller by all of it
//! (the rules drawer, the solo set-up, the other-device dialog) and those
//! modules still share the page's copy of `dom.js`, `i18n.js`, ….
//!
//! Comments and indentation go (`script.rs`); each module's own names are
//! shortened and its line breaks go where no statement can end
//! (`rename.rs`; not with `--bundle-full-names`). A module
//! the bundle cannot take (an `export { … }` list, a cycle, an import of a
//! name its module does not export) makes the whole bundle fail, and the
//! page is served unbundled: never a page that half works.

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;

use thiserror::Error;

use super::rename;
use super::script::{self, Gap, Kind, LexError, Token};

#[derive(Debug, Error, PartialEq, Eq)]
pub enum BundleError {
    #[error("{module}: {source}")]
    Lex {
        module: String,
        #[source]
        source: LexError,
    },
    #[error("{module}: {what} is not supported in a bundle")]
    Unsupported { module: String, what: String },
    #[error("{module} imports {target}, which is not in the client")]
    Missing { module: String, target: String },
    #[error("{module} imports `{name}` from {target}, which does not export it")]
    NotExported {
        module: String,
        target: String,
        name: String,
    },
    #[error("modules import each other in a cycle through {0}")]
    Cycle(String),
    #[error("{0} is vendored: it keeps its licence text, so it is loaded with import()")]
    Vendored(String),
}

/// One module, rewritten.
struct Module {
    /// `$$def("path",async function($$e){…});`
    code: String,
    /// Static imports: the module imported and the names taken from it
    /// (`default` for a default import; none for a namespace or a bare import).
    imports: Vec<(String, Vec<String>)>,
    exports: Vec<String>,
}

/// The bundle of `entries` (run in this order, each after the one before
/// has finished) with every module in `sources` (client path → text) defined:
/// the entries' static imports and anything else the page may import on use.
/// `resolve` turns an import specifier into a client path.
#[cfg(test)]
pub fn script(
    entries: &[String],
    sources: &BTreeMap<String, String>,
    version: &str,
    resolve: impl Fn(&str, &str) -> Option<String>,
) -> Result<String, BundleError> {
    Ok(scripts(entries, sources, &Later::default(), version, true, resolve)?.0)
}

/// The modules of a bundle's second part (`{name}.later.js`): imported on
/// use, with `import()`, by the first part's modules, and sharing modules
/// with it (so they must run in its registry, not as separate files).
#[derive(Debug, Default)]
pub struct Later {
    /// The bundle's name: the part is `/v/{version}/bundle/{name}.later.js`.
    pub name: String,
    pub modules: std::collections::BTreeSet<String>,
}

/// The bundle's two parts: what the page runs, and (empty when there is
/// nothing to put there) what it loads the first time it imports one of
/// `later`'s modules. Every module is checked as in [`script`], both parts
/// together; with `shorten`, each module's own names are shortened
/// (`rename.rs`).
pub fn scripts(
    entries: &[String],
    sources: &BTreeMap<String, String>,
    later: &Later,
    version: &str,
    shorten: bool,
    resolve: impl Fn(&str, &str) -> Option<String>,
) -> Result<(String, String), BundleError> {
    let mut modules = BTreeMap::new();
    for (path, text) in sources {
        let mut module = rewrite(path, text, &resolve)?;
        if shorten {
            module.code = rename::shorten(&module.code).map_err(|source| BundleError::Lex {
                module: path.clone(),
                source,
            })?;
        }
        modules.insert(path.clone(), module);
    }
    for (path, module) in &modules {
        for (target, names) in &module.imports {
            let Some(imported) = modules.get(target) else {
                return Err(BundleError::Missing {
                    module: path.clone(),
                    target: target.clone(),
                });
            };
            if let Some(name) = names.iter().find(|n| !imported.exports.contains(n)) {
                return Err(BundleError::NotExported {
                    module: path.clone(),
                    target: target.clone(),
                    name: name.clone(),
                });
            }
        }
    }
    check_acyclic(&modules)?;
    for entry in entries {
        if !modules.contains_key(entry) || later.modules.contains(entry) {
            return Err(BundleError::Missing {
                module: "the page".into(),
                target: entry.clone(),
            });
        }
    }
    let mut first = prelude(version, later);
    let mut second = String::new();
    if !later.modules.is_empty() {
        second.push_str("const{$$def,$$req,$$x,$$imp,$$url}=globalThis.$$bundle;\n");
    }
    for (path, module) in &modules {
        let part = if later.modules.contains(path) {
            &mut second
        } else {
            &mut first
        };
        part.push_str(&module.code);
    }
    let list: Vec<String> = entries.iter().map(|e| format!("{e:?}")).collect();
    let _ = writeln!(
        first,
        "(async()=>{{for(const e of[{}])await $$req(e)}})();",
        list.join(",")
    );
    Ok((first, second))
}

/// The few functions every bundle's modules call (see the module docs).
/// `$$imp` takes a module from the bundle, loading its second part first
/// when the module is there (once; again after a failure), or else
/// imports the file.
fn prelude(version: &str, later: &Later) -> String {
    let ids: Vec<String> = later.modules.iter().map(|m| format!("{m:?}")).collect();
    let name = &later.name;
    format!(
        r#"const $$v="/v/{version}/",$$m=new Map(),$$l=new Set([{ids}]);let $$lp=null;
function $$def(i,f){{$$m.set(i,{{f,e:{{}},p:null}})}}
function $$req(i){{const m=$$m.get(i);return m.p??=m.f(m.e).then(()=>m.e)}}
function $$x(e,g){{for(const k in g)Object.defineProperty(e,k,{{get:g[k],enumerable:true}})}}
function $$imp(f,s){{const u=new URL(s,location.origin+$$v+f).pathname,i=u.slice($$v.length);if(!u.startsWith($$v))return import(u);if($$m.has(i))return $$req(i);if($$l.has(i))return($$lp??=import($$v+"bundle/{name}.later.js").catch(e=>{{$$lp=null;throw e}})).then(()=>$$req(i));return import(u)}}
function $$url(i){{return location.origin+$$v+i}}
globalThis.$$bundle={{$$def,$$req,$$x,$$imp,$$url}};
"#,
        ids = ids.join(",")
    )
}

fn check_acyclic(modules: &BTreeMap<String, Module>) -> Result<(), BundleError> {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        Visiting,
        Done,
    }
    fn visit<'a>(
        path: &'a str,
        modules: &'a BTreeMap<String, Module>,
        marks: &mut HashMap<&'a str, Mark>,
    ) -> Result<(), BundleError> {
        match marks.get(path) {
            Some(Mark::Done) => return Ok(()),
            Some(Mark::Visiting) => return Err(BundleError::Cycle(path.to_owned())),
            None => {}
        }
        marks.insert(path, Mark::Visiting);
        if let Some(module) = modules.get(path) {
            for (target, _) in &module.imports {
                visit(target, modules, marks)?;
            }
        }
        marks.insert(path, Mark::Done);
        Ok(())
    }
    let mut marks = HashMap::new();
    for path in modules.keys() {
        visit(path, modules, &mut marks)?;
    }
    Ok(())
}

/// Writes synthesized code where a token with `gap` stood.
fn write_code(out: &mut String, gap: Gap, code: &str) {
    let (first, rest) = code.split_at(
        code.find(|c: char| !c.is_ascii_alphanumeric() && c != '$')
            .unwrap_or(code.len())
            .max(1),
    );
    script::write_token(
        out,
        &Token {
            kind: Kind::Word,
            text: first,
            gap,
        },
    );
    out.push_str(rest);
}

fn rewrite(
    path: &str,
    source: &str,
    resolve: &impl Fn(&str, &str) -> Option<String>,
) -> Result<Module, BundleError> {
    if path.contains("/vendor/") {
        return Err(BundleError::Vendored(path.to_owned()));
    }
    let unsupported = |what: &str| BundleError::Unsupported {
        module: path.to_owned(),
        what: what.to_owned(),
    };
    let mut tokens = script::tokens(source).map_err(|source| BundleError::Lex {
        module: path.to_owned(),
        source,
    })?;
    let mut body = String::with_capacity(source.len());
    let mut imports = Vec::new();
    let mut exports = Vec::new();
    let mut depth = 0usize;
    let mut i = 0;
    while i < tokens.len() {
        let token = tokens[i];
        let keyword = token.kind == Kind::Word
            && !(i > 0 && tokens[i - 1].is(Kind::Punct, "."))
            && matches!(token.text, "import" | "export");
        let next = |k: usize| tokens.get(i + k).copied();
        if keyword && token.text == "import" && next(1).is_some_and(|t| t.is(Kind::Punct, "(")) {
            write_code(&mut body, token.gap, &format!("$$imp({path:?},"));
            i += 2;
            continue;
        }
        if keyword && token.text == "import" && next(1).is_some_and(|t| t.is(Kind::Punct, ".")) {
            let meta_url = next(2).is_some_and(|t| t.is(Kind::Word, "meta"))
                && next(3).is_some_and(|t| t.is(Kind::Punct, "."))
                && next(4).is_some_and(|t| t.is(Kind::Word, "url"));
            if !meta_url {
                return Err(unsupported("import.meta other than import.meta.url"));
            }
            write_code(&mut body, token.gap, &format!("$$url({path:?})"));
            i += 5;
            continue;
        }
        if keyword && depth == 0 && token.text == "import" {
            let statement = static_import(&tokens, i, path, resolve)?;
            write_code(&mut body, token.gap, &statement.code);
            imports.push(statement.import);
            i = statement.end;
            continue;
        }
        if keyword && depth == 0 && token.text == "export" {
            let declared = next(1).ok_or_else(|| unsupported("a lone `export`"))?;
            if declared.is(Kind::Word, "default") {
                write_code(&mut body, token.gap, "$$e.default=");
                exports.push("default".to_owned());
                i += 2;
                continue;
            }
            let name = exported_name(&tokens[i + 1..])
                .ok_or_else(|| unsupported(&format!("`export {}`", declared.text)))?;
            exports.push(name.to_owned());
            // The declaration stays, where `export` stood.
            tokens[i + 1].gap = token.gap.max(declared.gap);
            i += 1;
            continue;
        }
        if token.kind == Kind::Punct {
            match token.text {
                "{" => depth += 1,
                "}" => depth = depth.saturating_sub(1),
                _ => {}
            }
        }
        script::write_token(&mut body, &token);
        i += 1;
    }
    let getters: Vec<String> = exports
        .iter()
        .filter(|name| *name != "default")
        .map(|name| format!("{name}:()=>{name}"))
        .collect();
    let mut code = format!("$$def({path:?},async function($$e){{");
    if !getters.is_empty() {
        let _ = write!(code, "$$x($$e,{{{}}});", getters.join(","));
    }
    code.push('\n');
    code.push_str(&body);
    code.push_str("\n});\n");
    Ok(Module {
        code,
        imports,
        exports,
    })
}

/// The name an `export` declaration declares: `function f`, `async
/// function f`, `function* f`, `class C`, `const|let|var a`.
fn exported_name<'a>(tokens: &[Token<'a>]) -> Option<&'a str> {
    let mut rest = tokens.iter().filter(|t| !t.is(Kind::Punct, "*"));
    let mut first = rest.next()?;
    if first.is(Kind::Word, "async") {
        first = rest.next()?;
    }
    let name = match first.text {
        "function" | "class" | "const" | "let" | "var" if first.kind == Kind::Word => {
            rest.next()?
        }
        _ => return None,
    };
    (name.kind == Kind::Word).then_some(name.text)
}

/// A static `import` statement, rewritten.
struct StaticImport {
    /// What replaces it.
    code: String,
    /// The module imported, and the names taken from it.
    import: (String, Vec<String>),
    /// The index of the token after its `;`.
    end: usize,
}

fn static_import(
    tokens: &[Token],
    at: usize,
    path: &str,
    resolve: &impl Fn(&str, &str) -> Option<String>,
) -> Result<StaticImport, BundleError> {
    let unsupported = |what: &str| BundleError::Unsupported {
        module: path.to_owned(),
        what: what.to_owned(),
    };
    let specifier_at = (at + 1..tokens.len())
        .find(|&k| tokens[k].kind == Kind::Str)
        .ok_or_else(|| unsupported("an import without a module"))?;
    if !tokens
        .get(specifier_at + 1)
        .is_some_and(|t| t.is(Kind::Punct, ";"))
    {
        return Err(unsupported("an import not ended by `;`"));
    }
    let quoted = tokens[specifier_at].text;
    let specifier = &quoted[1..quoted.len() - 1];
    let target = resolve(path, specifier).ok_or_else(|| BundleError::Missing {
        module: path.to_owned(),
        target: specifier.to_owned(),
    })?;
    let clause: Vec<&str> = tokens[at + 1..specifier_at]
        .iter()
        .map(|t| t.text)
        .collect();
    let required = format!("await $$req({target:?})");
    let (code, names) = match clause.as_slice() {
        [] => (format!("{required};"), Vec::new()),
        ["*", "as", name, "from"] => (format!("const {name}={required};"), Vec::new()),
        [default, "from"] => (
            format!("const {default}=({required}).default;"),
            vec!["default".to_owned()],
        ),
        ["{", inner @ .., "}", "from"] => {
            let mut names = Vec::new();
            let mut bindings = Vec::new();
            for part in inner.split(|t| *t == ",").filter(|p| !p.is_empty()) {
                match part {
                    [name] => {
                        names.push((*name).to_owned());
                        bindings.push((*name).to_owned());
                    }
                    [name, "as", local] => {
                        names.push((*name).to_owned());
                        bindings.push(format!("{name}:{local}"));
                    }
                    _ => return Err(unsupported(&format!("import {{ {} }}", part.join(" ")))),
                }
            }
            (
                format!("const{{{}}}={required};", bindings.join(",")),
                names,
            )
        }
        _ => return Err(unsupported(&format!("import {}", clause.join(" ")))),
    };
    Ok(StaticImport {
        code,
        import: (target, names),
        end: specifier_at + 2,
    })
}

/// Stylesheets joined in order, without comments or indentation. They keep
/// their meaning as long as the bundle sits at the same depth as css/ (a
/// relative `url()` resolves the same).
pub fn stylesheet(sheets: &[String]) -> String {
    let mut out = String::new();
    for sheet in sheets {
        minify_css(sheet, &mut out);
        out.push('\n');
    }
    out
}

fn minify_css(css: &str, out: &mut String) {
    let bytes = css.as_bytes();
    let mut i = 0;
    let mut gap = Gap::None;
    while i < bytes.len() {
        let b = bytes[i];
        if b.is_ascii_whitespace() {
            gap = gap.max(if b == b'\n' { Gap::Line } else { Gap::Space });
            i += 1;
            continue;
        }
        if css[i..].starts_with("/*") {
            i = css[i + 2..]
                .find("*/")
                .map_or(bytes.len(), |end| i + 2 + end + 2);
            gap = gap.max(Gap::Space);
            continue;
        }
        let start = i;
        if b == b'"' || b == b'\'' {
            i += 1;
            while i < bytes.len() && bytes[i] != b {
                i += if bytes[i] == b'\\' { 2 } else { 1 };
            }
            i = (i + 1).min(bytes.len());
        } else {
            i += 1;
        }
        if !out.is_empty() && !out.ends_with('\n') {
            match gap {
                Gap::Line => out.push('\n'),
                Gap::Space => out.push(' '),
                Gap::None => {}
            }
        }
        gap = Gap::None;
        out.push_str(&css[start..i]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn resolve(module: &str, specifier: &str) -> Option<String> {
        super::super::resolve(module, specifier)
    }

    fn sources(files: &[(&str, &str)]) -> BTreeMap<String, String> {
        files
            .iter()
            .map(|(p, t)| ((*p).to_owned(), (*t).to_owned()))
            .collect()
    }

    /// Every module of the client, rewritten for a bundle, reads no
    /// variable after its names are shortened (`rename.rs`) that it did
    /// not read before: a declaration renamed with one of its uses left
    /// behind would leave that use reading a name nothing declares.
    #[test]
    fn shortening_leaves_no_module_of_the_client_reading_a_name_it_lost() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../web-client");
        let mut stack = vec![root.join("js")];
        let mut modules = 0;
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(&dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    if !path.ends_with("vendor") {
                        stack.push(path);
                    }
                    continue;
                }
                if path.extension().is_none_or(|e| e != "js") {
                    continue;
                }
                let client_path = path
                    .strip_prefix(&root)
                    .unwrap()
                    .to_string_lossy()
                    .into_owned();
                let source = std::fs::read_to_string(&path).unwrap();
                let any = |_: &str, specifier: &str| Some(specifier.to_owned());
                let code = rewrite(&client_path, &source, &any).unwrap().code;
                let short = rename::shorten(&code).unwrap();
                assert!(short.len() <= code.len(), "{client_path}");
                let lost: Vec<String> = rename::free_names(&short)
                    .difference(&rename::free_names(&code))
                    .cloned()
                    .collect();
                assert!(lost.is_empty(), "{client_path}: {lost:?}");
                modules += 1;
            }
        }
        assert!(modules > 50, "the client's modules were found ({modules})");
    }

    #[test]
    fn imports_and_exports_become_calls_and_getters() {
        let files = sources(&[
            (
                "js/a.js",
                "import { b, c as see } from './b.js';\nimport * as all from './b.js';\n// why\nexport function a() { return b + see + all.b; }\n",
            ),
            ("js/b.js", "export const b = 1;\nexport let c = 2;\nexport default { x: `${b}` };\n"),
        ]);
        let out = script(&["js/a.js".into()], &files, "v1", resolve).unwrap();
        assert!(
            out.contains("const{b,c:e}=await $$req(\"js/b.js\");"),
            "{out}"
        );
        // `see` and `all` are shortened (`rename.rs`) to the first short
        // names that no word of the module has: `a`, `b` and `c` are taken.
        assert!(out.contains("const d=await $$req(\"js/b.js\");"), "{out}");
        assert!(
            out.contains("$$def(\"js/a.js\",async function($$e){$$x($$e,{a:()=>a});const{"),
            "{out}"
        );
        assert!(out.contains(";function a(){return b+e+d.b;}\n"), "{out}");
        assert!(
            out.contains("$$x($$e,{b:()=>b,c:()=>c});const b=1;let c=2;$$e.default={x:`${b}`};"),
            "{out}"
        );
        assert!(!out.contains("why"));
        assert!(out.ends_with("for(const e of[\"js/a.js\"])await $$req(e)})();\n"));
    }

    #[test]
    fn modules_imported_on_use_go_to_the_second_part_and_share_the_first() {
        let files = sources(&[
            (
                "js/a.js",
                "import { b } from './b.js';\nexport const open = () => import('./c.js');\n",
            ),
            ("js/b.js", "export const b = 1;\n"),
            (
                "js/c.js",
                "import { b } from './b.js';\nexport const c = b + 1;\n",
            ),
        ]);
        let later = Later {
            name: "room.osaki".into(),
            modules: ["js/c.js".to_owned()].into(),
        };
        let (first, second) =
            scripts(&["js/a.js".into()], &files, &later, "v1", true, resolve).unwrap();
        assert!(first.contains("$$def(\"js/a.js\""), "{first}");
        assert!(first.contains("$$def(\"js/b.js\""), "{first}");
        assert!(!first.contains("$$def(\"js/c.js\""), "{first}");
        assert!(first.contains("$$l=new Set([\"js/c.js\"])"), "{first}");
        assert!(
            first.contains("import($$v+\"bundle/room.osaki.later.js\")"),
            "{first}"
        );
        assert!(
            second.starts_with("const{$$def,$$req,$$x,$$imp,$$url}=globalThis.$$bundle;\n"),
            "{second}"
        );
        assert!(second.contains("$$def(\"js/c.js\""), "{second}");
        assert!(
            second.contains("const{b}=await $$req(\"js/b.js\")"),
            "the first part's b, not a copy: {second}"
        );
        assert!(!second.contains("$$def(\"js/b.js\""), "{second}");
        // Nothing on use: no second part.
        let (_, none) = scripts(
            &["js/a.js".into()],
            &files,
            &Later::default(),
            "v1",
            true,
            resolve,
        )
        .unwrap();
        assert_eq!(none, "");
        // An entry cannot wait for later.
        let entry_later = Later {
            name: "x".into(),
            modules: ["js/a.js".to_owned()].into(),
        };
        assert!(scripts(
            &["js/a.js".into()],
            &files,
            &entry_later,
            "v1",
            true,
            resolve
        )
        .is_err());
    }

    #[test]
    fn dynamic_imports_and_import_meta_name_their_module() {
        let files = sources(&[(
            "js/games/x.js",
            "const u = new URL('../img/', import.meta.url);\nexport const load = () => import(`./${u}.js`);\n",
        )]);
        let out = script(&["js/games/x.js".into()], &files, "v1", resolve).unwrap();
        assert!(
            out.contains("new URL('../img/',$$url(\"js/games/x.js\"))"),
            "{out}"
        );
        assert!(
            out.contains("$$imp(\"js/games/x.js\",`./${u}.js`)"),
            "{out}"
        );
    }

    #[test]
    fn what_a_bundle_cannot_take_fails_it_whole() {
        let unexported = sources(&[
            ("js/a.js", "import { nope } from './b.js';\n"),
            ("js/b.js", "export const b = 1;\n"),
        ]);
        assert!(matches!(
            script(&["js/a.js".into()], &unexported, "v", resolve),
            Err(BundleError::NotExported { name, .. }) if name == "nope"
        ));
        let missing = sources(&[("js/a.js", "import { b } from './b.js';\n")]);
        assert!(matches!(
            script(&["js/a.js".into()], &missing, "v", resolve),
            Err(BundleError::Missing { .. })
        ));
        let cycle = sources(&[
            (
                "js/a.js",
                "import { b } from './b.js';\nexport const a = 1;\n",
            ),
            (
                "js/b.js",
                "import { a } from './a.js';\nexport const b = 1;\n",
            ),
        ]);
        assert!(matches!(
            script(&["js/a.js".into()], &cycle, "v", resolve),
            Err(BundleError::Cycle(_))
        ));
        let list = sources(&[("js/a.js", "const a = 1;\nexport { a };\n")]);
        assert!(matches!(
            script(&["js/a.js".into()], &list, "v", resolve),
            Err(BundleError::Unsupported { .. })
        ));
    }

    #[test]
    fn stylesheets_lose_comments_and_indentation_but_not_strings() {
        let css = "/* head */\n.a {\n  content: '/* kept */';\n  margin:  0  auto;\n}\n".to_owned();
        assert_eq!(
            stylesheet(&[css, "b{x:y}".into()]),
            ".a {\ncontent: '/* kept */';\nmargin: 0 auto;\n}\nb{x:y}\n"
        );
    }
}
