import { ApiError } from '../domain/errors.js';
import { applyOverrides } from '../domain/overrides.js';
import { requestChanges, type ChangesInput } from '../domain/request-changes.js';
import type { RenderOutput } from '../render/render-document.js';
import type { Account } from '../store/store.js';
import { checkTemplate } from './check-template.js';
import { getTemplate } from './manage-templates.js';
import { renderUnpaid } from './render-template.js';
import type { ServiceDeps } from './service-deps.js';

export interface PreviewInput extends ChangesInput {
  templateId?: string;
  /** An unsaved document, validated exactly as a save would validate it. */
  template?: unknown;
}

/**
 * The free use case: the same validation, overrides, budget, fetch and render
 * pool as a paid generate, but nothing is charged, stored or given a URL. The
 * answer is PNG bytes at scale 1 only (no JPEG/WebP, no upscaling): enough to
 * check a design, and the caller's rate limit and daily cap (enforced by the
 * route) keep it from standing in for paid renders. `signal`: the client hung up (RenderJobOptions).
 */
export async function previewImage(deps: ServiceDeps, account: Account, input: PreviewInput, signal?: AbortSignal): Promise<RenderOutput> {
  const templateId = input.templateId?.trim();
  if (templateId && input.template !== undefined) {
    throw new ApiError('invalid_request', 'Send either "templateId" (a saved template) or "template" (an unsaved document), not both.', {
      errors: [{ path: 'template', message: 'not allowed together with "templateId"' }],
    });
  }
  if (!templateId && input.template === undefined) {
    throw new ApiError('missing_template_id', 'The request body needs "templateId" (a saved template) or "template" (an unsaved document) to preview.');
  }
  const changes = requestChanges(input);
  const document = templateId ? (await getTemplate(deps, account.id, templateId)).document : await checkTemplate(deps, account.id, input.template);
  const applied = applyOverrides(document, changes, { fontFamilies: await deps.fontFamilies(account.id) });
  if (!applied.ok) throw new ApiError(applied.code, applied.message, { errors: applied.errors });
  return renderUnpaid(deps, account.id, applied.document, { format: 'png', scale: 1 }, 'previews are free', signal);
}
