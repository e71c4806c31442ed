import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SurfacePool } from './surface-pool.js';

test('a reused surface is the same canvas, cleared, with a fresh drawing state', () => {
  const pool = new SurfacePool();
  const first = pool.with(4, 3, ({ canvas, ctx }) => {
    ctx.fillStyle = '#ff0000';
    ctx.fillRect(0, 0, 4, 3);
    ctx.translate(2, 1);
    ctx.globalAlpha = 0.5;
    assert.equal(ctx.getImageData(0, 0, 1, 1).data[0], 255);
    return canvas;
  });
  pool.with(4, 3, ({ canvas, ctx }) => {
    assert.equal(canvas, first);
    assert.ok(
      ctx.getImageData(0, 0, 4, 3).data.every((v) => v === 0),
      'old pixels cleared',
    );
    assert.ok(ctx.getTransform().isIdentity);
    assert.equal(ctx.globalAlpha, 1);
  });
});

test('each size gets its own surface, and only the most recent sizes stay allocated', () => {
  // Room for two of these (5–7 × 2 pixels, 40–56 bytes), not three.
  const pool = new SurfacePool(100);
  const canvasOf = (w: number) => pool.with(w, 2, ({ canvas }) => canvas);
  const a = canvasOf(5);
  const b = canvasOf(6);
  assert.notEqual(a, b);
  assert.equal(canvasOf(5), a);
  canvasOf(7); // evicts 6, the least recently used
  assert.equal(canvasOf(5), a);
  assert.notEqual(canvasOf(6), b);
});

test('kept canvases are bounded by pixel bytes: a canvas over the budget is not kept at all', () => {
  const pool = new SurfacePool(64 * 64 * 4);
  const canvasOf = (w: number, h: number) => pool.with(w, h, ({ canvas }) => canvas);
  const small = canvasOf(32, 32);
  assert.equal(pool.bytes, 32 * 32 * 4);
  const big = canvasOf(100, 100);
  assert.notEqual(canvasOf(100, 100), big, 'a 40 KB canvas over a 16 KB budget is made anew each time');
  assert.equal(pool.bytes, 0, 'and it pushed the small one out on its way');
  const again = canvasOf(32, 32);
  assert.notEqual(again, small);
  canvasOf(32, 64);
  assert.equal(pool.bytes, 32 * 32 * 4 + 32 * 64 * 4);
  assert.equal(canvasOf(32, 32), again, 'both fit in 16 KB');
});

test('a canvas the pool lets go gives its pixels back at once, not when V8 collects it', () => {
  const pool = new SurfacePool(64 * 64 * 4);
  const big = pool.with(100, 100, ({ canvas }) => canvas);
  assert.deepEqual([big.width, big.height], [1, 1], 'over the budget: released on the way out');
  const kept = pool.with(32, 32, ({ canvas }) => canvas);
  assert.deepEqual([kept.width, kept.height], [32, 32]);
  pool.clear();
  assert.deepEqual([kept.width, kept.height], [1, 1]);
});
