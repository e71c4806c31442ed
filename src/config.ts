import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SIGNUP_MODES, type SignupMode } from './domain/auth-policy.js';
import { DEFAULT_RENDER_BUDGET, type RenderBudgetLimits } from './domain/render-budget.js';
import { DEFAULT_PREVIEW_DAILY_CAP, DEFAULT_PREVIEW_PER_MINUTE } from './domain/preview-limits.js';
import type { S3BlobSettings } from './blobs/s3-blob-store.js';
import { DEFAULT_WEBHOOK_RETRY_DELAYS_MS } from './domain/webhooks.js';
import { DEFAULT_RENDER_CACHE_MB } from './render/render-worker-protocol.js';
import { DEFAULT_JOB_RETENTION_DAYS } from './services/purge-finished-jobs.js';

/**
 * Every setting comes from the environment and is checked once at start.
 * A bad value stops the process with a message naming the variable, rather
 * than surfacing later as a confusing runtime failure.
 */
export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | null;
  /** Shared rate limits and sign-in throttle for several nodes; null keeps them in this process's memory. */
  redisUrl: string | null;
  /** Prepended to every Redis key, so deployments (or test runs) can share one Redis. */
  redisKeyPrefix: string;
  /** How long SIGTERM waits for running requests before the process exits anyway. */
  shutdownGraceS: number;
  bodyLimitBytes: number;
  rateLimitReadPerMinute: number;
  rateLimitGeneratePerMinute: number;
  /** Per account, across all its keys: minting keys must not multiply the per-key limits. */
  rateLimitAccountReadPerMinute: number;
  rateLimitAccountGeneratePerMinute: number;
  rateLimitKeyCreatePerHour: number;
  rateLimitFontUploadPerHour: number;
  /** Free previews per account; see docs/decisions/0019. */
  previewPerMinute: number;
  previewDailyCap: number;
  maxApiKeysPerAccount: number;
  /** Signed-URL renders per minute per URL key and per client address; see docs/decisions/0036. */
  rateLimitSignedUrlKeyPerMinute: number;
  rateLimitSignedUrlIpPerMinute: number;
  renderWorkers: number;
  renderQueue: number;
  renderTimeoutMs: number;
  renderWorkerHeapMb: number;
  /** Each render worker's pixel-cache budget in MiB. */
  renderCacheMb: number;
  renderBudget: RenderBudgetLimits;
  fetchAllowPrivate: boolean;
  reservationLeaseS: number;
  reservationSweepS: number;
  idempotencyLeaseS: number;
  /** Disk tier of the image-fetch cache in MiB; 0 turns the disk tier off. */
  fetchCacheMb: number;
  /** Largest uploaded asset file. */
  assetMaxBytes: number;
  /** Total size of one account's assets, in MiB. */
  assetQuotaMb: number;
  /** Total size of one account's templates as stored, with their kept revisions, in MiB. */
  templateQuotaMb: number;
  /** false: ignore X-Forwarded-*; a number: trust that many hops; a list: trust those proxy addresses/CIDRs. */
  trustProxy: false | number | string[];
  /** Bearer token GET /metrics requires; null = loopback clients only. */
  metricsToken: string | null;
  seedDemo: boolean;
  /** Who may create an account in the web app. */
  signup: SignupMode;
  /** Credits granted (through the ledger) to an account made by sign-up. */
  signupCredits: number;
  sessionIdleHours: number;
  sessionMaxDays: number;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Images, fonts, assets and thumbnails in an S3-compatible bucket instead of DATA_DIR/blobs; null when S3_BUCKET is unset. */
  s3: S3BlobSettings | null;
  /** Async jobs one node runs at once, and how often it looks for due jobs and webhook deliveries. */
  jobConcurrency: number;
  jobPollMs: number;
  jobRetentionDays: number;
  /** Waits before each webhook retry, in seconds (before jitter). */
  webhookRetryS: number[];
}

