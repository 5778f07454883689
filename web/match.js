// The match page: join with an invite, then play or watch over the WebSocket.

import { api, el, loadSeat, saveSeat, seatName, randomSeed, ensurePlayer, Live, readKey, VARIANTS, withKey } from './common.js';
import { Board, diceView, PLAYER_COLOURS } from './boards.js';

const parts = location.pathname.split('/').filter(Boolean);
const matchId = decodeURIComponent(parts[1] || '');
const mode = parts[2] || 'play';
const params = new URLSearchParams(location.search);
const $ = (id) => document.getElementById(id);

const st = {
  snap: null, seat: null, board: null, turn: null, legal: [], moves: [], notation: null, game: 0,
  seats: [], names: [], lastMove: null, lastThrow: null, over: null, seedSent: new Set(),
  connected: [], spectators: 0, score: [], wins: [], pending: null, lastActor: null, matchOver: null,
};
let live = null;
window.senet = st; // for tests and the curious: the page's state

function me() { return st.seat; }
function who(seat) { return seat ? `${seatName(st.names, seat)}` : '—'; }
function enginePlayerSeat(p) { return st.seats[p - 1] || p; }

async function start() {
  if (mode === 'join') return showJoin();
  const saved = mode === 'watch' ? null : loadSeat(matchId);
  st.seat = saved?.seat ?? null;
  connect(saved?.token ?? null, params.get('key'));
}

function showJoin() {
  const box = $('join');
  box.hidden = false;
  const invite = params.get('invite') || '';
  const name = el('input', { id: 'join-name', maxlength: 64, placeholder: 'your name', autocomplete: 'nickname' });
  const msg = el('p', { class: 'error', role: 'alert' });
  const go = el('button', { id: 'join-go', type: 'submit', text: 'Take the seat' });
  const form = el('form', { class: 'card' }, el('h2', { text: 'Join this match' }), el('label', {}, 'Name ', name), ' ', go, msg);
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    go.disabled = true;
    try {
      const body = { invite, name: name.value };
      const player = await ensurePlayer(name.value.trim());
      if (player) body.player_key = player.player_key;
      const r = await api(`/api/matches/${encodeURIComponent(matchId)}/join`, body);
      saveSeat(matchId, r.seat, r.token);
      // The invite leaves the address bar: the seat's token is kept in localStorage only.
      history.replaceState(null, '', `/m/${encodeURIComponent(matchId)}`);
      box.hidden = true;
      st.seat = r.seat;
      connect(r.token, null);
    } catch (err) {
      msg.textContent = err.code === 'invite_used' ? 'That invite was used already.' : `Cannot join: ${err.message}`;
      go.disabled = false;
      const saved = loadSeat(matchId);
      if (saved) msg.append(' ', el('a', { href: `/m/${matchId}`, text: 'Go to your seat' }));
    }
  });
  box.replaceChildren(form);
  api(`/api/matches/${encodeURIComponent(matchId)}`).then(s => {
    form.prepend(el('p', {}, `${s.name} — ${VARIANTS[s.variant]?.name ?? s.variant}, ${s.players} players. `, el('a', { href: `/rules/${s.variant}`, text: 'Rules' })));
  }).catch(() => { /* a private match's summary needs its key: the invite still takes the seat */ });
}

function connect(token, key) {
  $('play').hidden = false;
  live = new Live(matchId, {
    token, key,
    onStatus: (s, delay) => {
      const c = $('conn');
      c.textContent = { connecting: 'connecting…', open: st.seat ? `playing as seat ${st.seat}` : 'watching', reconnecting: `connection lost — retrying in ${(delay / 1000).toFixed(1)} s`, closed: 'disconnected' }[s];
      c.dataset.state = s;
      document.body.dataset.conn = s;
      if (s !== 'open') renderChoices();
    },
    onMessage,
  });
  window.senetLive = live;
}

function onMessage(msg) {
  switch (msg.type) {
    case 'welcome':
      st.seat = msg.seat;
      applySnapshot(msg.snapshot, true);
      break;
    case 'snapshot': applySnapshot(msg.snapshot, false); break;
    case 'event': applyEvent(msg); break;
    case 'presence': st.connected = msg.connected; st.spectators = msg.spectators; refreshNames(); renderPlayers(); renderActions(); break;
    case 'error':
      // The server closes the socket after these: reconnecting cannot help.
      if (msg.code === 'bad_token' || msg.code === 'spectator_key_required') { live.fatal = true; live.closed = true; }
      showError(msg);
      break;
    case 'going_away': $('conn').textContent = 'server restarting…'; break;
    default: break;
  }
}

