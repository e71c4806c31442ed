import type { TemplateDocument } from '../domain/template.js';

export interface Account {
  id: string;
  name: string;
  credits: number;
  createdAt: string;
}

export interface ApiKeyRecord {
  id: string;
  accountId: string;
  /** e.g. `imp_AbC1` — enough to recognise a key in a list, never enough to use it. */
  prefix: string;
  last4: string;
  /** The owner's label ("production", "zapier"); null when none was given. */
  name: string | null;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** A key that signs image URLs (GET /u/…). Its secret leaves the store only to verify or make a signature. */
export interface UrlKeyRecord {
  id: string;
  accountId: string;
  name: string | null;
  createdAt: string;
  revokedAt: string | null;
}

export interface UrlKeyWithSecret extends UrlKeyRecord {
  secret: string;
}

export interface TemplateRecord {
  id: string;
  accountId: string;
  name: string;
  document: TemplateDocument;
  /** Bumped on every update; (id, revision) keys the parsed-template cache. */
  revision: number;
  createdAt: string;
  updatedAt: string;
}

export type TemplateSummary = Pick<TemplateRecord, 'id' | 'name' | 'createdAt' | 'updatedAt'>;

export type LedgerReason = 'grant' | 'generate' | 'refund';

/**
 * A `generate` row is a reservation: `pending` while its request runs (the
 * credit is already off the balance), then `committed` with its image or
 * `refunded` (a `refund` row gives the credit back). Grants and refunds have no state.
 */
export type ReservationState = 'pending' | 'committed' | 'refunded';

export interface LedgerEntry {
  id: string;
  accountId: string;
  /** Signed: +N for grants and refunds, -1 for a generate. */
  delta: number;
  balanceAfter: number;
  reason: LedgerReason;
  /** The request that caused it (generate/refund), or a free-text note (grant). */
  reference: string | null;
  /** Set on `generate` rows only. */
  state: ReservationState | null;
  createdAt: string;
  /** On a committed `generate` row: the blob key of the image it recorded (absent when the same bytes were already stored by an earlier request). */
  imageBlobKey?: string;
  /** On a `refund` row: the reference (request id) of the `generate` row it gave back. */
  refundedReference?: string;
}

/** One row of an account's image history: the image, its template's current name and the request that made it. */
export interface ImageHistoryItem {
  image: ImageRecord;
  /** null once the template is deleted: images outlive templates. */
  templateName: string | null;
  /** The `reference` of the generate row that committed it; null for images recorded without a reservation. */
  requestId: string | null;
}

export interface ImageRecord {
  id: string;
  accountId: string;
  templateId: string;
  blobKey: string;
  format: string;
  width: number;
  height: number;
  createdAt: string;
}

export interface FontRecord {
  id: string;
  accountId: string;
  family: string;
  weight: number;
  style: 'normal' | 'italic';
  format: string;
  blobKey: string;
  createdAt: string;
}

/** An uploaded image of an account, drawn by templates that name its URL. */
export interface AssetRecord {
  /** `ast_` + 32 hex of SHA-256(account, bytes): content-addressed per account. */
  id: string;
  accountId: string;
  blobKey: string;
  /** Sniffed from the bytes, never the client's word. */
  contentType: string;
  width: number;
  height: number;
  bytes: number;
  createdAt: string;
}

export type CreateAssetResult = { ok: true; asset: AssetRecord; created: boolean } | { ok: false; usedBytes: number };

export type ReserveResult = { ok: true; reservationId: string; previousCredits: number; remainingCredits: number } | { ok: false; balance: number };

export interface CommitInput {
  accountId: string;
  reservationId: string;
  /** Recorded unless this account already has an image with that id (same content). */
  image: ImageRecord;
  /** The request's Idempotency-Key claim: its outcome is stored in the same transaction. */
  idempotency?: IdempotencyOutcomeWrite;
  /**
   * A signed URL's content key: the image is recorded as that URL's render in the same transaction, so
   * no crash can leave a charge whose URL renders and charges again once its idempotency key is purged.
   */
  signedRender?: { cacheKey: string };
  now: string;
}

/** An Idempotency-Key claim's outcome, stored in the transaction whose effect it reports. */
export interface IdempotencyOutcomeWrite {
  key: string;
  claimId: string;
  statusCode: number;
  body: unknown;
}

/**
 * `lapsed`: nothing was recorded, because the reservation is no longer
 * pending, its lease ended before `now`, or the idempotency claim was taken
 * over. The caller releases the reservation (a no-op if it is already settled).
 */
export type CommitResult = 'committed' | 'lapsed';

/** Per account, over its ledger rows (amounts in credits, all ≥ 0 except `grants`). */
export interface LedgerReportRow {
  accountId: string;
  name: string;
  balance: number;
  /** Signed sum of `grant` rows (removals are negative grants). */
  grants: number;
  committed: number;
  pending: number;
  /** Charges given back: the sum of `refunded` generate rows. */
  refundedCharges: number;
  /** Sum of `refund` rows. */
  refunds: number;
  /** `refund` rows whose charge is not in state `refunded` (must be 0). */
  strayRefunds: number;
  oldestPendingAt: string | null;
}

export type IdempotencyBegin = { state: 'started'; claimId: string } | { state: 'in_flight' } | { state: 'mismatch' } | { state: 'replay'; statusCode: number; body: unknown };

export interface IdempotencyCutoffs {
  /** In-flight claims made before this are free to take over (the claim lease). */
  inFlightBefore: string;
  /** Any row made before this is gone (the replay window). */
  completedBefore: string;
}

export interface Page<T> {
  items: T[];
  /** Opaque; pass back to get the next page. Null when there is none. */
  nextCursor: string | null;
}

export interface UserRecord {
  id: string;
  accountId: string;
  /** Lower-cased. */
  email: string;
  createdAt: string;
  passwordChangedAt: string;
}

export interface UserWithPassword extends UserRecord {
  /** The self-describing scrypt string (see services/password-hash). */
  passwordHash: string;
}

/** A signed-in browser. Only a hash of its cookie token is stored. */
export interface SessionRecord {
  idHash: string;
  userId: string;
  /** Sent back in X-CSRF-Token on cookie-authenticated writes. */
  csrfToken: string;
  createdAt: string;
  lastSeenAt: string;
  /** Absolute end, whatever the activity. */
  expiresAt: string;
}

export type JobState = 'queued' | 'running' | 'succeeded' | 'failed';
export type WebhookState = 'pending' | 'delivered' | 'failed';

/** One attempt to deliver a job's webhook: the receiver's status, or why there was none. */
/**
 * A job's delivery log keeps its latest attempts only. Redeliveries can be
 * asked for without end, each with a round of retries, and the whole log is
 * in every read of the job: unbounded, one job could grow the database and
 * its own reads without limit.
 */
export const WEBHOOK_ATTEMPTS_KEPT = 100;

/**
 * Revisions kept per template, the newest: a signed URL pinned to an older one
 * is still served while its image is cached, and answers 404 when asked to
 * render. Every save kept a whole copy, so one account saving a 4 MB template
 * grew the database by 500 MB a minute; with the account's template quota
 * (TEMPLATE_QUOTA_MB) this bounds what templates may take.
 */
export const TEMPLATE_REVISIONS_KEPT = 50;

export interface WebhookAttempt {
  attempt: number;
  at: string;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

/** A generate run in the background. `request` and `result` are stored JSON, returned as parsed values. */
export interface JobRecord {
  id: string;
  accountId: string;
  /** The batch this job belongs to; null for a single async generate. */
  batchId: string | null;
  /** Its row in the batch, from 1; 0 is the batch's own head row (never run; it carries the batch's webhook); null outside a batch. */
  batchRow: number | null;
  state: JobState;
  request: unknown;
  /** The synchronous 200 body (succeeded) or the error body (failed); null until finished. */
  result: unknown;
  /** How many times a node claimed it (a crashed node's claim counts). */
  runs: number;
  /** The current claim while running; null otherwise. */
  claimId: string | null;
  webhookUrl: string | null;
  /** null without a webhook URL or before the job finished. */
  webhookState: WebhookState | null;
  webhookDueAt: string | null;
  /** Attempts logged over all rounds; a redelivery starts a new round of the retry schedule. */
  webhookAttempts: number;
  /** Attempts in the current round: the index into the retry schedule. */
  webhookRound: number;
  createdAt: string;
  updatedAt: string;
  finishedAt: string | null;
}

export interface NewJob {
  id: string;
  accountId: string;
  batchId?: string | null;
  request: unknown;
  webhookUrl: string | null;
  now: string;
  /**
   * The submit's Idempotency-Key claim: its outcome is stored with the job, so a crash between the two
   * cannot leave a queued (and later charged) job whose retry would queue another.
   */
  idempotency?: IdempotencyOutcomeWrite;
}

/** A batch to store: its head row and one queued job per item, rows numbered from 1 in order. */
export interface NewBatch {
  id: string;
  accountId: string;
  /** What the batch shares (template, format), kept on the head row for GET /batches/{id}. */
  request: unknown;
  items: unknown[];
  webhookUrl: string | null;
  now: string;
  /** As NewJob's: stored with the batch. */
  idempotency?: IdempotencyOutcomeWrite;
}

/** A batch as stored: its head row (state `running` until every item has settled, then `succeeded`) and its items by row. */
export interface BatchRecord {
  head: JobRecord;
  items: JobRecord[];
}

/** A claimed webhook delivery: the job with the claim that must be shown when recording the attempt. */
export interface WebhookClaim {
  job: JobRecord;
  claimId: string;
}

/** The signing secret and, during a rotation, the previous one until it expires. */
export interface WebhookSecrets {
  secret: string;
  previous: string | null;
  createdAt: string;
}

export type AuthTokenKind = 'invite' | 'reset';

export type SignUpResult = { ok: true; user: UserRecord; account: Account } | { ok: false; reason: 'email_taken' | 'invalid_invite' };

export interface BackupSummary {
  /** Database pages copied. */
  pages: number;
}

/**
 * Everything the service persists. One interface, two implementations
 * (SQLite embedded default, PostgreSQL for many nodes), one contract suite.
 * Every method that takes an accountId scopes to it: another account's rows
 * are indistinguishable from missing rows.
 */
export interface NewAccount {
  id: string;
  name: string;
  credits: number;
  now: string;
}

/** A key as stored: its hash, never the key. */
export interface NewApiKeyRow {
  id: string;
  hash: string;
  prefix: string;
  last4: string;
  name?: string | null;
  now: string;
}

export interface NewTemplate {
  id: string;
  name: string;
  document: TemplateDocument;
  now: string;
}

export interface Store {
  readonly dialect: 'sqlite' | 'postgres';
  /** Applies pending versioned migrations. Safe to call from several processes at once. */
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * A consistent copy of the whole database in `file` (which must not exist),
   * taken while the server keeps writing: SQLite's online backup API, then an
   * integrity check of the copy. PostgreSQL rejects with BackupUnsupportedError:
   * pg_dump does this job there, with the database's own guarantees.
   */
  backup(file: string): Promise<BackupSummary>;

