import type { TemplateDocument } from '../domain/template.js';
import type {
  Account,
  ApiKeyRecord,
  AssetRecord,
  FontRecord,
  ImageRecord,
  LedgerEntry,
  LedgerReason,
  ReservationState,
  SessionRecord,
  UserWithPassword,
  TemplateRecord,
  TemplateSummary,
  UrlKeyRecord,
} from './store.js';
import { InvalidCursorError } from './store-errors.js';

/**
 * Raw rows as either driver returns them. PostgreSQL hands back timestamptz
 * as Date and BIGINT as string; SQLite gives the stored text and numbers.
 */
type Ts = string | Date;
type Int = number | string;

export interface AccountRow {
  id: string;
  name: string;
  credits: Int;
  created_at: Ts;
}
export interface ApiKeyRow {
  id: string;
  account_id: string;
  prefix: string;
  last4: string;
  name: string | null;
  created_at: Ts;
  last_used_at: Ts | null;
  revoked_at: Ts | null;
}
export interface UrlKeyRow {
  id: string;
  account_id: string;
  name: string | null;
  created_at: Ts;
  revoked_at: Ts | null;
}
export interface TemplateRow {
  id: string;
  account_id: string;
  name: string;
  document: string;
  revision: Int;
  created_at: Ts;
  updated_at: Ts;
}
export interface LedgerRow {
  seq: Int;
  id: string;
  account_id: string;
  delta: Int;
  balance_after: Int;
  reason: string;
  reference: string | null;
  state: string | null;
  created_at: Ts;
  /** Only from listLedger's joins. */
  image_blob_key?: string | null;
  refunded_reference?: string | null;
}
export interface ImageRow {
  id: string;
  account_id: string;
  template_id: string;
  blob_key: string;
  format: string;
  width: Int;
  height: Int;
  created_at: Ts;
}
export interface FontRow {
  id: string;
  account_id: string;
  family: string;
  weight: Int;
  style: string;
  format: string;
  blob_key: string;
  created_at: Ts;
}

export interface AssetRow {
  id: string;
  account_id: string;
  blob_key: string;
  content_type: string;
  width: Int;
  height: Int;
  bytes: Int;
  created_at: Ts;
}

/** Normalises a caller's timestamp to `toISOString()` form, rejecting garbage early. */
export function iso(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`invalid timestamp: ${value}`);
  return date.toISOString();
}

export function ts(value: Ts): string {
  return value instanceof Date ? value.toISOString() : value;
}

function tsOrNull(value: Ts | null): string | null {
  return value === null ? null : ts(value);
}

export const ACCOUNT_COLUMNS = 'id, name, credits, created_at';
export const API_KEY_COLUMNS = 'id, account_id, prefix, last4, name, created_at, last_used_at, revoked_at';
export const URL_KEY_COLUMNS = 'id, account_id, name, created_at, revoked_at';
export const TEMPLATE_COLUMNS = 'id, account_id, name, document, revision, created_at, updated_at';
export const LEDGER_COLUMNS = 'seq, id, account_id, delta, balance_after, reason, reference, state, created_at';
export const IMAGE_COLUMNS = 'id, account_id, template_id, blob_key, format, width, height, created_at';
export const FONT_COLUMNS = 'id, account_id, family, weight, style, format, blob_key, created_at';
export const ASSET_COLUMNS = 'id, account_id, blob_key, content_type, width, height, bytes, created_at';

export function toAccount(r: AccountRow): Account {
  return { id: r.id, name: r.name, credits: Number(r.credits), createdAt: ts(r.created_at) };
}

export function toApiKey(r: ApiKeyRow): ApiKeyRecord {
  return {
    id: r.id,
    accountId: r.account_id,
    prefix: r.prefix,
    last4: r.last4,
    name: r.name,
    createdAt: ts(r.created_at),
    lastUsedAt: tsOrNull(r.last_used_at),
    revokedAt: tsOrNull(r.revoked_at),
  };
}

export function toUrlKey(r: UrlKeyRow): UrlKeyRecord {
  return { id: r.id, accountId: r.account_id, name: r.name, createdAt: ts(r.created_at), revokedAt: tsOrNull(r.revoked_at) };
}

export function toTemplate(r: TemplateRow): TemplateRecord {
  return {
    id: r.id,
    accountId: r.account_id,
    name: r.name,
    document: JSON.parse(r.document) as TemplateDocument,
    revision: Number(r.revision),
    createdAt: ts(r.created_at),
    updatedAt: ts(r.updated_at),
  };
}

