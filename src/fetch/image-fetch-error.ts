/**
 * Why a fetch was refused or failed. Callers (the service's 422 `image_fetch_failed`)
 * may branch on `reason`; `message` is written to be shown to the end user as is.
 */
export type ImageFetchReason =
  | 'bad_url'
  | 'bad_scheme'
  | 'blocked_address'
  | 'dns'
  | 'network'
  | 'timeout'
  | 'http_status'
  | 'too_many_redirects'
  | 'too_large'
  | 'not_an_image'
  | 'unsupported_format'
  | 'too_many_pixels';

/**
 * The only error `fetchImage` throws. The message never contains resolved IP addresses
 * or low-level error text: telling a tenant which internal address a hostname maps to
 * would itself leak network topology. The original error, if any, is kept in `cause`
 * for server-side logs only.
 */
export class ImageFetchError extends Error {
  readonly reason: ImageFetchReason;

  constructor(reason: ImageFetchReason, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ImageFetchError';
    this.reason = reason;
  }
}
