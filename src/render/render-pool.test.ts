import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import sharp from 'sharp';
import { RenderError } from './render-error.js';
import { layoutElements } from './text/text-dimensions.js';
import { RenderAbandonedError, RenderPool, RenderQueueFullError, RenderTooComplexError } from './render-pool.js';
import { outputDigest } from './saved-output.js';

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

test('with `save`, a worker writes the image into the folder under its salted digest and sends back no bytes', async (t) => {
  const folder = path.join(await mkdtemp(path.join(os.tmpdir(), 'imprint-save-')), 'images');
  t.after(() => rm(path.dirname(folder), { recursive: true, force: true }));
  const pool = new RenderPool({ size: 1 });
  try {
    const input = { document: doc('#336699'), images: new Map() };
    const sent = await pool.render(input);
    const [a, b, jpeg] = await Promise.all([
      pool.render(input, { save: { folder, salt: 'account-a' } }),
      pool.render(input, { save: { folder, salt: 'account-b' } }),
      pool.render({ ...input, output: { format: 'jpeg' } }, { save: { folder, salt: 'account-a' } }),
    ]);
    assert.equal(a.data.length, 0);
    assert.deepEqual(a.saved, { digest: outputDigest('account-a', sent.data), name: `${outputDigest('account-a', sent.data)}.png` });
    assert.notEqual(a.saved?.digest, b.saved?.digest, 'another salt, another name for the same bytes');
    assert.match(jpeg.saved?.name ?? '', /^[0-9a-f]{40}\.jpg$/);
    for (const out of [a, b, jpeg]) {
      const file = path.join(folder, out.saved?.name ?? 'missing');
      assert.equal((await stat(file)).mode & 0o777, 0o600, 'owner-only, as the disk store writes');
      assert.equal(outputDigest(out === b ? 'account-b' : 'account-a', await readFile(file)), out.saved?.digest);
    }
    assert.deepEqual(await readFile(path.join(folder, a.saved?.name ?? '')), sent.data);
    assert.equal((await stat(folder)).mode & 0o777, 0o700);
    assert.deepEqual((await readdir(folder)).sort(), [a.saved?.name, b.saved?.name, jpeg.saved?.name].sort(), 'no temp file left behind');
  } finally {
    await pool.close();
  }
});

