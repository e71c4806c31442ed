import { ApiError } from '../domain/errors.js';
import { newId } from '../domain/ids.js';
import type { Account, LedgerEntry, Page } from '../store/store.js';
import { createApiKey, type IssuedApiKey } from './manage-api-keys.js';
import { readPage } from './read-page.js';
import type { ServiceDeps } from './service-deps.js';

type Deps = Pick<ServiceDeps, 'store' | 'now'>;

export interface CreatedAccount {
  account: Account;
  key: IssuedApiKey;
}

/** An account is useless without a key, so creating one always issues its first key. */
export async function createAccount(deps: Deps, input: { name: string; credits: number }): Promise<CreatedAccount> {
  const name = input.name.trim();
  if (!name) throw new ApiError('invalid_request', 'An account needs a non-empty name.');
  if (!Number.isInteger(input.credits) || input.credits < 0) throw new ApiError('invalid_request', 'Credits must be a whole number of 0 or more.');
  if (await deps.store.findAccountByName(name)) throw new ApiError('invalid_request', `An account named "${name}" already exists.`);
  const account = await deps.store.createAccount({ id: newId('acc'), name, credits: input.credits, now: deps.now() });
  const key = await createApiKey(deps, account.id);
  return { account, key };
}

export async function requireAccount(deps: Pick<ServiceDeps, 'store'>, accountId: string): Promise<Account> {
  const account = await deps.store.getAccount(accountId);
  if (!account) throw new ApiError('not_found', `No account with id "${accountId}".`);
  return account;
}

export async function grantCredits(deps: Deps, accountId: string, amount: number, note: string | null = null): Promise<number> {
  if (!Number.isInteger(amount) || amount === 0) throw new ApiError('invalid_request', 'The amount must be a non-zero whole number.');
  const account = await requireAccount(deps, accountId);
  if (account.credits + amount < 0) throw new ApiError('invalid_request', `Cannot remove ${-amount} credits: the balance is ${account.credits}.`);
  return deps.store.grantCredits(accountId, amount, note, deps.now());
}

export async function accountUsage(deps: Pick<ServiceDeps, 'store'>, accountId: string, limit: number, cursor: string | null): Promise<Page<LedgerEntry>> {
  return readPage(() => deps.store.listLedger(accountId, { limit, cursor }));
}
