import { one, run } from './sql-driver.js';
import { migrateTx } from './migrations.js';
import { debitTx, grantTx, refundTx } from './credit-transactions.js';
import { beginIdempotencyTx, completeIdempotencyTx } from './idempotency-transactions.js';
import { ACCOUNT_COLUMNS, API_KEY_COLUMNS, FONT_COLUMNS, IMAGE_COLUMNS, LEDGER_COLUMNS, TEMPLATE_COLUMNS, decodeLedgerCursor, encodeLedgerCursor, iso, toAccount, toApiKey, toFont, toImage, toLedgerEntry, toTemplate, toTemplateSummary, } from './rows.js';
const MAX_LEDGER_PAGE = 500;
function assertCount(amount, what, allowNonPositive = false) {
    if (!Number.isSafeInteger(amount) || (!allowNonPositive && amount <= 0)) {
        throw new RangeError(`${what} must be a ${allowNonPositive ? '' : 'positive '}integer, got ${amount}`);
    }
}
/**
 * The whole `Store` in SQL written once. Subclasses only supply the driver
 * (and, for PostgreSQL, the schema to create). All writes go through
 * `driver.transaction` so SQLite takes its write lock up front (BEGIN IMMEDIATE)
 * and waits on the busy timeout instead of failing mid-statement.
 */
