import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { connect } from 'node:net';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, startServerProcess } from './server-process.test-helper.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const entry = existsSync(path.join(here, 'main.js')) ? path.join(here, 'main.js') : path.join(here, 'main.ts');

/** The one test that starts the real server process, as a new user would, and calls it over TCP. */
test('the real server starts on a fresh DATA_DIR, seeds the demo account once, and serves the contract', { timeout: 90_000 }, async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'imprint-server-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const start = () => {
    const child = spawn(process.execPath, [...process.execArgv, entry], {
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: base, LOG_LEVEL: 'warn', RENDER_WORKERS: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const listening = new Promise<void>((resolve, reject) => {
      child.stdout.on('data', () => output.includes('listening') && resolve());
      child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
    });
    return { child, listening, output: () => output };
  };
  const stop = (child: ReturnType<typeof spawn>) =>
    new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });

  try {
    const first = start();
    await first.listening;
    const key = /IMPRINT_KEY=(imp_[0-9A-Za-z]+)/.exec(first.output())?.[1];
    assert.ok(key, `the first run prints the demo key:\n${first.output()}`);
    const auth = { authorization: `Bearer ${key}` };
    const password = /password: ([0-9A-Za-z]+)/.exec(first.output())?.[1];
    assert.ok(first.output().includes('email:    demo@example.com') && password, `the first run prints the demo sign-in:\n${first.output()}`);
    const signIn = await fetch(`${base}/auth/signin`, {
      method: 'POST',
      headers: { origin: base, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@example.com', password }),
    });
    assert.equal(signIn.status, 200, await signIn.clone().text());
    const cookie = signIn.headers.get('set-cookie')!.split(';')[0];
    const viaCookie = (await (await fetch(`${base}/account`, { headers: { cookie } })).json()) as { name: string; credits: number };
    assert.deepEqual([viaCookie.name, viaCookie.credits], ['demo', 100], 'the demo sign-in opens the demo account');

    const templates = (await (await fetch(`${base}/templates/all`, { headers: auth })).json()) as Array<{ id: string; name: string }>;
    assert.equal(templates.length, 3, 'three demo templates');
    const elements = (await (await fetch(`${base}/templates/${templates[0].id}/elements`, { headers: auth })).json()) as { elements: Record<string, unknown> };
    assert.ok(Object.keys(elements.elements).length > 3);

    const res = await fetch(`${base}/image/generate`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ templateId: templates[0].id }),
    });
    const body = (await res.json()) as { imageURL: string; usage: { remainingCredits: number } };
    assert.equal(res.status, 200, JSON.stringify(body));
    assert.equal(body.usage.remainingCredits, 99);
    assert.ok(body.imageURL.startsWith(`${base}/images/`));
    const image = await fetch(body.imageURL);
    assert.equal(image.headers.get('content-type'), 'image/png');
    assert.ok((await image.arrayBuffer()).byteLength > 1000);
    await stop(first.child);

    const second = start();
    await second.listening;
    assert.ok(!second.output().includes('IMPRINT_KEY='), 'the key is shown only on the first run');
    assert.ok(!second.output().includes('password:'), 'so is the demo password');
    const account = (await (await fetch(`${base}/account`, { headers: auth })).json()) as { credits: number };
    assert.equal(account.credits, 99, 'state survives a restart');
    await stop(second.child);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});

test('a bad setting stops the server with a message naming it', async () => {
  const child = spawn(process.execPath, [...process.execArgv, entry], { env: { ...process.env, PORT: 'eighty' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stderr.on('data', (d) => (output += d));
  const code = await new Promise((resolve) => child.once('exit', resolve));
  assert.equal(code, 1);
  assert.match(output, /PORT="eighty" must be a whole number/);
});

test('at LOG_LEVEL=info each request is one log line, with its method, URL, status and time', { timeout: 90_000 }, async () => {
  const server = await startServerProcess({ LOG_LEVEL: 'info', SEED_DEMO: '0' }, { requireKey: false });
  try {
    const before = server.output().split('\n').length;
    assert.equal((await fetch(`${server.base}/healthz?probe=1`)).status, 200);
    // pino has written the line before the response's last byte left (onResponse), but give the pipe a moment.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const lines = server
      .output()
      .split('\n')
      .slice(before - 1)
      .filter((line) => line.includes('/healthz?probe=1'));
    assert.equal(lines.length, 1, server.output());
    const entry = JSON.parse(lines[0]) as { msg: string; req: { method: string; url: string }; res: { statusCode: number }; responseTime: number; reqId: string };
    assert.equal(entry.msg, 'request completed');
    assert.deepEqual(entry.req, { method: 'GET', url: '/healthz?probe=1' });
    assert.equal(entry.res.statusCode, 200);
    assert.equal(typeof entry.responseTime, 'number');
    assert.match(entry.reqId, /^req_/);

    // A client that hangs up before the answer still leaves a line: here mid-body, on a route that needs no key.
    const socket = connect(Number(new URL(server.base).port), '127.0.0.1');
    await once(socket, 'connect');
    socket.write('POST /auth/signin?probe=2 HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email"');
    await new Promise((resolve) => setTimeout(resolve, 200));
    socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const aborted = server
      .output()
      .split('\n')
      .filter((line) => line.includes('/auth/signin?probe=2'));
    assert.equal(aborted.length, 1, server.output());
    assert.equal((JSON.parse(aborted[0]) as { msg: string }).msg, 'client closed the connection before the answer');
  } finally {
    await server.stop();
  }
});
