import { PG_URL } from '../pg-schema.test-helper.js';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BlobStore } from '../blobs/blob-store.js';
import { DiskBlobStore } from '../blobs/disk-blob-store.js';
import { createGuardedPoster } from '../fetch/guarded-post.js';
import { createImageFetcher } from '../fetch/image-fetcher.js';
import { bundledFontFamilies } from '../render/fonts/font-registry.js';
import { layoutElements } from '../render/text/text-dimensions.js';
import { createRenderCaches } from '../render/render-caches.js';
import { renderDocument } from '../render/render-document.js';
import { saveOutput } from '../render/saved-output.js';
import { createAccount } from '../services/manage-accounts.js';
import { AccountFontLoader } from '../services/manage-fonts.js';
import { createTemplate } from '../services/manage-templates.js';
import type { ServiceDeps } from '../services/service-deps.js';
import { openStore } from '../store/open-store.js';
import type { Account, Store } from '../store/store.js';
import { buildApp, type AppOptions, type ImprintApp } from './app.js';
import { PrometheusMetrics } from './prometheus-metrics.js';
import { MemoryRateLimiter } from './rate-limiter.js';
import { after } from 'node:test';
import pg from 'pg';
import { PostgresStore } from '../store/postgres-store.js';

/** A 4×4 red PNG, so tests render a real image without any network. */
export const RED_PNG_DATA_URL = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAQAAAAEAQMAAACTPww9AAAAA1BMVEX/AAAZ4gk3AAAAC0lEQVQI12NgQAcAABIAAe+JVKQAAAAASUVORK5CYII=';

/** A small template with one element of each kind the contract names. */
export function sampleTemplate(): Record<string, unknown> {
  return {
    version: '7.0.0',
    width: 320,
    height: 180,
    background: '#ffffff',
    objects: [
      {
        type: 'Rect',
        name: 'background',
        originX: 'left',
        originY: 'top',
        left: 0,
        top: 0,
        width: 320,
        height: 180,
        fill: '#0f172a',
        rx: 12,
        ry: 12,
        stroke: '#38bdf8',
        strokeWidth: 2,
      },
      {
        type: 'Textbox',
        name: 'title',
        originX: 'left',
        originY: 'top',
        left: 20,
        top: 20,
        width: 200,
        text: 'Hello Imprint',
        fontSize: 24,
        fontFamily: 'Inter',
        fill: '#ffffff',
        lineHeight: 1.16,
        charSpacing: 0,
        textAlign: 'left',
      },
      { type: 'Line', name: 'rule', originX: 'left', originY: 'top', left: 20, top: 120, x1: 0, y1: 0, x2: 200, y2: 0, stroke: '#38bdf8', strokeWidth: 3 },
      { type: 'Image', name: 'logo', originX: 'left', originY: 'top', left: 250, top: 110, width: 4, height: 4, scaleX: 12, scaleY: 12, src: RED_PNG_DATA_URL },
    ],
  };
}

export interface SeededAccount {
  account: Account;
  key: string;
  templateId: string;
  auth: { authorization: string };
}

export interface TestApp {
  app: ImprintApp;
  /** The registry behind this app's GET /metrics. */
  metrics: PrometheusMetrics;
  store: Store;
  deps: ServiceDeps;
  a: SeededAccount;
  b: SeededAccount;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Defaults to SQLite in memory. */
  openStore?: () => Promise<Store>;
  credits?: number;
  limits?: AppOptions['limits'];
  trustProxy?: AppOptions['trustProxy'];
  /** Replaces the default fetcher (e.g. one with a disk cache folder). */
  fetcher?: ServiceDeps['fetcher'];
  bodyLimitBytes?: number;
  now?: () => number;
  webDir?: string;
  /** Wraps the real renderer, e.g. to count calls. */
  renderer?: ServiceDeps['renderer'];
  /** Sign-up mode, credits, session lifetimes, scrypt cost. */
  auth?: AppOptions['auth'];
  /** Defaults to http://imprint.test. */
  publicUrl?: string;
  /** TEMPLATE_QUOTA_MB in bytes; the default quota when absent. */
  templateQuotaBytes?: number;
  /** Upload limits; DEFAULT_ASSET_LIMITS where absent. */
  assets?: AppOptions['assets'];
  metricsToken?: string;
  /** Defaults to a DiskBlobStore in the app's temp folder (e.g. an S3BlobStore on s3rver instead). */
  blobs?: BlobStore;
}

