/**
 * SIGTERM on a real server process while it renders: it turns unready at
 * once, refuses new work with a retryable 503, finishes the render it had
 * started (the image is written and answered) and then exits 0 by itself.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { slowWithinBudget } from './adversarial-templates.test-helper.js';
import { ERROR_CATALOG } from './domain/errors.js';
import { catalogProblem, type ServerProcess, startServerProcess } from './server-process.test-helper.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits (bounded) until the process has spent `ms` more CPU than at `since`: proof that work is under way. */
async function cpuSpent(server: ServerProcess, since: number, ms: number): Promise<void> {
  for (let i = 0; i < 600 && server.cpuMs() - since < ms; i++) await sleep(100);
  assert.ok(server.cpuMs() - since >= ms, 'the render did not start');
}

/** Waits (bounded) until the process idles, so startup thumbnails cannot pass for the render under test. */
async function quiet(server: ServerProcess): Promise<void> {
  for (let i = 0; i < 120; i++) {
    const before = server.cpuMs();
    await sleep(500);
    if (server.cpuMs() - before <= 50) return;
  }
  assert.fail('the server never went idle');
}

async function asResponse(res: Response) {
  return { status: res.status, headers: Object.fromEntries(res.headers), body: await res.text() };
}

test('SIGTERM: readyz 503 at once, new requests 503 + Retry-After, the running render finishes, exit 0', { timeout: 240_000 }, async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'imprint-drain-'));
  const server = await startServerProcess({ DATA_DIR: dataDir, SHUTDOWN_GRACE_S: '180', RENDER_TIMEOUT_MS: '180000' });
  const exitCode = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
  try {
    const saved = await fetch(`${server.base}/templates`, {
      method: 'POST',
      headers: { ...server.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'slow', template: slowWithinBudget() }),
    });
    assert.equal(saved.status, 201, await saved.clone().text());
    const templateId = ((await saved.json()) as { id: string }).id;
    await quiet(server);

    const cpuBefore = server.cpuMs();
    const inFlight = fetch(`${server.base}/image/generate`, {
      method: 'POST',
      headers: { ...server.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ templateId }),
    });
    await cpuSpent(server, cpuBefore, 1000);
    server.child.kill('SIGTERM');

    // The signal is handled on the next turn of the server's event loop: poll (bounded) for the first 503.
    let ready = await asResponse(await fetch(`${server.base}/readyz`));
    for (let i = 0; i < 50 && ready.status === 200; i++) {
      await sleep(100);
      ready = await asResponse(await fetch(`${server.base}/readyz`));
    }
    assert.equal(ready.status, 503, ready.body);
    assert.equal(catalogProblem(ERROR_CATALOG, 'GET', ready), null);
    assert.equal(JSON.parse(ready.body).code, 'service_unavailable');

    const refused = await asResponse(await fetch(`${server.base}/templates/all`, { headers: server.auth }));
    assert.equal(refused.status, 503, refused.body);
    assert.equal(catalogProblem(ERROR_CATALOG, 'GET', refused), null, 'a catalog error with Retry-After');
    assert.equal(JSON.parse(refused.body).code, 'service_unavailable');
    assert.ok(Number(refused.headers['retry-after']) >= 1);
    assert.equal(refused.headers.connection, 'close', 'keep-alive clients reconnect, to another node');
    assert.equal((await fetch(`${server.base}/healthz`)).status, 200, 'still alive: the load balancer must not kill it');
    assert.ok(server.alive(), 'still running while the render is');

    const rendered = await inFlight;
    const body = (await rendered.json()) as { imageURL: string };
    assert.equal(rendered.status, 200, JSON.stringify(body));
    assert.equal(await exitCode, 0, server.output());
    const file = path.join(dataDir, 'blobs', 'images', path.basename(new URL(body.imageURL).pathname));
    const png = await readFile(file);
    assert.deepEqual([...png.subarray(1, 4)], [...Buffer.from('PNG')], `the image was written: ${file}`);
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
});

test('SIGTERM: a client trickling a request body cannot keep the process past SHUTDOWN_GRACE_S', { timeout: 120_000 }, async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'imprint-drain-'));
  const server = await startServerProcess({ DATA_DIR: dataDir, SHUTDOWN_GRACE_S: '2' });
  const socket = net.connect(server.port, '127.0.0.1');
  try {
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    // An authenticated generate whose body never finishes: 1 of 100 bytes, then nothing.
    socket.write(`POST /image/generate HTTP/1.1\r\nHost: x\r\nAuthorization: ${server.auth.authorization}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{`);
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    await sleep(500);
    server.child.kill('SIGTERM');
    // The client never finishes nor hangs up: before, the process waited for it (up to Node's 5-minute request timeout).
    const exit = await Promise.race([server.exited.then(() => server.child.exitCode), sleep(30_000).then(() => 'still running' as const)]);
    assert.equal(exit, 0, `${server.output()}`);
    // Closed by the server: the client's side never ends it.
    await closed;
  } finally {
    socket.destroy();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
});
