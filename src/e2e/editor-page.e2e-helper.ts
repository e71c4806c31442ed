/**
 * What the editor's browser tests share: sign-in on the way into the editor,
 * the canvas's own PNG, the API's PNG, and the pixel comparison between them.
 */
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pixelmatch from 'pixelmatch';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import sharp from 'sharp';
import type { ServerProcess } from '../server-process.test-helper.js';
import { SHOTS } from './browser-session.e2e-helper.js';

/** The bar: the API's PNG within 0.5% of the editor canvas's own. */
export const MAX_MISMATCH = 0.005;

/** Every console error and CSP violation fails the test: the page must run under the strict CSP as is. */
export function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  return problems;
}

export async function ready(page: Page): Promise<void> {
  await page.waitForSelector('body[data-ready="true"]');
}

const EDITOR_SHOWN = 'body[data-ready="true"], dialog#new-dialog[open], dialog#draft-dialog[open]';

/**
 * Opens an editor URL as a person would: signed out, the editor sends the
 * browser to the developer area's sign-in, which sends it back afterwards.
 * Signs in as the demo user, whose password the first run printed once.
 */
export async function openEditor(page: Page, server: ServerProcess, url: string): Promise<void> {
  await page.goto(url);
  const email = page.getByLabel('Email', { exact: true });
  await Promise.race([page.waitForSelector(EDITOR_SHOWN), email.waitFor()]);
  if (!(await email.isVisible())) return;
  const printed = server.output();
  await email.fill(/email:\s+(\S+)/.exec(printed)![1]);
  await page.getByLabel('Password', { exact: true }).fill(/password:\s+(\S+)/.exec(printed)![1]);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => u.pathname === '/editor');
  await page.waitForSelector(EDITOR_SHOWN);
}

/** A JSON call to the server's API as the demo account; anything but 2xx fails the test with the body. */
export async function apiJson<T>(server: ServerProcess, method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.base}${url}`, {
    method,
    headers: { ...server.auth, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  assert.ok(res.ok, `${method} ${url}: ${res.status} ${await res.clone().text()}`);
  return (await res.json()) as T;
}

/** POST /image/generate with the given credentials, then the PNG its imageURL serves. */
export async function generatedPng(server: ServerProcess, templateId: string, auth: { authorization: string } = server.auth, elements?: Record<string, unknown>): Promise<PNG> {
  const generated = await fetch(`${server.base}/image/generate`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ templateId, elements }),
  });
  assert.equal(generated.status, 200, await generated.clone().text());
  const { imageURL } = (await generated.json()) as { imageURL: string };
  return PNG.sync.read(Buffer.from(await (await fetch(imageURL)).arrayBuffer()));
}

/** The editor's "PNG" button: the canvas at the template's size, as Fabric draws it. */
export async function editorPng(page: Page): Promise<PNG> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'PNG' }).click();
  return PNG.sync.read(await readFile((await (await download).path())!));
}

/** Share of differing pixels; writes the diff image next to the screenshots when over the bar. */
export async function mismatch(a: PNG, b: PNG, label: string): Promise<number> {
  assert.equal(a.width, b.width, label);
  assert.equal(a.height, b.height, label);
  const diff = new PNG({ width: a.width, height: a.height });
  const differing = pixelmatch(a.data, b.data, diff.data, a.width, a.height, { threshold: 0.1 });
  const share = differing / (a.width * a.height);
  console.log(`${label}: editor vs API ${differing} differing pixels of ${a.width * a.height} (${(share * 100).toFixed(3)}%)`);
  if (share > MAX_MISMATCH) await writeFile(path.join(SHOTS, `diff-${label.replace(/\W+/g, '-')}.png`), PNG.sync.write(diff));
  return share;
}

/** A "photo" to upload, written as a PNG: smooth gradients under a 50 px checkerboard, recognisable in any diff. */
export async function writeTestPhoto(file: string, width: number, height: number): Promise<string> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      raw[i] = Math.round((x / width) * 255);
      raw[i + 1] = Math.round((y / height) * 255);
      raw[i + 2] = (Math.floor(x / 50) + Math.floor(y / 50)) % 2 ? 200 : 40;
    }
  }
  await writeFile(
    file,
    await sharp(raw, { raw: { width, height, channels: 3 } })
      .png()
      .toBuffer(),
  );
  return file;
}
