import { createHash } from 'node:crypto';
import { canonicalJson } from '../domain/canonical-json.js';
import { ApiError } from '../domain/errors.js';
import { MIN_RENDER_SCALE } from '../domain/render-budget.js';
import type { TemplateRecord } from '../store/store.js';
import { getTemplate } from './manage-templates.js';
import { renderUnpaid, type RenderDeps } from './render-template.js';
import type { ServiceDeps } from './service-deps.js';

/** Wide enough for a 2× list tile of 160 CSS px; a WebP of that size is a few KiB. */
export const THUMBNAIL_WIDTH = 320;

type ThumbnailDeps = RenderDeps & Pick<ServiceDeps, 'blobs' | 'store'>;

/**
 * Named after the document's content, so a thumbnail can never show an older
 * version than the one saved: a late render of a replaced version writes a key
 * nobody reads any more.
 */
export function thumbnailKey(record: Pick<TemplateRecord, 'id' | 'document'>): string {
  const digest = createHash('sha256').update(canonicalJson(record.document)).digest('hex').slice(0, 20);
  return `thumbnails/${record.id}-${digest}.webp`;
}

/** Renders and stores the thumbnail of this version; free, and never charged to anyone. */
export async function makeThumbnail(deps: ThumbnailDeps, accountId: string, record: TemplateRecord): Promise<Buffer> {
  const scale = Math.max(MIN_RENDER_SCALE, Math.min(1, THUMBNAIL_WIDTH / record.document.width));
  const output = await renderUnpaid(deps, accountId, record.document, { format: 'webp', quality: 80, scale }, 'nothing was charged');
  const data = Buffer.from(output.data);
  await deps.blobs.put(thumbnailKey(record), data, 'image/webp');
  return data;
}

/**
 * The stored thumbnail, made now when missing (a template saved before
 * thumbnails existed, or one whose render on save failed or is still queued).
 * Another account's template is a 404 like a missing one.
 */
export async function readThumbnail(deps: ThumbnailDeps, accountId: string, templateId: string): Promise<{ data: Buffer; key: string; updatedAt: string }> {
  const record = await getTemplate(deps, accountId, templateId);
  const key = thumbnailKey(record);
  const stored = await deps.blobs.get(key);
  if (stored) return { data: stored, key, updatedAt: record.updatedAt };
  try {
    return { data: await makeThumbnail(deps, accountId, record), key, updatedAt: record.updatedAt };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const notFound = new ApiError('image_not_found', `This template has no thumbnail: it could not be rendered (${reason}).`);
    notFound.cause = error;
    throw notFound;
  }
}

/**
 * Thumbnails are made after the save has answered: a save must never wait for
 * an image download or a busy render pool, nor fail because of either. One
 * render at a time per process, the latest version per template only, so a
 * burst of saves costs one render each at most and never fills the pool that
 * paid renders use. A failure is logged and the next read makes it on demand.
 */
export class ThumbnailJobs {
  private readonly queued = new Map<string, { accountId: string; record: TemplateRecord; previousKey?: string }>();
  private running: Promise<void> | null = null;

  constructor(
    private readonly deps: ThumbnailDeps,
    private readonly onError: (error: unknown, templateId: string) => void,
  ) {}

  /** `previous` is the version being replaced, whose thumbnail is then deleted. */
  schedule(accountId: string, record: TemplateRecord, previous?: Pick<TemplateRecord, 'id' | 'document'>): void {
    const previousKey = previous ? thumbnailKey(previous) : this.queued.get(record.id)?.previousKey;
    this.queued.set(record.id, { accountId, record, previousKey });
    this.running ??= this.drain().finally(() => (this.running = null));
  }

  /** The thumbnail of a deleted template goes with it (after any render still queued for it). */
  async forget(record: Pick<TemplateRecord, 'id' | 'document'>): Promise<void> {
    this.queued.delete(record.id);
    await this.deps.blobs.delete(thumbnailKey(record)).catch((error) => this.onError(error, record.id));
  }

  /** Resolves when every scheduled thumbnail is made (or failed); for shutdown and tests. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    for (let next = this.queued.entries().next(); !next.done; next = this.queued.entries().next()) {
      const [templateId, job] = next.value;
      this.queued.delete(templateId);
      try {
        await makeThumbnail(this.deps, job.accountId, job.record);
        if (job.previousKey && job.previousKey !== thumbnailKey(job.record)) await this.deps.blobs.delete(job.previousKey);
      } catch (error) {
        this.onError(error, templateId);
      }
    }
  }
}
