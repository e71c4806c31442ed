/**
 * Competitor packages are optional (canvas may fail to build where cairo's
 * headers are missing). Importing through a variable keeps TypeScript from
 * resolving them, so `tsc` and `npm test` never depend on their presence;
 * each engine declares the few members it uses.
 */
export async function importOptional<T>(specifier: string): Promise<T> {
  return (await import(specifier)) as T;
}
