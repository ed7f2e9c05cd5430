//! `update.view_patch`: the JSON Patch (RFC 6902) from the view a
//! connection holds to the new one (docs/protocol.md).
//!
//! The diff works on the views' JSON text as the serializer wrote it, not on
//! parsed trees: two values the same serializer wrote are equal exactly when
//! their texts are, so a subtree whose bytes did not change is skipped with
//! one comparison, and every value a patch carries is a slice of the new
//! text. Building a `serde_json::Value` per view and diffing the trees (the
//! `json-patch` crate's `diff`) cost four times the rest of an action's work
//! (docs/performance.md, "Delta updates"); `json-patch` still applies every
//! patch in the tests, which check the result against the whole view.
//!
//! Objects are compared key by key (`add`, `remove`, or a change inside);
//! arrays index by index, then items added at the end or removed from it.
//! Any object or array whose operations would take more bytes than its new
//! value is replaced whole (an Osaki slot turned over is one `replace` of
//! the slot rather than a `replace`, an `add` and a `remove` inside it), and
//! a patch no smaller than the whole view is not sent at all. Both views
//! belong to one viewer, so a patch holds nothing that viewer may not see.

use serde_json::value::RawValue;

/// The patch that turns `before` into `after` (two JSON texts written by
/// serde_json), as JSON text; `None` when it would be no smaller than
/// `after` itself (send the whole view).
pub fn view_patch(before: &str, after: &str) -> Option<Box<RawValue>> {
    let (before_shape, after_shape) = (shape(before), shape(after));
    diff(
        Text::new(before, &before_shape),
        Text::new(after, &after_shape),
    )
}

/// A view's JSON text together with where each of its objects and arrays
/// ends. The room keeps a viewer's last view this way, so that making the
/// next patch scans only the new view: the scan was a tenth of the server's
/// CPU under load when both were scanned (docs/performance.md, "Delta
/// updates").
#[derive(Clone)]
pub struct IndexedView {
    text: Box<RawValue>,
    shape: Vec<(u32, u32)>,
}

impl IndexedView {
    pub fn new(text: Box<RawValue>) -> Self {
        let shape = shape(text.get());
        IndexedView { text, shape }
    }

    pub fn text(&self) -> &RawValue {
        &self.text
    }

    /// [`view_patch`] from this view to `after`.
    pub fn patch_to(&self, after: &IndexedView) -> Option<Box<RawValue>> {
        diff(
            Text::new(self.text.get(), &self.shape),
            Text::new(after.text.get(), &after.shape),
        )
    }
}

fn diff(before: Text, after: Text) -> Option<Box<RawValue>> {
    let mut diff = Diff {
        path: String::new(),
        out: String::from("["),
    };
    diff.node(before.root(), after.root(), true);
    diff.out.push(']');
    if diff.out.len() >= after.bytes.len() {
        return None;
    }
    // Built from valid JSON slices, escaped paths and fixed punctuation.
    Some(RawValue::from_string(diff.out).expect("a patch is JSON"))
}

/// (start, end) of every object and array of a JSON text, in the order
/// they start, found in one pass. (`u32`: a view is far shorter than
/// 4 GiB, and the room keeps one of these per viewer.)
fn shape(text: &str) -> Vec<(u32, u32)> {
    let bytes = text.as_bytes();
    let end = u32::try_from(bytes.len()).expect("a view under 4 GiB");
    let mut containers = Vec::new();
    let mut open = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                i = string_end(bytes, i);
                continue;
            }
            b'{' | b'[' => {
                open.push(containers.len());
                containers.push((i as u32, end));
            }
            b'}' | b']' => {
                if let Some(k) = open.pop() {
                    containers[k].1 = i as u32 + 1;
                }
            }
            _ => {}
        }
        i += 1;
    }
    containers
}

/// A JSON text, with where each of its objects and arrays ends (its
/// [`shape`]), so that skipping a subtree costs one lookup however deep
/// the diff goes.
#[derive(Clone, Copy)]
struct Text<'a> {
    bytes: &'a [u8],
    containers: &'a [(u32, u32)],
}

impl<'a> Text<'a> {
    fn new(text: &'a str, containers: &'a [(u32, u32)]) -> Self {
        Text {
            bytes: text.as_bytes(),
            containers,
        }
    }

