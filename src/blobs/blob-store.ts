/**
 * Where rendered images (and uploaded fonts) live. Keys are content-addressed
 * by the caller, so `put` of an existing key is a harmless overwrite with the
 * same bytes and concurrent writers never conflict.
 */
export interface BlobStore {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}

/** Keys are `images/<hex>.png`-like; anything else is refused so a key can never escape the store. */
export function assertSafeKey(key: string): void {
  if (!/^[a-z]+\/[A-Za-z0-9_-]+(\.[a-z0-9]+)?$/.test(key)) throw new Error(`unsafe blob key: ${key}`);
}
