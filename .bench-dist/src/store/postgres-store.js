import pg from 'pg';
import { SqlStore } from './sql-store.js';
import { StoreConflictError } from './store-errors.js';
const UNIQUE_VIOLATION = '23505';
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
/** Rewrites `?` placeholders to `$1…$n`, leaving quoted literals and identifiers alone. */
export function toNumberedPlaceholders(sql) {
    let n = 0;
    let quote = null;
    let out = '';
    for (const ch of sql) {
        if (quote) {
            if (ch === quote)
                quote = null;
            out += ch;
        }
        else if (ch === "'" || ch === '"') {
            quote = ch;
            out += ch;
        }
        else {
            out += ch === '?' ? `$${++n}` : ch;
        }
    }
    return out;
}
/**
 * Moves the URL's start-up `options` (e.g. `-c timezone=…`) next to our
 * search_path: pg lets parameters in the connection string override the
 * config object, so an `options` left in the URL would silently drop ours.
 */
function withSearchPath(connectionString, schema) {
    let url;
    try {
        url = new URL(connectionString);
    }
    catch {
        return { connectionString, options: `-c search_path=${schema}` };
    }
    const existing = url.searchParams.get('options') ?? '';
    url.searchParams.delete('options');
    return { connectionString: url.toString(), options: `${existing} -c search_path=${schema}`.trim() };
}
function translate(error) {
    if (error?.code === UNIQUE_VIOLATION) {
        return new StoreConflictError(error.message, { cause: error });
    }
    return error;
}
class PostgresDriver {
    pool;
    dialect = 'postgres';
    rewritten = new Map();
    constructor(pool) {
        this.pool = pool;
    }
    text(sql) {
        let text = this.rewritten.get(sql);
        if (text === undefined) {
            text = toNumberedPlaceholders(sql);
            this.rewritten.set(sql, text);
        }
        return text;
    }
    async all(sql, params = []) {
        try {
            return (await this.pool.query(this.text(sql), params)).rows;
        }
        catch (error) {
            throw translate(error);
        }
    }
    async run(sql, params = []) {
        try {
            return (await this.pool.query(this.text(sql), params)).rowCount ?? 0;
        }
        catch (error) {
            throw translate(error);
        }
    }
    async transaction(body) {
        const client = await this.pool.connect();
        let broken = false;
        try {
            await client.query('BEGIN');
            const steps = body();
            let step = steps.next();
            while (!step.done) {
                const op = step.value;
                const result = await client.query(this.text(op.sql), op.params);
                step = steps.next(op.kind === 'all' ? result.rows : (result.rowCount ?? 0));
            }
            await client.query('COMMIT');
            return step.value;
        }
        catch (error) {
            try {
                await client.query('ROLLBACK');
            }
            catch {
                // The connection itself failed; don't hand it back to the pool.
                broken = true;
            }
            throw translate(error);
        }
        finally {
            client.release(broken);
        }
    }
    async close() {
        await this.pool.end();
    }
}
/** PostgreSQL for several nodes sharing one database. */
export class PostgresStore extends SqlStore {
    constructor(connectionString, options = {}) {
        const { schema } = options;
        if (schema !== undefined && !SCHEMA_NAME.test(schema)) {
            throw new RangeError(`invalid schema name: ${schema} (lower-case letters, digits and _)`);
        }
        const pool = new pg.Pool({
            connectionString,
            // Set at connection start-up, so no query can ever run on the wrong schema.
            ...(schema ? withSearchPath(connectionString, schema) : {}),
            max: options.max ?? 10,
            connectionTimeoutMillis: options.connectionTimeoutMillis ?? 10_000,
        });
        // An idle client losing its connection must not crash the process; the pool replaces it.
        pool.on('error', () => { });
        super(new PostgresDriver(pool), schema ?? null);
    }
}
//# sourceMappingURL=postgres-store.js.map