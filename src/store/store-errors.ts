/** Errors a `Store` throws that callers are expected to handle. */

/** A uniqueness constraint rejected the write (duplicate name, id or key hash). */
export class StoreConflictError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StoreConflictError';
  }
}

/** `backup` on a database that has its own tools for it (PostgreSQL: pg_dump). */
export class BackupUnsupportedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupUnsupportedError';
  }
}

/** A `listLedger` cursor that this store did not produce. */
export class InvalidCursorError extends Error {
  constructor() {
    super('invalid cursor');
    this.name = 'InvalidCursorError';
  }
}
