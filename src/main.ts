import './render/native-allocator.js'; // first: it configures the canvas addon, which reads it on load
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfig, ConfigError, type Config } from './config.js';
import type { S3BlobStore } from './blobs/s3-blob-store.js';
import type { PrometheusMetrics } from './http/prometheus-metrics.js';
import { RenderPool } from './render/render-pool.js';
import { repoRoot } from './repo-root.js';
import type { AuthSettings } from './services/auth-context.js';
import type { FailoverEvents } from './redis/redis-failover.js';
import type { JobRunner } from './services/job-runner.js';
import type { ReservationSweeper } from './services/settle-reservations.js';
import type { ServiceDeps } from './services/service-deps.js';

// Only what starts the render workers is imported up front. The rest of the
// server (Fastify, the store, the services: most of the bundle) is imported
// once the workers are spawned, so their threads load their own modules and
// register the fonts on the second core while this one is still loading.

/**
 * The one place where Imprint is wired together. The server and the admin CLI
 * both start from createRuntime, so they read the same DATA_DIR/DATABASE_URL
 * the same way and a change made by one is seen by the other at once.
 */
export interface Runtime {
  config: Config;
  deps: ServiceDeps;
  renderPool: RenderPool | null;
  metrics: PrometheusMetrics;
  /** Rejects, naming the bucket, when S3 blobs are configured but unreachable; the disk store needs no check. */
  checkBlobs(): Promise<void>;
  close(): Promise<void>;
}

export async function createRuntime(config: Config, opts: { renderWorkers: boolean } = { renderWorkers: true }): Promise<Runtime> {
  // Workers first: they load their modules and register the fonts on their own threads while this one loads the server and opens the database.
  const renderPool = opts.renderWorkers
    ? new RenderPool({
        size: config.renderWorkers,
        maxQueue: config.renderQueue,
        timeoutMs: config.renderTimeoutMs,
        heapMb: config.renderWorkerHeapMb,
        cacheMb: config.renderCacheMb,
      })
    : null;
  let modules: Awaited<ReturnType<typeof runtimeModules>>;
  let store: Awaited<ReturnType<(typeof modules)['openStore']>>;
  try {
    modules = await runtimeModules();
    store = await modules.openStore({ databaseUrl: config.databaseUrl ?? undefined, dataDir: config.dataDir });
  } catch (error) {
    await renderPool?.close();
    throw error;
  }
  const { DiskBlobStore, AccountFontLoader, PrometheusMetrics, createImageFetcher, systemClock, createGuardedPoster } = modules;
  const bundled = modules.bundledFontFamilies();
  // The fetch cache below stays on each node's disk even with S3: it only saves refetching public URLs (docs/decisions/0028).
  // Imported only when configured: the AWS SDK is the largest module tree the server could load (docs/decisions/0044).
  const s3: S3BlobStore | null = config.s3 ? new (await import('./blobs/s3-blob-store.js')).S3BlobStore(config.s3) : null;
  const blobs = s3 ?? new DiskBlobStore(path.join(config.dataDir, 'blobs'));
  const fontLoader = new AccountFontLoader({ store, blobs });
  // The CLI serves no /metrics: process metrics only where a server runs.
  const metrics = new PrometheusMetrics({ defaultMetrics: opts.renderWorkers });
  if (renderPool) metrics.watchRenderPool(renderPool);
  const deps: ServiceDeps = {
    store,
    blobs,
    accountFonts: (accountId, document) => fontLoader.load(accountId, document),
    renderer: renderPool ?? { render: () => Promise.reject(new Error('render workers are not started in this process')) },
    fetcher: createImageFetcher({
      allowPrivate: config.fetchAllowPrivate,
      cacheDir: config.fetchCacheMb > 0 ? path.join(config.dataDir, 'cache', 'images') : undefined,
      diskCacheBytes: config.fetchCacheMb * 1024 * 1024,
      onCacheResult: (result, bytes) => metrics.fetchCache(result, bytes),
    }),
    fontFamilies: async (accountId) => [...bundled, ...(await store.listFonts(accountId)).map((font) => font.family)],
    publicUrl: config.publicUrl,
    renderBudget: config.renderBudget,
    templateQuotaBytes: config.templateQuotaMb * 1024 * 1024,
    now: systemClock,
    leases: { reservationMs: config.reservationLeaseS * 1000, idempotencyMs: config.idempotencyLeaseS * 1000 },
    metrics,
    // Webhooks go where images may be fetched from, and nowhere else.
    webhooks: createGuardedPoster({ allowPrivate: config.fetchAllowPrivate }),
  };
  return {
    config,
    deps,
    renderPool,
    metrics,
    checkBlobs: async () => s3?.check(),
    async close() {
      await renderPool?.close();
      await store.close();
      s3?.close();
    },
  };
}

