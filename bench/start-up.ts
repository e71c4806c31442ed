/**
 * Start-up as an operator sees it: `npm start` on an already-built checkout,
 * from the command to the moment /readyz answers 200, and then how long the
 * first generate takes next to the ones after it. Real processes over TCP.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '../src/repo-root.js';
import { freePort } from '../src/server-process.test-helper.js';
import { percentile } from './measure.js';

export interface StartUpFigures {
  /** `npm start` to /readyz 200, one per restart (ms). */
  restartToReadyMs: number[];
  /** The first generate after each restart (ms, client-side). */
  firstGenerateMs: number[];
  /**
   * Right after that one, two generates sent at once, one per worker: the slower of the two, which
   * is the other worker's first (ms). The first generate alone only ever reaches the first idle worker.
   */
  secondWorkerFirstMs: number[];
  /** p50 of the following generates, one at a time (ms). */
  laterGenerateP50Ms: number;
  /** CPU the server process had used when /readyz first answered 200, one per restart; null where /proc is not there. */
  cpuAtReady: Array<ThreadCpu | null>;
}

/** CPU time of the server process (ms): its main thread, and every other thread (render workers, V8's and libuv's helpers). */
export interface ThreadCpu {
  mainMs: number;
  otherThreadsMs: number;
}

/** Fields of /proc/<pid>/stat after the command name (which may hold spaces). */
function statFields(file: string): string[] {
  const stat = readFileSync(file, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/**
 * The CPU the server under `npm start` has used so far. The machine is shared and
 * wall-clock start-up moves with its load; CPU time moves much less, so it is
 * what tells a real change from noise. The server is the deepest `node` under npm.
 */
function serverCpu(npmPid: number): ThreadCpu | null {
  if (!existsSync('/proc/self/stat')) return null;
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      parents.set(Number(entry), Number(statFields(`/proc/${entry}/stat`)[1]));
    } catch {
      // exited meanwhile
    }
  }
  const depth = (pid: number): number => {
    let d = 0;
    for (let p: number | undefined = pid; p !== undefined && p !== npmPid; p = parents.get(p), d++) if (p <= 1 || d > 10) return -1;
    return d;
  };
  const server = [...parents.keys()].map((pid) => ({ pid, d: depth(pid) })).sort((a, b) => b.d - a.d)[0];
  if (!server || server.d <= 0) return null;
  const tick = 100; // USER_HZ, 100 on every Linux Node supports
  let mainMs = 0;
  let otherThreadsMs = 0;
  for (const tid of readdirSync(`/proc/${server.pid}/task`)) {
    try {
      const fields = statFields(`/proc/${server.pid}/task/${tid}/stat`);
      const ms = ((Number(fields[11]) + Number(fields[12])) * 1000) / tick;
      if (Number(tid) === server.pid) mainMs += ms;
      else otherThreadsMs += ms;
    } catch {
      // a thread that ended meanwhile
    }
  }
  return { mainMs, otherThreadsMs };
}

interface Started {
  child: ChildProcess;
  output: () => string;
}

function startNpm(root: string, env: Record<string, string>): Started {
  // npm, as the README says; detached so the whole group (npm, sh, node) can be stopped.
  const child = spawn('npm', ['start', '--silent'], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  return { child, output: () => output };
}

async function stop(started: Started): Promise<void> {
  const exited = new Promise((resolve) => started.child.once('exit', resolve));
  try {
    if (started.child.pid) process.kill(-started.child.pid, 'SIGTERM');
  } catch {
    return;
  }
  await exited;
}

async function waitReady(base: string, started: Started, limitMs = 120_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    if (started.child.exitCode !== null) throw new Error(`the server exited during start:\n${started.output()}`);
    try {
      if ((await fetch(`${base}/readyz`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`not ready within ${limitMs} ms:\n${started.output()}`);
}

async function generate(base: string, key: string, templateId: string, text: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${base}/image/generate`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ templateId, elements: { title: { text } } }),
  });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`generate answered ${response.status}: ${body}`);
  return performance.now() - started;
}

export async function measureStartUp(restarts = 3, laterRequests = 20): Promise<StartUpFigures> {
  const root = repoRoot();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'imprint-bench-start-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: base, LOG_LEVEL: 'error', RATE_LIMIT_GENERATE: '1000000' };
  try {
    // The first start seeds the demo account and prints its key and templates; it is not timed.
    const first = startNpm(root, env);
    await waitReady(base, first);
    const key = /export IMPRINT_KEY=(\S+)/.exec(first.output())?.[1];
    const templates = /Demo templates: (.+)/.exec(first.output())?.[1]?.split(', ') ?? [];
    // The social card (the demo files are seeded in name order: certificate, quote card, social card) has a "title".
    const socialCard = templates[2];
    if (!key || !socialCard) throw new Error(`no demo key or templates in the first start's output:\n${first.output()}`);
    await stop(first);

    const figures: StartUpFigures = { restartToReadyMs: [], firstGenerateMs: [], secondWorkerFirstMs: [], laterGenerateP50Ms: 0, cpuAtReady: [] };
    const later: number[] = [];
    for (let round = 0; round < restarts; round++) {
      const t0 = performance.now();
      const server = startNpm(root, env);
      await waitReady(base, server);
      figures.restartToReadyMs.push(performance.now() - t0);
      figures.cpuAtReady.push(server.child.pid ? serverCpu(server.child.pid) : null);
      figures.firstGenerateMs.push(await generate(base, key, socialCard, `First after restart ${round}`));
      const pair = await Promise.all([generate(base, key, socialCard, `Pair ${round}a`), generate(base, key, socialCard, `Pair ${round}b`)]);
      figures.secondWorkerFirstMs.push(Math.max(...pair));
      for (let i = 0; i < laterRequests; i++) later.push(await generate(base, key, socialCard, `Later ${round}.${i}`));
      await stop(server);
    }
    figures.laterGenerateP50Ms = percentile(
      later.sort((a, b) => a - b),
      50,
    );
    return figures;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The start-up rows of `npm run bench`, also runnable alone: `node dist/bench/start-up.js`. */
export async function printStartUp(): Promise<void> {
  const f = await measureStartUp();
  const ms = (values: number[]) => values.map((v) => `${Math.round(v)}`).join(' / ');
  const worst = (values: number[]) => Math.max(...values);
  console.log('\nStart-up (npm start on a built checkout; 3 restarts; a real server and client over TCP)');
  console.log(`  restart to ready (npm start → /readyz 200)   ${ms(f.restartToReadyMs)} ms   target ≤ 2000 ms: ${worst(f.restartToReadyMs) <= 2000 ? 'met' : 'MISSED'}`);
  const cpu = f.cpuAtReady.filter((c) => c !== null);
  if (cpu.length > 0) {
    console.log(
      `  server CPU at ready: main thread / others     ${cpu.map((c) => `${Math.round(c.mainMs)}/${Math.round(c.otherThreadsMs)}`).join('   ')} ms   (others: render workers, V8 and libuv helpers)`,
    );
  }
  console.log(`  first generate after each restart            ${ms(f.firstGenerateMs)} ms   target ≤ 100 ms: ${worst(f.firstGenerateMs) <= 100 ? 'met' : 'MISSED'}`);
  console.log(`  then two at once, one per worker: the slower  ${ms(f.secondWorkerFirstMs)} ms   (informational: the other worker's first generate)`);
  console.log(
    `  later generates, p50 (one at a time)         ${Math.round(f.laterGenerateP50Ms)} ms   (first / later: ${(worst(f.firstGenerateMs) / f.laterGenerateP50Ms).toFixed(2)}× worst case)`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  printStartUp().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}
