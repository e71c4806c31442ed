import assert from 'node:assert/strict';
import { test } from 'node:test';
import { InvalidCursorError } from './store-errors.js';
import { at, newAccount, storeFor } from './store-contract-helpers.js';
async function allLedger(store, accountId, limit) {
    const entries = [];
    let cursor = null;
    for (let pages = 0; pages < 1000; pages++) {
        const page = await store.listLedger(accountId, { limit, cursor });
        assert.ok(page.items.length <= limit);
        entries.push(...page.items);
        if (!page.nextCursor)
            return entries;
        cursor = page.nextCursor;
    }
    throw new Error('ledger paging never ended');
}
/** Credits, ledger and idempotency: the parts that must hold under concurrency. */
export function registerMoneyContract(open) {
    test('grantCredits adds and removes credits, never below zero', async (t) => {
        const store = await storeFor(t, open);
        const account = await newAccount(store, 5);
        assert.equal(await store.grantCredits(account.id, 10, 'top-up', at(1)), 15);
        assert.equal(await store.grantCredits(account.id, -4, 'correction', at(2)), 11);
        await assert.rejects(store.grantCredits(account.id, -12, null, at(3)), RangeError);
        await assert.rejects(store.grantCredits('no-such-account', 1, null, at(3)));
        assert.equal((await store.getAccount(account.id))?.credits, 11);
        const { items } = await store.listLedger(account.id, { limit: 10 });
        assert.deepEqual(items.map((e) => [e.reason, e.delta, e.balanceAfter, e.reference, e.createdAt]), [
            ['grant', -4, 11, 'correction', at(2)],
            ['grant', 10, 15, 'top-up', at(1)],
            ['grant', 5, 5, 'initial credits', at(0)],
        ]);
        assert.equal(await store.ledgerSum(account.id), 11);
    });
    test('debitCredits debits conditionally and records the debit', async (t) => {
        const store = await storeFor(t, open);
        const account = await newAccount(store, 2);
        const first = await store.debitCredits(account.id, 1, 'req_1', at(10));
        assert.equal(first.ok, true);
        if (!first.ok)
            return;
        assert.equal(first.previousCredits, 2);
        assert.equal(first.remainingCredits, 1);
        assert.deepEqual((await store.listLedger(account.id, { limit: 1 })).items[0], {
            id: first.entryId, accountId: account.id, delta: -1, balanceAfter: 1, reason: 'generate', reference: 'req_1', createdAt: at(10),
        });
        assert.deepEqual(await store.debitCredits(account.id, 2, 'req_2', at(11)), { ok: false, balance: 1 });
        const last = await store.debitCredits(account.id, 1, 'req_3', at(12));
        assert.deepEqual(last.ok && [last.previousCredits, last.remainingCredits], [1, 0]);
        assert.deepEqual(await store.debitCredits(account.id, 1, 'req_4', at(13)), { ok: false, balance: 0 });
        assert.equal((await store.getAccount(account.id))?.credits, 0);
        assert.equal(await store.ledgerSum(account.id), 0);
        assert.equal((await store.listLedger(account.id, { limit: 10 })).items.length, 3, 'failed debits leave no rows');
    });
    test('50 parallel debits on a balance of 10: exactly 10 succeed', async (t) => {
        const store = await storeFor(t, open);
        const account = await newAccount(store, 10);
        const results = await Promise.all(Array.from({ length: 50 }, (_, i) => store.debitCredits(account.id, 1, `req_${i}`, at(100 + i))));
        const ok = results.filter((r) => r.ok);
        assert.equal(ok.length, 10);
        assert.ok(results.every((r) => r.ok || r.balance === 0));
        const remaining = ok.map((r) => (r.ok ? r.remainingCredits : -1)).sort((a, b) => a - b);
        assert.deepEqual(remaining, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], 'each success saw a distinct balance');
        assert.equal((await store.getAccount(account.id))?.credits, 0);
        assert.equal(await store.ledgerSum(account.id), 0);
    });
    test('refundCredits restores a debit once, even when raced', async (t) => {
        const store = await storeFor(t, open);
        const account = await newAccount(store, 3);
        const debit = await store.debitCredits(account.id, 1, 'req_fail', at(1));
        assert.ok(debit.ok);
        assert.equal(await store.refundCredits(account.id, debit.entryId, at(2)), 3);
        assert.equal(await store.refundCredits(account.id, debit.entryId, at(3)), 3, 'second refund is a no-op');
        const { items } = await store.listLedger(account.id, { limit: 10 });
        assert.equal(items[0].reason, 'refund');
        assert.equal(items[0].delta, 1);
        assert.equal(items[0].balanceAfter, 3);
        assert.equal(items[0].reference, debit.entryId);
        assert.equal(items.length, 3);
        const raced = await store.debitCredits(account.id, 1, 'req_race', at(4));
        assert.ok(raced.ok);
        const balances = await Promise.all(Array.from({ length: 10 }, () => store.refundCredits(account.id, raced.entryId, at(5))));
        assert.ok(balances.every((b) => b === 3), `balances ${balances}`);
        assert.equal((await store.getAccount(account.id))?.credits, 3);
        assert.equal(await store.ledgerSum(account.id), 3);
    });
    test("refundCredits refuses another account's debit and non-debits", async (t) => {
        const store = await storeFor(t, open);
        const alice = await newAccount(store, 1);
        const bob = await newAccount(store, 0);
        const debit = await store.debitCredits(alice.id, 1, 'req', at(1));
        assert.ok(debit.ok);
        await assert.rejects(store.refundCredits(bob.id, debit.entryId, at(2)));
        const grant = (await store.listLedger(alice.id, { limit: 10 })).items.find((e) => e.reason === 'grant');
        await assert.rejects(store.refundCredits(alice.id, grant.id, at(2)));
        assert.equal((await store.getAccount(bob.id))?.credits, 0);
        assert.equal((await store.getAccount(alice.id))?.credits, 0);
        assert.equal(await store.ledgerSum(bob.id), 0);
    });
    test('listLedger pages newest first with an opaque cursor', async (t) => {
        const store = await storeFor(t, open);
        const account = await newAccount(store, 0);
        const other = await newAccount(store, 50);
        // Inserted out of chronological order, with ties on the same millisecond.
        const times = [at(30), at(10), at(20), at(20), at(20), '2024-06-01T00:00:00.000Z', at(40)];
        for (const [i, time] of times.entries())
            await store.grantCredits(account.id, i + 1, `g${i}`, time);
        const entries = await allLedger(store, account.id, 2);
        assert.equal(entries.length, times.length);
        assert.equal(new Set(entries.map((e) => e.id)).size, times.length, 'no duplicates across pages');
        const seen = entries.map((e) => e.createdAt);
        assert.deepEqual(seen, [...seen].sort().reverse(), 'newest first');
        assert.deepEqual(entries.map((e) => e.reference), ['g6', 'g0', 'g4', 'g3', 'g2', 'g1', 'g5'], 'same-time entries: most recently written first');
        assert.ok(entries.every((e) => e.accountId === account.id));
        assert.deepEqual((await allLedger(store, account.id, 100)).map((e) => e.id), entries.map((e) => e.id));
        const page = await store.listLedger(account.id, { limit: 7 });
        assert.equal(page.items.length, 7);
        assert.equal(page.nextCursor, null);
        await assert.rejects(store.listLedger(account.id, { limit: 2, cursor: 'not-a-cursor' }), InvalidCursorError);
        assert.deepEqual((await store.listLedger(other.id, { limit: 100 })).items.map((e) => e.delta), [50]);
        assert.deepEqual((await store.listLedger('nobody', { limit: 10 })).items, []);
    });
    test('idempotency: started, in flight, replay, mismatch, abandon', async (t) => {
        const store = await storeFor(t, open);
        const alice = await newAccount(store);
        const bob = await newAccount(store);
        const expires = at(-86_400);
        assert.deepEqual(await store.beginIdempotency(alice.id, 'k', 'hash-a', at(1), expires), { state: 'started' });
        assert.deepEqual(await store.beginIdempotency(alice.id, 'k', 'hash-a', at(2), expires), { state: 'in_flight' });
        assert.deepEqual(await store.beginIdempotency(alice.id, 'k', 'hash-b', at(2), expires), { state: 'mismatch' });
        assert.deepEqual(await store.beginIdempotency(bob.id, 'k', 'hash-b', at(2), expires), { state: 'started' }, 'keys are per account');
        const body = { status: 'success', imageURL: 'http://x/images/1.png', usage: { previousCredits: 3, remainingCredits: 2 }, list: [1, 'two', null] };
        await store.completeIdempotency(alice.id, 'k', 200, body, at(3));
        assert.deepEqual(await store.beginIdempotency(alice.id, 'k', 'hash-a', at(4), expires), { state: 'replay', statusCode: 200, body });
        assert.deepEqual(await store.beginIdempotency(alice.id, 'k', 'hash-b', at(4), expires), { state: 'mismatch' });
        assert.deepEqual(await store.beginIdempotency(bob.id, 'k', 'hash-b', at(4), expires), { state: 'in_flight' });
        await store.abandonIdempotency(bob.id, 'k');
        assert.deepEqual(await store.beginIdempotency(alice.id, 'k', 'hash-a', at(5), expires), { state: 'replay', statusCode: 200, body });
        assert.deepEqual(await store.beginIdempotency(bob.id, 'k', 'hash-c', at(5), expires), { state: 'started' });
        await store.completeIdempotency(bob.id, 'k', 422, { code: 'render_failed' }, at(6));
        assert.deepEqual(await store.beginIdempotency(bob.id, 'k', 'hash-c', at(7), expires), {
            state: 'replay', statusCode: 422, body: { code: 'render_failed' },
        });
    });
    test('idempotency: rows older than expiresBefore are replaced', async (t) => {
        const store = await storeFor(t, open);
        const account = await newAccount(store);
        assert.deepEqual(await store.beginIdempotency(account.id, 'old', 'h1', at(0), at(-10)), { state: 'started' });
        await store.completeIdempotency(account.id, 'old', 200, { n: 1 }, at(1));
        assert.deepEqual(await store.beginIdempotency(account.id, 'old', 'h1', at(5), at(0)), {
            state: 'replay', statusCode: 200, body: { n: 1 },
        }, 'a row exactly at the cutoff is still live');
        assert.deepEqual(await store.beginIdempotency(account.id, 'old', 'h2', at(100), at(50)), { state: 'started' });
        assert.deepEqual(await store.beginIdempotency(account.id, 'old', 'h2', at(101), at(50)), { state: 'in_flight' });
        assert.deepEqual(await store.beginIdempotency(account.id, 'old', 'h1', at(101), at(50)), { state: 'mismatch' });
        // An in-flight claim that outlived the window (crashed owner) is taken over too.
        assert.deepEqual(await store.beginIdempotency(account.id, 'old', 'h3', at(300), at(200)), { state: 'started' });
    });
    test('idempotency: concurrent begins for one key start exactly once', async (t) => {
        const store = await storeFor(t, open);
        const account = await newAccount(store);
        const fresh = await Promise.all(Array.from({ length: 20 }, () => store.beginIdempotency(account.id, 'race', 'h', at(10), at(0))));
        assert.equal(fresh.filter((r) => r.state === 'started').length, 1);
        assert.equal(fresh.filter((r) => r.state === 'in_flight').length, 19);
        await store.beginIdempotency(account.id, 'stale', 'h', at(0), at(-1));
        const takeover = await Promise.all(Array.from({ length: 20 }, () => store.beginIdempotency(account.id, 'stale', 'h', at(10), at(5))));
        assert.equal(takeover.filter((r) => r.state === 'started').length, 1, 'one caller takes over an expired key');
    });
}
//# sourceMappingURL=store-contract-money.js.map