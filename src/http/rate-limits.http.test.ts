import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { repoRoot } from '../repo-root.js';
import { createApiKey } from '../services/manage-api-keys.js';
import { createTestApp } from './test-app.js';

test('minting keys does not multiply the limit: 30 keys, 150 generates at 5/min → at most 5 succeed', async () => {
  const t = await createTestApp({
    credits: 500,
    limits: { readPerMinute: 1000, generatePerMinute: 5, keyCreatePerHour: 100, maxApiKeysPerAccount: 100 },
  });
  try {
    const keys: string[] = [];
    for (let i = 0; i < 30; i++) {
      const created = await t.app.inject({ method: 'POST', url: '/account/keys', headers: t.a.auth });
      assert.equal(created.statusCode, 201, created.body);
      keys.push(created.json().key);
    }
    const statuses: number[] = [];
    const bindings = new Set<string>();
    await Promise.all(
      Array.from({ length: 150 }, async (_, i) => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/image/generate',
          headers: { authorization: `Bearer ${keys[i % keys.length]}` },
          payload: { templateId: t.a.templateId },
        });
        statuses.push(res.statusCode);
        if (res.statusCode === 429) {
          assert.equal(res.json().code, 'rate_limited');
          bindings.add(String(res.headers['ratelimit-policy']));
          assert.ok(Number(res.headers['retry-after']) >= 1);
        }
      }),
    );
    const ok = statuses.filter((s) => s === 200).length;
    assert.ok(ok <= 5, `${ok} generates succeeded`);
    assert.equal(ok + statuses.filter((s) => s === 429).length, 150);
    assert.deepEqual([...bindings], ['"account-generate";q=5;w=60'], 'the refusals name the account window, the one that binds');
    assert.equal((await t.store.getAccount(t.a.account.id))!.credits, 500 - ok, 'refused requests cost nothing');
    const other = await t.app.inject({ method: 'POST', url: '/image/generate', headers: t.b.auth, payload: { templateId: t.b.templateId } });
    assert.equal(other.statusCode, 200, 'another account keeps its own window');
  } finally {
    await t.close();
  }
});

test('both windows are checked; headers report the binding one; a refusal spends nothing', async () => {
  let now = 1_000_000_000;
  const t = await createTestApp({
    now: () => now,
    limits: { readPerMinute: 3, generatePerMinute: 100, accountReadPerMinute: 5, maxApiKeysPerAccount: 100, keyCreatePerHour: 100 },
  });
  try {
    const second = (await createApiKey(t.deps, t.a.account.id)).plaintext;
    const read = (authorization: string) => t.app.inject({ url: '/templates/all', headers: { authorization } });
    const first = await read(t.a.auth.authorization);
    assert.equal(first.headers['ratelimit-policy'], '"read";q=3;w=60', 'key window binds while it has fewer left');
    assert.equal(first.headers.ratelimit, '"read";r=2;t=60');
    await read(t.a.auth.authorization);
    await read(t.a.auth.authorization);
    const keyRefused = await read(t.a.auth.authorization);
    assert.equal(keyRefused.statusCode, 429);
    assert.match(keyRefused.json().message, /this API key/);
    // The refused request above did not count against the account: 3 of 5 used, 2 left.
    const viaSecond = await read(`Bearer ${second}`);
    assert.equal(viaSecond.statusCode, 200);
    assert.equal(viaSecond.headers['ratelimit-policy'], '"account-read";q=5;w=60');
    assert.equal(viaSecond.headers.ratelimit, '"account-read";r=1;t=60');
    await read(`Bearer ${second}`);
    const accountRefused = await read(`Bearer ${second}`);
    assert.equal(accountRefused.statusCode, 429);
    assert.match(accountRefused.json().message, /this account/);
    now += 60_000;
    assert.equal((await read(t.a.auth.authorization)).statusCode, 200, 'the windows reset');
  } finally {
    await t.close();
  }
});

test('key creation has its own hourly limit per account', async () => {
  let now = 1_000_000_000;
  const t = await createTestApp({ now: () => now, limits: { readPerMinute: 1000, generatePerMinute: 1000, keyCreatePerHour: 3, maxApiKeysPerAccount: 100 } });
  try {
    const create = (authorization: string) => t.app.inject({ method: 'POST', url: '/account/keys', headers: { authorization } });
    const made: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await create(made.at(-1) ? `Bearer ${made.at(-1)}` : t.a.auth.authorization);
      assert.equal(res.statusCode, 201);
      made.push(res.json().key);
    }
    const refused = await create(`Bearer ${made[2]}`);
    assert.equal(refused.statusCode, 429);
    assert.equal(refused.json().code, 'rate_limited');
    assert.equal(refused.headers['ratelimit-policy'], '"key-create";q=3;w=3600');
    assert.match(refused.json().message, /per hour/);
    assert.equal((await t.app.inject({ url: '/account/keys', headers: t.a.auth })).statusCode, 200, 'other reads are not affected');
    assert.equal((await create(t.b.auth.authorization)).statusCode, 201, 'other accounts are not affected');
    now += 3_600_000;
    assert.equal((await create(t.a.auth.authorization)).statusCode, 201, 'the hour resets');
  } finally {
    await t.close();
  }
});

