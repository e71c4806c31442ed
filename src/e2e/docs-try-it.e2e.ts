/**
 * The API reference's "try it", as a new user does it in Chromium: open /docs,
 * "Test Request" on generate, paste the key, put one of their template ids in
 * the example body, Send. The request must reach this server (PUBLIC_URL, no
 * third-party proxy, allowed by the page's CSP) and generate the image.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { SHOTS, startBrowserSession, type BrowserSession } from './browser-session.e2e-helper.js';

let session: BrowserSession;
before(async () => {
  session = await startBrowserSession();
});
after(async () => session.close());

test('/docs "try it" on POST /image/generate generates the image as shown', async () => {
  const { server } = session;
  const templates = (await (await fetch(`${server.base}/templates/all`, { headers: server.auth })).json()) as Array<{ id: string; name: string }>;
  const card = templates.find((t) => t.name === 'Social card')!;
  const credits = async () => ((await (await fetch(`${server.base}/account`, { headers: server.auth })).json()) as { credits: number }).credits;
  const before = await credits();

  const page = await session.context.newPage();
  const outside: string[] = [];
  page.on('request', (request) => !request.url().startsWith(server.base) && !request.url().startsWith('data:') && outside.push(request.url()));
  await page.goto(`${server.base}/docs/#tag/images/POST/image/generate`);
  await page
    .getByRole('button', { name: /Test Request/ })
    .first()
    .click();
  // The client shows the document's server, PUBLIC_URL.
  await page.getByRole('button', { name: `Server: ${server.base}` }).waitFor();
  await page.getByRole('button', { name: /^Authentication Required/ }).click();
  await page.getByPlaceholder('Token').fill(server.key);
  // The body is the example as shown; only its placeholder template id becomes one of this account's.
  const editor = page.locator('[contenteditable=true]').filter({ hasText: 'tpl_8fJ2kQ9xLmN4pR7s' }).first();
  const shown = JSON.parse((await editor.textContent()) ?? '');
  assert.deepEqual(shown.elements, { title: { text: 'Hello from the API', fill: '#ffffff' } });
  await editor.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.insertText(JSON.stringify({ ...shown, templateId: card.id }));

  const answer = page.waitForResponse((response) => response.url() === `${server.base}/image/generate`);
  await page.getByRole('button', { name: /^Send post request/ }).click();
  const response = await answer;
  assert.equal(response.status(), 200, await response.text());
  assert.equal(response.request().headers().authorization, `Bearer ${server.key}`);
  const body = (await response.json()) as { imageURL: string };
  assert.ok(body.imageURL.startsWith(`${server.base}/images/`));
  assert.equal(await credits(), before - 1);
  assert.deepEqual(outside, [], 'nothing leaves for another host');
  await page.screenshot({ path: path.join(SHOTS, 'docs-try-it.png') });
});
