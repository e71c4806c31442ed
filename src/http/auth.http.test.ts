import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_AUTH_SETTINGS, type AuthSettings } from '../services/auth-context.js';
import { createInvite, createResetLink } from '../services/manage-users.js';
import { createTestApp, type TestApp } from './test-app.js';

const ORIGIN = 'http://imprint.test';
/** Cheap scrypt so tests that sign in dozens of times stay fast; the equal-time test uses the real cost. */
const FAST: AuthSettings = { ...DEFAULT_AUTH_SETTINGS, scrypt: { logN: 10, r: 8, p: 1 } };
const PASSWORD = 'correct horse battery';

type Reply = Awaited<ReturnType<TestApp['app']['inject']>>;

/** The session cookie a response sets, with every attribute, failing unless the flags are the ones we promise. */
function sessionCookie(res: Reply, opts: { secure?: boolean } = {}): { name: string; value: string; attributes: string[] } {
  const header = res.headers['set-cookie'];
  const lines = Array.isArray(header) ? header : header ? [header] : [];
  assert.equal(lines.length, 1, `exactly one Set-Cookie, got ${JSON.stringify(header)}`);
  const [pair, ...rest] = lines[0].split(';').map((part) => part.trim());
  const attributes = rest.map((a) => a.toLowerCase());
  const name = pair.slice(0, pair.indexOf('='));
  assert.ok(attributes.includes('httponly'), `HttpOnly missing: ${lines[0]}`);
  assert.ok(attributes.includes('samesite=lax'), `SameSite=Lax missing: ${lines[0]}`);
  assert.ok(attributes.includes('path=/'), `Path=/ missing: ${lines[0]}`);
  assert.ok(!attributes.some((a) => a.startsWith('domain=')), 'no Domain: the cookie stays on this host');
  assert.equal(attributes.includes('secure'), Boolean(opts.secure), `Secure must be ${opts.secure ? 'set' : 'absent'} for this PUBLIC_URL: ${lines[0]}`);
  assert.equal(name, opts.secure ? '__Host-imprint_session' : 'imprint_session');
  return { name, value: pair.slice(name.length + 1), attributes };
}

function withoutVolatile(body: Record<string, unknown>) {
  const { requestId: _r, timestamp: _t, ...rest } = body;
  return rest;
}

let ipCounter = 0;
/** A fresh client address per call site, so the per-address limits of one test do not leak into another. */
const freshIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

async function signUp(t: TestApp, email: string, extra: { invite?: string; ip?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/auth/signup',
    remoteAddress: extra.ip ?? freshIp(),
    headers: { origin: ORIGIN },
    payload: { email, password: PASSWORD, ...(extra.invite ? { invite: extra.invite } : {}) },
  });
}

async function signIn(t: TestApp, email: string, password: string, opts: { ip?: string; cookie?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/auth/signin',
    remoteAddress: opts.ip ?? freshIp(),
    headers: { origin: ORIGIN, ...(opts.cookie ? { cookie: opts.cookie } : {}) },
    payload: { email, password },
  });
}

/** imprint_rate_limit_rejections_total for one limiter, as /metrics shows it (0 before its first refusal). */
async function rejections(t: TestApp, limiter: string): Promise<number> {
  const scrape = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
  const line = scrape.split('\n').find((l) => l.startsWith(`imprint_rate_limit_rejections_total{limiter="${limiter}"} `));
  return line ? Number(line.split(' ')[1]) : 0;
}

/** Signs up and returns what a browser would hold: the cookie and the CSRF token. */
async function browser(t: TestApp, email: string) {
  const res = await signUp(t, email);
  assert.equal(res.statusCode, 201, res.body);
  const { name, value } = sessionCookie(res);
  return { cookie: `${name}=${value}`, csrf: res.json().csrfToken as string, token: value, body: res.json() };
}

