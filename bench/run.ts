/**
 * `npm run bench`: Imprint against fabric.js 7 on Node and satori + resvg,
 * and against the PNG-encode floor, on one reference card in one run.
 * Imprint renders through RenderPool, the others through EnginePool, each
 * with 2 worker threads. Engines take turns in interleaved rounds (the
 * order rotating each round) rather than one long block each, so a burst
 * of load from something else on the machine spreads over all of them
 * instead of skewing one engine's figure. A competitor that cannot load is
 * reported and skipped. images/s is the median of the rounds' rates, for
 * the same reason. See bench/README.md.
 */
import '../src/render/native-allocator.js'; // first, as in src/main.ts
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { PNG_OPTIONS, sharpPixels } from '../src/render/encode.js';
import { renderToRaw, type RenderInput } from '../src/render/render-document.js';
import { RenderPool } from '../src/render/render-pool.js';
import { loadConfig } from '../src/config.js';
import { EnginePool } from './engine-pool.js';
import type { EngineWorkerData } from './engine-worker.js';
import { keepNodeCanvasLoaded } from './fabric-node-engine.js';
import { cardFonts, sfntFileFor } from './font-files.js';
import { profileImprintStages } from './imprint-stages.js';
import { percentile, runConcurrently, sampleLatency, summarizeLatency, summarizeThroughput, timeConcurrentFor, type LatencyStats } from './measure.js';
import { loadReferenceCard, retitled, withFiltersAndBlend, withInlinePhoto } from './reference-card.js';
import { satoriCard } from './satori-card.js';
import { type InProcessRate, printHttp } from './http-load.js';
import { printStartUp } from './start-up.js';

const WORKERS = 2;
const CONCURRENCY = 4;
const ROUNDS = 8;

interface Options {
  latencyRuns: number;
  /** ms each engine spends rendering CONCURRENCY at a time, per round. */
  throughputMs: number;
  warmup: number;
  /** POST /image/generate per HTTP row. */
  httpRequests: number;
}

function parseOptions(argv: string[]): Options {
  const quick = argv.includes('--quick');
  const value = (flag: string, fallback: number): number => {
    const i = argv.indexOf(flag);
    const n = i >= 0 ? Number(argv[i + 1]) : NaN;
    return Number.isInteger(n) && n >= ROUNDS ? n : fallback;
  };
  // Whole rounds: each round takes an equal share of the samples.
  const perRound = (n: number): number => Math.ceil(n / ROUNDS) * ROUNDS;
  return {
    latencyRuns: perRound(value('--latency', quick ? 24 : 104)),
    throughputMs: value('--throughput-ms', quick ? 300 : 1500),
    warmup: value('--warmup', quick ? 8 : 20),
    httpRequests: value('--http-requests', quick ? 120 : 600),
  };
}

interface Engine {
  name: string;
  model: string;
  file: string;
  render?: () => Promise<Buffer>;
  /** The sample PNG, when `render` does not return the bytes (a render that saves them to disk). */
  sample?: () => Promise<Buffer>;
  skipped?: string;
  samples: number[];
  /** images/s of each round's throughput run. */
  rates: number[];
  /** CPU ms per image of each round's throughput run: this whole process (its worker, libuv and libvips threads). */
  cpuPerImage: number[];
  pngBytes?: number;
}

interface EngineResult {
  name: string;
  model: string;
  latency?: LatencyStats;
  imagesPerSecond?: number;
  cpuMsPerImage?: number;
  pngBytes?: number;
  skipped?: string;
}

function median(values: readonly number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
}

function engine(name: string, model: string, file: string, render?: () => Promise<Buffer>, skipped?: string, sample?: () => Promise<Buffer>): Engine {
  return { name, model, file, render, sample, skipped, samples: [], rates: [], cpuPerImage: [] };
}

async function startCompetitor(name: string, file: string, data: EngineWorkerData, pools: EnginePool[]): Promise<Engine> {
  const model = `EnginePool, ${WORKERS} worker threads`;
  const pool = await EnginePool.start(data, WORKERS);
  if (typeof pool === 'string') {
    const reason = pool.split('\n')[0];
    console.log(`  ${name}: SKIPPED, unavailable: ${reason}`);
    console.log(`    (to include it, see "Installing the competitors" in bench/README.md)`);
    return engine(name, model, file, undefined, 'unavailable, see bench/README.md');
  }
  pools.push(pool);
  return engine(name, model, file, () => pool.render());
}

