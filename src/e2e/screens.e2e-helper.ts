/**
 * Every screen of the web app, each with how to reach it in a browser and when
 * it is ready to look at. The accessibility test and scripts/screenshots.ts walk
 * the same list, so a new screen added here is both checked and photographed.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { repoRoot } from '../repo-root.js';
import type { ServerProcess } from '../server-process.test-helper.js';

export interface Screen {
  name: string;
  /** Signed-out screens are visited before signing in. */
  signedIn: boolean;
  /** Navigates to the screen and waits until it shows its content. */
  open(page: Page): Promise<void>;
}

export const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;
export const SCHEMES = ['light', 'dark'] as const;
export type Device = keyof typeof VIEWPORTS;
export type Scheme = (typeof SCHEMES)[number];

/** The demo user's sign-in, printed once by the server's first run. */
export function demoCredentials(server: ServerProcess): { email: string; password: string } {
  const printed = server.output();
  return { email: /email:\s+(\S+)/.exec(printed)![1], password: /password:\s+(\S+)/.exec(printed)![1] };
}

export async function signInAsDemo(page: Page, server: ServerProcess): Promise<void> {
  const { email, password } = demoCredentials(server);
  await page.goto(`${server.base}/#/signin`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => u.hash === '#/templates');
}

/** Content for the screens to show: a generated image in the history and ledger, a named key and two uploaded fonts. */
export async function seedDemoContent(server: ServerProcess): Promise<{ templateId: string }> {
  const call = async (method: string, url: string, body?: unknown) => {
    const res = await fetch(`${server.base}${url}`, {
      method,
      headers: { ...server.auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return (await res.json()) as unknown;
  };
  const templates = (await call('GET', '/templates/all')) as Array<{ id: string; name: string }>;
  const card = templates.find((t) => t.name === 'Social card') ?? templates[0];
  await call('POST', '/image/generate', { templateId: card.id });
  await call('POST', '/account/keys', { name: 'Build server' });
  for (const [file, query] of [
    ['oswald/files/oswald-latin-700-normal.woff', 'family=Brand%20Sans&weight=700'],
    ['playfair-display/files/playfair-display-latin-400-italic.woff', 'family=Brand%20Serif&style=italic'],
  ]) {
    const res = await fetch(`${server.base}/fonts?${query}`, {
      method: 'POST',
      headers: { ...server.auth, 'content-type': 'font/woff' },
      body: await readFile(path.join(repoRoot(), 'node_modules/@fontsource', file)),
    });
    if (!res.ok) throw new Error(`POST /fonts?${query}: ${res.status} ${await res.text()}`);
  }
  // Two uploaded images for the editor's "Your images" browser.
  for (const [width, height, background] of [
    [640, 400, '#4f46e5'],
    [300, 300, '#f59e0b'],
  ] as const) {
    const png = await sharp({ create: { width, height, channels: 3, background } })
      .png()
      .toBuffer();
    const res = await fetch(`${server.base}/assets`, { method: 'POST', headers: { ...server.auth, 'content-type': 'image/png' }, body: png });
    if (!res.ok) throw new Error(`POST /assets: ${res.status} ${await res.text()}`);
  }
  return { templateId: card.id };
}

/** The natural width of each "Your images" tile's picture, once decoded; a picture that fails to load rejects. */
export async function assetPicturesWidths(page: Page): Promise<number[]> {
  type Picture = { decode(): Promise<void>; naturalWidth: number };
  const pictures = await page.locator('li.asset-tile img').all();
  return Promise.all(pictures.map((img) => img.evaluate((el) => (el as unknown as Picture).decode().then(() => (el as unknown as Picture).naturalWidth))));
}

const heading = (page: Page, name: string) => page.getByRole('heading', { name, level: 1 }).first().waitFor();
const editorReady = (page: Page) => page.waitForSelector('body[data-ready="true"]');

export function screens(server: ServerProcess, templateId: string): Screen[] {
  const app = (hash: string) => `${server.base}/${hash}`;
  const devArea = (name: string, hash: string, title: string): Screen => ({
    name,
    signedIn: true,
    async open(page) {
      await page.goto(app(hash));
      await heading(page, title);
    },
  });
  /** The saved template in the editor with one of its dialogs open. */
  const editorDialog = (name: string, opener: string, dialog: string, loaded: (page: Page) => Promise<unknown> = async () => {}): Screen => ({
    name,
    signedIn: true,
    async open(page) {
      await page.goto(`${server.base}/editor?template=${encodeURIComponent(templateId)}`);
      await editorReady(page);
      await page.getByRole('button', { name: opener }).click();
      await page.waitForSelector(`${dialog}[open]`);
      await loaded(page);
    },
  });
  return [
    {
      name: 'signin',
      signedIn: false,
      async open(page) {
        await page.goto(app('#/signin'));
        await page.getByRole('button', { name: 'Sign in' }).waitFor();
      },
    },
    {
      name: 'signup',
      signedIn: false,
      async open(page) {
        await page.goto(app('#/signup'));
        await page.getByRole('button', { name: 'Create account' }).waitFor();
      },
    },
    devArea('templates', '#/templates', 'Templates'),
    {
      name: 'playground',
      signedIn: true,
      async open(page) {
        await page.goto(app(`#/templates/${encodeURIComponent(templateId)}`));
        await page.locator('[data-element]').first().waitFor();
      },
    },
    devArea('images', '#/images', 'Images'),
    devArea('keys', '#/keys', 'API keys'),
    {
      name: 'fonts',
      signedIn: true,
      async open(page) {
        await page.goto(app('#/fonts'));
        await heading(page, 'Fonts');
        // Each sample is drawn with its own uploaded file once the browser has loaded it.
        await page.locator('.font-sample.loaded').nth(1).waitFor();
      },
    },
    devArea('account', '#/account', 'Account'),
    {
      name: 'editor',
      signedIn: true,
      async open(page) {
        await page.goto(`${server.base}/editor?template=${encodeURIComponent(templateId)}`);
        await editorReady(page);
        // With an object selected, so the properties panel is on screen too.
        await page.locator('li.layer button.layer-kind').first().click();
        await page.locator('.panel.right input, .panel.right select').first().waitFor();
      },
    },
    {
      name: 'editor-new-template',
      signedIn: true,
      async open(page) {
        await page.goto(`${server.base}/editor`);
        await page.waitForSelector('dialog#new-dialog[open]');
      },
    },
    {
      name: 'editor-font-upload',
      signedIn: true,
      async open(page) {
        await page.goto(`${server.base}/editor?template=${encodeURIComponent(templateId)}`);
        await editorReady(page);
        await page.getByRole('button', { name: 'Select title', exact: true }).click();
        await page.getByRole('button', { name: 'Upload a font…' }).click();
        await page.waitForSelector('dialog.font-upload-dialog[open]');
      },
    },
    editorDialog('editor-assets', 'Your images…', 'dialog#assets-dialog', async (page) => {
      await page.waitForSelector('dialog#assets-dialog[open] li.asset-tile img');
      await assetPicturesWidths(page);
    }),
    editorDialog('editor-shortcuts', 'Keyboard shortcuts', 'dialog#shortcuts-dialog'),
  ];
}

/** Applies a viewport and colour scheme; reduced motion so no colour transition is caught half-way. */
export async function look(page: Page, device: Device, scheme: Scheme): Promise<void> {
  await page.setViewportSize(VIEWPORTS[device]);
  await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
}
