import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { PNG } from 'pngjs';
import { shadowedRects } from '../adversarial-templates.test-helper.js';
import { createTestApp, sampleTemplate, type TestApp } from './test-app.js';

const preview = (t: TestApp, auth: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/image/preview', headers: { ...auth, 'content-type': 'application/json' }, payload: JSON.stringify(payload) });

describe('POST /image/preview', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ credits: 5 });
  });
  after(async () => {
    await t.close();
  });

  test('answers the PNG itself, the very bytes generate stores, and charges, stores and records nothing', async () => {
    const ledger = async () => (await t.store.listLedger(t.a.account.id, { limit: 10 })).items;
    const ledgerBefore = await ledger();
    const changes = { title: { text: 'Free look', fill: '#ff0000' }, background: { rx: 30 } };
    const res = await preview(t, t.a.auth, { templateId: t.a.templateId, elements: changes });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.headers['content-type'], 'image/png');
    assert.equal(res.headers['cache-control'], 'no-store');
    assert.equal(res.headers['preview-daily-cap'], '200');
    assert.equal(res.headers['preview-remaining-today'], '199');
    const png = PNG.sync.read(res.rawPayload);
    assert.deepEqual([png.width, png.height], [320, 180]);
    assert.equal((await t.store.getAccount(t.a.account.id))!.credits, 5, 'balance unchanged');
    assert.deepEqual(await ledger(), ledgerBefore, 'no ledger row');
    const history = await t.app.inject({ url: '/account/images', headers: t.a.auth });
    assert.equal(history.statusCode, 200, history.body);
    assert.equal(history.json().images.length, 0, 'no stored image');

    const paid = await t.app.inject({ method: 'POST', url: '/image/generate', headers: t.a.auth, payload: { templateId: t.a.templateId, elements: changes } });
    assert.equal(paid.statusCode, 200, paid.body);
    const stored = await t.app.inject({ url: new URL(paid.json().imageURL).pathname });
    assert.ok(stored.rawPayload.equals(res.rawPayload), 'one render path: the preview is byte for byte the paid image');
  });

  test('renders an unsaved document, so an editor can check what is on screen before saving', async () => {
    const doc = { ...sampleTemplate(), width: 200, height: 100 };
    const res = await preview(t, t.a.auth, { template: doc, elements: { title: { text: 'Unsaved' } } });
    assert.equal(res.statusCode, 200, res.body);
    const png = PNG.sync.read(res.rawPayload);
    assert.deepEqual([png.width, png.height], [200, 100]);
  });

  test('an invalid document is a 400 that names the object, like a save', async () => {
    const doc = sampleTemplate();
    (doc.objects as Record<string, unknown>[])[1].fill = 12;
    const res = await preview(t, t.a.auth, { template: doc });
    assert.equal(res.statusCode, 400, res.body);
    const body = res.json();
    assert.equal(body.code, 'invalid_template');
    assert.ok(
      body.errors.some((e: { path: string }) => e.path.startsWith('template.objects[1]')),
      res.body,
    );
    const bad = await preview(t, t.a.auth, { templateId: t.a.templateId, elements: { nope: { text: 'x' } } });
    assert.equal(bad.statusCode, 400);
    assert.equal(bad.json().code, 'unknown_element');
  });

  test('both or neither of templateId and template is a 400', async () => {
    const both = await preview(t, t.a.auth, { templateId: t.a.templateId, template: sampleTemplate() });
    assert.equal(both.statusCode, 400);
    assert.equal(both.json().code, 'invalid_request');
    const neither = await preview(t, t.a.auth, { elements: {} });
    assert.equal(neither.statusCode, 400);
    assert.equal(neither.json().code, 'missing_template_id');
  });

  test('over the render budget: the same 422 render_too_complex as generate', async () => {
    // Fits at scale 0.1, so it is a valid document; at scale 1 it is 1,342 MP of blur.
    const res = await preview(t, t.a.auth, { template: shadowedRects(20, 8192) });
    assert.equal(res.statusCode, 422, res.body);
    assert.equal(res.json().code, 'render_too_complex');
    assert.match(res.json().message, /shadow blur is 1,342 MP/);
  });

  test("another account's template is a 404, exactly like a missing one", async () => {
    const res = await preview(t, t.b.auth, { templateId: t.a.templateId });
    assert.equal(res.statusCode, 404);
    assert.equal(res.json().code, 'template_not_found');
  });
});

test('the per-minute rate and the daily cap answer 429 rate_limited with Retry-After; paid generate still works', async () => {
  let clock = Date.parse('2026-11-23T10:00:00.000Z');
  const t = await createTestApp({
    now: () => clock,
    limits: { readPerMinute: 1000, generatePerMinute: 1000, previewPerMinute: 2, previewDailyCap: 3 },
  });
  try {
    const ok = () => preview(t, t.a.auth, { templateId: t.a.templateId });
    assert.equal((await ok()).statusCode, 200);
    assert.equal((await ok()).statusCode, 200);
    const minute = await ok();
    assert.equal(minute.statusCode, 429, minute.body);
    assert.equal(minute.json().code, 'rate_limited');
    assert.match(minute.json().message, /2 free previews per minute/);
    assert.ok(Number(minute.headers['retry-after']) >= 1 && Number(minute.headers['retry-after']) <= 60, String(minute.headers['retry-after']));
    assert.equal(minute.headers['preview-remaining-today'], '1', 'a refused preview spends nothing');

    // Another key of the same account shares the account's previews; another account does not.
    const other = await preview(t, t.b.auth, { templateId: t.b.templateId });
    assert.equal(other.statusCode, 200);

    clock += 61_000;
    const last = await ok();
    assert.equal(last.statusCode, 200);
    assert.equal(last.headers['preview-remaining-today'], '0');
    const day = await ok();
    assert.equal(day.statusCode, 429);
    assert.match(day.json().message, /used its 3 free previews for today/);
    assert.ok(Number(day.headers['retry-after']) > 3600, String(day.headers['retry-after']));

    const paid = await t.app.inject({ method: 'POST', url: '/image/generate', headers: t.a.auth, payload: { templateId: t.a.templateId } });
    assert.equal(paid.statusCode, 200, 'the cap limits free previews only');

    clock += 86_400_000;
    assert.equal((await ok()).statusCode, 200, 'the next day brings the previews back');
  } finally {
    await t.close();
  }
});
