import { parseBearer } from '../domain/api-key.js';
import { hashApiKey } from './api-key-secret.js';
import type { Account, ApiKeyRecord } from '../store/store.js';
import type { SignedIn } from './manage-sessions.js';
import type { ServiceDeps } from './service-deps.js';

/** Who is calling: an API key, or a signed-in browser (session). Exactly one of `key` and `session` is set. */
export interface Principal {
  account: Account;
  key: ApiKeyRecord | null;
  session: SignedIn | null;
}

/** lastUsedAt is a hint for humans; writing it at most once a minute keeps auth a single read. */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * Resolves `Authorization: Bearer imp_…` to an account. Missing, malformed,
 * unknown and revoked keys all return null, so callers cannot tell them apart.
 * No cache: a key revoked through the CLI must stop working on the next request.
 */
export async function authenticate(deps: Pick<ServiceDeps, 'store' | 'now'>, authorization: string | undefined): Promise<Principal | null> {
  const plaintext = parseBearer(authorization);
  if (!plaintext) return null;
  const found = await deps.store.findApiKeyByHash(hashApiKey(plaintext));
  if (!found) return null;
  const now = deps.now();
  const last = found.key.lastUsedAt ? Date.parse(found.key.lastUsedAt) : 0;
  if (Date.parse(now) - last > TOUCH_INTERVAL_MS) await deps.store.touchApiKey(found.key.id, now);
  return { ...found, session: null };
}
