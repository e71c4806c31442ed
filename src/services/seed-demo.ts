import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { DEMO_CREDITS } from '../domain/credits.js';
import { createAccount, type CreatedAccount } from './manage-accounts.js';
import { createTemplate } from './manage-templates.js';
import type { ServiceDeps } from './service-deps.js';

export const DEMO_ACCOUNT = 'demo';

/**
 * First run only: a fresh install gets an account, a key and three templates,
 * so the README's curl lines work within a minute of cloning. Returns null
 * when the demo account already exists (or another node is creating it at
 * this moment); its key is never shown again.
 */
export async function seedDemo(deps: Pick<ServiceDeps, 'store' | 'now' | 'fontFamilies'>, templatesDir: string): Promise<(CreatedAccount & { templateIds: string[] }) | null> {
  if (await deps.store.findAccountByName(DEMO_ACCOUNT)) return null;
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
  const templateIds: string[] = [];
  const files = (await readdir(templatesDir)).filter((f) => f.endsWith('.json')).sort();
  for (const file of files) {
    const { name, template } = JSON.parse(await readFile(path.join(templatesDir, file), 'utf8')) as { name: string; template: unknown };
    templateIds.push((await createTemplate(deps, created.account.id, { name, template })).id);
  }
  return { ...created, templateIds };
}
