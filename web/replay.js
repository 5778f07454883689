// Replay of a finished game: step through its events; check the record and every throw with
// WebCrypto (web/verify.js; the moves are checked by `senet-server verify`, not here).

import { api, botsNamed, el, isolate, lang, readKey, svg, t, tNodes, variantName, withKey, writtenBoard } from './common.js';
import { has } from './l10n.js';
import { errorWords } from './errors.js';
import { notesInWords } from './notes.js';
import { Board, diceView, PLAYER_COLOURS } from './boards.js';
import { verifyRecord } from './verify.js';
import { storyWords, copyPosition } from './story.js';
import { WinBar, chartFor, gameChances, seatColour } from './winbar.js';

const parts = location.pathname.split('/').filter(Boolean);
const matchId = decodeURIComponent(parts[1]);
const gameNo = Number(parts[3]);
const key = readKey(matchId);
const $ = (id) => document.getElementById(id);
let rec, board, names = [], shortNames = [], i = 0;
// The event whose position is shown (its `notation`, `sides` and `notes`), and that notation
// (none before the record's first position).
let position = null, shown = null;
// The game's win chances, one point per event (absent while loading or if refused).
let chances = null;
const winbar = new WinBar($('winbar'));
// The server's review of the game (absent until asked for), and its decisions by the number
// of the `moved` event that played each.
let review = null;
const decisions = new Map();
// A decision's class in words: "an inaccuracy (?!)", "a mistake (?)", "a blunder (??)", "good".
const classWords = (c) => t('rp-class', { class: c });

function who(seat) { return isolate((names[seat - 1]) || t('ls-seat', { seat })); }
// A seat's short name, for the move list's narrow column (the whole name is its title).
function whoShort(seat) { return shortNames[seat - 1] ? isolate(shortNames[seat - 1]) : who(seat); }
// The table seat that plays engine player p in this game (a geometry's `owner` is one).
function seatOfEngine(p) { return rec?.seats?.[p - 1] || p; }
// The sentences of the match page (web/story.js): what a throw, a move and a pass did, the
// places as the board names them.
const words = storyWords({ placeName: (key) => board ? board.placeName(key) : key, who, seatOfEngine });

// The throw before event k in its turn (the same seat threw before it, with no pass between):
// its sentence says "again", as the match page's does.
function throwBefore(k) {
  for (let j = k - 1; j >= 0; j--) {
    const x = rec.events[j];
    if (x.kind === 'passed' || x.kind === 'game_started') return null;
    if (x.kind === 'thrown' && x.effect !== 'decided') return x;
  }
  return null;
}

// The sentence of a throw, a move or a pass (event k of the record), as the match page says it.
function sentence(e, k) {
  if (e.kind === 'thrown') {
    const prev = throwBefore(k);
    const again = e.effect !== 'decided' && !!prev && prev.seat === e.seat;
    return words.thrownWords(e, { again, pooled: again && prev.effect === 'kept' });
  }
  if (e.kind === 'moved') return words.movedWords(e).text;
  if (e.kind === 'passed') return words.passedWords(e);
  return null;
}


function describe(e, k) {
  switch (e.kind) {
    case 'thrown': return t('rp-ev-thrown', { n: e.throw_no, sentence: sentence(e, k) });
    case 'moved': case 'passed': return sentence(e, k);
    case 'game_over': {
      const how = t('rp-end', { reason: e.reason });
      return e.winner ? t('rp-ev-over-won', { name: who(e.winner), how, points: e.points }) : t('rp-ev-over-draw', { how, points: e.points });
    }
    case 'resigned': return t('rp-ev-resigned', { name: who(e.seat) });
    case 'timed_out': return t('rp-ev-timed-out', { name: who(e.seat) });
    case 'claimed': return t('rp-ev-claimed', { name: who(e.seat), against: who(e.against) });
    case 'abandoned': return t('rp-ev-abandoned', { against: who(e.against) });
    case 'rematch_requested': return t('rp-ev-rematch', { name: who(e.seat) });
    case 'client_seed': return t('rp-ev-client-seed', { name: who(e.seat), seed: e.seed });
    case 'game_started': return t('rp-ev-started', { game: e.game, commitment: `${e.commitment.slice(0, 16)}…` });
    default: return e.seat ? t('rp-ev-other-by', { kind: e.kind, name: who(e.seat) }) : e.kind;
  }
}

