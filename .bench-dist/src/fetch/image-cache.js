import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
// Bookkeeping overhead per entry, so many tiny images cannot exceed the byte budget.
const ENTRY_OVERHEAD = 512;
/**
 * Two tiers: an LRU in memory bounded by bytes, and optionally one file per URL in
 * `dir`, named sha256(url) so no user-controlled text ever becomes a path.
 * File layout: 4-byte big-endian JSON length, JSON {url, policy}, then the image bytes.
 */
export class ImageCache {
    memory;
    dir;
    dirReady;
    constructor(opts) {
        this.memory = new LRUCache({
            maxSize: Math.max(1, opts.memoryBytes),
            sizeCalculation: (e) => e.image.bytes.length + ENTRY_OVERHEAD,
        });
        this.dir = opts.dir;
    }
    getMemory(key) {
        return this.memory.get(key);
    }
    setMemory(key, entry) {
        this.memory.set(key, entry);
    }
    fileFor(key) {
        return path.join(this.dir, `${createHash('sha256').update(key).digest('hex')}.img`);
    }
    async readDisk(key) {
        if (!this.dir)
            return undefined;
        try {
            const raw = await readFile(this.fileFor(key));
            const jsonLength = raw.readUInt32BE(0);
            const meta = JSON.parse(raw.toString('utf8', 4, 4 + jsonLength));
            if (meta.url !== key || typeof meta.policy?.freshUntil !== 'number')
                return undefined;
            return { bytes: raw.subarray(4 + jsonLength), policy: meta.policy };
        }
        catch {
            // Missing, truncated or foreign files are plain misses.
            return undefined;
        }
    }
    async writeDisk(key, entry) {
        if (!this.dir)
            return;
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
    async delete(key) {
        this.memory.delete(key);
        if (this.dir)
            await rm(this.fileFor(key), { force: true });
    }
}
//# sourceMappingURL=image-cache.js.map