import assert from 'node:assert/strict';
import { test } from 'node:test';
import sharp from 'sharp';
import { RenderError } from './render-error.js';
import { RenderPool, RenderQueueFullError } from './render-pool.js';

const doc = (color: string) => ({
  width: 64,
  height: 32,
  background: color,
  objects: [{ type: 'circle', left: 32, top: 16, radius: 10, fill: 'white' }],
});

test('renders in parallel workers and returns encoded images', async () => {
  const pool = new RenderPool({ size: 2 });
  try {
    const colors = ['#ff0000', '#00ff00', '#0000ff', '#ffff00', '#00ffff'];
    const outs = await Promise.all(colors.map((c) => pool.render({ document: doc(c), images: new Map() })));
    for (const [i, out] of outs.entries()) {
      assert.ok(Buffer.isBuffer(out.data));
      const { data } = await sharp(out.data).raw().toBuffer({ resolveWithObject: true });
      const want = colors[i].match(/[0-9a-f]{2}/g)!.map((h) => parseInt(h, 16));
      assert.deepEqual([...data.subarray(0, 3)], want, `corner pixel of render ${i}`);
    }
  } finally {
    await pool.close();
  }
});

test('a full queue rejects with RenderQueueFullError', async () => {
  // One worker holding two renders, plus one waiting: the fourth is refused.
  const pool = new RenderPool({ size: 1, perWorker: 2, maxQueue: 1 });
  try {
    const big = { ...doc('#123456'), width: 2000, height: 2000 };
    const accepted = [1, 2, 3].map(() => pool.render({ document: big, images: new Map() }));
    assert.equal(pool.pending, 3);
    await assert.rejects(pool.render({ document: big, images: new Map() }), RenderQueueFullError);
    const outs = await Promise.all(accepted);
    assert.deepEqual(outs.map((o) => o.width), [2000, 2000, 2000]);
    assert.equal(pool.pending, 0);
  } finally {
    await pool.close();
  }
});

test('render errors cross the thread boundary with the element name', async () => {
  const pool = new RenderPool({ size: 1 });
  try {
    await assert.rejects(
      pool.render({ document: { width: 10, height: 10, objects: [{ type: 'image', name: 'hero', src: 'nope' }] }, images: new Map() }),
      (err: unknown) => err instanceof RenderError && err.element === 'hero',
    );
    // The worker survives and keeps serving.
    const ok = await pool.render({ document: doc('#000000'), images: new Map() });
    assert.equal(ok.width, 64);
  } finally {
    await pool.close();
  }
});
