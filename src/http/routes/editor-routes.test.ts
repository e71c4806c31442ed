import { BUNDLED_FONT_WEIGHTS } from '../../domain/font-weights.js';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createTestApp, type TestApp } from '../test-app.js';
import { webDir } from './web-routes.js';

describe('editor routes', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  test('GET /editor is HTML under the same strict CSP, with no inline script or handler', async () => {
    const res = await t.app.inject({ url: '/editor?template=tpl_x' });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], 'text/html; charset=utf-8');
    const csp = String(res.headers['content-security-policy']);
    assert.match(csp, /script-src 'self'(;|$)/);
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
    assert.equal(res.headers['x-frame-options'], 'DENY');
    assert.doesNotMatch(res.body, /<script(?![^>]*\bsrc=)[^>]*>/i);
    assert.doesNotMatch(res.body, /\son[a-z]+\s*=/i);
    assert.doesNotMatch(res.body, /\sstyle\s*=/i, 'style-src has no unsafe-inline either');
    // Not reachable as /web/editor/index.html, where its relative URLs would not resolve.
    assert.equal((await t.app.inject({ url: '/web/editor/index.html' })).statusCode, 404);
  });

  test('the bundle and stylesheet load, and the bundle needs no eval', async (ctx) => {
    if (!existsSync(path.join(webDir(), 'editor/build/editor.js'))) return ctx.skip('bundle not built (npm run build:editor)');
    const page = (await t.app.inject({ url: '/editor' })).body;
    const assets = [...page.matchAll(/(?:src|href)="(web\/[^"]+)"/g)].map((m) => `/${m[1]}`);
    assert.ok(assets.includes('/web/editor/build/editor.js') && assets.includes('/web/editor/editor.css'), assets.join(', '));
    for (const url of assets) assert.equal((await t.app.inject({ url })).statusCode, 200, url);
    const bundle = (await t.app.inject({ url: '/web/editor/build/editor.js' })).body;
    assert.doesNotMatch(bundle, /\beval\(|new Function\(/);
    // The TypeScript sources are not served: only listed extensions are.
    assert.equal((await t.app.inject({ url: '/web/editor/src/main.ts' })).statusCode, 404);
  });

  test('the renderer font files are listed and served by index only', async () => {
    const res = await t.app.inject({ url: '/editor/fonts.json' });
    assert.equal(res.statusCode, 200);
    const fonts = res.json() as { families: string[]; weights: number[]; files: string[]; faces: { family: string; weight: number; file: number }[] };
    for (const family of ['Inter', 'Times New Roman', 'Noto Sans']) assert.ok(fonts.families.includes(family), family);
    assert.deepEqual(fonts.weights, [100, 200, 300, 400, 500, 600, 700, 800, 900]);
    // The editor measures with the very faces the renderer has, and offers the weights of the same table.
    for (const [family, weights] of Object.entries(BUNDLED_FONT_WEIGHTS)) {
      const own = new Set(fonts.faces.filter((f) => f.family === family).map((f) => f.weight));
      // Each family also lists the 400/700 fallback faces (emoji, CJK, …) under its own name.
      assert.deepEqual(
        [...own].sort((a, b) => a - b),
        [...new Set([...weights, 400, 700])].sort((a, b) => a - b),
        family,
      );
    }
    const inter = fonts.faces.find((f) => f.family === 'Inter')!;
    const file = await t.app.inject({ url: `/${fonts.files[inter.file]}` });
    assert.equal(file.statusCode, 200);
    assert.equal(file.headers['content-type'], 'font/woff');
    assert.equal(file.rawPayload.subarray(0, 4).toString('latin1'), 'wOFF');
    assert.equal((await t.app.inject({ url: `/editor/fonts/${fonts.files.length}.woff` })).statusCode, 404);
    for (const url of ['/editor/fonts/..%2f..%2fpackage.json', '/editor/fonts/-1.woff', '/editor/fonts/1.ttf']) {
      assert.ok([400, 404].includes((await t.app.inject({ url })).statusCode), url);
    }
  });
});
