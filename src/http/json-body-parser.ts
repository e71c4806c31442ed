import type { FastifyInstance } from 'fastify';
import { jsonNestingDepth } from '../domain/canonical-json.js';
import { ApiError } from '../domain/errors.js';

/**
 * Replaces Fastify's application/json parser with one that first measures the
 * nesting depth in a single linear pass and refuses anything deeper than
 * `maxDepth` with a 400, before a parsed tree exists. Deep values otherwise
 * reach every recursive walk downstream (validation, hashing, previews, the
 * renderer); ~5,000 levels overflowed the stack. Parsing itself stays
 * Fastify's own (secure-json-parse), so `__proto__` and `constructor.prototype`
 * keys are still refused as before.
 */
export function registerJsonBodyParser(app: FastifyInstance, maxDepth: number): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const encoding = request.headers['content-encoding'];
    if (encoding !== undefined && encoding.trim().toLowerCase() !== 'identity') {
      // Fastify would parse a compressed body as if it were plain text; say what is wrong instead.
      done(new ApiError('unsupported_media_type', 'Request bodies must not be compressed: send plain JSON without Content-Encoding.'), undefined);
      return;
    }
    const text = body as string;
    if (jsonNestingDepth(text, maxDepth) > maxDepth) {
      done(new ApiError('invalid_request', `The JSON body is nested more than ${maxDepth} levels deep.`), undefined);
      return;
    }
    parse(request, text, done);
  });
}
