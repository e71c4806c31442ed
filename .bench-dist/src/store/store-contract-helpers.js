import { randomUUID } from 'node:crypto';
/** A fresh, migrated store that is closed when the test ends. */
export async function storeFor(t, open) {
    const store = await open();
    t.after(() => store.close());
    return store;
}
/** Deterministic, distinct timestamps in `toISOString()` form. */
export function at(seconds) {
    return new Date(Date.UTC(2025, 0, 1) + seconds * 1000).toISOString();
}
export async function newAccount(store, credits = 0, name = `acct-${randomUUID()}`) {
    return store.createAccount({ id: randomUUID(), name, credits, now: at(0) });
}
//# sourceMappingURL=store-contract-helpers.js.map