export interface SettingDoc {
  name: string;
  default: string;
  meaning: string;
}

/** The README's settings table is generated from this list, so the two cannot drift. */
export const SETTINGS: SettingDoc[] = [
  { name: 'PORT', default: '3000', meaning: 'TCP port to listen on' },
  { name: 'HOST', default: '127.0.0.1', meaning: 'Interface to bind; use 0.0.0.0 to accept remote connections' },
  {
    name: 'PUBLIC_URL',
    default: 'http://localhost:$PORT',
    meaning: 'Base of the absolute imageURL in responses and of invite and reset links; the one origin the web app may sign in from (https makes the session cookie Secure)',
  },
  { name: 'DATA_DIR', default: './data', meaning: 'SQLite database, rendered images and fetch cache (created owner-only)' },
  { name: 'DATABASE_URL', default: '(unset: SQLite)', meaning: 'postgres://… to use PostgreSQL instead of SQLite' },
  { name: 'REDIS_URL', default: '(unset: in memory)', meaning: 'redis://… to share rate limits and the sign-in throttle between nodes' },
  { name: 'REDIS_KEY_PREFIX', default: 'imprint:', meaning: 'Prepended to every Redis key, so several deployments can share one Redis' },
  { name: 'SHUTDOWN_GRACE_S', default: '25', meaning: 'On SIGTERM, seconds running requests get to finish before the process exits' },
  { name: 'BODY_LIMIT', default: '5242880', meaning: 'Largest accepted request body in bytes (413 above)' },
  { name: 'RATE_LIMIT_READ', default: '120', meaning: 'Requests per minute per API key on read endpoints' },
  { name: 'RATE_LIMIT_GENERATE', default: '600', meaning: 'Requests per minute per API key on POST /image/generate' },
  { name: 'RATE_LIMIT_ACCOUNT_READ', default: '$RATE_LIMIT_READ', meaning: 'Requests per minute per account (all its keys together) on read endpoints' },
  { name: 'RATE_LIMIT_ACCOUNT_GENERATE', default: '$RATE_LIMIT_GENERATE', meaning: 'Requests per minute per account (all its keys together) on POST /image/generate' },
  { name: 'RATE_LIMIT_KEY_CREATE', default: '10', meaning: 'API keys an account may create per hour (POST /account/keys)' },
  {
    name: 'RATE_LIMIT_FONT_UPLOAD',
    default: '20',
    meaning: 'Font files an account may upload per hour (POST /fonts). Each stays in the memory of every server that loads it until that server restarts',
  },
  { name: 'PREVIEW_RATE_PER_MINUTE', default: String(DEFAULT_PREVIEW_PER_MINUTE), meaning: 'Free previews (POST /image/preview, "Render with the API") per minute per account' },
  {
    name: 'PREVIEW_DAILY_CAP',
    default: String(DEFAULT_PREVIEW_DAILY_CAP),
    meaning: 'Free previews per account per 24 h window; past it, 429 until the window ends (paid generate still works)',
  },
  { name: 'RATE_LIMIT_SIGNED_URL_KEY', default: '600', meaning: 'Signed-URL renders (GET /u/…, first requests only) per minute per URL key' },
  { name: 'RATE_LIMIT_SIGNED_URL_IP', default: '120', meaning: 'Signed-URL renders (GET /u/…, first requests only) per minute per client address' },
  { name: 'MAX_API_KEYS', default: '20', meaning: 'Active (unrevoked) API keys per account; creating one more answers 409 too_many_api_keys' },
  {
    name: 'RENDER_WORKERS',
    default: 'number of cores',
    meaning: 'Render worker threads; each paints two renders at a time, the second while the first encodes in the thread pool',
  },
  { name: 'RENDER_QUEUE', default: '64', meaning: 'Renders waiting for a worker before 503 + Retry-After (one account may fill at most three quarters)' },
  { name: 'RENDER_TIMEOUT_MS', default: '15000', meaning: 'Longest one render may run; its worker is then stopped and replaced (422 render_too_complex, refunded)' },
  { name: 'RENDER_WORKER_HEAP_MB', default: '512', meaning: 'V8 heap limit of each render worker; a render over it fails alone (422 render_too_complex, refunded)' },
  {
    name: 'RENDER_CACHE_MB',
    default: String(DEFAULT_RENDER_CACHE_MB),
    meaning: 'Caches of each render worker in MiB (parsed objects, decoded images, filtered images, object caches, output canvases), least recently used evicted first',
  },
  { name: 'RENDER_MAX_MEGAPIXELS', default: '40', meaning: 'Largest output (width × height after scale), in megapixels' },
  { name: 'RENDER_MAX_BLUR_MEGAPIXELS', default: '40', meaning: 'Largest total area under shadow blur per render, in megapixels' },
  { name: 'RENDER_MAX_PAINT_MEGAPIXELS', default: '500', meaning: 'Largest total painted area of all objects per render, in megapixels' },
  { name: 'RENDER_MAX_OBJECTS', default: '5000', meaning: 'Most objects per render, group children and clip paths included' },
  {
    name: 'RENDER_MAX_CACHE_MB',
    default: "an eighth of the host's memory, 64 to 512",
    meaning: "Largest total of the objects' cache canvases per render, in MB (each object's box, up to Fabric's 2 MP cache limit, × 4 bytes)",
  },
  { name: 'FETCH_ALLOW_PRIVATE', default: '0', meaning: '1 lets image URLs reach private networks (local testing only)' },
  {
    name: 'RESERVATION_LEASE_S',
    default: '120',
    meaning: 'Seconds a generate holds its credit; a request still running after it gets 503 and is not charged, and a crashed one is refunded',
  },
  { name: 'RESERVATION_SWEEP_S', default: '30', meaning: 'Seconds between sweeps that refund reservations whose lease ended and purge old idempotency keys' },
  { name: 'IDEMPOTENCY_LEASE_S', default: '120', meaning: 'Seconds an in-flight Idempotency-Key stays claimed if its request never finishes (completed keys replay for 24 h)' },
  { name: 'JOB_CONCURRENCY', default: '2', meaning: 'Async jobs (POST /image/generate with webhookUrl or Prefer: respond-async) one node renders at once' },
  { name: 'JOB_POLL_MS', default: '1000', meaning: 'How often a node looks for queued jobs and due webhook deliveries (a job queued on the node itself starts at once)' },
  {
    name: 'JOB_RETENTION_DAYS',
    default: '30',
    meaning: 'Days a finished async job or batch stays readable (then `GET /jobs/{id}` and `GET /batches/{id}` answer 404; its images stay); `0` keeps them for good',
  },
  {
    name: 'WEBHOOK_RETRY_S',
    default: DEFAULT_WEBHOOK_RETRY_DELAYS_MS.map((ms) => ms / 1000).join(','),
    meaning: 'Seconds before each webhook retry after a failed attempt (each ±20% jitter); the list length is the number of retries',
  },
  { name: 'FETCH_CACHE_MB', default: '256', meaning: 'Disk budget of the image-fetch cache in MiB, least recently used evicted first; 0 = no disk cache' },
  {
    name: 'ASSET_MAX_BYTES',
    default: '10485760',
    meaning: 'Largest image file accepted by POST /assets, in bytes (413 above); images above RENDER_MAX_MEGAPIXELS are refused too',
  },
  { name: 'ASSET_QUOTA_MB', default: '100', meaning: "Total size of one account's uploaded assets in MiB (409 asset_quota_exceeded above)" },
  {
    name: 'TEMPLATE_QUOTA_MB',
    default: '200',
    meaning: "Total size of one account's templates as stored, each with its last 50 saves, in MiB (409 template_quota_exceeded above)",
  },
  {
    name: 'TRUST_PROXY',
    default: '(unset: off)',
    meaning: 'Trust X-Forwarded-For from a reverse proxy: a hop count (1) or a comma-separated list of proxy addresses/CIDRs (10.0.0.0/8,::1); off = use the socket address',
  },
  {
    name: 'METRICS_TOKEN',
    default: '(unset: loopback only)',
    meaning: 'Bearer token that GET /metrics (Prometheus) requires, at least 16 characters; unset = served only to clients on this machine',
  },
  { name: 'SEED_DEMO', default: '1', meaning: 'Create the demo account, its sign-in (demo@example.com) and templates on first run' },
  { name: 'SIGNUP', default: 'open', meaning: 'Who may sign up in the web app: open (anyone), invite (with a link from `npx imprint invites create`) or closed' },
  { name: 'SIGNUP_CREDITS', default: '50', meaning: 'Credits granted to an account created by sign-up (a ledger grant)' },
  { name: 'SESSION_IDLE_HOURS', default: '72', meaning: 'A signed-in browser unused this long must sign in again' },
  { name: 'SESSION_MAX_DAYS', default: '14', meaning: 'A session ends this long after sign-in, however active' },
  { name: 'LOG_LEVEL', default: 'info', meaning: 'fatal, error, warn, info, debug, trace or silent' },
  { name: 'S3_BUCKET', default: '(unset: DATA_DIR/blobs)', meaning: 'Keep images, fonts, assets and thumbnails in this S3-compatible bucket, shared by every node' },
  { name: 'S3_ENDPOINT', default: '(unset: AWS)', meaning: 'http(s) URL of an S3-compatible server (MinIO, Ceph, R2, …)' },
  { name: 'S3_REGION', default: 'us-east-1', meaning: 'Region the requests are signed for' },
  { name: 'S3_ACCESS_KEY_ID', default: '(unset: SDK default chain)', meaning: 'Access key; set both or neither (neither: AWS_* variables, shared config or an instance role)' },
  { name: 'S3_SECRET_ACCESS_KEY', default: '(unset: SDK default chain)', meaning: 'Secret of S3_ACCESS_KEY_ID' },
  { name: 'S3_FORCE_PATH_STYLE', default: '1 with S3_ENDPOINT, else 0', meaning: 'Address the bucket in the path (endpoint/bucket/key), as most self-hosted servers need' },
];

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

