import Database from 'better-sqlite3';
import { SqlStore } from './sql-store.js';
import { StoreConflictError } from './store-errors.js';
const BUSY_TIMEOUT_MS = 5000;
function translate(error) {
    const code = error?.code;
    if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
        return new StoreConflictError(error.message, { cause: error });
    }
    return error;
}
class SqliteDriver {
    db;
    dialect = 'sqlite';
    statements = new Map();
    constructor(db) {
        this.db = db;
    }
    prepare(sql) {
        let statement = this.statements.get(sql);
        if (!statement) {
            statement = this.db.prepare(sql);
            this.statements.set(sql, statement);
        }
        return statement;
    }
    exec(op) {
        const statement = this.prepare(op.sql);
        if (op.kind === 'all')
            return statement.reader ? statement.all(...op.params) : (statement.run(...op.params), []);
        return statement.reader ? statement.all(...op.params).length : statement.run(...op.params).changes;
    }
    async all(sql, params = []) {
        try {
            return this.exec({ kind: 'all', sql, params });
        }
        catch (error) {
            throw translate(error);
        }
    }
    async run(sql, params = []) {
        try {
            return this.exec({ kind: 'run', sql, params });
        }
        catch (error) {
            throw translate(error);
        }
    }
    /**
     * Runs the whole body synchronously: no other code on this thread can
     * interleave, and BEGIN IMMEDIATE waits (busy_timeout) for writers in other
     * connections or processes instead of failing half-way through.
     */
    async transaction(body) {
        this.db.exec('BEGIN IMMEDIATE');
        try {
            const steps = body();
            let step = steps.next();
            while (!step.done)
                step = steps.next(this.exec(step.value));
            this.db.exec('COMMIT');
            return step.value;
        }
        catch (error) {
            if (this.db.inTransaction)
                this.db.exec('ROLLBACK');
            throw translate(error);
        }
    }
    async close() {
        if (this.db.open)
            this.db.close();
    }
}
/** The embedded default: one file (or `:memory:`) per data directory, in WAL mode. */
export class SqliteStore extends SqlStore {
    constructor(filename) {
        const db = new Database(filename, { timeout: BUSY_TIMEOUT_MS });
        db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
        db.pragma('journal_mode = WAL');
        db.pragma('foreign_keys = ON');
        super(new SqliteDriver(db));
    }
}
//# sourceMappingURL=sqlite-store.js.map