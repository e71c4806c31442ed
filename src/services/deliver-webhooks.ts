import { DEFAULT_WEBHOOK_RETRY_DELAYS_MS, WEBHOOK_TIMEOUT_MS } from '../domain/webhooks.js';
import { ImageFetchError } from '../fetch/image-fetch-error.js';
import type { WebhookClaim } from '../store/store.js';
import { batchWebhookPayload } from './read-batch.js';
import { jobView } from './read-job.js';
import type { ServiceDeps } from './service-deps.js';
import { signWebhook } from './webhook-signature.js';

export interface DeliveryOptions {
  /** Waits before each retry; its length is the number of retries after the first attempt. */
  retryDelaysMs: readonly number[];
  /** Each wait is spread by ± this fraction, so receivers that failed together are not retried together. */
  jitter: number;
  timeoutMs: number;
  random?: () => number;
}

export const DEFAULT_DELIVERY_OPTIONS: DeliveryOptions = { retryDelaysMs: DEFAULT_WEBHOOK_RETRY_DELAYS_MS, jitter: 0.2, timeoutMs: WEBHOOK_TIMEOUT_MS };

/** The event a webhook carries: Standard Webhooks' {type, timestamp, data}, data being the job as GET /jobs/{id} shows it. */
export function webhookPayload(deps: Pick<ServiceDeps, 'publicUrl'>, claim: WebhookClaim): string {
  const { job } = claim;
  return JSON.stringify({ type: `job.${job.state}`, timestamp: job.finishedAt ?? job.updatedAt, data: jobView(deps, job) });
}

function describeFailure(error: unknown, timeoutMs: number): string {
  if (!(error instanceof ImageFetchError)) return 'internal error while sending';
  switch (error.reason) {
    case 'timeout':
      return `no answer within ${timeoutMs / 1000} s`;
    case 'network':
      return 'connection failed';
    default:
      // The SSRF guard's refusals (e.g. the name now resolves to a private address) say why.
      return error.message;
  }
}

/** The wait before the retry after attempt `round` (0-based) of the current round, or null when the schedule is used up. */
export function retryDelay(options: DeliveryOptions, round: number): number | null {
  const base = options.retryDelaysMs[round];
  if (base === undefined) return null;
  const spread = options.jitter * (2 * (options.random ?? Math.random)() - 1);
  return Math.max(0, Math.round(base * (1 + spread)));
}

/**
 * One attempt at a claimed delivery: signed with every live secret, POSTed
 * through the SSRF guard, logged, and the next attempt (if any) scheduled.
 * The message id is the job's (or the batch's), the same on every attempt, so
 * a receiver can drop duplicates.
 */
export async function deliverWebhook(deps: ServiceDeps, claim: WebhookClaim, options: DeliveryOptions): Promise<void> {
  const { job } = claim;
  const at = deps.now();
  const started = performance.now();
  let statusCode: number | null = null;
  let error: string | null = null;
  const secrets = await deps.store.getWebhookSecrets(job.accountId, at);
  if (!secrets) {
    error = 'the account has no webhook secret';
  } else if (!deps.webhooks) {
    error = 'webhooks are not available on this server';
  } else {
    // A batch's head row carries the batch's one event; every other row is a job's own.
    const payload = job.batchRow === 0 ? await batchWebhookPayload(deps, job) : webhookPayload(deps, claim);
    const live = secrets.previous ? [secrets.secret, secrets.previous] : [secrets.secret];
    const headers = signWebhook(live, `msg_${job.id}`, Math.floor(Date.parse(at) / 1000), payload);
    try {
      statusCode = await deps.webhooks.post(job.webhookUrl!, payload, { ...headers }, options.timeoutMs);
    } catch (failure) {
      error = describeFailure(failure, options.timeoutMs);
    }
  }
  const delivered = statusCode !== null && statusCode >= 200 && statusCode < 300;
  const delay = delivered ? null : retryDelay(options, job.webhookRound);
  const done = deps.now();
  await deps.store.recordWebhookAttempt({
    jobId: job.id,
    claimId: claim.claimId,
    attempt: { at, statusCode, error, durationMs: performance.now() - started },
    next: delivered ? { state: 'delivered' } : delay === null ? { state: 'failed' } : { state: 'pending', dueAt: new Date(Date.parse(done) + delay).toISOString() },
  });
}
