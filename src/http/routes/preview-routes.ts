import { clientGoneSignal } from '../client-gone-signal.js';
import { PreviewBody } from '../api-schemas.js';
import { principalOf, type AppOptions, type ImprintApp } from '../app.js';
import { bindingIndex, rateLimitHeaders, type RateLimitPolicy } from '../rate-limiter.js';
import { bearer, errorResponses, fileResponse } from '../routes.js';
import { ApiError } from '../../domain/errors.js';
import { DEFAULT_PREVIEW_DAILY_CAP, DEFAULT_PREVIEW_PER_MINUTE } from '../../domain/preview-limits.js';
import { previewImage } from '../../services/preview-image.js';

export function registerPreviewRoutes(app: ImprintApp, options: AppOptions): void {
  // Per account (all its keys and sessions together): a new key or a second tab must not buy more free renders.
  const perMinute: RateLimitPolicy = { name: 'preview', limit: options.limits.previewPerMinute ?? DEFAULT_PREVIEW_PER_MINUTE, windowSeconds: 60 };
  const perDay: RateLimitPolicy = { name: 'preview-daily', limit: options.limits.previewDailyCap ?? DEFAULT_PREVIEW_DAILY_CAP, windowSeconds: 86_400 };

  app.post(
    '/image/preview',
    {
      config: { auth: 'generate' },
      schema: {
        operationId: 'previewImage',
        summary: 'Preview an image (free)',
        description:
          'Renders a saved template (templateId) or an unsaved document (template), with optional changes, exactly as POST /image/generate would, ' +
          'and answers the PNG bytes themselves: no credit, no stored image, no URL. PNG at scale 1 only. ' +
          `Limited per account to ${perMinute.limit} per minute and ${perDay.limit} per day; Preview-Remaining-Today tells how many are left.`,
        tags: ['Images'],
        security: bearer,
        body: PreviewBody,
        response: {
          200: fileResponse('The rendered PNG', ['image/png']),
          ...errorResponses(400, 404, 413, 415, 422, 503),
        },
      },
    },
    async (request, reply) => {
      const { account } = principalOf(request);
      const decisions = await options.rateLimiter.hitAll([
        { subject: account.id, policy: perMinute },
        { subject: account.id, policy: perDay },
      ]);
      const binding = bindingIndex(decisions);
      const policy = binding === 0 ? perMinute : perDay;
      const limitHeaders = {
        ...rateLimitHeaders(policy, decisions[binding]),
        'Preview-Remaining-Today': String(decisions[1].remaining),
        'Preview-Daily-Cap': String(perDay.limit),
      };
      if (!decisions[binding].allowed) {
        const wait = decisions[binding].resetSeconds;
        throw new ApiError(
          'rate_limited',
          binding === 0
            ? `This account reached its ${perMinute.limit} free previews per minute. Retry after ${wait} s.`
            : `This account used its ${perDay.limit} free previews for today. They come back in ${wait} s; POST /image/generate still works (1 credit per image).`,
          { headers: limitHeaders },
        );
      }
      reply.headers(limitHeaders);
      const output = await previewImage(options.deps, account, request.body, clientGoneSignal(reply));
      return reply.type('image/png').header('Cache-Control', 'no-store').send(Buffer.from(output.data));
    },
  );
}
