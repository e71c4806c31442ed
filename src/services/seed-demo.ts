import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { DEMO_CREDITS } from '../domain/credits.js';
import type { Account } from '../store/store.js';
import { createAccount, type CreatedAccount } from './manage-accounts.js';
import { createApiKey } from './manage-api-keys.js';
import { createTemplate } from './manage-templates.js';
import type { ServiceDeps } from './service-deps.js';

export const DEMO_ACCOUNT = 'demo';

/**
 * First run only: a fresh install gets an account, a key and three templates,
 * so the README's curl lines work within a minute of cloning. Returns null
 * when the demo account is already complete (or another node is creating it
 * at this moment); its key is never shown again.
 *
 * A first start killed while seeding left an account whose key was never shown (the banner is printed
 * after this returns) and whose templates were missing, for good. So a demo account that nobody has
 * used is finished instead: a new key, the missing templates. Nobody has used it when it has no
 * sign-in yet (the first start makes that right after the seed), none of its keys was ever used, and
 * it has no templates but demo ones, some of them missing. The demo templates have fixed ids, so a
 * node that finishes a seed another node is still making adds no second copy; it only prints a second
 * key.
 */
export async function seedDemo(deps: Pick<ServiceDeps, 'store' | 'now' | 'fontFamilies'>, templatesDir: string): Promise<(CreatedAccount & { templateIds: string[] }) | null> {
  const demos = await demoTemplates(templatesDir);
  const existing = await deps.store.findAccountByName(DEMO_ACCOUNT);
  if (existing) return finishInterruptedSeed(deps, existing, demos);
  let created: CreatedAccount;
  try {
    created = await createAccount(deps, { name: DEMO_ACCOUNT, credits: DEMO_CREDITS });
  } catch (error) {
    // Several nodes starting at once on an empty database: another one created the account after our look,
    // caught either by createAccount's own look (an ApiError) or by the unique name at the write (a conflict).
    // Whichever it was, the account now being there is what decides, so a real failure is still thrown.
    if (await deps.store.findAccountByName(DEMO_ACCOUNT)) return null;
    throw error;
  }
  return { ...created, templateIds: await createDemoTemplates(deps, created.account.id, demos) };
}

interface DemoTemplate {
  id: string;
  name: string;
  template: unknown;
}

async function demoTemplates(templatesDir: string): Promise<DemoTemplate[]> {
  const files = (await readdir(templatesDir)).filter((f) => f.endsWith('.json')).sort();
  return Promise.all(
    files.map(async (file) => {
      const { name, template } = JSON.parse(await readFile(path.join(templatesDir, file), 'utf8')) as { name: string; template: unknown };
      return { id: `tpl_demo_${path.basename(file, '.json')}`, name, template };
    }),
  );
}

async function finishInterruptedSeed(deps: Pick<ServiceDeps, 'store' | 'now' | 'fontFamilies'>, account: Account, demos: DemoTemplate[]) {
  const [keys, templates, user] = await Promise.all([
    deps.store.listApiKeys(account.id),
    deps.store.listTemplates(account.id, 'createdAt', 'asc'),
    deps.store.getUserByAccount(account.id),
  ]);
  const demoIds = new Set(demos.map((d) => d.id));
  const used = user !== null || keys.some((k) => k.lastUsedAt !== null);
  const complete = demos.every((d) => templates.some((t) => t.id === d.id));
  if (used || complete || templates.some((t) => !demoIds.has(t.id))) return null;
  const key = await createApiKey(deps, account.id);
  return { account, key, templateIds: await createDemoTemplates(deps, account.id, demos) };
}

async function createDemoTemplates(deps: Pick<ServiceDeps, 'store' | 'now' | 'fontFamilies'>, accountId: string, demos: DemoTemplate[]): Promise<string[]> {
  for (const demo of demos) {
    if (await deps.store.getTemplate(accountId, demo.id)) continue;
    try {
      await createTemplate(deps, accountId, demo, demo.id);
    } catch (error) {
      // Another node finishing the same seed made it first.
      if (!(await deps.store.getTemplate(accountId, demo.id))) throw error;
    }
  }
  return demos.map((d) => d.id);
}
