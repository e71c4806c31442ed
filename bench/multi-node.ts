/**
 * Generate throughput of the many-node setup against the single node, with
 * the same client load: two server processes on PostgreSQL + Redis + S3
 * (s3rver) against one process on SQLite with blobs on its local disk. Each
 * node runs RENDER_WORKERS workers (default 1), as an operator adding a node
 * would. The client keeps CONCURRENCY generates in flight (round-robin over
 * the nodes) for a fixed time after a warm-up; every generate overrides the
 * title, so no two render the same image. Prints images/s, p50 and p99 per
 * setup and the ratio; asserts nothing.
 *
 *   npm run build && node dist/bench/multi-node.js [--seconds 20] [--concurrency 16] [--workers 1] [--rounds 2] [--breakdown] [--only single,pg-s3]
 *
 * --breakdown adds single-node rows with one shared engine at a time, to show where a difference goes.
 *
 * Needs PostgreSQL and Redis as the tests do (PG_TEST_URL, REDIS_TEST_URL).
 */
import { performance } from 'node:perf_hooks';
import os from 'node:os';
import { startTestS3 } from '../src/blobs/s3rver.test-helper.js';
import { sampleTemplate } from '../src/http/test-app.js';
import { freshPgSchema } from '../src/pg-schema.test-helper.js';
import { REDIS_TEST_URL, testPrefix } from '../src/redis/redis.test-helper.js';
import { type ServerProcess, startServerProcess } from '../src/server-process.test-helper.js';
import { bundledFontFamilies } from '../src/render/fonts/font-registry.js';
import { createAccount } from '../src/services/manage-accounts.js';
import { createTemplate } from '../src/services/manage-templates.js';
import { openStore } from '../src/store/open-store.js';
import { percentile } from './measure.js';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

const SECONDS = arg('seconds', 20);
const CONCURRENCY = arg('concurrency', 16);
const WORKERS = arg('workers', 1);
const ROUNDS = arg('rounds', 2);
const WARMUP_S = 3;

interface Figures {
  images: number;
  failed: number;
  perSecond: number;
  p50: number;
  p99: number;
}

/** An account with credits to spare and a template, written through the services into the setup's database. */
async function prepare(databaseUrl: string, dataDir: string): Promise<{ auth: { authorization: string }; templateId: string }> {
  const store = await openStore({ databaseUrl, dataDir });
  try {
    const deps = { store, now: () => new Date().toISOString(), fontFamilies: async () => bundledFontFamilies() };
    const { account, key } = await createAccount(deps, { name: 'bench', credits: 1_000_000 });
    const template = await createTemplate(deps, account.id, { name: 'bench', template: sampleTemplate() });
    return { auth: { authorization: `Bearer ${key.plaintext}` }, templateId: template.id };
  } finally {
    await store.close();
  }
}

