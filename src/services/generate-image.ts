import { ApiError } from '../domain/errors.js';
import { CREDITS_PER_IMAGE, usageOf, type Usage } from '../domain/credits.js';
import { applyOverrides } from '../domain/overrides.js';
import { requestChanges, type ChangesInput } from '../domain/request-changes.js';
import { imageSources } from '../domain/elements.js';
import type { Account } from '../store/store.js';
import { readAssetImages } from './manage-assets.js';
import { getTemplate, getTemplateRevision } from './manage-templates.js';
import { checkRenderBudget, fetchImages, renderFetched } from './render-template.js';
import type { RenderFormat, RenderWarning } from '../render/render-document.js';
import { outputDigest, outputExtension } from '../render/saved-output.js';
import type { IdempotencyClaim } from './run-idempotent.js';
import type { ServiceDeps } from './service-deps.js';

/**
 * How long a reservation holds its credit. Above the 15 s render timeout plus
 * the 10 s image-fetch budget plus a queue wait; a request that outlives it
 * is answered 503 and not charged, and after a crash its credit comes back
 * within this time plus one sweep.
 */
export const DEFAULT_RESERVATION_LEASE_MS = 120_000;

/**
 * Per account and content: two accounts rendering the same pixels never share an id, URL or row.
 * Where the images are kept on this machine's disk, the render worker hashes and saves the bytes
 * itself (saveOutput) with this very digest; this is the main thread's way, for stores elsewhere.
 * There it is hashed synchronously, on purpose: WebCrypto's digest runs in the thread pool but first
 * copies the PNG (twice, with the account prefix), and on this VM the fresh pages cost more than
 * the hash: 3.8 ms against 0.5 ms of the main thread per generate (docs/decisions/0043).
 */
export function imageIdFor(accountId: string, data: Uint8Array): string {
  return outputDigest(accountId, data);
}

export interface GenerateInput extends ChangesInput {
  templateId?: string;
  format?: RenderFormat;
  quality?: number;
  scale?: number;
  /** A saved revision to render instead of the current one (signed URLs pin it with `rev`); not part of the HTTP body. */
  revision?: number;
  /** A signed URL's content key, recorded with the charge (CommitInput.signedRender); not part of the HTTP body. */
  signedUrlKey?: string;
}

/** Exactly the contract's §2.3 fields, plus `details.warnings` only when there is one. */
export interface GenerateResult {
  status: 'success';
  statusCode: 200;
  message: string;
  imageURL: string;
  details: { dimensions: { width: number; height: number }; format: string; warnings?: RenderWarning[] };
  usage: Usage;
  requestCompletionTime: string;
  timestamp: string;
}

const CONTENT_TYPES = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp', pdf: 'application/pdf' } as const;

export function insufficientCredits(balance: number): ApiError {
  return new ApiError(
    'insufficient_credits',
    `This account has ${balance} credits and an image costs ${CREDITS_PER_IMAGE}. Ask the operator to grant more (npx imprint credits grant).`,
  );
}

function clientGone(): ApiError {
  return new ApiError('client_closed_request', 'The client closed the connection before the render was paid for, so nothing was charged.');
}

/**
 * Everything a generate checks before it may charge: a request refused here
 * costs nothing, and an async one is refused before it is queued.
 */
export async function checkGenerateInput(deps: ServiceDeps, account: Account, input: GenerateInput) {
  const templateId = input.templateId?.trim();
  if (!templateId) {
    throw new ApiError('missing_template_id', 'The request body needs "templateId": the id of the template to render. List your templates with GET /templates/all.');
  }
  const changes = requestChanges(input);
  const template = input.revision === undefined ? await getTemplate(deps, account.id, templateId) : await getTemplateRevision(deps, account.id, templateId, input.revision);
  const applied = applyOverrides(template.document, changes, { fontFamilies: await deps.fontFamilies(account.id) });
  if (!applied.ok) throw new ApiError(applied.code, applied.message, { errors: applied.errors });
  const cost = checkRenderBudget(deps, applied.document, input.scale);
  // Uploaded assets come from this account's storage, before the debit: a missing one costs nothing.
  const assets = await readAssetImages(deps, account.id, applied.document);

  return { template, applied, cost, assets };
}

