import { Type } from '@sinclair/typebox';
import { GenerateResult } from './api-schemas.js';
import { WEBHOOK_ATTEMPTS_KEPT } from '../store/store.js';

/** Schemas of the async-job endpoints, kept apart from api-schemas.ts. */

export const JobAccepted = Type.Object({
  status: Type.Literal('queued'),
  jobId: Type.String(),
  statusURL: Type.String({ format: 'uri', description: 'GET it (with your key) for the outcome' }),
});

export const JobIdParams = Type.Object({ jobId: Type.String({ minLength: 1 }) });

const WebhookAttemptView = Type.Object({
  attempt: Type.Integer({ minimum: 1 }),
  at: Type.String({ format: 'date-time' }),
  statusCode: Type.Union([Type.Integer(), Type.Null()], { description: "The receiver's HTTP status; null when there was none" }),
  error: Type.Union([Type.String(), Type.Null()], { description: 'Why there was no status (timeout, connection failed, refused address)' }),
  durationMs: Type.Integer(),
});

export const JobView = Type.Object({
  jobId: Type.String(),
  status: Type.Union([Type.Literal('queued'), Type.Literal('running'), Type.Literal('succeeded'), Type.Literal('failed')]),
  statusURL: Type.String({ format: 'uri' }),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
  finishedAt: Type.Optional(Type.String({ format: 'date-time' })),
  result: Type.Optional(GenerateResult),
  error: Type.Optional(Type.Ref('Error')),
  webhook: Type.Optional(
    Type.Object({
      url: Type.String(),
      state: Type.Union([Type.Literal('waiting'), Type.Literal('pending'), Type.Literal('delivered'), Type.Literal('failed')], {
        description: 'waiting: the job has not finished; pending: an attempt is due (nextAttemptAt); delivered: a 2xx came back; failed: every retry failed',
      }),
      nextAttemptAt: Type.Optional(Type.String({ format: 'date-time' })),
      attempts: Type.Array(WebhookAttemptView, {
        maxItems: WEBHOOK_ATTEMPTS_KEPT,
        description: `The latest ${WEBHOOK_ATTEMPTS_KEPT} attempts, oldest first; earlier ones are dropped`,
      }),
    }),
  ),
});

export const WebhookSecretResult = Type.Object({
  secret: Type.String({ description: 'whsec_…: shown once. Verify webhooks with it (any Standard Webhooks library)' }),
  createdAt: Type.String({ format: 'date-time' }),
  previousSecretExpiresAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description: 'When the secret this one replaced stops signing (both sign until then); null on the first secret',
  }),
});
