/**
 * Images from the user's own files, in a real Chromium against a real server:
 * an uploaded photo becomes an account asset the API renders from storage,
 * an SVG becomes shapes, and both render as the editor drew them.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import type { ServerProcess } from '../server-process.test-helper.js';
import { SHOTS, startBrowserSession, type BrowserSession } from './browser-session.e2e-helper.js';
import { MAX_MISMATCH, editorPng, generatedPng, mismatch, openEditor, ready, watch, writeTestPhoto } from './editor-page.e2e-helper.js';

let session: BrowserSession;
let server: ServerProcess;
let context: BrowserContext;
let files: string;

before(async () => {
  session = await startBrowserSession();
  ({ server, context } = session);
  files = await mkdtemp(path.join(os.tmpdir(), 'imprint-assets-e2e-'));
});

after(async () => {
  await session?.close();
  await rm(files, { recursive: true, force: true });
});

/** 400×250, small enough to be drawn at scale 1 (no resampling to disagree on). */
const photo = () => writeTestPhoto(path.join(files, 'photo.png'), 400, 250);

async function logo(): Promise<string> {
  const file = path.join(files, 'logo.svg');
  await writeFile(
    file,
    `<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" width="240" height="120" viewBox="0 0 240 120">
  <script>document.title = 'svg script ran'</script>
  <rect x="0" y="0" width="240" height="120" rx="20" fill="#1e3a8a"/>
  <circle cx="60" cy="60" r="40" fill="#f59e0b"/>
  <path d="M120 90 L160 30 L200 90 Z" fill="#10b981" stroke="#ffffff" stroke-width="4"/>
</svg>`,
  );
  return file;
}

async function newTemplate(page: Page, name: string): Promise<void> {
  await openEditor(page, server, `${server.base}/editor`);
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Open Graph (1200 × 630)').check();
  await page.getByRole('button', { name: 'Create' }).click();
  await ready(page);
}

test('an uploaded image and an imported SVG are saved, and the API renders them as the editor drew them', async () => {
  const page = await context.newPage();
  const problems = watch(page);
  await newTemplate(page, 'E2E assets');

  await page.getByLabel('Upload a photo or logo').setInputFiles(await photo());
  await page.getByRole('status').filter({ hasText: 'Image added (400×250)' }).waitFor();
  assert.equal(await page.getByLabel('Name of layer 1', { exact: true }).inputValue(), 'photo-1');

  await page.getByLabel('SVG to convert to shapes').setInputFiles(await logo());
  await page.getByRole('status').filter({ hasText: 'SVG imported as shapes' }).waitFor();
  assert.equal(await page.getByLabel('Name of layer 1', { exact: true }).inputValue(), 'graphic-1');
  assert.notEqual(await page.title(), 'svg script ran', 'a script inside an SVG never runs');

  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
  const templateId = new URL(page.url()).searchParams.get('template')!;
  await page.screenshot({ path: path.join(SHOTS, 'editor-assets-desktop.png') });

  const stored = (await (await fetch(`${server.base}/templates/${templateId}`, { headers: server.auth })).json()) as {
    template: { objects: Array<{ name: string; type: string; src?: string; objects?: unknown[] }> };
  };
  const [image, graphic] = stored.template.objects;
  assert.equal(image.name, 'photo-1');
  assert.match(image.src ?? '', new RegExp(`^${server.base}/assets/ast_[0-9a-f]{32}$`), 'the template names the asset by its URL on this server');
  assert.equal(graphic.name, 'graphic-1');
  assert.equal(graphic.type, 'Group');
  assert.equal(graphic.objects?.length, 3);

  // The asset is the account's: no credential, no bytes.
  assert.equal((await fetch(image.src!)).status, 401);
  assert.equal((await fetch(image.src!, { headers: server.auth })).headers.get('content-type'), 'image/png');

  const share = await mismatch(await editorPng(page), await generatedPng(server, templateId), 'E2E assets');
  assert.ok(share <= MAX_MISMATCH, `${(share * 100).toFixed(3)}% of pixels differ (limit ${MAX_MISMATCH * 100}%)`);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: path.join(SHOTS, 'editor-assets-dark.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Fit' }).click();
  await page.screenshot({ path: path.join(SHOTS, 'editor-assets-phone-dark.png'), fullPage: true });
  await page.emulateMedia({ colorScheme: 'light' });
  assert.deepEqual(problems, []);
  await page.close();
});

test('a refused upload is explained and adds nothing', async () => {
  const page = await context.newPage();
  await newTemplate(page, 'E2E refused');
  const fake = path.join(files, 'not-really.png');
  await writeFile(fake, '<html><body>not an image</body></html>');
  await page.getByLabel('Upload a photo or logo').setInputFiles(fake);
  await page.getByRole('status').filter({ hasText: 'Not uploaded: The body is markup' }).waitFor();
  assert.equal(await page.locator('li.layer').count(), 0);
  await page.close();
});

test('the playground uploads a file for an image element, its snippet names the asset, and Generate draws it', async () => {
  const templates = (await (await fetch(`${server.base}/templates/all`, { headers: server.auth })).json()) as Array<{ id: string }>;
  let templateId = '';
  for (const { id } of templates) {
    const { elements } = (await (await fetch(`${server.base}/templates/${id}/elements/basic`, { headers: server.auth })).json()) as { elements: Record<string, object> };
    if (elements.logo && 'src' in elements.logo) templateId = id;
  }
  assert.ok(templateId, 'a demo template has an image element named logo');
  const page = await context.newPage();
  const problems = watch(page);
  await page.goto(`${server.base}/#/templates/${encodeURIComponent(templateId)}`);
  await page.getByLabel('Upload a file for logo').setInputFiles(await photo());
  await page.getByText('Uploaded photo.png (400 × 250)').waitFor();
  const snippet = page.getByLabel('The request as a curl command');
  assert.match(await snippet.innerText(), new RegExp(`"logo":\\s*\\{\\s*"src":\\s*"${server.base}/assets/ast_[0-9a-f]{32}"`));
  await page.screenshot({ path: path.join(SHOTS, 'playground-asset-upload.png'), fullPage: true });
  await page.getByRole('button', { name: 'Generate image' }).click();
  const imageURL = await page.getByLabel('imageURL').inputValue();
  assert.equal((await fetch(imageURL)).status, 200);
  assert.deepEqual(problems, []);
  await page.close();
});
