import { createHash } from 'node:crypto';
import { after, before, test } from 'node:test';
import type { InjectOptions } from 'fastify';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from './test-app.js';

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());

test('every response carries X-Content-Type-Options: nosniff: API, errors, images, web app, docs', async () => {
  const generated = await t.app.inject({ method: 'POST', url: '/image/generate', headers: t.a.auth, payload: { templateId: t.a.templateId } });
  assert.equal(generated.statusCode, 200);
  const imagePath = new URL(generated.json().imageURL).pathname;
  const cases: Array<[string, InjectOptions, number]> = [
    ['generate', { method: 'POST', url: '/image/generate', headers: t.a.auth, payload: { templateId: t.a.templateId } }, 200],
    ['image', { url: imagePath }, 200],
    ['image HEAD', { method: 'HEAD', url: imagePath }, 200],
    ['missing image', { url: '/images/0000000000000000000000000000000000000000.png' }, 404],
    ['json', { url: '/account', headers: t.a.auth }, 200],
    ['401', { url: '/account' }, 401],
    ['400', { method: 'POST', url: '/image/generate', headers: t.a.auth, payload: { templateId: 42 } }, 400],
    ['404', { url: '/nowhere' }, 404],
    ['405', { method: 'DELETE', url: '/account' }, 405],
    ['415', { method: 'POST', url: '/image/generate', headers: { ...t.a.auth, 'content-type': 'text/plain' }, payload: 'x' }, 415],
    ['health', { url: '/healthz' }, 200],
    ['web app', { url: '/' }, 200],
    ['openapi', { url: '/openapi.json' }, 200],
    ['docs redirect', { url: '/docs' }, 301],
    ['docs', { url: '/docs/' }, 200],
    ['docs bundle', { url: '/docs/js/scalar.js' }, 200],
  ];
  for (const [name, request, status] of cases) {
    const res = await t.app.inject(request);
    assert.equal(res.statusCode, status, `${name}: ${res.body.slice(0, 200)}`);
    assert.equal(res.headers['x-content-type-options'], 'nosniff', name);
  }
});

test('/docs has its own CSP and frame protection that still allow the Scalar reference', async () => {
  const res = await t.app.inject({ url: '/docs/' });
  assert.equal(res.headers['x-frame-options'], 'DENY');
  const csp = String(res.headers['content-security-policy']);
  const directives = new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values]),
  );
  assert.deepEqual(directives.get('frame-ancestors'), ["'none'"]);
  assert.deepEqual(directives.get('default-src'), ["'none'"]);
  // "Try it" calls the document's server, PUBLIC_URL (the test app's is http://imprint.test), which may differ from the name the page was opened by.
  assert.deepEqual(directives.get('connect-src'), ["'self'", 'http://imprint.test'], 'the spec and "try it" reach this server only');
  const others = csp.replaceAll('http://imprint.test', '');
  assert.ok(!others.includes('http:') && !others.includes('https:') && !csp.includes('*'), 'nothing external');
  assert.ok(!directives.get('script-src')!.includes("'unsafe-inline'") && !directives.get('script-src')!.includes("'unsafe-eval'"));
  // What the page loads must be allowed: its bundle (relative, same origin) and its inline bootstrap, by hash.
  const inline = [...res.body.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
  assert.ok(inline.length >= 1 && inline.some((code) => code.includes('/openapi.json')));
  for (const code of inline) {
    assert.ok(directives.get('script-src')!.includes(`'sha256-${createHash('sha256').update(code).digest('base64')}'`), 'inline script allowed by hash');
  }
  for (const src of [...res.body.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1])) {
    assert.ok(!/^[a-z]+:|^\/\//i.test(src), `bundle ${src} is same-origin`);
    assert.equal((await t.app.inject({ url: new URL(src, 'http://x/docs/').pathname })).statusCode, 200);
  }
  assert.equal((await t.app.inject({ url: '/openapi.json' })).statusCode, 200);
});

test('the web app pages keep their CSP and frame protection', async () => {
  const res = await t.app.inject({ url: '/' });
  assert.match(String(res.headers['content-security-policy']), /frame-ancestors 'none'/);
  assert.match(String(res.headers['content-security-policy']), /script-src 'self'(;|$)/);
  assert.equal(res.headers['x-frame-options'], 'DENY');
});
