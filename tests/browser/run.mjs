// Browser test of the web client, in real headless Chromium (playwright-core).
// Needs a running server: SENET_URL (e.g. http://127.0.0.1:8123). scripts/test.sh starts one.
//
// Two browser contexts create and join a pyramid match through the pages and play it by
// clicking (always the first legal move) until the game ends; a third context watches and
// must see every move; a player reloads mid-game and resumes; a socket drop reconnects by
// itself; the scoreboard shows the result; the replay page verifies the dice with WebCrypto.
// Then every variant is set up and played a few moves, and its board is screenshotted
// mid-game into target/screenshots/ (also at phone width for one variant).

import { chromium } from 'playwright-core';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import assert from 'node:assert/strict';

const BASE = process.env.SENET_URL || 'http://127.0.0.1:8080';
const HERE = path.dirname(fileURLToPath(import.meta.url));
const SHOTS = path.resolve(HERE, '../../target/screenshots');
mkdirSync(SHOTS, { recursive: true });
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const t0 = Date.now();
const log = (...a) => console.log(`[${((Date.now() - t0) / 1000).toFixed(1)}s]`, ...a);

// Wait for the server to be ready.
for (let i = 0; ; i++) {
  try { if ((await fetch(BASE + '/healthz')).ok) break; } catch { /* not yet */ }
  if (i > 200) throw new Error(`no server at ${BASE}`);
  await new Promise(r => setTimeout(r, 100));
}

const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});

