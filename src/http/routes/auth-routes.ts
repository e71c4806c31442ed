import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { EMAIL_MAX_LENGTH, type SignupMode } from '../../domain/auth-policy.js';
import { ApiError } from '../../domain/errors.js';
import { changePassword, resolveSession, signIn, signOut, signOutEverywhere, type IssuedSession, type SignedIn } from '../../services/manage-sessions.js';
import { resetPassword, signUp } from '../../services/manage-users.js';
import type { Account, UserRecord } from '../../store/store.js';
import type { AppOptions, AuthRuntime, ImprintApp } from '../app.js';
import { errorResponses } from '../routes.js';

const tags = ['Sign-in'];

/** Code points are checked by the service; this only bounds the bytes scrypt is handed. */
const Password = Type.String({ minLength: 1, maxLength: 1024 });
const Email = Type.String({ minLength: 1, maxLength: EMAIL_MAX_LENGTH + 16 });
const Token = Type.String({ pattern: '^[A-Za-z0-9_-]{43}$', description: 'The token from a one-time link', examples: ['q3Xv8N0bT5mK2wR7yL1cJ9fH4dS6aG0eP8uZ3iO5nB2'] });

const SignedInView = Type.Object({
  signedIn: Type.Literal(true),
  signup: Type.String(),
  email: Type.String(),
  account: Type.Object({ id: Type.String(), name: Type.String(), credits: Type.Integer() }),
  csrfToken: Type.String({ description: 'Send as X-CSRF-Token on every signed-in write' }),
  expiresAt: Type.String({ format: 'date-time', description: 'Absolute end of the session' }),
});
const SessionView = Type.Union([SignedInView, Type.Object({ signedIn: Type.Literal(false), signup: Type.String() })]);

function view(signup: SignupMode, user: UserRecord, account: Account, session: { csrfToken: string; expiresAt: string }) {
  return {
    signedIn: true as const,
    signup,
    email: user.email,
    account: { id: account.id, name: account.name, credits: account.credits },
    csrfToken: session.csrfToken,
    expiresAt: session.expiresAt,
  };
}

/**
 * Sign-up, sign-in and the session. Every POST here checks Origin first (in
 * onRequest, before the body is read): without it another site could sign a
 * visitor into the attacker's account (login CSRF). Routes that act on a
 * session also need its X-CSRF-Token.
 */
