//! `update.view_patch`: the JSON Patch (RFC 6902) from the view a
//! connection holds to the new one (docs/protocol.md).
//!
//! `json_patch::diff` finds every change, field by field; then any object
//! or array whose operations would take more bytes than its new value is
//! replaced whole (an Osaki slot turned over is one `replace` of the slot
//! rather than a `replace`, an `add` and a `remove` inside it), and a patch
//! no smaller than the whole view is not sent at all. Both views belong to
//! one viewer, so a patch holds nothing that viewer may not see.

use std::io;

use json_patch::jsonptr::PointerBuf;
use json_patch::{PatchOperation, ReplaceOperation};
use serde::Serialize;
use serde_json::value::RawValue;
use serde_json::Value;

/// The patch that turns `before` into `after`, as JSON text; `None` when
/// it would be no smaller than `after` itself (send the whole view).
pub fn view_patch(before: &Value, after: &Value) -> Option<Box<RawValue>> {
    let ops: Vec<Op> = json_patch::diff(before, after)
        .0
        .into_iter()
        .map(|op| {
            let tokens = op
                .path()
                .tokens()
                .map(|t| t.decoded().into_owned())
                .collect();
            let cost = size(&op, usize::MAX).unwrap_or(usize::MAX);
            Op { op, tokens, cost }
        })
        .collect();
    let mut out = Vec::with_capacity(ops.len());
    let cost = coarsen(&ops, 0, Some(after), &mut out);
    // Whole, the view costs its size; a patch also its brackets.
    if size(after, cost).is_none_or(|whole| whole > cost + 2) {
        // Pointers and JSON values: serialization cannot fail.
        Some(serde_json::value::to_raw_value(&out).expect("a patch serializes"))
    } else {
        None
    }
}

/// One operation of the diff, with its path split and its size as JSON.
struct Op {
    op: PatchOperation,
    tokens: Vec<String>,
    cost: usize,
}

/// Appends `ops` (every one under the node at `depth` whose new value is
/// `node`, in order) to `out`, coarsened; returns their size as JSON. The
/// diff only descends into a node that both views have, so a node with
/// operations below it may be replaced.
fn coarsen(ops: &[Op], depth: usize, node: Option<&Value>, out: &mut Vec<PatchOperation>) -> usize {
    let start = out.len();
    let (mut cost, mut at_node) = (0, false);
    let mut i = 0;
    while i < ops.len() {
        if ops[i].tokens.len() == depth {
            out.push(ops[i].op.clone());
            cost += ops[i].cost + 1;
            at_node = true;
            i += 1;
            continue;
        }
        let key = &ops[i].tokens[depth];
        let end = i + ops[i..]
            .iter()
            .take_while(|o| o.tokens.len() > depth && o.tokens[depth] == *key)
            .count();
        let child = node.and_then(|n| match n {
            Value::Object(map) => map.get(key),
            Value::Array(items) => key.parse::<usize>().ok().and_then(|k| items.get(k)),
            _ => None,
        });
        cost += coarsen(&ops[i..end], depth + 1, child, out);
        i = end;
    }
    let (Some(node), Some(first)) = (node, ops.first()) else {
        return cost;
    };
    if depth == 0 || at_node || !matches!(node, Value::Object(_) | Value::Array(_)) {
        return cost;
    }
    // `{"op":"replace","path":"…","value":…},`
    let path = PointerBuf::from_tokens(first.tokens[..depth].iter().map(String::as_str));
    let overhead = 23 + path.as_str().len() + 2 + 9 + 1 + 1;
    match size(node, cost.saturating_sub(overhead)) {
        Some(value) if value + overhead < cost => {
            out.truncate(start);
            out.push(PatchOperation::Replace(ReplaceOperation {
                path,
                value: node.clone(),
            }));
            value + overhead
        }
        _ => cost,
    }
}

/// The size of `value` as JSON text, if at most `limit` bytes (counting
/// stops there).
fn size(value: &impl Serialize, limit: usize) -> Option<usize> {
    struct Count {
        bytes: usize,
        limit: usize,
    }
    impl io::Write for Count {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            self.bytes += buf.len();
            if self.bytes > self.limit {
                return Err(io::Error::other("over the limit"));
            }
            Ok(buf.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }
    let mut count = Count { bytes: 0, limit };
    serde_json::to_writer(&mut count, value).ok()?;
    Some(count.bytes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn applied(before: &Value, after: &Value) -> Vec<Value> {
        let text = view_patch(before, after).expect("smaller than the view");
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
        let after = slot(
            json!({"pile": "stack", "tiles": [{"character": "temp_worker", "task": "copying"}]}),
        );
        assert_eq!(
            applied(&before, &after),
            vec![json!({"op": "replace", "path": "/areas/0/slots/1",
                        "value": {"pile": "stack", "tiles": [{"character": "temp_worker", "task": "copying"}]}})]
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
        assert!(view_patch(&json!({"a": 1, "b": [1, 2]}), &json!({"a": 2, "b": [3]})).is_none());
        assert!(
            view_patch(&json!({"a": 1}), &json!({"a": 1})).is_some(),
            "nothing changed: []"
        );
    }
}