    fn root(&self) -> Node<'_> {
        let start = skip_space(self.bytes, 0);
        self.node_at(start)
    }

    /// The value starting at `start`.
    fn node_at(&self, start: usize) -> Node<'_> {
        let t = self.bytes;
        let end = match t.get(start) {
            Some(b'"') => string_end(t, start),
            Some(b'{' | b'[') => self
                .containers
                .binary_search_by_key(&start, |c| c.0 as usize)
                .map_or(t.len(), |k| self.containers[k].1 as usize),
            _ => {
                let mut i = start;
                while i < t.len()
                    && !matches!(t[i], b',' | b'}' | b']' | b' ' | b'\n' | b'\r' | b'\t')
                {
                    i += 1;
                }
                i
            }
        };
        Node {
            text: self,
            start,
            end,
        }
    }
}

/// Where the string starting at `start` (its opening quote) ends: one past
/// its closing quote.
fn string_end(t: &[u8], start: usize) -> usize {
    // A plain loop: a view's strings are short (keys, names, card ids),
    // shorter than a vectorized search takes to start.
    let mut i = start + 1;
    while i < t.len() {
        match t[i] {
            b'"' => return i + 1,
            b'\\' => i += 2,
            _ => i += 1,
        }
    }
    t.len()
}

fn skip_space(t: &[u8], mut i: usize) -> usize {
    while i < t.len() && matches!(t[i], b' ' | b'\n' | b'\r' | b'\t') {
        i += 1;
    }
    i
}

/// One value in a JSON text.
#[derive(Clone, Copy)]
struct Node<'a> {
    text: &'a Text<'a>,
    start: usize,
    end: usize,
}

impl<'a> Node<'a> {
    fn bytes(self) -> &'a [u8] {
        &self.text.bytes[self.start..self.end]
    }

    fn kind(self) -> u8 {
        self.text.bytes.get(self.start).copied().unwrap_or(b'n')
    }

    /// The members of an object: each key's text between its quotes, and
    /// its value.
    fn members(self) -> Vec<(&'a [u8], Node<'a>)> {
        let t = self.text.bytes;
        let mut members = Vec::new();
        let mut i = skip_space(t, self.start + 1);
        while i < self.end && t[i] == b'"' {
            let key_end = string_end(t, i);
            let key = &t[i + 1..key_end - 1];
            let value = self.text.node_at(skip_space(t, skip_space(t, key_end) + 1));
            members.push((key, value));
            i = next_item(t, value.end);
        }
        members
    }

    /// The items of an array.
    fn items(self) -> Vec<Node<'a>> {
        let t = self.text.bytes;
        let mut items = Vec::new();
        let mut i = skip_space(t, self.start + 1);
        while i < self.end && t[i] != b']' {
            let item = self.text.node_at(i);
            items.push(item);
            i = next_item(t, item.end);
        }
        items
    }
}

/// Past the comma after a value ending at `end`, if there is one.
fn next_item(t: &[u8], end: usize) -> usize {
    let i = skip_space(t, end);
    if t.get(i) == Some(&b',') {
        skip_space(t, i + 1)
    } else {
        i
    }
}

/// The patch being written: the path of the node at hand (JSON Pointer,
/// already escaped as JSON string content) and the operations so far.
struct Diff {
    path: String,
    out: String,
}

impl Diff {
    /// Writes the operations turning `before` into `after`, both at
    /// `self.path`; the bytes they take.
    fn node(&mut self, before: Node, after: Node, root: bool) -> usize {
        if before.bytes() == after.bytes() {
            return 0;
        }
        let start = self.out.len();
        let cost = match (before.kind(), after.kind()) {
            (b'{', b'{') => self.object(before, after),
            (b'[', b'[') => self.array(before, after),
            _ => return self.op("replace", Some(after)),
        };
        if root {
            return cost;
        }
        // The node whole instead, if that is smaller.
        let whole = op_size("replace", &self.path, Some(after));
        if whole < cost {
            self.out.truncate(start);
            self.op("replace", Some(after))
        } else {
            cost
        }
    }

