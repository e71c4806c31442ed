/**
 * What the use cases report while they work. main.ts passes the Prometheus
 * implementation (src/http/prometheus-metrics.ts); the services never see
 * prom-client, and a deps object without `metrics` reports nothing.
 */
export interface Metrics {
  creditsReserved(credits: number): void;
  /** `by`: the request that did the work, or the sweeper settling a lapsed reservation. */
  creditsCommitted(credits: number, by: SettledBy): void;
  creditsRefunded(credits: number, by: SettledBy): void;
  /** One sweep's settlements, in reservations. */
  reservationsSwept(result: { committed: number; refunded: number }): void;
  /** From handing the render to the pool until it answered: queue wait included, as the caller sees it. */
  renderFinished(seconds: number, outcome: RenderOutcome): void;
  /** A request refused with 429, by the limit that bound it (the HTTP limiters' policy names, or a sign-in throttle). */
  rateLimited(limiter: string): void;
  /** A background job finished for good (retries are not counted); `kind` tells a batch's item from a single async generate. */
  jobFinished(state: 'succeeded' | 'failed', kind: 'job' | 'batch_item'): void;
}

export type SettledBy = 'request' | 'sweeper';
/** `abandoned`: taken out of the queue because the client hung up before a worker was free. */
export type RenderOutcome = 'ok' | 'failed' | 'too_complex' | 'queue_full' | 'abandoned' | 'error';
