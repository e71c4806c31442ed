import { ImageFetchError } from './image-fetch-error.js';

const DATA_PREFIX = /^data:/i;

export function isDataUrl(input: string): boolean {
  return DATA_PREFIX.test(input.trimStart());
}

function percentDecode(text: string): Buffer {
  const raw = Buffer.from(text, 'utf8');
  const out = Buffer.allocUnsafe(raw.length);
  let n = 0;
  for (let i = 0; i < raw.length; i++) {
    const byte = raw[i];
    if (byte === 0x25 && i + 2 < raw.length) {
      const hex = raw.toString('latin1', i + 1, i + 3);
      if (/^[0-9a-fA-F]{2}$/.test(hex)) {
        out[n++] = parseInt(hex, 16);
        i += 2;
        continue;
      }
    }
    out[n++] = byte;
  }
  return out.subarray(0, n);
}

/**
 * Decodes a `data:` URL (RFC 2397 / WHATWG fetch "data: URL processor") to bytes.
 * The declared media type is ignored, like Content-Type for http: the caller sniffs
 * the bytes. Size is checked on the encoded length first so a huge payload is refused
 * before any allocation proportional to it.
 */
export function decodeDataUrl(input: string, maxBytes: number): Buffer {
  const text = input.trim();
  const comma = text.indexOf(',');
  if (!DATA_PREFIX.test(text) || comma < 0) {
    throw new ImageFetchError('bad_url', 'The data: URL is malformed (expected data:[type][;base64],<data>).');
  }
  const meta = text.slice(5, comma);
  const payload = text.slice(comma + 1);
  const isBase64 = /;\s*base64\s*$/i.test(meta);
  const estimated = isBase64 ? Math.floor((payload.length * 3) / 4) : payload.length;
  // Percent-encoding can shrink the payload by 3x, so only refuse on the estimate when
  // even the smallest possible decoding would be too big.
  const floor = isBase64 ? estimated - 3 : Math.floor(estimated / 3);
  if (floor > maxBytes) throw tooLarge(maxBytes);
  let bytes: Buffer;
  if (isBase64) {
    const cleaned = percentDecode(payload)
      .toString('latin1')
      .replace(/[\t\n\f\r ]/g, '');
    if (!/^[A-Za-z0-9+/\-_]*={0,2}$/.test(cleaned)) {
      throw new ImageFetchError('bad_url', 'The data: URL contains invalid base64.');
    }
    bytes = Buffer.from(cleaned, 'base64');
  } else {
    bytes = percentDecode(payload);
  }
  if (bytes.length > maxBytes) throw tooLarge(maxBytes);
  return bytes;
}

export function tooLarge(maxBytes: number): ImageFetchError {
  const mb = Math.round((maxBytes / (1024 * 1024)) * 10) / 10;
  return new ImageFetchError('too_large', `The image is larger than the ${mb} MB limit.`);
}
