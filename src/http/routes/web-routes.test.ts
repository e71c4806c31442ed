import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createTestApp, type TestApp } from '../test-app.js';
import { webDir } from './web-routes.js';

describe('web app routes', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  test('GET / serves the app as HTML with a strict CSP and no inline script', async () => {
    const res = await t.app.inject({ url: '/' });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], 'text/html; charset=utf-8');
    assert.equal(res.body, await readFile(path.join(webDir(), 'index.html'), 'utf8'));
    const csp = String(res.headers['content-security-policy']);
    assert.match(csp, /script-src 'self'(;|$)/);
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
    // The CSP would block these, so they must not exist.
    assert.doesNotMatch(res.body, /<script(?![^>]*\bsrc=)[^>]*>/i);
    assert.doesNotMatch(res.body, /\son[a-z]+\s*=/i);
    assert.doesNotMatch(res.body, /(src|href)="(https?:)?\/\//i, 'no external resources');
  });

  test('every asset the page and its modules reference loads with its content type', async () => {
    const page = (await t.app.inject({ url: '/' })).body;
    const expected: Record<string, string> = { '.css': 'text/css; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.svg': 'image/svg+xml' };
    const queue = [...page.matchAll(/(?:src|href)="(web\/[^"]+)"/g)].map((m) => `/${m[1]}`);
    assert.ok(queue.includes('/web/js/app.js') && queue.includes('/web/styles.css'), queue.join(', '));
    const seen = new Set<string>();
    while (queue.length) {
      const url = queue.shift()!;
      if (seen.has(url)) continue;
      seen.add(url);
      const res = await t.app.inject({ url });
      assert.equal(res.statusCode, 200, url);
      assert.equal(res.headers['content-type'], expected[path.extname(url)], url);
      if (url.endsWith('.js')) {
        // Follow the ES module graph, so a broken relative import fails here rather than in a browser.
        for (const m of res.body.matchAll(/^import\s[^'"]*'(\.{1,2}\/[^']+)'/gm)) queue.push(path.posix.join(path.posix.dirname(url), m[1]));
      }
    }
    assert.ok([...seen].filter((u) => u.endsWith('.js')).length >= 5, [...seen].join(', '));
  });

  test('assets revalidate with an ETag', async () => {
    const first = await t.app.inject({ url: '/web/styles.css' });
    assert.equal(first.headers['cache-control'], 'no-cache');
    const etag = String(first.headers.etag);
    const again = await t.app.inject({ url: '/web/styles.css', headers: { 'if-none-match': etag } });
    assert.equal(again.statusCode, 304);
    assert.equal(again.body, '');
  });

  test('path traversal, encoded or not, never leaves web/', async () => {
    const packageJson = await readFile(path.join(webDir(), '..', 'package.json'), 'utf8');
    const attempts = [
      '/web/../package.json',
      '/web/..%2fpackage.json',
      '/web/..%2Fpackage.json',
      '/web/%2e%2e/package.json',
      '/web/%2e%2e%2fpackage.json',
      '/web/js/../../package.json',
      '/web/js/..%2f..%2fpackage.json',
      '/web/..%5cpackage.json',
      '/web/%252e%252e%252fpackage.json',
      '/web//work/main/package.json',
      `/web/${encodeURIComponent(path.join(webDir(), '..', 'package.json'))}`,
      '/web/../src/main.ts',
      '/web/../README.md',
      '/web/index.html',
      '/web/',
    ];
    for (const url of attempts) {
      const res = await t.app.inject({ url });
      assert.equal(res.statusCode, 404, url);
      assert.equal(res.json().code, 'not_found', url);
      assert.ok(!res.body.includes('"private": true') && !res.body.includes(packageJson.slice(0, 40)), url);
    }
  });
});

describe('web app routes over a folder with things that must stay private', () => {
  let t: TestApp;
  let dir: string;
  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'imprint-web-'));
    const outside = path.join(dir, 'outside.js');
    const web = path.join(dir, 'web');
    await mkdir(path.join(web, 'js'), { recursive: true });
    await writeFile(outside, 'secret outside');
    await writeFile(path.join(web, 'index.html'), '<!doctype html><title>x</title>');
    await writeFile(path.join(web, 'js', 'ok.js'), 'export const ok = 1;');
    await writeFile(path.join(web, 'notes.txt'), 'secret notes');
    await writeFile(path.join(web, '.env.js'), 'secret dotfile');
    await symlink(outside, path.join(web, 'link.js'));
    t = await createTestApp({ webDir: web });
  });
  after(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  test('serves listed kinds of files only: no unknown types, dotfiles or symlinks', async () => {
    assert.equal((await t.app.inject({ url: '/web/js/ok.js' })).body, 'export const ok = 1;');
    for (const url of ['/web/notes.txt', '/web/.env.js', '/web/link.js', '/web/js/../link.js', '/web/..%2foutside.js']) {
      const res = await t.app.inject({ url });
      assert.equal(res.statusCode, 404, url);
      assert.ok(!res.body.includes('secret'), url);
    }
  });
});