describe('sign-up, sign-in and sessions', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ auth: { ...FAST, signupCredits: 50 } });
  });
  after(() => t.close());

  test('sign-up makes an account with SIGNUP_CREDITS granted in the ledger, and signs in', async () => {
    const b = await browser(t, 'New.User@Example.com');
    assert.equal(b.body.email, 'new.user@example.com', 'emails are kept lower-cased');
    assert.equal(b.body.account.credits, 50);
    const session = (await t.app.inject({ url: '/auth/session', headers: { cookie: b.cookie } })).json();
    assert.equal(session.signedIn, true);
    assert.equal(session.csrfToken, b.csrf);
    const account = await t.app.inject({ url: '/account', headers: { cookie: b.cookie } });
    assert.equal(account.statusCode, 200, account.body);
    assert.equal(account.json().credits, 50);
    const usage = (await t.app.inject({ url: '/account/usage', headers: { cookie: b.cookie } })).json();
    assert.deepEqual(
      usage.entries.map((e: { reason: string; delta: number; reference: string }) => [e.reason, e.delta, e.reference]),
      [['grant', 50, 'sign-up credits']],
    );
    const templates = await t.app.inject({ url: '/templates/all', headers: { cookie: b.cookie } });
    assert.deepEqual(templates.json(), [], "a new account sees no one else's templates");

    const again = await signUp(t, 'new.user@EXAMPLE.com');
    assert.equal(again.statusCode, 409);
    assert.equal(again.json().code, 'email_taken');
    const weak = await signUp(t, 'not-an-email');
    assert.equal(weak.statusCode, 400);
    assert.deepEqual(
      weak.json().errors.map((e: { path: string }) => e.path),
      ['email'],
    );
    const short = await t.app.inject({
      method: 'POST',
      url: '/auth/signup',
      remoteAddress: freshIp(),
      headers: { origin: ORIGIN },
      payload: { email: 'short@example.com', password: 'short' },
    });
    assert.equal(short.statusCode, 400);
    assert.deepEqual(
      short.json().errors.map((e: { path: string }) => e.path),
      ['password'],
    );
    const anonymous = (await t.app.inject({ url: '/auth/session' })).json();
    assert.deepEqual(anonymous, { signedIn: false, signup: 'open' });
  });

  test('the cookie is HttpOnly, SameSite=Lax, Path=/; Secure with the __Host- prefix when PUBLIC_URL is https', async () => {
    await browser(t, 'flags@example.com'); // sessionCookie() asserts the http flags
    const secure = await createTestApp({ auth: FAST, publicUrl: 'https://images.example.com' });
    try {
      const res = await secure.app.inject({
        method: 'POST',
        url: '/auth/signup',
        headers: { origin: 'https://images.example.com' },
        payload: { email: 'tls@example.com', password: PASSWORD },
      });
      assert.equal(res.statusCode, 201, res.body);
      const { name, value } = sessionCookie(res, { secure: true });
      const ok = await secure.app.inject({ url: '/account', headers: { cookie: `${name}=${value}` } });
      assert.equal(ok.statusCode, 200);
      const plainName = await secure.app.inject({ url: '/account', headers: { cookie: `imprint_session=${value}` } });
      assert.equal(plainName.statusCode, 401, 'over https only the __Host- cookie counts');
    } finally {
      await secure.close();
    }
  });

  test('session fixation: every sign-in gets a new id; a planted or previous id is never promoted', async () => {
    const b = await browser(t, 'fixation@example.com');
    const planted = 'A'.repeat(43);
    const first = await signIn(t, 'fixation@example.com', PASSWORD, { cookie: `imprint_session=${planted}` });
    assert.equal(first.statusCode, 200, first.body);
    const one = sessionCookie(first).value;
    assert.notEqual(one, planted);
    assert.equal((await t.app.inject({ url: '/account', headers: { cookie: `imprint_session=${planted}` } })).statusCode, 401);
    const second = await signIn(t, 'fixation@example.com', PASSWORD, { cookie: `imprint_session=${one}` });
    const two = sessionCookie(second).value;
    assert.notEqual(two, one);
    assert.notEqual(second.json().csrfToken, first.json().csrfToken, 'the CSRF token is per session');
    assert.equal((await t.app.inject({ url: '/account', headers: { cookie: `imprint_session=${one}` } })).statusCode, 401, "the browser's previous session ended");
    assert.equal((await t.app.inject({ url: '/account', headers: { cookie: `imprint_session=${two}` } })).statusCode, 200);
    assert.equal((await t.app.inject({ url: '/account', headers: { cookie: b.cookie } })).statusCode, 200, 'another browser stays signed in');
    const stored = await t.store.findSession(two, { now: new Date().toISOString(), idleSince: new Date(0).toISOString() });
    assert.equal(stored, null, 'the store holds a hash of the token, never the token');
  });

  test('sign out, sign out everywhere, change password', async () => {
    const b = await browser(t, 'out@example.com');
    const other = sessionCookie(await signIn(t, 'out@example.com', PASSWORD));
    const third = sessionCookie(await signIn(t, 'out@example.com', PASSWORD));
    const write = (path: string, cookie: string, csrf: string, payload?: object) =>
      t.app.inject({ method: 'POST', url: path, headers: { cookie, origin: ORIGIN, 'x-csrf-token': csrf }, ...(payload ? { payload } : {}) });

    const out = await write('/auth/signout', b.cookie, b.csrf);
    assert.equal(out.statusCode, 204);
    assert.match(String(out.headers['set-cookie']), /^imprint_session=; Path=\/; Max-Age=0; HttpOnly; SameSite=Lax$/);
    assert.equal((await t.app.inject({ url: '/account', headers: { cookie: b.cookie } })).json().code, 'not_signed_in');
    assert.equal((await t.app.inject({ url: '/account', headers: { cookie: `${other.name}=${other.value}` } })).statusCode, 200);

    const otherCsrf = (await t.app.inject({ url: '/auth/session', headers: { cookie: `${other.name}=${other.value}` } })).json().csrfToken;
    const wrong = await write('/auth/password', `${other.name}=${other.value}`, otherCsrf, { currentPassword: 'not the password', newPassword: 'a brand new password' });
    assert.equal(wrong.statusCode, 400);
    assert.deepEqual(wrong.json().errors, [{ path: 'currentPassword', message: 'is not right' }]);
    const changed = await write('/auth/password', `${other.name}=${other.value}`, otherCsrf, { currentPassword: PASSWORD, newPassword: 'a brand new password' });
    assert.equal(changed.statusCode, 200, changed.body);
    assert.deepEqual(changed.json(), { endedSessions: 1 });
    assert.equal((await t.app.inject({ url: '/account', headers: { cookie: `${third.name}=${third.value}` } })).statusCode, 401, 'other sessions end');
    assert.equal((await t.app.inject({ url: '/account', headers: { cookie: `${other.name}=${other.value}` } })).statusCode, 200, 'this one continues');
    assert.equal((await signIn(t, 'out@example.com', PASSWORD)).statusCode, 401);
    const fresh = sessionCookie(await signIn(t, 'out@example.com', 'a brand new password'));

    const all = await write('/auth/signout-all', `${other.name}=${other.value}`, otherCsrf);
    assert.deepEqual(all.json(), { endedSessions: 2 });
    for (const s of [other, fresh]) assert.equal((await t.app.inject({ url: '/account', headers: { cookie: `${s.name}=${s.value}` } })).statusCode, 401);
  });

  test('CSRF: cookie writes need our Origin and the session token; Bearer requests need neither', async () => {
    const b = await browser(t, 'csrf@example.com');
    const post = (headers: Record<string, string>) => t.app.inject({ method: 'POST', url: '/account/keys', headers: { cookie: b.cookie, ...headers } });
    const refused = [
      await post({ origin: 'https://evil.example', 'x-csrf-token': b.csrf }),
      await post({ 'x-csrf-token': b.csrf }),
      await post({ origin: 'null', 'x-csrf-token': b.csrf }),
      await post({ origin: ORIGIN }),
      await post({ origin: ORIGIN, 'x-csrf-token': b.csrf.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')) }),
      await post({ referer: 'https://evil.example/page', 'x-csrf-token': b.csrf }),
    ];
    for (const res of refused) {
      assert.equal(res.statusCode, 403, res.body);
      assert.equal(res.json().code, 'csrf_rejected');
    }
    assert.equal((await t.app.inject({ url: '/account/keys', headers: { cookie: b.cookie } })).json().length, 0, 'no key was made');
    assert.equal((await post({ origin: ORIGIN, 'x-csrf-token': b.csrf })).statusCode, 201);
    assert.equal((await post({ referer: `${ORIGIN}/#/keys`, 'x-csrf-token': b.csrf })).statusCode, 201, 'Referer stands in for a missing Origin');

    // A cross-site HTML form: refused before its body is even parsed.
    const form = await t.app.inject({
      method: 'POST',
      url: '/account/keys',
      headers: { cookie: b.cookie, origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=1',
    });
    assert.equal(form.json().code, 'csrf_rejected');
    const loginCsrf = await t.app.inject({
      method: 'POST',
      url: '/auth/signin',
      headers: { origin: 'https://evil.example' },
      payload: { email: 'csrf@example.com', password: PASSWORD },
    });
    assert.equal(loginCsrf.json().code, 'csrf_rejected', 'another site cannot sign a visitor in (login CSRF)');

    const bearer = await t.app.inject({ method: 'POST', url: '/account/keys', headers: { ...t.a.auth, origin: 'https://evil.example' } });
    assert.equal(bearer.statusCode, 201, 'API keys work exactly as before');
    const both = await t.app.inject({ method: 'POST', url: '/account/keys', headers: { ...t.a.auth, cookie: b.cookie } });
    assert.equal(both.statusCode, 201, 'an Authorization header means the key, whatever cookie comes along');
    assert.equal((await t.app.inject({ url: '/account', headers: { ...t.a.auth, cookie: b.cookie } })).json().id, t.a.account.id);
  });

  test('sign-in answers: unknown email and wrong password give the same answer', async () => {
    await browser(t, 'same@example.com');
    const unknown = await signIn(t, 'nobody@example.com', PASSWORD);
    const wrong = await signIn(t, 'same@example.com', 'wrong password!');
    assert.equal(unknown.statusCode, 401);
    assert.deepEqual(withoutVolatile(unknown.json()), withoutVolatile(wrong.json()));
    assert.equal(unknown.json().code, 'invalid_credentials');
    assert.equal(unknown.headers['set-cookie'], undefined);
  });
});

describe('sign-in throttle', () => {
  let clock = Date.parse('2026-01-01T00:00:00Z');
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ auth: FAST, now: () => clock, limits: { readPerMinute: 10_000, generatePerMinute: 10_000, signInPerMinute: 1000 } });
  });
  after(() => t.close());

  test('per email: after 5 failures each wait doubles (1 s, 2 s, 4 s), from any address; success clears it', async () => {
    await browser(t, 'victim@example.com');
    for (let i = 0; i < 5; i++) assert.equal((await signIn(t, 'victim@example.com', `guess ${i}`)).statusCode, 401);
    const waits: number[] = [];
    for (let round = 0; round < 3; round++) {
      const blocked = await signIn(t, 'victim@example.com', PASSWORD);
      assert.equal(blocked.statusCode, 429, 'even the right password waits: the throttle must not be an oracle');
      assert.equal(blocked.json().code, 'rate_limited');
      const wait = Number(blocked.headers['retry-after']);
      waits.push(wait);
      clock += wait * 1000;
      assert.equal((await signIn(t, 'victim@example.com', `guess again ${round}`)).statusCode, 401);
    }
    assert.deepEqual(waits, [1, 2, 4]);
    clock += 8000;
    assert.equal((await signIn(t, 'victim@example.com', PASSWORD)).statusCode, 200);
    assert.equal((await signIn(t, 'victim@example.com', 'one more typo')).statusCode, 401, 'a success starts the count again');
    assert.equal((await signIn(t, 'victim@example.com', PASSWORD)).statusCode, 200);
  });

  test('unknown emails are throttled exactly like known ones', async () => {
    const counted = await rejections(t, 'sign-in-email');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await signIn(t, 'ghost@example.com', `guess ${i}`)).statusCode);
    assert.deepEqual(statuses, [401, 401, 401, 401, 401, 429]);
    assert.equal((await rejections(t, 'sign-in-email')) - counted, 1, 'the refusal shows on /metrics under the email throttle');
  });

  test('per address: 20 failures across many emails, then a growing wait for that address only', async () => {
    await browser(t, 'bystander@example.com');
    const ip = '192.0.2.7';
    const counted = await rejections(t, 'sign-in-ip');
    for (let i = 0; i < 20; i++) assert.equal((await signIn(t, `spray${i}@example.com`, 'guess', { ip })).statusCode, 401);
    const blocked = await signIn(t, 'bystander@example.com', PASSWORD, { ip });
    assert.equal(blocked.statusCode, 429);
    assert.equal((await rejections(t, 'sign-in-ip')) - counted, 1, 'the refusal shows on /metrics under the address throttle');
    assert.equal(blocked.headers['retry-after'], '1');
    assert.equal((await signIn(t, 'bystander@example.com', PASSWORD, { ip: '192.0.2.8' })).statusCode, 200, 'other addresses are unaffected');
  });

  test('sessions end when idle too long and at their absolute end', async () => {
    const b = await browser(t, 'idle@example.com');
    clock += DEFAULT_AUTH_SETTINGS.sessionIdleMs - 60_000;
    assert.equal((await t.app.inject({ url: '/account', headers: { cookie: b.cookie } })).statusCode, 200, 'used just in time: idle timer restarts');
    clock += DEFAULT_AUTH_SETTINGS.sessionIdleMs + 1000;
    const idle = await t.app.inject({ url: '/account', headers: { cookie: b.cookie } });
    assert.equal(idle.statusCode, 401);
    assert.equal(idle.json().code, 'not_signed_in');

    const c = sessionCookie(await signIn(t, 'idle@example.com', PASSWORD));
    const cookie = `${c.name}=${c.value}`;
    const step = DEFAULT_AUTH_SETTINGS.sessionIdleMs / 2;
    for (let elapsed = step; elapsed < DEFAULT_AUTH_SETTINGS.sessionMaxMs; elapsed += step) {
      clock += step;
      assert.equal((await t.app.inject({ url: '/account', headers: { cookie } })).statusCode, 200);
    }
    clock += step;
    assert.equal((await t.app.inject({ url: '/account', headers: { cookie } })).statusCode, 401, 'however active, a session ends at SESSION_MAX');
  });
});

