import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
import type { CachePolicy } from './http-cache-policy.js';
import type { FetchedImage } from './image-inspect.js';

export interface CacheEntry {
  image: FetchedImage;
  /** null: never expires (data: URLs, whose key is their content). */
  policy: CachePolicy | null;
}

/** A disk entry carries only bytes and policy; the caller re-inspects the bytes. */
export interface DiskEntry {
  bytes: Buffer;
  policy: CachePolicy;
}

// Bookkeeping overhead per entry, so many tiny images cannot exceed the byte budget.
const ENTRY_OVERHEAD = 512;

/**
 * Two tiers: an LRU in memory bounded by bytes, and optionally one file per URL in
 * `dir`, named sha256(url) so no user-controlled text ever becomes a path.
 * File layout: 4-byte big-endian JSON length, JSON {url, policy}, then the image bytes.
 */
export class ImageCache {
  private readonly memory: LRUCache<string, CacheEntry>;
  private readonly dir: string | undefined;
  private dirReady: Promise<unknown> | undefined;

  constructor(opts: { memoryBytes: number; dir?: string }) {
    this.memory = new LRUCache<string, CacheEntry>({
      maxSize: Math.max(1, opts.memoryBytes),
      sizeCalculation: (e) => e.image.bytes.length + ENTRY_OVERHEAD,
    });
    this.dir = opts.dir;
  }

  getMemory(key: string): CacheEntry | undefined {
    return this.memory.get(key);
  }

  setMemory(key: string, entry: CacheEntry): void {
    this.memory.set(key, entry);
  }

  private fileFor(key: string): string {
    return path.join(this.dir!, `${createHash('sha256').update(key).digest('hex')}.img`);
  }

  async readDisk(key: string): Promise<DiskEntry | undefined> {
    if (!this.dir) return undefined;
    try {
      const raw = await readFile(this.fileFor(key));
      const jsonLength = raw.readUInt32BE(0);
      const meta = JSON.parse(raw.toString('utf8', 4, 4 + jsonLength)) as { url: string; policy: CachePolicy };
      if (meta.url !== key || typeof meta.policy?.freshUntil !== 'number') return undefined;
      return { bytes: raw.subarray(4 + jsonLength), policy: meta.policy };
    } catch {
      // Missing, truncated or foreign files are plain misses.
      return undefined;
    }
  }

  async writeDisk(key: string, entry: DiskEntry): Promise<void> {
    if (!this.dir) return;
    this.dirReady ??= mkdir(this.dir, { recursive: true });
    await this.dirReady;
    const json = Buffer.from(JSON.stringify({ url: key, policy: entry.policy }), 'utf8');
    const head = Buffer.alloc(4);
    head.writeUInt32BE(json.length, 0);
    const file = this.fileFor(key);
    // Write-then-rename so a concurrent reader or a crash never sees half a file.
    const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(tmp, Buffer.concat([head, json, entry.bytes]));
    await rename(tmp, file);
  }

  async delete(key: string): Promise<void> {
    this.memory.delete(key);
    if (this.dir) await rm(this.fileFor(key), { force: true });
  }
}
