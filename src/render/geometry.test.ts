import assert from 'node:assert/strict';
import { test } from 'node:test';
import { composeMatrix, invert, multiply } from './matrix.js';
import { normalizeDocument, resolveOrigin } from './normalize-document.js';
import { centerPoint, ownMatrix, transformedDimensions } from './object-geometry.js';
import { pathBounds, simplifyPath } from './path-geometry.js';

const close = (a: readonly number[], b: readonly number[]) => a.forEach((v, i) => assert.ok(Math.abs(v - b[i]) < 1e-9, `${a} vs ${b}`));

test('composeMatrix snaps 90° rotations like Fabric', () => {
  assert.deepEqual(composeMatrix({ angle: 90, translateX: 10, translateY: 20 }), [0, 1, -1, 0, 10, 20]);
  close(multiply(composeMatrix({ angle: 30, scaleX: 2 }), invert(composeMatrix({ angle: 30, scaleX: 2 }))), [1, 0, 0, 1, 0, 0]);
});

test('transformed dimensions include stroke before scaling unless strokeUniform', () => {
  const base = { width: 100, height: 50, strokeWidth: 4, scaleX: 2, scaleY: 3, skewX: 0, skewY: 0, strokeUniform: false };
  assert.deepEqual(transformedDimensions(base), { x: 208, y: 162 });
  assert.deepEqual(transformedDimensions({ ...base, strokeUniform: true }), { x: 204, y: 154 });
});

test('centre point from a top-left origin rotates around left/top (Fabric translateToCenterPoint)', () => {
  const n = {
    left: 100,
    top: 100,
    width: 100,
    height: 50,
    strokeWidth: 0,
    strokeUniform: false,
    scaleX: 1,
    scaleY: 1,
    skewX: 0,
    skewY: 0,
    originX: -0.5,
    originY: -0.5,
    angle: 90,
    flipX: false,
    flipY: false,
  };
  const c = centerPoint(n);
  close([c.x, c.y], [75, 150]);
  assert.deepEqual(ownMatrix(n), [0, 1, -1, 0, 75, 150]);
});

test('numeric origins resolve to fractions of the size', () => {
  assert.equal(resolveOrigin(0.25, 0), -0.25);
  assert.equal(resolveOrigin('right', 0), 0.5);
  assert.equal(resolveOrigin(undefined, -0.5), -0.5);
});

test('normalize: v7 defaults to centre origin, v5/v6 to top-left, explicit wins; type aliases', () => {
  const objects = [{ type: 'Rect' }, { type: 'i-text', text: 'x' }, { type: 'Textbox', originX: 'right' }];
  const v7 = normalizeDocument({ width: 10, height: 10, objects });
  assert.deepEqual(
    v7.objects.map((o) => [o.kind, o.originX, o.originY]),
    [
      ['rect', 0, 0],
      ['text', 0, 0],
      ['text', 0.5, 0],
    ],
  );
  const v5 = normalizeDocument({ version: '5.3.0', width: 10, height: 10, objects });
  assert.deepEqual(
    v5.objects.map((o) => [o.originX, o.originY]),
    [
      [-0.5, -0.5],
      [-0.5, -0.5],
      [0.5, -0.5],
    ],
  );
  const v6 = normalizeDocument({ version: '6.4.1', width: 10, height: 10, objects: [{ type: 'image', src: 'a' }] });
  assert.equal(v6.objects[0].originX, -0.5);
  assert.equal(v6.objects[0].strokeWidth, 0, 'images default to no stroke');
  assert.throws(() => normalizeDocument({ width: 1, height: 1, objects: [{ type: 'sparkle', name: 'star' }] }), /sparkle/);
});

test('line and polyline geometry is derived from their points', () => {
  const doc = normalizeDocument({
    width: 10,
    height: 10,
    objects: [
      { type: 'line', x1: 10, y1: 50, x2: 110, y2: 0 },
      {
        type: 'polygon',
        points: [
          { x: 10, y: 10 },
          { x: 50, y: 90 },
          { x: 90, y: 30 },
        ],
      },
    ],
  });
  const [line, poly] = doc.objects;
  assert.deepEqual([line.width, line.height, line.lineFlipX, line.lineFlipY], [100, 50, false, true]);
  assert.deepEqual([poly.width, poly.height, poly.pathOffset], [80, 80, { x: 50, y: 50 }]);
});

test('paths: relative commands, arcs to cubic beziers, Fabric bounding box', () => {
  const p = simplifyPath([['M', 0, 0], ['l', 10, 0], ['h', 5], ['v', 5], ['a', 5, 5, 0, 0, 1, -5, 5], ['z']]);
  assert.deepEqual(p.slice(0, 4), [
    ['M', 0, 0],
    ['L', 10, 0],
    ['L', 15, 0],
    ['L', 15, 5],
  ]);
  assert.equal(p[4][0], 'C');
  close((p[p.length - 2] as number[]).slice(5), [10, 10]);
  const bb = pathBounds(
    simplifyPath([
      ['M', 0, 0],
      ['Q', 50, 100, 100, 0],
    ]),
  );
  close([bb.left, bb.top, bb.width, bb.height], [0, 0, 100, 75]);
});
