import { Type } from '@sinclair/typebox';
import { principalOf, type AppOptions, type ImprintApp } from '../app.js';
import { NOT_MODIFIED } from '../conditional-get.js';
import { bindingIndex, rateLimitHeaders, type RateLimitPolicy } from '../rate-limiter.js';
import { KeyName } from '../api-schemas.js';
import { bearer, errorResponses, fileResponse } from '../routes.js';
import { IMMUTABLE, sendImage } from './image-routes.js';
import { ApiError } from '../../domain/errors.js';
import { createUrlKey, describeUrlKey, listUrlKeys, revokeUrlKey, signUrl } from '../../services/manage-url-keys.js';
import { serveSignedUrl } from '../../services/serve-signed-url.js';

/** Default renders per minute through one URL key (the generate limit per API key) and from one client address. */
export const DEFAULT_SIGNED_URL_KEY_PER_MINUTE = 600;
export const DEFAULT_SIGNED_URL_IP_PER_MINUTE = 120;
/** Without `rev` the template may be edited, so caches keep the answer briefly and revalidate with the ETag. */
export const UNPINNED_MAX_AGE_S = 60;

const tags = ['Signed URLs'];

const UrlKeyView = Type.Object({
  id: Type.String({ description: 'uk_…, the `key` parameter of signed URLs' }),
  name: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
  revokedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});

const SignUrlBody = Type.Object(
  {
    keyId: Type.String({ description: 'The URL key to sign with (uk_…)' }),
    templateId: Type.String(),
    format: Type.Optional(Type.Union([Type.Literal('png'), Type.Literal('jpeg'), Type.Literal('webp')], { default: 'png' })),
    elements: Type.Optional(
      Type.Record(Type.String(), Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean()])), {
        description: 'The same changes as POST /image/generate; each value goes into the URL as text',
      }),
    ),
    exp: Type.Optional(Type.Integer({ minimum: 0, description: 'Unix seconds after which the URL answers 410' })),
    rev: Type.Optional(Type.Integer({ minimum: 1, description: 'Pin this template revision' })),
  },
  { additionalProperties: false },
);