/**
 * RENDER_WORKERS' default: one per core. Half as many would save ~90 MB of
 * RSS per worker left out, but on the quiet 2-core bench one worker served
 * 12–17% fewer images/s than two, and another tenant's renders waited behind
 * a heavy one until a spare worker had started cold: docs/decisions/0047.
 * Operators who need the memory more set RENDER_WORKERS=1.
 */
export function defaultRenderWorkers(cores = os.availableParallelism()): number {
  return Math.max(1, cores);
}

/** The memory this process may use: the host's, or its container's limit when that is lower. */
export function hostMemoryBytes(): number {
  const total = os.totalmem();
  // 0 when there is no limit, or cgroup v2's "max" as a huge number.
  const limit = process.constrainedMemory?.() ?? 0;
  return limit > 0 && limit < total ? limit : total;
}

/**
 * RENDER_MAX_CACHE_MB's default: an eighth of the host's memory, from 64 to 512 MB. A paint holds
 * its objects' cache canvases until its pixels are read, and every worker (the spare included) may
 * hold one such render at once: at 512 MB on a 1 GB host, three heavy free previews would take the
 * node past its memory. An eighth keeps three of them under half of it. The reference card counts
 * 5.8 MB, the largest demo template (the certificate) 25 MB and an A4 calendar page at 300 dpi
 * 32 MB, so the 64 MB floor still renders them at scale 1.
 */
