// The account page (/account): signing in (a passkey, or a name and password), creating an
// account (a passkey first, a password the second way), and a signed-in account's passkeys
// and sessions. The session is an HttpOnly cookie the server sets: the page never sees it.
// The rules of names and passwords are the server's: the page shows its words.

import { api, ApiError, browserPlayer, el, lang, session, setSession, t } from './common.js';
import { errorWords } from './errors.js';

const $ = (id) => document.getElementById(id);

// Passkeys need WebAuthn, which a browser offers only on a secure address (https, or
// localhost on this computer).
const PASSKEYS = typeof window.PublicKeyCredential === 'function';

// This browser's player (made before accounts, kept in localStorage), which a new account
// takes over with its games and ratings; null once the server has refused its key.
let claimRefused = false;
function claim() {
  const p = claimRefused ? null : browserPlayer();
  return p?.player_key ? p : null;
}

// ---- base64url and the WebAuthn JSON forms (for a browser without the JSON statics) ----

function fromB64u(s) {
  const bin = atob(s.replace(/-/g, '+').replace(/_/g, '/') + '==='.slice((s.length + 3) % 4));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0)).buffer;
}
function toB64u(buf) {
  let bin = '';
  for (const b of new Uint8Array(buf)) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
const withIds = (list) => list?.map((c) => ({ ...c, id: fromB64u(c.id) }));

function creationOptions(json) {
  if (typeof PublicKeyCredential.parseCreationOptionsFromJSON === 'function') {
    return PublicKeyCredential.parseCreationOptionsFromJSON(json);
  }
  return { ...json, challenge: fromB64u(json.challenge), user: { ...json.user, id: fromB64u(json.user.id) },
    excludeCredentials: withIds(json.excludeCredentials) ?? [] };
}
function requestOptions(json) {
  if (typeof PublicKeyCredential.parseRequestOptionsFromJSON === 'function') {
    return PublicKeyCredential.parseRequestOptionsFromJSON(json);
  }
  const options = { ...json, challenge: fromB64u(json.challenge) };
  if (json.allowCredentials) options.allowCredentials = withIds(json.allowCredentials);
  return options;
}
function credentialJSON(cred) {
  if (typeof cred.toJSON === 'function') return cred.toJSON();
  const r = cred.response;
  const response = { clientDataJSON: toB64u(r.clientDataJSON) };
  if (r.attestationObject) {
    response.attestationObject = toB64u(r.attestationObject);
    response.transports = r.getTransports?.() ?? [];
  } else {
    response.authenticatorData = toB64u(r.authenticatorData);
    response.signature = toB64u(r.signature);
    if (r.userHandle) response.userHandle = toB64u(r.userHandle);
  }
  return { id: cred.id, rawId: toB64u(cred.rawId), type: cred.type, response,
    authenticatorAttachment: cred.authenticatorAttachment ?? undefined,
    clientExtensionResults: cred.getClientExtensionResults?.() ?? {} };
}

// A new passkey: the server's options, the device's key, the server's check. `start` and
// `finish` are the ceremony's two endpoints.
async function newPasskey(start, body, finish) {
  const r = await api(start, body);
  const cred = await navigator.credentials.create({ publicKey: creationOptions(r.public_key) });
  return api(finish, { ceremony: r.ceremony, credential: credentialJSON(cred) });
}

// ---- words ----

// What went wrong, in words: the server's message (web/errors.js: in the page's language),
// or what the browser's refusal means. `doing` names what did not happen (an `ac-not-*`
// message's id).
function trouble(err, doing) {
  const did = t(doing);
  if (err instanceof ApiError) {
    // The server's words, as a sentence; the wait a refusal asks for, where they lack it.
    const said = errorWords(err);
    const words = said.charAt(0).toLocaleUpperCase(lang) + said.slice(1);
    if (err.retryAfter && !/\d/.test(words)) return t('ac-try-again-in', { words, secs: err.retryAfter });
    return words;
  }
  switch (err?.name) {
    case 'NotAllowedError': return t('ac-refused-not-allowed', { doing: did });
    case 'InvalidStateError': return t('ac-refused-invalid-state');
    case 'SecurityError': return t('ac-refused-security', { host: location.hostname });
    case 'NotSupportedError': return t('ac-refused-not-supported', { doing: did });
    case 'AbortError': return t('ac-refused-abort', { doing: did });
    default:
      if (err instanceof TypeError && /fetch|network/i.test(err.message)) return t('ac-unreachable');
      return t('ac-failed', { doing: did, error: err?.message || String(err) });
  }
}

// A live region's words: emptied first, so that the same words said twice are read twice.
function tell(node, text) {
  node.textContent = '';
  if (text) setTimeout(() => { node.textContent = text; }, 30);
}
const say = (text) => tell($('account-status'), text);

const DATE = { day: 'numeric', month: 'long', year: 'numeric' };
const day = (ms) => new Date(ms).toLocaleDateString(lang === 'en' ? undefined : lang, DATE);

// "a password and 2 passkeys".
function ways(me) {
  return t('ac-ways', { password: me.has_password ? 'yes' : 'no', passkeys: me.passkeys.length });
}

// While a request is out, the buttons of `box` wait, and it says so to screen readers.
async function busy(box, work) {
  const buttons = [...box.querySelectorAll('button')].filter((b) => !b.disabled);
  box.setAttribute('aria-busy', 'true');
  for (const b of buttons) b.disabled = true;
  try { return await work(); } finally {
    box.removeAttribute('aria-busy');
    for (const b of buttons) b.disabled = false;
  }
}

// ---- the two views ----

function show(me, { focus = false } = {}) {
  setSession(me);
  $('loading').hidden = true;
  $('signed-in').hidden = !me;
  $('signed-out').hidden = !!me;
  if (me) showAccount(me); else showSignedOut();
  if (focus) $(me ? 'me-title' : 'signin-title').focus();
}

function showSignedOut() {
  const p = claim();
  $('claim').hidden = !p;
  if (p) {
    const name = p.name || t('ac-this-browser-player');
    $('claim').textContent = t('ac-claim', { name });
    if (!$('create-name').value && p.name) $('create-name').value = p.name;
  }
}

function showAccount(me) {
  $('me-name').textContent = me.username;
  $('delete-name-shown').textContent = me.username;
  $('profile').href = `/players/${encodeURIComponent(me.player_id)}`;
  $('me-since').textContent = t('ac-since', { date: day(me.member_since_ms) });
  $('me-ways').textContent = ways(me);
  const list = $('passkeys');
  list.replaceChildren(...me.passkeys.map((k) => el('li', { class: 'passkey', dataset: { id: k.id } },
    el('span', { class: 'passkey-name', text: k.name }),
    el('span', { class: 'passkey-dates muted' },
      t('ac-passkey-added', { date: day(k.created_ms) }), ' · ', k.last_used_ms ? t('ac-passkey-used', { date: day(k.last_used_ms) }) : t('ac-passkey-unused')),
    el('button', { type: 'button', class: 'secondary remove', onclick: () => remove(k) },
      t('ac-remove'), el('span', { class: 'sr-only', text: ` ${k.name}` })))));
  $('passkeys-none').hidden = me.passkeys.length > 0;
}

// A request of a signed-in page whose session has ended meanwhile (signed out elsewhere).
function ended(err) {
  if (!(err instanceof ApiError) || err.status !== 401) return false;
  show(null, { focus: true });
  say(t('ac-session-ended'));
  return true;
}

// ---- signed out: sign in ----

async function signInWithPasskey() {
  const error = $('signin-error');
  tell(error, '');
  await busy($('signed-out'), async () => {
    try {
      const r = await api('/api/session/passkey', {});
      const cred = await navigator.credentials.get({ publicKey: requestOptions(r.public_key) });
      const me = await api('/api/session/passkey/finish', { ceremony: r.ceremony, credential: credentialJSON(cred) });
      // The heading that takes the focus says it: "Signed in as …".
      show(me, { focus: true });
      say('');
    } catch (err) {
      tell(error, trouble(err, 'ac-not-signed-in'));
      $('signin-passkey').focus();
    }
  });
}

async function signInWithPassword(e) {
  e.preventDefault();
  const error = $('signin-error');
  const name = $('signin-name');
  const password = $('signin-password');
  if (!name.value.trim()) { tell(error, t('ac-enter-username')); name.focus(); return; }
  if (!password.value) { tell(error, t('ac-enter-password')); password.focus(); return; }
  tell(error, '');
  await busy($('signed-out'), async () => {
    try {
      const me = await api('/api/session', { username: name.value.trim(), password: password.value });
      password.value = '';
      // The heading that takes the focus says it: "Signed in as …".
      show(me, { focus: true });
      say('');
    } catch (err) {
      tell(error, trouble(err, 'ac-not-signed-in'));
      password.focus();
      password.select();
    }
  });
}

// ---- signed out: a new account ----

async function createAccount(e) {
  e.preventDefault();
  const error = $('create-error');
  const name = $('create-name');
  const password = $('create-password');
  // The password's button, Enter in the password field, or a browser without passkeys.
  const withPassword = !PASSKEYS || e.submitter?.id === 'create-password-go'
    || (document.activeElement === password && password.value !== '');
  if (!name.value.trim()) { tell(error, t('ac-choose-username')); name.focus(); return; }
  if (withPassword && !password.value) {
    tell(error, t(PASSKEYS ? 'ac-choose-password-or-passkey' : 'ac-choose-password'));
    password.focus();
    return;
  }
  tell(error, '');
  const p = claim();
  const body = { username: name.value.trim() };
  if (p) body.player_key = p.player_key;
  await busy($('signed-out'), async () => {
    try {
      const me = withPassword
        ? await api('/api/accounts', { ...body, password: password.value })
        : await newPasskey('/api/accounts/passkey', body, '/api/accounts/passkey/finish');
      // The server has retired the browser's key: the account is that player now.
      if (p) localStorage.removeItem('senet:player');
      password.value = '';
      show(me, { focus: true });
      say(t(p ? 'ac-created-with-games' : 'ac-created', { name: me.username }));
    } catch (err) {
      if (p && err instanceof ApiError && err.code === 'invalid' && /player.?key/i.test(err.message)) {
        // The server does not know this browser's key: the account starts afresh.
        claimRefused = true;
        showSignedOut();
        tell(error, t('ac-claim-refused', { name: p.name ?? '' }));
        return;
      }
      tell(error, trouble(err, 'ac-not-created'));
      if (err instanceof ApiError && err.code === 'username_taken') { name.focus(); name.select(); }
      else if (withPassword && err instanceof ApiError) password.focus();
      else (withPassword ? $('create-password-go') : $('create-passkey')).focus();
    }
  });
}

// ---- signed in ----

async function addPasskey() {
  const error = $('me-error');
  tell(error, '');
  await busy($('signed-in'), async () => {
    try {
      const before = new Set((await session())?.passkeys.map((k) => k.id) ?? []);
      const me = await newPasskey('/api/me/passkeys', {}, '/api/me/passkeys/finish');
      show(me);
      const added = me.passkeys.find((k) => !before.has(k.id));
      say(added ? t('ac-passkey-added-named', { name: added.name }) : t('ac-passkey-added-plain'));
    } catch (err) {
      if (!ended(err)) tell(error, trouble(err, 'ac-not-added'));
    }
  });
  $('add-passkey').focus();
}

async function remove(key) {
  const error = $('me-error');
  tell(error, '');
  await busy($('signed-in'), async () => {
    try {
      const me = await api(`/api/me/passkeys/${encodeURIComponent(key.id)}/remove`, {});
      show(me);
      say(t('ac-removed', { name: key.name }));
    } catch (err) {
      if (!ended(err)) tell(error, trouble(err, 'ac-not-removed'));
    }
  });
  if (!$('signed-in').hidden) ($('passkeys').querySelector('button.remove') ?? $('add-passkey')).focus();
}

async function signOut(everywhere) {
  const error = $('me-error');
  tell(error, '');
  await busy($('signed-in'), async () => {
    try {
      await api(everywhere ? '/api/session/end-everywhere' : '/api/session/end', {});
      show(null, { focus: true });
      say(t(everywhere ? 'ac-signed-out-everywhere' : 'ac-signed-out'));
    } catch (err) {
      if (!ended(err)) tell(error, trouble(err, 'ac-not-signed-out'));
    }
  });
}

async function deleteAccount(e) {
  e.preventDefault();
  const error = $('delete-error');
  tell(error, '');
  await busy($('signed-in'), async () => {
    try {
      await api('/api/me/delete', { username: $('delete-name').value });
      $('delete-name').value = '';
      $('delete-box').open = false;
      show(null, { focus: true });
      say(t('ac-deleted'));
    } catch (err) {
      if (!ended(err)) tell(error, trouble(err, 'ac-not-deleted'));
    }
  });
  if (!$('signed-in').hidden) $('delete-name').focus();
}

// ---- the page ----

function init() {
  if (!PASSKEYS) {
    for (const part of document.querySelectorAll('.passkey-way')) part.hidden = true;
    // The password is the one way: its buttons are the main ones.
    for (const b of [$('signin-go'), $('create-password-go')]) b.classList.remove('secondary');
    const note = $('no-passkeys');
    note.textContent = t(window.isSecureContext ? 'ac-no-passkeys' : 'ac-no-passkeys-insecure');
    note.hidden = false;
  }
  $('signin-passkey').addEventListener('click', signInWithPasskey);
  $('signin-form').addEventListener('submit', signInWithPassword);
  $('create-form').addEventListener('submit', createAccount);
  $('add-passkey').addEventListener('click', addPasskey);
  $('sign-out').addEventListener('click', () => signOut(false));
  $('sign-out-everywhere').addEventListener('click', () => signOut(true));
  $('delete-form').addEventListener('submit', deleteAccount);
  session().then((me) => show(me));
}

init();