async function runtimeModules() {
  const [store, disk, fetcher, metrics, fonts, accountFonts, deps, post] = await Promise.all([
    import('./store/open-store.js'),
    import('./blobs/disk-blob-store.js'),
    import('./fetch/image-fetcher.js'),
    import('./http/prometheus-metrics.js'),
    import('./render/fonts/font-registry.js'),
    import('./services/manage-fonts.js'),
    import('./services/service-deps.js'),
    import('./fetch/guarded-post.js'),
  ]);
  return {
    openStore: store.openStore,
    DiskBlobStore: disk.DiskBlobStore,
    createImageFetcher: fetcher.createImageFetcher,
    PrometheusMetrics: metrics.PrometheusMetrics,
    bundledFontFamilies: fonts.bundledFontFamilies,
    AccountFontLoader: accountFonts.AccountFontLoader,
    systemClock: deps.systemClock,
    createGuardedPoster: post.createGuardedPoster,
  };
}

/** The modules only the server needs, loaded while the render workers start (see the top of this file). */
async function serverModules() {
  const [app, rateLimiter, redisLimiter, redisThrottle, seed, users, hash, warm, reservations, sessions, jobs, purgeJobs] = await Promise.all([
    import('./http/app.js'),
    import('./http/rate-limiter.js'),
    import('./redis/redis-rate-limiter.js'),
    import('./redis/redis-sign-in-throttle.js'),
    import('./services/seed-demo.js'),
    import('./services/manage-users.js'),
    import('./services/password-hash.js'),
    import('./services/warm-up.js'),
    import('./services/settle-reservations.js'),
    import('./services/manage-sessions.js'),
    import('./services/job-runner.js'),
    import('./services/purge-finished-jobs.js'),
  ]);
  return {
    buildApp: app.buildApp,
    MemoryRateLimiter: rateLimiter.MemoryRateLimiter,
    RedisRateLimiter: redisLimiter.RedisRateLimiter,
    redisSignInThrottles: redisThrottle.redisSignInThrottles,
    seedDemo: seed.seedDemo,
    DEMO_ACCOUNT: seed.DEMO_ACCOUNT,
    createDemoUser: users.createDemoUser,
    PasswordHasher: hash.PasswordHasher,
    warmUp: warm.warmUp,
    demoWarmUpTemplates: warm.demoWarmUpTemplates,
    startReservationSweeper: reservations.startReservationSweeper,
    purgeEndedSessions: sessions.purgeEndedSessions,
    startJobRunner: jobs.startJobRunner,
    purgeFinishedJobs: purgeJobs.purgeFinishedJobs,
  };
}

export function authSettings(config: Config): AuthSettings {
  return {
    signup: config.signup,
    signupCredits: config.signupCredits,
    sessionIdleMs: config.sessionIdleHours * 3600 * 1000,
    sessionMaxMs: config.sessionMaxDays * 24 * 3600 * 1000,
  };
}

export function demoTemplatesDir(): string {
  return path.join(repoRoot(), 'templates', 'demo');
}

