const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Web Crypto (global in Node 20 and every browser), so the domain bundles for the editor unchanged. */
function randomBytes(count: number): Uint8Array {
  return globalThis.crypto.getRandomValues(new Uint8Array(count));
}

/**
 * Base62 of `bytes` random bytes, fixed length. Rejection sampling keeps every
 * character uniformly likely (a plain `byte % 62` would favour the first 8).
 */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248) out += ALPHABET[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

/** Prefixed ids (`tpl_…`, `acc_…`) say what they name in logs and support tickets; 16 chars ≈ 95 bits. */
export function newId(prefix: 'acc' | 'key' | 'tpl' | 'req' | 'fnt' | 'img' | 'uk' | 'job' | 'bat'): string {
  return `${prefix}_${randomBase62(16)}`;
}
