/** Errors a `Store` throws that callers are expected to handle. */
/** A uniqueness constraint rejected the write (duplicate name, id or key hash). */
export class StoreConflictError extends Error {
    constructor(message, options) {
        super(message, options);
        this.name = 'StoreConflictError';
    }
}
/** A `listLedger` cursor that this store did not produce. */
export class InvalidCursorError extends Error {
    constructor() {
        super('invalid cursor');
        this.name = 'InvalidCursorError';
    }
}
//# sourceMappingURL=store-errors.js.map