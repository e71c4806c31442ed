import { randomBytes } from 'node:crypto';
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/**
 * Base62 of `bytes` random bytes, fixed length. Rejection sampling keeps every
 * character uniformly likely (a plain `byte % 62` would favour the first 8).
 */
export function randomBase62(length) {
    let out = '';
    while (out.length < length) {
        for (const byte of randomBytes(length * 2)) {
            if (byte < 248)
                out += ALPHABET[byte % 62];
            if (out.length === length)
                break;
        }
    }
    return out;
}
/** Prefixed ids (`tpl_…`, `acc_…`) say what they name in logs and support tickets; 16 chars ≈ 95 bits. */
export function newId(prefix) {
    return `${prefix}_${randomBase62(16)}`;
}
//# sourceMappingURL=ids.js.map