import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../domain/errors.js';
import type { ImprintApp } from '../app.js';
import type { PrometheusMetrics } from '../prometheus-metrics.js';

/**
 * GET /metrics in Prometheus' text format. It reveals traffic, tenants' load
 * and credit flows, so it is never public: with METRICS_TOKEN it needs that
 * Bearer token; without, it answers only a client on this machine. "On this
 * machine" is the socket's peer address, never request.ip, which TRUST_PROXY
 * lets X-Forwarded-For choose. A reverse proxy on the same host connects from
 * loopback too, so a request carrying forwarding headers is not taken as local.
 * Left out of the OpenAPI document: it is for the operator's scraper, not API clients.
 */
export function registerMetricsRoutes(app: ImprintApp, metrics: PrometheusMetrics, token: string | undefined): void {
  const expected = token ? digest(token) : null;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (expected) {
      const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
      if (!match || !timingSafeEqual(digest(match[1]), expected)) {
        throw new ApiError('invalid_metrics_token', 'GET /metrics needs "Authorization: Bearer <METRICS_TOKEN>".', { headers: { 'WWW-Authenticate': 'Bearer realm="metrics"' } });
      }
    } else if (!isLocalClient(request)) {
      throw new ApiError('metrics_loopback_only', 'GET /metrics answers only on loopback while METRICS_TOKEN is unset. Set METRICS_TOKEN to scrape it from another host.');
    }
    const { contentType, body } = await metrics.scrape();
    return reply.header('Content-Type', contentType).header('Cache-Control', 'no-store').send(body);
  });
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

export function isLocalClient(request: FastifyRequest): boolean {
  if (FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined)) return false;
  return isLoopback(request.socket.remoteAddress ?? '');
}

export function isLoopback(address: string): boolean {
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4.startsWith('127.') || address === '::1';
}
