// Browser test of tournaments (web/tournaments.js, the lobby's card; web/tournament.js, the
// page /t/{id}), in real headless Chromium (playwright-core). Needs a running server:
// SENET_URL (e.g. http://127.0.0.1:8123); scripts/test.sh starts one.
//
// a. Five browser contexts sign up five accounts with passwords (new names each run); a sixth,
//    signed out, watches and takes the screenshots. The signed-out lobby says "Sign in to
//    create or join"; a signed-in one shows the form, variant kendall by default.
// b. Ana creates a Swiss event of 2 rounds with the lobby's form, starting in a minute (the
//    form's least but now: a Swiss event that starts with fewer than two players ends at once),
//    and lands on its page; Ana, Bo and Cleo join there (Join, a real button). While it waits,
//    Dido creates an arena of 2 minutes starting now; Dido and Eli join from its page, are
//    paired, and each page opens its board. The watcher's page of the arena is open; Dido
//    resigns on the board (the board's own Resign button, twice, as a player does): the
//    watcher's standings change without a reload (Eli 2 points, Dido 0) and the game's result
//    is listed.
// c. The Swiss event starts: two players' pages open their boards, the third says it has the
//    bye and waits for its next opponent. Each round one player resigns on the board; the
//    players go back to the tournament's page (which opens the next board when they are
//    paired). After round 2 all three pages show the podium with three names, and the
//    standings' points add up to the games played plus the byes.
// d. "No such tournament" for an unknown id. Screenshots at 1280×800 and 375×740 of the
//    lobby's card, a running tournament and a finished one with its podium go to
//    /tmp/tournament-shots/ (or TOURNAMENT_SHOTS); at 375 px nothing scrolls sideways or lays
//    text over text.

import path from 'node:path';
import assert from 'node:assert/strict';
import { BASE, DESKTOP, PHONE, collectErrors, launch, log, outDir, sleep, textOverTextProbe, waitForServer } from './harness.mjs';

const SHOTS = outDir(process.env.TOURNAMENT_SHOTS || '/tmp/tournament-shots');

await waitForServer();
const browser = await launch();
const digits = () => String(Math.floor(Math.random() * 1e5)).padStart(5, '0');
const pageErrors = [];

async function context(viewport) {
  const ctx = await browser.newContext({ viewport });
  const page = await ctx.newPage();
  page.setDefaultTimeout(15000);
  page.setDefaultNavigationTimeout(30000);
  collectErrors(page, pageErrors, { keep: (text) => /Content Security Policy|SyntaxError|TypeError/.test(text), withUrl: true });
  return { ctx, page };
}

async function signUp(page, name) {
  await page.goto(BASE + '/account');
  await page.waitForSelector('#signed-out:not([hidden])');
  await page.fill('#create-name', name);
  await page.fill('#create-password', `reeds of the nile ${digits()}`);
  await page.click('#create-password-go');
  await page.waitForSelector('#signed-in:not([hidden])');
}

// A screenshot of `page` (or of one element of it) at both sizes; at phone width nothing may
// scroll sideways or lay text over text.
async function shots(page, name, selector = null) {
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(150);
    const file = path.join(SHOTS, `${name}-${viewport.width}.png`);
    if (selector) await page.locator(selector).screenshot({ path: file });
    else await page.screenshot({ path: file, fullPage: true });
    if (viewport === PHONE) {
      const [scroll, inner] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
      assert.ok(scroll <= inner, `${name}: no sideways scrolling at 375 px (${scroll} px wide)`);
      assert.deepEqual(await page.evaluate(textOverTextProbe), [], `${name}: no text over text at 375 px`);
    }
  }
  await page.setViewportSize(DESKTOP);
}

// The standings as the page shows them: [{ name, points, sheet }].
const standings = (page) => page.$$eval('#standings tbody tr', (rows) => rows.map((r) => ({
  name: r.querySelector('td.who a').textContent,
  points: r.querySelector('td.points').textContent,
  sheet: [...r.querySelectorAll('td.sheet .sheet-mark')].map((m) => m.textContent),
})));
const points = (text) => (text === '½' ? 0.5 : text.endsWith('½') ? Number(text.slice(0, -1)) + 0.5 : Number(text));

