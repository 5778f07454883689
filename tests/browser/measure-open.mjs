// How long opening a board takes, and what it costs on the wire (a measurement, not a test).
//
//   SENET_URL=http://127.0.0.1:PORT node tests/browser/measure-open.mjs [--events 1000] [--runs 15] [--variant jequier]
//
// 1. Makes a public match (a best-of-99 series) and plays it over two WebSockets with random
//    legal moves until its current game has at least --events events and waits for a move
//    (nothing more happens by itself). Games that end sooner are followed by the next game
//    of the series. The driver runs in a Chromium page of the server's origin, so it needs
//    nothing but the browser (Node 20 has no WebSocket client).
// 2. Opens `/m/<id>` as a spectator in headless Chromium --runs times (one warm-up first, not
//    counted; every run a new page in the same browser context, so the scripts come from the
//    HTTP cache as for a returning visitor) and reports the median, the minimum and the
//    maximum time to "interactive", and the WebSocket frames and bytes received until then.
//
// "Interactive" is the first moment (performance.now(), milliseconds from the navigation's
// start) at which the page's socket is open, the page is not replaying missed events
// (`senetLive.catchingUp` false), the page's last event (`body[data-last-event]`) is the
// match's last event, and the board's pieces are drawn (`svg.board g.piece`): the board drawn
// from the welcome and every event the page was sent applied. A MutationObserver checks this
// after every DOM change, so the time is that of the microtask after the script that applied
// the last of it. The same definition holds for a page that replays every event (before
// `hello.tail`) and one that opens from the welcome's `recent`, so both builds are measured
// with the same command. Frames and bytes (UTF-8 payload) are counted by a listener added to
// every WebSocket the page makes, before the page's own.
//
// The server should not rate-limit the driver: start it with
//   --rate-per-sec 1000 --rate-burst 1000 --addr-rate-per-sec 0

import { arg, launch, makeMatch, probe, openOnce, median, summary } from './open-probe.mjs';
import { BASE } from './harness.mjs';

const EVENTS = Number(arg('events', 1000));
const RUNS = Number(arg('runs', 15));
const VARIANT = arg('variant', 'jequier');

const browser = await launch();

// ---- 1. a match with a long game, driven from a page of the server's origin ----
const made = await makeMatch(browser, BASE, { variant: VARIANT, events: EVENTS });
console.log(`match ${made.id}: ${made.last} events, game ${made.game} has ${made.gameEvents} (games before it: ${made.games.join(', ') || 'none'})`);

// ---- 2. open the board, RUNS times after a warm-up ----
const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
await ctx.addInitScript(probe, made.last);
const results = [];
for (let run = 0; run <= RUNS; run++) {
  const r = await openOnce(ctx, BASE, made.id);
  if (run > 0) results.push(r);
}
await browser.close();

const { sorted, times, frames, bytes } = summary(results);
console.log(`opened ${RUNS} times: interactive median ${median(times).toFixed(0)} ms (min ${times[0].toFixed(0)}, max ${times.at(-1).toFixed(0)}); received ${frames} frames, ${bytes} bytes`);
// Where the time goes (medians): the page's scripts ran by DOMContentLoaded; from the socket's
// opening to the welcome (the first frame) is the hello's round trip and the server's work.
console.log(`medians: DOMContentLoaded ${median(sorted('loaded')).toFixed(0)} ms, socket open ${median(sorted('openAt')).toFixed(0)} ms, welcome received ${median(sorted('welcomeAt')).toFixed(0)} ms, interactive ${median(times).toFixed(0)} ms`);
