import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parse } from 'csv-parse/sync';
import sharp from 'sharp';
import { parseBatchCsv } from '../domain/batch-csv.js';
import { createTestApp, type TestApp } from '../http/test-app.js';
import { repoRoot } from '../repo-root.js';
import { freePort } from '../server-process.test-helper.js';
import { batchFileNames, batchIdempotencyKey } from './batch.js';
import { formatDuration, progressLine } from './batch-progress.js';
import { main } from './cli.js';

const bin = path.join(repoRoot(), 'bin', 'imprint.js');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npx imprint …` as a user runs it: its own process, stderr not a terminal. `whileRunning` may signal it. */
function imprint(args: string[], cwd: string, whileRunning?: (pid: number) => Promise<void>, env: Record<string, string> = {}): Promise<Run> {
  const child = spawn(process.execPath, [bin, ...args], {
    cwd,
    env: { ...process.env, IMPRINT_KEY: '', DATA_DIR: path.join(cwd, 'data'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const driven = whileRunning && child.pid !== undefined ? whileRunning(child.pid) : Promise.resolve();
  return Promise.all([exited, driven]).then(([code]) => ({ code, stdout, stderr }));
}

async function images(dir: string, ext: string): Promise<string[]> {
  return (await readdir(dir)).filter((f) => f.endsWith(`.${ext}`)).sort();
}

/** A small card, so 500 rows take seconds. */
const CARD = {
  version: '7.0.0',
  width: 160,
  height: 90,
  background: '#ffffff',
  objects: [
    { type: 'Rect', name: 'background', originX: 'left', originY: 'top', left: 0, top: 0, width: 160, height: 90, fill: '#0f172a' },
    { type: 'Textbox', name: 'title', originX: 'left', originY: 'top', left: 10, top: 10, width: 140, text: 'Hello', fontSize: 16, fontFamily: 'Inter', fill: '#ffffff' },
  ],
};

describe('npx imprint batch', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'imprint-batch-'));
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  test('--format pdf locally: one single-page .pdf per row, its text selectable', async () => {
    await writeFile(path.join(dir, 'pdf-card.json'), JSON.stringify({ name: 'Card', template: CARD }));
    await writeFile(path.join(dir, 'pdf.csv'), 'title.text\nFirst page\nSecond page\n');
    const run = await imprint(['batch', 'pdf.csv', '--template', 'pdf-card.json', '--out', 'pdf-out/', '--format', 'pdf', '--json'], dir);
    assert.equal(run.code, 0, run.stderr);
    const out = path.join(dir, 'pdf-out');
    assert.deepEqual(await images(out, 'pdf'), ['0001.pdf', '0002.pdf']);
    const text = (file: string) => execFileSync('pdftotext', [path.join(out, file), '-'], { encoding: 'utf8' }).trim();
    assert.deepEqual([text('0001.pdf'), text('0002.pdf')], ['First page', 'Second page']);
    assert.match(execFileSync('pdfinfo', [path.join(out, '0001.pdf')], { encoding: 'utf8' }), /^Pages:\s+1$/m);
  });

  test('500 rows locally: Ctrl-C stops after the rows in flight, leaving only whole files; the same command resumes, and two bad rows fail alone', async () => {
    await writeFile(path.join(dir, 'card.json'), JSON.stringify({ name: 'Certificate', template: CARD }));
    const bad = new Set([17, 242]);
    const lines = ['title.text,background.fill'];
    for (let row = 1; row <= 500; row++) lines.push(`"Certificate ${row}, with honours",${bad.has(row) ? 'notacolor' : row % 2 ? '#14532d' : ''}`);
    await writeFile(path.join(dir, 'data.csv'), `${lines.join('\n')}\n`);
    const out = path.join(dir, 'out');
    const args = ['batch', 'data.csv', '--template', 'card.json', '--out', 'out/'];

    // One worker, so the run is still going when 30 files are there.
    const first = await imprint([...args, '--concurrency', '1'], dir, async (pid) => {
      while ((await readdir(out).catch(() => [])).filter((f) => f.endsWith('.png')).length < 30) await sleep(20);
      process.kill(pid, 'SIGINT');
    });
    assert.equal(first.code, 130, first.stderr);
    assert.match(first.stderr, /Stopping after the \d row\(s\) in flight/);
    assert.match(
      first.stderr,
      /To resume, run the same command again; finished files are skipped:\n {2}npx imprint batch data\.csv --template card\.json --out out\/ --concurrency 1/,
    );
    const partial = await readdir(out);
    assert.deepEqual(
      partial.filter((f) => f.startsWith('.')),
      [],
      'no temporary file is left behind',
    );
    const firstFiles = await images(out, 'png');
    assert.ok(firstFiles.length >= 30 && firstFiles.length < 498, `stopped part way: ${firstFiles.length} files`);
    for (const file of firstFiles) {
      const { info } = await sharp(path.join(out, file)).raw().toBuffer({ resolveWithObject: true });
      assert.deepEqual([info.width, info.height], [160, 90], `${file} is a whole image`);
    }
    const interrupted = parse(await readFile(path.join(out, 'manifest.csv')), { columns: true }) as Array<{ status: string }>;
    assert.equal(interrupted.filter((r) => r.status === 'pending').length, 500 - firstFiles.length - interrupted.filter((r) => r.status === 'failed').length);

    // What a `kill -9` mid-write leaves: a temporary file, never a final name. The next run deletes it and draws the row.
    await writeFile(path.join(out, '.0499.png.99999.tmp'), 'half a PNG');
    const second = await imprint(args, dir);
    assert.equal(second.code, 1, 'a failed row makes the exit code non-zero');
    assert.deepEqual(
      (await readdir(out)).filter((f) => f.startsWith('.')),
      [],
    );
    assert.match(second.stderr, new RegExp(`Done: ${498 - firstFiles.length} rendered, ${firstFiles.length} skipped \\(already there\\), 2 failed of 500 rows`));
    assert.match(second.stderr, /row 17 \(0017\.png\): invalid_property: .*notacolor/);
    assert.match(second.stderr, /row 242 \(0242\.png\): invalid_property: .*notacolor/);
    const all = await images(out, 'png');
    assert.equal(all.length, 498);
    assert.ok(!all.includes('0017.png') && !all.includes('0242.png'));
    const manifest = parse(await readFile(path.join(out, 'manifest.csv')), { columns: true }) as Array<{ row: string; file: string; status: string; error: string }>;
    assert.equal(manifest.length, 500);
    assert.deepEqual(
      manifest.filter((r) => r.status === 'failed').map((r) => r.row),
      ['17', '242'],
    );
    assert.equal(manifest.filter((r) => r.status === 'skipped').length, firstFiles.length);
    const green = await sharp(path.join(out, '0001.png')).extract({ left: 2, top: 80, width: 1, height: 1 }).raw().toBuffer();
    assert.deepEqual([...green.subarray(0, 3)], [0x14, 0x53, 0x2d], "the row's fill is drawn");
    const kept = await sharp(path.join(out, '0002.png')).extract({ left: 2, top: 80, width: 1, height: 1 }).raw().toBuffer();
    assert.deepEqual([...kept.subarray(0, 3)], [0x0f, 0x17, 0x2a], "an empty cell keeps the template's fill");
  });

  describe('through a server', () => {
    let t: TestApp;
    let base: string;
    const faults = { throttled: 0, unavailable: 0 };
    before(async () => {
      const port = await freePort();
      base = `http://127.0.0.1:${port}`;
      t = await createTestApp({ publicUrl: base, credits: 10 });
      // What a busy server answers: the first generate is over a rate limit, the first image download meets a restarting node.
      t.app.addHook('onRequest', async (request, reply) => {
        if (request.method === 'POST' && request.url === '/image/generate' && faults.throttled++ === 0)
          return reply.code(429).header('retry-after', '1').send({ code: 'rate_limited', message: 'Over the generate rate limit.' });
        if (request.method === 'GET' && request.url.startsWith('/images/') && faults.unavailable++ === 0)
          return reply.code(503).send({ code: 'service_unavailable', message: 'Shutting down.' });
      });
      await t.app.listen({ port, host: '127.0.0.1' });
    });
    after(() => t.close());

    test('one Idempotency-Key per row: a resumed run gets deleted files back without being charged again', async () => {
      await writeFile(path.join(dir, 'people.csv'), 'title.text,background.fill\nAnna,#14532d\nBen,\nbad row,notacolor\nanna,\nZoë / Ünal,\n');
      const out = path.join(dir, 'server-out');
      const args = ['batch', 'people.csv', '--server', base, '--key', t.a.key, '--template', t.a.templateId, '--out', out, '--name', 'title.text', '--format', 'webp', '--json'];
      const credits = async () => (await t.store.getAccount(t.a.account.id))?.credits;

      const first = await imprint(args, dir);
      assert.equal(first.code, 1, first.stderr);
      const summary = JSON.parse(first.stdout);
      assert.deepEqual([summary.mode, summary.rendered, summary.failed, summary.skipped, summary.replayed], ['server', 4, 1, 0, 0]);
      assert.deepEqual(
        summary.failures.map((f: { row: number; code: string }) => [f.row, f.code]),
        [[3, 'invalid_property']],
      );
      assert.equal(await credits(), 6, 'four images, four credits; the bad row costs nothing');
      assert.ok(faults.throttled > 1 && faults.unavailable > 1, 'the 429 and the 503 were met, and waited out');
      const files = await images(out, 'webp');
      assert.deepEqual(files, ['Anna.webp', 'Ben.webp', 'Zoë-Ünal.webp', 'anna-0004.webp']);
      assert.equal((await sharp(path.join(out, 'Ben.webp')).metadata()).format, 'webp');

      await unlink(path.join(out, 'Anna.webp'));
      await unlink(path.join(out, 'Ben.webp'));
      // The key from the environment this time, as the quick start exports it.
      const second = await imprint(
        args.filter((a, i) => a !== '--key' && args[i - 1] !== '--key'),
        dir,
        undefined,
        { IMPRINT_KEY: t.a.key },
      );
      assert.equal(second.code, 1, second.stderr);
      const resumed = JSON.parse(second.stdout);
      assert.deepEqual([resumed.rendered, resumed.replayed, resumed.skipped, resumed.failed], [2, 2, 2, 1]);
      assert.equal(await credits(), 6, 'the rows drawn before are replayed, not charged again');
      assert.deepEqual(await images(out, 'webp'), files);

      // In this process (a start costs seconds): a wrong key stops the run before any row, with the exit code of a usage error.
      const err: string[] = [];
      const never = path.join(dir, 'never');
      const code = await main(['batch', path.join(dir, 'people.csv'), '--server', base, '--key', 'imp_wrong', '--template', t.a.templateId, '--out', never], {
        env: {},
        out: () => {},
        err: (l) => err.push(l),
      });
      assert.equal(code, 2);
      assert.match(err.join('\n'), /refused the batch before the first row: invalid_api_key/);
      assert.deepEqual(await readdir(never).catch(() => []), [], 'no file written');
    });
  });
});

