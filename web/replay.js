// Replay of a finished game: step through its events; check the record and every throw with
// WebCrypto (web/verify.js; the moves are checked by `senet-server verify`, not here).

import { api, el, readKey, svg, variantName, withKey, writtenBoard } from './common.js';
import { Board, diceView, PLAYER_COLOURS } from './boards.js';
import { verifyRecord } from './verify.js';
import { storyWords, copyPosition } from './story.js';
import { WinBar, chartFor, gameChances, seatColour } from './winbar.js';

const parts = location.pathname.split('/').filter(Boolean);
const matchId = decodeURIComponent(parts[1]);
const gameNo = Number(parts[3]);
const key = readKey(matchId);
const $ = (id) => document.getElementById(id);
let rec, board, names = [], i = 0;
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
const CLASS_WORDS = { inaccuracy: 'an inaccuracy (?!)', mistake: 'a mistake (?)', blunder: 'a blunder (??)', good: 'good' };

function who(seat) { return (names[seat - 1]) || `seat ${seat}`; }
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

// Why a game ended (the `game_over`'s `reason`), in words.
const END_WORDS = { completed: 'played out', resigned: 'by resignation', no_move: 'no legal move', move_limit: 'the move limit', timeout: 'on time' };

function describe(e, k) {
  switch (e.kind) {
    case 'thrown': return `Throw ${e.throw_no}: ${sentence(e, k)}`;
    case 'moved': case 'passed': return sentence(e, k);
    case 'game_over': return `Game over: ${e.winner ? who(e.winner) + ' wins' : 'draw'} (${END_WORDS[e.reason] || e.reason}, ${e.points} point${e.points === 1 ? '' : 's'})`;
    case 'resigned': return `${who(e.seat)} resigned.`;
    case 'timed_out': return `${who(e.seat)} ran out of time.`;
    case 'claimed': return `${who(e.seat)} claimed the game: ${who(e.against)} was away.`;
    case 'abandoned': return `Nobody moved for ${who(e.against)} for too long: the game is ruled out against them.`;
    case 'rematch_requested': return `${who(e.seat)} asked for the next game.`;
    case 'client_seed': return `${who(e.seat)} gave the dice seed “${e.seed}”`;
    case 'game_started': return `Game ${e.game} starts; commitment ${e.commitment.slice(0, 16)}…`;
    default: return `${e.kind}${e.seat ? ' by ' + who(e.seat) : ''}`;
  }
}

function show(k) {
  i = Math.max(0, Math.min(rec.events.length - 1, k));
  const e = rec.events[i];
  $('step').value = String(i);
  $('where').textContent = `event ${i + 1} of ${rec.events.length}`;
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
  $('throw').replaceChildren(...(lastThrow ? [el('span', { text: `${who(lastThrow.seat)} threw ` }), diceView(lastThrow.spec, lastThrow.faces)] : []));
  // With the review: where the next event is a decision, the position is the one it was made
  // in; the move played is outlined and the best one drawn as an arrow.
  const next = rec.events[i + 1];
  const decision = next && next.kind === 'moved' ? decisions.get(next.no) : undefined;
  if (decision) lastMove = next.geometry || { steps: [] };
  const hint = decision && decision.best !== decision.played ? decision.best_geometry : null;
  shown = notation;
  if (notation) { board.draw(notation, { lastMove, animate: e.kind === 'moved' && !decision, hint }); $('info').textContent = position.notes || ''; } else $('info').textContent = 'This record does not hold positions.';
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
        el('span', { class: 'no', text: `${turnNo}.` }), el('span', { class: 'who', text: who(e.seat) }), turn));
    }
    // Short on the button, the whole sentence in its name (and its tooltip).
    let text;
    let label = sentence(e, k);
    if (e.kind === 'thrown') text = `(${e.faces.join('+')})`;
    else if (e.kind === 'passed') text = 'passes';
    else {
      const st = e.geometry?.steps?.[0];
      const to = st?.kind === 'bear_off' ? 'off' : st?.to && board.placeName(st.to);
      text = st?.from && st?.to && !e.geometry.coaster ? `${board.placeName(st.from)}→${to}` : e.move;
      const d = decisions.get(e.no);
      if (d && SIGNS[d.class]) { text += SIGNS[d.class]; label += ` Review: ${CLASS_WORDS[d.class]}.`; }
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
    line.textContent = `${who(d.seat)} ${decisionWords(d, 'outlined').played}: the best move, ${chance(d.played)} % to win.`;
    return;
  }
  const said = decisionWords(d, `outlined, ${chance(d.played)} % to win`, `arrow, ${chance(d.best)} %`);
  line.textContent = `${who(d.seat)} ${said.played}. Best was to ${said.best}. Cost ${d.cost} points: ${CLASS_WORDS[d.class]}.`;
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
    const words = inLine === 1 ? 'Next in line for a review…' : `Waiting in line for a review: place ${inLine} of ${waiting}…`;
    if (status.textContent !== words) status.replaceChildren(words);
    return;
  }
  let bar = status.querySelector('progress');
  if (!bar) {
    bar = el('progress', { 'aria-label': 'Review progress' });
    status.replaceChildren('Reviewing every decision… ', bar);
  }
  bar.max = Math.max(1, p.of);
  bar.value = p.done;
}

