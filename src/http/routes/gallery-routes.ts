import { GalleryResult, StarterIdParams } from '../api-schemas.js';
import type { ImprintApp } from '../app.js';
import { bearer, errorResponses, fileResponse } from '../routes.js';
import { ApiError } from '../../domain/errors.js';
import { bundledFontFamilies } from '../../render/fonts/font-registry.js';
import type { TemplateDocumentInput } from '../../domain/template-schema.js';
import type { ServiceDeps } from '../../services/service-deps.js';
import { loadStarters, type Starter, StarterPreviews, starterDirs } from '../../services/starter-gallery.js';
import { ifNoneMatch, NOT_MODIFIED } from '../conditional-get.js';

const tags = ['Templates'];

/**
 * Static paths under /templates: find-my-way matches a static segment before
 * a parameter, so /templates/gallery never reaches /templates/:templateId, and
 * no template can be shadowed because template ids always start with "tpl_".
 */
export function registerGalleryRoutes(app: ImprintApp, deps: ServiceDeps, dirs: readonly string[] = starterDirs()): void {
  // Read and validated on the first gallery request, not at start: checking every starter's
  // text and paints was about a sixth of the server's start-up CPU, for a page few calls open.
  let loaded: { starters: Starter[]; listing: Array<Starter & { template: TemplateDocumentInput; previewURL: string }> } | undefined;
  const gallery = () => {
    if (!loaded) {
      const starters = loadStarters(dirs, bundledFontFamilies());
      // Starters passed validation when loaded, so they have the schema's shape.
      const listing = starters.map((s) => ({ ...s, template: s.template as unknown as TemplateDocumentInput, previewURL: `templates/gallery/${s.id}/preview.png` }));
      loaded = { starters, listing };
    }
    return loaded;
  };
  const previews = new StarterPreviews(deps);

  app.get(
    '/templates/gallery',
    {
      config: { auth: 'read' },
      schema: {
        operationId: 'listStarterTemplates',
        summary: 'List the starter templates',
        description: 'Ready-made designs to start from. Copy one with POST /templates (name and template); it costs nothing.',
        tags,
        security: bearer,
        response: { 200: GalleryResult, ...errorResponses() },
      },
    },
    async (_request, reply) => {
      // The same for every caller and until the next deploy; private because the route needs a credential.
      reply.header('Cache-Control', 'private, max-age=300');
      return gallery().listing;
    },
  );

  app.get(
    '/templates/gallery/:starterId/preview.png',
    {
      config: { auth: 'read' },
      schema: {
        operationId: 'getStarterTemplatePreview',
        summary: 'Preview of a starter template',
        description: 'PNG drawn by the renderer, at most 480 px on its longer side.',
        tags,
        security: bearer,
        params: StarterIdParams,
        response: { 200: fileResponse('The preview image', ['image/png']), 304: NOT_MODIFIED, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const starter = gallery().starters.find((s) => s.id === request.params.starterId);
      if (!starter) throw new ApiError('not_found', `No starter template "${request.params.starterId}". GET /templates/gallery lists them.`);
      const { png, etag } = await previews.get(starter);
      reply.header('ETag', etag).header('Cache-Control', 'private, max-age=3600');
      if (ifNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return reply.type('image/png').send(png);
    },
  );
}
