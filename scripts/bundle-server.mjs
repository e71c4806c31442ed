#!/usr/bin/env node
// `npm start` runs the server from this bundle, not from dist/src: Node
// resolving, reading and compiling ~300 of our modules and ~1,500 of
// node_modules' files one by one was about a third of the CPU a start spends
// before the port opens (docs/decisions/0044). The input is tsc's output, so the
// bundle runs exactly the code the tests run. The render worker is bundled too,
// next to the server: the pool starts `./render-worker.js` beside its own file.
// Dynamic imports become separate chunks, so the AWS SDK, pg and ioredis are
// read only by the nodes configured to use them.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(root, 'dist', 'server');

rmSync(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: { main: 'dist/src/main.js', 'render-worker': 'dist/src/render/render-worker.js' },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // Native addons load their .node files relative to their own package; pg-native is pg's optional driver, never installed.
  external: ['@napi-rs/canvas', 'better-sqlite3', 'sharp', 'pg-native'],
  // Bundled CommonJS packages still call require() and read __dirname; in an ES module both must be made.
  banner: {
    js: [
      "import { createRequire as __bundleRequire } from 'node:module';",
      "import { dirname as __bundleDirname } from 'node:path';",
      "import { fileURLToPath as __bundleFileURLToPath } from 'node:url';",
      'const require = __bundleRequire(import.meta.url);',
      'const __filename = __bundleFileURLToPath(import.meta.url);',
      'const __dirname = __bundleDirname(__filename);',
    ].join('\n'),
  },
  // Chunks sit next to the entries, not in a folder: the render pool, now in a chunk of its own (the
  // server's modules are imported after it starts the workers), finds `./render-worker.js` beside its file.
  chunkNames: '[name]-[hash]',
  legalComments: 'none',
  logLevel: 'warning',
});
