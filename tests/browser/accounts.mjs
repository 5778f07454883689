// Browser test of accounts (web/account.html, web/account.js and the header's account link),
// in real headless Chromium (playwright-core), with Chromium's virtual WebAuthn
// authenticators over CDP. Needs a running server: SENET_URL (e.g. http://127.0.0.1:8123).
// WebAuthn needs a secure context and a relying party that is a domain, so the pages are
// opened at localhost, not 127.0.0.1.
//
// a. Context A creates an account with a passkey and is signed in; the lobby's header names it.
// b. A adds a second passkey from "another device" (a new virtual authenticator); that
//    passkey is copied into context B's authenticator (the second device).
// c. B signs in with it: the same account, the same player.
// d. Context C, which holds an old browser player (POST /api/players), is told its games and
//    ratings come along; a name that looks like A's is refused; it creates an account with a
//    password: the account is that player, and the browser's key is gone.
// e. A fresh context D signs in with C's name and password; a wrong password shows the
//    server's words in the live region.
// e2. Ana (device A) wins a rated game against Cleo (D); both of Ana's devices show the same
//    rating and history, on the API and on the player's page.
// e2b. Cleo follows Ana and challenges her by name from Ana's page; Ana sees it live in the
//    lobby and accepts; both land on the new match's board.
// e3. Cleo blocks and reports Ana from Ana's page (no such offer on one's own page).
// f. A removes a passkey, may not remove the last way in, and signs out everywhere: A and B
//    are signed out, D (another account) is not.
// g. A browser without WebAuthn is offered passwords only. Screenshots
//    (target/screenshots/account-*.png) signed out and signed in at 1280×800 and 375×740; at
//    375 px nothing scrolls sideways.
// h. D downloads its data, and deletes its account (confirmed by its name exactly).

import path from 'node:path';
import assert from 'node:assert/strict';
import { BASE as GIVEN, DESKTOP, PHONE, SHOTS, collectErrors, launch, log, outDir, waitForServer } from './harness.mjs';

const BASE = (() => {
  const u = new URL(GIVEN);
  if (u.hostname === '127.0.0.1') u.hostname = 'localhost';
  return u.origin;
})();
outDir(SHOTS);

await waitForServer(GIVEN);
const browser = await launch();

const digits = () => String(Math.floor(Math.random() * 1e6)).padStart(6, '0');
const pageErrors = [];

// A context of its own (its own cookies and storage) with one page, and that page's CDP
// session with the WebAuthn domain on.
async function device(viewport) {
  const ctx = await browser.newContext({ viewport });
  const page = await ctx.newPage();
  page.setDefaultTimeout(10000);
  // A signed-out /api/me is a 401 the console reports; what the policy refuses is an error.
  collectErrors(page, pageErrors, { keep: (text) => /Content Security Policy/.test(text) });
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  return { ctx, page, cdp };
}
// A platform authenticator that keeps discoverable credentials and verifies its user at once.
async function authenticator(cdp) {
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return authenticatorId;
}

// The account the page's cookie names (GET /api/me from the page): [status, body].
const me = (page) => page.evaluate(async () => {
  const r = await fetch('/api/me');
  return [r.status, await r.json().catch(() => null)];
});
// /account, once it has asked whether it is signed in.
async function openAccount(page) {
  await page.goto(BASE + '/account');
  await page.waitForSelector('#signed-in:not([hidden]), #signed-out:not([hidden])');
}
async function signedInAs(page, name) {
  await page.waitForSelector('#signed-in:not([hidden])');
  assert.equal((await page.textContent('#me-title')).trim(), `Signed in as ${name}`);
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'me-title', 'the focus moves to the account');
  assert.equal((await page.textContent('#account-link')).trim(), name, 'the header names the account');
}
async function signedOut(page) {
  await page.waitForSelector('#signed-out:not([hidden])');
  assert.ok(await page.isHidden('#signed-in'));
  assert.equal((await page.textContent('#account-link')).trim(), 'Sign in');
}
// The server's words as the page writes them: a sentence.
const sentence = (m) => m.charAt(0).toUpperCase() + m.slice(1);
const passkeyNames = (page) => page.$$eval('#passkeys li .passkey-name', (ns) => ns.map((n) => n.textContent));
async function shot(page, name) {
  const { width } = page.viewportSize();
  await page.screenshot({ path: path.join(SHOTS, `account-${name}-${width}.png`), fullPage: true });
  if (width <= PHONE.width) {
    const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(scroll <= width, `${name} at ${width} px: no sideways scrolling (${scroll} px wide)`);
  }
}

