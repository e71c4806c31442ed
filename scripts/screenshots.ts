/**
 * Screenshots of every screen (src/e2e/screens.e2e-helper.ts), light and dark,
 * desktop (1280×800) and phone (390×844) width, against a fresh server with the
 * demo account. Every shot goes to dist/screenshots/ (to look at); the few named
 * in DOCS are copied to docs/screenshots/ for the README.
 *   npm run build && node --import tsx scripts/screenshots.ts
 * Needs Debian's Chromium (CHROMIUM_PATH to override) and the editor bundle that `npm run build` makes.
 */
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { startBrowserSession } from '../src/e2e/browser-session.e2e-helper.js';
import { look, SCHEMES, screens, seedDemoContent, signInAsDemo, VIEWPORTS, type Device } from '../src/e2e/screens.e2e-helper.js';
import { repoRoot } from '../src/repo-root.js';

/** The representative set kept in the repository: each screen once, both schemes and both widths among them. */
const DOCS = [
  'signin-desktop-light',
  'templates-desktop-dark',
  'playground-desktop-light',
  'keys-phone-dark',
  'account-phone-light',
  'editor-desktop-dark',
  'editor-desktop-light',
  'fonts-desktop-light',
  'editor-new-template-desktop-light',
];

const root = repoRoot();
if (!existsSync(path.join(root, 'web/editor/build/editor.js'))) {
  console.error('The editor bundle is missing: run `npm run build` first.');
  process.exit(1);
}
const out = path.join(root, 'dist', 'screenshots');
mkdirSync(out, { recursive: true });

const session = await startBrowserSession();
try {
  const { server, context } = session;
  const { templateId } = await seedDemoContent(server);
  const page = await context.newPage();
  for (const signedIn of [false, true]) {
    if (signedIn) await signInAsDemo(page, server);
    for (const screen of screens(server, templateId).filter((s) => s.signedIn === signedIn)) {
      await look(page, 'desktop', 'light');
      await screen.open(page);
      for (const device of Object.keys(VIEWPORTS) as Device[]) {
        for (const scheme of SCHEMES) {
          await look(page, device, scheme);
          const file = path.join(out, `${screen.name}-${device}-${scheme}.png`);
          // The desktop editor fills the viewport and scrolls inside its panels; everything else is shown whole.
          await page.screenshot({ path: file, fullPage: !(screen.name.startsWith('editor') && device === 'desktop') });
          if (DOCS.includes(`${screen.name}-${device}-${scheme}`)) copyFileSync(file, path.join(root, 'docs', 'screenshots', path.basename(file)));
        }
      }
    }
  }
  console.log(`Screenshots in ${path.relative(root, out)}/; ${DOCS.length} copied to docs/screenshots/.`);
} finally {
  await session.close();
}
