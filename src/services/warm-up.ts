import type { TemplateDocument } from '../domain/template.js';
import { renderUnpaid, type RenderDeps } from './render-template.js';

export interface WarmUpReport {
  /** Templates rendered once on every worker. */
  warmed: number;
  /** Templates that could not render (each counted once, and not retried on the other workers). */
  failed: number;
  /** Renders done in all, failed ones included. */
  renders: number;
  ms: number;
}

type WarmUpTemplate = { accountId: string; document: TemplateDocument };

/**
 * Renders the given templates before the node says ready, free and unrecorded,
 * so that the first real request finds them warm on whichever worker it lands
 * on and the main thread's render path compiled. A failure is counted, not
 * thrown: a template that cannot render is the caller's problem to report,
 * never a reason for a node to stay unready.
 *
 * Two rounds, because a template's first render pays twice. Most of it (70-90% of
 * the demo templates' first render, measured) warms the whole process: Skia's font
 * matching and shaping over the family's subsets and fallbacks, glyph caches,
 * fonts registered on first use. The rest warms only the worker that drew it:
 * its parsed objects, text measurements, decoded images and compiled code.
 * So every template is first rendered once, all of them at the same time,
 * which the pool spreads over its workers; only then is each rendered once per
 * worker (`perTemplate` copies at the same time, which the pool puts on
 * different idle workers). Rendering every template on every worker at once
 * from the start made each worker pay the process-wide part for itself.
 */
export async function warmUp(deps: RenderDeps, templates: ReadonlyArray<WarmUpTemplate>, perTemplate: number): Promise<WarmUpReport> {
  const started = performance.now();
  // Warm-up renders are nobody's traffic: they stay out of the render metrics.
  const quiet: RenderDeps = { ...deps, metrics: undefined };
  const render = ({ accountId, document }: WarmUpTemplate) => renderUnpaid(quiet, accountId, document, { format: 'png', scale: 1 }, 'nothing was charged');
  let renders = templates.length;
  const first = await Promise.allSettled(templates.map(render));
  const renderable = templates.filter((_, i) => first[i].status === 'fulfilled');
  let failed = templates.length - renderable.length;
  for (const template of renderable) {
    const copies = Math.max(1, perTemplate);
    renders += copies;
    const results = await Promise.allSettled(Array.from({ length: copies }, () => render(template)));
    if (results.some((result) => result.status === 'rejected')) failed++;
  }
  return { warmed: templates.length - failed, failed, renders, ms: Math.round(performance.now() - started) };
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
