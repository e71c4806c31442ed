import type { TemplateDocument } from '../domain/template.js';
import type {
  BackupSummary,
  Account,
  NewAccount,
  NewApiKeyRow,
  NewTemplate,
  ApiKeyRecord,
  AssetRecord,
  CommitInput,
  CreateAssetResult,
  CommitResult,
  FontRecord,
  IdempotencyBegin,
  IdempotencyCutoffs,
  ImageHistoryItem,
  ImageRecord,
  LedgerEntry,
  LedgerReportRow,
  Page,
  ReserveResult,
  SessionRecord,
  SignUpResult,
  Store,
  TemplateRecord,
  TemplateSummary,
  UserRecord,
  UserWithPassword,
  AuthTokenKind,
  UrlKeyRecord,
  UrlKeyWithSecret,
  BatchRecord,
  JobRecord,
  NewBatch,
  NewJob,
  WebhookAttempt,
  WebhookClaim,
  WebhookSecrets,
} from './store.js';
import { TEMPLATE_REVISIONS_KEPT } from './store.js';
import { resetPasswordTx, signUpTx, withoutPassword } from './auth-transactions.js';
import { BackupUnsupportedError, StoreConflictError } from './store-errors.js';
import { all, one, run, type SqlDriver, type TxBody } from './sql-driver.js';
import { migrateTx } from './migrations.js';
import { commitTx, grantTx, releaseIfPendingTx, releaseTx, reserveTx, settleTx } from './credit-transactions.js';
import { beginIdempotencyTx, completeIdempotencyTx, isClaimLost } from './idempotency-transactions.js';
import * as jobs from './job-queries.js';
import {
  ASSET_COLUMNS,
  toAsset,
  type AssetRow,
  ACCOUNT_COLUMNS,
  API_KEY_COLUMNS,
  FONT_COLUMNS,
  IMAGE_COLUMNS,
  LEDGER_COLUMNS,
  TEMPLATE_COLUMNS,
  decodeImageCursor,
  decodeLedgerCursor,
  encodeImageCursor,
  encodeLedgerCursor,
  iso,
  ts,
  toAccount,
  toApiKey,
  toFont,
  toImage,
  toLedgerEntry,
  toTemplate,
  toTemplateSummary,
  type AccountRow,
  type ApiKeyRow,
  type FontRow,
  type ImageRow,
  type LedgerRow,
  type TemplateRow,
  URL_KEY_COLUMNS,
  toUrlKey,
  type UrlKeyRow,
  SESSION_COLUMNS,
  USER_COLUMNS,
  toSession,
  toUser,
  type SessionRow,
  type UserRow,
} from './rows.js';

const MAX_LEDGER_PAGE = 500;

/**
 * Every saved revision's document, written in the save's own transaction: a
 * signed URL may pin any of the latest TEMPLATE_REVISIONS_KEPT. The bytes they
 * take are kept per template in a narrow table of their own: read from the
 * revisions' rows, SQLite would walk each document's overflow pages to reach a
 * column stored after it.
 */
function* insertAccount(input: NewAccount): TxBody<Account> {
  const now = iso(input.now);
  const row = yield* one<AccountRow>(`INSERT INTO accounts (id, name, credits, created_at) VALUES (?, ?, 0, ?) RETURNING ${ACCOUNT_COLUMNS}`, [input.id, input.name, now]);
  // Starting credits go through the ledger so balance == SUM(delta) from day one.
  if (input.credits > 0) yield* grantTx(input.id, input.credits, 'initial credits', now);
  return toAccount({ ...row!, credits: input.credits });
}

function* insertApiKey(input: NewApiKeyRow & { accountId: string }): TxBody<ApiKeyRecord> {
  const row = yield* one<ApiKeyRow>(`INSERT INTO api_keys (id, account_id, hash, prefix, last4, name, created_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING ${API_KEY_COLUMNS}`, [
    input.id,
    input.accountId,
    input.hash,
    input.prefix,
    input.last4,
    input.name ?? null,
    iso(input.now),
  ]);
  return toApiKey(row!);
}

function* insertTemplate(input: NewTemplate & { accountId: string }): TxBody<TemplateRecord> {
  const now = iso(input.now);
  const created = yield* one<TemplateRow>(
    `INSERT INTO templates (id, account_id, name, document, revision, created_at, updated_at)
     VALUES (?, ?, ?, ?, 1, ?, ?) RETURNING ${TEMPLATE_COLUMNS}`,
    [input.id, input.accountId, input.name, JSON.stringify(input.document), now, now],
  );
  yield* keepRevision(created!);
  return toTemplate(created!);
}

function* keepRevision(row: TemplateRow): TxBody<void> {
  const bytes = Buffer.byteLength(row.document);
  const revision = Number(row.revision);
  yield* run('INSERT INTO template_revisions (template_id, revision, document, created_at, bytes) VALUES (?, ?, ?, ?, ?)', [
    row.id,
    revision,
    row.document,
    ts(row.updated_at),
    bytes,
  ]);
  const pruned = yield* all<{ bytes: number | string }>('DELETE FROM template_revisions WHERE template_id = ? AND revision <= ? RETURNING bytes', [
    row.id,
    revision - TEMPLATE_REVISIONS_KEPT,
  ]);
  const added = bytes - pruned.reduce((sum, r) => sum + Number(r.bytes), 0);
  // The template's row holds the current document too: it is stored twice, and counted twice.
  yield* run(
    `INSERT INTO template_storage (template_id, account_id, bytes, current_bytes) VALUES (?, ?, ?, ?)
     ON CONFLICT (template_id) DO UPDATE SET bytes = template_storage.bytes + excluded.bytes, current_bytes = excluded.current_bytes`,
    [row.id, row.account_id, added, bytes],
  );
}
const SETTLE_BATCH = 500;