const ERRORS = {
  not_your_turn: 'It is not your turn.', not_legal: 'That move is not allowed now.', spectator: 'Spectators cannot play.',
  rate_limited: 'Too many messages — slow down.', bad_token: 'This seat token is not valid for this match.',
  spectator_key_required: 'This match is private: you need its spectator link.', store_unavailable: 'The move could not be saved; try again.',
  not_absent: 'The other player is still connected.', too_early: 'Too early to claim: the other player may come back.',
};
function showError(msg) {
  $('error').textContent = ERRORS[msg.code] || `${msg.message} (${msg.code})`;
  $('error').dataset.code = msg.code;
  st.pending = null;
  renderChoices();
}

function applySnapshot(s, first) {
  st.snap = s;
  st.names = s.names; st.seats = s.seats || []; st.game = s.game; st.turn = s.turn; st.legal = s.legal; st.moves = s.moves || [];
  st.notation = s.notation; st.connected = s.connected; st.spectators = s.spectators; st.score = s.score; st.wins = s.wins;
  st.pending = null;
  if (s.client_seeds && st.seat && s.client_seeds[st.seat - 1] !== null) st.seedSent.add(s.game);
  document.title = `${s.name} — Senet`;
  $('title').textContent = `${s.name} · ${VARIANTS[s.variant]?.name ?? s.variant} · game ${s.game || '–'}`;
  if (first || !st.board || st.board.variant !== s.variant) {
    st.board = new Board($('board'), s.variant, { onMove: sendMove });
    st.board.onSelect = (key, moves) => renderChoices(key, moves);
    $('links').replaceChildren(
      el('a', { href: withKey(`/m/${matchId}/scoreboard`), text: 'Scoreboard' }), ' · ',
      el('a', { href: `/rules/${s.variant}`, text: 'Rules' }), ' · ',
      // A private match's spectator link carries its key, which only the creator's lobby shows.
      s.public ? el('a', { href: `/m/${matchId}/watch`, text: 'Spectator view' }) : el('span', { text: 'Private match' }));
  }
  if (s.turn.kind === 'game_over' || s.turn.kind === 'match_over') st.over = st.over || { game: s.game };
  redraw(false);
}

function logLine(e) {
  const n = e.seat ? who(e.seat) : '';
  switch (e.kind) {
    case 'game_started': return `Game ${e.game} starts.`;
    case 'client_seed': return `${n} gave a dice seed.`;
    case 'thrown': return `${n} threw ${e.faces.join(' ')}${e.effect === 'no_move' ? ' — no move' : e.effect === 'decided' ? ' (for the start)' : ''}`;
    case 'moved': return `${n}: ${e.move}`;
    case 'passed': return `${n} passes.`;
    case 'resigned': return `${n} resigned.`;
    case 'claimed': return `${n} claimed the game: ${who(e.against)} was away.`;
    case 'game_over': return `Game over: ${e.winner ? who(e.winner) + ' wins' : 'a draw'} (${e.reason}, ${e.points} points).`;
    case 'rematch_requested': return `${n} asks for the next game.`;
    case 'match_over': return `The match is over: ${e.winner ? who(e.winner) + ' wins' : 'a draw'}.`;
    default: return e.kind;
  }
}

// Names are not in events: a seat claimed after this page connected is learnt from the summary.
async function refreshNames() {
  if (st.names.every(Boolean)) return;
  try {
    const s = await api(`/api/matches/${encodeURIComponent(matchId)}`, undefined, readKey(matchId));
    st.names = s.names;
    renderPlayers(); renderStatus();
  } catch { /* keep the old names */ }
}

