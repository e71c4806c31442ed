import { Type } from '@sinclair/typebox';
import { CreateTemplateBody, ElementsResult, ListTemplatesQuery, OverrideFormResult, TemplateFull, TemplateIdParams, TemplateSummary, UpdateTemplateBody } from '../api-schemas.js';
import { principalOf, type ImprintApp } from '../app.js';
import { bearer, errorResponses, fileResponse } from '../routes.js';
import { listBasicElements } from '../../domain/elements.js';
import { overrideForm } from '../../domain/override-form.js';
import type { TemplateDocumentInput } from '../../domain/template-schema.js';
import type { TemplateRecord } from '../../store/store.js';
import { createTemplate, deleteTemplate, getTemplate, listTemplates, revisionsOfIfMatch, summarize, templateEtag, updateTemplate } from '../../services/manage-templates.js';
import { templateElements } from '../../services/template-elements.js';
import type { ServiceDeps } from '../../services/service-deps.js';
import { THUMBNAIL_WIDTH, ThumbnailJobs } from '../../services/template-thumbnail.js';
import { ifNoneMatch, NOT_MODIFIED } from '../conditional-get.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Thumbnails made after saves; main.ts also queues the seeded templates' here. */
    thumbnails: ThumbnailJobs;
  }
}

const tags = ['Templates'];

/** Stored documents passed validation on save, so they have the schema's shape. */
function full(record: TemplateRecord) {
  return { ...summarize(record), template: record.document as unknown as TemplateDocumentInput };
}

