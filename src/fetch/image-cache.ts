import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
import type { CachePolicy } from './http-cache-policy.js';
import type { FetchedImage } from './image-inspect.js';

export interface CacheEntry {
  image: FetchedImage;
  /** null: never expires (data: URLs, whose key is their content). */
  policy: CachePolicy | null;
  /** Every URL the download went through (redirect hops), re-checked against the address policy before any reuse. */
  hops: string[];
}

/** A disk entry carries only bytes, policy and hops; the caller re-inspects the bytes. */
export interface DiskEntry {
  bytes: Buffer;
  policy: CachePolicy;
  hops: string[];
}

// Bookkeeping overhead per entry, so many tiny images cannot exceed the byte budget.
const ENTRY_OVERHEAD = 512;

/**
 * Two tiers: an LRU in memory bounded by bytes, and optionally one file per key in
 * `dir`, named sha256(key) so no user-controlled text ever becomes a path.
 * File layout: 4-byte big-endian JSON length, JSON {url, policy, hops}, then the image bytes.
 *
 * The disk tier is bounded by `diskBytes` with least-recently-used eviction. Its
 * index is rebuilt from the folder on first use (size and mtime of each file;
 * a hit bumps the mtime), so the budget and the order survive restarts.
 * Files and the folder are owner-only (0600/0700).
 */
export class ImageCache {
  private readonly memory: LRUCache<string, CacheEntry>;
  private readonly dir: string | undefined;
  private readonly diskBytes: number;
  /** File name → size, in least-recently-used-first order (Map keeps insertion order). */
  private readonly index = new Map<string, number>();
  private indexedBytes = 0;
  private ready: Promise<void> | undefined;
  /** Set when the folder cannot be made or read: the cache then works from memory only. */
  private diskBroken = false;

  constructor(opts: { memoryBytes: number; dir?: string; diskBytes?: number }) {
    this.memory = new LRUCache<string, CacheEntry>({
      maxSize: Math.max(1, opts.memoryBytes),
      sizeCalculation: (e) => e.image.bytes.length + ENTRY_OVERHEAD,
    });
    this.diskBytes = opts.diskBytes ?? Number.POSITIVE_INFINITY;
    this.dir = this.diskBytes > 0 ? opts.dir : undefined;
    // Scan at start rather than on the first request: 5,000 files take about 0.3 s to stat.
    if (this.dir) void this.open();
  }

  /** A memory hit is a use too: the disk copy moves to the recent end, so eviction follows real use. */
  getMemory(key: string): CacheEntry | undefined {
    const entry = this.memory.get(key);
    if (entry && this.dir && !this.diskBroken) {
      const name = this.nameFor(key);
      const size = this.index.get(name);
      if (size !== undefined) {
        this.track(name, size);
        const now = new Date();
        void utimes(path.join(this.dir, name), now, now).catch(() => {});
      }
    }
    return entry;
  }

  setMemory(key: string, entry: CacheEntry): void {
    this.memory.set(key, entry);
  }

  /** Bytes the disk tier holds now, by its own count (for tests and the decision record's figures). */
  async diskUsage(): Promise<number> {
    await this.open();
    return this.indexedBytes;
  }

  private nameFor(key: string): string {
    return `${createHash('sha256').update(key).digest('hex')}.img`;
  }

  private open(): Promise<void> {
    this.ready ??= this.scan().catch(() => {
      this.diskBroken = true;
    });
    return this.ready;
  }

  /**
   * The folder is made on the first write, not at start: an admin command that builds the runtime
   * (a refused `imprint backup`, say) must leave the data directory as it found it, and a node
   * that never fetches an image has nothing to keep.
   */
  private async scan(): Promise<void> {
    const dir = this.dir!;
    const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    const found: Array<{ name: string; size: number; used: number }> = [];
    for (const name of names) {
      const file = path.join(dir, name);
      // Leftovers of a crash mid-write; never valid entries.
      if (name.endsWith('.tmp')) {
        await rm(file, { force: true });
        continue;
      }
      if (!name.endsWith('.img')) continue;
      const info = await stat(file).catch(() => undefined);
      if (info?.isFile()) found.push({ name, size: info.size, used: info.mtimeMs });
    }
    found.sort((a, b) => a.used - b.used);
    for (const entry of found) this.track(entry.name, entry.size);
    await this.evict();
  }

  private track(name: string, size: number): void {
    this.indexedBytes -= this.index.get(name) ?? 0;
    this.index.delete(name);
    this.index.set(name, size);
    this.indexedBytes += size;
  }

  private untrack(name: string): void {
    this.indexedBytes -= this.index.get(name) ?? 0;
    this.index.delete(name);
  }

  private async evict(): Promise<void> {
    for (const [name, size] of this.index) {
      if (this.indexedBytes <= this.diskBytes) break;
      this.index.delete(name);
      this.indexedBytes -= size;
      await rm(path.join(this.dir!, name), { force: true });
    }
  }

  async readDisk(key: string): Promise<DiskEntry | undefined> {
    if (!this.dir) return undefined;
    await this.open();
    if (this.diskBroken) return undefined;
    const name = this.nameFor(key);
    const file = path.join(this.dir, name);
    try {
      const raw = await readFile(file);
      const jsonLength = raw.readUInt32BE(0);
      const meta = JSON.parse(raw.toString('utf8', 4, 4 + jsonLength)) as { url: string; policy: CachePolicy; hops?: unknown };
      if (meta.url !== key || typeof meta.policy?.freshUntil !== 'number' || !Array.isArray(meta.hops)) return undefined;
      this.track(name, raw.length);
      // The order must survive a restart, and the mtime is what the scan reads.
      const now = new Date();
      await utimes(file, now, now).catch(() => {});
      return { bytes: raw.subarray(4 + jsonLength), policy: meta.policy, hops: meta.hops.filter((h): h is string => typeof h === 'string') };
    } catch {
      // Missing, truncated or foreign files are plain misses.
      return undefined;
    }
  }

  async writeDisk(key: string, entry: DiskEntry): Promise<void> {
    if (!this.dir) return;
    await this.open();
    if (this.diskBroken) return;
    const json = Buffer.from(JSON.stringify({ url: key, policy: entry.policy, hops: entry.hops }), 'utf8');
    const head = Buffer.alloc(4);
    head.writeUInt32BE(json.length, 0);
    const data = Buffer.concat([head, json, entry.bytes]);
    // One entry larger than the whole budget would evict everything and then itself.
    if (data.length > this.diskBytes) return;
    const name = this.nameFor(key);
    const file = path.join(this.dir, name);
    // Write-then-rename so a concurrent reader or a crash never sees half a file.
    const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await mkdir(this.dir, { recursive: true, mode: 0o700 });
    } catch {
      // A folder that cannot be made leaves the cache working from memory, as an unreadable one does.
      this.diskBroken = true;
      return;
    }
    await writeFile(tmp, data, { mode: 0o600 });
    await rename(tmp, file);
    this.track(name, data.length);
    await this.evict();
  }

  async delete(key: string): Promise<void> {
    this.memory.delete(key);
    if (!this.dir) return;
    await this.open();
    const name = this.nameFor(key);
    this.untrack(name);
    await rm(path.join(this.dir, name), { force: true });
  }
}
