import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { PNG } from 'pngjs';
import { buildSignedUrl, canonicalSignedUrl, signCanonical, signedUrlPath, signedUrlQuery } from '../domain/signed-url.js';
import { looksLikeApiKey } from '../domain/api-key.js';
import { createRenderCaches } from '../render/render-caches.js';
import { renderDocument } from '../render/render-document.js';
import { TEMPLATE_REVISIONS_KEPT } from '../store/store.js';
import { bothDatabases, createTestApp, sampleTemplate, type TestApp } from './test-app.js';

/**
 * Signed image URLs on a listening server, fetched as a browser or a mail
 * client would fetch them: real URL parsing, real percent-encoding.
 */
for (const [label, options] of bothDatabases('signed_urls')) {
  describe(`GET /u/{templateId}.{ext} signed URLs (${label})`, () => {
    let t: TestApp;
    let base: string;
    let renders = 0;
    let key: { id: string; secret: string };

    before(async () => {
      const caches = createRenderCaches();
      t = await createTestApp({
        ...options,
        credits: 100,
        // Counts real renders, so "one render" is measured, not inferred from the ledger.
        renderer: {
          render: (input) => {
            renders += 1;
            return renderDocument(input, caches);
          },
        },
      });
      base = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const created = await t.app.inject({ method: 'POST', url: '/account/url-keys', headers: t.a.auth, payload: { name: 'newsletter' } });
      assert.equal(created.statusCode, 201, created.body);
      key = created.json();
    });
    after(async () => {
      await t.close();
    });

    const credits = async () => (await t.store.getAccount(t.a.account.id))!.credits;
    const sign = (
      changes: Record<string, Record<string, string>>,
      extra: { exp?: number; rev?: number; extension?: 'png' | 'jpg' | 'webp'; keyId?: string; secret?: string } = {},
    ) =>
      buildSignedUrl({
        templateId: t.a.templateId,
        extension: extra.extension ?? 'png',
        keyId: extra.keyId ?? key.id,
        secret: extra.secret ?? key.secret,
        changes,
        exp: extra.exp,
        rev: extra.rev,
      });
    const get = (path: string, headers: Record<string, string> = {}) => fetch(`${base}${path}`, { headers });

    test('URL keys: {id, secret} once; the secret is no API key and is never listed', async () => {
      assert.match(key.id, /^uk_/);
      assert.match(key.secret, /^uks_[A-Za-z0-9_-]{43}$/);
      assert.equal(looksLikeApiKey(key.secret), false);
      const listed = await t.app.inject({ url: '/account/url-keys', headers: t.a.auth });
      assert.equal(listed.statusCode, 200);
      assert.deepEqual(
        listed.json().map((k: { id: string; name: string }) => [k.id, k.name]),
        [[key.id, 'newsletter']],
      );
      assert.doesNotMatch(listed.body, /uks_/);
      const asApiKey = await t.app.inject({ url: '/account', headers: { authorization: `Bearer ${key.secret}` } });
      assert.equal(asApiKey.statusCode, 401, 'a URL secret opens no API');
      const others = await t.app.inject({ url: '/account/url-keys', headers: t.b.auth });
      assert.deepEqual(others.json(), []);
    });

    test('a good signature renders once and charges 1 credit; the same URL is then free, with an ETag and a short max-age', async () => {
      const before = await credits();
      const rendersBefore = renders;
      const url = await sign({ title: { text: 'Hello & welcome / ✓', fill: '#ff0000' } });
      const first = await get(url);
      assert.equal(first.status, 200, await first.clone().text());
      assert.equal(first.headers.get('content-type'), 'image/png');
      assert.equal(first.headers.get('cache-control'), 'public, max-age=60');
      const etag = first.headers.get('etag')!;
      assert.match(etag, /^"[0-9a-f]{40}"$/);
      const png = PNG.sync.read(Buffer.from(await first.arrayBuffer()));
      assert.deepEqual([png.width, png.height], [320, 180]);
      assert.equal(await credits(), before - 1);
      assert.equal(renders, rendersBefore + 1);

      const again = await get(url);
      assert.equal(again.status, 200);
      assert.equal(again.headers.get('etag'), etag);
      assert.equal(await credits(), before - 1, 'served from the store, free');
      assert.equal(renders, rendersBefore + 1, 'not rendered again');
      const revalidated = await get(url, { 'if-none-match': etag });
      assert.equal(revalidated.status, 304);
      // The stored image is the same content generate would have made: same id, same bytes.
      const paid = await t.app.inject({ url: `/images/${etag.slice(1, -1)}.png` });
      assert.equal(paid.statusCode, 200);
    });

    test('one wrong character anywhere (path, any parameter name or value, the signature) is 401 and costs nothing', async () => {
      const url = await sign({ title: { text: 'Tamper' }, background: { fill: '#00ff00' } }, { exp: Math.floor(Date.now() / 1000) + 3600, rev: 1 });
      const before = await credits();
      const [path, query] = url.split('?');
      const pairs = [...new URLSearchParams(query)];
      const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === 'a' ? 'b' : 'a') + s.slice(i + 1);
      const variants: Array<[string, string]> = [];
      // A character of the template id in the path.
      variants.push(['path', `${flip(path, path.indexOf('_') + 2)}?${query}`]);
      for (let p = 0; p < pairs.length; p++) {
        const [name, value] = pairs[p];
        for (const [what, i] of [
          ['name', 0],
          ['value', 0],
          ['value', value.length - 1],
        ] as const) {
          const changed = pairs.map(([n, v], j) => (j !== p ? [n, v] : what === 'name' ? [flip(n, i), v] : [n, flip(v, i)]) as [string, string]);
          variants.push([`${what} ${name}[${i}]`, `${path}?${changed.map(([n, v]) => `${encodeURIComponent(n)}=${encodeURIComponent(v)}`).join('&')}`]);
        }
      }
      assert.ok(variants.length >= 16, `${variants.length} variants`);
      for (const [what, tampered] of variants) {
        const res = await get(tampered);
        assert.equal(res.status, 401, `${what}: ${tampered}`);
        const body = (await res.json()) as { code: string };
        assert.ok(['invalid_signature', 'invalid_url_key'].includes(body.code), `${what}: ${body.code}`);
        assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
      }
      assert.equal(await credits(), before, 'nothing charged');
      assert.equal((await get(url)).status, 200, 'the untouched URL works');
    });

    test('past exp: 410, and an exp within the cache lifetime caps max-age', async () => {
      const before = await credits();
      const expired = await get(await sign({ title: { text: 'Too late' } }, { exp: Math.floor(Date.now() / 1000) - 5 }));
      assert.equal(expired.status, 410);
      assert.equal(((await expired.json()) as { code: string }).code, 'url_expired');
      assert.equal(await credits(), before);
      const soon = await get(await sign({ title: { text: 'Soon' } }, { exp: Math.floor(Date.now() / 1000) + 30, rev: 1 }));
      assert.equal(soon.status, 200);
      const maxAge = Number(/max-age=(\d+)/.exec(soon.headers.get('cache-control')!)![1]);
      assert.ok(maxAge <= 30 && maxAge >= 25, soon.headers.get('cache-control')!);
    });

    test('parameter order does not matter: the signature and the cached image are the same', async () => {
      const url = await sign({ title: { text: 'Order' }, background: { fill: '#123456', rx: '4' } }, { rev: 1 });
      const first = await get(url);
      assert.equal(first.status, 200);
      const before = await credits();
      const [path, query] = url.split('?');
      const reversed = `${path}?${query.split('&').reverse().join('&')}`;
      assert.notEqual(reversed, url);
      const res = await get(reversed);
      assert.equal(res.status, 200, await res.clone().text());
      assert.equal(res.headers.get('etag'), first.headers.get('etag'));
      assert.equal(await credits(), before, 'the same content, already paid for');
    });

    test('20 concurrent first requests for one URL: one render, one charge, 20 identical images', async () => {
      const url = await sign({ title: { text: `Concurrent ${Date.now()}` } });
      const before = await credits();
      const rendersBefore = renders;
      const responses = await Promise.all(Array.from({ length: 20 }, () => get(url)));
      const bodies = await Promise.all(responses.map(async (r) => ({ status: r.status, bytes: Buffer.from(await r.arrayBuffer()) })));
      assert.deepEqual(
        bodies.map((b) => b.status),
        Array(20).fill(200),
      );
      assert.ok(bodies.every((b) => b.bytes.equals(bodies[0].bytes)));
      assert.equal(renders - rendersBefore, 1, 'one render');
      assert.equal(await credits(), before - 1, 'one charge');
      const ledger = (await t.store.listLedger(t.a.account.id, { limit: 5 })).items;
      assert.equal(ledger.filter((e) => e.reason === 'refund').length, 0);
    });

    test('a template edit re-renders unpinned URLs but not rev-pinned ones', async () => {
      const current = (await t.store.getTemplate(t.a.account.id, t.a.templateId))!;
      const changes = { title: { text: 'Edit me' } };
      const unpinned = await sign(changes);
      const pinned = await sign(changes, { rev: current.revision });
      const u1 = await get(unpinned);
      const p1 = await get(pinned);
      assert.equal(u1.status, 200);
      assert.equal(p1.status, 200);
      assert.equal(p1.headers.get('cache-control'), 'public, max-age=31536000, immutable');
      const pinnedBytes = Buffer.from(await p1.arrayBuffer());

      const edited = sampleTemplate();
      edited.background = '#ffff00';
      (edited.objects as Array<Record<string, unknown>>)[0].fill = '#7c3aed';
      const put = await t.app.inject({ method: 'PUT', url: `/templates/${t.a.templateId}`, headers: t.a.auth, payload: { template: edited } });
      assert.equal(put.statusCode, 200, put.body);
      // The save's thumbnail is a render too (free, after the answer): let it finish so it is not counted below.
      await t.app.thumbnails.idle();

      const before = await credits();
      const rendersBefore = renders;
      const u2 = await get(unpinned, { 'if-none-match': u1.headers.get('etag')! });
      assert.equal(u2.status, 200, 'the old ETag no longer matches: new pixels');
      assert.notEqual(u2.headers.get('etag'), u1.headers.get('etag'));
      const pixel = PNG.sync.read(Buffer.from(await u2.arrayBuffer())).data;
      assert.deepEqual([...pixel.subarray((90 * 320 + 160) * 4, (90 * 320 + 160) * 4 + 3)], [0x7c, 0x3a, 0xed], 'drawn from the edited template');
      assert.equal(await credits(), before - 1, 're-rendered and charged');

      const p2 = await get(pinned);
      assert.equal(p2.status, 200);
      assert.equal(p2.headers.get('etag'), p1.headers.get('etag'));
      assert.ok(Buffer.from(await p2.arrayBuffer()).equals(pinnedBytes), 'the pinned URL keeps its pixels');
      assert.equal(await credits(), before - 1, 'and costs nothing');
      assert.equal(renders, rendersBefore + 1);
    });

    test('a rev-pinned URL first opened after an edit renders the old revision', async () => {
      const current = (await t.store.getTemplate(t.a.account.id, t.a.templateId))!;
      assert.ok(current.revision >= 2);
      const old = await get(await sign({ title: { text: 'From the past' } }, { rev: 1 }));
      assert.equal(old.status, 200);
      const pixel = PNG.sync.read(Buffer.from(await old.arrayBuffer())).data;
      assert.deepEqual([...pixel.subarray((90 * 320 + 160) * 4, (90 * 320 + 160) * 4 + 3)], [0x0f, 0x17, 0x2a], 'revision 1 drew the dark background');
      const missing = await get(await sign({}, { rev: 999 }));
      assert.equal(missing.status, 404);
    });

    test('bad content with a good signature is the generate error, free; unsigned URLs are 401', async () => {
      const before = await credits();
      const unknownElement = await get(await sign({ nosuch: { text: 'x' } }));
      assert.equal(unknownElement.status, 400);
      assert.equal(((await unknownElement.json()) as { code: string }).code, 'unknown_element');
      const badValue = await get(await sign({ title: { fontSize: 'huge' } }));
      assert.equal(badValue.status, 400);
      assert.equal(((await badValue.json()) as { code: string }).code, 'invalid_property');
      const badExtension = signedUrlPath(t.a.templateId, 'gif');
      const params: Array<[string, string]> = [['key', key.id]];
      const gif = await get(`${badExtension}?${signedUrlQuery(params, await signCanonical(key.secret, canonicalSignedUrl(badExtension, params)))}`);
      assert.equal(gif.status, 400);
      const otherAccount = await buildSignedUrl({ templateId: t.b.templateId, extension: 'png', keyId: key.id, secret: key.secret, changes: {} });
      assert.equal((await get(otherAccount)).status, 404, "a key signs only its own account's templates");
      assert.equal((await get(`/u/${t.a.templateId}.png?title.text=Hi`)).status, 401);
      assert.equal(await credits(), before);
    });

    test("parameters named after Object.prototype's keys reach no shared object, and charge nothing", async () => {
      const before = await credits();
      const keys = Object.keys;
      // Before, `constructor.keys=x` wrote over Object.keys for the whole process, and `__proto__.fill=x` gave every object a fill.
      const builtIn = await get(await sign({ constructor: { keys: 'x' } }));
      assert.equal(builtIn.status, 400);
      assert.equal(((await builtIn.json()) as { code: string }).code, 'unknown_element');
      assert.equal(Object.keys, keys);
      const proto = await get(await sign(JSON.parse('{"__proto__": {"fill": "#ff0000"}}') as Record<string, Record<string, string>>));
      assert.equal(proto.status, 400);
      assert.equal(((await proto.json()) as { code: string }).code, 'invalid_request');
      assert.equal(({} as Record<string, unknown>).fill, undefined);
      assert.equal(await credits(), before);
    });

    test('POST /account/signed-urls signs with a key of the account, checking the changes first', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/account/signed-urls',
        headers: t.a.auth,
        payload: { keyId: key.id, templateId: t.a.templateId, format: 'webp', elements: { title: { text: 'From the API', fontSize: 30 } }, rev: 1 },
      });
      assert.equal(res.statusCode, 200, res.body);
      const url = new URL(res.json().url);
      assert.equal(url.origin, 'http://imprint.test');
      assert.equal(url.pathname, `/u/${t.a.templateId}.webp`);
      const image = await get(`${url.pathname}${url.search}`);
      assert.equal(image.status, 200);
      assert.equal(image.headers.get('content-type'), 'image/webp');
      const bad = await t.app.inject({
        method: 'POST',
        url: '/account/signed-urls',
        headers: t.a.auth,
        payload: { keyId: key.id, templateId: t.a.templateId, elements: { nosuch: { text: 'x' } } },
      });
      assert.equal(bad.statusCode, 400);
      const foreign = await t.app.inject({ method: 'POST', url: '/account/signed-urls', headers: t.b.auth, payload: { keyId: key.id, templateId: t.b.templateId } });
      assert.equal(foreign.statusCode, 404, "another account's key");
    });

    test('a revoked key: its URLs answer 401 from the next request on, even for cached images', async () => {
      const created = await t.app.inject({ method: 'POST', url: '/account/url-keys', headers: t.a.auth, payload: {} });
      const temp = created.json() as { id: string; secret: string };
      const url = await sign({ title: { text: 'Revoke me' } }, { keyId: temp.id, secret: temp.secret });
      assert.equal((await get(url)).status, 200);
      const revoked = await t.app.inject({ method: 'DELETE', url: `/account/url-keys/${temp.id}`, headers: t.a.auth });
      assert.equal(revoked.statusCode, 204);
      const res = await get(url);
      assert.equal(res.status, 401);
      assert.equal(((await res.json()) as { code: string }).code, 'invalid_url_key');
      assert.equal((await t.app.inject({ method: 'DELETE', url: `/account/url-keys/${temp.id}`, headers: t.a.auth })).statusCode, 404);
      const others = await t.app.inject({ method: 'DELETE', url: `/account/url-keys/${key.id}`, headers: t.b.auth });
      assert.equal(others.statusCode, 404, 'another account cannot revoke it');
    });

    // Last in this block: it prunes the template's early revisions, which the tests above pin.
    test(`a rev-pinned URL already rendered is still served after its revision leaves the last ${TEMPLATE_REVISIONS_KEPT}; a new one is a 404`, async () => {
      const rendered = await sign({ title: { text: 'Kept' } }, { rev: 2 });
      const first = await get(rendered);
      assert.equal(first.status, 200);
      const bytes = Buffer.from(await first.arrayBuffer());
      const current = (await t.store.getTemplate(t.a.account.id, t.a.templateId))!;
      for (let n = 0; n < TEMPLATE_REVISIONS_KEPT; n++) await t.store.updateTemplate(t.a.account.id, t.a.templateId, { document: current.document }, new Date().toISOString());
      assert.equal(await t.store.getTemplateRevision(t.a.account.id, t.a.templateId, 2), null, 'revision 2 is no longer kept');
      const before = await credits();
      const again = await get(rendered);
      assert.equal(again.status, 200);
      assert.ok(Buffer.from(await again.arrayBuffer()).equals(bytes), 'from the cache, the same pixels');
      const unrendered = await get(await sign({ title: { text: 'Never drawn' } }, { rev: 2 }));
      assert.equal(unrendered.status, 404);
      assert.equal(((await unrendered.json()) as { code: string }).code, 'template_not_found');
      assert.equal(await credits(), before, 'neither was charged');
    });
  });
}

