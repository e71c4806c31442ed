/**
 * The whole path of a new person, through the screens only: sign up, design a
 * card from a preset with their own photo and font, save, create a key, copy
 * the curl command the playground shows, run it in a shell, and get the
 * picture the editor drew. No JSON is written or read by the "person"; the
 * test reads the curl answer only to fetch the image, as a script would.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, before, test } from 'node:test';
import { PNG } from 'pngjs';
import { repoRoot } from '../repo-root.js';
import { SHOTS, startBrowserSession, type BrowserSession } from './browser-session.e2e-helper.js';
import { MAX_MISMATCH, editorPng, mismatch, ready, watch, writeTestPhoto } from './editor-page.e2e-helper.js';

const run = promisify(execFile);

let session: BrowserSession;
let files: string;

before(async () => {
  session = await startBrowserSession();
  files = await mkdtemp(path.join(os.tmpdir(), 'imprint-journey-'));
});

after(async () => {
  await session?.close();
  await rm(files, { recursive: true, force: true });
});

test('a new person signs up, designs a card with their photo and font, and the curl command the app shows returns the same picture', async () => {
  const { server, context } = session;
  const page = await context.newPage();
  const problems = watch(page);

  // 1. Sign up.
  await page.goto(`${server.base}/#/signup`);
  await page.getByLabel('Email', { exact: true }).fill(`new-${randomBytes(4).toString('hex')}@example.com`);
  await page.getByLabel('New password', { exact: true }).fill('a long enough passphrase 42');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL((u) => u.hash === '#/templates');

  // 2. Design from a preset, with their own photo and font.
  await page.getByRole('link', { name: 'New template' }).first().click();
  await page.waitForSelector('dialog#new-dialog[open]');
  await page.getByLabel('Name', { exact: true }).fill('Launch card');
  await page.getByLabel('Open Graph (1200 × 630)').check();
  await page.getByRole('button', { name: 'Create' }).click();
  await ready(page);

  await page.getByLabel('Upload a photo or logo').setInputFiles(await writeTestPhoto(path.join(files, 'team-photo.png'), 360, 240));
  await page.getByRole('status').filter({ hasText: 'Image added (360×240)' }).waitFor();

  await page.getByRole('button', { name: 'Text', exact: true }).click();
  await page.getByLabel('Text', { exact: true }).fill('Brand launch day');
  await page.getByLabel('Text', { exact: true }).blur();

  await page.getByRole('button', { name: 'Upload a font…' }).click();
  const dialog = page.locator('dialog.font-upload-dialog[open]');
  // A file that is no font: the server's answer is shown at the file field, and nothing is uploaded.
  await dialog.getByLabel('Font file').setInputFiles({ name: 'Notes-Bold.ttf', mimeType: 'font/ttf', buffer: Buffer.from('meeting notes, not a font file') });
  assert.equal(await dialog.getByLabel('Family name').inputValue(), 'Notes', 'the family is prefilled from the file name');
  await dialog.getByRole('button', { name: 'Upload and use' }).click();
  await dialog.getByText('The body is not a TTF, OTF, WOFF or WOFF2 font file.').waitFor();
  assert.equal(await dialog.getByLabel('Font file').getAttribute('aria-invalid'), 'true');
  await dialog.getByLabel('Font file').setInputFiles(path.join(repoRoot(), 'node_modules/@fontsource/oswald/files/oswald-latin-700-normal.woff'));
  assert.equal(await dialog.getByLabel('Weight').inputValue(), '400', 'the file name names no weight word, so Regular is guessed');
  await dialog.getByLabel('Family name').fill('Brand Sans');
  await dialog.getByLabel('Weight').selectOption('700');
  await dialog.getByRole('button', { name: 'Upload and use' }).click();
  await dialog.waitFor({ state: 'detached' });
  // The face loads from the server's copy before the title switches to it.
  await page.waitForFunction(() => {
    const d = (globalThis as unknown as { document: { querySelector(s: string): { value: string } | null } }).document;
    return d.querySelector('select[id^="fontFamily"]')?.value === 'Brand Sans';
  });
  assert.equal(await page.getByLabel('Font', { exact: true }).inputValue(), 'Brand Sans', 'the new family is selected on the title');
  assert.equal(await page.getByLabel('Weight', { exact: true }).inputValue(), '700');
  const fontLoaded = await page.evaluate(() =>
    (globalThis as unknown as { document: { fonts: { check(font: string, text: string): boolean } } }).document.fonts.check('700 16px "Brand Sans"', 'Brand'),
  );
  assert.ok(fontLoaded, 'the editor draws with the uploaded file');

  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
  const fromEditor = await editorPng(page);
  await page.screenshot({ path: path.join(SHOTS, 'journey-editor.png') });

  // 3. A key from the developer area, read off the screen.
  await page.getByRole('link', { name: 'Imprint' }).first().click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'API keys' }).click();
  await page.getByLabel('Key name').fill('my laptop');
  await page.getByRole('button', { name: 'Create key' }).click();
  const key = await page.getByRole('textbox', { name: 'New API key' }).inputValue();
  assert.match(key, /^imp_/);

  // 4. The playground's curl command, run in a shell with the key exported as the key screen says.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Templates' }).click();
  await page.getByRole('link', { name: 'Launch card', exact: true }).click();
  const snippet = page.getByLabel('The request as a curl command');
  await snippet.waitFor();
  const curl = await snippet.innerText();
  assert.match(curl, /^curl /);
  assert.match(curl, /\$IMPRINT_KEY/, 'the snippet reads the key from the environment, never from the page');
  await page.screenshot({ path: path.join(SHOTS, 'journey-playground.png'), fullPage: true });
  const { stdout } = await run('bash', ['-c', curl], { env: { ...process.env, IMPRINT_KEY: key }, timeout: 30_000 });
  const answer = JSON.parse(stdout) as { imageURL: string };
  const fromApi = PNG.sync.read(Buffer.from(await (await fetch(answer.imageURL)).arrayBuffer()));

  const share = await mismatch(fromEditor, fromApi, 'new-user journey');
  assert.ok(share <= MAX_MISMATCH, `${(share * 100).toFixed(3)}% of pixels differ (limit ${MAX_MISMATCH * 100}%)`);

  // The picture really carries the person's font: the stored title names it.
  const stored = (await (await fetch(`${server.base}/templates/all`, { headers: { authorization: `Bearer ${key}` } })).json()) as Array<{
    id: string;
  }>;
  const template = (await (await fetch(`${server.base}/templates/${stored[0].id}`, { headers: { authorization: `Bearer ${key}` } })).json()) as {
    template: { objects: Array<{ type: string; fontFamily?: string }> };
  };
  assert.deepEqual(
    template.template.objects.filter((o) => o.type.toLowerCase() === 'textbox').map((o) => o.fontFamily),
    ['Brand Sans'],
  );
  // Chromium logs every 4xx answer; the only one expected is the refused non-font.
  assert.deepEqual(problems, ['console: Failed to load resource: the server responded with a status of 400 (Bad Request)']);
  await page.close();
});
