import { generateApiKey } from '../domain/api-key.js';
import { ApiError } from '../domain/errors.js';
import { newId } from '../domain/ids.js';
export async function createApiKey(deps, accountId) {
    const key = generateApiKey();
    const record = await deps.store.createApiKey({ id: newId('key'), accountId, hash: key.hash, prefix: key.prefix, last4: key.last4, now: deps.now() });
    return { record, plaintext: key.plaintext };
}
export function listApiKeys(deps, accountId) {
    return deps.store.listApiKeys(accountId);
}
/** Immediate: authentication reads the store on every request, there is no key cache to outlive this. */
export async function revokeApiKey(deps, accountId, keyId) {
    if (!(await deps.store.revokeApiKey(accountId, keyId, deps.now()))) {
        throw new ApiError('key_not_found', `No active API key with id "${keyId}" in this account.`);
    }
}
/** The public view of a key: enough to recognise it, never enough to use it. */
export function describeKey(record) {
    return {
        id: record.id,
        prefix: record.prefix,
        last4: record.last4,
        createdAt: record.createdAt,
        lastUsedAt: record.lastUsedAt,
        revokedAt: record.revokedAt,
    };
}
//# sourceMappingURL=manage-api-keys.js.map