/**
 * A real server process for tests that must see what a client sees over TCP:
 * the CPU and memory the process spends, whether it survives, raw HTTP edge
 * cases. Started as src/server.test.ts starts it (dist/src/main.js), on a fresh
 * DATA_DIR with the demo account seeded.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { sampleTemplate } from './http/test-app.js';
import { bundledFontFamilies } from './render/fonts/font-registry.js';
import { createAccount } from './services/manage-accounts.js';
import { createTemplate } from './services/manage-templates.js';
import { openStore } from './store/open-store.js';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const entry = existsSync(path.join(here, 'main.js')) ? path.join(here, 'main.js') : path.join(here, 'main.ts');
const TICK_MS = 1000 / 100; // USER_HZ is 100 on every Linux this runs on

export interface ServerProcess {
  base: string;
  port: number;
  dataDir: string;
  pid: number;
  child: ChildProcess;
  /** The demo account's key ('' when started with SEED_DEMO=0). */
  key: string;
  auth: { authorization: string };
  output(): string;
  alive(): boolean;
  /** Resolves when the process has exited, however it ended. */
  exited: Promise<void>;
  /** SIGKILL: no shutdown hook runs, as when a machine dies. Resolves once the process is gone. */
  kill(): Promise<void>;
  /** User + system CPU of the whole process (all threads) so far, in ms (10 ms resolution). */
  cpuMs(): number;
  /** The same for the main thread alone (the event loop), without the render workers and the thread pool. */
  mainThreadCpuMs(): number;
  /** Resident memory now, in MiB. */
  rssMiB(): number;
  /** Peak resident memory since the last resetPeak(), in MiB. */
  peakRssMiB(): number;
  /** Resets the peak (Linux clear_refs 5) so a following peakRssMiB() covers only what comes after. */
  resetPeak(): void;
  stop(): Promise<void>;
}

/** A TCP port that was free a moment ago, for a server process to bind. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** utime + stime from a /proc stat file, in ms: the 12th and 13th fields after the parenthesised command name. */
function cpuMsOf(statFile: string): number {
  const stat = readFileSync(statFile, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

function statusKiB(pid: number, field: string): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) : NaN;
}

export interface ServerProcessOptions {
  /** Bind this port (a node restarted where its load balancer expects it); default a free one. */
  port?: number;
  /** Use (and keep) this DATA_DIR, e.g. a SQLite file that must outlive a restart; default a fresh one removed by stop(). */
  dataDir?: string;
  /**
   * Whether the demo key must be printed; default unless SEED_DEMO=0. Nodes
   * started together on one fresh database race to seed: one prints it.
   */
  requireKey?: boolean;
  /** Node flags for the server only, e.g. `--cpu-prof` for a profile of the server under a load. */
  nodeArgs?: string[];
  /** The script to run; default dist/src/main.js, what the tests run. The bench passes the bundle `npm start` runs. */
  entry?: string;
}

export async function startServerProcess(env: Record<string, string> = {}, options: ServerProcessOptions = {}): Promise<ServerProcess> {
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'imprint-proc-')));
  const port = options.port ?? (await freePort());
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...process.execArgv, ...(options.nodeArgs ?? []), options.entry ?? entry], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: base,
      LOG_LEVEL: 'error',
      RENDER_WORKERS: '1',
      SEED_DEMO: '1',
      RATE_LIMIT_READ: '1000000',
      RATE_LIMIT_GENERATE: '1000000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let exited = false;
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exit = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  await new Promise<void>((resolve, reject) => {
    // Removed once seen: `includes` would flatten the whole growing log on every later chunk,
    // CPU that a bench's process takes from the server it measures.
    const ready = (): void => {
      if (!output.includes('listening')) return;
      child.stdout!.off('data', ready);
      resolve();
    };
    child.stdout!.on('data', ready);
    void exit.then(() => reject(new Error(`server exited early:\n${output}`)));
  });
  // A second node on a database another node already seeded prints no key (SEED_DEMO=0): its key is ''.
  const key = /IMPRINT_KEY=(imp_[0-9A-Za-z]+)/.exec(output)?.[1] ?? '';
  if (!key && (options.requireKey ?? env.SEED_DEMO !== '0')) throw new Error(`no demo key printed:\n${output}`);
  const pid = child.pid!;
  return {
    base,
    port,
    dataDir,
    pid,
    child,
    key,
    auth: { authorization: `Bearer ${key}` },
    output: () => output,
    alive: () => !exited,
    exited: exit,
    async kill() {
      if (!exited) child.kill('SIGKILL');
      await exit;
    },
    cpuMs: () => cpuMsOf(`/proc/${pid}/stat`),
    // The main thread's id is the process id.
    mainThreadCpuMs: () => cpuMsOf(`/proc/${pid}/task/${pid}/stat`),
    rssMiB: () => statusKiB(pid, 'VmRSS') / 1024,
    peakRssMiB: () => statusKiB(pid, 'VmHWM') / 1024,
    resetPeak: () => writeFileSync(`/proc/${pid}/clear_refs`, '5'),
    async stop() {
      if (!exited) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exit;
        clearTimeout(timer);
      }
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Sends bytes as they are (no client-side normalisation) and returns the raw response text. */
export function rawHttp(port: number, request: string | Buffer, timeoutMs = 10_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error('raw request timed out'));
    }, timeoutMs);
    socket.on('data', (d) => chunks.push(d));
    socket.on('error', () => undefined); // a reset after the answer is fine
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks).toString('latin1'));
    });
    // Write without half-closing: a client that shuts its side early gets no streamed
    // answer (e.g. GET /), which real clients never do. Connection: close ends it.
    socket.write(request);
  });
}

