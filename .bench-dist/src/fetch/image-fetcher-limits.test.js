import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import { createImageFetcher, ImageFetchError } from './image-fetcher.js';
import { makePng, startTestServer } from './fetch-test-server.js';
const MB = 1024 * 1024;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
function crc32(buf) {
    let c = ~0;
    for (const b of buf) {
        c ^= b;
        for (let k = 0; k < 8; k++)
            c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
    }
    return ~c >>> 0;
}
function chunk(type, data) {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
}
/** A PNG whose header claims a huge size: only the header is ever read, so no pixels are needed. */
function pngHeaderClaiming(width, height) {
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(width, 0);
    ihdr.writeUInt32BE(height, 4);
    ihdr.set([8, 2, 0, 0, 0], 8);
    const idat = chunk('IDAT', zlib.deflateSync(Buffer.alloc(width * 3 + 1)));
    return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', ihdr), idat, chunk('IEND', Buffer.alloc(0))]);
}
let server;
let png;
let bomb;
const pending = new Set();
before(async () => {
    png = await makePng(8, 8);
    // 20 MiB of zeros behind a PNG signature gzips to ~20 KiB.
    bomb = zlib.gzipSync(Buffer.concat([PNG_SIGNATURE, Buffer.alloc(20 * MB)]));
    server = await startTestServer((req, res) => {
        const path = req.url ?? '/';
        if (path === '/png') {
            res.writeHead(200, { 'content-type': 'image/png' }).end(png);
        }
        else if (path === '/html') {
            res.writeHead(200, { 'content-type': 'image/png' }).end('<!doctype html><html><body>Not found</body></html>');
        }
        else if (path === '/svg') {
            res.writeHead(200).end('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
        }
        else if (path === '/corrupt-png') {
            res.writeHead(200).end(Buffer.concat([PNG_SIGNATURE, Buffer.from('garbage garbage garbage')]));
        }
        else if (path === '/huge-pixels') {
            res.writeHead(200).end(pngHeaderClaiming(10_000, 5_000));
        }
        else if (path === '/declared-too-large') {
            // Claims 20 MiB and then stalls: the fetcher must refuse on the header alone.
            res.writeHead(200, { 'content-length': String(20 * MB) });
            res.write(PNG_SIGNATURE);
        }
        else if (path === '/chunked-too-large') {
            res.writeHead(200, { 'content-type': 'image/png' });
            res.write(PNG_SIGNATURE);
            const block = Buffer.alloc(MB);
            let sent = 0;
            const pump = () => {
                while (sent < 20 && !res.destroyed) {
                    sent++;
                    if (!res.write(block))
                        return void res.once('drain', pump);
                }
                res.end();
            };
            pump();
        }
        else if (path === '/bomb') {
            res.writeHead(200, { 'content-encoding': 'gzip', 'content-length': String(bomb.length) }).end(bomb);
        }
        else if (path === '/gzipped-png') {
            res.writeHead(200, { 'content-encoding': 'gzip' }).end(zlib.gzipSync(png));
        }
        else if (path === '/trickle') {
            res.writeHead(200, { 'content-type': 'image/png' });
            res.write(PNG_SIGNATURE);
            const timer = setInterval(() => {
                if (res.destroyed)
                    return void clearInterval(timer);
                res.write(Buffer.from([0]));
            }, 20);
            pending.add(timer);
            res.on('close', () => clearInterval(timer));
        }
        else if (path === '/no-response') {
            // Accepts the connection and never answers.
        }
        else if (path.startsWith('/loop/')) {
            const n = Number(path.slice('/loop/'.length));
            res.writeHead(302, { location: `/loop/${n + 1}` }).end();
        }
        else if (path.startsWith('/chain/')) {
            const n = Number(path.slice('/chain/'.length));
            if (n > 0)
                res.writeHead(301, { location: `/chain/${n - 1}` }).end();
            else
                res.writeHead(200).end(png);
        }
        else {
            res.writeHead(404).end('missing');
        }
    });
});
after(async () => {
    for (const t of pending)
        clearInterval(t);
    await server.close();
});
async function refusal(promise) {
    const err = await promise.then(() => assert.fail('expected the fetch to fail'), (e) => e);
    assert.ok(err instanceof ImageFetchError, `expected ImageFetchError, got ${String(err)}`);
    return err;
}
async function reasonFor(url, opts = {}) {
    return (await refusal(createImageFetcher({ allowPrivate: true, ...opts }).fetchImage(url))).reason;
}
test('refuses a body whose Content-Length exceeds the limit without reading it', async () => {
    const err = await refusal(createImageFetcher({ allowPrivate: true }).fetchImage(server.url('/declared-too-large')));
    assert.equal(err.reason, 'too_large');
    assert.match(err.message, /15 MB/);
});
test('refuses a chunked body without Content-Length once it passes the limit', async () => {
    assert.equal(await reasonFor(server.url('/chunked-too-large')), 'too_large');
});
test('a decompression bomb is cut off at the limit, not expanded', async () => {
    assert.equal(await reasonFor(server.url('/bomb')), 'too_large');
    // A small limit still sees the same refusal, not an out-of-memory or a corrupt-image error.
    assert.equal(await reasonFor(server.url('/bomb'), { maxBytes: 64 * 1024 }), 'too_large');
});
test('a gzip-encoded image is decoded', async () => {
    const image = await createImageFetcher({ allowPrivate: true }).fetchImage(server.url('/gzipped-png'));
    assert.deepEqual([image.format, image.width, image.height], ['png', 8, 8]);
    assert.ok(image.bytes.equals(png));
});
test('a server that trickles its body is cut off at the total timeout', async () => {
    assert.equal(await reasonFor(server.url('/trickle'), { totalTimeoutMs: 300 }), 'timeout');
});
test('a server that never answers is cut off at the total timeout', async () => {
    assert.equal(await reasonFor(server.url('/no-response'), { totalTimeoutMs: 200 }), 'timeout');
});
test('a non-image body is refused whatever its Content-Type says', async () => {
    assert.equal(await reasonFor(server.url('/html')), 'not_an_image');
    assert.equal(await reasonFor(server.url('/corrupt-png')), 'not_an_image');
});
test('SVG is refused', async () => {
    assert.equal(await reasonFor(server.url('/svg')), 'unsupported_format');
});
test('an image over the pixel limit is refused from its header', async () => {
    assert.equal(await reasonFor(server.url('/huge-pixels')), 'too_many_pixels');
    assert.equal(await reasonFor(server.url('/png'), { maxPixels: 63 }), 'too_many_pixels');
});
test('follows at most 5 redirects', async () => {
    const before = server.requests.length;
    assert.equal(await reasonFor(server.url('/loop/0')), 'too_many_redirects');
    assert.equal(server.requests.length - before, 6, 'the original request plus 5 redirects');
    const image = await createImageFetcher({ allowPrivate: true }).fetchImage(server.url('/chain/5'));
    assert.equal(image.width, 8);
    assert.equal(await reasonFor(server.url('/chain/3'), { maxRedirects: 2 }), 'too_many_redirects');
});
test('an error status is reported as such', async () => {
    const err = await refusal(createImageFetcher({ allowPrivate: true }).fetchImage(server.url('/missing')));
    assert.equal(err.reason, 'http_status');
    assert.match(err.message, /404/);
});
test('a refused connection is a network error', async () => {
    const closed = await startTestServer(() => { });
    const url = closed.url('/png');
    await closed.close();
    assert.equal(await reasonFor(url), 'network');
});
//# sourceMappingURL=image-fetcher-limits.test.js.map