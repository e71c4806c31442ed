import { normalizeEmail, passwordProblem, SESSION_TOUCH_MS } from '../domain/auth-policy.js';
import { ApiError } from '../domain/errors.js';
import type { Account, SessionRecord, UserRecord } from '../store/store.js';
import type { AuthContext } from './auth-context.js';
import { hashSecretToken, newSecretToken } from './secret-token.js';
import type { ServiceDeps } from './service-deps.js';

type Deps = Pick<ServiceDeps, 'store' | 'now'>;
/** Sign-in and password changes also report their throttle's refusals. */
type ThrottledDeps = Deps & Pick<ServiceDeps, 'metrics'>;

export interface IssuedSession {
  /** The cookie value; only its hash is stored. */
  token: string;
  session: SessionRecord;
}

export interface SignedIn {
  session: SessionRecord;
  user: UserRecord;
  account: Account;
}

/** The one answer for an unknown email and a wrong password. */
const BAD_CREDENTIALS = 'The email or password is not right.';

function shift(iso: string, ms: number): string {
  return new Date(Date.parse(iso) + ms).toISOString();
}

/** Always a fresh random id: a token planted before sign-in (session fixation) is never promoted. */
export async function startSession(deps: Deps, auth: Pick<AuthContext, 'sessionMaxMs'>, userId: string): Promise<IssuedSession> {
  const token = newSecretToken();
  const now = deps.now();
  const session = await deps.store.createSession({
    idHash: hashSecretToken(token),
    userId,
    csrfToken: newSecretToken(),
    now,
    expiresAt: shift(now, auth.sessionMaxMs),
  });
  return { token, session };
}

/** The refusal, counted under the throttle that bound it, so /metrics shows guessing runs next to the HTTP limits. */
function throttled(deps: ThrottledDeps, limiter: 'sign-in-email' | 'sign-in-ip', waitMs: number): ApiError {
  deps.metrics?.rateLimited(limiter);
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new ApiError('rate_limited', `Too many failed sign-ins for this email or from this address. Retry after ${seconds} s.`, {
    headers: { 'Retry-After': String(seconds) },
  });
}

/**
 * Email and password to a new session. Unknown emails cost a dummy scrypt
 * run and count as failures like wrong passwords, so neither the answer, its
 * timing nor the throttle tells whether an email has an account.
 */
export async function signIn(deps: ThrottledDeps, auth: AuthContext, input: { email: string; password: string; ip: string }): Promise<IssuedSession & { user: UserRecord }> {
  const emailKey = normalizeEmail(input.email) ?? input.email.trim().toLowerCase();
  const emailWait = (await auth.emailThrottle.check(emailKey)).waitMs;
  const ipWait = (await auth.ipThrottle.check(input.ip)).waitMs;
  if (emailWait > 0 || ipWait > 0) throw emailWait >= ipWait ? throttled(deps, 'sign-in-email', emailWait) : throttled(deps, 'sign-in-ip', ipWait);
  const user = await deps.store.findUserByEmail(emailKey);
  const ok = user ? await auth.hasher.verify(input.password, user.passwordHash) : (await auth.hasher.verifyDummy(input.password), false);
  if (!user || !ok) {
    await auth.emailThrottle.fail(emailKey);
    await auth.ipThrottle.fail(input.ip);
    throw new ApiError('invalid_credentials', BAD_CREDENTIALS);
  }
  // The IP's count is kept: signing in to one's own account must not reset a guessing run against others.
  await auth.emailThrottle.succeed(emailKey);
  const { passwordHash: _omit, ...record } = user;
  return { ...(await startSession(deps, auth, user.id)), user: record };
}

/** The session behind a cookie token, or null if unknown, ended, idle too long or past its absolute end. */
export async function resolveSession(deps: Deps, auth: Pick<AuthContext, 'sessionIdleMs'>, token: string): Promise<SignedIn | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const idHash = hashSecretToken(token);
  const now = deps.now();
  const found = await deps.store.findSession(idHash, { now, idleSince: shift(now, -auth.sessionIdleMs) });
  if (!found) return null;
  if (Date.parse(now) - Date.parse(found.session.lastSeenAt) > SESSION_TOUCH_MS) await deps.store.touchSession(idHash, now);
  return found;
}

export async function signOut(deps: Deps, session: SessionRecord): Promise<void> {
  await deps.store.deleteSession(session.idHash);
}

/** Every session of the user, this one included. */
export async function signOutEverywhere(deps: Deps, user: UserRecord): Promise<number> {
  return deps.store.deleteUserSessions(user.id, null);
}

/** Needs the current password (a borrowed, unlocked browser must not be enough); ends every other session. */
export async function changePassword(
  deps: ThrottledDeps,
  auth: AuthContext,
  signedIn: SignedIn,
  input: { currentPassword: string; newPassword: string },
): Promise<{ endedSessions: number }> {
  const problem = passwordProblem(input.newPassword);
  if (problem) throw new ApiError('invalid_request', `The new password ${problem}.`, { errors: [{ path: 'newPassword', message: problem }] });
  const wait = (await auth.emailThrottle.check(signedIn.user.email)).waitMs;
  if (wait > 0) throw throttled(deps, 'sign-in-email', wait);
  const user = await deps.store.getUser(signedIn.user.id);
  if (!user || !(await auth.hasher.verify(input.currentPassword, user.passwordHash))) {
    await auth.emailThrottle.fail(signedIn.user.email);
    throw new ApiError('invalid_request', 'The current password is not right.', { errors: [{ path: 'currentPassword', message: 'is not right' }] });
  }
  const hash = await auth.hasher.hash(input.newPassword);
  return { endedSessions: await deps.store.setPassword(user.id, hash, deps.now(), signedIn.session.idHash) };
}

/** Deletes ended sessions and spent or expired links; lookups already ignore them, this only reclaims space. */
export async function purgeEndedSessions(deps: Deps, auth: Pick<AuthContext, 'sessionIdleMs'>): Promise<number> {
  const now = deps.now();
  return deps.store.purgeAuth({ now, idleSince: shift(now, -auth.sessionIdleMs) });
}
