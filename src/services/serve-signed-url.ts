import { createHash, timingSafeEqual } from 'node:crypto';
import { canonicalJson } from '../domain/canonical-json.js';
import { ApiError } from '../domain/errors.js';
import {
  canonicalSignedUrl,
  SIGNED_URL_EXTENSIONS,
  SIGNED_URL_RESERVED,
  signCanonical,
  signedUrlPath,
  overrideNameProblem,
  splitOverrideName,
  putOverride,
  type SignedUrlExtension,
} from '../domain/signed-url.js';
import type { Account, ImageRecord } from '../store/store.js';
import { DEFAULT_IDEMPOTENCY_LEASE_MS, runIdempotent } from './run-idempotent.js';
import { generateImage } from './generate-image.js';
import { findTemplateRevision } from './manage-templates.js';
import type { ServiceDeps } from './service-deps.js';

export interface SignedUrlRequest {
  templateId: string;
  /** As sent; anything but png, jpg and webp is refused once the signature is checked. */
  extension: string;
  /** The query's parameters, decoded, in the order sent. */
  params: Array<[string, string]>;
  requestId: string;
  startedAt: number;
}

export interface SignedUrlImage {
  image: ImageRecord;
  /** `rev` was given: the bytes behind this URL can never change. */
  pinned: boolean;
  /** `exp` in unix seconds, when given. */
  expiresAt: number | null;
}

/** Called once before a render that will be charged: the route's per-key and per-IP limits. */
export type BeforeRender = (keyId: string) => Promise<void>;

const RESERVED = new Set<string>(SIGNED_URL_RESERVED);
/** How often a request waits on a render another server is running for the same URL. */
const WAIT_STEP_MS = 100;

/**
 * GET /u/{templateId}.{ext}?… : verifies the signature, then serves the image
 * the URL's content rendered before, or renders it once and charges once.
 * The check order is what the error codes promise: a malformed URL is 400, a
 * forged or revoked one 401 (nothing about the template is revealed), an
 * expired but genuine one 410, and only then is the template looked at.
 */
export async function serveSignedUrl(deps: ServiceDeps, request: SignedUrlRequest, beforeRender: BeforeRender): Promise<SignedUrlImage> {
  const keys = request.params.filter(([name]) => name === 'key');
  const sigs = request.params.filter(([name]) => name === 'sig');
  // Unsigned is unauthenticated: a URL without exactly one key and one sig is a 401 like a wrong signature.
  if (keys.length !== 1 || sigs.length !== 1) {
    throw new ApiError(
      'invalid_signature',
      'A signed image URL carries "key" (a URL key id) and "sig" (its signature), once each. Make one in the developer area or with npx imprint url.',
    );
  }
  const keyId = keys[0][1];
  const sig = sigs[0][1];
  const found = await deps.store.findUrlKey(keyId);
  if (!found) throw new ApiError('invalid_url_key', `The URL key "${keyId}" is unknown or has been revoked.`);
  const expected = await signCanonical(found.key.secret, canonicalSignedUrl(signedUrlPath(request.templateId, request.extension), request.params));
  // Compared as text, not as decoded bytes: the last base64url character has spare bits, and a changed character must never pass.
  if (!sameText(sig, expected)) {
    throw new ApiError('invalid_signature', 'The signature does not match this URL: every parameter, its value and the path are signed, so none may change after signing.');
  }
  const named = new Map<string, string>();
  for (const [name, value] of request.params) {
    if (named.has(name)) throw invalid(name, `"${name}" appears more than once; send each parameter once.`);
    named.set(name, value);
  }
  const format = SIGNED_URL_EXTENSIONS[request.extension as SignedUrlExtension];
  if (!Object.hasOwn(SIGNED_URL_EXTENSIONS, request.extension)) {
    throw new ApiError(
      'invalid_request',
      `Signed image URLs end in ${Object.keys(SIGNED_URL_EXTENSIONS)
        .map((e) => `.${e}`)
        .join(', ')}, not ".${request.extension}".`,
    );
  }
  const account = found.account;
  const exp = optionalInteger(named.get('exp'), 'exp');
  if (exp !== null && Date.parse(deps.now()) > exp * 1000) {
    throw new ApiError('url_expired', `This URL expired at ${new Date(exp * 1000).toISOString()} (its "exp"). Ask for a new one.`);
  }
  const rev = optionalInteger(named.get('rev'), 'rev');
  const changes: Record<string, Record<string, string>> = {};
  for (const [name, value] of named) {
    if (RESERVED.has(name)) continue;
    const split = splitOverrideName(name);
    if (!split) throw invalid(name, `"${name}" ${overrideNameProblem(name)}; the other parameters are ${SIGNED_URL_RESERVED.join(', ')}.`);
    putOverride(changes, split, value);
  }
  // The revision's number, not its document: a URL already rendered is then served without parsing the
  // template (a 4 MB one took the event loop tens of ms on every request of a public image). The current
  // one tells that the template still exists: a deleted template's URLs stop.
  const current = await findTemplateRevision(deps, account.id, request.templateId, null);
  const template = { id: request.templateId, revision: rev ?? current };
  // The content, not the URL: another key, another exp or another parameter order is the same image.
  const cacheKey = createHash('sha256')
    .update(canonicalJson({ templateId: template.id, revision: template.revision, format, changes }))
    .digest('hex');
  const served = { pinned: rev !== null, expiresAt: exp };
  const cached = await deps.store.findSignedRender(account.id, cacheKey);
  if (cached) return { image: cached, ...served };
  // A pinned URL rendered before keeps being served after its revision leaves the history; one that was
  // not is refused here, before any charge.
  if (rev !== null) await findTemplateRevision(deps, account.id, request.templateId, rev);

  const flightKey = `${account.id}:${cacheKey}`;
  let flight = flights.get(flightKey);
  if (!flight) {
    flight = renderOnce(deps, account, cacheKey, { templateId: template.id, revision: template.revision, format, changes }, request, () => beforeRender(keyId));
    flights.set(flightKey, flight);
    void flight.then(
      () => flights.delete(flightKey),
      () => flights.delete(flightKey),
    );
  }
  return { image: await flight, ...served };
}

