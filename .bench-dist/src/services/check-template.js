import { ApiError } from '../domain/errors.js';
import { validateTemplate } from '../domain/template-schema.js';
/**
 * Templates are validated when saved, not when rendered: an unsupported object
 * or font is the author's mistake and must surface in their editor's save call,
 * never as a silently wrong image in someone's bulk run.
 */
export async function checkTemplate(deps, accountId, document) {
    const result = validateTemplate(document, { fontFamilies: await deps.fontFamilies(accountId) });
    if (result.ok)
        return result.document;
    const errors = result.issues.map((issue) => ({ path: `template${issue.path.startsWith('[') || issue.path === '' ? '' : '.'}${issue.path}`, message: issue.message }));
    const fontIssue = result.issues.find((issue) => issue.code === 'unknown_font');
    if (fontIssue)
        throw new ApiError('unknown_font', fontIssue.message, { errors });
    const first = result.issues[0];
    const more = result.issues.length > 1 ? ` (and ${result.issues.length - 1} more problem${result.issues.length > 2 ? 's' : ''}, listed in errors)` : '';
    throw new ApiError('invalid_template', `${first.message}${more}`, { errors });
}
//# sourceMappingURL=check-template.js.map