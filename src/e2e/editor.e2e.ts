/**
 * The editor in a real Chromium against a real server process: what a person
 * designs is saved, survives a reload, and is what the API renders.
 * Run with `npm run e2e`; needs Debian's chromium (CHROMIUM_PATH to override).
 * Screenshots land in dist/e2e-screenshots/ (E2E_SCREENSHOTS to override).
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { repoRoot } from '../repo-root.js';
import type { ServerProcess } from '../server-process.test-helper.js';
import { SHOTS, startBrowserSession, type BrowserSession } from './browser-session.e2e-helper.js';
import { apiJson, editorPng, generatedPng, MAX_MISMATCH, mismatch, openEditor, ready, watch } from './editor-page.e2e-helper.js';

let session: BrowserSession;
let server: ServerProcess;
let context: BrowserContext;

before(async () => {
  session = await startBrowserSession();
  ({ server, context } = session);
});

after(async () => {
  await session?.close();
});

/** Undo/redo restore asynchronously (fonts, loadFromJSON): wait for the layers list to show the name. */
const topLayerIs = (page: Page, name: string) => page.waitForSelector(`li.layer[data-name="${name}"]:first-child`);

const layerName = (page: Page, n: number) => page.getByLabel(`Name of layer ${n}`, { exact: true });

test('design from a preset, rename, undo/redo, save, reload, and the API renders the same pixels', async () => {
  const page = await context.newPage();
  const problems = watch(page);

  await openEditor(page, server, `${server.base}/editor`);

  await page.getByLabel('Name', { exact: true }).fill('E2E card');
  await page.screenshot({ path: path.join(SHOTS, 'editor-new-template.png') });
  await page.getByLabel('Open Graph (1200 × 630)').check();
  await page.getByRole('button', { name: 'Create' }).click();
  await ready(page);

  await page.getByRole('button', { name: 'Text', exact: true }).click();
  await assert.doesNotReject(layerName(page, 1).waitFor());
  assert.equal(await layerName(page, 1).inputValue(), 'title');
  await page.getByLabel('Text', { exact: true }).fill('Hello from the editor');
  await page.getByLabel('Text', { exact: true }).blur();
  // Typing on the canvas itself: Fabric's own text editing, committed when editing ends.
  const box = (await page.locator('canvas.upper-canvas').boundingBox())!;
  const zoom = box.width / 1200;
  await page.mouse.dblclick(box.x + 200 * zoom, box.y + 100 * zoom);
  await page.getByLabel('Text of title').waitFor({ state: 'attached' });
  // A double-click selects the word under the pointer, "Hello"; typing replaces it.
  await page.keyboard.type('Hi');
  await page.keyboard.press('Escape');
  assert.equal(await page.getByLabel('Text', { exact: true }).inputValue(), 'Hi from the editor');
  await page.getByRole('button', { name: 'Rectangle' }).click();
  assert.equal(await layerName(page, 1).inputValue(), 'rectangle-1');
  assert.equal(await layerName(page, 2).inputValue(), 'title');

  assert.equal(await page.getByLabel('X', { exact: true }).inputValue(), '120');
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('ArrowDown');
  assert.equal(await page.getByLabel('X', { exact: true }).inputValue(), '130');
  assert.equal(await page.getByLabel('Y', { exact: true }).inputValue(), '284.5');
  await page.getByLabel('Corner radius').fill('40');
  await page.getByLabel('Corner radius').press('Enter');
  await layerName(page, 1).fill('badge');
  await layerName(page, 1).press('Enter');
  await page.getByRole('button', { name: 'Undo' }).click();
  await topLayerIs(page, 'rectangle-1');
  await page.getByRole('button', { name: 'Redo' }).click();
  await topLayerIs(page, 'badge');

  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
  const templateId = new URL(page.url()).searchParams.get('template');
  assert.match(templateId ?? '', /^tpl_/);

  await page.reload();
  await ready(page);
  assert.equal(await page.getByLabel('Template name').inputValue(), 'E2E card');
  assert.equal(await layerName(page, 1).inputValue(), 'badge');
  assert.equal(await layerName(page, 2).inputValue(), 'title');
  await page.getByRole('button', { name: 'Select title' }).click();
  assert.equal(await page.getByLabel('Text', { exact: true }).inputValue(), 'Hi from the editor');
  await page.screenshot({ path: path.join(SHOTS, 'editor-desktop.png') });
  await page.getByRole('button', { name: 'Select badge' }).click();
  assert.equal(await page.getByLabel('Corner radius').inputValue(), '40');

  // The server stored what the editor showed: names survive toObject(['name', …]).
  const stored = (await (await fetch(`${server.base}/templates/${templateId}`, { headers: server.auth })).json()) as {
    template: { width: number; height: number; objects: { name: string; type: string; rx?: number }[] };
  };
  assert.deepEqual(
    stored.template.objects.map((o) => [o.name, o.type.toLowerCase()]),
    [
      ['title', 'textbox'],
      ['badge', 'rect'],
    ],
  );
  assert.equal(stored.template.width, 1200);
  assert.equal(stored.template.height, 630);

  const fromEditor = await editorPng(page);
  assert.equal(fromEditor.width, 1200);
  assert.equal(fromEditor.height, 630);
  const share = await mismatch(fromEditor, await generatedPng(server, templateId!), 'E2E card');
  assert.ok(share <= MAX_MISMATCH, `${(share * 100).toFixed(3)}% of pixels differ (limit ${MAX_MISMATCH * 100}%)`);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Fit' }).click();
  await page.screenshot({ path: path.join(SHOTS, 'editor-phone.png'), fullPage: true });

  assert.deepEqual(problems, []);
  await page.close();
});

