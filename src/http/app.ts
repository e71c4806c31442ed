import { createHash } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance, type FastifyRequest } from 'fastify';
import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ApiError } from '../domain/errors.js';
import { randomBase62 } from '../domain/ids.js';
import { LIMITS } from '../domain/object-properties.js';
import { lazyApiReference } from './lazy-api-reference.js';
import { createAuthContext, type AuthContext, type AuthSettings, type SignInThrottleFactory } from '../services/auth-context.js';
import { authenticate, type Principal } from '../services/authenticate.js';
import { resolveSession } from '../services/manage-sessions.js';
import type { AssetLimits } from '../services/manage-assets.js';
import type { ServiceDeps } from '../services/service-deps.js';
import { ErrorBody } from './api-schemas.js';
import { Drain } from './drain.js';
import { sendError, toApiError, writeClientError, writeExpectationFailed } from './error-reply.js';
import { registerBodyEncodingCheck } from './body-encoding-check.js';
import { registerJsonBodyParser } from './json-body-parser.js';
import { finishOpenapi } from './openapi-document.js';
import { countRejections, type PrometheusMetrics } from './prometheus-metrics.js';
import { bindingIndex, rateLimitHeaders, type RateLimitCheck, type RateLimiter, type RateLimitPolicy } from './rate-limiter.js';
import { registerRoutes } from './routes.js';
import { registerMetricsRoutes } from './routes/metrics-routes.js';
import { LazySchemaCompilers } from './lazy-schema-compilers.js';
import { schemaValidator } from './schema-validator.js';
import { SAFE_METHODS, SessionCookies } from './session-cookie.js';

export interface AppOptions {
  deps: ServiceDeps;
  rateLimiter: RateLimiter;
  /** Per API key; the account* limits apply to all of an account's keys together and default to the per-key ones. */
  limits: {
    readPerMinute: number;
    generatePerMinute: number;
    accountReadPerMinute?: number;
    accountGeneratePerMinute?: number;
    keyCreatePerHour?: number;
    fontUploadsPerHour?: number;
    /** Active keys an account may hold when it creates one through the API. */
    maxApiKeysPerAccount?: number;
    /** Per client address: sign-ups per hour (each one is a new account with free credits), sign-in and reset attempts per minute. */
    signupPerHour?: number;
    signInPerMinute?: number;
    /** Per client address: password changes per hour (each runs scrypt twice, on the queue every sign-in waits in). */
    passwordChangesPerHour?: number;
    /** Free previews (POST /image/preview) per account: a per-minute rate and a 24 h cap. */
    previewPerMinute?: number;
    previewDailyCap?: number;
    /** Signed-URL renders (cache misses) per minute per URL key and per client address. */
    signedUrlKeyPerMinute?: number;
    signedUrlIpPerMinute?: number;
  };
  /** Fastify's trustProxy: false (default) ignores X-Forwarded-For for request.ip and the logs. */
  trustProxy?: false | number | string[];
  bodyLimitBytes: number;
  /** Readiness beyond the store's ping (e.g. render workers up). */
  ready?: () => Promise<void>;
  logger?: boolean | { level: string };
  /** Folder of the browser app; defaults to the checkout's web/. */
  webDir?: string;
  /** SIGNUP, SIGNUP_CREDITS and session lifetimes; DEFAULT_AUTH_SETTINGS when absent. */
  auth?: AuthSettings;
  /** Where failed sign-ins are counted; in this process's memory when absent. */
  signInThrottles?: SignInThrottleFactory;
  /** ASSET_MAX_BYTES, ASSET_QUOTA_MB and the pixel cap; DEFAULT_ASSET_LIMITS where absent. */
  assets?: Partial<AssetLimits>;
  /** Serves GET /metrics and counts requests; main.ts passes the same object as deps.metrics. */
  metrics?: PrometheusMetrics;
  /** METRICS_TOKEN: the Bearer token /metrics requires; unset = loopback clients only. */
  metricsToken?: string;
}

/** What the /auth routes share with the onRequest hook. */
export interface AuthRuntime {
  context: AuthContext;
  cookies: SessionCookies;
}

// biome-ignore lint/correctness/noUnusedVariables: T mirrors Fastify's generic signature, so a typed instance stays assignable
export type App = FastifyInstance & { withTypeProvider<T>(): unknown };

