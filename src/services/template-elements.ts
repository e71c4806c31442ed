import { type ElementProperties, listElements } from '../domain/elements.js';
import { getTemplate } from './manage-templates.js';
import { renderFailure } from './render-template.js';
import type { ServiceDeps } from './service-deps.js';

/**
 * `GET /templates/{id}/elements`. Text sizes come from the renderer's layout when
 * it is wired (on a render worker, under its timeout): a stored `height` may be
 * stale (hand-edited, another tool), and Fabric recomputes it on load anyway.
 */
export async function templateElements(
  deps: Pick<ServiceDeps, 'store' | 'accountFonts' | 'renderer'>,
  accountId: string,
  templateId: string,
): Promise<Record<string, ElementProperties>> {
  const { document } = await getTemplate(deps, accountId, templateId);
  if (!deps.renderer.elements) return listElements(document);
  try {
    return await deps.renderer.elements(document, await deps.accountFonts(accountId, document), { tenant: accountId });
  } catch (error) {
    throw renderFailure(error, 'nothing was charged');
  }
}