    fn object(&mut self, before: Node, after: Node) -> usize {
        let old = before.members();
        let new = after.members();
        let mut cost = 0;
        let mut found = vec![false; old.len()];
        for (j, (key, value)) in new.iter().enumerate() {
            // Mostly a struct's fields, in the same order both times.
            let at = match old.get(j) {
                Some((k, _)) if k == key => Some(j),
                _ => old.iter().position(|(k, _)| k == key),
            };
            let len = self.path.len();
            push_token(&mut self.path, key);
            cost += match at {
                Some(k) => {
                    found[k] = true;
                    self.node(old[k].1, *value, false)
                }
                None => self.op("add", Some(*value)),
            };
            self.path.truncate(len);
        }
        for ((key, _), found) in old.iter().zip(found) {
            if !found {
                let len = self.path.len();
                push_token(&mut self.path, key);
                cost += self.op("remove", None);
                self.path.truncate(len);
            }
        }
        cost
    }

    fn array(&mut self, before: Node, after: Node) -> usize {
        let old = before.items();
        let new = after.items();
        let mut cost = 0;
        for (i, value) in new.iter().enumerate() {
            let len = self.path.len();
            self.path.push('/');
            self.path.push_str(&i.to_string());
            cost += match old.get(i) {
                Some(was) => self.node(*was, *value, false),
                None => self.op("add", Some(*value)),
            };
            self.path.truncate(len);
        }
        // From the end, so that every index still names its item.
        for i in (new.len()..old.len()).rev() {
            let len = self.path.len();
            self.path.push('/');
            self.path.push_str(&i.to_string());
            cost += self.op("remove", None);
            self.path.truncate(len);
        }
        cost
    }

    /// Writes one operation at `self.path`; its bytes, with its comma.
    fn op(&mut self, op: &str, value: Option<Node>) -> usize {
        let start = self.out.len();
        if self.out.len() > 1 {
            self.out.push(',');
        }
        self.out.push_str("{\"op\":\"");
        self.out.push_str(op);
        self.out.push_str("\",\"path\":\"");
        self.out.push_str(&self.path);
        self.out.push('"');
        if let Some(value) = value {
            self.out.push_str(",\"value\":");
            // A slice of a JSON text that is itself a whole value.
            self.out
                .push_str(std::str::from_utf8(value.bytes()).expect("a UTF-8 slice"));
        }
        self.out.push('}');
        // The comma counts for every operation, the first one too, so that
        // costs compare the same wherever an operation lands.
        self.out.len() - start + usize::from(start <= 1)
    }
}

/// What [`Diff::op`] would write, with its comma.
fn op_size(op: &str, path: &str, value: Option<Node>) -> usize {
    // `,{"op":"…","path":"…"` `,"value":…` `}`
    1 + 7 + op.len() + 10 + path.len() + 1 + value.map_or(0, |v| 9 + v.bytes().len()) + 1
}

