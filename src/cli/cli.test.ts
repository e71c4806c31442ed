import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import sharp from 'sharp';
import { loadConfig } from '../config.js';
import { buildApp, type ImprintApp } from '../http/app.js';
import { MemoryRateLimiter } from '../http/rate-limiter.js';
import { sampleTemplate } from '../http/test-app.js';
import { createRuntime, type Runtime } from '../main.js';
import { renderDocument } from '../render/render-document.js';
import { DEFAULT_AUTH_SETTINGS } from '../services/auth-context.js';
import { freshPgSchema } from '../pg-schema.test-helper.js';
import { main } from './cli.js';

/**
 * The CLI and a running server share DATA_DIR: what the operator does here
 * must take effect on the server's very next request.
 */
describe('npx imprint', () => {
  let dir: string;
  let env: NodeJS.ProcessEnv;
  let server: Runtime;
  let app: ImprintApp;

  const run = async (...argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await main([...argv, '--json'], { env, out: (l) => out.push(l), err: (l) => err.push(l) });
    return { code, json: JSON.parse(out.join('\n') || 'null'), err: err.join('\n') };
  };

  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'imprint-cli-'));
    env = { DATA_DIR: dir };
    server = await createRuntime(loadConfig(env), { renderWorkers: false });
    server.deps.renderer = { render: (input) => renderDocument(input) };
    app = await buildApp({ deps: server.deps, rateLimiter: new MemoryRateLimiter(), limits: { readPerMinute: 1000, generatePerMinute: 1000 }, bodyLimitBytes: 1 << 20 });
  });
  after(async () => {
    await app.close();
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });

  test('accounts, credits, keys and templates, seen at once by the running server', async () => {
    const created = await run('accounts', 'create', '--name', 'acme', '--credits', '5');
    assert.equal(created.code, 0, created.err);
    const { account, apiKey, keyId } = created.json;
    assert.match(apiKey, /^imp_/);
    const auth = { authorization: `Bearer ${apiKey}` };
    assert.equal((await app.inject({ url: '/account', headers: auth })).json().credits, 5);

    assert.equal((await run('credits', 'grant', '--account', account.id, '--amount', '7')).json.balance, 12);
    // A debit as the usage text writes it, with the number as its own argument.
    assert.equal((await run('credits', 'grant', '--account', account.id, '--amount', '-2')).json.balance, 10);
    assert.equal((await run('credits', 'grant', '--account', account.id, '--amount', '2')).json.balance, 12);
    assert.equal((await app.inject({ url: '/account', headers: auth })).json().credits, 12, 'the grant is visible immediately');

    const file = path.join(dir, 'card.json');
    await writeFile(file, JSON.stringify({ name: 'CLI card', template: sampleTemplate() }));
    const imported = await run('templates', 'import', '--account', account.id, file);
    assert.equal(imported.code, 0, imported.err);
    const list = (await app.inject({ url: '/templates/all', headers: auth })).json();
    assert.deepEqual(
      list.map((t: { name: string }) => t.name),
      ['CLI card'],
    );

    const second = await run('keys', 'create', '--account', account.id);
    const keys = (await run('keys', 'list', '--account', account.id)).json;
    assert.equal(keys.length, 2);
    assert.ok(!JSON.stringify(keys).includes(apiKey), 'keys list never shows a plaintext key');

    assert.equal((await run('keys', 'revoke', '--account', account.id, '--key', keyId)).code, 0);
    assert.equal((await app.inject({ url: '/account', headers: auth })).statusCode, 401, 'revocation is immediate');
    assert.equal((await app.inject({ url: '/account', headers: { authorization: `Bearer ${second.json.key}` } })).statusCode, 200);
  });

  test('invites create and users reset-password print one-time links the running server honours once', async (c) => {
    const origin = new URL(server.deps.publicUrl).origin;
    const inviteApp = await buildApp({
      deps: server.deps,
      rateLimiter: new MemoryRateLimiter(),
      limits: { readPerMinute: 1000, generatePerMinute: 1000 },
      bodyLimitBytes: 1 << 20,
      auth: { ...DEFAULT_AUTH_SETTINGS, signup: 'invite', scrypt: { logN: 10, r: 8, p: 1 } },
    });
    c.after(() => inviteApp.close());
    const post = (url: string, payload: object) => inviteApp.inject({ method: 'POST', url, headers: { origin }, payload });

    const lines: string[] = [];
    assert.equal(await main(['invites', 'create'], { env, out: (l) => lines.push(l), err: (l) => lines.push(l) }), 0);
    const token = new RegExp(`${server.deps.publicUrl}/#/signup/([A-Za-z0-9_-]{43})`).exec(lines.join('\n'))?.[1];
    assert.ok(token, `prints the link: ${lines.join('\n')}`);
    const created = await post('/auth/signup', { email: 'cli-user@example.com', password: 'a long enough password', invite: token });
    assert.equal(created.statusCode, 201, created.body);
    assert.equal(created.json().account.credits, 50);
    assert.equal((await post('/auth/signup', { email: 'cli-user2@example.com', password: 'a long enough password', invite: token })).json().code, 'invalid_token');
    assert.match((await run('invites', 'create')).json.url, /#\/signup\/[A-Za-z0-9_-]{43}$/);

    const reset = await run('users', 'reset-password', '--email', 'CLI-User@example.com');
    assert.equal(reset.code, 0, reset.err);
    const resetToken = /#\/reset\/([A-Za-z0-9_-]{43})$/.exec(reset.json.url)?.[1];
    assert.ok(resetToken);
    assert.equal((await post('/auth/reset', { token: resetToken, password: 'the reset password' })).statusCode, 200);
    assert.equal((await post('/auth/reset', { token: resetToken, password: 'once more please' })).json().code, 'invalid_token');
    assert.equal((await post('/auth/signin', { email: 'cli-user@example.com', password: 'the reset password' })).statusCode, 200);

    const nobody = await run('users', 'reset-password', '--email', 'nobody@example.com');
    assert.equal(nobody.code, 2);
    assert.equal(nobody.json.error.code, 'not_found');
    assert.equal((await run('users', 'reset-password')).code, 2, '--email is required');
  });

  test('bad input is a clear error with a non-zero exit', async () => {
    const missing = await run('credits', 'grant', '--account', 'acc_nope', '--amount', '5');
    assert.equal(missing.code, 2);
    assert.equal(missing.json.error.code, 'not_found');
    const unknown = await run('frobnicate');
    assert.equal(unknown.code, 2);
    const unknownOption = await run('credits', 'grant', '--acount', 'acc_nope');
    assert.equal(unknownOption.code, 2);
    assert.equal(unknownOption.json.error.code, 'invalid_request');
    assert.match(unknownOption.json.error.message, /--acount.*npx imprint --help/);
    const duplicate = await run('accounts', 'create', '--name', 'acme');
    assert.equal(duplicate.code, 2);
    assert.match(duplicate.json.error.message, /already exists/);
  });

  test('ledger check passes on a consistent ledger and fails, naming the account, on a stuck reservation', async () => {
    const created = await run('accounts', 'create', '--name', 'ledger-probe', '--credits', '3');
    const ok = await run('ledger', 'check');
    assert.equal(ok.code, 0, JSON.stringify(ok.json));
    assert.equal(ok.json.ok, true);
    assert.ok(ok.json.accounts.some((a: { accountId: string; balance: number }) => a.accountId === created.json.account.id && a.balance === 3));

    // A reservation from an hour ago that no sweeper settled: more than lease + one sweep (150 s by default).
    const hourAgo = new Date(Date.now() - 3_600_000);
    await server.deps.store.reserveCredits(created.json.account.id, 1, 'req_stuck', hourAgo.toISOString(), new Date(hourAgo.getTime() + 120_000).toISOString());
    const stuck = await run('ledger', 'check');
    assert.equal(stuck.code, 1);
    assert.equal(stuck.json.ok, false);
    const bad = stuck.json.accounts.find((a: { accountId: string }) => a.accountId === created.json.account.id);
    assert.equal(bad.pending, 1);
    assert.match(bad.problems.join('\n'), /pending since .* longer than the lease plus one sweep \(150 s\)/);
    const err: string[] = [];
    assert.equal(await main(['ledger', 'check'], { env, out: () => {}, err: (l) => err.push(l) }), 1);
    assert.match(err.join('\n'), new RegExp(`${created.json.account.id} "ledger-probe"`), 'the text names the account');

    assert.deepEqual(await server.deps.store.settleExpiredReservations(new Date().toISOString()), { committed: 0, refunded: 1 });
    assert.equal((await run('ledger', 'check')).code, 0, 'settled: consistent again');
  });

  test('backup copies the SQLite database the running server holds open, verified, owner-only, never over a file', async () => {
    const created = await run('accounts', 'create', '--name', 'backed-up', '--credits', '4');
    const out = path.join(dir, 'backups', 'imprint-backup.db');
    await mkdir(path.dirname(out));
    // The server keeps writing during the copy: the backup is one consistent moment either way.
    const [backup] = await Promise.all([run('backup', '--out', out), server.deps.store.grantCredits(created.json.account.id, 1, 'during the backup', new Date().toISOString())]);
    assert.equal(backup.code, 0, backup.err);
    assert.equal(backup.json.file, out);
    assert.ok(backup.json.pages > 0);
    assert.equal((await stat(out)).mode & 0o777, 0o600);

    const copy = new Database(out, { readonly: true, fileMustExist: true });
    try {
      assert.equal(copy.pragma('integrity_check', { simple: true }), 'ok');
      const row = copy.prepare('SELECT credits FROM accounts WHERE id = ?').get(created.json.account.id) as { credits: number };
      assert.ok(row.credits === 4 || row.credits === 5, `the account and its balance (${row.credits})`);
      const ledger = copy.prepare('SELECT COALESCE(SUM(delta), 0) AS sum FROM ledger WHERE account_id = ?').get(created.json.account.id) as { sum: number };
      assert.equal(ledger.sum, row.credits, 'the ledger and the balance are from the same moment');
      const versions = copy.prepare('SELECT COUNT(*) AS n FROM schema_migrations').get() as { n: number };
      assert.ok(versions.n > 0, 'the schema comes along');
    } finally {
      copy.close();
    }
    assert.deepEqual(await readdir(path.dirname(out)), ['imprint-backup.db'], 'no partial file left beside it');

    const again = await run('backup', '--out', out);
    assert.equal(again.code, 2);
    assert.match(again.json.error.message, /already exists/);
    const missing = await run('backup');
    assert.equal(missing.code, 2);
    assert.match(missing.json.error.message, /--out/);
  });

  test('render draws a template locally with --set overrides, no server and no credits', async () => {
    const file = path.join(dir, 'local.json');
    await writeFile(file, JSON.stringify(sampleTemplate()));
    const out = path.join(dir, 'out.png');
    const result = await run('render', file, '--out', out, '--set', 'title.text=From the CLI', '--set', 'background.fill=#14532d', '--scale', '2');
    assert.equal(result.code, 0, result.err);
    const meta = await sharp(await readFile(out)).metadata();
    assert.deepEqual([meta.format, meta.width, meta.height], ['png', 640, 360]);
    const { data } = await sharp(out).extract({ left: 6, top: 300, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
    assert.deepEqual([...data.subarray(0, 3)], [0x14, 0x53, 0x2d], 'the fill override is drawn');
    const bad = await run('render', file, '--out', out, '--set', 'nope.text=x');
    assert.equal(bad.json.error.code, 'unknown_element');
  });

  test('render reads local images: a path in the template (next to it) and a --set path (from the working directory)', async () => {
    const folder = path.join(dir, 'design');
    await mkdir(folder, { recursive: true });
    const solid = (r: number, g: number, b: number) =>
      sharp({ create: { width: 10, height: 10, channels: 3, background: { r, g, b } } })
        .png()
        .toBuffer();
    await writeFile(path.join(folder, 'logo.png'), await solid(200, 0, 0));
    await writeFile(path.join(dir, 'photo.png'), await solid(0, 0, 200));
    const template = {
      version: '7.0.0',
      width: 100,
      height: 50,
      background: '#ffffff',
      objects: [
        { type: 'Image', name: 'logo', originX: 'left', originY: 'top', left: 0, top: 0, width: 10, height: 10, scaleX: 5, scaleY: 5, src: 'logo.png' },
        { type: 'Image', name: 'photo', originX: 'left', originY: 'top', left: 50, top: 0, width: 10, height: 10, scaleX: 5, scaleY: 5, src: './logo.png' },
      ],
    };
    const file = path.join(folder, 'local-images.json');
    await writeFile(file, JSON.stringify(template));
    const out = path.join(dir, 'local-images.png');
    const fromCwd = `./${path.relative(process.cwd(), path.join(dir, 'photo.png'))}`;
    const result = await run('render', file, '--out', out, '--set', `photo.src=${fromCwd}`);
    assert.equal(result.code, 0, result.err);
    const pixel = async (left: number) => [...(await sharp(out).extract({ left, top: 25, width: 1, height: 1 }).raw().toBuffer()).subarray(0, 3)];
    assert.deepEqual(await pixel(25), [200, 0, 0], "the template's relative src is read next to the template");
    assert.deepEqual(await pixel(75), [0, 0, 200], 'the --set path is read from the working directory');

    const missing = await run('render', file, '--out', out, '--set', 'photo.src=./no-such-photo.png');
    assert.equal(missing.json.error.code, 'image_fetch_failed');
    assert.match(missing.json.error.message, /photo/);

    // The HTTP API never reads the server's files: the same template is refused on import.
    const account = (await run('accounts', 'create', '--name', 'local-files')).json.account;
    const imported = await run('templates', 'import', '--account', account.id, file);
    assert.equal(imported.json.error.code, 'invalid_template');
    assert.match(imported.json.error.message, /http\(s\) URL/);
  });
  test('url-keys create and url print a signed image URL the server renders', async () => {
    const created = await run('accounts', 'create', '--name', 'signer', '--credits', '3');
    const { account, apiKey } = created.json;
    const file = path.join(dir, 'signed.json');
    await writeFile(file, JSON.stringify({ name: 'Signed card', template: sampleTemplate() }));
    const template = (await run('templates', 'import', '--account', account.id, file)).json;
    const key = await run('url-keys', 'create', '--account', account.id, '--name', 'cli');
    assert.equal(key.code, 0, key.err);
    assert.match(key.json.id, /^uk_/);
    const signed = await run('url', '--template', template.id, '--set', 'title.text=Hi from the CLI', '--key', key.json.id, '--rev', '1');
    assert.equal(signed.code, 0, signed.err);
    const url = new URL(signed.json.url);
    assert.equal(url.pathname, `/u/${template.id}.png`);
    assert.equal(url.searchParams.get('title.text'), 'Hi from the CLI');
    const image = await app.inject({ url: `${url.pathname}${url.search}` });
    assert.equal(image.statusCode, 200, image.body);
    assert.equal(image.headers['content-type'], 'image/png');
    assert.equal((await app.inject({ url: '/account', headers: { authorization: `Bearer ${apiKey}` } })).json().credits, 2);
    const wrong = await run('url', '--template', template.id, '--set', 'nosuch.text=x', '--key', key.json.id);
    assert.notEqual(wrong.code, 0);
    assert.equal(wrong.json.error.code, 'unknown_element');
    assert.equal((await run('url', '--template', template.id, '--key', 'uk_missing')).json.error.code, 'key_not_found');
  });
});

test('backup on PostgreSQL is refused, pointing to pg_dump, and writes nothing', async () => {
  const schema = await freshPgSchema('cli_backup');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'imprint-cli-pg-'));
  try {
    const out: string[] = [];
    const code = await main(['backup', '--out', path.join(dir, 'x.db'), '--json'], { env: { DATA_DIR: dir, DATABASE_URL: schema.url }, out: (l) => out.push(l), err: () => {} });
    assert.equal(code, 2);
    const { error } = JSON.parse(out.join('\n'));
    assert.equal(error.code, 'invalid_request');
    assert.match(error.message, /PostgreSQL.*pg_dump/);
    assert.deepEqual(await readdir(dir), [], 'no file, not even a partial one');
  } finally {
    await schema.drop();
    await rm(dir, { recursive: true, force: true });
  }
});
