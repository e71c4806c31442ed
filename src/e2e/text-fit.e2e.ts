/**
 * `textFit: 'shrink'` in the editor, in a real Chromium against a real server
 * process: a text too long for its box is drawn as the API renders it (the
 * editor's canvas within 0.5% of `POST /image/preview`), on load and after
 * typing; typing more makes the drawn size smaller, never below the minimum;
 * what is saved keeps the designed font size and the box.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import type { TemplateDocument } from '../domain/template.js';
import type { ServerProcess } from '../server-process.test-helper.js';
import { SHOTS, startBrowserSession, type BrowserSession } from './browser-session.e2e-helper.js';
import { apiJson, editorPng, MAX_MISMATCH, mismatch, openEditor, ready, watch } from './editor-page.e2e-helper.js';

let session: BrowserSession;
let server: ServerProcess;
let context: BrowserContext;
let page: Page;
let problems: string[];
let templateId: string;

const HEADLINE = { left: 80, top: 60, width: 640, height: 200, fontSize: 72, minFontSize: 16 };

/**
 * Two shrink texts whose text is far too long for their boxes: one anchored
 * top-left, one centred on its origin with a larger per-character size on one
 * word (the fit scales both sizes, and keeps the text centred on the origin).
 */
const TEMPLATE: TemplateDocument = {
  version: '7.4.0',
  width: 1200,
  height: 630,
  objects: [
    { type: 'Rect', name: 'background', left: 0, top: 0, width: 1200, height: 630, fill: '#f8fafc', strokeWidth: 0, originX: 'left', originY: 'top' },
    {
      type: 'Textbox',
      name: 'headline',
      ...HEADLINE,
      originX: 'left',
      originY: 'top',
      fontFamily: 'Inter',
      fontWeight: 700,
      lineHeight: 1.16,
      fill: '#111827',
      text: 'A headline that is much too long for the box it was designed in, so the API shrinks it',
      textFit: 'shrink',
    },
    {
      type: 'Textbox',
      name: 'caption',
      left: 920,
      top: 470,
      width: 420,
      height: 140,
      originX: 'center',
      originY: 'center',
      textAlign: 'center',
      fontFamily: 'Inter',
      fontSize: 48,
      fill: '#1e3a8a',
      text: 'Centred, with one LARGER word, in a box too small for all of it',
      styles: [{ start: 18, end: 24, style: { fontSize: 64, fill: '#dc2626' } }],
      textFit: 'shrink',
      minFontSize: 12,
    },
  ],
};

before(async () => {
  session = await startBrowserSession();
  ({ server, context } = session);
  // Several engineers share two cores: a page can take well over Playwright's 30 s default to load.
  context.setDefaultTimeout(120_000);
  context.setDefaultNavigationTimeout(120_000);
  page = await context.newPage();
  problems = watch(page);
  templateId = (await api<{ id: string }>('POST', '/templates', { name: 'Shrink to fit', template: TEMPLATE })).id;
});

after(async () => {
  await session?.close();
});

const api = <T>(method: string, url: string, body?: unknown): Promise<T> => apiJson<T>(server, method, url, body);

