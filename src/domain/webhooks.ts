/** Standard Webhooks' (and Svix's) published schedule: the waits before retries 1…6 after a failed attempt. */
export const DEFAULT_WEBHOOK_RETRY_DELAYS_MS = [5, 300, 1800, 7200, 18000, 36000].map((s) => s * 1000);

/** A receiver must answer 2xx within this for a delivery to count. */
export const WEBHOOK_TIMEOUT_MS = 15_000;
