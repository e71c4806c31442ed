import { ApiError } from '../domain/errors.js';
import { newId } from '../domain/ids.js';
import { checkTemplate } from './check-template.js';
export function summarize(record) {
    return { id: record.id, name: record.name, createdAt: record.createdAt, updatedAt: record.updatedAt };
}
export async function createTemplate(deps, accountId, input) {
    const document = await checkTemplate(deps, accountId, input.template);
    return deps.store.createTemplate({ id: newId('tpl'), accountId, name: input.name.trim(), document, now: deps.now() });
}
/** Another account's template is reported exactly like a missing one: existence is not revealed. */
export async function getTemplate(deps, accountId, templateId) {
    const record = await deps.store.getTemplate(accountId, templateId);
    if (!record)
        throw templateNotFound(templateId);
    return record;
}
export async function updateTemplate(deps, accountId, templateId, patch) {
    await getTemplate(deps, accountId, templateId);
    const document = patch.template === undefined ? undefined : await checkTemplate(deps, accountId, patch.template);
    const updated = await deps.store.updateTemplate(accountId, templateId, { name: patch.name?.trim(), document }, deps.now());
    if (!updated)
        throw templateNotFound(templateId);
    return updated;
}
export async function deleteTemplate(deps, accountId, templateId) {
    if (!(await deps.store.deleteTemplate(accountId, templateId)))
        throw templateNotFound(templateId);
}
export function listTemplates(deps, accountId, sort, order) {
    return deps.store.listTemplates(accountId, sort, order);
}
export function templateNotFound(templateId) {
    return new ApiError('template_not_found', `No template with id "${templateId}" exists in this account. List your templates with GET /templates/all.`);
}
//# sourceMappingURL=manage-templates.js.map