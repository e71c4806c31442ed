import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestAppOptions } from './test-app.js';

/** request.ip as the app sees it (and logs it), for a request from `peer` carrying X-Forwarded-For. */
async function seenIp(trustProxy: TestAppOptions['trustProxy'], peer: string, forwardedFor: string): Promise<string> {
  const t = await createTestApp({ trustProxy });
  try {
    t.app.get('/__ip', async (request) => ({ ip: request.ip }));
    const res = await t.app.inject({ url: '/__ip', remoteAddress: peer, headers: { 'x-forwarded-for': forwardedFor } });
    return res.json().ip;
  } finally {
    await t.close();
  }
}

test('X-Forwarded-For is ignored unless TRUST_PROXY is set', async () => {
  assert.equal(await seenIp(undefined, '203.0.113.9', '198.51.100.1'), '203.0.113.9');
  assert.equal(await seenIp(false, '203.0.113.9', '198.51.100.1'), '203.0.113.9');
});

test('a hop count trusts that many proxies, counted from the socket', async () => {
  assert.equal(await seenIp(1, '10.0.0.2', '198.51.100.1, 198.51.100.77'), '198.51.100.77');
  assert.equal(await seenIp(2, '10.0.0.2', '198.51.100.1, 198.51.100.77'), '198.51.100.1');
});

test('a list trusts only the named proxies', async () => {
  assert.equal(await seenIp(['10.0.0.0/8'], '10.1.2.3', '198.51.100.1'), '198.51.100.1');
  assert.equal(await seenIp(['10.0.0.0/8'], '203.0.113.9', '198.51.100.1'), '203.0.113.9', 'a client outside the list cannot spoof');
});
