// A/B of measure-open.mjs: the same measure ("interactive", frames, bytes: the same probe,
// from open-probe.mjs), opening a board of each of several servers in turn, page by page, so that every
// server is measured under the same load on a shared machine (measure-open.mjs measures one
// server per command, minutes apart).
//
//   SENET_URLS=http://127.0.0.1:18080,http://127.0.0.1:18081 node tests/browser/measure-open-ab.mjs [--events 1000] [--runs 15] [--variant jequier]
//
// Each server gets its own match (random games: each row says how long). Start the servers
// as for measure-open.mjs (--rate-per-sec 1000 --rate-burst 1000 --addr-rate-per-sec 0).
// With --match <id>, every server opens that match (below).

import { arg, launch, makeMatch, probe, openOnce, median, summary } from './open-probe.mjs';

const URLS = (process.env.SENET_URLS || 'http://127.0.0.1:8080').split(',');
const EVENTS = Number(arg('events', 1000));
const RUNS = Number(arg('runs', 15));
const VARIANT = arg('variant', 'jequier');

const browser = await launch();

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
  const made = MATCH ? await lastEvent(base, MATCH) : await makeMatch(browser, base, { variant: VARIANT, events: EVENTS });
  console.log(`${base}: match ${made.id}: ${made.last} events, game ${made.game} has ${made.gameEvents}`);
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await ctx.addInitScript(probe, made.last);
  sides.push({ base, made, ctx, results: [] });
}
// One warm-up each, then RUNS rounds; the order within a round alternates.
for (let run = 0; run <= RUNS; run++) {
  const order = run % 2 ? [...sides].reverse() : sides;
  for (const side of order) {
    const r = await openOnce(side.ctx, side.base, side.made.id);
    if (run > 0) side.results.push(r);
  }
}
await browser.close();

for (const { base, results } of sides) {
  const { sorted, times, frames, bytes } = summary(results);
  console.log(`${base}: interactive median ${median(times).toFixed(0)} ms (min ${times[0].toFixed(0)}, max ${times.at(-1).toFixed(0)}); ${frames} frames, ${bytes} bytes; medians: DOMContentLoaded ${median(sorted('loaded')).toFixed(0)}, socket open ${median(sorted('openAt')).toFixed(0)}, welcome ${median(sorted('welcomeAt')).toFixed(0)} ms`);
}