export function defaultRenderMaxCacheMb(memoryBytes = hostMemoryBytes()): number {
  return Math.min(DEFAULT_RENDER_BUDGET.maxCacheMegabytes, Math.max(64, Math.floor(memoryBytes / 8 / (1024 * 1024))));
}

export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const problems: string[] = [];
  const int = (name: string, fallback: number, min: number, max: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name}=${JSON.stringify(raw)} must be a whole number from ${min} to ${max}`);
      return fallback;
    }
    return value;
  };
  const bool = (name: string, fallback: boolean): boolean => {
    const raw = env[name]?.trim().toLowerCase();
    if (raw === undefined || raw === '') return fallback;
    if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
    if (['0', 'false', 'no', 'off'].includes(raw)) return false;
    problems.push(`${name}=${JSON.stringify(env[name])} must be 1 or 0`);
    return fallback;
  };

  const port = int('PORT', 3000, 0, 65535);
  const host = env.HOST?.trim() || '127.0.0.1';
  let publicUrl = env.PUBLIC_URL?.trim() || `http://localhost:${port}`;
  try {
    const url = new URL(publicUrl);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('scheme');
    publicUrl = publicUrl.replace(/\/+$/, '');
  } catch {
    problems.push(`PUBLIC_URL=${JSON.stringify(env.PUBLIC_URL)} must be an absolute http(s) URL such as https://images.example.com`);
  }
  const databaseUrl = env.DATABASE_URL?.trim() || null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL must start with postgres:// or postgresql:// (leave it unset for the embedded SQLite database)');
  }
  const redisUrl = env.REDIS_URL?.trim() || null;
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl)) problems.push('REDIS_URL must start with redis:// or rediss:// (leave it unset to keep rate limits in memory)');
  const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
  const logLevel = (env.LOG_LEVEL?.trim() || 'info') as Config['logLevel'];
  if (!logLevels.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${logLevels.join(', ')}`);

  const rateLimitReadPerMinute = int('RATE_LIMIT_READ', 120, 1, 1_000_000);
  const rateLimitGeneratePerMinute = int('RATE_LIMIT_GENERATE', 600, 1, 1_000_000);
  const trustProxy = parseTrustProxy(env.TRUST_PROXY, problems);
  const metricsToken = env.METRICS_TOKEN?.trim() || null;
  if (metricsToken && metricsToken.length < 16) problems.push('METRICS_TOKEN must be at least 16 characters (e.g. openssl rand -hex 24), or unset for loopback-only /metrics');
  const signup = (env.SIGNUP?.trim().toLowerCase() || 'open') as SignupMode;
  if (!SIGNUP_MODES.includes(signup)) problems.push(`SIGNUP=${JSON.stringify(env.SIGNUP)} must be one of ${SIGNUP_MODES.join(', ')}`);

  const config: Config = {
    port,
    host,
    publicUrl,
    dataDir: path.resolve(cwd, env.DATA_DIR?.trim() || 'data'),
    databaseUrl,
    redisUrl,
    redisKeyPrefix: env.REDIS_KEY_PREFIX ?? 'imprint:',
    shutdownGraceS: int('SHUTDOWN_GRACE_S', 25, 0, 3_600),
    bodyLimitBytes: int('BODY_LIMIT', 5 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
    rateLimitReadPerMinute,
    rateLimitGeneratePerMinute,
    rateLimitAccountReadPerMinute: int('RATE_LIMIT_ACCOUNT_READ', rateLimitReadPerMinute, 1, 1_000_000),
    rateLimitAccountGeneratePerMinute: int('RATE_LIMIT_ACCOUNT_GENERATE', rateLimitGeneratePerMinute, 1, 1_000_000),
    rateLimitKeyCreatePerHour: int('RATE_LIMIT_KEY_CREATE', 10, 1, 1_000_000),
    rateLimitFontUploadPerHour: int('RATE_LIMIT_FONT_UPLOAD', 20, 1, 1_000_000),
    previewPerMinute: int('PREVIEW_RATE_PER_MINUTE', DEFAULT_PREVIEW_PER_MINUTE, 1, 1_000_000),
    previewDailyCap: int('PREVIEW_DAILY_CAP', DEFAULT_PREVIEW_DAILY_CAP, 1, 1_000_000),
    maxApiKeysPerAccount: int('MAX_API_KEYS', 20, 1, 1_000_000),
    rateLimitSignedUrlKeyPerMinute: int('RATE_LIMIT_SIGNED_URL_KEY', 600, 1, 1_000_000),
    rateLimitSignedUrlIpPerMinute: int('RATE_LIMIT_SIGNED_URL_IP', 120, 1, 1_000_000),
    renderWorkers: int('RENDER_WORKERS', defaultRenderWorkers(), 1, 256),
    renderQueue: int('RENDER_QUEUE', 64, 1, 100_000),
    renderTimeoutMs: int('RENDER_TIMEOUT_MS', 15_000, 100, 3_600_000),
    renderWorkerHeapMb: int('RENDER_WORKER_HEAP_MB', 512, 64, 65_536),
    renderCacheMb: int('RENDER_CACHE_MB', DEFAULT_RENDER_CACHE_MB, 1, 65_536),
    renderBudget: {
      ...DEFAULT_RENDER_BUDGET,
      maxMegapixels: int('RENDER_MAX_MEGAPIXELS', DEFAULT_RENDER_BUDGET.maxMegapixels, 1, 1_000),
      maxBlurMegapixels: int('RENDER_MAX_BLUR_MEGAPIXELS', DEFAULT_RENDER_BUDGET.maxBlurMegapixels, 0, 100_000),
      maxPaintMegapixels: int('RENDER_MAX_PAINT_MEGAPIXELS', DEFAULT_RENDER_BUDGET.maxPaintMegapixels, 1, 1_000_000),
      maxObjects: int('RENDER_MAX_OBJECTS', DEFAULT_RENDER_BUDGET.maxObjects, 1, 1_000_000),
      maxCacheMegabytes: int('RENDER_MAX_CACHE_MB', defaultRenderMaxCacheMb(), 1, 1_000_000),
    },
    fetchAllowPrivate: bool('FETCH_ALLOW_PRIVATE', false),
    reservationLeaseS: int('RESERVATION_LEASE_S', 120, 1, 86_400),
    reservationSweepS: int('RESERVATION_SWEEP_S', 30, 1, 3_600),
    idempotencyLeaseS: int('IDEMPOTENCY_LEASE_S', 120, 1, 86_400),
    fetchCacheMb: int('FETCH_CACHE_MB', 256, 0, 1_048_576),
    assetMaxBytes: int('ASSET_MAX_BYTES', 10 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
    assetQuotaMb: int('ASSET_QUOTA_MB', 100, 1, 1_048_576),
    templateQuotaMb: int('TEMPLATE_QUOTA_MB', 200, 1, 1_048_576),
    trustProxy,
    metricsToken,
    seedDemo: bool('SEED_DEMO', true),
    signup,
    signupCredits: int('SIGNUP_CREDITS', 50, 0, 1_000_000_000),
    sessionIdleHours: int('SESSION_IDLE_HOURS', 72, 1, 24 * 365),
    sessionMaxDays: int('SESSION_MAX_DAYS', 14, 1, 365),
    logLevel,
    s3: parseS3(env, problems, bool),
    jobConcurrency: int('JOB_CONCURRENCY', 2, 1, 1_000),
    jobPollMs: int('JOB_POLL_MS', 1000, 10, 3_600_000),
    jobRetentionDays: int('JOB_RETENTION_DAYS', DEFAULT_JOB_RETENTION_DAYS, 0, 36_500),
    webhookRetryS: parseRetrySchedule(env.WEBHOOK_RETRY_S, problems),
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

const DEFAULT_WEBHOOK_RETRY_S = DEFAULT_WEBHOOK_RETRY_DELAYS_MS.map((ms) => ms / 1000);

function parseRetrySchedule(raw: string | undefined, problems: string[]): number[] {
  if (raw === undefined || raw.trim() === '') return DEFAULT_WEBHOOK_RETRY_S;
  const values = raw.split(',').map((part) => Number(part.trim()));
  if (values.length > 20 || values.some((v) => !Number.isFinite(v) || v < 0 || v > 7 * 86_400)) {
    problems.push(`WEBHOOK_RETRY_S=${JSON.stringify(raw)} must be up to 20 comma-separated seconds, each from 0 to 604800`);
    return DEFAULT_WEBHOOK_RETRY_S;
  }
  return values;
}

const S3_VARIABLES = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'];

/**
 * S3 is all or nothing: an S3_* variable without S3_BUCKET is a half-finished
 * setup, and silently writing to the local disk instead would split the
 * images between nodes, which is the very thing S3 is there to prevent.
 */
function parseS3(env: Env, problems: string[], bool: (name: string, fallback: boolean) => boolean): S3BlobSettings | null {
  const bucket = env.S3_BUCKET?.trim() ?? '';
  if (bucket === '') {
    const stray = S3_VARIABLES.filter((name) => (env[name]?.trim() ?? '') !== '');
    if (stray.length > 0) problems.push(`${stray.join(', ')} set without S3_BUCKET: set S3_BUCKET too, or unset them to keep blobs in DATA_DIR`);
    return null;
  }
  // S3's own bucket naming rule; catching it here beats a 400 on the first generate.
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) problems.push(`S3_BUCKET=${JSON.stringify(bucket)} must be 3 to 63 lowercase letters, digits, dots or hyphens`);
  const endpoint = env.S3_ENDPOINT?.trim() || null;
  if (endpoint !== null) {
    try {
      const url = new URL(endpoint);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('scheme');
    } catch {
      problems.push(`S3_ENDPOINT=${JSON.stringify(endpoint)} must be an absolute http(s) URL such as https://s3.example.com`);
    }
  }
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim() || null;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY?.trim() || null;
  if ((accessKeyId === null) !== (secretAccessKey === null))
    problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither to use the SDK default credentials');
  const forcePathStyle = bool('S3_FORCE_PATH_STYLE', endpoint !== null);
  return { bucket, endpoint, region: env.S3_REGION?.trim() || 'us-east-1', accessKeyId, secretAccessKey, forcePathStyle };
}

