/**
 * The editor's selection tools in a real Chromium against a real server:
 * multi-select, align, snapping, group/ungroup with undo/redo, image crop and
 * the system clipboard between two templates; what is saved survives a
 * reload and is what the API renders.
 * Run with `npm run e2e`; needs Debian's chromium (CHROMIUM_PATH to override).
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { repoRoot } from '../repo-root.js';
import type { ServerProcess } from '../server-process.test-helper.js';
import { SHOTS, startBrowserSession, type BrowserSession } from './browser-session.e2e-helper.js';
import { editorPng, generatedPng, MAX_MISMATCH, mismatch } from './editor-page.e2e-helper.js';

let session: BrowserSession;
let server: ServerProcess;
let context: BrowserContext;

before(async () => {
  session = await startBrowserSession();
  ({ server, context } = session);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.base });
});

after(async () => {
  await session?.close();
});

function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  return problems;
}

async function openEditor(page: Page, url: string): Promise<void> {
  await page.goto(url);
  const email = page.getByLabel('Email', { exact: true });
  await Promise.race([page.waitForSelector('body[data-ready="true"], dialog#new-dialog[open]'), email.waitFor()]);
  if (await email.isVisible()) {
    const printed = server.output();
    await email.fill(/email:\s+(\S+)/.exec(printed)![1]);
    await page.getByLabel('Password', { exact: true }).fill(/password:\s+(\S+)/.exec(printed)![1]);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => u.pathname === '/editor');
  }
  await page.waitForSelector('body[data-ready="true"], dialog#new-dialog[open]');
}

/** A 160 × 120 picture with four coloured quadrants and a diagonal ramp, so a wrong crop shows. */
function quadrants(): string {
  const png = new PNG({ width: 160, height: 120 });
  for (let y = 0; y < 120; y++) {
    for (let x = 0; x < 160; x++) {
      const i = (y * 160 + x) * 4;
      const q = (x < 80 ? 0 : 1) + (y < 60 ? 0 : 2);
      const [r, g, b] = [
        [220, 38, 38],
        [22, 163, 74],
        [37, 99, 235],
        [234, 179, 8],
      ][q];
      const ramp = ((x + y) % 40) * 2;
      png.data.set([Math.min(255, r + ramp), Math.min(255, g + ramp), Math.min(255, b + ramp), 255], i);
    }
  }
  return `data:image/png;base64,${PNG.sync.write(png).toString('base64')}`;
}

async function createTemplate(name: string, objects: Record<string, unknown>[]): Promise<string> {
  const res = await fetch(`${server.base}/templates`, {
    method: 'POST',
    headers: { ...server.auth, 'content-type': 'application/json' },
    body: JSON.stringify({ name, template: { version: '7.4.0', width: 800, height: 500, background: '#ffffff', objects } }),
  });
  assert.equal(res.status, 201, await res.clone().text());
  return ((await res.json()) as { id: string }).id;
}

type Saved = { name: string; type: string; left: number; top: number; cropX?: number; cropY?: number; width: number; height: number; objects?: Saved[] };

async function stored(id: string): Promise<Saved[]> {
  const res = await fetch(`${server.base}/templates/${id}`, { headers: server.auth });
  return ((await res.json()) as { template: { objects: Saved[] } }).template.objects;
}

const layers = (page: Page) => page.locator('li.layer').evaluateAll((els) => els.map((e) => e.getAttribute('data-name')));
/** The page's document, typed for the few calls these waits make (this file is compiled without the DOM library). */
type Doc = {
  querySelectorAll(s: string): ArrayLike<{ getAttribute(n: string): string | null; textContent: string | null; htmlFor: string }>;
  getElementById(id: string): { value?: string } | null;
};

const waitLayers = (page: Page, names: string[]) =>
  page.waitForFunction((want) => {
    const d = (globalThis as unknown as { document: Doc }).document;
    return JSON.stringify(Array.from(d.querySelectorAll('li.layer'), (e) => e.getAttribute('data-name'))) === want;
  }, JSON.stringify(names));
