/**
 * The Scalar API reference at `routePrefix`, its plugin loaded only when the
 * first request for it arrives. The plugin's module is 4.4 MB of JavaScript
 * with non-Latin-1 characters, so V8 keeps its source as an 8.7 MB two-byte
 * string, and it holds the 8.6 MB browser bundle it serves as a second one:
 * 17.5 MB of the main thread's heap, and 20–25 MB of RSS, from start to exit
 * on a node whose /docs nobody opens (docs/decisions/0047).
 *
 * The plugin cannot be registered on the app after it has started, so it runs
 * in a Fastify instance of its own and each request is answered through that
 * instance's `inject`. The app's own hooks (security headers, the docs CSP,
 * logging) still apply, since the answer is sent by the app's route.
 */
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { FastifyApiReferenceOptions } from '@scalar/fastify-api-reference';

/** Set by the app's own reply, or meaningless once the answer is copied. */
const NOT_COPIED = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'date']);

export function lazyApiReference(app: FastifyInstance, options: FastifyApiReferenceOptions & { routePrefix: `/${string}` }): void {
  let docs: Promise<FastifyInstance> | undefined;
  const load = async (): Promise<FastifyInstance> => {
    const { default: scalar } = await import('@scalar/fastify-api-reference');
    const inner = Fastify();
    await inner.register(scalar, options);
    await inner.ready();
    return inner;
  };
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    docs ??= load().catch((error: unknown) => {
      // A failed load is tried again by the next request rather than remembered.
      docs = undefined;
      throw error;
    });
    const res = await (await docs).inject({ method: request.method === 'HEAD' ? 'HEAD' : 'GET', url: request.url, headers: { accept: request.headers.accept ?? '*/*' } });
    // A path the reference does not serve gets the app's own 404, as every other unknown path.
    if (res.statusCode === 404) return reply.callNotFound();
    for (const [name, value] of Object.entries(res.headers)) if (value !== undefined && !NOT_COPIED.has(name)) reply.header(name, value);
    return reply.code(res.statusCode).send(res.payload === '' ? undefined : res.payload);
  };
  app.route({ method: ['GET', 'HEAD'], url: options.routePrefix, schema: { hide: true }, handler });
  app.route({ method: ['GET', 'HEAD'], url: `${options.routePrefix}/*`, schema: { hide: true }, handler });
}