// Why the dice check refused the record: web/verify.js's own sentence (the Rust checker's
// words, with the record's details) on an English page; elsewhere the catalogue's words for
// its reason code (`rp-verify-<reason>`), which keep no detail.
function verifyWords(r) {
  const id = `rp-verify-${r.reason}`;
  return lang === 'en' || !has(id) ? r.message : t(id);
}

function show(k) {
  i = Math.max(0, Math.min(rec.events.length - 1, k));
  const e = rec.events[i];
  $('step').value = String(i);
  $('where').textContent = t('rp-where', { n: i + 1, of: rec.events.length });
  $('event').textContent = describe(e, i);
  // The position is the latest notation (with its sides and notes, in words); the outlined
  // last move is the latest move's own geometry (as the match page shows it until the next
  // move), never a comparison of positions.
  let notation = null, lastThrow = null, lastMove = null;
  position = null;
  for (let j = i; j >= 0 && (!notation || !lastThrow || !lastMove); j--) {
    const x = rec.events[j];
    if (!notation && x.notation) { notation = x.notation; position = x; }
    if (!lastThrow && x.kind === 'thrown') lastThrow = x;
    if (!lastMove && x.kind === 'moved') lastMove = x.geometry || { steps: [] };
  }
  $('throw').replaceChildren(...(lastThrow ? [el('span', { text: t('rp-threw', { name: who(lastThrow.seat) }) }), diceView(lastThrow.spec, lastThrow.faces)] : []));
  // With the review: where the next event is a decision, the position is the one it was made
  // in; the move played is outlined and the best one drawn as an arrow.
  const next = rec.events[i + 1];
  const decision = next && next.kind === 'moved' ? decisions.get(next.no) : undefined;
  if (decision) lastMove = next.geometry || { steps: [] };
  const hint = decision && decision.best !== decision.played ? decision.best_geometry : null;
  shown = notation;
  if (notation) { board.draw(notation, { lastMove, animate: e.kind === 'moved' && !decision, hint }); $('info').textContent = notesInWords(position); } else $('info').textContent = t('rp-no-positions');
  showDecision(decision);
  for (const b of $('log').querySelectorAll('.act.now')) b.classList.remove('now');
  $('log').querySelector(`.act[data-step="${i}"]`)?.classList.add('now');
  // The analysis board, from this position: only once the game is over (never a live one's).
  const analyse = $('analyse');
  analyse.hidden = !(notation && rec.events.some(x => x.kind === 'game_over'));
  if (!analyse.hidden) analyse.href = `/analysis?variant=${encodeURIComponent(rec.variant)}&position=${encodeURIComponent(notation)}`;
  document.body.dataset.step = String(i);
  // A link to this position: the address bar holds it.
  history.replaceState(null, '', `#e=${i + 1}${review ? '&review' : ''}`);
  showChances();
}

// The move list: one numbered line per turn (a seat's throws and moves until another seat
// acts), each throw and move a button that goes to it; with the review, a marked decision
// carries its sign (?!, ?, ??). Where a move went is said with the board's names of places.
const SIGNS = { inaccuracy: '?!', mistake: '?', blunder: '??' };
function showMoveList() {
  const log = $('log');
  const items = [];
  let turn = null, turnNo = 0, seat = null;
  rec.events.forEach((e, k) => {
    if (!['thrown', 'moved', 'passed'].includes(e.kind)) return;
    if (!turn || seat !== e.seat || e.effect === 'decided') {
      turnNo += 1; seat = e.seat;
      turn = el('span', { class: 'acts' });
      items.push(el('li', { class: 'turn', dataset: { seat: e.seat, turn: turnNo } },
        el('span', { class: 'no', text: `${turnNo}.` }), el('span', { class: 'who', text: whoShort(e.seat), title: who(e.seat) }), turn));
    }
    // Short on the button, the whole sentence in its name (and its tooltip).
    let text;
    let label = sentence(e, k);
    if (e.kind === 'thrown') text = `(${e.faces.join('+')})`;
    else if (e.kind === 'passed') text = t('rp-passes');
    else {
      const st = e.geometry?.steps?.[0];
      const to = st?.kind === 'bear_off' ? t('rp-off') : st?.to && board.placeName(st.to);
      text = st?.from && st?.to && !e.geometry.coaster ? `${board.placeName(st.from)}→${to}` : e.move;
      const d = decisions.get(e.no);
      if (d && SIGNS[d.class]) { text += SIGNS[d.class]; label += t('rp-act-review', { class: classWords(d.class) }); }
    }
    turn.append(el('button', { type: 'button', class: `act act-${e.kind}`, 'aria-label': label, title: label, dataset: { step: String(k), no: String(e.no) }, onclick: () => show(k) }, text));
  });
  log.replaceChildren(...items);
}

