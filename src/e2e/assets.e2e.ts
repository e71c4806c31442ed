/**
 * Images from the user's own files, in a real Chromium against a real server:
 * an uploaded photo becomes an account asset the API renders from storage,
 * an SVG becomes shapes, and both render as the editor drew them; "Your
 * images" lists the uploads, adds one, puts one in the selected image's place
 * (its box kept) and shows a refused delete as the server explains it.
 */
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import type { ServerProcess } from '../server-process.test-helper.js';
import { SHOTS, startBrowserSession, type BrowserSession } from './browser-session.e2e-helper.js';
import { assetPicturesWidths } from './screens.e2e-helper.js';
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
  // An earlier test's unsaved new template is offered back first.
  const discard = page.getByRole('button', { name: 'Discard draft' });
  if (await discard.isVisible()) await discard.click();
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

async function uploadByApi(width: number, height: number): Promise<{ id: string; url: string }> {
  const body = await readFile(await writeTestPhoto(path.join(files, `${width}x${height}.png`), width, height));
  const res = await fetch(`${server.base}/assets`, { method: 'POST', headers: { ...server.auth, 'content-type': 'image/png' }, body });
  assert.equal(res.status, 201, await res.clone().text());
  return (await res.json()) as { id: string; url: string };
}

test('the asset browser lists uploads with pictures, adds one, replaces the selected image keeping its box, and shows a refused delete', async () => {
  // Sizes no other test here uploads: assets are content-addressed, so the same picture would be the same asset.
  const wide = await uploadByApi(420, 260);
  const square = await uploadByApi(300, 300);
  const spare = await uploadByApi(200, 120);
  const page = await context.newPage();
  const problems = watch(page);
  await newTemplate(page, 'E2E asset browser');

  const browser = page.getByRole('dialog', { name: 'Your images' });
  await page.getByRole('button', { name: 'Your images…' }).click();
  await browser.getByRole('img', { name: /^Image 420 × 260 PNG/ }).waitFor();
  // Each tile's picture is the asset itself, read with the session cookie.
  const widths = await assetPicturesWidths(page);
  for (const width of [420, 300, 200]) assert.ok(widths.includes(width), `a ${width} px wide picture among ${widths}`);
  assert.ok(await browser.getByRole('button', { name: /^Replace the selected image with 420 × 260/ }).isDisabled(), 'nothing selected, nothing to replace');
  await page.screenshot({ path: path.join(SHOTS, 'editor-asset-browser-light.png') });

  await browser.getByRole('button', { name: /^Add image 420 × 260 PNG/ }).click();
  await page.getByRole('status').filter({ hasText: 'Image added (420×260) from your images.' }).waitFor();
  assert.equal(await browser.isVisible(), false, 'the browser closes once the image is on the canvas');
  assert.equal(await page.getByLabel('Name of layer 1', { exact: true }).inputValue(), 'photo-1');

  const before = await page.getByLabel('Width', { exact: true }).inputValue();

  // photo-1 is selected: put the square picture in its place.
  await page.getByRole('button', { name: 'Your images…' }).click();
  await browser.getByRole('button', { name: /^Replace the selected image with 300 × 300 PNG/ }).click();
  await page.getByRole('status').filter({ hasText: '"photo-1" now shows the 300×300 image' }).waitFor();
  assert.equal(await page.getByLabel('Width', { exact: true }).inputValue(), before, 'the box on the canvas is kept');

  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
  const templateId = new URL(page.url()).searchParams.get('template')!;
  const stored = (await (await fetch(`${server.base}/templates/${templateId}`, { headers: server.auth })).json()) as {
    template: { objects: Array<{ name: string; src: string; cropX: number; cropY: number; width: number; height: number }> };
  };
  const [photo] = stored.template.objects;
  assert.equal(photo.src, square.url, 'the template names the new asset');
  // A 420×260 box (scale 1) covered by a 300×300 picture: scale 1.4, so 300 × 185.7 source pixels, cropped top and bottom.
  assert.ok(Math.abs(photo.width - 300) < 0.01 && Math.abs(photo.height - 260 / 1.4) < 0.01, JSON.stringify(photo));
  assert.ok(Math.abs(photo.cropY - (300 - 260 / 1.4) / 2) < 0.01 && photo.cropX === 0, JSON.stringify(photo));

  await page.getByRole('button', { name: 'Your images…' }).click();
  // This design draws the square one (saved or not): refused here, before asking the server.
  await browser.getByRole('button', { name: /^Delete image 300 × 300 PNG/ }).click();
  await browser.getByText(/^Not deleted: this design draws the image/).waitFor();
  await page.screenshot({ path: path.join(SHOTS, 'editor-asset-browser-in-use.png') });
  await browser.getByRole('button', { name: 'Close' }).click();

  // Once the design no longer draws the wide one, only the server's rule is left: no saved template draws it, so it goes.
  await page.getByRole('button', { name: 'Your images…' }).click();
  await browser.getByRole('button', { name: /^Delete image 420 × 260 PNG/ }).click();
  await browser.getByText('Deleted the 420 × 260 PNG').waitFor();
  assert.equal((await fetch(wide.url, { headers: server.auth })).status, 404);

  // A saved template elsewhere draws the spare one; this design does not: the server's 409 is shown as it says it.
  const other = await fetch(`${server.base}/templates`, {
    method: 'POST',
    headers: { ...server.auth, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Uses the spare',
      template: { version: '7.0.0', width: 200, height: 120, objects: [{ type: 'Image', name: 'pic', src: spare.url, width: 200, height: 120 }] },
    }),
  });
  assert.equal(other.status, 201, await other.text());
  const tiles = await browser.locator('li.asset-tile').count();
  await browser.getByRole('button', { name: /^Delete image 200 × 120 PNG/ }).click();
  const refusal = browser.getByText(/^Not deleted: The asset is drawn by the template "Uses the spare"/);
  await refusal.waitFor();
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: path.join(SHOTS, 'editor-asset-browser-dark.png') });
  await page.emulateMedia({ colorScheme: 'light' });
  assert.equal(await browser.locator('li.asset-tile').count(), tiles, 'a refused delete keeps the tile');
  // Chromium logs every non-2xx fetch; the refused delete is the one expected.
  assert.deepEqual(
    problems.filter((p) => !p.includes('status of 409 (Conflict)')),
    [],
  );
  await page.close();
});