describe('signed-URL render limits', () => {
  test('per URL key and per client address, on renders only: a rendered image is still served past the limit', async () => {
    const t = await createTestApp({ credits: 20, limits: { readPerMinute: 1000, generatePerMinute: 1000, signedUrlKeyPerMinute: 3, signedUrlIpPerMinute: 2 } });
    try {
      const keyOf = async () => (await t.app.inject({ method: 'POST', url: '/account/url-keys', headers: t.a.auth, payload: {} })).json() as { id: string; secret: string };
      const [k1, k2] = [await keyOf(), await keyOf()];
      const url = (key: { id: string; secret: string }, text: string) =>
        buildSignedUrl({ templateId: t.a.templateId, extension: 'png', keyId: key.id, secret: key.secret, changes: { title: { text } } });
      const from = (ip: string, path: string) => t.app.inject({ url: path, remoteAddress: ip });
      const first = await url(k1, 'one');
      assert.equal((await from('10.0.0.1', first)).statusCode, 200);
      assert.equal((await from('10.0.0.1', await url(k1, 'two'))).statusCode, 200);
      const limited = await from('10.0.0.1', await url(k1, 'three'));
      assert.equal(limited.statusCode, 429, 'the address used its 2 renders');
      assert.equal(limited.json().code, 'rate_limited');
      assert.match(String(limited.headers['ratelimit-policy']), /"signed-url-ip";q=2;w=60/);
      assert.ok(limited.headers['retry-after']);
      assert.equal((await from('10.0.0.1', first)).statusCode, 200, 'already rendered: served, not limited');
      assert.equal((await from('10.0.0.2', await url(k1, 'three'))).statusCode, 200, 'another address, the key has room for a third');
      const keyLimited = await from('10.0.0.3', await url(k1, 'four'));
      assert.equal(keyLimited.statusCode, 429, 'the key used its 3 renders');
      assert.match(String(keyLimited.headers['ratelimit-policy']), /"signed-url-key";q=3;w=60/);
      assert.equal((await from('10.0.0.3', await url(k2, 'four'))).statusCode, 200, 'another key of the account');
      assert.equal((await t.store.getAccount(t.a.account.id))!.credits, 20 - 4, 'refused renders cost nothing');
    } finally {
      await t.close();
    }
  });
});
