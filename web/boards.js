// The SVG boards. A board draws its geometry (where each square is: the 3×10 S track, parker's
// rows, martian's coasters, by the engine's board kind) and reads the server's position
// notation (see docs/rules/<variant>.md) into pieces on named squares; it holds no rules.
// What a square means is the engine's too: its mark, name and rule come with the variant's
// special squares (`<meta name="variant-boards">`, or GET /api/variants; the name and rule
// said in the page's language where the catalogue has them, `withSpecialSquares`), as every
// word about the position does with the frames (`sides`, `notes`, the sentence of each
// `stuck` piece).
// What a legal move does is the server's word too: every legal move comes with where the
// mover goes (`moves[i].from`, `.to`, the engine's), and a `moved` event with the geometry of
// the move played (its first step is the mover's own). The board only draws them, as lichess's chessground draws `dests` and
// `lastMove`. Square keys are the server's place strings: `s1`…`s30`, `p1-1`…`p2-20`,
// `S1`…`P9`, `off`; a place this board has no square for (`out`) is not drawn.

import { catalogueVariantName, svg } from './common.js';
import { has, t } from './l10n.js';

// Okabe and Ito's colour-blind-safe palette (vermillion, yellow, blue, bluish green), named
// by the words the page uses; each player's pieces also differ in shape or fill, so that the
// board reads in greyscale too.
export const PLAYER_COLOURS = ['#d55e00', '#f0e442', '#0072b2', '#009e73'];
export const COLOUR_NAMES = ['red', 'yellow', 'blue', 'green'];
// A colour's name in the page's language (`boards-colour`), as the board's labels say it.
const colourWords = (i) => t('boards-colour', { colour: COLOUR_NAMES[i] ?? 'other' });
const CELL = 60;

// ---------- the 3×10 S-shaped track of jequier, pyramid and modern ----------

function square30(s) {
  const r = Math.floor((s - 1) / 10);
  const i = (s - 1) % 10;
  const c = r === 1 ? 9 - i : i;
  return { x: 10 + c * CELL, y: 10 + r * CELL };
}

function track30() {
  const squares = [];
  for (let s = 1; s <= 30; s++) {
    const { x, y } = square30(s);
    // Arrows where each row ends show the S-shaped direction of travel: onward along the
    // row, down to the next one at its end.
    const r = Math.floor((s - 1) / 10);
    const i = (s - 1) % 10;
    const arrow = i === 9 && r < 2 ? '↓' : i === 0 ? (r === 1 ? '←' : '→') : undefined;
    squares.push({ key: 's' + s, x, y, w: CELL, h: CELL, n: s, arrow, name: String(s) });
  }
  squares.push({ key: 'off', x: 10 + 10 * CELL + 12, y: 10 + 2 * CELL, w: CELL, h: CELL, mark: t('boards-off-mark'), title: t('boards-borne-off'), name: t('boards-off'), off: true });
  return { width: 10 * CELL + 20 + CELL + 12, height: 3 * CELL + 20, squares, deco: [] };
}

function disc(fill, stroke, extra) {
  return (cx, cy, k = 1) => svg('g', {}, svg('circle', { cx, cy, r: 19 * k, fill, stroke, 'stroke-width': 2.5 }), extra ? extra(cx, cy) : null);
}
const discChip = (colour) => colour ? disc(colour === 'black' ? '#222' : '#fafafa', colour === 'black' ? '#000' : '#444') : unknownChip;
const unknownChip = (cx, cy, k = 1) => svg('g', {}, svg('circle', { cx, cy, r: 17 * k, fill: '#ddd', stroke: '#777', 'stroke-width': 2, 'stroke-dasharray': '4 3' }),
  svg('text', { x: cx, y: cy + 6 * k, 'text-anchor': 'middle', 'font-size': 16 * k, fill: '#555', text: '?' }));

function parseJequier(n) {
  const [board, seats, state] = n.split(' ');
  const pieces = [];
  [...board].forEach((ch, i) => {
    if (ch === '.') return;
    const black = ch === 'B' || ch === 'b';
    const unmoved = ch === 'b' || ch === 'w';
    pieces.push({ sq: 's' + (i + 1), colour: black ? 'black' : 'white', label: t('boards-disc', { colour: black ? 'black' : 'white', unmoved: unmoved ? 'yes' : 'no' }),
      draw: disc(black ? '#222' : '#fafafa', black ? '#000' : '#444', unmoved ? (cx, cy) => svg('circle', { cx, cy, r: 8, fill: 'none', stroke: black ? '#888' : '#999', 'stroke-width': 2 }) : null) });
  });
  // "b2": engine player 2 has the black pieces ("b-": nobody's colour is known yet).
  const blackSeat = seats[1] === '-' ? null : Number(seats[1]);
  const mover = Number(state.slice(1, 2));
  for (const p of pieces) p.owner = blackSeat ? (p.colour === 'black' ? blackSeat : 3 - blackSeat) : null;
  return { pieces, mover };
}

