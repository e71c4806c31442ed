/**
 * The shape of signed image URLs, shared by the server, the CLI and the
 * browser's developer area: the canonical string both sides sign, and the
 * split of a query into overrides and the reserved parameters. Signing itself
 * (HMAC-SHA256) needs a crypto API and lives with each caller.
 */

/** Query parameters with a meaning of their own; every other one is `{element}.{property}`. */
export const SIGNED_URL_RESERVED = ['key', 'sig', 'exp', 'rev'] as const;

export const SIGNED_URL_EXTENSIONS = { png: 'png', jpg: 'jpeg', webp: 'webp' } as const;
export type SignedUrlExtension = keyof typeof SIGNED_URL_EXTENSIONS;

/** `uk_` ids and `uks_` secrets: an API key (`imp_`) can never be mistaken for either. */
export const URL_KEY_SECRET_PREFIX = 'uks_';

/**
 * RFC 3986 percent-encoding: every byte of the UTF-8 form except the
 * unreserved characters (A–Z a–z 0–9 - . _ ~), hex in upper case.
 * encodeURIComponent leaves !'()* alone, which RFC 3986 reserves.
 */
export function rfc3986(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * The string a signature covers: the path, `?`, then every parameter but
 * `sig`, each name and value percent-encoded, sorted by encoded name and then
 * encoded value (plain code-unit order, which for these ASCII strings is byte
 * order in every language), joined with `&`.
 */
export function canonicalSignedUrl(path: string, params: ReadonlyArray<readonly [string, string]>): string {
  const pairs = params.filter(([name]) => name !== 'sig').map(([name, value]) => [rfc3986(name), rfc3986(value)] as const);
  pairs.sort((a, b) => compare(a[0], b[0]) || compare(a[1], b[1]));
  return `${path}?${pairs.map(([name, value]) => `${name}=${value}`).join('&')}`;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function signedUrlPath(templateId: string, extension: string): string {
  return `/u/${rfc3986(templateId)}.${extension}`;
}

/** The query of a signed URL: its parameters in a fixed order, then `sig` last. */
export function signedUrlQuery(params: ReadonlyArray<readonly [string, string]>, sig: string): string {
  return [...params, ['sig', sig] as const].map(([name, value]) => `${rfc3986(name)}=${rfc3986(value)}`).join('&');
}

export interface OverrideName {
  element: string;
  property: string;
}

/**
 * `title.text` → element `title`, property `text`; the last dot splits, since element names may hold
 * dots and properties never do. Null when either part is `__proto__`: assigned to a plain object, that
 * key replaces its prototype instead of adding an entry, and a JSON body may not hold it either.
 */
export function splitOverrideName(name: string): OverrideName | null {
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || dot === name.length - 1) return null;
  const split = { element: name.slice(0, dot), property: name.slice(dot + 1) };
  return split.element === '__proto__' || split.property === '__proto__' ? null : split;
}

/** Why `name` names no change, for a name that `splitOverrideName` refused; it reads after the quoted name. */
export function overrideNameProblem(name: string): string {
  return splitOverrideName(name.replace(/__proto__/g, 'x')) ? 'cannot be used: "__proto__" names no element or property' : 'is not element.property (e.g. title.text)';
}

/**
 * Adds one change to a map of changes by element. The element's entry is looked up among the map's
 * own keys: `changes[element] ??= {}` finds `constructor` or `toString` on Object.prototype, and a
 * sheet's column `constructor.keys` then wrote over `Object.keys` for the whole process.
 */
export function putOverride<T>(changes: Record<string, Record<string, T>>, name: OverrideName, value: T): void {
  const properties = Object.hasOwn(changes, name.element) ? changes[name.element] : (changes[name.element] = {});
  properties[name.property] = value;
}

/** The signed parameters for `--set title.text=Hi`-style changes plus the reserved ones. */
export function signedUrlParams(input: { keyId: string; changes: Record<string, Record<string, string>>; exp?: number; rev?: number }): Array<[string, string]> {
  const params: Array<[string, string]> = [];
  for (const [element, properties] of Object.entries(input.changes)) {
    for (const [property, value] of Object.entries(properties)) params.push([`${element}.${property}`, value]);
  }
  if (input.rev !== undefined) params.push(['rev', String(input.rev)]);
  if (input.exp !== undefined) params.push(['exp', String(input.exp)]);
  params.push(['key', input.keyId]);
  return params;
}

/**
 * `sig`: HMAC-SHA256 of the canonical string under the URL key's secret
 * (both as UTF-8), base64url without padding. Web Crypto, so the server, the
 * CLI and the browser's developer area share this one function.
 */
export async function signCanonical(secret: string, canonical: string): Promise<string> {
  const encoder = new TextEncoder();
  const key = await globalThis.crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await globalThis.crypto.subtle.sign('HMAC', key, encoder.encode(canonical)));
  let binary = '';
  for (const byte of mac) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A complete signed URL (without the origin): what the CLI prints and the developer area shows. */
export async function buildSignedUrl(input: {
  templateId: string;
  extension: SignedUrlExtension;
  keyId: string;
  secret: string;
  changes: Record<string, Record<string, string>>;
  exp?: number;
  rev?: number;
}): Promise<string> {
  const path = signedUrlPath(input.templateId, input.extension);
  const params = signedUrlParams(input);
  const sig = await signCanonical(input.secret, canonicalSignedUrl(path, params));
  return `${path}?${signedUrlQuery(params, sig)}`;
}
