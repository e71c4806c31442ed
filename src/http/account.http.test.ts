import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from './test-app.js';

describe('account routes', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ credits: 25 });
  });
  after(() => t.close());

  test("GET /account shows the caller's own balance", async () => {
    const res = await t.app.inject({ url: '/account', headers: t.a.auth });
    assert.deepEqual(res.json(), { id: t.a.account.id, name: t.a.account.name, credits: 25 });
    assert.equal((await t.app.inject({ url: '/account', headers: t.b.auth })).json().id, t.b.account.id);
  });

  test('GET /account/usage pages through the ledger, newest first, own rows only', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/image/generate', headers: t.a.auth, payload: { templateId: t.a.templateId } });
      assert.equal(res.statusCode, 200, res.body);
    }
    const first = (await t.app.inject({ url: '/account/usage?limit=2', headers: t.a.auth })).json();
    assert.equal(first.entries.length, 2);
    assert.deepEqual(
      first.entries.map((e: { delta: number }) => e.delta),
      [-1, -1],
    );
    assert.equal(first.entries[0].balanceAfter, 22);
    const second = (await t.app.inject({ url: `/account/usage?limit=2&cursor=${encodeURIComponent(first.nextCursor)}`, headers: t.a.auth })).json();
    assert.deepEqual(
      second.entries.map((e: { delta: number; reason: string }) => [e.delta, e.reason]),
      [
        [-1, 'generate'],
        [25, 'grant'],
      ],
    );
    assert.equal(second.nextCursor, null);
    const bob = (await t.app.inject({ url: '/account/usage', headers: t.b.auth })).json();
    assert.deepEqual(
      bob.entries.map((e: { reason: string }) => e.reason),
      ['grant'],
    );
    const bad = await t.app.inject({ url: '/account/usage?limit=0', headers: t.a.auth });
    assert.equal(bad.statusCode, 400);
    // Only plain decimal: 1e3 once read as 1, 2.9 as 2 and 0x10 as 16, each answered 200 with that many entries.
    for (const limit of ['1e3', '1e309', '2.9', '0x10', '0b1', 'Infinity', '']) {
      for (const url of ['/account/usage', '/account/images']) {
        const loose = await t.app.inject({ url: `${url}?limit=${encodeURIComponent(limit)}`, headers: t.a.auth });
        if (limit === '') {
          assert.equal(loose.statusCode, 400, `an empty limit is not a number: ${loose.body}`);
          continue;
        }
        assert.equal(loose.statusCode, 400, `${url}?limit=${limit}: ${loose.body}`);
        assert.equal(loose.json().code, 'invalid_request');
        assert.match(loose.json().message, /limit/);
      }
    }
    assert.equal((await t.app.inject({ url: '/account/usage?limit=%2B2', headers: t.a.auth })).json().entries.length, 2, '+2 is decimal');
  });

  test('API keys: create shows the key once, list never does, revoke is immediate', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/account/keys', headers: t.a.auth });
    assert.equal(created.statusCode, 201);
    const { id, key, prefix, last4 } = created.json();
    assert.match(key, /^imp_[0-9A-Za-z]{22,}$/);
    assert.equal(key.slice(-4), last4);
    assert.ok(key.startsWith(prefix));
    const listed = (await t.app.inject({ url: '/account/keys', headers: { authorization: `Bearer ${key}` } })).json();
    assert.equal(listed.length, 2);
    assert.ok(!JSON.stringify(listed).includes(key), 'the plaintext is never listed');
    assert.ok(listed.find((k: { id: string; lastUsedAt: string | null }) => k.id === id).lastUsedAt, 'lastUsedAt is recorded');

    const foreign = await t.app.inject({ method: 'DELETE', url: `/account/keys/${id}`, headers: t.b.auth });
    assert.equal(foreign.statusCode, 404, 'another account cannot revoke it');
    assert.equal((await t.app.inject({ url: '/account', headers: { authorization: `Bearer ${key}` } })).statusCode, 200);

    const revoked = await t.app.inject({ method: 'DELETE', url: `/account/keys/${id}`, headers: t.a.auth });
    assert.equal(revoked.statusCode, 204);
    const after = await t.app.inject({ url: '/account', headers: { authorization: `Bearer ${key}` } });
    assert.equal(after.statusCode, 401);
    assert.equal(after.json().code, 'invalid_api_key');
  });

  test('API keys: an optional name, trimmed, bounded, shown in listings', async () => {
    const named = await t.app.inject({ method: 'POST', url: '/account/keys', headers: t.a.auth, payload: { name: '  CI <img src=x onerror=alert(1)>  ' } });
    assert.equal(named.statusCode, 201, named.body);
    assert.equal(named.json().name, 'CI <img src=x onerror=alert(1)>');
    const blank = await t.app.inject({ method: 'POST', url: '/account/keys', headers: t.a.auth, payload: { name: '   ' } });
    assert.equal(blank.json().name, null, 'a blank name is no name');
    const listed = (await t.app.inject({ url: '/account/keys', headers: t.a.auth })).json();
    assert.equal(listed.find((k: { id: string }) => k.id === named.json().id).name, 'CI <img src=x onerror=alert(1)>');
    for (const payload of [{ name: 'x'.repeat(81) }, { name: 'a\nb' }, { name: 7 }, { label: 'x' }]) {
      const bad = await t.app.inject({ method: 'POST', url: '/account/keys', headers: t.a.auth, payload });
      assert.equal(bad.statusCode, 400, JSON.stringify(payload));
      assert.equal(bad.json().code, 'invalid_request');
    }
    // A right-to-left override would show "prod-key-\u202Eyek-tset" as "prod-key-test-key" in the listing.
    const refusals: Array<[string, string]> = [
      ['/account/keys', 'prod-key-\u202Eyek-tset'],
      ['/account/url-keys', 'a\u2066b'],
      ['/account/keys', 'a\u0085b'],
      ['/account/url-keys', 'a\u2028b'],
    ];
    for (const [url, name] of refusals) {
      const bad = await t.app.inject({ method: 'POST', url, headers: t.b.auth, payload: { name } });
      assert.equal(bad.statusCode, 400, `${url} ${JSON.stringify(name)}`);
      assert.match(bad.json().message, /name must be printable text: no control, line-break or text-direction characters/);
    }
    for (const k of [named.json(), blank.json()]) await t.app.inject({ method: 'DELETE', url: `/account/keys/${k.id}`, headers: t.a.auth });
  });

  test('keys are stored hashed: the plaintext is nowhere in the store', async () => {
    const found = await t.store.findApiKeyByHash(t.a.key);
    assert.equal(found, null, 'looking up by plaintext finds nothing');
    assert.ok(!JSON.stringify(await t.store.listApiKeys(t.a.account.id)).includes(t.a.key));
  });
});
