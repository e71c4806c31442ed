import dns from 'node:dns';
import { ipLiteralOf, isPublicUnicast } from './address-policy.js';
import type { ConnectTarget } from './http-get.js';
import { ImageFetchError } from './image-fetch-error.js';

export type LookupFn = (host: string) => Promise<{ address: string; family: 4 | 6 }[]>;

/** Where an outgoing request (an image download, a webhook delivery) may connect. */
export interface AddressPolicyOptions {
  /** Skips the public-address check only (FETCH_ALLOW_PRIVATE=1); every other limit stays. */
  allowPrivate?: boolean;
  /** DNS resolver; injectable for tests. Default: dns.promises.lookup({ all: true }). */
  lookup?: LookupFn;
  /**
   * TEST ONLY. Rewrites where a socket goes *after* the address passed the SSRF check,
   * so a test can make "public.test → 93.184.216.34" actually reach a loopback server
   * and exercise the checks that follow (redirects). Never set this in production.
   */
  testOnlyConnectTo?: (validated: ConnectTarget) => ConnectTarget;
}

async function defaultLookup(host: string): Promise<{ address: string; family: 4 | 6 }[]> {
  const found = await dns.promises.lookup(host, { all: true, verbatim: true });
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
}

function withDeadline<T>(promise: Promise<T>, deadline: number, noun: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ImageFetchError('timeout', `Resolving the ${noun} host took too long.`)), Math.max(0, deadline - Date.now()));
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** An http(s) URL without credentials, or an ImageFetchError saying why not. */
export function parseHttpUrl(input: string, base?: URL, noun = 'image'): URL {
  let url: URL;
  try {
    url = new URL(input, base);
  } catch (err) {
    throw new ImageFetchError('bad_url', `The ${noun} URL is not a valid URL.`, { cause: err });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ImageFetchError('bad_scheme', `Only http and https ${noun} URLs are allowed, not "${url.protocol}".`);
  }
  if (url.username || url.password) {
    throw new ImageFetchError('bad_url', `${noun[0].toUpperCase()}${noun.slice(1)} URLs must not contain a user name or password.`);
  }
  return url;
}

/**
 * The SSRF guard: resolves the host once and checks every answer (one private
 * address taints the whole name). The caller connects to these addresses and
 * nothing else, so a second DNS answer (rebinding) cannot redirect the socket.
 */
export async function resolvePublicTargets(url: URL, deadline: number, policy: AddressPolicyOptions, noun = 'image'): Promise<ConnectTarget[]> {
  const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
  let addresses: { address: string; family: 4 | 6 }[];
  const literal = ipLiteralOf(url);
  if (literal) {
    addresses = [literal];
  } else {
    try {
      addresses = await withDeadline((policy.lookup ?? defaultLookup)(url.hostname), deadline, noun);
    } catch (err) {
      if (err instanceof ImageFetchError) throw err;
      throw new ImageFetchError('dns', `The ${noun} host "${url.hostname}" could not be resolved.`, { cause: err });
    }
    if (addresses.length === 0) {
      throw new ImageFetchError('dns', `The ${noun} host "${url.hostname}" could not be resolved.`);
    }
  }
  if (!policy.allowPrivate && !addresses.every((a) => isPublicUnicast(a.address))) {
    throw new ImageFetchError('blocked_address', `The ${noun} URL points to a private, local or reserved network address, which is not allowed.`);
  }
  // IPv4 first: hosts without IPv6 egress would otherwise wait on a dead AAAA route.
  const ordered = [...addresses].sort((a, b) => a.family - b.family);
  const targets = ordered.map((a) => ({ address: a.address, family: a.family, port }));
  return policy.testOnlyConnectTo ? targets.map(policy.testOnlyConnectTo) : targets;
}
