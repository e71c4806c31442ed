import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { AssetIdParams, AssetsResult, AssetView, UsageQuery } from '../api-schemas.js';
import { principalOf, type ImprintApp } from '../app.js';
import { sendError, toApiError } from '../error-reply.js';
import { bearer, errorResponses, fileResponse, rawBody } from '../routes.js';
import { ApiError, megabytes } from '../../domain/errors.js';
import { ASSET_MEDIA_TYPES, deleteAsset, describeAsset, listAssets, readAsset, uploadAsset, type AssetLimits } from '../../services/manage-assets.js';
import type { ServiceDeps } from '../../services/service-deps.js';
import { ifNoneMatch, NOT_MODIFIED } from '../conditional-get.js';

const tags = ['Assets'];

/**
 * Uploaded images, private to the account: reading one needs the key or the
 * session like every other account route (an <img> in the same-origin editor
 * sends the cookie, and a same-origin image never taints the canvas). The
 * renderer never goes through these routes; it reads the blob directly.
 */
export async function registerAssetRoutes(app: ImprintApp, deps: ServiceDeps, limits: AssetLimits): Promise<void> {
  // Encapsulated: the raw-body parsers and the asset-sized body limit apply to POST /assets only.
  await app.register(async (scope) => {
    const assets = scope.withTypeProvider<TypeBoxTypeProvider>();
    // Any type arrives as bytes so the handler, not Fastify's JSON-only message, explains what to send.
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: limits.maxBytes }, (_request, body, done) => done(null, body));
    scope.setErrorHandler((error, request, reply) => {
      const apiError = toApiError(error as Error);
      if (apiError.statusCode >= 500) request.log.error({ err: error }, 'request failed');
      const tooLarge = apiError.code === 'payload_too_large' && !(error instanceof ApiError);
      return sendError(
        request,
        reply,
        tooLarge ? new ApiError('payload_too_large', `The file is larger than the ${megabytes(limits.maxBytes)} asset limit (ASSET_MAX_BYTES).`) : apiError,
      );
    });

    assets.post(
      '/assets',
      {
        config: { auth: 'read' },
        bodyLimit: limits.maxBytes,
        schema: {
          operationId: 'uploadAsset',
          summary: 'Upload an image asset',
          description:
            'Send the file as the raw body with its Content-Type (image/png, image/jpeg, image/webp or image/gif); the bytes must be of that type. SVG is refused: the editor imports SVG files as shapes. Uploading the same file again returns the same asset. Use its `url` as an image `src` in templates or in POST /image/generate: the renderer reads it from storage, never over HTTP.',
          tags,
          security: bearer,
          ...rawBody('The image file; its bytes must be of the type Content-Type names.', ASSET_MEDIA_TYPES),
          response: { 200: AssetView, 201: AssetView, ...errorResponses(400, 409, 413, 415) },
        },
      },
      async (request, reply) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const { asset, created } = await uploadAsset(deps, principalOf(request).account.id, request.headers['content-type'] ?? '', body, limits);
        return reply
          .code(created ? 201 : 200)
          .header('Location', `/assets/${asset.id}`)
          .send(describeAsset(deps, asset));
      },
    );
  });

  app.get(
    '/assets',
    {
      config: { auth: 'read' },
      schema: {
        operationId: 'listAssets',
        summary: "List the account's assets, newest first",
        description: "Page with `cursor` = the previous page's nextCursor.",
        tags,
        security: bearer,
        querystring: UsageQuery,
        response: { 200: AssetsResult, ...errorResponses(400) },
      },
    },
    async (request) => {
      const page = await listAssets(deps, principalOf(request).account.id, request.query.limit ?? 50, request.query.cursor ?? null);
      return { assets: page.items.map((asset) => describeAsset(deps, asset)), nextCursor: page.nextCursor };
    },
  );

  app.get(
    '/assets/:assetId',
    {
      config: { auth: 'read' },
      schema: {
        operationId: 'getAsset',
        summary: 'Download an asset',
        description: 'The stored bytes with their sniffed type. Needs the key or the session of the account that uploaded it.',
        tags,
        security: bearer,
        params: AssetIdParams,
        response: { 200: fileResponse('The image as uploaded', ASSET_MEDIA_TYPES), 304: NOT_MODIFIED, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const { asset, data } = await readAsset(deps, principalOf(request).account.id, request.params.assetId);
      const etag = `"${asset.id}"`;
      // private: the bytes belong to one account, so no shared cache may keep them; immutable: an id never changes content.
      reply
        .header('ETag', etag)
        .header('Cache-Control', 'private, max-age=31536000, immutable')
        // Never a document, whatever a browser makes of the bytes: no scripts, no plugins, its own origin.
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .header('Content-Disposition', `inline; filename="${asset.id}.${asset.blobKey.split('.').pop()}"`);
      if (ifNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return reply.type(asset.contentType).send(data);
    },
  );

  app.delete(
    '/assets/:assetId',
    {
      config: { auth: 'read' },
      schema: {
        operationId: 'deleteAsset',
        summary: 'Delete an asset',
        description: 'Refused with 409 asset_in_use while a template draws it; the message names the templates.',
        tags,
        security: bearer,
        params: AssetIdParams,
        response: { 204: Type.Null(), ...errorResponses(404, 409) },
      },
    },
    async (request, reply) => {
      await deleteAsset(deps, principalOf(request).account.id, request.params.assetId);
      return reply.code(204).send(null);
    },
  );
}