test('shapes, a gradient, a shadow, a dash and italic text are saved and rendered by the API as drawn', async () => {
  const page = await context.newPage();
  const problems = watch(page);
  await openEditor(page, server, `${server.base}/editor`);
  await page.getByLabel('Name', { exact: true }).fill('E2E shapes');
  await page.getByLabel('Open Graph (1200 × 630)').check();
  await page.getByRole('button', { name: 'Create' }).click();
  await ready(page);

  for (const kind of ['Ellipse', 'Triangle', 'Polygon', 'Star']) await page.getByRole('button', { name: kind, exact: true }).click();
  assert.deepEqual(await page.locator('li.layer').evaluateAll((els) => els.map((e) => e.getAttribute('data-name'))), ['star-1', 'polygon-1', 'triangle-1', 'ellipse-1']);

  await page.getByRole('button', { name: 'Rectangle', exact: true }).click();
  await page.getByLabel('Fill', { exact: true }).selectOption('linear');
  await page.getByLabel('Gradient angle (°)').fill('30');
  await page.getByLabel('Gradient angle (°)').press('Enter');
  await page.getByLabel('Stop 2 colour', { exact: true }).fill('#f97316');
  await page.getByLabel('Stop 2 colour', { exact: true }).press('Enter');

  await page.getByRole('button', { name: 'Select star-1' }).click();
  await page.getByLabel('Drop shadow').check();
  await page.getByLabel('Shadow blur').fill('10');
  await page.getByLabel('Shadow blur').press('Enter');

  await page.getByRole('button', { name: 'Select triangle-1' }).click();
  await page.getByLabel('Stroke', { exact: true }).fill('#111827');
  await page.getByLabel('Stroke', { exact: true }).press('Enter');
  await page.getByLabel('Stroke width').fill('6');
  await page.getByLabel('Stroke width').press('Enter');
  await page.getByLabel('Stroke dash (px on, px off)').fill('14 8');
  await page.getByLabel('Stroke dash (px on, px off)').press('Enter');

  await page.getByRole('button', { name: 'Select ellipse-1' }).click();
  await page.getByLabel('Fill', { exact: true }).selectOption('radial');

  await page.getByRole('button', { name: 'Text', exact: true }).click();
  await page.getByLabel('Italic').check();
  await page.getByLabel('Underline').check();

  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
  const templateId = new URL(page.url()).searchParams.get('template')!;
  const stored = (await (await fetch(`${server.base}/templates/${templateId}`, { headers: server.auth })).json()) as {
    template: { objects: Record<string, unknown>[] };
  };
  const byName = Object.fromEntries(stored.template.objects.map((o) => [o.name, o]));
  assert.equal((byName['rectangle-1'].fill as { type: string }).type, 'linear');
  assert.equal((byName['ellipse-1'].fill as { type: string }).type, 'radial');
  assert.equal((byName['star-1'].shadow as { blur: number }).blur, 10);
  assert.deepEqual(byName['triangle-1'].strokeDashArray, [14, 8]);
  assert.equal(byName.title.fontStyle, 'italic');
  assert.equal(byName['polygon-1'].type, 'Polygon');
  await page.getByRole('button', { name: 'Select rectangle-1' }).click();
  await page.screenshot({ path: path.join(SHOTS, 'editor-shapes-desktop.png') });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: path.join(SHOTS, 'editor-shapes-dark.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Fit' }).click();
  await page.screenshot({ path: path.join(SHOTS, 'editor-shapes-phone-dark.png'), fullPage: true });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.screenshot({ path: path.join(SHOTS, 'editor-shapes-phone.png'), fullPage: true });

  const share = await mismatch(await editorPng(page), await generatedPng(server, templateId), 'E2E shapes');
  assert.ok(share <= MAX_MISMATCH, `${(share * 100).toFixed(3)}% of pixels differ (limit ${MAX_MISMATCH * 100}%)`);
  assert.deepEqual(problems, []);
  await page.close();
});

