import { Type } from '@sinclair/typebox';
import { registerAccountRoutes } from './routes/account-routes.js';
import { registerFontRoutes } from './routes/font-routes.js';
import { registerGenerateRoutes } from './routes/generate-routes.js';
import { registerHealthRoutes } from './routes/health-routes.js';
import { registerImageRoutes } from './routes/image-routes.js';
import { registerTemplateRoutes } from './routes/template-routes.js';
export async function registerRoutes(app, options) {
    registerGenerateRoutes(app, options.deps);
    registerTemplateRoutes(app, options.deps);
    registerAccountRoutes(app, options.deps);
    registerFontRoutes(app, options.deps);
    registerImageRoutes(app, options.deps);
    registerHealthRoutes(app, options);
}
/** OpenAPI entries for the error statuses a route can return; all share the one Error body. */
export function errorResponses(...statuses) {
    const out = {};
    for (const status of [401, 429, ...statuses])
        out[status] = Type.Ref('Error');
    return out;
}
export const bearer = [{ bearerAuth: [] }];
//# sourceMappingURL=routes.js.map