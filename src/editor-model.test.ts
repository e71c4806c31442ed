/** The editor's pure modules (web/editor/src), tested in Node: they know nothing of Fabric or the DOM. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { History } from '../web/editor/src/history.js';
import { checkName, copyName, uniqueName } from '../web/editor/src/names.js';

test('history keeps at least 100 undo steps, and a new change drops the redo branch', () => {
  const h = new History(0, 200);
  for (let i = 1; i <= 150; i++) assert.equal(h.push(i), true);
  assert.equal(h.push(150), false, 'an unchanged state is not a step');
  for (let i = 149; i >= 0; i--) assert.equal(h.undo(), i);
  assert.equal(h.undo(), null);
  assert.equal(h.redo(), 1);
  assert.equal(h.redo(), 2);
  h.push(99);
  assert.equal(h.canRedo, false);
  assert.equal(h.present, 99);
  assert.equal(h.undo(), 2);
});

test('history forgets the oldest steps beyond its limit', () => {
  const h = new History(0, 100);
  for (let i = 1; i <= 130; i++) h.push(i);
  let steps = 0;
  while (h.undo() !== null) steps++;
  assert.equal(steps, 100);
  assert.equal(h.present, 30);
});

test('names are readable, unique, and follow the server rule', () => {
  const taken = new Set<string>();
  const add = (kind: Parameters<typeof uniqueName>[0]) => {
    const n = uniqueName(kind, taken);
    taken.add(n);
    return n;
  };
  assert.deepEqual([add('text'), add('text'), add('image'), add('image'), add('rect')], ['title', 'text-1', 'photo-1', 'photo-2', 'rectangle-1']);
  assert.match(checkName('title', taken) ?? '', /already used/);
  assert.match(checkName('  ', taken) ?? '', /empty/);
  assert.match(checkName('x'.repeat(201), taken) ?? '', /200/);
  assert.equal(checkName('badge', taken), null);
});

test('a copy gets the next free number of its base name, within the length rule', () => {
  const taken = new Set(['badge', 'star-1', 'star-2', 'badge-2']);
  assert.equal(copyName('badge', taken), 'badge-3');
  assert.equal(copyName('star-1', taken), 'star-3');
  assert.equal(copyName('polygon-1', new Set(['polygon-1'])), 'polygon-2');
  const long = copyName('x'.repeat(200), new Set());
  assert.ok(long.length <= 200 && checkName(long, new Set()) === null, long);
  assert.deepEqual(
    ['ellipse', 'triangle', 'polygon', 'star'].map((k) => uniqueName(k as 'star', new Set())),
    ['ellipse-1', 'triangle-1', 'polygon-1', 'star-1'],
  );
});
