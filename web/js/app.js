// Entry point: holds the session (the API key in localStorage), routes on the
// URL hash and hands each view a context with the API client.
import { createApi } from './api.js';
import { clear, formatNumber } from './dom.js';
import { renderAccount } from './views/account-view.js';
import { renderKeyScreen } from './views/key-screen.js';
import { renderKeys } from './views/keys-view.js';
import { renderPlayground } from './views/playground-view.js';
import { renderTemplates } from './views/templates-view.js';

const STORAGE_KEY = 'imprint.apiKey';

const main = document.getElementById('main');
const nav = document.getElementById('nav');
const session = document.getElementById('session');
const sessionAccount = document.getElementById('session-account');
const sessionCredits = document.getElementById('session-credits');

let apiKey = readKey();
let signOutReason = null;
let renderCount = 0;

function readKey() {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null; // storage disabled: the key lives only as long as the page
  }
}

function storeKey(key) {
  apiKey = key;
  try {
    if (key) localStorage.setItem(STORAGE_KEY, key);
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // see readKey
  }
}

const api = createApi(() => apiKey, (failure) => {
  // The key was revoked or deleted while in use: back to the key screen, saying why.
  signOutReason = failure;
  signOut();
});

function signIn(key, account) {
  storeKey(key);
  signOutReason = null;
  showAccount(account);
  if (!location.hash || location.hash === '#/' || location.hash === '#/key') location.hash = '#/templates';
  else route();
}

function signOut() {
  storeKey(null);
  route();
}

function showAccount(account) {
  sessionAccount.textContent = account.name;
  sessionAccount.title = account.id;
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

document.getElementById('forget-key').addEventListener('click', () => {
  signOutReason = null;
  signOut();
});

function parseRoute() {
  const parts = location.hash.replace(/^#\/?/, '').split('/').map(decodeURIComponent);
  return { name: parts[0] || 'templates', args: parts.slice(1) };
}

async function route() {
  const current = ++renderCount;
  const isCurrent = () => current === renderCount;
  const signedIn = Boolean(apiKey);
  nav.hidden = !signedIn;
  session.hidden = !signedIn;
  document.body.classList.toggle('signed-out', !signedIn);
  if (!signedIn) {
    document.title = 'Sign in · Imprint';
    renderKeyScreen(clear(main), { reason: signOutReason, onKey: signIn });
    return;
  }
  const { name, args } = parseRoute();
  for (const link of nav.querySelectorAll('a')) {
    if (link.dataset.route === name) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
  const ctx = { api, apiKey, isCurrent, setCredits, refreshAccount, signOut };
  clear(main);
  try {
    if (name === 'account') await renderAccount(main, ctx);
    else if (name === 'keys') await renderKeys(main, ctx);
    else if (name === 'templates' && args[0]) await renderPlayground(main, ctx, args[0]);
    else await renderTemplates(main, ctx);
  } catch (error) {
    if (isCurrent()) console.error(error);
  }
  if (isCurrent() && document.activeElement === document.body) main.focus({ preventScroll: true });
}

window.addEventListener('hashchange', () => {
  route();
  window.scrollTo(0, 0);
});

// Another tab signed in or forgot the key: follow it, so no tab keeps using a key the user removed.
window.addEventListener('storage', (event) => {
  if (event.key !== STORAGE_KEY && event.key !== null) return;
  apiKey = readKey();
  signOutReason = null;
  if (apiKey) refreshAccount().catch(() => {});
  route();
});

if (apiKey) refreshAccount().catch(() => { /* a bad stored key signs out via onUnauthorized */ });
route();
