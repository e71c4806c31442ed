import { GenerateBody, GenerateResult } from '../api-schemas.js';
import { principalOf, type ImprintApp } from '../app.js';
import { bearer, errorResponses } from '../routes.js';
import { ApiError } from '../../domain/errors.js';
import { generateImage } from '../../services/generate-image.js';
import { runIdempotent, type IdempotencyClaim } from '../../services/run-idempotent.js';
import type { ServiceDeps } from '../../services/service-deps.js';

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
          'Send an Idempotency-Key header to retry safely: the same key and body within 24 h replays the first response without a second charge.',
        tags: ['Images'],
        security: bearer,
        body: GenerateBody,
        response: { 200: GenerateResult, ...errorResponses(400, 402, 404, 409, 413, 415, 422, 503) },
      },
    },
    async (request, reply) => {
      const { account } = principalOf(request);
      const run = (claim: IdempotencyClaim | null = null) => generateImage(deps, account, request.body, request.id, request.startedAt, claim);
      const key = request.headers['idempotency-key'];
      if (key === undefined) return run();
      if (typeof key !== 'string' || key.length < 1 || key.length > 255) {
        throw new ApiError('invalid_request', 'Idempotency-Key must be 1 to 255 characters.', {
          errors: [{ path: 'headers.idempotency-key', message: 'must be 1 to 255 characters' }],
        });
      }
      const outcome = await runIdempotent(deps, account.id, key, request.body, run);
      if (outcome.replayed) reply.header('Idempotent-Replayed', 'true');
      return outcome.body;
    },
  );
}
