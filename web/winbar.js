// The win-chances bar and chart. No rules and no evaluation here: the page draws the figures
// the server sends, per table seat (seat 1 first) — a `chances` frame (spectators, live), or
// the points of GET /api/matches/{id}/games/{game}/chances (after the game, and in replays).
// The figures come from the bots' evaluation (docs/bots.md: `win_probability`), which is
// calibrated on average, not a promise.
//
// `seats`: per table seat `{ name, colour, short }` (the colour of the pieces that seat plays;
// `short`, where given, is what the bar writes, the name what a screen reader hears).

import { api, el, svg } from './common.js';
import { t } from './l10n.js';

// A chance in whole percent. Only a decided game is 0 % or 100 %: a live chance that rounds
// there (an early capture in bell can be worth 99.6 %) is written 99 % or 1 %.
const pct = (p) => {
  const r = Math.round(p * 100);
  return p > 0 && p < 1 ? Math.min(99, Math.max(1, r)) : r;
};
// A percentage as the page's language writes it ("62 %").
const pctWords = (n) => t('winbar-pct', { pct: n });
const seatWords = (seats, i) => seats[i]?.name ?? t('winbar-seat', { seat: i + 1 });

// Sizes and colours go through the CSSOM: the pages' Content-Security-Policy allows no
// inline `style` attribute.
function styled(e, props) {
  Object.assign(e.style, props);
  return e;
}

// What a screen reader reads: "Win chances: Ana 62 %, Bo 38 %".
export function chancesWords(chances, seats) {
  return t('winbar-label', { list: chances.map((p, i) => t('winbar-label-seat', { who: seatWords(seats, i), pct: pctWords(pct(p)) })).join(t('winbar-comma')) });
}

// The bar: two seats → one bar split in their colours with each percentage; three or four
// → one labelled figure per seat (with a small bar each). Its height is fixed (CSS) from the
// moment it is `reserve`d, so nothing moves when the first figures arrive.
export class WinBar {
  constructor(host) {
    this.host = host;
    host.classList.add('winbar');
    host.setAttribute('role', 'img');
    this.chances = null;
  }

  // Keeps the bar's place (empty until figures arrive).
  reserve(n) {
    this.host.hidden = false;
    if (!this.chances) {
      this.host.dataset.n = String(n || 2);
      this.host.setAttribute('aria-label', t('winbar-not-known'));
      this.host.replaceChildren(el('span', { class: 'winbar-wait', text: t('winbar-wait') }));
    }
  }

  hide() { this.host.hidden = true; }

  // Draws `chances` (per table seat) for `seats`; `no`: the event they are for.
  show(chances, seats, no) {
    this.chances = chances;
    const h = this.host;
    h.hidden = false;
    h.dataset.n = String(chances.length);
    if (no !== undefined) h.dataset.no = String(no);
    h.dataset.chances = chances.join(',');
    h.setAttribute('aria-label', chancesWords(chances, seats));
    const name = (i) => seats[i]?.short ?? seatWords(seats, i);
    const colour = (i) => seats[i]?.colour ?? '#999';
    if (chances.length === 2) {
      const a = pct(chances[0]);
      const b = 100 - a;
      h.replaceChildren(
        el('div', { class: 'winbar-labels', 'aria-hidden': 'true' },
          el('span', { class: 'winbar-label', dataset: { seat: 1 } }, el('strong', { text: pctWords(a) }), el('span', { class: 'winbar-who', text: name(0) })),
          el('span', { class: 'winbar-label right', dataset: { seat: 2 } }, el('span', { class: 'winbar-who', text: name(1) }), el('strong', { text: pctWords(b) }))),
        el('div', { class: 'winbar-track', 'aria-hidden': 'true' },
          styled(el('span', { class: 'winbar-part' }), { width: `${chances[0] * 100}%`, background: colour(0) }),
          styled(el('span', { class: 'winbar-part' }), { width: `${chances[1] * 100}%`, background: colour(1) })));
    } else {
      h.replaceChildren(el('div', { class: 'winbar-figures', 'aria-hidden': 'true' },
        ...chances.map((p, i) => el('span', { class: 'winbar-figure', dataset: { seat: i + 1 } },
          el('span', { class: 'winbar-name' }, styled(el('span', { class: 'winbar-swatch' }), { background: colour(i) }), name(i)),
          el('strong', { text: pctWords(pct(p)) }),
          el('span', { class: 'winbar-mini' }, styled(el('span'), { width: `${p * 100}%`, background: colour(i) }))))));
    }
  }
}

