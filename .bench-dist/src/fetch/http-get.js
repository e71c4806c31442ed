import http from 'node:http';
import https from 'node:https';
import zlib from 'node:zlib';
import { ImageFetchError } from './image-fetch-error.js';
import { tooLarge } from './data-url.js';
class ConnectFailure extends Error {
}
function timeoutError() {
    return new ImageFetchError('timeout', 'The image server took too long to respond.');
}
function decoderFor(encoding) {
    const e = (encoding ?? '').trim().toLowerCase();
    if (e === '' || e === 'identity')
        return null;
    // Decoders are streamed and their output counted, so a small gzip body expanding
    // to gigabytes is cut off at maxBytes, not buffered.
    if (e === 'gzip' || e === 'x-gzip')
        return zlib.createGunzip();
    if (e === 'deflate')
        return zlib.createInflate();
    if (e === 'br')
        return zlib.createBrotliDecompress();
    return 'unsupported';
}
function once(req, target) {
    const { url } = req;
    const isHttps = url.protocol === 'https:';
    const literal = url.hostname.startsWith('[') || /^[\d.]+$/.test(url.hostname);
    return new Promise((resolve, reject) => {
        let settled = false;
        let connected = false;
        let response;
        let decoder;
        const timers = [];
        const finish = (err, value) => {
            if (settled)
                return;
            settled = true;
            for (const t of timers)
                clearTimeout(t);
            if (err) {
                decoder?.destroy();
                response?.destroy();
                request.destroy();
                reject(err);
            }
            else {
                resolve(value);
            }
        };
        // Connect by IP: the name was resolved and checked once by the caller, so no second
        // DNS answer (rebinding) can redirect the socket. Host and SNI carry the name.
        const options = {
            host: target.address,
            family: target.family,
            port: target.port,
            method: 'GET',
            path: `${url.pathname}${url.search}`,
            headers: { host: url.host, ...req.headers },
            agent: false,
        };
        if (isHttps && !literal)
            options.servername = url.hostname.replace(/\.$/, '');
        const request = (isHttps ? https : http).request(options);
        timers.push(setTimeout(() => finish(timeoutError()), Math.max(0, req.deadline - Date.now())));
        timers.push(setTimeout(() => {
            if (!connected)
                finish(new ConnectFailure('connect timeout'));
        }, req.connectTimeoutMs));
        request.on('socket', (socket) => {
            socket.once('connect', () => {
                connected = true;
            });
        });
        request.on('error', (err) => {
            if (!connected)
                finish(Object.assign(new ConnectFailure(err.message), { cause: err }));
            else
                finish(new ImageFetchError('network', 'The connection to the image server failed.', { cause: err }));
        });
        request.on('response', (res) => {
            response = res;
            const status = res.statusCode ?? 0;
            if (status !== 200 && status !== 203) {
                // Redirects, 304s and errors: only the headers matter, never their bodies.
                res.destroy();
                request.destroy();
                finish(null, { status, headers: res.headers, body: null });
                return;
            }
            const declared = Number(res.headers['content-length']);
            if (Number.isFinite(declared) && declared > req.maxBytes) {
                finish(tooLarge(req.maxBytes));
                return;
            }
            const dec = decoderFor(res.headers['content-encoding']);
            if (dec === 'unsupported') {
                finish(new ImageFetchError('network', 'The image server used an unsupported content encoding.'));
                return;
            }
            let wireBytes = 0;
            res.on('data', (chunk) => {
                wireBytes += chunk.length;
                if (wireBytes > req.maxBytes)
                    finish(tooLarge(req.maxBytes));
            });
            res.on('error', (err) => finish(new ImageFetchError('network', 'The image download was interrupted.', { cause: err })));
            res.on('close', () => {
                if (!res.complete)
                    finish(new ImageFetchError('network', 'The image download was interrupted.'));
            });
            const body = dec ?? res;
            if (dec) {
                decoder = dec;
                res.pipe(dec);
                dec.on('error', (err) => finish(new ImageFetchError('not_an_image', 'The compressed response is corrupt.', { cause: err })));
            }
            const chunks = [];
            let size = 0;
            body.on('data', (chunk) => {
                size += chunk.length;
                if (size > req.maxBytes) {
                    finish(tooLarge(req.maxBytes));
                    return;
                }
                chunks.push(chunk);
            });
            body.on('end', () => finish(null, { status, headers: res.headers, body: Buffer.concat(chunks, size) }));
        });
        request.end();
    });
}
/**
 * One HTTP GET with no redirect following, against pre-validated addresses only.
 * Connect timeout applies per address; the deadline bounds everything, including a
 * server that trickles its body one byte at a time.
 */
export async function httpGetOnce(req) {
    let last;
    for (const target of req.targets) {
        if (Date.now() >= req.deadline)
            throw timeoutError();
        try {
            return await once(req, target);
        }
        catch (err) {
            if (!(err instanceof ConnectFailure))
                throw err;
            last = err;
        }
    }
    const timedOut = last instanceof ConnectFailure && last.message === 'connect timeout';
    if (timedOut)
        throw new ImageFetchError('timeout', 'The image server did not accept a connection in time.', { cause: last });
    throw new ImageFetchError('network', 'Could not connect to the image server.', { cause: last });
}
//# sourceMappingURL=http-get.js.map