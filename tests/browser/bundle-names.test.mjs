// The bundles shorten each module's own names and drop the line breaks
// where no statement can end (server/src/web/rename.rs) without parsing
// JavaScript: it reads tokens and guesses, from the token before a `{`,
// whether an object or a block opens there. This checks the result with a
// real parser (acorn) against the same bundles made with the client's own
// names and line breaks (`--bundle-full-names`), for every page and both
// parts of each bundle:
//   - the two programs have the same syntax tree (so no semicolon went
//     missing or came in), but for the names of variables, and for
//     shorthand properties (`{name}`) written out (`{name: n}`) with the
//     same key;
//   - properties, keys, methods, labels keep their names;
//   - within each module, a variable's name maps to one short name, and no
//     two names to the same one (so every use follows its declaration, and
//     no name captures another);
//   - no name the module reads from the browser (a global of this
//     Chromium) changes, and only names the module declares do.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as acorn from 'acorn';

import { Server, launchBrowser } from './lib/harness.mjs';
import { browserGlobals } from './lib/globals.mjs';

const PAGES = ['index', 'room.osaki', 'room.office21', 'room.dilbert', 'replay.osaki', 'replay.office21', 'replay.dilbert'];

let short;
let full;
let globals;

before(async () => {
  short = new Server();
  full = new Server({ args: ['--bundle-full-names'] });
  await Promise.all([short.start(), full.start()]);
  const browser = await launchBrowser();
  try {
    globals = new Set(await browserGlobals(browser));
  } finally {
    await browser.close();
  }
});

after(async () => {
  await Promise.all([short?.stop(), full?.stop()]);
});

/** The client's version as `server` names it in its pages. */
async function versionOf(server) {
  const page = await (await fetch(`${server.url}/`)).text();
  return /\/v\/([0-9a-f]+)\//.exec(page)[1];
}

/**
 * A bundle's part as `server` sends it, its version written `VERSION`
 * (each server has its own: below); null if the page has no such part.
 */
async function bundleText(server, file) {
  const version = await versionOf(server);
  const response = await fetch(`${server.url}/v/${version}/bundle/${file}`);
  if (response.status === 404) return null;
  assert.equal(response.status, 200, `${file} from ${server.url}`);
  return (await response.text()).replaceAll(`/v/${version}/`, '/v/VERSION/');
}

test('the two ways of bundling are two versions, never two contents under one name', async () => {
  const [a, b] = [await versionOf(short), await versionOf(full)];
  assert.match(a, /^[0-9a-f]{16}$/);
  assert.notEqual(a, b);
});

const parse = (code) => acorn.parse(code, { ecmaVersion: 'latest', sourceType: 'module' });

/** Names a module binds: declarations, parameters, catch parameters, patterns. */
function boundNames(node, out = new Set()) {
  const pattern = (p) => {
    if (!p) return;
    if (p.type === 'Identifier') out.add(p.name);
    else if (p.type === 'ObjectPattern') p.properties.forEach((q) => pattern(q.type === 'RestElement' ? q.argument : q.value));
    else if (p.type === 'ArrayPattern') p.elements.forEach(pattern);
    else if (p.type === 'RestElement') pattern(p.argument);
    else if (p.type === 'AssignmentPattern') pattern(p.left);
  };
  const walk = (n) => {
    if (!n || typeof n.type !== 'string') return;
    if (n.type === 'VariableDeclarator') pattern(n.id);
    if (/Function/.test(n.type)) {
      if (n.id) out.add(n.id.name);
      n.params.forEach(pattern);
    }
    if ((n.type === 'ClassDeclaration' || n.type === 'ClassExpression') && n.id) out.add(n.id.name);
    if (n.type === 'CatchClause') pattern(n.param);
    for (const [key, value] of Object.entries(n)) {
      if (key === 'start' || key === 'end') continue;
      if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === 'object') walk(value);
    }
  };
  walk(node);
  return out;
}

/**
 * Walks the full-names tree `a` and the short-names tree `b` together.
 * `names` (per module) maps each variable name of `a` to its name in `b`.
 */