export async function startServer(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  let config: Config;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const runtime = await createRuntime(config);
  const {
    buildApp,
    MemoryRateLimiter,
    RedisRateLimiter,
    redisSignInThrottles,
    seedDemo,
    DEMO_ACCOUNT,
    createDemoUser,
    PasswordHasher,
    warmUp,
    demoWarmUpTemplates,
    startReservationSweeper,
    purgeEndedSessions,
    startJobRunner,
    purgeFinishedJobs,
  } = await serverModules();
  try {
    await runtime.checkBlobs();
  } catch (error) {
    console.error((error as Error).message);
    await runtime.close();
    process.exit(1);
  }
  let seeded: Awaited<ReturnType<typeof seedDemo>> = null;
  if (config.seedDemo) {
    seeded = await seedDemo(runtime.deps, demoTemplatesDir());
    if (seeded) printDemoBanner(config, seeded.key.plaintext, seeded.templateIds);
    // Also on the first start after an upgrade that added sign-in: the existing demo account gets its user then.
    const demo = await runtime.deps.store.findAccountByName(DEMO_ACCOUNT);
    const signIn = demo ? await createDemoUser(runtime.deps, new PasswordHasher(), demo.id) : null;
    if (signIn) printDemoSignIn(config, signIn);
  }
  // Readiness waits for warm workers and one render of each demo template per
  // worker, so a load balancer sends the first real request to a node that
  // answers it as fast as the hundredth. The port opens meanwhile. The demo
  // renders are posted at once, not after the workers' own warm-up: a worker
  // takes them as soon as it is ready, and the other worker need not be.
  let warmedUp = false;
  void (async () => {
    const [, report] = await Promise.all([runtime.renderPool?.whenWarm(), warmUp(runtime.deps, await demoWarmUpTemplates(runtime.deps, DEMO_ACCOUNT), config.renderWorkers)]);
    // The warm-up is for code, fonts, parsed objects and decoded images; its pixel caches would hold
    // tens of MB per worker for templates a production node may never render again.
    runtime.renderPool?.releasePixelCaches();
    if (report.failed > 0) console.warn(`Warm-up: ${report.failed} of ${report.rendered + report.failed} demo renders failed (${report.firstError}); the node is ready anyway.`);
  })()
    .catch((error) => console.warn('Warm-up failed; the node is ready anyway:', error))
    .finally(() => {
      warmedUp = true;
    });
  const auth = authSettings(config);
  // Hourly: sessions past their end, then async jobs and batches past JOB_RETENTION_DAYS. One run at a
  // time (a first purge of a large backlog may take longer than the hour), ended between two batches on shutdown.
  let housekeeping: Promise<void> | null = null;
  const purgeSessions = () =>
    (housekeeping ??= (async () => {
      await purgeEndedSessions(runtime.deps, auth).catch((error) => console.error('session purge failed (retrying in an hour):', error));
      await purgeFinishedJobs(runtime.deps, config.jobRetentionDays, () => stopping).catch((error) => console.error('finished job purge failed (retrying in an hour):', error));
    })().finally(() => {
      housekeeping = null;
    }));
  let sessionPurge: NodeJS.Timeout | undefined;
  let sweeper: ReservationSweeper | null = null;
  // ioredis is loaded only by the nodes that use it, like the AWS SDK above.
  const redisClient = config.redisUrl ? await import('./redis/redis-client.js') : null;
  const redis = config.redisUrl && redisClient ? redisClient.connectRedis(config.redisUrl) : null;
  // The failover reports each outage once (below); ioredis's own per-attempt errors would repeat it every retry.
  redis?.on('error', () => undefined);
  if (redis && redisClient && !(await redisClient.redisReady(redis, 5000))) console.warn('Redis does not answer yet: rate limits count on this node only until it does.');
  let log: { warn(obj: object, msg: string): void; info(msg: string): void } = { warn: (obj, msg) => console.warn(msg, obj), info: (msg) => console.log(msg) };
  const failoverEvents: FailoverEvents = {
    onUnavailable: (limiter, error) => {
      runtime.metrics.redisUnavailable(limiter);
      log.warn({ err: error }, `Redis unreachable: ${limiter} now count on this node only until it answers again`);
    },
    onRecovered: (limiter) => {
      runtime.metrics.redisRecovered(limiter);
      log.info(`Redis answers again: ${limiter} are shared again`);
    },
  };
  const app = await buildApp({
    deps: runtime.deps,
    rateLimiter: redis ? new RedisRateLimiter(redis, config.redisKeyPrefix, failoverEvents) : new MemoryRateLimiter(),
    signInThrottles: redis ? redisSignInThrottles(redis, config.redisKeyPrefix, failoverEvents) : undefined,
    limits: {
      readPerMinute: config.rateLimitReadPerMinute,
      generatePerMinute: config.rateLimitGeneratePerMinute,
      accountReadPerMinute: config.rateLimitAccountReadPerMinute,
      accountGeneratePerMinute: config.rateLimitAccountGeneratePerMinute,
      keyCreatePerHour: config.rateLimitKeyCreatePerHour,
      fontUploadsPerHour: config.rateLimitFontUploadPerHour,
      previewPerMinute: config.previewPerMinute,
      previewDailyCap: config.previewDailyCap,
      maxApiKeysPerAccount: config.maxApiKeysPerAccount,
      signedUrlKeyPerMinute: config.rateLimitSignedUrlKeyPerMinute,
      signedUrlIpPerMinute: config.rateLimitSignedUrlIpPerMinute,
    },
    trustProxy: config.trustProxy,
    metrics: runtime.metrics,
    metricsToken: config.metricsToken ?? undefined,
    bodyLimitBytes: config.bodyLimitBytes,
    auth,
    assets: { maxBytes: config.assetMaxBytes, quotaBytes: config.assetQuotaMb * 1024 * 1024, maxPixels: config.renderBudget.maxMegapixels * 1_000_000 },
    logger: { level: config.logLevel },
    ready: async () => {
      if (!warmedUp) throw new Error('warming up the render workers and the demo templates');
    },
  });
  log = app.log;
  if (seeded) {
    for (const id of seeded.templateIds) {
      const record = await runtime.deps.store.getTemplate(seeded.account.id, id);
      if (record) app.thumbnails.schedule(seeded.account.id, record);
    }
  }
  let jobRunner: JobRunner | null = null;
  let stopping = false;
  const shutdown = async (signal: string) => {
    // A second signal means "now": the operator (or orchestrator) gave up on the drain.
    if (stopping) process.exit(1);
    stopping = true;
    app.log.info(`${signal}: draining (up to ${config.shutdownGraceS} s for running requests), then shutting down`);
    app.drain.start();
    // Jobs get the same grace as requests; one cut short is re-run by another node (or this one restarted) after its lease.
    const [idle, jobsDone] = await Promise.all([app.drain.idle(config.shutdownGraceS * 1000), jobRunner?.stop(config.shutdownGraceS * 1000) ?? true]);
    if (!idle) {
      app.log.warn(`${app.drain.running} requests still running after SHUTDOWN_GRACE_S=${config.shutdownGraceS}; exiting anyway`);
      // app.close() waits for every open request, and one client trickling a body would hold it (and
      // the port) until Node's 5-minute request timeout: a cheap way to stall every deploy. A request
      // cut here is a crash to the credits: its reservation is refunded after its lease.
      app.server.closeAllConnections();
    }
    if (!jobsDone) app.log.warn(`async jobs still running after SHUTDOWN_GRACE_S=${config.shutdownGraceS}; they run again after their lease`);
    await app.close();
    clearInterval(sessionPurge);
    await housekeeping;
    await sweeper?.stop();
    await runtime.close();
    redis?.disconnect();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  // Housekeeping starts once the port is open, while the workers warm up: none of it is needed to
  // open the port, and this thread is mostly idle until they are warm, so it neither delays
  // readiness nor competes with the first requests after it.
  sessionPurge = setInterval(() => void purgeSessions(), 3600 * 1000);
  sessionPurge.unref();
  void purgeSessions();
  sweeper = await startReservationSweeper(runtime.deps, {
    intervalMs: config.reservationSweepS * 1000,
    onSwept: (r) => {
      if (r.committed + r.refunded > 0) console.log(`Settled lapsed reservations: ${r.refunded} refunded, ${r.committed} committed.`);
    },
    onError: (error) => console.error('reservation sweep failed (retrying next interval):', error),
  });
  // Once listening, so a restart's backlog does not compete with start-up; failures are logged where requests' are.
  jobRunner = startJobRunner(runtime.deps, {
    concurrency: config.jobConcurrency,
    pollMs: config.jobPollMs,
    delivery: { retryDelaysMs: config.webhookRetryS.map((s) => s * 1000) },
    onError: (error) => app.log.error({ err: error }, 'async job or webhook delivery failed (it is retried)'),
  });
  console.log(`Imprint is listening on ${config.publicUrl}  (API reference: ${config.publicUrl}/docs)`);
}

function printDemoBanner(config: Config, key: string, templateIds: string[]): void {
  const line = '─'.repeat(72);
  console.log(`${line}
First run: created the account "demo" with 100 credits.
Its API key is shown ONCE — copy it now (only its hash is stored):

  export IMPRINT_KEY=${key}

Demo templates: ${templateIds.join(', ')}
Try:  curl -s ${config.publicUrl}/templates/all -H "Authorization: Bearer $IMPRINT_KEY"
${line}`);
}

function printDemoSignIn(config: Config, signIn: { email: string; password: string }): void {
  const line = '─'.repeat(72);
  console.log(`${line}
Sign in to the web app as the demo user at ${config.publicUrl}/
The password is shown ONCE (only its scrypt hash is stored):

  email:    ${signIn.email}
  password: ${signIn.password}

Lost it? npx imprint users reset-password --email ${signIn.email}
${line}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  startServer().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