test('after its workers let their pixel caches go, the pool renders the same images', async () => {
  const pool = new RenderPool({ size: 2 });
  try {
    const render = () => Promise.all(['#ff0000', '#00ff00', '#0000ff'].map((c) => pool.render({ document: doc(c), images: new Map() })));
    const before = await render();
    // Sent while renders are under way too: those only miss the caches.
    const during = render();
    pool.releasePixelCaches();
    const after = [...(await during), ...(await render())];
    for (const [i, out] of after.entries()) assert.ok(out.data.equals(before[i % before.length].data), `render ${i}`);
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
    assert.deepEqual(
      outs.map((o) => o.width),
      [2000, 2000, 2000],
    );
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

/**
 * Within every static budget (39 MP output, 39 MP under blur, blur 1/8 of the
 * canvas, 470 MP painted) and still seconds of Skia work (~6 s on our VM): the case only a
 * time budget stops.
 */
const fullRect = (o: Record<string, unknown>) => ({
  type: 'rect',
  originX: 'left',
  originY: 'top',
  left: 0,
  top: 0,
  width: 8000,
  height: 4900,
  fill: '#336699',
  strokeWidth: 0,
  ...o,
});
const slowDoc = {
  width: 8000,
  height: 4900,
  background: '#ffffff',
  objects: [
    fullRect({ shadow: { color: 'rgba(0,0,0,0.5)', blur: 1000, offsetX: 5, offsetY: 5 } }),
    ...Array.from({ length: 11 }, (_, i) => fullRect({ fill: i % 2 ? '#abcdef' : '#fedcba', opacity: 0.5 })),
  ],
};

test('a render over the time budget is stopped, its neighbour re-queued, and the pool keeps serving', async () => {
  const pool = new RenderPool({ size: 1, perWorker: 2, timeoutMs: 1500 });
  try {
    const worker = (pool as unknown as { slots: Array<{ worker: { threadId: number } }> }).slots[0].worker;
    const slow = pool.render({ document: slowDoc, images: new Map() }, { tenant: 't' });
    // Same tenant, so it shares the worker with the slow render and waits behind its paint.
    const neighbour = pool.render({ document: doc('#00ff00'), images: new Map() }, { tenant: 't' });
    await assert.rejects(slow, (err: unknown) => err instanceof RenderTooComplexError && err.reason === 'timeout');
    const out = await neighbour;
    assert.equal(out.width, 64, 'the neighbour succeeded');
    const replaced = (pool as unknown as { slots: Array<{ worker: { threadId: number } }> }).slots[0].worker;
    assert.notEqual(replaced.threadId, worker.threadId, 'the worker was replaced');
    const next = await pool.render({ document: doc('#0000ff'), images: new Map() }, { tenant: 'other' });
    assert.equal(next.width, 64);
    assert.equal(pool.pending, 0);
  } finally {
    await pool.close();
  }
});

test('a render that exhausts its worker heap fails alone and the pool recovers', async () => {
  // 16 MB is enough for the worker and a small render; a 100k-command path's clone and copies are not.
  const pool = new RenderPool({ size: 1, perWorker: 1, heapMb: 16, timeoutMs: 60_000 });
  try {
    const path: unknown[][] = [['M', 0, 0]];
    for (let i = 0; i < 100_000; i++) path.push(['L', i % 500, (i * 7) % 500]);
    const heavy = { width: 500, height: 500, objects: [{ type: 'path', path, fill: null, stroke: 'black', strokeWidth: 1 }] };
    const before = pool.render({ document: doc('#ff0000'), images: new Map() });
    const oom = pool.render({ document: heavy, images: new Map() });
    const after = pool.render({ document: doc('#00ff00'), images: new Map() });
    assert.equal((await before).width, 64);
    await assert.rejects(oom, (err: unknown) => err instanceof RenderTooComplexError && err.reason === 'memory');
    assert.equal((await after).width, 64, 'the render queued behind it runs on the replacement');
  } finally {
    await pool.close();
  }
});

test('two renders on a worker that dies are retried alone: only the culprit fails', async () => {
  const pool = new RenderPool({ size: 1, perWorker: 2, heapMb: 16, timeoutMs: 60_000 });
  try {
    const path: unknown[][] = [['M', 0, 0]];
    for (let i = 0; i < 100_000; i++) path.push(['L', i % 500, (i * 7) % 500]);
    const heavy = { width: 500, height: 500, objects: [{ type: 'path', path, fill: null, stroke: 'black', strokeWidth: 1 }] };
    const oom = pool.render({ document: heavy, images: new Map() });
    const innocent = pool.render({ document: doc('#00ff00'), images: new Map() });
    await assert.rejects(oom, RenderTooComplexError);
    assert.equal((await innocent).width, 64);
  } finally {
    await pool.close();
  }
});

test('one tenant flooding the queue does not hold back another tenant', async () => {
  const pool = new RenderPool({ size: 1, perWorker: 1, maxQueue: 64 });
  try {
    const medium = { ...doc('#123456'), width: 1500, height: 1500 };
    const done: string[] = [];
    const flood = Array.from({ length: 12 }, (_, i) => pool.render({ document: medium, images: new Map() }, { tenant: 'flood' }).then(() => done.push(`flood${i}`)));
    const other = pool.render({ document: doc('#00ff00'), images: new Map() }, { tenant: 'other' }).then(() => done.push('other'));
    await Promise.all([...flood, other]);
    // FIFO would finish it last (index 12); round-robin dispatches it right after the flood's running render.
    assert.ok(done.indexOf('other') <= 2, `completion order: ${done.join(' ')}`);
  } finally {
    await pool.close();
  }
});

test('one tenant may not fill the whole waiting room', async () => {
  const pool = new RenderPool({ size: 1, perWorker: 1, maxQueue: 4 });
  try {
    const medium = { ...doc('#123456'), width: 1500, height: 1500 };
    // 1 running + 3 waiting (three quarters of 4); the fifth is refused, yet another tenant still gets in.
    const accepted = [1, 2, 3, 4].map(() => pool.render({ document: medium, images: new Map() }, { tenant: 'flood' }));
    await assert.rejects(pool.render({ document: medium, images: new Map() }, { tenant: 'flood' }), RenderQueueFullError);
    const other = pool.render({ document: doc('#00ff00'), images: new Map() }, { tenant: 'other' });
    assert.equal((await other).width, 64);
    await Promise.all(accepted);
  } finally {
    await pool.close();
  }
});

/** A heavy render (estimated as such by the caller) of hundreds of ms: a 2500² canvas under a blurred shadow. */
const medium = {
  width: 2500,
  height: 2500,
  objects: [{ type: 'rect', left: 0, top: 0, width: 2400, height: 2400, fill: '#123456', shadow: { color: 'rgba(0,0,0,0.5)', blur: 80, offsetX: 10, offsetY: 10 } }],
};

test('with one worker, a tenant kept waiting by heavy renders gets a spare worker, stopped once idle', async () => {
  const pool = new RenderPool({ size: 1, perWorker: 2, timeoutMs: 60_000, spareIdleMs: 50 });
  try {
    await pool.render({ document: doc('#000000'), images: new Map() }, { tenant: 'heavy' });
    const done: string[] = [];
    const heavy = [0, 1, 2, 3].map((i) => pool.render({ document: medium, images: new Map() }, { tenant: 'heavy', cost: 5000 }).then(() => done.push(`heavy${i}`)));
    assert.equal(pool.workers, 1, 'heavy renders alone start no spare');
    const light = pool.render({ document: doc('#00ff00'), images: new Map() }, { tenant: 'light' }).then(() => done.push('light'));
    assert.equal(pool.workers, 2, 'the waiting tenant got a spare worker');
    await Promise.all([...heavy, light]);
    assert.ok(done.indexOf('light') < 4, `completion order: ${done.join(' ')}`);
    while (pool.workers > 1) await new Promise((resolve) => setTimeout(resolve, 20));
    const after = await pool.render({ document: doc('#0000ff'), images: new Map() }, { tenant: 'light' });
    assert.equal(after.width, 64, 'the pool serves on after the spare is stopped');
  } finally {
    await pool.close();
  }
});

test('a spare takes light renders only: heavy renders of more tenants than workers still leave one for a light render', async () => {
  const pool = new RenderPool({ size: 2, perWorker: 2, timeoutMs: 60_000, spareIdleMs: 50 });
  try {
    await Promise.all(['h1', 'h2'].map((tenant) => pool.render({ document: doc('#000000'), images: new Map() }, { tenant })));
    const heavy = ['h1', 'h2', 'h3'].map((tenant) => pool.render({ document: medium, images: new Map() }, { tenant, cost: 5000 }));
    assert.deepEqual([pool.workers, pool.waiting], [2, 1], "no spare for the third tenant's heavy render: it waits");
    const light = pool.render({ document: doc('#00ff00'), images: new Map() }, { tenant: 'light' });
    assert.deepEqual([pool.workers, pool.waiting], [3, 1], 'the light render is on a spare at once; the heavy one still waits');
    assert.equal((await light).width, 64);
    await Promise.all(heavy);
  } finally {
    await pool.close();
  }
});

test('no spare while a worker is busy with light renders only: it frees up in milliseconds', async () => {
  const pool = new RenderPool({ size: 2, perWorker: 1, timeoutMs: 60_000, spareIdleMs: 50 });
  try {
    await pool.render({ document: doc('#000000'), images: new Map() }, { tenant: 'heavy' });
    const heavy = pool.render({ document: medium, images: new Map() }, { tenant: 'heavy', cost: 5000 });
    const busy = pool.render({ document: { ...medium, objects: [] }, images: new Map() }, { tenant: 'busy' });
    const light = pool.render({ document: doc('#00ff00'), images: new Map() }, { tenant: 'light' });
    assert.equal(pool.workers, 2, 'one worker holds a heavy render, the other a light one: the waiting tenant waits for the light one');
    assert.equal((await light).width, 64);
    await Promise.all([heavy, busy]);
  } finally {
    await pool.close();
  }
});

test('heavy renders of one tenant keep to their share of workers, so a later tenant finds one free', async () => {
  const pool = new RenderPool({ size: 2, perWorker: 2, timeoutMs: 60_000 });
  try {
    // Both workers warm first, and each heavy render blurs a 2500² shadow (hundreds of ms), so the
    // order below depends on the scheduling, not on which worker happened to finish booting first.
    await Promise.all(['a', 'b'].map((tenant) => pool.render({ document: doc('#000000'), images: new Map() }, { tenant })));
    const done: string[] = [];
    // Nobody else waits yet, but heavy renders still take only half the pool (one worker).
    const heavy = [0, 1, 2, 3].map((i) => pool.render({ document: medium, images: new Map() }, { tenant: 'heavy', cost: 5000 }).then(() => done.push(`heavy${i}`)));
    const light = pool.render({ document: doc('#00ff00'), images: new Map() }, { tenant: 'light' }).then(() => done.push('light'));
    await Promise.all([...heavy, light]);
    assert.equal(done[0], 'light', `completion order: ${done.join(' ')}`);
  } finally {
    await pool.close();
  }
});

test('a tenant whose last render took heavyMs has its next renders treated as heavy, whatever their estimated cost', async () => {
  // A threshold any render passes, so the test does not depend on how fast this machine draws.
  const pool = new RenderPool({ size: 2, perWorker: 2, timeoutMs: 60_000, heavyMs: 1 });
  try {
    await Promise.all(['a', 'b'].map((tenant) => pool.render({ document: doc('#000000'), images: new Map() }, { tenant })));
    // Estimated at nothing (the budget cannot see what an image costs to decode, say), it takes hundreds of ms.
    await pool.render({ document: medium, images: new Map() }, { tenant: 'sneaky' });
    const next = [0, 1].map(() => pool.render({ document: medium, images: new Map() }, { tenant: 'sneaky' }));
    assert.deepEqual([pool.busyWorkers, pool.waiting], [1, 1], 'one worker, the other kept for other tenants');
    await Promise.all(next);
    const light = [0, 1].map(() => pool.render({ document: doc('#00ff00'), images: new Map() }, { tenant: 'other' }));
    assert.deepEqual([pool.busyWorkers, pool.waiting], [2, 0], "another tenant's light renders spread over both workers");
    await Promise.all(light);
  } finally {
    await pool.close();
  }
});

test('a render whose caller gave up while it waited is taken out of the queue; one already on a worker runs on', async () => {
  const pool = new RenderPool({ size: 1, perWorker: 1, spareWorkers: 0, timeoutMs: 60_000 });
  try {
    await pool.render({ document: doc('#000000'), images: new Map() });
    let slowDone = false;
    const slow = pool.render({ document: medium, images: new Map() }, { tenant: 'a' }).then((out) => {
      slowDone = true;
      return out;
    });
    const gaveUp = new AbortController();
    const waiting = pool.render({ document: doc('#00ff00'), images: new Map() }, { tenant: 'b', signal: gaveUp.signal });
    const behind = pool.render({ document: doc('#0000ff'), images: new Map() }, { tenant: 'b' });
    assert.equal(pool.waiting, 2);
    gaveUp.abort();
    await assert.rejects(waiting, (err: unknown) => err instanceof RenderAbandonedError);
    assert.equal(slowDone, false, 'dropped at once, not when a worker came free');
    assert.equal(pool.waiting, 1, 'its place in the queue is free; the render behind it still waits');
    assert.equal((await behind).width, 64);
    assert.equal((await slow).width, 2500);

    const late = new AbortController();
    const running = pool.render({ document: doc('#ff0000'), images: new Map() }, { signal: late.signal });
    assert.equal(pool.waiting, 0, 'an idle worker took it at once');
    late.abort();
    assert.equal((await running).width, 64, 'a render already on a worker is not dropped');

    await assert.rejects(pool.render({ document: doc('#ff0000'), images: new Map() }, { signal: AbortSignal.abort() }), (err: unknown) => err instanceof RenderAbandonedError);
    assert.equal(pool.pending, 0);
  } finally {
    await pool.close();
  }
});

test("a heavy render that has to wait lets its tenant's light renders behind it go first", async () => {
  const pool = new RenderPool({ size: 2, perWorker: 2, spareWorkers: 0, timeoutMs: 60_000 });
  try {
    await Promise.all([pool.render({ document: doc('#000000'), images: new Map() }), pool.render({ document: doc('#000000'), images: new Map() })]);
    const done: string[] = [];
    const heavy = [1, 2].map((i) => pool.render({ document: medium, images: new Map() }, { tenant: 'a', cost: 5000 }).then(() => done.push(`heavy${i}`)));
    assert.equal(pool.waiting, 1, "the second heavy render waits: the tenant's heavy renders hold their share of the workers");
    const light = pool.render({ document: doc('#00ff00'), images: new Map() }, { tenant: 'a' }).then(() => done.push('light'));
    assert.equal(pool.waiting, 1, 'the light render went past the waiting heavy one, to the free worker');
    await Promise.all([...heavy, light]);
    assert.deepEqual(done, ['light', 'heavy1', 'heavy2']);
  } finally {
    await pool.close();
  }
});

test("a template's elements are laid out on a worker, as in this thread, and wait their turn like renders", async () => {
  const document = {
    version: '7.4.0',
    width: 400,
    height: 300,
    objects: [
      { type: 'textbox', name: 'title', text: 'Hello\nworld', left: 0, top: 0, width: 300, height: 1, fontFamily: 'Inter', fontSize: 40 },
      { type: 'rect', name: 'box', left: 0, top: 0, width: 10, height: 10 },
    ],
  };
  const pool = new RenderPool({ size: 1, maxQueue: 1 });
  try {
    const elements = await pool.elements(document, [], { tenant: 'a' });
    assert.deepEqual(elements, layoutElements(document, []));
    assert.ok((elements.title.height as number) > 90, 'laid out, not the stored height of 1');
    // Two on the worker (it takes two at a time), one waiting: the next is refused as a render would be.
    const running = [1, 2, 3].map(() => pool.elements(document, [], { tenant: 'a' }));
    await assert.rejects(pool.elements(document, [], { tenant: 'a' }), RenderQueueFullError);
    await Promise.all(running);
  } finally {
    await pool.close();
  }
});
