import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ImprintApp } from '../app.js';
import type { ImageRecord } from '../../store/store.js';
import { fileResponse } from '../routes.js';
import { ApiError } from '../../domain/errors.js';
import type { ServiceDeps } from '../../services/service-deps.js';
import { ifNoneMatch, NOT_MODIFIED } from '../conditional-get.js';

const CONTENT_TYPES: Record<string, string> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp', pdf: 'application/pdf' };
const EXTENSIONS: Record<string, string> = { png: 'png', jpeg: 'jpg', webp: 'webp', pdf: 'pdf' };

/**
 * Image URLs need no key, so they can go straight into an <img>, a Slack
 * message or a Zapier step. They are safe to share because ids hash the
 * account with the content (160 bits): unguessable without both, never shared
 * between accounts, and immutable, so caches may keep them forever.
 */
export function registerImageRoutes(app: ImprintApp, deps: ServiceDeps): void {
  app.get(
    '/images/:file',
    {
      schema: {
        operationId: 'getImage',
        summary: 'Download a generated image or PDF',
        tags: ['Images'],
        params: Type.Object({
          file: Type.String({ description: 'The file name from an imageURL: 40 hex digits and the extension', examples: ['5f0c1e8a9b7d4c3e2a1f0e9d8c7b6a5f4e3d2c1b.png'] }),
        }),
        response: {
          200: fileResponse('The image (or PDF), cacheable forever (its URL hashes its bytes)', Object.values(CONTENT_TYPES)),
          304: NOT_MODIFIED,
          404: Type.Ref('Error'),
        },
      },
    },
    async (request, reply) => {
      const match = /^([0-9a-f]{40})\.(png|jpg|webp|pdf)$/.exec(request.params.file);
      const image = match ? await deps.store.getImage(match[1]) : null;
      if (!match || !image || EXTENSIONS[image.format] !== match[2]) throw notFound();
      return sendImage(deps, request, reply, image, IMMUTABLE);
    },
  );
}

/** An image id hashes its pixels, so the bytes behind its URL never change. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Answers with a stored image, or 304 when If-None-Match names it. The ETag is
 * the image id: the same content is the same tag, whatever URL served it.
 */
export async function sendImage(deps: Pick<ServiceDeps, 'blobs'>, request: FastifyRequest, reply: FastifyReply, image: ImageRecord, cacheControl: string): Promise<FastifyReply> {
  // Check the blob before answering a conditional request: a 304 must mean
  // exactly what a 200 would (the image is there), never just "the row exists".
  // `exists` rather than `get`, so a 304 moves no image bytes out of S3.
  const etag = `"${image.id}"`;
  // Only on answers that are the image: an error must never be cached as one.
  const cacheable = () => reply.header('ETag', etag).header('Cache-Control', cacheControl);
  if (ifNoneMatch(request.headers['if-none-match'], etag)) {
    if (!(await deps.blobs.exists(image.blobKey))) throw notFound();
    return cacheable().code(304).send();
  }
  // Streamed, not read whole: the bytes of one image times the downloads under way is what a read-all costs,
  // and image URLs need no key (40 concurrent GETs of one 93 MB PDF took a server from 0.2 to 3.8 GB).
  const file = await deps.blobs.stream(image.blobKey);
  if (!file) throw notFound();
  return cacheable()
    .type(CONTENT_TYPES[image.format] ?? 'application/octet-stream')
    .header('Content-Length', file.length)
    .send(file.body);
}

function notFound(): ApiError {
  return new ApiError('image_not_found', 'No image at this URL. Image URLs come from POST /image/generate.');
}
