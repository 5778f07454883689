// A/B of measure-open.mjs: the same measure ("interactive", frames, bytes: the same probe,
// copied), opening a board of each of several servers in turn, page by page, so that every
// server is measured under the same load on a shared machine (measure-open.mjs measures one
// server per command, minutes apart).
//
//   SENET_URLS=http://127.0.0.1:18080,http://127.0.0.1:18081 node tests/browser/measure-open-ab.mjs [--events 1000] [--runs 15] [--variant jequier]
//
// Each server gets its own match (random games: each row says how long). Start the servers
// as for measure-open.mjs (--rate-per-sec 1000 --rate-burst 1000 --addr-rate-per-sec 0).
// With --match <id>, every server opens that match (below).

import { chromium } from 'playwright-core';

const URLS = (process.env.SENET_URLS || 'http://127.0.0.1:8080').split(',');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const EVENTS = Number(arg('events', 1000));
const RUNS = Number(arg('runs', 15));
const VARIANT = arg('variant', 'jequier');

const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});

async function makeMatch(BASE) {
  const driverCtx = await browser.newContext();
  const driver = await driverCtx.newPage();
  await driver.goto(BASE + '/healthz');
  const made = await driver.evaluate(async ({ variant, events }) => {
    const post = async (path, body) => {
      const r = await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      if (!r.ok) throw new Error(`${path}: ${r.status} ${await r.text()}`);
      return r.json();
    };
    const created = await post('/api/matches', { variant, series: { kind: 'best_of', target: 99 }, name: 'measure-open' });
    const id = created.match_id;
    const joined = await post(`/api/matches/${id}/join`, { invite: created.invites[0].invite, name: 'Bo' });
    const tokens = [created.token, joined.token];
    const games = []; // the lengths of the games before the last, in events
    let gameStart = 0;
    await new Promise((resolve, reject) => {
      const sockets = [];
      let done = false;
      tokens.forEach((token, i) => {
        const seat = i + 1;
        let seq = 0;
        const ws = new WebSocket(`ws://${location.host}/ws/matches/${id}`);
        sockets.push(ws);
        const send = (m) => { seq += 1; ws.send(JSON.stringify({ ...m, seq })); };
        // From event 0, so that the first game's game_started (before these sockets) is seen.
        ws.onopen = () => ws.send(JSON.stringify({ type: 'hello', token, last_event: 0 }));
        ws.onerror = () => reject(new Error('socket error'));
        ws.onmessage = (m) => {
          if (done) return;
          const msg = JSON.parse(m.data);
          if (msg.type === 'error') { reject(new Error(JSON.stringify(msg))); return; }
          const view = msg.type === 'event' ? msg : msg.type === 'snapshot' || msg.type === 'welcome' ? { ...msg.snapshot, no: msg.snapshot.last_event } : null;
          if (!view) return;
          if (msg.type === 'event' && msg.kind === 'game_started') {
            // Either socket may see a game's start first.
            if (msg.no > gameStart) { if (gameStart) games.push(msg.no - gameStart); gameStart = msg.no; }
            send({ type: 'client_seed', seed: `measure-${seat}` });
          }
          if (msg.type === 'event' && msg.kind === 'game_over') send({ type: 'rematch' });
          if (view.turn?.kind === 'match_over') { reject(new Error('the series ended')); return; }
          if (view.turn?.kind !== 'move') return;
          // Long enough, and waiting for a move: stop here (both sockets check before moving,
          // so nobody moves past this event).
          if (gameStart && view.no >= gameStart && view.no - gameStart + 1 >= events) {
            done = true;
            for (const s of sockets) s.close();
            resolve();
            return;
          }
          if (view.turn.seat !== seat) return;
          const legal = view.legal;
          send({ type: 'move', game: view.game, move: legal[Math.floor(Math.random() * legal.length)] });
        };
      });
    });
    // The match as a new spectator sees it: its last event (nothing happens after it now).
    const snapshot = await new Promise((resolve, reject) => {
      const ws = new WebSocket(`ws://${location.host}/ws/matches/${id}`);
      ws.onopen = () => ws.send(JSON.stringify({ type: 'hello' }));
      ws.onerror = () => reject(new Error('socket error'));
      ws.onmessage = (m) => { const msg = JSON.parse(m.data); if (msg.type === 'welcome') { ws.close(); resolve(msg.snapshot); } };
    });
    return { id, last: snapshot.last_event, game: snapshot.game, gameEvents: snapshot.last_event - gameStart + 1, games };
  }, { variant: VARIANT, events: EVENTS });
  await driverCtx.close();
  return made;
}