const pageErrors = [];
async function newPage(viewport = { width: 1000, height: 900 }) {
  const ctx = await browser.newContext({ viewport });
  const page = await ctx.newPage();
  page.on('pageerror', (e) => pageErrors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') pageErrors.push(m.text()); });
  page.setDefaultTimeout(15000);
  return page;
}

// Creates a match from the lobby in `a`, joins it from the invite link in `b`.
async function setup(a, b, variant, opts = {}) {
  await a.goto(BASE + '/');
  await a.selectOption('#variant', variant);
  if (opts.target) await a.fill('#series-target', String(opts.target));
  await a.fill('#player-name', 'Ana');
  await a.fill('#match-name', `${variant} test`);
  await a.click('#create-go');
  const invite = await a.inputValue('#invite-2');
  const watch = await a.inputValue('#spectator-link');
  assert.match(invite, /\/m\/[0-9a-f-]+\/join\?invite=/);
  await a.click('#go-board');
  await a.waitForURL(/\/m\/[0-9a-f-]+$/);
  await b.goto(invite);
  await b.fill('#join-name', 'Bo');
  await b.click('#join-go');
  await b.waitForURL(/\/m\/[0-9a-f-]+$/); // the invite left the address bar
  const id = new URL(a.url()).pathname.split('/')[2];
  return { id, watch };
}

let keyboardMoves = 0;
const lastEvent = (p) => p.evaluate(() => Number(document.body.dataset.lastEvent || 0));

// Plays one move on whichever page has the turn: click the piece, then the highlighted
// target; moves that are not from a square (a colour choice, a coaster) are buttons.
async function step(pages, { keyboard = false } = {}) {
  for (const p of pages) {
    const mine = await p.evaluate(() => document.body.dataset.myTurn === '1' && document.body.dataset.conn === 'open');
    if (!mine) continue;
    const before = await lastEvent(p);
    const how = await p.evaluate(() => {
      const st = window.senet;
      const mv = st.legal[0];
      const ends = st.board.ends.get(mv);
      return { mv, src: ends ? ends.from : null };
    });
    const single = how.src && await p.evaluate(({ mv, src }) => window.senet.board.movesFrom(src).filter(m => window.senet.board.ends.get(m).to === window.senet.board.ends.get(mv).to).length === 1, how);
    if (keyboard && single && await p.locator(`g.piece[data-src="${how.src}"]`).count()) {
      // Tab/Enter: focus the piece, Enter selects it and moves the focus to its first target.
      await p.focus(`g.piece[data-src="${how.src}"]`);
      await p.keyboard.press('Enter');
      await p.focus(`rect.target[data-moves~="${how.mv}"]`);
      await p.keyboard.press('Enter');
      keyboardMoves += 1;
    } else if (how.src && await p.locator(`g.piece[data-src="${how.src}"]`).count()) {
      await p.locator(`g.piece[data-src="${how.src}"]`).click();
      const target = p.locator(`rect.target[data-moves~="${how.mv}"]`).first();
      const buttons = await p.evaluate((mv) => document.querySelectorAll('.target').length > 0 && [...document.querySelectorAll('.target')].find(t => t.dataset.moves.split(' ').includes(mv))?.dataset.moves.split(' ').length, how.mv);
      if (buttons === 1) await target.click({ force: true });
      else await p.locator(`#choices button.move[data-move="${how.mv}"]`).first().click();
    } else {
      await p.locator('#choices .all-moves summary').click();
      await p.locator(`#choices button.move[data-any="1"][data-move="${how.mv}"]`).click();
    }
    try {
      await p.waitForFunction((n) => Number(document.body.dataset.lastEvent) > n, before);
    } catch (e) {
      for (const q of pages) console.log(await dump(q));
      throw e;
    }
    return how.mv;
  }
  // Nobody may move now: wait until someone may (the server throws, seeds arrive), or the end.
  const deadline = Date.now() + 15000;
  for (;;) {
    for (const p of pages) {
      if (await p.evaluate(() => (document.body.dataset.myTurn === '1' && document.body.dataset.conn === 'open') || ['game_over', 'match_over'].includes(document.body.dataset.turn))) return null;
    }
    if (Date.now() > deadline) {
      for (const q of pages) console.log(await dump(q));
      throw new Error('nobody gets the turn');
    }
    await new Promise(r => setTimeout(r, 40));
  }
}

const dump = (p) => p.evaluate(() => JSON.stringify({ url: location.pathname, seat: window.senet.seat, turn: window.senet.turn, legal: window.senet.legal, pending: window.senet.pending,
  conn: document.body.dataset.conn, last: document.body.dataset.lastEvent, error: document.getElementById('error').textContent, notation: window.senet.notation }));
const over = (p) => p.evaluate(() => ['game_over', 'match_over'].includes(document.body.dataset.turn));

// ---- the main game: pyramid ----
{
  const a = await newPage();
  const b = await newPage();
  const s = await newPage({ width: 375, height: 800 });
  const { id, watch } = await setup(a, b, 'pyramid', { target: 3 });
  log('match', id);
  await s.goto(watch);
  await s.waitForFunction(() => document.body.dataset.conn === 'open');
  let moves = 0, reloaded = false, dropped = false;
  while (!(await over(a))) {
    const mv = await step([a, b], { keyboard: moves % 7 === 3 });
    if (mv) moves++;
    if (moves === 10 && !reloaded) {
      reloaded = true;
      const at = await lastEvent(a);
      await b.reload();
      await b.waitForFunction((n) => document.body.dataset.conn === 'open' && Number(document.body.dataset.lastEvent) >= n, at);
      assert.equal(await b.evaluate(() => window.senet.seat), 2, 'the reload resumes seat 2');
      log('reloaded seat 2 at event', at);
    }
    if (moves === 20 && !dropped) {
      dropped = true;
      await a.evaluate(() => window.senetLive.drop());
      await a.waitForFunction(() => document.body.dataset.conn === 'open');
      log('seat 1 reconnected after a dropped socket');
    }
    if (moves === 30) await a.screenshot({ path: path.join(SHOTS, 'pyramid-play-desktop.png'), fullPage: true });
    if (moves === 30) await s.screenshot({ path: path.join(SHOTS, 'pyramid-spectator-phone.png'), fullPage: true });
    if (moves > 2000) throw new Error('the game does not end');
  }
  log('game over after', moves, 'moves,', keyboardMoves, 'of them by keyboard');
  assert.ok(keyboardMoves > 0, 'some moves were made with the keyboard');
  const end = await lastEvent(a);
  await s.waitForFunction((n) => Number(document.body.dataset.lastEvent) >= n, end);
  const movesOf = (p) => p.evaluate(() => [...document.querySelectorAll('#log li[data-kind="moved"]')].map(li => li.textContent.split(': ').pop()));
  const seen = await movesOf(s);
  const played = await movesOf(a);
  if (seen.length !== moves || seen.join() !== played.join()) {
    const k = seen.findIndex((m, j) => m !== played[j]);
    console.log('clicked', moves, 'moves; spectator', seen.length, 'player', played.length, 'first difference at', k, seen.slice(k - 2, k + 3), played.slice(k - 2, k + 3));
    console.log(await dump(a), await dump(s));
  }
  assert.equal(seen.length, moves, 'the spectator saw every move');
  assert.deepEqual(seen, played, 'the spectator saw the same moves');
  assert.deepEqual(await movesOf(b), played, 'the reloaded page has the whole move log');
  const winnerText = await a.textContent('#status');
  log(winnerText);
  assert.match(winnerText, /wins/);
  assert.match(await s.textContent('#status'), /wins/, 'the spectator sees the result');
  await a.screenshot({ path: path.join(SHOTS, 'pyramid-game-over.png'), fullPage: true });
  // The next game of the series: both ask for it.
  await a.click('#rematch');
  await b.click('#rematch');
  for (const p of [a, b, s]) await p.waitForFunction(() => window.senet.game === 2 && !['game_over', 'match_over'].includes(document.body.dataset.turn));
  log('game 2 started on every page');
  // Scoreboard.
  await s.goto(`${BASE}/m/${id}/scoreboard`);
  await s.waitForSelector('#result');
  const result = await s.textContent('#result');
  assert.match(result, /leads/);
  assert.equal(await s.locator('#games tr').count(), 3, 'games 1 and 2 are listed');
  assert.match(await s.textContent('#games'), /completed/);
  await s.screenshot({ path: path.join(SHOTS, 'scoreboard-phone.png'), fullPage: true });
  log('scoreboard:', result);
  // The leaderboard (registered players: the lobby and the join page made one each) and a
  // player's history list this match.
  await a.goto(BASE + '/');
  await a.selectOption('#lb-variant', 'pyramid');
  await a.waitForSelector('#leaders tbody tr');
  assert.match(await a.textContent('#leaders'), /Ana|Bo/);
  await a.click('#my-history');
  await a.waitForSelector(`#history tr[data-match="${id}"]`);
  await a.screenshot({ path: path.join(SHOTS, 'history.png'), fullPage: true });
  log('leaderboard and history list the match');
  // Replay + WebCrypto dice check of game 1.
  await a.goto(`${BASE}/m/${id}/games/1/replay`);
  await a.waitForSelector('#verify[data-verify]');
  assert.equal(await a.getAttribute('#verify', 'data-verify'), 'ok', await a.textContent('#verdict'));
  const throws = Number(await a.getAttribute('#verify', 'data-throws'));
  assert.ok(throws > 10, 'throws were checked');
  await a.click('#next'); await a.click('#next');
  await a.fill('#step', '60'); await a.dispatchEvent('#step', 'input');
  await a.waitForTimeout(400);
  await a.screenshot({ path: path.join(SHOTS, 'replay.png'), fullPage: true });
  log('replay verified', throws, 'throws');
  // Game 2 is not over: its replay says the seed is still secret.
  await b.goto(`${BASE}/m/${id}/games/2/replay`);
  await b.waitForSelector('#verify[data-verify]');
  assert.equal(await b.getAttribute('#verify', 'data-verify'), 'pending');
  for (const p of [a, b, s]) await p.context().close();
}

// ---- every variant, mid-game ----
for (const variant of ['jequier', 'pyramid', 'modern', 'parker', 'martian']) {
  const a = await newPage({ width: 900, height: 760 });
  const b = await newPage({ width: 900, height: 760 });
  await setup(a, b, variant);
  let moves = 0;
  const want = { martian: 14, jequier: 14 }[variant] || 10;
  while (moves < want && !(await over(a))) if (await step([a, b])) moves++;
  // Select a piece of the player on turn so the highlighted targets show.
  for (const p of [a, b]) {
    if (await p.evaluate(() => document.body.dataset.myTurn === '1')) {
      const src = p.locator('g.piece.movable').first();
      if (await src.count()) await src.click();
      assert.ok(await p.locator('svg.board rect.sq').count() >= 27, 'the board is drawn');
      await p.waitForTimeout(400); // let the last move's animation finish
      await p.screenshot({ path: path.join(SHOTS, `${variant}.png`), fullPage: true });
      assert.ok(await p.locator('svg.board rect.sq').count() >= 27, 'the board is still drawn after the screenshot');
      break;
    }
  }
  if (variant === 'martian') {
    await a.setViewportSize({ width: 375, height: 760 });
    await a.waitForTimeout(500); // the board turns upright: let it paint
    assert.ok(await a.locator('svg.board.vertical rect.sq').count() >= 27, 'the board turned upright');
    await a.screenshot({ path: path.join(SHOTS, 'martian-phone.png'), fullPage: true });
  }
  log(variant, moves, 'moves, screenshot saved');
  await a.context().close(); await b.context().close();
}

// ---- a rejected move, the live list, and claiming a game from an absent player ----
{
  const a = await newPage();
  const b = await newPage();
  const { id } = await setup(a, b, 'modern');
  const lobby = await newPage();
  await lobby.goto(BASE + '/');
  await lobby.waitForSelector(`#live li[data-match="${id}"]`);
  await lobby.screenshot({ path: path.join(SHOTS, 'lobby.png'), fullPage: true });
  await lobby.context().close();
  let moves = 0;
  while (moves < 4) if (await step([a, b])) moves++;
  while (!(await a.evaluate(() => document.body.dataset.myTurn === '1')) && !(await b.evaluate(() => document.body.dataset.myTurn === '1'))) await a.waitForTimeout(50);
  const [mover, other] = (await a.evaluate(() => document.body.dataset.myTurn === '1')) ? [a, b] : [b, a];
  // A move that is not legal now gets a clear message and changes nothing.
  await mover.evaluate(() => window.senetLive.send({ type: 'move', game: window.senet.game, move: '9+9' }));
  await mover.waitForFunction(() => document.getElementById('error').textContent !== '');
  log('rejected move:', await mover.textContent('#error'));
  // The player on turn goes away; after --abandon-after (3 s in scripts/test.sh) the other claims.
  await mover.context().close();
  await other.waitForSelector('#claim');
  await other.waitForTimeout(3300);
  await other.click('#claim');
  await other.waitForFunction(() => ['game_over', 'match_over'].includes(document.body.dataset.turn));
  log('claimed:', await other.textContent('#status'));
  assert.match(await other.textContent('#log'), /claimed the game/);
  await other.context().close();
}

// ---- a private match: its spectator link (with the key) watches, the bare link cannot ----
{
  const created = await (await fetch(BASE + '/api/matches', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ variant: 'parker', public: false }) })).json();
  assert.match(created.spectator_url, /\?key=/);
  const p = await newPage();
  await p.goto(BASE + created.spectator_url);
  await p.waitForFunction(() => document.body.dataset.conn === 'open');
  await p.goto(`${BASE}/m/${created.match_id}/watch`);
  await p.waitForFunction(() => document.getElementById('error').dataset.code === 'spectator_key_required');
  await p.context().close();
  log('private match: watched with its key, refused without');
}

// The rules page renders.
{
  const p = await newPage();
  await p.goto(BASE + '/rules/parker');
  await p.waitForSelector('main h2');
  await p.screenshot({ path: path.join(SHOTS, 'rules-parker.png') });
  await p.context().close();
}

await browser.close();
// Expected 404s (the store's routes, where this server lacks them) are not script errors.
const serious = pageErrors.filter(e => !/WebSocket|ERR_CONNECTION|net::|Failed to load resource/.test(e));
assert.deepEqual(serious, [], 'no script errors on the pages');
log('browser tests passed');
