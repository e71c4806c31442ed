// Entry point: asks the server who is signed in (GET /auth/session), routes on
// the URL hash and hands each view a context with the API client. The session
// is an HttpOnly cookie; this script only holds the CSRF token for writes.
import { createApi } from './api.js';
import { clear, formatNumber, toast } from './dom.js';
import { renderAccount } from './views/account-view.js';
import { renderAuthScreen } from './views/auth-screen.js';
import { renderFonts } from './views/fonts-view.js';
import { renderImages } from './views/images-view.js';
import { renderKeys } from './views/keys-view.js';
import { renderPlayground } from './views/playground-view.js';
import { renderTemplates } from './views/templates-view.js';

/** Other tabs listen to this key to follow a sign-in or sign-out; it never holds a secret. */
const SIGNAL_KEY = 'imprint.auth-changed';
/** Where earlier versions kept a pasted API key: removed, so no credential lingers in storage. */
const LEGACY_KEY = 'imprint.apiKey';

const main = document.getElementById('main');
const nav = document.getElementById('nav');
const sessionBar = document.getElementById('session');
const sessionAccount = document.getElementById('session-account');
const sessionCredits = document.getElementById('session-credits');

/** null until the first GET /auth/session answers. */
let session = null;
let signOutReason = null;
let renderCount = 0;

try {
  localStorage.removeItem(LEGACY_KEY);
} catch {
  // storage disabled: nothing was kept there either
}

const api = createApi(
  () => session?.csrfToken ?? null,
  (failure) => {
    // The session ended while in use (expired, signed out elsewhere, password changed).
    signOutReason = failure;
    session = { signedIn: false, signup: session?.signup ?? 'open' };
    route();
  },
);

function signal() {
  try {
    localStorage.setItem(SIGNAL_KEY, String(Date.now()));
  } catch {
    // see above
  }
}

function signedIn(view) {
  session = view;
  signOutReason = null;
  signal();
  showAccount(view.account);
  // Back to the editor that sent the person here. Only that page: any other target would
  // make every sign-in link an open redirect.
  const next = new URLSearchParams(location.search).get('next');
  if (next && /^\/editor(\?[\w=&%.-]*)?$/.test(next)) {
    location.assign(next);
    return;
  }
  if (!location.hash || /^#\/?(signin|signup|reset)?(\/|$)/.test(location.hash)) location.hash = '#/templates';
  else route();
}

async function signOut({ everywhere = false } = {}) {
  try {
    if (everywhere) {
      const { endedSessions } = await api.signOutEverywhere();
      toast(`Signed out of ${endedSessions} session${endedSessions === 1 ? '' : 's'}`, 'success');
    } else {
      await api.signOut();
    }
  } catch (error) {
    if (error.code !== 'not_signed_in') {
      toast(`${error.code ?? 'error'}: ${error.message}`, 'error');
      return;
    }
  }
  session = { signedIn: false, signup: session?.signup ?? 'open' };
  signOutReason = null;
  signal();
  location.hash = '#/signin';
  route();
}

function showAccount(account) {
  sessionAccount.textContent = session?.email ?? account.name;
  sessionAccount.title = `${account.name} (${account.id})`;
  setCredits(account.credits);
}

function setCredits(credits) {
  sessionCredits.textContent = `${formatNumber(credits)} credit${credits === 1 ? '' : 's'}`;
  sessionCredits.classList.toggle('low', credits < 10);
}

async function refreshAccount() {
  const account = await api.account();
  showAccount(account);
  return account;
}

document.getElementById('sign-out').addEventListener('click', () => signOut());

function parseRoute() {
  const parts = location.hash.replace(/^#\/?/, '').split('/').map(decodeURIComponent);
  return { name: parts[0] || 'templates', args: parts.slice(1) };
}

async function route() {
  const current = ++renderCount;
  const isCurrent = () => current === renderCount;
  if (!session) return;
  const isSignedIn = session.signedIn === true;
  nav.hidden = !isSignedIn;
  sessionBar.hidden = !isSignedIn;
  document.body.classList.toggle('signed-out', !isSignedIn);
  const { name, args } = parseRoute();
  if (!isSignedIn) {
    const mode = name === 'signup' || name === 'reset' ? name : 'signin';
    document.title = `${mode === 'signup' ? 'Sign up' : mode === 'reset' ? 'New password' : 'Sign in'} · Imprint`;
    renderAuthScreen(clear(main), { mode, token: args[0] ?? null, signup: session.signup, reason: signOutReason, api, onSignedIn: signedIn });
    return;
  }
  if (name === 'signin' || name === 'signup' || name === 'reset') {
    location.hash = '#/templates';
    return;
  }
  for (const link of nav.querySelectorAll('a')) {
    if (link.dataset.route === name) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
  const ctx = { api, session, isCurrent, setCredits, refreshAccount, signOut };
  clear(main);
  try {
    if (name === 'account') await renderAccount(main, ctx);
    else if (name === 'keys') await renderKeys(main, ctx);
    else if (name === 'images') await renderImages(main, ctx);
    else if (name === 'fonts') await renderFonts(main, ctx);
    else if (name === 'templates' && args[0]) await renderPlayground(main, ctx, args[0]);
    else await renderTemplates(main, ctx);
  } catch (error) {
    if (isCurrent()) console.error(error);
  }
  if (isCurrent() && document.activeElement === document.body) main.focus({ preventScroll: true });
}

async function loadSession() {
  try {
    session = await api.session();
  } catch (error) {
    session = { signedIn: false, signup: 'open' };
    signOutReason = error;
  }
  if (session.signedIn) showAccount(session.account);
  route();
}

window.addEventListener('hashchange', () => {
  route();
  window.scrollTo(0, 0);
});

// Another tab signed in or out: follow it, so no tab shows an account the browser has left.
window.addEventListener('storage', (event) => {
  if (event.key === SIGNAL_KEY || event.key === null) loadSession();
});

loadSession();