/**
 * The paid use case. Credits follow reserve-then-commit: a conditional debit
 * (a pending reservation with a lease) happens before any expensive or
 * external work, so a zero balance never buys a free render or a fetch. The
 * charge, the image row and the idempotent outcome commit in one transaction;
 * every failure releases the reservation, and the sweeper releases those
 * whose process died, so a failed image never costs anything.
 *
 * `signal` aborts when the caller stops waiting (the HTTP client hung up): a render that has not
 * reached a worker yet is dropped and refunded, and one that has runs on and is charged, its image
 * kept and listed.
 */
export async function generateImage(
  deps: ServiceDeps,
  account: Account,
  input: GenerateInput,
  requestId: string,
  startedAt: number,
  idempotency: IdempotencyClaim | null = null,
  signal?: AbortSignal,
): Promise<GenerateResult> {
  const { template, applied, cost, assets } = await checkGenerateInput(deps, account, input);
  if (signal?.aborted) throw clientGone();

  const reservedAt = deps.now();
  const leaseMs = deps.leases?.reservationMs ?? DEFAULT_RESERVATION_LEASE_MS;
  const expiresAt = new Date(Date.parse(reservedAt) + leaseMs).toISOString();
  const debit = await deps.store.reserveCredits(account.id, CREDITS_PER_IMAGE, requestId, reservedAt, expiresAt);
  if (!debit.ok) {
    throw insufficientCredits(debit.balance);
  }
  deps.metrics?.creditsReserved(CREDITS_PER_IMAGE);
  const release = async () => {
    // 0 when the sweeper settled it first; the sweeper counts those.
    if ((await deps.store.releaseReservation(account.id, debit.reservationId, deps.now())) > 0) deps.metrics?.creditsRefunded(CREDITS_PER_IMAGE, 'request');
  };
  let result: GenerateResult;
  let committed: 'committed' | 'lapsed';
  try {
    const images = await fetchImages(deps, applied.document, assets);
    const folder = deps.blobs.localFolder?.('images');
    const save = folder === undefined ? undefined : { folder, salt: account.id };
    const output = await renderFetched(deps, account.id, applied.document, images, input, cost, 'the credit was refunded', { save, signal });
    const id = output.saved?.digest ?? imageIdFor(account.id, output.data);
    const blobKey = `images/${output.saved?.name ?? `${id}.${outputExtension(output.format)}`}`;
    if (!output.saved) await deps.blobs.put(blobKey, output.data, CONTENT_TYPES[output.format]);
    result = {
      status: 'success',
      statusCode: 200,
      message: 'Image generated successfully.',
      imageURL: `${deps.publicUrl}/${blobKey}`,
      details: { dimensions: { width: output.width, height: output.height }, format: output.format, ...(output.warnings ? { warnings: output.warnings } : {}) },
      usage: usageOf(debit.previousCredits, debit.remainingCredits),
      requestCompletionTime: `${Math.max(0, Math.round(performance.now() - startedAt))} ms`,
      timestamp: deps.now(),
    };
    committed = await deps.store.commitReservation({
      accountId: account.id,
      reservationId: debit.reservationId,
      image: {
        id,
        accountId: account.id,
        templateId: template.id,
        blobKey,
        format: output.format,
        width: output.width,
        height: output.height,
        createdAt: result.timestamp,
      },
      idempotency: idempotency ? { key: idempotency.key, claimId: idempotency.claimId, ...idempotency.successOutcome(result) } : undefined,
      signedRender: input.signedUrlKey === undefined ? undefined : { cacheKey: input.signedUrlKey },
      now: deps.now(),
    });
  } catch (error) {
    // If this fails too (database gone), the sweeper refunds once the lease ends.
    await release().catch(() => {});
    throw error;
  }
  if (committed === 'lapsed') {
    await release();
    throw new ApiError('service_unavailable', 'This request outlived its credit reservation and was not charged. Retry it.', { headers: { 'Retry-After': '1' } });
  }
  deps.metrics?.creditsCommitted(CREDITS_PER_IMAGE, 'request');
  await deps.fetcher.keep([...imageSources(applied.document).keys()]);
  return result;
}