/** Which limit a route counts against; routes without one need no API key. */
export type AuthPolicy = 'read' | 'generate';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthPolicy;
    /** An extra, per-account limit on top of `auth`'s (e.g. key creation). */
    accountLimit?: 'keyCreate' | 'fontUpload';
    /** The body may be left out, or sent empty with a JSON Content-Type: it is then validated as `{}` (json-body-parser). */
    optionalBody?: true;
  }
  interface FastifyInstance {
    /** Graceful shutdown: drain.start() on SIGTERM, then await drain.idle(grace) before close(). */
    drain: Drain;
    /** The routes' validators and serializers, each compiled on its first use or by `compile`/`compileAll`. */
    schemaCompilers: LazySchemaCompilers;
  }
  interface FastifyRequest {
    principal: Principal | null;
    startedAt: number;
  }
}

/** Compiled before the app is ready, whatever else waits for first use: the route a node's first real requests take. */
const FIRST_REQUEST_ROUTES = ['POST /image/generate'];

export async function buildApp(given: AppOptions) {
  // Every route's limiter counts its refusals, whichever route it guards.
  const options = given.metrics ? { ...given, rateLimiter: countRejections(given.rateLimiter, given.metrics) } : given;
  const schemaCompilers = new LazySchemaCompilers();
  const app = Fastify({
    logger: options.logger ?? false,
    schemaController: { compilersFactory: { buildSerializer: schemaCompilers.serializerFactory } },
    // One line per request (below) instead of Fastify's two: pino writes each
    // line synchronously, and the second line was ~0.8 ms of a generate's
    // event-loop time under load (docs/decisions/0043).
    logController: new LogController({ disableRequestLogging: true }),
    // Errors raised before a route runs still answer in the catalog's shape.
    clientErrorHandler: (err, socket) => writeClientError(err, socket, `req_${randomBase62(16)}`),
    frameworkErrors: (error, request, reply) => sendError(request, reply, toApiError(error, options.bodyLimitBytes)),
    bodyLimit: options.bodyLimitBytes,
    genReqId: () => `req_${randomBase62(16)}`,
    // Request ids are ours: a client-sent header must not be able to forge log correlation.
    requestIdHeader: false,
    trustProxy: trustProxyOption(options.trustProxy),
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.server.on('checkExpectation', (req, res) => writeExpectationFailed(req, res, `req_${randomBase62(16)}`));
  app.setValidatorCompiler(schemaCompilers.validator(schemaValidator));
  app.decorate('schemaCompilers', schemaCompilers);
  app.addHook('onReady', async () => schemaCompilers.compile(FIRST_REQUEST_ROUTES));
  // Every body we accept is JSON; Fastify's built-in text/plain parser would turn a
  // form-encoded or plain body into a confusing validation error instead of a 415.
  app.removeContentTypeParser('text/plain');
  registerBodyEncodingCheck(app);
  registerJsonBodyParser(app, LIMITS.jsonDepth);
  app.decorateRequest('principal', null);
  app.decorateRequest('startedAt', 0);
  const auth: AuthRuntime = {
    context: createAuthContext(options.auth, () => Date.parse(options.deps.now()), options.signInThrottles),
    cookies: new SessionCookies(options.deps.publicUrl),
  };

  const policies: Record<AuthPolicy, RateLimitPolicy> = {
    read: { name: 'read', limit: options.limits.readPerMinute, windowSeconds: 60 },
    generate: { name: 'generate', limit: options.limits.generatePerMinute, windowSeconds: 60 },
  };
  // Separate names from the per-key ones: the header tells the client which window binds.
  const accountPolicies: Record<AuthPolicy, RateLimitPolicy> = {
    read: { name: 'account-read', limit: options.limits.accountReadPerMinute ?? options.limits.readPerMinute, windowSeconds: 60 },
    generate: { name: 'account-generate', limit: options.limits.accountGeneratePerMinute ?? options.limits.generatePerMinute, windowSeconds: 60 },
  };
  const extraPolicies = {
    keyCreate: { name: 'key-create', limit: options.limits.keyCreatePerHour ?? 10, windowSeconds: 3600 },
    // An uploaded file stays in the process's font collection until the process exits: Skia's font
    // removal keeps the bytes (docs/decisions/0065), so the uploads are what bounds that memory.
    fontUpload: { name: 'font-upload', limit: options.limits.fontUploadsPerHour ?? 20, windowSeconds: 3600 },
  } satisfies Record<string, RateLimitPolicy>;
  const DOCS_PATH = /^\/docs(\/|$)/;
  const drain = new Drain();
  app.decorate('drain', drain);
  // Liveness stays 200 (the process is fine, killing it would cut the renders short); readiness answers 503 itself.
  drain.register(app, new Set(['/healthz', '/readyz']));

  // Authentication runs before the body is read, so an anonymous client cannot make us parse 5 MiB.
  app.addHook('onRequest', async (request, reply) => {
    request.startedAt = performance.now();
    reply.header('Request-Id', request.id);
    // Every answer, errors and images included: a browser must never guess a type we did not send.
    reply.header('X-Content-Type-Options', 'nosniff');
    if (DOCS_PATH.test(request.url)) reply.header('X-Frame-Options', 'DENY').header('Referrer-Policy', 'no-referrer');
    const policyName = request.routeOptions.config?.auth;
    if (!policyName) return;
    // Either credential opens the same routes. An Authorization header always means an API key, exactly as
    // before sessions existed, and needs no CSRF token: a cross-site page cannot make the browser send one.
    // Without it, a session cookie signs the browser in, and then every write must also pass the Origin and
    // X-CSRF-Token checks, because the browser attaches cookies to requests that other sites start.
    const sessionToken = request.headers.authorization === undefined ? auth.cookies.read(request) : null;
    let principal: Principal | null;
    if (sessionToken === null) {
      principal = await authenticate(options.deps, request.headers.authorization);
    } else {
      const signedIn = await resolveSession(options.deps, auth.context, sessionToken);
      if (!signedIn) throw new ApiError('not_signed_in', 'The session has ended (signed out, expired or idle too long). Sign in again.');
      if (!SAFE_METHODS.has(request.method)) auth.cookies.checkWrite(request, signedIn.session.csrfToken);
      principal = { account: signedIn.account, key: null, session: signedIn };
    }
    if (!principal) {
      throw new ApiError('invalid_api_key', 'The API key is missing, malformed, unknown or revoked. Send it as "Authorization: Bearer imp_…", or sign in to the web app.');
    }
    request.principal = principal;
    // A session counts against the same per-key and per-account windows as a key does, as if it were one more key.
    const checks: RateLimitCheck[] = [
      { subject: principal.key?.id ?? `user:${principal.session!.user.id}`, policy: policies[policyName] },
      { subject: principal.account.id, policy: accountPolicies[policyName] },
    ];
    const extra = request.routeOptions.config?.accountLimit;
    if (extra) checks.push({ subject: principal.account.id, policy: extraPolicies[extra] });
    const decisions = await options.rateLimiter.hitAll(checks);
    const binding = bindingIndex(decisions);
    const { policy } = checks[binding];
    const decision = decisions[binding];
    reply.headers(rateLimitHeaders(policy, decision));
    if (!decision.allowed) {
      const scope = binding === 0 ? (principal.key ? 'this API key' : 'this signed-in user') : 'this account (all its keys together)';
      const per = policy.windowSeconds === 3600 ? 'hour' : 'minute';
      throw new ApiError('rate_limited', `Rate limit of ${policy.limit} ${policy.name} requests per ${per} reached for ${scope}. Retry after ${decision.resetSeconds} s.`);
    }
  });

  const { metrics } = options;
  if (options.logger) {
    app.addHook('onResponse', async (request, reply) => {
      request.log.info({ req: { method: request.method, url: request.url }, res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime }, 'request completed');
    });
    // A client that hangs up before the answer gets no "request completed" line, yet its render may still
    // finish and be charged (the image is kept and listed): the log must show that the request was there.
    // (Fastify's onRequestAbort fires only while the body is still arriving.)
    app.addHook('onRequest', async (request, reply) => {
      reply.raw.once('close', () => {
        if (reply.raw.writableFinished) return;
        request.log.info({ req: { method: request.method, url: request.url }, responseTime: reply.elapsedTime }, 'client closed the connection before the answer');
      });
    });
  }
  if (metrics) {
    // The route pattern, never the URL: label values stay bounded whatever clients request.
    app.addHook('onResponse', async (request, reply) => metrics.httpRequest(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000));
  }

  app.setErrorHandler((error, request, reply) => {
    const apiError = toApiError(error as Error, options.bodyLimitBytes);
    // A designed 503 (workers busy, draining, still warming up: "retry shortly") is not a fault. The request's own
    // log line records it, and a stack trace per refused request would flood the log, and cost CPU, exactly when
    // the node is overloaded or starting.
    const designedRetry = error instanceof ApiError && error.code === 'service_unavailable';
    if (apiError.statusCode >= 500 && !designedRetry) request.log.error({ err: error }, 'request failed');
    // A retry caused by a dependency (the image storage) names that dependency's failure, once per request.
    else if (designedRetry && error.cause) request.log.warn({ err: error.cause }, 'a dependency failed; answered 503');
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
        description:
          'Render images from Fabric.js design templates. Each generated image costs 1 credit; a failed request costs nothing. ' +
          'Numbers and booleans in a JSON body may also be sent as strings ("60", "0.5", "true"), as no-code tools send them. ' +
          'Errors are JSON with a stable `code` (see the README for every code and its status).',
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', description: 'API key: imp_…' },
          sessionCookie: {
            type: 'apiKey',
            in: 'cookie',
            name: auth.cookies.name,
            description: "The web app's session (POST /auth/signin); writes also need X-CSRF-Token from GET /auth/session and an Origin of PUBLIC_URL",
          },
        },
      },
    },
    refResolver: { buildLocalReference: (json, _base, _fragment, i) => String(json.$id ?? `def-${i}`) },
    transformObject: (document) => finishOpenapi('openapiObject' in document ? document.openapiObject : document.swaggerObject, { publicUrl: options.deps.publicUrl }),
  });
  app.addSchema(ErrorBody);
  await registerRoutes(app, options, auth);
  if (metrics) registerMetricsRoutes(app, metrics, options.metricsToken);
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  // No proxy: "try it" calls PUBLIC_URL (the document's server) straight from the browser, and the key never leaves for a third party.
  lazyApiReference(app, { routePrefix: '/docs', configuration: { url: '/openapi.json', withDefaultFonts: false, title: 'Imprint API', proxyUrl: '' } });
  // An answer sent before the request's body was read (an unknown route, a body on a
  // GET, an early refusal) must still reach the client. Closing a socket with unread
  // bytes makes the kernel reset the connection, and a reset can discard the answer
  // the client had not read yet. So a body up to the limit is read and dropped first.
  app.addHook('onSend', async (request, _reply, payload) => {
    await drainUnreadBody(request.raw, options.bodyLimitBytes);
    return payload;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (DOCS_PATH.test(request.url) && typeof payload === 'string' && String(reply.getHeader('content-type')).startsWith('text/html')) {
      reply.header('Content-Security-Policy', docsCsp(payload, options.deps.publicUrl));
    }
    return payload;
  });
  return app;
}