describe('SIGNUP modes, invites and reset links', () => {
  test('closed: no sign-up at all', async (c) => {
    const t = await createTestApp({ auth: { ...FAST, signup: 'closed' } });
    c.after(() => t.close());
    const res = await signUp(t, 'closed@example.com');
    assert.equal(res.statusCode, 403);
    assert.equal(res.json().code, 'signup_closed');
    assert.equal((await t.app.inject({ url: '/auth/session' })).json().signup, 'closed');
  });

  test('invite: only with a link, and each link once', async (c) => {
    const t = await createTestApp({ auth: { ...FAST, signup: 'invite', signupCredits: 7 } });
    c.after(() => t.close());
    assert.equal((await signUp(t, 'uninvited@example.com')).json().code, 'signup_closed');
    const invite = await createInvite(t.deps);
    const token = invite.url.split('/').pop()!;
    assert.ok(invite.url.startsWith('http://imprint.test/#/signup/'));
    const bogus = await signUp(t, 'bogus@example.com', { invite: 'B'.repeat(43) });
    assert.equal(bogus.json().code, 'invalid_token');
    const used = await signUp(t, 'invited@example.com', { invite: token });
    assert.equal(used.statusCode, 201, used.body);
    assert.equal(used.json().account.credits, 7);
    const reused = await signUp(t, 'second@example.com', { invite: token });
    assert.equal(reused.statusCode, 400);
    assert.equal(reused.json().code, 'invalid_token');
  });

  test('reset link: sets the password once, ends every session, signs this browser in', async (c) => {
    const t = await createTestApp({ auth: FAST });
    c.after(() => t.close());
    const b = await browser(t, 'forgot@example.com');
    const link = await createResetLink(t.deps, 'FORGOT@example.com');
    const token = link.url.split('/').pop()!;
    assert.ok(link.url.startsWith('http://imprint.test/#/reset/'));
    const reset = (password: string) => t.app.inject({ method: 'POST', url: '/auth/reset', headers: { origin: ORIGIN }, payload: { token, password } });
    const done = await reset('my new password');
    assert.equal(done.statusCode, 200, done.body);
    const fresh = sessionCookie(done);
    assert.equal((await t.app.inject({ url: '/account', headers: { cookie: `${fresh.name}=${fresh.value}` } })).statusCode, 200);
    assert.equal((await t.app.inject({ url: '/account', headers: { cookie: b.cookie } })).statusCode, 401);
    const again = await reset('another password');
    assert.equal(again.statusCode, 400);
    assert.equal(again.json().code, 'invalid_token');
    assert.equal((await signIn(t, 'forgot@example.com', PASSWORD)).statusCode, 401);
    assert.equal((await signIn(t, 'forgot@example.com', 'my new password')).statusCode, 200);
    await assert.rejects(createResetLink(t.deps, 'nobody@example.com'), { code: 'not_found' });
  });

  test('sign-up is limited per client address (each account comes with free credits)', async (c) => {
    const t = await createTestApp({ auth: FAST, limits: { readPerMinute: 100, generatePerMinute: 100, signupPerHour: 2 } });
    c.after(() => t.close());
    const ip = '198.51.100.9';
    assert.equal((await signUp(t, 'one@example.com', { ip })).statusCode, 201);
    assert.equal((await signUp(t, 'two@example.com', { ip })).statusCode, 201);
    const third = await signUp(t, 'three@example.com', { ip });
    assert.equal(third.statusCode, 429);
    assert.equal(third.json().code, 'rate_limited');
    assert.ok(Number(third.headers['retry-after']) > 0);
    assert.equal(await t.store.findUserByEmail('three@example.com'), null);
    assert.equal((await signUp(t, 'three@example.com', { ip: '198.51.100.10' })).statusCode, 201);
  });

  test('password changes are limited per client address and per user (each runs scrypt twice)', async (c) => {
    const t = await createTestApp({ auth: FAST, limits: { readPerMinute: 100, generatePerMinute: 100, passwordChangesPerHour: 2 } });
    c.after(() => t.close());
    const one = await browser(t, 'changes@example.com');
    const two = await browser(t, 'other-changes@example.com');
    const change = (b: { cookie: string; csrf: string }, remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/auth/password',
        remoteAddress,
        headers: { cookie: b.cookie, origin: ORIGIN, 'x-csrf-token': b.csrf },
        payload: { currentPassword: PASSWORD, newPassword: PASSWORD },
      });
    // One user from three addresses: the user's window ends it.
    assert.equal((await change(one, '198.51.100.20')).statusCode, 200);
    assert.equal((await change(one, '198.51.100.21')).statusCode, 200);
    const perUser = await change(one, '198.51.100.22');
    assert.equal(perUser.statusCode, 429, perUser.body);
    assert.match(perUser.json().message, /for this user/);
    assert.ok(Number(perUser.headers['retry-after']) > 0);
    // Another user from an address that already changed one password: the address's window ends it.
    assert.equal((await change(two, '198.51.100.20')).statusCode, 200);
    const perAddress = await change(two, '198.51.100.20');
    assert.equal(perAddress.statusCode, 429, perAddress.body);
    assert.match(perAddress.json().message, /from this address/);
  });

  test('per-account rate limits count signed-in requests too', async (c) => {
    const t = await createTestApp({ auth: FAST, limits: { readPerMinute: 3, generatePerMinute: 3 } });
    c.after(() => t.close());
    const b = await browser(t, 'limited@example.com');
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await t.app.inject({ url: '/account', headers: { cookie: b.cookie } })).statusCode);
    assert.deepEqual(statuses, [200, 200, 200, 429]);
  });
});