let serial = 0;
/** CONCURRENCY lanes, round-robin over `nodes`, for `ms`; latency of every finished generate. */
async function load(nodes: ServerProcess[], target: { auth: { authorization: string }; templateId: string }, ms: number): Promise<Figures> {
  const latencies: number[] = [];
  let failed = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() - t0 < ms) {
        const n = serial++;
        const started = performance.now();
        const res = await fetch(`${nodes[n % nodes.length].base}/image/generate`, {
          method: 'POST',
          headers: { ...target.auth, 'content-type': 'application/json' },
          body: JSON.stringify({ templateId: target.templateId, elements: { title: { text: `Certificate ${n}` } } }),
        });
        await res.arrayBuffer();
        if (res.status === 200) latencies.push(performance.now() - started);
        else failed++;
      }
    }),
  );
  const wallS = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  return { images: latencies.length, failed, perSecond: latencies.length / wallS, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

const common = {
  LOG_LEVEL: 'fatal',
  RENDER_WORKERS: String(WORKERS),
  RENDER_QUEUE: '1000',
  SEED_DEMO: '0',
  RATE_LIMIT_GENERATE: '1000000',
  RATE_LIMIT_READ: '1000000',
};

interface Setup {
  nodes: ServerProcess[];
  databaseUrl: string;
  close(): Promise<void>;
}

/** `count` nodes on whichever shared engines are asked for; the rest as on a single node (SQLite needs count 1). */
async function shared(count: number, engines: { pg: boolean; redis: boolean; s3: boolean }): Promise<Setup> {
  const schema = engines.pg ? await freshPgSchema('bench') : null;
  const s3 = engines.s3 ? await startTestS3() : null;
  const keys = testPrefix();
  const env = {
    ...common,
    DATABASE_URL: schema?.url ?? '',
    ...(engines.redis ? { REDIS_URL: REDIS_TEST_URL, REDIS_KEY_PREFIX: keys.prefix } : {}),
    ...(s3?.env ?? {}),
  };
  const nodes = await Promise.all(Array.from({ length: count }, () => startServerProcess(env)));
  return {
    nodes,
    databaseUrl: env.DATABASE_URL,
    async close() {
      await Promise.all(nodes.map((node) => node.stop()));
      await s3?.close();
      if (engines.redis) await keys.drop();
      await schema?.drop();
    },
  };
}

const fmt = (f: Figures) =>
  `${f.perSecond.toFixed(1).padStart(6)} images/s   p50 ${f.p50.toFixed(0).padStart(5)} ms   p99 ${f.p99.toFixed(0).padStart(5)} ms   (${f.images} images, ${f.failed} not 200)`;

const SETUPS: Array<{ name: string; label: string; start(): Promise<Setup> }> = [
  { name: 'single', label: '1 node, SQLite + local disk        ', start: () => shared(1, { pg: false, redis: false, s3: false }) },
  { name: 'cluster', label: '2 nodes, PostgreSQL + Redis + S3   ', start: () => shared(2, { pg: true, redis: true, s3: true }) },
];
// --breakdown: where the difference goes, one engine at a time on one node.
if (process.argv.includes('--breakdown')) {
  SETUPS.push(
    { name: 'pg', label: '1 node, PostgreSQL + local disk    ', start: () => shared(1, { pg: true, redis: false, s3: false }) },
    { name: 's3', label: '1 node, SQLite + S3                ', start: () => shared(1, { pg: false, redis: false, s3: true }) },
    { name: 'redis', label: '1 node, SQLite + Redis + local disk', start: () => shared(1, { pg: false, redis: true, s3: false }) },
    { name: 'pg-s3', label: '1 node, PostgreSQL + S3            ', start: () => shared(1, { pg: true, redis: false, s3: true }) },
    { name: 'one-shared', label: '1 node, PostgreSQL + Redis + S3    ', start: () => shared(1, { pg: true, redis: true, s3: true }) },
  );
}
// --only a,b: just those setups (names: single, cluster, pg, s3, redis, pg-s3, one-shared).
const only = process.argv.indexOf('--only');
if (only > 0) {
  const wanted = new Set(process.argv[only + 1].split(','));
  for (let i = SETUPS.length - 1; i >= 0; i--) if (!wanted.has(SETUPS[i].name)) SETUPS.splice(i, 1);
}

const results = new Map<string, Figures[]>(SETUPS.map((setup) => [setup.name, []]));
console.log(
  `Generate throughput: ${CONCURRENCY} in flight for ${SECONDS} s after ${WARMUP_S} s of warm-up, RENDER_WORKERS=${WORKERS} per node, ${os.cpus().length} CPUs, load average ${os.loadavg()[0].toFixed(1)}`,
);
// Alternating rounds, so a change in the machine's other load hits every setup alike.
for (let round = 1; round <= ROUNDS; round++) {
  for (const { name, label, start } of SETUPS) {
    const setup = await start();
    try {
      const target = await prepare(setup.databaseUrl, setup.nodes[0].dataDir);
      await load(setup.nodes, target, WARMUP_S * 1000);
      const figures = await load(setup.nodes, target, SECONDS * 1000);
      results.get(name)!.push(figures);
      console.log(`round ${round}  ${label}  ${fmt(figures)}`);
    } finally {
      await setup.close();
    }
  }
}
const best = (list: Figures[]) => list.reduce((a, b) => (b.perSecond > a.perSecond ? b : a));
console.log(`\nbest of ${ROUNDS}, load average now ${os.loadavg()[0].toFixed(1)}:`);
for (const { name, label } of SETUPS) console.log(`  ${label}  ${fmt(best(results.get(name)!))}`);
const [one, two] = [results.get('single'), results.get('cluster')].map((list) => (list ? best(list) : null));
if (one && two)
  console.log(`  ratio 2 nodes / 1 node: ${(two.perSecond / one.perSecond).toFixed(2)}× images/s, p50 ${(two.p50 / one.p50).toFixed(2)}×, p99 ${(two.p99 / one.p99).toFixed(2)}×`);
