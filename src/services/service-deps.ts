import type { Store } from '../store/store.js';
import type { BlobStore } from '../blobs/blob-store.js';
import type { AccountFont, RenderInput, RenderOutput } from '../render/render-document.js';
import type { RenderBudgetLimits } from '../domain/render-budget.js';
import type { RenderJobOptions } from '../render/render-pool.js';
import type { Metrics } from './metrics.js';
import type { ElementProperties } from '../domain/elements.js';
import type { TemplateDocument } from '../domain/template.js';
import type { GuardedPoster } from '../fetch/guarded-post.js';

/** What the use cases need from the outside world; main.ts builds it, tests build it with real parts. */
export interface ServiceDeps {
  store: Store;
  blobs: BlobStore;
  /**
   * `tenant` (the paying account) and `cost` (the budget's estimate, ms) let a pool schedule fairly between accounts.
   * `elements`: `/elements`' answer with the renderer's own text layout (Fabric's initDimensions, textFit
   * included), so it reports the width and height the pixels are drawn with. Absent: stored values.
   */
  renderer: {
    render(input: RenderInput, opts?: RenderJobOptions): Promise<RenderOutput>;
    elements?(document: TemplateDocument, fonts: readonly AccountFont[], opts?: RenderJobOptions): Promise<Record<string, ElementProperties>>;
  };
  /** Static render budget; DEFAULT_RENDER_BUDGET when absent. */
  renderBudget?: Readonly<RenderBudgetLimits>;
  /** What one account's templates may take as stored, every kept revision included (TEMPLATE_QUOTA_MB); DEFAULT_TEMPLATE_QUOTA_BYTES when absent. */
  templateQuotaBytes?: number;
  /** keep(): called once when a generate succeeded; only then may its downloads enter the cache. */
  fetcher: { fetchImage(url: string): Promise<{ bytes: Buffer }>; keep(sources: Iterable<string>): Promise<void> };
  /** Families a template may name: the bundled fonts plus the account's uploads. */
  fontFamilies(accountId: string): Promise<string[]>;
  /** The account's uploaded font files, for the renderer: with `document`, only the faces it draws with. */
  accountFonts(accountId: string, document?: TemplateDocument): Promise<AccountFont[]>;
  publicUrl: string;
  now(): string;
  /** Reservation and idempotency-claim leases; defaults when absent (see generate-image, run-idempotent). */
  leases?: { reservationMs: number; idempotencyMs: number };
  /** Counters and timings for /metrics; nothing is reported when absent. */
  metrics?: Metrics;
  /** Webhook POSTs under the image fetcher's SSRF guard; without it, a webhookUrl is refused. */
  webhooks?: GuardedPoster;
  /** Tells this node's job runner a job was queued, so it starts now rather than at its next poll. */
  wakeJobs?(): void;
}

export function systemClock(): string {
  return new Date().toISOString();
}