// A decision's moves in words, each followed by its notation in parentheses (what the
// analysis board takes) and `more`: the move played, from its `moved` event's geometry
// ("moved the small pyramid from 21 to 23 (21-23)"), and the best, from the review's
// `best_geometry` ("move the medium pyramid …", to follow "to").
function decisionWords(d, morePlayed = '', moreBest = '') {
  const say = (move, geometry, base, more) => {
    const text = words.deed(geometry, move, { base, dice: false }).text;
    // A coaster's sentence names its move already.
    const parts = [text.includes(`(${move})`) ? '' : move, more].filter(Boolean);
    return parts.length ? `${text} (${parts.join('; ')})` : text;
  };
  const moved = rec.events.find(e => e.no === d.no && e.kind === 'moved');
  return { played: say(d.played, moved?.geometry, false, morePlayed), best: say(d.best, d.best_geometry, true, moreBest) };
}

// The review's line for the decision shown (none: hidden).
function showDecision(d) {
  const line = $('review-line');
  line.hidden = !d;
  if (!d) { line.textContent = ''; return; }
  const chance = (mv) => d.options.find(o => o.move === mv)?.chance;
  line.dataset.class = d.class;
  if (d.best === d.played) {
    line.textContent = t('rp-line-best', { name: who(d.seat), played: decisionWords(d, t('rp-outlined')).played, chance: chance(d.played) });
    return;
  }
  const said = decisionWords(d, t('rp-outlined-chance', { chance: chance(d.played) }), t('rp-arrow-chance', { chance: chance(d.best) }));
  line.textContent = t('rp-line', { name: who(d.seat), played: said.played, best: said.best, cost: d.cost, class: classWords(d.class) });
}

// A review in line or being made, as the server says it: its place, or a progress bar. The
// status is a live region: its words change only when the place does, or the review starts,
// so a screen reader is not read the progress twice a second.
function showPending(p) {
  const status = $('review-status');
  document.body.dataset.review = p.state;
  if (p.state === 'waiting') {
    // A place in the line of reviews (not a square of the board).
    const { place: inLine, waiting } = p;
    const words = inLine === 1 ? t('rp-review-next') : t('rp-review-waiting', { place: inLine, of: waiting });
    if (status.textContent !== words) status.replaceChildren(words);
    return;
  }
  let bar = status.querySelector('progress');
  if (!bar) {
    bar = el('progress', { 'aria-label': t('rp-review-progress') });
    status.replaceChildren(t('rp-reviewing'), ' ', bar);
  }
  bar.max = Math.max(1, p.of);
  bar.value = p.done;
}

// The event index a decision's position is shown at: the one before its move.
function stepOf(d) { return Math.max(0, rec.events.findIndex(e => e.no === d.no) - 1); }

