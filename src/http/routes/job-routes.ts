import { JobIdParams, JobView, WebhookSecretResult } from '../job-schemas.js';
import { principalOf, type ImprintApp } from '../app.js';
import { bearer, errorResponses } from '../routes.js';
import { readJob, redeliverJobWebhook } from '../../services/read-job.js';
import { rotateWebhookSecret } from '../../services/rotate-webhook-secret.js';
import type { ServiceDeps } from '../../services/service-deps.js';
import { WEBHOOK_ATTEMPTS_KEPT } from '../../store/store.js';

const tags = ['Jobs and webhooks'];

export function registerJobRoutes(app: ImprintApp, deps: ServiceDeps): void {
  app.get(
    '/jobs/:jobId',
    {
      config: { auth: 'read' },
      schema: {
        operationId: 'getJob',
        summary: 'Read an async job',
        description:
          'queued, running, succeeded (`result` is the body a synchronous 200 would have had) or failed (`error` is the error body). ' +
          'With a webhookUrl, `webhook` holds the delivery log: every attempt with its time and the status or error.',
        tags,
        security: bearer,
        params: JobIdParams,
        response: { 200: JobView, ...errorResponses(404) },
      },
    },
    async (request) => readJob(deps, principalOf(request).account.id, request.params.jobId),
  );

  app.post(
    '/jobs/:jobId/redeliver',
    {
      config: { auth: 'read' },
      schema: {
        operationId: 'redeliverJobWebhook',
        summary: "Send a finished job's webhook again",
        description: `The delivery is due at once, with a fresh round of retries; the log keeps the latest ${WEBHOOK_ATTEMPTS_KEPT} attempts. While an attempt is in flight, this changes nothing.`,
        tags,
        security: bearer,
        params: JobIdParams,
        response: { 202: JobView, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      reply.code(202);
      return redeliverJobWebhook(deps, principalOf(request).account.id, request.params.jobId);
    },
  );

  app.post(
    '/account/webhook-secret',
    {
      config: { auth: 'read' },
      schema: {
        operationId: 'rotateWebhookSecret',
        summary: 'Create or rotate the webhook signing secret',
        description:
          'Returns the whsec_… secret once. Calling it again replaces the secret; the replaced one keeps signing, next to the new one, for 24 hours, so receivers can switch without losing a message.',
        tags,
        security: bearer,
        response: { 201: WebhookSecretResult, ...errorResponses() },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return rotateWebhookSecret(deps, principalOf(request).account.id);
    },
  );
}
