import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import type { ApiError } from '../domain/errors.js';
import { startJobRunner } from '../services/job-runner.js';
import { createTemplate } from '../services/manage-templates.js';
import { batchPdf } from '../services/read-batch.js';
import { bothDatabases, createTestApp, type TestApp } from './test-app.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function cardTemplate(t: TestApp): Promise<string> {
  const template = await createTemplate(t.deps, t.a.account.id, {
    name: 'card',
    template: {
      version: '7.0.0',
      width: 160,
      height: 40,
      background: '#ffffff',
      objects: [{ type: 'Textbox', name: 'title', originX: 'left', originY: 'top', left: 4, top: 4, width: 150, text: 'Hi', fontSize: 16, fontFamily: 'Inter', fill: '#000000' }],
    },
  });
  return template.id;
}

async function waitUntilDone(t: TestApp, batchId: string) {
  for (;;) {
    const res = await t.app.inject({ url: `/batches/${batchId}`, headers: t.a.auth });
    assert.equal(res.statusCode, 200, res.body);
    if (res.json().status === 'done') return res.json();
    await sleep(50);
  }
}

for (const [label, options] of bothDatabases('batch_pdf')) {
  test(`${label}: a merged PDF batch (CSV): one page per succeeded row in row order, selectable text, subset fonts, 1 credit per page, the failed row absent`, async () => {
    const t = await createTestApp({ ...options, credits: 20 });
    const dir = await mkdtemp(path.join(os.tmpdir(), 'imprint-batch-pdf-'));
    const runnerErrors: unknown[] = [];
    try {
      const templateId = await cardTemplate(t);
      const csv = 'title.text,title.fill\nAlpha one,\nBravo two,#1d4ed8\nBroken,nope\nDelta four,\n';
      const res = await t.app.inject({
        method: 'POST',
        url: `/batches?templateId=${templateId}&format=pdf&merge=true`,
        headers: { ...t.a.auth, 'content-type': 'text/csv' },
        payload: csv,
      });
      assert.equal(res.statusCode, 202, res.body);
      const { batchId } = res.json();

      const early = await t.app.inject({ url: `/batches/${batchId}.pdf`, headers: t.a.auth });
      assert.deepEqual([early.statusCode, early.json().code], [409, 'batch_not_finished']);
      assert.match(early.json().message, /0 of 4 items settled\. Its PDF/);
      const other = await t.app.inject({ url: `/batches/${batchId}.pdf`, headers: t.b.auth });
      assert.deepEqual([other.statusCode, other.json().code], [404, 'batch_not_found']);

      const runner = startJobRunner(t.deps, { concurrency: 2, pollMs: 20, onError: (e) => runnerErrors.push(e) });
      let batch: { pdfURL?: string; counts: { succeeded: number; failed: number }; items: Array<{ status: string; error?: { code: string } }> };
      try {
        batch = await waitUntilDone(t, batchId);
      } finally {
        await runner.stop(5000);
      }
      assert.deepEqual(runnerErrors, []);
      assert.deepEqual(
        batch.items.map((item) => [item.status, item.error?.code]),
        [
          ['succeeded', undefined],
          ['succeeded', undefined],
          ['failed', 'invalid_property'],
          ['succeeded', undefined],
        ],
      );
      assert.equal(batch.pdfURL, `${t.deps.publicUrl}/batches/${batchId}.pdf`);
      assert.equal((await t.store.getAccount(t.a.account.id))!.credits, 20 - 3, 'one credit per succeeded page, none for the failed row or the merge');

      const pdf = await t.app.inject({ url: `/batches/${batchId}.pdf`, headers: t.a.auth });
      assert.equal(pdf.statusCode, 200, pdf.body);
      assert.equal(pdf.headers['content-type'], 'application/pdf');
      const file = path.join(dir, 'batch.pdf');
      await writeFile(file, pdf.rawPayload);
      assert.match(execFileSync('pdfinfo', [file], { encoding: 'utf8' }), /^Pages:\s+3$/m);
      const pages = [1, 2, 3].map((page) => execFileSync('pdftotext', ['-f', String(page), '-l', String(page), file, '-'], { encoding: 'utf8' }).trim());
      assert.deepEqual(pages, ['Alpha one', 'Bravo two', 'Delta four']);
      // Every font line: embedded, subset (a tag like ABCDEF+Inter).
      const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' }).trim().split('\n').slice(2);
      assert.ok(fonts.length > 0);
      for (const line of fonts) assert.match(line, /^[A-Z]{6}\+\S+.*\byes\s+yes\b/, line);

      // Asked again, the same bytes (kept once built); still no charge.
      const again = await t.app.inject({ url: `/batches/${batchId}.pdf`, headers: t.a.auth });
      assert.ok(again.rawPayload.equals(pdf.rawPayload));
      assert.equal((await t.store.getAccount(t.a.account.id))!.credits, 17);

      // Over the bound on a merged PDF's pages, a 422 that points to the ZIP, and nothing kept.
      await t.deps.blobs.delete(`batches/${batchId}.pdf`);
      await assert.rejects(batchPdf(t.deps, t.a.account.id, batchId, 1024), (err: ApiError) => {
        assert.equal(err.code, 'render_too_complex');
        assert.match(err.message, new RegExp(`more than 0\\.\\d+ MB.*GET /batches/${batchId}\\.zip`));
        return true;
      });
      assert.equal(await t.deps.blobs.get(`batches/${batchId}.pdf`), null);

      // Requests that arrive together share one merge: every answer is the same bytes, stored once.
      let puts = 0;
      const put = t.deps.blobs.put.bind(t.deps.blobs);
      t.deps.blobs.put = (key, data, type) => {
        if (key === `batches/${batchId}.pdf`) puts++;
        return put(key, data, type);
      };
      const together = await Promise.all(Array.from({ length: 5 }, () => t.app.inject({ url: `/batches/${batchId}.pdf`, headers: t.a.auth })));
      for (const res of together) assert.ok(res.statusCode === 200 && res.rawPayload.equals(pdf.rawPayload), res.body.slice(0, 200));
      assert.equal(puts, 1, 'one merge for five requests');
    } finally {
      await rm(dir, { recursive: true, force: true });
      await t.close();
    }
  });
}

