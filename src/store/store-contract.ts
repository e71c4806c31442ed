import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { TemplateDocument } from '../domain/template.js';
import type { Store } from './store.js';
import { StoreConflictError } from './store-errors.js';
import { registerAssetContract } from './store-contract-assets.js';
import { registerAuthContract } from './store-contract-auth.js';
import { registerJobContract } from './store-contract-jobs.js';
import { registerMoneyContract } from './store-contract-money.js';
import { registerSignedUrlContract } from './store-contract-signed-urls.js';
import { at, newAccount, storeFor, type OpenStore } from './store-contract-helpers.js';

const DOCUMENT: TemplateDocument = {
  version: '7.0.0',
  width: 1200,
  height: 630,
  background: '#0f172a',
  objects: [
    { type: 'Textbox', name: 'title', text: 'Ünïcødé “quotes” \u{1F680}\nline 2', left: 10.5, top: -3.25e-7, fontSize: 48 },
    { type: 'Rect', name: 'box', fill: null, strokeDashArray: [4, 2], scaleX: 0.1 + 0.2, visible: false },
    { type: 'Group', objects: [{ type: 'Circle', radius: 9007199254740991, shadow: { blur: 0, offsetX: -1 } }] },
  ],
  custom: { nested: { empty: {}, list: [], zero: 0, falsy: false } },
};

/**
 * The behaviour every `Store` must have, whatever the database. Each test
 * opens its own store so tests stay independent.
 */
