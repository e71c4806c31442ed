import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { DEFAULT_AUTH_SETTINGS } from '../services/auth-context.js';
import { createImageFetcher } from '../fetch/image-fetcher.js';
import { bothDatabases, createTestApp, sampleTemplate, type TestApp } from './test-app.js';

const ORIGIN = 'http://imprint.test';

/** A solid-colour image of the given format, made with the same library the server inspects with. */
function solid(format: 'png' | 'jpeg' | 'webp' | 'gif', rgb: [number, number, number], size = 16): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } } })
    [format]()
    .toBuffer();
}

async function pixelAt(png: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * 4;
  return [...data.subarray(i, i + 4)];
}

type Auth = Record<string, string>;

for (const [label, options] of bothDatabases('assets_http')) {
  describe(`assets (${label})`, () => {
    let t: TestApp;
    const fetched: string[] = [];
    before(async () => {
      // The real fetcher, recording what it is asked for: an asset must never reach it.
      const real = createImageFetcher({ allowPrivate: true, connectTimeoutMs: 1000, totalTimeoutMs: 3000 });
      t = await createTestApp({
        ...options,
        fetcher: {
          fetchImage: (url) => {
            fetched.push(url);
            return real.fetchImage(url);
          },
          keep: (s) => real.keep(s),
        },
        assets: { maxBytes: 64 * 1024, quotaBytes: 200 * 1024, maxPixels: 1_000_000 },
      });
    });
    after(() => t.close());

    const upload = (auth: Auth, body: Buffer | string, type = 'image/png') =>
      t.app.inject({ method: 'POST', url: '/assets', headers: { ...auth, 'content-type': type }, payload: body });

    test('upload answers 201 with the sniffed type and size; the same file again is the same asset', async () => {
      const png = await solid('png', [0, 200, 50], 20);
      const res = await upload(t.a.auth, png);
      assert.equal(res.statusCode, 201, res.body);
      const asset = res.json();
      assert.match(asset.id, /^ast_[0-9a-f]{32}$/);
      assert.equal(asset.url, `${ORIGIN}/assets/${asset.id}`);
      assert.deepEqual([asset.contentType, asset.width, asset.height, asset.bytes], ['image/png', 20, 20, png.length]);
      assert.ok(!Number.isNaN(Date.parse(asset.createdAt)));
      const again = await upload(t.a.auth, png);
      assert.equal(again.statusCode, 200);
      assert.deepEqual(again.json(), asset);
      const other = await upload(t.b.auth, png);
      assert.notEqual(other.json().id, asset.id, 'ids are per account: the same file in another account is another asset');

      for (const format of ['jpeg', 'webp', 'gif'] as const) {
        const res2 = await upload(t.a.auth, await solid(format, [10, 20, 30]), `image/${format}`);
        assert.equal(res2.statusCode, 201, res2.body);
        assert.equal(res2.json().contentType, `image/${format}`);
      }
    });

    test('served with its type, nosniff, a sandboxing CSP, a safe inline filename and an immutable ETag; only to its account', async () => {
      const png = await solid('png', [1, 2, 3]);
      const asset = (await upload(t.a.auth, png)).json();
      const res = await t.app.inject({ url: `/assets/${asset.id}`, headers: t.a.auth });
      assert.equal(res.statusCode, 200);
      assert.ok(res.rawPayload.equals(png));
      assert.equal(res.headers['content-type'], 'image/png');
      assert.equal(res.headers['x-content-type-options'], 'nosniff');
      assert.equal(res.headers['content-security-policy'], "default-src 'none'; sandbox");
      assert.equal(res.headers['content-disposition'], `inline; filename="${asset.id}.png"`);
      assert.equal(res.headers['cache-control'], 'private, max-age=31536000, immutable');
      const cached = await t.app.inject({ url: `/assets/${asset.id}`, headers: { ...t.a.auth, 'if-none-match': String(res.headers.etag) } });
      assert.equal(cached.statusCode, 304);
      assert.equal(cached.rawPayload.length, 0);
      assert.ok([undefined, '0'].includes(cached.headers['content-length'] as string | undefined), 'a 304 announces no body');

      const foreign = await t.app.inject({ url: `/assets/${asset.id}`, headers: t.b.auth });
      assert.equal(foreign.statusCode, 404);
      assert.equal(foreign.json().code, 'asset_not_found');
      assert.equal((await t.app.inject({ url: `/assets/${asset.id}` })).statusCode, 401, 'assets are private: no credential, no bytes');
      const foreignDelete = await t.app.inject({ method: 'DELETE', url: `/assets/${asset.id}`, headers: t.b.auth });
      assert.equal(foreignDelete.statusCode, 404);
      assert.equal((await t.app.inject({ url: `/assets/${asset.id}`, headers: t.a.auth })).statusCode, 200, 'still there after the foreign delete');
    });

    test('refused: too big (413), zero bytes, wrong or missing type, a mismatch, SVG under any type, HTML, a truncated file', async () => {
      const expect = async (res: Awaited<ReturnType<typeof upload>>, status: number, code: string, message?: RegExp) => {
        assert.equal(res.statusCode, status, res.body);
        assert.equal(res.json().code, code);
        if (message) assert.match(res.json().message, message);
      };
      const big = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#888' } })
        .png({ compressionLevel: 0 })
        .toBuffer();
      assert.ok(big.length > 64 * 1024);
      await expect(await upload(t.a.auth, big), 413, 'payload_too_large', /ASSET_MAX_BYTES/);
      await expect(await upload(t.a.auth, Buffer.alloc(0)), 400, 'invalid_asset', /empty/);
      const png = await solid('png', [9, 9, 9]);
      await expect(await upload(t.a.auth, png, 'application/octet-stream'), 415, 'unsupported_media_type', /image\/png/);
      await expect(await upload(t.a.auth, png, 'image/jpeg'), 415, 'unsupported_media_type', /PNG file, but Content-Type says image\/jpeg/);
      await expect(await upload(t.a.auth, await solid('jpeg', [9, 9, 9]), 'image/png'), 415, 'unsupported_media_type', /JPEG/);
      const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
      await expect(await upload(t.a.auth, svg, 'image/svg+xml'), 415, 'unsupported_media_type', /editor.*SVG|SVG.*editor/);
      await expect(await upload(t.a.auth, svg, 'image/png'), 415, 'unsupported_media_type', /SVG/);
      await expect(await upload(t.a.auth, `\uFEFF  <?xml version="1.0"?>\n${svg}`, 'image/png'), 415, 'unsupported_media_type', /SVG/);
      await expect(await upload(t.a.auth, '<!doctype html><html><body><script>alert(1)</script></body></html>', 'image/png'), 415, 'unsupported_media_type', /markup/);
      await expect(await upload(t.a.auth, png.subarray(0, png.length - 20)), 400, 'invalid_asset', /corrupt or truncated/);
      const huge = await sharp({ create: { width: 1100, height: 1000, channels: 3, background: '#fff' } })
        .png()
        .toBuffer();
      await expect(await upload(t.a.auth, huge), 413, 'payload_too_large', /megapixels/);
      assert.deepEqual(
        (await t.app.inject({ url: '/assets', headers: t.b.auth })).json().assets.filter((a: { contentType: string }) => a.contentType !== 'image/png'),
        [],
        'nothing refused was stored',
      );
    });

    test("the quota counts the account's bytes; a file that does not fit is refused (409) and deleting makes room", async () => {
      const fresh = await createTestApp({ ...options, assets: { maxBytes: 64 * 1024, quotaBytes: 40 * 1024 } });
      try {
        const noisy = (seed: number) =>
          sharp(Buffer.from(Array.from({ length: 96 * 96 * 3 }, (_, i) => (i * 7919 + seed * 104729) % 251)), { raw: { width: 96, height: 96, channels: 3 } })
            .png({ compressionLevel: 0 })
            .toBuffer();
        const first = (await fresh.app.inject({ method: 'POST', url: '/assets', headers: { ...fresh.a.auth, 'content-type': 'image/png' }, payload: await noisy(1) })).json();
        assert.ok(first.bytes > 20 * 1024 && first.bytes < 40 * 1024, String(first.bytes));
        const refused = await fresh.app.inject({ method: 'POST', url: '/assets', headers: { ...fresh.a.auth, 'content-type': 'image/png' }, payload: await noisy(2) });
        assert.equal(refused.statusCode, 409, refused.body);
        assert.equal(refused.json().code, 'asset_quota_exceeded');
        assert.equal(
          (await fresh.app.inject({ method: 'POST', url: '/assets', headers: { ...fresh.b.auth, 'content-type': 'image/png' }, payload: await noisy(2) })).statusCode,
          201,
          'the quota is per account',
        );
        assert.equal((await fresh.app.inject({ method: 'DELETE', url: `/assets/${first.id}`, headers: fresh.a.auth })).statusCode, 204);
        assert.equal(
          (await fresh.app.inject({ method: 'POST', url: '/assets', headers: { ...fresh.a.auth, 'content-type': 'image/png' }, payload: await noisy(2) })).statusCode,
          201,
        );
      } finally {
        await fresh.close();
      }
    });

    test('list pages newest first; a foreign cursor is a 400', async () => {
      const auth = t.b.auth;
      const ids: string[] = [];
      for (const shade of [40, 41, 42]) ids.push((await upload(auth, await solid('png', [shade, 0, 0]))).json().id);
      const all = (await t.app.inject({ url: '/assets?limit=200', headers: auth })).json();
      assert.deepEqual(
        all.assets.slice(0, 3).map((a: { id: string }) => a.id),
        ids.reverse(),
      );
      const first = (await t.app.inject({ url: '/assets?limit=1', headers: auth })).json();
      assert.equal(first.assets.length, 1);
      const second = (await t.app.inject({ url: `/assets?limit=1&cursor=${encodeURIComponent(first.nextCursor)}`, headers: auth })).json();
      assert.notEqual(second.assets[0].id, first.assets[0].id);
      const bad = await t.app.inject({ url: '/assets?cursor=bm90LWEtY3Vyc29y', headers: auth });
      assert.equal(bad.statusCode, 400);
    });

    test('generate with an asset src draws the uploaded pixels, read from storage with no fetch', async () => {
      const asset = (await upload(t.a.auth, await solid('png', [0, 200, 50], 4))).json();
      fetched.length = 0;
      const res = await t.app.inject({
        method: 'POST',
        url: '/image/generate',
        headers: t.a.auth,
        payload: { templateId: t.a.templateId, elements: { logo: { src: asset.url }, background: { fill: '#0000ff' } } },
      });
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual(fetched, [], 'no image was fetched over HTTP');
      const png = (await t.app.inject({ url: new URL(res.json().imageURL).pathname })).rawPayload;
      // The logo box is 4×4 scaled 12×, at (250, 110).
      assert.deepEqual(await pixelAt(png, 274, 134), [0, 200, 50, 255]);
      assert.deepEqual(await pixelAt(png, 100, 150), [0, 0, 255, 255]);

      // A GIF draws its first frame in Skia as in the browser's canvas.
      const gif = (await upload(t.a.auth, await solid('gif', [255, 0, 0], 4), 'image/gif')).json();
      const fromGif = await t.app.inject({
        method: 'POST',
        url: '/image/generate',
        headers: t.a.auth,
        payload: { templateId: t.a.templateId, elements: { logo: { src: gif.url } } },
      });
      assert.equal(fromGif.statusCode, 200, fromGif.body);
      assert.deepEqual(await pixelAt((await t.app.inject({ url: new URL(fromGif.json().imageURL).pathname })).rawPayload, 274, 134), [255, 0, 0, 255]);
      assert.deepEqual(fetched, []);
    });

    test('a deleted asset fails generate even right after a generate read its bytes', async () => {
      fetched.length = 0;
      const asset = (await upload(t.a.auth, await solid('png', [9, 90, 200], 4))).json();
      const generate = () =>
        t.app.inject({ method: 'POST', url: '/image/generate', headers: t.a.auth, payload: { templateId: t.a.templateId, elements: { logo: { src: asset.url } } } });
      const first = await generate();
      assert.equal(first.statusCode, 200, first.body);
      assert.deepEqual(await pixelAt((await t.app.inject({ url: new URL(first.json().imageURL).pathname })).rawPayload, 274, 134), [9, 90, 200, 255]);
      assert.equal((await t.app.inject({ method: 'DELETE', url: `/assets/${asset.id}`, headers: t.a.auth })).statusCode, 204);
      const after = await generate();
      assert.equal(after.statusCode, 422, after.body);
      assert.equal(after.json().code, 'image_fetch_failed');
      assert.deepEqual(fetched, []);
    });

    test("another account's asset fails generate like a missing image, before any charge", async () => {
      const asset = (await upload(t.a.auth, await solid('png', [5, 5, 5]))).json();
      const before = (await t.app.inject({ url: '/account/usage', headers: t.b.auth })).json().entries.length;
      fetched.length = 0;
      const res = await t.app.inject({
        method: 'POST',
        url: '/image/generate',
        headers: t.b.auth,
        payload: { templateId: t.b.templateId, elements: { logo: { src: asset.url } } },
      });
      assert.equal(res.statusCode, 422, res.body);
      assert.equal(res.json().code, 'image_fetch_failed');
      assert.deepEqual(
        res.json().errors.map((e: { path: string }) => e.path),
        ['elements.logo.src'],
      );
      assert.deepEqual(fetched, []);
      assert.equal((await t.app.inject({ url: '/account/usage', headers: t.b.auth })).json().entries.length, before, 'no ledger row: nothing was reserved');
      const garbage = await t.app.inject({
        method: 'POST',
        url: '/image/generate',
        headers: t.b.auth,
        payload: { templateId: t.b.templateId, elements: { logo: { src: `${ORIGIN}/assets/../images/x.png` } } },
      });
      assert.equal(garbage.json().code, 'image_fetch_failed', 'anything under /assets/ is an asset, never a fetch from ourselves');
      assert.deepEqual(fetched, []);
    });

    test('template save refuses an asset the account does not have, at its object; a used asset cannot be deleted', async () => {
      const asset = (await upload(t.a.auth, await solid('png', [7, 7, 7]))).json();
      const withAsset = () => {
        const doc = sampleTemplate();
        (doc.objects as Array<Record<string, unknown>>)[3].src = asset.url;
        return doc;
      };
      const foreign = await t.app.inject({ method: 'POST', url: '/templates', headers: t.b.auth, payload: { name: 'Stolen', template: withAsset() } });
      assert.equal(foreign.statusCode, 400, foreign.body);
      assert.equal(foreign.json().code, 'invalid_template');
      assert.deepEqual(
        foreign.json().errors.map((e: { path: string }) => e.path),
        ['template.objects[3].src'],
      );
      assert.match(foreign.json().message, /logo/);

      const created = await t.app.inject({ method: 'POST', url: '/templates', headers: t.a.auth, payload: { name: 'With asset', template: withAsset() } });
      assert.equal(created.statusCode, 201, created.body);
      const put = await t.app.inject({ method: 'PUT', url: `/templates/${t.b.templateId}`, headers: t.b.auth, payload: { template: withAsset() } });
      assert.equal(put.json().code, 'invalid_template');

      fetched.length = 0;
      const generated = await t.app.inject({ method: 'POST', url: '/image/generate', headers: t.a.auth, payload: { templateId: created.json().id } });
      assert.equal(generated.statusCode, 200, generated.body);
      assert.deepEqual(fetched, []);

      const refused = await t.app.inject({ method: 'DELETE', url: `/assets/${asset.id}`, headers: t.a.auth });
      assert.equal(refused.statusCode, 409);
      assert.equal(refused.json().code, 'asset_in_use');
      assert.match(refused.json().message, /With asset/);
      await t.app.inject({ method: 'DELETE', url: `/templates/${created.json().id}`, headers: t.a.auth });
      assert.equal((await t.app.inject({ method: 'DELETE', url: `/assets/${asset.id}`, headers: t.a.auth })).statusCode, 204);
      assert.equal((await t.app.inject({ url: `/assets/${asset.id}`, headers: t.a.auth })).statusCode, 404);
    });

    test('the paths appear in the OpenAPI document', async () => {
      const spec = (await t.app.inject({ url: '/openapi.json' })).json();
      assert.ok(spec.paths['/assets'].post && spec.paths['/assets'].get);
      assert.ok(spec.paths['/assets/{assetId}'].get && spec.paths['/assets/{assetId}'].delete);
    });
  });
}

describe('assets through a signed-in browser', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ auth: { ...DEFAULT_AUTH_SETTINGS, scrypt: { logN: 10, r: 8, p: 1 } } });
  });
  after(() => t.close());

  test('upload needs the CSRF token; the image is then served to the cookie', async () => {
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/auth/signup',
      headers: { origin: ORIGIN },
      payload: { email: 'up@example.com', password: 'correct horse battery' },
    });
    const cookie = String(signUp.headers['set-cookie']).split(';')[0];
    const csrf = signUp.json().csrfToken as string;
    const png = await solid('png', [3, 4, 5]);
    const forged = await t.app.inject({ method: 'POST', url: '/assets', headers: { cookie, origin: 'https://evil.example', 'content-type': 'image/png' }, payload: png });
    assert.equal(forged.statusCode, 403);
    const res = await t.app.inject({ method: 'POST', url: '/assets', headers: { cookie, origin: ORIGIN, 'x-csrf-token': csrf, 'content-type': 'image/png' }, payload: png });
    assert.equal(res.statusCode, 201, res.body);
    const served = await t.app.inject({ url: `/assets/${res.json().id}`, headers: { cookie } });
    assert.equal(served.statusCode, 200);
    assert.ok(served.rawPayload.equals(png));
  });
});