test('merge needs format pdf; a batch without merge has no PDF; nor has a merged batch whose every item failed', async () => {
  const t = await createTestApp({ credits: 20 });
  try {
    const templateId = await cardTemplate(t);
    const items = [{ elements: { title: { text: 'One' } } }];
    for (const format of [undefined, 'png']) {
      const res = await t.app.inject({ method: 'POST', url: '/batches', headers: t.a.auth, payload: { templateId, format, merge: true, items } });
      assert.deepEqual([res.statusCode, res.json().code], [400, 'invalid_request'], res.body);
      assert.match(res.json().message, /needs "format": "pdf"/);
      assert.equal(res.json().errors[0].path, '/merge');
    }
    const plain = await t.app.inject({ method: 'POST', url: '/batches', headers: t.a.auth, payload: { templateId, format: 'pdf', items } });
    assert.equal(plain.statusCode, 202, plain.body);
    const { batchId } = plain.json();
    assert.equal((await t.app.inject({ url: `/batches/${batchId}`, headers: t.a.auth })).json().pdfURL, undefined);
    const res = await t.app.inject({ url: `/batches/${batchId}.pdf`, headers: t.a.auth });
    assert.deepEqual([res.statusCode, res.json().code], [400, 'invalid_request']);
    assert.match(res.json().message, /not submitted with "format": "pdf" and "merge": true/);

    const allBad = await t.app.inject({
      method: 'POST',
      url: '/batches',
      headers: t.a.auth,
      payload: { templateId, format: 'pdf', merge: true, items: [{ elements: { title: { text: 'Two' } } }] },
    });
    assert.equal(allBad.statusCode, 202, allBad.body);
    // Items that apply but fail when they run (here: the credits are gone by then); a batch none of whose items
    // applies at all is refused at submit, which batches.http.test.ts covers.
    await t.store.reserveCredits(t.a.account.id, 20, 'drain', t.deps.now(), new Date(Date.now() + 60_000).toISOString());
    const runnerErrors: unknown[] = [];
    const runner = startJobRunner(t.deps, { concurrency: 1, pollMs: 20, onError: (e) => runnerErrors.push(e) });
    try {
      await waitUntilDone(t, allBad.json().batchId);
    } finally {
      await runner.stop(5000);
    }
    assert.deepEqual(runnerErrors, []);
    const empty = await t.app.inject({ url: `/batches/${allBad.json().batchId}.pdf`, headers: t.a.auth });
    assert.deepEqual([empty.statusCode, empty.json().code], [400, 'invalid_request']);
    assert.match(empty.json().message, /No item of this batch succeeded/);
  } finally {
    await t.close();
  }
});
