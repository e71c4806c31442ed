import type { ServiceDeps } from './service-deps.js';
import { newWebhookSecret } from './webhook-signature.js';

/** How long the replaced secret keeps signing, so receivers can switch without losing a message. */
export const WEBHOOK_SECRET_OVERLAP_MS = 24 * 60 * 60 * 1000;

export interface RotatedWebhookSecret {
  secret: string;
  createdAt: string;
  /** When the secret this one replaced stops signing; null when there was none. */
  previousSecretExpiresAt: string | null;
}

/**
 * Creates the account's webhook signing secret, or replaces it. The secret is
 * returned here and never again (it is stored, because signing needs it, but no
 * endpoint reads it back); the replaced one signs alongside for 24 hours.
 */
export async function rotateWebhookSecret(deps: Pick<ServiceDeps, 'store' | 'now'>, accountId: string): Promise<RotatedWebhookSecret> {
  const now = deps.now();
  const previousUntil = new Date(Date.parse(now) + WEBHOOK_SECRET_OVERLAP_MS).toISOString();
  const stored = await deps.store.rotateWebhookSecret({ accountId, secret: newWebhookSecret(), previousUntil, now });
  return { secret: stored.secret, createdAt: stored.createdAt, previousSecretExpiresAt: stored.previous ? previousUntil : null };
}
