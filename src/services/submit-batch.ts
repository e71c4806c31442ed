import { BATCH_MAX_ITEMS } from '../domain/batch-csv.js';
import { ApiError } from '../domain/errors.js';
import { newId } from '../domain/ids.js';
import { requestChanges, type ChangesInput } from '../domain/request-changes.js';
import { applyOverrides } from '../domain/overrides.js';
import type { TemplateDocument } from '../domain/template.js';
import type { Account } from '../store/store.js';
import type { GenerateInput } from './generate-image.js';
import { getTemplate } from './manage-templates.js';
import type { IdempotencyClaim } from './run-idempotent.js';
import type { ServiceDeps } from './service-deps.js';
import { checkCanPayOne, checkQueueRoom, checkWebhookTarget, claimTakenOver } from './submit-job.js';

/** What every item of a batch shares; each item adds its own changes. */
export interface BatchInput extends Pick<GenerateInput, 'templateId' | 'format' | 'quality' | 'scale'> {
  items: ChangesInput[];
  webhookUrl?: string;
  /** With format pdf: the succeeded items' pages also as one PDF, GET /batches/{id}.pdf. */
  merge?: boolean;
}

export interface BatchAccepted {
  status: 'queued';
  batchId: string;
  statusURL: string;
  total: number;
}

export function batchStatusUrl(deps: Pick<ServiceDeps, 'publicUrl'>, batchId: string): string {
  return `${deps.publicUrl}/batches/${batchId}`;
}

/**
 * Queues one job per item under one batch id. What holds for the whole batch
 * is checked now and refuses it (the template, the webhook target, a balance
 * that cannot pay for one image); what an item's own changes get wrong
 * (an unknown element, a bad colour) is found when that item runs, and fails
 * that item alone with the error a synchronous generate would have answered.
 * Each item is charged by the jobs' reserve/commit path when it succeeds.
 */
export async function submitBatch(deps: ServiceDeps, account: Account, input: BatchInput, idempotency: IdempotencyClaim | null = null): Promise<BatchAccepted> {
  const templateId = input.templateId?.trim();
  if (!templateId) {
    throw new ApiError(
      'missing_template_id',
      'A batch needs "templateId" (in the JSON body, or ?templateId= with a CSV body): the id of the template to render. List your templates with GET /templates/all.',
    );
  }
  if (input.items.length < 1 || input.items.length > BATCH_MAX_ITEMS) {
    throw new ApiError('invalid_request', `A batch holds 1 to ${BATCH_MAX_ITEMS} items; this one has ${input.items.length}.`, {
      errors: [{ path: '/items', message: `must hold 1 to ${BATCH_MAX_ITEMS} items` }],
    });
  }
  if (input.merge && input.format !== 'pdf') {
    throw new ApiError('invalid_request', `"merge": true joins the items' pages into one PDF, so it needs "format": "pdf" (this batch asks for ${input.format ?? 'png'}).`, {
      errors: [{ path: '/merge', message: 'needs format pdf' }],
    });
  }
  const template = await getTemplate(deps, account.id, templateId);
  await checkSomeItemApplies(deps, account, template.document, input.items);
  if (input.webhookUrl !== undefined) await checkWebhookTarget(deps, account.id, input.webhookUrl);
  await checkCanPayOne(deps, account.id);
  await checkQueueRoom(deps, account.id, input.items.length);

  const shared: GenerateInput = { templateId, format: input.format, quality: input.quality, scale: input.scale };
  const items = input.items.map(({ elements, modifications }): GenerateInput => ({ ...shared, elements, modifications }));
  const batchId = newId('bat');
  // `merge` is the batch's own setting (read when its PDF is asked for), not part of any item's render.
  const request = input.merge ? { ...shared, merge: true } : shared;
  const accepted: BatchAccepted = { status: 'queued', batchId, statusURL: batchStatusUrl(deps, batchId), total: items.length };
  const queued = await deps.store.createBatch({
    id: batchId,
    accountId: account.id,
    request,
    items,
    webhookUrl: input.webhookUrl ?? null,
    now: deps.now(),
    idempotency: idempotency ? { key: idempotency.key, claimId: idempotency.claimId, ...idempotency.successOutcome(accepted) } : undefined,
  });
  if (!queued) throw claimTakenOver();
  deps.wakeJobs?.();
  return accepted;
}

/**
 * A batch none of whose items can be applied to the template is a mistake in
 * the request (a CSV header naming an element the template lacks, a list
 * built for another template), not in its rows: refused whole, with the first
 * item's error, before anything is queued. Checking stops at the first item
 * that applies, so a good batch costs one override pass here. Each pass copies
 * the template on the HTTP thread, so at most CHECKED_ITEMS are tried: 1,000
 * failing items on a template of 4,900 objects held that thread for 9 s.
 */
async function checkSomeItemApplies(deps: ServiceDeps, account: Account, document: TemplateDocument, items: readonly ChangesInput[]): Promise<void> {
  const fontFamilies = await deps.fontFamilies(account.id);
  let first: ApiError | null = null;
  for (const item of items.slice(0, CHECKED_ITEMS)) {
    try {
      const applied = applyOverrides(document, requestChanges(item), { fontFamilies });
      if (applied.ok) return;
      first ??= new ApiError(applied.code, applied.message, { errors: applied.errors });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      first ??= error;
    }
  }
  if (first) {
    const which = items.length > CHECKED_ITEMS ? `None of the first ${CHECKED_ITEMS} items` : 'No item';
    throw new ApiError(first.code, `${which} of this batch can be applied to the template, so nothing was queued. Item 1: ${first.message}`, first.details);
  }
}

/** Items checkSomeItemApplies tries: a batch whose first 20 all fail is taken for one built for another template. */
const CHECKED_ITEMS = 20;