function assertCount(amount: number, what: string, allowNonPositive = false): void {
  if (!Number.isSafeInteger(amount) || (!allowNonPositive && amount <= 0)) {
    throw new RangeError(`${what} must be a ${allowNonPositive ? '' : 'positive '}integer, got ${amount}`);
  }
}

/**
 * The whole `Store` in SQL written once. Subclasses only supply the driver
 * (and, for PostgreSQL, the schema to create). All writes go through
 * `driver.transaction` so SQLite takes its write lock up front (BEGIN IMMEDIATE)
 * and waits on the busy timeout instead of failing mid-statement.
 */
export class SqlStore implements Store {
  readonly dialect: 'sqlite' | 'postgres';

  constructor(
    protected readonly driver: SqlDriver,
    private readonly pgSchema: string | null = null,
  ) {
    this.dialect = driver.dialect;
  }

  private write<T>(body: () => TxBody<T>): Promise<T> {
    return this.driver.transaction(body);
  }

  async migrate(): Promise<void> {
    const { dialect, pgSchema } = this;
    await this.write(() => migrateTx(dialect, pgSchema));
  }

  async ping(): Promise<void> {
    await this.driver.all('SELECT 1 AS ok');
  }

  close(): Promise<void> {
    return this.driver.close();
  }

  async backup(file: string): Promise<BackupSummary> {
    if (!this.driver.backup) throw new BackupUnsupportedError(`${this.dialect} is backed up with its own tools (pg_dump), not by Imprint`);
    return this.driver.backup(file);
  }

  // ── accounts ──────────────────────────────────────────────────────────────

  async createAccount(input: NewAccount): Promise<Account> {
    assertCount(input.credits, 'credits', true);
    if (input.credits < 0) throw new RangeError('credits must not be negative');
    return this.write(() => insertAccount(input));
  }

  async createSeededAccount(input: {
    account: NewAccount;
    key: NewApiKeyRow;
    templates: NewTemplate[];
  }): Promise<{ account: Account; key: ApiKeyRecord; templates: TemplateRecord[] }> {
    assertCount(input.account.credits, 'credits', true);
    return this.write(function* () {
      const account = yield* insertAccount(input.account);
      const key = yield* insertApiKey({ ...input.key, accountId: account.id });
      const templates: TemplateRecord[] = [];
      for (const template of input.templates) templates.push(yield* insertTemplate({ ...template, accountId: account.id }));
      return { account, key, templates };
    });
  }

