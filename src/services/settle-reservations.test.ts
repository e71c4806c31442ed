import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SqliteStore } from '../store/sqlite-store.js';
import { startReservationSweeper, type SweepResult } from './settle-reservations.js';

const T0 = Date.UTC(2025, 0, 1);
const iso = (ms: number) => new Date(T0 + ms).toISOString();

test('the sweeper settles lapsed reservations at start and on its interval, purges old keys, and stops cleanly', async (t) => {
  const store = new SqliteStore(':memory:');
  t.after(() => store.close());
  await store.migrate();
  let clock = 0;
  const deps = { store, now: () => iso(clock), leases: { reservationMs: 10_000, idempotencyMs: 10_000 } };
  const account = await store.createAccount({ id: 'acc', name: 'a', credits: 5, now: iso(0) });

  const crashed = await store.reserveCredits(account.id, 1, 'req_crashed', iso(0), iso(10_000));
  const live = await store.reserveCredits(account.id, 1, 'req_live', iso(0), iso(60_000));
  assert.ok(crashed.ok && live.ok);
  const claim = await store.beginIdempotency(account.id, 'k', 'h', iso(0), { inFlightBefore: iso(-10_000), completedBefore: iso(-86_400_000) });
  assert.equal(claim.state, 'started');

  clock = 10_001;
  const swept: SweepResult[] = [];
  const errors: unknown[] = [];
  const sweeper = await startReservationSweeper(deps, { intervalMs: 20, onSwept: (r) => swept.push(r), onError: (e) => errors.push(e) });
  assert.deepEqual(swept[0], { committed: 0, refunded: 1, purgedIdempotencyKeys: 1 }, 'the first sweep runs before start returns');
  assert.equal((await store.getAccount(account.id))?.credits, 4);

  clock = 60_000;
  for (let i = 0; i < 100 && !swept.some((r) => r.refunded === 1 && swept.indexOf(r) > 0); i++) await new Promise((r) => setTimeout(r, 10));
  await sweeper.stop();
  const count = swept.length;
  assert.equal(
    swept.slice(1).reduce((n, r) => n + r.refunded, 0),
    1,
    'the interval sweep settled the second one',
  );
  assert.equal((await store.getAccount(account.id))?.credits, 5);
  await new Promise((r) => setTimeout(r, 60));
  assert.equal(swept.length, count, 'no sweep after stop');
  assert.deepEqual(errors, []);
});
