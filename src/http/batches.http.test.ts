import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import Database from 'better-sqlite3';
import { parse } from 'csv-parse/sync';
import { Webhook } from 'standardwebhooks';
import { startJobRunner, type JobRunner } from '../services/job-runner.js';
import { createTemplate } from '../services/manage-templates.js';
import { openStore } from '../store/open-store.js';
import { bothDatabases, createTestApp, type TestApp } from './test-app.js';
import { startReceiver } from './webhook-receiver.test-helper.js';

/** What the runner reported: a test waiting on a batch fails on the first one instead of waiting forever. */
const runnerErrors: unknown[] = [];

function fastRunner(t: TestApp): JobRunner {
  return startJobRunner(t.deps, { concurrency: 2, pollMs: 20, delivery: { retryDelaysMs: [30], jitter: 0, timeoutMs: 3000 }, onError: (e) => runnerErrors.push(e) });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A 48×24 card with one text: 200 renders of it take seconds, not minutes. */
async function tinyTemplate(t: TestApp): Promise<string> {
  const template = await createTemplate(t.deps, t.a.account.id, {
    name: 'tiny',
    template: {
      version: '7.0.0',
      width: 48,
      height: 24,
      background: '#ffffff',
      objects: [{ type: 'Textbox', name: 'title', originX: 'left', originY: 'top', left: 2, top: 2, width: 44, text: 'Hi', fontSize: 10, fontFamily: 'Inter', fill: '#000000' }],
    },
  });
  return template.id;
}

interface BatchBody {
  batchId: string;
  status: string;
  zipURL: string;
  counts: { total: number; queued: number; running: number; succeeded: number; failed: number };
  items: Array<{ row: number; jobId: string; status: string; imageURL?: string; error?: { code: string; message: string; statusCode: number } }>;
  webhook?: { state: string; attempts: unknown[] };
}

async function waitForBatch(t: TestApp, batchId: string, done: (batch: BatchBody) => boolean = (b) => b.status === 'done'): Promise<BatchBody> {
  for (;;) {
    const res = await t.app.inject({ url: `/batches/${batchId}`, headers: t.a.auth });
    assert.equal(res.statusCode, 200, res.body);
    const batch = res.json() as BatchBody;
    if (done(batch)) return batch;
    assert.deepEqual(runnerErrors, []);
    await sleep(50);
  }
}

function postBatch(t: TestApp, payload: object) {
  return t.app.inject({ method: 'POST', url: '/batches', headers: t.a.auth, payload });
}

async function balance(t: TestApp): Promise<number> {
  return (await t.store.getAccount(t.a.account.id))!.credits;
}

/** The archive on disk, read back with Info-ZIP's unzip: a real reader, not ours. */
async function unzipped(zip: Buffer) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'imprint-batch-zip-'));
  const file = path.join(dir, 'batch.zip');
  await writeFile(file, zip);
  execFileSync('unzip', ['-tq', file]);
  const names = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n');
  const entry = (name: string) => execFileSync('unzip', ['-p', file, name], { maxBuffer: 64 * 1024 * 1024 });
  return { names, entry, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe('batches (SQLite)', () => {
  test('a CSV of 200 rows with 3 bad rows: 197 images charged 197 credits, 3 failures with their errors, a ZIP whose manifest says so, one webhook', async () => {
    const t = await createTestApp({ credits: 1000 });
    const receiver = await startReceiver();
    const runner = fastRunner(t);
    try {
      const templateId = await tinyTemplate(t);
      const secret = (await t.app.inject({ method: 'POST', url: '/account/webhook-secret', headers: t.a.auth })).json().secret as string;
      // Row 7 has a quoted comma and quote; rows 50, 120 and 199 are each wrong in their own way.
      const bad: Record<number, { cells: string; code: string }> = {
        50: { cells: 'Row 50,notacolour,', code: 'invalid_property' },
        120: { cells: 'Row 120,,boo', code: 'unknown_element' },
        199: { cells: 'Row 199,#12345,', code: 'invalid_property' },
      };
      const rows = Array.from({ length: 200 }, (_, i) => i + 1).map((row) => bad[row]?.cells ?? (row === 7 ? '"Smith, Jane ""JJ""",#0000ff,' : `Row ${row},,`));
      const csv = `\uFEFFtitle.text,title.fill,ghost.text\r\n${rows.join('\r\n')}\r\n`;

      const res = await t.app.inject({
        method: 'POST',
        url: `/batches?templateId=${templateId}&webhookUrl=${encodeURIComponent(receiver.url)}`,
        headers: { ...t.a.auth, 'content-type': 'text/csv' },
        payload: csv,
      });
      assert.equal(res.statusCode, 202, res.body);
      const accepted = res.json();
      assert.deepEqual({ ...accepted, batchId: undefined }, { status: 'queued', batchId: undefined, statusURL: `http://imprint.test/batches/${accepted.batchId}`, total: 200 });

      const batch = await waitForBatch(t, accepted.batchId, (b) => b.status === 'done' && b.webhook?.state === 'delivered');
      assert.deepEqual(batch.counts, { total: 200, queued: 0, running: 0, succeeded: 197, failed: 3 });
      assert.equal(await balance(t), 1000 - 197, 'charged exactly for the images made');
      assert.deepEqual(
        batch.items.map((item) => item.row),
        rows.map((_, i) => i + 1),
      );
      const failed = batch.items.filter((item) => item.status === 'failed');
      assert.deepEqual(
        failed.map((item) => [item.row, item.error?.code, item.error?.statusCode]),
        Object.entries(bad).map(([row, { code }]) => [Number(row), code, 400]),
      );
      assert.match(failed[1].error!.message, /ghost/);

      const zip = await t.app.inject({ url: `/batches/${accepted.batchId}.zip`, headers: t.a.auth });
      assert.equal(zip.statusCode, 200, zip.body);
      assert.equal(zip.headers['content-type'], 'application/zip');
      const archive = await unzipped(zip.rawPayload);
      try {
        const succeeded = batch.items.filter((item) => item.status === 'succeeded');
        assert.deepEqual(archive.names.sort(), [...succeeded.map((item) => `${String(item.row).padStart(4, '0')}.png`), 'manifest.csv'].sort());
        const manifest = parse(archive.entry('manifest.csv')) as string[][];
        assert.deepEqual(manifest[0], ['row', 'status', 'imageURL', 'error']);
        assert.deepEqual(
          manifest.slice(1).map(([row, status, imageURL]) => [Number(row), status, imageURL]),
          batch.items.map((item) => [item.row, item.status, item.imageURL ?? '']),
        );
        for (const line of manifest.slice(1).filter(([, status]) => status === 'failed')) {
          const item = failed.find((f) => f.row === Number(line[0]))!;
          assert.equal(line[3], `${item.error!.code}: ${item.error!.message}`);
        }
        // The bytes in the archive are the images their URLs serve.
        for (const item of [succeeded[0], succeeded[6], succeeded.at(-1)!]) {
          const image = await t.app.inject({ url: new URL(item.imageURL!).pathname });
          assert.equal(sha(archive.entry(`${String(item.row).padStart(4, '0')}.png`)), sha(image.rawPayload));
        }
        // Row 7's text, comma and quotes included, reached the renderer: its image differs from a plain row's.
        assert.notEqual(succeeded[6].imageURL, succeeded[5].imageURL);
      } finally {
        await archive.cleanup();
      }

      // One webhook for the whole batch, signed like a job's, carrying the counts.
      assert.equal(receiver.received.length, 1);
      const event = new Webhook(secret).verify(receiver.received[0].body, receiver.received[0].headers as Record<string, string>) as {
        type: string;
        data: BatchBody;
      };
      assert.equal(event.type, 'batch.done');
      assert.equal(receiver.received[0].headers['webhook-id'], `msg_${accepted.batchId}`);
      assert.deepEqual(event.data.counts, batch.counts);
      assert.equal(event.data.status, 'done');

      // Redelivery sends the same message again (same webhook-id), logged as attempt 2.
      const redeliver = await t.app.inject({ method: 'POST', url: `/batches/${accepted.batchId}/redeliver`, headers: t.a.auth });
      assert.equal(redeliver.statusCode, 202, redeliver.body);
      const again = await waitForBatch(t, accepted.batchId, (b) => b.webhook?.state === 'delivered' && b.webhook.attempts.length === 2);
      assert.equal(again.webhook?.attempts.length, 2);
      assert.equal(receiver.received.length, 2);
      assert.equal(receiver.received[1].headers['webhook-id'], `msg_${accepted.batchId}`);
    } finally {
      await runner.stop(5000);
      await receiver.close();
      await t.close();
    }
  });

  test('a JSON batch: per-item changes, shared format; a bad item fails alone; another account sees nothing; the ZIP waits for the end', async () => {
    const t = await createTestApp({ credits: 50 });
    try {
      const templateId = await tinyTemplate(t);
      const res = await postBatch(t, {
        templateId,
        format: 'jpeg',
        quality: '70',
        items: [{ elements: { title: { text: 'One' } } }, { modifications: [{ name: 'title', text: 2025, color: '#ff0000' }] }, { elements: { title: { fill: 'nope' } } }],
      });
      assert.equal(res.statusCode, 202, res.body);
      const { batchId } = res.json();

      // Nothing has run yet (no runner): the ZIP is not ready, and says how far the batch is.
      const noHook = await t.app.inject({ method: 'POST', url: `/batches/${batchId}/redeliver`, headers: t.a.auth });
      assert.deepEqual([noHook.statusCode, noHook.json().code], [400, 'invalid_request'], 'no webhookUrl, nothing to redeliver');
      const early = await t.app.inject({ url: `/batches/${batchId}.zip`, headers: t.a.auth });
      assert.equal(early.statusCode, 409);
      assert.equal(early.json().code, 'batch_not_finished');
      assert.match(early.json().message, /0 of 3/);
      assert.equal((await t.app.inject({ url: `/batches/${batchId}`, headers: t.a.auth })).json().status, 'queued');

      for (const url of [`/batches/${batchId}`, `/batches/${batchId}.zip`]) {
        const other = await t.app.inject({ url, headers: t.b.auth });
        assert.equal(other.statusCode, 404, url);
        assert.equal(other.json().code, 'batch_not_found');
      }
      assert.equal((await t.app.inject({ url: `/jobs/${batchId}`, headers: t.a.auth })).statusCode, 404, 'the batch is not a job');

      const runner = fastRunner(t);
      try {
        const batch = await waitForBatch(t, batchId);
        assert.deepEqual(
          batch.items.map((item) => [item.row, item.status, item.imageURL?.endsWith('.jpg'), item.error?.code]),
          [
            [1, 'succeeded', true, undefined],
            [2, 'succeeded', true, undefined],
            [3, 'failed', undefined, 'invalid_property'],
          ],
        );
        assert.equal(await balance(t), 48);
        const metrics = (await t.app.inject({ url: '/metrics' })).body;
        assert.match(metrics, /^imprint_jobs_finished_total\{state="succeeded",kind="batch_item"\} 2$/m);
        assert.match(metrics, /^imprint_jobs_finished_total\{state="failed",kind="batch_item"\} 1$/m);
        // Each item is a job of its own, with the synchronous result.
        const job = await t.app.inject({ url: `/jobs/${batch.items[0].jobId}`, headers: t.a.auth });
        assert.equal(job.json().result.imageURL, batch.items[0].imageURL);
        const zip = await t.app.inject({ url: `/batches/${batchId}.zip`, headers: t.a.auth });
        const archive = await unzipped(zip.rawPayload);
        assert.deepEqual(archive.names, ['0001.jpg', '0002.jpg', 'manifest.csv']);
        await archive.cleanup();
      } finally {
        await runner.stop(5000);
      }
    } finally {
      await t.close();
    }
  });

  test('items that fail before any render still let the event loop turn between them', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'imprint-batch-turns-'));
    const t = await createTestApp({ credits: 5, openStore: () => openStore({ dataDir: dir }) });
    // A second connection reads what the runner has committed, from inside each turn of the loop.
    const reader = new Database(path.join(dir, 'imprint.db'), { readonly: true });
    try {
      // Each item's image is a data: URL that is not an image: it is refused on the runner's thread after
      // the credit is reserved, with no render, network or disk in between, then refunded.
      const bad = `data:image/png;base64,${Buffer.from('not an image').toString('base64')}`;
      const items = [{ elements: { title: { text: 'One' } } }, ...Array.from({ length: 200 }, () => ({ elements: { logo: { src: bad } } }))];
      const res = await postBatch(t, { templateId: t.a.templateId, items });
      assert.equal(res.statusCode, 202, res.body);
      const { batchId } = res.json();
      const finished = reader.prepare("SELECT COUNT(*) AS n FROM jobs WHERE batch_id = ? AND batch_row > 0 AND state IN ('succeeded', 'failed')");
      let seen = 0;
      let mostInOneTurn = 0;
      let counting = true;
      const count = () => {
        if (!counting) return;
        const now = (finished.get(batchId) as { n: number }).n;
        mostInOneTurn = Math.max(mostInOneTurn, now - seen);
        seen = now;
        setImmediate(count);
      };
      const runner = fastRunner(t);
      setImmediate(count);
      try {
        const batch = await waitForBatch(t, batchId);
        assert.deepEqual([batch.counts.succeeded, batch.counts.failed], [1, 200]);
        // A request that arrives meanwhile is served at the next turn. Chained straight on, the 200 items
        // finished in one turn, and every other request waited for the whole batch.
        assert.ok(mostInOneTurn <= 4, `${mostInOneTurn} items finished within one turn of the event loop`);
      } finally {
        counting = false;
        await runner.stop(5000);
      }
    } finally {
      reader.close();
      await t.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('what can be checked before rendering refuses the whole batch, and nothing is queued; a retried submit is the same batch', async () => {
    const t = await createTestApp({ credits: 5 });
    try {
      const templateId = await tinyTemplate(t);
      const post = (url: string, payload: string | object, contentType = 'application/json') =>
        t.app.inject({ method: 'POST', url, headers: { ...t.a.auth, 'content-type': contentType }, payload: typeof payload === 'string' ? payload : JSON.stringify(payload) });
      const cases: Array<[string, Awaited<ReturnType<typeof post>>, number, string]> = [
        ['another account’s template', await post('/batches', { templateId: t.b.templateId, items: [{}] }), 404, 'template_not_found'],
        ['no template', await post('/batches', 'title.text\nHi\n', 'text/csv'), 400, 'missing_template_id'],
        ['a bad header', await post(`/batches?templateId=${templateId}`, 'title\nHi\n', 'text/csv'), 400, 'invalid_request'],
        ['no items', await post('/batches', { templateId, items: [] }), 400, 'invalid_request'],
        [
          'a sheet whose every row names an element the template lacks',
          await post(`/batches?templateId=${templateId}`, 'name.text\nAda\nGrace\n', 'text/csv'),
          400,
          'unknown_element',
        ],
        ['an unknown format', await post('/batches', { templateId, format: 'gif', items: [{}] }), 400, 'invalid_request'],
        ['a webhook URL that is no http(s)', await post('/batches', { templateId, webhookUrl: 'file:///etc/passwd', items: [{}] }), 400, 'invalid_webhook_url'],
        [
          'too many rows',
          await post(`/batches?templateId=${templateId}`, `title.text\n${Array.from({ length: 1001 }, (_, i) => `r${i}`).join('\n')}\n`, 'text/csv'),
          400,
          'invalid_request',
        ],
      ];
      for (const [what, res, status, code] of cases) {
        assert.equal(res.statusCode, status, `${what}: ${res.body}`);
        assert.equal(res.json().code, code, what);
      }
      // Each item checked copies the template on the HTTP thread, so only the first 20 are tried.
      const failing = Array.from({ length: 1000 }, (_, i) => ({ elements: { [`nope${i}`]: { text: 'x' } } }));
      const many = await post('/batches', { templateId, items: failing });
      assert.deepEqual([many.statusCode, many.json().code], [400, 'unknown_element']);
      assert.match(many.json().message, /^None of the first 20 items of this batch can be applied to the template, so nothing was queued\. Item 1: /);
      const lateGood = await post('/batches', { templateId, items: [...failing.slice(0, 20), { elements: { title: { text: 'ok' } } }] });
      assert.equal(lateGood.json().code, 'unknown_element', 'a batch whose first 20 items fail is taken for one built for another template');
      // A retried submit with its Idempotency-Key gets the first batch back; nothing more is queued.
      const submit = () => t.app.inject({ method: 'POST', url: '/batches', headers: { ...t.a.auth, 'idempotency-key': 'sheet-1' }, payload: { templateId, items: [{}, {}] } });
      const first = await submit();
      const again = await submit();
      assert.equal(first.statusCode, 202, first.body);
      assert.deepEqual([again.statusCode, again.json(), again.headers['idempotent-replayed']], [202, first.json(), 'true']);
      const queued = await t.store.claimJobs({ claimId: 'x', now: t.deps.now(), leaseUntil: new Date(Date.now() + 60_000).toISOString(), limit: 10 });
      assert.deepEqual(
        queued.map((job) => job.batchId),
        [first.json().batchId, first.json().batchId],
        'only the first batch was queued',
      );

      await t.store.reserveCredits(t.a.account.id, 5, 'drain', t.deps.now(), new Date(Date.now() + 60_000).toISOString());
      const broke = await post('/batches', { templateId, items: [{}] });
      assert.equal(broke.statusCode, 402);
      assert.deepEqual(await t.store.claimJobs({ claimId: 'y', now: t.deps.now(), leaseUntil: new Date(Date.now() + 60_000).toISOString(), limit: 10 }), []);
    } finally {
      await t.close();
    }
  });
});

for (const [label, options] of bothDatabases('batches')) {
  test(`${label}: a batch larger than the balance: N succeed, the rest fail with insufficient_credits, none stays queued, the balance ends at 0`, async () => {
    const t = await createTestApp({ ...options, credits: 3 });
    const runner = fastRunner(t);
    try {
      const templateId = await tinyTemplate(t);
      const res = await postBatch(t, { templateId, items: Array.from({ length: 5 }, (_, i) => ({ elements: { title: { text: `N${i}` } } })) });
      assert.equal(res.statusCode, 202, res.body);
      const batch = await waitForBatch(t, res.json().batchId);
      assert.deepEqual(batch.counts, { total: 5, queued: 0, running: 0, succeeded: 3, failed: 2 });
      assert.deepEqual(
        batch.items.filter((item) => item.status === 'failed').map((item) => [item.error?.code, item.error?.statusCode]),
        [
          ['insufficient_credits', 402],
          ['insufficient_credits', 402],
        ],
      );
      assert.equal(await balance(t), 0);
    } finally {
      await runner.stop(5000);
      await t.close();
    }
  });
}
