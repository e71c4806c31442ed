import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { test } from 'node:test';
import { corpusDir, CORPUS_ASSET_HOST, listCorpusDocuments } from '../../scripts/corpus-images.js';
import { startTestServer } from '../fetch/fetch-test-server.js';
import { imageSources } from '../domain/image-sources.js';
import { createTestApp } from './test-app.js';

/**
 * Every image the renderer needs is fetched by the service: each corpus
 * document that draws an image (as an object, in a group, as a clip path…)
 * is saved and generated through the real HTTP app, its images served from
 * test/corpus/assets by a loopback server under a per-document prefix (so
 * no fetch cache hides a request). The renderer fails on any image it was
 * not handed, so a 200 proves the service fetched them all; the server's
 * log proves it fetched nothing else.
 */
test('generating every corpus document with images fetches exactly the images the renderer draws', async () => {
  const server = await startTestServer((req, res) => {
    try {
      res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(readFileSync(join(corpusDir(), 'assets', basename(req.url ?? ''))));
    } catch {
      res.writeHead(404).end();
    }
  });
  const t = await createTestApp({ credits: 1000 });
  try {
    const docs = listCorpusDocuments()
      .map((path) => ({ name: basename(path, '.json'), text: readFileSync(path, 'utf8') }))
      .filter((d) => d.text.includes(CORPUS_ASSET_HOST));
    assert.ok(docs.length >= 10, `expected at least 10 corpus documents with images, found ${docs.length}`);
    assert.ok(
      docs.some((d) => /"clipPath":\s*\{[^{}]*"type":\s*"Image"/i.test(d.text)),
      'the corpus has an image used as a clip path',
    );
    assert.ok(
      docs.some((d) => /"type":\s*"pattern",\s*"source":\s*"https:/.test(d.text)),
      'the corpus has a pattern whose source is an image URL',
    );
    for (const doc of docs) {
      const template = JSON.parse(doc.text.replaceAll(`https://${CORPUS_ASSET_HOST}/`, server.url(`/${doc.name}/`)));
      // data: URLs (a pattern made from a canvas, for one) are decoded in-process, never requested.
      const wanted = [...imageSources(template).keys()]
        .filter((src) => !src.startsWith('data:'))
        .map((src) => new URL(src).pathname)
        .sort();
      const before = server.requests.length;
      const saved = await t.app.inject({ method: 'POST', url: '/templates', headers: t.a.auth, payload: { name: doc.name, template } });
      assert.equal(saved.statusCode, 201, `${doc.name}: ${saved.body}`);
      const generated = await t.app.inject({ method: 'POST', url: '/image/generate', headers: t.a.auth, payload: { templateId: saved.json().id } });
      assert.equal(generated.statusCode, 200, `${doc.name}: ${generated.body}`);
      const fetched = server.requests
        .slice(before)
        .map((r) => r.url ?? '')
        .sort();
      assert.deepEqual(fetched, wanted, `${doc.name}: fetched exactly its images, once each`);
    }
  } finally {
    await t.close();
    await server.close();
  }
});
