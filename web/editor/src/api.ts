/**
 * Every request the editor makes, in one place. The browser is signed in by
 * the developer area's HttpOnly session cookie, which this script never sees;
 * writes carry the session's CSRF token, which only a page of this origin can
 * read (from GET /auth/session).
 */
import type { TemplateDocument } from '../../../src/domain/template.js';

export interface FieldError {
  path: string;
  message: string;
}

export class ApiFailure extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly errors: FieldError[] = [],
  ) {
    super(message);
    this.name = 'ApiFailure';
  }
}

export interface TemplateSummary {
  id: string;
  name: string;
}

export interface TemplateFull extends TemplateSummary {
  template: TemplateDocument;
}

/** GET /templates/all's rows. */
export interface TemplateSummaryDated extends TemplateSummary {
  createdAt: string;
  updatedAt: string;
}

/** GET /templates/gallery's rows; previewURL is relative, like every URL here. */
export interface StarterTemplate {
  id: string;
  name: string;
  description: string;
  width: number;
  height: number;
  previewURL: string;
  template: TemplateDocument;
}

export interface AccountFont {
  id: string;
  family: string;
  weight: number;
  style: string;
}

export interface BundledFonts {
  families: string[];
  weights: number[];
  files: string[];
  faces: { family: string; weight: number; style: 'normal' | 'italic'; unicodeRange?: string; file: number }[];
}

