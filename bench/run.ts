/**
 * `npm run bench`: Imprint against fabric.js 7 on Node and satori + resvg,
 * and against the PNG-encode floor, on one reference card in one run.
 * Every engine renders with 2 worker threads (Imprint through RenderPool,
 * the others through EnginePool); engines run one after another so they
 * never share the CPU. A competitor that cannot load is reported and
 * skipped. See bench/README.md.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { PNG_COMPRESSION_LEVEL } from '../src/render/encode.js';
import { renderToRaw, type RenderInput } from '../src/render/render-document.js';
import { RenderPool } from '../src/render/render-pool.js';
import { EnginePool } from './engine-pool.js';
import { keepNodeCanvasLoaded } from './fabric-node-engine.js';
import type { EngineWorkerData } from './engine-worker.js';
import { cardFonts, sfntFileFor } from './font-files.js';
import { profileImprintStages } from './imprint-stages.js';
import { measureLatency, measureThroughput, runConcurrently, type LatencyStats, type ThroughputStats } from './measure.js';
import { loadReferenceCard, withInlinePhoto } from './reference-card.js';
import { satoriCard } from './satori-card.js';

const WORKERS = 2;
const CONCURRENCY = 4;

interface Options {
  latencyRuns: number;
  throughputRuns: number;
  warmup: number;
}

function parseOptions(argv: string[]): Options {
  const quick = argv.includes('--quick');
  const value = (flag: string, fallback: number): number => {
    const i = argv.indexOf(flag);
    const n = i >= 0 ? Number(argv[i + 1]) : NaN;
    return Number.isInteger(n) && n > 0 ? n : fallback;
  };
  return {
    latencyRuns: value('--latency', quick ? 20 : 100),
    throughputRuns: value('--throughput', quick ? 40 : 200),
    warmup: value('--warmup', quick ? 6 : 20),
  };
}

interface EngineResult {
  name: string;
  model: string;
  latency?: LatencyStats;
  throughput?: ThroughputStats;
  pngBytes?: number;
  skipped?: string;
}

async function measureEngine(name: string, model: string, render: () => Promise<Buffer>, opts: Options, outDir: string, file: string): Promise<EngineResult> {
  process.stdout.write(`  ${name}: warm-up…`);
  const sample = await render();
  writeFileSync(path.join(outDir, file), sample);
  // Concurrent warm-up so every worker has loaded fonts, JIT-compiled and cached.
  await runConcurrently(render, opts.warmup, CONCURRENCY);
  process.stdout.write(' latency…');
  const latency = await measureLatency(render, opts.latencyRuns);
  process.stdout.write(' throughput…');
  const throughput = await measureThroughput(render, opts.throughputRuns, CONCURRENCY);
  process.stdout.write(' done\n');
  return { name, model, latency, throughput, pngBytes: sample.length };
}

async function measureCompetitor(name: string, data: EngineWorkerData, opts: Options, outDir: string, file: string): Promise<EngineResult> {
  const model = `${WORKERS} worker threads`;
  const pool = await EnginePool.start(data, WORKERS);
  if (typeof pool === 'string') {
    console.log(`  ${name}: SKIPPED, unavailable: ${pool.split('\n')[0]}`);
    return { name, model, skipped: pool.split('\n')[0] };
  }
  try {
    return await measureEngine(name, model, () => pool.render(), opts, outDir, file);
  } catch (err) {
    console.log(`\n  ${name}: SKIPPED, render failed: ${(err as Error).message}`);
    return { name, model, skipped: (err as Error).message };
  } finally {
    await pool.close();
  }
}

const fmt = (n: number | undefined, digits = 1): string => (n === undefined || !Number.isFinite(n) ? '—' : n.toFixed(digits));

function printTable(rows: EngineResult[]): void {
  const header = ['engine', 'p50 ms', 'p90 ms', 'images/s', 'PNG KB', 'concurrency model'];
  const body = rows.map((r) =>
    r.skipped
      ? [r.name, 'skipped', '', '', '', r.skipped.slice(0, 60)]
      : [r.name, fmt(r.latency?.p50, 2), fmt(r.latency?.p90, 2), fmt(r.throughput?.perSecond), fmt((r.pngBytes ?? NaN) / 1024, 0), r.model],
  );
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]): string => cells.map((c, i) => (i === 0 || i === 5 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const b of body) console.log(line(b));
}

function verdict(label: string, ratio: number | undefined, target: string, pass: (r: number) => boolean): void {
  const shown = ratio === undefined ? 'n/a (competitor skipped)' : `${ratio.toFixed(2)}×`;
  const result = ratio === undefined ? 'SKIP' : pass(ratio) ? 'PASS' : 'MISS';
  console.log(`  ${label.padEnd(44)} ${shown.padStart(8)}   target ${target.padEnd(7)} ${result}`);
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
  console.log(`${opts.warmup} warm-up renders, p50/p90 over ${opts.latencyRuns} renders one at a time, images/s over ${opts.throughputRuns} renders ${CONCURRENCY} at a time\n`);

  const input: RenderInput = {
    document: card.document,
    images: new Map([[card.photoSrc, card.photo]]),
    cacheKey: 'bench:reference-card:1',
  };
  const results: EngineResult[] = [];

  // The floor: sharp encoding the final pixels with encode.ts's PNG options
  // (keep in step with it). renderToRaw's pixels are unpremultiplied, so they
  // are described as such: the unpremultiply that encodeCanvas asks sharp
  // for is renderer work, not part of the floor (its cost is profiled below).
  const raw = await renderToRaw(input);
  const encodeFloor = (): Promise<Buffer> =>
    sharp(raw.pixels, { raw: { width: raw.width, height: raw.height, channels: 4 } })
      .png({ compressionLevel: PNG_COMPRESSION_LEVEL, adaptiveFiltering: false })
      .toBuffer();
  results.push(await measureEngine('PNG-encode floor (sharp)', 'main thread, libuv pool', encodeFloor, opts, outDir, 'encode-floor.png'));

  const pool = new RenderPool({ size: WORKERS });
  try {
    results.push(
      await measureEngine('Imprint', `RenderPool, ${WORKERS} workers`, async () => (await pool.render(input)).data, opts, outDir, 'imprint.png'),
    );
  } finally {
    await pool.close();
  }

  const fonts = cardFonts();
  await keepNodeCanvasLoaded();
  results.push(
    await measureCompetitor(
      'fabric.js 7 / node-canvas',
      {
        engine: 'fabric',
        setup: { json: withInlinePhoto(card), width, height, fonts: fonts.map((f) => ({ file: sfntFileFor(f), family: f.family, weight: f.weight, style: f.style })) },
      },
      opts,
      outDir,
      'fabric-node.png',
    ),
  );
  results.push(
    await measureCompetitor(
      'satori + resvg-js',
      {
        engine: 'satori',
        setup: { card: satoriCard(card.document, card.photoDataUrl), width, height, fonts: fonts.map((f) => ({ name: f.family, woff: f.woff, weight: f.weight, style: f.style })) },
      },
      opts,
      outDir,
      'satori-resvg.png',
    ),
  );

  console.log('');
  printTable(results);
  const [floor, imprint, fabric, satori] = results;
  const ips = (r: EngineResult): number | undefined => (r.skipped ? undefined : r.throughput?.perSecond);
  const ratio = (a: number | undefined, b: number | undefined): number | undefined => (a === undefined || b === undefined ? undefined : a / b);
  console.log('\nRatios and targets');
  verdict('Imprint p50 / encode-floor p50', ratio(imprint.latency?.p50, floor.latency?.p50), '≤ 1.5×', (r) => r <= 1.5);
  verdict('Imprint images/s / fabric/node images/s', ratio(ips(imprint), ips(fabric)), '≥ 4×', (r) => r >= 4);
  verdict('Imprint images/s / satori images/s', ratio(ips(imprint), ips(satori)), '≥ 3×', (r) => r >= 3);
  const p50Ratio = (r: EngineResult): string => {
    const x = ratio(r.skipped ? undefined : r.latency?.p50, imprint.latency?.p50);
    return x === undefined ? 'n/a' : `${x.toFixed(2)}×`;
  };
  console.log(`  (p50 speed-up: ${p50Ratio(fabric)} over fabric/node, ${p50Ratio(satori)} over satori; informational)`);

  console.log(`\nImprint stages in one thread (p50 ms over ${opts.latencyRuns}; not additive with pool overhead)`);
  for (const s of await profileImprintStages(input, opts.latencyRuns)) {
    console.log(`  ${s.stage.padEnd(34)} ${s.p50.toFixed(2).padStart(7)}   ${s.note}`);
  }
  console.log(`\nSample PNGs of each engine: ${outDir}`);
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