/** Splits a raw HTTP/1.1 response into status, lower-cased headers and body. */
export function parseRawResponse(raw: string): { status: number; headers: Record<string, string>; body: string } {
  // Interim answers (100 Continue to "Expect: 100-continue") precede the real one.
  while (/^HTTP\/1\.[01] 1\d\d /.test(raw) && raw.includes('\r\n\r\n')) raw = raw.slice(raw.indexOf('\r\n\r\n') + 4);
  const split = raw.indexOf('\r\n\r\n');
  const head = split === -1 ? raw : raw.slice(0, split);
  const [statusLine, ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body: split === -1 ? '' : raw.slice(split + 4) };
}

const ERROR_FIELDS = ['status', 'statusCode', 'code', 'message', 'requestId', 'timestamp'];

/**
 * Why a response is outside the error catalog's contract, or null when it is
 * inside: an error body has exactly the catalog's fields, a code whose catalog
 * status is the HTTP status, and a HEAD response has no body at all.
 */
export function catalogProblem(catalog: Readonly<Record<string, number>>, method: string, res: { status: number; headers: Record<string, string>; body: string }): string | null {
  if (method === 'HEAD') return res.body.length > 0 ? `HEAD answered with a body: ${res.body.slice(0, 120)}` : null;
  if (res.status < 400) return null;
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(res.body) as Record<string, unknown>;
  } catch {
    return `${res.status} with a non-JSON body: ${res.body.slice(0, 120)}`;
  }
  const keys = Object.keys(body).sort();
  const expected = [...ERROR_FIELDS, ...('errors' in body ? ['errors'] : [])].sort();
  if (keys.join() !== expected.join()) return `error fields ${keys.join(',')}: ${res.body.slice(0, 160)}`;
  if (body.status !== 'error' || body.statusCode !== res.status) return `status fields disagree with HTTP ${res.status}: ${res.body.slice(0, 160)}`;
  if (typeof body.code !== 'string' || catalog[body.code] !== res.status) return `code ${String(body.code)} is not a catalog code for ${res.status}`;
  if (typeof body.message !== 'string' || typeof body.requestId !== 'string' || Number.isNaN(Date.parse(String(body.timestamp))))
    return `bad message/requestId/timestamp: ${res.body.slice(0, 160)}`;
  if (res.headers['request-id'] !== undefined && res.headers['request-id'] !== body.requestId) return 'requestId differs from the Request-Id header';
  if ('errors' in body && !(Array.isArray(body.errors) && body.errors.every((e) => typeof e?.path === 'string' && typeof e?.message === 'string')))
    return 'errors is not [{path, message}]';
  if (res.status === 503 && !res.headers['retry-after']) return '503 without Retry-After';
  if (res.status >= 500 && res.status !== 503) return `server error ${res.status}: ${res.body.slice(0, 160)}`;
  return null;
}

/**
 * An account with `credits` and the sample template, made through the services
 * on the database a server process will open (before any server runs).
 */
export async function seedAccount(db: { databaseUrl?: string; dataDir: string }, name: string, credits: number) {
  const store = await openStore({ databaseUrl: db.databaseUrl || undefined, dataDir: db.dataDir });
  try {
    const deps = { store, now: () => new Date().toISOString(), fontFamilies: async () => bundledFontFamilies() };
    const { account, key } = await createAccount(deps, { name, credits });
    const template = await createTemplate(deps, account.id, { name: 'small', template: sampleTemplate() });
    return { account, template, auth: { authorization: `Bearer ${key.plaintext}` } };
  } finally {
    await store.close();
  }
}

/** dist/src/main.js (or main.ts under tsx) with exactly `env`; `listening` rejects with its output if it exits first. */
export function spawnServer(env: NodeJS.ProcessEnv): { child: ChildProcess; listening: Promise<void> } {
  const child = spawn(process.execPath, [...process.execArgv, entry], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const listening = new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', () => output.includes('listening') && resolve());
    child.once('exit', (code, signal) => reject(new Error(`server exited with ${code ?? signal}:\n${output}`)));
  });
  listening.catch(() => {});
  return { child, listening };
}

export function exited(child: ChildProcess): Promise<unknown> {
  return new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once('exit', resolve)));
}
