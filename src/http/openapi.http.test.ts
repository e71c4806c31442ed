import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ERROR_CATALOG, type ErrorCode } from '../domain/errors.js';
import { repoRoot } from '../repo-root.js';
import { createTestApp, type TestApp } from './test-app.js';

// biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document is plain JSON
type Json = Record<string, any>;
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];
const PUBLIC_URL = 'https://imprint.example.com';

/** What code generators, Postman and Zapier need from /openapi.json, checked on the document the server serves. */
describe('/openapi.json', () => {
  let t: TestApp;
  let doc: Json;
  let operations: Array<{ method: string; path: string; op: Json }>;
  before(async () => {
    t = await createTestApp({ publicUrl: PUBLIC_URL });
    doc = (await t.app.inject({ url: '/openapi.json' })).json();
    operations = Object.entries(doc.paths as Json).flatMap(([p, item]) =>
      Object.entries(item as Json)
        .filter(([method]) => METHODS.includes(method))
        .map(([method, op]) => ({ method, path: p, op: op as Json })),
    );
  });
  after(async () => t.close());

  test('servers comes from PUBLIC_URL', () => {
    assert.deepEqual(
      doc.servers.map((s: Json) => s.url),
      [PUBLIC_URL],
    );
  });

  test('every operation has a unique operationId, a summary and a declared tag', () => {
    assert.ok(operations.length >= 30, `only ${operations.length} operations`);
    const tags = new Set(doc.tags.map((tag: Json) => tag.name));
    const ids = new Set<string>();
    for (const { method, path: p, op } of operations) {
      const where = `${method.toUpperCase()} ${p}`;
      assert.match(op.operationId ?? '', /^[a-z][A-Za-z]+$/, `${where} operationId`);
      assert.ok(!ids.has(op.operationId), `${where}: operationId ${op.operationId} used twice`);
      ids.add(op.operationId);
      assert.ok(op.summary, `${where} summary`);
      assert.ok(op.tags?.length > 0 && op.tags.every((tag: string) => tags.has(tag)), `${where} tags`);
      assert.ok(Array.isArray(op.security), `${where} security`);
    }
  });

  test('every operation shows an example request and an example response', () => {
    for (const { method, path: p, op } of operations) {
      const where = `${method.toUpperCase()} ${p}`;
      for (const parameter of op.parameters ?? []) assert.notEqual(parameter.example, undefined, `${where} parameter ${parameter.name}`);
      for (const [type, media] of Object.entries((op.requestBody?.content ?? {}) as Json)) {
        if (media.schema.format === 'binary') continue;
        assert.ok(media.example !== undefined || media.examples !== undefined, `${where} request ${type}`);
      }
      const success = Object.entries(op.responses as Json).filter(([status]) => status.startsWith('2'));
      assert.ok(success.length > 0, `${where} has no 2xx response`);
      for (const [status, response] of Object.entries(op.responses as Json)) {
        for (const [type, media] of Object.entries((response.content ?? {}) as Json)) {
          if (media.schema.format === 'binary') continue;
          assert.ok(media.example !== undefined || media.examples !== undefined, `${where} ${status} ${type} example`);
        }
      }
    }
  });

  test('every documented status has its own description and schema, errors their catalog codes', () => {
    for (const { method, path: p, op } of operations) {
      for (const [status, response] of Object.entries(op.responses as Json)) {
        const where = `${method.toUpperCase()} ${p} ${status}`;
        assert.notEqual(response.description, 'Default Response', where);
        assert.ok(response.description, where);
        if (status === '204' || status === '304') {
          assert.equal(response.content, undefined, `${where} has no body`);
          continue;
        }
        const media = Object.values((response.content ?? {}) as Json);
        assert.ok(media.length > 0 && media.every((m) => m.schema), `${where} schema`);
        if (Number(status) >= 400) {
          const json = response.content['application/json'];
          assert.equal(json.schema.$ref, '#/components/schemas/Error', where);
          assert.equal(ERROR_CATALOG[json.example.code as ErrorCode], Number(status), `${where} example code ${json.example.code}`);
        }
      }
    }
  });

  test('GET /images/{file} documents its 200 image or PDF', () => {
    const ok = doc.paths['/images/{file}'].get.responses['200'];
    assert.deepEqual(Object.keys(ok.content).sort(), ['application/pdf', 'image/jpeg', 'image/png', 'image/webp']);
  });

  test('raw uploads document their body', () => {
    assert.ok(doc.paths['/fonts'].post.requestBody.content['font/woff2']);
    assert.ok(doc.paths['/assets'].post.requestBody.content['image/png']);
  });

  test('Redocly lint with the recommended rules finds 0 errors', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'imprint-openapi-'));
    try {
      const file = path.join(dir, 'openapi.json');
      await writeFile(file, JSON.stringify(doc));
      const cli = path.join(repoRoot(), 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');
      const run = await promisify(execFile)(process.execPath, [cli, 'lint', file, '--extends', 'recommended', '--format', 'json'], {
        maxBuffer: 16 * 1024 * 1024,
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      }).catch((error: { stdout: string }) => ({ stdout: error.stdout }));
      const report = JSON.parse(run.stdout.slice(run.stdout.indexOf('{')));
      const errors = report.problems.filter((p: Json) => p.severity === 'error');
      assert.deepEqual(
        errors.map((p: Json) => `${p.ruleId}: ${p.message} at ${p.location?.[0]?.pointer}`),
        [],
      );
      // Warnings left are "healthz has no 4xx" and "no licence": true of this API, not defects.
      const invalidExamples = report.problems.filter((p: Json) => p.ruleId === 'no-invalid-media-type-examples');
      assert.deepEqual(invalidExamples, []);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('the request examples shown are accepted as shown, once the template id is one of yours', async () => {
    const examples = (op: Json): Json[] => {
      const media = op.requestBody.content['application/json'];
      return media.examples ? Object.values(media.examples as Json).map((e) => e.value) : [media.example];
    };
    for (const [url, op] of [
      ['/image/generate', doc.paths['/image/generate'].post],
      ['/image/preview', doc.paths['/image/preview'].post],
    ] as const) {
      for (const example of examples(op)) {
        // The example's element names are the demo templates'; the test template names its text "title" too.
        const payload = { ...example, templateId: t.a.templateId };
        const res = await t.app.inject({ method: 'POST', url, headers: { ...t.a.auth, 'content-type': 'application/json' }, payload });
        assert.equal(res.statusCode, 200, `${url} ${JSON.stringify(example)}: ${res.body}`);
      }
    }
  });

  test('/docs may send "try it" requests to PUBLIC_URL', async () => {
    const res = await t.app.inject({ url: '/docs/' });
    assert.equal(res.statusCode, 200);
    const csp = String(res.headers['content-security-policy']);
    assert.match(csp, new RegExp(`connect-src 'self' ${PUBLIC_URL.replace(/[.]/g, '\\.')}(;|$)`));
  });
});