test('names are text not markup, copy/paste/duplicate keep names unique, export/import round-trips, and a draft survives closing the tab', async () => {
  const evil = '<img src=x onerror=alert(1)>';
  const created = await fetch(`${server.base}/templates`, {
    method: 'POST',
    headers: { ...server.auth, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: evil,
      template: {
        version: '7.4.0',
        width: 800,
        height: 400,
        background: '#ffffff',
        objects: [{ type: 'Rect', name: evil, left: 40, top: 40, width: 300, height: 200, fill: '#0f766e', originX: 'left', originY: 'top' }],
      },
    }),
  });
  assert.equal(created.status, 201, await created.clone().text());
  const { id } = (await created.json()) as { id: string };

  let page = await context.newPage();
  let problems = watch(page);
  const dialogs: string[] = [];
  const trap = (p: Page) => p.on('dialog', (d) => void (dialogs.push(d.message()), d.dismiss()));
  trap(page);
  await openEditor(page, server, `${server.base}/editor?template=${id}`);
  await ready(page);
  assert.equal(await page.getByLabel('Template name').inputValue(), evil);
  assert.equal(await layerName(page, 1).inputValue(), evil);
  await page.getByRole('button', { name: `Select ${evil}` }).click();
  assert.equal(await page.locator('#properties .object-name code').first().innerText(), evil);
  assert.equal(await page.locator('img[src="x"]').count(), 0);

  // Keyboard: duplicate, copy and paste give fresh names; Delete removes; "?" opens the sheet.
  await page.getByRole('button', { name: 'Star', exact: true }).click();
  await page.getByRole('button', { name: 'Select star-1' }).click();
  await page.keyboard.press('Control+d');
  await topLayerIs(page, 'star-2');
  await page.keyboard.press('Control+c');
  await page.keyboard.press('Control+v');
  await topLayerIs(page, 'star-3');
  await page.keyboard.press('Delete');
  await topLayerIs(page, 'star-2');
  await page.keyboard.press('?');
  await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
  await page.screenshot({ path: path.join(SHOTS, 'editor-shortcuts.png') });
  await page.getByRole('button', { name: 'Close' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const exported = JSON.parse(await readFile((await (await download).path())!, 'utf8')) as { name: string; template: { objects: { name: string }[] } };
  assert.equal(exported.name, evil);
  assert.deepEqual(
    exported.template.objects.map((o) => o.name),
    [evil, 'star-1', 'star-2'],
  );
  // The draft is written 400 ms after the last change, and again on pagehide; wait past the first.
  await page.waitForFunction(
    (key) => (globalThis as unknown as { localStorage: { getItem(k: string): string | null } }).localStorage.getItem(key)?.includes('star-2'),
    `imprint.draft.${id}`,
  );
  await page.close({ runBeforeUnload: false });
  assert.deepEqual(problems, []);

  page = await context.newPage();
  problems = watch(page);
  trap(page);
  await openEditor(page, server, `${server.base}/editor?template=${id}`);
  const offer = page.getByRole('dialog', { name: 'Unsaved draft found' });
  await offer.waitFor();
  assert.match(await offer.innerText(), /<img src=x onerror=alert\(1\)>/);
  await page.screenshot({ path: path.join(SHOTS, 'editor-draft-offer.png') });
  await page.getByRole('button', { name: 'Restore draft' }).click();
  await ready(page);
  await topLayerIs(page, 'star-2');
  assert.equal(await layerName(page, 3).inputValue(), evil);
  assert.equal(await page.locator('img[src="x"]').count(), 0);

  // Import: a file the server's rules refuse changes nothing; the exported file comes back as one undo step.
  const bad = { ...exported, template: { ...exported.template, objects: [{ ...exported.template.objects[0], opacity: 7 }] } };
  await page.getByLabel('Import').setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(bad)) });
  await page.getByRole('status').filter({ hasText: 'Not imported' }).waitFor();
  await page.getByRole('button', { name: 'Select star-2' }).click();
  await page.keyboard.press('Delete');
  await topLayerIs(page, 'star-1');
  await page.getByLabel('Import').setInputFiles({ name: 'card.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(exported)) });
  await page.getByRole('status').filter({ hasText: 'Imported card.json' }).waitFor();
  await topLayerIs(page, 'star-2');
  await page.getByRole('button', { name: 'Undo' }).click();
  await topLayerIs(page, 'star-1');
  assert.deepEqual(dialogs, []);
  assert.deepEqual(problems, []);
  await page.close();
});