/**
 * The app with real parts: SQLite in memory (or PostgreSQL when given a URL),
 * blobs in a temporary folder, the real renderer in-thread, the real fetcher
 * (private addresses allowed so tests can serve images from 127.0.0.1), and
 * two accounts so every route can be tried across accounts.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'imprint-http-'));
  const store = options.openStore ? await options.openStore() : await openStore({ databaseUrl: ':memory:', dataDir: dir });
  const bundled = bundledFontFamilies();
  const blobs = options.blobs ?? new DiskBlobStore(path.join(dir, 'blobs'));
  const fontLoader = new AccountFontLoader({ store, blobs });
  // In-process, with the caches a render worker keeps, so HTTP tests render through them.
  const caches = createRenderCaches();
  const metrics = new PrometheusMetrics({ defaultMetrics: false });
  const deps: ServiceDeps = {
    store,
    blobs,
    accountFonts: (accountId, document) => fontLoader.load(accountId, document),
    // Saving as a render worker does, so the HTTP tests take the disk store's path.
    renderer: options.renderer ?? {
      render: async (input, opts) => (opts?.save ? saveOutput(await renderDocument(input, caches), opts.save) : renderDocument(input, caches)),
      elements: async (document, fonts) => layoutElements(document, fonts),
    },
    fetcher:
      options.fetcher ??
      createImageFetcher({ allowPrivate: true, connectTimeoutMs: 1000, totalTimeoutMs: 3000, onCacheResult: (result, bytes) => metrics.fetchCache(result, bytes) }),
    fontFamilies: async (accountId) => [...bundled, ...(await store.listFonts(accountId)).map((font) => font.family)],
    publicUrl: options.publicUrl ?? 'http://imprint.test',
    templateQuotaBytes: options.templateQuotaBytes,
    now: () => new Date(options.now?.() ?? Date.now()).toISOString(),
    metrics,
    // Private addresses allowed, like the fetcher's, so webhooks can reach a receiver on 127.0.0.1.
    webhooks: createGuardedPoster({ allowPrivate: true }),
  };
  const app = await buildApp({
    deps,
    rateLimiter: new MemoryRateLimiter(options.now),
    limits: options.limits ?? { readPerMinute: 10_000, generatePerMinute: 10_000, fontUploadsPerHour: 10_000 },
    bodyLimitBytes: options.bodyLimitBytes ?? 5 * 1024 * 1024,
    webDir: options.webDir,
    trustProxy: options.trustProxy,
    auth: options.auth,
    assets: options.assets,
    metrics,
    metricsToken: options.metricsToken,
  });
  const seed = async (name: string): Promise<SeededAccount> => {
    const { account, key } = await createAccount(deps, { name: `${name}-${Math.random().toString(36).slice(2, 8)}`, credits: options.credits ?? 100 });
    const template = await createTemplate(deps, account.id, { name: `${name} card`, template: sampleTemplate() });
    return { account, key: key.plaintext, templateId: template.id, auth: { authorization: `Bearer ${key.plaintext}` } };
  };
  const a = await seed('alice');
  const b = await seed('bob');
  return {
    app,
    metrics,
    store,
    deps,
    a,
    b,
    async close() {
      await app.close();
      await store.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The two databases an HTTP test should pass on: SQLite in memory and
 * PostgreSQL in a fresh schema, dropped when the test file ends.
 */
export function bothDatabases(prefix: string): Array<[string, TestAppOptions]> {
  const schema = `${prefix}_${process.pid}_${Date.now()}`;
  after(async () => {
    const client = new pg.Client(PG_URL);
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.end();
  });
  return [
    ['SQLite', {}],
    [
      'PostgreSQL',
      {
        openStore: async () => {
          const s = new PostgresStore(PG_URL, { schema });
          await s.migrate();
          return s;
        },
      },
    ],
  ];
}
