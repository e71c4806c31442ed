import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type http from 'node:http';
import { createImageFetcher, ImageFetchError } from './image-fetcher.js';
import { makeJpeg, makePng, startTestServer } from './fetch-test-server.js';
import type { TestServer } from './fetch-test-server.js';

let server: TestServer;
let png: Buffer;
let png2: Buffer;
let jpeg: Buffer;
let tmpDir: string;
let version = 1;

function hits(pathname: string): http.IncomingMessage[] {
  return server.requests.filter((r) => r.url === pathname);
}

before(async () => {
  png = await makePng(4, 3);
  png2 = await makePng(9, 9);
  jpeg = await makeJpeg(5, 7);
  tmpDir = await mkdtemp(path.join(os.tmpdir(), 'imprint-fetch-cache-'));
  server = await startTestServer((req, res) => {
    switch (req.url) {
      case '/png':
        return void res.writeHead(200, { 'content-type': 'text/plain' }).end(png);
      case '/jpeg':
        return void res.writeHead(200).end(jpeg);
      case '/max-age':
      case '/disk':
        return void res.writeHead(200, { 'cache-control': 'public, max-age=600' }).end(png);
      case '/slow-max-age':
        return void setTimeout(() => res.writeHead(200, { 'cache-control': 'max-age=600' }).end(png), 50);
      case '/no-store':
        return void res.writeHead(200, { 'cache-control': 'no-store' }).end(png);
      case '/expired':
        return void res.writeHead(200, { expires: 'Thu, 01 Jan 1970 00:00:00 GMT' }).end(png);
      case '/expires-later':
        return void res.writeHead(200, { expires: new Date(Date.now() + 3_600_000).toUTCString() }).end(png);
      case '/etag': {
        const etag = `"v${version}"`;
        if (req.headers['if-none-match'] === etag) return void res.writeHead(304, { etag, 'cache-control': 'no-cache' }).end();
        return void res.writeHead(200, { etag, 'cache-control': 'no-cache' }).end(version === 1 ? png : png2);
      }
      case '/last-modified': {
        const lm = 'Wed, 01 Jan 2025 00:00:00 GMT';
        if (req.headers['if-modified-since'] === lm) return void res.writeHead(304).end();
        return void res.writeHead(200, { 'last-modified': lm, 'cache-control': 'max-age=0' }).end(png);
      }
      default:
        return void res.writeHead(404).end();
    }
  });
});
after(async () => {
  await server.close();
  await rm(tmpDir, { recursive: true, force: true });
});

test('fetches PNG and JPEG served locally, sniffing past a wrong Content-Type', async () => {
  const fetcher = createImageFetcher({ allowPrivate: true });
  const a = await fetcher.fetchImage(server.url('/png'));
  assert.deepEqual([a.format, a.width, a.height], ['png', 4, 3]);
  assert.ok(a.bytes.equals(png));
  const b = await fetcher.fetchImage(server.url('/jpeg'));
  assert.deepEqual([b.format, b.width, b.height], ['jpeg', 5, 7]);
});

test('decodes data: URLs in base64 and percent-encoding, with the same checks', async () => {
  const fetcher = createImageFetcher();
  const a = await fetcher.fetchImage(`data:image/png;base64,${png.toString('base64')}`);
  assert.deepEqual([a.format, a.width, a.height], ['png', 4, 3]);
  assert.ok(a.bytes.equals(png));
  const percent = [...jpeg].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
  const b = await fetcher.fetchImage(`data:image/jpeg,${percent}`);
  assert.deepEqual([b.format, b.width, b.height], ['jpeg', 5, 7]);

  const reject = (url: string) =>
    fetcher.fetchImage(url).then(
      () => assert.fail('expected a refusal'),
      (e: unknown) => e,
    );
  const html = await reject(`data:text/html;base64,${Buffer.from('<html></html>').toString('base64')}`);
  assert.ok(html instanceof ImageFetchError && html.reason === 'not_an_image');
  const big = await createImageFetcher({ maxBytes: 50 })
    .fetchImage(`data:image/png;base64,${png.toString('base64')}`)
    .catch((e: unknown) => e);
  assert.ok(big instanceof ImageFetchError && big.reason === 'too_large');
  const svg = await reject(`data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg"/>')}`);
  assert.ok(svg instanceof ImageFetchError && svg.reason === 'unsupported_format');
});

test('a fresh response is fetched once for repeated and concurrent use', async () => {
  const fetcher = createImageFetcher({ allowPrivate: true });
  await fetcher.fetchImage(server.url('/max-age'));
  const again = await fetcher.fetchImage(server.url('/max-age'));
  assert.equal(again.width, 4);
  assert.equal(hits('/max-age').length, 1);

  const results = await Promise.all([1, 2, 3].map(() => fetcher.fetchImage(server.url('/slow-max-age'))));
  assert.equal(hits('/slow-max-age').length, 1);
  assert.ok(results.every((r) => r.width === 4));
});

test('Expires is honoured both ways; no-store is never reused', async () => {
  const fetcher = createImageFetcher({ allowPrivate: true });
  for (const p of ['/expired', '/expires-later', '/no-store']) {
    await fetcher.fetchImage(server.url(p));
    await fetcher.fetchImage(server.url(p));
  }
  assert.equal(hits('/expired').length, 2);
  assert.equal(hits('/expires-later').length, 1);
  assert.equal(hits('/no-store').length, 2);
});

test('revalidates with If-None-Match and reuses the body on 304; takes the new body on 200', async () => {
  const fetcher = createImageFetcher({ allowPrivate: true });
  const first = await fetcher.fetchImage(server.url('/etag'));
  const second = await fetcher.fetchImage(server.url('/etag'));
  const reqs = hits('/etag');
  assert.equal(reqs.length, 2);
  assert.equal(reqs[0].headers['if-none-match'], undefined);
  assert.equal(reqs[1].headers['if-none-match'], '"v1"');
  assert.ok(second.bytes.equals(first.bytes));

  version = 2;
  const third = await fetcher.fetchImage(server.url('/etag'));
  assert.equal(hits('/etag').length, 3);
  assert.equal(third.width, 9);
});

test('revalidates with If-Modified-Since', async () => {
  const fetcher = createImageFetcher({ allowPrivate: true });
  await fetcher.fetchImage(server.url('/last-modified'));
  const again = await fetcher.fetchImage(server.url('/last-modified'));
  const reqs = hits('/last-modified');
  assert.equal(reqs.length, 2);
  assert.equal(reqs[1].headers['if-modified-since'], 'Wed, 01 Jan 2025 00:00:00 GMT');
  assert.equal(again.width, 4);
});

test('the disk cache serves a new fetcher instance without a request', async () => {
  const dir = path.join(tmpDir, 'disk');
  const a = createImageFetcher({ allowPrivate: true, cacheDir: dir });
  await a.fetchImage(server.url('/disk'));
  await a.keep([server.url('/disk')]);
  assert.equal((await readdir(dir)).filter((f) => f.endsWith('.img')).length, 1);
  const b = createImageFetcher({ allowPrivate: true, cacheDir: dir });
  const image = await b.fetchImage(server.url('/disk'));
  assert.equal(hits('/disk').length, 1);
  assert.deepEqual([image.format, image.width, image.height], ['png', 4, 3]);
  assert.ok(image.bytes.equals(png));
});

test('failures are not cached', async () => {
  const fetcher = createImageFetcher({ allowPrivate: true });
  await fetcher.fetchImage(server.url('/nothing')).catch(() => undefined);
  await fetcher.fetchImage(server.url('/nothing')).catch(() => undefined);
  assert.equal(hits('/nothing').length, 2);
});
