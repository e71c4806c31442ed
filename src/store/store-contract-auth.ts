import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Store } from './store.js';
import { StoreConflictError } from './store-errors.js';
import { at, newAccount, storeFor, type OpenStore } from './store-contract-helpers.js';

function signUp(store: Store, n: number, extra: { inviteHash?: string; credits?: number; email?: string } = {}) {
  return store.signUpUser({
    user: { id: `usr-${n}`, email: extra.email ?? `user${n}@example.com`, passwordHash: `hash-${n}` },
    account: { id: `acc-u${n}`, credits: extra.credits ?? 50, note: 'sign-up credits' },
    inviteHash: extra.inviteHash,
    now: at(n),
  });
}

/** Users, sessions, invites and reset tokens: the same behaviour on every database. */
export function registerAuthContract(open: OpenStore, openPair: () => Promise<[Store, Store]>): void {
  test('sign-up: account, credits through the ledger and user in one step; one user per email', async (t) => {
    const store = await storeFor(t, open);
    const result = await signUp(store, 1);
    assert.ok(result.ok);
    assert.deepEqual(result.user, { id: 'usr-1', accountId: 'acc-u1', email: 'user1@example.com', createdAt: at(1), passwordChangedAt: at(1) });
    assert.deepEqual(result.account, { id: 'acc-u1', name: 'user1@example.com', credits: 50, createdAt: at(1) });
    const { items } = await store.listLedger('acc-u1', { limit: 10 });
    assert.deepEqual(
      items.map((e) => [e.reason, e.delta, e.reference]),
      [['grant', 50, 'sign-up credits']],
    );
    assert.equal((await store.findUserByEmail('user1@example.com'))?.passwordHash, 'hash-1');
    assert.equal((await store.getUser('usr-1'))?.email, 'user1@example.com');
    assert.equal((await store.getUserByAccount('acc-u1'))?.id, 'usr-1');
    assert.equal(await store.findUserByEmail('nobody@example.com'), null);

    const again = await signUp(store, 2, { email: 'user1@example.com' });
    assert.deepEqual(again, { ok: false, reason: 'email_taken' });
    assert.equal(await store.getAccount('acc-u2'), null, 'a refused sign-up leaves no account behind');
    const zero = await signUp(store, 3, { credits: 0 });
    assert.ok(zero.ok);
    assert.deepEqual((await store.listLedger('acc-u3', { limit: 10 })).items, []);
  });

  test('sign-up: an account already named like the email gets its id appended', async (t) => {
    const store = await storeFor(t, open);
    await newAccount(store, 0, 'user1@example.com');
    const result = await signUp(store, 1);
    assert.ok(result.ok);
    assert.equal(result.account.name, 'user1@example.com (acc-u1)');
  });

  test('sign-up racing for one email: exactly one wins', async (t) => {
    const [a, b] = await openPair();
    t.after(() => Promise.all([a.close(), b.close()]));
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => signUp(i % 2 ? a : b, 10 + i, { email: 'race@example.com' })));
    assert.equal(results.filter((r) => r.ok).length, 1);
    assert.ok(results.filter((r) => !r.ok).every((r) => !r.ok && r.reason === 'email_taken'));
  });

  test('invites: single use, expiring, and not spent by a refused sign-up', async (t) => {
    const store = await storeFor(t, open);
    await store.createAuthToken({ tokenHash: 'inv-1', kind: 'invite', userId: null, now: at(0), expiresAt: at(100) });
    await store.createAuthToken({ tokenHash: 'inv-old', kind: 'invite', userId: null, now: at(0), expiresAt: at(5) });
    assert.ok((await signUp(store, 1, { inviteHash: 'inv-1' })).ok);
    assert.deepEqual(await signUp(store, 2, { inviteHash: 'inv-1' }), { ok: false, reason: 'invalid_invite' });
    assert.deepEqual(await signUp(store, 6, { inviteHash: 'inv-old' }), { ok: false, reason: 'invalid_invite' }, 'expired');
    assert.deepEqual(await signUp(store, 3, { inviteHash: 'unknown' }), { ok: false, reason: 'invalid_invite' });
    assert.equal(await store.getAccount('acc-u2'), null);

    await store.createAuthToken({ tokenHash: 'inv-2', kind: 'invite', userId: null, now: at(0), expiresAt: at(100) });
    assert.deepEqual(await signUp(store, 4, { inviteHash: 'inv-2', email: 'user1@example.com' }), { ok: false, reason: 'email_taken' });
    assert.ok((await signUp(store, 5, { inviteHash: 'inv-2' })).ok, 'the invite survived the refused sign-up');
    await assert.rejects(store.createAuthToken({ tokenHash: 'inv-2', kind: 'invite', userId: null, now: at(0), expiresAt: at(100) }), StoreConflictError);
  });

  test('createUser attaches a user to an existing account, one per account and per email', async (t) => {
    const store = await storeFor(t, open);
    const account = await newAccount(store, 3);
    const user = await store.createUser({ id: 'usr-d', accountId: account.id, email: 'demo@example.com', passwordHash: 'h', now: at(1) });
    assert.deepEqual(user, { id: 'usr-d', accountId: account.id, email: 'demo@example.com', createdAt: at(1), passwordChangedAt: at(1) });
    await assert.rejects(store.createUser({ id: 'usr-e', accountId: account.id, email: 'other@example.com', passwordHash: 'h', now: at(1) }), StoreConflictError);
    const other = await newAccount(store);
    await assert.rejects(store.createUser({ id: 'usr-f', accountId: other.id, email: 'demo@example.com', passwordHash: 'h', now: at(1) }), StoreConflictError);
  });

  test('sessions: found while fresh, idle and absolute expiry, touch, delete', async (t) => {
    const store = await storeFor(t, open);
    const result = await signUp(store, 1);
    assert.ok(result.ok);
    const session = await store.createSession({ idHash: 's1', userId: 'usr-1', csrfToken: 'c1', now: at(10), expiresAt: at(1000) });
    assert.deepEqual(session, { idHash: 's1', userId: 'usr-1', csrfToken: 'c1', createdAt: at(10), lastSeenAt: at(10), expiresAt: at(1000) });
    const found = await store.findSession('s1', { now: at(20), idleSince: at(0) });
    assert.deepEqual(found?.session, session);
    assert.equal(found?.user.email, 'user1@example.com');
    assert.deepEqual(found?.account, { id: 'acc-u1', name: 'user1@example.com', credits: 50, createdAt: at(1) });
    assert.equal(await store.findSession('s1', { now: at(20), idleSince: at(10) }), null, 'idle since its last use');
    assert.equal(await store.findSession('s1', { now: at(1000), idleSince: at(0) }), null, 'past its absolute end');
    assert.equal(await store.findSession('nope', { now: at(20), idleSince: at(0) }), null);

    await store.touchSession('s1', at(50));
    await store.touchSession('s1', at(40));
    assert.equal((await store.findSession('s1', { now: at(60), idleSince: at(45) }))?.session.lastSeenAt, at(50), 'touch never moves back');
    assert.equal(await store.deleteSession('s1'), true);
    assert.equal(await store.deleteSession('s1'), false);
    assert.equal(await store.findSession('s1', { now: at(60), idleSince: at(0) }), null);
    await assert.rejects(store.createSession({ idHash: 's2', userId: 'usr-none', csrfToken: 'c', now: at(1), expiresAt: at(2) }));
  });

  test('sessions: sign out everywhere, password change keeps only the current one, purge', async (t) => {
    const store = await storeFor(t, open);
    assert.ok((await signUp(store, 1)).ok);
    assert.ok((await signUp(store, 2)).ok);
    for (const id of ['a', 'b', 'c']) await store.createSession({ idHash: id, userId: 'usr-1', csrfToken: id, now: at(10), expiresAt: at(1000) });
    await store.createSession({ idHash: 'other', userId: 'usr-2', csrfToken: 'o', now: at(10), expiresAt: at(1000) });
    const live = { now: at(20), idleSince: at(0) };

    assert.equal(await store.setPassword('usr-1', 'new-hash', at(30), 'b'), 2);
    assert.equal((await store.findUserByEmail('user1@example.com'))?.passwordHash, 'new-hash');
    assert.equal((await store.getUser('usr-1'))?.passwordChangedAt, at(30));
    assert.equal(await store.findSession('a', live), null);
    assert.ok(await store.findSession('b', live));
    assert.ok(await store.findSession('other', live), "another user's session is untouched");

    await store.createSession({ idHash: 'd', userId: 'usr-1', csrfToken: 'd', now: at(10), expiresAt: at(1000) });
    assert.equal(await store.deleteUserSessions('usr-1', null), 2);
    assert.equal(await store.findSession('b', live), null);
    assert.ok(await store.findSession('other', live));

    await store.createSession({ idHash: 'expired', userId: 'usr-2', csrfToken: 'x', now: at(10), expiresAt: at(15) });
    await store.createAuthToken({ tokenHash: 'tok-old', kind: 'invite', userId: null, now: at(0), expiresAt: at(15) });
    await store.createAuthToken({ tokenHash: 'tok-live', kind: 'invite', userId: null, now: at(0), expiresAt: at(1000) });
    assert.equal(await store.purgeAuth({ now: at(20), idleSince: at(0) }), 2);
    assert.ok(await store.findSession('other', live));
    assert.ok((await signUp(store, 3, { inviteHash: 'tok-live' })).ok, 'live tokens survive a purge');
  });

  test('reset tokens: single use, expiring, end every session, and stale siblings', async (t) => {
    const store = await storeFor(t, open);
    assert.ok((await signUp(store, 1)).ok);
    await store.createSession({ idHash: 's1', userId: 'usr-1', csrfToken: 'c', now: at(10), expiresAt: at(1000) });
    await store.createAuthToken({ tokenHash: 'r1', kind: 'reset', userId: 'usr-1', now: at(10), expiresAt: at(100) });
    await store.createAuthToken({ tokenHash: 'r2', kind: 'reset', userId: 'usr-1', now: at(10), expiresAt: at(100) });
    await store.createAuthToken({ tokenHash: 'inv', kind: 'invite', userId: null, now: at(10), expiresAt: at(100) });
    assert.equal(await store.resetPasswordWithToken('inv', 'x', at(20)), null, 'an invite is not a reset token');
    assert.equal(await store.resetPasswordWithToken('r1', 'late', at(100)), null, 'expired');
    const user = await store.resetPasswordWithToken('r1', 'reset-hash', at(20));
    assert.equal(user?.id, 'usr-1');
    assert.equal(user?.passwordChangedAt, at(20));
    assert.equal((await store.findUserByEmail('user1@example.com'))?.passwordHash, 'reset-hash');
    assert.equal(await store.findSession('s1', { now: at(21), idleSince: at(0) }), null);
    assert.equal(await store.resetPasswordWithToken('r1', 'again', at(21)), null, 'single use');
    assert.equal(await store.resetPasswordWithToken('r2', 'sibling', at(21)), null, 'other links of the user are spent too');
    assert.equal((await store.findUserByEmail('user1@example.com'))?.passwordHash, 'reset-hash');
  });
}
