import { after, before, test } from 'node:test';
import tls from 'node:tls';
import type { AddressInfo } from 'node:net';
import assert from 'node:assert/strict';
import { createImageFetcher, ImageFetchError } from './image-fetcher.js';
import type { ImageFetchReason, LookupFn } from './image-fetcher.js';
import { makePng, startTestServer } from './fetch-test-server.js';
import type { TestServer } from './fetch-test-server.js';
import { TEST_TLS_CERT, TEST_TLS_KEY } from './fetch-test-tls.js';

const PUBLIC_IP = '93.184.216.34';
const OTHER_PUBLIC_IP = '93.184.216.35';

let server: TestServer;
let png: Buffer;

before(async () => {
  png = await makePng(6, 2);
  server = await startTestServer((req, res) => {
    const path = req.url ?? '/';
    if (path.startsWith('/redirect?to=')) {
      res.writeHead(302, { location: decodeURIComponent(path.slice('/redirect?to='.length)) }).end();
    } else {
      res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    }
  });
});
after(() => server.close());

async function refusal(promise: Promise<unknown>): Promise<ImageFetchReason> {
  const err = await promise.then(
    () => assert.fail('expected the fetch to be refused'),
    (e: unknown) => e,
  );
  assert.ok(err instanceof ImageFetchError, `expected ImageFetchError, got ${String(err)}`);
  return err.reason;
}

