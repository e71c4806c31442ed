import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createImageFetcher, ImageFetchError, type LookupFn } from './image-fetcher.js';
import { makePng, startTestServer, type TestServer } from './fetch-test-server.js';

const PUBLIC_IP = '93.184.216.34';
let server: TestServer;
let png: Buffer;
let root: string;

const hits = (pathname: string) => server.requests.filter((r) => r.url === pathname).length;
const files = async (dir: string) => (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.img')).sort();
const fakeDns =
  (table: Record<string, string>): LookupFn =>
  async (host) => {
    const address = table[host];
    if (!address) throw new Error(`no such host ${host}`);
    return [{ address, family: 4 }];
  };
/** Public-looking addresses are redirected to the loopback test server after they passed the policy. */
const toLoopback = () => ({ address: '127.0.0.1', family: 4 as const, port: server.port });
let dirCount = 0;
const newDir = () => path.join(root, `cache-${dirCount++}`);

before(async () => {
  png = await makePng(6, 5);
  root = await mkdtemp(path.join(os.tmpdir(), 'imprint-disk-cache-'));
  server = await startTestServer((req, res) => {
    if (req.url?.startsWith('/redirect')) {
      return void res.writeHead(302, { location: `http://hop.test:${server.port}/hopped` }).end();
    }
    res.writeHead(200, { 'cache-control': 'max-age=600' }).end(png);
  });
});
after(async () => {
  await server.close();
  await rm(root, { recursive: true, force: true });
});

test('an entry cached while private addresses were allowed is refused after a restart without them, before any cache read', async () => {
  const dir = newDir();
  const permissive = createImageFetcher({ allowPrivate: true, cacheDir: dir });
  const url = server.url('/private-then-refused');
  await permissive.fetchImage(url);
  await permissive.keep([url]);
  assert.equal((await files(dir)).length, 1);

  const strict = createImageFetcher({ cacheDir: dir });
  const refused = await strict.fetchImage(url).then(
    () => undefined,
    (e: unknown) => e,
  );
  assert.ok(refused instanceof ImageFetchError && refused.reason === 'blocked_address', String(refused));
  assert.equal(hits('/private-then-refused'), 1, 'no request either');
});

test('the policy is part of the key: a name that now resolves public does not read what was cached under the permissive policy', async () => {
  const dir = newDir();
  const url = `http://img.test:${server.port}/keyed`;
  const permissive = createImageFetcher({ allowPrivate: true, cacheDir: dir, lookup: fakeDns({ 'img.test': '127.0.0.1' }) });
  await permissive.fetchImage(url);
  await permissive.keep([url]);
  const strict = createImageFetcher({ cacheDir: dir, lookup: fakeDns({ 'img.test': PUBLIC_IP }), testOnlyConnectTo: toLoopback });
  await strict.fetchImage(url);
  assert.equal(hits('/keyed'), 2, 'downloaded again under the public-only policy');
});

test('a name that now resolves to a private address is refused although its image is cached', async () => {
  const dir = newDir();
  const url = `http://cdn.test:${server.port}/rebound`;
  const before = createImageFetcher({ cacheDir: dir, lookup: fakeDns({ 'cdn.test': PUBLIC_IP }), testOnlyConnectTo: toLoopback });
  await before.fetchImage(url);
  await before.keep([url]);
  const after = createImageFetcher({ cacheDir: dir, lookup: fakeDns({ 'cdn.test': '10.0.0.5' }), testOnlyConnectTo: toLoopback });
  const refused = await after.fetchImage(url).then(
    () => undefined,
    (e: unknown) => e,
  );
  assert.ok(refused instanceof ImageFetchError && refused.reason === 'blocked_address');
  // The same instance's memory tier is checked the same way.
  const redirect = `http://start.test:${server.port}/redirect`;
  const table: Record<string, string> = { 'start.test': PUBLIC_IP, 'hop.test': PUBLIC_IP };
  const fetcher = createImageFetcher({ cacheDir: dir, lookup: async (host) => fakeDns(table)(host), testOnlyConnectTo: toLoopback });
  await fetcher.fetchImage(redirect);
  await fetcher.keep([redirect]);
  table['hop.test'] = '192.168.1.1';
  const viaHop = await fetcher.fetchImage(redirect).then(
    () => undefined,
    (e: unknown) => e,
  );
  assert.ok(viaHop instanceof ImageFetchError && viaHop.reason === 'blocked_address', 'a redirect hop that turned private refuses the cached answer');
});

test('downloads enter the cache only when keep() confirms them', async () => {
  const dir = newDir();
  const url = server.url('/unconfirmed');
  const fetcher = createImageFetcher({ allowPrivate: true, cacheDir: dir });
  await fetcher.fetchImage(url);
  await fetcher.fetchImage(url);
  assert.equal(hits('/unconfirmed'), 1, 'shared while pending');
  assert.deepEqual(await files(dir), [], 'nothing on disk before keep()');
  const restarted = createImageFetcher({ allowPrivate: true, cacheDir: dir });
  await restarted.fetchImage(url);
  assert.equal(hits('/unconfirmed'), 2, 'an unconfirmed download does not survive');
  await restarted.keep([url, 'data:image/png;base64,AAAA', 'not a url']);
  assert.equal((await files(dir)).length, 1);
  await createImageFetcher({ allowPrivate: true, cacheDir: dir }).fetchImage(url);
  assert.equal(hits('/unconfirmed'), 2, 'a kept one does');
});

test('the disk tier stays within its budget, evicting the least recently used, across restarts; owner-only modes', async () => {
  const dir = newDir();
  const probe = createImageFetcher({ allowPrivate: true, cacheDir: dir });
  await probe.fetchImage(server.url('/lru-a'));
  await probe.keep([server.url('/lru-a')]);
  const [first] = await files(dir);
  const entrySize = (await stat(path.join(dir, first))).size;
  assert.equal((await stat(dir)).mode & 0o777, 0o700);
  assert.equal((await stat(path.join(dir, first))).mode & 0o777, 0o600);

  const budget = Math.floor(entrySize * 2.5);
  const fetcher = createImageFetcher({ allowPrivate: true, cacheDir: dir, diskCacheBytes: budget });
  const use = async (name: string) => {
    await fetcher.fetchImage(server.url(name));
    await fetcher.keep([server.url(name)]);
  };
  await use('/lru-a'); // from disk: now the most recent
  await use('/lru-b');
  await use('/lru-a'); // a memory hit counts as use too
  await use('/lru-c');
  const named = async () => {
    const out: string[] = [];
    for (const name of ['/lru-a', '/lru-b', '/lru-c']) {
      const before = hits(name);
      await createImageFetcher({ allowPrivate: true, cacheDir: dir, diskCacheBytes: budget }).fetchImage(server.url(name));
      if (hits(name) === before) out.push(name);
    }
    return out;
  };
  assert.equal((await files(dir)).length, 2);
  // Checking which survive re-downloads the evicted one into a throwaway fetcher, which keeps nothing.
  assert.deepEqual(await named(), ['/lru-a', '/lru-c'], 'b was the least recently used');

  // Files already on disk count after a restart: a smaller budget evicts the oldest by mtime at once.
  await writeFile(path.join(dir, 'leftover.img.1234.tmp'), 'half a write');
  const old = new Date(Date.now() - 3_600_000);
  const [x, y] = await files(dir);
  await utimes(path.join(dir, x), old, old);
  const small = createImageFetcher({ allowPrivate: true, cacheDir: dir, diskCacheBytes: entrySize + 10 });
  await small.fetchImage(server.url('/lru-z'));
  assert.deepEqual(await files(dir), [y], 'the scan at start evicted the older file to fit');
  await small.keep([server.url('/lru-z')]);
  const left = await readdir(dir);
  assert.equal(left.length, 1, `left: ${left.join(', ')}`);
  assert.ok(!left.includes(y), 'then the next least recent, to make room');
  assert.ok(!left.some((f) => f.endsWith('.tmp')), 'crash leftovers are removed');
});

test('an entry larger than the whole budget is not written, and 0 turns the disk tier off', async () => {
  const dir = newDir();
  const tiny = createImageFetcher({ allowPrivate: true, cacheDir: dir, diskCacheBytes: 10 });
  await tiny.fetchImage(server.url('/too-big'));
  await tiny.keep([server.url('/too-big')]);
  assert.deepEqual(await files(dir), []);
  const offDir = newDir();
  const off = createImageFetcher({ allowPrivate: true, cacheDir: offDir, diskCacheBytes: 0 });
  await off.fetchImage(server.url('/off'));
  await off.keep([server.url('/off')]);
  await assert.rejects(stat(offDir), /ENOENT/, 'the folder is never even made');
});

test('the cache folder is made by the first image kept, owner-only, and not before', async () => {
  const dir = path.join(newDir(), 'cache', 'images');
  const fetcher = createImageFetcher({ allowPrivate: true, cacheDir: dir });
  const url = server.url('/kept-later');
  // A fetch reads the disk tier first, so the start-up scan has run by now.
  await fetcher.fetchImage(url);
  await assert.rejects(stat(dir), { code: 'ENOENT' }, 'nothing kept, no folder');
  await fetcher.keep([url]);
  assert.equal((await stat(dir)).mode & 0o777, 0o700);
  assert.equal((await files(dir)).length, 1);
});
