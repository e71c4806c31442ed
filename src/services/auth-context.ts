import { EMAIL_THROTTLE, IP_THROTTLE, type SignupMode } from '../domain/auth-policy.js';
import { DEFAULT_SCRYPT, PasswordHasher, type ScryptParams } from './password-hash.js';
import { SignInThrottle } from './sign-in-throttle.js';

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

export function createAuthContext(settings: AuthSettings = DEFAULT_AUTH_SETTINGS, nowMs: () => number = Date.now): AuthContext {
  return {
    ...settings,
    hasher: new PasswordHasher(settings.scrypt ?? DEFAULT_SCRYPT),
    emailThrottle: new SignInThrottle(EMAIL_THROTTLE, nowMs),
    ipThrottle: new SignInThrottle(IP_THROTTLE, nowMs),
  };
}
