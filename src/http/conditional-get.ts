import { Type } from '@sinclair/typebox';

/**
 * Whether a request's If-None-Match names this ETag: a list, a weak form of
 * it, or `*` (RFC 9110 §13.1.2 compares weakly for GET).
 */
export function ifNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

/**
 * The 304 response's schema: no body at all. A serialized `null` would
 * announce Content-Length: 4 on a bodiless 304, which strict keep-alive
 * clients (undici) reject; answer it with `reply.code(304).send()`.
 */
export const NOT_MODIFIED = Type.Unsafe<undefined>({ description: 'Not Modified: no body' });
