import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: session cookies, CSRF tokens, invite and reset links. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * What the database keeps instead of the token. A fast hash is enough: the
 * token has 256 bits of entropy, so there is nothing to guess from the hash.
 */
export function hashSecretToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
