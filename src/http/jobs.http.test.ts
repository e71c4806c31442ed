import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { createGuardedPoster } from '../fetch/guarded-post.js';
import type { LookupFn } from '../fetch/public-targets.js';
import { startJobRunner, type JobRunner } from '../services/job-runner.js';
import { MAX_UNFINISHED_JOBS } from '../services/submit-job.js';
import { bothDatabases, createTestApp, type TestApp } from './test-app.js';
import { startReceiver } from './webhook-receiver.test-helper.js';

/** What the runners reported: a test waiting on a job fails on the first one instead of waiting forever. */
const runnerErrors: unknown[] = [];
const onError = (error: unknown) => runnerErrors.push(error);

/** The background loop with a fast schedule: retries after 30 ms, no jitter. */
function fastRunner(t: TestApp): JobRunner {
  return startJobRunner(t.deps, {
    concurrency: 2,
    pollMs: 20,
    delivery: { retryDelaysMs: [30, 30, 30, 30, 30, 30], jitter: 0, timeoutMs: 3000 },
    onError,
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Attempt {
  attempt: number;
  at: string;
  statusCode: number | null;
  error: string | null;
}

interface JobBody {
  jobId: string;
  status: string;
  // Absent unless the status (or a webhookUrl) brings them; the tests assert which.
  result: { imageURL: string; usage: unknown };
  error: { status: string; code: string; statusCode: number; requestId: string };
  webhook: { url: string; state: string; attempts: Attempt[] };
}

/** Reads the job until `done` holds (the test's own timeout bounds the wait). */
async function waitForJob(t: TestApp, jobId: string, done: (job: JobBody) => boolean): Promise<JobBody> {
  for (;;) {
    const res = await t.app.inject({ url: `/jobs/${jobId}`, headers: t.a.auth });
    assert.equal(res.statusCode, 200, res.body);
    const job = res.json();
    if (done(job)) return job;
    assert.deepEqual(runnerErrors, []);
    await sleep(20);
  }
}

async function secretFor(t: TestApp): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/account/webhook-secret', headers: t.a.auth });
  assert.equal(res.statusCode, 201, res.body);
  return res.json().secret;
}

for (const [label, options] of bothDatabases('imprint_jobs')) {
  describe(`async jobs on ${label}`, () => {
    test('Prefer: respond-async answers 202; the job runs once, charges once, and its result is the synchronous body; another account gets 404', async () => {
      const t = await createTestApp(options);
      const runner = fastRunner(t);
      try {
        const payload = { templateId: t.a.templateId, elements: { title: { text: 'Later' } } };
        const res = await t.app.inject({ method: 'POST', url: '/image/generate', headers: { ...t.a.auth, prefer: 'respond-async' }, payload });
        assert.equal(res.statusCode, 202, res.body);
        assert.equal(res.headers['preference-applied'], 'respond-async');
        const accepted = res.json();
        assert.deepEqual(Object.keys(accepted).sort(), ['jobId', 'status', 'statusURL']);
        assert.equal(accepted.status, 'queued');
        assert.match(accepted.jobId, /^job_[0-9A-Za-z]{16}$/);
        assert.equal(accepted.statusURL, `http://imprint.test/jobs/${accepted.jobId}`);

        const other = await t.app.inject({ url: `/jobs/${accepted.jobId}`, headers: t.b.auth });
        assert.equal(other.statusCode, 404);
        assert.equal(other.json().code, 'job_not_found');

        const job = await waitForJob(t, accepted.jobId, (j) => j.status === 'succeeded' || j.status === 'failed');
        assert.equal(job.status, 'succeeded', JSON.stringify(job));
        assert.equal(job.webhook, undefined);
        const sync = await t.app.inject({ method: 'POST', url: '/image/generate', headers: t.a.auth, payload });
        assert.equal(sync.statusCode, 200);
        assert.deepEqual(Object.keys(job.result).sort(), Object.keys(sync.json()).sort());
        assert.equal(job.result.imageURL, sync.json().imageURL, 'same pixels, same content-addressed URL');
        assert.deepEqual(job.result.usage, { previousCredits: 100, creditsUsed: 1, remainingCredits: 99 });

        const ledger = (await t.store.listLedger(t.a.account.id, { limit: 10 })).items.filter((e) => e.reason === 'generate');
        assert.deepEqual(
          ledger.map((e) => [e.reference === accepted.jobId, e.state]),
          [
            [false, 'committed'],
            [true, 'committed'],
          ],
        );
        assert.equal((await t.store.getAccount(t.a.account.id))!.credits, 98);
      } finally {
        await runner.stop(5000);
        await t.close();
      }
    });

    if (options.openStore) {
      const openSecond = options.openStore;
      test('two nodes on one database: 12 jobs, each run and charged once', async () => {
        const t = await createTestApp(options);
        const second = await openSecond();
        const runners = [fastRunner(t), fastRunner({ ...t, deps: { ...t.deps, store: second } })];
        try {
          const ids: string[] = [];
          for (let i = 0; i < 12; i++) {
            const payload = { templateId: t.a.templateId, elements: { title: { text: `node test ${i}` } } };
            const res = await t.app.inject({ method: 'POST', url: '/image/generate', headers: { ...t.a.auth, prefer: 'respond-async' }, payload });
            ids.push(res.json().jobId);
          }
          for (const id of ids) assert.equal((await waitForJob(t, id, (j) => j.status === 'succeeded' || j.status === 'failed')).status, 'succeeded');
          const charges = (await t.store.listLedger(t.a.account.id, { limit: 100 })).items.filter((e) => e.reason === 'generate');
          assert.deepEqual(charges.map((e) => e.reference).sort(), [...ids].sort(), 'one charge per job');
          assert.ok(charges.every((e) => e.state === 'committed'));
          const runs = await Promise.all(ids.map(async (id) => (await t.store.getJob(t.a.account.id, id))!.runs));
          assert.deepEqual(runs, Array(12).fill(1), 'each job claimed once');
        } finally {
          await Promise.all(runners.map((r) => r.stop(5000)));
          await second.close();
          await t.close();
        }
      });
    }

    test('bad input, no credit or no webhook secret are refused at submit with the synchronous error, and nothing is queued', async () => {
      const t = await createTestApp({ ...options, credits: 0 });
      try {
        const async = { ...t.b.auth, prefer: 'respond-async' };
        const unknown = await t.app.inject({ method: 'POST', url: '/image/generate', headers: async, payload: { templateId: t.b.templateId, elements: { nope: { text: 'x' } } } });
        assert.equal(unknown.statusCode, 400);
        assert.equal(unknown.json().code, 'unknown_element');
        const poor = await t.app.inject({ method: 'POST', url: '/image/generate', headers: async, payload: { templateId: t.b.templateId } });
        assert.equal(poor.statusCode, 402);
        assert.equal(poor.json().code, 'insufficient_credits');
        await t.store.grantCredits(t.b.account.id, 5, null, new Date().toISOString());
        const noSecret = await t.app.inject({
          method: 'POST',
          url: '/image/generate',
          headers: t.b.auth,
          payload: { templateId: t.b.templateId, webhookUrl: 'http://127.0.0.1:9/x' },
        });
        assert.equal(noSecret.statusCode, 400);
        assert.equal(noSecret.json().code, 'webhook_secret_required');
        assert.match(noSecret.json().message, /POST \/account\/webhook-secret/);
        assert.equal((await t.store.getAccount(t.b.account.id))!.credits, 5);
      } finally {
        await t.close();
      }
    });

    test("a job re-run after its node died gets the credit the dead run held: that run's reservation is refunded first, not after a 402", async () => {
      const t = await createTestApp(options);
      const accountId = t.a.account.id;
      const inAWhile = (ms: number) => new Date(Date.now() + ms).toISOString();
      // Another request holds 99 of the 100 credits for a long while; the job's dead run will hold the last one.
      assert.equal((await t.store.reserveCredits(accountId, 99, 'req_elsewhere', inAWhile(0), inAWhile(600_000))).ok, true);
      const res = await t.app.inject({ method: 'POST', url: '/image/generate', headers: { ...t.a.auth, prefer: 'respond-async' }, payload: { templateId: t.a.templateId } });
      assert.equal(res.statusCode, 202, res.body);
      const { jobId } = res.json();
      // The first run: claimed, then its node died holding a reservation. The job's lease ends in 50 ms; the
      // reservation's would end in a minute (a run may reserve well after its claim), and no sweeper runs here.
      const [claimed] = await t.store.claimJobs({ claimId: 'dead-node', now: inAWhile(0), leaseUntil: inAWhile(50), limit: 1 });
      assert.equal(claimed?.id, jobId);
      assert.equal((await t.store.reserveCredits(accountId, 1, jobId, inAWhile(0), inAWhile(60_000))).ok, true);
      assert.equal((await t.store.getAccount(accountId))!.credits, 0);
      await sleep(100);
      const runner = fastRunner(t);
      try {
        const job = await waitForJob(t, jobId, (j) => j.status === 'succeeded' || j.status === 'failed');
        assert.equal(job.status, 'succeeded', JSON.stringify(job.error));
        assert.equal((await t.store.getAccount(accountId))!.credits, 0, 'the dead run refunded, the re-run charged');
      } finally {
        await runner.stop(5000);
        await t.close();
      }
    });

    test('a job whose render fails ends failed with the error body and is refunded', async () => {
      const t = await createTestApp(options);
      const runner = fastRunner(t);
      try {
        const payload = { templateId: t.a.templateId, elements: { logo: { src: 'http://127.0.0.1:1/missing.png' } } };
        const res = await t.app.inject({ method: 'POST', url: '/image/generate', headers: { ...t.a.auth, prefer: 'respond-async' }, payload });
        assert.equal(res.statusCode, 202, res.body);
        const job = await waitForJob(t, res.json().jobId, (j) => j.status === 'succeeded' || j.status === 'failed');
        assert.equal(job.status, 'failed');
        assert.equal(job.result, undefined);
        assert.equal(job.error.status, 'error');
        assert.equal(job.error.code, 'image_fetch_failed');
        assert.equal(job.error.statusCode, 422);
        assert.equal(job.error.requestId, job.jobId);
        assert.equal((await t.store.getAccount(t.a.account.id))!.credits, 100, 'a failed job costs nothing');
      } finally {
        await runner.stop(5000);
        await t.close();
      }
    });

    test('Idempotency-Key: an async submit replays its job; the same key for a synchronous call is a different request (422)', async () => {
      const t = await createTestApp(options);
      const runner = fastRunner(t);
      try {
        const headers = { ...t.a.auth, prefer: 'respond-async', 'idempotency-key': 'order-42' };
        const payload = { templateId: t.a.templateId, elements: { title: { text: 'Once' } } };
        const first = await t.app.inject({ method: 'POST', url: '/image/generate', headers, payload });
        const second = await t.app.inject({ method: 'POST', url: '/image/generate', headers, payload });
        assert.equal(first.statusCode, 202);
        assert.equal(second.statusCode, 202);
        assert.equal(second.headers['idempotent-replayed'], 'true');
        assert.equal(second.json().jobId, first.json().jobId);
        const sync = await t.app.inject({ method: 'POST', url: '/image/generate', headers: { ...t.a.auth, 'idempotency-key': 'order-42' }, payload });
        assert.equal(sync.statusCode, 422);
        assert.equal(sync.json().code, 'idempotency_key_reused');
        await waitForJob(t, first.json().jobId, (j) => j.status === 'succeeded');
        assert.equal((await t.store.getAccount(t.a.account.id))!.credits, 99);
      } finally {
        await runner.stop(5000);
        await t.close();
      }
    });

    test('a receiver that fails twice then succeeds: three attempts in the log, each verified with standardwebhooks; redeliver adds a fourth', async () => {
      const t = await createTestApp(options);
      t.deps.webhooks = createGuardedPoster({ allowPrivate: true });
      const receiver = await startReceiver([500, 503, 204]);
      const runner = fastRunner(t);
      try {
        const secret = await secretFor(t);
        assert.match(secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
        const payload = { templateId: t.a.templateId, elements: { title: { text: 'Hooked' } }, webhookUrl: receiver.url };
        const res = await t.app.inject({ method: 'POST', url: '/image/generate', headers: t.a.auth, payload });
        assert.equal(res.statusCode, 202, res.body);
        const { jobId } = res.json();
        const job = await waitForJob(t, jobId, (j) => j.webhook?.state === 'delivered' || j.webhook?.state === 'failed');
        assert.equal(job.status, 'succeeded');
        assert.equal(job.webhook.state, 'delivered');
        assert.equal(job.webhook.url, receiver.url);
        assert.deepEqual(
          job.webhook.attempts.map((a) => [a.attempt, a.statusCode, a.error]),
          [
            [1, 500, null],
            [2, 503, null],
            [3, 204, null],
          ],
        );
        for (const a of job.webhook.attempts) assert.ok(!Number.isNaN(Date.parse(a.at)));

        assert.equal(receiver.received.length, 3);
        const verifier = new Webhook(secret);
        for (const delivery of receiver.received) {
          const event = verifier.verify(delivery.body, delivery.headers as Record<string, string>) as { type: string; data: JobBody };
          assert.equal(event.type, 'job.succeeded');
          assert.equal(event.data.jobId, jobId);
          assert.equal(event.data.status, 'succeeded');
          assert.deepEqual(event.data.result, job.result);
          assert.equal(delivery.headers['webhook-id'], `msg_${jobId}`, 'the same message id on every attempt');
          assert.equal(delivery.headers['content-type'], 'application/json');
        }
        // One changed character and the signature no longer verifies.
        const tampered = receiver.received[2].body.replace('succeeded', 'succeedeD');
        assert.throws(() => verifier.verify(tampered, receiver.received[2].headers as Record<string, string>));
        assert.throws(() =>
          new Webhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(receiver.received[2].body, receiver.received[2].headers as Record<string, string>),
        );

        const again = await t.app.inject({ method: 'POST', url: `/jobs/${jobId}/redeliver`, headers: t.a.auth });
        assert.equal(again.statusCode, 202, again.body);
        const redelivered = await waitForJob(t, jobId, (j) => j.webhook.attempts.length === 4 && j.webhook.state !== 'pending');
        assert.equal(redelivered.webhook.state, 'delivered');
        assert.equal(redelivered.webhook.attempts[3].statusCode, 204);
        assert.equal(receiver.received.length, 4);
        verifier.verify(receiver.received[3].body, receiver.received[3].headers as Record<string, string>);

        const foreign = await t.app.inject({ method: 'POST', url: `/jobs/${jobId}/redeliver`, headers: t.b.auth });
        assert.equal(foreign.statusCode, 404);
      } finally {
        await runner.stop(5000);
        await receiver.close();
        await t.close();
      }
    });

    test('every retry failing ends the delivery failed after 1 + the schedule; a rotated secret signs next to the old one', async () => {
      const t = await createTestApp(options);
      t.deps.webhooks = createGuardedPoster({ allowPrivate: true });
      const receiver = await startReceiver([410]);
      const runner = startJobRunner(t.deps, { concurrency: 1, pollMs: 20, delivery: { retryDelaysMs: [10, 10], jitter: 0, timeoutMs: 3000 }, onError });
      try {
        const oldSecret = await secretFor(t);
        const rotated = await t.app.inject({ method: 'POST', url: '/account/webhook-secret', headers: t.a.auth });
        const newSecret = rotated.json().secret;
        assert.notEqual(newSecret, oldSecret);
        assert.ok(Date.parse(rotated.json().previousSecretExpiresAt) > Date.now());
        const res = await t.app.inject({ method: 'POST', url: '/image/generate', headers: t.a.auth, payload: { templateId: t.a.templateId, webhookUrl: receiver.url } });
        const job = await waitForJob(t, res.json().jobId, (j) => j.webhook?.state === 'failed' || j.webhook?.state === 'delivered');
        assert.equal(job.webhook.state, 'failed');
        assert.deepEqual(
          job.webhook.attempts.map((a) => a.statusCode),
          [410, 410, 410],
        );
        const last = receiver.received[2];
        assert.equal(String(last.headers['webhook-signature']).split(' ').length, 2);
        new Webhook(oldSecret).verify(last.body, last.headers as Record<string, string>);
        new Webhook(newSecret).verify(last.body, last.headers as Record<string, string>);
      } finally {
        await runner.stop(5000);
        await receiver.close();
        await t.close();
      }
    });
  });
}

describe('the queue an account may hold', () => {
  test(`past ${MAX_UNFINISHED_JOBS} jobs and batch items waiting or running, async submits and batches are refused (409) and nothing is queued`, async () => {
    const t = await createTestApp();
    try {
      // No runner: what is queued stays queued. Five full batches, stored directly, fill the queue.
      for (let b = 0; b < MAX_UNFINISHED_JOBS / 1000; b++) {
        const items = Array.from({ length: 1000 }, () => ({ templateId: t.a.templateId }));
        await t.store.createBatch({ id: `bat_fill${b}`, accountId: t.a.account.id, request: { templateId: t.a.templateId }, items, webhookUrl: null, now: t.deps.now() });
      }
      const async = await t.app.inject({
        method: 'POST',
        url: '/image/generate',
        headers: { ...t.a.auth, prefer: 'respond-async' },
        payload: { templateId: t.a.templateId, elements: { title: { text: 'One more' } } },
      });
      assert.equal(async.statusCode, 409, async.body);
      assert.equal(async.json().code, 'too_many_jobs');
      assert.match(async.json().message, /has 5000 async jobs and batch items waiting or running; with 1 more it would pass the 5,000/);
      const batch = await t.app.inject({ method: 'POST', url: '/batches', headers: t.a.auth, payload: { templateId: t.a.templateId, items: [{}] } });
      assert.deepEqual([batch.statusCode, batch.json().code], [409, 'too_many_jobs']);
      assert.equal(await t.store.countUnfinishedJobs(t.a.account.id), MAX_UNFINISHED_JOBS, 'nothing more was queued');
      // The queue is per account; a synchronous generate is not queued, so it still works.
      const other = await t.app.inject({ method: 'POST', url: '/image/generate', headers: { ...t.b.auth, prefer: 'respond-async' }, payload: { templateId: t.b.templateId } });
      assert.equal(other.statusCode, 202, other.body);
      const sync = await t.app.inject({ method: 'POST', url: '/image/generate', headers: t.a.auth, payload: { templateId: t.a.templateId } });
      assert.equal(sync.statusCode, 200, sync.body);
    } finally {
      await t.close();
    }
  });
});

describe('the SSRF guard on webhook URLs', () => {
  const PUBLIC_IP = '93.184.216.34';
  const table: Record<string, string[]> = {
    'hooks.example.test': [PUBLIC_IP],
    'metadata.test': ['169.254.169.254'],
    'mixed.test': [PUBLIC_IP, '10.1.2.3'],
  };
  let rebound = false;
  const lookup: LookupFn = async (host) => {
    // Public when the URL is checked at submit, private by the time it is delivered to.
    if (host === 'rebind.test') return [{ address: rebound ? '127.0.0.1' : PUBLIC_IP, family: 4 }];
    const answers = table[host];
    if (!answers) throw Object.assign(new Error(`ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return answers.map((address) => ({ address, family: 4 as const }));
  };

  test('private, local, reserved and malformed webhook URLs are refused at submit (400) and a rebinding name at delivery', async () => {
    const t = await createTestApp();
    const receiver = await startReceiver([200]);
    // The public test address reaches the loopback receiver only after it passed the check.
    t.deps.webhooks = createGuardedPoster({
      lookup,
      testOnlyConnectTo: (target) => (target.address === PUBLIC_IP ? { address: '127.0.0.1', family: 4, port: receiver.port } : target),
    });
    const runner = fastRunner(t);
    try {
      await secretFor(t);
      const submit = (webhookUrl: string) => t.app.inject({ method: 'POST', url: '/image/generate', headers: t.a.auth, payload: { templateId: t.a.templateId, webhookUrl } });
      for (const url of [
        `http://127.0.0.1:${receiver.port}/`,
        'http://10.0.0.8/hook',
        'http://[::1]/hook',
        'http://[::ffff:7f00:1]/hook',
        'http://0x7f.1/hook',
        'http://metadata.test/latest',
        'http://mixed.test/hook',
        'http://unknown-host.test/hook',
        'ftp://hooks.example.test/hook',
        'http://user:pw@hooks.example.test/hook',
        'not a url',
      ]) {
        const res = await submit(url);
        assert.equal(res.statusCode, 400, `${url}: ${res.body}`);
        assert.equal(res.json().code, 'invalid_webhook_url', url);
        assert.equal(res.json().errors[0].path, 'webhookUrl');
      }
      assert.match((await submit('http://10.0.0.8/hook')).json().message, /private, local or reserved network address/);
      assert.equal(receiver.received.length, 0);
      assert.equal((await t.store.getAccount(t.a.account.id))!.credits, 100, 'a refused submit charges nothing');

      const good = await submit('http://hooks.example.test/hook');
      assert.equal(good.statusCode, 202, good.body);
      const delivered = await waitForJob(t, good.json().jobId, (j) => j.webhook?.state === 'delivered');
      assert.equal(delivered.webhook.attempts.length, 1);
      assert.equal(receiver.received.length, 1);
      assert.equal(receiver.received[0].headers.host, 'hooks.example.test', 'Host names the URL, the socket went to the checked address');

      const rebind = await submit('http://rebind.test/hook');
      assert.equal(rebind.statusCode, 202, rebind.body);
      rebound = true;
      const refused = await waitForJob(t, rebind.json().jobId, (j) => j.webhook?.attempts.length >= 1);
      assert.equal(refused.webhook.attempts[0].statusCode, null);
      assert.match(String(refused.webhook.attempts[0].error), /private, local or reserved/);
      assert.equal(receiver.received.length, 1, 'nothing was sent to the private address');
    } finally {
      await runner.stop(5000);
      await receiver.close();
      await t.close();
    }
  });
});