async function loadReview() {
  const go = $('review-go');
  go.disabled = true;
  $('review-status').replaceChildren(t('rp-review-asking'), ' ');
  try {
    review = await api(`/api/matches/${encodeURIComponent(matchId)}/games/${gameNo}/review`, undefined, key);
    // Not made yet: the server says its place in line, then its progress; ask again.
    while (review.state) {
      showPending(review);
      await new Promise(r => setTimeout(r, 500));
      review = await api(`/api/matches/${encodeURIComponent(matchId)}/games/${gameNo}/review`, undefined, key);
    }
  } catch (err) {
    $('review-status').replaceChildren(err.status === 409 ? t('rp-review-not-over') : t('rp-review-failed', { error: errorWords(err) }), ...(err.status === 409 ? [] : [' ', go]));
    go.disabled = false;
    return;
  }
  for (const d of review.decisions) decisions.set(d.no, d);
  const th = review.thresholds;
  $('review-status').textContent = t('rp-review-about', { inaccuracy: th.inaccuracy, mistake: th.mistake, blunder: th.blunder });
  // On a phone the long headers give way to short ones; a screen reader still reads the long.
  const cols = [[t('rp-col-player'), t('rp-col-player')], [t('rp-col-decisions'), t('rp-col-decisions-short')], [t('rp-col-inaccuracies'), '?!'], [t('rp-col-mistakes'), '?'], [t('rp-col-blunders'), '??'], [t('rp-col-average'), t('rp-col-average-short')], [t('rp-col-luck'), t('rp-col-luck')]];
  const head = el('tr', {}, ...cols.map(([long, short]) => el('th', { scope: 'col' }, el('span', { class: 'long', text: long }), el('span', { class: 'short', 'aria-hidden': 'true', text: short }))));
  const rows = review.seats.map(s => el('tr', { dataset: { seat: String(s.seat) } }, el('th', { scope: 'row', text: who(s.seat) }),
    ...[s.decisions, s.inaccuracies, s.mistakes, s.blunders, t('rp-pts', { pts: s.average_cost }), t('rp-pts', { pts: `${s.luck > 0 ? '+' : ''}${s.luck}` })].map(v => el('td', { text: String(v) }))));
  $('review-summary').replaceChildren(el('table', { class: 'review-table' }, el('thead', {}, head), el('tbody', {}, ...rows)));
  const marked = review.decisions.filter(d => d.class !== 'good');
  $('review-list').replaceChildren(...(marked.length ? marked.map(d => {
    const said = decisionWords(d);
    return el('li', { dataset: { class: d.class } },
      el('button', { type: 'button', class: 'review-jump', dataset: { no: String(d.no) }, onclick: () => show(stepOf(d)) },
        t('rp-jump', { name: who(d.seat), played: said.played, class: classWords(d.class), cost: d.cost, best: said.best })));
  }) : [el('li', { class: 'note', text: t('rp-review-clean') })]));
  document.body.dataset.review = 'ready';
  showChart();
  showMoveList();
  show(i);
}

// The bar at this step: the chances after event i (the server's, per table seat).
function showChances() {
  const point = chances?.points[i];
  if (!point) return;
  winbar.show(point.chances, chartSeats(), point.no);
  markChart();
}

// The seats as the bar and the chart draw them: name and colour.
function chartSeats() {
  return rec.seats.map((_, s) => {
    const engine = rec.seats.indexOf(s + 1) + 1;
    return { name: who(s + 1), colour: seatColour(position?.sides?.[engine - 1], engine, PLAYER_COLOURS) };
  });
}

// With the review: the game's win-chance chart, one point per event; a click on it goes to
// that event (the keys ←/→, Home and End do the same for a keyboard).
function showChart() {
  const figure = chartFor(matchId, gameNo, key, chartSeats());
  figure.classList.add('review-chart');
  figure.title = t('rp-chart-title');
  figure.onclick = (e) => {
    const plot = figure.querySelector('svg');
    if (!plot || !chances) return;
    // The chart's own geometry (winbar.js): 320 wide, 6 of padding each side.
    const r = plot.getBoundingClientRect();
    const at = ((e.clientX - r.left) / r.width * 320 - 6) / (320 - 12);
    show(Math.round(Math.max(0, Math.min(1, at)) * (chances.points.length - 1)));
  };
  $('review-chart').replaceChildren(figure);
  markChart();
}

// The event shown, as a vertical line on the chart.
function markChart() {
  const plot = $('review-chart')?.querySelector('svg');
  const n = chances?.points.length;
  if (!plot || !n) return;
  plot.querySelector('line.now')?.remove();
  const x = 6 + (i * (320 - 12)) / Math.max(1, n - 1);
  plot.append(svg('line', { x1: x, x2: x, y1: 0, y2: 110, class: 'now', dataset: { step: String(i) } }));
}

async function loadChances() {
  winbar.reserve(rec.seats.length);
  try {
    chances = await gameChances(matchId, gameNo, key);
    showChances();
  } catch {
    winbar.hide(); // a game not over (409), or none: no bar
  }
}

