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

export type Session = { signedIn: false } | { signedIn: true; csrfToken: string };

let csrfToken: string | null = null;

function headers(method: string, json: boolean): Record<string, string> {
  return {
    ...(method !== 'GET' && csrfToken ? { 'X-CSRF-Token': csrfToken } : {}),
    ...(json ? { 'Content-Type': 'application/json' } : {}),
  };
}

async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(apiUrl(path), {
      method,
      headers: headers(method, body !== undefined),
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: 'no-store',
      credentials: 'same-origin',
      // The page's policy is no-referrer, under which a POST carries "Origin: null" and fails
      // the server's Origin check; same-origin names us to ourselves only.
      referrerPolicy: 'same-origin',
    });
  } catch (error) {
    throw new ApiFailure(0, 'network_error', `Could not reach the server (${(error as Error).message}).`);
  }
  const text = await response.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    // A proxy's HTML error page: reported below as a bare status.
  }
  if (!response.ok) {
    const d = data as { code?: unknown; message?: unknown; errors?: unknown } | null;
    if (d && typeof d.code === 'string') {
      throw new ApiFailure(response.status, d.code, String(d.message), Array.isArray(d.errors) ? (d.errors as FieldError[]) : []);
    }
    throw new ApiFailure(response.status, `http_${response.status}`, `The server answered ${response.status} without an error body.`);
  }
  return data as T;
}

export const api = {
  /** Who is signed in; remembers the CSRF token for the writes that follow. */
  session: async (): Promise<Session> => {
    const session = await request<Session>('GET', '/auth/session');
    csrfToken = session.signedIn ? session.csrfToken : null;
    return session;
  },
  account: () => request<{ id: string }>('GET', '/account'),
  template: (id: string) => request<TemplateFull>('GET', `/templates/${encodeURIComponent(id)}`),
  templates: () => request<TemplateSummaryDated[]>('GET', '/templates/all'),
  gallery: () => request<StarterTemplate[]>('GET', '/templates/gallery'),
  createTemplate: (name: string, template: TemplateDocument) => request<TemplateSummary>('POST', '/templates', { name, template }),
  updateTemplate: (id: string, name: string, template: TemplateDocument) =>
    request<TemplateFull>('PUT', `/templates/${encodeURIComponent(id)}`, { name, template }),
  accountFonts: () => request<AccountFont[]>('GET', '/fonts'),
  bundledFonts: () => request<BundledFonts>('GET', '/editor/fonts.json'),
};
