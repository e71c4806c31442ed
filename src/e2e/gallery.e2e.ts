/**
 * The "New template" dialog in a real Chromium: a starter from the gallery is
 * edited, saved and rendered by the API with a key made in the developer area,
 * to the same pixels; every starter draws the same in the editor and the API;
 * a template is duplicated from the developer area and from the dialog.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import type { ServerProcess } from '../server-process.test-helper.js';
import { SHOTS, startBrowserSession, type BrowserSession } from './browser-session.e2e-helper.js';
import { apiJson, editorPng, generatedPng, MAX_MISMATCH, mismatch, openEditor, ready, watch } from './editor-page.e2e-helper.js';

let session: BrowserSession;
let server: ServerProcess;
let context: BrowserContext;

before(async () => {
  session = await startBrowserSession();
  ({ server, context } = session);
  // Six engineers share two cores: a page can take well over Playwright's 30 s default to load.
  context.setDefaultTimeout(120_000);
  context.setDefaultNavigationTimeout(120_000);
});

after(async () => {
  await session?.close();
});

interface Starter {
  id: string;
  name: string;
  width: number;
  height: number;
  template: { objects: Array<{ name: string }> };
}

const api = <T>(method: string, url: string, body?: unknown): Promise<T> => apiJson<T>(server, method, url, body);

/** Every preview image in the open panel has arrived and decoded. */
async function previewsLoaded(page: Page): Promise<void> {
  // A function, not a string: the page's CSP forbids eval. Typed by hand: this file has no DOM types.
  type Img = { complete: boolean; naturalWidth: number };
  await page.waitForFunction(() => {
    const images = [...(globalThis as unknown as { document: { querySelectorAll(s: string): Iterable<Img> } }).document.querySelectorAll('#new-panel-starters img')];
    return images.length > 0 && images.every((img) => img.complete && img.naturalWidth > 0);
  });
}

async function savedTemplateId(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
  return new URL(page.url()).searchParams.get('template')!;
}

test('Escape in the new-template dialog goes back to the templates list', async () => {
  const page = await context.newPage();
  const problems = watch(page);
  await openEditor(page, server, `${server.base}/editor`);
  await page.waitForSelector('dialog#new-dialog[open]');
  await page.keyboard.press('Escape');
  await page.waitForURL((u) => u.pathname === '/' && u.hash === '#/templates');
  assert.deepEqual(problems, []);
  await page.close();
});

