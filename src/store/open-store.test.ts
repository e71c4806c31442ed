import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openStore } from './open-store.js';

const modeOf = async (file: string) => (await stat(file)).mode & 0o777;

test('a new DATA_DIR and its SQLite database (with -wal and -shm) are created owner-only', async () => {
  const root = await mkdtemp(path.join(os.tmpdir(), 'imprint-modes-'));
  const dataDir = path.join(root, 'nested', 'data');
  // A permissive umask must not widen what we create.
  const previous = process.umask(0o000);
  try {
    const store = await openStore({ dataDir });
    await store.createAccount({ id: 'acct_modes', name: 'modes', credits: 1, now: new Date().toISOString() });
    const db = path.join(dataDir, 'imprint.db');
    assert.equal(await modeOf(dataDir), 0o700);
    assert.equal(await modeOf(db), 0o600);
    for (const suffix of ['-wal', '-shm']) {
      assert.ok(existsSync(db + suffix), `${suffix} exists while the store is open`);
      assert.equal(await modeOf(db + suffix), 0o600, suffix);
    }
    await store.close();
  } finally {
    process.umask(previous);
    await rm(root, { recursive: true, force: true });
  }
});