/** Fake DNS: names map to fixed answers; every call is recorded. */
function fakeDns(table: Record<string, string[]>): LookupFn & { calls: string[] } {
  const calls: string[] = [];
  const fn = async (host: string) => {
    calls.push(host);
    const answers = table[host];
    if (!answers) throw Object.assign(new Error(`ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return answers.map((address) => ({ address, family: (address.includes(':') ? 6 : 4) as 4 | 6 }));
  };
  return Object.assign(fn, { calls });
}

/**
 * The public IPs in fakeDns are reachable in tests only through this test hook, which
 * maps them onto the loopback server after they passed the address check.
 */
function toLoopback(target: { address: string; family: 4 | 6; port: number }) {
  if (target.address === PUBLIC_IP || target.address === OTHER_PUBLIC_IP) {
    return { address: '127.0.0.1', family: 4 as const, port: server.port };
  }
  return target;
}

test('refuses literal private, loopback, link-local and unique-local hosts without resolving or connecting', async () => {
  const dns = fakeDns({});
  const fetcher = createImageFetcher({ lookup: dns });
  const urls = [
    'http://127.0.0.1/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://169.254.169.254/',
    'http://169.254.169.254/latest/meta-data/',
    'http://0/',
    'http://127.1/',
    'http://017700000001/',
    'http://0x7f.1/',
    'http://2130706433/',
    'http://[fd00::1]/',
    'http://[fe80::1]/',
    'http://[::]/',
    'http://10.0.0.1/',
    'http://100.64.0.1/',
    'http://[64:ff9b::7f00:1]/',
    'http://[2002:7f00:1::]/',
    `http://127.0.0.1:${server.port}/image.png`,
    `http://[::ffff:127.0.0.1]:${server.port}/image.png`,
    `https://127.0.0.1:${server.port}/image.png`,
  ];
  for (const url of urls) assert.equal(await refusal(fetcher.fetchImage(url)), 'blocked_address', url);
  assert.deepEqual(dns.calls, []);
  assert.equal(server.requests.length, 0, 'no request may reach the loopback server');
});

test('refuses a hostname that resolves to a private address, even when only one answer is private', async () => {
  const dns = fakeDns({
    'evil.test': ['127.0.0.1'],
    'metadata.test': ['169.254.169.254'],
    'mixed.test': [PUBLIC_IP, '10.0.0.7'],
    'mapped.test': ['::ffff:127.0.0.1'],
    'localhost.test': ['::1'],
  });
  const fetcher = createImageFetcher({ lookup: dns, testOnlyConnectTo: toLoopback });
  const before = server.requests.length;
  for (const host of ['evil.test', 'metadata.test', 'mixed.test', 'mapped.test', 'localhost.test']) {
    assert.equal(await refusal(fetcher.fetchImage(`http://${host}:${server.port}/image.png`)), 'blocked_address', host);
  }
  assert.equal(server.requests.length, before);
});

test('a public hostname is resolved once and the connection goes to the checked address', async () => {
  const dns = fakeDns({ 'public.test': [PUBLIC_IP] });
  const fetcher = createImageFetcher({ lookup: dns, testOnlyConnectTo: toLoopback });
  const image = await fetcher.fetchImage('http://public.test/logo.png');
  assert.equal(image.format, 'png');
  assert.deepEqual(dns.calls, ['public.test']);
  assert.equal(server.requests.at(-1)?.headers.host, 'public.test');
});

test('refuses a public URL that redirects to a private address, before connecting to it', async () => {
  const dns = fakeDns({ 'public.test': [PUBLIC_IP], 'internal.test': ['10.1.2.3'], 'public2.test': [OTHER_PUBLIC_IP] });
  const fetcher = createImageFetcher({ lookup: dns, testOnlyConnectTo: toLoopback });
  const targets = [`http://127.0.0.1:${server.port}/image.png`, 'http://169.254.169.254/latest/meta-data/', 'http://[::1]/', 'http://internal.test/image.png'];
  for (const target of targets) {
    const before = server.requests.length;
    const reason = await refusal(fetcher.fetchImage(`http://public.test/redirect?to=${encodeURIComponent(target)}`));
    assert.equal(reason, 'blocked_address', target);
    assert.equal(server.requests.length, before + 1, 'only the first (public) hop may be requested');
  }
  // Control: the same path to a public target succeeds, so the refusals above come from the
  // address check and not from the test wiring.
  const ok = await fetcher.fetchImage(`http://public.test/redirect?to=${encodeURIComponent('http://public2.test/x.png')}`);
  assert.equal(ok.width, 6);
});

test('refuses non-http schemes, also when reached through a redirect', async () => {
  const fetcher = createImageFetcher({ allowPrivate: true });
  for (const url of ['file:///etc/passwd', 'gopher://x/', 'ftp://example.com/a.png', 'javascript:alert(1)', 'ws://x/']) {
    assert.equal(await refusal(fetcher.fetchImage(url)), 'bad_scheme', url);
  }
  const via = server.url(`/redirect?to=${encodeURIComponent('file:///etc/passwd')}`);
  assert.equal(await refusal(fetcher.fetchImage(via)), 'bad_scheme');
  assert.equal(await refusal(fetcher.fetchImage('not a url')), 'bad_url');
  assert.equal(await refusal(fetcher.fetchImage('http://user:pw@example.com/')), 'bad_url');
});

test('allowPrivate skips only the address check', async () => {
  const fetcher = createImageFetcher({ allowPrivate: true, maxBytes: 10 });
  assert.equal(await refusal(fetcher.fetchImage(server.url('/image.png'))), 'too_large');
  assert.equal(await refusal(fetcher.fetchImage('file:///etc/passwd')), 'bad_scheme');
});

test('an unresolvable host is a dns error', async () => {
  const fetcher = createImageFetcher({ lookup: fakeDns({}) });
  assert.equal(await refusal(fetcher.fetchImage('http://nowhere.test/')), 'dns');
});

test('https connects by checked IP but sends the hostname as SNI, and still verifies the certificate', async () => {
  const context = tls.createSecureContext({ cert: TEST_TLS_CERT, key: TEST_TLS_KEY });
  const servernames: string[] = [];
  const tlsServer = tls.createServer({
    SNICallback: (servername, cb) => {
      servernames.push(servername);
      cb(null, context);
    },
  });
  tlsServer.on('tlsClientError', () => {});
  await new Promise<void>((resolve) => tlsServer.listen(0, '127.0.0.1', resolve));
  const port = (tlsServer.address() as AddressInfo).port;
  const fetcher = createImageFetcher({
    lookup: fakeDns({ 'public.test': [PUBLIC_IP] }),
    testOnlyConnectTo: (t) => (t.address === PUBLIC_IP ? { address: '127.0.0.1', family: 4, port } : t),
  });
  // The certificate really is for public.test, but self-signed: the handshake must fail on
  // trust, proving verification is not switched off by connecting to an IP.
  const err = await fetcher.fetchImage('https://public.test/logo.png').catch((e: unknown) => e);
  assert.ok(err instanceof ImageFetchError && err.reason === 'network');
  assert.equal((err.cause as { code?: string }).code, 'DEPTH_ZERO_SELF_SIGNED_CERT');
  assert.deepEqual(servernames, ['public.test']);
  await new Promise<void>((resolve) => tlsServer.close(() => resolve()));
});

test('when a name has several checked addresses, an unreachable one falls through to the next', async () => {
  const dead = await startTestServer(() => {});
  const deadPort = dead.port;
  await dead.close();
  const fetcher = createImageFetcher({
    lookup: fakeDns({ 'multi.test': [PUBLIC_IP, OTHER_PUBLIC_IP] }),
    testOnlyConnectTo: (t) => ({ address: '127.0.0.1', family: 4, port: t.address === PUBLIC_IP ? deadPort : server.port }),
  });
  const image = await fetcher.fetchImage('http://multi.test/logo.png');
  assert.equal(image.format, 'png');
});
