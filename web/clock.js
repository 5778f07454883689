// The match clocks, as the server says them. The page keeps no time of its own: every event
// (and snapshot) of a clocked match carries each seat's time left and the seat whose clock
// runs; between frames the running clock is counted down from the moment the frame arrived.

import { t } from './l10n.js';

const clocks = { rule: null, remaining: [], running: null, at: 0 };
let ticker = null;

// A time left, the way clocks show it: 1:02:03, 4:05, 9.8 (the last ten seconds in tenths),
// or for days 2d 03h.
export function clockText(ms) {
  const left = Math.max(0, ms);
  const s = Math.floor(left / 1000);
  if (s >= 86_400) return t('clock-days', { days: Math.floor(s / 86_400), hours: String(Math.floor((s % 86_400) / 3600)).padStart(2, '0') });
  if (s >= 3600) return `${Math.floor(s / 3600)}:${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
  if (left < 10_000) return (Math.floor(left / 100) / 10).toFixed(1);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

// Takes the server's figures from a frame (a snapshot's or event's `clock`), if it has any;
// `at`: when the frame came (the page may load this module after its first frames).
export function takeClock(view, rule, at = performance.now()) {
  if (rule) clocks.rule = rule;
  if (!view) return;
  clocks.rule = view.rule || clocks.rule;
  clocks.remaining = view.remaining_ms.slice();
  clocks.running = view.running ?? null;
  clocks.at = at;
}

// A seat's time left now (the running seat's counted down since the frame).
export function timeLeft(seat) {
  const base = clocks.remaining[seat - 1];
  if (base === undefined) return null;
  return seat === clocks.running ? base - (performance.now() - clocks.at) : base;
}

// The clock element of a seat, for the players' panel.
export function clockElement(seat) {
  const span = document.createElement('span');
  span.className = 'clock';
  span.dataset.seat = seat;
  paint(span, seat);
  return span;
}

function paint(span, seat) {
  const left = timeLeft(seat);
  if (left === null) { span.textContent = ''; return; }
  const running = seat === clocks.running;
  const text = clockText(left);
  if (span.textContent !== text) span.textContent = text;
  span.classList.toggle('running', running);
  span.classList.toggle('low', running && clocks.rule?.kind === 'fischer' && left < 20_000);
  const label = t('clock-left', { time: text, running: running ? 'yes' : 'no' });
  if (span.getAttribute('aria-label') !== label) span.setAttribute('aria-label', label);
}

// Repaints the running clock while one runs (a few times a second; only its text changes).
export function tickClocks() {
  if (clocks.running === null || !clocks.rule) {
    if (ticker) { clearInterval(ticker); ticker = null; }
    for (const span of document.querySelectorAll('.clock')) paint(span, Number(span.dataset.seat));
    return;
  }
  const step = () => {
    for (const span of document.querySelectorAll('.clock')) paint(span, Number(span.dataset.seat));
  };
  step();
  if (!ticker) ticker = setInterval(step, 100);
}