export function registerAuthRoutes(app: ImprintApp, options: AppOptions, auth: AuthRuntime): void {
  const { deps } = options;
  const { context, cookies } = auth;
  const signupPolicy = { name: 'signup', limit: options.limits.signupPerHour ?? 10, windowSeconds: 3600 };
  const attemptPolicy = { name: 'sign-in', limit: options.limits.signInPerMinute ?? 30, windowSeconds: 60 };
  // A signed-in user could otherwise keep the shared scrypt queue full with correct changes, and every
  // sign-in on the server waited behind them (100 changes in flight: 12–15 s per sign-in).
  const passwordPolicy = { name: 'password-change', limit: options.limits.passwordChangesPerHour ?? 10, windowSeconds: 3600 };

  const checkOrigin = async (request: FastifyRequest) => cookies.checkOrigin(request);
  type Policy = { name: string; limit: number; windowSeconds: number };
  /** Counts one attempt under `key`; past the policy's limit, a 429 with Retry-After saying whose window it is. */
  const limit = async (reply: FastifyReply, key: string, policy: Policy, whose: string) => {
    const decision = await options.rateLimiter.hit(key, policy);
    if (!decision.allowed) {
      reply.header('Retry-After', String(decision.resetSeconds));
      throw new ApiError('rate_limited', `Too many ${policy.name} attempts ${whose}. Retry after ${decision.resetSeconds} s.`);
    }
  };
  /** Per IP: every attempt costs a scrypt run, so attempts are bounded even when each uses a new email. */
  const perIp = (policy: Policy) => async (request: FastifyRequest, reply: FastifyReply) => limit(reply, request.ip, policy, 'from this address');
  const current = async (request: FastifyRequest, reply: FastifyReply, write: boolean): Promise<SignedIn> => {
    const token = cookies.read(request);
    const signedIn = token ? await resolveSession(deps, context, token) : null;
    if (!signedIn) {
      if (token) cookies.clear(reply);
      throw new ApiError('not_signed_in', 'Not signed in, or the session has ended. Sign in again.');
    }
    if (write) cookies.checkWrite(request, signedIn.session.csrfToken);
    return signedIn;
  };
  /** Ends the session this browser had before (if any) and sets the new one: a sign-in never reuses an id. */
  const begin = async (request: FastifyRequest, reply: FastifyReply, issued: IssuedSession) => {
    const previous = cookies.read(request);
    if (previous) {
      const old = await resolveSession(deps, context, previous);
      if (old) await signOut(deps, old.session);
    }
    cookies.set(reply, issued.token, issued.session.expiresAt, deps.now());
    // Never cache an answer that carries a session.
    reply.header('Cache-Control', 'no-store');
  };

  app.get(
    '/auth/session',
    {
      schema: { operationId: 'getSession', summary: 'Who is signed in, with the CSRF token for writes', tags, response: { 200: SessionView, ...errorResponses() } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const token = cookies.read(request);
      const signedIn = token ? await resolveSession(deps, context, token) : null;
      if (!signedIn) {
        if (token) cookies.clear(reply);
        return { signedIn: false as const, signup: context.signup };
      }
      return view(context.signup, signedIn.user, signedIn.account, signedIn.session);
    },
  );

  app.post(
    '/auth/signup',
    {
      onRequest: [checkOrigin, perIp(signupPolicy)],
      schema: {
        operationId: 'signUp',
        summary: 'Create an account and sign in',
        description: `SIGNUP=open: anyone; invite: needs \`invite\` from a link made by \`npx imprint invites create\`; closed: 403 signup_closed. The account starts with SIGNUP_CREDITS credits.`,
        tags,
        body: Type.Object({ email: Email, password: Password, invite: Type.Optional(Token) }, { additionalProperties: false }),
        response: { 201: SignedInView, ...errorResponses(400, 403, 409) },
      },
    },
    async (request, reply) => {
      const created = await signUp(deps, context, request.body);
      await begin(request, reply, created);
      return reply.code(201).send(view(context.signup, created.user, created.account, created.session));
    },
  );

  app.post(
    '/auth/signin',
    {
      onRequest: [checkOrigin, perIp(attemptPolicy)],
      schema: {
        operationId: 'signIn',
        summary: 'Sign in with email and password',
        description:
          'An unknown email and a wrong password get the same 401 invalid_credentials in the same time. Failures are throttled per email and per address with a doubling wait (429 + Retry-After).',
        tags,
        body: Type.Object({ email: Email, password: Password }, { additionalProperties: false }),
        response: { 200: SignedInView, ...errorResponses(400, 403) },
      },
    },
    async (request, reply) => {
      const issued = await signIn(deps, context, { ...request.body, ip: request.ip });
      const account = await deps.store.getAccount(issued.user.accountId);
      if (!account) throw new ApiError('not_signed_in', 'This user has no account any more.');
      await begin(request, reply, issued);
      return view(context.signup, issued.user, account, issued.session);
    },
  );

  app.post(
    '/auth/reset',
    {
      onRequest: [checkOrigin, perIp(attemptPolicy)],
      schema: {
        operationId: 'resetPassword',
        summary: 'Set a new password with a one-time reset link, and sign in',
        description: 'The link comes from `npx imprint users reset-password --email E`. It works once and ends every session of the user.',
        tags,
        body: Type.Object({ token: Token, password: Password }, { additionalProperties: false }),
        response: { 200: SignedInView, ...errorResponses(400, 403) },
      },
    },
    async (request, reply) => {
      const issued = await resetPassword(deps, context, request.body);
      const account = await deps.store.getAccount(issued.user.accountId);
      if (!account) throw new ApiError('not_signed_in', 'This user has no account any more.');
      await begin(request, reply, issued);
      return view(context.signup, issued.user, account, issued.session);
    },
  );

  app.post(
    '/auth/signout',
    {
      onRequest: [checkOrigin],
      schema: { operationId: 'signOut', summary: 'Sign out this browser', tags, response: { 204: Type.Null(), ...errorResponses(403) } },
    },
    async (request, reply) => {
      const signedIn = await current(request, reply, true);
      await signOut(deps, signedIn.session);
      cookies.clear(reply);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/auth/signout-all',
    {
      onRequest: [checkOrigin],
      schema: {
        operationId: 'signOutEverywhere',
        summary: 'Sign out every browser of this user',
        tags,
        response: { 200: Type.Object({ endedSessions: Type.Integer() }), ...errorResponses(403) },
      },
    },
    async (request, reply) => {
      const signedIn = await current(request, reply, true);
      const endedSessions = await signOutEverywhere(deps, signedIn.user);
      cookies.clear(reply);
      return { endedSessions };
    },
  );

  app.post(
    '/auth/password',
    {
      onRequest: [checkOrigin, perIp(passwordPolicy)],
      schema: {
        operationId: 'changePassword',
        summary: 'Change the password; every other session ends',
        description: `At most ${passwordPolicy.limit} changes an hour from one client address, and as many for one user (429 + Retry-After).`,
        tags,
        body: Type.Object({ currentPassword: Password, newPassword: Password }, { additionalProperties: false }),
        response: { 200: Type.Object({ endedSessions: Type.Integer() }), ...errorResponses(400, 403, 429) },
      },
    },
    async (request, reply) => {
      const signedIn = await current(request, reply, true);
      // Per user as well: an address is cheap to change (an IPv6 /64 holds billions), a user is not.
      await limit(reply, `user:${signedIn.user.id}`, passwordPolicy, 'for this user');
      return changePassword(deps, context, signedIn, request.body);
    },
  );
}
