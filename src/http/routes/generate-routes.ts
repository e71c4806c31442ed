import { GenerateBody, GenerateResult as GenerateResultSchema } from '../api-schemas.js';
import { JobAccepted as JobAcceptedSchema } from '../job-schemas.js';
import { principalOf, type ImprintApp } from '../app.js';
import { bearer, errorResponses } from '../routes.js';
import { ApiError } from '../../domain/errors.js';
import { generateImage, type GenerateResult } from '../../services/generate-image.js';
import { runIdempotent, type IdempotencyClaim } from '../../services/run-idempotent.js';
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
      const run = (claim: IdempotencyClaim | null = null) =>
        async ? submitGenerateJob(deps, account, request.body) : generateImage(deps, account, request.body, request.id, request.startedAt, claim);
      if (async) reply.code(202).header('Preference-Applied', 'respond-async');
      const key = request.headers['idempotency-key'];
      if (key === undefined) return run();
      if (typeof key !== 'string' || key.length < 1 || key.length > 255) {
        throw new ApiError('invalid_request', 'Idempotency-Key must be 1 to 255 characters.', {
          errors: [{ path: 'headers.idempotency-key', message: 'must be 1 to 255 characters' }],
        });
      }
      // The mode is part of what the key names: one key cannot mean both a job and an image.
      const outcome = await runIdempotent<JobAccepted | GenerateResult>(deps, account.id, key, async ? { respondAsync: true, body: request.body } : request.body, run);
      if (outcome.replayed) reply.header('Idempotent-Replayed', 'true');
      return outcome.body;
    },
  );
}
