import './render/native-allocator.js'; // first: it configures the canvas addon, which reads it on load
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfig, ConfigError, type Config } from './config.js';
import { DiskBlobStore } from './blobs/disk-blob-store.js';
import { createImageFetcher } from './fetch/image-fetcher.js';
import { buildApp } from './http/app.js';
import { MemoryRateLimiter } from './http/rate-limiter.js';
import { bundledFontFamilies } from './render/fonts/font-registry.js';
import { textDimensions } from './render/text/text-dimensions.js';
import { RenderPool } from './render/render-pool.js';
import { repoRoot } from './repo-root.js';
import type { AuthSettings } from './services/auth-context.js';
import { AccountFontLoader } from './services/manage-fonts.js';
import { purgeEndedSessions } from './services/manage-sessions.js';
import { createDemoUser } from './services/manage-users.js';
import { PasswordHasher } from './services/password-hash.js';
import { DEMO_ACCOUNT, seedDemo } from './services/seed-demo.js';
import { startReservationSweeper } from './services/settle-reservations.js';
import { systemClock, type ServiceDeps } from './services/service-deps.js';
import { openStore } from './store/open-store.js';

/**
 * The one place where Imprint is wired together. The server and the admin CLI
 * both start from createRuntime, so they read the same DATA_DIR/DATABASE_URL
 * the same way and a change made by one is seen by the other at once.
 */
export interface Runtime {
  config: Config;
  deps: ServiceDeps;
  renderPool: RenderPool | null;
  close(): Promise<void>;
}

export async function createRuntime(config: Config, opts: { renderWorkers: boolean } = { renderWorkers: true }): Promise<Runtime> {
  const store = await openStore({ databaseUrl: config.databaseUrl ?? undefined, dataDir: config.dataDir });
  const renderPool = opts.renderWorkers
    ? new RenderPool({ size: config.renderWorkers, maxQueue: config.renderQueue, timeoutMs: config.renderTimeoutMs, heapMb: config.renderWorkerHeapMb })
    : null;
  const bundled = bundledFontFamilies();
  const blobs = new DiskBlobStore(path.join(config.dataDir, 'blobs'));
  const fontLoader = new AccountFontLoader({ store, blobs });
  const deps: ServiceDeps = {
    store,
    blobs,
    accountFonts: (accountId) => fontLoader.load(accountId),
    renderer: renderPool ?? { render: () => Promise.reject(new Error('render workers are not started in this process')) },
    fetcher: createImageFetcher({
      allowPrivate: config.fetchAllowPrivate,
      cacheDir: config.fetchCacheMb > 0 ? path.join(config.dataDir, 'cache', 'images') : undefined,
      diskCacheBytes: config.fetchCacheMb * 1024 * 1024,
    }),
    fontFamilies: async (accountId) => [...bundled, ...(await store.listFonts(accountId)).map((font) => font.family)],
    textLayout: textDimensions,
    publicUrl: config.publicUrl,
    renderBudget: config.renderBudget,
    now: systemClock,
    leases: { reservationMs: config.reservationLeaseS * 1000, idempotencyMs: config.idempotencyLeaseS * 1000 },
  };
  return {
    config,
    deps,
    renderPool,
    async close() {
      await renderPool?.close();
      await store.close();
    },
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
  let seeded: Awaited<ReturnType<typeof seedDemo>> = null;
  if (config.seedDemo) {
    seeded = await seedDemo(runtime.deps, demoTemplatesDir());
    if (seeded) printDemoBanner(config, seeded.key.plaintext, seeded.templateIds);
    // Also on the first start after an upgrade that added sign-in: the existing demo account gets its user then.
    const demo = await runtime.deps.store.findAccountByName(DEMO_ACCOUNT);
    const signIn = demo ? await createDemoUser(runtime.deps, new PasswordHasher(), demo.id) : null;
    if (signIn) printDemoSignIn(config, signIn);
  }
  const sweeper = await startReservationSweeper(runtime.deps, {
    intervalMs: config.reservationSweepS * 1000,
    onSwept: (r) => {
      if (r.committed + r.refunded > 0) console.log(`Settled lapsed reservations: ${r.refunded} refunded, ${r.committed} committed.`);
    },
    onError: (error) => console.error('reservation sweep failed (retrying next interval):', error),
  });
  const auth = authSettings(config);
  const purgeSessions = () => purgeEndedSessions(runtime.deps, auth).catch((error) => console.error('session purge failed (retrying in an hour):', error));
  await purgeSessions();
  const sessionPurge = setInterval(() => void purgeSessions(), 3600 * 1000);
  sessionPurge.unref();
  const app = await buildApp({
    deps: runtime.deps,
    rateLimiter: new MemoryRateLimiter(),
    limits: {
      readPerMinute: config.rateLimitReadPerMinute,
      generatePerMinute: config.rateLimitGeneratePerMinute,
      accountReadPerMinute: config.rateLimitAccountReadPerMinute,
      accountGeneratePerMinute: config.rateLimitAccountGeneratePerMinute,
      keyCreatePerHour: config.rateLimitKeyCreatePerHour,
      previewPerMinute: config.previewPerMinute,
      previewDailyCap: config.previewDailyCap,
      maxApiKeysPerAccount: config.maxApiKeysPerAccount,
    },
    trustProxy: config.trustProxy,
    bodyLimitBytes: config.bodyLimitBytes,
    auth,
    assets: { maxBytes: config.assetMaxBytes, quotaBytes: config.assetQuotaMb * 1024 * 1024, maxPixels: config.renderBudget.maxMegapixels * 1_000_000 },
    logger: { level: config.logLevel },
  });
  if (seeded) {
    for (const id of seeded.templateIds) {
      const record = await runtime.deps.store.getTemplate(seeded.account.id, id);
      if (record) app.thumbnails.schedule(seeded.account.id, record);
    }
  }
  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    await app.close();
    clearInterval(sessionPurge);
    await sweeper.stop();
    await runtime.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
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
