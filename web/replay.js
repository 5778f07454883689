// Replay of a finished game: step through its events; check the record and every throw with
// WebCrypto (web/verify.js; the moves are checked by `senet-server verify`, not here).

import { api, el, readKey, variantName, withKey, writtenBoard } from './common.js';
import { Board, diceView, PLAYER_COLOURS } from './boards.js';
import { verifyRecord } from './verify.js';
import { WinBar, gameChances, seatColour } from './winbar.js';

const parts = location.pathname.split('/').filter(Boolean);
const matchId = decodeURIComponent(parts[1]);
const gameNo = Number(parts[3]);
const key = readKey(matchId);
const $ = (id) => document.getElementById(id);
let rec, board, names = [], i = 0;
// The event whose position is shown (its `notation`, `sides` and `notes`).
let position = null;
// The game's win chances, one point per event (absent while loading or if refused).
let chances = null;
const winbar = new WinBar($('winbar'));

function who(seat) { return (names[seat - 1]) || `seat ${seat}`; }

function describe(e) {
  switch (e.kind) {
    case 'thrown': return `${who(e.seat)} threw ${e.faces.join(' ')} (throw ${e.throw_no})${e.effect === 'no_move' ? ' — no move, the turn passes' : e.effect === 'kept' ? ' — kept, throws again before moving' : ''}`;
    case 'moved': return `${who(e.seat)} moved ${e.move}`;
    case 'game_over': return `Game over: ${e.winner ? who(e.winner) + ' wins' : 'draw'} (${e.reason}, ${e.points} points)`;
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
  $('event').textContent = describe(e);
  // The position is the latest notation (with its sides and notes, in words); the outlined
  // last move is the latest move's own geometry (as the match page shows it until the next
  // move), never a comparison of positions.
  let notation = null, lastThrow = null, lastMove = null;
  for (let j = i; j >= 0 && (!notation || !lastThrow || !lastMove); j--) {
    const x = rec.events[j];
    if (!notation && x.notation) { notation = x.notation; position = x; }
    if (!lastThrow && x.kind === 'thrown') lastThrow = x;
    if (!lastMove && x.kind === 'moved') lastMove = x.geometry || { steps: [] };
  }
  $('throw').replaceChildren(...(lastThrow ? [el('span', { text: `${who(lastThrow.seat)} threw ` }), diceView(lastThrow.spec, lastThrow.faces)] : []));
  if (notation) { board.draw(notation, { lastMove, animate: e.kind === 'moved' }); $('info').textContent = position.notes || ''; } else $('info').textContent = 'This record does not hold positions.';
  document.body.dataset.step = String(i);
  showChances();
}

// The bar at this step: the chances after event i (the server's, per table seat).
function showChances() {
  const point = chances?.points[i];
  if (!point) return;
  const seats = rec.seats.map((_, s) => {
    const engine = rec.seats.indexOf(s + 1) + 1;
    return { name: who(s + 1), colour: seatColour(position?.sides?.[engine - 1], engine, PLAYER_COLOURS) };
  });
  winbar.show(point.chances, seats, point.no);
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
    for (const id of ['step', 'chat-record']) ($(id).closest('.stepper') || $(id)).hidden = true;
    $('links').replaceChildren(el('a', { href: withKey(`/m/${matchId}/scoreboard`), text: 'Scoreboard' }), ' · ', el('a', { href: '/', text: 'Lobby' }));
    return;
  }
  try { names = (await api(`/api/matches/${encodeURIComponent(matchId)}`, undefined, key)).names; } catch { /* names optional */ }
  $('title').textContent = `Replay of game ${gameNo} (${await variantName(rec.variant)})`;
  board = new Board($('board'), rec.variant, writtenBoard(rec.variant), { interactive: false });
  $('step').max = String(rec.events.length - 1);
  $('step').addEventListener('input', () => show(Number($('step').value)));
  $('first').onclick = () => show(0);
  $('prev').onclick = () => show(i - 1);
  $('next').onclick = () => show(i + 1);
  $('last').onclick = () => show(rec.events.length - 1);
  document.addEventListener('keydown', (e) => { if (e.key === 'ArrowLeft') show(i - 1); if (e.key === 'ArrowRight') show(i + 1); });
  $('links').replaceChildren(el('a', { href: withKey(`/m/${matchId}/scoreboard`), text: 'Scoreboard' }), ' · ', el('a', { href: `/m/${matchId}`, text: 'Match' }),
    ' · ', el('a', { href: withKey(`/api/matches/${matchId}/games/${gameNo}`), text: 'Raw record (JSON)' }));
  show(0);
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
