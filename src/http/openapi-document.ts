import { STATUS_CODES } from 'node:http';
import { ERROR_CATALOG, type ErrorCode } from '../domain/errors.js';

/**
 * Finishes the document @fastify/swagger builds from the route schemas, so
 * code generators, Postman, Zapier and Redocly take it in cleanly. Everything
 * here is derived (from the catalog, the schemas and PUBLIC_URL); what a route
 * means (operationId, summary, tag, examples) stays on the route itself.
 */

// biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document is plain JSON walked generically
type Json = Record<string, any>;

/** A raw (non-JSON) request body, declared on a route as `...rawBody(...)` and documented as requestBody here. */
export const RAW_BODY = 'x-imprint-raw-body';

const TAGS: Record<string, string> = {
  Images: 'Generate images (1 credit each), preview them for free, and download them. Image URLs need no key.',
  Templates: 'Your templates and what their elements accept.',
  Batches: 'Many images from one template in one request (JSON items or a CSV sheet), run in the background: counts, per-item results, a ZIP and one webhook.',
  Account: 'Balance, credit ledger, generated images and API keys.',
  Fonts: "Fonts uploaded for this account's templates.",
  Assets: "Images uploaded for this account's templates.",
  'Sign-in': 'The web app’s email-and-password sessions. Scripts use API keys instead.',
  Operations: 'Health checks for load balancers and orchestrators.',
};

export interface FinishOptions {
  publicUrl: string;
}

export function finishOpenapi(doc: Json, { publicUrl }: FinishOptions): Json {
  doc.servers = [{ url: publicUrl, description: 'This server (PUBLIC_URL)' }];
  const used = new Set<string>();
  for (const [path, item] of Object.entries(doc.paths as Json)) {
    for (const op of Object.values(item as Json) as Json[]) {
      for (const tag of op.tags ?? []) used.add(tag);
      // Explicitly open (no key): an operation without `security` would read as "unspecified".
      op.security ??= [];
      finishRequestBody(doc, op);
      for (const parameter of op.parameters ?? []) {
        if (parameter.example === undefined) parameter.example = exampleFor(doc, parameter.schema, 'request', publicUrl, parameter.name);
      }
      for (const [status, response] of Object.entries(op.responses as Json)) finishResponse(doc, path, Number(status), response as Json, publicUrl);
    }
  }
  doc.tags = [...used].map((name) => ({ name, description: TAGS[name] ?? name }));
  return doc;
}

function finishRequestBody(doc: Json, op: Json): void {
  const raw = op[RAW_BODY] as { description: string; mediaTypes: string[] } | undefined;
  delete op[RAW_BODY];
  if (raw) {
    const schema = { type: 'string', format: 'binary' };
    // Next to a JSON body when the route has one (POST /batches takes JSON or CSV).
    const content = { ...op.requestBody?.content, ...Object.fromEntries(raw.mediaTypes.map((type) => [type, { schema }])) };
    op.requestBody = { required: true, description: raw.description, content };
  }
  for (const media of Object.values(op.requestBody?.content ?? {}) as Json[]) {
    if (media.example === undefined && media.examples === undefined && media.schema?.format !== 'binary') media.example = exampleFor(doc, media.schema, 'request');
  }
}