  createAccount(input: NewAccount): Promise<Account>;
  /**
   * An account with its first key and its templates, in one transaction: the demo account of a first
   * start, which a crash must leave whole or not at all (a key never shown and no templates, for good).
   */
  createSeededAccount(input: { account: NewAccount; key: NewApiKeyRow; templates: NewTemplate[] }): Promise<{ account: Account; key: ApiKeyRecord; templates: TemplateRecord[] }>;
  getAccount(id: string): Promise<Account | null>;
  findAccountByName(name: string): Promise<Account | null>;
  listAccounts(): Promise<Account[]>;

  createApiKey(input: NewApiKeyRow & { accountId: string }): Promise<ApiKeyRecord>;
  /** Active (unrevoked) key by SHA-256 hash, with its account. */
  findApiKeyByHash(hash: string): Promise<{ key: ApiKeyRecord; account: Account } | null>;
  listApiKeys(accountId: string): Promise<ApiKeyRecord[]>;
  revokeApiKey(accountId: string, keyId: string, now: string): Promise<boolean>;
  touchApiKey(keyId: string, now: string): Promise<void>;

  createUrlKey(input: { id: string; accountId: string; secret: string; name: string | null; now: string }): Promise<UrlKeyRecord>;
  /** An active (unrevoked) URL key by id, with its secret and account. */
  findUrlKey(id: string): Promise<{ key: UrlKeyWithSecret; account: Account } | null>;
  listUrlKeys(accountId: string): Promise<UrlKeyRecord[]>;
  /** True when this call revoked it; false if unknown, another account's or already revoked. */
  revokeUrlKey(accountId: string, id: string, now: string): Promise<boolean>;
  /** The image a signed URL's content rendered, by its cache key; null when it has not been rendered (or the image row is gone). */
  findSignedRender(accountId: string, cacheKey: string): Promise<ImageRecord | null>;
  /** Remembers which image a cache key rendered; a second record for the same key keeps the first. */
  recordSignedRender(input: { accountId: string; cacheKey: string; imageId: string; now: string }): Promise<void>;

