import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { shadowedRects } from '../adversarial-templates.test-helper.js';
import { renderDocument } from '../render/render-document.js';
import { createTestApp, type TestApp } from './test-app.js';

describe('POST /image/generate with format "pdf"', () => {
  let t: TestApp;
  const formats: string[] = [];
  const dir = mkdtempSync(path.join(os.tmpdir(), 'imprint-pdf-http-'));
  before(async () => {
    t = await createTestApp({
      renderer: {
        render: (input) => {
          formats.push(input.output?.format ?? 'png');
          return renderDocument(input);
        },
      },
    });
  });
  after(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const generate = (body: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/image/generate', headers: t.a.auth, payload: { templateId: t.a.templateId, ...body } });
  const credits = async () => (await t.store.getAccount(t.a.account.id))!.credits;

  test('answers a .pdf URL that serves application/pdf with the text, for 1 credit', async () => {
    const start = await credits();
    const res = await generate({ format: 'pdf', elements: { title: { text: 'Selectable title' } } });
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json();
    assert.equal(body.details.format, 'pdf');
    assert.deepEqual(body.details.dimensions, { width: 320, height: 180 });
    assert.match(body.imageURL, /^http:\/\/imprint\.test\/images\/[0-9a-f]{40}\.pdf$/);
    assert.equal(body.usage.creditsUsed, 1);
    assert.equal(await credits(), start - 1);

    const file = await t.app.inject({ url: new URL(body.imageURL).pathname });
    assert.equal(file.statusCode, 200);
    assert.equal(file.headers['content-type'], 'application/pdf');
    assert.equal(file.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal(file.rawPayload.subarray(0, 5).toString(), '%PDF-');
    const saved = path.join(dir, 'out.pdf');
    writeFileSync(saved, file.rawPayload);
    assert.equal(execFileSync('pdftotext', ['-raw', saved, '-'], { encoding: 'utf8' }).trim(), 'Selectable title');
    assert.match(execFileSync('pdfinfo', [saved], { encoding: 'utf8' }), /Page size:\s+320 x 180 pts/);

    // The same content is the same blob and URL; the id of a pdf never answers as another extension.
    const again = await generate({ format: 'pdf', elements: { title: { text: 'Selectable title' } } });
    assert.equal(again.json().imageURL, body.imageURL);
    const asPng = await t.app.inject({ url: new URL(body.imageURL).pathname.replace(/\.pdf$/, '.png') });
    assert.equal(asPng.statusCode, 404);
  });

  test('scale sets the page size', async () => {
    const res = await generate({ format: 'pdf', scale: 2 });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json().details.dimensions, { width: 640, height: 360 });
  });

  test('the render budget refuses a PDF as it refuses a PNG, before the debit and without a render', async () => {
    const saved = await t.app.inject({ method: 'POST', url: '/templates', headers: t.a.auth, payload: { name: 'shadows', template: shadowedRects(20, 8192) } });
    assert.equal(saved.statusCode, 201, saved.body);
    const start = await credits();
    const before = formats.filter((f) => f === 'pdf').length;
    const res = await t.app.inject({ method: 'POST', url: '/image/generate', headers: t.a.auth, payload: { templateId: saved.json().id, format: 'pdf' } });
    assert.equal(res.statusCode, 422, res.body);
    assert.equal(res.json().code, 'render_too_complex');
    assert.equal(await credits(), start);
    assert.equal(formats.filter((f) => f === 'pdf').length, before);
  });
});