test('file names come from the sheet alone, safe and distinct; Idempotency-Keys change with the sheet, template and format', () => {
  const rows = parseBatchCsv('card.title.text,photo.src\n../../etc/passwd,\n,\nREADME,\nreadme,\n.hidden,\n');
  assert.deepEqual(batchFileNames(rows, 'jpeg'), ['0001.jpg', '0002.jpg', '0003.jpg', '0004.jpg', '0005.jpg']);
  assert.deepEqual(batchFileNames(rows, 'png', 'card.title.text'), ['etc-passwd.png', '0002.png', 'README.png', 'readme-0004.png', 'hidden.png']);
  assert.throws(() => batchFileNames(rows, 'png', 'photo.src'), /No row has a value in column "photo.src"/);
  const key = batchIdempotencyKey('a.b\n1\n', { template: 'tpl_1', format: 'png' }, 7);
  assert.match(key, /^imprint-batch-[0-9a-f]{32}-7$/);
  assert.equal(batchIdempotencyKey('a.b\n1\n', { template: 'tpl_1', format: 'png' }, 7), key);
  assert.notEqual(batchIdempotencyKey('a.b\n2\n', { template: 'tpl_1', format: 'png' }, 7), key);
  assert.notEqual(batchIdempotencyKey('a.b\n1\n', { template: 'tpl_1', format: 'webp' }, 7), key);
});

test('the progress line: done/total, rate and ETA over the rows worked in this run, failures; no rate in the first second; no bar when narrow', () => {
  const counts = { total: 500, skipped: 100, rendered: 140, failed: 2 };
  assert.equal(progressLine(counts, 10_000, 100), '[###############...............] 242/500  48%  14.2 img/s  ETA 0:18  2 failed');
  assert.equal(progressLine(counts, 10_000, 40), '242/500  48%  14.2 img/s  ETA 0:18  2 failed');
  assert.equal(progressLine({ total: 500, skipped: 0, rendered: 0, failed: 1 }, 5, 40), '1/500  0%  – img/s  ETA –  1 failed');
  assert.equal(formatDuration(3_723_000), '1:02:03');
});