try {
  // ---- a. A creates an account with a passkey ----
  const A = await device(DESKTOP);
  const a1 = await authenticator(A.cdp);
  await openAccount(A.page);
  await signedOut(A.page);
  assert.ok(await A.page.isVisible('#signin-passkey') && await A.page.isVisible('#create-passkey'), 'passkeys are offered');
  // Every field has a label and says what it holds to password managers.
  const fields = await A.page.$$eval('#signed-out input', (is) => is.map((i) => [i.id, i.labels.length, i.autocomplete]));
  assert.deepEqual(fields, [
    ['signin-name', 1, 'username'], ['signin-password', 1, 'current-password'],
    ['create-name', 1, 'username'], ['create-password', 1, 'new-password'],
  ]);
  assert.equal(await A.page.getAttribute('#signin-error', 'role'), 'alert');
  assert.ok(await A.page.isHidden('#claim'), 'no claim without a browser player');
  await shot(A.page, 'signed-out');
  const ana = 'Ana' + digits();
  await A.page.fill('#create-name', ana);
  await A.page.click('#create-passkey');
  await signedInAs(A.page, ana);
  assert.deepEqual(await passkeyNames(A.page), ['Passkey 1']);
  const [status, meA] = await me(A.page);
  assert.equal(status, 200);
  assert.equal(meA.username, ana);
  assert.equal(meA.has_password, false);
  // Another page's header names the account too.
  await A.page.goto(BASE + '/');
  await A.page.waitForFunction((n) => document.getElementById('account-link')?.textContent === n, ana);
  assert.equal(await A.page.getAttribute('#account-link', 'href'), '/account');
  log('a. account made with a passkey:', ana);

  // ---- b. a second passkey, from another device ----
  await A.cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId: a1 });
  const a2 = await authenticator(A.cdp);
  await openAccount(A.page);
  await A.page.click('#add-passkey');
  await A.page.waitForFunction(() => document.querySelectorAll('#passkeys li').length === 2);
  await A.page.waitForFunction(() => /^Passkey added/.test(document.getElementById('account-status').textContent));
  assert.deepEqual((await passkeyNames(A.page)).length, 2);
  await shot(A.page, 'signed-in');
  const { credentials } = await A.cdp.send('WebAuthn.getCredentials', { authenticatorId: a2 });
  assert.equal(credentials.length, 1, 'the second device holds one passkey');
  assert.ok(credentials[0].isResidentCredential, 'a discoverable passkey');
  const B = await device(PHONE);
  const b1 = await authenticator(B.cdp);
  await B.cdp.send('WebAuthn.addCredential', { authenticatorId: b1, credential: credentials[0] });
  log('b. second passkey added and copied to device B');

  // ---- c. B signs in with the passkey ----
  await openAccount(B.page);
  await signedOut(B.page);
  await shot(B.page, 'signed-out');
  await B.page.click('#signin-passkey');
  await signedInAs(B.page, ana);
  const [, meB] = await me(B.page);
  assert.equal(meB.player_id, meA.player_id, 'one account, one player');
  assert.equal(meB.passkeys.length, 2);
  await shot(B.page, 'signed-in');
  log('c. device B signed in with the passkey');

  // ---- d. C's old browser player comes along to a new password account ----
  const C = await device(PHONE);
  await openAccount(C.page);
  const oldName = 'Old' + digits();
  const old = await C.page.evaluate(async (name) => {
    const r = await fetch('/api/players', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name }) });
    const p = await r.json();
    localStorage.setItem('senet:player', JSON.stringify(p));
    return p;
  }, oldName);
  assert.ok(old.player_id && old.player_key, 'an old-style player');
  await openAccount(C.page);
  await signedOut(C.page);
  await C.page.waitForSelector('#claim:not([hidden])');
  assert.ok((await C.page.textContent('#claim')).includes(`Your games and ratings as ${oldName} come with you`));
  await shot(C.page, 'claim');
  // A name that looks like a taken one is refused before any passkey is made.
  await C.page.fill('#create-name', ana.toUpperCase());
  const [taken] = await Promise.all([
    C.page.waitForResponse((r) => new URL(r.url()).pathname === '/api/accounts/passkey'),
    C.page.click('#create-passkey'),
  ]);
  assert.equal(taken.status(), 409);
  const takenSaid = await taken.json();
  assert.equal(takenSaid.code, 'username_taken');
  await C.page.waitForFunction(() => document.getElementById('create-error').textContent !== '');
  assert.equal(await C.page.textContent('#create-error'), sentence(takenSaid.message));
  assert.equal(await C.page.evaluate(() => document.activeElement?.id), 'create-name');
  const cleo = 'Cleo' + digits();
  const password = `sand dunes ${digits()} at dawn`;
  await C.page.fill('#create-name', cleo);
  await C.page.fill('#create-password', password);
  await C.page.click('#create-password-go');
  await signedInAs(C.page, cleo);
  const [, meC] = await me(C.page);
  assert.equal(meC.player_id, old.player_id, 'the account keeps the old player');
  assert.equal(meC.has_password, true);
  assert.equal(await C.page.evaluate(() => localStorage.getItem('senet:player')), null, 'the retired key is forgotten');
  log('d. old player claimed by', cleo);

  // ---- e. password sign-in in a fresh context ----
  const D = await device(DESKTOP);
  await openAccount(D.page);
  await D.page.fill('#signin-name', cleo);
  await D.page.fill('#signin-password', password + ' not');
  const [refusal] = await Promise.all([
    D.page.waitForResponse((r) => new URL(r.url()).pathname === '/api/session'),
    D.page.click('#signin-go'),
  ]);
  assert.equal(refusal.status(), 401);
  const said = await refusal.json();
  assert.equal(said.code, 'wrong_credentials');
  await D.page.waitForFunction(() => document.getElementById('signin-error').textContent !== '');
  assert.equal(await D.page.textContent('#signin-error'), sentence(said.message), 'the server\'s words, in the alert');
  assert.equal(await D.page.evaluate(() => document.activeElement?.id), 'signin-password');
  await shot(D.page, 'wrong-password');
  await D.page.fill('#signin-password', password);
  await D.page.click('#signin-go');
  await signedInAs(D.page, cleo);
  assert.equal((await me(D.page))[1].player_id, old.player_id);
  // The account page links to the player's page, which is the account's profile.
  await D.page.click('#profile');
  await D.page.waitForFunction(() => !document.getElementById('since').hidden);
  assert.match(await D.page.textContent('#since'), /^Member since /);
  assert.match(await D.page.textContent('#who'), new RegExp(`^${cleo}:`));
  await openAccount(D.page);
  log('e. password sign-in; a wrong password shows:', said.message);

  // ---- e2. a rated game, Ana (device A) against Cleo (D); both of Ana's devices then see the
  // same rating and history ----
  const created = await A.page.evaluate(async () => {
    const r = await fetch('/api/matches', { method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ variant: 'pyramid', rated: true }) });
    return { status: r.status, body: await r.json() };
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const matchId = created.body.match_id;
  const joined = await D.page.evaluate(async ({ matchId, invite }) => {
    const r = await fetch(`/api/matches/${matchId}/join`, { method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ invite }) });
    return { status: r.status, body: await r.json() };
  }, { matchId, invite: created.body.invites[0].invite });
  assert.equal(joined.status, 200, JSON.stringify(joined.body));
  // Each seat plays the first legal move when it is to move; Cleo resigns once both have moved.
  const play = (page, token, resigns) => page.evaluate(({ matchId, token, resigns }) => new Promise((resolve, reject) => {
    const ws = new WebSocket(`${location.origin.replace(/^http/, 'ws')}/ws/matches/${matchId}`);
    let seq = 0, seat = null, mine = 0, theirs = false, sentFor = 0;
    const timer = setTimeout(() => reject(new Error('the rated game did not end')), 30000);
    const send = (m) => ws.send(JSON.stringify({ ...m, seq: ++seq }));
    ws.onopen = () => ws.send(JSON.stringify({ type: 'hello', token, last_event: 0 }));
    ws.onmessage = (e) => {
      const m = JSON.parse(e.data);
      if (m.type === 'welcome') { seat = m.seat; send({ type: 'client_seed', seed: 'x' }); }
      if (m.type === 'event' && m.kind === 'moved' && m.seat !== seat) theirs = true;
      if (m.type === 'event' && m.kind === 'game_over') { clearTimeout(timer); ws.close(); resolve(m); return; }
      const view = m.type === 'welcome' ? m.snapshot : m;
      const no = m.type === 'welcome' ? m.snapshot.last_event : m.no;
      if (!view?.turn || view.turn.kind !== 'move' || view.turn.seat !== seat || !view.legal?.length || no <= sentFor) return;
      sentFor = no;
      if (resigns && mine > 0 && theirs) send({ type: 'resign' });
      else { mine++; send({ type: 'move', game: view.game, move: view.legal[0] }); }
    };
  }), { matchId, token, resigns });
  await Promise.all([play(A.page, created.body.token, false), play(D.page, joined.body.token, true)]);
  const ratingOf = (page) => page.evaluate(async () => {
    const me = await (await fetch('/api/me')).json();
    return (await fetch(`/api/players/${me.player_id}/history`)).json();
  });
  let onA;
  for (let i = 0; i < 50; i++) {
    onA = await ratingOf(A.page);
    if (onA.ratings.length) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.equal(onA.ratings.length, 1, 'the game was rated');
  assert.equal(onA.ratings[0].games, 1);
  assert.ok(onA.ratings[0].rating > 1500, 'Ana won: her rating rose');
  assert.deepEqual(await ratingOf(B.page), onA, 'device B sees the same rating and history');
  for (const page of [A.page, B.page]) {
    await page.goto(`${BASE}/players/${onA.player_id}`);
    await page.waitForSelector('#ratings .rating[data-pool="pyramid"]');
  }
  assert.equal(await A.page.textContent('#ratings'), await B.page.textContent('#ratings'));
  assert.ok((await A.page.locator('#history tr[data-match]').allTextContents()).length >= 1);
  log('e2. rated game won; both devices show', onA.ratings[0].rating.toFixed(0));

  // ---- e2b. Cleo follows Ana and challenges her by name from Ana's page; Ana, in the lobby,
  // sees it at once and accepts; both are taken to the new match's board ----
  await A.page.goto(`${BASE}/`);
  await A.page.waitForFunction(() => /online/.test(document.getElementById('online-count').textContent));
  await D.page.goto(`${BASE}/players/${onA.player_id}`);
  await D.page.waitForSelector('#manage-card:not([hidden])');
  await D.page.waitForSelector('#challenge-variant option[value="bell"]', { state: 'attached' });
  await D.page.click('#follow');
  await D.page.waitForFunction(() => document.getElementById('follow').getAttribute('aria-pressed') === 'true');
  assert.match(await D.page.textContent('#follow-status'), /online now/, 'Ana has a page open');
  await D.page.selectOption('#challenge-variant', 'bell');
  await D.page.click('#challenge-go');
  await D.page.waitForSelector('.challenge');
  assert.match(await D.page.textContent('.challenge'), new RegExp(`You challenged ${onA.name}: Bell`));
  const offer = A.page.locator('.challenge', { hasText: `${cleo} challenges you` });
  await offer.waitFor();
  await shot(A.page, 'challenge');
  await Promise.all([
    A.page.waitForURL(/\/m\/[^/]+$/),
    D.page.waitForURL(/\/m\/[^/]+$/),
    offer.getByRole('button', { name: `Accept ${cleo}'s challenge` }).click(),
  ]);
  const challengeMatch = new URL(A.page.url()).pathname.split('/')[2];
  assert.equal(new URL(D.page.url()).pathname.split('/')[2], challengeMatch, 'both on the same board');
  const names = await A.page.evaluate(async (id) => (await (await fetch(`/api/matches/${id}`)).json()).names, challengeMatch);
  assert.deepEqual(names, [cleo, onA.name], 'the challenger in seat 1, Ana in seat 2');
  for (const page of [A.page, D.page]) {
    await page.waitForFunction(() => document.querySelector('#board svg, svg.board, #board') !== null);
  }
  // The lobby lists whom Cleo follows, with Ana's status now that she plays.
  await D.page.goto(`${BASE}/`);
  const followed = D.page.locator('#following li', { hasText: onA.name });
  await followed.waitFor();
  assert.match(await followed.textContent(), /· (online|playing)/);
  log('e2b. followed, challenged by name, seen live and accepted');
  await A.page.goto(`${BASE}/players/${onA.player_id}`);

  // ---- e3. Cleo, on Ana's page, blocks her and reports her; never on one's own page ----
  await A.page.waitForSelector('#who');
  assert.ok(await A.page.isHidden('#manage-card'), 'no block or report on one\'s own page');
  await D.page.goto(`${BASE}/players/${onA.player_id}`);
  await D.page.waitForSelector('#manage-card:not([hidden])');
  await D.page.click('#block');
  await D.page.waitForFunction(() => document.getElementById('block').getAttribute('aria-pressed') === 'true');
  assert.match(await D.page.textContent('#block'), /^Unblock Ana/);
  assert.deepEqual((await D.page.evaluate(async () => (await fetch('/api/me/blocks')).json())).blocked, [onA.name]);
  await D.page.click('#report-box summary');
  await D.page.fill('#report-reason', 'rude in chat');
  await D.page.click('#report-form button[type=submit]');
  await D.page.waitForFunction(() => /moderators will read/.test(document.getElementById('manage-status').textContent));
  await shot(D.page, 'block-report');
  log('e3. blocked and reported from the player page');
  await openAccount(D.page);
  await openAccount(A.page);

  // ---- f. passkeys removed down to the last way in; sign out everywhere ----
  await A.page.click('#passkeys li:first-child button.remove');
  await A.page.waitForFunction(() => document.querySelectorAll('#passkeys li').length === 1);
  const [lastRefusal] = await Promise.all([
    A.page.waitForResponse((r) => /\/api\/me\/passkeys\/.+\/remove$/.test(new URL(r.url()).pathname)),
    A.page.click('#passkeys li:first-child button.remove'),
  ]);
  assert.equal(lastRefusal.status(), 409);
  const lastSaid = await lastRefusal.json();
  assert.equal(lastSaid.code, 'last_way_in');
  await A.page.waitForFunction(() => document.getElementById('me-error').textContent !== '');
  assert.equal(await A.page.textContent('#me-error'), sentence(lastSaid.message));
  assert.equal(await A.page.locator('#passkeys li').count(), 1, 'the last passkey stays');
  await A.page.click('#sign-out-everywhere');
  await signedOut(A.page);
  assert.equal(await A.page.evaluate(() => document.activeElement?.id), 'signin-title');
  assert.equal((await me(A.page))[0], 401);
  assert.equal((await me(B.page))[0], 401, 'B is signed out too');
  await openAccount(B.page);
  await signedOut(B.page);
  assert.equal((await me(D.page))[0], 200, 'another account stays signed in');
  log('f. last way in kept; signed out everywhere');

  // A browser without WebAuthn is offered passwords only, and told why.
  const E = await device(PHONE);
  await E.page.addInitScript(() => { delete window.PublicKeyCredential; });
  await openAccount(E.page);
  await signedOut(E.page);
  assert.ok(await E.page.isHidden('#signin-passkey') && await E.page.isHidden('#create-passkey'), 'no passkey buttons');
  assert.ok(await E.page.isVisible('#create-password-go') && await E.page.isVisible('#signin-go'));
  assert.match(await E.page.textContent('#no-passkeys'), /cannot use passkeys/);
  await shot(E.page, 'no-passkeys');
  log('g. without WebAuthn: passwords only');

  // ---- h. D downloads its data, then deletes the account ----
  const [download] = await Promise.all([D.page.waitForEvent('download'), D.page.click('#export')]);
  const exported = JSON.parse(await (await import('node:fs/promises')).readFile(await download.path(), 'utf8'));
  assert.equal(exported.account.username, cleo, 'the download is the account\'s data');
  assert.equal(exported.account.player_id, old.player_id);
  await D.page.click('#delete-box summary');
  await D.page.fill('#delete-name', cleo.toUpperCase());
  const [wrongName] = await Promise.all([
    D.page.waitForResponse((r) => new URL(r.url()).pathname === '/api/me/delete'),
    D.page.click('#delete-go'),
  ]);
  assert.equal(wrongName.status(), 422, 'the name exactly as written confirms it');
  await D.page.waitForFunction(() => document.getElementById('delete-error').textContent !== '');
  await shot(D.page, 'delete');
  await D.page.fill('#delete-name', cleo);
  await D.page.click('#delete-go');
  await signedOut(D.page);
  // The live region's words come 30 ms after it is cleared (so that a screen reader says them).
  await D.page.waitForFunction(() => /deleted/.test(document.getElementById('account-status').textContent));
  assert.equal((await me(D.page))[0], 401);
  const history = await D.page.evaluate(async (id) => (await fetch(`/api/players/${id}/history`)).json(), old.player_id);
  assert.equal(history.name, 'deleted player', 'the games stay, under "deleted player"');
  log('h. data downloaded; account deleted');

  for (const d of [A, B, C, D, E]) await d.ctx.close();
} finally {
  await browser.close();
}
assert.deepEqual(pageErrors, [], 'no script errors on the pages');
log('account browser tests passed');