describe('equal time for unknown email and wrong password (real scrypt cost)', () => {
  test('an unknown email costs a full scrypt run, like a wrong password', async (c) => {
    const t = await createTestApp({ limits: { readPerMinute: 100, generatePerMinute: 100, signInPerMinute: 1000 } });
    c.after(() => t.close());
    assert.equal((await signUp(t, 'timed@example.com')).statusCode, 201);
    const time = async (email: string) => {
      const started = performance.now();
      const res = await signIn(t, email, 'wrong password!');
      assert.equal(res.statusCode, 401);
      return performance.now() - started;
    };
    await time('warmup@example.com'); // the dummy hash is made on first use
    const unknown: number[] = [];
    const wrong: number[] = [];
    for (let i = 0; i < 3; i++) {
      unknown.push(await time(`unknown${i}@example.com`));
      wrong.push(await time('timed@example.com'));
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[1];
    console.log(`sign-in median: unknown email ${median(unknown).toFixed(0)} ms, wrong password ${median(wrong).toFixed(0)} ms`);
    // Without the dummy hash an unknown email answers in ~1 ms against hundreds for a wrong password.
    assert.ok(median(unknown) > 0.6 * median(wrong) && median(wrong) > 0.6 * median(unknown), `${median(unknown)} vs ${median(wrong)} ms`);
  });
});
