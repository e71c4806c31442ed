import { randomUUID } from 'node:crypto';
import type { TestContext } from 'node:test';
import type { Store } from './store.js';

export type OpenStore = () => Promise<Store>;

/** A fresh, migrated store that is closed when the test ends. */
export async function storeFor(t: TestContext, open: OpenStore): Promise<Store> {
  const store = await open();
  t.after(() => store.close());
  return store;
}

/** Deterministic, distinct timestamps in `toISOString()` form. */
export function at(seconds: number): string {
  return new Date(Date.UTC(2025, 0, 1) + seconds * 1000).toISOString();
}

export async function newAccount(store: Store, credits = 0, name = `acct-${randomUUID()}`) {
  return store.createAccount({ id: randomUUID(), name, credits, now: at(0) });
}