test("the server's validation error is shown at the object it names", async () => {
  const api = (method: string, url: string, body?: unknown, type = 'application/json') =>
    fetch(`${server.base}${url}`, {
      method,
      headers: { ...server.auth, ...(body === undefined ? {} : { 'content-type': type }) },
      body: body === undefined ? undefined : body instanceof Buffer ? body : JSON.stringify(body),
    });
  // A font the account owns when the editor opens and loses before the save: the editor's own
  // check (which shares the server's rules) passes, so only the server can refuse it.
  const woff = await readFile(path.join(repoRoot(), 'node_modules/@fontsource/lato/files/lato-latin-400-normal.woff'));
  const font = (await (await api('POST', '/fonts?family=Brand%20Sans', woff, 'font/woff')).json()) as { id: string };
  const created = await api('POST', '/templates', {
    name: 'Font check',
    template: {
      version: '7.4.0',
      width: 800,
      height: 400,
      background: '#fef3c7',
      objects: [
        { type: 'Rect', name: 'panel', left: 40, top: 40, width: 300, height: 200, fill: '#0f766e', originX: 'left', originY: 'top' },
        { type: 'Textbox', name: 'headline', text: 'Brand fonts', left: 60, top: 60, width: 600, fontSize: 48, fontFamily: 'Inter', originX: 'left', originY: 'top' },
      ],
    },
  });
  assert.equal(created.status, 201, await created.clone().text());
  const { id } = (await created.json()) as { id: string };

  const page = await context.newPage();
  const problems = watch(page);
  await openEditor(page, server, `${server.base}/editor?template=${id}`);
  await ready(page);
  await page.getByRole('button', { name: 'Select headline' }).click();
  // Only weights the family has files for: Inter's nine, then the uploaded family's one (400 by default).
  const weights = () =>
    page
      .getByLabel('Weight', { exact: true })
      .locator('option')
      .evaluateAll((os) => os.map((o) => (o as unknown as { value: string }).value));
  assert.deepEqual(await weights(), ['100', '200', '300', '400', '500', '600', '700', '800', '900']);
  // The editor draws an account font from its file: let that load finish before the font is deleted.
  const fontFile = page.waitForResponse((r) => r.url().endsWith(`/fonts/${font.id}/file`));
  await page.getByLabel('Font', { exact: true }).selectOption('Brand Sans');
  assert.equal((await fontFile).status(), 200);
  assert.deepEqual(await weights(), ['400']);
  assert.equal((await api('DELETE', `/fonts/${font.id}`)).status, 204);

  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('status').filter({ hasText: 'Not saved' }).waitFor();
  const layer = page.locator('li.layer[data-name="headline"]');
  assert.match((await layer.getAttribute('class')) ?? '', /has-error/);
  assert.match(await layer.getByRole('alert').first().innerText(), /Brand Sans/);
  assert.equal(await page.locator('li.layer[data-name="panel"].has-error').count(), 0);
  assert.match(await page.locator('#properties').getByRole('alert').first().innerText(), /Brand Sans/);

  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: path.join(SHOTS, 'editor-error-dark.png') });
  assert.deepEqual(
    problems.filter((p) => !/status of 400/.test(p)),
    [],
  );
  await page.close();
});

