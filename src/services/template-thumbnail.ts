import { createHash } from 'node:crypto';
import { canonicalJson } from '../domain/canonical-json.js';
import { ApiError, statusOf } from '../domain/errors.js';
import { MIN_RENDER_SCALE } from '../domain/render-budget.js';
import { namesFontFamily } from '../domain/font-uses.js';
import type { FontRecord, TemplateRecord } from '../store/store.js';
import { fontsDrawnBy } from './manage-fonts.js';
import { getTemplate } from './manage-templates.js';
import { renderUnpaid, type RenderDeps } from './render-template.js';
import type { ServiceDeps } from './service-deps.js';
import { templatesUsing } from './templates-using.js';

/** Wide enough for a 2× list tile of 160 CSS px; a WebP of that size is a few KiB. */
export const THUMBNAIL_WIDTH = 320;
/** How long a version whose thumbnail failed to render answers 404 before a read renders it again (an image URL may come back). */
const FAILED_THUMBNAIL_RETRY_MS = 60_000;
/** Failures remembered per process within that minute, oldest forgotten first: a bound on memory, not on correctness. */
const MAX_FAILED_THUMBNAILS = 1_000;

type ThumbnailDeps = RenderDeps & Pick<ServiceDeps, 'blobs' | 'store'>;

/**
 * Named after the document's content and the account fonts its texts draw
 * with, so a thumbnail can never show an older version than the one saved, nor
 * a face since uploaded or deleted: a late render of a replaced version writes
 * a key nobody reads any more, and a font change makes a key nobody wrote yet.
 */
export function thumbnailKey(record: Pick<TemplateRecord, 'id' | 'document'>, accountFonts: readonly FontRecord[] = []): string {
  const hash = createHash('sha256').update(canonicalJson(record.document));
  const drawn = [...fontsDrawnBy(record.document, accountFonts)].sort();
  if (drawn.length > 0) hash.update(`\u0000${drawn.join(',')}`);
  return `thumbnails/${record.id}-${hash.digest('hex').slice(0, 20)}.webp`;
}

/** Renders and stores the thumbnail of this version; free, and never charged to anyone. */
export async function makeThumbnail(deps: ThumbnailDeps, accountId: string, record: TemplateRecord): Promise<{ data: Buffer; key: string }> {
  const fonts = await deps.store.listFonts(accountId);
  const scale = Math.max(MIN_RENDER_SCALE, Math.min(1, THUMBNAIL_WIDTH / record.document.width));
  const output = await renderUnpaid(deps, accountId, record.document, { format: 'webp', quality: 80, scale }, 'nothing was charged');
  const data = Buffer.from(output.data);
  const key = thumbnailKey(record, fonts);
  await deps.blobs.put(key, data, 'image/webp');
  return { data, key };
}

/**
 * Thumbnails are made after the save has answered: a save must never wait for
 * an image download or a busy render pool, nor fail because of either. One
 * render at a time per process, the latest version per template only, so a
 * burst of saves costs one render each at most and never fills the pool that
 * paid renders use. A failure is logged, and a read makes it on demand
 * (after a minute when the render itself failed).
 */
export class ThumbnailJobs {
  private readonly queued = new Map<string, { accountId: string; record: TemplateRecord; previousKey?: string }>();
  private running: Promise<void> | null = null;
  /** Renders under way, by thumbnail key: reads of a missing thumbnail, and the job after a save, share one. */
  private readonly making = new Map<string, Promise<{ data: Buffer; key: string }>>();
  /** Keys whose render failed, with when a read may try again (insertion order is age order). */
  private readonly failed = new Map<string, { until: number; error: unknown }>();

  constructor(
    private readonly deps: ThumbnailDeps,
    private readonly onError: (error: unknown, templateId: string) => void,
  ) {}

  /** `previousKey` is the thumbnail being replaced, deleted once the new one is made. */
  schedule(accountId: string, record: TemplateRecord, previousKey?: string): void {
    this.queued.set(record.id, { accountId, record, previousKey: previousKey ?? this.queued.get(record.id)?.previousKey });
    this.running ??= this.drain().finally(() => (this.running = null));
  }