export function registerTemplateRoutes(app: ImprintApp, deps: ServiceDeps): void {
  const thumbnails = new ThumbnailJobs(deps, (error, templateId) => app.log.warn({ err: error, templateId }, 'thumbnail not made (a later read makes it)'));
  app.decorate('thumbnails', thumbnails);
  app.addHook('onClose', () => thumbnails.idle());

  app.get(
    '/templates/all',
    {
      config: { auth: 'read' },
      schema: {
        operationId: 'listTemplates',
        summary: 'List all templates',
        tags,
        security: bearer,
        querystring: ListTemplatesQuery,
        response: { 200: Type.Array(TemplateSummary), ...errorResponses(400) },
      },
    },
    async (request) => listTemplates(deps, principalOf(request).account.id, request.query.sort ?? 'updatedAt', request.query.order ?? 'desc'),
  );

  app.get(
    '/templates/:templateId/elements',
    {
      config: { auth: 'read' },
      schema: {
        operationId: 'getTemplateElements',
        summary: 'Retrieve template elements',
        description:
          "Every named element with its properties (contract §2.2). Costs no credits. Texts report the size the renderer lays them out at, computed on a render worker: 503 when every worker is busy, 422 when a text's layout runs past the render time budget.",
        tags,
        security: bearer,
        params: TemplateIdParams,
        response: { 200: ElementsResult, ...errorResponses(404, 422, 503) },
      },
    },
    async (request) => ({ elements: await templateElements(deps, principalOf(request).account.id, request.params.templateId) }),
  );

  app.get(
    '/templates/:templateId/elements/basic',
    {
      config: { auth: 'read' },
      schema: {
        operationId: 'getTemplateElementValues',
        summary: 'Retrieve the editable value of each element',
        description: '`src` for images, `text` for text, `fill` for every other kind.',
        tags,
        security: bearer,
        params: TemplateIdParams,
        response: { 200: ElementsResult, ...errorResponses(404) },
      },
    },
    async (request) => ({ elements: listBasicElements((await getTemplate(deps, principalOf(request).account.id, request.params.templateId)).document) }),
  );

  app.get(
    '/templates/:templateId/elements/fields',
    {
      config: { auth: 'read' },
      schema: {
        operationId: 'getTemplateElementFields',
        summary: 'Describe what each element accepts',
        description:
          'For building a form: every named element with each property POST /image/generate accepts for it, its type (number with its range, colour, text, boolean, one of a list, font with the families this account may use, image URL) and the current value. Costs no credits.',
        tags,
        security: bearer,
        params: TemplateIdParams,
        response: { 200: OverrideFormResult, ...errorResponses(404) },
      },
    },
    async (request) => {
      const { account } = principalOf(request);
      const record = await getTemplate(deps, account.id, request.params.templateId);
      return { elements: overrideForm(record.document, await deps.fontFamilies(account.id)) };
    },
  );

  app.post(
    '/templates',
    {
      config: { auth: 'read' },
      schema: {
        operationId: 'createTemplate',
        summary: 'Create a template',
        description: "The template is Fabric's canvas.toJSON() (export with toObject(['name'])) plus width and height. It is validated on save.",
        tags,
        security: bearer,
        body: CreateTemplateBody,
        response: { 201: TemplateSummary, ...errorResponses(400, 413, 415) },
      },
    },
    async (request, reply) => {
      const { account } = principalOf(request);
      const record = await createTemplate(deps, account.id, request.body);
      thumbnails.schedule(account.id, record);
      return reply.code(201).header('Location', `/templates/${record.id}`).header('ETag', templateEtag(record.revision)).send(summarize(record));
    },
  );

  app.get(
    '/templates/:templateId',
    {
      config: { auth: 'read' },
      schema: {
        operationId: 'getTemplate',
        summary: 'Get a template document',
        description:
          'The ETag names this revision: send it back as If-Match with PUT to save only over what was read, or as If-None-Match to get a 304 while it is still the current one.',
        tags,
        security: bearer,
        params: TemplateIdParams,
        response: { 200: TemplateFull, 304: NOT_MODIFIED, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const record = await getTemplate(deps, principalOf(request).account.id, request.params.templateId);
      const etag = templateEtag(record.revision);
      reply.header('ETag', etag).header('Cache-Control', 'private, no-cache');
      if (ifNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return full(record);
    },
  );

  app.put(
    '/templates/:templateId',
    {
      config: { auth: 'read' },
      schema: {
        operationId: 'updateTemplate',
        summary: 'Update a template',
        description:
          'With `If-Match: <the ETag of GET /templates/{id}>` the save happens only if nobody saved the template since: otherwise 412 `template_changed` and nothing is saved, so two editors cannot silently overwrite each other. Without If-Match the save replaces whatever is there.',
        tags,
        security: bearer,
        params: TemplateIdParams,
        headers: Type.Object({ 'if-match': Type.Optional(Type.String({ maxLength: 1024, description: 'ETag(s) of the revision this change was made on' })) }),
        body: UpdateTemplateBody,
        response: { 200: TemplateFull, ...errorResponses(400, 404, 412, 413, 415) },
      },
    },
    async (request, reply) => {
      const { account } = principalOf(request);
      const previousKey = await thumbnails.currentKey(account.id, await getTemplate(deps, account.id, request.params.templateId));
      const record = await updateTemplate(deps, account.id, request.params.templateId, request.body, revisionsOfIfMatch(request.headers['if-match']));
      if (request.body.template !== undefined) thumbnails.schedule(account.id, record, previousKey);
      reply.header('ETag', templateEtag(record.revision));
      return full(record);
    },
  );

  app.get(
    '/templates/:templateId/thumbnail',
    {
      config: { auth: 'read' },
      schema: {
        operationId: 'getTemplateThumbnail',
        summary: 'Get a template thumbnail',
        description:
          `A WebP ${THUMBNAIL_WIDTH} px wide (or the template's width if smaller) of the saved version, made by the renderer on save; free. ` +
          'Add ?v=<updatedAt> to let the browser keep it: that URL changes whenever the template does. A template whose text draws with an uploaded font is remade when a face of that family is uploaded or deleted, and is always served no-cache (revalidate with its ETag), since its updatedAt stays the same.',
        tags,
        security: bearer,
        params: TemplateIdParams,
        querystring: Type.Object({ v: Type.Optional(Type.String({ maxLength: 64 })) }),
        response: { 200: fileResponse('The thumbnail', ['image/webp']), 304: NOT_MODIFIED, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const thumbnail = await thumbnails.read(principalOf(request).account.id, request.params.templateId);
      const etag = `"${thumbnail.key.slice(thumbnail.key.indexOf('/') + 1)}"`;
      // Only the signed-in browser may keep it (private); for ever when the URL names this version, unless it draws
      // an uploaded font: a font upload or delete changes the picture but not updatedAt, so the ETag must be asked.
      const cache = request.query.v === thumbnail.updatedAt && !thumbnail.accountFonts ? 'private, max-age=31536000, immutable' : 'private, no-cache';
      reply.header('ETag', etag).header('Cache-Control', cache);
      if (ifNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return reply.type('image/webp').send(thumbnail.data);
    },
  );

  app.delete(
    '/templates/:templateId',
    {
      config: { auth: 'read' },
      schema: {
        operationId: 'deleteTemplate',
        summary: 'Delete a template',
        tags,
        security: bearer,
        params: TemplateIdParams,
        response: { 204: Type.Null(), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const { account } = principalOf(request);
      const record = await getTemplate(deps, account.id, request.params.templateId);
      await deleteTemplate(deps, account.id, request.params.templateId);
      await thumbnails.forget(account.id, record);
      return reply.code(204).send(null);
    },
  );
}
