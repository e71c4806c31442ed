import { GenerateBody, GenerateResult as GenerateResultSchema } from '../api-schemas.js';
import { JobAccepted as JobAcceptedSchema } from '../job-schemas.js';
import { principalOf, type ImprintApp } from '../app.js';
import { bearer, errorResponses } from '../routes.js';
import { generateImage, type GenerateResult } from '../../services/generate-image.js';
import type { IdempotencyClaim } from '../../services/run-idempotent.js';
import { clientGoneSignal } from '../client-gone-signal.js';
import { withIdempotencyKey } from '../idempotency-header.js';
import type { ServiceDeps } from '../../services/service-deps.js';
import { submitGenerateJob, type JobAccepted } from '../../services/submit-job.js';

/** RFC 7240: `Prefer: respond-async`, possibly among other preferences. */
function prefersAsync(header: string | string[] | undefined): boolean {
  const values = Array.isArray(header) ? header : header === undefined ? [] : [header];
  return values.some((value) => value.split(',').some((pref) => pref.split(/[=;]/)[0].trim().toLowerCase() === 'respond-async'));
}

export function registerGenerateRoutes(app: ImprintApp, deps: ServiceDeps): void {
  app.post(
    '/image/generate',
    {
      config: { auth: 'generate' },
      schema: {
        operationId: 'generateImage',
        summary: 'Generate an image',
        description:
          'Renders the template with the given changes and returns the URL of the PNG. Costs 1 credit; failures cost nothing. ' +
          'Send an Idempotency-Key header to retry safely: the same key and body within 24 h replays the first response without a second charge. ' +
          'With "webhookUrl" in the body, or the header `Prefer: respond-async`, the render runs in the background: 202 with the job id and its statusURL (GET /jobs/{id}); ' +
          'the same checks run first, so a bad request is still refused at once and charges nothing.',
        tags: ['Images'],
        security: bearer,
        body: GenerateBody,
        response: { 200: GenerateResultSchema, 202: JobAcceptedSchema, ...errorResponses(400, 402, 404, 409, 413, 415, 422, 503) },
      },
    },
    async (request, reply) => {
      const { account } = principalOf(request);
      const async = request.body.webhookUrl !== undefined || prefersAsync(request.headers.prefer);
      const signal = async ? undefined : clientGoneSignal(reply);
      const run = (claim: IdempotencyClaim | null = null) =>
        async ? submitGenerateJob(deps, account, request.body, claim) : generateImage(deps, account, request.body, request.id, request.startedAt, claim, signal);
      if (async) reply.code(202).header('Preference-Applied', 'respond-async');
      // The mode is part of what the key names: one key cannot mean both a job and an image.
      return withIdempotencyKey<JobAccepted | GenerateResult>(deps, account.id, request, reply, async ? { respondAsync: true, body: request.body } : request.body, run);
    },
  );
}