  /** Adds credits and a `grant` ledger row atomically; returns the new balance. */
  grantCredits(accountId: string, amount: number, note: string | null, now: string): Promise<number>;
  /**
   * Conditional debit of `amount` plus a `pending` generate row that lapses at
   * `expiresAt`, in one transaction. Nothing expensive may happen before it.
   */
  reserveCredits(accountId: string, amount: number, reference: string, now: string, expiresAt: string): Promise<ReserveResult>;
  /** One transaction: pending → committed, the image row, the idempotent outcome. All or nothing. */
  commitReservation(input: CommitInput): Promise<CommitResult>;
  /** pending → refunded with a `refund` row; returns the balance. A no-op on a settled reservation. */
  releaseReservation(accountId: string, reservationId: string, now: string): Promise<number>;
  /**
   * Settles every pending reservation whose lease ended at or before `now`:
   * committed if an image was recorded for it, refunded otherwise. Safe to run
   * from several processes at once: each reservation is settled once.
   */
  settleExpiredReservations(now: string): Promise<{ committed: number; refunded: number }>;
  /**
   * Refunds every pending reservation of this account made under `reference` (one request's, or one async
   * job's runs), whatever its lease; returns how many this call refunded. Only for a caller that knows no
   * such reservation can still be committed.
   */
  releasePendingReservations(accountId: string, reference: string, now: string): Promise<number>;
  /** Deletes idempotency rows whose claim lapsed or whose outcome is past its replay window. */
  purgeIdempotency(cutoffs: IdempotencyCutoffs): Promise<number>;
  /** Every account's balance next to the ledger's totals, for `ledger check`. */
  ledgerReport(): Promise<LedgerReportRow[]>;
  listLedger(accountId: string, opts: { limit: number; cursor?: string | null }): Promise<Page<LedgerEntry>>;
  /** Newest first; the cursor is as opaque as listLedger's and only ever positions within the given account. */
  listImages(accountId: string, opts: { limit: number; cursor?: string | null }): Promise<Page<ImageHistoryItem>>;
  ledgerSum(accountId: string): Promise<number>;

