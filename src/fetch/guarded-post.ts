import { httpGetOnce } from './http-get.js';
import { parseHttpUrl, resolvePublicTargets, type AddressPolicyOptions } from './public-targets.js';

export interface GuardedPostOptions extends AddressPolicyOptions {
  connectTimeoutMs?: number;
}

/**
 * Outgoing POSTs (webhook deliveries) under the image fetcher's SSRF guard:
 * the same URL rules, one DNS answer checked and then connected to by IP, no
 * redirect followed (a 3xx is just the receiver's answer).
 */
export interface GuardedPoster {
  /** Rejects with ImageFetchError (`bad_url`, `bad_scheme`, `dns`, `blocked_address`) when the URL may not be posted to. */
  check(url: string): Promise<void>;
  /** The receiver's status, or an ImageFetchError (`timeout`, `network`, or a refusal as in check()). */
  post(url: string, body: string, headers: Record<string, string>, timeoutMs: number): Promise<number>;
}

export function createGuardedPoster(opts: GuardedPostOptions = {}): GuardedPoster {
  const connectTimeoutMs = opts.connectTimeoutMs ?? 3_000;
  const resolve = async (input: string, deadline: number) => {
    const url = parseHttpUrl(input, undefined, 'webhook');
    return { url, targets: await resolvePublicTargets(url, deadline, opts, 'webhook') };
  };
  return {
    async check(input) {
      await resolve(input, Date.now() + connectTimeoutMs);
    },
    async post(input, body, headers, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      const { url, targets } = await resolve(input, deadline);
      const hop = await httpGetOnce({
        url,
        targets,
        method: 'POST',
        body: Buffer.from(body),
        headers: { 'content-type': 'application/json', 'user-agent': 'Imprint-Webhooks/1.0', ...headers },
        deadline,
        connectTimeoutMs: Math.min(connectTimeoutMs, timeoutMs),
        maxBytes: 0,
        statusOnly: true,
      });
      return hop.status;
    },
  };
}
