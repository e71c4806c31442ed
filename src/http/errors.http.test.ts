import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from './test-app.js';

describe('errors, auth, limits and operations', () => {
  let t: TestApp;
  let now = Date.parse('2026-11-21T12:00:00.000Z');
  before(async () => {
    t = await createTestApp({ limits: { readPerMinute: 5, generatePerMinute: 3 }, now: () => now });
  });
  after(() => t.close());

  test('401 invalid_api_key looks the same for missing, malformed, unknown and revoked keys', async () => {
    const revoked = (await t.app.inject({ method: 'POST', url: '/account/keys', headers: t.b.auth })).json();
    await t.app.inject({ method: 'DELETE', url: `/account/keys/${revoked.id}`, headers: t.b.auth });
    const variants = [undefined, 'Bearer', 'Basic abc', 'Bearer not-a-key', `Bearer imp_${'x'.repeat(22)}`, `Bearer ${revoked.key}`];
    const bodies = new Set<string>();
    for (const authorization of variants) {
      for (const [method, url] of [
        ['GET', '/templates/all'],
        ['POST', '/image/generate'],
        ['GET', `/templates/${t.a.templateId}/elements`],
      ] as const) {
        const res = await t.app.inject({ method, url, headers: authorization ? { authorization } : {}, ...(method === 'POST' ? { payload: {} } : {}) });
        assert.equal(res.statusCode, 401, `${authorization} ${url}`);
        assert.equal(res.headers['www-authenticate'], 'Bearer realm="imprint"');
        const { code, message, status, statusCode } = res.json();
        bodies.add(JSON.stringify({ code, message, status, statusCode }));
      }
    }
    assert.equal(bodies.size, 1);
  });

  test('404 not_found for an unknown path and 405 with Allow for a wrong method, as JSON', async () => {
    const missing = await t.app.inject({ url: '/nope', headers: t.a.auth });
    assert.equal(missing.statusCode, 404);
    assert.equal(missing.json().code, 'not_found');
    assert.match(String(missing.headers['content-type']), /application\/json/);
    const wrong = await t.app.inject({ method: 'GET', url: '/image/generate', headers: t.a.auth });
    assert.equal(wrong.statusCode, 405);
    assert.equal(wrong.json().code, 'method_not_allowed');
    assert.equal(wrong.headers.allow, 'POST');
    const patch = await t.app.inject({ method: 'PATCH', url: '/templates/all', headers: t.a.auth });
    assert.equal(patch.statusCode, 405);
    assert.match(String(patch.headers.allow), /GET/);
  });

  test('every response carries a Request-Id equal to the body requestId', async () => {
    const ok = await t.app.inject({ url: '/healthz' });
    assert.match(String(ok.headers['request-id']), /^req_[0-9A-Za-z]{16}$/);
    const err = await t.app.inject({ url: '/nope' });
    assert.equal(err.json().requestId, err.headers['request-id']);
    assert.notEqual(ok.headers['request-id'], err.headers['request-id']);
    const forged = await t.app.inject({ url: '/healthz', headers: { 'request-id': 'req_forged' } });
    assert.notEqual(forged.headers['request-id'], 'req_forged');
  });

  test('rate limit: exactly N reads pass, N+1 gets 429 with Retry-After; the window resets', async () => {
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 6; i++) {
      last = await t.app.inject({ url: '/templates/all', headers: t.a.auth });
      statuses.push(last.statusCode);
      if (i === 0) {
        assert.equal(last.headers['ratelimit-policy'], '"read";q=5;w=60');
        assert.equal(last.headers.ratelimit, '"read";r=4;t=60');
      }
    }
    assert.deepEqual(statuses, [200, 200, 200, 200, 200, 429]);
    assert.equal(last!.json().code, 'rate_limited');
    assert.equal(last!.headers['retry-after'], '60');
    assert.equal((await t.app.inject({ url: '/templates/all', headers: t.b.auth })).statusCode, 200, 'per key');
    const gens: number[] = [];
    for (let i = 0; i < 4; i++) gens.push((await t.app.inject({ method: 'POST', url: '/image/generate', headers: t.a.auth, payload: { templateId: t.a.templateId } })).statusCode);
    assert.deepEqual(gens, [200, 200, 200, 429], 'generate has its own limit');
    now += 60_000;
    assert.equal((await t.app.inject({ url: '/templates/all', headers: t.a.auth })).statusCode, 200);
  });

  test('healthz and readyz need no key', async () => {
    assert.deepEqual((await t.app.inject({ url: '/healthz' })).json(), { status: 'ok' });
    assert.deepEqual((await t.app.inject({ url: '/readyz' })).json(), { status: 'ready' });
  });

  test('unknown image ids get a JSON 404', async () => {
    for (const url of ['/images/0000000000000000000000000000000000000000.png', '/images/../../etc/passwd', '/images/x.png']) {
      const res = await t.app.inject({ url });
      assert.equal(res.statusCode, 404, url);
      assert.match(String(res.headers['content-type']), /application\/json/);
    }
  });

  test('a validation error names the part of the request in words, with the verb agreeing', async () => {
    const params = await t.app.inject({ url: '/batches/.zip', headers: t.a.auth });
    assert.equal(params.statusCode, 400, params.body);
    assert.match(params.json().message, /^The path parameters are invalid: /);
    const body = await t.app.inject({ method: 'POST', url: '/image/generate', headers: t.a.auth, payload: { templateId: t.a.templateId, scale: 'big' } });
    assert.match(body.json().message, /^The body is invalid: /);
    const extra = await t.app.inject({ method: 'POST', url: '/image/generate', headers: t.a.auth, payload: { templateId: t.a.templateId, colour: 'red' } });
    assert.match(extra.json().message, /^The body has a field that is not part of the API: colour/);
    // A misspelt required field: the stranger is named as unknown, the missing one as missing, each once.
    const misspelt = await t.app.inject({ method: 'POST', url: '/templates', headers: t.a.auth, payload: { name: 'x', document: {} } });
    assert.equal(misspelt.statusCode, 400, misspelt.body);
    assert.equal(misspelt.json().message, 'The body has a field that is not part of the API: document. Also: template is required.');
  });

  test('/openapi.json documents the contract paths and /docs serves a readable reference', async () => {
    const spec = (await t.app.inject({ url: '/openapi.json' })).json();
    for (const path of ['/image/generate', '/templates/all', '/templates/{templateId}/elements', '/templates/{templateId}/elements/basic']) {
      assert.ok(spec.paths[path], path);
    }
    assert.deepEqual(spec.paths['/templates/all'].get.parameters.map((p: { name: string }) => p.name).sort(), ['order', 'sort']);
    const docs = await t.app.inject({ url: '/docs/' });
    assert.equal(docs.statusCode, 200);
    assert.match(docs.body, /<html/i);
  });
});
