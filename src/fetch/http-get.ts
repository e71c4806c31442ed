import http from 'node:http';
import https from 'node:https';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import zlib from 'node:zlib';
import type { Readable } from 'node:stream';
import { ImageFetchError } from './image-fetch-error.js';
import { tooLarge } from './data-url.js';

/** An address that has already passed the SSRF policy; we connect to it and nothing else. */
export interface ConnectTarget {
  address: string;
  family: 4 | 6;
  port: number;
}

export interface HopRequest {
  url: URL;
  /** Tried in order; the next one is used only if the previous never connected. */
  targets: ConnectTarget[];
  headers: Record<string, string>;
  /** Epoch ms at which the whole fetch (all hops, all body bytes) is abandoned. */
  deadline: number;
  connectTimeoutMs: number;
  maxBytes: number;
  /** GET (the default) or a POST of `body`; a webhook delivery is the only POST. */
  method?: 'GET' | 'POST';
  body?: Buffer;
  /** Only the status matters (a webhook receiver's answer): resolve at the response head and read nothing. */
  statusOnly?: boolean;
}

export interface HopResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** Present only for 200/203; other statuses are not read, their socket is destroyed. */
  body: Buffer | null;
}

class ConnectFailure extends Error {}

function timeoutError(): ImageFetchError {
  return new ImageFetchError('timeout', 'The image server took too long to respond.');
}

function decoderFor(encoding: string | undefined): zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress | null | 'unsupported' {
  const e = (encoding ?? '').trim().toLowerCase();
  if (e === '' || e === 'identity') return null;
  // Decoders are streamed and their output counted, so a small gzip body expanding
  // to gigabytes is cut off at maxBytes, not buffered.
  if (e === 'gzip' || e === 'x-gzip') return zlib.createGunzip();
  if (e === 'deflate') return zlib.createInflate();
  if (e === 'br') return zlib.createBrotliDecompress();
  return 'unsupported';
}

function once(req: HopRequest, target: ConnectTarget): Promise<HopResponse> {
  const { url } = req;
  const isHttps = url.protocol === 'https:';
  const literal = url.hostname.startsWith('[') || /^[\d.]+$/.test(url.hostname);
  return new Promise<HopResponse>((resolve, reject) => {
    let settled = false;
    let connected = false;
    let response: IncomingMessage | undefined;
    let decoder: Readable | undefined;
    const timers: NodeJS.Timeout[] = [];

    const finish = (err: Error | null, value?: HopResponse) => {
      if (settled) return;
      settled = true;
      for (const t of timers) clearTimeout(t);
      if (err) {
        decoder?.destroy();
        response?.destroy();
        request.destroy();
        reject(err);
      } else {
        resolve(value!);
      }
    };

    // Connect by IP: the name was resolved and checked once by the caller, so no second
    // DNS answer (rebinding) can redirect the socket. Host and SNI carry the name.
    const options: https.RequestOptions = {
      host: target.address,
      family: target.family,
      port: target.port,
      method: req.method ?? 'GET',
      path: `${url.pathname}${url.search}`,
      headers: { host: url.host, ...req.headers, ...(req.body ? { 'content-length': String(req.body.length) } : {}) },
      agent: false,
    };
    if (isHttps && !literal) options.servername = url.hostname.replace(/\.$/, '');
    const request = (isHttps ? https : http).request(options);

    timers.push(setTimeout(() => finish(timeoutError()), Math.max(0, req.deadline - Date.now())));
    timers.push(
      setTimeout(() => {
        if (!connected) finish(new ConnectFailure('connect timeout'));
      }, req.connectTimeoutMs),
    );

    request.on('socket', (socket) => {
      socket.once('connect', () => {
        connected = true;
      });
    });
    request.on('error', (err) => {
      if (!connected) finish(Object.assign(new ConnectFailure(err.message), { cause: err }));
      else finish(new ImageFetchError('network', 'The connection to the image server failed.', { cause: err }));
    });

    request.on('response', (res) => {
      response = res;
      const status = res.statusCode ?? 0;
      if (req.statusOnly || (status !== 200 && status !== 203)) {
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
      res.on('data', (chunk: Buffer) => {
        wireBytes += chunk.length;
        if (wireBytes > req.maxBytes) finish(tooLarge(req.maxBytes));
      });
      res.on('error', (err) => finish(new ImageFetchError('network', 'The image download was interrupted.', { cause: err })));
      res.on('close', () => {
        if (!res.complete) finish(new ImageFetchError('network', 'The image download was interrupted.'));
      });

      const body: Readable = dec ?? res;
      if (dec) {
        decoder = dec;
        res.pipe(dec);
        dec.on('error', (err) => finish(new ImageFetchError('not_an_image', 'The compressed response is corrupt.', { cause: err })));
      }
      const chunks: Buffer[] = [];
      let size = 0;
      body.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > req.maxBytes) {
          finish(tooLarge(req.maxBytes));
          return;
        }
        chunks.push(chunk);
      });
      body.on('end', () => finish(null, { status, headers: res.headers, body: Buffer.concat(chunks, size) }));
    });

    request.end(req.body);
  });
}

/**
 * One HTTP GET with no redirect following, against pre-validated addresses only.
 * Connect timeout applies per address; the deadline bounds everything, including a
 * server that trickles its body one byte at a time.
 */
export async function httpGetOnce(req: HopRequest): Promise<HopResponse> {
  let last: unknown;
  for (const target of req.targets) {
    if (Date.now() >= req.deadline) throw timeoutError();
    try {
      return await once(req, target);
    } catch (err) {
      if (!(err instanceof ConnectFailure)) throw err;
      last = err;
    }
  }
  const timedOut = last instanceof ConnectFailure && last.message === 'connect timeout';
  if (timedOut) throw new ImageFetchError('timeout', 'The image server did not accept a connection in time.', { cause: last });
  throw new ImageFetchError('network', 'Could not connect to the image server.', { cause: last });
}
