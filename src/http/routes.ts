import { Type } from '@sinclair/typebox';
import type { AppOptions, AuthRuntime, ImprintApp } from './app.js';
import { registerAuthRoutes } from './routes/auth-routes.js';
import { registerBatchRoutes } from './routes/batch-routes.js';
import { registerAccountRoutes } from './routes/account-routes.js';
import { registerAssetRoutes } from './routes/asset-routes.js';
import { registerFontRoutes } from './routes/font-routes.js';
import { registerGalleryRoutes } from './routes/gallery-routes.js';
import { registerGenerateRoutes } from './routes/generate-routes.js';
import { registerHealthRoutes } from './routes/health-routes.js';
import { registerImageRoutes } from './routes/image-routes.js';
import { registerJobRoutes } from './routes/job-routes.js';
import { registerPreviewRoutes } from './routes/preview-routes.js';
import { registerSignedUrlRoutes } from './routes/signed-url-routes.js';
import { registerTemplateRoutes } from './routes/template-routes.js';
import { registerWebRoutes } from './routes/web-routes.js';
import { DEFAULT_ASSET_LIMITS } from '../services/manage-assets.js';
import { RAW_BODY } from './openapi-document.js';

export async function registerRoutes(app: ImprintApp, options: AppOptions, auth: AuthRuntime): Promise<void> {
  registerAuthRoutes(app, options, auth);
  registerGenerateRoutes(app, options.deps);
  registerJobRoutes(app, options.deps);
  await registerBatchRoutes(app, options.deps);
  registerPreviewRoutes(app, options);
  registerTemplateRoutes(app, options.deps);
  registerGalleryRoutes(app, options.deps);
  registerAccountRoutes(app, options.deps, { maxApiKeys: options.limits.maxApiKeysPerAccount });
  registerFontRoutes(app, options.deps);
  registerImageRoutes(app, options.deps);
  registerSignedUrlRoutes(app, options);
  await registerAssetRoutes(app, options.deps, { ...DEFAULT_ASSET_LIMITS, ...options.assets });
  registerHealthRoutes(app, options);
  registerWebRoutes(app, options.webDir);
}

/** OpenAPI entries for the error statuses a route can return; all share the one Error body. */
export function errorResponses(...statuses: number[]): Record<number, unknown> {
  const out: Record<number, unknown> = {};
  for (const status of [401, 429, ...statuses]) out[status] = Type.Ref('Error');
  return out;
}

/** A response whose body is a file in one of `mediaTypes`, documented as such rather than as JSON. */
export function fileResponse(description: string, mediaTypes: readonly string[]) {
  return Type.Unsafe<Buffer | NodeJS.ReadableStream>({
    description,
    content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
  });
}

/** Spread into a route's schema whose body is a raw file (parsed by its own content-type parser, never validated as JSON). */
export function rawBody(description: string, mediaTypes: readonly string[]): Record<string, unknown> {
  return { [RAW_BODY]: { description, mediaTypes } };
}

/** Either an API key or the web app's session cookie. */
export const bearer: Array<Record<string, string[]>> = [{ bearerAuth: [] }, { sessionCookie: [] }];
