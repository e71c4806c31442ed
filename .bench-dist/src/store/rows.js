import { InvalidCursorError } from './store-errors.js';
/** Normalises a caller's timestamp to `toISOString()` form, rejecting garbage early. */
export function iso(value) {
    const date = new Date(value);
    if (Number.isNaN(date.getTime()))
        throw new RangeError(`invalid timestamp: ${value}`);
    return date.toISOString();
}
function ts(value) {
    return value instanceof Date ? value.toISOString() : value;
}
function tsOrNull(value) {
    return value === null ? null : ts(value);
}
export const ACCOUNT_COLUMNS = 'id, name, credits, created_at';
export const API_KEY_COLUMNS = 'id, account_id, prefix, last4, created_at, last_used_at, revoked_at';
export const TEMPLATE_COLUMNS = 'id, account_id, name, document, revision, created_at, updated_at';
export const LEDGER_COLUMNS = 'seq, id, account_id, delta, balance_after, reason, reference, created_at';
export const IMAGE_COLUMNS = 'id, account_id, template_id, blob_key, format, width, height, created_at';
export const FONT_COLUMNS = 'id, account_id, family, weight, style, format, blob_key, created_at';
export function toAccount(r) {
    return { id: r.id, name: r.name, credits: Number(r.credits), createdAt: ts(r.created_at) };
}
export function toApiKey(r) {
    return {
        id: r.id,
        accountId: r.account_id,
        prefix: r.prefix,
        last4: r.last4,
        createdAt: ts(r.created_at),
        lastUsedAt: tsOrNull(r.last_used_at),
        revokedAt: tsOrNull(r.revoked_at),
    };
}
export function toTemplate(r) {
    return {
        id: r.id,
        accountId: r.account_id,
        name: r.name,
        document: JSON.parse(r.document),
        revision: Number(r.revision),
        createdAt: ts(r.created_at),
        updatedAt: ts(r.updated_at),
    };
}
export function toTemplateSummary(r) {
    return { id: r.id, name: r.name, createdAt: ts(r.created_at), updatedAt: ts(r.updated_at) };
}
export function toLedgerEntry(r) {
    return {
        id: r.id,
        accountId: r.account_id,
        delta: Number(r.delta),
        balanceAfter: Number(r.balance_after),
        reason: r.reason,
        reference: r.reference,
        createdAt: ts(r.created_at),
    };
}
export function toImage(r) {
    return {
        id: r.id,
        accountId: r.account_id,
        templateId: r.template_id,
        blobKey: r.blob_key,
        format: r.format,
        width: Number(r.width),
        height: Number(r.height),
        createdAt: ts(r.created_at),
    };
}
export function toFont(r) {
    return {
        id: r.id,
        accountId: r.account_id,
        family: r.family,
        weight: Number(r.weight),
        style: r.style,
        format: r.format,
        blobKey: r.blob_key,
        createdAt: ts(r.created_at),
    };
}
export function encodeLedgerCursor(r) {
    return Buffer.from(JSON.stringify([ts(r.created_at), Number(r.seq)])).toString('base64url');
}
export function decodeLedgerCursor(cursor) {
    try {
        const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
        if (Array.isArray(parsed) && parsed.length === 2 && typeof parsed[0] === 'string' && Number.isSafeInteger(parsed[1])) {
            return { createdAt: iso(parsed[0]), seq: parsed[1] };
        }
    }
    catch {
        // fall through: any undecodable cursor is the same client error
    }
    throw new InvalidCursorError();
}
//# sourceMappingURL=rows.js.map