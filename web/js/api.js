// A thin client for the Imprint HTTP API. Every failure becomes an ApiFailure
// carrying the server's `code` and `message`, so views can show them as-is.

export class ApiFailure extends Error {
  /**
   * @param {{ statusCode: number, code: string, message: string, requestId?: string, errors?: {path: string, message: string}[] }} body
   */
  constructor(body) {
    super(body.message);
    this.name = 'ApiFailure';
    this.statusCode = body.statusCode;
    this.code = body.code;
    this.requestId = body.requestId ?? null;
    this.errors = Array.isArray(body.errors) ? body.errors : [];
  }
}

/** Relative URLs, so the app also works when the server sits under a path prefix. */
export function apiUrl(path) {
  return new URL(path.replace(/^\//, ''), document.baseURI).href;
}

/** Codes that mean "this browser is no longer signed in". */
const SIGNED_OUT_CODES = new Set(['not_signed_in', 'invalid_api_key']);

/**
 * The browser is signed in by an HttpOnly session cookie that this script
 * never sees; every write also carries the session's CSRF token, which only a
 * page of this origin can read (from GET /auth/session).
 */
export function createApi(getCsrfToken, onUnauthorized) {
  async function request(method, path, body, headers = {}) {
    let response;
    const csrf = method === 'GET' ? null : getCsrfToken();
    // A file (an uploaded image) goes as the raw body with its own type; anything else as JSON.
    const file = body instanceof Blob ? body : null;
    try {
      response = await fetch(apiUrl(path), {
        method,
        headers: {
          ...(csrf ? { 'X-CSRF-Token': csrf } : {}),
          ...(body !== undefined ? { 'Content-Type': file ? file.type || 'application/octet-stream' : 'application/json' } : {}),
          ...headers,
        },
        body: file ?? (body !== undefined ? JSON.stringify(body) : undefined),
        cache: 'no-store',
        credentials: 'same-origin',
        // The page's policy is no-referrer, under which the Fetch standard sends a POST with
        // "Origin: null" (failing the server's Origin check); same-origin names us to ourselves only.
        referrerPolicy: 'same-origin',
      });
    } catch (error) {
      throw new ApiFailure({ statusCode: 0, code: 'network_error', message: `Could not reach the server (${error.message}).` });
    }
    if (response.status === 204) return null;
    const text = await response.text();
    let data = null;
    try {
      data = text ? JSON.parse(text) : null;
    } catch {
      // A proxy's HTML error page, for instance: report it rather than crash on it.
    }
    if (!response.ok) throw failureOf(response, data, path);
    return data;
  }

  function failureOf(response, data, path) {
    const failure =
      data && typeof data.code === 'string'
        ? new ApiFailure(data)
        : new ApiFailure({
            statusCode: response.status,
            code: `http_${response.status}`,
            message: `The server answered ${response.status} ${response.statusText} without an error body.`,
          });
    if (SIGNED_OUT_CODES.has(failure.code) && !path.startsWith('/auth/')) onUnauthorized(failure);
    return failure;
  }

  /** POST /image/preview answers PNG bytes (errors are JSON as usual), with the free previews left today in a header. */
  async function preview(body) {
    let response;
    try {
      response = await fetch(apiUrl('/image/preview'), {
        method: 'POST',
        headers: { 'X-CSRF-Token': getCsrfToken() ?? '', 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        cache: 'no-store',
        credentials: 'same-origin',
        referrerPolicy: 'same-origin',
      });
    } catch (error) {
      throw new ApiFailure({ statusCode: 0, code: 'network_error', message: `Could not reach the server (${error.message}).` });
    }
    if (!response.ok) throw failureOf(response, await response.json().catch(() => null), '/image/preview');
    const left = response.headers.get('Preview-Remaining-Today');
    return { png: await response.blob(), remainingToday: left === null ? null : Number(left) };
  }

  return {
    session: () => request('GET', '/auth/session'),
    signIn: (email, password) => request('POST', '/auth/signin', { email, password }),
    signUp: (email, password, invite) => request('POST', '/auth/signup', { email, password, ...(invite ? { invite } : {}) }),
    resetPassword: (token, password) => request('POST', '/auth/reset', { token, password }),
    signOut: () => request('POST', '/auth/signout'),
    signOutEverywhere: () => request('POST', '/auth/signout-all'),
    changePassword: (currentPassword, newPassword) => request('POST', '/auth/password', { currentPassword, newPassword }),
    account: () => request('GET', '/account'),
    usage: (cursor) => request('GET', `/account/usage?limit=25${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`),
    images: (cursor) => request('GET', `/account/images?limit=24${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`),
    keys: () => request('GET', '/account/keys'),
    createKey: (name) => request('POST', '/account/keys', name ? { name } : {}),
    revokeKey: (id) => request('DELETE', `/account/keys/${encodeURIComponent(id)}`),
    urlKeys: () => request('GET', '/account/url-keys'),
    createUrlKey: (name) => request('POST', '/account/url-keys', name ? { name } : {}),
    revokeUrlKey: (id) => request('DELETE', `/account/url-keys/${encodeURIComponent(id)}`),
    signUrl: (body) => request('POST', '/account/signed-urls', body),
    templates: (sort, order) => request('GET', `/templates/all?sort=${sort}&order=${order}`),
    template: (id) => request('GET', `/templates/${encodeURIComponent(id)}`),
    deleteTemplate: (id) => request('DELETE', `/templates/${encodeURIComponent(id)}`),
    basicElements: (id) => request('GET', `/templates/${encodeURIComponent(id)}/elements/basic`),
    generate: (body) => request('POST', '/image/generate', body),
    uploadAsset: (file) => request('POST', '/assets', file),
    fonts: () => request('GET', '/fonts'),
    // Sent as octet-stream: browsers label font files inconsistently, and the server reads the format from the bytes.
    uploadFont: (file, family, weight, style) =>
      request('POST', `/fonts?${new URLSearchParams({ family, weight: String(weight), style })}`, file.slice(0, file.size, 'application/octet-stream')),
    deleteFont: (id) => request('DELETE', `/fonts/${encodeURIComponent(id)}`),
    preview,
    elementFields: (id) => request('GET', `/templates/${encodeURIComponent(id)}/elements/fields`),
  };
}
