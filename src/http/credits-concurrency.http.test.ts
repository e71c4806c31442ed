import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { bothDatabases, createTestApp } from './test-app.js';

/**
 * The money invariant end to end: 50 parallel generates against a balance of
 * 10 must give exactly 10 images, never an 11th free one and never a 500, on
 * both databases the service supports.
 */
for (const [label, options] of bothDatabases('imprint_http')) {
  describe(`credits under concurrency on ${label}`, () => {
    test('50 parallel generates on a balance of 10: exactly 10 succeed, balance 0, ledger sums', async () => {
      const t = await createTestApp({ ...options, credits: 10 });
      try {
        const responses = await Promise.all(
          Array.from({ length: 50 }, (_, i) =>
            t.app.inject({ method: 'POST', url: '/image/generate', headers: t.a.auth, payload: { templateId: t.a.templateId, elements: { title: { text: `Card ${i}` } } } }),
          ),
        );
        const statuses = responses.map((r) => r.statusCode);
        assert.equal(statuses.filter((s) => s === 200).length, 10, statuses.join(','));
        assert.equal(statuses.filter((s) => s === 402).length, 40, statuses.join(','));
        const remaining = responses
          .filter((r) => r.statusCode === 200)
          .map((r) => r.json().usage.remainingCredits)
          .sort((a, b) => a - b);
        assert.deepEqual(remaining, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], 'each success saw its own balance');
        assert.equal((await t.store.getAccount(t.a.account.id))!.credits, 0);
        assert.equal(await t.store.ledgerSum(t.a.account.id), 0);
        assert.equal((await t.store.getAccount(t.b.account.id))!.credits, 10, 'the other account is untouched');
      } finally {
        await t.close();
      }
    });
  });
}
