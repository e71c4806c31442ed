import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { IdempotencyCutoffs, ImageRecord, LedgerEntry, Store } from './store.js';
import { InvalidCursorError } from './store-errors.js';
import { at, newAccount, storeFor, type OpenStore } from './store-contract-helpers.js';

async function allLedger(store: Store, accountId: string, limit: number): Promise<LedgerEntry[]> {
  const entries: LedgerEntry[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 1000; pages++) {
    const page = await store.listLedger(accountId, { limit, cursor });
    assert.ok(page.items.length <= limit);
    entries.push(...page.items);
    if (!page.nextCursor) return entries;
    cursor = page.nextCursor;
  }
  throw new Error('ledger paging never ended');
}

async function reserve(store: Store, accountId: string, now: number, expires: number): Promise<string> {
  const result = await store.reserveCredits(accountId, 1, `req_${now}`, at(now), at(expires));
  assert.ok(result.ok, 'reserved');
  return result.reservationId;
}

async function entry(store: Store, accountId: string, id: string): Promise<LedgerEntry | undefined> {
  return (await store.listLedger(accountId, { limit: 500 })).items.find((e) => e.id === id);
}

function image(accountId: string, id: string, seconds: number): ImageRecord {
  return { id, accountId, templateId: 'tpl', blobKey: `images/${id}.png`, format: 'png', width: 2, height: 1, createdAt: at(seconds) };
}

/** A 120 s claim lease and the 24 h replay window, as of `seconds`. */
function cutoffs(seconds: number, leaseSeconds = 120): IdempotencyCutoffs {
  return { inFlightBefore: at(seconds - leaseSeconds), completedBefore: at(seconds - 86_400) };
}

/**
 * Credits, ledger and idempotency: the parts that must hold under concurrency.
 * `openPair` opens two stores on one fresh database, as two processes would.
 */