  createTemplate(input: NewTemplate & { accountId: string }): Promise<TemplateRecord>;
  getTemplate(accountId: string, id: string): Promise<TemplateRecord | null>;
  listTemplates(accountId: string, sort: 'createdAt' | 'updatedAt', order: 'asc' | 'desc'): Promise<TemplateSummary[]>;
  /**
   * A new revision, or null when no template of this account has this id. `ifRevision`: only when that
   * is the current revision (HTTP's If-Match), checked in the same statement as the write; otherwise
   * null as well, and the caller tells the two apart.
   */
  updateTemplate(accountId: string, id: string, patch: { name?: string; document?: TemplateDocument }, now: string, ifRevision?: number): Promise<TemplateRecord | null>;
  deleteTemplate(accountId: string, id: string): Promise<boolean>;
  /** The template with the document it had at `revision` (every save is kept); null when the template or that revision is not there. */
  getTemplateRevision(accountId: string, id: string, revision: number): Promise<TemplateRecord | null>;
  /** Bytes of the account's templates as stored: every revision kept, and each template's own copy of its current document. */
  templateBytes(accountId: string): Promise<number>;
  /** The template's current revision number (`revision` null), or `revision` if it was saved; null otherwise. Reads no document. */
  findTemplateRevision(accountId: string, id: string, revision: number | null): Promise<number | null>;

