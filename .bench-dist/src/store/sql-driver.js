/** Rows of a statement (a SELECT, or a write with RETURNING). */
export function* all(sql, params = []) {
    return (yield { kind: 'all', sql, params });
}
/** First row of a statement, or null. */
export function* one(sql, params = []) {
    const rows = yield* all(sql, params);
    return rows[0] ?? null;
}
/** Executes a write; returns the number of rows it changed. */
export function* run(sql, params = []) {
    return (yield { kind: 'run', sql, params });
}
//# sourceMappingURL=sql-driver.js.map