/** Relative to the page, so the app also works under a path prefix. */
export function apiUrl(path: string): string {
  return new URL(path.replace(/^\//, ''), document.baseURI).href;
}

export type Session = { signedIn: false } | { signedIn: true; csrfToken: string; account: { id: string } };

let csrfToken: string | null = null;
/** The account this page was opened for: a write never goes to another one signed in since in another tab. */
let pageAccount: string | null = null;

function headers(method: string, json: boolean): Record<string, string> {
  return {
    ...(method !== 'GET' && csrfToken ? { 'X-CSRF-Token': csrfToken } : {}),
    ...(json ? { 'Content-Type': 'application/json' } : {}),
  };
}

/** How long a request may go unanswered before the editor says so (a hung server or proxy): the work stays in the draft. */
const REQUEST_TIMEOUT_MS = 30_000;
/** An upload's, longer: a slow link may take minutes to send a 10 MB photo. */
const UPLOAD_TIMEOUT_MS = 15 * 60_000;

/** A Blob body (an uploaded file) goes as is, with its own type; anything else as JSON. */
async function request<T>(method: string, path: string, body?: unknown, extraHeaders: Record<string, string> = {}): Promise<T> {
  return (await requestWithHeaders<T>(method, path, body, extraHeaders)).data;
}

async function requestWithHeaders<T>(method: string, path: string, body?: unknown, extraHeaders: Record<string, string> = {}): Promise<{ data: T; headers: Headers }> {
  const file = body instanceof Blob ? body : null;
  const send = (signal?: AbortSignal) =>
    fetch(apiUrl(path), {
      method,
      headers: { ...headers(method, body !== undefined && !file), ...(file ? { 'Content-Type': file.type || 'application/octet-stream' } : {}), ...extraHeaders },
      body: file ?? (body === undefined ? undefined : JSON.stringify(body)),
      cache: 'no-store',
      credentials: 'same-origin',
      // The page's policy is no-referrer, under which a POST carries "Origin: null" and fails
      // the server's Origin check; same-origin names us to ourselves only.
      referrerPolicy: 'same-origin',
      signal,
    });
  let response = await sent(send, file !== null);
  if (response.status === 403 && method !== 'GET' && failureOf(response.status, await bodyOf(response.clone())).code === 'csrf_rejected') {
    // Signed out and in again in another tab: this page still holds the old session's token. One fresh
    // read of the session and one retry, only as the same account: signed in as someone else, the write
    // would land in their account.
    const opener = pageAccount;
    const session = await api.session().catch(() => null);
    if (session?.signedIn && opener !== null && session.account.id !== opener) {
      throw new ApiFailure(
        401,
        'session_changed',
        'This browser is now signed in to another account (in another tab), so nothing was saved there. Sign in again as yourself to save.',
      );
    }
    response = await sent(send, file !== null);
  }
  const data = await bodyOf(response);
  if (!response.ok) throw failureOf(response.status, data);
  return { data: data as T, headers: response.headers };
}

async function sent(send: (signal?: AbortSignal) => Promise<Response>, upload: boolean): Promise<Response> {
  const timeoutMs = upload ? UPLOAD_TIMEOUT_MS : REQUEST_TIMEOUT_MS;
  try {
    return await send(AbortSignal.timeout(timeoutMs));
  } catch (error) {
    if ((error as Error).name === 'TimeoutError') {
      throw new ApiFailure(0, 'timeout', `The server did not answer within ${timeoutMs / 1000} s. Nothing is lost: your work is kept in this browser. Try again.`);
    }
    throw new ApiFailure(0, 'network_error', `Could not reach the server (${(error as Error).message}).`);
  }
}

async function bodyOf(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    // A proxy's HTML error page: reported as a bare status.
    return null;
  }
}

function failureOf(status: number, data: unknown): ApiFailure {
  const d = data as { code?: unknown; message?: unknown; errors?: unknown } | null;
  if (d && typeof d.code === 'string') return new ApiFailure(status, d.code, String(d.message), Array.isArray(d.errors) ? (d.errors as FieldError[]) : []);
  return new ApiFailure(status, `http_${status}`, `The server answered ${status} without an error body.`);
}

export interface PreviewPng {
  png: Blob;
  /** Free previews left today for this account (Preview-Remaining-Today). */
  remainingToday: number | null;
}

/** POST /image/preview answers PNG bytes, not JSON; its errors are JSON like every other route's. */
async function previewPng(template: TemplateDocument): Promise<PreviewPng> {
  let response: Response;
  try {
    response = await fetch(apiUrl('/image/preview'), {
      method: 'POST',
      headers: headers('POST', true),
      body: JSON.stringify({ template }),
      cache: 'no-store',
      credentials: 'same-origin',
      referrerPolicy: 'same-origin',
    });
  } catch (error) {
    throw new ApiFailure(0, 'network_error', `Could not reach the server (${(error as Error).message}).`);
  }
  if (!response.ok) throw failureOf(response.status, await response.json().catch(() => null));
  const remaining = response.headers.get('Preview-Remaining-Today');
  return { png: await response.blob(), remainingToday: remaining === null ? null : Number(remaining) };
}

export const api = {
  previewPng,
  /** Who is signed in; remembers the CSRF token for the writes that follow. */
  session: async (): Promise<Session> => {
    const session = await request<Session>('GET', '/auth/session');
    if (!session.signedIn) {
      csrfToken = null;
      return session;
    }
    pageAccount ??= session.account.id;
    // Another account's session (signed in since, in another tab) never lends this page its token: every
    // write of the page is then refused and says so, not only the one that found the change.
    csrfToken = session.account.id === pageAccount ? session.csrfToken : null;
    return session;
  },
  account: () => request<{ id: string }>('GET', '/account'),
  /** The template and its ETag, which a save sends back as If-Match. */
  template: async (id: string) => {
    const { data, headers } = await requestWithHeaders<TemplateFull>('GET', `/templates/${encodeURIComponent(id)}`);
    return { ...data, etag: headers.get('ETag') };
  },
  templates: () => request<TemplateSummaryDated[]>('GET', '/templates/all'),
  gallery: () => request<StarterTemplate[]>('GET', '/templates/gallery'),
  createTemplate: async (name: string, template: TemplateDocument) => {
    const { data, headers } = await requestWithHeaders<TemplateSummary>('POST', '/templates', { name, template });
    return { ...data, etag: headers.get('ETag') };
  },
  /** With `etag`, only over that revision: a template saved elsewhere meanwhile answers 412 template_changed. */
  updateTemplate: async (id: string, name: string, template: TemplateDocument, etag: string | null) => {
    const { data, headers } = await requestWithHeaders<TemplateFull>('PUT', `/templates/${encodeURIComponent(id)}`, { name, template }, etag ? { 'If-Match': etag } : {});
    return { ...data, etag: headers.get('ETag') };
  },
  accountFonts: () => request<AccountFont[]>('GET', '/fonts'),
  bundledFonts: () => request<BundledFonts>('GET', '/editor/fonts.json'),
  uploadAsset: (file: Blob) => request<Asset>('POST', '/assets', file),
  assets: (cursor: string | null) => request<AssetPage>('GET', `/assets?${new URLSearchParams({ limit: '24', ...(cursor ? { cursor } : {}) })}`),
  deleteAsset: (id: string) => request<null>('DELETE', `/assets/${encodeURIComponent(id)}`),
  // As octet-stream: browsers label font files inconsistently; the server reads the format from the bytes.
  uploadFont: (file: Blob, family: string, weight: number, style: 'normal' | 'italic') =>
    request<AccountFont>('POST', `/fonts?${new URLSearchParams({ family, weight: String(weight), style })}`, file.slice(0, file.size, 'application/octet-stream')),
};

export interface Asset {
  id: string;
  /** What a template's image `src` names: the server reads it from storage when it renders. */
  url: string;
  width: number;
  height: number;
  contentType: string;
  bytes: number;
  createdAt: string;
}

export interface AssetPage {
  assets: Asset[];
  nextCursor: string | null;
}