test('two tabs on one template: the second save is refused and offers a copy; a double-clicked Save saves once', async () => {
  const created = await apiJson<{ id: string }>(server, 'POST', '/templates', {
    name: 'Two tabs',
    template: {
      version: '7.4.0',
      width: 600,
      height: 300,
      objects: [{ type: 'Rect', name: 'panel', left: 20, top: 20, width: 200, height: 100, fill: '#0f766e', originX: 'left', originY: 'top' }],
    },
  });
  const [a, b] = [await context.newPage(), await context.newPage()];
  const problems = [watch(a), watch(b)];
  for (const page of [a, b]) {
    await openEditor(page, server, `${server.base}/editor?template=${created.id}`);
    await ready(page);
  }
  await a.getByRole('button', { name: 'Star' }).click();
  await a.getByRole('button', { name: 'Save' }).click();
  await a.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();

  // B opened the same revision as A: its save would drop A's star, so it is refused and nothing changes.
  await b.getByRole('button', { name: 'Triangle' }).click();
  await b.getByRole('button', { name: 'Save' }).click();
  await b.getByRole('status').filter({ hasText: 'saved elsewhere' }).waitFor();
  await b.screenshot({ path: path.join(SHOTS, 'editor-save-conflict.png') });
  const names = async (id: string) =>
    (await apiJson<{ template: { objects: Array<{ name: string }> } }>(server, 'GET', `/templates/${id}`)).template.objects.map((o) => o.name).sort();
  assert.deepEqual(await names(created.id), ['panel', 'star-1']);

  // B keeps its work as a copy; A's template is left as A saved it.
  await b.getByRole('button', { name: 'Save mine as a copy' }).click();
  await b.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
  const copyId = new URL(b.url()).searchParams.get('template');
  assert.ok(copyId && copyId !== created.id);
  assert.deepEqual(await names(copyId), ['panel', 'triangle-1']);
  assert.equal(await b.getByLabel('Template name', { exact: true }).inputValue(), 'Two tabs (copy)');
  assert.deepEqual(await names(created.id), ['panel', 'star-1']);

  // A saves again over its own last save; a double click makes one request, not two.
  await a.getByRole('button', { name: 'Circle' }).click();
  const puts: string[] = [];
  a.on('request', (r) => r.method() === 'PUT' && puts.push(r.url()));
  await a.getByRole('button', { name: 'Save' }).dblclick();
  await a.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
  assert.equal(puts.length, 1);
  assert.deepEqual(await names(created.id), ['circle-1', 'panel', 'star-1']);

  assert.deepEqual(
    problems.flat().filter((p) => !/status of 412/.test(p)),
    [],
  );
  await a.close();
  await b.close();
});

