import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../domain/errors.js';

/** Content types whose bytes are text we decode: JSON bodies and batch sheets. */
const TEXT_TYPES = new Set(['application/json', 'text/csv']);
const UTF8_NAMES = new Set(['utf-8', 'utf8', 'us-ascii']);

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * Every parser reads a body's bytes as they arrive: JSON and CSV as UTF-8, fonts and images as the
 * file itself. Sent compressed, a font was refused as "not a TTF, OTF, WOFF or WOFF2 font", an
 * image as "not a PNG, JPEG, WebP or GIF", which sends the user looking at a file that is fine. A
 * text body in another charset got "not valid JSON" at some position, or garbled column names. Both
 * are refused up front, saying what to send instead, on every route at once.
 */
export function registerBodyEncodingCheck(app: FastifyInstance): void {
  app.addHook('preParsing', async (request, _reply, payload) => {
    if (!hasBody(request)) return payload;
    const encoding = request.headers['content-encoding']?.trim().toLowerCase();
    if (encoding !== undefined && encoding !== '' && encoding !== 'identity') {
      throw new ApiError('unsupported_media_type', `Request bodies must not be compressed (Content-Encoding: ${encoding.slice(0, 40)}): send the body as it is.`);
    }
    const [type, ...params] = (request.headers['content-type'] ?? '').split(';').map((part) => part.trim().toLowerCase());
    if (!TEXT_TYPES.has(type)) return payload;
    const charset = params
      .find((p) => p.startsWith('charset='))
      ?.slice('charset='.length)
      .replace(/^"|"$/g, '');
    if (charset !== undefined && !UTF8_NAMES.has(charset)) {
      throw new ApiError('unsupported_media_type', `Bodies of type ${type} are read as UTF-8, and this one says charset=${charset.slice(0, 40)}. Send it as UTF-8.`);
    }
    return payload;
  });
}
