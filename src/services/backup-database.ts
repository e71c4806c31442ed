import { randomBytes } from 'node:crypto';
import { closeSync, openSync } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { ApiError } from '../domain/errors.js';
import type { ServiceDeps } from './service-deps.js';

export interface DatabaseBackup {
  file: string;
  bytes: number;
  pages: number;
}

/**
 * `npx imprint backup --out FILE`: a consistent copy of the SQLite database
 * while the server runs. Written next to FILE under a temporary name and
 * renamed once checked, so FILE is either absent or a whole, verified
 * backup, never half of one. Refuses an existing FILE (an old backup is
 * worth more than a typo) and PostgreSQL (pg_dump is the tool there).
 */
export async function backupDatabase(deps: Pick<ServiceDeps, 'store'>, out: string): Promise<DatabaseBackup> {
  if (deps.store.dialect !== 'sqlite') {
    throw new ApiError(
      'invalid_request',
      'backup copies the SQLite database; this server uses PostgreSQL (DATABASE_URL). Back it up with pg_dump, e.g. pg_dump --format=custom --file=imprint.dump "$DATABASE_URL" (docs/operations.md).',
    );
  }
  const file = path.resolve(out);
  if (
    await stat(file).then(
      () => true,
      () => false,
    )
  )
    throw new ApiError('invalid_request', `${file} already exists; choose a new file name (an existing backup is never overwritten).`);
  const partial = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(4).toString('hex')}.partial`);
  try {
    // Owner-only, like the database itself: the copy holds key hashes and the ledger. SQLite keeps an existing file's mode.
    closeSync(openSync(partial, 'wx', 0o600));
  } catch (error) {
    const unwritable = new ApiError('invalid_request', `Cannot write a backup in ${path.dirname(file)}: ${(error as Error).message}`);
    unwritable.cause = error;
    throw unwritable;
  }
  try {
    const { pages } = await deps.store.backup(partial);
    await rename(partial, file);
    return { file, bytes: (await stat(file)).size, pages };
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}
