import { ApiError } from '../domain/errors.js';
import { DEFAULT_RENDER_BUDGET, describeExcess, estimateRenderBudget, MIN_RENDER_SCALE } from '../domain/render-budget.js';
import { validateTemplate, type ValidateTemplateOptions } from '../domain/template-schema.js';
import type { TemplateDocument } from '../domain/template.js';
import type { ServiceDeps } from './service-deps.js';

/**
 * Templates are validated when saved, not when rendered: an unsupported object
 * or font is the author's mistake and must surface in their editor's save call,
 * never as a silently wrong image in someone's bulk run.
 */
export async function checkTemplate(
  deps: Pick<ServiceDeps, 'fontFamilies' | 'renderBudget'>,
  accountId: string,
  document: unknown,
  options: Pick<ValidateTemplateOptions, 'allowLocalFiles'> = {},
): Promise<TemplateDocument> {
  const result = validateTemplate(document, { fontFamilies: await deps.fontFamilies(accountId), ...options });
  if (result.ok) {
    // A template over budget even at the smallest scale could only ever answer render_too_complex: refuse it now.
    const budget = estimateRenderBudget(result.document, MIN_RENDER_SCALE, deps.renderBudget ?? DEFAULT_RENDER_BUDGET);
    if (budget.ok) return result.document;
    const errors = budget.excess.map((e) => ({ path: e.path ? `template.${e.path}` : 'template', message: e.message }));
    throw new ApiError('invalid_template', `This template is too costly to render even at the smallest scale (${MIN_RENDER_SCALE}): ${describeExcess(budget.excess)}.`, { errors });
  }
  const errors = result.issues.map((issue) => ({ path: `template${issue.path.startsWith('[') || issue.path === '' ? '' : '.'}${issue.path}`, message: issue.message }));
  const fontIssue = result.issues.find((issue) => issue.code === 'unknown_font');
  if (fontIssue) throw new ApiError('unknown_font', fontIssue.message, { errors });
  const first = result.issues[0];
  const more = result.issues.length > 1 ? ` (and ${result.issues.length - 1} more problem${result.issues.length > 2 ? 's' : ''}, listed in errors)` : '';
  throw new ApiError('invalid_template', `${first.message}${more}`, { errors });
}