export type ImprintApp = Awaited<ReturnType<typeof buildApp>>;

/** Reads and discards what is left of a request body of a declared length within `limit`, for at most 5 s. */
function drainUnreadBody(raw: FastifyRequest['raw'], limit: number): Promise<void> {
  const length = Number(raw.headers['content-length']);
  if (raw.complete || raw.readableEnded || !(length > 0 && length <= limit)) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, 5000);
    raw.once('end', done);
    raw.once('close', done);
    raw.once('error', done);
    raw.resume();
  });
}

export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new Error('route requires config.auth');
  return request.principal;
}

/**
 * /docs shares the origin of the web app, whose signed-in pages can mint API
 * keys, so it gets its own lock-down. Scalar needs: its bundle (self),
 * the one inline bootstrap script (allowed by hash, computed from the page
 * itself so a plugin upgrade cannot silently break it), inline styles (its Vue
 * components set style attributes and inject <style>), the spec fetch and
 * "try it" requests to this server (self, and PUBLIC_URL, the document's
 * server, when the page was opened under another name), and data: images/fonts.
 * Nothing external: the reference must work offline.
 */
function docsCsp(html: string, publicUrl: string): string {
  const hashes = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => `'sha256-${createHash('sha256').update(match[1], 'utf8').digest('base64')}'`,
  );
  return [
    "default-src 'none'",
    `script-src 'self' ${hashes.join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self' ${new URL(publicUrl).origin}`,
    "base-uri 'none'",
    "form-action 'none'",
    "object-src 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Fastify's own numeric trustProxy trusts nothing in this version (it cannot
 * check the peer), so a hop count is spelled out as proxy-addr's hop rule: the
 * socket peer is hop 0, each X-Forwarded-For entry from the right one more.
 */
function trustProxyOption(value: false | number | string[] | undefined): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value === 'number') return (_address, hop) => hop < value;
  return value ?? false;
}
