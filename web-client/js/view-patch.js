// JSON Patch (RFC 6902) for `update.view_patch` (docs/protocol.md): a
// connection that asked for patches gets each update's view as the change
// from the view it received last. Pure: the view given is never changed.

/**
 * @typedef {{op: 'add'|'remove'|'replace'|'move'|'copy'|'test', path: string, from?: string, value?: unknown}} PatchOp
 */

/** The reference tokens of a JSON Pointer (RFC 6901): "/a~1b/0" is ["a/b", "0"]. */
function tokens(pointer) {
  if (pointer === '') return [];
  if (typeof pointer !== 'string' || !pointer.startsWith('/')) throw new Error(`bad pointer ${pointer}`);
  return pointer.slice(1).split('/').map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** An array index token; `-` (one past the end) only where a value is added. */
function index(array, token, adding) {
  if (adding && token === '-') return array.length;
  const i = /^(0|[1-9][0-9]*)$/.test(token) ? Number(token) : NaN;
  if (!(i < array.length + (adding ? 1 : 0))) throw new Error(`no index ${token}`);
  return i;
}

function child(value, token) {
  if (Array.isArray(value)) return value[index(value, token, false)];
  if (value === null || typeof value !== 'object' || !Object.hasOwn(value, token)) throw new Error(`no member ${token}`);
  return value[token];
}

/** The value at `pointer`. */
function get(doc, pointer) {
  return tokens(pointer).reduce(child, doc);
}

/** The container `pointer` ends in, and its last token. */
function parentOf(doc, pointer) {
  const path = tokens(pointer);
  const parent = path.slice(0, -1).reduce(child, doc);
  if (parent === null || typeof parent !== 'object') throw new Error(`no container at ${pointer}`);
  return [parent, path[path.length - 1]];
}

function equal(a, b) {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && equal(a[k], b[k]));
}

/** One operation on `doc` (changed in place); returns the document (a new one when the root is replaced). */
function step(doc, op) {
  const value = () => structuredClone(op.op === 'copy' ? get(doc, op.from) : op.value);
  switch (op.op) {
    case 'test':
      if (!equal(get(doc, op.path), op.value)) throw new Error(`test failed at ${op.path}`);
      return doc;
    case 'remove':
    case 'replace': {
      if (op.path === '') return op.op === 'replace' ? value() : undefined;
      const [parent, t] = parentOf(doc, op.path);
      get(doc, op.path); // it must exist
      if (op.op === 'replace') parent[Array.isArray(parent) ? index(parent, t, false) : t] = value();
      else if (Array.isArray(parent)) parent.splice(index(parent, t, false), 1);
      else delete parent[t];
      return doc;
    }
    case 'move': {
      const moved = get(doc, op.from);
      return step(step(doc, { op: 'remove', path: op.from }), { op: 'add', path: op.path, value: moved });
    }
    case 'add':
    case 'copy': {
      if (op.path === '') return value();
      const [parent, t] = parentOf(doc, op.path);
      if (Array.isArray(parent)) parent.splice(index(parent, t, true), 0, value());
      else parent[t] = value();
      return doc;
    }
    default:
      throw new Error(`unknown op ${op.op}`);
  }
}

/**
 * Applies `ops` in order to a copy of `view` and returns the copy.
 * @param {unknown} view  the view received last
 * @param {PatchOp[]} ops
 * @returns {unknown} the new view
 * @throws {Error} if an operation does not fit the view (the page then needs a fresh snapshot)
 */
export function applyViewPatch(view, ops) {
  if (!Array.isArray(ops)) throw new Error('a patch is an array');
  return ops.reduce(step, structuredClone(view));
}