  async getAccount(id: string): Promise<Account | null> {
    const [row] = await this.driver.all<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE id = ?`, [id]);
    return row ? toAccount(row) : null;
  }

  async findAccountByName(name: string): Promise<Account | null> {
    const [row] = await this.driver.all<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE name = ?`, [name]);
    return row ? toAccount(row) : null;
  }

  async listAccounts(): Promise<Account[]> {
    const rows = await this.driver.all<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM accounts ORDER BY created_at, id`);
    return rows.map(toAccount);
  }

  // ── API keys ──────────────────────────────────────────────────────────────

  async createApiKey(input: NewApiKeyRow & { accountId: string }): Promise<ApiKeyRecord> {
    return this.write(() => insertApiKey(input));
  }

  async findApiKeyByHash(hash: string): Promise<{ key: ApiKeyRecord; account: Account } | null> {
    const [row] = await this.driver.all<ApiKeyRow & { a_name: string; a_credits: number | string; a_created_at: string | Date }>(
      `SELECT k.id, k.account_id, k.prefix, k.last4, k.name, k.created_at, k.last_used_at, k.revoked_at,
              a.name AS a_name, a.credits AS a_credits, a.created_at AS a_created_at
       FROM api_keys k JOIN accounts a ON a.id = k.account_id
       WHERE k.hash = ? AND k.revoked_at IS NULL`,
      [hash],
    );
    if (!row) return null;
    return {
      key: toApiKey(row),
      account: toAccount({ id: row.account_id, name: row.a_name, credits: row.a_credits, created_at: row.a_created_at }),
    };
  }

  async listApiKeys(accountId: string): Promise<ApiKeyRecord[]> {
    const rows = await this.driver.all<ApiKeyRow>(`SELECT ${API_KEY_COLUMNS} FROM api_keys WHERE account_id = ? ORDER BY created_at, id`, [accountId]);
    return rows.map(toApiKey);
  }

  /** True when this call revoked the key; false if it is unknown, another account's, or already revoked. */
  async revokeApiKey(accountId: string, keyId: string, now: string): Promise<boolean> {
    const at = iso(now);
    const changed = await this.write(() => run('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND account_id = ? AND revoked_at IS NULL', [at, keyId, accountId]));
    return changed > 0;
  }

  async touchApiKey(keyId: string, now: string): Promise<void> {
    const at = iso(now);
    await this.write(() => run('UPDATE api_keys SET last_used_at = ? WHERE id = ?', [at, keyId]));
  }

  // ── URL keys and signed renders ───────────────────────────────────────────

  async createUrlKey(input: { id: string; accountId: string; secret: string; name: string | null; now: string }): Promise<UrlKeyRecord> {
    const now = iso(input.now);
    const row = await this.write(() =>
      one<UrlKeyRow>(`INSERT INTO url_keys (id, account_id, secret, name, created_at) VALUES (?, ?, ?, ?, ?) RETURNING ${URL_KEY_COLUMNS}`, [
        input.id,
        input.accountId,
        input.secret,
        input.name,
        now,
      ]),
    );
    return toUrlKey(row!);
  }

  async findUrlKey(id: string): Promise<{ key: UrlKeyWithSecret; account: Account } | null> {
    const [row] = await this.driver.all<UrlKeyRow & { secret: string; a_name: string; a_credits: number | string; a_created_at: string | Date }>(
      `SELECT k.id, k.account_id, k.name, k.created_at, k.revoked_at, k.secret,
              a.name AS a_name, a.credits AS a_credits, a.created_at AS a_created_at
       FROM url_keys k JOIN accounts a ON a.id = k.account_id
       WHERE k.id = ? AND k.revoked_at IS NULL`,
      [id],
    );
    if (!row) return null;
    return {
      key: { ...toUrlKey(row), secret: row.secret },
      account: toAccount({ id: row.account_id, name: row.a_name, credits: row.a_credits, created_at: row.a_created_at }),
    };
  }

  async listUrlKeys(accountId: string): Promise<UrlKeyRecord[]> {
    const rows = await this.driver.all<UrlKeyRow>(`SELECT ${URL_KEY_COLUMNS} FROM url_keys WHERE account_id = ? ORDER BY created_at, id`, [accountId]);
    return rows.map(toUrlKey);
  }

  async revokeUrlKey(accountId: string, id: string, now: string): Promise<boolean> {
    const at = iso(now);
    const changed = await this.write(() => run('UPDATE url_keys SET revoked_at = ? WHERE id = ? AND account_id = ? AND revoked_at IS NULL', [at, id, accountId]));
    return changed > 0;
  }

  async findSignedRender(accountId: string, cacheKey: string): Promise<ImageRecord | null> {
    const [row] = await this.driver.all<ImageRow>(
      `SELECT ${IMAGE_COLUMNS.split(', ')
        .map((c) => `i.${c}`)
        .join(', ')} FROM signed_renders s JOIN images i ON i.id = s.image_id WHERE s.account_id = ? AND s.cache_key = ? AND i.account_id = s.account_id`,
      [accountId, cacheKey],
    );
    return row ? toImage(row) : null;
  }

  async recordSignedRender(input: { accountId: string; cacheKey: string; imageId: string; now: string }): Promise<void> {
    const at = iso(input.now);
    await this.write(() =>
      run('INSERT INTO signed_renders (account_id, cache_key, image_id, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (account_id, cache_key) DO NOTHING', [
        input.accountId,
        input.cacheKey,
        input.imageId,
        at,
      ]),
    );
  }

  // ── credits and ledger ────────────────────────────────────────────────────

  async grantCredits(accountId: string, amount: number, note: string | null, now: string): Promise<number> {
    assertCount(amount, 'amount', true);
    const at = iso(now);
    return this.write(() => grantTx(accountId, amount, note, at));
  }

  async reserveCredits(accountId: string, amount: number, reference: string, now: string, expiresAt: string): Promise<ReserveResult> {
    assertCount(amount, 'amount');
    const at = iso(now);
    const until = iso(expiresAt);
    return this.write(() => reserveTx(accountId, amount, reference, at, until));
  }

  async commitReservation(input: CommitInput): Promise<CommitResult> {
    const at = iso(input.now);
    const createdAt = iso(input.image.createdAt);
    if (input.image.accountId !== input.accountId) throw new RangeError('the image belongs to another account');
    try {
      return await this.write(() => commitTx(input, at, createdAt));
    } catch (error) {
      if (isClaimLost(error)) return 'lapsed';
      throw error;
    }
  }

  async releasePendingReservations(accountId: string, reference: string, now: string): Promise<number> {
    const at = iso(now);
    const pending = await this.driver.all<{ id: string }>(`SELECT id FROM ledger WHERE account_id = ? AND reference = ? AND reason = 'generate' AND state = 'pending'`, [
      accountId,
      reference,
    ]);
    let released = 0;
    for (const row of pending) if ((await this.write(() => releaseIfPendingTx(accountId, row.id, at))) === 1) released++;
    return released;
  }

  async releaseReservation(accountId: string, reservationId: string, now: string): Promise<number> {
    const at = iso(now);
    return this.write(() => releaseTx(accountId, reservationId, at));
  }

  async settleExpiredReservations(now: string): Promise<{ committed: number; refunded: number }> {
    const at = iso(now);
    const settled = { committed: 0, refunded: 0 };
    // One short transaction per reservation: a sweep never holds an account's
    // lock across many rows, and a crash mid-sweep loses nothing.
    for (;;) {
      const batch = await this.driver.all<{ id: string; account_id: string }>(
        `SELECT id, account_id FROM ledger WHERE state = 'pending' AND expires_at <= ? ORDER BY expires_at, seq LIMIT ?`,
        [at, SETTLE_BATCH],
      );
      let moved = 0;
      for (const row of batch) {
        const outcome = await this.write(() => settleTx(row.account_id, row.id, at));
        if (outcome) {
          settled[outcome]++;
          moved++;
        }
      }
      // A batch that moved nothing was settled by another sweeper; stop rather than re-read it.
      if (batch.length < SETTLE_BATCH || moved === 0) return settled;
    }
  }

  async purgeIdempotency(cutoffs: IdempotencyCutoffs): Promise<number> {
    const inFlight = iso(cutoffs.inFlightBefore);
    const completed = iso(cutoffs.completedBefore);
    return this.write(() => run(`DELETE FROM idempotency WHERE created_at < ? OR (state = 'in_flight' AND created_at < ?)`, [completed, inFlight]));
  }

  async ledgerReport(): Promise<LedgerReportRow[]> {
    type Row = {
      id: string;
      name: string;
      credits: number | string;
      grants: number | string;
      committed: number | string;
      pending: number | string;
      refunded_charges: number | string;
      refunds: number | string;
      stray_refunds: number | string;
      oldest_pending: string | Date | null;
    };
    const rows = await this.driver.all<Row>(
      `SELECT a.id, a.name, a.credits,
         COALESCE(SUM(CASE WHEN l.reason = 'grant' THEN l.delta ELSE 0 END), 0) AS grants,
         COALESCE(SUM(CASE WHEN l.reason = 'generate' AND l.state = 'committed' THEN -l.delta ELSE 0 END), 0) AS committed,
         COALESCE(SUM(CASE WHEN l.reason = 'generate' AND l.state = 'pending' THEN -l.delta ELSE 0 END), 0) AS pending,
         COALESCE(SUM(CASE WHEN l.reason = 'generate' AND l.state = 'refunded' THEN -l.delta ELSE 0 END), 0) AS refunded_charges,
         COALESCE(SUM(CASE WHEN l.reason = 'refund' THEN l.delta ELSE 0 END), 0) AS refunds,
         COALESCE(SUM(CASE WHEN l.reason = 'refund' AND NOT EXISTS (
           SELECT 1 FROM ledger g WHERE g.id = l.refund_of AND g.account_id = l.account_id AND g.state = 'refunded'
         ) THEN 1 ELSE 0 END), 0) AS stray_refunds,
         MIN(CASE WHEN l.state = 'pending' THEN l.created_at END) AS oldest_pending
       FROM accounts a LEFT JOIN ledger l ON l.account_id = a.id
       GROUP BY a.id, a.name, a.credits, a.created_at
       ORDER BY a.created_at, a.id`,
    );
    return rows.map((r) => ({
      accountId: r.id,
      name: r.name,
      balance: Number(r.credits),
      grants: Number(r.grants),
      committed: Number(r.committed),
      pending: Number(r.pending),
      refundedCharges: Number(r.refunded_charges),
      refunds: Number(r.refunds),
      strayRefunds: Number(r.stray_refunds),
      oldestPendingAt: r.oldest_pending === null ? null : ts(r.oldest_pending),
    }));
  }

  async listLedger(accountId: string, opts: { limit: number; cursor?: string | null }): Promise<Page<LedgerEntry>> {
    const limit = Math.min(Math.max(Math.trunc(opts.limit) || 1, 1), MAX_LEDGER_PAGE);
    const after = opts.cursor ? decodeLedgerCursor(opts.cursor) : null;
    // The links a reader follows: a committed generate row to its image, a refund to the request it gave back.
    const select = `SELECT ${LEDGER_COLUMNS.split(', ')
      .map((c) => `l.${c}`)
      .join(', ')}, i.blob_key AS image_blob_key, g.reference AS refunded_reference
      FROM ledger l
      LEFT JOIN images i ON i.reservation_id = l.id AND i.account_id = l.account_id
      LEFT JOIN ledger g ON g.id = l.refund_of AND g.account_id = l.account_id`;
    const rows = after
      ? await this.driver.all<LedgerRow>(
          `${select}
           WHERE l.account_id = ? AND (l.created_at < ? OR (l.created_at = ? AND l.seq < ?))
           ORDER BY l.created_at DESC, l.seq DESC LIMIT ?`,
          [accountId, after.createdAt, after.createdAt, after.seq, limit + 1],
        )
      : await this.driver.all<LedgerRow>(`${select} WHERE l.account_id = ? ORDER BY l.created_at DESC, l.seq DESC LIMIT ?`, [accountId, limit + 1]);
    const page = rows.slice(0, limit);
    const nextCursor = rows.length > limit ? encodeLedgerCursor(page[page.length - 1]) : null;
    return { items: page.map(toLedgerEntry), nextCursor };
  }

  async listImages(accountId: string, opts: { limit: number; cursor?: string | null }): Promise<Page<ImageHistoryItem>> {
    const limit = Math.min(Math.max(Math.trunc(opts.limit) || 1, 1), MAX_LEDGER_PAGE);
    const after = opts.cursor ? decodeImageCursor(opts.cursor) : null;
    // Every join is pinned to the same account: a template or ledger row of another account can never lend its name or id.
    const select = `SELECT ${IMAGE_COLUMNS.split(', ')
      .map((c) => `i.${c}`)
      .join(', ')}, t.name AS template_name, l.reference AS request_id
      FROM images i
      LEFT JOIN templates t ON t.id = i.template_id AND t.account_id = i.account_id
      LEFT JOIN ledger l ON l.id = i.reservation_id AND l.account_id = i.account_id`;
    type Row = ImageRow & { template_name: string | null; request_id: string | null };
    const rows = after
      ? await this.driver.all<Row>(
          `${select}
           WHERE i.account_id = ? AND (i.created_at < ? OR (i.created_at = ? AND i.id < ?))
           ORDER BY i.created_at DESC, i.id DESC LIMIT ?`,
          [accountId, after.createdAt, after.createdAt, after.id, limit + 1],
        )
      : await this.driver.all<Row>(`${select} WHERE i.account_id = ? ORDER BY i.created_at DESC, i.id DESC LIMIT ?`, [accountId, limit + 1]);
    const page = rows.slice(0, limit);
    const nextCursor = rows.length > limit ? encodeImageCursor(page[page.length - 1]) : null;
    return { items: page.map((r) => ({ image: toImage(r), templateName: r.template_name, requestId: r.request_id })), nextCursor };
  }

  async ledgerSum(accountId: string): Promise<number> {
    const [row] = await this.driver.all<{ total: number | string | null }>('SELECT COALESCE(SUM(delta), 0) AS total FROM ledger WHERE account_id = ?', [accountId]);
    return Number(row?.total ?? 0);
  }

  // ── templates ─────────────────────────────────────────────────────────────

  async createTemplate(input: NewTemplate & { accountId: string }): Promise<TemplateRecord> {
    return this.write(() => insertTemplate(input));
  }

  async getTemplate(accountId: string, id: string): Promise<TemplateRecord | null> {
    const [row] = await this.driver.all<TemplateRow>(`SELECT ${TEMPLATE_COLUMNS} FROM templates WHERE id = ? AND account_id = ?`, [id, accountId]);
    return row ? toTemplate(row) : null;
  }

  async listTemplates(accountId: string, sort: 'createdAt' | 'updatedAt', order: 'asc' | 'desc'): Promise<TemplateSummary[]> {
    // Whitelisted, never interpolated from input.
    const column = sort === 'createdAt' ? 'created_at' : 'updated_at';
    const direction = order === 'asc' ? 'ASC' : 'DESC';
    const rows = await this.driver.all<TemplateRow>(
      `SELECT id, name, created_at, updated_at FROM templates WHERE account_id = ?
       ORDER BY ${column} ${direction}, id ${direction}`,
      [accountId],
    );
    return rows.map(toTemplateSummary);
  }

  async updateTemplate(accountId: string, id: string, patch: { name?: string; document?: TemplateDocument }, now: string, ifRevision?: number): Promise<TemplateRecord | null> {
    const at = iso(now);
    const condition = ifRevision === undefined ? '' : ' AND revision = ?';
    const revisions = ifRevision === undefined ? [] : [ifRevision];
    const row = await this.write(function* () {
      const updated = yield* one<TemplateRow>(
        `UPDATE templates SET name = COALESCE(?, name), document = COALESCE(?, document),
           revision = revision + 1, updated_at = ?
         WHERE id = ? AND account_id = ?${condition} RETURNING ${TEMPLATE_COLUMNS}`,
        [patch.name ?? null, patch.document === undefined ? null : JSON.stringify(patch.document), at, id, accountId, ...revisions],
      );
      if (updated) yield* keepRevision(updated);
      return updated;
    });
    return row ? toTemplate(row) : null;
  }

  async getTemplateRevision(accountId: string, id: string, revision: number): Promise<TemplateRecord | null> {
    const [row] = await this.driver.all<TemplateRow>(
      `SELECT t.id, t.account_id, t.name, r.document, r.revision, t.created_at, t.updated_at
       FROM templates t JOIN template_revisions r ON r.template_id = t.id
       WHERE t.id = ? AND t.account_id = ? AND r.revision = ?`,
      [id, accountId, revision],
    );
    return row ? toTemplate(row) : null;
  }

  async templateBytes(accountId: string): Promise<number> {
    const [row] = await this.driver.all<{ bytes: number | string | null }>('SELECT SUM(bytes + current_bytes) AS bytes FROM template_storage WHERE account_id = ?', [accountId]);
    return Number(row?.bytes ?? 0);
  }

  async findTemplateRevision(accountId: string, id: string, revision: number | null): Promise<number | null> {
    const [row] =
      revision === null
        ? await this.driver.all<{ revision: number | string }>('SELECT revision FROM templates WHERE id = ? AND account_id = ?', [id, accountId])
        : await this.driver.all<{ revision: number | string }>(
            `SELECT r.revision FROM templates t JOIN template_revisions r ON r.template_id = t.id
             WHERE t.id = ? AND t.account_id = ? AND r.revision = ?`,
            [id, accountId, revision],
          );
    return row ? Number(row.revision) : null;
  }

  async deleteTemplate(accountId: string, id: string): Promise<boolean> {
    const changed = await this.write(() => run('DELETE FROM templates WHERE id = ? AND account_id = ?', [id, accountId]));
    return changed > 0;
  }

  // ── images ────────────────────────────────────────────────────────────────

  async recordImage(image: ImageRecord, reservationId?: string): Promise<void> {
    const at = iso(image.createdAt);
    await this.write(() =>
      run(
        // Same id = same account and bytes: a concurrent twin already recorded it.
        `INSERT INTO images (${IMAGE_COLUMNS}, reservation_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
        [image.id, image.accountId, image.templateId, image.blobKey, image.format, image.width, image.height, at, reservationId ?? null],
      ),
    );
  }

  async getImage(id: string): Promise<ImageRecord | null> {
    const [row] = await this.driver.all<ImageRow>(`SELECT ${IMAGE_COLUMNS} FROM images WHERE id = ?`, [id]);
    return row ? toImage(row) : null;
  }

  // ── idempotency ───────────────────────────────────────────────────────────

  async beginIdempotency(accountId: string, key: string, requestHash: string, now: string, cutoffs: IdempotencyCutoffs): Promise<IdempotencyBegin> {
    const at = iso(now);
    const normalized = { inFlightBefore: iso(cutoffs.inFlightBefore), completedBefore: iso(cutoffs.completedBefore) };
    return this.write(() => beginIdempotencyTx(accountId, key, requestHash, at, normalized));
  }

  async completeIdempotency(accountId: string, key: string, claimId: string, statusCode: number, body: unknown, now: string): Promise<boolean> {
    const at = iso(now);
    return (await this.write(() => completeIdempotencyTx(accountId, key, claimId, statusCode, body, at))) === 1;
  }

  async abandonIdempotency(accountId: string, key: string, claimId: string): Promise<void> {
    // Only a claim still in flight: an outcome stored with the work it reports (a charge, a queued job) stays,
    // even when a later step of the same request fails and the request gives its key up.
    await this.write(() => run(`DELETE FROM idempotency WHERE account_id = ? AND key = ? AND claim_id = ? AND state = 'in_flight'`, [accountId, key, claimId]));
  }

  // ── fonts ─────────────────────────────────────────────────────────────────

  async createFont(font: FontRecord): Promise<FontRecord> {
    const at = iso(font.createdAt);
    const row = await this.write(() =>
      one<FontRow>(`INSERT INTO fonts (${FONT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING ${FONT_COLUMNS}`, [
        font.id,
        font.accountId,
        font.family,
        font.weight,
        font.style,
        font.format,
        font.blobKey,
        at,
      ]),
    );
    return toFont(row!);
  }

  async listFonts(accountId: string): Promise<FontRecord[]> {
    const rows = await this.driver.all<FontRow>(`SELECT ${FONT_COLUMNS} FROM fonts WHERE account_id = ? ORDER BY family, weight, style, id`, [accountId]);
    return rows.map(toFont);
  }

  async deleteFont(accountId: string, id: string): Promise<boolean> {
    const changed = await this.write(() => run('DELETE FROM fonts WHERE id = ? AND account_id = ?', [id, accountId]));
    return changed > 0;
  }
  // ── assets ────────────────────────────────────────────────────────────────

  async createAsset(asset: AssetRecord, quotaBytes: number): Promise<CreateAssetResult> {
    const at = iso(asset.createdAt);
    return this.write(function* () {
      // A no-op update that row-locks the account in PostgreSQL (SQLite already holds its write lock),
      // so two uploads racing for the last of the quota are checked one after the other.
      yield* run('UPDATE accounts SET credits = credits WHERE id = ?', [asset.accountId]);
      const existing = yield* one<AssetRow>(`SELECT ${ASSET_COLUMNS} FROM assets WHERE id = ? AND account_id = ?`, [asset.id, asset.accountId]);
      if (existing) return { ok: true, asset: toAsset(existing), created: false } as const;
      const used = yield* one<{ total: number | string | null }>('SELECT COALESCE(SUM(bytes), 0) AS total FROM assets WHERE account_id = ?', [asset.accountId]);
      const usedBytes = Number(used?.total ?? 0);
      if (usedBytes + asset.bytes > quotaBytes) return { ok: false, usedBytes } as const;
      const row = yield* one<AssetRow>(`INSERT INTO assets (${ASSET_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING ${ASSET_COLUMNS}`, [
        asset.id,
        asset.accountId,
        asset.blobKey,
        asset.contentType,
        asset.width,
        asset.height,
        asset.bytes,
        at,
      ]);
      return { ok: true, asset: toAsset(row!), created: true } as const;
    });
  }

  async getAsset(accountId: string, id: string): Promise<AssetRecord | null> {
    const [row] = await this.driver.all<AssetRow>(`SELECT ${ASSET_COLUMNS} FROM assets WHERE id = ? AND account_id = ?`, [id, accountId]);
    return row ? toAsset(row) : null;
  }

  async listAssets(accountId: string, opts: { limit: number; cursor?: string | null }): Promise<Page<AssetRecord>> {
    const limit = Math.min(Math.max(Math.trunc(opts.limit) || 1, 1), MAX_LEDGER_PAGE);
    const after = opts.cursor ? decodeImageCursor(opts.cursor) : null;
    const rows = after
      ? await this.driver.all<AssetRow>(
          `SELECT ${ASSET_COLUMNS} FROM assets
           WHERE account_id = ? AND (created_at < ? OR (created_at = ? AND id < ?))
           ORDER BY created_at DESC, id DESC LIMIT ?`,
          [accountId, after.createdAt, after.createdAt, after.id, limit + 1],
        )
      : await this.driver.all<AssetRow>(`SELECT ${ASSET_COLUMNS} FROM assets WHERE account_id = ? ORDER BY created_at DESC, id DESC LIMIT ?`, [accountId, limit + 1]);
    const page = rows.slice(0, limit);
    const nextCursor = rows.length > limit ? encodeImageCursor(page[page.length - 1]) : null;
    return { items: page.map(toAsset), nextCursor };
  }

  async assetBytes(accountId: string): Promise<number> {
    const [row] = await this.driver.all<{ total: number | string | null }>('SELECT COALESCE(SUM(bytes), 0) AS total FROM assets WHERE account_id = ?', [accountId]);
    return Number(row?.total ?? 0);
  }

  async deleteAsset(accountId: string, id: string): Promise<boolean> {
    return (await this.write(() => run('DELETE FROM assets WHERE id = ? AND account_id = ?', [id, accountId]))) > 0;
  }

  // ── users, sessions, one-time tokens ──────────────────────────────────────

  async signUpUser(input: {
    user: { id: string; email: string; passwordHash: string };
    account: { id: string; credits: number; note: string };
    inviteHash?: string;
    now: string;
  }): Promise<SignUpResult> {
    assertCount(input.account.credits, 'credits', true);
    if (input.account.credits < 0) throw new RangeError('credits must not be negative');
    const normalized = { ...input, now: iso(input.now) };
    try {
      return await this.write(() => signUpTx(normalized));
    } catch (error) {
      // Two sign-ups racing for one email: the UNIQUE index let one through.
      if (error instanceof StoreConflictError && (await this.findUserByEmail(input.user.email))) return { ok: false, reason: 'email_taken' };
      throw error;
    }
  }

  async createUser(input: { id: string; accountId: string; email: string; passwordHash: string; now: string }): Promise<UserRecord> {
    const now = iso(input.now);
    const row = await this.write(() =>
      one<UserRow>(`INSERT INTO users (id, account_id, email, password_hash, created_at, password_changed_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING ${USER_COLUMNS}`, [
        input.id,
        input.accountId,
        input.email,
        input.passwordHash,
        now,
        now,
      ]),
    );
    return withoutPassword(toUser(row!));
  }

  async findUserByEmail(email: string): Promise<UserWithPassword | null> {
    const [row] = await this.driver.all<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE email = ?`, [email]);
    return row ? toUser(row) : null;
  }

  async getUser(id: string): Promise<UserWithPassword | null> {
    const [row] = await this.driver.all<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE id = ?`, [id]);
    return row ? toUser(row) : null;
  }

  async getUserByAccount(accountId: string): Promise<UserRecord | null> {
    const [row] = await this.driver.all<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE account_id = ?`, [accountId]);
    return row ? withoutPassword(toUser(row)) : null;
  }

  async setPassword(userId: string, passwordHash: string, now: string, keepSessionHash: string | null): Promise<number> {
    const at = iso(now);
    return this.write(function* () {
      const changed = yield* run('UPDATE users SET password_hash = ?, password_changed_at = ? WHERE id = ?', [passwordHash, at, userId]);
      if (changed === 0) throw new Error(`user not found: ${userId}`);
      return yield* run('DELETE FROM sessions WHERE user_id = ? AND id_hash <> ?', [userId, keepSessionHash ?? '']);
    });
  }

  async createSession(input: { idHash: string; userId: string; csrfToken: string; now: string; expiresAt: string }): Promise<SessionRecord> {
    const now = iso(input.now);
    const expiresAt = iso(input.expiresAt);
    const row = await this.write(() =>
      one<SessionRow>(`INSERT INTO sessions (id_hash, user_id, csrf_token, created_at, last_seen_at, expires_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING ${SESSION_COLUMNS}`, [
        input.idHash,
        input.userId,
        input.csrfToken,
        now,
        now,
        expiresAt,
      ]),
    );
    return toSession(row!);
  }

  async findSession(idHash: string, at: { now: string; idleSince: string }): Promise<{ session: SessionRecord; user: UserRecord; account: Account } | null> {
    type Row = SessionRow & {
      u_account_id: string;
      u_email: string;
      u_created_at: string | Date;
      u_password_changed_at: string | Date;
      a_name: string;
      a_credits: number | string;
      a_created_at: string | Date;
    };
    const [row] = await this.driver.all<Row>(
      `SELECT s.id_hash, s.user_id, s.csrf_token, s.created_at, s.last_seen_at, s.expires_at,
              u.account_id AS u_account_id, u.email AS u_email, u.created_at AS u_created_at, u.password_changed_at AS u_password_changed_at,
              a.name AS a_name, a.credits AS a_credits, a.created_at AS a_created_at
       FROM sessions s JOIN users u ON u.id = s.user_id JOIN accounts a ON a.id = u.account_id
       WHERE s.id_hash = ? AND s.expires_at > ? AND s.last_seen_at > ?`,
      [idHash, iso(at.now), iso(at.idleSince)],
    );
    if (!row) return null;
    return {
      session: toSession(row),
      user: { id: row.user_id, accountId: row.u_account_id, email: row.u_email, createdAt: ts(row.u_created_at), passwordChangedAt: ts(row.u_password_changed_at) },
      account: toAccount({ id: row.u_account_id, name: row.a_name, credits: row.a_credits, created_at: row.a_created_at }),
    };
  }

  async touchSession(idHash: string, now: string): Promise<void> {
    const at = iso(now);
    await this.write(() => run('UPDATE sessions SET last_seen_at = ? WHERE id_hash = ? AND last_seen_at < ?', [at, idHash, at]));
  }

  async deleteSession(idHash: string): Promise<boolean> {
    return (await this.write(() => run('DELETE FROM sessions WHERE id_hash = ?', [idHash]))) > 0;
  }

  async deleteUserSessions(userId: string, exceptIdHash: string | null): Promise<number> {
    return this.write(() => run('DELETE FROM sessions WHERE user_id = ? AND id_hash <> ?', [userId, exceptIdHash ?? '']));
  }

  async purgeAuth(at: { now: string; idleSince: string }): Promise<number> {
    const now = iso(at.now);
    const idleSince = iso(at.idleSince);
    return this.write(function* () {
      const sessions = yield* run('DELETE FROM sessions WHERE expires_at <= ? OR last_seen_at <= ?', [now, idleSince]);
      const tokens = yield* run('DELETE FROM auth_tokens WHERE expires_at <= ? OR used_at IS NOT NULL', [now]);
      return sessions + tokens;
    });
  }

  async createAuthToken(input: { tokenHash: string; kind: AuthTokenKind; userId: string | null; now: string; expiresAt: string }): Promise<void> {
    const now = iso(input.now);
    const expiresAt = iso(input.expiresAt);
    await this.write(() =>
      run('INSERT INTO auth_tokens (token_hash, kind, user_id, created_at, expires_at) VALUES (?, ?, ?, ?, ?)', [input.tokenHash, input.kind, input.userId, now, expiresAt]),
    );
  }

  async resetPasswordWithToken(tokenHash: string, passwordHash: string, now: string): Promise<UserRecord | null> {
    const at = iso(now);
    return this.write(() => resetPasswordTx(tokenHash, passwordHash, at));
  }

  // ── jobs and webhooks (SQL in job-queries.ts) ─────────────────────────────

  createJob(job: NewJob): Promise<JobRecord | null> {
    return jobs.createJob(this.driver, job);
  }

  getJob(accountId: string, id: string): Promise<JobRecord | null> {
    return jobs.getJob(this.driver, accountId, id);
  }

  countUnfinishedJobs(accountId: string): Promise<number> {
    return jobs.countUnfinishedJobs(this.driver, accountId);
  }

  purgeFinishedJobs(before: string, limit: number): Promise<number> {
    return jobs.purgeFinishedJobs(this.driver, before, limit);
  }

  createBatch(batch: NewBatch): Promise<boolean> {
    return jobs.createBatch(this.driver, batch);
  }

  getBatch(accountId: string, id: string): Promise<BatchRecord | null> {
    return jobs.getBatch(this.driver, accountId, id);
  }

  claimJobs(input: { claimId: string; now: string; leaseUntil: string; limit: number }): Promise<JobRecord[]> {
    return jobs.claimJobs(this.driver, input);
  }

  finishJob(input: { id: string; claimId: string; state: 'succeeded' | 'failed'; result: unknown; now: string }): Promise<boolean> {
    return jobs.finishJob(this.driver, input);
  }

  requeueJob(input: { id: string; claimId: string; runAt: string; now: string }): Promise<boolean> {
    return jobs.requeueJob(this.driver, input);
  }

  claimWebhookDeliveries(input: { now: string; leaseUntil: string; limit: number; perAccount: number }): Promise<WebhookClaim[]> {
    return jobs.claimWebhookDeliveries(this.driver, input);
  }

  recordWebhookAttempt(input: Parameters<Store['recordWebhookAttempt']>[0]): Promise<boolean> {
    return jobs.recordWebhookAttempt(this.driver, input);
  }

  listWebhookAttempts(jobId: string): Promise<WebhookAttempt[]> {
    return jobs.listWebhookAttempts(this.driver, jobId);
  }

  redeliverWebhook(accountId: string, jobId: string, now: string): Promise<JobRecord | null> {
    return jobs.redeliverWebhook(this.driver, accountId, jobId, now);
  }

  rotateWebhookSecret(input: { accountId: string; secret: string; previousUntil: string; now: string }): Promise<WebhookSecrets> {
    return jobs.rotateWebhookSecret(this.driver, input);
  }

  getWebhookSecrets(accountId: string, now: string): Promise<WebhookSecrets | null> {
    return jobs.getWebhookSecrets(this.driver, accountId, now);
  }
}
