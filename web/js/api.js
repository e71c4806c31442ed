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

export function createApi(getKey, onUnauthorized) {
  async function request(method, path, body, headers = {}) {
    let response;
    try {
      response = await fetch(apiUrl(path), {
        method,
        headers: {
          Authorization: `Bearer ${getKey()}`,
          ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
          ...headers,
        },
        body: body !== undefined ? JSON.stringify(body) : undefined,
        cache: 'no-store',
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
    if (!response.ok) {
      const failure = data && typeof data.code === 'string'
        ? new ApiFailure(data)
        : new ApiFailure({ statusCode: response.status, code: `http_${response.status}`, message: `The server answered ${response.status} ${response.statusText} without an error body.` });
      if (failure.code === 'invalid_api_key') onUnauthorized(failure);
      throw failure;
    }
    return data;
  }

  return {
    account: () => request('GET', '/account'),
    usage: (cursor) => request('GET', `/account/usage?limit=25${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`),
    keys: () => request('GET', '/account/keys'),
    createKey: () => request('POST', '/account/keys', {}),
    revokeKey: (id) => request('DELETE', `/account/keys/${encodeURIComponent(id)}`),
    templates: (sort, order) => request('GET', `/templates/all?sort=${sort}&order=${order}`),
    template: (id) => request('GET', `/templates/${encodeURIComponent(id)}`),
    basicElements: (id) => request('GET', `/templates/${encodeURIComponent(id)}/elements/basic`),
    generate: (body) => request('POST', '/image/generate', body),
  };
}

/** Checks a key without touching the session, for the sign-in screen. */
export async function probeKey(key) {
  const api = createApi(() => key, () => {});
  return api.account();
}
