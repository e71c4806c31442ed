import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { bothDatabases, createTestApp, type TestApp } from './test-app.js';

interface HistoryImage {
  id: string;
  templateId: string;
  templateName: string | null;
  requestId: string | null;
  imageURL: string;
  format: string;
  width: number;
  height: number;
}

for (const [label, options] of bothDatabases('image_history')) {
  describe(`image history and ledger links (${label})`, () => {
    let t: TestApp;
    const made: Array<{ requestId: string; imageURL: string }> = [];
    before(async () => {
      t = await createTestApp({ ...options, credits: 20 });
      for (const text of ['one', 'two', 'three']) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/image/generate',
          headers: t.a.auth,
          payload: { templateId: t.a.templateId, elements: { title: { text } } },
        });
        assert.equal(res.statusCode, 200, res.body);
        made.push({ requestId: String(res.headers['request-id']), imageURL: res.json().imageURL });
      }
      const bob = await t.app.inject({ method: 'POST', url: '/image/generate', headers: t.b.auth, payload: { templateId: t.b.templateId } });
      assert.equal(bob.statusCode, 200, bob.body);
    });
    after(() => t.close());

    test('GET /account/images pages newest first with template, request id and URL', async () => {
      const first = await t.app.inject({ url: '/account/images?limit=2', headers: t.a.auth });
      assert.equal(first.statusCode, 200, first.body);
      const page1 = first.json() as { images: HistoryImage[]; nextCursor: string };
      assert.equal(page1.images.length, 2);
      assert.ok(page1.nextCursor);
      const page2 = (await t.app.inject({ url: `/account/images?limit=2&cursor=${encodeURIComponent(page1.nextCursor)}`, headers: t.a.auth })).json() as {
        images: HistoryImage[];
        nextCursor: string | null;
      };
      assert.equal(page2.nextCursor, null);
      const all = [...page1.images, ...page2.images];
      assert.deepEqual(
        all.map((i) => [i.requestId, i.imageURL]),
        [...made].reverse().map((m) => [m.requestId, m.imageURL]),
      );
      assert.ok(all.every((i) => i.templateId === t.a.templateId && /^alice card$/.test(i.templateName ?? '') && i.format === 'png' && i.width > 0 && i.height > 0));
    });

    test("another account's images never appear, and a foreign cursor reveals nothing", async () => {
      const bobs = (await t.app.inject({ url: '/account/images', headers: t.b.auth })).json() as { images: HistoryImage[] };
      assert.equal(bobs.images.length, 1);
      assert.ok(bobs.images.every((i) => i.templateId === t.b.templateId));
      assert.ok(!bobs.images.some((i) => made.some((m) => m.imageURL === i.imageURL)));
      const alicePage = (await t.app.inject({ url: '/account/images?limit=1', headers: t.a.auth })).json() as { nextCursor: string };
      const foreign = (await t.app.inject({ url: `/account/images?cursor=${encodeURIComponent(alicePage.nextCursor)}`, headers: t.b.auth })).json() as { images: HistoryImage[] };
      assert.ok(
        foreign.images.every((i) => i.templateId === t.b.templateId),
        "only ever Bob's own images",
      );
      const forged = await t.app.inject({ url: '/account/images?cursor=WyJ4Il0', headers: t.a.auth });
      assert.equal(forged.statusCode, 400);
      assert.equal(forged.json().code, 'invalid_request');
      assert.equal((await t.app.inject({ url: '/account/images' })).statusCode, 401);
    });

    test('ledger: a committed generate links to its image, a refund names the failed request', async () => {
      const failed = await t.app.inject({
        method: 'POST',
        url: '/image/generate',
        headers: t.a.auth,
        payload: { templateId: t.a.templateId, elements: { logo: { src: 'http://127.0.0.1:9/missing.png' } } },
      });
      assert.equal(failed.statusCode >= 400, true, failed.body);
      const failedId = String(failed.headers['request-id']);
      const entries = (await t.app.inject({ url: '/account/usage?limit=50', headers: t.a.auth })).json().entries as Array<{
        reason: string;
        reference: string;
        imageURL?: string;
        refundOf?: string;
      }>;
      for (const m of made) {
        assert.equal(entries.find((e) => e.reason === 'generate' && e.reference === m.requestId)?.imageURL, m.imageURL);
      }
      const refund = entries.find((e) => e.reason === 'refund');
      assert.equal(refund?.refundOf, failedId);
      assert.equal(entries.find((e) => e.reason === 'generate' && e.reference === failedId)?.imageURL, undefined);
    });
  });
}