test('font uploads have their own hourly limit per account', async () => {
  let now = 1_000_000_000;
  const t = await createTestApp({ now: () => now, limits: { readPerMinute: 1000, generatePerMinute: 1000, fontUploadsPerHour: 2 } });
  try {
    const woff = await readFile(path.join(repoRoot(), 'node_modules/@fontsource/lato/files/lato-latin-400-normal.woff'));
    const upload = (auth: Record<string, string>, family: string) =>
      t.app.inject({ method: 'POST', url: `/fonts?family=${family}`, headers: { ...auth, 'content-type': 'font/woff' }, payload: woff });
    assert.equal((await upload(t.a.auth, 'One')).statusCode, 201);
    assert.equal((await upload(t.a.auth, 'Two')).statusCode, 201);
    const refused = await upload(t.a.auth, 'Three');
    assert.equal(refused.statusCode, 429);
    assert.equal(refused.json().code, 'rate_limited');
    assert.equal(refused.headers['ratelimit-policy'], '"font-upload";q=2;w=3600');
    assert.equal((await t.app.inject({ url: '/fonts', headers: t.a.auth })).json().length, 2, 'the refused upload kept nothing');
    assert.equal((await upload(t.b.auth, 'Other')).statusCode, 201, 'other accounts are not affected');
    now += 3_600_000;
    assert.equal((await upload(t.a.auth, 'Three')).statusCode, 201, 'the hour resets');
  } finally {
    await t.close();
  }
});

test('an account holds at most MAX_API_KEYS active keys, even under concurrent creation', async () => {
  const t = await createTestApp({ limits: { readPerMinute: 1000, generatePerMinute: 1000, keyCreatePerHour: 1000, maxApiKeysPerAccount: 4 } });
  try {
    // The seeded key counts: 3 more fit.
    const results = await Promise.all(Array.from({ length: 10 }, () => t.app.inject({ method: 'POST', url: '/account/keys', headers: t.a.auth })));
    const created = results.filter((r) => r.statusCode === 201);
    const refused = results.filter((r) => r.statusCode === 409);
    assert.equal(created.length + refused.length, 10);
    assert.equal(created.length, 3, 'creations in one process are serialised: exactly up to the maximum');
    assert.equal(refused[0].json().code, 'too_many_api_keys');
    assert.match(refused[0].json().message, /4 active API keys/);
    const active = (await t.store.listApiKeys(t.a.account.id)).filter((k) => k.revokedAt === null);
    assert.ok(active.length <= 4);
    while ((await t.store.listApiKeys(t.a.account.id)).filter((k) => k.revokedAt === null).length < 4) {
      assert.equal((await t.app.inject({ method: 'POST', url: '/account/keys', headers: t.a.auth })).statusCode, 201);
    }
    assert.equal((await t.app.inject({ method: 'POST', url: '/account/keys', headers: t.a.auth })).statusCode, 409);
    const revoke = await t.app.inject({ method: 'DELETE', url: `/account/keys/${created[0].json().id}`, headers: t.a.auth });
    assert.equal(revoke.statusCode, 204);
    assert.equal((await t.app.inject({ method: 'POST', url: '/account/keys', headers: t.a.auth })).statusCode, 201, 'revoking frees a slot');
  } finally {
    await t.close();
  }
});

test('key listings show only the last 4 characters; creation returns the full key once', async () => {
  const t = await createTestApp();
  try {
    const created = await t.app.inject({ method: 'POST', url: '/account/keys', headers: t.a.auth });
    const { key, prefix, last4 } = created.json();
    assert.match(key, /^imp_[0-9A-Za-z]{22}$/);
    assert.equal(prefix, 'imp_');
    assert.equal(last4, key.slice(-4));
    // A row from before this change stored 4 secret characters in its prefix.
    await t.store.createApiKey({ id: 'key_legacy', accountId: t.a.account.id, hash: 'f'.repeat(64), prefix: 'imp_Ab3d', last4: 'Wx9z', now: new Date().toISOString() });
    const response = await t.app.inject({ url: '/account/keys', headers: t.a.auth });
    const listed = response.json() as Array<{ id: string; prefix: string; last4: string }>;
    assert.equal(listed.length, 3);
    assert.equal(listed.find((k) => k.id === 'key_legacy')!.prefix, 'imp_');
    assert.ok(!response.body.includes('Ab3d'));
    for (const plaintext of [key, t.a.key]) {
      const item = listed.find((k) => k.last4 === plaintext.slice(-4));
      assert.ok(item, 'each key is recognisable by its last 4');
      assert.equal(item.prefix, 'imp_', 'no secret characters after imp_');
      assert.ok(!response.body.includes(plaintext.slice(0, 8)), 'the old 8-character prefix is not shown');
      const secret = plaintext.slice(4);
      // No run of 5 secret characters appears anywhere in the listing.
      for (let i = 0; i + 5 <= secret.length; i++) assert.ok(!response.body.includes(secret.slice(i, i + 5)), `listing leaks ${secret.slice(i, i + 5)}`);
    }
  } finally {
    await t.close();
  }
});
