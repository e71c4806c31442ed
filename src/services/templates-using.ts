import type { TemplateDocument } from '../domain/template.js';
import type { TemplateRecord } from '../store/store.js';
import type { ServiceDeps } from './service-deps.js';

/**
 * The account's templates whose saved document uses a resource (an asset, a
 * font): what a delete must refuse over, and what a font change must redraw.
 */
export async function templatesUsing(deps: Pick<ServiceDeps, 'store'>, accountId: string, uses: (document: TemplateDocument) => boolean): Promise<TemplateRecord[]> {
  const found: TemplateRecord[] = [];
  for (const summary of await deps.store.listTemplates(accountId, 'updatedAt', 'desc')) {
    const template = await deps.store.getTemplate(accountId, summary.id);
    if (template && uses(template.document)) found.push(template);
  }
  return found;
}

/** `the template "Card" (tpl_…)` or `2 templates "Card" (tpl_…), "Badge" (tpl_…)`: for in-use messages, which must name them. */
export function nameTemplates(templates: readonly Pick<TemplateRecord, 'id' | 'name'>[]): string {
  const names = templates.map((t) => `"${t.name}" (${t.id})`).join(', ');
  return templates.length === 1 ? `the template ${names}` : `${templates.length} templates ${names}`;
}