  /**
   * Inserts the image unless one with its id exists (ids are per account and
   * content). `reservationId` links it to the charge that paid for it, which
   * the sweeper then commits instead of refunding.
   */
  recordImage(image: ImageRecord, reservationId?: string): Promise<void>;
  getImage(id: string): Promise<ImageRecord | null>;

  /**
   * Claims an idempotency key for (account, key). `requestHash` fingerprints the body.
   * An in-flight claim made before `inFlightBefore` (its owner crashed or stalled)
   * and any row made before `completedBefore` are treated as absent.
   */
  beginIdempotency(accountId: string, key: string, requestHash: string, now: string, cutoffs: IdempotencyCutoffs): Promise<IdempotencyBegin>;
  /** Stores the outcome if `claimId` still holds the key; false when it was taken over. */
  completeIdempotency(accountId: string, key: string, claimId: string, statusCode: number, body: unknown, now: string): Promise<boolean>;
  /** Releases a claim whose outcome must not be stored (validation failure, 5xx), if still ours. */
  abandonIdempotency(accountId: string, key: string, claimId: string): Promise<void>;

  /**
   * One transaction: a new account (with `credits` granted through the ledger),
   * its user, and, when `inviteHash` is given, the invite consumed. The account
   * is named after the email (with its id appended if an account already has that name).
   */
  signUpUser(input: {
    user: { id: string; email: string; passwordHash: string };
    account: { id: string; credits: number; note: string };
    inviteHash?: string;
    now: string;
  }): Promise<SignUpResult>;
  /** A user for an existing account (the demo). StoreConflictError if the email or the account already has one. */
  createUser(input: { id: string; accountId: string; email: string; passwordHash: string; now: string }): Promise<UserRecord>;
  findUserByEmail(email: string): Promise<UserWithPassword | null>;
  getUser(id: string): Promise<UserWithPassword | null>;
  getUserByAccount(accountId: string): Promise<UserRecord | null>;
  /** Sets the password and ends every session of the user except `keepSessionHash`; returns how many ended. */
  setPassword(userId: string, passwordHash: string, now: string, keepSessionHash: string | null): Promise<number>;

  createSession(input: { idHash: string; userId: string; csrfToken: string; now: string; expiresAt: string }): Promise<SessionRecord>;
  /** The session if it has not expired (absolute: expiresAt > now; idle: lastSeenAt > idleSince), with its user and account. */
  findSession(idHash: string, at: { now: string; idleSince: string }): Promise<{ session: SessionRecord; user: UserRecord; account: Account } | null>;
  touchSession(idHash: string, now: string): Promise<void>;
  deleteSession(idHash: string): Promise<boolean>;
  /** Ends the user's sessions, all of them or all but one; returns how many ended. */
  deleteUserSessions(userId: string, exceptIdHash: string | null): Promise<number>;
  /** Removes expired sessions and used or expired one-time tokens. */
  purgeAuth(at: { now: string; idleSince: string }): Promise<number>;

  /** `userId` is null for invites. */
  createAuthToken(input: { tokenHash: string; kind: AuthTokenKind; userId: string | null; now: string; expiresAt: string }): Promise<void>;
  /** One transaction: consumes an unused, unexpired reset token, sets the password and ends all the user's sessions. Null if the token is not usable. */
  resetPasswordWithToken(tokenHash: string, passwordHash: string, now: string): Promise<UserRecord | null>;

  createFont(font: FontRecord): Promise<FontRecord>;
  listFonts(accountId: string): Promise<FontRecord[]>;
  deleteFont(accountId: string, id: string): Promise<boolean>;

  /**
   * One transaction: the existing row when this account already has an asset
   * with that id (`created: false`), else the new row unless the account's
   * assets would then exceed `quotaBytes` in total (`ok: false`).
   */
  createAsset(asset: AssetRecord, quotaBytes: number): Promise<CreateAssetResult>;
  getAsset(accountId: string, id: string): Promise<AssetRecord | null>;
  /** Newest first, paged like listImages. */
  listAssets(accountId: string, opts: { limit: number; cursor?: string | null }): Promise<Page<AssetRecord>>;
  /** Total bytes of the account's assets. */
  assetBytes(accountId: string): Promise<number>;
  deleteAsset(accountId: string, id: string): Promise<boolean>;

