/**
 * `npm run bench:attack`: does one hostile tenant hurt everyone else?
 *
 * Starts the real server (dist/src/main.js, real render pool, SQLite) on a
 * free port, with two accounts seeded beforehand. The normal tenant sends
 * 200 generates of the demo social card at concurrency 32, once on a quiet
 * server and once while the attacker keeps sending worst-case requests:
 * - `ATTACK_SLOW` (default 4) loops of the slowest render the static budget
 *   still admits: a 39 MP canvas (just under the 40 MP output and blur
 *   limits) under a 1000 px shadow blur plus 11 canvas-sized layers (just
 *   under the 500 MP paint limit), about 6 s of Skia work each on our VM;
 * - `ATTACK_REFUSED` (default 4) loops of requests over budget (200× the
 *   blur area at scale 1), which must be refused before the debit, cheaply.
 * Prints the normal tenant's p50/p99 both ways and their ratio (target: p99
 * within 2× of quiet), and what the attacker got. A benchmark, not a test:
 * the figures depend on the machine and on whatever else runs on it.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultRenderWorkers } from '../src/config.js';
import { bundledFontFamilies } from '../src/render/fonts/font-registry.js';
import { createAccount } from '../src/services/manage-accounts.js';
import { createTemplate } from '../src/services/manage-templates.js';
import { openStore } from '../src/store/open-store.js';
import { percentile } from './measure.js';
import { freePort } from '../src/server-process.test-helper.js';
import { shadowedRects, slowWithinBudget } from '../src/adversarial-templates.test-helper.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const entry = path.join(root, 'dist', 'src', 'main.js');
const N = Number(process.env.ATTACK_N ?? 200);
const CONCURRENCY = Number(process.env.ATTACK_CONCURRENCY ?? 32);
const SLOW = Number(process.env.ATTACK_SLOW ?? 4);
const REFUSED = Number(process.env.ATTACK_REFUSED ?? 4);

interface Seeded {
  key: string;
  templateId: string;
}

async function seed(dataDir: string): Promise<{ normal: Seeded; slow: Seeded & { overId: string } }> {
  const store = await openStore({ dataDir });
  const bundled = bundledFontFamilies();
  const deps = { store, now: () => new Date().toISOString(), fontFamilies: async () => bundled };
  try {
    const card = JSON.parse(readFileSync(path.join(root, 'templates', 'demo', 'social-card.json'), 'utf8')) as Record<string, unknown>;
    const normal = await createAccount(deps, { name: 'normal', credits: 1_000_000 });
    const normalTpl = await createTemplate(deps, normal.account.id, { name: 'card', template: (card.template ?? card) as unknown });
    const attacker = await createAccount(deps, { name: 'attacker', credits: 1_000_000 });
    const slowTpl = await createTemplate(deps, attacker.account.id, { name: 'slow', template: slowWithinBudget() });
    // Saved because it fits at scale 0.1 (13 MP of blur); at scale 1 it is 1,342 MP.
    const overTpl = await createTemplate(deps, attacker.account.id, { name: 'over', template: shadowedRects(20, 8192) });
    return {
      normal: { key: normal.key.plaintext, templateId: normalTpl.id },
      slow: { key: attacker.key.plaintext, templateId: slowTpl.id, overId: overTpl.id },
    };
  } finally {
    await store.close();
  }
}

async function generate(base: string, key: string, templateId: string): Promise<{ status: number; ms: number }> {
  const t0 = performance.now();
  const res = await fetch(`${base}/image/generate`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ templateId }),
  });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - t0 };
}

async function normalRun(base: string, who: Seeded): Promise<{ p50: number; p99: number; statuses: Record<number, number> }> {
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  let started = 0;
  const lane = async (): Promise<void> => {
    while (started < N) {
      started++;
      const r = await generate(base, who.key, who.templateId);
      statuses[r.status] = (statuses[r.status] ?? 0) + 1;
      latencies.push(r.ms);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, lane));
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), statuses };
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'imprint-attack-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const seeded = await seed(dataDir);
  const child = spawn(process.execPath, [entry], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: base, LOG_LEVEL: 'warn', SEED_DEMO: '0', RATE_LIMIT_GENERATE: '1000000' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  try {
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', () => output.includes('listening') && resolve());
      child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
    });
    console.log(
      `server: ${base}, ${os.availableParallelism()} cores, ${process.env.RENDER_WORKERS ?? defaultRenderWorkers()} render workers; normal tenant: ${N} generates at concurrency ${CONCURRENCY}`,
    );
    for (let i = 0; i < 16; i++) await generate(base, seeded.normal.key, seeded.normal.templateId);

    const quiet = await normalRun(base, seeded.normal);

    let attacking = true;
    const attackerStats = { slow: [] as number[], slowStatus: {} as Record<number, number>, refused: [] as number[], refusedStatus: {} as Record<number, number> };
    const slowLoop = async (): Promise<void> => {
      while (attacking) {
        const r = await generate(base, seeded.slow.key, seeded.slow.templateId);
        attackerStats.slow.push(r.ms);
        attackerStats.slowStatus[r.status] = (attackerStats.slowStatus[r.status] ?? 0) + 1;
      }
    };
    const refusedLoop = async (): Promise<void> => {
      while (attacking) {
        const r = await generate(base, seeded.slow.key, seeded.slow.overId);
        attackerStats.refused.push(r.ms);
        attackerStats.refusedStatus[r.status] = (attackerStats.refusedStatus[r.status] ?? 0) + 1;
      }
    };
    const loops = [...Array.from({ length: SLOW }, slowLoop), ...Array.from({ length: REFUSED }, refusedLoop)];
    // Let the attacker occupy what it can before the normal tenant starts.
    await new Promise((r) => setTimeout(r, 1500));
    const attacked = await normalRun(base, seeded.normal);
    attacking = false;
    await Promise.all(loops);

    const f = (ms: number) => `${ms.toFixed(0)} ms`.padStart(9);
    console.log('');
    console.log('normal tenant        p50        p99   statuses');
    console.log(`quiet           ${f(quiet.p50)}  ${f(quiet.p99)}   ${JSON.stringify(quiet.statuses)}`);
    console.log(`under attack    ${f(attacked.p50)}  ${f(attacked.p99)}   ${JSON.stringify(attacked.statuses)}`);
    console.log(`ratio           ${(attacked.p50 / quiet.p50).toFixed(2).padStart(8)}×  ${(attacked.p99 / quiet.p99).toFixed(2).padStart(8)}×   (target: p99 within 2×)`);
    const s = [...attackerStats.slow].sort((a, b) => a - b);
    const r = [...attackerStats.refused].sort((a, b) => a - b);
    console.log('');
    console.log(`attacker, slowest within budget: ${s.length} requests, p50 ${f(percentile(s, 50))}, statuses ${JSON.stringify(attackerStats.slowStatus)}`);
    console.log(
      `attacker, over budget:           ${r.length} requests, p50 ${f(percentile(r, 50))}, p99 ${f(percentile(r, 99))}, statuses ${JSON.stringify(attackerStats.refusedStatus)}`,
    );
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
