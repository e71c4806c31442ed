import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { AssetRecord, Store } from './store.js';
import { at, newAccount, storeFor, type OpenStore } from './store-contract-helpers.js';

function asset(accountId: string, n: number, bytes = 100): AssetRecord {
  const id = `ast_${n.toString(16).padStart(32, '0')}`;
  return { id, accountId, blobKey: `assets/${id}.png`, contentType: 'image/png', width: 4, height: 3, bytes, createdAt: at(n) };
}

export function registerAssetContract(open: OpenStore, openPair: () => Promise<[Store, Store]>): void {
  test('assets: create, get, list newest first with a cursor, delete, scoped to the account', async (t) => {
    const store = await storeFor(t, open);
    const alice = await newAccount(store);
    const bob = await newAccount(store);
    for (let n = 1; n <= 3; n++) {
      const result = await store.createAsset(asset(alice.id, n), 10_000);
      assert.deepEqual(result, { ok: true, asset: asset(alice.id, n), created: true });
    }
    assert.deepEqual(await store.getAsset(alice.id, asset(alice.id, 2).id), asset(alice.id, 2));
    assert.equal(await store.getAsset(bob.id, asset(alice.id, 2).id), null);
    assert.equal(await store.assetBytes(alice.id), 300);
    assert.equal(await store.assetBytes(bob.id), 0);

    const first = await store.listAssets(alice.id, { limit: 2 });
    assert.deepEqual(
      first.items.map((a) => a.id),
      [asset(alice.id, 3).id, asset(alice.id, 2).id],
    );
    assert.ok(first.nextCursor);
    const second = await store.listAssets(alice.id, { limit: 2, cursor: first.nextCursor });
    assert.deepEqual(
      second.items.map((a) => a.id),
      [asset(alice.id, 1).id],
    );
    assert.equal(second.nextCursor, null);
    assert.deepEqual((await store.listAssets(bob.id, { limit: 10 })).items, []);
    // Another account's cursor positions within the reader's own rows only.
    assert.deepEqual((await store.listAssets(bob.id, { limit: 10, cursor: first.nextCursor })).items, []);

    assert.equal(await store.deleteAsset(bob.id, asset(alice.id, 1).id), false);
    assert.equal(await store.deleteAsset(alice.id, asset(alice.id, 1).id), true);
    assert.equal(await store.deleteAsset(alice.id, asset(alice.id, 1).id), false);
    assert.equal(await store.getAsset(alice.id, asset(alice.id, 1).id), null);
  });

  test('assets: the same id again returns the stored row; the quota counts total bytes', async (t) => {
    const store = await storeFor(t, open);
    const alice = await newAccount(store);
    assert.equal((await store.createAsset(asset(alice.id, 1, 600), 1000)).ok, true);
    const again = await store.createAsset({ ...asset(alice.id, 1, 600), createdAt: at(99) }, 1000);
    assert.deepEqual(again, { ok: true, asset: asset(alice.id, 1, 600), created: false });
    assert.deepEqual(await store.createAsset(asset(alice.id, 2, 401), 1000), { ok: false, usedBytes: 600 });
    assert.equal((await store.createAsset(asset(alice.id, 2, 400), 1000)).ok, true);
    assert.equal(await store.assetBytes(alice.id), 1000);
  });

  test('assets: uploads racing from two stores for the last of the quota: exactly one fits', async (t) => {
    const [one, two] = await openPair();
    t.after(async () => {
      await one.close();
      await two.close();
    });
    const alice = await newAccount(one);
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 ? one : two).createAsset(asset(alice.id, i + 1, 500), 1000)));
    assert.equal(results.filter((r) => r.ok).length, 2);
    assert.equal(await one.assetBytes(alice.id), 1000);
  });
}
