/**
 * The one error catalog: every `code` the API can return and its HTTP status.
 * Routes never pick a status themselves; they throw an ApiError with a code.
 */
export const ERROR_CATALOG = {
  invalid_request: 400,
  missing_template_id: 400,
  unknown_element: 400,
  invalid_property: 400,
  invalid_template: 400,
  unknown_font: 400,
  invalid_token: 400,
  invalid_font: 400,
  invalid_asset: 400,
  invalid_webhook_url: 400,
  webhook_secret_required: 400,
  invalid_api_key: 401,
  invalid_credentials: 401,
  not_signed_in: 401,
  invalid_metrics_token: 401,
  invalid_url_key: 401,
  invalid_signature: 401,
  insufficient_credits: 402,
  csrf_rejected: 403,
  signup_closed: 403,
  metrics_loopback_only: 403,
  template_not_found: 404,
  image_not_found: 404,
  font_not_found: 404,
  key_not_found: 404,
  asset_not_found: 404,
  job_not_found: 404,
  batch_not_found: 404,
  not_found: 404,
  method_not_allowed: 405,
  idempotency_key_in_use: 409,
  too_many_api_keys: 409,
  email_taken: 409,
  asset_in_use: 409,
  font_in_use: 409,
  asset_quota_exceeded: 409,
  template_quota_exceeded: 409,
  batch_not_finished: 409,
  too_many_url_keys: 409,
  too_many_fonts: 409,
  too_many_jobs: 409,
  url_expired: 410,
  template_changed: 412,
  payload_too_large: 413,
  uri_too_long: 414,
  unsupported_media_type: 415,
  expectation_failed: 417,
  image_fetch_failed: 422,
  render_failed: 422,
  render_too_complex: 422,
  idempotency_key_reused: 422,
  rate_limited: 429,
  headers_too_large: 431,
  client_closed_request: 499,
  internal_error: 500,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_CATALOG;

/** What each code means, for people: README's error table is generated from this (a test keeps them equal). */
export const ERROR_MEANINGS: Readonly<Record<ErrorCode, string>> = {
  invalid_request: 'The body, query or a header is malformed or has a wrong field; `errors` lists each `{path, message}`',
  missing_template_id: 'The body has no `templateId`',
  unknown_element: 'A change names an element the template does not have; the message lists those it has',
  invalid_property: 'A change sets a property the element does not take, or a value it does not accept',
  invalid_template: 'A template document is not one Imprint can draw (on save, or in a preview)',
  unknown_font: 'A template uses a font family that is neither bundled nor uploaded to this account',
  invalid_token: 'A one-time link (invite or password reset) is unknown, used or expired',
  invalid_font: 'An uploaded font file is not a TTF, OTF, WOFF or WOFF2 font',
  invalid_asset: 'An uploaded image is empty or corrupt',
  invalid_webhook_url: '`webhookUrl` is not a public http(s) URL (private, loopback and link-local addresses are refused)',
  webhook_secret_required: 'An async request with `webhookUrl` before the account has a webhook secret (`POST /account/webhook-secret`)',
  invalid_api_key: 'The API key is missing, malformed, unknown or revoked',
  invalid_credentials: 'Wrong email or password',
  not_signed_in: "The web app's session has ended; sign in again",
  invalid_metrics_token: '`GET /metrics` without the right `METRICS_TOKEN`',
  invalid_url_key: 'A signed image URL has no `key` or `sig`, or names a URL key that is unknown or revoked',
  invalid_signature: "A signed image URL's `sig` does not match its path and parameters",
  insufficient_credits: 'The account has fewer credits than the image costs',
  csrf_rejected: 'A signed-in write without the `X-CSRF-Token` or from another origin',
  signup_closed: 'Sign-up is closed, or needs an invite (`SIGNUP`)',
  metrics_loopback_only: '`GET /metrics` from another machine while `METRICS_TOKEN` is unset',
  template_not_found: 'No template with this id in this account',
  image_not_found: 'No image at this URL',
  font_not_found: 'No font with this id in this account',
  key_not_found: 'No API key with this id in this account',
  asset_not_found: 'No asset with this id in this account',
  job_not_found: 'No job with this id in this account',
  batch_not_found: 'No batch with this id in this account',
  not_found: 'No such endpoint',
  method_not_allowed: 'The endpoint exists but not with this method; `Allow` lists those it takes',
  idempotency_key_in_use: 'A request with this `Idempotency-Key` is still running',
  too_many_api_keys: 'The account already holds `MAX_API_KEYS` active keys',
  email_taken: 'An account with this email exists',
  asset_in_use: 'The asset is drawn by templates, which the message names',
  font_in_use: "A template's text draws with this font face; the message names the templates",
  asset_quota_exceeded: "The account's assets would exceed `ASSET_QUOTA_MB`",
  template_quota_exceeded: "The account's templates, with their kept revisions, would exceed `TEMPLATE_QUOTA_MB`",
  batch_not_finished: "A batch's ZIP or merged PDF before every item has succeeded or failed; the message gives the counts (`GET /batches/{id}` shows progress)",
  too_many_url_keys: 'The account already holds the maximum of 20 active URL keys',
  too_many_fonts: 'The account already holds the maximum of 100 uploaded font faces',
  too_many_jobs: 'The account already has 5,000 async jobs and batch items waiting or running; submit more as they finish',
  url_expired: "A signed image URL's `exp` has passed",
  template_changed:
    '`If-Match` names a revision of the template that is no longer its current one: it was saved elsewhere since it was read. The message gives the current revision',
  payload_too_large: 'The body is over `BODY_LIMIT` (an asset over `ASSET_MAX_BYTES` or the pixel limit); the message gives the limit in MB',
  uri_too_long: 'A path segment is over 100 characters',
  unsupported_media_type: 'The body is not of a type the endpoint takes (JSON, or the file types of an upload)',
  image_fetch_failed: 'An image URL could not be fetched, or is not an image; refunded',
  render_failed: 'The renderer could not draw the template; refunded',
  render_too_complex: 'The render is over the budget (area, blur, objects, time, memory); the message names the dimension',
  idempotency_key_reused: 'This `Idempotency-Key` was used with a different body',
  rate_limited: 'Over a rate limit; `Retry-After` says when to retry',
  expectation_failed: 'An `Expect` header other than `100-continue`, the only expectation HTTP defines',
  headers_too_large: 'The request line and headers are over 16 KiB',
  client_closed_request: 'Never sent: the client hung up while its render still waited for a worker, so the render was dropped and nothing was charged',
  internal_error: 'A fault on the server; retry, and quote the `requestId` if it persists',
  service_unavailable: 'Shutting down, the render queue is full or a request outlived its reservation; retry after `Retry-After`',
};

export interface FieldError {
  path: string;
  message: string;
}

export class ApiError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: { errors?: FieldError[]; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.statusCode = ERROR_CATALOG[code];
  }
}

/** A byte limit as people read it in an error message: 5242880 → "5 MB" (MiB, as the settings count). */
export function megabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return `${mb >= 1 ? Math.round(mb * 10) / 10 : Number(mb.toPrecision(2))} MB`;
}

export function statusOf(code: ErrorCode): number {
  return ERROR_CATALOG[code];
}

/** The JSON body of an error answer; also what a failed job keeps as its outcome. */
export function errorBodyOf(error: ApiError, requestId: string, timestamp: string) {
  return {
    status: 'error' as const,
    statusCode: error.statusCode,
    code: error.code,
    message: error.message,
    requestId,
    timestamp,
    ...(error.details.errors ? { errors: error.details.errors } : {}),
  };
}
