import { API_KEY_PREFIX } from '../domain/api-key.js';
import { generateApiKey } from './api-key-secret.js';
import { ApiError } from '../domain/errors.js';
import { newId } from '../domain/ids.js';
import type { ApiKeyRecord } from '../store/store.js';
import type { ServiceDeps } from './service-deps.js';

type Deps = Pick<ServiceDeps, 'store' | 'now'>;

/** The default of MAX_API_KEYS: generous for rotation and per-service keys, small enough to audit. */
export const DEFAULT_MAX_API_KEYS = 20;

export interface IssuedApiKey {
  record: ApiKeyRecord;
  /** Shown once. Only its SHA-256 is stored, so a lost key cannot be recovered, only replaced. */
  plaintext: string;
}

/**
 * `maxActiveKeys` applies to keys made through the API; the operator's CLI is not limited.
 * Creations for one account run one after another in this process, so a burst
 * ends exactly at the maximum. Across processes (several servers on one
 * PostgreSQL) the count is re-checked after the insert and a creation that finds
 * the account over the maximum revokes its own new key: racing creations at the
 * edge may then both fail, which is the safe side.
 */
export function createApiKey(deps: Deps, accountId: string, opts: { maxActiveKeys?: number; name?: string | null } = {}): Promise<IssuedApiKey> {
  const name = normaliseKeyName(opts.name);
  if (opts.maxActiveKeys === undefined) return insertKey(deps, accountId, name);
  const max = opts.maxActiveKeys;
  const previous = creating.get(accountId) ?? Promise.resolve();
  const run = previous.then(async () => {
    if ((await countActive(deps, accountId)) >= max) throw tooMany(max);
    const issued = await insertKey(deps, accountId, name);
    if ((await countActive(deps, accountId)) > max) {
      await deps.store.revokeApiKey(accountId, issued.record.id, deps.now());
      throw tooMany(max);
    }
    return issued;
  });
  const settled = run.then(
    () => {},
    () => {},
  );
  creating.set(accountId, settled);
  void settled.then(() => {
    if (creating.get(accountId) === settled) creating.delete(accountId);
  });
  return run;
}

/** Per account, the tail of its queue of limited creations; entries go away when their queue drains. */
const creating = new Map<string, Promise<void>>();

/** A blank name is no name: the listing then falls back to the key's last 4 characters. */
function normaliseKeyName(name: string | null | undefined): string | null {
  const trimmed = name?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

async function insertKey(deps: Deps, accountId: string, name: string | null): Promise<IssuedApiKey> {
  const key = generateApiKey();
  const record = await deps.store.createApiKey({ id: newId('key'), accountId, hash: key.hash, prefix: key.prefix, last4: key.last4, name, now: deps.now() });
  return { record, plaintext: key.plaintext };
}

async function countActive(deps: Deps, accountId: string): Promise<number> {
  return (await deps.store.listApiKeys(accountId)).filter((key) => key.revokedAt === null).length;
}

function tooMany(max: number): ApiError {
  return new ApiError(
    'too_many_api_keys',
    `This account already has ${max} active API keys, the most it may hold. Revoke one (DELETE /account/keys/{keyId}) before creating another.`,
  );
}

export function listApiKeys(deps: Pick<ServiceDeps, 'store'>, accountId: string): Promise<ApiKeyRecord[]> {
  return deps.store.listApiKeys(accountId);
}

/** Immediate: authentication reads the store on every request, there is no key cache to outlive this. */
export async function revokeApiKey(deps: Deps, accountId: string, keyId: string): Promise<void> {
  if (!(await deps.store.revokeApiKey(accountId, keyId, deps.now()))) {
    throw new ApiError('key_not_found', `No active API key with id "${keyId}" in this account.`);
  }
}

/**
 * The public view of a key: enough to recognise it, never enough to use it.
 * Only the last 4 characters of the secret are shown (about 24 of its 131 bits);
 * the prefix is the constant `imp_`, even for keys made when the stored prefix
 * held 4 more secret characters.
 */
export function describeKey(record: ApiKeyRecord) {
  return {
    id: record.id,
    prefix: API_KEY_PREFIX,
    last4: record.last4,
    name: record.name,
    createdAt: record.createdAt,
    lastUsedAt: record.lastUsedAt,
    revokedAt: record.revokedAt,
  };
}