function probe(lastEvent) {
  const seen = { frames: 0, bytes: 0, at: null, openAt: null, welcomeAt: null };
  window.__open = seen;
  const Native = window.WebSocket;
  const encoder = new TextEncoder();
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('open', () => { seen.openAt ??= performance.now(); });
      this.addEventListener('message', (m) => {
        if (seen.at !== null) return;
        seen.welcomeAt ??= performance.now();
        seen.frames += 1;
        seen.bytes += typeof m.data === 'string' ? encoder.encode(m.data).length : m.data.size ?? m.data.byteLength;
      });
    }
  };
  const ready = () => document.body?.dataset.conn === 'open' && window.senetLive && !window.senetLive.catchingUp
    && Number(document.body.dataset.lastEvent) === lastEvent && !!document.querySelector('svg.board g.piece');
  const observer = new MutationObserver(() => {
    if (seen.at === null && ready()) { seen.at = performance.now(); observer.disconnect(); }
  });
  observer.observe(document, { subtree: true, childList: true, attributes: true });
}

// --match <id>: a match every server has already (the same data directory copied for each,
// recovered at start), instead of a new one each: the same match, event for event.
const MATCH = arg('match', null);
async function lastEvent(BASE, id) {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await page.goto(BASE + '/healthz');
  const snapshot = await page.evaluate((id) => new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://${location.host}/ws/matches/${id}`);
    ws.onopen = () => ws.send(JSON.stringify({ type: 'hello' }));
    ws.onerror = () => reject(new Error('socket error'));
    ws.onmessage = (m) => { const msg = JSON.parse(m.data); if (msg.type === 'welcome') { ws.close(); resolve(msg.snapshot); } };
  }), id);
  await ctx.close();
  return { id, last: snapshot.last_event, game: snapshot.game, gameEvents: '?' };
}

const sides = [];
for (const base of URLS) {
  const made = MATCH ? await lastEvent(base, MATCH) : await makeMatch(base);
  console.log(`${base}: match ${made.id}: ${made.last} events, game ${made.game} has ${made.gameEvents}`);
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await ctx.addInitScript(probe, made.last);
  sides.push({ base, made, ctx, results: [] });
}
// One warm-up each, then RUNS rounds; the order within a round alternates.
for (let run = 0; run <= RUNS; run++) {
  const order = run % 2 ? [...sides].reverse() : sides;
  for (const side of order) {
    const page = await side.ctx.newPage();
    await page.goto(`${side.base}/m/${side.made.id}`);
    await page.waitForFunction(() => window.__open.at !== null, null, { timeout: 30000 });
    const r = await page.evaluate(() => ({ ...window.__open, loaded: performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd }));
    await page.close();
    if (run > 0) side.results.push(r);
  }
}
await browser.close();

const median = (xs) => xs.length % 2 ? xs[(xs.length - 1) / 2] : (xs[xs.length / 2 - 1] + xs[xs.length / 2]) / 2;
for (const { base, results } of sides) {
  const sorted = (key) => results.map(r => r[key]).sort((a, b) => a - b);
  const times = sorted('at');
  const frames = [...new Set(results.map(r => r.frames))].join('/');
  const bytes = [...new Set(results.map(r => r.bytes))].join('/');
  console.log(`${base}: interactive median ${median(times).toFixed(0)} ms (min ${times[0].toFixed(0)}, max ${times.at(-1).toFixed(0)}); ${frames} frames, ${bytes} bytes; medians: DOMContentLoaded ${median(sorted('loaded')).toFixed(0)}, socket open ${median(sorted('openAt')).toFixed(0)}, welcome ${median(sorted('welcomeAt')).toFixed(0)} ms`);
}
