import { StoreConflictError } from '../store/store-errors.js';
import { INVITE_TTL_MS, normalizeEmail, passwordProblem, RESET_TTL_MS } from '../domain/auth-policy.js';
import { ApiError, type FieldError } from '../domain/errors.js';
import { newId, randomBase62 } from '../domain/ids.js';
import type { Account, UserRecord } from '../store/store.js';
import type { AuthContext } from './auth-context.js';
import { startSession, type IssuedSession } from './manage-sessions.js';
import type { PasswordHasher } from './password-hash.js';
import { hashSecretToken, newSecretToken } from './secret-token.js';
import type { ServiceDeps } from './service-deps.js';

type Deps = Pick<ServiceDeps, 'store' | 'now' | 'publicUrl'>;

export const DEMO_EMAIL = 'demo@example.com';

function later(ms: number, now: string): string {
  return new Date(Date.parse(now) + ms).toISOString();
}

function checkCredentials(email: string, password: string): string {
  const errors: FieldError[] = [];
  const normalized = normalizeEmail(email);
  if (!normalized) errors.push({ path: 'email', message: 'is not an email address' });
  const problem = passwordProblem(password);
  if (problem) errors.push({ path: 'password', message: problem });
  if (errors.length > 0) throw new ApiError('invalid_request', `Check the form: ${errors.map((e) => `${e.path} ${e.message}`).join('; ')}.`, { errors });
  return normalized!;
}

/**
 * A new account with SIGNUP_CREDITS granted through the ledger, its user, and
 * a session. With SIGNUP=invite the invite is consumed in the same
 * transaction, so a link can never make two accounts.
 */
export async function signUp(
  deps: Deps,
  auth: AuthContext,
  input: { email: string; password: string; invite?: string },
): Promise<IssuedSession & { user: UserRecord; account: Account }> {
  if (auth.signup === 'closed') throw new ApiError('signup_closed', 'Sign-up is closed on this server. Ask its operator for an account.');
  if (auth.signup === 'invite' && !input.invite) {
    throw new ApiError('signup_closed', 'Sign-up on this server needs an invite link. Ask its operator for one (npx imprint invites create).');
  }
  const email = checkCredentials(input.email, input.password);
  const passwordHash = await auth.hasher.hash(input.password);
  const result = await deps.store.signUpUser({
    user: { id: `usr_${randomBase62(16)}`, email, passwordHash },
    account: { id: newId('acc'), credits: auth.signupCredits, note: 'sign-up credits' },
    inviteHash: auth.signup === 'invite' ? hashSecretToken(input.invite!) : undefined,
    now: deps.now(),
  });
  if (!result.ok) {
    if (result.reason === 'invalid_invite') throw new ApiError('invalid_token', 'This invite link is unknown, expired or already used. Ask for a new one.');
    throw new ApiError('email_taken', 'An account with this email already exists. Sign in instead, or ask the operator for a password reset link.');
  }
  return { ...(await startSession(deps, auth, result.user.id)), user: result.user, account: result.account };
}

/** A one-time sign-up link; the link is the only copy of the token. */
export async function createInvite(deps: Deps): Promise<{ url: string; expiresAt: string }> {
  const token = newSecretToken();
  const now = deps.now();
  const expiresAt = later(INVITE_TTL_MS, now);
  await deps.store.createAuthToken({ tokenHash: hashSecretToken(token), kind: 'invite', userId: null, now, expiresAt });
  return { url: `${deps.publicUrl}/#/signup/${token}`, expiresAt };
}

/** A one-time password reset link for an operator to hand over (there is no mail server). */
export async function createResetLink(deps: Deps, rawEmail: string): Promise<{ url: string; expiresAt: string; user: UserRecord }> {
  const email = normalizeEmail(rawEmail);
  const user = email ? await deps.store.findUserByEmail(email) : null;
  if (!user) throw new ApiError('not_found', `No user has the email "${rawEmail}".`);
  const token = newSecretToken();
  const now = deps.now();
  const expiresAt = later(RESET_TTL_MS, now);
  await deps.store.createAuthToken({ tokenHash: hashSecretToken(token), kind: 'reset', userId: user.id, now, expiresAt });
  const { passwordHash: _omit, ...record } = user;
  return { url: `${deps.publicUrl}/#/reset/${token}`, expiresAt, user: record };
}

/** Consumes the link, sets the password, ends every session, and signs this browser in. */
export async function resetPassword(deps: Deps, auth: AuthContext, input: { token: string; password: string }): Promise<IssuedSession & { user: UserRecord }> {
  const problem = passwordProblem(input.password);
  if (problem) throw new ApiError('invalid_request', `The new password ${problem}.`, { errors: [{ path: 'password', message: problem }] });
  const hash = await auth.hasher.hash(input.password);
  const user = await deps.store.resetPasswordWithToken(hashSecretToken(input.token), hash, deps.now());
  if (!user) throw new ApiError('invalid_token', 'This reset link is unknown, expired or already used. Ask the operator for a new one.');
  return { ...(await startSession(deps, auth, user.id)), user };
}

/**
 * The demo account's sign-in, made once: null when the account already has a
 * user. The password exists only in the return value.
 */
export async function createDemoUser(deps: Pick<ServiceDeps, 'store' | 'now'>, hasher: PasswordHasher, accountId: string): Promise<{ email: string; password: string } | null> {
  if (await deps.store.getUserByAccount(accountId)) return null;
  if (await deps.store.findUserByEmail(DEMO_EMAIL)) return null;
  const password = randomBase62(20);
  try {
    await deps.store.createUser({ id: `usr_${randomBase62(16)}`, accountId, email: DEMO_EMAIL, passwordHash: await hasher.hash(password), now: deps.now() });
  } catch (error) {
    // Another node starting at the same moment made it first.
    if (error instanceof StoreConflictError) return null;
    throw error;
  }
  return { email: DEMO_EMAIL, password };
}
