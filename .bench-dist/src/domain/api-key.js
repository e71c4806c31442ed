import { createHash } from 'node:crypto';
import { randomBase62 } from './ids.js';
/** 22 base62 characters carry 130.9 bits, above the 128-bit floor. */
const SECRET_LENGTH = 22;
export const API_KEY_PREFIX = 'imp_';
const KEY_PATTERN = /^imp_[0-9A-Za-z]{22,64}$/;
export function generateApiKey() {
    const plaintext = API_KEY_PREFIX + randomBase62(SECRET_LENGTH);
    return { plaintext, hash: hashApiKey(plaintext), prefix: plaintext.slice(0, 8), last4: plaintext.slice(-4) };
}
/**
 * Plain SHA-256 is right here (unlike for passwords): keys carry 128+ random bits,
 * so there is nothing to brute-force, and a fast hash keeps auth off the hot path.
 */
export function hashApiKey(plaintext) {
    return createHash('sha256').update(plaintext, 'utf8').digest('hex');
}
export function looksLikeApiKey(value) {
    return KEY_PATTERN.test(value);
}
/** Extracts the key from `Authorization: Bearer <key>`; null when absent or malformed. */
export function parseBearer(header) {
    if (!header)
        return null;
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match || !looksLikeApiKey(match[1]))
        return null;
    return match[1];
}
//# sourceMappingURL=api-key.js.map