// On a board page: wait for the game to be on, then resign with the board's own button (a
// second press confirms), until the game is over.
async function resign(page) {
  await page.waitForURL(/\/m\/[^/]+$/);
  await page.waitForFunction(() => window.senet?.turn && !['joining'].includes(window.senet.turn.kind), null, { timeout: 20000 });
  for (let i = 0; i < 20; i++) {
    if (await page.evaluate(() => ['game_over', 'match_over'].includes(window.senet?.turn?.kind))) return;
    const button = page.getByRole('button', { name: /^(Resign|Really resign\?)$/ });
    if (await button.count()) {
      await button.first().click().catch(() => {});
      const confirm = page.getByRole('button', { name: 'Really resign?' });
      if (await confirm.count()) await confirm.first().click().catch(() => {});
    }
    await page.waitForTimeout(250);
  }
  throw new Error(`${page.url()}: the resignation did not end the game`);
}

// Which of `pages` is sent to the board of a new game (its URL /m/…, not one of `done`) and
// which waits with the bye, once a Swiss round has been paired.
async function paired(pages, done, timeout = 90000) {
  const deadline = Date.now() + timeout;
  const onBoard = (p) => {
    const m = /^\/m\/([^/]+)$/.exec(new URL(p.url()).pathname);
    return Boolean(m) && !done.includes(decodeURIComponent(m[1]));
  };
  for (;;) {
    const at = await Promise.all(pages.map(async (p) => ({
      p, board: onBoard(p),
      bye: /\/t\//.test(p.url()) && /You have the bye this round/.test(await p.textContent('#t-my-state').catch(() => '')),
    })));
    const boards = at.filter((x) => x.board).map((x) => x.p);
    const byes = at.filter((x) => x.bye).map((x) => x.p);
    if (boards.length === 2 && byes.length === 1) return { players: boards, bye: byes[0] };
    if (Date.now() > deadline) throw new Error(`the round was not paired: ${at.map((x) => `${x.p.url()} board=${x.board} bye=${x.bye}`).join('; ')}`);
    await sleep(200);
  }
}

