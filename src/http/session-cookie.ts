import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_HEADER, SECURE_SESSION_COOKIE, SESSION_COOKIE } from '../domain/auth-policy.js';
import { ApiError } from '../domain/errors.js';

/**
 * The session cookie and the CSRF checks, for one PUBLIC_URL. The cookie is
 * HttpOnly (script cannot read it, so an XSS cannot carry it away),
 * SameSite=Lax (not sent on cross-site POSTs), Path=/, and Secure with the
 * __Host- prefix when the public URL is https.
 */
export class SessionCookies {
  readonly name: string;
  readonly secure: boolean;
  readonly origin: string;

  constructor(publicUrl: string) {
    const url = new URL(publicUrl);
    this.secure = url.protocol === 'https:';
    this.name = this.secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
    this.origin = url.origin;
  }

  /** The token from the Cookie header, or null. Only our own cookie's name is looked at. */
  read(request: FastifyRequest): string | null {
    const header = request.headers.cookie;
    if (!header) return null;
    for (const part of header.split(';')) {
      const eq = part.indexOf('=');
      if (eq !== -1 && part.slice(0, eq).trim() === this.name) return part.slice(eq + 1).trim();
    }
    return null;
  }

  set(reply: FastifyReply, token: string, expiresAt: string, nowIso: string): void {
    const maxAge = Math.max(0, Math.floor((Date.parse(expiresAt) - Date.parse(nowIso)) / 1000));
    reply.header('Set-Cookie', this.serialize(token, maxAge));
  }

  clear(reply: FastifyReply): void {
    reply.header('Set-Cookie', this.serialize('', 0));
  }

  private serialize(value: string, maxAge: number): string {
    return `${this.name}=${value}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${this.secure ? '; Secure' : ''}`;
  }

  /**
   * Login CSRF and cookie-riding writes both come from another site's page;
   * the browser names that page's origin in Origin (or, failing that, in
   * Referer), which script cannot forge. Anything but PUBLIC_URL's origin is
   * refused, a missing or "null" one too: non-browser clients use API keys.
   */
  checkOrigin(request: FastifyRequest): void {
    const origin = request.headers.origin;
    let source: string | null = origin && origin !== 'null' ? origin : null;
    if (!origin && typeof request.headers.referer === 'string') {
      try {
        source = new URL(request.headers.referer).origin;
      } catch {
        source = null;
      }
    }
    if (source !== this.origin) {
      throw new ApiError(
        'csrf_rejected',
        `This request must come from a page of ${this.origin} (its Origin was ${source ?? 'missing'}). Open the app at that address; scripts and tools use an API key instead.`,
      );
    }
  }

  /** Origin plus the session's token in X-CSRF-Token: a cookie-authenticated write needs both. */
  checkWrite(request: FastifyRequest, csrfToken: string): void {
    this.checkOrigin(request);
    const sent = request.headers[CSRF_HEADER];
    const expected = Buffer.from(csrfToken);
    const given = Buffer.from(typeof sent === 'string' ? sent : '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new ApiError('csrf_rejected', 'A signed-in write needs the X-CSRF-Token header from GET /auth/session.');
    }
  }
}

export const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