/** Undo and redo restore asynchronously: wait for the properties panel to show the value. */
const fieldIs = (page: Page, label: string, value: string) =>
  page.waitForFunction(
    ([l, v]) => {
      const d = (globalThis as unknown as { document: Doc }).document;
      return Array.from(d.querySelectorAll('#properties label')).some((e) => e.textContent === l && d.getElementById(e.htmlFor)?.value === v);
    },
    [label, value],
  );
const select = (page: Page, name: string, modifiers: ('Shift' | 'Control')[] = []) => page.getByRole('button', { name: `Select ${name}`, exact: true }).click({ modifiers });

test('multi-select, align, snap, group/ungroup with undo/redo, crop, save, reload: the API renders what the editor shows', async () => {
  const id = await createTemplate('E2E tools', [
    { type: 'Rect', name: 'left-box', left: 60, top: 60, width: 200, height: 100, fill: '#0f766e', strokeWidth: 0, originX: 'left', originY: 'top' },
    { type: 'Rect', name: 'right-box', left: 400, top: 200, width: 120, height: 150, fill: '#f59e0b', strokeWidth: 0, originX: 'left', originY: 'top' },
    { type: 'Image', name: 'photo', src: quadrants(), left: 560, top: 40, width: 160, height: 120, originX: 'left', originY: 'top' },
  ]);
  const page = await context.newPage();
  const problems = watch(page);
  await openEditor(page, `${server.base}/editor?template=${id}`);
  const canvasBox = (await page.locator('canvas.upper-canvas').boundingBox())!;
  const zoom = canvasBox.width / 800;
  const at = (x: number, y: number) => [canvasBox.x + x * zoom, canvasBox.y + y * zoom] as const;

  // Snapping: right-box dragged to 3 px right of left-box's left edge lands on it, with a guide drawn;
  // with Alt held it stays where it was dropped.
  await select(page, 'right-box');
  await page.mouse.move(...at(460, 275));
  await page.mouse.down();
  for (let i = 1; i <= 8; i++) await page.mouse.move(...at(460 - (337 * i) / 8, 275));
  await page.screenshot({ path: path.join(SHOTS, 'editor-snapping.png') });
  await page.mouse.up();
  assert.equal(await page.getByLabel('X', { exact: true }).inputValue(), '60', "snapped to left-box's left edge");
  await page.mouse.move(...at(90, 275));
  await page.keyboard.down('Alt');
  await page.mouse.down();
  for (let i = 1; i <= 4; i++) await page.mouse.move(...at(90 + (4 * i) / 4, 275));
  await page.mouse.up();
  await page.keyboard.up('Alt');
  assert.ok(Math.abs(Number(await page.getByLabel('X', { exact: true }).inputValue()) - 64) <= 1, 'Alt turns snapping off');
  await page.keyboard.press('Control+z');
  await fieldIs(page, 'X', '60');

  // Multi-select from the layers list with Shift+click; the panel summarises, the bar counts.
  await select(page, 'left-box');
  await select(page, 'right-box', ['Shift']);
  await page.locator('#arrange').getByText('2 selected').waitFor();
  await page.locator('#properties').getByText('2 objects selected', { exact: false }).waitFor();
  await page.screenshot({ path: path.join(SHOTS, 'editor-multi-select.png') });

  // Align right (to the selection's bounds): both right edges at 260.
  await page.getByRole('button', { name: 'Align right', exact: true }).click();
  await page.getByRole('button', { name: 'Align top', exact: true }).click();

  // Group (Ctrl+G), undo, redo; ungroup with the button, undo, redo.
  await page.keyboard.press('Control+g');
  await waitLayers(page, ['photo', 'group-1', 'right-box', 'left-box']);
  await page.keyboard.press('Control+z');
  await waitLayers(page, ['photo', 'right-box', 'left-box']);
  await page.keyboard.press('Control+Shift+z');
  await waitLayers(page, ['photo', 'group-1', 'right-box', 'left-box']);
  await page.getByRole('button', { name: 'Ungroup', exact: true }).click();
  await waitLayers(page, ['photo', 'right-box', 'left-box']);
  await page.keyboard.press('Control+z');
  await waitLayers(page, ['photo', 'group-1', 'right-box', 'left-box']);
  await page.keyboard.press('Control+y');
  await waitLayers(page, ['photo', 'right-box', 'left-box']);
  // Grouped again with the bar's button: the saved template has a group for the renderer to draw.
  await page.locator('#arrange').getByText('2 selected').waitFor();
  await page.getByRole('button', { name: 'Group', exact: true }).click();
  await waitLayers(page, ['photo', 'group-1', 'right-box', 'left-box']);
  assert.equal(await page.getByLabel('Name of left-box in group group-1').inputValue(), 'left-box', 'children keep their names');

  // Crop the photo to its middle: 80 × 60 source pixels from (40, 30).
  await select(page, 'photo');
  for (const [label, value] of [
    ['Crop left', '40'],
    ['Crop top', '30'],
    ['Crop width', '80'],
    ['Crop height', '60'],
  ]) {
    await page.getByLabel(label, { exact: true }).fill(value);
    await page.getByLabel(label, { exact: true }).press('Enter');
  }
  // Crop mode on the canvas: the right handle now moves the crop's right edge (80 → 60 source px), one undo step.
  await page.getByRole('button', { name: 'Crop on canvas' }).click();
  await page.mouse.move(...at(640, 70));
  await page.mouse.down();
  for (let i = 1; i <= 4; i++) await page.mouse.move(...at(640 - 5 * i, 70));
  await page.screenshot({ path: path.join(SHOTS, 'editor-crop.png') });
  await page.mouse.up();
  await fieldIs(page, 'Crop width', '60');
  assert.equal(await page.getByLabel('Width', { exact: true }).inputValue(), '60', 'the scale is kept: the visible box shrinks with the crop');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Crop on canvas' }).waitFor();
  await page.keyboard.press('Control+z');
  await fieldIs(page, 'Crop width', '80');

  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
  const objects = await stored(id);
  const group = objects.find((o) => o.name === 'group-1')!;
  assert.equal(group.type, 'Group');
  assert.deepEqual(
    group.objects!.map((o) => o.name),
    ['left-box', 'right-box'],
  );
  const photo = objects.find((o) => o.name === 'photo')!;
  assert.deepEqual([photo.cropX, photo.cropY, photo.width, photo.height], [40, 30, 80, 60]);

  // Reload: everything is there, and the API draws the group and the crop as the editor does.
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  await waitLayers(page, ['photo', 'group-1', 'right-box', 'left-box']);
  await select(page, 'photo');
  assert.equal(await page.getByLabel('Crop left', { exact: true }).inputValue(), '40');
  assert.equal(await page.getByLabel('Crop width', { exact: true }).inputValue(), '80');
  await select(page, 'group-1');
  // The group's children were aligned right and top before grouping: the group is 200 wide (260 − 60), its top at 60.
  assert.equal(await page.getByLabel('Y', { exact: true }).inputValue(), '60');
  assert.equal(await page.getByLabel('Width', { exact: true }).inputValue(), '200');

  const share = await mismatch(await editorPng(page), await generatedPng(server, id), 'E2E tools');
  assert.ok(share <= MAX_MISMATCH, `${(share * 100).toFixed(3)}% of pixels differ (limit ${MAX_MISMATCH * 100}%)`);

  // The system clipboard carries the group into another template; its free names are kept.
  await select(page, 'group-1');
  await page.keyboard.press('Control+c');
  await page.getByRole('status').filter({ hasText: 'Copied 1 object.' }).waitFor();
  const otherId = await createTemplate('E2E paste target', [
    { type: 'Rect', name: 'left-box', left: 0, top: 0, width: 50, height: 50, fill: '#111827', originX: 'left', originY: 'top' },
  ]);
  const other = await context.newPage();
  const otherProblems = watch(other);
  await openEditor(other, `${server.base}/editor?template=${otherId}`);
  await other.bringToFront();
  await other.locator('canvas.upper-canvas').click({ position: { x: 5, y: 300 } });
  await other.keyboard.press('Control+v');
  // group-1 and right-box are free here and kept; left-box is taken and renamed.
  await waitLayers(other, ['group-1', 'right-box', 'left-box-2', 'left-box']);
  assert.deepEqual(await layers(other), ['group-1', 'right-box', 'left-box-2', 'left-box']);

  assert.deepEqual(problems, []);
  assert.deepEqual(otherProblems, []);
  await other.close();
  await page.close();
});

