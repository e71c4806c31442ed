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
  const pool = new SurfacePool(2);
  const canvasOf = (w: number) => pool.with(w, 2, ({ canvas }) => canvas);
  const a = canvasOf(5);
  const b = canvasOf(6);
  assert.notEqual(a, b);
  assert.equal(canvasOf(5), a);
  canvasOf(7); // evicts 6, the least recently used
  assert.equal(canvasOf(5), a);
  assert.notEqual(canvasOf(6), b);
});
