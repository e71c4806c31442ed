import { Type } from '@sinclair/typebox';
import { AccountResult, ApiKeyView, CreateKeyBody, ImagesResult, KeyIdParams, UsageQuery, UsageResult } from '../api-schemas.js';
import { principalOf, type ImprintApp } from '../app.js';
import { bearer, errorResponses } from '../routes.js';
import { accountUsage, requireAccount } from '../../services/manage-accounts.js';
import { createApiKey, DEFAULT_MAX_API_KEYS, describeKey, listApiKeys, revokeApiKey } from '../../services/manage-api-keys.js';
import { imageHistory } from '../../services/image-history.js';
import type { ServiceDeps } from '../../services/service-deps.js';

const tags = ['Account'];

export function registerAccountRoutes(app: ImprintApp, deps: ServiceDeps, opts: { maxApiKeys?: number } = {}): void {
  app.get(
    '/account',
    {
      config: { auth: 'read' },
      schema: { operationId: 'getAccount', summary: 'Read the account and its credit balance', tags, security: bearer, response: { 200: AccountResult, ...errorResponses() } },
    },
    async (request) => {
      // Re-read rather than use the auth snapshot: the balance must be current.
      const account = await requireAccount(deps, principalOf(request).account.id);
      return { id: account.id, name: account.name, credits: account.credits };
    },
  );

  app.get(
    '/account/usage',
    {
      config: { auth: 'read' },
      schema: {
        operationId: 'listLedgerEntries',
        summary: 'The credit ledger, newest first',
        description: "Every grant, charge and refund. Page with `cursor` = the previous page's nextCursor.",
        tags,
        security: bearer,
        querystring: UsageQuery,
        response: { 200: UsageResult, ...errorResponses(400) },
      },
    },
    async (request) => {
      const page = await accountUsage(deps, principalOf(request).account.id, request.query.limit ?? 50, request.query.cursor ?? null);
      return {
        entries: page.items.map((e) => ({
          id: e.id,
          delta: e.delta,
          balanceAfter: e.balanceAfter,
          reason: e.reason,
          reference: e.reference,
          ...(e.state ? { state: e.state } : {}),
          createdAt: e.createdAt,
          ...(e.imageBlobKey ? { imageURL: `${deps.publicUrl}/${e.imageBlobKey}` } : {}),
          ...(e.refundedReference ? { refundOf: e.refundedReference } : {}),
        })),
        nextCursor: page.nextCursor,
      };
    },
  );

  app.get(
    '/account/images',
    {
      config: { auth: 'read' },
      schema: {
        operationId: 'listGeneratedImages',
        summary: 'Generated images, newest first',
        description:
          "The account's images with their template, request id and URL. Identical bytes are stored once, so a repeated render appears once. Page with `cursor` = the previous page's nextCursor.",
        tags,
        security: bearer,
        querystring: UsageQuery,
        response: { 200: ImagesResult, ...errorResponses(400) },
      },
    },
    async (request) => imageHistory(deps, principalOf(request).account.id, request.query.limit ?? 50, request.query.cursor ?? null),
  );

  app.get(
    '/account/keys',
    {
      config: { auth: 'read' },
      schema: { operationId: 'listApiKeys', summary: 'List API keys', tags, security: bearer, response: { 200: Type.Array(ApiKeyView), ...errorResponses() } },
    },
    async (request) => (await listApiKeys(deps, principalOf(request).account.id)).map(describeKey),
  );

  app.post(
    '/account/keys',
    {
      // Its own hourly window per account, on top of the read limits: keys are cheap to mint and each one is a credential to track.
      // The body is optional: clients written before key names POST nothing, which must keep working.
      config: { auth: 'read', accountLimit: 'keyCreate', optionalBody: true },
      schema: {
        operationId: 'createApiKey',
        summary: 'Create an API key',
        description:
          'The key is in the response once; only its hash is stored. Creation is limited per account per hour (RATE_LIMIT_KEY_CREATE) and an account holds at most MAX_API_KEYS active keys (409 too_many_api_keys: revoke one first).',
        tags,
        security: bearer,
        body: CreateKeyBody,
        response: { 201: Type.Intersect([ApiKeyView, Type.Object({ key: Type.String() })]), ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      const issued = await createApiKey(deps, principalOf(request).account.id, { maxActiveKeys: opts.maxApiKeys ?? DEFAULT_MAX_API_KEYS, name: request.body.name ?? null });
      return reply.code(201).send({ ...describeKey(issued.record), key: issued.plaintext });
    },
  );

  app.delete(
    '/account/keys/:keyId',
    {
      config: { auth: 'read' },
      schema: {
        operationId: 'revokeApiKey',
        summary: 'Revoke an API key (immediate)',
        tags,
        security: bearer,
        params: KeyIdParams,
        response: { 204: Type.Null(), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      await revokeApiKey(deps, principalOf(request).account.id, request.params.keyId);
      return reply.code(204).send(null);
    },
  );
}