/// Appends `/token` to a pointer kept as JSON string content: the key's
/// text between its quotes, with `~` and `/` escaped (RFC 6901). A key
/// with a JSON escape in it is decoded first, then written escaped again.
fn push_token(path: &mut String, key: &[u8]) {
    path.push('/');
    if key.contains(&b'\\') {
        let quoted = [b"\"", key, b"\""].concat();
        let decoded: String = serde_json::from_slice(&quoted).expect("a JSON string");
        let pointer = decoded.replace('~', "~0").replace('/', "~1");
        let escaped = serde_json::to_string(&pointer).expect("a string serializes");
        path.push_str(&escaped[1..escaped.len() - 1]);
        return;
    }
    // No escape: the bytes between the quotes are the key, and can go
    // between quotes again as they are.
    let key = std::str::from_utf8(key).expect("a UTF-8 key");
    if key.contains(['~', '/']) {
        path.push_str(&key.replace('~', "~0").replace('/', "~1"));
    } else {
        path.push_str(key);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{json, Value};

    fn applied(before: &Value, after: &Value) -> Vec<Value> {
        let text = view_patch(&before.to_string(), &after.to_string()).expect("smaller");
        let ops: json_patch::Patch = serde_json::from_str(text.get()).unwrap();
        let mut view = before.clone();
        json_patch::patch(&mut view, &ops).unwrap();
        assert_eq!(view, *after);
        serde_json::from_str(text.get()).unwrap()
    }

    #[test]
    fn a_node_that_changed_most_is_replaced_whole() {
        let slot = |s: Value| json!({"turn": 1, "rest": "x".repeat(200), "areas": [{"slots": [{"pile": "unturned", "character": "president"}, s]}]});
        let before = slot(json!({"pile": "unturned", "character": "temp_worker"}));
        let after = slot(json!({"pile": "stack", "tiles": ["temp_worker:copying"]}));
        assert_eq!(
            applied(&before, &after),
            vec![json!({"op": "replace", "path": "/areas/0/slots/1",
                        "value": {"pile": "stack", "tiles": ["temp_worker:copying"]}})]
        );
        // A small change stays small.
        let mut turned = before.clone();
        turned["turn"] = json!(2);
        assert_eq!(
            applied(&before, &turned),
            vec![json!({"op": "replace", "path": "/turn", "value": 2})]
        );
    }

    #[test]
    fn a_patch_no_smaller_than_the_view_is_not_made() {
        assert!(view_patch(r#"{"a":1,"b":[1,2]}"#, r#"{"a":2,"b":[3]}"#).is_none());
        assert_eq!(
            view_patch(r#"{"a":1}"#, r#"{"a":1}"#).map(|p| p.get().to_owned()),
            Some("[]".to_owned()),
            "nothing changed"
        );
    }

    #[test]
    fn keys_are_added_removed_and_escaped_as_pointers() {
        let long = "y".repeat(1000);
        let before = json!({"keep": long, "gone": 1, "a/b": 1, "t~": [1, 2, 3], "q\"uote": 1});
        let after = json!({"keep": long, "new": {"x": 1}, "a/b": 2, "t~": [1, 2], "q\"uote": 2});
        let ops = applied(&before, &after);
        let paths: Vec<&str> = ops.iter().map(|op| op["path"].as_str().unwrap()).collect();
        for path in ["/new", "/gone", "/a~1b", "/t~0/2", "/q\"uote"] {
            assert!(paths.contains(&path), "{path} in {paths:?}");
        }
    }

    #[test]
    fn arrays_grow_and_shrink_at_the_end() {
        let item = |n: u32| json!({"n": n, "text": "z".repeat(100)});
        let grow = (
            json!({"a": [item(1), item(2)]}),
            json!({"a": [item(1), item(2), 3, 4]}),
        );
        assert_eq!(
            applied(&grow.0, &grow.1),
            vec![
                json!({"op": "add", "path": "/a/2", "value": 3}),
                json!({"op": "add", "path": "/a/3", "value": 4})
            ]
        );
        // Removed from the last, so each index still names its item.
        let shrink = json!({"a": [item(1), item(2), 3, 4, 5, 6]});
        assert_eq!(
            applied(&shrink, &grow.0),
            vec![
                json!({"op": "remove", "path": "/a/5"}),
                json!({"op": "remove", "path": "/a/4"}),
                json!({"op": "remove", "path": "/a/3"}),
                json!({"op": "remove", "path": "/a/2"})
            ]
        );
        // Most of an array changed: replaced whole.
        let changed = json!({"a": [1, 2], "b": "z".repeat(100)});
        assert_eq!(
            applied(&changed, &json!({"a": [3, 4, 5], "b": "z".repeat(100)})),
            vec![json!({"op": "replace", "path": "/a", "value": [3, 4, 5]})]
        );
    }

    #[test]
    fn values_of_every_kind_and_strings_with_escapes() {
        let long = "w".repeat(1000);
        let before = json!({"k": long, "s": "a \"quoted\" ] } , : word\\", "n": null, "f": 1.5, "b": true, "e": [], "o": {}});
        let after = json!({"k": long, "s": "b \"quoted\" [ { , : word\\", "n": [null], "f": -2e10, "b": false, "e": [{}], "o": {"x": []}});
        applied(&before, &after);
        // Pretty-printed text too: whitespace between tokens.
        let text = view_patch(
            &serde_json::to_string_pretty(&before).unwrap(),
            &serde_json::to_string_pretty(&after).unwrap(),
        )
        .unwrap();
        let ops: json_patch::Patch = serde_json::from_str(text.get()).unwrap();
        let mut view = before.clone();
        json_patch::patch(&mut view, &ops).unwrap();
        assert_eq!(view, after);
    }
}