  /**
   * The stored thumbnail, made now when missing (a template saved before
   * thumbnails existed, one whose render on save failed or is still queued, or
   * one whose account fonts changed since). Another account's template is a 404
   * like a missing one. `accountFonts` tells whether it draws an uploaded font,
   * whose changes leave the template's `updatedAt` alone.
   *
   * Thumbnails are free, so a read must not let anyone buy render time for
   * nothing: concurrent reads of one missing thumbnail wait for one render,
   * and a version whose render failed answers at once for a minute instead of
   * rendering again on every read (four reads of a template that rendered for
   * its whole timeout kept both workers busy and made other accounts wait).
   */
  async read(accountId: string, templateId: string): Promise<{ data: Buffer; key: string; updatedAt: string; accountFonts: boolean }> {
    const record = await getTemplate(this.deps, accountId, templateId);
    const fonts = await this.deps.store.listFonts(accountId);
    const key = thumbnailKey(record, fonts);
    const accountFonts = fontsDrawnBy(record.document, fonts).size > 0;
    const stored = await this.deps.blobs.get(key);
    if (stored) return { data: stored, key, updatedAt: record.updatedAt, accountFonts };
    try {
      return { ...(await this.makeOnce(accountId, record, key)), updatedAt: record.updatedAt, accountFonts };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const notFound = new ApiError('image_not_found', `This template has no thumbnail: it could not be rendered (${reason}).`);
      notFound.cause = error;
      throw notFound;
    }
  }

  private makeOnce(accountId: string, record: TemplateRecord, key: string): Promise<{ data: Buffer; key: string }> {
    const failure = this.failed.get(key);
    if (failure && failure.until > Date.now()) return Promise.reject(failure.error);
    this.failed.delete(key);
    let making = this.making.get(key);
    if (!making) {
      making = makeThumbnail(this.deps, accountId, record);
      this.making.set(key, making);
      making.then(
        () => this.making.delete(key),
        (error: unknown) => {
          this.making.delete(key);
          // Only the version's own failures (over budget, timed out, an image refused): a full queue or a store outage passes.
          if (!(error instanceof ApiError && statusOf(error.code) < 500)) return;
          const now = Date.now();
          // Every entry lives as long, so the oldest are the first to expire: drop them, then any past the cap.
          for (const [old, failure] of this.failed) {
            if (failure.until > now && this.failed.size < MAX_FAILED_THUMBNAILS) break;
            this.failed.delete(old);
          }
          this.failed.set(key, { until: now + FAILED_THUMBNAIL_RETRY_MS, error });
        },
      );
    }
    return making;
  }

  /** The key of a template's thumbnail with the account's fonts as they are now. */
  async currentKey(accountId: string, record: Pick<TemplateRecord, 'id' | 'document'>): Promise<string> {
    return thumbnailKey(record, await this.deps.store.listFonts(accountId));
  }

  /**
   * After a font upload or delete: remakes the thumbnails whose texts now draw
   * with other faces of `family`, and drops the stale ones.
   */
  async fontsChanged(accountId: string, family: string, before: readonly FontRecord[]): Promise<void> {
    try {
      const after = await this.deps.store.listFonts(accountId);
      for (const record of await templatesUsing(this.deps, accountId, (document) => namesFontFamily(document, family))) {
        const previousKey = thumbnailKey(record, before);
        if (previousKey !== thumbnailKey(record, after)) this.schedule(accountId, record, previousKey);
      }
    } catch (error) {
      // The font change itself succeeded; the keys already keep a stale picture from being served.
      this.onError(error, `templates using ${family}`);
    }
  }

  /** The thumbnail of a deleted template goes with it (after any render still queued for it). */
  async forget(accountId: string, record: Pick<TemplateRecord, 'id' | 'document'>): Promise<void> {
    this.queued.delete(record.id);
    const key = await this.currentKey(accountId, record);
    await this.deps.blobs.delete(key).catch((error) => this.onError(error, record.id));
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
        const { key } = await this.makeOnce(job.accountId, job.record, await this.currentKey(job.accountId, job.record));
        if (job.previousKey && job.previousKey !== key) await this.deps.blobs.delete(job.previousKey);
      } catch (error) {
        this.onError(error, templateId);
      }
    }
  }
}