export function toTemplateSummary(r: Pick<TemplateRow, 'id' | 'name' | 'created_at' | 'updated_at'>): TemplateSummary {
  return { id: r.id, name: r.name, createdAt: ts(r.created_at), updatedAt: ts(r.updated_at) };
}

export function toLedgerEntry(r: LedgerRow): LedgerEntry {
  return {
    id: r.id,
    accountId: r.account_id,
    delta: Number(r.delta),
    balanceAfter: Number(r.balance_after),
    reason: r.reason as LedgerReason,
    reference: r.reference,
    state: r.state as ReservationState | null,
    createdAt: ts(r.created_at),
    ...(r.image_blob_key ? { imageBlobKey: r.image_blob_key } : {}),
    ...(r.refunded_reference ? { refundedReference: r.refunded_reference } : {}),
  };
}

export function toImage(r: ImageRow): ImageRecord {
  return {
    id: r.id,
    accountId: r.account_id,
    templateId: r.template_id,
    blobKey: r.blob_key,
    format: r.format,
    width: Number(r.width),
    height: Number(r.height),
    createdAt: ts(r.created_at),
  };
}

export function toFont(r: FontRow): FontRecord {
  return {
    id: r.id,
    accountId: r.account_id,
    family: r.family,
    weight: Number(r.weight),
    style: r.style as FontRecord['style'],
    format: r.format,
    blobKey: r.blob_key,
    createdAt: ts(r.created_at),
  };
}

export function toAsset(r: AssetRow): AssetRecord {
  return {
    id: r.id,
    accountId: r.account_id,
    blobKey: r.blob_key,
    contentType: r.content_type,
    width: Number(r.width),
    height: Number(r.height),
    bytes: Number(r.bytes),
    createdAt: ts(r.created_at),
  };
}

/** Position after the last row of a ledger page: (created_at, seq) of that row. */
export interface LedgerCursor {
  createdAt: string;
  seq: number;
}

export function encodeLedgerCursor(r: LedgerRow): string {
  return Buffer.from(JSON.stringify([ts(r.created_at), Number(r.seq)])).toString('base64url');
}

export function decodeLedgerCursor(cursor: string): LedgerCursor {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    // Only what encodeLedgerCursor writes: a year outside 0000-9999 would pass iso() yet make PostgreSQL fail.
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      typeof parsed[0] === 'string' &&
      /^\d{4}-\d\d-\d\dT/.test(parsed[0]) &&
      Number.isSafeInteger(parsed[1]) &&
      (parsed[1] as number) >= 0
    ) {
      return { createdAt: iso(parsed[0]), seq: parsed[1] as number };
    }
  } catch {
    // fall through: any undecodable cursor is the same client error
  }
  throw new InvalidCursorError();
}

/** Position after the last row of an image (or asset) page: (created_at, id); ids are unique, so no ties. */
export function encodeImageCursor(r: Pick<ImageRow, 'created_at' | 'id'>): string {
  return Buffer.from(JSON.stringify([ts(r.created_at), r.id])).toString('base64url');
}

export function decodeImageCursor(cursor: string): { createdAt: string; id: string } {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      typeof parsed[0] === 'string' &&
      /^\d{4}-\d\d-\d\dT/.test(parsed[0]) &&
      typeof parsed[1] === 'string' &&
      parsed[1].length <= 200
    ) {
      return { createdAt: iso(parsed[0]), id: parsed[1] };
    }
  } catch {
    // fall through: any undecodable cursor is the same client error
  }
  throw new InvalidCursorError();
}

export interface UserRow {
  id: string;
  account_id: string;
  email: string;
  password_hash: string;
  created_at: Ts;
  password_changed_at: Ts;
}
export interface SessionRow {
  id_hash: string;
  user_id: string;
  csrf_token: string;
  created_at: Ts;
  last_seen_at: Ts;
  expires_at: Ts;
}

export const USER_COLUMNS = 'id, account_id, email, password_hash, created_at, password_changed_at';
export const SESSION_COLUMNS = 'id_hash, user_id, csrf_token, created_at, last_seen_at, expires_at';

export function toUser(r: UserRow): UserWithPassword {
  return {
    id: r.id,
    accountId: r.account_id,
    email: r.email,
    passwordHash: r.password_hash,
    createdAt: ts(r.created_at),
    passwordChangedAt: ts(r.password_changed_at),
  };
}

export function toSession(r: SessionRow): SessionRecord {
  return {
    idHash: r.id_hash,
    userId: r.user_id,
    csrfToken: r.csrf_token,
    createdAt: ts(r.created_at),
    lastSeenAt: ts(r.last_seen_at),
    expiresAt: ts(r.expires_at),
  };
}