export function runStoreContract(label: string, open: OpenStore, openPair: () => Promise<[Store, Store]>): void {
  describe(`Store contract: ${label}`, () => {
    test('migrate is repeatable and ping answers', async (t) => {
      const store = await storeFor(t, open);
      await store.migrate();
      await store.migrate();
      await store.ping();
      assert.ok(store.dialect === 'sqlite' || store.dialect === 'postgres');
    });

    test('accounts: create, get, find by name, list; names are unique', async (t) => {
      const store = await storeFor(t, open);
      const created = await store.createAccount({ id: 'acc-1', name: 'alice', credits: 0, now: '2025-03-04T05:06:07.089Z' });
      assert.deepEqual(created, { id: 'acc-1', name: 'alice', credits: 0, createdAt: '2025-03-04T05:06:07.089Z' });
      assert.deepEqual(await store.getAccount('acc-1'), created);
      assert.deepEqual(await store.findAccountByName('alice'), created);
      assert.equal(await store.getAccount('nope'), null);
      assert.equal(await store.findAccountByName('ALICE'), null);
      const bob = await store.createAccount({ id: 'acc-2', name: 'bob', credits: 5, now: '2025-03-04T05:06:08.000Z' });
      assert.deepEqual(
        (await store.listAccounts()).map((a) => a.id),
        ['acc-1', 'acc-2'],
      );
      assert.equal(bob.credits, 5);
      await assert.rejects(store.createAccount({ id: 'acc-3', name: 'alice', credits: 0, now: at(1) }), StoreConflictError);
      assert.equal(await store.getAccount('acc-3'), null);
    });

    test('accounts: one seeded with its key and templates is made whole in one transaction, or not at all', async (t) => {
      const store = await storeFor(t, open);
      const doc = (n: number) => ({ width: n, height: 10, objects: [] });
      const seeded = await store.createSeededAccount({
        account: { id: 'acc-seed', name: 'seeded', credits: 100, now: at(1) },
        key: { id: 'key-seed', hash: 'h-seed', prefix: 'imp_', last4: 'abcd', now: at(1) },
        templates: [
          { id: 'tpl-a', name: 'A', document: doc(1), now: at(1) },
          { id: 'tpl-b', name: 'B', document: doc(2), now: at(1) },
        ],
      });
      assert.deepEqual([seeded.account.credits, seeded.key.accountId, seeded.templates.map((tpl) => tpl.id)], [100, 'acc-seed', ['tpl-a', 'tpl-b']]);
      assert.equal((await store.findApiKeyByHash('h-seed'))?.account.id, 'acc-seed');
      assert.deepEqual((await store.getTemplate('acc-seed', 'tpl-b'))?.document, doc(2));
      assert.equal(await store.ledgerSum('acc-seed'), 100);

      // A write failing midway (here the second template's id is taken) leaves no account, key or template.
      await assert.rejects(
        store.createSeededAccount({
          account: { id: 'acc-half', name: 'half', credits: 100, now: at(2) },
          key: { id: 'key-half', hash: 'h-half', prefix: 'imp_', last4: 'efgh', now: at(2) },
          templates: [
            { id: 'tpl-c', name: 'C', document: doc(3), now: at(2) },
            { id: 'tpl-a', name: 'A again', document: doc(4), now: at(2) },
          ],
        }),
      );
      assert.equal(await store.findAccountByName('half'), null);
      assert.equal(await store.findApiKeyByHash('h-half'), null);
      assert.equal(await store.getTemplate('acc-half', 'tpl-c'), null);
      assert.equal((await store.getTemplate('acc-seed', 'tpl-a'))?.name, 'A');
    });

    test('accounts: starting credits are a grant in the ledger', async (t) => {
      const store = await storeFor(t, open);
      const account = await newAccount(store, 100);
      const { items } = await store.listLedger(account.id, { limit: 10 });
      assert.equal(items.length, 1);
      assert.equal(items[0].reason, 'grant');
      assert.equal(items[0].delta, 100);
      assert.equal(items[0].balanceAfter, 100);
      assert.equal(await store.ledgerSum(account.id), 100);
      const empty = await newAccount(store, 0);
      assert.deepEqual((await store.listLedger(empty.id, { limit: 10 })).items, []);
      assert.equal(await store.ledgerSum(empty.id), 0);
    });

    test('api keys: create, find by hash, list, touch, revoke', async (t) => {
      const store = await storeFor(t, open);
      const alice = await newAccount(store, 7);
      const bob = await newAccount(store);
      const key = await store.createApiKey({ id: 'k1', accountId: alice.id, hash: 'h1', prefix: 'imp_AbC1', last4: 'wxyz', now: at(10) });
      assert.deepEqual(key, {
        id: 'k1',
        accountId: alice.id,
        prefix: 'imp_AbC1',
        last4: 'wxyz',
        name: null,
        createdAt: at(10),
        lastUsedAt: null,
        revokedAt: null,
      });
      const named = await store.createApiKey({ id: 'k2', accountId: alice.id, hash: 'h2', prefix: 'imp_Zz', last4: 'abcd', name: 'Zapier <prod> ✓', now: at(11) });
      assert.equal(named.name, 'Zapier <prod> ✓');
      assert.equal((await store.findApiKeyByHash('h2'))?.key.name, 'Zapier <prod> ✓');
      await assert.rejects(store.createApiKey({ id: 'k3', accountId: bob.id, hash: 'h1', prefix: 'imp_x', last4: 'x', now: at(12) }), StoreConflictError);

      const found = await store.findApiKeyByHash('h1');
      assert.deepEqual(found, { key, account: alice });
      assert.equal(await store.findApiKeyByHash('unknown'), null);

      await store.touchApiKey('k1', at(20));
      assert.equal((await store.findApiKeyByHash('h1'))?.key.lastUsedAt, at(20));

      assert.deepEqual(
        (await store.listApiKeys(alice.id)).map((k) => [k.id, k.name]),
        [
          ['k1', null],
          ['k2', 'Zapier <prod> ✓'],
        ],
      );
      assert.deepEqual(await store.listApiKeys(bob.id), []);

      assert.equal(await store.revokeApiKey(bob.id, 'k1', at(30)), false, "another account's key");
      assert.ok(await store.findApiKeyByHash('h1'));
      assert.equal(await store.revokeApiKey(alice.id, 'k1', at(30)), true);
      assert.equal(await store.revokeApiKey(alice.id, 'k1', at(31)), false, 'already revoked');
      assert.equal(await store.revokeApiKey(alice.id, 'missing', at(31)), false);
      assert.equal(await store.findApiKeyByHash('h1'), null);
      const listed = await store.listApiKeys(alice.id);
      assert.equal(listed.find((k) => k.id === 'k1')?.revokedAt, at(30));
      assert.equal(listed.find((k) => k.id === 'k2')?.revokedAt, null);
    });

    test('templates: document round-trips exactly; update bumps revision', async (t) => {
      const store = await storeFor(t, open);
      const account = await newAccount(store);
      const created = await store.createTemplate({ id: 't1', accountId: account.id, name: 'Card', document: DOCUMENT, now: at(100) });
      assert.deepEqual(created, {
        id: 't1',
        accountId: account.id,
        name: 'Card',
        document: DOCUMENT,
        revision: 1,
        createdAt: at(100),
        updatedAt: at(100),
      });
      assert.deepEqual(await store.getTemplate(account.id, 't1'), created);

      const renamed = await store.updateTemplate(account.id, 't1', { name: 'Renamed' }, at(200));
      assert.equal(renamed?.name, 'Renamed');
      assert.equal(renamed?.revision, 2);
      assert.equal(renamed?.createdAt, at(100));
      assert.equal(renamed?.updatedAt, at(200));
      assert.deepEqual(renamed?.document, DOCUMENT);

      const doc2: TemplateDocument = { width: 10, height: 20, objects: [] };
      const redrawn = await store.updateTemplate(account.id, 't1', { document: doc2 }, at(300));
      assert.deepEqual(redrawn, { ...created, name: 'Renamed', document: doc2, revision: 3, updatedAt: at(300) });
      assert.deepEqual(await store.getTemplate(account.id, 't1'), redrawn);

      assert.equal(await store.updateTemplate(account.id, 'missing', { name: 'x' }, at(400)), null);
      // Only over the revision named: a stale one changes nothing.
      assert.equal(await store.updateTemplate(account.id, 't1', { name: 'Stale' }, at(410), 2), null);
      assert.deepEqual(await store.getTemplate(account.id, 't1'), redrawn);
      const matched = await store.updateTemplate(account.id, 't1', { name: 'Matched' }, at(420), 3);
      assert.equal(matched?.revision, 4);
      assert.equal(matched?.name, 'Matched');
      assert.equal(await store.deleteTemplate(account.id, 't1'), true);
      assert.equal(await store.deleteTemplate(account.id, 't1'), false);
      assert.equal(await store.getTemplate(account.id, 't1'), null);
    });

    test('templates: list sorts by the column, ties broken by id in the same direction', async (t) => {
      const store = await storeFor(t, open);
      const account = await newAccount(store);
      const doc: TemplateDocument = { width: 1, height: 1, objects: [] };
      // Created: b=1s, a=2s, c=2s, d=2024 (chronologically first although inserted last).
      await store.createTemplate({ id: 'b', accountId: account.id, name: 'B', document: doc, now: at(1) });
      await store.createTemplate({ id: 'c', accountId: account.id, name: 'C', document: doc, now: at(2) });
      await store.createTemplate({ id: 'a', accountId: account.id, name: 'A', document: doc, now: at(2) });
      await store.createTemplate({ id: 'd', accountId: account.id, name: 'D', document: doc, now: '2024-12-31T23:59:59.999Z' });
      // Updated: b → 10s; a, c, d keep their creation times.
      await store.updateTemplate(account.id, 'b', { name: 'B2' }, at(10));

      const ids = async (sort: 'createdAt' | 'updatedAt', order: 'asc' | 'desc') => (await store.listTemplates(account.id, sort, order)).map((s) => s.id);
      assert.deepEqual(await ids('createdAt', 'asc'), ['d', 'b', 'a', 'c']);
      assert.deepEqual(await ids('createdAt', 'desc'), ['c', 'a', 'b', 'd']);
      assert.deepEqual(await ids('updatedAt', 'asc'), ['d', 'a', 'c', 'b']);
      assert.deepEqual(await ids('updatedAt', 'desc'), ['b', 'c', 'a', 'd']);

      const [first] = await store.listTemplates(account.id, 'updatedAt', 'desc');
      assert.deepEqual(first, { id: 'b', name: 'B2', createdAt: at(1), updatedAt: at(10) });
    });

    test("templates: another account's are absent", async (t) => {
      const store = await storeFor(t, open);
      const alice = await newAccount(store);
      const bob = await newAccount(store);
      await store.createTemplate({ id: 'secret', accountId: alice.id, name: 'S', document: DOCUMENT, now: at(1) });
      assert.equal(await store.getTemplate(bob.id, 'secret'), null);
      assert.deepEqual(await store.listTemplates(bob.id, 'updatedAt', 'desc'), []);
      assert.equal(await store.updateTemplate(bob.id, 'secret', { name: 'pwned' }, at(2)), null);
      assert.equal(await store.deleteTemplate(bob.id, 'secret'), false);
      const still = await store.getTemplate(alice.id, 'secret');
      assert.equal(still?.name, 'S');
      assert.equal(still?.revision, 1);
      await assert.rejects(store.createTemplate({ id: 'secret', accountId: bob.id, name: 'dup', document: DOCUMENT, now: at(3) }), StoreConflictError);
    });

    test('images: record and get', async (t) => {
      const store = await storeFor(t, open);
      const account = await newAccount(store);
      const image = {
        id: 'img_1',
        accountId: account.id,
        templateId: 't-gone',
        blobKey: 'ab/cdef.png',
        format: 'png',
        width: 1200,
        height: 630,
        createdAt: at(5),
      };
      await store.recordImage(image);
      assert.deepEqual(await store.getImage('img_1'), image);
      assert.equal(await store.getImage('img_2'), null);
      await store.recordImage({ ...image, blobKey: 'other', createdAt: at(6) });
      assert.deepEqual(await store.getImage('img_1'), image, 'a twin with the same id keeps the first row');
    });

    test('fonts: create, list, delete, scoped to the account', async (t) => {
      const store = await storeFor(t, open);
      const alice = await newAccount(store);
      const bob = await newAccount(store);
      const font = (id: string, accountId: string, weight: number, style: 'normal' | 'italic') => ({
        id,
        accountId,
        family: 'Brand Sans',
        weight,
        style,
        format: 'woff2',
        blobKey: `fonts/${id}`,
        createdAt: at(weight),
      });
      const bold = font('f-bold', alice.id, 700, 'normal');
      assert.deepEqual(await store.createFont(bold), bold);
      await store.createFont(font('f-regular', alice.id, 400, 'italic'));
      await store.createFont(font('f-bob', bob.id, 400, 'normal'));
      assert.deepEqual(
        (await store.listFonts(alice.id)).map((f) => f.id),
        ['f-regular', 'f-bold'],
      );
      assert.deepEqual(await store.listFonts(alice.id).then((l) => l[1]), bold);
      assert.deepEqual(
        (await store.listFonts(bob.id)).map((f) => f.id),
        ['f-bob'],
      );
      assert.equal(await store.deleteFont(bob.id, 'f-bold'), false);
      assert.equal(await store.deleteFont(alice.id, 'f-bold'), true);
      assert.equal(await store.deleteFont(alice.id, 'f-bold'), false);
      assert.deepEqual(
        (await store.listFonts(alice.id)).map((f) => f.id),
        ['f-regular'],
      );
    });

    registerMoneyContract(open, openPair);
    registerAuthContract(open, openPair);
    registerAssetContract(open, openPair);
    registerSignedUrlContract(open);
    registerJobContract(open, openPair);
  });
}
