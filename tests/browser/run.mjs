// Browser test of the web client, in real headless Chromium (playwright-core).
// Needs a running server: SENET_URL (e.g. http://127.0.0.1:8123). scripts/test.sh starts one.
//
// Two browser contexts create and join a pyramid match through the pages and play it by
// clicking (always the first legal move) until the game ends; a third context watches and
// must see every move; a player reloads mid-game and resumes; a socket drop reconnects by
// itself; the scoreboard shows the result; the replay page verifies the dice with WebCrypto.
// Then every variant is set up and played a few moves, and its board is screenshotted
// mid-game into target/screenshots/ at 1280×800 and at phone width (375×740).
//
// The board holds no rules: the test reads the WebSocket frames each page receives and checks
// that the last-move outline is on the from and to squares of the latest `moved` event's
// geometry (also while the other seat is on turn, and in the replay), and that clicking a
// movable piece highlights exactly the `to` squares of the legal moves that leave that
// square (`moves[i].from`).

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
  listen(page);
  // The page's last clicks (what was hit, the selection, the event), for the dumps of a failed step.
  await page.addInitScript(() => { window.__clicks = []; document.addEventListener('click', (e) => { const g = e.target.closest?.('g.piece'); window.__clicks.push([performance.now() | 0, e.target.tagName, e.target.getAttribute('class'), g?.dataset.sq, e.target.dataset?.sq, e.clientX | 0, e.clientY | 0, window.senet?.board?.selected, document.body.dataset.lastEvent]); }, true); });
  page.on('pageerror', (e) => pageErrors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') pageErrors.push(m.text()); });
  page.setDefaultTimeout(15000);
  return page;
}

// ---- what the server told each page (its WebSocket frames), to check the board against ----
const sleep = (ms) => new Promise(r => setTimeout(r, ms));
const wire = new Map(); // page -> { events: Map(no -> event), snaps: [snapshot] }
function listen(page) {
  const w = { events: new Map(), snaps: [] };
  wire.set(page, w);
  page.on('websocket', (ws) => ws.on('framereceived', ({ payload }) => {
    let m;
    try { m = JSON.parse(payload); } catch { return; }
    if (m.type === 'event') w.events.set(m.no, m);
    if (m.type === 'welcome' || m.type === 'snapshot') w.snaps.push(m.snapshot);
  }));
}
// The frames of `page` up to event `no` (waits until the test has seen that frame too).
async function wireAt(page, no) {
  const w = wire.get(page);
  for (const deadline = Date.now() + 5000; !w.events.has(no) && !w.snaps.some(s => s.last_event === no);) {
    if (Date.now() > deadline) throw new Error(`the test saw no frame for event ${no}`);
    await sleep(20);
  }
  return w;
}
// The latest `moved` event of the game at event `no` (null before the game's first move).
function lastMovedAt(w, no) {
  let best = null;
  for (const e of w.events.values()) if (e.no <= no && (e.kind === 'moved' || e.kind === 'game_started') && (!best || e.no > best.no)) best = e;
  return best?.kind === 'moved' ? best : null;
}
// The legal moves with their geometry after event `no`.
function movesAt(w, no) {
  const e = w.events.get(no);
  if (e) return e.moves || [];
  return w.snaps.findLast(s => s.last_event === no)?.moves || [];
}
// The squares a geometry's own step (its first) goes from and to, if the board draws both;
// none for a move without one (a choice of colour or dice, a martian coaster).
function ownSquares(geometry, squares) {
  const s = geometry?.steps ? geometry.steps[0] : geometry;
  if (!s || !s.from || !s.to || geometry.coaster || s.kind === 'coaster' || s.from === s.to || !squares.has(s.from) || !squares.has(s.to)) return null;
  return s;
}
const boardState = (p) => p.evaluate(() => ({
  no: Number(document.body.dataset.lastEvent || 0), catchingUp: !!window.senetLive?.catchingUp,
  last: [...document.querySelectorAll('svg.board rect.sq.last')].map(r => r.dataset.sq).sort(),
  squares: [...document.querySelectorAll('svg.board rect.sq')].map(r => r.dataset.sq),
}));

// The outline of the last move is on the from and to squares of the latest moved event's
// geometry, whoever is on turn now. Returns whether an outline was expected (and seen).
const outlined = {};
const outlinedOtherTurn = {};
async function checkLastMove(p, variant) {
  let b = await boardState(p);
  for (let i = 0; b.catchingUp && i < 100; i++) { await sleep(20); b = await boardState(p); }
  if (!b.no || !b.squares.length) return false;
  const w = await wireAt(p, b.no);
  const moved = lastMovedAt(w, b.no);
  const own = moved && ownSquares(moved.geometry, new Set(b.squares));
  const want = own ? [...new Set([own.from, own.to])].sort() : [];
  assert.deepEqual(b.last, want, `${variant}: after event ${b.no} the last-move outline is on the squares of move ${moved?.move} (event ${moved?.no}): ${JSON.stringify(moved?.geometry)}`);
  if (want.length) outlined[variant] = (outlined[variant] || 0) + 1;
  // Kept while another seat is on turn (the other's throw and move), until the next move.
  const turn = w.events.get(b.no)?.turn ?? w.snaps.findLast(s => s.last_event === b.no)?.turn;
  if (want.length && turn?.seat && turn.seat !== moved.seat) outlinedOtherTurn[variant] = (outlinedOtherTurn[variant] || 0) + 1;
  return want.length > 0;
}