function finishResponse(doc: Json, path: string, status: number, response: Json, publicUrl: string): void {
  const media = response.content?.['application/json'] as Json | undefined;
  const isError = media?.schema?.$ref === '#/components/schemas/Error';
  if (status === 204 || status === 304) delete response.content;
  if (isError) {
    const codes = codesFor(status);
    if (response.description === 'Default Response') response.description = `${STATUS_CODES[status]}: ${codes.map((c) => `\`${c}\``).join(', ')}`;
    media!.example ??= errorExample(exampleCode(path, codes), status);
    return;
  }
  if (response.description === 'Default Response') response.description = STATUS_CODES[status] ?? 'Response';
  for (const m of Object.values(response.content ?? {}) as Json[]) {
    if (m.example === undefined && m.examples === undefined && m.schema?.format !== 'binary') m.example = exampleFor(doc, m.schema, 'response', publicUrl);
  }
}

function codesFor(status: number): ErrorCode[] {
  return (Object.keys(ERROR_CATALOG) as ErrorCode[]).filter((code) => ERROR_CATALOG[code] === status);
}

/** The 404 of /fonts/… is font_not_found, of /account/keys/… key_not_found: the code named after a path segment. */
function exampleCode(path: string, codes: ErrorCode[]): ErrorCode {
  const segments = path.split('/').filter((s) => s && !s.startsWith('{'));
  for (const segment of segments.reverse()) {
    const named = codes.find((code) => code.startsWith(`${segment.replace(/s$/, '')}_`));
    if (named) return named;
  }
  return codes[0];
}

const EXAMPLE_MESSAGES: Partial<Record<ErrorCode, string>> = {
  invalid_request: 'The body is invalid: format must be one of png, jpeg, webp, pdf (got "gif").',
  invalid_api_key: 'The API key is missing, malformed, unknown or revoked. Send it as "Authorization: Bearer imp_…", or sign in to the web app.',
  insufficient_credits: 'This account has 0 credits and an image costs 1.',
  template_not_found: 'No template with this id in this account. List your templates with GET /templates/all.',
  rate_limited: 'Rate limit of 600 generate requests per minute reached for this API key. Retry after 12 s.',
  payload_too_large: 'The request body is larger than the 5 MB limit (BODY_LIMIT).',
};

function errorExample(code: ErrorCode, status: number): Json {
  return {
    status: 'error',
    statusCode: status,
    code,
    message: EXAMPLE_MESSAGES[code] ?? 'What went wrong and how to fix it.',
    requestId: 'req_3Jx9TqLmV2cP8sKd',
    timestamp: '2026-01-15T09:30:00.000Z',
  };
}

/**
 * An example value built from a schema: its own `example`/`examples`,
 * `const`, `default` or first `enum` value when it has one, else a
 * placeholder of its type. Request examples hold only required properties
 * (plus those with an example of their own), so they stay valid requests.
 */
export function exampleFor(doc: Json, schema: Json | undefined, side: 'request' | 'response', publicUrl = 'https://imprint.example.com', name = '', depth = 0): unknown {
  if (!schema || depth > 12) return undefined;
  if (schema.$ref) return exampleFor(doc, doc.components?.schemas?.[String(schema.$ref).split('/').pop()!], side, publicUrl, name, depth + 1);
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (schema.const !== undefined) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (Array.isArray(schema.allOf)) return Object.assign({}, ...schema.allOf.map((part: Json) => exampleFor(doc, part, side, publicUrl, name, depth + 1)));
  const variants = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (variants) return exampleFor(doc, variants.find((v) => v.type !== 'null') ?? variants[0], side, publicUrl, name, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Json = {};
      const required = new Set<string>(schema.required ?? []);
      for (const [key, property] of Object.entries((schema.properties ?? {}) as Json)) {
        const own = property.example !== undefined || property.examples !== undefined;
        if (side === 'request' && !required.has(key) && !own) continue;
        out[key] = exampleFor(doc, property, side, publicUrl, key, depth + 1);
      }
      const pattern = Object.values((schema.patternProperties ?? {}) as Json)[0] ?? (typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined);
      if (Object.keys(out).length === 0 && pattern) out.title = exampleFor(doc, pattern, side, publicUrl, 'title', depth + 1);
      return out;
    }
    case 'array':
      return side === 'response' ? [exampleFor(doc, schema.items, side, publicUrl, name, depth + 1)] : [];
    case 'integer':
    case 'number':
      return schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'string':
      return stringExample(schema, name, publicUrl);
    default:
      return side === 'response' ? {} : undefined;
  }
}

function stringExample(schema: Json, name: string, publicUrl: string): string {
  if (schema.format === 'date-time' || /At$/.test(name)) return '2026-01-15T09:30:00.000Z';
  if (schema.format === 'uri' || /url$/i.test(name)) return `${publicUrl}/images/5f0c1e8a9b7d4c3e2a1f0e9d8c7b6a5f4e3d2c1b.png`;
  if (name === 'id' || /Id$/.test(name)) return `${name === 'id' ? 'obj' : name.replace(/Id$/, '').slice(0, 4)}_7Yw2kQ9xLmN4`;
  if (name === 'email') return 'you@example.com';
  return typeof schema.minLength === 'number' && schema.minLength > 6 ? 'x'.repeat(schema.minLength) : 'text';
}
