import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { DEMO_CREDITS } from '../domain/credits.js';
import { createAccount } from './manage-accounts.js';
import { createTemplate } from './manage-templates.js';
export const DEMO_ACCOUNT = 'demo';
/**
 * First run only: a fresh install gets an account, a key and three templates,
 * so the README's curl lines work within a minute of cloning. Returns null
 * when the demo account already exists; its key is never shown again.
 */
export async function seedDemo(deps, templatesDir) {
    if (await deps.store.findAccountByName(DEMO_ACCOUNT))
        return null;
    const created = await createAccount(deps, { name: DEMO_ACCOUNT, credits: DEMO_CREDITS });
    const templateIds = [];
    const files = (await readdir(templatesDir)).filter((f) => f.endsWith('.json')).sort();
    for (const file of files) {
        const { name, template } = JSON.parse(await readFile(path.join(templatesDir, file), 'utf8'));
        templateIds.push((await createTemplate(deps, created.account.id, { name, template })).id);
    }
    return { ...created, templateIds };
}
//# sourceMappingURL=seed-demo.js.map