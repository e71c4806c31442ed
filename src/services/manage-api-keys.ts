import { generateApiKey } from '../domain/api-key.js';
import { ApiError } from '../domain/errors.js';
import { newId } from '../domain/ids.js';
import type { ApiKeyRecord } from '../store/store.js';
import type { ServiceDeps } from './service-deps.js';

type Deps = Pick<ServiceDeps, 'store' | 'now'>;

export interface IssuedApiKey {
  record: ApiKeyRecord;
  /** Shown once. Only its SHA-256 is stored, so a lost key cannot be recovered, only replaced. */
  plaintext: string;
}

export async function createApiKey(deps: Deps, accountId: string): Promise<IssuedApiKey> {
  const key = generateApiKey();
  const record = await deps.store.createApiKey({ id: newId('key'), accountId, hash: key.hash, prefix: key.prefix, last4: key.last4, now: deps.now() });
  return { record, plaintext: key.plaintext };
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

/** The public view of a key: enough to recognise it, never enough to use it. */
export function describeKey(record: ApiKeyRecord) {
  return {
    id: record.id,
    prefix: record.prefix,
    last4: record.last4,
    createdAt: record.createdAt,
    lastUsedAt: record.lastUsedAt,
    revokedAt: record.revokedAt,
  };
}