async function init() {
  try {
    rec = await api(`/api/matches/${encodeURIComponent(matchId)}/games/${gameNo}`, undefined, key);
  } catch (err) {
    // Nothing to replay: say so, and leave no empty controls behind.
    const missing = err.status === 404;
    $('title').textContent = t(missing ? 'rp-no-game-title' : 'header-replay');
    $('verdict').textContent = missing
      ? t('rp-no-game', { game: gameNo })
      : t('rp-cannot-load', { error: errorWords(err) });
    document.querySelector('#verify details').hidden = true;
    for (const id of ['step', 'chat-record', 'position-tools']) ($(id).closest('.stepper') || $(id)).hidden = true;
    $('links').replaceChildren(el('a', { href: withKey(`/m/${matchId}/scoreboard`), text: t('header-scoreboard') }), ' · ', el('a', { href: '/', text: t('rp-lobby') }));
    return;
  }
  try {
    const m = await api(`/api/matches/${encodeURIComponent(matchId)}`, undefined, key);
    // The summary has no short names: a person's is their name, a computer's its short form.
    ({ names, shortNames } = botsNamed(m.names, m.names, m.bots));
  } catch { /* names optional */ }
  $('title').textContent = t('rp-title', { game: gameNo, variant: await variantName(rec.variant) });
  board = new Board($('board'), rec.variant, writtenBoard(rec.variant), { interactive: false });
  // Each piece says whose it is (a geometry's owner is an engine player: see `seatOfEngine`).
  board.whose = (owner) => t('rp-whose', { name: who(seatOfEngine(owner)) });
  copyPosition($('copy-position'), () => shown);
  $('step').max = String(rec.events.length - 1);
  $('step').addEventListener('input', () => show(Number($('step').value)));
  $('first').onclick = () => show(0);
  $('prev').onclick = () => show(i - 1);
  $('next').onclick = () => show(i + 1);
  $('last').onclick = () => show(rec.events.length - 1);
  document.addEventListener('keydown', (e) => {
    // Keys typed into a field or on a button are theirs.
    if (e.target.closest?.('input:not([type=range]), textarea, select')) return;
    const to = { ArrowLeft: i - 1, ArrowRight: i + 1, Home: 0, End: rec.events.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    show(to);
  });
  $('review-go').onclick = loadReview;
  $('links').replaceChildren(el('a', { href: withKey(`/m/${matchId}/scoreboard`), text: t('header-scoreboard') }), ' · ', el('a', { href: `/m/${matchId}`, text: t('rp-match') }),
    ' · ', el('a', { href: withKey(`/api/matches/${matchId}/games/${gameNo}`), text: t('rp-raw') }));
  showMoveList();
  // A shared link names its position (`#e=12`, 1-based) and whether the review was open.
  const shared = new URLSearchParams(location.hash.slice(1));
  show(Number(shared.get('e')) - 1 || 0);
  if (shared.has('review')) loadReview();
  loadChances();
  showChat();
  const verdict = $('verdict');
  try {
    const r = await verifyRecord(rec);
    const box = $('verify');
    box.dataset.reason = r.reason || '';
    if (r.reason === 'not_revealed') { verdict.textContent = t('rp-verify-pending'); box.dataset.verify = 'pending'; return; }
    const bad = r.throws.filter(x => !x.ok).length;
    // web/verify.js checks every step of docs/fairness.md but the last (the replay of the moves
    // through the engine): in the browser a verdict is about the record and its dice only.
    const moves = el('span', { class: 'note', id: 'moves-note' }, ' ', ...tNodes('rp-verify-moves', { command: el('code', { text: 'senet-server verify', dir: 'ltr' }) }));
    if (r.ok) verdict.replaceChildren(t('rp-verified', { count: r.throws.length }), moves);
    else verdict.textContent = t(bad ? 'rp-not-verified-throws' : 'rp-not-verified', { why: verifyWords(r), bad, count: r.throws.length });
    box.dataset.verify = r.ok ? 'ok' : 'failed';
    box.dataset.throws = String(r.throws.length);
    $('throws').replaceChildren(...r.throws.map(x => el('li', { class: x.ok ? 'ok' : 'bad' }, t('rp-throw-check', { n: x.throw_no, claimed: x.claimed.join(' '), expected: x.expected.join(' '), mark: x.ok ? '✔' : '✘' }))));
  } catch (err) {
    verdict.textContent = t('rp-check-failed', { error: err.message });
    $('verify').dataset.verify = 'error';
  }
}

// The match's chat below the record (the spectators' room, and the players' once the match
// is over), as text.
async function showChat() {
  const list = $('chat-record-list');
  let messages = [];
  try { ({ messages } = await api(`/api/matches/${encodeURIComponent(matchId)}/chat`, undefined, key)); } catch { /* no chat */ }
  list.replaceChildren(...messages.map(m => el('li', { class: m.room, title: m.at },
    el('span', { class: 'chat-who', text: t(m.room === 'spectators' ? 'rp-chat-watching' : 'rp-chat-who', { name: m.name }) }), el('span', { class: 'chat-text', text: m.text }))));
  if (!messages.length) list.append(el('li', { class: 'note', text: t('rp-nobody-chatted') }));
}

init();