// On the page on turn: the movable pieces are the from squares of the legal moves, and
// clicking each highlights exactly the to squares of the moves that leave it.
const targetsChecked = {};
async function checkTargets(p, variant) {
  const b = await boardState(p);
  const w = await wireAt(p, b.no);
  const squares = new Set(b.squares);
  const want = new Map();
  for (const m of movesAt(w, b.no)) {
    const s = ownSquares(m, squares);
    if (!s) continue;
    if (!want.has(s.from)) want.set(s.from, new Set());
    want.get(s.from).add(s.to);
  }
  const movable = await p.$$eval('svg.board g.piece.movable', gs => gs.map(g => g.dataset.src).sort());
  assert.deepEqual(movable, [...want.keys()].sort(), `${variant}: the movable pieces are the from squares of the legal moves after event ${b.no}`);
  for (const [from, tos] of want) {
    await p.locator(`svg.board g.piece[data-src="${from}"]`).click();
    const got = await p.$$eval('svg.board rect.target', ts => ts.map(t => t.dataset.sq).sort());
    assert.deepEqual(got, [...tos].sort(), `${variant}: the piece on ${from} highlights the to squares of its moves after event ${b.no}`);
    await p.locator(`svg.board g.piece[data-src="${from}"]`).click(); // and again: deselected
    assert.equal(await p.locator('svg.board rect.target').count(), 0, `${variant}: a second click on ${from} deselects it`);
    targetsChecked[variant] = (targetsChecked[variant] || 0) + 1;
  }
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
      if (await p.evaluate(() => window.senet.board.selected) !== how.src) {
        // Seen twice on a loaded machine (cause unknown): log the page's clicks and retry once.
        console.log('the click did not select', how, await dump(p));
        await p.locator(`g.piece[data-src="${how.src}"]`).click();
      }
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
      console.log('step', how, { keyboard, single }, pageErrors);
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
  conn: document.body.dataset.conn, last: document.body.dataset.lastEvent, error: document.getElementById('error').textContent, notation: window.senet.notation,
  selected: window.senet.board?.selected, clicks: window.__clicks.slice(-6), now: performance.now() | 0, targets: [...document.querySelectorAll('svg.board rect.target')].map(t => t.dataset.moves), movable: [...document.querySelectorAll('svg.board g.piece.movable')].map(g => g.dataset.src) }));
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
    if (moves % 5 === 1) for (const p of [a, b]) if (await p.evaluate(() => document.body.dataset.myTurn === '1')) await checkTargets(p, 'pyramid');
    const mv = await step([a, b], { keyboard: moves % 7 === 3 });
    if (mv) moves++;
    for (const p of [a, b]) await checkLastMove(p, 'pyramid');
    if (moves % 10 === 0) await checkLastMove(s, 'pyramid');
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
  assert.match(await a.textContent('#verdict'), /moves are not checked in the browser: senet-server verify/);
  // The replay outlines the latest move's own squares (its geometry in the record), on the
  // moved event and on the events after it until the next move.
  const record = await (await fetch(`${BASE}/api/matches/${id}/games/1`)).json();
  let replayOutlines = 0;
  for (let k = 0, n = 0; k < record.events.length && n < 16; k++) {
    if (record.events[k].kind !== 'moved') continue;
    n++;
    for (const at of [k, k + 1].filter(x => x < record.events.length)) {
      await a.fill('#step', String(at)); await a.dispatchEvent('#step', 'input');
      await a.waitForFunction((x) => document.body.dataset.step === String(x), at);
      const got = await boardState(a);
      const moved = record.events.slice(0, at + 1).findLast(e => e.kind === 'moved');
      const own = ownSquares(moved.geometry, new Set(got.squares));
      assert.deepEqual(got.last, own ? [own.from, own.to].sort() : [], `replay event ${at + 1}: the outline is on the squares of ${moved.move}`);
      if (own) replayOutlines++;
    }
  }
  assert.ok(replayOutlines > 5, 'the replay outlined moves');
  log('replay outlines checked:', replayOutlines);
  // A record the check refuses shows verify.js's reason, not a count of throws: one with a
  // throw's faces changed, one whose commitment is not game_started's (no throw is checked).
  const tamper = async (change, reason, text) => {
    const url = `**/api/matches/${id}/games/1`;
    await a.route(url, async (route) => {
      const response = await route.fetch();
      const r = await response.json();
      change(r);
      await route.fulfill({ response, json: r });
    });
    await a.goto(`${BASE}/m/${id}/games/1/replay`);
    await a.waitForSelector('#verify[data-verify]');
    const verdict = await a.textContent('#verdict');
    assert.equal(await a.getAttribute('#verify', 'data-verify'), 'failed', verdict);
    assert.equal(await a.getAttribute('#verify', 'data-reason'), reason, verdict);
    assert.match(verdict, text);
    assert.doesNotMatch(verdict, /0 of 0/);
    await a.unroute(url);
    log('refused record:', verdict);
  };
  await tamper((r) => { const t = r.events.find(e => e.kind === 'thrown'); t.faces = t.faces.map(f => f === 1 ? 2 : 1); }, 'faces_mismatch',
    /^✘ NOT verified: throw 1: the record says \[.*\], the seed gives \[.*\] \(1 of \d+ throws differ\)\.$/);
  await tamper((r) => { r.commitment = '0'.repeat(64); }, 'commitment_mismatch',
    /^✘ NOT verified: the record's commitment is not the one game_started published\.$/);
  // Game 2 is not over: its replay says the seed is still secret.
  await b.goto(`${BASE}/m/${id}/games/2/replay`);
  await b.waitForSelector('#verify[data-verify]');
  assert.equal(await b.getAttribute('#verify', 'data-verify'), 'pending');
  for (const p of [a, b, s]) await p.context().close();
}

