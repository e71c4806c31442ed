/** The shape of API keys; generating and hashing them needs node:crypto and lives in services/api-key-secret.ts. */
export const API_KEY_PREFIX = 'imp_';
const KEY_PATTERN = /^imp_[0-9A-Za-z]{22,64}$/;

export interface NewApiKey {
  /** The only time the plaintext exists; shown once, never stored. */
  plaintext: string;
  hash: string;
  prefix: string;
  last4: string;
}

export function looksLikeApiKey(value: string): boolean {
  return KEY_PATTERN.test(value);
}

/** Extracts the key from `Authorization: Bearer <key>`; null when absent or malformed. */
export function parseBearer(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match || !looksLikeApiKey(match[1])) return null;
  return match[1];
}
