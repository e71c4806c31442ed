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
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(root, 'dist', 'server');

/**
 * The native addons stay outside the bundle, and an `import` of a CommonJS package makes Node scan
 * its files for export names first: `import 'sharp'` cost ~130 ms of CPU against ~50 ms for
 * `require('sharp')`, `@napi-rs/canvas` ~50 against ~16 ms, in the main thread and again in every
 * render worker. So each import of one becomes a small module that `require`s it and re-exports
 * what it has (listed here, at build time, from the installed package).
 */
const NATIVE_ADDONS = ['@napi-rs/canvas', 'better-sqlite3', 'sharp'];
const requireFromRoot = createRequire(path.join(root, 'package.json'));
const requireNativeAddons = {
  name: 'require-native-addons',
  setup(builder) {
    const filter = new RegExp(`^(${NATIVE_ADDONS.map((name) => name.replace(/[/.]/g, '\\$&')).join('|')})$`);
    // From inside the module below the same name resolves as usual: to the external package.
    builder.onResolve({ filter }, (args) => (args.namespace === 'native-addon' ? undefined : { path: args.path, namespace: 'native-addon' }));
    builder.onLoad({ filter: /.*/, namespace: 'native-addon' }, (args) => {
      const names = Object.keys(requireFromRoot(args.path)).filter((name) => /^[A-Za-z_$][\w$]*$/.test(name) && name !== 'default');
      const contents = [`const addon = require(${JSON.stringify(args.path)});`, 'export default addon;', ...names.map((name) => `export const ${name} = addon.${name};`)].join(
        '\n',
      );
      return { contents, loader: 'js', resolveDir: root };
    });
  },
};

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
  external: [...NATIVE_ADDONS, 'pg-native'],
  plugins: [requireNativeAddons],
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
