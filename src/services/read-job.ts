import { ApiError } from '../domain/errors.js';
import type { JobRecord, WebhookAttempt } from '../store/store.js';
import type { GenerateResult } from './generate-image.js';
import type { ServiceDeps } from './service-deps.js';
import { jobStatusUrl } from './submit-job.js';

/** What GET /jobs/{id} answers, and (without `webhook`) what a webhook carries in `data`. */
export interface JobView {
  jobId: string;
  status: JobRecord['state'];
  statusURL: string;
  createdAt: string;
  updatedAt: string;
  finishedAt?: string;
  /** succeeded: exactly the body a synchronous 200 would have had. */
  result?: GenerateResult;
  /** failed: exactly the error body a synchronous call would have had. */
  error?: unknown;
  webhook?: {
    url: string;
    state: 'waiting' | 'pending' | 'delivered' | 'failed';
    nextAttemptAt?: string;
    attempts: WebhookAttempt[];
  };
}

export function jobView(deps: Pick<ServiceDeps, 'publicUrl'>, job: JobRecord): JobView {
  return {
    jobId: job.id,
    status: job.state,
    statusURL: jobStatusUrl(deps, job.id),
    createdAt: job.createdAt,
    updatedAt: job.updatedAt,
    ...(job.finishedAt ? { finishedAt: job.finishedAt } : {}),
    ...(job.state === 'succeeded' ? { result: job.result as GenerateResult } : {}),
    ...(job.state === 'failed' ? { error: job.result } : {}),
  };
}

function notFound(id: string): ApiError {
  return new ApiError('job_not_found', `There is no job ${id.slice(0, 100)} in this account.`);
}

/** The delivery state and log of a job's (or a batch's) webhook; undefined without a webhook URL. */
export async function webhookView(deps: Pick<ServiceDeps, 'store'>, job: JobRecord): Promise<JobView['webhook']> {
  if (job.webhookUrl === null) return undefined;
  return {
    url: job.webhookUrl,
    // 'waiting': nothing to send until the job finishes.
    state: job.webhookState ?? 'waiting',
    ...(job.webhookState === 'pending' && job.webhookDueAt ? { nextAttemptAt: job.webhookDueAt } : {}),
    attempts: await deps.store.listWebhookAttempts(job.id),
  };
}

/** The job with its delivery log. Another account's job is indistinguishable from a missing one. */
export async function readJob(deps: Pick<ServiceDeps, 'store' | 'publicUrl'>, accountId: string, id: string): Promise<JobView> {
  const job = await deps.store.getJob(accountId, id);
  if (!job) throw notFound(id);
  const view = jobView(deps, job);
  const webhook = await webhookView(deps, job);
  return webhook ? { ...view, webhook } : view;
}

/** Sends a finished job's webhook again now, with a fresh round of retries; the log keeps the latest 100 attempts. */
export async function redeliverJobWebhook(deps: Pick<ServiceDeps, 'store' | 'publicUrl' | 'now' | 'wakeJobs'>, accountId: string, id: string): Promise<JobView> {
  const job = await deps.store.getJob(accountId, id);
  if (!job) throw notFound(id);
  if (job.webhookUrl === null)
    throw new ApiError('invalid_request', 'This job was submitted without a webhookUrl, so there is nothing to redeliver. Read its outcome with GET /jobs/{id}.');
  if (job.state !== 'succeeded' && job.state !== 'failed') {
    throw new ApiError('invalid_request', `This job is ${job.state}; its webhook is sent when it finishes.`);
  }
  await deps.store.redeliverWebhook(accountId, id, deps.now());
  deps.wakeJobs?.();
  return readJob(deps, accountId, id);
}
