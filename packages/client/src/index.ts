/**
 * A typed client for Imprint's HTTP API: every path, parameter, body and
 * response type comes from the server's OpenAPI document (src/schema.ts,
 * generated), and requests go through openapi-fetch, so it runs wherever
 * `fetch` does (Node 20+, browsers, Deno, Bun, edge runtimes).
 */
import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { components, operations, paths } from './schema.js';

export type { components, operations, paths };
export type ImprintClient = Client<paths>;

/** The body of POST /image/generate. */
export type GenerateRequest = NonNullable<operations['generateImage']['requestBody']>['content']['application/json'];
/** The 200 answer of POST /image/generate. */
export type GenerateResult = operations['generateImage']['responses']['200']['content']['application/json'];
/** Every error answer: `code` is one of the catalog's codes (see the README's error table). */
export type ImprintError = components['schemas']['Error'];

export interface ImprintClientOptions extends Omit<ClientOptions, 'baseUrl'> {
  /** The server's PUBLIC_URL, e.g. https://imprint.example.com */
  baseUrl: string;
  /** An API key, imp_…; sent as `Authorization: Bearer`. */
  apiKey?: string;
}

export function createImprintClient({ baseUrl, apiKey, headers, ...rest }: ImprintClientOptions): ImprintClient {
  return createClient<paths>({
    baseUrl: baseUrl.replace(/\/+$/, ''),
    headers: { ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}), ...(headers as Record<string, string> | undefined) },
    ...rest,
  });
}
