import { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { batchManifestCsv, type ManifestRow } from '../domain/batch-manifest.js';
import { ApiError, megabytes } from '../domain/errors.js';
import { mergePdfPages } from '../render/merge-pdf-pages.js';
import type { BatchRecord, JobRecord } from '../store/store.js';
import type { GenerateResult } from './generate-image.js';
import { webhookView, type JobView } from './read-job.js';
import type { ServiceDeps } from './service-deps.js';
import { batchStatusUrl } from './submit-batch.js';

export interface BatchCounts {
  total: number;
  queued: number;
  running: number;
  succeeded: number;
  failed: number;
}

export interface BatchItemView {
  row: number;
  jobId: string;
  status: JobRecord['state'];
  /** succeeded: the image, as a synchronous generate would have answered it. */
  imageURL?: string;
  /** failed: exactly the error body a synchronous generate would have answered. */
  error?: unknown;
}

/** What GET /batches/{id} answers; a batch's webhook carries it without `items` and `webhook`. */
export interface BatchView {
  batchId: string;
  /** queued: no item has started; running: some have; done: every item succeeded or failed. */
  status: 'queued' | 'running' | 'done';
  statusURL: string;
  zipURL: string;
  /** Only for a batch submitted with format pdf and merge: true. */
  pdfURL?: string;
  templateId: string;
  createdAt: string;
  finishedAt?: string;
  counts: BatchCounts;
  items?: BatchItemView[];
  webhook?: JobView['webhook'];
}

function notFound(id: string): ApiError {
  return new ApiError('batch_not_found', `There is no batch ${id.slice(0, 100)} in this account.`);
}

export function countItems(items: readonly JobRecord[]): BatchCounts {
  const counts: BatchCounts = { total: items.length, queued: 0, running: 0, succeeded: 0, failed: 0 };
  for (const item of items) counts[item.state] += 1;
  return counts;
}

function itemView(item: JobRecord): BatchItemView {
  const view: BatchItemView = { row: item.batchRow ?? 0, jobId: item.id, status: item.state };
  if (item.state === 'succeeded') view.imageURL = (item.result as GenerateResult).imageURL;
  if (item.state === 'failed') view.error = item.result;
  return view;
}

function isMerged(head: JobRecord): boolean {
  return (head.request as { merge?: boolean }).merge === true;
}

/** The batch's summary: counts and state, no items. */
export function batchSummary(deps: Pick<ServiceDeps, 'publicUrl'>, { head, items }: BatchRecord): BatchView {
  const counts = countItems(items);
  const started = counts.running + counts.succeeded + counts.failed > 0;
  const statusURL = batchStatusUrl(deps, head.id);
  return {
    batchId: head.id,
    status: head.finishedAt ? 'done' : started ? 'running' : 'queued',
    statusURL,
    zipURL: `${statusURL}.zip`,
    ...(isMerged(head) ? { pdfURL: `${statusURL}.pdf` } : {}),
    templateId: (head.request as { templateId: string }).templateId,
    createdAt: head.createdAt,
    ...(head.finishedAt ? { finishedAt: head.finishedAt } : {}),
    counts,
  };
}

async function loadBatch(deps: Pick<ServiceDeps, 'store'>, accountId: string, id: string): Promise<BatchRecord> {
  const batch = await deps.store.getBatch(accountId, id);
  if (!batch) throw notFound(id);
  return batch;
}

/** Counts, state, every item's outcome and the webhook's delivery log. Another account's batch is indistinguishable from a missing one. */
export async function readBatch(deps: Pick<ServiceDeps, 'store' | 'publicUrl'>, accountId: string, id: string): Promise<BatchView> {
  const batch = await loadBatch(deps, accountId, id);
  const webhook = await webhookView(deps, batch.head);
  return { ...batchSummary(deps, batch), items: batch.items.map(itemView), ...(webhook ? { webhook } : {}) };
}

/** Sends a finished batch's webhook again now, with a fresh round of retries; the log keeps the latest 100 attempts. */
export async function redeliverBatchWebhook(deps: Pick<ServiceDeps, 'store' | 'publicUrl' | 'now' | 'wakeJobs'>, accountId: string, id: string): Promise<BatchView> {
  const { head } = await loadBatch(deps, accountId, id);
  if (head.webhookUrl === null)
    throw new ApiError('invalid_request', 'This batch was submitted without a webhookUrl, so there is nothing to redeliver. Read its outcome with GET /batches/{id}.');
  if (!head.finishedAt) throw new ApiError('invalid_request', 'This batch is still running; its webhook is sent when every item has settled.');
  await deps.store.redeliverWebhook(accountId, id, deps.now());
  deps.wakeJobs?.();
  return readBatch(deps, accountId, id);
}

/** The one event a batch sends when its last item settles: Standard Webhooks' envelope around the summary (the items are one GET away). */
export async function batchWebhookPayload(deps: Pick<ServiceDeps, 'store' | 'publicUrl'>, head: JobRecord): Promise<string> {
  const batch = await loadBatch(deps, head.accountId, head.id);
  return JSON.stringify({ type: 'batch.done', timestamp: head.finishedAt ?? head.updatedAt, data: batchSummary(deps, batch) });
}

/** A download is the whole batch or nothing: refused until every item has succeeded or failed. */
function assertFinished(summary: BatchView, what: 'ZIP' | 'PDF'): void {
  if (summary.status === 'done') return;
  const { total, succeeded, failed } = summary.counts;
  throw new ApiError(
    'batch_not_finished',
    `The batch is still ${summary.status}: ${succeeded + failed} of ${total} items settled. Its ${what} is ready when every item has succeeded or failed; poll GET ${summary.statusURL}, or wait for its webhook.`,
  );
}

/** Zip entry names sort in row order in every archive tool: 0001.png … 1000.png. */
function entryName(row: number, blobKey: string): string {
  return `${String(row).padStart(4, '0')}${blobKey.slice(blobKey.lastIndexOf('.'))}`;
}

async function itemImage(deps: Pick<ServiceDeps, 'store'>, batchId: string, row: number, imageURL: string) {
  const imageId = imageURL.slice(imageURL.lastIndexOf('/') + 1).split('.')[0];
  const image = await deps.store.getImage(imageId);
  if (!image) throw new Error(`batch ${batchId} row ${row}: image ${imageId} has no row`);
  return image;
}

/**
 * The finished batch as a ZIP: every succeeded image, named by its row, and
 * manifest.csv (row, status, imageURL, error). Images are read one at a
 * time as the archive is written, so memory holds one image, not the batch.
 * Images are stored, not deflated: PNG, JPEG and WebP are compressed already.
 */
export async function batchArchive(deps: Pick<ServiceDeps, 'store' | 'publicUrl' | 'blobs'>, accountId: string, id: string): Promise<Readable> {
  const batch = await loadBatch(deps, accountId, id);
  const summary = batchSummary(deps, batch);
  assertFinished(summary, 'ZIP');
  const mtime = new Date(summary.finishedAt ?? summary.createdAt);
  const zip = new ZipFile();
  const manifest: ManifestRow[] = [];
  for (const item of batch.items) {
    const view = itemView(item);
    const error = view.error as { code?: string; message?: string } | undefined;
    manifest.push({ row: view.row, status: view.status, imageURL: view.imageURL ?? '', error: error ? `${error.code}: ${error.message}` : '' });
    if (!view.imageURL) continue;
    const image = await itemImage(deps, id, view.row, view.imageURL);
    // Streamed in the store's chunks, not read whole: the ZIP's checksum is computed in JavaScript, and one
    // 126 MB entry handed over as a single chunk held the thread for 0.3 s per download, and its memory.
    zip.addReadStreamLazy(entryName(view.row, image.blobKey), { compress: false, mtime }, (done) => {
      deps.blobs.stream(image.blobKey).then(
        (file) => done(file ? null : new Error(`blob ${image.blobKey} is missing`), file ? file.body : Readable.from([])),
        (failure: Error) => done(failure, Readable.from([])),
      );
    });
  }
  zip.addBuffer(Buffer.from(batchManifestCsv(manifest)), 'manifest.csv', { mtime });
  zip.end();
  return zip.outputStream as Readable;
}

/**
 * A finished merged batch as one PDF: the succeeded items' pages in row
 * order (failed rows have no page). Each item's stored one-page PDF is
 * copied, not drawn again: no second render and no second charge, and
 * the pages are the very ones the items' imageURLs serve. Built once and
 * kept as a blob, since a finished batch no longer changes.
 */
export async function batchPdf(
  deps: Pick<ServiceDeps, 'store' | 'publicUrl' | 'blobs'>,
  accountId: string,
  id: string,
  maxBytes = MAX_MERGED_PDF_BYTES,
): Promise<{ body: Buffer | Readable; length: number }> {
  const batch = await loadBatch(deps, accountId, id);
  if (!isMerged(batch.head)) {
    throw new ApiError('invalid_request', 'This batch was not submitted with "format": "pdf" and "merge": true, so it has no merged PDF. Its files are in GET /batches/{id}.zip.');
  }
  const summary = batchSummary(deps, batch);
  assertFinished(summary, 'PDF');
  if (summary.counts.succeeded === 0) {
    throw new ApiError('invalid_request', `No item of this batch succeeded, so its PDF would have no page. GET ${summary.statusURL} shows each item's error.`);
  }
  const key = `batches/${id}.pdf`;
  const kept = await deps.blobs.stream(key);
  if (kept) return kept;
  // Concurrent requests for one batch share its merge, and merges run one at a time: each holds its
  // pages, their parsed copies and the result in memory, on this thread (8 GETs of one 935 MB batch
  // took a server to 17 GB when each built its own).
  let flight = merges.get(key);
  if (!flight) {
    flight = oneMergeAtATime(() => mergeBatch(deps, batch, key, maxBytes)).finally(() => merges.delete(key));
    merges.set(key, flight);
  }
  const merged = await flight;
  return { body: merged, length: merged.length };
}

/**
 * The pages one merged PDF may hold, in bytes of the items' own PDFs. The merge holds them, pdf-lib's
 * parsed copies and the result at once; above this the pages are still in GET /batches/{id}.zip.
 */
export const MAX_MERGED_PDF_BYTES = 256 * 1024 * 1024;

const merges = new Map<string, Promise<Buffer>>();
let mergeQueue: Promise<unknown> = Promise.resolve();

function oneMergeAtATime<T>(merge: () => Promise<T>): Promise<T> {
  const run = mergeQueue.then(merge, merge);
  mergeQueue = run.catch(() => undefined);
  return run;
}

async function mergeBatch(deps: Pick<ServiceDeps, 'store' | 'publicUrl' | 'blobs'>, batch: BatchRecord, key: string, maxBytes: number): Promise<Buffer> {
  const kept = await deps.blobs.get(key);
  if (kept) return kept;
  const id = batch.head.id;
  const files: Buffer[] = [];
  let bytes = 0;
  for (const item of [...batch.items].sort((a, b) => (a.batchRow ?? 0) - (b.batchRow ?? 0))) {
    const view = itemView(item);
    if (!view.imageURL) continue;
    const image = await itemImage(deps, id, view.row, view.imageURL);
    const data = await deps.blobs.get(image.blobKey);
    if (!data) throw new Error(`blob ${image.blobKey} is missing`);
    bytes += data.length;
    if (bytes > maxBytes) {
      throw new ApiError(
        'render_too_complex',
        `The pages of this batch come to more than ${megabytes(maxBytes)}, the most one merged PDF holds. Download them in GET /batches/${id}.zip.`,
      );
    }
    files.push(data);
  }
  const merged = await mergePdfPages(files);
  await deps.blobs.put(key, merged, 'application/pdf');
  return merged;
}
