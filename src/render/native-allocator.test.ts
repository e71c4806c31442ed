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
function purgeDelaySeenBy(entry: string, env: Record<string, string>): string {
  const script = `await import(${JSON.stringify(entry)}); const { createCanvas } = await import(${JSON.stringify(canvasModule)}); createCanvas(8, 8).getContext('2d').getImageData(0, 0, 8, 8);`;
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

test("an operator's MIMALLOC_PURGE_DELAY wins over the default", () => {
  assert.equal(purgeDelaySeenBy(mainModule, { MIMALLOC_PURGE_DELAY: '250' }), '250');
});

test("without the module, the addon keeps mimalloc's own 10 ms (what the module exists to change)", () => {
  assert.equal(purgeDelaySeenBy('node:os', {}), '10');
});
