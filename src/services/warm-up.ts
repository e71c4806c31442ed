import type { TemplateDocument } from '../domain/template.js';
import { renderUnpaid, type RenderDeps } from './render-template.js';

export interface WarmUpReport {
  rendered: number;
  failed: number;
  /** Why the first failed render failed, so the log says more than a count. */
  firstError?: string;
  ms: number;
}

/**
 * Renders the given templates before the node says ready, free and unrecorded,
 * so that the first real request finds their parsed objects, fonts and images
 * already in every worker's caches and the main thread's render path compiled.
 * Each document is rendered once per worker at the same time, which the pool
 * spreads over its idle workers. A failure is counted, not thrown: a template
 * that cannot render is the caller's problem to report, never a reason for a
 * node to stay unready.
 */
export async function warmUp(deps: RenderDeps, templates: ReadonlyArray<{ accountId: string; document: TemplateDocument }>, perTemplate: number): Promise<WarmUpReport> {
  const started = performance.now();
  // Warm-up renders are nobody's traffic: they stay out of the render metrics.
  const quiet: RenderDeps = { ...deps, metrics: undefined };
  let rendered = 0;
  let failed = 0;
  let firstError: string | undefined;
  for (const { accountId, document } of templates) {
    const results = await Promise.allSettled(
      Array.from({ length: Math.max(1, perTemplate) }, () => renderUnpaid(quiet, accountId, document, { format: 'png', scale: 1 }, 'nothing was charged')),
    );
    for (const result of results) {
      if (result.status === 'fulfilled') rendered++;
      else {
        failed++;
        firstError ??= result.reason instanceof Error ? result.reason.message : String(result.reason);
      }
    }
  }
  return { rendered, failed, firstError, ms: Math.round(performance.now() - started) };
}

/**
 * The demo account's oldest templates, the ones a fresh install's first
 * requests use; none when that account is gone. At most `limit`, so a demo
 * account someone filled with hundreds of designs cannot stretch the start.
 */
export async function demoWarmUpTemplates(deps: Pick<RenderDeps, 'store'>, demoAccountName: string, limit = 5): Promise<Array<{ accountId: string; document: TemplateDocument }>> {
  const demo = await deps.store.findAccountByName(demoAccountName);
  if (!demo) return [];
  const summaries = (await deps.store.listTemplates(demo.id, 'createdAt', 'asc')).slice(0, limit);
  const records = await Promise.all(summaries.map((t) => deps.store.getTemplate(demo.id, t.id)));
  return records.filter((r) => r !== null).map((r) => ({ accountId: demo.id, document: r.document }));
}