test('a starter is opened, its title changed, saved, and the API renders it with a new key as the canvas shows it', async () => {
  const page = await context.newPage();
  const problems = watch(page);
  await openEditor(page, server, `${server.base}/editor`);

  // The tabs follow the ARIA pattern: arrows move between them.
  const blank = page.getByRole('tab', { name: 'Blank' });
  assert.equal(await blank.getAttribute('aria-selected'), 'true');
  await blank.focus();
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.getByRole('tab', { name: 'Starters' }).getAttribute('aria-selected'), 'true');
  assert.ok(await page.getByRole('tab', { name: 'Starters' }).evaluate((el) => el.matches(':focus')));
  await previewsLoaded(page);
  const cards = page.getByRole('list', { name: 'Starter templates' }).getByRole('button');
  assert.ok((await cards.count()) >= 9);
  await page.screenshot({ path: path.join(SHOTS, 'new-template-starters.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(SHOTS, 'new-template-starters-phone.png') });
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.getByRole('button', { name: /^Blog post card 1200 × 630/ }).click();
  await ready(page);
  assert.equal(await page.getByLabel('Template name').inputValue(), 'Blog post card');
  assert.equal(await page.locator('#dirty').isVisible(), true, 'a starter opens unsaved');
  await page.getByRole('button', { name: 'Select title' }).click();
  await page.getByLabel('Text', { exact: true }).fill('Our starters ship with the editor');
  await page.getByLabel('Text', { exact: true }).blur();
  const templateId = await savedTemplateId(page);
  const fromEditor = await editorPng(page);

  // A key made where a person would make it: the developer area.
  await page.goto(`${server.base}/#/keys`);
  await page.getByLabel('Key name (optional)').fill('Gallery test');
  await page.getByRole('button', { name: 'Create key' }).click();
  const key = await page.getByRole('textbox', { name: 'New API key' }).inputValue();
  assert.match(key, /^imp_/);

  const stored = await api<{ template: { objects: Array<{ name: string; text?: string }> } }>('GET', `/templates/${templateId}`);
  assert.equal(stored.template.objects.find((o) => o.name === 'title')?.text, 'Our starters ship with the editor');
  const share = await mismatch(fromEditor, await generatedPng(server, templateId, { authorization: `Bearer ${key}` }), 'Blog post card, edited');
  assert.ok(share <= MAX_MISMATCH, `${(share * 100).toFixed(3)}% of pixels differ (limit ${MAX_MISMATCH * 100}%)`);
  assert.deepEqual(problems, []);
  await page.close();
});

test('Duplicate in the developer area and in the dialog opens an unsaved copy; saving it leaves the original as it was', async () => {
  const page = await context.newPage();
  const problems = watch(page);
  const before = await api<Array<{ id: string; name: string }>>('GET', '/templates/all');
  const original = before.find((t) => t.name === 'Social card')!;
  const originalDoc = await api<{ template: { width: number; height: number; objects: Array<{ name: string; text?: string }> } }>('GET', `/templates/${original.id}`);

  // Signed in by the tests before: the browser profile keeps the session cookie.
  await page.goto(`${server.base}/#/templates`);
  await page.getByRole('link', { name: 'Duplicate Social card' }).click();
  await page.waitForURL((u) => u.pathname === '/editor' && u.searchParams.get('from') === original.id);
  await ready(page);
  assert.equal(await page.getByLabel('Template name').inputValue(), 'Social card copy');
  assert.match((await page.getByRole('status').textContent()) ?? '', /^Copy of "Social card": not saved yet\.$/);
  const copyId = await savedTemplateId(page);
  assert.notEqual(copyId, original.id);
  type Doc = { template: { width: number; height: number; objects: Array<{ name: string; text?: string }> } };
  const copy = await api<Doc & { name: string }>('GET', `/templates/${copyId}`);
  assert.equal(copy.name, 'Social card copy');
  // Saved through Fabric's toObject(), so defaults may be spelled out; the design is the same.
  const design = (d: Doc) => [d.template.width, d.template.height, d.template.objects.map((o) => [o.name, o.text])];
  assert.deepEqual(design(copy), design(originalDoc));
  assert.deepEqual(await api<Doc>('GET', `/templates/${original.id}`), originalDoc, 'the original is untouched');

  // The dialog's own list of the account's templates.
  await page.goto(`${server.base}/editor`);
  await page.waitForSelector('dialog#new-dialog[open]');
  await page.getByRole('tab', { name: 'Your templates' }).click();
  await page.getByRole('button', { name: 'Duplicate Quote card', exact: true }).click();
  await ready(page);
  assert.equal(await page.getByLabel('Template name').inputValue(), 'Quote card copy');
  assert.ok(await page.getByRole('button', { name: 'Select quote', exact: true }).isVisible());
  await savedTemplateId(page);
  const after = await api<Array<{ name: string }>>('GET', '/templates/all');
  assert.equal(after.filter((t) => t.name === 'Quote card copy').length, 1);
  assert.deepEqual(problems, []);
  await page.close();
});

test('every starter draws the same in the editor as through the API', async () => {
  const starters = await api<Starter[]>('GET', '/templates/gallery');
  const page = await context.newPage();
  const problems = watch(page);
  const shares: string[] = [];
  for (const s of starters) {
    const { id } = await api<{ id: string }>('POST', '/templates', { name: s.name, template: s.template });
    await openEditor(page, server, `${server.base}/editor?template=${id}`);
    await ready(page);
    const share = await mismatch(await editorPng(page), await generatedPng(server, id), s.name);
    shares.push(`${s.id} ${(share * 100).toFixed(3)}%`);
    assert.ok(share <= MAX_MISMATCH, `${s.name}: ${(share * 100).toFixed(3)}% of pixels differ`);
  }
  console.log(`editor vs API per starter: ${shares.join(', ')}`);
  assert.deepEqual(problems, []);
  await page.close();
});