// The event index a decision's position is shown at: the one before its move.
function stepOf(d) { return Math.max(0, rec.events.findIndex(e => e.no === d.no) - 1); }

async function loadReview() {
  const go = $('review-go');
  go.disabled = true;
  $('review-status').replaceChildren('Asking for the review… ');
  try {
    review = await api(`/api/matches/${encodeURIComponent(matchId)}/games/${gameNo}/review`, undefined, key);
    // Not made yet: the server says its place in line, then its progress; ask again.
    while (review.state) {
      showPending(review);
      await new Promise(r => setTimeout(r, 500));
      review = await api(`/api/matches/${encodeURIComponent(matchId)}/games/${gameNo}/review`, undefined, key);
    }
  } catch (err) {
    $('review-status').replaceChildren(err.status === 409 ? 'The game is not over: a game is reviewed once it ends.' : `The review could not be made: ${err.message}. `, ...(err.status === 409 ? [] : [go]));
    go.disabled = false;
    return;
  }
  for (const d of review.decisions) decisions.set(d.no, d);
  const t = review.thresholds;
  $('review-status').textContent = `A decision's cost is the chance of winning it gave away against the best move, in points: an inaccuracy from ${t.inaccuracy}, a mistake from ${t.mistake}, a blunder from ${t.blunder}. Luck is what the throws changed before any choice.`;
  // On a phone the long headers give way to short ones; a screen reader still reads the long.
  const cols = [['Player', 'Player'], ['Decisions', 'Dec.'], ['Inaccuracies', '?!'], ['Mistakes', '?'], ['Blunders', '??'], ['Average cost', 'Avg.'], ['Luck', 'Luck']];
  const head = el('tr', {}, ...cols.map(([long, short]) => el('th', { scope: 'col' }, el('span', { class: 'long', text: long }), el('span', { class: 'short', 'aria-hidden': 'true', text: short }))));
  const rows = review.seats.map(s => el('tr', { dataset: { seat: String(s.seat) } }, el('th', { scope: 'row', text: who(s.seat) }),
    ...[s.decisions, s.inaccuracies, s.mistakes, s.blunders, `${s.average_cost} pts`, `${s.luck > 0 ? '+' : ''}${s.luck} pts`].map(v => el('td', { text: String(v) }))));
  $('review-summary').replaceChildren(el('table', { class: 'review-table' }, el('thead', {}, head), el('tbody', {}, ...rows)));
  const marked = review.decisions.filter(d => d.class !== 'good');
  $('review-list').replaceChildren(...(marked.length ? marked.map(d => {
    const said = decisionWords(d);
    return el('li', { dataset: { class: d.class } },
      el('button', { type: 'button', class: 'review-jump', dataset: { no: String(d.no) }, onclick: () => show(stepOf(d)) },
        `${who(d.seat)} ${said.played}: ${CLASS_WORDS[d.class]}, ${d.cost} points; best was to ${said.best}.`));
  }) : [el('li', { class: 'note', text: 'No inaccuracy, mistake or blunder: every decision was within the thresholds.' })]));
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
  figure.title = 'Click to go to that point of the game';
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
    $('title').textContent = missing ? 'No such game' : 'Replay';
    $('verdict').textContent = missing
      ? `This match has no game ${gameNo}, or there is no such match.`
      : `Cannot load the game: ${err.message}`;
    document.querySelector('#verify details').hidden = true;
    for (const id of ['step', 'chat-record', 'position-tools']) ($(id).closest('.stepper') || $(id)).hidden = true;
    $('links').replaceChildren(el('a', { href: withKey(`/m/${matchId}/scoreboard`), text: 'Scoreboard' }), ' · ', el('a', { href: '/', text: 'Lobby' }));
    return;
  }
  try { names = (await api(`/api/matches/${encodeURIComponent(matchId)}`, undefined, key)).names; } catch { /* names optional */ }
  $('title').textContent = `Replay of game ${gameNo} (${await variantName(rec.variant)})`;
  board = new Board($('board'), rec.variant, writtenBoard(rec.variant), { interactive: false });
  // Each piece says whose it is (a geometry's owner is an engine player: see `seatOfEngine`).
  board.whose = (owner) => `${who(seatOfEngine(owner))}'s`;
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
  $('links').replaceChildren(el('a', { href: withKey(`/m/${matchId}/scoreboard`), text: 'Scoreboard' }), ' · ', el('a', { href: `/m/${matchId}`, text: 'Match' }),
    ' · ', el('a', { href: withKey(`/api/matches/${matchId}/games/${gameNo}`), text: 'Raw record (JSON)' }));
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
    if (r.reason === 'not_revealed') { verdict.textContent = 'The game is not over: the server seed is still secret, so the dice cannot be checked yet.'; box.dataset.verify = 'pending'; return; }
    const bad = r.throws.filter(t => !t.ok).length;
    // web/verify.js checks every step of docs/fairness.md but the last (the replay of the moves
    // through the engine): in the browser a verdict is about the record and its dice only.
    const moves = el('span', { class: 'note', id: 'moves-note' }, ' The moves are not checked in the browser: ', el('code', { text: 'senet-server verify' }), ' replays them through the engine.');
    if (r.ok) verdict.replaceChildren(`✔ Verified in your browser: SHA-256 of the revealed seed matches the commitment, and all ${r.throws.length} throws match the seed.`, moves);
    else verdict.textContent = `✘ NOT verified: ${r.message}${bad ? ` (${bad} of ${r.throws.length} throws differ)` : ''}.`;
    box.dataset.verify = r.ok ? 'ok' : 'failed';
    box.dataset.throws = String(r.throws.length);
    $('throws').replaceChildren(...r.throws.map(t => el('li', { class: t.ok ? 'ok' : 'bad' }, `throw ${t.throw_no}: ${t.claimed.join(' ')} — expected ${t.expected.join(' ')} ${t.ok ? '✔' : '✘'}`)));
  } catch (err) {
    verdict.textContent = `The check could not run: ${err.message}`;
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
    el('span', { class: 'chat-who', text: `${m.room === 'spectators' ? `${m.name} (watching)` : m.name}:` }), el('span', { class: 'chat-text', text: m.text }))));
  if (!messages.length) list.append(el('li', { class: 'note', text: 'Nobody chatted.' }));
}

init();