  /**
   * Stores a queued job, runnable at once; null when `job.idempotency`'s claim is no longer this
   * request's (taken over after its lease): then nothing was queued.
   */
  createJob(job: NewJob): Promise<JobRecord | null>;
  /**
   * Deletes up to `limit` finished jobs and whole finished batches that finished before `before`, with
   * their webhook attempts; never one whose webhook is still to be delivered. Returns the rows deleted.
   */
  purgeFinishedJobs(before: string, limit: number): Promise<number>;
  getJob(accountId: string, id: string): Promise<JobRecord | null>;
  /** The account's jobs and batch items that are queued or running. */
  countUnfinishedJobs(accountId: string): Promise<number>;
  /**
   * Claims up to `limit` jobs that are queued and due, or running with a lapsed
   * lease (their node died): each becomes running under `claimId` until
   * `leaseUntil`, and its `runs` goes up. Concurrent claimers never get the
   * same job (PostgreSQL: FOR UPDATE SKIP LOCKED; SQLite: one writer at a time).
   */
  claimJobs(input: { claimId: string; now: string; leaseUntil: string; limit: number }): Promise<JobRecord[]>;
  /**
   * running → succeeded/failed with its result, if `claimId` still holds the
   * job; a job with a webhook URL gets its delivery due at `now`. False when the claim was lost.
   * The last item of a batch to settle also settles the batch's head row (and makes its webhook due), exactly once.
   */
  finishJob(input: { id: string; claimId: string; state: 'succeeded' | 'failed'; result: unknown; now: string }): Promise<boolean>;
  /** running → queued, runnable again at `runAt`, if `claimId` still holds it. */
  requeueJob(input: { id: string; claimId: string; runAt: string; now: string }): Promise<boolean>;
  /**
   * Stores a batch's head row and its items, all queued, in one transaction; false when
   * `batch.idempotency`'s claim is no longer this request's: then nothing was queued.
   */
  createBatch(batch: NewBatch): Promise<boolean>;
  /** The batch with its items in row order; null when missing or another account's. */
  getBatch(accountId: string, id: string): Promise<BatchRecord | null>;
  /**
   * Claims up to `limit` due webhook deliveries until `leaseUntil` (a node
   * dying mid-delivery frees it then), taking turns between accounts, and
   * never more than `perAccount` in flight for one account across all nodes.
   */
  claimWebhookDeliveries(input: { now: string; leaseUntil: string; limit: number; perAccount: number }): Promise<WebhookClaim[]>;
  /**
   * Logs one attempt and schedules what follows (`dueAt` for a retry, or the
   * final state), if the claim still holds. False when it was lost.
   */
  recordWebhookAttempt(input: {
    jobId: string;
    claimId: string;
    attempt: Omit<WebhookAttempt, 'attempt'>;
    next: { state: 'pending'; dueAt: string } | { state: 'delivered' | 'failed' };
  }): Promise<boolean>;
  /** The job's latest attempts (at most WEBHOOK_ATTEMPTS_KEPT), oldest first. */
  listWebhookAttempts(jobId: string): Promise<WebhookAttempt[]>;
  /**
   * A finished job's webhook is due again at `now`, starting a new round of
   * retries. Null if no such finished job with a webhook URL, or while a
   * delivery of it is in flight (it is being sent already).
   */
  redeliverWebhook(accountId: string, jobId: string, now: string): Promise<JobRecord | null>;
  /** Sets the account's signing secret; the previous one (if any) keeps signing until `previousUntil`. */
  rotateWebhookSecret(input: { accountId: string; secret: string; previousUntil: string; now: string }): Promise<WebhookSecrets>;
  /** The current secret and, unless it expired before `now`, the previous one. */
  getWebhookSecrets(accountId: string, now: string): Promise<WebhookSecrets | null>;
}