const PYR = { L: 22, M: 17, S: 12 };
function pyramidShape(size, black) {
  return (cx, cy, k = 1) => { const h = PYR[size] * k; return svg('polygon', { points: `${cx},${cy - h} ${cx - h * 0.85},${cy + h * 0.8} ${cx + h * 0.85},${cy + h * 0.8}`,
    fill: black ? '#222' : '#fafafa', stroke: black ? '#000' : '#444', 'stroke-width': 2.5 }); };
}

function parsePyramid(n) {
  const f = n.split(' ');
  const board = f[0].replace(/\//g, '');
  const pieces = [];
  [...board].forEach((ch, i) => {
    if (ch === '.') return;
    const black = ch === ch.toUpperCase();
    const size = ch.toUpperCase();
    pieces.push({ sq: 's' + (i + 1), colour: black ? 'black' : 'white', label: t('boards-pyramid', { colour: black ? 'black' : 'white', size: { L: 'large', M: 'medium', S: 'small' }[size] }), draw: pyramidShape(size, black) });
  });
  // "black=2": engine player 2 has the black pyramids (absent before the colours are chosen).
  const bseat = (f.find(x => x.startsWith('black=')) || 'black=1').split('=')[1];
  const phase = f[2];
  let mover = null;
  if (phase === 'move' || phase === 'throw') mover = f[3] === 'b' ? Number(bseat) : 3 - Number(bseat);
  if (phase === 'choose') mover = Number(f[3]);
  for (const p of pieces) p.owner = n.includes('black=') ? (p.colour === 'black' ? Number(bseat) : 3 - Number(bseat)) : null;
  return { pieces, mover };
}

const SEAT_LETTERS = 'abcd';
// Each player's pieces have their own shape (circle, triangle, diamond, hexagon) as well as
// colour. None is a square: a square with dots is a die.
function modernShape(p, cx, cy, k = 1) {
  const r = 20 * k;
  const a = { fill: PLAYER_COLOURS[p - 1], stroke: '#222', 'stroke-width': 2 };
  if (p === 2) return svg('polygon', { ...a, points: `${cx},${cy - r * 1.2} ${cx + r * 1.2},${cy + r * 0.85} ${cx - r * 1.2},${cy + r * 0.85}` });
  if (p === 3) return svg('polygon', { ...a, points: `${cx},${cy - r * 1.1} ${cx + r * 1.1},${cy} ${cx},${cy + r * 1.1} ${cx - r * 1.1},${cy}` });
  if (p === 4) return svg('polygon', { ...a, points: [0, 1, 2, 3, 4, 5].map(i => `${cx + r * Math.cos(Math.PI / 3 * i)},${cy + r * Math.sin(Math.PI / 3 * i)}`).join(' ') });
  return svg('circle', { ...a, cx, cy, r });
}
function parseModern(n) {
  const [, board, , turn] = n.split(' ');
  const pieces = [];
  if (board !== '-') for (const tok of board.split(',')) {
    const m = /^(\d+)([a-d])(\d)$/.exec(tok);
    if (!m) continue;
    const p = SEAT_LETTERS.indexOf(m[2]) + 1;
    const dots = Number(m[3]);
    pieces.push({ sq: 's' + m[1], owner: p, dots, label: t('boards-numbered', { colour: COLOUR_NAMES[p - 1] ?? 'other', dots }), draw: (cx, cy, k = 1) => {
      const g = svg('g', {}, modernShape(p, cx, cy, k));
      for (let d = 0; d < dots; d++) {
        const a = (2 * Math.PI * d) / dots - Math.PI / 2;
        const r = dots === 1 ? 0 : 9;
        g.append(svg('circle', { cx: cx + r * Math.cos(a), cy: cy + r * Math.sin(a), r: 3.2, fill: '#111', stroke: '#fff', 'stroke-width': 0.8 }));
      }
      return g;
    } });
  }
  return { pieces, mover: Number(turn) };
}

// ---------- Parker: the Senet Row between two Safety Rows ----------

function parkerKey(player, s) { return `p${player}-${s}`; }
function parkerSquares() {
  const squares = [];
  const top = 10, mid = 10 + CELL, bot = 10 + 2 * CELL;
  for (let s = 1; s <= 20; s++) {
    // Player 1: his Safety Row at the bottom left to right, then the Senet Row right to left.
    const c1 = s <= 10 ? s - 1 : 20 - s;
    const c2 = s <= 10 ? 10 - s : s - 11;
    // A square is named by the colour of the lane's pegs and its number on their path.
    const name = (p) => t('boards-lane-square', { colour: colourWords(p - 1), square: String(s) });
    if (s <= 10) {
      squares.push({ key: parkerKey(1, s), x: 10 + c1 * CELL, y: bot, w: CELL, h: CELL, n: s, name: name(1) });
      squares.push({ key: parkerKey(2, s), x: 10 + c2 * CELL, y: top, w: CELL, h: CELL, n: s, name: name(2) });
    } else {
      // The middle row is both lanes side by side, each half a square high.
      squares.push({ key: parkerKey(1, s), x: 10 + c1 * CELL, y: mid + CELL / 2, w: CELL, h: CELL / 2, n: s, arrow: '←', name: name(1), hole: 1 });
      squares.push({ key: parkerKey(2, s), x: 10 + c2 * CELL, y: mid, w: CELL, h: CELL / 2, n: s, arrow: '→', name: name(2), hole: 2 });
    }
  }
  const deco = [svg('rect', { x: 10, y: mid, width: 10 * CELL, height: CELL, class: 'senet-row' })];
  return { width: 10 * CELL + 20, height: 3 * CELL + 20, squares, deco };
}

const parkerPeg = (fill, pharaoh) => (cx, cy, k = 1) => svg('g', {},
  svg('circle', { cx, cy, r: (pharaoh ? 14 : 11) * k, fill, stroke: '#222', 'stroke-width': 2 }),
  pharaoh ? svg('circle', { cx, cy, r: 6 * k, fill: '#fff', stroke: '#222', 'stroke-width': 1.5 }) : null);

function parseParker(n) {
  const f = n.split(' ');
  const pieces = [];
  for (const p of [1, 2]) {
    const tok = f.find(x => x.startsWith(p + ':'));
    const list = tok.slice(2).split(',');
    list.forEach((v, i) => {
      if (v === 'x' || v === '') return;
      const s = Number(v.replace('*', ''));
      const pharaoh = i === 0;
      const fill = PLAYER_COLOURS[p - 1];
      pieces.push({ sq: parkerKey(p, s), owner: p, label: t('boards-peg', { colour: p === 1 ? 'red' : 'yellow', kind: pharaoh ? 'pharaoh' : 'man', arrived: v.endsWith('*') ? 'yes' : 'no' }),
        draw: parkerPeg(fill, pharaoh) });
    });
  }
  const st = f.indexOf(f.find(x => /^(start|throw|move|over)$/.test(x)));
  let mover = null;
  if (f[st] === 'move' || f[st] === 'throw') mover = Number(f[st + 1]);
  return { pieces, mover };
}

// ---------- Martian: three coasters of 3×3 ----------

const TRACKS = ['S', 'B', 'P'];
function martianCol(track, k) { return track === 'B' ? k - 1 : 9 - k; }
function martianSquares() {
  const squares = [];
  TRACKS.forEach((track, r) => {
    for (let k = 1; k <= 9; k++) {
      const c = martianCol(track, k);
      squares.push({ key: track + k, x: 10 + c * CELL + Math.floor(c / 3) * 14, y: 10 + r * (CELL + 6), w: CELL, h: CELL + 6, n: track + k, label: track + k, name: track + k });
    }
  });
  squares.push({ key: 'off', x: 10 + 9 * CELL + 28 + 14, y: 10 + 2 * (CELL + 6), w: CELL, h: CELL + 6, mark: t('boards-off-mark'), title: t('boards-borne-off'), name: t('boards-off'), off: true });
  const deco = [0, 1, 2].map(i => svg('rect', { x: 6 + i * (3 * CELL + 14), y: 6, width: 3 * CELL + 8, height: 3 * (CELL + 6) + 8, rx: 10, class: 'coaster' }));
  deco.push(svg('text', { x: 10, y: 3 * (CELL + 6) + 32, class: 'compass', text: t('boards-west') }));
  deco.push(svg('text', { x: 9 * CELL + 38, y: 3 * (CELL + 6) + 32, class: 'compass', 'text-anchor': 'end', text: t('boards-east') }));
  return { width: 9 * CELL + 28 + 14 + CELL + 20, height: 3 * (CELL + 6) + 40, squares, deco };
}

const MSIZE = { S: 13, M: 19, L: 26 };
// A martian pyramid standing on `base`: player 1's dark red and solid, player 2's light yellow
// and striped (so that the two read apart in greyscale); the size is also told by its pips
// under the apex (1 small, 2 medium, 3 large), as on Icehouse pyramids.
function martianPyramid(p, size, cx, base, k = 1) {
  const h = MSIZE[size] * k;
  const top = base - h * 1.25;
  const g = svg('g', { class: `mp mp${p}` });
  g.append(svg('polygon', { points: `${cx},${top} ${cx - h * 0.8},${base} ${cx + h * 0.8},${base}`,
    fill: p === 1 ? PLAYER_COLOURS[0] : PLAYER_COLOURS[1], stroke: p === 1 ? '#3a1400' : '#6b5a00', 'stroke-width': 2,
    'stroke-dasharray': p === 1 ? null : '5 2' }));
  const pips = { S: 1, M: 2, L: 3 }[size];
  for (let i = 0; i < pips; i++) g.append(svg('circle', { cx: cx + (i - (pips - 1) / 2) * 4.2 * k, cy: top + 9 * k, r: 1.6 * k, fill: p === 1 ? '#fff' : '#222' }));
  return g;
}
function parseMartian(n) {
  const f = n.split(' ');
  const pieces = [];
  let i = 0;
  for (; i < f.length && f[i].includes(':'); i++) {
    const [sq, stack] = f[i].split(':');
    const names = [...stack].map(c => t('boards-stack-part', { colour: c === c.toUpperCase() ? 'red' : 'yellow', size: { S: 'small', M: 'medium', L: 'large' }[c.toUpperCase()] }));
    const owners = new Set([...stack].map(c => c === c.toUpperCase() ? 1 : 2));
    pieces.push({ sq, owner: owners.size === 1 ? [...owners][0] : null, label: t('boards-stack', { stack, parts: names.join(t('boards-comma')) }), draw: (cx, cy) => {
      const g = svg('g', {});
      let base = cy + 24;
      let prev = 99;
      const parts = [];
      for (const c of stack) {
        const size = c.toUpperCase();
        const h = MSIZE[size];
        // A pyramid smaller than the one below stands on it (stacked); a larger one covers it (nested).
        if (h < prev && prev !== 99) base -= Math.round(prev * 0.55);
        if (h > prev) base = cy + 24;
        prev = h;
        parts.push({ p: c === size ? 1 : 2, size, base, h });
      }
      // Larger first: a nested pyramid shows inside the one covering it, a stacked one on top.
      for (const x of parts.sort((m, n) => n.h - m.h)) g.append(martianPyramid(x.p, x.size, cx, x.base));
      g.append(svg('text', { x: cx, y: cy + 32, class: 'stack-label', text: stack }));
      return g;
    } });
  }
  const state = f.slice(i);
  const mover = state[1] === 'move' || state[1] === 'throw' ? Number(state[0]) : null;
  return { pieces, mover };
}

// ---------- the boards ----------

// Where each kind of board (the engine's `BoardKind`) draws its squares.
const GEOMETRY = { track30, parker: parkerSquares, martian: martianSquares };

// How each family of position notation (the engine's `PositionNotation`, sent as the
// board's `position_notation`) reads into pieces (`parse`), and how engine player `p`'s
// pieces look given the side the rules name for them (`chip(p, side)`, drawn by the same
// functions as the board's pieces, for the players' list). Rulesets that write one family
// share its reader; a board whose family has none here is drawn without pieces.
const PIECES = {
  track_discs: { parse: parseJequier, chip: (p, side) => discChip(side) },
  track_pyramids: { parse: parsePyramid, chip: (p, side) => side ? pyramidShape('M', side === 'black') : unknownChip },
  track_numbered: { parse: parseModern, chip: (p) => (cx, cy, k) => modernShape(p, cx, cy, k) },
  parker_pegs: { parse: parseParker, chip: (p) => parkerPeg(PLAYER_COLOURS[p - 1], false) },
  martian_stacks: { parse: parseMartian, chip: (p) => (cx, cy, k) => martianPyramid(p, 'M', cx, cy + 10 * k, k) },
};
const plainChip = (p) => disc(PLAYER_COLOURS[p - 1] ?? '#999', '#222');

// What names a special square in its messages' ids (`variant-<id>-square-<key>-name`,
// `-rule`, web/l10n/<lang>/variants.ftl): its place, letters lowercased and any character but
// a-z and 0-9 made "-" (`S1` is `s1`, `p1-12` stays), as the crate test that keeps the English
// words the engine's makes it (assets/src/variant_meta.rs, `square_key`).
const squareKey = (place) => place.replace(/[^A-Za-z0-9]/gu, '-').toLowerCase();

// `geo` with variant `variant`'s special squares on it, as the engine lists them
// (`special_squares`: place, mark, name, rule, kind): the mark drawn on the square and added
// to its name, its name and rule in the square's title, its kind as a class (`kind-trap`).
// The name and rule are said in the page's language: the catalogue's
// `variant-<id>-square-<key>-name` and `-rule`, else the engine's English.
function withSpecialSquares(geo, variant, special) {
  const byPlace = new Map((special || []).map(q => [q.place, q]));
  const said = (q, part) => {
    const id = `variant-${variant}-square-${squareKey(q.place)}-${part}`;
    return has(id) ? t(id) : q[part];
  };
  for (const s of geo.squares) {
    const q = byPlace.get(s.key);
    if (!q) { s.title ??= s.name; continue; }
    if (q.mark) { s.mark = q.mark; s.name = `${s.name} (${q.mark})`; }
    s.kind = q.kind;
    s.title = t('boards-square-title', { square: s.name, name: said(q, 'name'), rule: said(q, 'rule') });
  }
  return geo;
}

// The same board with rows and columns swapped (for narrow screens); text stays upright.
const TURN_ARROW = { '→': '↓', '←': '↑', '↓': '→', '↑': '←' };
function transpose(g) {
  const squares = g.squares.map(s => ({ ...s, x: s.y, y: s.x, w: s.h, h: s.w, arrow: s.arrow ? TURN_ARROW[s.arrow] || s.arrow : s.arrow }));
  const deco = g.deco.filter(d => d.getAttribute('class') !== 'compass').map(d => {
    const e = d.cloneNode(true);
    const swap = (a, b) => { const va = d.getAttribute(a), vb = d.getAttribute(b); if (va !== null) e.setAttribute(b, va); if (vb !== null) e.setAttribute(a, vb); };
    swap('x', 'y'); swap('width', 'height');
    return e;
  });
  // East and West stay written on the upright board: along its right edge, West at the top.
  if (g.deco.some(d => d.getAttribute('class') === 'compass')) {
    const x = g.height - 8;
    deco.push(svg('text', { x, y: 8, class: 'compass', transform: `rotate(90 ${x} 8)`, text: `${t('boards-west')} ↓` }));
    deco.push(svg('text', { x, y: g.width - 8, class: 'compass', 'text-anchor': 'end', transform: `rotate(90 ${x} ${g.width - 8})`, text: t('boards-east') }));
  }
  return { width: g.height, height: g.width, squares, deco };
}

// A board of `variant` drawn into `host`. `info`: what the engine says of the variant's
// board (`{board, position_notation, special_squares}`, from `boardInfo` of common.js). `onMove(move)` is called
// when the user picks a legal move.
export class Board {
  constructor(host, variant, info, { onMove, interactive = true } = {}) {
    this.variant = variant;
    this.info = info || {};
    this.pieces = PIECES[this.info.position_notation] ?? null;
    this.host = host;
    this.onMove = onMove;
    this.interactive = interactive;
    this.selected = null;
    this.legal = [];
    this.parsed = null;
    this.svg = svg('svg', { class: `board board-${variant}${this.info.board ? ` board-kind-${this.info.board}` : ''}`, role: 'group', 'aria-label': t('boards-board', { name: catalogueVariantName(variant) ?? this.info.name ?? variant }) });
    host.replaceChildren(this.svg);
    // Escape puts a selected piece down again, the focus back on it.
    this.svg.addEventListener('keydown', (e) => { if (e.key === 'Escape' && this.selected) { e.preventDefault(); this.select(this.selected); } });
    // The arrow keys walk the focus over what can be picked (pieces, then targets), in the
    // order the board draws them, round at either end.
    this.svg.addEventListener('keydown', (e) => {
      const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
      if (!step || e.altKey || e.ctrlKey || e.metaKey) return;
      const all = [...this.svg.querySelectorAll('[tabindex="0"]')];
      if (!all.length) return;
      e.preventDefault();
      const at = all.indexOf(document.activeElement);
      all[(at + step + all.length) % all.length].focus();
    });
    // A phone held upright gets the board turned a quarter (rows become columns).
    const narrow = window.matchMedia?.('(max-width: 560px)');
    this.layout(narrow?.matches ?? false);
    narrow?.addEventListener?.('change', () => {
      if (this.svg.isConnected && narrow.matches !== this.vertical) {
        this.layout(narrow.matches);
        if (this.parsed) this.render();
      }
    });
  }

  layout(vertical) {
    this.vertical = vertical;
    const drawn = GEOMETRY[this.info.board];
    const flat = drawn ? withSpecialSquares(drawn(), this.variant, this.info.special_squares) : { width: 200, height: 60, squares: [], deco: [] };
    this.geo = vertical ? transpose(flat) : flat;
    this.svg.setAttribute('viewBox', `0 0 ${this.geo.width} ${this.geo.height}`);
    this.svg.classList.toggle('vertical', vertical);
    this.squareByKey = new Map(this.geo.squares.map(s => [s.key, s]));
  }

  // A place as the board labels it ("17", "26 (☥)", "red 12", "S3", "off the board").
  placeName(key) {
    if (key === 'out') return t('boards-out');
    const s = this.squareByKey.get(key);
    return s?.name ?? key;
  }

  // A small drawing of engine player `p`'s pieces, who play `side` (the frame's word for
  // them, or null while the rules have not decided it).
  chip(p, side) {
    const draw = this.pieces ? this.pieces.chip(p, side ?? null) : plainChip(p);
    const root = svg('svg', { class: 'chip', width: 22, height: 22, viewBox: '0 0 22 22', 'aria-hidden': 'true' });
    root.append(draw(11, 11, 0.5));
    return root;
  }

  centre(key) {
    const s = this.squareByKey.get(key);
    return s ? { x: s.x + s.w / 2, y: s.y + s.h / 2 } : null;
  }

  // Draws `notation`. `moves`: the legal moves with where the mover goes (`[{move, from, to,
  // via, dice, hits, coaster}]`, as the server sends them), offered when `canMove` (whether this viewer may move now);
  // `lastMove`: the geometry of the move played last (outlined; animated when `animate`).
  // `hint`: a move's geometry drawn as an arrow from where its piece stands to where it goes
  // (the review's best move).
  draw(notation, { moves = [], canMove = false, lastMove = null, animate = false, hint = null } = {}) {
    let parsed;
    // No position yet (seats still open): the empty board, in its place.
    if (!notation || !this.pieces) parsed = { pieces: [] };
    else try { parsed = this.pieces.parse(notation); } catch (e) { parsed = { pieces: [], unread: true }; }
    this.svg.dataset.unread = parsed.unread || (notation && !this.pieces) ? '1' : '';
    parsed.notation = notation;
    this.parsed = parsed;
    this.moves = canMove ? moves : [];
    this.legal = this.moves.map(o => o.move);
    this.ends = new Map(this.moves.map(o => [o.move, this.endsOf(o)]));
    if (this.selected && !this.sources().has(this.selected)) this.selected = null;
    this.lastMove = lastMove;
    this.hint = hint;
    this.render();
    if (animate && lastMove) this.animate(lastMove);
  }

  // The squares of a move's own step (its first: the mover's), or null when the move takes
  // no one piece from a square of this board to another (a choice, a coaster, or a place the
  // board does not draw): such a move is offered as a button.
  // Takes a legal move's entry (`{move, from, to, via, dice}`) or a played move's geometry
  // (`{steps: [...]}`, whose first step is the mover's).
  endsOf(geometry) {
    const s = geometry?.steps ? geometry.steps[0] : geometry;
    if (!s || !s.from || !s.to || geometry.coaster || s.kind === 'coaster') return null;
    if (!this.squareByKey.has(s.from) || !this.squareByKey.has(s.to) || s.from === s.to) return null;
    return { from: s.from, to: s.to, via: s.via || [], dice: s.dice || [] };
  }

  sources() { return new Set([...this.ends.values()].filter(Boolean).map(e => e.from)); }

  render() {
    const g = this.geo;
    const root = this.svg;
    root.replaceChildren();
    root.append(svg('rect', { x: 0, y: 0, width: g.width, height: g.height, class: 'board-bg', rx: 8 }));
    for (const d of g.deco) root.append(d.cloneNode(true));
    const last = this.endsOf(this.lastMove);
    const sources = this.sources();
    const targets = new Map();
    if (this.selected) for (const [m, e] of this.ends) if (e && e.from === this.selected) {
      if (!targets.has(e.to)) targets.set(e.to, []);
      targets.get(e.to).push({ move: m, dice: e.dice });
    }
    for (const s of g.squares) {
      const cls = ['sq', s.mark ? 'marked' : '', s.kind ? 'kind-' + s.kind : '', s.off ? 'offsq' : '', s.hole ? 'hole' + s.hole : '',
        last && (last.from === s.key || last.to === s.key) ? 'last' : ''].filter(Boolean).join(' ');
      const r = svg('rect', { x: s.x + 1, y: s.y + 1, width: s.w - 2, height: s.h - 2, rx: 4, class: cls, dataset: { sq: s.key } });
      r.append(svg('title', { text: s.title }));
      root.append(r);
      // The numbers, marks and arrows are for the eye: a screen reader meets a square through
      // the piece on it or the target it is ("1 1 2 2 3 3 …" read out is noise).
      const hidden = { 'aria-hidden': 'true' };
      if (s.n !== undefined && !s.label) root.append(svg('text', { ...hidden, x: s.x + 4, y: s.y + 11, class: 'sqnum', text: String(s.n) }));
      if (s.label) root.append(svg('text', { ...hidden, x: s.x + 4, y: s.y + 11, class: 'sqnum', text: s.label }));
      if (s.mark) root.append(svg('text', { ...hidden, x: s.x + s.w / 2, y: s.y + s.h - 6, class: 'mark', text: s.mark }));
      if (s.arrow) root.append(svg('text', { ...hidden, x: s.x + s.w - 4, y: s.y + s.h - 4, class: 'arrow', 'text-anchor': 'end', text: s.arrow }));
    }
    // Pieces.
    const bySq = new Map();
    for (const p of this.parsed.pieces) {
      if (!bySq.has(p.sq)) bySq.set(p.sq, []);
      bySq.get(p.sq).push(p);
    }
    for (const [key, list] of bySq) {
      const c = this.centre(key);
      if (!c) continue;
      const movable = sources.has(key);
      // A screen reader says where the piece stands, as the board numbers its square.
      const sqName = this.squareByKey.get(key)?.name;
      const at = sqName === undefined ? 'nowhere' : /^\d/.test(sqName) ? 'square' : key === 'off' ? 'off' : 'place';
      // And whose it is, where the page says (`whose(owner)`: "yours", "Bo's").
      const owned = (p) => { const w = p.owner && this.whose?.(p.owner); return w ? t('boards-owned', { piece: p.label, whose: w }) : p.label; };
      const grp = svg('g', { class: 'piece' + (movable ? ' movable' : '') + (this.selected === key ? ' selected' : ''), dataset: { sq: key },
        tabindex: movable ? 0 : null, role: movable ? 'button' : 'img',
        'aria-label': t('boards-piece-label', { pieces: list.map(owned).join('; '), at, place: sqName ?? '', movable: movable ? 'yes' : 'no' }) });
      list.forEach((p, i) => grp.append(p.draw(c.x + (i - (list.length - 1) / 2) * 14, c.y)));
      grp.append(svg('title', { text: list.map(p => p.label).join('; ') }));
      if (movable) {
        grp.dataset.src = key;
        grp.addEventListener('click', () => this.select(key));
        grp.addEventListener('keydown', (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); this.select(key); } });
      } else if (this.moves.length && this.interactive) {
        // A piece that cannot move now says so (the page says why, in words).
        grp.classList.add('still');
        grp.addEventListener('click', () => this.onExplain?.(key, list));
      }
      root.append(grp);
    }
    for (const [key, options] of targets) {
      const s = this.squareByKey.get(key);
      if (!s) continue;
      const moves = options.map(o => o.move);
      const said = options.map(o => o.dice.length ? t('boards-target-move', { move: o.move, count: o.dice.length, dice: o.dice.join(' + ') }) : o.move);
      const target = svg('rect', { x: s.x + 4, y: s.y + 4, width: s.w - 8, height: s.h - 8, rx: 6, class: 'target', tabindex: 0, role: 'button',
        'aria-label': t('boards-target', { place: this.placeName(key), moves: said.join(t('boards-or')) }), dataset: { move: moves[0], moves: moves.join(' '), sq: key } });
      const go = () => this.pick(moves);
      target.addEventListener('click', go);
      target.addEventListener('keydown', (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); go(); } });
      target.append(svg('title', { text: said.join(' / ') }));
      root.append(target);
      // Which die (or dice) the step spends, written on the target.
      const dice = [...new Set(options.map(o => o.dice.join('+')).filter(Boolean))];
      if (dice.length) this.placeDieLabel(root, s, dice.join(' / '));
    }
    this.drawHint(root);
  }

  // The hint's arrow, on top of the pieces; the page says the move in words.
  drawHint(root) {
    const ends = this.endsOf(this.hint);
    const a = ends && this.centre(ends.from), b = ends && this.centre(ends.to);
    if (!a || !b) return;
    const head = svg('marker', { id: 'hint-head', viewBox: '0 0 10 10', refX: 8, refY: 5, markerWidth: 5, markerHeight: 5, orient: 'auto-start-reverse' });
    head.append(svg('path', { d: 'M0,0 L10,5 L0,10 z', class: 'hint-head' }));
    const defs = svg('defs', {});
    defs.append(head);
    // Stop short of the target's centre, so the head does not hide the piece there.
    const dx = b.x - a.x, dy = b.y - a.y, len = Math.hypot(dx, dy) || 1, cut = Math.min(12, len / 3);
    root.append(defs, svg('line', { x1: a.x, y1: a.y, x2: b.x - dx / len * cut, y2: b.y - dy / len * cut, class: 'hint', 'marker-end': 'url(#hint-head)',
      'aria-hidden': 'true', dataset: { from: ends.from, to: ends.to } }));
  }

  // The die label of a target on square `s`: at its top right, beside the square's number;
  // where the square is too narrow for both (parker's middle lanes on an upright board),
  // centred under the number, smaller or squeezed if it must be. Measured once drawn (an
  // estimate where the board is not on screen yet).
  placeDieLabel(root, s, text) {
    const label = svg('text', { x: s.x + s.w - 7, y: s.y + 17, class: 'target-die', 'text-anchor': 'end', text });
    root.append(label);
    const width = () => label.getComputedTextLength() || text.length * 8;
    const numberRight = 4 + String(s.label ?? s.n ?? '').length * 6;
    if (s.w - 7 - width() >= numberRight + 3) return;
    const room = s.w - 10;
    Object.entries({ x: s.x + s.w / 2, y: s.y + 28, 'text-anchor': 'middle' }).forEach(([k, v]) => label.setAttribute(k, v));
    if (width() > room) label.classList.add('small');
    if (width() > room) { label.setAttribute('textLength', room); label.setAttribute('lengthAdjust', 'spacingAndGlyphs'); }
  }

  select(key) {
    // Drawing again replaces the focused piece: where the keyboard was on the board, the
    // focus goes on to the piece's first target (or back to the piece, unselected).
    const hadFocus = this.svg.contains(document.activeElement);
    this.selected = this.selected === key ? null : key;
    this.render();
    this.onSelect?.(this.selected);
    if (!hadFocus) return;
    const next = this.svg.querySelector('.target') || this.svg.querySelector(`g.piece[data-src="${key}"]`);
    next?.focus();
  }

  pick(moves) {
    if (moves.length === 1) { this.selected = null; this.onMove?.(moves[0]); } else this.onSelect?.(this.selected, moves);
  }

  movesFrom(key) { return [...this.ends].filter(([, e]) => e && e.from === key).map(([m]) => m); }

  // Slides the pieces of a move just played from where its geometry says they left to where
  // they are now, by the places where the rules turned them (`via`). Each drawn square
  // animates once, with the first step that came to it (the mover's comes first).
  animate(geometry) {
    const done = new Set();
    for (const step of geometry?.steps || []) {
      if (done.has(step.to) || step.from === step.to) continue;
      const path = [step.from, ...(step.via || []), step.to].map(k => this.centre(k)).filter(Boolean);
      const node = this.svg.querySelector(`g.piece[data-sq="${step.to}"]`);
      if (path.length < 2 || !this.centre(step.from) || !this.centre(step.to) || !node || !node.animate) continue;
      done.add(step.to);
      document.body.dataset.animated = Number(document.body.dataset.animated || 0) + 1;
      const b = path[path.length - 1];
      node.animate(path.map(p => ({ transform: `translate(${p.x - b.x}px, ${p.y - b.y}px)` })), { duration: 200 + 120 * (path.length - 1), easing: 'ease-out' });
    }
  }
}