/** This process's renders in progress, per account and content: concurrent first requests share one. */
const flights = new Map<string, Promise<ImageRecord>>();

/**
 * Across processes, the idempotency table holds the claim: the first server to
 * claim the content renders it and commits its charge with the outcome in one
 * transaction; any other waits for that outcome instead of paying again. A
 * failure stores nothing, so the next request tries afresh.
 */
async function renderOnce(
  deps: ServiceDeps,
  account: Account,
  cacheKey: string,
  content: { templateId: string; revision: number; format: 'png' | 'jpeg' | 'webp'; changes: Record<string, Record<string, string>> },
  request: SignedUrlRequest,
  beforeRender: () => Promise<void>,
): Promise<ImageRecord> {
  const idempotencyKey = `signed-url:${cacheKey}`;
  const deadline = Date.now() + (deps.leases?.idempotencyMs ?? DEFAULT_IDEMPOTENCY_LEASE_MS);
  let limited = false;
  for (;;) {
    try {
      const outcome = await runIdempotent(
        deps,
        account.id,
        idempotencyKey,
        { cacheKey },
        async (claim) => {
          if (!limited) {
            limited = true;
            await beforeRender();
          }
          return generateImage(
            deps,
            account,
            { templateId: content.templateId, revision: content.revision, format: content.format, elements: content.changes, signedUrlKey: cacheKey },
            request.requestId,
            request.startedAt,
            claim,
          );
        },
        false,
      );
      const imageId = /\/images\/([0-9a-f]{40})\.\w+$/.exec(outcome.body.imageURL)?.[1];
      const image = imageId ? await deps.store.getImage(imageId) : null;
      if (!image) throw new Error(`a signed render's image is missing: ${outcome.body.imageURL}`);
      // Usually recorded with the charge already; a replayed outcome's render may predate that.
      await deps.store.recordSignedRender({ accountId: account.id, cacheKey, imageId: image.id, now: deps.now() });
      return image;
    } catch (error) {
      if (!(error instanceof ApiError && error.code === 'idempotency_key_in_use') || Date.now() > deadline) throw error;
      const done = await deps.store.findSignedRender(account.id, cacheKey);
      if (done) return done;
      await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
    }
  }
}

function sameText(given: string, expected: string): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

function optionalInteger(value: string | undefined, name: 'exp' | 'rev'): number | null {
  if (value === undefined) return null;
  const valid = name === 'exp' ? /^\d{1,12}$/ : /^[1-9]\d{0,8}$/;
  if (!valid.test(value)) {
    throw invalid(name, name === 'exp' ? '"exp" must be a time in unix seconds, e.g. 1767225600.' : '"rev" must be a template revision number (1, 2, …).');
  }
  return Number(value);
}

function invalid(name: string, message: string): ApiError {
  return new ApiError('invalid_request', message, { errors: [{ path: `query.${name}`, message }] });
}