// A finished game's chances from the server (cached per game: a finished game never changes).
const loaded = new Map();
export function gameChances(matchId, game, key) {
  const id = `${matchId}/${game}`;
  if (!loaded.has(id)) {
    const p = api(`/api/matches/${encodeURIComponent(matchId)}/games/${game}/chances`, undefined, key);
    p.catch(() => loaded.delete(id)); // try again next time
    loaded.set(id, p);
  }
  return loaded.get(id);
}

// The small line chart of a finished game: one line per seat, from its first event to its
// last, 50 % dashed. An element of fixed size is returned at once and filled when the
// figures arrive (the same element for the same game, so a redraw keeps it).
const charts = new Map();
export function chartFor(matchId, game, key, seats) {
  const id = `${matchId}/${game}`;
  if (charts.has(id)) return charts.get(id);
  const box = el('figure', { class: 'winchart', id: 'winchart', dataset: { game, state: 'loading' } },
    el('figcaption', { text: t('winbar-chart', { game }) }),
    el('div', { class: 'winchart-plot' }, el('span', { class: 'muted', text: t('winbar-loading') })));
  charts.set(id, box);
  gameChances(matchId, game, key).then((r) => {
    box.querySelector('.winchart-plot').replaceChildren(drawChart(r.points, seats, game));
    box.append(el('p', { class: 'winchart-legend', 'aria-hidden': 'true' },
      ...seats.slice(0, r.seats.length).map((s, i) => el('span', {}, styled(el('span', { class: 'winbar-swatch' }), { background: s.colour }), s.name))));
    box.dataset.state = 'ready';
    box.dataset.points = String(r.points.length);
  }).catch((err) => {
    box.querySelector('.winchart-plot').replaceChildren(el('span', { class: 'muted', text: t('winbar-failed', { message: err.message }) }));
    box.dataset.state = 'error';
    charts.delete(id);
  });
  return box;
}

function drawChart(points, seats, game) {
  const W = 320, H = 110, pad = 6;
  const n = points.length;
  const x = (i) => pad + (i * (W - 2 * pad)) / Math.max(1, n - 1);
  const y = (p) => H - pad - p * (H - 2 * pad);
  const seatsN = points[0]?.chances.length ?? 0;
  const first = points[0]?.chances ?? [];
  const last = points[n - 1]?.chances ?? [];
  const label = t('winbar-chart-label', { game, list: [...Array(seatsN).keys()]
    .map(i => t('winbar-chart-seat', { who: seatWords(seats, i), from: pctWords(pct(first[i])), to: pctWords(pct(last[i])) })).join(t('winbar-comma')) });
  const lines = [];
  for (let s = 0; s < seatsN; s++) {
    const d = points.map((pt, i) => `${x(i).toFixed(1)},${y(pt.chances[s]).toFixed(1)}`).join(' ');
    // A dark halo under each line, so that white and yellow lines read on the light page.
    lines.push(svg('polyline', { points: d, class: 'halo' }));
    lines.push(svg('polyline', { points: d, class: 'line', stroke: seats[s]?.colour ?? '#999', dataset: { seat: s + 1 } }));
  }
  return svg('svg', { viewBox: `0 0 ${W} ${H}`, class: 'winchart-svg', role: 'img', 'aria-label': label, preserveAspectRatio: 'none' },
    svg('rect', { x: 0, y: 0, width: W, height: H, class: 'bg' }),
    svg('line', { x1: pad, x2: W - pad, y1: y(0.5), y2: y(0.5), class: 'base' }),
    ...lines);
}

// The colour a table seat's pieces have in a game: the board's own words for the side
// (white, black, red, yellow) when it names them, else the palette's colour of the engine
// player (modern, martian).
const SIDE_COLOURS = { white: '#f4efe4', black: '#2b2118', red: '#d55e00', yellow: '#f0e442' };
export function seatColour(side, engine, palette) {
  return SIDE_COLOURS[side] || palette[engine - 1] || '#999';
}
