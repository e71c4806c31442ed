import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { repoRoot } from './repo-root.js';
import { startServerProcess, type ServerProcess } from './server-process.test-helper.js';

/**
 * The playground's "copy as" snippets, run for real against a server: each
 * must send the request the page describes and print the image URL. The text
 * carries quotes, a backslash, a newline and non-ASCII so every quoting rule is used.
 */
type Snippet = (request: { method: string; url: string; body?: unknown }) => string;
const run = promisify(execFile);

let server: ServerProcess;
let dir: string;
let snippets: { curlCommand: Snippet; fetchSnippet: Snippet; pythonSnippet: Snippet };
let body: Record<string, unknown>;

before(async () => {
  server = await startServerProcess();
  dir = await mkdtemp(path.join(os.tmpdir(), 'imprint-snippets-'));
  snippets = (await import(pathToFileURL(path.join(repoRoot(), 'web', 'js', 'snippets.js')).href)) as typeof snippets;
  const created = await fetch(`${server.base}/templates`, {
    method: 'POST',
    headers: { ...server.auth, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'snippets',
      template: {
        version: '5.3.0',
        width: 200,
        height: 100,
        objects: [{ type: 'Textbox', name: "it's", left: 0, top: 0, width: 200, text: 'x', fontSize: 20, fontFamily: 'Inter', fill: '#000000' }],
      },
    }),
  });
  assert.equal(created.status, 201, await created.clone().text());
  const templateId = ((await created.json()) as { id: string }).id;
  body = { templateId, elements: { "it's": { text: `"Quoted" it's \\ $HOME \${x} \`tick\`\nline two — ✓ 😀` } } };
});

after(async () => {
  await server?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const env = () => ({ ...process.env, IMPRINT_KEY: server.key });
const request = () => ({ method: 'POST', url: `${server.base}/image/generate`, body });

async function expectImage(stdout: string): Promise<void> {
  const url = /https?:\/\/\S+\.png/.exec(stdout)?.[0];
  assert.ok(url?.startsWith(server.base), stdout);
  assert.equal((await fetch(url!)).status, 200);
}

test('the curl command runs in sh and generates the image', async () => {
  const { stdout } = await run('sh', ['-c', snippets.curlCommand(request())], { env: env() });
  await expectImage(stdout);
});

test('the JavaScript fetch snippet runs in Node and generates the image', async () => {
  const file = path.join(dir, 'snippet.mjs');
  await writeFile(file, snippets.fetchSnippet(request()));
  const { stdout } = await run(process.execPath, [file], { env: env() });
  await expectImage(stdout);
});

test('the Python requests snippet runs and generates the image', async (t) => {
  try {
    await run('python3', ['-c', 'import requests']);
  } catch {
    t.skip('python3 with requests is not installed');
    return;
  }
  const file = path.join(dir, 'snippet.py');
  await writeFile(file, snippets.pythonSnippet(request()));
  const { stdout } = await run('python3', [file], { env: env() });
  await expectImage(stdout);
});

test('all three send the same body: one image for the same request', async () => {
  const outputs = await Promise.all([
    run('sh', ['-c', snippets.curlCommand(request())], { env: env() }).then((r) => /https?:\/\/\S+\.png/.exec(r.stdout)?.[0]),
    writeFile(path.join(dir, 'same.mjs'), snippets.fetchSnippet(request()))
      .then(() => run(process.execPath, [path.join(dir, 'same.mjs')], { env: env() }))
      .then((r) => r.stdout.trim()),
  ]);
  assert.equal(outputs[0], outputs[1], 'curl and fetch rendered identical bytes');
});
