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

test("warmUp renders the demo account's templates once per worker, charges and records nothing, and counts a broken template as failed", async () => {
  const t = await createTestApp();
  const pool = new RenderPool({ size: 2 });
  try {
    const before = await t.store.getAccount(t.a.account.id);
    const templates = await demoWarmUpTemplates(t.deps, t.a.account.name);
    assert.equal(templates.length, 1, "alice's one template");
    const broken = { accountId: t.a.account.id, document: { ...templates[0].document, objects: [{ type: 'image', name: 'photo', src: 'https://127.0.0.1:1/none.png' }] } };
    const report = await warmUp({ ...t.deps, renderer: pool }, [...templates, broken], 2);
    assert.deepEqual([report.rendered, report.failed], [2, 2]);
    const after = await t.store.getAccount(t.a.account.id);
    assert.equal(after?.credits, before?.credits, 'no credit moved');
    assert.equal((await t.store.listImages(t.a.account.id, { limit: 10 })).items.length, 0, 'no image recorded');
    assert.deepEqual(await demoWarmUpTemplates(t.deps, 'no-such-account'), []);
  } finally {
    await pool.close();
    await t.close();
  }
});
