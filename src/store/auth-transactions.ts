import { grantTx } from './credit-transactions.js';
import { ACCOUNT_COLUMNS, USER_COLUMNS, toAccount, toUser, type AccountRow, type UserRow } from './rows.js';
import { all, one, run, type TxBody } from './sql-driver.js';
import { StoreConflictError } from './store-errors.js';
import type { SignUpResult, UserRecord, UserWithPassword } from './store.js';

export function withoutPassword(user: UserWithPassword): UserRecord {
  const { passwordHash: _omit, ...rest } = user;
  return rest;
}

/** Marks an unused, unexpired one-time token as used; the UPDATE's WHERE makes a second use a no-op even under a race. */
function* consumeTokenTx(tokenHash: string, kind: 'invite' | 'reset', now: string): TxBody<{ user_id: string | null } | null> {
  return yield* one<{ user_id: string | null }>(`UPDATE auth_tokens SET used_at = ? WHERE token_hash = ? AND kind = ? AND used_at IS NULL AND expires_at > ? RETURNING user_id`, [
    now,
    tokenHash,
    kind,
    now,
  ]);
}

export function* signUpTx(input: {
  user: { id: string; email: string; passwordHash: string };
  account: { id: string; credits: number; note: string };
  inviteHash?: string;
  now: string;
}): TxBody<SignUpResult> {
  const { now } = input;
  if (input.inviteHash !== undefined && !(yield* consumeTokenTx(input.inviteHash, 'invite', now))) {
    return { ok: false, reason: 'invalid_invite' };
  }
  // Checked first so the common case needs no constraint error; the UNIQUE index still decides a race.
  if (yield* one('SELECT 1 AS taken FROM users WHERE email = ?', [input.user.email])) {
    if (input.inviteHash !== undefined) throw new StoreConflictError('email taken');
    return { ok: false, reason: 'email_taken' };
  }
  const nameTaken = yield* one('SELECT 1 AS taken FROM accounts WHERE name = ?', [input.user.email]);
  const name = nameTaken ? `${input.user.email} (${input.account.id})` : input.user.email;
  const accountRow = yield* one<AccountRow>(`INSERT INTO accounts (id, name, credits, created_at) VALUES (?, ?, 0, ?) RETURNING ${ACCOUNT_COLUMNS}`, [input.account.id, name, now]);
  if (input.account.credits > 0) yield* grantTx(input.account.id, input.account.credits, input.account.note, now);
  const userRow = yield* one<UserRow>(
    `INSERT INTO users (id, account_id, email, password_hash, created_at, password_changed_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING ${USER_COLUMNS}`,
    [input.user.id, input.account.id, input.user.email, input.user.passwordHash, now, now],
  );
  return { ok: true, user: withoutPassword(toUser(userRow!)), account: toAccount({ ...accountRow!, credits: input.account.credits }) };
}

export function* resetPasswordTx(tokenHash: string, passwordHash: string, now: string): TxBody<UserRecord | null> {
  const token = yield* consumeTokenTx(tokenHash, 'reset', now);
  if (!token?.user_id) return null;
  const rows = yield* all<UserRow>(`UPDATE users SET password_hash = ?, password_changed_at = ? WHERE id = ? RETURNING ${USER_COLUMNS}`, [passwordHash, now, token.user_id]);
  if (rows.length === 0) return null;
  // Whoever holds a session may be the reason for the reset: all of them end.
  yield* run('DELETE FROM sessions WHERE user_id = ?', [token.user_id]);
  // Any other reset link for the user is now stale.
  yield* run(`UPDATE auth_tokens SET used_at = ? WHERE user_id = ? AND kind = 'reset' AND used_at IS NULL`, [now, token.user_id]);
  return withoutPassword(toUser(rows[0]));
}
