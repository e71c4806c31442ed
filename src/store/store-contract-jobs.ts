import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type Store, WEBHOOK_ATTEMPTS_KEPT } from './store.js';
import { at, newAccount, storeFor, type OpenStore } from './store-contract-helpers.js';

async function queue(store: Store, accountId: string, n: number, webhookUrl: string | null = null) {
  const job = await store.createJob({ id: `job_${String(n).padStart(4, '0')}`, accountId, request: { templateId: 'tpl_x', n }, webhookUrl, now: at(n) });
  assert.ok(job);
  return job;
}

export function registerJobContract(open: OpenStore, openPair: () => Promise<[Store, Store]>): void {
  test("jobs and batches: a submit's Idempotency-Key outcome is stored with what it queues, and a claim lost meanwhile queues nothing", async (t) => {
    const store = await storeFor(t, open);
    const alice = await newAccount(store);
    const cutoffs = (s: number) => ({ inFlightBefore: at(s - 120), completedBefore: at(s - 86_400) });
    const body = (id: string) => ({ kind: 'success', body: { status: 'queued', jobId: id } });
    const claim = await store.beginIdempotency(alice.id, 'k-job', 'h', at(10), cutoffs(10));
    assert.equal(claim.state, 'started');
    if (claim.state !== 'started') return;
    const job = await store.createJob({
      id: 'job_idem',
      accountId: alice.id,
      request: {},
      webhookUrl: null,
      now: at(11),
      idempotency: { key: 'k-job', claimId: claim.claimId, statusCode: 200, body: body('job_idem') },
    });
    assert.equal(job?.id, 'job_idem');
    assert.deepEqual(await store.beginIdempotency(alice.id, 'k-job', 'h', at(12), cutoffs(12)), { state: 'replay', statusCode: 200, body: body('job_idem') });

    // The submit outlived its claim and a retry took the key over: neither a job nor a batch is queued under the old claim.
    for (const kind of ['job', 'batch'] as const) {
      const old = await store.beginIdempotency(alice.id, `k-${kind}-2`, 'h', at(20), cutoffs(20));
      assert.equal(old.state, 'started');
      const taken = await store.beginIdempotency(alice.id, `k-${kind}-2`, 'h', at(200), cutoffs(200));
      assert.equal(taken.state, 'started');
      const idempotency = { key: `k-${kind}-2`, claimId: old.state === 'started' ? old.claimId : 'x', statusCode: 200, body: body('lost') };
      if (kind === 'job') {
        assert.equal(await store.createJob({ id: 'job_lost', accountId: alice.id, request: {}, webhookUrl: null, now: at(201), idempotency }), null);
        assert.equal(await store.getJob(alice.id, 'job_lost'), null, 'rolled back');
      } else {
        assert.equal(await store.createBatch({ id: 'bat_lost', accountId: alice.id, request: {}, items: [{}, {}], webhookUrl: null, now: at(201), idempotency }), false);
        assert.equal(await store.getBatch(alice.id, 'bat_lost'), null, 'rolled back');
      }
      assert.deepEqual(await store.beginIdempotency(alice.id, `k-${kind}-2`, 'h', at(202), cutoffs(202)), { state: 'in_flight' }, "the retry's claim is untouched");
    }
    assert.equal(await store.countUnfinishedJobs(alice.id), 1);

    const batchClaim = await store.beginIdempotency(alice.id, 'k-batch', 'h', at(30), cutoffs(30));
    if (batchClaim.state !== 'started') return assert.fail('started');
    const stored = { key: 'k-batch', claimId: batchClaim.claimId, statusCode: 200, body: body('bat_idem') };
    assert.equal(await store.createBatch({ id: 'bat_idem', accountId: alice.id, request: {}, items: [{}], webhookUrl: null, now: at(31), idempotency: stored }), true);
    assert.deepEqual(await store.beginIdempotency(alice.id, 'k-batch', 'h', at(32), cutoffs(32)), { state: 'replay', statusCode: 200, body: body('bat_idem') });
  });

  test('jobs: finished ones past the retention are purged, whole batches too; unfinished ones and undelivered webhooks stay', async (t) => {
    const store = await storeFor(t, open);
    const alice = await newAccount(store);
    // Claims what is due and finishes those whose id starts with `prefix` (the others stay running).
    const finishAt = async (prefix: string, at0: number) => {
      const claimed = await store.claimJobs({ claimId: `c_${prefix}`, now: at(at0), leaseUntil: at(at0 + 5), limit: 50 });
      const mine = claimed.filter((job) => job.id.startsWith(prefix));
      for (const job of mine) await store.finishJob({ id: job.id, claimId: `c_${prefix}`, state: 'succeeded', result: {}, now: at(at0 + 1) });
      return mine.length;
    };
    const make = (id: string, at0: number, webhookUrl: string | null = null) => store.createJob({ id, accountId: alice.id, request: {}, webhookUrl, now: at(at0) });
    await make('job_old', 10);
    assert.equal(await finishAt('job_old', 10), 1);
    await make('job_hook', 20, 'https://hooks.example.com/x');
    assert.equal(await finishAt('job_hook', 20), 1);
    await store.createBatch({ id: 'bat_old', accountId: alice.id, request: {}, items: [{}, {}], webhookUrl: null, now: at(30) });
    assert.equal(await finishAt('bat_old', 30), 2);
    await store.createBatch({ id: 'bat_open', accountId: alice.id, request: {}, items: [{}, {}], webhookUrl: null, now: at(40) });
    const [item] = await store.claimJobs({ claimId: 'c_open', now: at(40), leaseUntil: at(45), limit: 1 });
    await store.finishJob({ id: item!.id, claimId: 'c_open', state: 'failed', result: {}, now: at(41) });
    await make('job_queued', 50);
    await make('job_recent', 500);
    assert.equal(await finishAt('job_recent', 500), 1);

    assert.equal(await store.purgeFinishedJobs(at(100), 1_000), 1 + 3, 'the old job and the old batch, head and items');
    assert.equal(await store.getJob(alice.id, 'job_old'), null);
    assert.equal(await store.getBatch(alice.id, 'bat_old'), null);
    for (const id of ['job_hook', 'job_queued', 'job_recent']) assert.ok(await store.getJob(alice.id, id), id);
    assert.ok(await store.getBatch(alice.id, 'bat_open'), 'a batch with an item still queued stays, its finished item too');
    assert.equal(await store.purgeFinishedJobs(at(100), 1_000), 0);
    assert.equal(await store.purgeFinishedJobs(at(1_000), 1_000), 1, 'the recent one, once past the retention too');
  });

  test('jobs: create, read scoped to the account, claim, finish under the claim only', async (t) => {
    const store = await storeFor(t, open);
    const alice = await newAccount(store);
    const bob = await newAccount(store);
    const job = await queue(store, alice.id, 1);
    assert.deepEqual([await store.countUnfinishedJobs(alice.id), await store.countUnfinishedJobs(bob.id)], [1, 0]);
    assert.deepEqual(
      { state: job.state, request: job.request, runs: job.runs, result: job.result, webhookState: job.webhookState, batchId: job.batchId },
      { state: 'queued', request: { templateId: 'tpl_x', n: 1 }, runs: 0, result: null, webhookState: null, batchId: null },
    );
    assert.deepEqual(await store.getJob(alice.id, job.id), job);
    assert.equal(await store.getJob(bob.id, job.id), null);

    assert.deepEqual(await store.claimJobs({ claimId: 'c0', now: at(0), leaseUntil: at(100), limit: 5 }), [], 'not due before it was queued');
    const [claimed] = await store.claimJobs({ claimId: 'c1', now: at(10), leaseUntil: at(100), limit: 5 });
    assert.equal(claimed.state, 'running');
    assert.equal(claimed.runs, 1);
    assert.equal(claimed.claimId, 'c1');
    assert.deepEqual(await store.claimJobs({ claimId: 'c2', now: at(99), leaseUntil: at(200), limit: 5 }), [], 'held until the lease ends');

    assert.equal(await store.finishJob({ id: job.id, claimId: 'other', state: 'succeeded', result: { x: 1 }, now: at(20) }), false);
    assert.equal(await store.finishJob({ id: job.id, claimId: 'c1', state: 'succeeded', result: { imageURL: 'u' }, now: at(20) }), true);
    const done = (await store.getJob(alice.id, job.id))!;
    assert.deepEqual([done.state, done.result, done.finishedAt, done.claimId], ['succeeded', { imageURL: 'u' }, at(20), null]);
    assert.deepEqual(done.request, {}, 'a finished job keeps its outcome, not its request');
    assert.equal(await store.finishJob({ id: job.id, claimId: 'c1', state: 'failed', result: {}, now: at(21) }), false, 'finished once');
    assert.equal(await store.countUnfinishedJobs(alice.id), 0);
    assert.deepEqual(await store.claimJobs({ claimId: 'c3', now: at(10_000), leaseUntil: at(20_000), limit: 5 }), [], 'a finished job is never claimed');
  });

  test('jobs: a lapsed lease makes a running job claimable again; a requeued one waits for its time', async (t) => {
    const store = await storeFor(t, open);
    const alice = await newAccount(store);
    const job = await queue(store, alice.id, 1);
    await store.claimJobs({ claimId: 'dead', now: at(1), leaseUntil: at(50), limit: 1 });
    const [again] = await store.claimJobs({ claimId: 'alive', now: at(50), leaseUntil: at(100), limit: 1 });
    assert.equal(again.id, job.id);
    assert.equal(again.runs, 2);
    assert.equal(await store.finishJob({ id: job.id, claimId: 'dead', state: 'succeeded', result: {}, now: at(60) }), false, 'the dead claim can no longer finish it');
    assert.equal(await store.requeueJob({ id: job.id, claimId: 'alive', runAt: at(80), now: at(60) }), true);
    assert.equal((await store.getJob(alice.id, job.id))!.state, 'queued');
    assert.deepEqual(await store.claimJobs({ claimId: 'early', now: at(79), leaseUntil: at(200), limit: 1 }), []);
    assert.equal((await store.claimJobs({ claimId: 'due', now: at(80), leaseUntil: at(200), limit: 1 })).length, 1);
  });

  test('jobs: claims take turns between accounts, counting what each already has running', async (t) => {
    const store = await storeFor(t, open);
    const alice = await newAccount(store);
    const bob = await newAccount(store);
    const carol = await newAccount(store);
    await store.createBatch({ id: 'bat_big', accountId: alice.id, request: {}, items: Array.from({ length: 30 }, (_, n) => ({ n })), webhookUrl: null, now: at(1) });
    const bobs = await queue(store, bob.id, 5);
    const first = await store.claimJobs({ claimId: 'c1', now: at(10), leaseUntil: at(1000), limit: 2 });
    assert.deepEqual(
      first.map((j) => j.id),
      ['bat_big_1', bobs.id],
      "bob's one job is not behind alice's thirty",
    );
    // Alice holds one slot, Bob one; Carol's newer job still goes before Alice's second item, and Bob's second before Alice's third.
    const carols = await queue(store, carol.id, 20);
    const bobsSecond = await store.createJob({ id: 'job_bob2', accountId: bob.id, request: {}, webhookUrl: null, now: at(30) });
    const second = await store.claimJobs({ claimId: 'c2', now: at(40), leaseUntil: at(1000), limit: 3 });
    assert.deepEqual(second.map((j) => j.id).sort(), [carols.id, 'bat_big_2', bobsSecond?.id].sort());
    const third = await store.claimJobs({ claimId: 'c3', now: at(50), leaseUntil: at(1000), limit: 1 });
    assert.deepEqual(
      third.map((j) => j.id),
      ['bat_big_3'],
      'alone on the queue, an account gets every slot',
    );
    // At 1000 every lease has lapsed and counts as running no more: every account's turn is 1 again, and of
    // those served longest ago (Bob and Carol, at 40), Bob's older job goes first.
    const afterLapse = await store.claimJobs({ claimId: 'c4', now: at(1000), leaseUntil: at(2000), limit: 1 });
    assert.deepEqual(
      afterLapse.map((j) => j.id),
      [bobs.id],
    );
  });

  test('jobs: with more accounts than slots, the turns go round: a newer account is not beaten by older batches on every tie', async (t) => {
    const store = await storeFor(t, open);
    const batches = [await newAccount(store), await newAccount(store), await newAccount(store)];
    for (const [i, account] of batches.entries()) {
      await store.createBatch({ id: `bat_${i}`, accountId: account.id, request: {}, items: Array.from({ length: 20 }, (_, n) => ({ n })), webhookUrl: null, now: at(1) });
    }
    const late = await newAccount(store);
    // Two slots, held in turn by the batches; each claim below fills the slot the last finished item freed.
    let running = await store.claimJobs({ claimId: 'c0', now: at(10), leaseUntil: at(10_000), limit: 2 });
    const job = await store.createJob({ id: 'job_late', accountId: late.id, request: {}, webhookUrl: null, now: at(11) });
    const order: string[] = [];
    for (let step = 1; step <= 3; step++) {
      const [done, ...rest] = running;
      await store.finishJob({ id: done.id, claimId: done.claimId!, state: 'succeeded', result: {}, now: at(20 * step) });
      const [next] = await store.claimJobs({ claimId: `c${step}`, now: at(20 * step + 1), leaseUntil: at(10_000), limit: 1 });
      order.push(next.id);
      running = [...rest, next];
    }
    // The batch with no item running and the late account tie at turn 1. The batches' items are due
    // longer, so by due time alone they won every time; the late account, never served, goes first.
    assert.ok(order.slice(0, 2).includes(job?.id ?? ''), `claims after the late job: ${order.join(', ')}`);
  });

  test('jobs: two stores claiming at once never get the same job', async () => {
    const [one, two] = await openPair();
    try {
      const alice = await newAccount(one);
      for (let n = 1; n <= 40; n++) await queue(one, alice.id, n);
      const claims = await Promise.all(
        Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? one : two).claimJobs({ claimId: `c${i}`, now: at(1000), leaseUntil: at(2000), limit: 3 })),
      );
      const ids = claims.flat().map((j) => j.id);
      assert.equal(new Set(ids).size, ids.length, 'no job claimed twice');
      assert.equal(ids.length, 40);
    } finally {
      await one.close();
      await two.close();
    }
  });

  test('webhooks: a finished job is due for delivery; attempts are logged under the claim; redelivery starts a new round', async (t) => {
    const store = await storeFor(t, open);
    const alice = await newAccount(store);
    const bob = await newAccount(store);
    const job = await queue(store, alice.id, 1, 'https://hooks.example.com/x');
    await store.claimJobs({ claimId: 'c', now: at(1), leaseUntil: at(100), limit: 1 });
    assert.deepEqual(await store.claimWebhookDeliveries({ now: at(1), leaseUntil: at(60), limit: 5, perAccount: 10 }), [], 'nothing to send before the job finishes');
    assert.equal(await store.redeliverWebhook(alice.id, job.id, at(2)), null, 'nor to redeliver');
    await store.finishJob({ id: job.id, claimId: 'c', state: 'failed', result: { code: 'x' }, now: at(10) });

    const [first] = await store.claimWebhookDeliveries({ now: at(10), leaseUntil: at(40), limit: 5, perAccount: 10 });
    assert.equal(first.job.id, job.id);
    assert.deepEqual(await store.claimWebhookDeliveries({ now: at(39), leaseUntil: at(80), limit: 5, perAccount: 10 }), [], 'claimed until its lease ends');
    const attempt = { at: at(11), statusCode: 500, error: null, durationMs: 12 };
    assert.equal(await store.recordWebhookAttempt({ jobId: job.id, claimId: 'stale', attempt, next: { state: 'failed' } }), false);
    assert.equal(await store.recordWebhookAttempt({ jobId: job.id, claimId: first.claimId, attempt, next: { state: 'pending', dueAt: at(16) } }), true);
    const waiting = (await store.getJob(alice.id, job.id))!;
    assert.deepEqual([waiting.webhookState, waiting.webhookDueAt, waiting.webhookAttempts, waiting.webhookRound], ['pending', at(16), 1, 1]);

    const [second] = await store.claimWebhookDeliveries({ now: at(16), leaseUntil: at(50), limit: 5, perAccount: 10 });
    await store.recordWebhookAttempt({
      jobId: job.id,
      claimId: second.claimId,
      attempt: { at: at(17), statusCode: null, error: 'timeout', durationMs: 15000 },
      next: { state: 'failed' },
    });
    assert.equal((await store.getJob(alice.id, job.id))!.webhookState, 'failed');
    assert.equal(await store.redeliverWebhook(bob.id, job.id, at(20)), null, "another account's job");
    const redelivered = await store.redeliverWebhook(alice.id, job.id, at(20));
    assert.deepEqual([redelivered?.webhookState, redelivered?.webhookRound, redelivered?.webhookAttempts], ['pending', 0, 2]);
    const [third] = await store.claimWebhookDeliveries({ now: at(20), leaseUntil: at(50), limit: 5, perAccount: 10 });
    assert.equal(await store.redeliverWebhook(alice.id, job.id, at(21)), null, 'a delivery in flight is not made due a second time');
    assert.deepEqual(await store.claimWebhookDeliveries({ now: at(21), leaseUntil: at(60), limit: 5, perAccount: 10 }), [], 'so no second claim sends it at once');
    await store.recordWebhookAttempt({ jobId: job.id, claimId: third.claimId, attempt: { at: at(21), statusCode: 204, error: null, durationMs: 3 }, next: { state: 'delivered' } });
    assert.deepEqual(await store.listWebhookAttempts(job.id), [
      { attempt: 1, at: at(11), statusCode: 500, error: null, durationMs: 12 },
      { attempt: 2, at: at(17), statusCode: null, error: 'timeout', durationMs: 15000 },
      { attempt: 3, at: at(21), statusCode: 204, error: null, durationMs: 3 },
    ]);
    assert.equal((await store.getJob(alice.id, job.id))!.webhookState, 'delivered');
  });

  test('webhooks: deliveries take turns between accounts, at most perAccount in flight for one', async (t) => {
    const store = await storeFor(t, open);
    const alice = await newAccount(store);
    const bob = await newAccount(store);
    const finished = async (accountId: string, n: number, at0: number) => {
      const job = await store.createJob({ id: `job_hook${n}`, accountId, request: {}, webhookUrl: 'https://hooks.example.com/x', now: at(at0) });
      await store.claimJobs({ claimId: `c${n}`, now: at(at0), leaseUntil: at(at0 + 5), limit: 1 });
      assert.ok(job);
      await store.finishJob({ id: job.id, claimId: `c${n}`, state: 'succeeded', result: {}, now: at(at0 + 1) });
      return job.id;
    };
    for (let n = 1; n <= 6; n++) await finished(alice.id, n, n * 10);
    const bobs = await finished(bob.id, 7, 100);
    const first = await store.claimWebhookDeliveries({ now: at(200), leaseUntil: at(300), limit: 3, perAccount: 2 });
    assert.deepEqual(first.map((c) => c.job.id).sort(), ['job_hook1', 'job_hook2', bobs].sort(), "bob's one webhook goes with alice's first, not after her six");
    assert.deepEqual(await store.claimWebhookDeliveries({ now: at(201), leaseUntil: at(300), limit: 5, perAccount: 2 }), [], 'alice has two in flight, her cap');
    // Once the claims' lease ends (a node died mid-delivery), they count as in flight no more: alice's two
    // longest due go again, and bob's one.
    const after = await store.claimWebhookDeliveries({ now: at(300), leaseUntil: at(400), limit: 5, perAccount: 2 });
    assert.deepEqual(after.map((c) => c.job.id).sort(), ['job_hook3', 'job_hook4', bobs].sort());
  });

  test('webhooks: the delivery log keeps the latest attempts only', async (t) => {
    const store = await storeFor(t, open);
    const alice = await newAccount(store);
    const job = await queue(store, alice.id, 1, 'https://hooks.example.com/x');
    await store.claimJobs({ claimId: 'c', now: at(1), leaseUntil: at(100), limit: 1 });
    await store.finishJob({ id: job.id, claimId: 'c', state: 'failed', result: { code: 'x' }, now: at(2) });
    const total = WEBHOOK_ATTEMPTS_KEPT + 5;
    for (let n = 1; n <= total; n++) {
      const [claim] = await store.claimWebhookDeliveries({ now: at(10 * n), leaseUntil: at(10 * n + 5), limit: 1, perAccount: 10 });
      const attempt = { at: at(10 * n + 1), statusCode: 500, error: null, durationMs: 1 };
      assert.equal(await store.recordWebhookAttempt({ jobId: job.id, claimId: claim.claimId, attempt, next: { state: 'pending', dueAt: at(10 * n + 10) } }), true);
    }
    const log = await store.listWebhookAttempts(job.id);
    assert.equal(log.length, WEBHOOK_ATTEMPTS_KEPT);
    assert.deepEqual([log[0].attempt, log.at(-1)?.attempt], [total - WEBHOOK_ATTEMPTS_KEPT + 1, total]);
    assert.equal((await store.getJob(alice.id, job.id))!.webhookAttempts, total, 'the count still counts every attempt');
  });

  test('batches: items are jobs in row order; the head row is never claimed or shown as a job; the last item settles the batch once', async (t) => {
    const store = await storeFor(t, open);
    const alice = await newAccount(store);
    const bob = await newAccount(store);
    const items = [1, 2, 3].map((n) => ({ templateId: 'tpl_x', n }));
    await store.createBatch({ id: 'bat_1', accountId: alice.id, request: { templateId: 'tpl_x' }, items, webhookUrl: 'https://hooks.example.com/b', now: at(1) });
    assert.equal(await store.getBatch(bob.id, 'bat_1'), null, "another account's batch");
    assert.equal(await store.getJob(alice.id, 'bat_1'), null, 'the head row is not a job');
    assert.equal(await store.countUnfinishedJobs(alice.id), 3, "the items, not the batch's head row");
    const batch = (await store.getBatch(alice.id, 'bat_1'))!;
    assert.deepEqual([batch.head.batchRow, batch.head.state, batch.head.request, batch.head.finishedAt], [0, 'running', { templateId: 'tpl_x' }, null]);
    assert.deepEqual(
      batch.items.map((j) => [j.batchRow, j.batchId, j.state, j.request, j.webhookUrl]),
      items.map((request, i) => [i + 1, 'bat_1', 'queued', request, null]),
    );

    const claimed = await store.claimJobs({ claimId: 'c', now: at(10_000_000), leaseUntil: at(10_000_100), limit: 10 });
    assert.deepEqual(
      claimed.map((j) => j.batchRow),
      [1, 2, 3],
      'the items, never the head, even long after',
    );
    await store.finishJob({ id: claimed[0].id, claimId: 'c', state: 'succeeded', result: { imageURL: 'u' }, now: at(20) });
    await store.finishJob({ id: claimed[1].id, claimId: 'c', state: 'failed', result: { code: 'x' }, now: at(21) });
    assert.equal((await store.getBatch(alice.id, 'bat_1'))!.head.finishedAt, null, 'one item still running');
    assert.deepEqual(await store.claimWebhookDeliveries({ now: at(21), leaseUntil: at(60), limit: 5, perAccount: 10 }), [], 'no webhook before the batch ends');
    await store.finishJob({ id: claimed[2].id, claimId: 'c', state: 'succeeded', result: { imageURL: 'v' }, now: at(22) });
    const done = (await store.getBatch(alice.id, 'bat_1'))!;
    assert.deepEqual([done.head.state, done.head.finishedAt, done.head.webhookState], ['succeeded', at(22), 'pending']);
    assert.deepEqual(done.head.request, { templateId: 'tpl_x' }, "the head keeps the batch's settings");
    const deliveries = await store.claimWebhookDeliveries({ now: at(22), leaseUntil: at(60), limit: 5, perAccount: 10 });
    assert.deepEqual(
      deliveries.map((d) => d.job.id),
      ['bat_1'],
      'one webhook, for the batch',
    );
  });

  test('batches: items finishing at once on two stores end the batch exactly once', async () => {
    const [one, two] = await openPair();
    try {
      const alice = await newAccount(one);
      for (let round = 0; round < 5; round++) {
        const id = `bat_race${round}`;
        await one.createBatch({ id, accountId: alice.id, request: {}, items: [{}, {}, {}, {}], webhookUrl: 'https://hooks.example.com/b', now: at(1) });
        const claimed = (await one.claimJobs({ claimId: id, now: at(2), leaseUntil: at(100), limit: 4 })).filter((j) => j.batchId === id);
        assert.equal(claimed.length, 4);
        await Promise.all(claimed.map((j, i) => (i % 2 === 0 ? one : two).finishJob({ id: j.id, claimId: id, state: 'succeeded', result: {}, now: at(3) })));
        const batch = (await one.getBatch(alice.id, id))!;
        assert.deepEqual([batch.head.state, batch.head.webhookState], ['succeeded', 'pending'], `round ${round}: the batch ended`);
        const deliveries = await one.claimWebhookDeliveries({ now: at(3), leaseUntil: at(60), limit: 10, perAccount: 10 });
        assert.deepEqual(
          deliveries.map((d) => d.job.id),
          [id],
        );
      }
    } finally {
      await one.close();
      await two.close();
    }
  });

  test('webhook secrets: created, rotated with the previous one live until its deadline, per account', async (t) => {
    const store = await storeFor(t, open);
    const alice = await newAccount(store);
    const bob = await newAccount(store);
    assert.equal(await store.getWebhookSecrets(alice.id, at(0)), null);
    assert.deepEqual(await store.rotateWebhookSecret({ accountId: alice.id, secret: 'whsec_a', previousUntil: at(100), now: at(1) }), {
      secret: 'whsec_a',
      previous: null,
      createdAt: at(1),
    });
    assert.deepEqual(await store.rotateWebhookSecret({ accountId: alice.id, secret: 'whsec_b', previousUntil: at(100), now: at(2) }), {
      secret: 'whsec_b',
      previous: 'whsec_a',
      createdAt: at(2),
    });
    assert.deepEqual(await store.getWebhookSecrets(alice.id, at(99)), { secret: 'whsec_b', previous: 'whsec_a', createdAt: at(2) });
    assert.deepEqual(await store.getWebhookSecrets(alice.id, at(100)), { secret: 'whsec_b', previous: null, createdAt: at(2) });
    assert.equal(await store.getWebhookSecrets(bob.id, at(3)), null);
  });
}
