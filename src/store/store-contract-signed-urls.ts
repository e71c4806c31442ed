import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { TemplateDocument } from '../domain/template.js';
import { type ImageRecord, TEMPLATE_REVISIONS_KEPT } from './store.js';
import { at, newAccount, storeFor, type OpenStore } from './store-contract-helpers.js';

const doc = (width: number): TemplateDocument => ({ width, height: 10, objects: [{ type: 'Rect', name: 'box', fill: '#123456' }] });

const image = (accountId: string, id: string): ImageRecord => ({
  id,
  accountId,
  templateId: 't1',
  blobKey: `images/${id}.png`,
  format: 'png',
  width: 10,
  height: 10,
  createdAt: at(5),
});

/** URL keys, template revisions and the signed-render cache: what GET /u/… relies on. */
export function registerSignedUrlContract(open: OpenStore): void {
  test('url keys: create, find with secret and account, list, revoke; scoped to the account', async (t) => {
    const store = await storeFor(t, open);
    const alice = await newAccount(store, 3);
    const bob = await newAccount(store);
    const created = await store.createUrlKey({ id: 'uk_1', accountId: alice.id, secret: 'uks_s3cret', name: 'newsletter', now: at(1) });
    assert.deepEqual(created, { id: 'uk_1', accountId: alice.id, name: 'newsletter', createdAt: at(1), revokedAt: null });
    await store.createUrlKey({ id: 'uk_2', accountId: alice.id, secret: 'uks_other', name: null, now: at(2) });
    assert.deepEqual(await store.findUrlKey('uk_1'), { key: { ...created, secret: 'uks_s3cret' }, account: alice });
    assert.equal(await store.findUrlKey('uk_missing'), null);
    assert.deepEqual(
      (await store.listUrlKeys(alice.id)).map((k) => k.id),
      ['uk_1', 'uk_2'],
    );
    assert.deepEqual(await store.listUrlKeys(bob.id), []);
    assert.equal(await store.revokeUrlKey(bob.id, 'uk_1', at(3)), false, "another account's key");
    assert.ok(await store.findUrlKey('uk_1'));
    assert.equal(await store.revokeUrlKey(alice.id, 'uk_1', at(3)), true);
    assert.equal(await store.revokeUrlKey(alice.id, 'uk_1', at(4)), false, 'already revoked');
    assert.equal(await store.findUrlKey('uk_1'), null, 'a revoked key verifies nothing');
    assert.equal((await store.listUrlKeys(alice.id)).find((k) => k.id === 'uk_1')?.revokedAt, at(3));
  });

  test("signed renders: a charge's commit records the URL's render with it, in its transaction", async (t) => {
    const store = await storeFor(t, open);
    const alice = await newAccount(store, 3);
    await store.createTemplate({ id: 't1', accountId: alice.id, name: 'T', document: doc(10), now: at(1) });
    const chargeAndRecord = async (reference: string, reservedAt: number, leaseEnd: number, imageId: string, cacheKey: string, now: number) => {
      const reserved = await store.reserveCredits(alice.id, 1, reference, at(reservedAt), at(leaseEnd));
      assert.ok(reserved.ok);
      return store.commitReservation({ accountId: alice.id, reservationId: reserved.reservationId, image: image(alice.id, imageId), signedRender: { cacheKey }, now: at(now) });
    };
    assert.equal(await chargeAndRecord('req_1', 2, 200, 'img_signed', 'ck_1', 3), 'committed');
    assert.equal((await store.findSignedRender(alice.id, 'ck_1'))?.id, 'img_signed');
    // A lapsed commit records nothing.
    assert.equal(await chargeAndRecord('req_2', 4, 5, 'img_late', 'ck_2', 6), 'lapsed');
    assert.equal(await store.findSignedRender(alice.id, 'ck_2'), null);
  });

  test('template revisions: every save is kept, readable by number, scoped, gone with the template', async (t) => {
    const store = await storeFor(t, open);
    const alice = await newAccount(store);
    const bob = await newAccount(store);
    await store.createTemplate({ id: 't1', accountId: alice.id, name: 'Card', document: doc(1), now: at(10) });
    await store.updateTemplate(alice.id, 't1', { document: doc(2) }, at(20));
    await store.updateTemplate(alice.id, 't1', { name: 'Renamed' }, at(30));
    const first = await store.getTemplateRevision(alice.id, 't1', 1);
    assert.equal(first?.revision, 1);
    assert.deepEqual(first?.document, doc(1));
    assert.equal(first?.name, 'Renamed', 'the name is the current one');
    assert.deepEqual((await store.getTemplateRevision(alice.id, 't1', 2))?.document, doc(2));
    assert.deepEqual((await store.getTemplateRevision(alice.id, 't1', 3))?.document, doc(2), 'a rename is a revision with the same document');
    assert.equal((await store.getTemplate(alice.id, 't1'))?.revision, 3);
    assert.equal(await store.getTemplateRevision(alice.id, 't1', 4), null);
    assert.equal(await store.getTemplateRevision(bob.id, 't1', 1), null, "another account's template");
    assert.deepEqual(
      [await store.findTemplateRevision(alice.id, 't1', null), await store.findTemplateRevision(alice.id, 't1', 2), await store.findTemplateRevision(alice.id, 't1', 4)],
      [3, 2, null],
      'the numbers alone: the current one, a saved one, one never saved',
    );
    assert.deepEqual([await store.findTemplateRevision(bob.id, 't1', null), await store.findTemplateRevision(bob.id, 't1', 1)], [null, null]);
    await store.deleteTemplate(alice.id, 't1');
    assert.equal(await store.getTemplateRevision(alice.id, 't1', 1), null);
    assert.equal(await store.findTemplateRevision(alice.id, 't1', null), null);
  });

  test(`template revisions: the latest ${TEMPLATE_REVISIONS_KEPT} are kept; templateBytes counts what is stored, per account`, async (t) => {
    const store = await storeFor(t, open);
    const alice = await newAccount(store);
    const bob = await newAccount(store);
    const sized = (n: number) => ({ ...doc(n), name: 'x'.repeat(n) }) as unknown as TemplateDocument;
    const bytes = (n: number) => Buffer.byteLength(JSON.stringify(sized(n)));
    await store.createTemplate({ id: 't1', accountId: alice.id, name: 'Card', document: sized(1), now: at(1) });
    await store.createTemplate({ id: 't2', accountId: bob.id, name: 'Other', document: sized(7), now: at(1) });
    // A new template: its first revision, and the template's own copy of the same document.
    assert.deepEqual([await store.templateBytes(alice.id), await store.templateBytes(bob.id)], [2 * bytes(1), 2 * bytes(7)]);
    const saves = TEMPLATE_REVISIONS_KEPT + 5;
    for (let n = 2; n <= saves; n++) await store.updateTemplate(alice.id, 't1', { document: sized(n) }, at(n));
    const oldest = saves - TEMPLATE_REVISIONS_KEPT + 1;
    assert.equal(await store.getTemplateRevision(alice.id, 't1', oldest - 1), null, 'pruned');
    assert.deepEqual((await store.getTemplateRevision(alice.id, 't1', oldest))?.document, sized(oldest));
    let kept = 0;
    for (let n = oldest; n <= saves; n++) kept += bytes(n);
    assert.equal(await store.templateBytes(alice.id), kept + bytes(saves), 'the kept revisions, and the current document once more');
    await store.deleteTemplate(alice.id, 't1');
    assert.deepEqual([await store.templateBytes(alice.id), await store.templateBytes(bob.id)], [0, 2 * bytes(7)]);
  });

  test('signed renders: a cache key maps to its image, the first record wins, scoped to the account', async (t) => {
    const store = await storeFor(t, open);
    const alice = await newAccount(store);
    const bob = await newAccount(store);
    await store.recordImage(image(alice.id, 'img_a'));
    await store.recordImage(image(alice.id, 'img_b'));
    assert.equal(await store.findSignedRender(alice.id, 'ck'), null);
    await store.recordSignedRender({ accountId: alice.id, cacheKey: 'ck', imageId: 'img_a', now: at(6) });
    await store.recordSignedRender({ accountId: alice.id, cacheKey: 'ck', imageId: 'img_b', now: at(7) });
    assert.deepEqual(await store.findSignedRender(alice.id, 'ck'), image(alice.id, 'img_a'));
    assert.equal(await store.findSignedRender(bob.id, 'ck'), null);
  });
}
