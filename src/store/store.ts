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
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
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

export interface LedgerEntry {
  id: string;
  accountId: string;
  /** Signed: +N for grants and refunds, -1 for a generate. */
  delta: number;
  balanceAfter: number;
  reason: LedgerReason;
  /** The request that caused it (generate/refund), or a free-text note (grant). */
  reference: string | null;
  createdAt: string;
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

export type DebitResult =
  | { ok: true; entryId: string; previousCredits: number; remainingCredits: number }
  | { ok: false; balance: number };

export type IdempotencyBegin =
  | { state: 'started' }
  | { state: 'in_flight' }
  | { state: 'mismatch' }
  | { state: 'replay'; statusCode: number; body: unknown };

export interface Page<T> {
  items: T[];
  /** Opaque; pass back to get the next page. Null when there is none. */
  nextCursor: string | null;
}

/**
 * Everything the service persists. One interface, two implementations
 * (SQLite embedded default, PostgreSQL for many nodes), one contract suite.
 * Every method that takes an accountId scopes to it: another account's rows
 * are indistinguishable from missing rows.
 */
export interface Store {
  readonly dialect: 'sqlite' | 'postgres';
  /** Applies pending versioned migrations. Safe to call from several processes at once. */
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;

  createAccount(input: { id: string; name: string; credits: number; now: string }): Promise<Account>;
  getAccount(id: string): Promise<Account | null>;
  findAccountByName(name: string): Promise<Account | null>;
  listAccounts(): Promise<Account[]>;

  createApiKey(input: { id: string; accountId: string; hash: string; prefix: string; last4: string; now: string }): Promise<ApiKeyRecord>;
  /** Active (unrevoked) key by SHA-256 hash, with its account. */
  findApiKeyByHash(hash: string): Promise<{ key: ApiKeyRecord; account: Account } | null>;
  listApiKeys(accountId: string): Promise<ApiKeyRecord[]>;
  revokeApiKey(accountId: string, keyId: string, now: string): Promise<boolean>;
  touchApiKey(keyId: string, now: string): Promise<void>;

  /** Adds credits and a `grant` ledger row atomically; returns the new balance. */
  grantCredits(accountId: string, amount: number, note: string | null, now: string): Promise<number>;
  /** Conditional debit of `amount` plus a `generate` ledger row, in one transaction. */
  debitCredits(accountId: string, amount: number, reference: string, now: string): Promise<DebitResult>;
  /** Gives back a debit whose render failed: `refund` row, balance restored. Idempotent per debit entry. */
  refundCredits(accountId: string, debitEntryId: string, now: string): Promise<number>;
  listLedger(accountId: string, opts: { limit: number; cursor?: string | null }): Promise<Page<LedgerEntry>>;
  ledgerSum(accountId: string): Promise<number>;

  createTemplate(input: { id: string; accountId: string; name: string; document: TemplateDocument; now: string }): Promise<TemplateRecord>;
  getTemplate(accountId: string, id: string): Promise<TemplateRecord | null>;
  listTemplates(accountId: string, sort: 'createdAt' | 'updatedAt', order: 'asc' | 'desc'): Promise<TemplateSummary[]>;
  updateTemplate(accountId: string, id: string, patch: { name?: string; document?: TemplateDocument }, now: string): Promise<TemplateRecord | null>;
  deleteTemplate(accountId: string, id: string): Promise<boolean>;

  recordImage(image: ImageRecord): Promise<void>;
  getImage(id: string): Promise<ImageRecord | null>;

  /**
   * Claims an idempotency key for (account, key). `requestHash` fingerprints the body.
   * Keys older than `expiresBefore` are treated as absent.
   */
  beginIdempotency(accountId: string, key: string, requestHash: string, now: string, expiresBefore: string): Promise<IdempotencyBegin>;
  completeIdempotency(accountId: string, key: string, statusCode: number, body: unknown, now: string): Promise<void>;
  /** Releases a claim whose outcome must not be stored (validation failure, crash). */
  abandonIdempotency(accountId: string, key: string): Promise<void>;

  createFont(font: FontRecord): Promise<FontRecord>;
  listFonts(accountId: string): Promise<FontRecord[]>;
  deleteFont(accountId: string, id: string): Promise<boolean>;
}
