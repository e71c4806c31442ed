/** Keys are `images/<hex>.png`-like; anything else is refused so a key can never escape the store. */
export function assertSafeKey(key) {
    if (!/^[a-z]+\/[A-Za-z0-9_-]+(\.[a-z0-9]+)?$/.test(key))
        throw new Error(`unsafe blob key: ${key}`);
}
//# sourceMappingURL=blob-store.js.map