/** Each runnable engine: one sample PNG, then a concurrent warm-up so every worker has loaded fonts, JIT-compiled and cached. */
async function warmUp(engines: Engine[], opts: Options, outDir: string): Promise<void> {
  for (const e of engines) {
    if (!e.render) continue;
    try {
      const sample = await (e.sample ?? e.render)();
      e.pngBytes = sample.length;
      writeFileSync(path.join(outDir, e.file), sample);
      await runConcurrently(e.render, opts.warmup, CONCURRENCY);
    } catch (err) {
      e.skipped = `render failed: ${(err as Error).message.split('\n')[0]}`;
      e.render = undefined;
      console.log(`  ${e.name}: SKIPPED, ${e.skipped}`);
    }
  }
}

async function measureRounds(engines: Engine[], opts: Options): Promise<void> {
  const runnable = engines.filter((e) => e.render);
  for (let round = 0; round < ROUNDS; round++) {
    process.stdout.write(`  round ${round + 1}/${ROUNDS}:`);
    const order = runnable.map((_, i) => runnable[(i + round) % runnable.length]);
    for (const e of order) {
      if (!e.render) continue;
      const render = e.render;
      try {
        e.samples.push(...(await sampleLatency(render, opts.latencyRuns / ROUNDS)));
        const cpu0 = process.cpuUsage();
        const { n, wallMs } = await timeConcurrentFor(render, opts.throughputMs, CONCURRENCY);
        const cpu = process.cpuUsage(cpu0);
        e.rates.push(summarizeThroughput(n, wallMs).perSecond);
        e.cpuPerImage.push((cpu.user + cpu.system) / 1000 / n);
        process.stdout.write(` ${e.name.split(' ')[0]}`);
      } catch (err) {
        e.skipped = `failed mid-run: ${(err as Error).message.split('\n')[0]}`;
        e.render = undefined;
        process.stdout.write(` ${e.name.split(' ')[0]} (FAILED: ${e.skipped})`);
      }
    }
    process.stdout.write('\n');
  }
}

const fmt = (n: number | undefined, digits = 1): string => (n === undefined || !Number.isFinite(n) ? '—' : n.toFixed(digits));

function printTable(rows: EngineResult[]): void {
  const header = ['engine', 'p50 ms', 'p90 ms', 'images/s', 'PNG KB', 'concurrency model'];
  const body = rows.map((r) =>
    r.skipped
      ? [r.name, 'skipped', '', '', '', r.skipped.slice(0, 70)]
      : [r.name, fmt(r.latency?.p50, 2), fmt(r.latency?.p90, 2), fmt(r.imagesPerSecond), fmt((r.pngBytes ?? NaN) / 1024, 0), r.model],
  );
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]): string =>
    cells
      .map((c, i) => (i === 0 || i === 5 ? c.padEnd(widths[i]) : c.padStart(widths[i])))
      .join('  ')
      .trimEnd();
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const b of body) console.log(line(b));
}

function verdict(label: string, ratio: number | undefined, target: string, pass: (r: number) => boolean): void {
  const shown = ratio === undefined ? 'n/a' : `${ratio.toFixed(2)}×`;
  const result = ratio === undefined ? 'SKIP (competitor unavailable)' : pass(ratio) ? 'PASS' : 'MISS';
  console.log(`  ${label.padEnd(42)} ${shown.padStart(7)}   target ${target.padEnd(6)}  ${result}`);
}

