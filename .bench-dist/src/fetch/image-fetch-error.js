/**
 * The only error `fetchImage` throws. The message never contains resolved IP addresses
 * or low-level error text: telling a tenant which internal address a hostname maps to
 * would itself leak network topology. The original error, if any, is kept in `cause`
 * for server-side logs only.
 */
export class ImageFetchError extends Error {
    reason;
    constructor(reason, message, options) {
        super(message, options);
        this.name = 'ImageFetchError';
        this.reason = reason;
    }
}
//# sourceMappingURL=image-fetch-error.js.map