import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { DEMO_CREDITS } from '../domain/credits.js';
import { newId } from '../domain/ids.js';
import { generateApiKey } from './api-key-secret.js';
import { checkTemplate } from './check-template.js';
import type { CreatedAccount } from './manage-accounts.js';
import type { ServiceDeps } from './service-deps.js';

export const DEMO_ACCOUNT = 'demo';

/**
 * First run only: a fresh install gets an account, a key and three templates,
 * so the README's curl lines work within a minute of cloning. Returns null
 * when the demo account already exists (or another node is creating it at
 * this moment); its key is never shown again.
 *
 * All of it is one transaction: a first start killed after the account's row but before the rest left an
 * account whose key was never shown and whose templates were missing, for good, since a later start finds
 * the account there and seeds nothing.
 */
export async function seedDemo(deps: Pick<ServiceDeps, 'store' | 'now' | 'fontFamilies'>, templatesDir: string): Promise<(CreatedAccount & { templateIds: string[] }) | null> {
  if (await deps.store.findAccountByName(DEMO_ACCOUNT)) return null;
  const accountId = newId('acc');
  const now = deps.now();
  const files = (await readdir(templatesDir)).filter((f) => f.endsWith('.json')).sort();
  const templates = [];
  for (const file of files) {
    const { name, template } = JSON.parse(await readFile(path.join(templatesDir, file), 'utf8')) as { name: string; template: unknown };
    templates.push({ id: newId('tpl'), name: name.trim(), document: await checkTemplate(deps, accountId, template), now });
  }
  const key = generateApiKey();
  try {
    const seeded = await deps.store.createSeededAccount({
      account: { id: accountId, name: DEMO_ACCOUNT, credits: DEMO_CREDITS, now },
      key: { id: newId('key'), hash: key.hash, prefix: key.prefix, last4: key.last4, now },
      templates,
    });
    return { account: seeded.account, key: { record: seeded.key, plaintext: key.plaintext }, templateIds: seeded.templates.map((t) => t.id) };
  } catch (error) {
    // Several nodes starting at once on an empty database: another one created the account after our look
    // (the unique name at the write). The account now being there is what decides; a real failure is thrown.
    if (await deps.store.findAccountByName(DEMO_ACCOUNT)) return null;
    throw error;
  }
}