function applyEvent(e) {
  const prevActor = st.lastActor;
  st.turn = e.turn; st.legal = e.legal; st.moves = e.moves || []; st.pending = null;
  if (e.notation) st.notation = e.notation;
  let animate = false;
  if (e.kind === 'game_started') {
    refreshNames();
    st.game = e.game; st.seats = e.seats; st.over = null; st.lastMove = null; st.lastThrow = null;
    $('log').replaceChildren();
    $('title').textContent = `${st.snap.name} · ${VARIANTS[e.variant]?.name ?? e.variant} · game ${e.game}`;
  }
  if (e.kind === 'client_seed' && e.seat === st.seat) st.seedSent.add(e.game);
  if (e.kind === 'thrown') { st.lastThrow = { ...e, again: prevActor === e.seat && e.effect !== 'decided' }; }
  // The last move's outline is the move's own geometry (where its piece went from and to),
  // kept until the next move of this game.
  if (e.kind === 'moved') { st.lastMove = { seat: e.seat, move: e.move, geometry: e.geometry || null }; animate = true; $('error').textContent = ''; }
  if (e.kind === 'thrown' || e.kind === 'moved' || e.kind === 'passed') st.lastActor = e.kind === 'thrown' && e.effect === 'decided' ? null : e.seat;
  if (e.kind === 'game_over') { st.over = e; st.score = e.score; st.wins = e.wins; }
  if (e.kind === 'match_over') { st.matchOver = e; st.score = e.score; st.wins = e.wins; }
  const li = el('li', { dataset: { kind: e.kind, no: e.no } }, logLine(e));
  $('log').append(li);
  $('log').scrollTop = $('log').scrollHeight;
  document.body.dataset.lastEvent = e.no;
  if (live?.catchingUp) return; // draw once, after the last missed event
  redraw(animate);
}

function canMove() { return st.seat && st.turn?.kind === 'move' && st.turn.seat === st.seat && live?.open && !live.catchingUp; }

function redraw(animate) {
  if (!st.board) return;
  if (st.notation) st.board.draw(st.notation, { moves: st.moves, canMove: canMove(), lastMove: st.lastMove?.geometry, animate });
  else $('info').textContent = 'The board appears when every seat is taken.';
  document.body.dataset.turn = st.turn?.kind || '';
  document.body.dataset.myTurn = canMove() ? '1' : '0';
  document.body.dataset.lastEvent = live?.lastEvent ?? 0;
  if (st.notation) $('info').textContent = st.board.parsed?.info || '';
  maybeSendSeed();
  renderPlayers();
  renderStatus();
  renderThrow();
  renderChoices();
  renderActions();
}

function maybeSendSeed() {
  if (st.seat && st.turn?.kind === 'seeds' && !st.seedSent.has(st.game) && live?.open && !live.catchingUp) {
    st.seedSent.add(st.game);
    live.send({ type: 'client_seed', seed: randomSeed() });
  }
}

function renderPlayers() {
  const box = $('players');
  box.replaceChildren();
  const n = st.names.length;
  const side = st.board?.parsed?.sides || {};
  for (let seat = 1; seat <= n; seat++) {
    const engine = st.seats.indexOf(seat) + 1;
    const colour = side[engine] || (st.variant !== 'jequier' && engine ? ['red', 'yellow', 'blue', 'green'][engine - 1] : '');
    const turn = st.turn?.seat === seat;
    box.append(el('div', { class: 'player' + (turn ? ' on-turn' : '') + (seat === st.seat ? ' me' : ''), dataset: { seat } },
      el('span', { class: 'swatch', style: null, dataset: { engine } }),
      el('strong', {}, seatName(st.names, seat)), seat === st.seat ? ' (you)' : '',
      ` · ${colour}`,
      ` · ${st.score?.[seat - 1] ?? 0} pts, ${st.wins?.[seat - 1] ?? 0} won`,
      st.connected?.[seat - 1] ? el('span', { class: 'online', title: 'connected', text: ' ●' }) : el('span', { class: 'offline', title: 'not connected', text: ' ○' })));
  }
  box.append(el('div', { class: 'viewers', id: 'viewers', dataset: { count: st.spectators } }, `${st.spectators} watching`));
  // Colour swatches by engine player (the board's colours).
  for (const s of box.querySelectorAll('.swatch')) {
    const p = Number(s.dataset.engine);
    const v = st.snap?.variant;
    const c = v === 'jequier' || v === 'pyramid' ? (side[p] === 'black' ? '#222' : side[p] === 'white' ? '#fafafa' : '#999') : PLAYER_COLOURS[p - 1];
    s.setAttribute('data-colour', c);
    s.append(svgDot(c));
  }
}

function svgDot(c) {
  const ns = 'http://www.w3.org/2000/svg';
  const s = document.createElementNS(ns, 'svg');
  s.setAttribute('width', '14'); s.setAttribute('height', '14'); s.setAttribute('viewBox', '0 0 14 14');
  const ci = document.createElementNS(ns, 'circle');
  ci.setAttribute('cx', '7'); ci.setAttribute('cy', '7'); ci.setAttribute('r', '6'); ci.setAttribute('fill', c); ci.setAttribute('stroke', '#333');
  s.append(ci);
  return s;
}

