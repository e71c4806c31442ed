/**
 * A focused loop for the override path: in one thread, the reference card
 * rendered unchanged, rendered with a new title each time, and the PNG-encode
 * floor, interleaved so that machine load lands on all three alike. Prints
 * p50s and their ratios to the floor, then each row's mean CPU in prepare
 * (parsed objects and text layout), in paint + read, and in the whole render
 * (encode included). The "full paint" row is the new-title row through
 * caches that remember no output (so every render paints the whole card),
 * interleaved with the others: what repainting only the title's region buys.
 * `node dist/bench/override-path.js [samples]`; with
 * `--only="new title"` and `node --cpu-prof` it profiles only that row.
 */
import '../src/render/native-allocator.js';
import { performance } from 'node:perf_hooks';
import { PNG_OPTIONS, sharpPixels } from '../src/render/encode.js';
import { createRenderCaches, renderCacheLimits } from '../src/render/render-caches.js';
import { type RenderInput, renderDocument, renderToRaw } from '../src/render/render-document.js';
import { percentile } from './measure.js';
import { loadReferenceCard, retitled } from './reference-card.js';

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

async function main(): Promise<void> {
  const n = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 200);
  const card = await loadReferenceCard();
  const input: RenderInput = { document: card.document, images: new Map([[card.photoSrc, card.photo]]) };
  const caches = createRenderCaches();
  const fullPaintCaches = createRenderCaches({ ...renderCacheLimits(), outputsBytes: 0 });
  // CPU time inside the two stages that differ between the rows, summed per render.
  const stageCpu = { prepare: 0, paint: 0 };
  const timed = <A extends unknown[], R>(stage: keyof typeof stageCpu, fn: (...args: A) => R): ((...args: A) => R) => {
    return (...args: A): R => {
      const c0 = process.cpuUsage();
      try {
        return fn(...args);
      } finally {
        const c = process.cpuUsage(c0);
        stageCpu[stage] += (c.user + c.system) / 1000;
      }
    };
  };
  caches.nodes.normalize = timed('prepare', caches.nodes.normalize.bind(caches.nodes));
  caches.surfaces.with = timed('paint', caches.surfaces.with.bind(caches.surfaces));
  fullPaintCaches.nodes.normalize = timed('prepare', fullPaintCaches.nodes.normalize.bind(fullPaintCaches.nodes));
  fullPaintCaches.surfaces.with = timed('paint', fullPaintCaches.surfaces.with.bind(fullPaintCaches.surfaces));
  const raw = await renderToRaw(input);
  let edition = 0;
  let fullEdition = 0;
  // structuredClone, as postMessage to a worker does
  const rows: Record<string, () => Promise<unknown>> = {
    floor: () => sharpPixels(raw).png(PNG_OPTIONS).toBuffer(),
    cached: () => renderDocument(structuredClone(input), caches),
    'new title': () => renderDocument(structuredClone({ ...input, document: retitled(card.document, `Edition ${++edition}: `) }), caches),
    'full paint': () => renderDocument(structuredClone({ ...input, document: retitled(card.document, `Issue ${++fullEdition}: `) }), fullPaintCaches),
  };
  // --only=<row> runs one row, e.g. to profile the new-title path alone.
  const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7);
  if (only) for (const k of Object.keys(rows)) if (k !== only) delete rows[k];
  const samples: Record<string, number[]> = Object.fromEntries(Object.keys(rows).map((k) => [k, []]));
  const cpu: Record<string, number[]> = Object.fromEntries(Object.keys(rows).map((k) => [k, []]));
  const prepareCpu: Record<string, number[]> = Object.fromEntries(Object.keys(rows).map((k) => [k, []]));
  const paintCpu: Record<string, number[]> = Object.fromEntries(Object.keys(rows).map((k) => [k, []]));
  for (let i = 0; i < 20; i++) for (const fn of Object.values(rows)) await fn();
  for (let i = 0; i < n; i++) {
    for (const [name, fn] of Object.entries(rows)) {
      await nextTurn();
      stageCpu.prepare = stageCpu.paint = 0;
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      await fn();
      samples[name].push(performance.now() - t0);
      const c = process.cpuUsage(c0);
      cpu[name].push((c.user + c.system) / 1000);
      prepareCpu[name].push(stageCpu.prepare);
      paintCpu[name].push(stageCpu.paint);
    }
  }
  const p50 = (of: Record<string, number[]>, k: string): number =>
    percentile(
      of[k].sort((a, b) => a - b),
      50,
    );
  // CPU time of the whole process (sharp's pool threads included) while one render runs: on a
  // machine shared with other work, wall time swells with the CPU a render needs, CPU time does not.
  const floor = samples.floor ? p50(samples, 'floor') : Number.NaN;
  const floorCpu = cpu.floor ? p50(cpu, 'floor') : Number.NaN;
  for (const k of Object.keys(rows)) {
    const [wall, used] = [p50(samples, k), p50(cpu, k)];
    console.log(
      `${k.padEnd(10)} p50 ${wall.toFixed(2).padStart(6)} ms  ${(wall / floor).toFixed(2)}× floor   CPU p50 ${used.toFixed(2).padStart(6)} ms  ${(used / floorCpu).toFixed(2)}× floor`,
    );
  }
  // Mean, not p50: a major GC lands in one render's stage in a few, and belongs in the cost.
  const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
  console.log('CPU mean ms   prepare  paint + read   whole render');
  for (const k of Object.keys(rows)) {
    if (k === 'floor') continue;
    console.log(`${k.padEnd(10)}    ${mean(prepareCpu[k]).toFixed(2).padStart(7)}  ${mean(paintCpu[k]).toFixed(2).padStart(12)}   ${mean(cpu[k]).toFixed(2).padStart(12)}`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
