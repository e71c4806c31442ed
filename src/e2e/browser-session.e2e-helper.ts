/**
 * What every browser test starts from: a real server process and Debian's
 * Chromium in a throwaway profile. Flags: no sandbox (CI runs as root), no GPU,
 * and no background networking, whose calls this machine's closed network refuses.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { repoRoot } from '../repo-root.js';
import { startServerProcess, type ServerProcess } from '../server-process.test-helper.js';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SHOTS = process.env.E2E_SCREENSHOTS ?? path.join(repoRoot(), 'dist', 'e2e-screenshots');

export interface BrowserSession {
  server: ServerProcess;
  context: BrowserContext;
  close(): Promise<void>;
}

export async function startBrowserSession(): Promise<BrowserSession> {
  const server = await startServerProcess();
  const profile = await mkdtemp(path.join(os.tmpdir(), 'imprint-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    viewport: { width: 1440, height: 900 },
    acceptDownloads: true,
  });
  await mkdir(SHOTS, { recursive: true });
  return {
    server,
    context,
    async close() {
      await context.close();
      await server.stop();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/** Signs in through the developer area as the demo user, whose password the server's first run printed once. */
export async function signInAsDemo(page: Page, server: ServerProcess): Promise<void> {
  await page.goto(`${server.base}/#/signin`);
  const printed = server.output();
  await page.getByLabel('Email', { exact: true }).fill(/email:\s+(\S+)/.exec(printed)![1]);
  await page.getByLabel('Password', { exact: true }).fill(/password:\s+(\S+)/.exec(printed)![1]);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => u.hash === '#/templates');
}
