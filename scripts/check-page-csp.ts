/**
 * Loads /docs/ and / in a real Chromium under the headers the server sends and
 * prints every Content-Security-Policy violation, failed request and how much
 * of the page rendered, next to the same page with CSP bypassed. Not a test:
 * CI has no browser. Run: CHROMIUM_PATH=/path/to/chromium node --import tsx scripts/check-page-csp.ts
 */
import type { AddressInfo } from 'node:net';
import { chromium } from 'playwright-core';
import { createTestApp } from '../src/http/test-app.js';
import { CHROMIUM_PATH } from './fabric-browser.js';

const t = await createTestApp();
await t.app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox', '--disable-gpu'] });
try {
  for (const path of ['/docs/', '/']) {
    for (const bypassCSP of [false, true]) {
      const page = await (await browser.newContext({ bypassCSP })).newPage();
      const failed: string[] = [];
      const loaded = new Set<string>();
      page.on('request', (r) => loaded.add(r.url().replace(base, '')));
      page.on('requestfailed', (r) => failed.push(`${r.url()} ${r.failure()?.errorText}`));
      page.on('pageerror', (e) => failed.push(`pageerror: ${e.message}`));
      // Runs in the page, where window and document exist; typed loosely because this project compiles without the DOM lib.
      await page.addInitScript(() => {
        const { window, document } = globalThis as unknown as {
          window: unknown;
          document: { addEventListener(type: string, listener: (e: { violatedDirective: string; blockedURI: string }) => void): void };
        };
        const w = window as unknown as { violations: string[] };
        w.violations = [];
        document.addEventListener('securitypolicyviolation', (e) => w.violations.push(`${e.violatedDirective} ${e.blockedURI}`));
      });
      await page.goto(base + path, { waitUntil: 'networkidle' });
      await page.waitForTimeout(4000);
      const violations = await page.evaluate(() => (globalThis as unknown as { violations: string[] }).violations);
      const textLength = await page.evaluate(() => (globalThis as unknown as { document: { body: { innerText: string } } }).document.body.innerText.length);
      console.log(
        `${path} ${bypassCSP ? 'without CSP' : 'with CSP   '}: ${textLength} chars rendered, ${violations.length} violations ${JSON.stringify(violations)}, ` +
          `failed ${JSON.stringify(failed)}, loaded ${[...loaded].filter((u) => !u.startsWith('/web/js/')).join(' ')}`,
      );
      await page.close();
    }
  }
} finally {
  await browser.close();
  await t.close();
}
