import assert from 'node:assert/strict';
import { test } from 'node:test';
import sharp from 'sharp';
import { createTestApp } from '../http/test-app.js';
import { renderDocument } from '../render/render-document.js';
import { createRenderCaches } from '../render/render-caches.js';
import { RenderPool } from '../render/render-pool.js';
import { warmUpInput } from '../render/warm-up-input.js';
import { demoWarmUpTemplates, warmUp } from './warm-up.js';

test("the worker's warm-up card renders: text and a gradient panel, not an error swallowed at start", async () => {
  const out = await renderDocument(warmUpInput(), createRenderCaches());
  assert.equal(out.format, 'png');
  assert.deepEqual([out.width, out.height], [400, 200]);
  const { data, info } = await sharp(out.data).raw().toBuffer({ resolveWithObject: true });
  const distinct = new Set<number>();
  for (let i = 0; i < data.length; i += info.channels) distinct.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
  // A blank or background-only canvas has one colour; gradient + anti-aliased white text has hundreds.
  assert.ok(distinct.size > 200, `only ${distinct.size} colours: the warm-up drew nothing`);
  // The title's white glyphs are there.
  let white = 0;
  for (let i = 0; i < data.length; i += info.channels) if (data[i] === 255 && data[i + 1] === 255 && data[i + 2] === 255) white++;
  assert.ok(white > 500, `only ${white} white pixels: the warm-up text was not drawn`);
});

test('a pool is warm once every first worker has done its warm-up render, and whenWarm waits for it', async () => {
  const pool = new RenderPool({ size: 2 });
  try {
    assert.equal(pool.warm, false, 'workers cannot have started and rendered synchronously');
    await pool.whenWarm();
    assert.equal(pool.warm, true);
    await pool.whenWarm(); // resolves at once from then on
  } finally {
    await pool.close();
  }
});

test('whenWarm does not hang on a pool closed before it warmed', async () => {
  const pool = new RenderPool({ size: 1 });
  const waiting = pool.whenWarm();
  await pool.close();
  await waiting;
});

test("warmUp renders the demo account's templates once, then once per worker, charges and records nothing, and counts a broken template as failed", async () => {
  const t = await createTestApp();
  const pool = new RenderPool({ size: 2 });
  try {
    const before = await t.store.getAccount(t.a.account.id);
    const templates = await demoWarmUpTemplates(t.deps, t.a.account.name);
    assert.equal(templates.length, 1, "alice's one template");
    const broken = { accountId: t.a.account.id, document: { ...templates[0].document, objects: [{ type: 'image', name: 'photo', src: 'https://127.0.0.1:1/none.png' }] } };
    const report = await warmUp({ ...t.deps, renderer: pool }, [...templates, broken], 2);
    // Alice's template once, then once per worker; the broken one once, not again on every worker.
    assert.deepEqual([report.warmed, report.failed, report.renders], [1, 1, 4]);
    const after = await t.store.getAccount(t.a.account.id);
    assert.equal(after?.credits, before?.credits, 'no credit moved');
    assert.equal((await t.store.listImages(t.a.account.id, { limit: 10 })).items.length, 0, 'no image recorded');
    assert.deepEqual(await demoWarmUpTemplates(t.deps, 'no-such-account'), []);
  } finally {
    await pool.close();
    await t.close();
  }
});

test('warmUp renders every template once, all together, before it renders any template on every worker', async () => {
  const t = await createTestApp();
  const pool = new RenderPool({ size: 2 });
  try {
    const [template] = await demoWarmUpTemplates(t.deps, t.a.account.name);
    const second = { accountId: template.accountId, document: { ...template.document, width: template.document.width + 1 } };
    const name = (width: number) => (width === template.document.width ? 'a' : 'b');
    // The real pool, watched: when each render (named by its document) starts and ends.
    const events: string[] = [];
    const watched = {
      render: async (...args: Parameters<RenderPool['render']>) => {
        events.push(`+${name(args[0].document.width)}`);
        try {
          return await pool.render(...args);
        } finally {
          events.push(`-${name(args[0].document.width)}`);
        }
      },
    };
    const report = await warmUp({ ...t.deps, renderer: watched }, [template, second], 2);
    assert.deepEqual(events.slice(0, 2), ['+a', '+b'], 'both templates first, at the same time');
    assert.deepEqual(events.slice(4), ['+a', '+a', '-a', '-a', '+b', '+b', '-b', '-b'], 'then each on both workers, one template at a time');
    assert.deepEqual([report.warmed, report.failed, report.renders], [2, 0, 6]);
  } finally {
    await pool.close();
    await t.close();
  }
});