function renderStatus() {
  const t = st.turn || {};
  let text = '';
  const mine = t.seat && t.seat === st.seat;
  switch (t.kind) {
    case 'joining': text = 'Waiting for players to join. Share the invite link.'; break;
    case 'seeds': text = 'Collecting dice seeds before the first throw…'; break;
    case 'throw': text = `${mine ? 'You throw' : who(t.seat) + ' throws'}…`; break;
    case 'move': text = mine ? 'Your move: select a piece, then a highlighted square.' : `${who(t.seat)} to move.`; break;
    case 'game_over': text = st.over?.winner !== undefined ? `Game ${st.game} over: ${st.over.winner ? who(st.over.winner) + ' wins' : 'draw'} (${st.over.reason}, ${st.over.points} points). Ask for a rematch to play the next game.` : 'Game over.'; break;
    case 'match_over': text = `Match over${st.matchOver?.winner ? ': ' + who(st.matchOver.winner) + ' wins the series' : st.over?.winner ? ': ' + who(st.over.winner) + ' wins' : ''}.`; break;
    default: text = '';
  }
  const s = $('status');
  s.textContent = text;
  s.dataset.kind = t.kind || '';
  s.classList.toggle('mine', !!mine);
  if (st.lastMove) s.append(el('span', { class: 'lastmove' }, ` Last move: ${who(st.lastMove.seat)} ${st.lastMove.move}.`));
}

function renderThrow() {
  const box = $('throw');
  box.replaceChildren();
  const t = st.lastThrow;
  if (!t) return;
  const effect = { no_move: 'No move possible: the turn passes.', decided: 'A throw for who starts.', move: '' }[t.effect] ?? '';
  box.append(el('span', {}, `${who(t.seat)} threw `), diceView(t.spec, t.faces),
    t.again ? el('strong', { class: 'again' }, ' Throws again!') : '',
    effect ? el('span', { class: 'effect' }, ' ' + effect) : '');
}

function renderChoices(selected = st.board?.selected, only = null) {
  const box = $('choices');
  box.replaceChildren();
  if (!canMove()) return;
  const board = st.board;
  const fromSel = selected ? board.movesFrom(selected) : [];
  const off = st.legal.filter(m => !board.ends.get(m));
  const show = only || (selected ? fromSel : off);
  if (selected) box.append(el('span', { class: 'hint' }, `Moves of the selected piece: `));
  else if (off.length) box.append(el('span', { class: 'hint' }, 'Choose: '));
  for (const m of show) box.append(el('button', { type: 'button', class: 'move', dataset: { move: m }, onclick: () => sendMove(m) }, m));
  // Every legal move is also reachable from a list (keyboard and small screens).
  const all = el('details', { class: 'all-moves' }, el('summary', { text: `All legal moves (${st.legal.length})` }),
    ...st.legal.map(m => el('button', { type: 'button', class: 'move', dataset: { move: m, any: '1' }, onclick: () => sendMove(m) }, m)));
  box.append(all);
}

function sendMove(move) {
  if (!canMove() || st.pending) return;
  $('error').textContent = '';
  st.pending = move;
  st.board.selected = null; // a move sent from a button leaves no piece selected
  live.send({ type: 'move', game: st.game, move });
}

function renderActions() {
  const box = $('actions');
  box.replaceChildren();
  if (st.over && (st.over.game || st.game)) {
    box.append(el('a', { href: withKey(`/m/${matchId}/games/${st.over.game || st.game}/replay`), class: 'button', id: 'replay-link', text: `Replay and verify game ${st.over.game || st.game}` }));
  }
  if (!st.seat) return;
  const k = st.turn?.kind;
  if (k === 'move' || k === 'throw' || k === 'seeds') {
    const b = el('button', { type: 'button', id: 'resign', text: 'Resign' });
    b.addEventListener('click', () => {
      if (b.dataset.confirm) { live.send({ type: 'resign' }); return; }
      b.dataset.confirm = '1'; b.textContent = 'Really resign?';
      setTimeout(() => { if (b.isConnected) { delete b.dataset.confirm; b.textContent = 'Resign'; } }, 4000);
    });
    box.append(b);
    const waitFor = st.turn.seat;
    if (waitFor && waitFor !== st.seat && st.connected && st.connected[waitFor - 1] === false) {
      box.append(el('button', { type: 'button', id: 'claim', text: `Claim: ${who(waitFor)} is away`, onclick: () => live.send({ type: 'claim' }) }));
    }
  }
  if (k === 'game_over') box.append(el('button', { type: 'button', id: 'rematch', text: 'Next game (rematch)', onclick: () => live.send({ type: 'rematch' }) }));
}

start();