async function main(): Promise<void> {
  const opts = parseOptions(process.argv.slice(2));
  const card = await loadReferenceCard();
  const { width, height } = card.document;
  const outDir = path.join(os.tmpdir(), 'imprint-bench');
  mkdirSync(outDir, { recursive: true });
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  console.log(`Imprint bench: reference card ${width}×${height} (bench/reference-card.json), photo ${card.photo.length} B JPEG`);
  console.log(`node ${process.version}, ${os.availableParallelism()} CPUs (${cpu}), sharp ${sharp.versions.sharp}, libvips ${sharp.versions.vips}`);
  console.log(
    `${opts.warmup} warm-up renders each; p50/p90 over ${opts.latencyRuns} renders one at a time; ` +
      `images/s: renders ${CONCURRENCY} at a time for ${(opts.throughputMs / 1000).toFixed(1)} s per engine per round (median of ${ROUNDS} interleaved rounds)`,
  );
  console.log(
    `load average at start: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}\n`,
  );

  const input: RenderInput = { document: card.document, images: new Map([[card.photoSrc, card.photo]]) };
  // What a generate call with an override looks like to the renderer: the
  // title's text differs on every render, so its layout and object cache are
  // redone while the other elements hit the worker's caches.
  let edition = 0;
  const withNewTitle = (): RenderInput => ({ ...input, document: retitled(card.document, `Edition ${++edition}: `) });
  const filtered: RenderInput = { ...input, document: withFiltersAndBlend(card.document) };
  // What a generate adds in its render worker when images are kept on local disk: the salted hash
  // and the file write (saveOutput). The HTTP row's gap to this row is what HTTP, the credit
  // transactions and the client cost; its gap to the row without saving includes the disk.
  const savedFolder = mkdtempSync(path.join(os.tmpdir(), 'imprint-bench-saved-'));
  const save = { folder: savedFolder, salt: 'acc_bench' };
  // Removed as the bench exits, not after its row: on ext4 without a journal, every file created in
  // the next minutes scans past the inodes just freed (recently_deleted), and the HTTP row would pay
  // for this row's thousands of images (docs/decisions/0055).
  process.on('exit', () => rmSync(savedFolder, { recursive: true, force: true }));
  // Ctrl+C ends the run through 'exit', so its thousands of images do not stay behind in the temp folder.
  process.once('SIGINT', () => process.exit(130));
  const renderSaved = () => imprintPool.render(withNewTitle(), { save });

  // The floor: sharp encoding the final pixels into the very PNG Imprint
  // serves (encode.ts's sharpPixels + PNG_OPTIONS: RGB when the card is
  // opaque). renderToRaw's pixels are already unpremultiplied, as the
  // renderer reads them, so the floor is the encode and nothing else.
  const raw = await renderToRaw(input);
  const encodeFloor = (): Promise<Buffer> => sharpPixels(raw).png(PNG_OPTIONS).toBuffer();

  let newTitleRate: InProcessRate | undefined;
  // The server's workers run under its default heap limit and cache budget; the HTTP row's ratio
  // compares against this pool, so it runs under the same ones. Without the heap limit V8 lets the
  // old generation grow ~4× between mark-compacts instead of ~1.4×, and the in-process workers ran
  // a fraction of the server's mark-compacts (docs/decisions/0051).
  const server = loadConfig({});
  const imprintPool = new RenderPool({ size: WORKERS, heapMb: server.renderWorkerHeapMb, cacheMb: server.renderCacheMb });
  const competitorPools: EnginePool[] = [];
  const fonts = cardFonts();
  await keepNodeCanvasLoaded();
  try {
    const engines: Engine[] = [
      engine('PNG-encode floor (sharp)', 'main thread (libuv pool)', 'encode-floor.png', encodeFloor),
      engine('Imprint', `RenderPool, ${WORKERS} worker threads`, 'imprint.png', async () => (await imprintPool.render(input)).data),
      await startCompetitor(
        'fabric.js 7 / node-canvas',
        'fabric-node.png',
        {
          engine: 'fabric',
          setup: {
            json: withInlinePhoto(card),
            width,
            height,
            fonts: fonts.map((f) => ({ file: sfntFileFor(f), family: f.family, weight: f.weight, style: f.style })),
          },
        },
        competitorPools,
      ),
      await startCompetitor(
        'satori + resvg-js',
        'satori-resvg.png',
        {
          engine: 'satori',
          setup: {
            card: satoriCard(card.document, card.photoDataUrl),
            width,
            height,
            fonts: fonts.map((f) => ({ name: f.family, woff: f.woff, weight: f.weight, style: f.style })),
          },
        },
        competitorPools,
      ),
      engine('Imprint, new title each render', `RenderPool, ${WORKERS} worker threads`, 'imprint-new-title.png', async () => (await imprintPool.render(withNewTitle())).data),
      engine('Imprint, 2 filters + multiply', `RenderPool, ${WORKERS} worker threads`, 'imprint-filters.png', async () => (await imprintPool.render(filtered)).data),
      engine(
        'Imprint, new title, saved to disk',
        `RenderPool, ${WORKERS} worker threads`,
        'imprint-saved.png',
        async () => (await renderSaved()).data,
        undefined,
        async () => readFileSync(path.join(savedFolder, (await renderSaved()).saved?.name ?? '')),
      ),
    ];
    console.log('  warming up…');
    await warmUp(engines, opts, outDir);
    const same = (await encodeFloor()).equals((await imprintPool.render(input)).data);
    console.log(`  floor PNG and Imprint PNG byte-identical: ${same ? 'yes' : 'NO (the floor is not encoding what Imprint serves)'}`);
    await measureRounds(engines, opts);
    newTitleRate = report(engines);
  } finally {
    await Promise.all(competitorPools.map((p) => p.close()));
  }

  try {
    console.log(`\nImprint stages in one thread (p50 ms over ${opts.latencyRuns}; not additive: the last rows are whole renders)`);
    for (const s of await profileImprintStages(input, opts.latencyRuns)) {
      console.log(`  ${s.stage.padEnd(34)} ${s.p50.toFixed(2).padStart(7)}   ${s.note}`);
    }
    // The HTTP target's ratio is taken against in-process windows of the same pool run between parts of the HTTP
    // row: on a VM whose speed drifts by 20% within minutes, the table's rows, measured minutes earlier, would put
    // the drift into the ratio (docs/decisions/0061). Each window is half a table window of new titles, then half of
    // new titles saved to disk, about as long as one part of the HTTP row.
    const measureWindow = async (render: () => Promise<unknown>): Promise<{ imagesPerSecond: number; cpuMsPerImage: number }> => {
      const cpu0 = process.cpuUsage();
      const { n, wallMs } = await timeConcurrentFor(render, opts.throughputMs / 2, CONCURRENCY);
      const cpu = process.cpuUsage(cpu0);
      return { imagesPerSecond: summarizeThroughput(n, wallMs).perSecond, cpuMsPerImage: (cpu.user + cpu.system) / 1000 / n };
    };
    const window = async (): Promise<InProcessRate> => ({ ...(await measureWindow(() => imprintPool.render(withNewTitle()))), saved: await measureWindow(renderSaved) });
    await printHttp({ n: opts.httpRequests, warmup: 40, concurrencies: [8, 32] }, newTitleRate, window);
  } finally {
    await imprintPool.close();
  }
  await printStartUp();
  console.log(
    `\nload average at end: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(`Sample PNGs of each engine: ${outDir}`);
}

/** Prints the table and targets; returns the new-title row's figures for the HTTP row's ratio. */
function report(engines: Engine[]): InProcessRate | undefined {
  const results: EngineResult[] = engines.map((e) =>
    e.skipped || !e.samples.length
      ? { name: e.name, model: e.model, skipped: e.skipped ?? 'not measured' }
      : {
          name: e.name,
          model: e.model,
          latency: summarizeLatency(e.samples),
          imagesPerSecond: median(e.rates),
          cpuMsPerImage: median(e.cpuPerImage),
          pngBytes: e.pngBytes,
        },
  );
  console.log('');
  printTable(results);
  const [floor, imprint, fabric, satori, retitledRow, filteredRow, savedRow] = results;
  const ips = (r: EngineResult): number | undefined => r.imagesPerSecond;
  const ratio = (a: number | undefined, b: number | undefined): number | undefined => (a === undefined || b === undefined ? undefined : a / b);
  console.log('\nRatios and targets');
  verdict('Imprint p50 / encode-floor p50', ratio(imprint.latency?.p50, floor.latency?.p50), '≤ 1.5×', (r) => r <= 1.5);
  verdict('Imprint images/s / fabric/node images/s', ratio(ips(imprint), ips(fabric)), '≥ 4×', (r) => r >= 4);
  verdict('Imprint images/s / satori images/s', ratio(ips(imprint), ips(satori)), '≥ 3×', (r) => r >= 3);
  const speedUp = (r: EngineResult): string => {
    const x = ratio(r.latency?.p50, imprint.latency?.p50);
    return x === undefined ? 'n/a' : `${x.toFixed(2)}×`;
  };
  console.log(`  (informational: Imprint p50 is ${speedUp(fabric)} faster than fabric/node, ${speedUp(satori)} faster than satori)`);
  verdict('Imprint 2 filters + multiply p50 / Imprint p50', ratio(filteredRow.latency?.p50, imprint.latency?.p50), '≤ 1.3×', (r) => r <= 1.3);
  const show = (x: number | undefined): string => (x === undefined ? 'n/a' : `${x.toFixed(2)}×`);
  console.log(
    `  (informational, new title each render: p50 ${show(ratio(retitledRow.latency?.p50, floor.latency?.p50))} the floor; ` +
      `images/s ${show(ratio(ips(retitledRow), ips(fabric)))} fabric/node, ${show(ratio(ips(retitledRow), ips(satori)))} satori)`,
  );
  const { imagesPerSecond, cpuMsPerImage } = retitledRow;
  if (imagesPerSecond === undefined || cpuMsPerImage === undefined) return undefined;
  const saved =
    savedRow.imagesPerSecond !== undefined && savedRow.cpuMsPerImage !== undefined
      ? { imagesPerSecond: savedRow.imagesPerSecond, cpuMsPerImage: savedRow.cpuMsPerImage }
      : undefined;
  return { imagesPerSecond, cpuMsPerImage, saved };
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
