import { ApiError } from '../domain/errors.js';
import { newId } from '../domain/ids.js';
import { createApiKey } from './manage-api-keys.js';
/** An account is useless without a key, so creating one always issues its first key. */
export async function createAccount(deps, input) {
    const name = input.name.trim();
    if (!name)
        throw new ApiError('invalid_request', 'An account needs a non-empty name.');
    if (!Number.isInteger(input.credits) || input.credits < 0)
        throw new ApiError('invalid_request', 'Credits must be a whole number of 0 or more.');
    if (await deps.store.findAccountByName(name))
        throw new ApiError('invalid_request', `An account named "${name}" already exists.`);
    const account = await deps.store.createAccount({ id: newId('acc'), name, credits: input.credits, now: deps.now() });
    const key = await createApiKey(deps, account.id);
    return { account, key };
}
export async function requireAccount(deps, accountId) {
    const account = await deps.store.getAccount(accountId);
    if (!account)
        throw new ApiError('not_found', `No account with id "${accountId}".`);
    return account;
}
export async function grantCredits(deps, accountId, amount, note = null) {
    if (!Number.isInteger(amount) || amount === 0)
        throw new ApiError('invalid_request', 'The amount must be a non-zero whole number.');
    const account = await requireAccount(deps, accountId);
    if (account.credits + amount < 0)
        throw new ApiError('invalid_request', `Cannot remove ${-amount} credits: the balance is ${account.credits}.`);
    return deps.store.grantCredits(accountId, amount, note, deps.now());
}
export function accountUsage(deps, accountId, limit, cursor) {
    return deps.store.listLedger(accountId, { limit, cursor });
}
//# sourceMappingURL=manage-accounts.js.map