/** The server's free preview: the same renderer as /image/generate, at scale 1. */
async function previewPng(body: { templateId: string } | { template: TemplateDocument }): Promise<PNG> {
  const res = await fetch(`${server.base}/image/preview`, {
    method: 'POST',
    headers: { ...server.auth, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  assert.equal(res.status, 200, await res.clone().text());
  return PNG.sync.read(Buffer.from(await res.arrayBuffer()));
}

const storedHeadline = async () => {
  const { template } = await api<{ template: TemplateDocument }>('GET', `/templates/${templateId}`);
  return template.objects.find((o) => o.name === 'headline')!;
};

/** The size the panel says the selected shrink text is drawn at. */
async function drawnSize(): Promise<number> {
  const shown = (await page.locator('output.drawn-size').textContent()) ?? '';
  const m = /Drawn at ([\d.]+) px/.exec(shown);
  assert.ok(m, `the panel shows the drawn size: "${shown}"`);
  return Number(m[1]);
}

async function save(): Promise<void> {
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('status').filter({ hasText: 'Saved.' }).last().waitFor();
}

test('a shrink text too long for its box opens in the editor as the API renders it', async () => {
  await openEditor(page, server, `${server.base}/editor?template=${templateId}`);
  await ready(page);
  const rendered = await previewPng({ templateId });
  const share = await mismatch(await editorPng(page), rendered, 'shrink text on load');
  assert.ok(share < MAX_MISMATCH, `${(share * 100).toFixed(3)}% of pixels differ`);

  // What an editor without the fit draws (every text at its designed size) is far from it: the check can fail.
  const unfitted = { ...TEMPLATE, objects: TEMPLATE.objects.map(({ textFit: _fit, ...o }) => o) } as TemplateDocument;
  const before = await mismatch(await previewPng({ template: unfitted }), rendered, 'designed size vs shrink');
  assert.ok(before > 10 * MAX_MISMATCH, `${(before * 100).toFixed(3)}%`);

  await page.getByRole('button', { name: 'Select headline' }).click();
  assert.equal(await page.getByLabel('Font size', { exact: true }).inputValue(), String(HEADLINE.fontSize), 'the panel shows the design');
  assert.equal(await page.getByLabel('Box height', { exact: true }).inputValue(), String(HEADLINE.height));
  assert.equal(await page.getByLabel('Smallest font size', { exact: true }).inputValue(), String(HEADLINE.minFontSize));
  const drawn = await drawnSize();
  assert.ok(drawn < HEADLINE.fontSize && drawn > HEADLINE.minFontSize, String(drawn));
  await page.screenshot({ path: path.join(SHOTS, 'editor-text-fit.png') });
  assert.deepEqual(problems, []);
});

test('typing more text shrinks the drawn size in the fixed box; the saved font size and box do not change', async () => {
  await page.getByRole('button', { name: 'Select headline' }).click();
  const before = await drawnSize();
  // Fabric's own text editing on the canvas: a double-click selects the word under the pointer, typing replaces it.
  const box = (await page.locator('canvas.upper-canvas').boundingBox())!;
  const zoom = box.width / TEMPLATE.width;
  await page.mouse.dblclick(box.x + (HEADLINE.left + 60) * zoom, box.y + (HEADLINE.top + 30) * zoom);
  await page.getByLabel('Text of headline').waitFor({ state: 'attached' });
  await page.keyboard.type('headline that keeps growing as more words are typed into the very same box,');
  const typing = await drawnSize();
  assert.ok(typing < before, `drawn at ${typing} px after typing, ${before} px before`);
  await page.screenshot({ path: path.join(SHOTS, 'editor-text-fit-typing.png') });
  await page.keyboard.press('Escape');
  assert.equal(await page.getByLabel('Font size', { exact: true }).inputValue(), String(HEADLINE.fontSize));

  await save();
  const saved = await storedHeadline();
  assert.match(String(saved.text), /more words are typed/);
  assert.deepEqual(
    { fontSize: saved.fontSize, width: saved.width, height: saved.height, textFit: saved.textFit, minFontSize: saved.minFontSize },
    { fontSize: HEADLINE.fontSize, width: HEADLINE.width, height: HEADLINE.height, textFit: 'shrink', minFontSize: HEADLINE.minFontSize },
  );
  const share = await mismatch(await editorPng(page), await previewPng({ templateId }), 'shrink text after typing');
  assert.ok(share < MAX_MISMATCH, `${(share * 100).toFixed(3)}% of pixels differ`);

  // A box centred on its origin stays where it is while its text grows (Fabric alone would keep the top edge).
  await page.getByRole('button', { name: 'Select caption' }).click();
  const caption = await drawnSize();
  await page.mouse.dblclick(box.x + 920 * zoom, box.y + 470 * zoom);
  await page.getByLabel('Text of caption').waitFor({ state: 'attached' });
  await page.keyboard.type('caption that now says a great deal more than it did');
  assert.ok((await drawnSize()) < caption);
  await page.keyboard.press('Escape');
  assert.deepEqual([await page.getByLabel('X', { exact: true }).inputValue(), await page.getByLabel('Y', { exact: true }).inputValue()], ['920', '470']);
  await save();
  const centred = await mismatch(await editorPng(page), await previewPng({ templateId }), 'centred shrink text after typing');
  assert.ok(centred < MAX_MISMATCH, `${(centred * 100).toFixed(3)}% of pixels differ`);

  // Reloaded, it is drawn the same again.
  await page.reload();
  await ready(page);
  await page.getByRole('button', { name: 'Select headline' }).click();
  assert.equal(await drawnSize(), typing);
  assert.deepEqual(problems, []);
});

test('a taller box draws the text larger; a text too long even at the minimum size is drawn at it, as the API does', async () => {
  await page.getByRole('button', { name: 'Select headline' }).click();
  // A taller box: the same text is drawn larger, the design untouched.
  const before = await drawnSize();
  await page.getByLabel('Box height', { exact: true }).fill('300');
  await page.getByLabel('Box height', { exact: true }).press('Enter');
  assert.ok((await drawnSize()) > before);
  const text = page.getByLabel('Text', { exact: true });
  await text.fill(Array.from({ length: 40 }, () => 'Far too many words for this box.').join(' '));
  await text.blur();
  assert.equal(await drawnSize(), HEADLINE.minFontSize);
  await save();
  const saved = await storedHeadline();
  assert.deepEqual([saved.fontSize, saved.height], [HEADLINE.fontSize, 300]);
  const share = await mismatch(await editorPng(page), await previewPng({ templateId }), 'shrink text at its minimum');
  assert.ok(share < MAX_MISMATCH, `${(share * 100).toFixed(3)}% of pixels differ`);
  assert.deepEqual(problems, []);
});
