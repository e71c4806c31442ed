/**
 * The rules of signing in, free of I/O so the browser app can share them.
 * The numbers are explained in docs/decisions/0016-sign-in-and-sessions.md.
 */

export type SignupMode = 'open' | 'invite' | 'closed';
export const SIGNUP_MODES: readonly SignupMode[] = ['open', 'invite', 'closed'];

/** NIST SP 800-63B: at least 8 characters, no composition rules; we ask for 10. */
export const PASSWORD_MIN_LENGTH = 10;
/** Bounds the work one request can ask of the hash; long enough for any passphrase. */
export const PASSWORD_MAX_LENGTH = 256;
/** RFC 5321's limit on a forward path. */
export const EMAIL_MAX_LENGTH = 254;

export const SESSION_COOKIE = 'imprint_session';
/** With https the __Host- prefix makes the browser refuse the cookie unless it is Secure, Path=/ and has no Domain. */
export const SECURE_SESSION_COOKIE = '__Host-imprint_session';
export const CSRF_HEADER = 'x-csrf-token';

export const INVITE_TTL_MS = 7 * 24 * 3600 * 1000;
export const RESET_TTL_MS = 60 * 60 * 1000;
/** lastSeenAt is written at most this often: a signed-in page should not turn every read into a write. */
export const SESSION_TOUCH_MS = 60 * 1000;

/** Lower-cased and trimmed: the one form stored and looked up. Null when it is not a plausible address. */
export function normalizeEmail(raw: string): string | null {
  const email = raw.trim().toLowerCase();
  if (email.length === 0 || email.length > EMAIL_MAX_LENGTH) return null;
  // Deliberately loose: one @, something on each side, a dot in the domain, no spaces or controls.
  if (!/^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+\.[^\s@\p{Cc}]+$/u.test(email)) return null;
  return email;
}

/** A message for the password field, or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return `must be at least ${PASSWORD_MIN_LENGTH} characters`;
  if (length > PASSWORD_MAX_LENGTH) return `must be at most ${PASSWORD_MAX_LENGTH} characters`;
  return null;
}

/**
 * Failed sign-ins allowed before a wait, and the wait after the n-th failure
 * beyond them: 1 s, 2 s, 4 s … up to maxMs. Per email and per IP separately.
 */
export interface ThrottlePolicy {
  freeFailures: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** Failures are forgotten this long after the last one. */
  forgetAfterMs: number;
}

export const EMAIL_THROTTLE: ThrottlePolicy = { freeFailures: 5, baseDelayMs: 1000, maxDelayMs: 15 * 60 * 1000, forgetAfterMs: 24 * 3600 * 1000 };
export const IP_THROTTLE: ThrottlePolicy = { freeFailures: 20, baseDelayMs: 1000, maxDelayMs: 15 * 60 * 1000, forgetAfterMs: 24 * 3600 * 1000 };

export function throttleDelayMs(policy: ThrottlePolicy, failures: number): number {
  if (failures < policy.freeFailures) return 0;
  const exponent = Math.min(failures - policy.freeFailures, 30);
  return Math.min(policy.baseDelayMs * 2 ** exponent, policy.maxDelayMs);
}
