import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SqliteStore } from '../store/sqlite-store.js';
import { purgeFinishedJobs } from './purge-finished-jobs.js';

test('finished jobs older than the retention are purged, in batches until none is left; 0 keeps them', async () => {
  const store = new SqliteStore(':memory:');
  await store.migrate();
  try {
    const account = await store.createAccount({ id: 'acc_1', name: 'a', credits: 0, now: '2026-01-01T00:00:00.000Z' });
    const finishOn = async (id: string, day: string) => {
      await store.createJob({ id, accountId: account.id, request: {}, webhookUrl: null, now: `${day}T00:00:00.000Z` });
      const [claimed] = await store.claimJobs({ claimId: id, now: `${day}T00:00:00.000Z`, leaseUntil: `${day}T00:01:00.000Z`, limit: 1 });
      assert.equal(claimed?.id, id);
      await store.finishJob({ id, claimId: id, state: 'succeeded', result: {}, now: `${day}T00:00:01.000Z` });
    };
    // 1,200 finished 40 days before "now", more than one purge batch; one 20 days before.
    for (let n = 0; n < 1_200; n++) await finishOn(`job_old_${n}`, '2026-01-01');
    await finishOn('job_recent', '2026-01-21');
    const deps = { store, now: () => '2026-02-10T00:00:00.000Z' };
    assert.equal(await purgeFinishedJobs(deps, 0), 0);
    assert.ok(await store.getJob(account.id, 'job_old_0'));
    assert.equal(await purgeFinishedJobs(deps, 30), 1_200);
    assert.equal(await store.getJob(account.id, 'job_old_1199'), null);
    assert.ok(await store.getJob(account.id, 'job_recent'));
    assert.equal(await purgeFinishedJobs(deps, 10), 1);
  } finally {
    await store.close();
  }
});
