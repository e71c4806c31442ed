import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import swagger from '@fastify/swagger';
import scalar from '@scalar/fastify-api-reference';
import { TypeBoxValidatorCompiler, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ApiError } from '../domain/errors.js';
import { randomBase62 } from '../domain/ids.js';
import { LIMITS } from '../domain/object-properties.js';
import { authenticate, type Principal } from '../services/authenticate.js';
import type { ServiceDeps } from '../services/service-deps.js';
import { ErrorBody } from './api-schemas.js';
import { sendError, toApiError, writeClientError } from './error-reply.js';
import { registerJsonBodyParser } from './json-body-parser.js';
import { rateLimitHeaders, type RateLimiter, type RateLimitPolicy } from './rate-limiter.js';
import { registerRoutes } from './routes.js';

export interface AppOptions {
  deps: ServiceDeps;
  rateLimiter: RateLimiter;
  limits: { readPerMinute: number; generatePerMinute: number };
  bodyLimitBytes: number;
  /** Readiness beyond the store's ping (e.g. render workers up). */
  ready?: () => Promise<void>;
  logger?: boolean | { level: string };
  /** Folder of the browser app; defaults to the checkout's web/. */
  webDir?: string;
}

export type App = FastifyInstance & { withTypeProvider<T>(): unknown };

/** Which limit a route counts against; routes without one need no API key. */
export type AuthPolicy = 'read' | 'generate';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthPolicy;
  }
  interface FastifyRequest {
    principal: Principal | null;
    startedAt: number;
  }
}

export async function buildApp(options: AppOptions) {
  const app = Fastify({
    logger: options.logger ?? false,
    // Errors raised before a route runs still answer in the catalog's shape.
    clientErrorHandler: (err, socket) => writeClientError(err, socket, `req_${randomBase62(16)}`),
    frameworkErrors: (error, request, reply) => sendError(request, reply, toApiError(error)),
    bodyLimit: options.bodyLimitBytes,
    genReqId: () => `req_${randomBase62(16)}`,
    // Request ids are ours: a client-sent header must not be able to forge log correlation.
    requestIdHeader: false,
    trustProxy: true,
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.setValidatorCompiler(TypeBoxValidatorCompiler);
  // Every body we accept is JSON; Fastify's built-in text/plain parser would turn a
  // form-encoded or plain body into a confusing validation error instead of a 415.
  app.removeContentTypeParser('text/plain');
  registerJsonBodyParser(app, LIMITS.jsonDepth);
  app.decorateRequest('principal', null);
  app.decorateRequest('startedAt', 0);

  const policies: Record<AuthPolicy, RateLimitPolicy> = {
    read: { name: 'read', limit: options.limits.readPerMinute, windowSeconds: 60 },
    generate: { name: 'generate', limit: options.limits.generatePerMinute, windowSeconds: 60 },
  };

  // Authentication runs before the body is read, so an anonymous client cannot make us parse 5 MiB.
  app.addHook('onRequest', async (request, reply) => {
    request.startedAt = performance.now();
    reply.header('Request-Id', request.id);
    const policyName = request.routeOptions.config?.auth;
    if (!policyName) return;
    const principal = await authenticate(options.deps, request.headers.authorization);
    if (!principal) {
      throw new ApiError('invalid_api_key', 'The API key is missing, malformed, unknown or revoked. Send it as "Authorization: Bearer imp_…".');
    }
    request.principal = principal;
    const policy = policies[policyName];
    const decision = await options.rateLimiter.hit(principal.key.id, policy);
    reply.headers(rateLimitHeaders(policy, decision));
    if (!decision.allowed) {
      throw new ApiError('rate_limited', `Rate limit of ${policy.limit} ${policy.name} requests per minute reached for this API key. Retry after ${decision.resetSeconds} s.`);
    }
  });

  app.setErrorHandler((error, request, reply) => {
    const apiError = toApiError(error as Error);
    if (apiError.statusCode >= 500) request.log.error({ err: error }, 'request failed');
    return sendError(request, reply, apiError);
  });

  const routeTable: Array<{ method: string; pattern: RegExp }> = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const pattern = new RegExp(`^${route.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z_]+/g, '[^/]+')}$`);
    for (const method of methods) routeTable.push({ method, pattern });
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    const allowed = [...new Set(routeTable.filter((r) => r.pattern.test(path)).map((r) => r.method))];
    if (allowed.length > 0) {
      reply.header('Allow', allowed.join(', '));
      return sendError(request, reply, new ApiError('method_not_allowed', `${request.method} is not allowed on ${path}. Allowed: ${allowed.join(', ')}.`));
    }
    return sendError(request, reply, new ApiError('not_found', `There is no endpoint ${request.method} ${path}. See /docs for the API reference.`));
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Imprint API',
        version: '1.0.0',
        description: 'Render images from Fabric.js design templates. Each generated image costs 1 credit.',
      },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'API key: imp_…' } } },
    },
    refResolver: { buildLocalReference: (json, _base, _fragment, i) => String(json.$id ?? `def-${i}`) },
  });
  app.addSchema(ErrorBody);
  await registerRoutes(app, options);
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  await app.register(scalar, { routePrefix: '/docs', configuration: { url: '/openapi.json', withDefaultFonts: false, title: 'Imprint API' } });
  return app;
}

export type ImprintApp = Awaited<ReturnType<typeof buildApp>>;

export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new Error('route requires config.auth');
  return request.principal;
}
