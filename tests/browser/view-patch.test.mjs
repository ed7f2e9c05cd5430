// js/view-patch.js on its own (no browser, no server): RFC 6902 operations,
// the examples of RFC 6902's appendix that concern values, and refusals.
// Run: node --test view-patch.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyViewPatch } from '../../web-client/js/view-patch.js';

test('add, remove and replace change a copy, keeping key order', () => {
  const view = { turn: 1, areas: [{ slots: [{ pile: 'unturned', character: 'president' }], tiles: 4 }] };
  const before = structuredClone(view);
  const after = applyViewPatch(view, [
    { op: 'replace', path: '/areas/0/slots/0', value: { pile: 'stack', tiles: ['president:copying'] } },
    { op: 'replace', path: '/turn', value: 2 },
    { op: 'add', path: '/areas/0/slots/-', value: { pile: 'empty' } },
    { op: 'add', path: '/areas/0/slots/0/tiles/1', value: 'temp_worker:copying' },
    { op: 'remove', path: '/areas/0/tiles' },
    { op: 'add', path: '/ending', value: null },
  ]);
  assert.deepEqual(view, before, 'the view given is untouched');
  assert.equal(
    JSON.stringify(after),
    JSON.stringify({
      turn: 2,
      areas: [
        {
          slots: [
            { pile: 'stack', tiles: ['president:copying', 'temp_worker:copying'] },
            { pile: 'empty' },
          ],
        },
      ],
      ending: null,
    }),
  );
});

test('move, copy and test, and escaped pointers', () => {
  const after = applyViewPatch({ 'a/b': [1, 2], 'm~n': { x: 1 } }, [
    { op: 'test', path: '/m~0n', value: { x: 1 } },
    { op: 'copy', from: '/a~1b/0', path: '/c' },
    { op: 'move', from: '/a~1b/1', path: '/a~1b/0' },
    { op: 'move', from: '/m~0n/x', path: '/y' },
  ]);
  assert.deepEqual(after, { 'a/b': [2, 1], 'm~n': {}, c: 1, y: 1 });
});

test('an operation that does not fit throws', () => {
  const view = { turn: 1, list: [1] };
  for (const op of [
    { op: 'replace', path: '/nothing', value: 1 },
    { op: 'remove', path: '/list/1' },
    { op: 'add', path: '/list/2', value: 1 },
    { op: 'add', path: '/missing/x', value: 1 },
    { op: 'add', path: 'turn', value: 1 },
    { op: 'test', path: '/turn', value: 2 },
    { op: 'remove', path: '/list/01' },
    { op: 'frobnicate', path: '/turn' },
  ]) {
    assert.throws(() => applyViewPatch(view, [op]), Error, JSON.stringify(op));
  }
  assert.throws(() => applyViewPatch(view, null));
});