// The dice or sticks of a throw, as the server rolled them.
export function diceView(spec, faces) {
  const size = 34;
  const w = faces.length * (size + 8);
  const plain = faces.filter(f => f === 1).length;
  const said = spec.die === 'stick' ? t('boards-sticks', { sticks: faces.length, plain })
    : faces.length === 1 ? t('boards-die', { face: String(faces[0]) }) : t('boards-dice', { faces: t('story-faces', { init: faces.slice(0, -1).join(', '), last: String(faces.at(-1)) }) });
  const root = svg('svg', { viewBox: `0 0 ${w} ${size + 4}`, class: 'dice', width: w, height: size + 4, role: 'img', 'aria-label': said });
  faces.forEach((f, i) => {
    const x = i * (size + 8) + 2;
    if (spec.die === 'stick') {
      root.append(svg('rect', { x: x + 10, y: 2, width: 12, height: size, rx: 5, class: f === 0 ? 'stick marked' : 'stick plain' }));
    } else if (spec.die === 'd4') {
      root.append(svg('polygon', { points: `${x + size / 2},2 ${x},${size + 2} ${x + size},${size + 2}`, class: 'die' }));
      root.append(svg('text', { x: x + size / 2, y: size - 4, class: 'die-num', text: String(f) }));
    } else {
      root.append(svg('rect', { x, y: 2, width: size, height: size, rx: 6, class: 'die' }));
      const pips = { 1: [[2, 2]], 2: [[1, 1], [3, 3]], 3: [[1, 1], [2, 2], [3, 3]], 4: [[1, 1], [1, 3], [3, 1], [3, 3]], 5: [[1, 1], [1, 3], [2, 2], [3, 1], [3, 3]], 6: [[1, 1], [1, 2], [1, 3], [3, 1], [3, 2], [3, 3]] }[f] || [];
      for (const [px, py] of pips) root.append(svg('circle', { cx: x + px * size / 4, cy: 2 + py * size / 4, r: 3.3, class: 'pip' }));
    }
  });
  return root;
}
