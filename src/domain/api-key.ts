import { createHash } from 'node:crypto';
import { randomBase62 } from './ids.js';

/** 22 base62 characters carry 130.9 bits, above the 128-bit floor. */
const SECRET_LENGTH = 22;
export const API_KEY_PREFIX = 'imp_';
const KEY_PATTERN = /^imp_[0-9A-Za-z]{22,64}$/;

export interface NewApiKey {
  /** The only time the plaintext exists; shown once, never stored. */
  plaintext: string;
  hash: string;
  prefix: string;
  last4: string;
}

export function generateApiKey(): NewApiKey {
  const plaintext = API_KEY_PREFIX + randomBase62(SECRET_LENGTH);
  return { plaintext, hash: hashApiKey(plaintext), prefix: API_KEY_PREFIX, last4: plaintext.slice(-4) };
}

/**
 * Plain SHA-256 is right here (unlike for passwords): keys carry 128+ random bits,
 * so there is nothing to brute-force, and a fast hash keeps auth off the hot path.
 */
export function hashApiKey(plaintext: string): string {
  return createHash('sha256').update(plaintext, 'utf8').digest('hex');
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
