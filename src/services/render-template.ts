import { ApiError } from '../domain/errors.js';
import { DEFAULT_RENDER_BUDGET, describeExcess, estimateRenderBudget, estimateRenderMs } from '../domain/render-budget.js';
import { imageSources } from '../domain/elements.js';
import type { TemplateDocument } from '../domain/template.js';
import { RenderError, type RenderFormat, type RenderOutput } from '../render/render-document.js';
import { RenderAbandonedError, RenderQueueFullError, RenderTooComplexError } from '../render/render-pool.js';
import type { SaveOutput } from '../render/saved-output.js';
import { readAssetImages } from './manage-assets.js';
import type { RenderOutcome } from './metrics.js';
import type { ServiceDeps } from './service-deps.js';

/**
 * The render path every use case shares (paid generate, free preview,
 * thumbnails): the static budget, image fetching and the render pool, with
 * their failures mapped to the catalog once. Paid renders run the steps apart
 * (the debit sits between the budget and the fetch); unpaid ones chain them
 * with renderUnpaid.
 */
export type RenderDeps = Pick<ServiceDeps, 'renderer' | 'renderBudget' | 'fetcher' | 'accountFonts' | 'store' | 'blobs' | 'publicUrl' | 'metrics'>;

export interface RenderOptions {
  format?: RenderFormat;
  quality?: number;
  scale?: number;
}

/** What the caller was (not) charged, for the message of a render stopped mid-way. */
export type ChargeNote = 'the credit was refunded' | 'previews are free' | 'nothing was charged';

/** Fetches every image the document draws except the account's own assets, which the caller read from storage (`readAssetImages`). */
export async function fetchImages(deps: Pick<ServiceDeps, 'fetcher'>, document: TemplateDocument, assets: Map<string, Uint8Array>): Promise<Map<string, Uint8Array>> {
  const images = new Map(assets);
  await Promise.all(
    [...imageSources(document)]
      .filter(([src]) => !assets.has(src))
      .map(async ([src, element]) => {
        try {
          images.set(src, (await deps.fetcher.fetchImage(src)).bytes);
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          throw new ApiError('image_fetch_failed', `Could not load the image for element "${element}": ${reason}`, {
            errors: [{ path: `elements.${element}.src`, message: reason }],
          });
        }
      }),
  );
  return images;
}

/** Before any debit or fetch: a render the static budget refuses costs nothing and takes no worker. Returns the estimated cost in ms. */
export function checkRenderBudget(deps: Pick<ServiceDeps, 'renderBudget'>, document: TemplateDocument, scale: number | undefined): number {
  const report = estimateRenderBudget(document, typeof scale === 'number' && Number.isFinite(scale) ? scale : 1, deps.renderBudget ?? DEFAULT_RENDER_BUDGET);
  if (report.ok) return estimateRenderMs(report.usage);
  throw new ApiError(
    'render_too_complex',
    `This render is over the render budget and was not attempted (nothing was charged): ${describeExcess(report.excess)}. Lower "scale" or simplify the template.`,
    {
      errors: report.excess.map((e) => ({ path: e.path ? `template.${e.path}` : 'scale', message: e.message })),
    },
  );
}

export async function renderFetched(
  deps: RenderDeps,
  accountId: string,
  document: TemplateDocument,
  images: Map<string, Uint8Array>,
  output: RenderOptions,
  cost: number,
  charge: ChargeNote,
  job: { save?: SaveOutput; signal?: AbortSignal } = {},
): Promise<RenderOutput> {
  const fonts = await deps.accountFonts(accountId, document);
  const submitted = performance.now();
  const finished = (outcome: RenderOutcome) => deps.metrics?.renderFinished((performance.now() - submitted) / 1000, outcome);
  try {
    const rendered = await deps.renderer.render(
      { document, images, fonts, output: { format: output.format, quality: output.quality, scale: output.scale } },
      { tenant: accountId, cost, save: job.save, signal: job.signal },
    );
    finished('ok');
    return rendered;
  } catch (error) {
    finished(renderOutcomeOf(error));
    throw renderFailure(error, charge);
  }
}

/** A render pool's failure as the catalog error a caller gets; anything else unchanged. */
export function renderFailure(error: unknown, charge: ChargeNote): unknown {
  if (error instanceof RenderTooComplexError) {
    const why = error.reason === 'timeout' ? 'took longer than the render time budget' : 'ran out of the render memory budget';
    const apiError = new ApiError('render_too_complex', `This render ${why} and was stopped; ${charge}. Lower "scale" or simplify the template.`);
    apiError.cause = error;
    return apiError;
  }
  if (error instanceof RenderAbandonedError) {
    const apiError = new ApiError('client_closed_request', `The client closed the connection before the render started, so it was not rendered; ${charge}.`);
    apiError.cause = error;
    return apiError;
  }
  if (error instanceof RenderQueueFullError) {
    const apiError = new ApiError('service_unavailable', 'All render workers are busy. Retry shortly.', { headers: { 'Retry-After': '1' } });
    apiError.cause = error;
    return apiError;
  }
  if (error instanceof RenderError) {
    const where = error.element ? ` in element "${error.element}"` : '';
    const apiError = new ApiError('render_failed', `Rendering failed${where}: ${error.message}`);
    apiError.cause = error;
    return apiError;
  }
  return error;
}

function renderOutcomeOf(error: unknown): RenderOutcome {
  if (error instanceof RenderTooComplexError) return 'too_complex';
  if (error instanceof RenderQueueFullError) return 'queue_full';
  if (error instanceof RenderAbandonedError) return 'abandoned';
  if (error instanceof RenderError) return 'failed';
  return 'error';
}

/** Budget, fetch and render in one go, for renders nobody pays for. `signal`: the caller gave up (see RenderJobOptions). */
export async function renderUnpaid(
  deps: RenderDeps,
  accountId: string,
  document: TemplateDocument,
  output: RenderOptions,
  charge: ChargeNote,
  signal?: AbortSignal,
): Promise<RenderOutput> {
  const cost = checkRenderBudget(deps, document, output.scale);
  const images = await fetchImages(deps, document, await readAssetImages(deps, accountId, document));
  return renderFetched(deps, accountId, document, images, output, cost, charge, { signal });
}
