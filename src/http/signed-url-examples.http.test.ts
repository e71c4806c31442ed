import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { promisify } from 'node:util';
import { repoRoot } from '../repo-root.js';
import { createTestApp, type TestApp } from './test-app.js';

const run = promisify(execFile);

/**
 * README's signing examples, run exactly as printed (only the placeholders
 * filled in): if the server's canonical form and a snippet ever disagree,
 * the URL the snippet prints answers 401 and this fails.
 */
let t: TestApp;
let base: string;
let snippets: { js: string; python: string };
let fill: (code: string) => string;

before(async () => {
  t = await createTestApp({ credits: 10 });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const created = await t.app.inject({ method: 'POST', url: '/account/url-keys', headers: t.a.auth, payload: {} });
  const key = created.json() as { id: string; secret: string };
  const readme = await readFile(path.join(repoRoot(), 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Signed image URLs'));
  const block = (lang: string) => {
    const found = new RegExp(`\`\`\`${lang}\\n([\\s\\S]*?)\`\`\``).exec(section);
    assert.ok(found, `README has a ${lang} signing example`);
    return found[1];
  };
  snippets = { js: block('js'), python: block('python') };
  fill = (code) =>
    code.replaceAll('http://localhost:3000', base).replaceAll('uk_YOUR_KEY_ID', key.id).replaceAll('uks_YOUR_SECRET', key.secret).replaceAll('tpl_YOUR_TEMPLATE', t.a.templateId);
});
after(async () => {
  await t.close();
});

async function opens(printed: string): Promise<void> {
  const url = printed.trim();
  assert.ok(url.startsWith(`${base}/u/${t.a.templateId}.png?`), url);
  const res = await fetch(url);
  assert.equal(res.status, 200, await res.clone().text());
  assert.equal(res.headers.get('content-type'), 'image/png');
}

test('the JavaScript example is at most 10 lines and signs as the server verifies', async () => {
  assert.ok(snippets.js.trim().split('\n').length <= 10);
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', fill(snippets.js)]);
  await opens(stdout);
});

test('the Python example is at most 10 lines and signs as the server verifies', async (ctx) => {
  assert.ok(snippets.python.trim().split('\n').length <= 10);
  const python = await run('python3', ['--version']).then(
    () => true,
    () => false,
  );
  if (!python) return ctx.skip('python3 is not installed');
  const { stdout } = await run('python3', ['-c', fill(snippets.python)]);
  await opens(stdout);
});
