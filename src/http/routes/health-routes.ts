import { Type } from '@sinclair/typebox';
import type { AppOptions, ImprintApp } from '../app.js';
import { ApiError } from '../../domain/errors.js';

export function registerHealthRoutes(app: ImprintApp, options: AppOptions): void {
  app.get(
    '/healthz',
    { schema: { operationId: 'getLiveness', summary: 'Liveness', tags: ['Operations'], response: { 200: Type.Object({ status: Type.Literal('ok') }) } } },
    async () => ({
      status: 'ok' as const,
    }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        operationId: 'getReadiness',
        summary: 'Readiness: the database answers and the render workers are warm',
        tags: ['Operations'],
        response: { 200: Type.Object({ status: Type.Literal('ready') }), 503: Type.Ref('Error') },
      },
    },
    async (request) => {
      if (app.drain.draining) throw new ApiError('service_unavailable', 'Not ready: this server is shutting down.', { headers: { 'Retry-After': '5' } });
      try {
        await options.deps.store.ping();
      } catch (error) {
        request.log.warn({ err: error }, 'not ready');
        throw new ApiError('service_unavailable', 'Not ready: the database is unavailable.', { headers: { 'Retry-After': '5' } });
      }
      try {
        await options.ready?.();
      } catch (error) {
        // Expected for the first second or so of every start (the warm-up), so not worth a warning per probe.
        throw new ApiError('service_unavailable', `Not ready: ${(error as Error).message}.`, { headers: { 'Retry-After': '1' } });
      }
      return { status: 'ready' as const };
    },
  );
}
