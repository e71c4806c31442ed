import assert from 'node:assert/strict';
import { test } from 'node:test';
import { closestFontWeight, orderFacesByMatch } from './font-weights.js';

test('closestFontWeight follows CSS Fonts 4 matching: 400 and 500 look up to 500 first, then down; lighter looks down; bolder looks up', () => {
  assert.equal(closestFontWeight(700, [400, 700]), 700, 'an available weight is kept');
  assert.equal(closestFontWeight(400, [300, 500, 700]), 500);
  assert.equal(closestFontWeight(500, [300, 600]), 300, 'from 500, lighter before anything above 500');
  assert.equal(closestFontWeight(300, [100, 400]), 100);
  assert.equal(closestFontWeight(300, [400, 500]), 400);
  assert.equal(closestFontWeight(600, [400, 800]), 800);
  assert.equal(closestFontWeight(900, [400, 700]), 700);
  assert.equal(closestFontWeight(700, []), 700, 'no faces: nothing to snap to');
});

test('orderFacesByMatch puts the requested style first, then the closest weight', () => {
  const faces = [
    { id: 'a', weight: 400, style: 'italic' },
    { id: 'b', weight: 700, style: 'normal' },
    { id: 'c', weight: 300, style: 'normal' },
  ];
  assert.deepEqual(
    orderFacesByMatch(faces, 400, 'normal').map((f) => f.id),
    ['c', 'b', 'a'],
  );
  assert.equal(orderFacesByMatch(faces, 700, 'italic')[0].id, 'a');
});
