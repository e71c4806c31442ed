import { randomBytes } from 'node:crypto';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * How a blob file is written on a local disk, by the disk store (async, on the event loop's thread
 * pool) and by a render worker saving its own output (sync, on its own thread): to a temp file, then
 * renamed, so a reader never sees half an image. Owner-only (0700 folders, 0600 files): uploaded
 * fonts and every account's images live there, and other local users have no business reading them.
 *
 * `folders` holds the folders the writer made or found: a recursive mkdir (a stat per level) before
 * every write was a third of a generate's file work. A folder removed behind the writer's back (an
 * operator cleaning up) is made again, once, when the write fails.
 */
const FILE_MODE = 0o600;
const FOLDER_MODE = 0o700;

const tempNameOf = (file: string): string => `${file}.${randomBytes(6).toString('hex')}.tmp`;
const missingFolder = (error: unknown): boolean => (error as NodeJS.ErrnoException).code === 'ENOENT';

export async function writeFileAtomic(file: string, data: Uint8Array, folders: Set<string>): Promise<void> {
  const folder = path.dirname(file);
  const tmp = tempNameOf(file);
  if (!folders.has(folder)) await mkdir(folder, { recursive: true, mode: FOLDER_MODE });
  folders.add(folder);
  try {
    await writeFile(tmp, data, { mode: FILE_MODE });
  } catch (error) {
    if (!missingFolder(error)) throw error;
    await mkdir(folder, { recursive: true, mode: FOLDER_MODE });
    await writeFile(tmp, data, { mode: FILE_MODE });
  }
  await rename(tmp, file);
}

/** writeFileAtomic for a thread that is not an event loop serving requests. */
export function writeFileAtomicSync(file: string, data: Uint8Array, folders: Set<string>): void {
  const folder = path.dirname(file);
  const tmp = tempNameOf(file);
  if (!folders.has(folder)) mkdirSync(folder, { recursive: true, mode: FOLDER_MODE });
  folders.add(folder);
  try {
    writeFileSync(tmp, data, { mode: FILE_MODE });
  } catch (error) {
    if (!missingFolder(error)) throw error;
    mkdirSync(folder, { recursive: true, mode: FOLDER_MODE });
    writeFileSync(tmp, data, { mode: FILE_MODE });
  }
  renameSync(tmp, file);
}
