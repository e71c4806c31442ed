import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ipLiteralOf, isPublicUnicast } from './address-policy.js';

test('refuses every non-public-unicast address, including IPv4 wrapped in IPv6', () => {
  const refused = [
    '127.0.0.1',
    '127.255.255.254',
    '0.0.0.0',
    '10.0.0.1',
    '172.16.5.4',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '224.0.0.1',
    '255.255.255.255',
    '192.0.2.1',
    '198.51.100.7',
    '203.0.113.9',
    '198.18.0.1',
    '240.0.0.1',
    '::',
    '::1',
    'fe80::1',
    'fe80::1%eth0',
    'fd00::1',
    'fc00::1',
    'ff02::1',
    'fec0::1',
    '2001:db8::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:169.254.169.254',
    '::ffff:10.0.0.1',
    '::127.0.0.1',
    '::ffff:0:127.0.0.1',
    '64:ff9b::127.0.0.1',
    '64:ff9b::a9fe:a9fe',
    '64:ff9b:1::808:808',
    '2002:7f00:1::1',
    '2002:a9fe:a9fe::',
    '2001::1',
    '100::1',
    'not-an-ip',
    '127.1',
    '0x7f.0.0.1',
    '017700000001',
    '',
  ];
  for (const a of refused) assert.equal(isPublicUnicast(a), false, a);
});

test('accepts public unicast, and IPv6 forms that embed a public IPv4', () => {
  const allowed = ['93.184.216.34', '8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '2a00:1450:4001:80b::200e', '::ffff:8.8.8.8', '64:ff9b::8.8.8.8', '2002:808:808::1'];
  for (const a of allowed) assert.equal(isPublicUnicast(a), true, a);
});

test('reads IP literals from WHATWG-normalised URLs, whatever notation the user wrote', () => {
  const cases: [string, string, 4 | 6][] = [
    ['http://127.1/', '127.0.0.1', 4],
    ['http://0/', '0.0.0.0', 4],
    ['http://017700000001/', '127.0.0.1', 4],
    ['http://0x7f.1/', '127.0.0.1', 4],
    ['http://2130706433/', '127.0.0.1', 4],
    ['http://[::ffff:127.0.0.1]/', '::ffff:7f00:1', 6],
    ['http://[::1]:8080/', '::1', 6],
  ];
  for (const [input, address, family] of cases) {
    assert.deepEqual(ipLiteralOf(new URL(input)), { address, family }, input);
  }
  assert.equal(ipLiteralOf(new URL('http://example.com/')), null);
  assert.equal(ipLiteralOf(new URL('http://1.2.3.4.example/')), null);
});
