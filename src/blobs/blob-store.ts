import type { Readable } from 'node:stream';
/**
 * Where rendered images, uploaded fonts, uploaded assets and template
 * thumbnails live. Keys are content-addressed by the caller, so `put` of an
 * existing key is a harmless overwrite with the same bytes and concurrent
 * writers (even on different nodes) never conflict.
 */
export interface BlobStore {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  /**
   * The blob as a stream, with its length; null when missing. For serving: a response that reads the
   * whole file into memory first makes each concurrent download of a large image cost its size.
   */
  stream(key: string): Promise<{ body: Readable; length: number } | null>;
  /** Whether `get` would find the blob, without moving its bytes: what a 304 needs. */
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /**
   * Only for stores on this machine's disk: the folder whose files are the keys `prefix/<file name>`, so a
   * writer with the bytes on another thread (a render worker) can save them there itself, as `put` would
   * (writeFileAtomicSync), instead of moving them to the event loop first.
   */
  localFolder?(prefix: string): string;
}

/** Keys are `images/<hex>.png`-like; anything else is refused so a key can never escape the store. */
export function assertSafeKey(key: string): void {
  if (!/^[a-z]+\/[A-Za-z0-9_-]+(\.[a-z0-9]+)?$/.test(key)) throw new Error(`unsafe blob key: ${key}`);
}