export function registerSignedUrlRoutes(app: ImprintApp, options: AppOptions): void {
  const { deps } = options;
  const perKey: RateLimitPolicy = { name: 'signed-url-key', limit: options.limits.signedUrlKeyPerMinute ?? DEFAULT_SIGNED_URL_KEY_PER_MINUTE, windowSeconds: 60 };
  const perIp: RateLimitPolicy = { name: 'signed-url-ip', limit: options.limits.signedUrlIpPerMinute ?? DEFAULT_SIGNED_URL_IP_PER_MINUTE, windowSeconds: 60 };

  app.get(
    '/u/:file',
    {
      schema: {
        operationId: 'getSignedImage',
        summary: 'A signed image URL',
        description:
          'GET /u/{templateId}.{png|jpg|webp}?{element}.{property}={value}&…&key={urlKeyId}&sig={signature}, with optional exp (unix seconds; 410 after it) and rev (pin a template revision). ' +
          'sig = base64url (unpadded) HMAC-SHA256 of "{path}?{every parameter but sig, RFC 3986-encoded, sorted by name then value, joined with &}" under the URL key secret. ' +
          `The first request renders and charges 1 credit; the same content is then served free. Renders are limited to ${perKey.limit} a minute per URL key and ${perIp.limit} per client address.`,
        tags,
        params: Type.Object({ file: Type.String({ description: '{templateId}.{png|jpg|webp}' }) }),
        response: {
          200: fileResponse('The image: immutable for a year with rev, revalidated (ETag) after a minute without', ['image/png', 'image/jpeg', 'image/webp']),
          304: NOT_MODIFIED,
          ...errorResponses(400, 402, 404, 410, 422, 503),
        },
      },
    },
    async (request, reply) => {
      const match = /^(.+)\.([A-Za-z0-9]+)$/.exec(request.params.file);
      if (!match) throw new ApiError('not_found', `There is no signed image at ${request.url.split('?')[0]}: the path is /u/{templateId}.{png|jpg|webp}.`);
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
      const served = await serveSignedUrl(
        deps,
        { templateId: match[1], extension: match[2], params: [...new URLSearchParams(query)], requestId: request.id, startedAt: request.startedAt },
        async (keyId) => {
          const decisions = await options.rateLimiter.hitAll([
            { subject: keyId, policy: perKey },
            { subject: request.ip, policy: perIp },
          ]);
          const binding = bindingIndex(decisions);
          const policy = binding === 0 ? perKey : perIp;
          if (!decisions[binding].allowed) {
            const scope = binding === 0 ? 'this URL key' : 'this client address';
            throw new ApiError(
              'rate_limited',
              `Rate limit of ${policy.limit} signed-URL renders per minute reached for ${scope}. Retry after ${decisions[binding].resetSeconds} s; images already rendered are still served.`,
              {
                headers: rateLimitHeaders(policy, decisions[binding]),
              },
            );
          }
        },
      );
      // Caches must not keep an answer past the URL's own end.
      const left = served.expiresAt === null ? Number.POSITIVE_INFINITY : Math.max(0, served.expiresAt - Math.floor(Date.parse(deps.now()) / 1000));
      const cacheControl = served.pinned
        ? left === Number.POSITIVE_INFINITY
          ? IMMUTABLE
          : `public, max-age=${Math.min(31_536_000, left)}, immutable`
        : `public, max-age=${Math.min(UNPINNED_MAX_AGE_S, left)}`;
      return sendImage(deps, request, reply, served.image, cacheControl);
    },
  );

  app.get(
    '/account/url-keys',
    {
      config: { auth: 'read' },
      schema: { operationId: 'listUrlKeys', summary: 'List URL keys', tags, security: bearer, response: { 200: Type.Array(UrlKeyView), ...errorResponses() } },
    },
    async (request) => (await listUrlKeys(deps, principalOf(request).account.id)).map(describeUrlKey),
  );

  app.post(
    '/account/url-keys',
    {
      // The same hourly window as API keys: each is a credential to track.
      config: { auth: 'read', accountLimit: 'keyCreate', optionalBody: true },
      schema: {
        operationId: 'createUrlKey',
        summary: 'Create a URL key',
        description:
          'A key for signing image URLs: {id, secret}. The secret is in this response once; it is not an API key and opens nothing else. ' +
          'At most 20 active URL keys per account (409 too_many_url_keys).',
        tags,
        security: bearer,
        body: Type.Object({ name: Type.Optional(KeyName) }, { additionalProperties: false }),
        response: { 201: Type.Intersect([UrlKeyView, Type.Object({ secret: Type.String() })]), ...errorResponses(400, 409) },
      },
    },
    async (request, reply) => {
      const issued = await createUrlKey(deps, principalOf(request).account.id, request.body.name ?? null);
      return reply.code(201).send({ ...describeUrlKey(issued.record), secret: issued.secret });
    },
  );

  app.delete(
    '/account/url-keys/:keyId',
    {
      config: { auth: 'read' },
      schema: {
        operationId: 'revokeUrlKey',
        summary: 'Revoke a URL key (immediate)',
        description: 'Every URL signed with it answers 401 from the next request on.',
        tags,
        security: bearer,
        params: Type.Object({ keyId: Type.String({ maxLength: 100 }) }),
        response: { 204: Type.Null(), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      await revokeUrlKey(deps, principalOf(request).account.id, request.params.keyId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/account/signed-urls',
    {
      config: { auth: 'read' },
      schema: {
        operationId: 'signImageUrl',
        summary: 'Sign an image URL',
        description:
          'Builds the signed URL for a template and changes with one of your URL keys, checking the changes as a render would. Free: nothing is rendered until the URL is opened.',
        tags,
        security: bearer,
        body: SignUrlBody,
        response: { 200: Type.Object({ url: Type.String({ format: 'uri' }) }), ...errorResponses(400, 404) },
      },
    },
    async (request) => signUrl(deps, principalOf(request).account, request.body),
  );
}
