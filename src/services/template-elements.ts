import { type ElementProperties, listElements } from '../domain/elements.js';
import { getTemplate } from './manage-templates.js';
import type { ServiceDeps } from './service-deps.js';

/**
 * `GET /templates/{id}/elements`. Text sizes come from the renderer's layout when
 * it is wired: a stored `height` may be stale (hand-edited, another tool), and
 * Fabric recomputes it on load anyway.
 */
export async function templateElements(
  deps: Pick<ServiceDeps, 'store' | 'accountFonts' | 'textLayout'>,
  accountId: string,
  templateId: string,
): Promise<Record<string, ElementProperties>> {
  const { document } = await getTemplate(deps, accountId, templateId);
  if (!deps.textLayout) return listElements(document);
  return listElements(document, deps.textLayout(await deps.accountFonts(accountId, document)));
}
