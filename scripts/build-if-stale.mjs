#!/usr/bin/env node
// `npm start` on an already-built clone should open its port in about a second,
// but even an incremental `tsc` spends several seconds of CPU re-checking the
// whole program, and esbuild re-bundles the editor. So the build runs only when
// the bytes it reads changed: a SHA-256 over every input file (by content, not
// mtime, so a fresh checkout or `touch` of an unchanged file costs nothing) is
// kept next to the output, and the build is skipped when it matches.
// Reading and hashing every input is itself ~40 ms of a start, so the stamp also
// keeps each input's size, inode and change time: when none of them moved (the
// kernel updates the change time on every write, and no tool can set it back),
// the content is what it was when it was hashed, and only the list is compared.
// With `--start`, the server then starts in this same process: one Node boot
// (~0.1 s of CPU) fewer on every `npm start`.
// Plain JavaScript with no dependencies: it must run before anything is built.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stampFile = path.join(root, 'dist', '.build-inputs.sha256');
const statsFile = path.join(root, 'dist', '.build-inputs.stat');
/** The folders tsc and esbuild read, and the files that change what they produce. */
const inputDirs = ['src', 'bench', 'scripts', 'web/editor/src'];
const inputRootFiles = ['tsconfig.json', 'web/editor/tsconfig.json', 'package.json', 'package-lock.json'];
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

function listInputs() {
  return [
    ...inputDirs.filter((dir) => existsSync(path.join(root, dir))).flatMap((dir) => listFiles(path.join(root, dir))),
    ...inputRootFiles.map((file) => path.join(root, file)).filter((file) => existsSync(file)),
  ].sort();
}

export function inputsDigest(files = listInputs()) {
  const hash = createHash('sha256');
  for (const file of files) {
    // The path is part of the digest so that a rename or a deleted file also rebuilds.
    hash.update(path.relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

/** One line per input: what changes whenever its content can have changed. */
function inputsStats(files) {
  return files
    .map((file) => {
      const stat = statSync(file, { bigint: true });
      return `${path.relative(root, file)}\t${stat.size}\t${stat.ino}\t${stat.ctimeNs}`;
    })
    .join('\n');
}

function outputsExist() {
  return outputs.every((file) => existsSync(path.join(root, file)) && statSync(path.join(root, file)).size > 0);
}

function readOr(file, fallback) {
  return existsSync(file) ? readFileSync(file, 'utf8') : fallback;
}

const files = listInputs();
const stats = inputsStats(files);
const stamp = readOr(stampFile, '').trim();
// The stats stand for the digest they were recorded with, and only for that one.
let fresh = outputsExist() && stamp !== '' && readOr(statsFile, '') === `${stamp}\n${stats}`;
let digest = stamp;
if (!fresh) {
  digest = inputsDigest(files);
  fresh = outputsExist() && stamp === digest;
  if (fresh) writeFileSync(statsFile, `${digest}\n${stats}`);
}
if (process.argv.includes('--check')) {
  // Exit 0 when the build is current, 1 when `npm start` would rebuild.
  process.exit(fresh ? 0 : 1);
}
if (!fresh) {
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  writeFileSync(stampFile, `${digest}\n`);
  writeFileSync(statsFile, `${digest}\n${stats}`);
}
if (process.argv.includes('--start')) {
  try {
    const { startServer } = await import(pathToFileURL(path.join(root, 'dist', 'server', 'main.js')).href);
    await startServer();
  } catch (error) {
    console.error(error);
    process.exit(1);
  }
}
