import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile, copyFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { applyOverrides } from '../domain/overrides.js';
import { imageSources, listElements } from '../domain/elements.js';
import { estimateRenderBudget } from '../domain/render-budget.js';
import { createImageFetcher } from '../fetch/image-fetcher.js';
import { bundledFontFamilies } from '../render/fonts/font-registry.js';
import { renderDocument } from '../render/render-document.js';
import { loadStarters, StarterPreviews, PREVIEW_MAX_SIDE, starterDirs } from './starter-gallery.js';

/** A name an API caller can type: lower-case words joined by dashes, e.g. `title`, `author-avatar`. */
const READABLE_NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

describe('starter gallery', () => {
  const starters = loadStarters(starterDirs(), bundledFontFamilies());
  const fetcher = createImageFetcher({ allowPrivate: false, connectTimeoutMs: 1000, totalTimeoutMs: 3000 });

  test('holds the three demo templates and at least five more starters, each once', () => {
    const ids = starters.map((s) => s.id);
    for (const demo of ['social-card', 'quote-card', 'certificate']) assert.ok(ids.includes(demo), demo);
    assert.ok(starters.length >= 8, ids.join(', '));
    assert.equal(new Set(ids).size, ids.length);
    assert.equal(new Set(starters.map((s) => s.name)).size, starters.length, 'names are distinct in the dialog');
  });

  for (const starter of starters) {
    test(`${starter.id}: readable unique names, a text, within budget, renders through the real renderer`, async () => {
      const objects = starter.template.objects as Array<{ type: string; name?: string }>;
      const names = objects.map((o) => o.name);
      for (const name of names) assert.match(String(name), READABLE_NAME);
      assert.equal(new Set(names).size, names.length);
      assert.ok(
        objects.some((o) => /^(textbox|i-?text|text)$/i.test(o.type)),
        'at least one text element',
      );
      assert.ok(starter.description.length > 10, 'a description for the dialog');
      assert.ok(estimateRenderBudget(starter.template).ok, 'within the default render budget at scale 1');
      for (const src of imageSources(starter.template).keys()) assert.match(src, /^data:image\//, 'no network needed');

      const images = new Map<string, Uint8Array>();
      for (const src of imageSources(starter.template).keys()) images.set(src, (await fetcher.fetchImage(src)).bytes);
      const out = await renderDocument({ document: starter.template, images });
      assert.deepEqual([out.width, out.height], [starter.width, starter.height]);
      // Not a blank canvas: a design has several distinct colours in every channel.
      const stats = await sharp(out.data).stats();
      for (const channel of stats.channels.slice(0, 3)) assert.ok(channel.max - channel.min > 100, `contrast in ${starter.id}`);
    });
  }

  test('each text element a caller replaces with a long value still renders (textFit shrinks it)', async () => {
    const long = 'A much longer replacement text than the designer wrote, to see that the frame holds it';
    for (const starter of starters.filter((s) => !/^(social-card|quote-card|certificate)$/.test(s.id))) {
      const texts = Object.entries(listElements(starter.template))
        .filter(([, props]) => 'text' in props)
        .map(([name]) => name);
      const applied = applyOverrides(starter.template, Object.fromEntries(texts.map((name) => [name, { text: long }])));
      assert.ok(applied.ok, starter.id);
      if (applied.ok) await renderDocument({ document: applied.document, images: new Map() });
    }
  });

  test('previews are drawn once, at most 480 px on the longer side', async () => {
    let renders = 0;
    const previews = new StarterPreviews({ fetcher, renderer: { render: (input) => (renders++, renderDocument(input)) } });
    const story = starters.find((s) => s.height > s.width)!;
    const [first, second] = await Promise.all([previews.get(story), previews.get(story)]);
    assert.equal(renders, 1);
    assert.equal(first, second);
    const meta = await sharp(first.png).metadata();
    assert.equal(Math.max(meta.width!, meta.height!), PREVIEW_MAX_SIDE);
    assert.ok(first.png.length < 150_000, `${first.png.length} bytes`);
  });

  test('a broken starter file stops loading with its name', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'imprint-starters-'));
    try {
      await copyFile(path.join(starterDirs()[0], 'blog-post.json'), path.join(dir, 'fine.json'));
      await writeFile(path.join(dir, 'broken.json'), JSON.stringify({ name: 'Broken', template: { version: '7.4.0', width: 10, height: 10, objects: [{ type: 'Video' }] } }));
      assert.throws(() => loadStarters([dir], bundledFontFamilies()), /broken\.json/);
      await writeFile(
        path.join(dir, 'broken.json'),
        JSON.stringify({ name: 'Bad font', template: { version: '7.4.0', width: 10, height: 10, objects: [{ type: 'Textbox', text: 'x', fontFamily: 'Comic Sans MS' }] } }),
      );
      assert.throws(() => loadStarters([dir], bundledFontFamilies()), /broken\.json/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
