import { createHash } from 'node:crypto';
import { API_KEY_PREFIX, type NewApiKey } from '../domain/api-key.js';
import { randomBase62 } from '../domain/ids.js';

/** 22 base62 characters carry 130.9 bits, above the 128-bit floor. */
const SECRET_LENGTH = 22;

export function generateApiKey(): NewApiKey {
  const plaintext = API_KEY_PREFIX + randomBase62(SECRET_LENGTH);
  return { plaintext, hash: hashApiKey(plaintext), prefix: API_KEY_PREFIX, last4: plaintext.slice(-4) };
}

/**
 * Plain SHA-256 is right here (unlike for passwords): keys carry 128+ random bits,
 * so there is nothing to brute-force, and a fast hash keeps auth off the hot path.
 * Synchronous on purpose, which Web Crypto's digest is not: hence node:crypto, outside src/domain.
 */
export function hashApiKey(plaintext: string): string {
  return createHash('sha256').update(plaintext, 'utf8').digest('hex');
}
