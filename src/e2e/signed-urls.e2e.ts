/**
 * A signed URL in a page: the developer area's playground makes a URL key and
 * a signed URL, and a page of another origin that holds only
 * <img src="{signed URL}"> shows the image in Chromium — the pixels the API
 * renders, charged once however often the page is opened.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { after, before, test } from 'node:test';
import pixelmatch from 'pixelmatch';
import type { BrowserContext, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import type { ServerProcess } from '../server-process.test-helper.js';
import { SHOTS, signInAsDemo, startBrowserSession, type BrowserSession } from './browser-session.e2e-helper.js';

let session: BrowserSession;
let server: ServerProcess;
let context: BrowserContext;
let page: Page;
let embedder: Server;
let embedderBase: string;
let signedUrl = '';

before(async () => {
  session = await startBrowserSession();
  ({ server, context } = session);
  page = await context.newPage();
  await signInAsDemo(page, server);
  // The page that embeds the image is another site: nothing but the URL connects it to Imprint.
  embedder = createServer((request, response) => {
    const src = new URL(request.url ?? '/', 'http://embedder').searchParams.get('src') ?? '';
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html><body style="margin:0"><img id="card" alt="card" src="${src.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"></body></html>`);
  });
  await new Promise<void>((resolve) => embedder.listen(0, '127.0.0.1', resolve));
  const address = embedder.address() as { port: number };
  embedderBase = `http://localhost:${address.port}`;
});

after(async () => {
  await new Promise((resolve) => embedder?.close(resolve));
  await session?.close();
});

async function credits(): Promise<number> {
  const res = await fetch(`${server.base}/account`, { headers: server.auth });
  return ((await res.json()) as { credits: number }).credits;
}

test('the playground makes a URL key and a signed URL for the form as it stands', async () => {
  const templates = (await (await fetch(`${server.base}/templates/all`, { headers: server.auth })).json()) as Array<{ id: string; name: string }>;
  const card = templates.find((t) => t.name === 'Social card')!;
  await page.goto(`${server.base}/#/templates/${encodeURIComponent(card.id)}`);
  const title = page.locator('[data-element="title"]').locator('textarea, input[type="text"]').first();
  await title.fill('Signed in Chromium');
  await page.getByRole('button', { name: 'New URL key' }).click();
  const secret = page.getByLabel('New URL key secret');
  await secret.waitFor();
  assert.match(await secret.inputValue(), /^uks_/);
  await page.getByRole('button', { name: 'Make signed URL' }).click();
  const field = page.getByLabel('Signed image URL');
  await field.waitFor();
  signedUrl = await field.inputValue();
  const url = new URL(signedUrl);
  assert.equal(url.origin, server.base);
  assert.equal(url.pathname, `/u/${card.id}.png`);
  assert.equal(url.searchParams.get('title.text'), 'Signed in Chromium');
  assert.match(url.searchParams.get('key') ?? '', /^uk_/);
  await page.screenshot({ path: path.join(SHOTS, 'playground-signed-url.png') });
});

test('a page with <img src="{signed URL}"> shows the image: the API pixels, one credit for any number of views', async () => {
  assert.ok(signedUrl, 'the first test made the URL');
  const before = await credits();
  const viewer = await context.newPage();
  await viewer.setViewportSize({ width: 1400, height: 800 });
  await viewer.goto(`${embedderBase}/?src=${encodeURIComponent(signedUrl)}`);
  const img = viewer.locator('#card');
  const size = await img.evaluate((el) => {
    const image = el as unknown as { decode(): Promise<void>; naturalWidth: number; naturalHeight: number };
    return image.decode().then(() => ({ width: image.naturalWidth, height: image.naturalHeight }));
  });
  assert.ok(size.width > 0, 'the browser decoded an image');
  assert.deepEqual(size, { width: 1200, height: 630 });
  assert.equal(await credits(), before - 1, 'the first view rendered and charged 1 credit');

  // What the browser shows, pixel for pixel (the img is drawn 1:1 at device scale 1), against what the API serves.
  const shown = PNG.sync.read(await img.screenshot({ path: path.join(SHOTS, 'signed-url-in-page.png') }));
  const served = await fetch(signedUrl);
  assert.equal(served.status, 200);
  const api = PNG.sync.read(Buffer.from(await served.arrayBuffer()));
  assert.deepEqual([shown.width, shown.height], [api.width, api.height]);
  const differing = pixelmatch(shown.data, api.data, undefined, api.width, api.height, { threshold: 0.1 });
  console.log(`signed URL in a page: ${differing} of ${api.width * api.height} pixels differ from the API's image`);
  assert.ok(differing / (api.width * api.height) < 0.001, `${differing} pixels differ`);

  await viewer.reload();
  await viewer.locator('#card').evaluate((el) => (el as unknown as { decode(): Promise<void> }).decode());
  assert.equal(await credits(), before - 1, 'later views are free');
  await viewer.close();
});
