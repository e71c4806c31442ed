import { ApiError } from '../domain/errors.js';
import { newId } from '../domain/ids.js';
import { CREDITS_PER_IMAGE } from '../domain/credits.js';
import { ImageFetchError } from '../fetch/image-fetch-error.js';
import type { Account } from '../store/store.js';
import { checkGenerateInput, insufficientCredits, type GenerateInput } from './generate-image.js';
import type { IdempotencyClaim } from './run-idempotent.js';
import type { ServiceDeps } from './service-deps.js';

export interface JobAccepted {
  status: 'queued';
  jobId: string;
  statusURL: string;
}

export function jobStatusUrl(deps: Pick<ServiceDeps, 'publicUrl'>, jobId: string): string {
  return `${deps.publicUrl}/jobs/${jobId}`;
}

/** The same SSRF guard as image URLs, at submit time: a URL that could never be delivered to is a 400 now, not a failed delivery later. */
export async function checkWebhookUrl(deps: Pick<ServiceDeps, 'webhooks'>, url: string): Promise<void> {
  const refuse = (message: string, cause?: unknown) => {
    const error = new ApiError('invalid_webhook_url', message, { errors: [{ path: 'webhookUrl', message }] });
    if (cause) error.cause = cause;
    return error;
  };
  if (!deps.webhooks) throw refuse('Webhooks are not available on this server.');
  try {
    await deps.webhooks.check(url);
  } catch (error) {
    if (error instanceof ImageFetchError) throw refuse(error.message, error);
    throw error;
  }
}

/** A webhook target is usable: the SSRF guard passes it and the account has a secret to sign with. */
export async function checkWebhookTarget(deps: Pick<ServiceDeps, 'webhooks' | 'store' | 'now'>, accountId: string, webhookUrl: string): Promise<void> {
  await checkWebhookUrl(deps, webhookUrl);
  if (!(await deps.store.getWebhookSecrets(accountId, deps.now()))) {
    throw new ApiError('webhook_secret_required', "Create the account's webhook signing secret first (POST /account/webhook-secret): every webhook is signed with it.", {
      errors: [{ path: 'webhookUrl', message: 'the account has no webhook secret yet' }],
    });
  }
}

/** Queued work is charged when it runs; an account that cannot pay for even one image is refused before anything is queued. */
export async function checkCanPayOne(deps: Pick<ServiceDeps, 'store'>, accountId: string): Promise<void> {
  const balance = (await deps.store.getAccount(accountId))?.credits ?? 0;
  if (balance < CREDITS_PER_IMAGE) throw insufficientCredits(balance);
}

/**
 * Async jobs and batch items an account may have waiting or running at once.
 * Each keeps its whole request until it finishes, and a request may be
 * megabytes (a data: URL): bounded only by the submit rate, one account's
 * queue of free-failing jobs grew the database by 2.6 GB a minute. Five full
 * batches, or a day's queue for most integrations.
 */
export const MAX_UNFINISHED_JOBS = 5_000;

/** Refuses work that would take the account's queue past MAX_UNFINISHED_JOBS. */
export async function checkQueueRoom(deps: Pick<ServiceDeps, 'store'>, accountId: string, adding: number): Promise<void> {
  const unfinished = await deps.store.countUnfinishedJobs(accountId);
  if (unfinished + adding <= MAX_UNFINISHED_JOBS) return;
  throw new ApiError(
    'too_many_jobs',
    `This account has ${unfinished} async jobs and batch items waiting or running; with ${adding} more it would pass the ${MAX_UNFINISHED_JOBS.toLocaleString('en')} a queue may hold. Submit them as the others finish.`,
  );
}

/**
 * An async generate: everything a synchronous one would refuse (bad input,
 * unknown template, over budget, no credit, a webhook URL the SSRF guard
 * refuses) is refused now with the same error, charging nothing. What is
 * queued is charged when it runs, by the same reserve/commit path.
 */
export async function submitGenerateJob(
  deps: ServiceDeps,
  account: Account,
  input: GenerateInput & { webhookUrl?: string },
  idempotency: IdempotencyClaim | null = null,
): Promise<JobAccepted> {
  const { webhookUrl, ...request } = input;
  await checkGenerateInput(deps, account, request);
  if (webhookUrl !== undefined) await checkWebhookTarget(deps, account.id, webhookUrl);
  await checkCanPayOne(deps, account.id);
  await checkQueueRoom(deps, account.id, 1);
  const jobId = newId('job');
  const accepted: JobAccepted = { status: 'queued', jobId, statusURL: jobStatusUrl(deps, jobId) };
  const job = await deps.store.createJob({
    id: jobId,
    accountId: account.id,
    request,
    webhookUrl: webhookUrl ?? null,
    now: deps.now(),
    idempotency: idempotency ? { key: idempotency.key, claimId: idempotency.claimId, ...idempotency.successOutcome(accepted) } : undefined,
  });
  if (!job) throw claimTakenOver();
  deps.wakeJobs?.();
  return accepted;
}

/** This request outlived its Idempotency-Key claim and a retry took the key over: the retry's work counts, this one's was not queued. */
export function claimTakenOver(): ApiError {
  return new ApiError(
    'idempotency_key_in_use',
    'A retry with this Idempotency-Key took it over while this request was still queuing its work, so this one queued nothing. The retry gets the answer.',
  );
}
