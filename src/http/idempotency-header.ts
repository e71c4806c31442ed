import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../domain/errors.js';
import { runIdempotent, type IdempotencyClaim } from '../services/run-idempotent.js';
import type { ServiceDeps } from '../services/service-deps.js';

/**
 * Runs `run` under the request's `Idempotency-Key` when it sends one: the
 * same key with the same `fingerprint` within 24 h replays the first answer
 * (`Idempotent-Replayed: true`) instead of doing the work again.
 */
export async function withIdempotencyKey<T>(
  deps: ServiceDeps,
  accountId: string,
  request: FastifyRequest,
  reply: FastifyReply,
  fingerprint: unknown,
  run: (claim: IdempotencyClaim | null) => Promise<T>,
): Promise<T> {
  const key = request.headers['idempotency-key'];
  if (key === undefined) return run(null);
  if (typeof key !== 'string' || key.length < 1 || key.length > 255) {
    throw new ApiError('invalid_request', 'Idempotency-Key must be 1 to 255 characters.', {
      errors: [{ path: 'headers.idempotency-key', message: 'must be 1 to 255 characters' }],
    });
  }
  const outcome = await runIdempotent<T>(deps, accountId, key, fingerprint, run);
  if (outcome.replayed) reply.header('Idempotent-Replayed', 'true');
  return outcome.body;
}
