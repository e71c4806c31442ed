/**
 * Free previews in a real Chromium against a real server process: the editor's
 * "Render with the API" shows the server's PNG and a difference figure under
 * the 0.5% bar, the templates list shows the thumbnails made on save,
 * and the playground previews a changed non-text property, all without a credit.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import type { ServerProcess } from '../server-process.test-helper.js';
import { SHOTS, signInAsDemo, startBrowserSession, type BrowserSession } from './browser-session.e2e-helper.js';

const MAX_MISMATCH = 0.005;

let session: BrowserSession;
let server: ServerProcess;
let context: BrowserContext;
let page: Page;
const problems: string[] = [];

before(async () => {
  session = await startBrowserSession();
  ({ server, context } = session);
  page = await context.newPage();
  page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  await signInAsDemo(page, server);
});

after(async () => {
  await session?.close();
});

async function api(url: string): Promise<unknown> {
  const res = await fetch(`${server.base}${url}`, { headers: server.auth });
  assert.equal(res.status, 200, url);
  return res.json();
}

const credits = async () => ((await api('/account')) as { credits: number }).credits;
const templates = async () => (await api('/templates/all')) as Array<{ id: string; name: string }>;

test('the templates list shows a thumbnail of each template, with alt text', async () => {
  const list = await templates();
  await page.goto(`${server.base}/#/templates`);
  for (const t of list) {
    const img = page.getByRole('img', { name: `Thumbnail of “${t.name}”` });
    await img.waitFor();
    await page.waitForFunction(
      (el) => {
        const img = el as { complete?: boolean; naturalWidth?: number } | null;
        return Boolean(img?.complete && img.naturalWidth);
      },
      await img.elementHandle(),
    );
    assert.equal(await img.evaluate((el) => (el as unknown as { naturalWidth: number }).naturalWidth), 320, t.name);
  }
  await page.screenshot({ path: path.join(SHOTS, 'preview-templates-thumbnails.png') });
});

test('the editor renders the design with the API, free, and it differs from the canvas by less than 0.5%', async () => {
  const before = await credits();
  for (const t of await templates()) {
    await page.goto(`${server.base}/editor?template=${encodeURIComponent(t.id)}`);
    await page.waitForSelector('body[data-ready="true"]');
    await page.getByRole('button', { name: 'Render with the API' }).click();
    const figure = page.locator('output.api-difference');
    await page.waitForSelector('section.api-preview:not([hidden]) output.api-difference[data-differing]');
    const differing = Number(await figure.getAttribute('data-differing'));
    const total = Number(await figure.getAttribute('data-total'));
    const shown = (await figure.textContent())!;
    console.log(`${t.name}: ${differing} of ${total} pixels differ (shown as ${shown})`);
    assert.match(shown, /^(< 0\.01|\d+\.\d+)%$/);
    assert.ok(differing / total < MAX_MISMATCH, `${t.name}: ${shown}`);
    const { template } = (await api(`/templates/${t.id}`)) as { template: { width: number } };
    assert.equal(
      await page.getByRole('img', { name: "The server's render of the design" }).evaluate((el) => (el as unknown as { naturalWidth: number }).naturalWidth),
      template.width,
    );
    await page.screenshot({ path: path.join(SHOTS, `preview-editor-${t.name.replace(/\W+/g, '-')}.png`) });
  }
  assert.equal(await credits(), before, 'previews cost nothing');
  assert.deepEqual(problems, []);
});

test('the playground previews a changed non-text property for free, and the snippet carries it', async () => {
  const before = await credits();
  const t = (await templates()).find((x) => x.name === 'Certificate') ?? (await templates())[0];
  const { elements } = (await api(`/templates/${t.id}/elements/fields`)) as { elements: Array<{ name: string; kind: string }> };
  const text = elements.find((e) => e.kind === 'text')!;
  await page.goto(`${server.base}/#/templates/${encodeURIComponent(t.id)}`);
  const group = page.locator(`.element-group[data-group="${text.name}"]`);
  await group.getByText(`More properties of ${text.name}`).click();
  await group.getByLabel(/^Font size /).fill('12');
  await group.getByLabel(/^Opacity /).fill('0.5');
  const code = (await page.getByLabel('The request as a curl command').textContent())!;
  const sent = JSON.parse(code.slice(code.indexOf("-d '") + 4, -1)) as { elements: Record<string, unknown> };
  assert.deepEqual(sent.elements, { [text.name]: { fontSize: 12, opacity: 0.5 } }, 'the snippet carries every changed property');
  await page.getByRole('button', { name: 'Preview (free)' }).click();
  const preview = page.getByRole('img', { name: /^Free preview of the template/ });
  await preview.waitFor();
  await page.waitForFunction(
    (el) => {
      const img = el as { complete?: boolean; naturalWidth?: number } | null;
      return Boolean(img?.complete && img.naturalWidth);
    },
    await preview.elementHandle(),
  );
  assert.match((await page.locator('#preview-note').textContent())!, /Free previews left today: \d+/);
  assert.equal(await credits(), before, 'the preview cost nothing');
  await page.screenshot({ path: path.join(SHOTS, 'preview-playground.png'), fullPage: true });
  assert.deepEqual(problems, []);
});
