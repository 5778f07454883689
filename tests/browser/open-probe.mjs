// What measure-open.mjs and measure-open-ab.mjs share: the browser, the match they open (a
// long game played with random legal moves from a page of the server's origin), the probe of
// "interactive" that every opened page carries, and one timed open. The browser is the tests'
// (harness.mjs).

export { launch } from './harness.mjs';

export const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};

// A public best-of-99 match of `variant` on the server at `base`, played over two WebSockets
// until its current game has at least `events` events and waits for a move.
export async function makeMatch(browser, base, { variant, events }) {
  const driverCtx = await browser.newContext();
  const driver = await driverCtx.newPage();
  await driver.goto(base + '/healthz');
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
  }, { variant, events });
  await driverCtx.close();
  return made;
}

// Runs in every opened page before its scripts (addInitScript): counts the frames and bytes
// received until "interactive", and notes when that is (see measure-open.mjs).
export function probe(lastEvent) {
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

// Opens `/m/<id>` once in `ctx` (which carries the probe); what the probe saw.
export async function openOnce(ctx, base, id) {
  const page = await ctx.newPage();
  await page.goto(`${base}/m/${id}`);
  await page.waitForFunction(() => window.__open.at !== null, null, { timeout: 30000 });
  const r = await page.evaluate(() => ({ ...window.__open, loaded: performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd }));
  await page.close();
  return r;
}

export const median = (xs) => xs.length % 2 ? xs[(xs.length - 1) / 2] : (xs[xs.length / 2 - 1] + xs[xs.length / 2]) / 2;

// The figures of several opens: times sorted by key, frames and bytes seen.
export function summary(results) {
  const sorted = (key) => results.map(r => r[key]).sort((a, b) => a - b);
  return {
    sorted,
    times: sorted('at'),
    frames: [...new Set(results.map(r => r.frames))].join('/'),
    bytes: [...new Set(results.map(r => r.bytes))].join('/'),
  };
}
