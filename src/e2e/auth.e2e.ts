/**
 * Sign-in as a browser sees it: sign-up, sign-out and sign-in through the page,
 * the cookie's flags as Chromium stores them, a new session id on every sign-in,
 * the throttle's answer on screen, a forged form post from another origin, and
 * the CSP the browser enforces. The HTTP-level rules are in src/http/auth.http.test.ts;
 * this file covers what only a browser can show.
 * Run with `npm run e2e`; needs Debian's chromium (CHROMIUM_PATH to override).
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { after, before, test } from 'node:test';
import type { BrowserContext, Cookie, Page } from 'playwright-core';
import { repoRoot } from '../repo-root.js';
import { freePort, type ServerProcess } from '../server-process.test-helper.js';
import { startBrowserSession, type BrowserSession } from './browser-session.e2e-helper.js';

const PASSWORD = 'correct horse battery staple';
const XSS = '<img src=x onerror=alert(1)>';

let session: BrowserSession;
let server: ServerProcess;
let context: BrowserContext;
/** A second origin on another port: what a hostile page the victim visits would be. */
let attacker: Server;
let attackerPort: number;
/** The page the attacker serves next, by path. */
const attackerPages = new Map<string, string>();

before(async () => {
  session = await startBrowserSession();
  ({ server, context } = session);
  attackerPort = await freePort();
  attacker = createServer((req, res) => {
    const page = attackerPages.get(new URL(req.url ?? '/', 'http://x').pathname);
    res.writeHead(page ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    res.end(page ?? 'not found');
  });
  await new Promise<void>((resolve) => attacker.listen(attackerPort, '127.0.0.1', resolve));
});

after(async () => {
  await session?.close();
  // Chromium keeps its connections alive; close() alone would wait for them to time out.
  attacker?.closeAllConnections();
  await new Promise((resolve) => attacker?.close(resolve));
});

/** Each test uses its own user, so the per-email throttle of one never reaches another. */
const newEmail = (label: string) => `${label}-${randomBytes(4).toString('hex')}@example.com`;

const sessionCookie = async (): Promise<Cookie | undefined> => (await context.cookies(server.base)).find((c) => c.name === 'imprint_session');

async function signUp(page: Page, email: string): Promise<void> {
  await page.goto(`${server.base}/#/signup`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('New password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL((u) => u.hash === '#/templates');
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
}

async function submitSignIn(page: Page, email: string, password: string): Promise<{ status: number; retryAfter: string | null }> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  const answer = page.waitForResponse((r) => r.url().endsWith('/auth/signin') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Sign in' }).click();
  const res = await answer;
  return { status: res.status(), retryAfter: res.headers()['retry-after'] ?? null };
}

/** What the signed-in browser's own session sees, as the page's scripts would ask. */
async function whoAmI(page: Page): Promise<{ signedIn: boolean; keys: number }> {
  return page.evaluate(async () => {
    const s = await fetch('/auth/session');
    const keys = await fetch('/account/keys');
    const body = (await keys.json()) as unknown;
    const list = Array.isArray(body) ? body : ((body as { keys?: unknown[] }).keys ?? []);
    return { signedIn: s.ok && keys.ok, keys: keys.ok ? list.length : -1 };
  });
}

test('sign up, sign out and sign in through the page: an HttpOnly, SameSite=Lax cookie, a new id each time', async () => {
  await context.clearCookies();
  const page = await context.newPage();
  const email = newEmail('owner');
  await signUp(page, email);

  const first = await sessionCookie();
  assert.ok(first, 'sign-up set the session cookie');
  // Every cookie this server sets must be out of the page scripts' reach: a cookie that is not HttpOnly fails here.
  for (const cookie of await context.cookies(server.base)) {
    assert.equal(cookie.httpOnly, true, `cookie ${cookie.name} is not HttpOnly`);
    assert.equal(cookie.sameSite, 'Lax', `cookie ${cookie.name} is not SameSite=Lax`);
    assert.equal(cookie.path, '/', `cookie ${cookie.name} path`);
  }
  assert.equal(await page.evaluate('document.cookie'), '', 'document.cookie shows nothing to scripts');

  await signOut(page);
  assert.equal(await sessionCookie(), undefined, 'sign-out removed the cookie');
  // The ended session stays ended even when its old value comes back.
  await context.addCookies([{ ...first, expires: -1 }]);
  assert.equal((await whoAmI(page)).signedIn, false, 'an ended session is not revived by its cookie');

  // Session fixation: a value planted before sign-in (here the old, ended one) is replaced, never adopted.
  const planted = randomBytes(32).toString('base64url');
  await context.addCookies([{ name: 'imprint_session', value: planted, url: server.base, httpOnly: true, sameSite: 'Lax' }]);
  await page.goto(`${server.base}/#/signin`);
  const { status } = await submitSignIn(page, email, PASSWORD);
  assert.equal(status, 200);
  await page.waitForURL((u) => u.hash === '#/templates');
  const second = await sessionCookie();
  assert.ok(second);
  assert.notEqual(second.value, planted, 'the planted value was not adopted');
  assert.notEqual(second.value, first.value, 'sign-in made a new session id');
  assert.equal(second.httpOnly, true);
  assert.equal(second.sameSite, 'Lax');
  assert.equal((await whoAmI(page)).signedIn, true);
  await page.close();
});

test('the sign-in throttle: after 5 wrong passwords the page shows the wait (429 with Retry-After), even for the right one', async () => {
  await context.clearCookies();
  const page = await context.newPage();
  const email = newEmail('throttled');
  await signUp(page, email);
  await signOut(page);

  for (let i = 0; i < 5; i++) {
    const { status } = await submitSignIn(page, email, `wrong password ${i}`);
    assert.equal(status, 401, `failure ${i + 1} is a plain wrong password`);
    await page.getByText('Wrong email or password').waitFor();
  }
  const throttled = await submitSignIn(page, email, 'wrong password again');
  assert.equal(throttled.status, 429);
  assert.ok(Number(throttled.retryAfter) >= 1, `Retry-After ${throttled.retryAfter}`);
  await page.getByText('Too many attempts').waitFor();
  assert.equal(await page.getByRole('alert').getByText('rate_limited').count(), 1, 'the code is on screen');

  // The right password waits too, or the throttle would tell a guesser when they were right.
  const right = await submitSignIn(page, email, PASSWORD);
  assert.equal(right.status, 429);
  assert.equal(await sessionCookie(), undefined, 'no session while throttled');

  // Once the wait is over, the owner gets in.
  await new Promise((resolve) => setTimeout(resolve, (Number(right.retryAfter) + 0.2) * 1000));
  const later = await submitSignIn(page, email, PASSWORD);
  assert.equal(later.status, 200);
  await page.waitForURL((u) => u.hash === '#/templates');
  await page.close();
});

/**
 * A hostile page auto-submits a form at the victim's signed-in server. The
 * text/plain body is the classic trick to pass a JSON body without a preflight.
 */
function forgedForm(action: string, json: Record<string, string>): string {
  const [first, ...rest] = Object.entries(json);
  const body = JSON.stringify(Object.fromEntries(rest)).slice(1, -1);
  // name + "=" + value must read as JSON: {"first":"value", ...rest, "pad":"="}
  const name = `{"${first[0]}":"${first[1]}"${body ? `,${body}` : ''},"pad":"`;
  const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  return `<!doctype html><title>Win a prize</title>
<form id="f" method="POST" action="${attr(action)}" enctype="text/plain"><input name="${attr(name)}" value='"}'></form>
<script>document.getElementById('f').submit();</script>`;
}

test('CSRF: a form posted from another origin (same site and cross site) is refused and changes nothing', async () => {
  await context.clearCookies();
  const page = await context.newPage();
  const email = newEmail('victim');
  await signUp(page, email);
  const before = await whoAmI(page);
  assert.deepEqual(before, { signedIn: true, keys: 0 });

  attackerPages.set('/keys', forgedForm(`${server.base}/account/keys`, { name: 'attacker' }));
  attackerPages.set('/password', forgedForm(`${server.base}/auth/password`, { currentPassword: PASSWORD, newPassword: 'attacker chose this' }));
  // 127.0.0.1 on another port is the same site (ports do not count), so SameSite=Lax still sends the cookie and the
  // Origin check alone must refuse. localhost is another site: the cookie stays home as well.
  for (const host of ['127.0.0.1', 'localhost']) {
    for (const path of ['/keys', '/password']) {
      const answer = page.waitForResponse((r) => r.url().startsWith(server.base) && r.request().method() === 'POST');
      await page.goto(`http://${host}:${attackerPort}${path}`);
      const res = await answer;
      assert.ok(res.status() === 403 || res.status() === 401, `${host}${path}: ${res.status()}`);
      if (host === '127.0.0.1') {
        assert.equal(res.status(), 403, `${host}${path} reached the Origin check with the cookie`);
        assert.equal(((await res.json()) as { code: string }).code, 'csrf_rejected');
      }
    }
  }
  await page.goto(`${server.base}/#/keys`);
  assert.deepEqual(await whoAmI(page), before, 'no key was created and the session lives on');
  // The password is unchanged: signing in with it still works.
  await signOut(page);
  const { status } = await submitSignIn(page, email, PASSWORD);
  assert.equal(status, 200);
  await page.close();
});

test('the CSP forbids inline script: the pages carry none, and one injected at run time does not run', async () => {
  const page = await context.newPage();
  const violations: string[] = [];
  page.on('console', (m) => m.type() === 'error' && /Content Security Policy/i.test(m.text()) && violations.push(m.text()));
  for (const url of [`${server.base}/`, `${server.base}/editor`]) {
    const res = await page.goto(url);
    const csp = res?.headers()['content-security-policy'] ?? '';
    const scriptSrc = /(?:^|;)\s*script-src([^;]*)/.exec(csp)?.[1] ?? /(?:^|;)\s*default-src([^;]*)/.exec(csp)?.[1];
    assert.ok(scriptSrc !== undefined, `${url}: a script-src or default-src in ${csp}`);
    assert.doesNotMatch(scriptSrc, /'unsafe-inline'|'unsafe-eval'|\*|data:/, `${url}: script-src ${scriptSrc}`);
    await page.waitForLoadState('networkidle');
    // Evaluated as a string: this file is compiled without the DOM library.
    const inline = (await page.evaluate(`(() => {
      const found = [];
      for (const s of document.querySelectorAll('script')) if (!s.src) found.push('<script>' + s.textContent.slice(0, 60));
      for (const el of document.querySelectorAll('*')) {
        for (const a of el.attributes) if (/^on/i.test(a.name) || /^\\s*javascript:/i.test(a.value)) found.push('<' + el.localName + ' ' + a.name + '>');
      }
      return found;
    })()`)) as string[];
    assert.deepEqual(inline, [], `${url} has inline script`);
  }
  // The browser enforces it: an inline script added to the page is blocked.
  // An inserted inline script runs during append(), so the flag is set by the time append() returns, or never.
  const ran = await page.evaluate(`(() => {
    const s = document.createElement('script');
    s.textContent = 'window.__inlineRan = true';
    document.body.append(s);
    return window.__inlineRan === true;
  })()`);
  assert.equal(ran, false, 'an injected inline script ran');
  assert.ok(violations.length >= 1, 'Chromium reported the blocked script as a CSP violation');
  await page.close();
});

test('XSS: template and element names with markup are text in the editor; font names with markup are refused', async () => {
  // The developer area is covered by developer-area.e2e.ts; here the editor, which draws its own panels.
  const create = await fetch(`${server.base}/templates`, {
    method: 'POST',
    headers: { ...server.auth, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: `Card ${XSS}`,
      template: {
        version: '7.4.0',
        width: 400,
        height: 210,
        background: '#ffffff',
        objects: [{ type: 'Textbox', name: `title ${XSS}`, left: 20, top: 20, width: 360, text: XSS, fontSize: 24, fontFamily: 'Inter', fill: '#111111' }],
      },
    }),
  });
  assert.equal(create.status, 201, await create.clone().text());
  const { id } = (await create.json()) as { id: string };

  // A family name is limited to letters, digits, spaces, "-" and "_", so markup never reaches a font list.
  const font = await readFile(`${repoRoot()}/node_modules/@fontsource/inter/files/inter-latin-400-normal.woff2`);
  const refused = await fetch(`${server.base}/fonts?family=${encodeURIComponent(XSS)}`, { method: 'POST', headers: { ...server.auth, 'content-type': 'font/woff2' }, body: font });
  assert.equal(refused.status, 400);
  assert.equal(((await refused.json()) as { code: string }).code, 'invalid_font');

  await context.clearCookies();
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('dialog', (d) => {
    problems.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });
  await page.goto(`${server.base}/#/signin`);
  const printed = server.output();
  await submitSignIn(page, /email:\s+(\S+)/.exec(printed)![1], /password:\s+(\S+)/.exec(printed)![1]);
  await page.waitForURL((u) => u.hash === '#/templates');
  await page.goto(`${server.base}/editor?template=${encodeURIComponent(id)}`);
  await page.waitForSelector('body[data-ready="true"]');
  assert.equal(await page.getByLabel('Template name').inputValue(), `Card ${XSS}`);
  assert.equal(await page.getByLabel('Name of layer 1', { exact: true }).inputValue(), `title ${XSS}`);
  assert.equal(await page.locator('img[src="x"]').count(), 0, 'markup from a name became an element');
  assert.deepEqual(problems, []);
  await page.close();
});
