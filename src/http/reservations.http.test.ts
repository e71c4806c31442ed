import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { bothDatabases, createTestApp } from './test-app.js';

for (const [label, options] of bothDatabases('imprint_resv')) {
  describe(`reservations on ${label}`, () => {
    test('20 identical concurrent generates: all 200, 20 charges, one image row', async () => {
      const t = await createTestApp({ ...options, credits: 20 });
      try {
        const payload = { templateId: t.a.templateId, elements: { title: { text: 'Same for all' } } };
        const responses = await Promise.all(Array.from({ length: 20 }, () => t.app.inject({ method: 'POST', url: '/image/generate', headers: t.a.auth, payload })));
        assert.deepEqual(
          responses.map((r) => r.statusCode),
          Array(20).fill(200),
          responses.find((r) => r.statusCode !== 200)?.body,
        );
        assert.equal(new Set(responses.map((r) => r.json().imageURL)).size, 1);
        assert.equal((await t.store.getAccount(t.a.account.id))!.credits, 0);
        const states = (await t.store.listLedger(t.a.account.id, { limit: 50 })).items.filter((e) => e.reason === 'generate').map((e) => e.state);
        assert.deepEqual(states, Array(20).fill('committed'));
      } finally {
        await t.close();
      }
    });

    test('a request that outlives its reservation answers 503, is not charged, and frees its Idempotency-Key', async () => {
      const t = await createTestApp({ ...options, credits: 3 });
      try {
        t.deps.leases = { reservationMs: 0, idempotencyMs: 120_000 };
        const request = { method: 'POST' as const, url: '/image/generate', headers: { ...t.a.auth, 'idempotency-key': 'slow-1' }, payload: { templateId: t.a.templateId } };
        const late = await t.app.inject(request);
        assert.equal(late.statusCode, 503, late.body);
        assert.equal(late.json().code, 'service_unavailable');
        assert.match(late.json().message, /not charged/);
        assert.equal((await t.store.getAccount(t.a.account.id))!.credits, 3);
        const entries = (await t.store.listLedger(t.a.account.id, { limit: 10 })).items;
        assert.deepEqual(
          entries.slice(0, 2).map((e) => [e.reason, e.state]),
          [
            ['refund', null],
            ['generate', 'refunded'],
          ],
        );

        t.deps.leases = { reservationMs: 120_000, idempotencyMs: 120_000 };
        const retry = await t.app.inject(request);
        assert.equal(retry.statusCode, 200, 'the key was not left in flight');
        assert.equal(retry.json().usage.remainingCredits, 2);
        const image = await t.app.inject({ url: new URL(retry.json().imageURL).pathname });
        assert.equal(image.statusCode, 200);
      } finally {
        await t.close();
      }
    });
  });
}

describe('image ids and the usage ledger', () => {
  test('two accounts rendering the same input get different ids, URLs and rows', async () => {
    const t = await createTestApp();
    try {
      const payload = (templateId: string) => ({ templateId, elements: { title: { text: 'Identical' } } });
      const a = await t.app.inject({ method: 'POST', url: '/image/generate', headers: t.a.auth, payload: payload(t.a.templateId) });
      const b = await t.app.inject({ method: 'POST', url: '/image/generate', headers: t.b.auth, payload: payload(t.b.templateId) });
      const [urlA, urlB] = [a.json().imageURL as string, b.json().imageURL as string];
      assert.match(urlA, /\/images\/[0-9a-f]{40}\.png$/);
      assert.notEqual(urlA, urlB);
      const idOf = (url: string) => /([0-9a-f]{40})\.png$/.exec(url)![1];
      assert.equal((await t.store.getImage(idOf(urlA)))?.accountId, t.a.account.id);
      assert.equal((await t.store.getImage(idOf(urlB)))?.accountId, t.b.account.id);
      const [bodyA, bodyB] = await Promise.all([urlA, urlB].map(async (u) => (await t.app.inject({ url: new URL(u).pathname })).rawPayload));
      assert.ok(bodyA.equals(bodyB), 'same pixels, separate URLs');
    } finally {
      await t.close();
    }
  });

  test('If-None-Match answers 304 only where a GET would answer 200', async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({ method: 'POST', url: '/image/generate', headers: t.a.auth, payload: { templateId: t.a.templateId } });
      const pathname = new URL(res.json().imageURL).pathname;
      const get = await t.app.inject({ url: pathname });
      const etag = get.headers.etag as string;
      assert.equal((await t.app.inject({ url: pathname, headers: { 'if-none-match': etag } })).statusCode, 304);
      const guess = `/images/${'0'.repeat(40)}.png`;
      assert.equal((await t.app.inject({ url: guess, headers: { 'if-none-match': '*' } })).statusCode, 404);
      // The row without its blob: a GET says 404, so a conditional request must too.
      await t.deps.blobs.delete(pathname.slice(1));
      assert.equal((await t.app.inject({ url: pathname })).statusCode, 404);
      assert.equal((await t.app.inject({ url: pathname, headers: { 'if-none-match': etag } })).statusCode, 404);
      assert.equal((await t.app.inject({ url: pathname, headers: { 'if-none-match': '*' } })).statusCode, 404);
    } finally {
      await t.close();
    }
  });

  test('/account/usage shows each charge as committed or refunded, refunds without a state', async () => {
    const t = await createTestApp({ credits: 5 });
    try {
      await t.app.inject({ method: 'POST', url: '/image/generate', headers: t.a.auth, payload: { templateId: t.a.templateId } });
      const failed = await t.app.inject({
        method: 'POST',
        url: '/image/generate',
        headers: t.a.auth,
        payload: { templateId: t.a.templateId, elements: { logo: { src: 'http://127.0.0.1:1/missing.png' } } },
      });
      assert.equal(failed.json().code, 'image_fetch_failed');
      const usage = await t.app.inject({ url: '/account/usage', headers: t.a.auth });
      assert.equal(usage.statusCode, 200, usage.body);
      const entries = usage.json().entries as Array<{ reason: string; state?: string }>;
      assert.deepEqual(
        entries.map((e) => [e.reason, e.state]),
        [
          ['refund', undefined],
          ['generate', 'refunded'],
          ['generate', 'committed'],
          ['grant', undefined],
        ],
      );
    } finally {
      await t.close();
    }
  });
});