function compare(a, b, names, where) {
  const fail = (what) => assert.fail(`${where}: ${what} at ${a.start}: ${JSON.stringify(a).slice(0, 200)}`);
  if (a === null || b === null || typeof a !== 'object') {
    if (a !== b) fail(`${JSON.stringify(a)} became ${JSON.stringify(b)}`);
    return;
  }
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) fail('a list changed length');
    a.forEach((x, i) => compare(x, b[i], names, where));
    return;
  }
  if (a.type === 'Identifier') {
    if (b.type !== 'Identifier') fail(`an identifier became ${b.type}`);
    const mapped = names.forward.get(a.name);
    if (mapped === undefined) {
      const taken = names.backward.get(b.name);
      if (taken !== undefined && taken !== a.name) fail(`${a.name} and ${taken} both became ${b.name}`);
      names.forward.set(a.name, b.name);
      names.backward.set(b.name, a.name);
    } else if (mapped !== b.name) {
      fail(`${a.name} became both ${mapped} and ${b.name}`);
    }
    return;
  }
  if (a.type !== b.type) fail(`${a.type} became ${b.type}`);
  // Where a name is a property, not a variable, it stays as it is.
  const fixed = (x, y) => {
    if (x.type === 'Identifier' || x.type === 'PrivateIdentifier') {
      if (y.type !== x.type || y.name !== x.name) fail(`the property ${x.name} became ${y.name}`);
    } else {
      compare(x, y, names, where);
    }
  };
  switch (a.type) {
    case 'MemberExpression':
      compare(a.object, b.object, names, where);
      if (a.computed) compare(a.property, b.property, names, where);
      else fixed(a.property, b.property);
      if (a.optional !== b.optional || a.computed !== b.computed) fail('a member access changed');
      return;
    case 'Property':
    case 'MethodDefinition':
    case 'PropertyDefinition':
      if (a.computed) compare(a.key, b.key, names, where);
      else fixed(a.key, b.key);
      if (a.kind !== b.kind || a.static !== b.static || a.computed !== b.computed || a.method !== b.method) fail('a member changed');
      // `{name}` may become `{name: n}`: same key, the value renamed.
      compare(a.value, b.value, names, where);
      return;
    case 'LabeledStatement':
    case 'BreakStatement':
    case 'ContinueStatement':
      if (a.label) fixed(a.label, b.label);
      if (a.body) compare(a.body, b.body, names, where);
      return;
    case 'MetaProperty':
      fixed(a.meta, b.meta);
      fixed(a.property, b.property);
      return;
    case 'Literal':
      if (a.value !== b.value && !(a.regex && b.regex && a.regex.pattern === b.regex.pattern && a.regex.flags === b.regex.flags)) {
        fail(`the literal ${a.raw} became ${b.raw}`);
      }
      return;
    case 'TemplateElement':
      if (a.value.cooked !== b.value.cooked) fail('a template changed');
      return;
    default:
  }
  for (const key of Object.keys(a)) {
    if (key === 'start' || key === 'end' || key === 'raw' || key === 'shorthand') continue;
    compare(a[key], b[key], names, where);
  }
}

/** The modules of a bundle's program: `$$def("path", async function…)` calls, by path. */
function modules(program) {
  const found = new Map();
  for (const statement of program.body) {
    const call = statement.type === 'ExpressionStatement' ? statement.expression : null;
    if (call?.type === 'CallExpression' && call.callee.name === '$$def') found.set(call.arguments[0].value, call.arguments[1]);
  }
  return found;
}

for (const page of PAGES) {
  test(`${page}: shortened names keep the program as it is`, async () => {
    let renamed = 0;
    for (const part of [`${page}.js`, `${page}.later.js`]) {
      const [fullText, shortText] = [await bundleText(full, part), await bundleText(short, part)];
      assert.equal(fullText === null, shortText === null, `${part}: both servers have it, or neither`);
      if (fullText === null) {
        assert.ok(part.endsWith('.later.js'), `${part}: the page's bundle exists`);
        continue;
      }
      const [a, b] = [parse(fullText), parse(shortText)];
      const [fullModules, shortModules] = [modules(a), modules(b)];
      assert.deepEqual([...shortModules.keys()], [...fullModules.keys()], `${part}: the same modules`);
      assert.ok(fullModules.size > 0, `${part}: has modules`);
      // What is outside the modules (the bundle's own functions) is the same.
      compare({ ...a, body: a.body.filter((s) => !modules({ body: [s] }).size) }, { ...b, body: b.body.filter((s) => !modules({ body: [s] }).size) }, { forward: new Map(), backward: new Map() }, part);
      for (const [path, fullModule] of fullModules) {
        const names = { forward: new Map(), backward: new Map() };
        compare(fullModule, shortModules.get(path), names, `${part} ${path}`);
        const bound = boundNames(fullModule);
        for (const [from, to] of names.forward) {
          if (from === to) continue;
          renamed += 1;
          assert.ok(!globals.has(from), `${path}: the browser's ${from} became ${to}`);
          assert.ok(bound.has(from), `${path}: ${from}, which the module does not declare, became ${to}`);
        }
      }
    }
    assert.ok(renamed > 50, `names were shortened (${renamed})`);
  });
}
