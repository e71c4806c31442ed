import { test } from 'node:test';
import assert from 'node:assert/strict';
import os from 'node:os';
import { ConfigError, defaultRenderMaxCacheMb, defaultRenderWorkers, hostMemoryBytes, loadConfig } from './config.js';

test('TRUST_PROXY is off by default and takes a hop count or a list of addresses/CIDRs', () => {
  assert.equal(loadConfig({}).trustProxy, false);
  for (const off of ['', '0', 'false', 'off']) assert.equal(loadConfig({ TRUST_PROXY: off }).trustProxy, false);
  assert.equal(loadConfig({ TRUST_PROXY: '2' }).trustProxy, 2);
  assert.deepEqual(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7 ,::1,fd00::/8,loopback' }).trustProxy, ['10.0.0.0/8', '192.168.1.7', '::1', 'fd00::/8', 'loopback']);
});

test('an invalid TRUST_PROXY stops the start with a message naming it', () => {
  for (const bad of ['true', 'yes', '10.0.0.0/33', '::1/129', 'proxy.example.com', '10.0.0.1,nope', '99', '1.2.3', ',']) {
    assert.throws(
      () => loadConfig({ TRUST_PROXY: bad }),
      (error: unknown) => {
        assert.ok(error instanceof ConfigError, bad);
        assert.match(error.message, /TRUST_PROXY/);
        return true;
      },
      bad,
    );
  }
});

test('account limits default to the per-key ones; key limits and the disk cache budget have defaults', () => {
  const config = loadConfig({ RATE_LIMIT_READ: '50', RATE_LIMIT_GENERATE: '7' });
  assert.equal(config.rateLimitAccountReadPerMinute, 50);
  assert.equal(config.rateLimitAccountGeneratePerMinute, 7);
  assert.equal(config.rateLimitKeyCreatePerHour, 10);
  assert.equal(config.maxApiKeysPerAccount, 20);
  assert.equal(config.fetchCacheMb, 256);
  const set = loadConfig({ RATE_LIMIT_ACCOUNT_GENERATE: '30', RATE_LIMIT_KEY_CREATE: '2', MAX_API_KEYS: '3', FETCH_CACHE_MB: '0' });
  assert.deepEqual([set.rateLimitAccountGeneratePerMinute, set.rateLimitKeyCreatePerHour, set.maxApiKeysPerAccount, set.fetchCacheMb], [30, 2, 3, 0]);
  assert.throws(() => loadConfig({ MAX_API_KEYS: '0' }), /MAX_API_KEYS/);
  assert.throws(() => loadConfig({ FETCH_CACHE_MB: '-1' }), /FETCH_CACHE_MB/);
});

test('SIGNUP is open by default, takes invite or closed, and refuses anything else; SIGNUP_CREDITS defaults to 50', () => {
  const config = loadConfig({});
  assert.deepEqual([config.signup, config.signupCredits, config.sessionIdleHours, config.sessionMaxDays], ['open', 50, 72, 14]);
  assert.equal(loadConfig({ SIGNUP: 'Invite' }).signup, 'invite');
  assert.equal(loadConfig({ SIGNUP: 'closed', SIGNUP_CREDITS: '0' }).signupCredits, 0);
  for (const [name, bad] of [
    ['SIGNUP', 'maybe'],
    ['SIGNUP_CREDITS', '-1'],
    ['SESSION_IDLE_HOURS', '0'],
    ['SESSION_MAX_DAYS', 'forever'],
  ]) {
    assert.throws(
      () => loadConfig({ [name]: bad }),
      (error: unknown) => error instanceof ConfigError && error.message.includes(name),
      name,
    );
  }
});

test('S3 is off without S3_BUCKET; with it, region and path style have defaults and the endpoint is checked', () => {
  assert.equal(loadConfig({}).s3, null);
  assert.deepEqual(loadConfig({ S3_BUCKET: 'imprint-images' }).s3, {
    bucket: 'imprint-images',
    endpoint: null,
    region: 'us-east-1',
    accessKeyId: null,
    secretAccessKey: null,
    forcePathStyle: false,
  });
  const minio = loadConfig({ S3_BUCKET: 'imprint', S3_ENDPOINT: 'http://minio:9000', S3_REGION: 'eu-west-3', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' }).s3;
  assert.deepEqual(minio, { bucket: 'imprint', endpoint: 'http://minio:9000', region: 'eu-west-3', accessKeyId: 'id', secretAccessKey: 'secret', forcePathStyle: true });
  assert.equal(loadConfig({ S3_BUCKET: 'imprint', S3_ENDPOINT: 'https://s3.example.com', S3_FORCE_PATH_STYLE: '0' }).s3?.forcePathStyle, false);
  assert.equal(loadConfig({ S3_BUCKET: 'imprint', S3_FORCE_PATH_STYLE: '1' }).s3?.forcePathStyle, true);
});

test('a half-set or invalid S3 setting stops the start with a message naming it', () => {
  for (const [env, name] of [
    [{ S3_ENDPOINT: 'http://minio:9000' }, 'S3_BUCKET'],
    [{ S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' }, 'S3_BUCKET'],
    [{ S3_BUCKET: 'Imprint_Images' }, 'S3_BUCKET'],
    [{ S3_BUCKET: 'ab' }, 'S3_BUCKET'],
    [{ S3_BUCKET: 'imprint', S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT'],
    [{ S3_BUCKET: 'imprint', S3_ENDPOINT: 'ftp://minio' }, 'S3_ENDPOINT'],
    [{ S3_BUCKET: 'imprint', S3_ACCESS_KEY_ID: 'id' }, 'S3_SECRET_ACCESS_KEY'],
    [{ S3_BUCKET: 'imprint', S3_SECRET_ACCESS_KEY: 'secret' }, 'S3_ACCESS_KEY_ID'],
    [{ S3_BUCKET: 'imprint', S3_FORCE_PATH_STYLE: 'maybe' }, 'S3_FORCE_PATH_STYLE'],
  ] as Array<[Record<string, string>, string]>) {
    assert.throws(
      () => loadConfig(env),
      (error: unknown) => error instanceof ConfigError && error.message.includes(name),
      JSON.stringify(env),
    );
  }
});

test('RENDER_WORKERS defaults to one worker per core and takes an explicit count', () => {
  assert.deepEqual(
    [1, 2, 3, 4, 8].map((cores) => defaultRenderWorkers(cores)),
    [1, 2, 3, 4, 8],
  );
  assert.equal(loadConfig({}).renderWorkers, defaultRenderWorkers(os.availableParallelism()));
  assert.equal(loadConfig({ RENDER_WORKERS: '3' }).renderWorkers, 3);
});

test("RENDER_MAX_CACHE_MB defaults to an eighth of the host's memory, from 64 to 512 MB, and takes an explicit figure", () => {
  const GiB = 1024 ** 3;
  assert.deepEqual(
    [0.25, 0.5, 1, 2, 4, 24].map((gib) => defaultRenderMaxCacheMb(gib * GiB)),
    [64, 64, 128, 256, 512, 512],
  );
  assert.equal(loadConfig({}).renderBudget.maxCacheMegabytes, defaultRenderMaxCacheMb(hostMemoryBytes()));
  assert.equal(loadConfig({ RENDER_MAX_CACHE_MB: '1000' }).renderBudget.maxCacheMegabytes, 1000);
  assert.ok(hostMemoryBytes() > 0 && hostMemoryBytes() <= os.totalmem());
});
