/**
 * The developer area in a real browser: names written by a user or an API
 * caller (template, element, key names) must render as text, never as markup.
 * Also saves screenshots of the screens it visits, light and dark, desktop and phone.
 * Run with `npm run e2e`; needs Debian's chromium (CHROMIUM_PATH to override).
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import type { ServerProcess } from '../server-process.test-helper.js';
import { SHOTS, signInAsDemo, startBrowserSession, type BrowserSession } from './browser-session.e2e-helper.js';

const XSS = '<img src=x onerror=alert(1)>';

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

async function api(method: string, url: string, body?: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(`${server.base}${url}`, {
    method,
    headers: { ...server.auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  assert.ok(res.ok, `${method} ${url}: ${res.status} ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

async function shoot(page: Page, name: string, ready: () => Promise<unknown>): Promise<void> {
  for (const [device, size] of [
    ['desktop', { width: 1440, height: 900 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize(size);
      // Reduced motion switches the colour transitions off, so no shot catches a half-changed theme.
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      await ready();
      await page.screenshot({ path: path.join(SHOTS, `devarea-${name}-${device}-${scheme}.png`), fullPage: true });
    }
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
}

test('template, element and key names containing markup render as text on every screen', async () => {
  const template = await api('POST', '/templates', {
    name: `Card ${XSS}`,
    template: {
      version: '5.3.0',
      width: 400,
      height: 210,
      background: '#ffffff',
      objects: [
        { type: 'Rect', name: 'background', left: 0, top: 0, width: 400, height: 210, fill: '#1e293b' },
        { type: 'Textbox', name: `title ${XSS}`, left: 20, top: 20, width: 360, text: 'Hello', fontSize: 32, fontFamily: 'Inter', fill: '#ffffff' },
      ],
    },
  });
  const templateId = String(template.id);
  await api('POST', '/account/keys', { name: `Key ${XSS}` });
  await api('POST', '/image/generate', { templateId });

  const page = await context.newPage();
  const problems: string[] = [];
  page.on('dialog', (dialog) => {
    problems.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => m.type() === 'error' && !m.text().includes('Failed to load resource') && problems.push(`console: ${m.text()}`));
  await signInAsDemo(page, server);

  const injected = () => page.locator('img[src="x"]').count();
  const screens: Array<[string, string, string]> = [
    ['templates', '#/templates', `Card ${XSS}`],
    ['playground', `#/templates/${encodeURIComponent(templateId)}`, `title ${XSS}`],
    ['keys', '#/keys', `Key ${XSS}`],
    ['images', '#/images', `Card ${XSS}`],
    ['account', '#/account', 'View image'],
  ];
  for (const [name, hash, text] of screens) {
    await page.goto(`${server.base}/${hash}`);
    const visible = () => page.getByText(text, { exact: false }).first().waitFor();
    await visible();
    assert.equal(await injected(), 0, `${name}: markup from a name became an element`);
    await shoot(page, name, visible);
  }
  // The playground's snippets: one request, three languages.
  await page.goto(`${server.base}/#/templates/${encodeURIComponent(templateId)}`);
  // The background rectangle is decorative: folded away until opened.
  const background = page.locator('[data-element="background"]');
  assert.equal(await background.isVisible(), false, 'the decorative element starts folded');
  await page.getByText('Shapes and colours (1)').click();
  await background.waitFor();
  await page.getByRole('button', { name: 'Python requests' }).click();
  await page.getByLabel('The request as Python requests').getByText('requests.post(').waitFor();
  await shoot(page, 'playground-python', () => page.getByText('requests.post(').waitFor());
  await page.getByRole('button', { name: 'JavaScript fetch' }).click();
  assert.match(await page.getByLabel('The request as JavaScript fetch').innerText(), /await fetch\(/);

  // The image history shows the generated image itself, loaded from its URL.
  await page.goto(`${server.base}/#/images`);
  const thumb = page.locator('.image-thumb img').first();
  await thumb.waitFor();
  assert.ok(
    await thumb.evaluate((img) =>
      (img as unknown as { decode(): Promise<void>; naturalWidth: number }).decode().then(() => (img as unknown as { naturalWidth: number }).naturalWidth > 0),
    ),
    'the thumbnail loads',
  );
  // A key name is asked for with a labelled field and shown in the list.
  await page.goto(`${server.base}/#/keys`);
  await page.getByLabel('Key name (optional)').fill('Build server');
  await page.getByRole('button', { name: 'Create key' }).click();
  await page.getByText('Your new API key “Build server”').waitFor();
  await page.locator('td .key-name', { hasText: 'Build server' }).waitFor();
  // Revoke asks first, then the row says so; and the key itself stops opening the API.
  const plaintext = (await page.getByLabel('New API key', { exact: true }).inputValue()).trim();
  await page.getByRole('button', { name: /^Revoke key Build server / }).click();
  await page.getByRole('button', { name: 'Revoke key', exact: true }).click();
  await page
    .locator('tr', { hasText: 'Build server' })
    .getByText(/^Revoked /)
    .waitFor();
  assert.equal((await fetch(`${server.base}/account`, { headers: { authorization: `Bearer ${plaintext}` } })).status, 401);
  assert.deepEqual(problems, []);
  await page.close();
});

test('the playground generates a PDF, links to it and its curl asks for it', async () => {
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  // The browser profile keeps the session of a test before this one; alone, this test signs in.
  const session = (await (await context.request.get(`${server.base}/auth/session`)).json()) as { signedIn: boolean };
  if (!session.signedIn) await signInAsDemo(page, server);
  const templates = (await api('GET', '/templates/all')) as unknown as Array<{ id: string; name: string }>;
  const card = templates.find((t) => t.name === 'Social card') ?? templates[0];
  const before = (await api('GET', '/account')).credits as number;
  await page.goto(`${server.base}/#/templates/${encodeURIComponent(card.id)}`);
  await page.getByLabel('Format').selectOption('pdf');
  const code = (await page.getByLabel('The request as a curl command').textContent())!;
  assert.equal((JSON.parse(code.slice(code.indexOf("-d '") + 4, -1)) as { format?: string }).format, 'pdf', 'the snippet asks for the PDF');
  await page.getByRole('button', { name: 'Generate image' }).click();
  const link = page.getByRole('link', { name: `Open the PDF of “${card.name}”` });
  await link.waitFor();
  const href = (await link.getAttribute('href'))!;
  assert.match(href, /\/images\/[0-9a-f]{40}\.pdf$/);
  assert.equal(await page.locator('#image-url').inputValue(), href);
  assert.equal(await page.locator('.result img').count(), 0, 'no broken image for a PDF');
  const pdf = await fetch(href);
  assert.equal(pdf.status, 200);
  assert.equal(pdf.headers.get('content-type'), 'application/pdf');
  assert.equal(
    Buffer.from(await pdf.arrayBuffer())
      .subarray(0, 5)
      .toString('latin1'),
    '%PDF-',
  );
  assert.equal((await api('GET', '/account')).credits, before - 1, 'one credit, as an image');
  // A signed URL is for images: with PDF chosen, the card shows the server's refusal, which names the formats it takes.
  await page.getByRole('button', { name: 'New URL key' }).click();
  await page.getByRole('button', { name: 'Make signed URL' }).click();
  await page
    .getByRole('alert')
    .filter({ hasText: 'Could not sign the URL' })
    .getByText(/png, jpeg, webp/)
    .waitFor();
  assert.equal(await page.getByLabel('Signed image URL').count(), 0);
  await page.screenshot({ path: path.join(SHOTS, 'devarea-playground-pdf.png'), fullPage: true });
  // Chromium logs every 4xx response to the console; that refusal is the one expected.
  const refused = problems.filter((p) => p.includes('status of 400'));
  assert.equal(refused.length, 1, JSON.stringify(problems));
  assert.deepEqual(
    problems.filter((p) => !refused.includes(p)),
    [],
  );
  await page.close();
});

test('a template is deleted from its page, after a confirmation, and is gone from the list', async () => {
  const created = (await api('POST', '/templates', {
    name: 'Throwaway',
    template: { version: '7.4.0', width: 200, height: 100, objects: [{ type: 'Rect', name: 'box', left: 10, top: 10, width: 50, height: 50, fill: '#0f766e' }] },
  })) as { id: string };
  const page = await context.newPage();
  await page.goto(`${server.base}/#/templates/${created.id}`);
  const del = page.getByRole('button', { name: 'Delete Throwaway' });
  // The browser context may hold the demo user's session from an earlier test.
  const email = page.getByLabel('Email', { exact: true });
  await Promise.race([del.waitFor(), email.waitFor()]);
  if (await email.isVisible()) {
    await signInAsDemo(page, server);
    await page.goto(`${server.base}/#/templates/${created.id}`);
  }
  await del.click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  assert.equal((await fetch(`${server.base}/templates/${created.id}`, { headers: server.auth })).status, 200, 'cancelled: still there');
  await del.click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete template' }).click();
  await page.getByText('Template “Throwaway” deleted').waitFor();
  assert.equal((await fetch(`${server.base}/templates/${created.id}`, { headers: server.auth })).status, 404);
  await page.waitForURL((u) => u.hash === '#/templates');
  await page.getByText('Social card').first().waitFor();
  assert.equal(await page.getByText('Throwaway', { exact: true }).count(), 0, 'gone from the list');
  await page.close();
});
