import Fastify, { type FastifyInstance } from 'fastify';

/** The paths Scalar's plugin serves when given the document's URL: a redirect, the page and its script. */
const PATHS = ['/docs', '/docs/', '/docs/js/scalar.js'];
/** What Scalar's answers carry that the client needs; the outer app sets the rest (security headers, length). */
const FORWARDED_HEADERS = ['content-type', 'location', 'cache-control'];

/**
 * The API reference at /docs, served by Scalar's Fastify plugin, which is
 * loaded on the first visit and not with the server: its module holds the
 * 4 MB browser bundle as one string literal, and parsing it was about 130 ms
 * of every start's CPU for a page most nodes never serve. The plugin runs in
 * a Fastify instance of its own, built then, and its three routes are
 * forwarded to it; the outer app's hooks (security headers, the /docs CSP)
 * apply to the answers as to any other.
 */
export function registerApiReferenceRoutes(app: FastifyInstance, configuration: Record<string, unknown>): void {
  let reference: Promise<FastifyInstance> | undefined;
  const load = async () => {
    const { default: scalar } = await import('@scalar/fastify-api-reference');
    const inner = Fastify();
    await inner.register(scalar, { routePrefix: '/docs', configuration });
    await inner.ready();
    return inner;
  };
  for (const url of PATHS) {
    app.get(url, { schema: { hide: true } }, async (request, reply) => {
      reference ??= load().catch((error) => {
        reference = undefined;
        throw error;
      });
      const answer = await (await reference).inject({ method: 'GET', url: request.url, headers: { host: request.headers.host ?? 'localhost' } });
      // The redirect has no body, so no type either (as when the plugin answered itself).
      const body = answer.payload === '' ? undefined : answer.payload;
      for (const name of FORWARDED_HEADERS) {
        const value = answer.headers[name];
        if (value !== undefined && (body !== undefined || name !== 'content-type')) reply.header(name, value);
      }
      return reply.code(answer.statusCode).send(body);
    });
  }
}
