/**
 * Test fixture for sqlite-store.test.ts: one thread with its own SQLite
 * connection, debiting as fast as it can. Threads, unlike several stores in
 * one event loop, really do collide on the write lock, which exercises
 * BEGIN IMMEDIATE + busy_timeout the way separate processes would.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { SqliteStore } from './sqlite-store.js';

const { file, accountId, attempts, worker } = workerData as { file: string; accountId: string; attempts: number; worker: number };
const store = new SqliteStore(file);
parentPort!.once('message', async () => {
  let ok = 0;
  let errors = 0;
  for (let i = 0; i < attempts; i++) {
    try {
      const result = await store.reserveCredits(accountId, 1, `w${worker}_${i}`, new Date().toISOString(), new Date(Date.now() + 60_000).toISOString());
      if (result.ok) ok++;
    } catch {
      errors++;
    }
  }
  await store.close();
  parentPort!.postMessage({ ok, errors });
});
parentPort!.postMessage('ready');