// ---- every variant, mid-game ----
for (const variant of ['jequier', 'pyramid', 'modern', 'parker', 'martian']) {
  const a = await newPage({ width: 1280, height: 800 });
  const b = await newPage({ width: 1280, height: 800 });
  await setup(a, b, variant);
  let moves = 0;
  const want = { martian: 14, jequier: 14 }[variant] || 10;
  while (moves < want && !(await over(a))) {
    for (const p of [a, b]) if (await p.evaluate(() => document.body.dataset.myTurn === '1')) await checkTargets(p, variant);
    if (await step([a, b])) moves++;
    for (const p of [a, b]) await checkLastMove(p, variant);
  }
  // Select a piece of the player on turn so the highlighted targets show, at desktop and
  // at phone width (where the board turns upright).
  for (const p of [a, b]) {
    if (await p.evaluate(() => document.body.dataset.myTurn === '1')) {
      const src = p.locator('g.piece.movable').first();
      if (await src.count()) await src.click();
      assert.ok(await p.locator('svg.board rect.sq').count() >= 27, 'the board is drawn');
      await p.waitForTimeout(400); // let the last move's animation finish
      await p.screenshot({ path: path.join(SHOTS, `${variant}.png`), fullPage: true });
      assert.ok(await p.locator('svg.board rect.sq').count() >= 27, 'the board is still drawn after the screenshot');
      const selected = await p.locator('svg.board rect.target').count();
      await p.setViewportSize({ width: 375, height: 740 });
      await p.waitForTimeout(500); // the board turns upright: let it paint
      assert.ok(await p.locator('svg.board.vertical rect.sq').count() >= 27, 'the board turned upright');
      assert.equal(await p.locator('svg.board rect.target').count(), selected, 'the selection survives the turn of the board');
      await checkLastMove(p, variant);
      await p.screenshot({ path: path.join(SHOTS, `${variant}-phone.png`), fullPage: true });
      break;
    }
  }
  log(variant, moves, 'moves,', targetsChecked[variant] || 0, 'pieces clicked,', outlined[variant] || 0, 'outlines checked; screenshots saved');
  await a.context().close(); await b.context().close();
}
for (const v of ['pyramid', 'parker', 'modern']) {
  assert.ok(outlined[v] > 0, `${v}: some last-move outlines were checked against the moved event's geometry`);
  assert.ok(outlinedOtherTurn[v] > 0, `${v}: the last-move outline stays while the other seat is on turn`);
}
for (const v of ['jequier', 'pyramid', 'modern', 'parker', 'martian']) assert.ok(targetsChecked[v] > 0, `${v}: some pieces were clicked and their targets checked`);

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
  // The spectator page's scoreboard link carries the key; the scoreboard reads with it.
  const board = await p.getAttribute('#links a[href*="/scoreboard"]', 'href');
  assert.match(board, /\?key=/);
  await p.goto(BASE + board);
  await p.waitForSelector('#result');
  await p.goto(`${BASE}/m/${created.match_id}/scoreboard`);
  await p.waitForFunction(() => /Cannot load/.test(document.getElementById('series').textContent));
  await p.goto(`${BASE}/m/${created.match_id}/watch`);
  await p.waitForFunction(() => document.getElementById('error').dataset.code === 'spectator_key_required');
  await p.context().close();
  log('private match: watched and scored with its key, refused without');
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