export class SqlStore {
    driver;
    pgSchema;
    dialect;
    constructor(driver, pgSchema = null) {
        this.driver = driver;
        this.pgSchema = pgSchema;
        this.dialect = driver.dialect;
    }
    write(body) {
        return this.driver.transaction(body);
    }
    async migrate() {
        const { dialect, pgSchema } = this;
        await this.write(() => migrateTx(dialect, pgSchema));
    }
    async ping() {
        await this.driver.all('SELECT 1 AS ok');
    }
    close() {
        return this.driver.close();
    }
    // ── accounts ──────────────────────────────────────────────────────────────
    async createAccount(input) {
        assertCount(input.credits, 'credits', true);
        if (input.credits < 0)
            throw new RangeError('credits must not be negative');
        const now = iso(input.now);
        return this.write(function* () {
            const row = yield* one(`INSERT INTO accounts (id, name, credits, created_at) VALUES (?, ?, 0, ?) RETURNING ${ACCOUNT_COLUMNS}`, [input.id, input.name, now]);
            // Starting credits go through the ledger so balance == SUM(delta) from day one.
            if (input.credits > 0)
                yield* grantTx(input.id, input.credits, 'initial credits', now);
            return toAccount({ ...row, credits: input.credits });
        });
    }
    async getAccount(id) {
        const [row] = await this.driver.all(`SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE id = ?`, [id]);
        return row ? toAccount(row) : null;
    }
    async findAccountByName(name) {
        const [row] = await this.driver.all(`SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE name = ?`, [name]);
        return row ? toAccount(row) : null;
    }
    async listAccounts() {
        const rows = await this.driver.all(`SELECT ${ACCOUNT_COLUMNS} FROM accounts ORDER BY created_at, id`);
        return rows.map(toAccount);
    }
    // ── API keys ──────────────────────────────────────────────────────────────
    async createApiKey(input) {
        const now = iso(input.now);
        const row = await this.write(() => one(`INSERT INTO api_keys (id, account_id, hash, prefix, last4, created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING ${API_KEY_COLUMNS}`, [input.id, input.accountId, input.hash, input.prefix, input.last4, now]));
        return toApiKey(row);
    }
    async findApiKeyByHash(hash) {
        const [row] = await this.driver.all(`SELECT k.id, k.account_id, k.prefix, k.last4, k.created_at, k.last_used_at, k.revoked_at,
              a.name AS a_name, a.credits AS a_credits, a.created_at AS a_created_at
       FROM api_keys k JOIN accounts a ON a.id = k.account_id
       WHERE k.hash = ? AND k.revoked_at IS NULL`, [hash]);
        if (!row)
            return null;
        return {
            key: toApiKey(row),
            account: toAccount({ id: row.account_id, name: row.a_name, credits: row.a_credits, created_at: row.a_created_at }),
        };
    }
    async listApiKeys(accountId) {
        const rows = await this.driver.all(`SELECT ${API_KEY_COLUMNS} FROM api_keys WHERE account_id = ? ORDER BY created_at, id`, [accountId]);
        return rows.map(toApiKey);
    }
    /** True when this call revoked the key; false if it is unknown, another account's, or already revoked. */
    async revokeApiKey(accountId, keyId, now) {
        const at = iso(now);
        const changed = await this.write(() => run('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND account_id = ? AND revoked_at IS NULL', [at, keyId, accountId]));
        return changed > 0;
    }
    async touchApiKey(keyId, now) {
        const at = iso(now);
        await this.write(() => run('UPDATE api_keys SET last_used_at = ? WHERE id = ?', [at, keyId]));
    }
    // ── credits and ledger ────────────────────────────────────────────────────
    async grantCredits(accountId, amount, note, now) {
        assertCount(amount, 'amount', true);
        const at = iso(now);
        return this.write(() => grantTx(accountId, amount, note, at));
    }
    async debitCredits(accountId, amount, reference, now) {
        assertCount(amount, 'amount');
        const at = iso(now);
        return this.write(() => debitTx(accountId, amount, reference, at));
    }
    async refundCredits(accountId, debitEntryId, now) {
        const at = iso(now);
        return this.write(() => refundTx(accountId, debitEntryId, at));
    }
    async listLedger(accountId, opts) {
        const limit = Math.min(Math.max(Math.trunc(opts.limit) || 1, 1), MAX_LEDGER_PAGE);
        const after = opts.cursor ? decodeLedgerCursor(opts.cursor) : null;
        const rows = after
            ? await this.driver.all(`SELECT ${LEDGER_COLUMNS} FROM ledger
           WHERE account_id = ? AND (created_at < ? OR (created_at = ? AND seq < ?))
           ORDER BY created_at DESC, seq DESC LIMIT ?`, [accountId, after.createdAt, after.createdAt, after.seq, limit + 1])
            : await this.driver.all(`SELECT ${LEDGER_COLUMNS} FROM ledger WHERE account_id = ? ORDER BY created_at DESC, seq DESC LIMIT ?`, [accountId, limit + 1]);
        const page = rows.slice(0, limit);
        const nextCursor = rows.length > limit ? encodeLedgerCursor(page[page.length - 1]) : null;
        return { items: page.map(toLedgerEntry), nextCursor };
    }
    async ledgerSum(accountId) {
        const [row] = await this.driver.all('SELECT COALESCE(SUM(delta), 0) AS total FROM ledger WHERE account_id = ?', [accountId]);
        return Number(row?.total ?? 0);
    }
    // ── templates ─────────────────────────────────────────────────────────────
    async createTemplate(input) {
        const now = iso(input.now);
        const row = await this.write(() => one(`INSERT INTO templates (id, account_id, name, document, revision, created_at, updated_at)
         VALUES (?, ?, ?, ?, 1, ?, ?) RETURNING ${TEMPLATE_COLUMNS}`, [input.id, input.accountId, input.name, JSON.stringify(input.document), now, now]));
        return toTemplate(row);
    }
    async getTemplate(accountId, id) {
        const [row] = await this.driver.all(`SELECT ${TEMPLATE_COLUMNS} FROM templates WHERE id = ? AND account_id = ?`, [id, accountId]);
        return row ? toTemplate(row) : null;
    }
    async listTemplates(accountId, sort, order) {
        // Whitelisted, never interpolated from input.
        const column = sort === 'createdAt' ? 'created_at' : 'updated_at';
        const direction = order === 'asc' ? 'ASC' : 'DESC';
        const rows = await this.driver.all(`SELECT id, name, created_at, updated_at FROM templates WHERE account_id = ?
       ORDER BY ${column} ${direction}, id ${direction}`, [accountId]);
        return rows.map(toTemplateSummary);
    }
    async updateTemplate(accountId, id, patch, now) {
        const at = iso(now);
        const row = await this.write(() => one(`UPDATE templates SET name = COALESCE(?, name), document = COALESCE(?, document),
           revision = revision + 1, updated_at = ?
         WHERE id = ? AND account_id = ? RETURNING ${TEMPLATE_COLUMNS}`, [patch.name ?? null, patch.document === undefined ? null : JSON.stringify(patch.document), at, id, accountId]));
        return row ? toTemplate(row) : null;
    }
    async deleteTemplate(accountId, id) {
        const changed = await this.write(() => run('DELETE FROM templates WHERE id = ? AND account_id = ?', [id, accountId]));
        return changed > 0;
    }
    // ── images ────────────────────────────────────────────────────────────────
    async recordImage(image) {
        const at = iso(image.createdAt);
        await this.write(() => run(`INSERT INTO images (${IMAGE_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, [image.id, image.accountId, image.templateId, image.blobKey, image.format, image.width, image.height, at]));
    }
    async getImage(id) {
        const [row] = await this.driver.all(`SELECT ${IMAGE_COLUMNS} FROM images WHERE id = ?`, [id]);
        return row ? toImage(row) : null;
    }
    // ── idempotency ───────────────────────────────────────────────────────────
    async beginIdempotency(accountId, key, requestHash, now, expiresBefore) {
        const at = iso(now);
        const cutoff = iso(expiresBefore);
        return this.write(() => beginIdempotencyTx(accountId, key, requestHash, at, cutoff));
    }
    async completeIdempotency(accountId, key, statusCode, body, now) {
        const at = iso(now);
        await this.write(() => completeIdempotencyTx(accountId, key, statusCode, body, at));
    }
    async abandonIdempotency(accountId, key) {
        await this.write(() => run('DELETE FROM idempotency WHERE account_id = ? AND key = ?', [accountId, key]));
    }
    // ── fonts ─────────────────────────────────────────────────────────────────
    async createFont(font) {
        const at = iso(font.createdAt);
        const row = await this.write(() => one(`INSERT INTO fonts (${FONT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING ${FONT_COLUMNS}`, [font.id, font.accountId, font.family, font.weight, font.style, font.format, font.blobKey, at]));
        return toFont(row);
    }
    async listFonts(accountId) {
        const rows = await this.driver.all(`SELECT ${FONT_COLUMNS} FROM fonts WHERE account_id = ? ORDER BY family, weight, style, id`, [accountId]);
        return rows.map(toFont);
    }
    async deleteFont(accountId, id) {
        const changed = await this.write(() => run('DELETE FROM fonts WHERE id = ? AND account_id = ?', [id, accountId]));
        return changed > 0;
    }
}
//# sourceMappingURL=sql-store.js.map