export function registerMoneyContract(open: OpenStore, openPair: () => Promise<[Store, Store]>): void {
  test('grantCredits adds and removes credits, never below zero', async (t) => {
    const store = await storeFor(t, open);
    const account = await newAccount(store, 5);
    assert.equal(await store.grantCredits(account.id, 10, 'top-up', at(1)), 15);
    assert.equal(await store.grantCredits(account.id, -4, 'correction', at(2)), 11);
    await assert.rejects(store.grantCredits(account.id, -12, null, at(3)), RangeError);
    await assert.rejects(store.grantCredits('no-such-account', 1, null, at(3)));
    assert.equal((await store.getAccount(account.id))?.credits, 11);
    const { items } = await store.listLedger(account.id, { limit: 10 });
    assert.deepEqual(
      items.map((e) => [e.reason, e.delta, e.balanceAfter, e.reference, e.createdAt]),
      [
        ['grant', -4, 11, 'correction', at(2)],
        ['grant', 10, 15, 'top-up', at(1)],
        ['grant', 5, 5, 'initial credits', at(0)],
      ],
    );
    assert.equal(await store.ledgerSum(account.id), 11);
  });

  test('reserveCredits debits conditionally and records a pending reservation', async (t) => {
    const store = await storeFor(t, open);
    const account = await newAccount(store, 2);
    const first = await store.reserveCredits(account.id, 1, 'req_1', at(10), at(130));
    assert.equal(first.ok, true);
    if (!first.ok) return;
    assert.equal(first.previousCredits, 2);
    assert.equal(first.remainingCredits, 1);
    assert.deepEqual((await store.listLedger(account.id, { limit: 1 })).items[0], {
      id: first.reservationId,
      accountId: account.id,
      delta: -1,
      balanceAfter: 1,
      reason: 'generate',
      reference: 'req_1',
      state: 'pending',
      createdAt: at(10),
    });
    assert.deepEqual(await store.reserveCredits(account.id, 2, 'req_2', at(11), at(131)), { ok: false, balance: 1 });
    const last = await store.reserveCredits(account.id, 1, 'req_3', at(12), at(132));
    assert.deepEqual(last.ok && [last.previousCredits, last.remainingCredits], [1, 0]);
    assert.deepEqual(await store.reserveCredits(account.id, 1, 'req_4', at(13), at(133)), { ok: false, balance: 0 });
    assert.equal((await store.getAccount(account.id))?.credits, 0);
    assert.equal(await store.ledgerSum(account.id), 0);
    assert.equal((await store.listLedger(account.id, { limit: 10 })).items.length, 3, 'failed reservations leave no rows');
  });

  test('50 parallel reservations on a balance of 10: exactly 10 succeed', async (t) => {
    const store = await storeFor(t, open);
    const account = await newAccount(store, 10);
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => store.reserveCredits(account.id, 1, `req_${i}`, at(100 + i), at(300))));
    const ok = results.filter((r) => r.ok);
    assert.equal(ok.length, 10);
    assert.ok(results.every((r) => r.ok || r.balance === 0));
    const remaining = ok.map((r) => (r.ok ? r.remainingCredits : -1)).sort((a, b) => a - b);
    assert.deepEqual(remaining, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], 'each success saw a distinct balance');
    assert.equal((await store.getAccount(account.id))?.credits, 0);
    assert.equal(await store.ledgerSum(account.id), 0);
  });

  test('commitReservation records the charge and the image at once, exactly once', async (t) => {
    const store = await storeFor(t, open);
    const account = await newAccount(store, 3);
    const r = await reserve(store, account.id, 10, 130);
    assert.equal(await store.commitReservation({ accountId: account.id, reservationId: r, image: image(account.id, 'img_a', 20), now: at(20) }), 'committed');
    assert.deepEqual(await store.getImage('img_a'), image(account.id, 'img_a', 20));
    assert.equal((await entry(store, account.id, r))?.state, 'committed');
    assert.equal(
      await store.commitReservation({ accountId: account.id, reservationId: r, image: image(account.id, 'img_b', 21), now: at(21) }),
      'lapsed',
      'a second commit records nothing',
    );
    assert.equal(await store.getImage('img_b'), null);
    assert.equal(await store.releaseReservation(account.id, r, at(22)), 2, 'releasing a committed reservation is a no-op');
    assert.equal((await entry(store, account.id, r))?.state, 'committed');
    assert.equal(await store.ledgerSum(account.id), 2);

    // The same account rendering the same bytes twice: two charges, one image row, no conflict.
    const [twin1, twin2] = [await reserve(store, account.id, 30, 150), await reserve(store, account.id, 31, 151)];
    const results = await Promise.all(
      [twin1, twin2].map((id, i) => store.commitReservation({ accountId: account.id, reservationId: id, image: image(account.id, 'img_twin', 40 + i), now: at(40) })),
    );
    assert.deepEqual(results, ['committed', 'committed']);
    assert.equal((await store.getImage('img_twin'))?.accountId, account.id);
    assert.equal((await store.getAccount(account.id))?.credits, 0);
  });

  test('commitReservation after the lease, or on a refunded reservation, records nothing', async (t) => {
    const store = await storeFor(t, open);
    const account = await newAccount(store, 2);
    const late = await reserve(store, account.id, 10, 20);
    assert.equal(await store.commitReservation({ accountId: account.id, reservationId: late, image: image(account.id, 'img_late', 20), now: at(20) }), 'lapsed');
    assert.equal(await store.getImage('img_late'), null);
    assert.equal((await entry(store, account.id, late))?.state, 'pending', 'the caller releases it next');
    assert.equal(await store.releaseReservation(account.id, late, at(21)), 2);
    assert.equal((await entry(store, account.id, late))?.state, 'refunded');

    const swept = await reserve(store, account.id, 30, 40);
    assert.deepEqual(await store.settleExpiredReservations(at(45)), { committed: 0, refunded: 1 });
    assert.equal(await store.commitReservation({ accountId: account.id, reservationId: swept, image: image(account.id, 'img_swept', 46), now: at(39) }), 'lapsed');
    assert.equal(await store.getImage('img_swept'), null);
    const other = await newAccount(store, 1);
    const theirs = await reserve(store, other.id, 50, 150);
    await assert.rejects(store.commitReservation({ accountId: other.id, reservationId: theirs, image: image(account.id, 'img_x', 51), now: at(51) }), RangeError);
    assert.equal(
      await store.commitReservation({ accountId: account.id, reservationId: theirs, image: image(account.id, 'img_y', 51), now: at(51) }),
      'lapsed',
      "another account's reservation",
    );
    assert.equal(await store.ledgerSum(account.id), 2);
    assert.equal((await store.getAccount(account.id))?.credits, 2);
  });

  test('commitReservation stores the idempotent outcome in the same transaction, or nothing if the claim was lost', async (t) => {
    const store = await storeFor(t, open);
    const account = await newAccount(store, 2);
    const claim = await store.beginIdempotency(account.id, 'k', 'h', at(10), cutoffs(10));
    assert.equal(claim.state, 'started');
    if (claim.state !== 'started') return;
    const r = await reserve(store, account.id, 11, 131);
    const body = { kind: 'success', body: { imageURL: 'u' } };
    assert.equal(
      await store.commitReservation({
        accountId: account.id,
        reservationId: r,
        image: image(account.id, 'img_k', 12),
        now: at(12),
        idempotency: { key: 'k', claimId: claim.claimId, statusCode: 200, body },
      }),
      'committed',
    );
    assert.deepEqual(await store.beginIdempotency(account.id, 'k', 'h', at(13), cutoffs(13)), { state: 'replay', statusCode: 200, body });

    // A claim that lapsed and was taken over: the old owner's commit must not charge.
    const old = await store.beginIdempotency(account.id, 'k2', 'h', at(20), cutoffs(20));
    const taken = await store.beginIdempotency(account.id, 'k2', 'h', at(200), cutoffs(200));
    assert.equal(taken.state, 'started');
    const r2 = await reserve(store, account.id, 190, 400);
    assert.equal(
      await store.commitReservation({
        accountId: account.id,
        reservationId: r2,
        image: image(account.id, 'img_k2', 201),
        now: at(201),
        idempotency: { key: 'k2', claimId: old.state === 'started' ? old.claimId : 'x', statusCode: 200, body },
      }),
      'lapsed',
    );
    assert.equal(await store.getImage('img_k2'), null, 'rolled back: no image');
    assert.equal((await entry(store, account.id, r2))?.state, 'pending', 'rolled back: still pending');
    assert.deepEqual(await store.beginIdempotency(account.id, 'k2', 'h', at(202), cutoffs(202)), { state: 'in_flight' });
    assert.equal(await store.releaseReservation(account.id, r2, at(203)), 1);
  });

  test("releasePendingReservations refunds one reference's pending reservations, whatever their lease, once", async (t) => {
    const store = await storeFor(t, open);
    const account = await newAccount(store, 5);
    const other = await newAccount(store, 5);
    const first = await store.reserveCredits(account.id, 1, 'job_a', at(1), at(1000));
    const second = await store.reserveCredits(account.id, 1, 'job_a', at(2), at(3));
    assert.ok(first.ok && second.ok);
    assert.equal((await store.reserveCredits(account.id, 1, 'job_b', at(3), at(1000))).ok, true);
    assert.equal((await store.reserveCredits(other.id, 1, 'job_a', at(3), at(1000))).ok, true);
    assert.equal(await store.releasePendingReservations(account.id, 'job_a', at(4)), 2);
    assert.equal((await store.getAccount(account.id))?.credits, 4, 'only job_a came back');
    assert.equal((await store.getAccount(other.id))?.credits, 4, "another account's job_a is untouched");
    assert.equal(await store.releasePendingReservations(account.id, 'job_a', at(5)), 0, 'once');
    assert.deepEqual(await store.settleExpiredReservations(at(5000)), { committed: 0, refunded: 2 }, 'the sweeper finds only the two others');
  });

  test('releaseReservation refunds once, even when raced, and only the owner', async (t) => {
    const store = await storeFor(t, open);
    const account = await newAccount(store, 3);
    const r = await reserve(store, account.id, 1, 100);
    assert.equal(await store.releaseReservation(account.id, r, at(2)), 3);
    assert.equal(await store.releaseReservation(account.id, r, at(3)), 3, 'second release is a no-op');
    const { items } = await store.listLedger(account.id, { limit: 10 });
    assert.deepEqual([items[0].reason, items[0].delta, items[0].balanceAfter, items[0].reference, items[0].state], ['refund', 1, 3, r, null]);
    assert.equal(items[1].state, 'refunded');
    assert.equal(items.length, 3);

    const raced = await reserve(store, account.id, 4, 100);
    const balances = await Promise.all(Array.from({ length: 10 }, () => store.releaseReservation(account.id, raced, at(5))));
    assert.ok(
      balances.every((b) => b === 3),
      `balances ${balances}`,
    );
    assert.equal((await store.getAccount(account.id))?.credits, 3);

    const bob = await newAccount(store, 0);
    const mine = await reserve(store, account.id, 6, 100);
    assert.equal(await store.releaseReservation(bob.id, mine, at(7)), 0, "another account's reservation is not released");
    assert.equal((await entry(store, account.id, mine))?.state, 'pending');
    const grant = (await store.listLedger(account.id, { limit: 10 })).items.find((e) => e.reason === 'grant');
    assert.equal(await store.releaseReservation(account.id, grant!.id, at(8)), 2, 'a grant is not a reservation');
    assert.equal(await store.ledgerSum(bob.id), 0);
    assert.equal(await store.ledgerSum(account.id), 2);
  });

  test('settleExpiredReservations refunds lapsed reservations, commits those with an image, leaves live ones', async (t) => {
    const store = await storeFor(t, open);
    const account = await newAccount(store, 5);
    const lost = await reserve(store, account.id, 1, 10);
    const made = await reserve(store, account.id, 2, 10);
    const live = await reserve(store, account.id, 3, 100);
    const done = await reserve(store, account.id, 4, 10);
    await store.commitReservation({ accountId: account.id, reservationId: done, image: image(account.id, 'img_done', 5), now: at(5) });
    await store.recordImage(image(account.id, 'img_made', 6), made);
    assert.deepEqual(await store.settleExpiredReservations(at(9)), { committed: 0, refunded: 0 }, 'nothing has lapsed yet');
    assert.deepEqual(await store.settleExpiredReservations(at(10)), { committed: 1, refunded: 1 });
    assert.deepEqual(await store.settleExpiredReservations(at(11)), { committed: 0, refunded: 0 }, 'settled once');
    assert.deepEqual(await Promise.all([lost, made, live, done].map(async (id) => (await entry(store, account.id, id))?.state)), ['refunded', 'committed', 'pending', 'committed']);
    assert.equal((await store.getAccount(account.id))?.credits, 2);
    assert.equal(await store.ledgerSum(account.id), 2);
  });

  test('ledgerReport: balance = grants − committed − pending, refunds repay refunded charges', async (t) => {
    const store = await storeFor(t, open);
    const account = await newAccount(store, 10, 'report');
    await store.grantCredits(account.id, -2, 'correction', at(1));
    const committed = await reserve(store, account.id, 2, 100);
    await store.commitReservation({ accountId: account.id, reservationId: committed, image: image(account.id, 'img_r', 3), now: at(3) });
    await reserve(store, account.id, 4, 100);
    const refunded = await reserve(store, account.id, 5, 100);
    await store.releaseReservation(account.id, refunded, at(6));
    const empty = await newAccount(store, 0, 'empty');
    const rows = await store.ledgerReport();
    assert.deepEqual(
      rows.find((r) => r.accountId === account.id),
      {
        accountId: account.id,
        name: 'report',
        balance: 6,
        grants: 8,
        committed: 1,
        pending: 1,
        refundedCharges: 1,
        refunds: 1,
        strayRefunds: 0,
        oldestPendingAt: at(4),
      },
    );
    assert.deepEqual(
      rows.find((r) => r.accountId === empty.id),
      {
        accountId: empty.id,
        name: 'empty',
        balance: 0,
        grants: 0,
        committed: 0,
        pending: 0,
        refundedCharges: 0,
        refunds: 0,
        strayRefunds: 0,
        oldestPendingAt: null,
      },
    );
  });

  test('listLedger links a committed charge to its image and a refund to the request it repaid', async (t) => {
    const store = await storeFor(t, open);
    const account = await newAccount(store, 5);
    const made = await reserve(store, account.id, 1, 100);
    await store.commitReservation({ accountId: account.id, reservationId: made, image: image(account.id, 'img_link', 2), now: at(2) });
    const failed = await reserve(store, account.id, 3, 100);
    await store.releaseReservation(account.id, failed, at(4));
    const items = (await store.listLedger(account.id, { limit: 10 })).items;
    assert.equal(items.find((e) => e.id === made)?.imageBlobKey, 'images/img_link.png');
    const refund = items.find((e) => e.reason === 'refund');
    assert.equal(refund?.refundedReference, 'req_3', 'the refund names the failed request');
    assert.equal(items.find((e) => e.id === failed)?.imageBlobKey, undefined);
    assert.equal(items.find((e) => e.reason === 'grant')?.refundedReference, undefined);
  });

  test('listImages: newest first, paged, own account only, with template name and request id', async (t) => {
    const store = await storeFor(t, open);
    const alice = await newAccount(store, 10);
    const bob = await newAccount(store, 10);
    await store.createTemplate({ id: 'tpl', accountId: alice.id, name: 'Card <img src=x>', document: { version: '5.3.0', objects: [] } as never, now: at(0) });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await reserve(store, alice.id, 10 + i, 200);
      // Two images in the same millisecond: the id breaks the tie.
      await store.commitReservation({ accountId: alice.id, reservationId: r, image: image(alice.id, `img_a${i}`, i < 2 ? 20 : 20 + i), now: at(20 + i) });
      ids.push(`img_a${i}`);
    }
    const rb = await reserve(store, bob.id, 30, 200);
    await store.commitReservation({ accountId: bob.id, reservationId: rb, image: { ...image(bob.id, 'img_b', 40), templateId: 'tpl' }, now: at(40) });
    await store.recordImage(image(alice.id, 'img_plain', 5));

    const seen: string[] = [];
    let cursor: string | null = null;
    const firstPage = await store.listImages(alice.id, { limit: 2 });
    for (let pages = 0; pages < 10; pages++) {
      const page = await store.listImages(alice.id, { limit: 2, cursor });
      seen.push(...page.items.map((item) => item.image.id));
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    assert.deepEqual(seen, ['img_a4', 'img_a3', 'img_a2', 'img_a1', 'img_a0', 'img_plain']);
    const top = firstPage.items[0];
    assert.equal(top.templateName, 'Card <img src=x>');
    assert.equal(top.requestId, 'req_14');
    assert.deepEqual(top.image, image(alice.id, 'img_a4', 24));
    const plain = (await store.listImages(alice.id, { limit: 10 })).items.find((item) => item.image.id === 'img_plain');
    assert.equal(plain?.requestId, null);

    const bobs = (await store.listImages(bob.id, { limit: 10 })).items;
    assert.deepEqual(
      bobs.map((item) => [item.image.id, item.templateName]),
      [['img_b', null]],
      "another account's template lends no name",
    );
    // Alice's cursor used by Bob only positions within Bob's own images.
    assert.deepEqual(
      (await store.listImages(bob.id, { limit: 10, cursor: firstPage.nextCursor })).items.map((item) => item.image.id),
      [],
    );
    await assert.rejects(store.listImages(alice.id, { limit: 2, cursor: 'nope' }), InvalidCursorError);
  });

  test('listLedger pages newest first with an opaque cursor', async (t) => {
    const store = await storeFor(t, open);
    const account = await newAccount(store, 0);
    const other = await newAccount(store, 50);
    // Inserted out of chronological order, with ties on the same millisecond.
    const times = [at(30), at(10), at(20), at(20), at(20), '2024-06-01T00:00:00.000Z', at(40)];
    for (const [i, time] of times.entries()) await store.grantCredits(account.id, i + 1, `g${i}`, time);

    const entries = await allLedger(store, account.id, 2);
    assert.equal(entries.length, times.length);
    assert.equal(new Set(entries.map((e) => e.id)).size, times.length, 'no duplicates across pages');
    const seen = entries.map((e) => e.createdAt);
    assert.deepEqual(seen, [...seen].sort().reverse(), 'newest first');
    assert.deepEqual(
      entries.map((e) => e.reference),
      ['g6', 'g0', 'g4', 'g3', 'g2', 'g1', 'g5'],
      'same-time entries: most recently written first',
    );
    assert.ok(entries.every((e) => e.accountId === account.id));
    assert.deepEqual(
      (await allLedger(store, account.id, 100)).map((e) => e.id),
      entries.map((e) => e.id),
    );

    const page = await store.listLedger(account.id, { limit: 7 });
    assert.equal(page.items.length, 7);
    assert.equal(page.nextCursor, null);
    await assert.rejects(store.listLedger(account.id, { limit: 2, cursor: 'not-a-cursor' }), InvalidCursorError);
    assert.deepEqual(
      (await store.listLedger(other.id, { limit: 100 })).items.map((e) => e.delta),
      [50],
    );
    assert.deepEqual((await store.listLedger('nobody', { limit: 10 })).items, []);
  });

  test('idempotency: started, in flight, replay, mismatch, abandon', async (t) => {
    const store = await storeFor(t, open);
    const alice = await newAccount(store);
    const bob = await newAccount(store);
    const started = async (p: Promise<unknown>) => {
      const r = (await p) as { state: string; claimId?: string };
      assert.equal(r.state, 'started');
      assert.equal(typeof r.claimId, 'string');
      return r.claimId!;
    };
    const a1 = await started(store.beginIdempotency(alice.id, 'k', 'hash-a', at(1), cutoffs(1)));
    assert.deepEqual(await store.beginIdempotency(alice.id, 'k', 'hash-a', at(2), cutoffs(2)), { state: 'in_flight' });
    assert.deepEqual(await store.beginIdempotency(alice.id, 'k', 'hash-b', at(2), cutoffs(2)), { state: 'mismatch' });
    const b1 = await started(store.beginIdempotency(bob.id, 'k', 'hash-b', at(2), cutoffs(2)));

    const body = { status: 'success', imageURL: 'http://x/images/1.png', usage: { previousCredits: 3, remainingCredits: 2 }, list: [1, 'two', null] };
    assert.equal(await store.completeIdempotency(alice.id, 'k', 'not-the-claim', 200, { wrong: true }, at(3)), false, 'only the claim holder stores');
    assert.equal(await store.completeIdempotency(alice.id, 'k', a1, 200, body, at(3)), true);
    assert.deepEqual(await store.beginIdempotency(alice.id, 'k', 'hash-a', at(4), cutoffs(4)), { state: 'replay', statusCode: 200, body });
    assert.deepEqual(await store.beginIdempotency(alice.id, 'k', 'hash-b', at(4), cutoffs(4)), { state: 'mismatch' });
    assert.deepEqual(await store.beginIdempotency(bob.id, 'k', 'hash-b', at(4), cutoffs(4)), { state: 'in_flight' });

    await store.abandonIdempotency(bob.id, 'k', 'not-the-claim');
    assert.deepEqual(await store.beginIdempotency(bob.id, 'k', 'hash-b', at(4), cutoffs(4)), { state: 'in_flight' }, 'only the holder abandons');
    await store.abandonIdempotency(bob.id, 'k', b1);
    assert.deepEqual(await store.beginIdempotency(alice.id, 'k', 'hash-a', at(5), cutoffs(5)), { state: 'replay', statusCode: 200, body });
    const b2 = await started(store.beginIdempotency(bob.id, 'k', 'hash-c', at(5), cutoffs(5)));
    await store.completeIdempotency(bob.id, 'k', b2, 422, { code: 'render_failed' }, at(6));
    // A completed outcome is not abandoned, even by its own claim (a later step of the request failed).
    await store.abandonIdempotency(bob.id, 'k', b2);
    assert.deepEqual(await store.beginIdempotency(bob.id, 'k', 'hash-c', at(7), cutoffs(7)), {
      state: 'replay',
      statusCode: 422,
      body: { code: 'render_failed' },
    });
  });

  test('idempotency: an in-flight claim lapses after its lease; a completed outcome replays for its window', async (t) => {
    const store = await storeFor(t, open);
    const account = await newAccount(store);
    const first = await store.beginIdempotency(account.id, 'crashed', 'h1', at(0), cutoffs(0));
    assert.equal(first.state, 'started');
    assert.deepEqual(await store.beginIdempotency(account.id, 'crashed', 'h1', at(120), cutoffs(120)), { state: 'in_flight' }, 'a claim exactly one lease old still holds');
    const second = await store.beginIdempotency(account.id, 'crashed', 'h1', at(121), cutoffs(121));
    assert.equal(second.state, 'started', 'taken over once the lease has passed');
    assert.notEqual(second.state === 'started' && second.claimId, first.state === 'started' && first.claimId);
    if (first.state === 'started') assert.equal(await store.completeIdempotency(account.id, 'crashed', first.claimId, 200, {}, at(122)), false, 'the old owner cannot store');

    const done = await store.beginIdempotency(account.id, 'done', 'h1', at(0), cutoffs(0));
    if (done.state === 'started') await store.completeIdempotency(account.id, 'done', done.claimId, 200, { n: 1 }, at(1));
    assert.deepEqual(
      await store.beginIdempotency(account.id, 'done', 'h1', at(3_600), cutoffs(3_600)),
      {
        state: 'replay',
        statusCode: 200,
        body: { n: 1 },
      },
      'completed outcomes outlive the claim lease',
    );
    assert.deepEqual(
      await store.beginIdempotency(account.id, 'done', 'h1', at(86_400), cutoffs(86_400)),
      {
        state: 'replay',
        statusCode: 200,
        body: { n: 1 },
      },
      'a row exactly at the window cutoff is still live',
    );
    assert.equal((await store.beginIdempotency(account.id, 'done', 'h2', at(86_401), cutoffs(86_401))).state, 'started');
  });

  test('idempotency: concurrent begins for one key start exactly once', async (t) => {
    const store = await storeFor(t, open);
    const account = await newAccount(store);
    const fresh = await Promise.all(Array.from({ length: 20 }, () => store.beginIdempotency(account.id, 'race', 'h', at(10), cutoffs(10))));
    assert.equal(fresh.filter((r) => r.state === 'started').length, 1);
    assert.equal(fresh.filter((r) => r.state === 'in_flight').length, 19);

    await store.beginIdempotency(account.id, 'stale', 'h', at(0), cutoffs(0));
    const takeover = await Promise.all(Array.from({ length: 20 }, () => store.beginIdempotency(account.id, 'stale', 'h', at(200), cutoffs(200))));
    assert.equal(takeover.filter((r) => r.state === 'started').length, 1, 'one caller takes over a lapsed claim');
  });

  test('purgeIdempotency deletes lapsed claims and outcomes past the window, nothing else', async (t) => {
    const store = await storeFor(t, open);
    const account = await newAccount(store);
    const claim = async (key: string, seconds: number, complete: boolean) => {
      const r = await store.beginIdempotency(account.id, key, 'h', at(seconds), cutoffs(seconds));
      if (complete && r.state === 'started') await store.completeIdempotency(account.id, key, r.claimId, 200, { key }, at(seconds));
    };
    await claim('old-done', 0, true);
    await claim('old-flight', 0, false);
    await claim('recent-done', 86_000, true);
    await claim('recent-flight', 86_350, false);
    assert.equal(await store.purgeIdempotency(cutoffs(86_401)), 2);
    assert.equal(await store.purgeIdempotency(cutoffs(86_401)), 0);
    assert.deepEqual(await store.beginIdempotency(account.id, 'recent-done', 'h', at(86_402), cutoffs(86_402)), { state: 'replay', statusCode: 200, body: { key: 'recent-done' } });
    assert.deepEqual(await store.beginIdempotency(account.id, 'recent-flight', 'h', at(86_402), cutoffs(86_402)), { state: 'in_flight' });
    assert.equal((await store.beginIdempotency(account.id, 'old-flight', 'other', at(86_402), cutoffs(86_402))).state, 'started', 'purged: free');
  });

  test('two stores sweeping one database at once settle each reservation once', async (t) => {
    const [one, two] = await openPair();
    t.after(() => Promise.all([one.close(), two.close()]));
    const accounts = await Promise.all([newAccount(one, 40), newAccount(one, 40)]);
    const reservations: Array<[string, string]> = [];
    for (const account of accounts) {
      for (let i = 0; i < 30; i++) reservations.push([account.id, await reserve(i % 2 ? one : two, account.id, i, 100)]);
    }
    // A request's own release races the sweepers on a few of them.
    const [a, b, ...releases] = await Promise.all([
      one.settleExpiredReservations(at(100)),
      two.settleExpiredReservations(at(100)),
      ...reservations.slice(0, 5).map(([accountId, id]) => two.releaseReservation(accountId, id, at(100))),
    ]);
    assert.equal(releases.length, 5);
    const settled = a as { committed: number; refunded: number };
    const also = b as { committed: number; refunded: number };
    assert.ok(settled.refunded + also.refunded <= 60 && settled.refunded + also.refunded >= 55, `${settled.refunded} + ${also.refunded}`);
    for (const account of accounts) {
      assert.equal((await two.getAccount(account.id))?.credits, 40);
      assert.equal(await one.ledgerSum(account.id), 40);
      const refunds = (await one.listLedger(account.id, { limit: 500 })).items.filter((e) => e.reason === 'refund');
      assert.equal(refunds.length, 30, 'one refund per reservation');
    }
    assert.deepEqual(await one.settleExpiredReservations(at(101)), { committed: 0, refunded: 0 });
    assert.ok((await two.ledgerReport()).every((r) => r.pending === 0 && r.refunds === r.refundedCharges && r.strayRefunds === 0));
  });
}
