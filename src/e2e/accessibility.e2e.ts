/**
 * axe-core on every screen of the web app (src/e2e/screens.e2e-helper.ts), in
 * light and dark, at desktop and phone width: no serious or critical violation.
 * Run with `npm run e2e`; needs Debian's chromium (CHROMIUM_PATH to override).
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { after, before, test } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import type { ServerProcess } from '../server-process.test-helper.js';
import { startBrowserSession, type BrowserSession } from './browser-session.e2e-helper.js';
import { look, SCHEMES, screens, seedDemoContent, signInAsDemo, VIEWPORTS, type Device } from './screens.e2e-helper.js';

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[]; failureSummary?: string }>;
}

let session: BrowserSession;
let server: ServerProcess;
let context: BrowserContext;
let axeSource: string;

before(async () => {
  axeSource = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  session = await startBrowserSession();
  ({ server, context } = session);
});

after(async () => {
  await session?.close();
});

/**
 * Runs axe in the page. Injected through the DevTools protocol (page.evaluate),
 * which the page's CSP does not govern, so the app keeps its strict policy.
 */
async function serious(page: Page, onlyContrast: boolean): Promise<AxeViolation[]> {
  const injected = await page.evaluate('typeof window.axe');
  if (injected === 'undefined') await page.evaluate(axeSource);
  const options = JSON.stringify({ resultTypes: ['violations'], ...(onlyContrast ? { runOnly: { type: 'rule', values: ['color-contrast'] } } : {}) });
  const violations = (await page.evaluate(`axe.run(document, ${options}).then((r) => r.violations)`)) as AxeViolation[];
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

const describe = (v: AxeViolation) =>
  `${v.impact} ${v.id}: ${v.help}\n${v.nodes
    .slice(0, 5)
    .map((n) => `    ${n.target.join(' ')}  ${(n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 200)}`)
    .join('\n')}`;

test('axe finds no serious or critical violation on any screen, light and dark, desktop and phone', async () => {
  const { templateId } = await seedDemoContent(server);
  const page = await context.newPage();
  const found: string[] = [];
  let checked = 0;
  for (const signedIn of [false, true]) {
    if (signedIn) await signInAsDemo(page, server);
    for (const screen of screens(server, templateId).filter((s) => s.signedIn === signedIn)) {
      await look(page, 'desktop', 'light');
      await screen.open(page);
      for (const device of Object.keys(VIEWPORTS) as Device[]) {
        for (const scheme of SCHEMES) {
          await look(page, device, scheme);
          // The dark scheme only swaps colour variables (one prefers-color-scheme block per stylesheet), so it needs
          // the contrast rule alone; the full rule set runs at each width, where the layout differs.
          for (const v of await serious(page, scheme === 'dark')) found.push(`${screen.name} (${device}, ${scheme}) ${describe(v)}`);
          checked++;
        }
      }
    }
  }
  await page.close();
  assert.ok(checked >= 40, `checked ${checked} screen variants`);
  assert.equal(found.length, 0, `serious or critical violations:\n${found.join('\n\n')}`);
});
