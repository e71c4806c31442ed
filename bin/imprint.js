#!/usr/bin/env node
// Entry for `npx imprint …`. Builds on first use so a fresh clone works without a separate build step.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entry = path.join(root, 'dist', 'src', 'cli', 'cli.js');
if (!existsSync(entry)) execSync('npm run build --silent', { cwd: root, stdio: 'inherit' });
const { main } = await import(pathToFileURL(entry).href);
const code = await main(process.argv.slice(2));
if (code >= 0) process.exit(code);
