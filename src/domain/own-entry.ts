/**
 * A lookup table's entry for a key that came from a request: own keys only. A plain `table[key]`
 * finds `constructor`, `valueOf` or `toString` on Object.prototype, and a rule table then calls it.
 */
export function ownEntry<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}