try {
  // ---- a. the accounts, and the lobby's card signed out and signed in ----
  const run = digits();
  const names = ['Ana', 'Bo', 'Cleo', 'Dido', 'Eli'].map((n) => `${n}${run}`);
  const [A, B, C, D, E] = await Promise.all(names.map(() => context(DESKTOP)));
  const V = await context(DESKTOP); // signed out: watches, takes the screenshots
  // The first visit of a fresh server compresses each file once (slowly, in a debug build):
  // one page pays for it before five load at once.
  await V.page.goto(BASE + '/account');
  await Promise.all([[A, 0], [B, 1], [C, 2], [D, 3], [E, 4]].map(([x, i]) => signUp(x.page, names[i])));
  log('a. signed up', names.join(', '));
  await V.page.goto(BASE + '/');
  const card = V.page.locator('#tournaments-card');
  await card.getByRole('heading', { name: 'Tournaments' }).waitFor();
  await V.page.waitForSelector('#tournament-signin:not([hidden])');
  assert.equal((await V.page.textContent('#tournament-signin')).trim(), 'Sign in to create or join');
  assert.ok(await V.page.isHidden('#tournament-form'), 'no form signed out');

  // ---- b. Ana creates a Swiss event with the lobby's form ----
  await A.page.goto(BASE + '/');
  await A.page.waitForSelector('#tournament-form:not([hidden])');
  assert.ok(await A.page.isHidden('#tournament-signin'));
  assert.equal(await A.page.inputValue('#tf-variant'), 'kendall', 'kendall by default');
  const form = A.page.locator('#tournament-form');
  await A.page.selectOption('#tf-kind', 'swiss');
  assert.ok(await A.page.isHidden('#tf-duration') && await A.page.isVisible('#tf-rounds'), 'a Swiss event asks for rounds, not a duration');
  const swissName = `Swiss ${run}`;
  await form.getByLabel('Name', { exact: true }).fill(swissName);
  await form.getByLabel('Rounds', { exact: true }).fill('2');
  await form.getByLabel('Starts in (minutes)', { exact: true }).fill('1');
  await form.getByRole('button', { name: 'Create tournament' }).click();
  await A.page.waitForURL(/\/t\/[^/]+$/);
  const swissUrl = A.page.url();
  const swissId = new URL(swissUrl).pathname.split('/')[2];
  await A.page.getByRole('heading', { level: 1, name: swissName }).waitFor();
  assert.match(await A.page.textContent('#t-terms'), /^Swiss · Kendall.* · clock 3\+2 · casual · 2 rounds · 0 players · made by /);
  assert.equal(await A.page.getAttribute('#t-terms a', 'href'), '/howto/kendall');
  assert.match(await A.page.textContent('#t-status'), /^Starts in (1:00|0:[0-5]\d)$/);
  for (const x of [A, B, C]) {
    if (x !== A) await x.page.goto(swissUrl);
    await x.page.getByRole('button', { name: 'Join' }).click();
    await x.page.getByRole('button', { name: 'Leave' }).waitFor();
    assert.equal(await x.page.textContent('#t-my-state'), 'You are in: your first game starts with the tournament.');
  }
  // Cleo leaves and comes back before the start.
  await C.page.getByRole('button', { name: 'Leave' }).click();
  await C.page.getByRole('button', { name: 'Join again' }).waitFor();
  assert.equal(await C.page.textContent('#t-my-state'), 'You have withdrawn: you are paired no more.');
  await C.page.waitForFunction(() => document.getElementById('t-news').textContent === 'You have left the tournament.');
  await C.page.getByRole('button', { name: 'Join again' }).click();
  await C.page.getByRole('button', { name: 'Leave' }).waitFor();
  await A.page.waitForFunction((n) => document.querySelectorAll('#standings tbody tr').length === n, 3);
  assert.deepEqual((await standings(A.page)).map((s) => s.name).sort(), names.slice(0, 3).sort(), 'the three who joined, live on the creator\'s page');
  log('b. Swiss event', swissId, 'created from the lobby; three joined');

  // ---- b2. the arena, while the Swiss event waits for its start ----
  await D.page.goto(BASE + '/');
  await D.page.waitForSelector('#tournament-form:not([hidden])');
  const dForm = D.page.locator('#tournament-form');
  const arenaName = `Arena ${run}`;
  await D.page.selectOption('#tf-kind', 'arena');
  await dForm.getByLabel('Name', { exact: true }).fill(arenaName);
  await dForm.getByLabel('Lasts (minutes)', { exact: true }).fill('2');
  await dForm.getByLabel('Starts in (minutes)', { exact: true }).fill('0');
  await dForm.getByRole('button', { name: 'Create tournament' }).click();
  await D.page.waitForURL(/\/t\/[^/]+$/);
  const arenaUrl = D.page.url();
  await V.page.goto(arenaUrl);
  await V.page.getByRole('heading', { level: 1, name: arenaName }).waitFor();
  assert.equal((await V.page.textContent('#t-my-state')).trim(), 'Sign in to join.');
  assert.ok(await V.page.isHidden('#t-join'), 'no Join signed out');
  await V.page.waitForFunction(() => /^Running: [12]:\d\d left$/.test(document.getElementById('t-status').textContent));
  await V.page.evaluate(() => { window.notReloaded = true; });
  // Both join; the arena pairs them and each page opens the board.
  await D.page.getByRole('button', { name: 'Join' }).click();
  await E.page.goto(arenaUrl);
  await E.page.getByRole('button', { name: 'Join' }).click();
  await Promise.all([D.page.waitForURL(/\/m\/[^/]+$/, { timeout: 20000 }), E.page.waitForURL(/\/m\/[^/]+$/, { timeout: 20000 })]);
  const arenaMatch = new URL(D.page.url()).pathname.split('/')[2];
  assert.equal(new URL(E.page.url()).pathname.split('/')[2], arenaMatch, 'one game between them');
  assert.equal(await D.page.evaluate((id) => sessionStorage.getItem('senet:tournament:' + id), arenaMatch), new URL(arenaUrl).pathname.split('/')[2]);
  // Back on the tournament's page during the game, a player gets a link to its board (no
  // second trip there), then goes back to play.
  await E.page.goBack();
  await E.page.waitForURL(arenaUrl);
  await E.page.getByRole('link', { name: 'go to its board' }).click();
  await E.page.waitForURL(`**/m/${arenaMatch}`);
  // The watcher sees the game in play, with a link to watch it.
  await V.page.waitForSelector(`#games li[data-match="${arenaMatch}"] .in-play`);
  assert.equal(await V.page.getAttribute(`#games li[data-match="${arenaMatch}"] a`, 'href'), `/m/${arenaMatch}/watch`);
  await shots(V.page, 'arena-running');
  await resign(D.page);
  // Without a reload: Eli has 2 points, Dido 0, and the game's result is listed.
  await V.page.waitForFunction(([eli]) => [...document.querySelectorAll('#standings tbody tr')].some((r) => r.querySelector('td.who a')?.textContent === eli && r.querySelector('td.points')?.textContent === '2'), [names[4]], { timeout: 20000 });
  const arenaTable = await standings(V.page);
  assert.deepEqual(arenaTable.map((s) => [s.name, s.points, s.sheet.join(' ')]), [[names[4], '2', '2'], [names[3], '0', '0']]);
  assert.ok(await V.page.evaluate(() => window.notReloaded), 'the standings changed without a reload');
  // …and a screen reader hears it, politely.
  assert.equal(await V.page.getAttribute('#t-news', 'aria-live'), 'polite');
  await V.page.waitForFunction((eli) => document.getElementById('t-news').textContent.includes(`Standings: ${eli} leads with 2.`), names[4]);
  await V.page.waitForSelector(`#games li[data-match="${arenaMatch}"] .game-result`);
  assert.match(await V.page.textContent(`#games li[data-match="${arenaMatch}"] .game-result`), /^(1-0|0-1)$/);
  assert.ok(await V.page.getByRole('link', { name: names[4] }).count(), 'the names link to the players\' pages');
  assert.match(await V.page.getAttribute(`#standings a:text-is("${names[4]}")`, 'href'), /^\/players\//);
  await shots(V.page, 'arena-after-game');
  log('b2. arena: the watcher saw the standings change live:', JSON.stringify(arenaTable));

  // The lobby's card lists both, with their countdowns and a link each.
  await V.page.goto(BASE + '/');
  await V.page.waitForSelector(`#tournament-list li[data-tournament="${swissId}"]`);
  const swissLine = await V.page.textContent(`#tournament-list li[data-tournament="${swissId}"]`);
  assert.match(swissLine, new RegExp(`^${swissName} — Swiss · Kendall.* · 3\\+2 · 3 players(Starts in 0:\\d\\d|Round 1 of 2|Starting…)$`), swissLine);
  assert.match(await V.page.textContent(`#tournament-list li:has(a:text-is("${arenaName}")) .t-when`), /^Running: [01]:\d\d left$/);
  assert.equal(await V.page.getAttribute(`#tournament-list li[data-tournament="${swissId}"] a`, 'href'), `/t/${swissId}`);
  await shots(V.page, 'lobby-card', '#tournaments-card');
  log('b3. the lobby lists both');

  // ---- c. the Swiss rounds ----
  const trio = [A.page, B.page, C.page];
  const played = [];
  for (const round of [1, 2]) {
    const { players, bye } = await paired(trio, played);
    const byeName = names[trio.indexOf(bye)];
    assert.equal(await bye.textContent('#t-my-state'), 'You have the bye this round. Waiting for your next opponent…');
    await bye.waitForFunction((r) => document.getElementById('t-status').textContent === `Round ${r} of 2`, round);
    if (round === 1) {
      await V.page.goto(swissUrl);
      await V.page.waitForSelector('#games li .in-play');
      await shots(V.page, 'swiss-running');
      await shots(bye, 'swiss-bye-player');
    }
    const matchId = new URL(players[0].url()).pathname.split('/')[2];
    assert.equal(new URL(players[1].url()).pathname.split('/')[2], matchId, 'the two are at one board');
    played.push(matchId);
    await resign(players[1]);
    log(`c. round ${round}: ${names[trio.indexOf(players[1])]} resigned to ${names[trio.indexOf(players[0])]}; ${byeName} had the bye`);
    // Back to the tournament's page by the board header's link (the page, or the account's
    // socket, opens the next board when they are paired).
    for (const p of players) {
      await p.waitForFunction(() => ['game_over', 'match_over'].includes(window.senet?.turn?.kind));
      const back = p.getByRole('link', { name: 'Back to the tournament' });
      assert.equal(await back.getAttribute('href'), `/t/${swissId}`);
      if (new URL(p.url()).pathname === `/m/${matchId}`) await back.click().catch(() => {});
    }
  }
  // After the last round nobody is paired again: each page stays on the tournament's.
  for (const p of trio) if (!p.url().endsWith(`/t/${swissId}`)) await p.waitForURL(`**/t/${swissId}`);
  for (const p of trio) await p.waitForSelector('#podium-card:not([hidden])', { timeout: 30000 });
  const podiums = await Promise.all(trio.map((p) => p.$$eval('#podium li', (ls) => ls.map((l) => [l.querySelector('.place-rank').textContent, l.querySelector('.place-name').textContent]))));
  for (const podium of podiums) {
    assert.equal(podium.length, 3, 'three on the podium');
    assert.deepEqual(podium, podiums[0], 'every page shows the same podium');
  }
  assert.deepEqual(podiums[0].map(([rank]) => rank), ['1st', '2nd', '3rd']);
  assert.deepEqual(podiums[0].map(([, name]) => name).sort(), names.slice(0, 3).sort());
  assert.equal(await A.page.textContent('#t-status'), 'Finished');
  assert.ok(await A.page.isHidden('#t-join') && await A.page.isHidden('#t-leave'), 'no Join or Leave once finished');
  const table = await standings(A.page);
  const total = table.reduce((sum, s) => sum + points(s.points), 0);
  const byes = table.reduce((sum, s) => sum + s.sheet.filter((m) => m === 'bye').length, 0);
  const games = await A.page.$$eval('#games li .game-result', (rs) => rs.filter((r) => r.textContent !== 'void (does not count)').length);
  assert.equal(games, 2, 'two games were played');
  assert.equal(byes, 2, 'a bye each round');
  assert.equal(total, games + byes, `the points add up: ${JSON.stringify(table)}`);
  await V.page.goto(swissUrl);
  await V.page.waitForSelector('#podium-card:not([hidden])');
  await shots(V.page, 'swiss-finished');
  // A signed-in player's lobby card, with the form.
  await A.page.goto(BASE + '/');
  await A.page.waitForSelector(`#tournament-list li[data-tournament="${swissId}"][data-status="finished"]`);
  await shots(A.page, 'lobby-card-signed-in', '#tournaments-card');
  log('c. Swiss finished; podium', podiums[0].map((p) => p.join(' ')).join(' | '), '; points', total, '=', games, 'games +', byes, 'byes');

  // ---- d. an unknown tournament ----
  await V.page.goto(BASE + '/t/t_nosuch' + run);
  await V.page.getByRole('heading', { level: 1, name: 'No such tournament' }).waitFor();
  assert.equal(await V.page.getAttribute('#missing a', 'href'), '/');
  await shots(V.page, 'no-such-tournament');
  log('d. no such tournament');

  for (const x of [A, B, C, D, E, V]) await x.ctx.close();
} finally {
  await browser.close();
}
assert.deepEqual(pageErrors, [], 'no script errors on the pages');
log('tournament browser tests passed; screenshots in', SHOTS);
