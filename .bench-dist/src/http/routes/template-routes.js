import { Type } from '@sinclair/typebox';
import { CreateTemplateBody, ElementsResult, ListTemplatesQuery, TemplateFull, TemplateIdParams, TemplateSummary, UpdateTemplateBody, } from '../api-schemas.js';
import { principalOf } from '../app.js';
import { bearer, errorResponses } from '../routes.js';
import { listBasicElements, listElements } from '../../domain/elements.js';
import { createTemplate, deleteTemplate, getTemplate, listTemplates, summarize, updateTemplate, } from '../../services/manage-templates.js';
const tags = ['Templates'];
/** Stored documents passed validation on save, so they have the schema's shape. */
function full(record) {
    return { ...summarize(record), template: record.document };
}
export function registerTemplateRoutes(app, deps) {
    app.get('/templates/all', {
        config: { auth: 'read' },
        schema: {
            summary: 'List all templates', tags, security: bearer, querystring: ListTemplatesQuery,
            response: { 200: Type.Array(TemplateSummary), ...errorResponses(400) },
        },
    }, async (request) => listTemplates(deps, principalOf(request).account.id, request.query.sort ?? 'updatedAt', request.query.order ?? 'desc'));
    app.get('/templates/:templateId/elements', {
        config: { auth: 'read' },
        schema: {
            summary: 'Retrieve template elements', description: 'Every named element with its properties (contract §2.2). Costs no credits.',
            tags, security: bearer, params: TemplateIdParams, response: { 200: ElementsResult, ...errorResponses(404) },
        },
    }, async (request) => ({ elements: listElements((await getTemplate(deps, principalOf(request).account.id, request.params.templateId)).document) }));
    app.get('/templates/:templateId/elements/basic', {
        config: { auth: 'read' },
        schema: {
            summary: 'Retrieve the editable value of each element', description: '`src` for images, `text` for text, `fill` for every other kind.',
            tags, security: bearer, params: TemplateIdParams, response: { 200: ElementsResult, ...errorResponses(404) },
        },
    }, async (request) => ({ elements: listBasicElements((await getTemplate(deps, principalOf(request).account.id, request.params.templateId)).document) }));
    app.post('/templates', {
        config: { auth: 'read' },
        schema: {
            summary: 'Create a template', description: "The template is Fabric's canvas.toJSON() (export with toObject(['name'])) plus width and height. It is validated on save.",
            tags, security: bearer, body: CreateTemplateBody, response: { 201: TemplateSummary, ...errorResponses(400, 413, 415) },
        },
    }, async (request, reply) => {
        const record = await createTemplate(deps, principalOf(request).account.id, request.body);
        return reply.code(201).header('Location', `/templates/${record.id}`).send(summarize(record));
    });
    app.get('/templates/:templateId', {
        config: { auth: 'read' },
        schema: { summary: 'Get a template document', tags, security: bearer, params: TemplateIdParams, response: { 200: TemplateFull, ...errorResponses(404) } },
    }, async (request) => full(await getTemplate(deps, principalOf(request).account.id, request.params.templateId)));
    app.put('/templates/:templateId', {
        config: { auth: 'read' },
        schema: {
            summary: 'Update a template', tags, security: bearer, params: TemplateIdParams, body: UpdateTemplateBody,
            response: { 200: TemplateFull, ...errorResponses(400, 404, 413, 415) },
        },
    }, async (request) => full(await updateTemplate(deps, principalOf(request).account.id, request.params.templateId, request.body)));
    app.delete('/templates/:templateId', {
        config: { auth: 'read' },
        schema: { summary: 'Delete a template', tags, security: bearer, params: TemplateIdParams, response: { 204: Type.Null(), ...errorResponses(404) } },
    }, async (request, reply) => {
        await deleteTemplate(deps, principalOf(request).account.id, request.params.templateId);
        return reply.code(204).send(null);
    });
}
//# sourceMappingURL=template-routes.js.map