import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { assertSafeKey, type BlobStore } from './blob-store.js';

/**
 * Local-folder blobs: the embedded default. Writes go to a temp file then rename, so a reader never sees half an image.
 * Owner-only (0700 folders, 0600 files): uploaded fonts and every account's images live here,
 * and other local users have no business reading them; the server itself is the only reader.
 */
export class DiskBlobStore implements BlobStore {
  /** Folders this process made or found: a recursive mkdir (a stat per level) before every write was a third of a generate's file work. */
  private readonly folders = new Set<string>();

  constructor(private readonly root: string) {}

  async put(key: string, data: Buffer, _contentType?: string): Promise<void> {
    const file = this.pathOf(key);
    const folder = path.dirname(file);
    const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    if (!this.folders.has(folder)) await this.makeFolder(folder);
    try {
      await writeFile(tmp, data, { mode: 0o600 });
    } catch (error) {
      // The folder went away behind our back (an operator cleaning up): make it again, once.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      await this.makeFolder(folder);
      await writeFile(tmp, data, { mode: 0o600 });
    }
    await rename(tmp, file);
  }

  private async makeFolder(folder: string): Promise<void> {
    await mkdir(folder, { recursive: true, mode: 0o700 });
    this.folders.add(folder);
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
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
