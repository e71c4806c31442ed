import { type FileHandle, open, readFile, rm, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import path from 'node:path';
import { writeFileAtomic } from './atomic-file.js';
import { assertSafeKey, type BlobStore } from './blob-store.js';

/**
 * Local-folder blobs: the embedded default. Writes go to a temp file then rename, owner-only (atomic-file.ts);
 * the server itself is the only reader.
 */
export class DiskBlobStore implements BlobStore {
  /** Folders this store made or found (see writeFileAtomic). */
  private readonly folders = new Set<string>();

  constructor(private readonly root: string) {}

  async put(key: string, data: Buffer, _contentType?: string): Promise<void> {
    await writeFileAtomic(this.pathOf(key), data, this.folders);
  }

  /** Keys `prefix/<name>` are the files `<name>` of this folder. */
  localFolder(prefix: string): string {
    return path.dirname(this.pathOf(`${prefix}/x`));
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async stream(key: string): Promise<{ body: Readable; length: number } | null> {
    let file: FileHandle;
    try {
      file = await open(this.pathOf(key), 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    try {
      const { size } = await file.stat();
      // Open before the size is read, so a file replaced meanwhile is still the one streamed whole.
      return { body: file.createReadStream(), length: size };
    } catch (error) {
      await file.close();
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  private pathOf(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, key);
  }
}