test('signed in to another account in another tab, a save is refused, not made in that account; back as yourself it saves', async () => {
  const created = await apiJson<{ id: string }>(server, 'POST', '/templates', {
    name: 'Whose save',
    template: { version: '7.4.0', width: 400, height: 200, objects: [{ type: 'Rect', name: 'panel', left: 10, top: 10, width: 100, height: 50, fill: '#0f766e' }] },
  });
  const page = await context.newPage();
  const problems = watch(page);
  await openEditor(page, server, `${server.base}/editor?template=${created.id}`);
  await ready(page);
  await page.getByRole('button', { name: 'Star' }).click();

  // Another tab of the same browser signs out and signs up as somebody else.
  const origin = { origin: server.base };
  const csrf = async () => ((await (await context.request.get(`${server.base}/auth/session`)).json()) as { csrfToken: string }).csrfToken;
  assert.equal((await context.request.post(`${server.base}/auth/signout`, { headers: { ...origin, 'x-csrf-token': await csrf() } })).status(), 204);
  const other = await context.request.post(`${server.base}/auth/signup`, { headers: origin, data: { email: 'someone-else@example.com', password: 'another long passphrase' } });
  assert.equal(other.status(), 201, await other.text());

  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('status').filter({ hasText: 'another account' }).waitFor();
  // Every later write is refused too, not only the one that found the change.
  const answered = page.waitForResponse((r) => r.url().includes(`/templates/${created.id}`) && r.request().method() === 'PUT');
  await page.getByRole('button', { name: 'Save' }).click();
  assert.equal((await answered).status(), 403);
  await page.getByRole('status').filter({ hasText: 'another account' }).waitFor();
  const theirs = (await (await context.request.get(`${server.base}/templates/all`)).json()) as unknown[];
  assert.deepEqual(theirs, [], 'nothing landed in the other account');

  // Back as the demo user in the other tab: the same save now goes through.
  const printed = server.output();
  await context.request.post(`${server.base}/auth/signout`, { headers: { ...origin, 'x-csrf-token': await csrf() } });
  const back = await context.request.post(`${server.base}/auth/signin`, {
    headers: origin,
    data: { email: /email:\s+(\S+)/.exec(printed)![1], password: /password:\s+(\S+)/.exec(printed)![1] },
  });
  assert.equal(back.status(), 200, await back.text());
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
  const names = (await apiJson<{ template: { objects: Array<{ name: string }> } }>(server, 'GET', `/templates/${created.id}`)).template.objects.map((o) => o.name);
  assert.deepEqual(names.sort(), ['panel', 'star-1']);
  assert.deepEqual(
    problems.filter((p) => !/status of (401|403)/.test(p)),
    [],
  );
  await page.close();
});

test('the demo templates open in the editor as the API renders them', async () => {
  const list = (await (await fetch(`${server.base}/templates/all`, { headers: server.auth })).json()) as { id: string; name: string }[];
  assert.ok(list.length >= 3, JSON.stringify(list));
  const page = await context.newPage();
  const problems = watch(page);
  const over: string[] = [];
  for (const t of list.filter((x) => !['E2E card', 'Font check', 'E2E shapes', '<img src=x onerror=alert(1)>'].includes(x.name))) {
    await openEditor(page, server, `${server.base}/editor?template=${t.id}`);
    await ready(page);
    const share = await mismatch(await editorPng(page), await generatedPng(server, t.id), t.name);
    if (t.name === 'Social card') {
      await page.locator('li.layer[data-name="title"] .layer-kind').click();
      await page.screenshot({ path: path.join(SHOTS, 'editor-social-card.png') });
    }
    if (share > MAX_MISMATCH) over.push(`${t.name}: ${(share * 100).toFixed(3)}%`);
  }
  assert.deepEqual(over, []);
  assert.deepEqual(problems, []);
  await page.close();
});
