#!/usr/bin/env node
// `npm start` on an already-built clone should open its port in about a second,
// but even an incremental `tsc` spends several seconds of CPU re-checking the
// whole program, and esbuild re-bundles the editor. So the build runs only when
// the bytes it reads changed: a SHA-256 over every input file (by content, not
// mtime, so a fresh checkout or `touch` of an unchanged file costs nothing) is
// kept next to the output, and the build is skipped when it matches.
// Plain JavaScript with no dependencies: it must run before anything is built.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stampFile = path.join(root, 'dist', '.build-inputs.sha256');
/** The folders tsc and esbuild read, and the files that change what they produce. */
const inputDirs = ['src', 'bench', 'scripts', 'web/editor/src'];
const inputFiles = ['tsconfig.json', 'web/editor/tsconfig.json', 'package.json', 'package-lock.json'];
/** What the build writes: if either is gone, build whatever the stamp says. */
const outputs = ['dist/src/main.js', 'dist/server/main.js', 'dist/server/render-worker.js', 'web/editor/build/editor.js'];

function listFiles(dir) {
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...listFiles(full));
    else if (entry.isFile() && /\.(ts|mts|mjs|js|json)$/.test(entry.name)) found.push(full);
  }
  return found;
}

export function inputsDigest() {
  const files = [
    ...inputDirs.filter((dir) => existsSync(path.join(root, dir))).flatMap((dir) => listFiles(path.join(root, dir))),
    ...inputFiles.map((file) => path.join(root, file)).filter((file) => existsSync(file)),
  ].sort();
  const hash = createHash('sha256');
  for (const file of files) {
    // The path is part of the digest so that a rename or a deleted file also rebuilds.
    hash.update(path.relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

function isFresh(digest) {
  if (!outputs.every((file) => existsSync(path.join(root, file)) && statSync(path.join(root, file)).size > 0)) return false;
  return existsSync(stampFile) && readFileSync(stampFile, 'utf8').trim() === digest;
}

const digest = inputsDigest();
if (process.argv.includes('--check')) {
  // Exit 0 when the build is current, 1 when `npm start` would rebuild.
  process.exit(isFresh(digest) ? 0 : 1);
}
if (!isFresh(digest)) {
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  writeFileSync(stampFile, `${digest}\n`);
}
