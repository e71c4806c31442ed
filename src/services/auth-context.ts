import { EMAIL_THROTTLE, IP_THROTTLE, type SignupMode, type ThrottlePolicy } from '../domain/auth-policy.js';
import { DEFAULT_SCRYPT, PasswordHasher, type ScryptParams } from './password-hash.js';
import { MemorySignInThrottle, type SignInThrottle } from './sign-in-throttle.js';

/** The operator's choices (SIGNUP, SIGNUP_CREDITS, SESSION_*). */
export interface AuthSettings {
  signup: SignupMode;
  signupCredits: number;
  sessionIdleMs: number;
  sessionMaxMs: number;
  scrypt?: ScryptParams;
}

export const DEFAULT_AUTH_SETTINGS: AuthSettings = {
  signup: 'open',
  signupCredits: 50,
  sessionIdleMs: 72 * 3600 * 1000,
  sessionMaxMs: 14 * 24 * 3600 * 1000,
};

/** Settings plus the per-process state sign-in needs: the hasher and the failure counters. */
export interface AuthContext extends AuthSettings {
  hasher: PasswordHasher;
  emailThrottle: SignInThrottle;
  ipThrottle: SignInThrottle;
}

/** Builds a throttle for a subject kind; the name keeps the kinds' counters apart in a shared store. */
export type SignInThrottleFactory = (name: 'email' | 'ip', policy: ThrottlePolicy, nowMs: () => number) => SignInThrottle;

export const memorySignInThrottles: SignInThrottleFactory = (_name, policy, nowMs) => new MemorySignInThrottle(policy, nowMs);

export function createAuthContext(
  settings: AuthSettings = DEFAULT_AUTH_SETTINGS,
  nowMs: () => number = Date.now,
  throttles: SignInThrottleFactory = memorySignInThrottles,
): AuthContext {
  return {
    ...settings,
    hasher: new PasswordHasher(settings.scrypt ?? DEFAULT_SCRYPT),
    emailThrottle: throttles('email', EMAIL_THROTTLE, nowMs),
    ipThrottle: throttles('ip', IP_THROTTLE, nowMs),
  };
}