const PROXY_ADDRESS_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * Off unless set: trusting X-Forwarded-For from any client would let it choose
 * the address we log. `true`/"all" is deliberately not accepted: name the hops
 * or the proxies. Returns the form Fastify's trustProxy takes.
 */
export function parseTrustProxy(raw: string | undefined, problems: string[]): false | number | string[] {
  const value = raw?.trim() ?? '';
  if (value === '' || ['0', 'false', 'no', 'off'].includes(value.toLowerCase())) return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops >= 1 && hops <= 32) return hops;
  }
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const bad = entries.filter((entry) => !isProxyAddress(entry));
  if (entries.length === 0 || bad.length > 0 || /^\d+$/.test(value)) {
    problems.push(
      `TRUST_PROXY=${JSON.stringify(raw)} must be a hop count from 1 to 32 or a comma-separated list of IP addresses or CIDRs (e.g. 10.0.0.0/8,::1)` +
        (bad.length > 0 ? `; not an address or CIDR: ${bad.map((entry) => JSON.stringify(entry)).join(', ')}` : ''),
    );
    return false;
  }
  return entries;
}

function isProxyAddress(entry: string): boolean {
  if (PROXY_ADDRESS_NAMES.has(entry)) return true;
  const slash = entry.indexOf('/');
  const address = slash === -1 ? entry : entry.slice(0, slash);
  const family = net.isIP(address);
  if (family === 0) return false;
  if (slash === -1) return true;
  const bits = entry.slice(slash + 1);
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}
