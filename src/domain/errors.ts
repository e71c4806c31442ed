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
  not_found: 404,
  method_not_allowed: 405,
  idempotency_key_in_use: 409,
  too_many_api_keys: 409,
  email_taken: 409,
  asset_in_use: 409,
  asset_quota_exceeded: 409,
  payload_too_large: 413,
  uri_too_long: 414,
  unsupported_media_type: 415,
  image_fetch_failed: 422,
  render_failed: 422,
  render_too_complex: 422,
  idempotency_key_reused: 422,
  rate_limited: 429,
  headers_too_large: 431,
  internal_error: 500,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_CATALOG;

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