test("the account's own font is drawn from its file, so the editor's text matches the API's", async () => {
  const woff = await readFile(path.join(repoRoot(), 'node_modules/@fontsource/lato/files/lato-latin-700-normal.woff'));
  const uploaded = await fetch(`${server.base}/fonts?family=Brand%20Sans&weight=700`, { method: 'POST', headers: { ...server.auth, 'content-type': 'font/woff' }, body: woff });
  assert.equal(uploaded.status, 201, await uploaded.clone().text());
  const font = (await uploaded.json()) as { id: string };
  const id = await createTemplate('E2E brand font', [
    {
      type: 'Textbox',
      name: 'headline',
      text: 'Brand fonts, measured alike',
      left: 40,
      top: 60,
      width: 720,
      fontSize: 72,
      fontWeight: 700,
      fontFamily: 'Brand Sans',
      fill: '#111827',
      originX: 'left',
      originY: 'top',
    },
  ]);
  const page = await context.newPage();
  const problems = watch(page);
  const fontFile = page.waitForResponse((r) => r.url().endsWith(`/fonts/${font.id}/file`));
  await openEditor(page, `${server.base}/editor?template=${id}`);
  assert.equal((await fontFile).status(), 200);
  const faces = await page.evaluate(() => {
    const fonts = (globalThis as unknown as { document: { fonts: Iterable<{ family: string; weight: string; status: string }> } }).document.fonts;
    return [...fonts].filter((f) => f.family.replace(/"/g, '') === 'Brand Sans').map((f) => `${f.weight} ${f.status}`);
  });
  assert.deepEqual(faces, ['700 loaded']);

  const brandShare = await mismatch(await editorPng(page), await generatedPng(server, id), 'E2E brand font');
  assert.ok(brandShare <= MAX_MISMATCH, `${(brandShare * 100).toFixed(3)}% of pixels differ (limit ${MAX_MISMATCH * 100}%)`);
  assert.deepEqual(problems, []);
  await page.close();
});

test('resizing snaps its dragged edge, a rotated image crops along its own edges, a family without the weight snaps it, Ctrl+wheel zooms toward the pointer', async () => {
  const id = await createTemplate('E2E niceties', [
    { type: 'Rect', name: 'anchor', left: 400, top: 60, width: 200, height: 100, fill: '#0f766e', strokeWidth: 0, originX: 'left', originY: 'top' },
    { type: 'Rect', name: 'grower', left: 100, top: 300, width: 200, height: 50, fill: '#f59e0b', strokeWidth: 0, originX: 'left', originY: 'top' },
    { type: 'Image', name: 'tilted', src: quadrants(), left: 120, top: 120, width: 160, height: 120, angle: 30, originX: 'left', originY: 'top' },
    { type: 'Textbox', name: 'caption', text: 'Heavy words', left: 420, top: 380, width: 300, fontSize: 32, fontFamily: 'Inter', fontWeight: 800, originX: 'left', originY: 'top' },
  ]);
  const page = await context.newPage();
  const problems = watch(page);
  await openEditor(page, `${server.base}/editor?template=${id}`);
  const canvas = page.locator('canvas.upper-canvas');
  const canvasBox = (await canvas.boundingBox())!;
  const zoom = canvasBox.width / 800;
  const at = (x: number, y: number) => [canvasBox.x + x * zoom, canvasBox.y + y * zoom] as const;
  const drag = async (from: readonly [number, number], to: readonly [number, number], shot?: string) => {
    await page.mouse.move(...at(...from));
    await page.mouse.down();
    for (let i = 1; i <= 8; i++) await page.mouse.move(...at(from[0] + ((to[0] - from[0]) * i) / 8, from[1] + ((to[1] - from[1]) * i) / 8));
    if (shot) await page.screenshot({ path: path.join(SHOTS, shot) });
    await page.mouse.up();
  };
  const near = async (label: string, want: number) => {
    const value = Number(await page.getByLabel(label, { exact: true }).inputValue());
    assert.ok(Math.abs(value - want) <= 1, `${label} is ${value}, expected about ${want}`);
  };

  // The right handle of grower dragged to 3 px short of anchor's left edge (400): the edge snaps there, the left edge stays.
  await select(page, 'grower');
  await drag([300, 325], [397, 325], 'editor-resize-snapping.png');
  assert.equal(await page.getByLabel('Width', { exact: true }).inputValue(), '300', "the dragged edge snapped to anchor's left edge");
  assert.equal(await page.getByLabel('X', { exact: true }).inputValue(), '100');

  // Crop mode on an image turned 30°: the right handle (its own right edge) moved 40 px inward along the image's x axis.
  await select(page, 'tilted');
  await page.getByRole('button', { name: 'Crop on canvas' }).click();
  await page.getByRole('button', { name: 'Done cropping' }).waitFor();
  const [cos, sin] = [Math.cos(Math.PI / 6), Math.sin(Math.PI / 6)];
  const local = (x: number, y: number) => [120 + x * cos - y * sin, 120 + x * sin + y * cos] as const;
  await drag(local(160, 60), local(120, 60), 'editor-crop-rotated.png');
  await near('Crop width', 120);
  await near('Crop left', 0);
  await near('X', 120);
  await near('Y', 120);
  // The left handle 20 px inward: the crop starts 20 source px in, and the corner moves along the image's own x axis.
  await drag(local(0, 60), local(20, 60));
  await near('Crop left', 20);
  await near('Crop width', 100);
  await near('X', 120 + 20 * cos);
  await near('Y', 120 + 20 * sin);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Crop on canvas' }).waitFor();

  // Inter 800 → Lato (100, 300, 400, 700, 900): the renderer would draw 900, so the list says 900; Oswald (200–700): 700.
  await select(page, 'caption');
  for (const [family, weight] of [
    ['Lato', '900'],
    ['Oswald', '700'],
  ]) {
    await page.getByLabel('Font', { exact: true }).selectOption(family);
    await fieldIs(page, 'Weight', weight);
  }

  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
  const saved = await stored(id);
  const tilted = saved.find((o) => o.name === 'tilted')!;
  // Pointer positions land on whole screen pixels: a crop within a source pixel of the aim.
  assert.ok(Math.abs(tilted.cropX! - 20) <= 1 && Math.abs(tilted.width - 100) <= 1 && tilted.height === 120, JSON.stringify(tilted));
  const caption = saved.find((o) => o.name === 'caption') as Saved & { fontFamily: string; fontWeight: number };
  assert.deepEqual([caption.fontFamily, caption.fontWeight], ['Oswald', 700]);
  const share = await mismatch(await editorPng(page), await generatedPng(server, id), 'E2E niceties');
  assert.ok(share <= MAX_MISMATCH, `${(share * 100).toFixed(3)}% of pixels differ (limit ${MAX_MISMATCH * 100}%)`);

  // Zoomed in past the stage, Ctrl+wheel over a point keeps that point of the design under the pointer.
  for (let i = 0; i < 4; i++) await page.keyboard.press('Control+=');
  const stage = (await page.locator('#stage').boundingBox())!;
  const pointer = [stage.x + stage.width * 0.6, stage.y + stage.height * 0.55] as const;
  const underPointer = async () => {
    const box = (await canvas.boundingBox())!;
    const z = box.width / 800;
    return { z, x: (pointer[0] - box.x) / z, y: (pointer[1] - box.y) / z };
  };
  for (const deltaY of [-100, -100, 100]) {
    const before = await underPointer();
    const label = await page.locator('#zoom-level').textContent();
    await page.mouse.move(...pointer);
    await page.keyboard.down('Control');
    await page.mouse.wheel(0, deltaY);
    await page.keyboard.up('Control');
    await page.waitForFunction((previous) => {
      const d = (globalThis as unknown as { document: Doc & { querySelector(s: string): { textContent: string | null } } }).document;
      return d.querySelector('#zoom-level').textContent !== previous;
    }, label);
    const after = await underPointer();
    assert.ok(after.z !== before.z, 'the wheel zoomed');
    assert.ok(Math.abs(after.x - before.x) <= 1.5 && Math.abs(after.y - before.y) <= 1.5, `design point ${JSON.stringify(before)} moved to ${JSON.stringify(after)}`);
  }
  assert.deepEqual(problems, []);
  await page.close();
});
