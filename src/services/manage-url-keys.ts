import { randomBytes } from 'node:crypto';
import { ApiError } from '../domain/errors.js';
import { newId } from '../domain/ids.js';
import { applyOverrides } from '../domain/overrides.js';
import { buildSignedUrl, SIGNED_URL_EXTENSIONS, URL_KEY_SECRET_PREFIX, type SignedUrlExtension } from '../domain/signed-url.js';
import type { Account, UrlKeyRecord } from '../store/store.js';
import { getTemplate, getTemplateRevision } from './manage-templates.js';
import type { ServiceDeps } from './service-deps.js';

type Deps = Pick<ServiceDeps, 'store' | 'now'>;

/** Active URL keys per account: one per site, newsletter or integration, with room to rotate. */
export const MAX_URL_KEYS = 20;

export interface IssuedUrlKey {
  record: UrlKeyRecord;
  /** Shown once by the API; the server keeps it to verify signatures, and the admin CLI can sign with it. */
  secret: string;
}

/** 256 random bits, base64url: the HMAC key is as long as the hash it feeds. */
function newUrlKeySecret(): string {
  return URL_KEY_SECRET_PREFIX + randomBytes(32).toString('base64url');
}

export async function createUrlKey(deps: Deps, accountId: string, name: string | null = null): Promise<IssuedUrlKey> {
  const active = (await deps.store.listUrlKeys(accountId)).filter((key) => key.revokedAt === null).length;
  if (active >= MAX_URL_KEYS) {
    throw new ApiError(
      'too_many_url_keys',
      `This account already has ${MAX_URL_KEYS} active URL keys, the most it may hold. Revoke one (DELETE /account/url-keys/{id}) before creating another.`,
    );
  }
  const secret = newUrlKeySecret();
  const trimmed = name?.trim() || null;
  const record = await deps.store.createUrlKey({ id: newId('uk'), accountId, secret, name: trimmed, now: deps.now() });
  return { record, secret };
}

export function listUrlKeys(deps: Pick<ServiceDeps, 'store'>, accountId: string): Promise<UrlKeyRecord[]> {
  return deps.store.listUrlKeys(accountId);
}

/** Immediate: every signed request reads the key from the store, so the next request with it answers 401. */
export async function revokeUrlKey(deps: Deps, accountId: string, id: string): Promise<void> {
  if (!(await deps.store.revokeUrlKey(accountId, id, deps.now()))) {
    throw new ApiError('key_not_found', `No active URL key with id "${id}" in this account. List them with GET /account/url-keys.`);
  }
}

export function describeUrlKey(record: UrlKeyRecord) {
  return { id: record.id, name: record.name, createdAt: record.createdAt, revokedAt: record.revokedAt };
}

export interface SignUrlInput {
  keyId: string;
  templateId: string;
  format?: 'png' | 'jpeg' | 'webp';
  elements?: Record<string, Record<string, string | number | boolean>>;
  /** Unix seconds after which the URL answers 410. */
  exp?: number;
  /** Pin the template revision; absent: the URL follows the template's edits. */
  rev?: number;
}

const EXTENSION_OF: Record<string, SignedUrlExtension> = Object.fromEntries(Object.entries(SIGNED_URL_EXTENSIONS).map(([ext, format]) => [format, ext as SignedUrlExtension]));

/**
 * Signs a URL with one of the account's URL keys, for the developer area and
 * the admin CLI (which have the key id, not the secret). The template and the
 * changes are checked as a render would check them, so a mistake shows now
 * rather than when the URL is first opened.
 */
export async function signUrl(deps: Pick<ServiceDeps, 'store' | 'publicUrl' | 'fontFamilies'>, account: Account, input: SignUrlInput): Promise<{ url: string }> {
  const found = await deps.store.findUrlKey(input.keyId);
  if (!found || found.account.id !== account.id) {
    throw new ApiError('key_not_found', `No active URL key with id "${input.keyId}" in this account. Create one with POST /account/url-keys.`);
  }
  const template = input.rev === undefined ? await getTemplate(deps, account.id, input.templateId) : await getTemplateRevision(deps, account.id, input.templateId, input.rev);
  const changes: Record<string, Record<string, string>> = {};
  for (const [element, properties] of Object.entries(input.elements ?? {})) {
    changes[element] = Object.fromEntries(Object.entries(properties).map(([property, value]) => [property, String(value)]));
  }
  // The URL carries strings; checking the strings is checking exactly what the render will get.
  const applied = applyOverrides(template.document, changes, { fontFamilies: await deps.fontFamilies(account.id) });
  if (!applied.ok) throw new ApiError(applied.code, applied.message, { errors: applied.errors });
  const path = await buildSignedUrl({
    templateId: template.id,
    extension: EXTENSION_OF[input.format ?? 'png'],
    keyId: found.key.id,
    secret: found.key.secret,
    changes,
    exp: input.exp,
    rev: input.rev,
  });
  return { url: `${deps.publicUrl}${path}` };
}
