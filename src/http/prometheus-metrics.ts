import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Metrics, RenderOutcome, SettledBy } from '../services/metrics.js';
import { bindingIndex, type RateLimiter } from './rate-limiter.js';

/** What the render-pool gauges read at scrape time. */
export interface RenderPoolGauges {
  readonly waiting: number;
  readonly busyWorkers: number;
  readonly workers: number;
}

export type FetchCacheResult = 'hit' | 'revalidated' | 'miss';

/**
 * Bounded label sets only: `route` is Fastify's route pattern (/images/:file),
 * never the URL, and unmatched requests share one value, so a scanner trying
 * a million paths adds no series. Methods outside the usual ones are folded
 * into "other" for the same reason.
 */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
export const UNMATCHED_ROUTE = '(unmatched)';

/** Every series Imprint exports, on a registry of its own so several apps in one process (tests) never share counters. */
export class PrometheusMetrics implements Metrics {
  readonly registry = new Registry();
  private readonly httpRequests = new Counter({
    name: 'imprint_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  private readonly httpDuration = new Histogram({
    name: 'imprint_http_request_duration_seconds',
    help: 'Time from the request arriving to the response being sent, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [this.registry],
  });
  private readonly renderDuration = new Histogram({
    name: 'imprint_render_duration_seconds',
    help: 'Renders from submission to the pool until its answer (queue wait included), by outcome.',
    labelNames: ['outcome'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 15, 30],
    registers: [this.registry],
  });
  private readonly reserved = new Counter({ name: 'imprint_credits_reserved_total', help: 'Credits reserved by generates.', registers: [this.registry] });
  private readonly committed = new Counter({
    name: 'imprint_credits_committed_total',
    help: 'Reserved credits charged, by who settled them (request or sweeper).',
    labelNames: ['by'] as const,
    registers: [this.registry],
  });
  private readonly refunded = new Counter({
    name: 'imprint_credits_refunded_total',
    help: 'Reserved credits given back, by who settled them (request or sweeper).',
    labelNames: ['by'] as const,
    registers: [this.registry],
  });
  private readonly swept = new Counter({
    name: 'imprint_reservation_sweeper_settlements_total',
    help: 'Lapsed reservations the sweeper settled, by outcome (committed or refunded).',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  private readonly fetchRequests = new Counter({
    name: 'imprint_fetch_cache_requests_total',
    help: 'Remote image fetches by cache result: hit (fresh copy), revalidated (304 from the origin) or miss (downloaded).',
    labelNames: ['result'] as const,
    registers: [this.registry],
  });
  private readonly fetchBytes = new Counter({
    name: 'imprint_fetch_bytes_total',
    help: 'Remote image bytes served, by source: cache or network.',
    labelNames: ['source'] as const,
    registers: [this.registry],
  });
  private readonly rateLimitedTotal = new Counter({
    name: 'imprint_rate_limit_rejections_total',
    help: 'Requests refused with 429, by the limit that refused them (the HTTP limits, or the sign-in-email / sign-in-ip throttles).',
    labelNames: ['limiter'] as const,
    registers: [this.registry],
  });
  private readonly jobsFinished = new Counter({
    name: 'imprint_jobs_finished_total',
    help: 'Background jobs that finished for good, by state (succeeded, failed) and kind (job: an async generate; batch_item: one item of a batch).',
    labelNames: ['state', 'kind'] as const,
    registers: [this.registry],
  });
  private readonly sharedCountDown = new Gauge({
    name: 'imprint_redis_fallback_active',
    help: '1 while a limiter counts on this node only because Redis does not answer (REDIS_URL set), else 0.',
    labelNames: ['limiter'] as const,
    registers: [this.registry],
  });
  private readonly sharedCountOutages = new Counter({
    name: 'imprint_redis_outages_total',
    help: 'Times a limiter fell back to counting on this node because Redis did not answer.',
    labelNames: ['limiter'] as const,
    registers: [this.registry],
  });
  private pool: RenderPoolGauges | null = null;
  /** labels() hashes its arguments on every call; the children are few (bounded labels), so each is looked up once. */
  private readonly httpChildren = new Map<string, { count: Counter.Internal; time: Histogram.Internal<'method' | 'route'> }>();

  constructor(opts: { defaultMetrics?: boolean } = {}) {
    const pool = () => this.pool;
    new Gauge({
      name: 'imprint_render_queue_depth',
      help: 'Renders waiting for a worker.',
      registers: [this.registry],
      collect() {
        this.set(pool()?.waiting ?? 0);
      },
    });
    new Gauge({
      name: 'imprint_render_workers_busy',
      help: 'Render workers holding at least one render.',
      registers: [this.registry],
      collect() {
        this.set(pool()?.busyWorkers ?? 0);
      },
    });
    new Gauge({
      name: 'imprint_render_workers',
      help: 'Render workers in the pool.',
      registers: [this.registry],
      collect() {
        this.set(pool()?.workers ?? 0);
      },
    });
    if (opts.defaultMetrics ?? true) collectDefaultMetrics({ register: this.registry });
    // Pre-declared series start at 0, so rate() and alerts see a counter before its first event.
    for (const by of ['request', 'sweeper']) {
      this.committed.labels(by).inc(0);
      this.refunded.labels(by).inc(0);
    }
    for (const outcome of ['committed', 'refunded']) this.swept.labels(outcome).inc(0);
    for (const result of ['hit', 'revalidated', 'miss']) this.fetchRequests.labels(result).inc(0);
    for (const source of ['cache', 'network']) this.fetchBytes.labels(source).inc(0);
  }

  watchRenderPool(pool: RenderPoolGauges): void {
    this.pool = pool;
  }

  httpRequest(method: string, route: string | undefined, status: number, seconds: number): void {
    const m = METHODS.has(method) ? method : 'other';
    const r = route ?? UNMATCHED_ROUTE;
    const id = `${m} ${status} ${r}`;
    let child = this.httpChildren.get(id);
    if (!child) {
      child = { count: this.httpRequests.labels(m, r, String(status)), time: this.httpDuration.labels(m, r) };
      this.httpChildren.set(id, child);
    }
    child.count.inc();
    child.time.observe(seconds);
  }

  creditsReserved(credits: number): void {
    this.reserved.inc(credits);
  }

  creditsCommitted(credits: number, by: SettledBy): void {
    this.committed.labels(by).inc(credits);
  }

  creditsRefunded(credits: number, by: SettledBy): void {
    this.refunded.labels(by).inc(credits);
  }

  reservationsSwept(result: { committed: number; refunded: number }): void {
    this.swept.labels('committed').inc(result.committed);
    this.swept.labels('refunded').inc(result.refunded);
  }

  renderFinished(seconds: number, outcome: RenderOutcome): void {
    this.renderDuration.labels(outcome).observe(seconds);
  }

  fetchCache(result: FetchCacheResult, bytes: number): void {
    this.fetchRequests.labels(result).inc();
    this.fetchBytes.labels(result === 'miss' ? 'network' : 'cache').inc(bytes);
  }

  rateLimited(limiter: string): void {
    this.rateLimitedTotal.labels(limiter).inc();
  }

  jobFinished(state: 'succeeded' | 'failed', kind: 'job' | 'batch_item'): void {
    this.jobsFinished.labels(state, kind).inc();
  }

  /** A limiter's shared count (Redis) stopped answering: it counts on this node until `redisRecovered`. */
  redisUnavailable(limiter: string): void {
    this.sharedCountDown.labels(limiter).set(1);
    this.sharedCountOutages.labels(limiter).inc();
  }

  redisRecovered(limiter: string): void {
    this.sharedCountDown.labels(limiter).set(0);
  }

  /** The exposition text and its content type. */
  async scrape(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}

/**
 * Counts refusals by the policy that bound them (the one whose name the
 * RateLimit header reports), whatever limiter sits underneath: memory today,
 * a shared one on several nodes.
 */
export function countRejections(limiter: RateLimiter, metrics: Pick<PrometheusMetrics, 'rateLimited'>): RateLimiter {
  return {
    async hit(subject, policy) {
      const decision = await limiter.hit(subject, policy);
      if (!decision.allowed) metrics.rateLimited(policy.name);
      return decision;
    },
    async hitAll(checks) {
      const decisions = await limiter.hitAll(checks);
      if (decisions.some((d) => !d.allowed)) metrics.rateLimited(checks[bindingIndex(decisions)].policy.name);
      return decisions;
    },
  };
}
