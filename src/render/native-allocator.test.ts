import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { CANVAS_PURGE_DELAY_MS } from './native-allocator.js';

/**
 * mimalloc reads its options once, when the canvas addon is loaded, so this
 * can only be seen in a fresh process: MIMALLOC_VERBOSE makes it print the
 * options it settled on. The entry point is imported as the server imports
 * it, so a reordered import in main.ts (addon loaded before the option is
 * set) fails here.
 */
function purgeDelaySeenBy(entry: string, env: Record<string, string>, loadIn: 'main thread' | 'worker' = 'main thread'): string {
  const draw = `const { createCanvas } = await import(${JSON.stringify(canvasModule)}); createCanvas(8, 8).getContext('2d').getImageData(0, 0, 8, 8);`;
  const script =
    loadIn === 'main thread'
      ? `await import(${JSON.stringify(entry)}); ${draw}`
      : `await import(${JSON.stringify(entry)}); const { Worker } = await import('node:worker_threads'); const w = new Worker(${JSON.stringify(`(async () => { ${draw} })()`)}, { eval: true }); await new Promise((resolve, reject) => { w.on('exit', resolve); w.on('error', reject); });`;
  const { MIMALLOC_PURGE_DELAY: _ignored, ...inherited } = process.env;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...inherited, MIMALLOC_VERBOSE: '1', ...env },
    encoding: 'utf8',
  });
  assert.equal(run.status, 0, run.stderr);
  const m = /option 'purge_delay': (-?\d+)/.exec(run.stderr);
  assert.ok(m, `mimalloc printed no purge_delay; stderr was:\n${run.stderr.slice(0, 2000)}`);
  return m[1];
}

const canvasModule = import.meta.resolve('@napi-rs/canvas');
const mainModule = fileURLToPath(new URL('../main.js', import.meta.url));

test("the server entry point sets the canvas addon's purge delay before the addon loads", () => {
  assert.equal(purgeDelaySeenBy(mainModule, {}), String(CANVAS_PURGE_DELAY_MS));
});

// The server's main thread starts its render workers before it loads the addon itself, so a worker
// is the first to load it: the option must reach mimalloc from there too (the process environment,
// not a worker's copy of process.env).
test('the purge delay also holds when a render worker is the first thread to load the addon', () => {
  assert.equal(purgeDelaySeenBy(mainModule, {}, 'worker'), String(CANVAS_PURGE_DELAY_MS));
});

test("an operator's MIMALLOC_PURGE_DELAY wins over the default", () => {
  assert.equal(purgeDelaySeenBy(mainModule, { MIMALLOC_PURGE_DELAY: '250' }), '250');
});

test("without the module, the addon keeps mimalloc's own 10 ms (what the module exists to change)", () => {
  assert.equal(purgeDelaySeenBy('node:os', {}), '10');
});

// The entry point starts the render workers before it loads anything native, so that they boot on
// the other core while this one loads Skia (docs/decisions/0057). Linux only: read off the process's
// memory map.
test('importing the server entry point maps no canvas addon', { skip: process.platform !== 'linux' }, () => {
  const script = `await import(${JSON.stringify(mainModule)}); const { readFileSync } = await import('node:fs'); process.stdout.write(readFileSync('/proc/self/maps', 'utf8'));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  assert.ok(run.stdout.includes('libc'), 'the map lists the process libraries');
  assert.doesNotMatch(run.stdout, /@napi-rs[/+]canvas/, 'the canvas addon is loaded by the entry point itself');
});
