// The match page: join with an invite, then play or watch over the WebSocket.
//
// The page holds no rules. It draws each event's `notation`, offers the `legal` moves with
// their geometry (`moves`), and tells what happened in plain words from the events alone:
// the faces of a throw (and the sticks' `value`), the squares and pieces of a move's
// `geometry`, a `passed`, the `game_over`'s winner, reason, points and their `breakdown`;
// a piece that cannot move says why in the engine's sentence (the frame's `stuck`), each
// player's side and the line under the board are the frame's `sides` and `notes`.

import {
  api, el, loadSeat, saveSeat, seatName, botsNamed, randomSeed, ensurePlayer, Live, readKey, variantName, withKey,
  loadInvites, linkRow, pref, setPref, clockRuleWords, CHAT_NAME_KEY, writtenBoard, loadVariants, matchName,
} from './common.js';
// `tr`: the page's words in its language (l10n.js's `t`, named apart from the turns' `t`).
import { t as tr, has } from './l10n.js';
import { errorWords } from './errors.js';
import { notesInWords } from './notes.js';
import { Board, diceView, PLAYER_COLOURS } from './boards.js';
import { storyWords, throwWords, stickValue, diceWords, coasterWords, choiceButton, isChoice, copyPosition } from './story.js';
// What a board does not need for its first paint is loaded when it is needed, so that a first
// visit pays only for what it shows: the clocks (clock.js) with a clocked match's first frame, the chat
// (chat.js) when its panel is seen or used or a message comes for it, the win chances
// (winbar.js) for a spectator, and the result panel (result.js, with winbar.js for its chart)
// when a game is over. The server (the senet-assets crate) names their hashed copies in these imports.

// A module loaded the first time it is asked for (and again after a failed load), then handed
// to `ready`; what it returns waits for that.
function later(load, ready) {
  let loading = null;
  return () => (loading ??= load().then(ready, () => { loading = null; }));
}

const parts = location.pathname.split('/').filter(Boolean);
const matchId = decodeURIComponent(parts[1] || '');
// A tournament's game (the page that sent the player here kept the tournament's id): the
// header leads back to the tournament.
const tournamentId = sessionStorage.getItem(`senet:tournament:${matchId}`);
if (tournamentId) {
  const back = document.createElement('a');
  back.href = `/t/${encodeURIComponent(tournamentId)}`;
  back.className = 'tournament-link';
  back.textContent = tr('board-back-tournament');
  document.getElementById('title')?.after(' ', back);
}
const mode = parts[2] || 'play';
const params = new URLSearchParams(location.search);
const $ = (id) => document.getElementById(id);

const st = {
  snap: null, seat: null, board: null, turn: null, legal: [], moves: [], stuck: [], notation: null, game: 0,
  // The position in words, as the frames say it: each engine player's side, and its notes
  // (`notes`, the engine's English line, and `note_list`, the same as data: web/notes.js).
  sides: [], notes: { notes: '', note_list: [] },
  seats: [], names: [], shortNames: [], lastMove: null, lastThrow: null, over: null, seedSent: new Set(),
  connected: [], spectators: 0, score: [], wins: [], pending: null, matchOver: null,
  variant: null, variantName: null, setup: null,
  // The narrative: what happened, in words (newest last), and the turns of the move list.
  story: [], turnNo: 0, turnSeat: null, turnLi: null,
  // For the words of the next events: the game's latest real throw, the seat whose throw
  // found no move, the seats that asked for the next game.
  prevThrow: null, passedSince: false, noMoveSeat: null, lastOut: null, rematch: new Set(),
  notice: null, confirming: null, wasMyTurn: false,
  // The last `chances` frame (spectators only) and the number of the last event drawn.
  chances: null, lastNo: 0,
};
let live = null;
window.senet = st; // for tests and the curious: the page's state
// How many missed events the page takes one frame each: past that, the server's welcome
// brings the current game's last TAIL events instead (the move list of a long game starts
// there, with a link to the full record). match.html's early socket says the same tail.
const TAIL = 60;
// True while the welcome's recent events are applied: shown, not acted on (as missed events).
let replayingRecent = false;
const catchingUp = () => replayingRecent || !!live?.catchingUp;

const isMe = (seat) => !!st.seat && seat === st.seat;
function who(seat) { return seat ? seatName(st.names, seat) : '—'; }
// A seat as the subject of a catalogue's sentence: its name, and whether it is this page's
// ("You": the catalogue conjugates for it).
const subject = (seat) => ({ who: seat ? who(seat) : '', me: isMe(seat) ? 'yes' : 'no' });
function seatOfEngine(p) { return st.seats[p - 1] || p; }

async function start() {
  setupHeader();
  if (mode === 'join') return showJoin();
  const saved = mode === 'watch' ? null : loadSeat(matchId);
  st.seat = saved?.seat ?? null;
  // A spectator's bar shows from the welcome on: its script loads meanwhile.
  if (!saved?.token) loadWinbar();
  connect(saved?.token ?? null, params.get('key'));
}

// ---------- the header: turn awareness and this browser's settings ----------

const ICON = (fill, ring) => 'data:image/svg+xml,' + encodeURIComponent(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="15" fill="${ring}"/><text x="16" y="24" font-size="22" text-anchor="middle" fill="${fill}">☥</text></svg>`);
const MINE_ICON = ICON('#2b2118', '#f0b400');

function setupHeader() {
  const sound = $('sound');
  const paint = () => { const on = pref('sound', true); sound.textContent = tr(on ? 'board-sound-on' : 'board-sound-off'); sound.setAttribute('aria-pressed', String(on)); };
  sound.addEventListener('click', () => { setPref('sound', !pref('sound', true)); paint(); if (pref('sound', true)) beep(660); });
  paint();
  const confirm = $('confirm-pref');
  confirm.checked = pref('confirm', false);
  confirm.addEventListener('change', () => { setPref('confirm', confirm.checked); if (!confirm.checked) cancelConfirm(); });
  setIcon('idle');
  setupKeys();
}

// The tab's icon: the site's own, or a gold one while this page's seat is to move.
function setIcon(which) {
  let link = document.querySelector('link[rel="icon"]');
  if (!link) { link = el('link', { rel: 'icon', href: '/favicon.svg' }); document.head.append(link); }
  link.dataset.idle ??= link.getAttribute('href');
  if (link.dataset.state !== which) { link.href = which === 'mine' ? MINE_ICON : link.dataset.idle; link.dataset.state = which; }
}

let audio = null;
// A short beep (WebAudio), when the sound is on. Browsers allow it after the page was used:
// before that no AudioContext is made (making one takes tens of milliseconds, for a silence).
function beep(freq = 520, ms = 90) {
  if (!pref('sound', true) || navigator.userActivation?.hasBeenActive === false) return;
  try {
    audio ??= new AudioContext();
    if (audio.state === 'suspended') audio.resume?.();
    const o = audio.createOscillator();
    const g = audio.createGain();
    o.frequency.value = freq;
    g.gain.setValueAtTime(0.08, audio.currentTime);
    g.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + ms / 1000);
    o.connect(g).connect(audio.destination);
    o.start();
    o.stop(audio.currentTime + ms / 1000);
  } catch { /* no audio here */ }
}

// ---------- joining ----------

function showJoin() {
  const box = $('join');
  box.hidden = false;
  const invite = params.get('invite') || '';
  const name = el('input', { id: 'join-name', maxlength: 64, placeholder: tr('board-join-name-placeholder'), autocomplete: 'nickname' });
  const msg = el('p', { class: 'error', role: 'alert' });
  const go = el('button', { id: 'join-go', type: 'submit', text: tr('board-join-go') });
  const form = el('form', { class: 'card' }, el('h2', { text: tr('board-join-title') }), el('label', {}, tr('board-join-name') + ' ', name), ' ', go, msg);
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
      if (err.code === 'not_found') { box.hidden = true; showMissing(); return; }
      msg.textContent = err.code === 'invite_used' ? tr('board-join-invite-used') : tr('board-join-failed', { message: errorWords(err) });
      go.disabled = false;
      const saved = loadSeat(matchId);
      if (saved) msg.append(' ', el('a', { href: `/m/${matchId}`, text: tr('board-join-your-seat') }));
    }
  });
  box.replaceChildren(form);
  api(`/api/matches/${encodeURIComponent(matchId)}`).then(async s => {
    form.prepend(el('p', {}, tr('board-join-summary', { name: matchName(s.name, s.variant, await loadVariants()), variant: await variantName(s.variant), players: s.players }) + ' ', el('a', { href: `/howto/${s.variant}`, text: tr('board-how-to-play') }), ' · ', el('a', { href: `/rules/${s.variant}`, text: tr('board-rules') })));
  }).catch(() => { /* a private match's summary needs its key: the invite still takes the seat */ });
}

// No match by this id (the server's answer to its summary is 404 and its socket will not open).
function showMissing(text = tr('board-no-such-match')) {
  $('play').hidden = true;
  const box = $('missing');
  box.hidden = false;
  box.replaceChildren(el('h2', { text }), el('p', {}, tr('board-no-such-match-why') + ' ', el('a', { href: '/', id: 'to-lobby', text: tr('board-to-lobby') })));
  $('conn').textContent = '';
  document.title = `${text} — Senet`;
}

function connect(token, key) {
  $('play').hidden = false;
  let probing = false;
  // The socket match.html's head opened (once: a later connect opens its own).
  const early = window.senetEarly ?? null;
  window.senetEarly = null;
  live = new Live(matchId, {
    token, key, tail: TAIL, early, name: token ? null : localStorage.getItem(CHAT_NAME_KEY),
    onStatus: async (s, delay) => {
      const c = $('conn');
      c.textContent = s === 'connecting' ? tr('board-connecting') : s === 'open' ? (st.seat ? tr('board-conn-open-seat', { seat: st.seat }) : tr('board-conn-watching'))
        : s === 'reconnecting' ? tr('board-conn-reconnecting', { seconds: (delay / 1000).toFixed(1) }) : s === 'closed' ? tr('board-conn-closed') : undefined;
      c.dataset.state = s;
      document.body.dataset.conn = s;
      if (s !== 'open') renderChoices();
      // A socket that never opened: does the match exist at all? (Its WebSocket route answers
      // 404 for an unknown match, which a browser only sees as a failed connection.)
      if (s === 'reconnecting' && !st.snap && !probing) {
        probing = true;
        try {
          const sum = await api(`/api/matches/${encodeURIComponent(matchId)}`, undefined, readKey(matchId));
          if (sum.status === 'finished' || sum.status === 'expired') {
            live.closed = true;
            showGone(sum);
          }
        } catch (err) {
          if (err.status === 404) { live.closed = true; showMissing(); }
        }
        probing = false;
      }
    },
    onMessage,
  });
  chat?.attach(live);
  window.senetLive = live;
}

// A finished match that left the server's memory: its socket is gone, its records are not.
async function showGone(sum) {
  $('play').hidden = true;
  const box = $('missing');
  box.hidden = false;
  const over = tr(sum.status === 'expired' ? 'board-gone-expired' : 'board-gone-over');
  box.replaceChildren(el('h2', { text: `${sum.name} — ${await variantName(sum.variant)}` }), el('p', { id: 'gone', text: over }),
    el('p', {}, el('a', { href: withKey(`/m/${matchId}/scoreboard`), text: tr('board-gone-scoreboard') }), ' · ', el('a', { href: '/', text: tr('board-back-lobby') })));
  $('conn').textContent = '';
}

// ---------- the chat (web/chat.js) ----------

let chat = null; // the panel's Chat, once chat.js has loaded
// What came for the chat before chat.js loaded, to be handled once it has: the last welcome
// (its messages and mutes) and the chat's own frames after it.
let chatHeld = [];
const loadChat = later(() => import('./chat.js'), ({ Chat }) => {
  chat = new Chat(st, () => live);
  if (live) chat.attach(live);
  for (const msg of chatHeld) chat.handle(msg);
  chatHeld = [];
});

// True for a message that is the chat's alone. Before chat.js has loaded it is kept, and one
// with something to show (a message, the hello's name refused: see Chat.handle) loads it.
function forChat(msg) {
  if (chat) return chat.handle(msg);
  if (msg.type === 'welcome') {
    chatHeld = [msg];
    if (msg.chat?.length) loadChat();
    return false;
  }
  if (msg.type !== 'chat' && !(msg.type === 'error' && msg.code === 'invalid' && msg.seq === undefined)) return false;
  chatHeld.push(msg);
  loadChat();
  return true;
}

// The panel's place is kept by the style sheet; chat.js fills it once the message list is on
// screen, or something in the panel is focused. A form sent or a button pressed before then
// waits for it, and is sent or pressed again once it has loaded (never sent the browser's way).
function watchChat() {
  const panel = $('chat');
  const seen = new IntersectionObserver((entries) => {
    if (entries.some(e => e.isIntersecting)) { seen.disconnect(); loadChat(); }
  });
  seen.observe($('chat-list'));
  panel.addEventListener('focusin', loadChat);
  const hold = (e) => {
    const target = e.type === 'submit' ? e.target : e.target.closest?.('button');
    if (chat || !target) return;
    e.preventDefault();
    e.stopPropagation();
    loadChat().then(() => { if (chat) { if (e.type === 'submit') target.requestSubmit(); else target.click(); } });
  };
  panel.addEventListener('submit', hold, true);
  panel.addEventListener('click', hold, true);
}
watchChat();

function onMessage(msg) {
  if (forChat(msg)) return;
  switch (msg.type) {
    case 'welcome':
      st.seat = msg.seat;
      // With `recent`, the board is drawn once, after them.
      applySnapshot(msg.snapshot, true, !msg.recent);
      if (msg.recent) applyRecent(msg.recent);
      break;
    case 'snapshot': applySnapshot(msg.snapshot, false); break;
    case 'event': applyEvent(msg); break;
    case 'presence':
      st.connected = msg.connected; st.spectators = msg.spectators;
      // The server's countdown to a claim against each absent seat, from this frame on.
      st.claimIn = msg.claim_in_secs || []; st.claimFrom = performance.now();
      // A seat claimed after this page connected: its name comes before the events the
      // claim starts, so the game's first sentences already name the player.
      if (msg.names?.length) ({ names: st.names, shortNames: st.shortNames } = botsNamed(msg.names, msg.short_names, st.snap?.bots));
      renderPlayers(); renderStatus(); renderActions(); break;
    case 'error':
      // The server closes the socket after these: reconnecting cannot help.
      if (msg.code === 'bad_token' || msg.code === 'spectator_key_required') { live.fatal = true; live.closed = true; }
      showError(msg);
      break;
    case 'going_away': $('conn').textContent = tr('board-conn-restarting'); break;
    case 'chances': st.chances = msg; renderWinbar(); break;
    default: break;
  }
}

// The server's error codes the page words itself (board-error-<code>); another is shown as sent.
const ERRORS = new Set(['not_your_turn', 'not_legal', 'spectator', 'rate_limited', 'bad_token', 'spectator_key_required',
  'store_unavailable', 'not_absent', 'too_early']);
function showError(msg) {
  $('error').textContent = ERRORS.has(msg.code) ? tr(`board-error-${msg.code.replaceAll('_', '-')}`) : `${errorWords(msg)} (${msg.code})`;
  $('error').dataset.code = msg.code;
  st.pending = null;
  renderChoices();
}

async function applySnapshot(s, first, draw = true) {
  st.snap = s;
  ({ names: st.names, shortNames: st.shortNames } = botsNamed(s.names, s.short_names, s.bots)); st.seats = s.seats || []; st.game = s.game; st.turn = s.turn; st.legal = s.legal; st.moves = s.moves || [];
  st.stuck = s.stuck || [];
  st.sides = s.sides || []; st.notes = { notes: s.notes, note_list: s.note_list };
  st.lastNo = s.last_event ?? st.lastNo;
  st.notation = s.notation; st.connected = s.connected; st.spectators = s.spectators; st.score = s.score; st.wins = s.wins;
  st.pending = null;
  st.variant = s.variant;
  takeClock(s.clock, s.clock_rule);
  if (s.setup) st.setup = s.setup;
  if (s.client_seeds && st.seat && s.client_seeds[st.seat - 1] !== null) st.seedSent.add(s.game);
  if (first || !st.board || st.board.variant !== s.variant) {
    st.board = new Board($('board'), s.variant, writtenBoard(s.variant), { onMove: pickMove });
    st.board.onSelect = (key, moves) => { $('hint').textContent = ''; renderChoices(key, moves); };
    st.board.onExplain = explain;
    st.board.whose = (owner) => { const seat = seatOfEngine(owner); return tr('board-piece-owner', subject(seat)); };
    $('board').dataset.variant = s.variant;
    // The board's shape (its place is kept by the style sheet, by the engine's board kind).
    $('board').dataset.board = st.board.info.board ?? '';
    $('links').replaceChildren(
      el('a', { href: withKey(`/m/${matchId}/scoreboard`), text: tr('board-scoreboard') }), ' · ',
      el('a', { href: `/howto/${s.variant}`, text: tr('board-how-to-play') }), ' · ',
      el('a', { href: `/rules/${s.variant}`, text: tr('board-rules') }), ' · ',
      // A private match's spectator link carries its key, which only the creator's lobby shows.
      s.public ? el('a', { href: `/m/${matchId}/watch`, text: tr('board-spectator-view') }) : el('span', { text: tr('board-private') }));
  }
  if (s.turn.kind === 'game_over' || s.turn.kind === 'match_over') st.over = st.over || { game: s.game };
  if (draw) redraw(false);
  st.variantName = await variantName(s.variant);
  st.matchName = matchName(s.name, s.variant, await loadVariants());
  renderTitle();
}

// The welcome's `recent` (sent instead of the missed events when there were more than TAIL):
// the current game's last events. The move list and the story are rebuilt from them, each
// applied as a missed event is (no animation, no sound, no notice), then the board is drawn
// once with the last move outlined. When the game's first events were left out, the list
// starts with a link to the game's full record.
function applyRecent(recent) {
  $('log').replaceChildren();
  $('story').replaceChildren();
  Object.assign(st, {
    turnNo: 0, turnSeat: null, turnLi: null, lastMove: null, lastThrow: null, notice: null, over: null,
    prevThrow: null, passedSince: false, noMoveSeat: null, lastOut: null, rematch: new Set(),
  });
  const skipped = st.game > 0 && recent[0]?.kind !== 'game_started';
  // Turn numbers count from the game's start: without its first turns, the page has none.
  $('log').classList.toggle('partial', skipped);
  if (skipped) {
    $('log').append(el('li', { class: 'note earlier', id: 'earlier' }, tr('board-earlier') + ' ',
      el('a', { href: withKey(`/m/${matchId}/games/${st.game}/replay`), text: tr('board-full-record') })));
  }
  replayingRecent = true;
  try {
    for (const e of recent) applyEvent(e);
  } finally {
    replayingRecent = false;
  }
  if ((st.turn?.kind === 'game_over' || st.turn?.kind === 'match_over') && !st.over) st.over = { game: st.game };
  scrollLog();
  redraw(false);
}

function renderTitle() {
  if (!st.snap) return;
  const variant = st.variantName ?? st.snap.variant;
  // A match named after its variant ("Pyramid Senet match") does not name it twice.
  const named = st.matchName ?? st.snap.name;
  const name = named.includes(variant) ? named : `${named} · ${variant}`;
  $('title').textContent = tr('board-title', { name, game: st.game || '–' });
  // Spectators make no moves: confirming them is a player's setting.
  $('confirm-pref').closest('label').hidden = !st.seat;
}

// ---------- the narrative ----------

const place = (key) => st.board ? st.board.placeName(key) : key;
// The sentences of a throw, a move and a pass (web/story.js), in this page's names.
const words = storyWords({ placeName: place, who, seatOfEngine, isMe });

// A legal move as a button says it: where its piece goes (with the die it uses), the choice
// it makes, or its notation.
function moveLabel(m) {
  const o = st.moves.find(x => x.move === m);
  if (isChoice(m)) return choiceButton(m);
  if (o?.coaster) return tr('board-move-coaster', { coaster: coasterWords(o.coaster), move: m });
  if (o?.from && o?.to) return `${place(o.from)} → ${place(o.to)}${o.dice?.length ? ` (${diceWords(o.dice)})` : ''}${o.hits ? ' ✕' : ''}`;
  return m;
}

// The end of a game in words: who won, why, and the points the server gave. In the story
// (`told`), a resignation, a loss on time, a claim or an abandonment was its own sentence just
// before: it is not said twice.
function endWords(e, { told = false } = {}) {
  const won = e.winner ? tr('board-end-won', { ...subject(e.winner), game: e.game, points: e.points }) : tr('board-end-draw', { game: e.game });
  let why = '';
  if (e.reason === 'no_move' && st.noMoveSeat) why = tr('board-end-no-move', { ...subject(st.noMoveSeat), throw: st.noMoveThrow });
  else if (told) why = '';
  else if (e.reason === 'resigned' && st.lastOut) why = st.lastOut;
  else if (e.reason === 'move_limit') why = tr('board-end-move-limit');
  else if (e.reason === 'timeout' && st.lastOut) why = st.lastOut;
  return why ? `${why} ${won}` : won;
}

// The sentence of an event (null for events that only the move list keeps), with what the
// page needs to know about it. Reads the page's state before the event is applied.
function narrate(e) {
  const N = subject(e.seat);
  switch (e.kind) {
    case 'game_started': return { text: tr('board-said-game-started', { game: e.game }) };
    case 'thrown': {
      const again = e.effect !== 'decided' && st.prevThrow && st.prevThrow.seat === e.seat && !st.passedSince;
      // Where all throws are made before moving (kendall), a 1, 4 or 5 is kept for later.
      const pooled = again && st.prevThrow.effect === 'kept';
      return { text: words.thrownWords(e, { again, pooled }), again };
    }
    case 'moved': return words.movedWords(e);
    case 'passed': return { text: words.passedWords(e) };
    case 'resigned': return { text: tr('board-said-resigned', N) };
    case 'timed_out': return { text: tr('board-said-timed-out', N) };
    case 'claimed': return { text: tr('board-said-claimed', { ...N, against: who(e.against) }) };
    case 'abandoned': return { text: tr('board-said-abandoned', { against: who(e.against), me: isMe(e.against) ? 'yes' : 'no' }) };
    case 'game_over': return { text: endWords(e, { told: true }) };
    case 'rematch_requested': return { text: tr('board-said-rematch', N) };
    case 'match_over': return { text: e.winner ? tr('board-said-match-won', subject(e.winner)) : tr('board-said-match-no-one') };
    default: return null;
  }
}

// The move list: one numbered line per turn (a seat's throws and moves until another seat
// acts), events outside the turns on lines of their own.
function logEvent(e, said) {
  const log = $('log');
  const turnKinds = ['thrown', 'moved', 'passed'];
  if (e.kind === 'game_started') { st.turnNo = 0; st.turnSeat = null; st.turnLi = null; log.classList.remove('partial'); }
  if (turnKinds.includes(e.kind)) {
    const startTurn = !st.turnLi || st.turnSeat !== e.seat || (e.kind === 'thrown' && e.effect === 'decided') || st.turnLi.dataset.start === '1';
    if (startTurn) {
      st.turnNo += 1; st.turnSeat = e.seat;
      st.turnLi = el('li', { class: 'turn', dataset: { seat: e.seat, turn: st.turnNo, start: e.effect === 'decided' ? '1' : '' } },
        el('span', { class: 'no', text: `${st.turnNo}.` }), el('span', { class: 'who', dir: 'auto', title: who(e.seat), text: st.shortNames[e.seat - 1] || who(e.seat) }), el('span', { class: 'acts' }));
      log.append(st.turnLi);
    }
    const acts = st.turnLi.querySelector('.acts');
    let short = '';
    if (e.kind === 'thrown') {
      const faces = e.spec?.die === 'stick' ? stickValue(e) : e.faces.join('+');
      short = tr(e.effect === 'no_move' ? 'board-act-throw-no-move' : e.effect === 'kept' ? 'board-act-throw-kept' : 'board-act-throw', { faces });
    } else if (e.kind === 'passed') short = tr('board-act-passes');
    else {
      const s = e.geometry?.steps?.[0];
      short = s && s.from && s.to && !e.geometry.coaster ? `${place(s.from)}→${s.kind === 'bear_off' ? tr('board-act-off') : place(s.to)}${said?.capture ? ' ✕' : ''}` : e.move;
    }
    acts.append(el('span', { class: 'act act-' + e.kind, dir: 'ltr', title: said?.text || '', dataset: { kind: e.kind, no: e.no, move: e.move || '' } }, short));
  } else if (said && e.kind !== 'client_seed') {
    st.turnLi = null;
    log.append(el('li', { class: 'note', dataset: { kind: e.kind, no: e.no } }, said.text));
  }
  // Scrolling reads the layout: once after a replay (missed or recent events), not per event.
  if (!catchingUp()) scrollLog();
}

// In the next frame, before it is drawn: reading scrollHeight now would lay the page out
// once more in the middle of applying a welcome (20 ms of a board's opening).
let scrollQueued = false;
function scrollLog() {
  if (scrollQueued) return;
  scrollQueued = true;
  requestAnimationFrame(() => {
    scrollQueued = false;
    const box = $('log').parentElement;
    if (box) box.scrollTop = box.scrollHeight;
  });
}

// The story next to the dice: the latest sentences, newest last (an aria-live region: each
// new sentence is read out once).
function tell(e, said) {
  if (!said || e.kind === 'client_seed') return;
  const story = $('story');
  for (const old of story.querySelectorAll('.new')) old.classList.remove('new');
  story.append(el('p', { class: 'said new', dataset: { kind: e.kind, no: e.no, seat: e.seat ?? '' } }, said.text));
  while (story.children.length > 4) story.firstElementChild.remove();
}

// Refers to the previous event of the same turn (who resigned, whose throw found no move).
function remember(e) {
  if (e.kind === 'game_started') { st.prevThrow = null; st.passedSince = false; st.noMoveSeat = null; st.lastOut = null; st.rematch = new Set(); }
  if (e.kind === 'thrown' && e.effect !== 'decided') { st.prevThrow = e; st.passedSince = false; }
  if (e.kind === 'thrown' && e.effect === 'no_move') { st.noMoveSeat = e.seat; st.noMoveThrow = throwWords(e); }
  if (e.kind === 'thrown' && e.effect === 'move') st.noMoveSeat = null;
  if (e.kind === 'passed') st.passedSince = true;
  if (e.kind === 'resigned') st.lastOut = tr('board-said-resigned', subject(e.seat));
  if (e.kind === 'timed_out') st.lastOut = tr('board-said-timed-out', subject(e.seat));
  if (e.kind === 'claimed') st.lastOut = tr('board-out-claimed', { ...subject(e.seat), against: who(e.against), againstMe: isMe(e.against) ? 'yes' : 'no' });
  if (e.kind === 'abandoned') st.lastOut = tr('board-out-abandoned', { against: who(e.against) });
  if (e.kind === 'rematch_requested') st.rematch.add(e.seat);
}

// ---------- clocks (web/clock.js) ----------

// The match's clock rule, known from its frames before clock.js has loaded: from the first
// frame each player's clock has its place.
let clockRule = null;
let clock = null; // web/clock.js, once loaded
// The figures that came before it, each with the moment it came (a running clock counts down
// from there).
let clockHeld = [];
const loadClock = later(() => import('./clock.js'), (m) => {
  clock = m;
  for (const held of clockHeld) m.takeClock(...held);
  clockHeld = [];
  renderPlayers();
});

// A frame's clock figures (a snapshot's `clock` and `clock_rule`, an event's `clock`).
function takeClock(view, rule) {
  clockRule = view?.rule || rule || clockRule;
  if (clock) { clock.takeClock(view, rule); return; }
  if (!view && !rule) return;
  clockHeld.push([view, rule, performance.now()]);
  loadClock();
}

function applyEvent(e) {
  const said = narrate(e);
  remember(e);
  st.lastNo = e.no;
  takeClock(e.clock);
  st.turn = e.turn; st.legal = e.legal; st.moves = e.moves || []; st.stuck = e.stuck || []; st.pending = null;
  if (e.notation) { st.notation = e.notation; st.sides = e.sides || []; st.notes = { notes: e.notes, note_list: e.note_list }; }
  let animate = false;
  if (e.kind === 'game_started') {
    st.game = e.game; st.seats = e.seats; st.over = null; st.lastMove = null; st.lastThrow = null; st.setup = e.setup; st.notice = null;
    $('log').replaceChildren();
    $('story').replaceChildren();
    renderTitle();
  }
  if (e.kind === 'client_seed' && e.seat === st.seat) st.seedSent.add(e.game);
  if (e.kind === 'thrown') st.lastThrow = { ...e, again: !!said?.again, said: said?.text };
  // The last move's outline is the move's own geometry (where its piece went from and to),
  // kept until the next move of this game.
  if (e.kind === 'moved') { st.lastMove = { seat: e.seat, move: e.move, geometry: e.geometry || null }; animate = true; $('error').textContent = ''; }
  if (e.kind === 'game_over') { st.over = e; st.score = e.score; st.wins = e.wins; }
  if (e.kind === 'match_over') { st.matchOver = e; st.score = e.score; st.wins = e.wins; }
  // What happened to this page's seat stays in view until its next action: a pass, a piece
  // captured or sent back (a live event only, not one replayed after a reload).
  if (st.seat && !catchingUp()) {
    // The notice of this seat's own pass goes when its next throw comes: else it would read as
    // said of the new throw.
    if (e.kind === 'thrown' && isMe(e.seat) && st.notice?.ownPass) st.notice = null;
    if (e.kind === 'passed' && (isMe(e.seat) || isMe(e.turn?.seat))) st.notice = { no: e.no, ownPass: isMe(e.seat), text: `${said.text}${isMe(e.seat) && st.prevThrow ? ' ' + tr('board-notice-you-threw', { throw: throwWords(st.prevThrow) }) : ''}` };
    if (e.kind === 'moved' && said?.hitMe) st.notice = { no: e.no, text: said.text };
    if (e.kind === 'game_over') st.notice = null;
  }
  logEvent(e, said);
  tell(e, said);
  document.body.dataset.lastEvent = e.no;
  if (catchingUp()) return; // draw once, after the last missed event
  // Turn awareness: a sound when another seat moved, a higher one when the turn comes here.
  if (e.kind === 'moved' && !isMe(e.seat)) beep(440);
  redraw(animate);
}

function canMove() { return st.seat && st.turn?.kind === 'move' && st.turn.seat === st.seat && live?.open && !live.catchingUp; }

function redraw(animate) {
  if (!st.board) return;
  st.board.draw(st.notation, { moves: st.moves, canMove: canMove(), lastMove: st.lastMove?.geometry, animate });
  document.body.dataset.turn = st.turn?.kind || '';
  const mine = !!canMove();
  document.body.dataset.myTurn = mine ? '1' : '0';
  document.body.dataset.lastEvent = live?.lastEvent ?? 0;
  $('info').textContent = st.notation ? notesInWords(st.notes) : '';
  if (mine && !st.wasMyTurn) beep(780, 120);
  st.wasMyTurn = mine;
  document.title = `${mine ? tr('board-doc-your-move') + ' · ' : ''}${st.snap?.name ?? tr('board-doc')} — Senet`;
  setIcon(mine ? 'mine' : 'idle');
  maybeSendSeed();
  renderWaiting();
  renderPlayers();
  renderStatus();
  renderThrow();
  renderNotice();
  renderChoices();
  renderActions();
  renderResult();
  renderPositionTools();
  renderWinbar();
}

function maybeSendSeed() {
  if (st.seat && st.turn?.kind === 'seeds' && !st.seedSent.has(st.game) && live?.open && !live.catchingUp) {
    st.seedSent.add(st.game);
    live.send({ type: 'client_seed', seed: randomSeed() });
  }
}

// The waiting room: the invites this browser made for the match (kept by match id), to copy.
function renderWaiting() {
  const box = $('waiting');
  const joining = st.turn?.kind === 'joining';
  box.hidden = !joining;
  $('board').classList.toggle('waiting', joining && !st.notation);
  if (!joining) return;
  const taken = st.names.filter(Boolean).length;
  const saved = loadInvites(matchId);
  const open = (saved?.invites || []).filter(i => !st.names[i.seat - 1]);
  if (box.dataset.key === `${taken}/${open.length}`) return; // keep a selection or "Copied"
  box.dataset.key = `${taken}/${open.length}`;
  box.replaceChildren(el('h2', { text: tr('board-waiting', { taken, seats: st.names.length }) }),
    ...(open.length ? [el('p', { text: tr('board-waiting-invites') }), ...open.map(i => linkRow(tr('board-invite-for', { seat: i.seat }), i.url, `invite-${i.seat}`))]
      : [el('p', { text: tr('board-waiting-share') })]),
    saved?.spectator_url ? linkRow(tr('board-spectator-link'), saved.spectator_url, 'spectator-link') : '');
}

// The side engine player `engine` plays, as the frame names it (null until the rules decide).
function sideWords(engine) {
  const side = st.sides[engine - 1];
  return side ? tr('board-side', { side: tr('boards-side', { side }) }) : tr('board-side-undecided');
}

function renderPlayers() {
  const box = $('players');
  box.replaceChildren();
  const n = st.names.length;
  box.dataset.n = n;
  for (let seat = 1; seat <= n; seat++) {
    const engine = st.seats.indexOf(seat) + 1;
    const turn = st.turn?.seat === seat;
    const chip = engine && st.board ? st.board.chip(engine, st.sides[engine - 1]) : el('span', { class: 'chip-none' });
    box.append(el('div', { class: 'player' + (turn ? ' on-turn' : '') + (seat === st.seat ? ' me' : ''), dataset: { seat, engine } },
      el('span', { class: 'swatch' }, chip),
      // A phone shows the short name the server chose, never a name cut to "Com…"; a screen
      // reader still reads the whole one.
      el('strong', { title: seatName(st.names, seat) }, el('span', { class: 'name-full' }, seatName(st.names, seat)),
        el('span', { class: 'name-short', 'aria-hidden': 'true' }, st.shortNames[seat - 1] || seatName(st.names, seat))),
      seat === st.seat ? el('span', { class: 'you' }, ' ' + tr('board-you')) : '',
      !clockRule ? '' : clock ? clock.clockElement(seat) : el('span', { class: 'clock' }),
      engine ? el('span', { class: 'side' }, ` · ${sideWords(engine)}`) : '',
      el('span', { class: 'score' }, el('span', { class: 'sep' }, ' · '), el('span', { class: 'points' }, String(st.score?.[seat - 1] ?? 0)), el('span', { class: 'unit' }, ' ' + tr('board-points', { count: st.score?.[seat - 1] ?? 0 }))), el('span', { class: 'won' }, tr('board-comma') + tr('board-won', { count: st.wins?.[seat - 1] ?? 0 })),
      st.connected?.[seat - 1] ? el('span', { class: 'online', title: tr('board-online'), text: ' ●' }) : el('span', { class: 'offline', title: tr('board-offline'), text: ' ○' })));
  }
  box.append(el('div', { class: 'viewers', id: 'viewers', dataset: { count: st.spectators } },
    tr('board-watching', { count: st.spectators }), clockRule ? ` · ${tr('board-clock')} ${clockRuleWords(clockRule)}` : ''));
  clock?.tickClocks();
}

// The kind of choice this turn offers, for the prompt: pieces on the board, buttons, or both.
function choiceKind() {
  const board = st.board;
  const onBoard = st.legal.filter(m => board?.ends.get(m));
  const buttons = st.legal.filter(m => !board?.ends.get(m));
  return { onBoard, buttons };
}

function renderStatus() {
  const t = st.turn || {};
  let text = '';
  const mine = t.seat && t.seat === st.seat;
  switch (t.kind) {
    case 'joining': text = ''; break; // the waiting room says it
    case 'seeds': text = tr('board-status-seeds'); break;
    case 'throw': text = mine ? tr('board-status-throw-you') : tr('board-status-throw', { name: who(t.seat) }); break;
    case 'move': {
      if (!mine) { text = tr('board-status-to-move', { name: who(t.seat) }); break; }
      const { onBoard, buttons } = choiceKind();
      const what = buttons.every(m => m === 'd1' || m === 'd2') ? 'dice' : buttons.every(m => m === 'black' || m === 'white') ? 'colour'
        : buttons.every(m => st.moves.find(x => x.move === m)?.coaster) ? 'coaster' : 'choose-one';
      text = !buttons.length ? tr('board-your-move-board')
        : !onBoard.length ? tr('board-your-move-buttons', { what: tr(`board-what-${what}`) })
        : tr('board-your-move-both', { what: tr(what === 'choose-one' ? 'board-what-choose' : `board-what-${what}`) });
      break;
    }
    case 'game_over': text = tr('board-status-game-over', { game: st.game }); break;
    case 'match_over': text = ''; break; // the narrative's last line and the result panel say it
    default: text = '';
  }
  const s = $('status');
  s.textContent = text;
  s.dataset.kind = t.kind || '';
  s.classList.toggle('mine', !!mine);
}

function renderThrow() {
  const box = $('throw');
  const t = st.lastThrow;
  if (!t) { box.replaceChildren(); return; }
  if (box.dataset.no === String(t.no)) return;
  box.dataset.no = t.no;
  // The dice as thrown, and what they mean in a word; the sentence is the story's, beside them.
  box.replaceChildren(diceView(t.spec, t.faces), el('span', { class: 'throw-words', title: t.said || '' },
    el('span', { class: 'thrower' }, el('bdi', {}, who(t.seat)), isMe(t.seat) ? ' ' + tr('board-you') : ''),
    t.spec?.die === 'stick' ? [' ', el('span', { class: 'value', dir: 'ltr' }, stickValue(t))] : '',
    t.again ? el('strong', { class: 'again' }, ' ' + tr('board-throw-again')) : '',
    t.effect === 'no_move' ? el('span', { class: 'effect' }, ' ' + tr('board-throw-no-move')) : '',
    t.effect === 'kept' ? el('span', { class: 'effect' }, ' ' + tr('board-throw-kept')) : '',
    t.effect === 'decided' ? el('span', { class: 'effect-start' }, ' ' + tr('board-throw-decided')) : ''));
}

function renderNotice() {
  const box = $('notice');
  box.hidden = !st.notice;
  box.textContent = st.notice ? st.notice.text : '';
  if (st.notice) box.dataset.no = st.notice.no;
  // Its sentence is not said twice.
  for (const p of $('story').children) p.classList.toggle('in-notice', !!st.notice && p.dataset.no === String(st.notice.no));
}

// A click on a piece that cannot move now says why, in words: another seat's piece, or the
// engine's sentence for this one (the frame's `stuck`).
function explain(key, pieces) {
  if (!canMove()) return;
  const mine = st.seats.indexOf(st.seat) + 1;
  const owners = new Set(pieces.map(p => p.owner).filter(Boolean));
  const hint = $('hint');
  const stuck = st.stuck.find(s => s.from === key);
  if (owners.size && !owners.has(mine)) hint.textContent = tr('board-not-yours', { owners: [...owners].map(o => tr('board-owner', { who: who(seatOfEngine(o)) })).join(tr('board-owner-and')) });
  else hint.textContent = stuck ? stuckWords(stuck) : tr('board-no-move-now');
  hint.dataset.sq = key;
  hint.dataset.reason = stuck?.reason || '';
}

// Why a piece cannot move, in the page's language: the catalogue's words for the frame's
// `reason` in this variant (stuck.ftl); a reason it does not know yet, in the server's words.
function stuckWords(stuck) {
  const id = `stuck-${String(stuck.reason).replaceAll('_', '-')}`;
  return has(id) ? tr(id, { variant: st.variant }) : (stuck.text || tr('board-no-move-now'));
}

function renderChoices(selected = st.board?.selected, only = null) {
  renderMoveForm();
  const box = $('choices');
  box.replaceChildren();
  if (!canMove()) return;
  const board = st.board;
  const fromSel = selected ? board.movesFrom(selected) : [];
  const off = st.legal.filter(m => !board.ends.get(m));
  const show = only || (selected ? fromSel : off);
  if (selected) box.append(el('span', { class: 'hint' }, tr('board-moves-of', { place: place(selected) }) + ' '));
  else if (off.length) box.append(el('span', { class: 'hint' }, tr('board-choose') + ' '));
  for (const m of show) box.append(el('button', { type: 'button', class: 'move', dataset: { move: m }, title: m, onclick: () => pickMove(m) }, moveLabel(m)));
  // Every legal move is also reachable from a list (keyboard and small screens).
  // Open, it stays open from turn to turn and on the next visit: a screen reader's user
  // picks every move from it.
  const all = el('details', { class: 'all-moves', open: pref('all-moves', false), 'aria-label': tr('board-all-moves-label') }, el('summary', { text: tr('board-all-moves', { count: st.legal.length }) }),
    ...st.legal.map(m => el('button', { type: 'button', class: 'move', dataset: { move: m, any: '1' }, title: m, onclick: () => pickMove(m) }, moveLabel(m))));
  all.addEventListener('toggle', () => setPref('all-moves', all.open));
  box.append(all);
}

// A move picked on the board or from a button: sent at once, or after "Play" when this
// browser asks to confirm moves.
function pickMove(move) {
  if (!canMove() || st.pending) return;
  if (!pref('confirm', false)) { sendMove(move); return; }
  st.confirming = move;
  const box = $('confirm');
  box.hidden = false;
  const go = el('button', { type: 'button', id: 'confirm-go', text: tr('board-confirm-go') });
  go.addEventListener('click', () => { const m = st.confirming; cancelConfirm(); sendMove(m); });
  const no = el('button', { type: 'button', id: 'confirm-cancel', class: 'secondary', text: tr('board-confirm-cancel') });
  no.addEventListener('click', cancelConfirm);
  box.replaceChildren(el('span', {}, tr('board-confirm-ask', { move: moveLabel(move) }) + ' '), go, no);
  go.focus();
}
function cancelConfirm() { st.confirming = null; const b = $('confirm'); b.hidden = true; b.replaceChildren(); }
document.addEventListener('keydown', (e) => { if (e.key === 'Escape' && st.confirming) cancelConfirm(); });

function sendMove(move) {
  if (!canMove() || st.pending) return;
  $('error').textContent = '';
  $('hint').textContent = '';
  st.notice = null; // this action was seen: the notice of what happened before it goes
  renderNotice();
  st.pending = move;
  st.board.selected = null; // a move sent from a button leaves no piece selected
  live.send({ type: 'move', game: st.game, move });
}

function renderActions() {
  const box = $('actions');
  box.replaceChildren();
  if (!st.seat) return;
  const k = st.turn?.kind;
  if (k === 'move' || k === 'throw' || k === 'seeds') {
    const b = el('button', { type: 'button', id: 'resign', text: tr('board-resign') });
    b.addEventListener('click', () => {
      if (b.dataset.confirm) { st.notice = null; live.send({ type: 'resign' }); return; }
      b.dataset.confirm = '1'; b.textContent = tr('board-resign-really');
      setTimeout(() => { if (b.isConnected) { delete b.dataset.confirm; b.textContent = tr('board-resign'); } }, 4000);
    });
    box.append(b);
    const waitFor = st.turn.seat;
    clearTimeout(st.claimTimer);
    if (waitFor && waitFor !== st.seat && st.connected && st.connected[waitFor - 1] === false) {
      // Until the server's countdown runs out the button says how long; then it claims.
      const secs = st.claimIn?.[waitFor - 1];
      if (secs === null) return; // being away grounds no claim here
      const left = secs === undefined ? 0 : Math.ceil(secs - (performance.now() - st.claimFrom) / 1000);
      if (left > 0) {
        box.append(el('button', { type: 'button', id: 'claim', disabled: true, text: tr('board-claim-in', { name: who(waitFor), seconds: left }) }));
        st.claimTimer = setTimeout(renderActions, 1000);
      } else {
        box.append(el('button', { type: 'button', id: 'claim', text: tr('board-claim', { name: who(waitFor) }), onclick: () => live.send({ type: 'claim' }) }));
      }
    }
  }
}

// ---------- the result of a game (web/result.js) ----------

let result = null; // web/result.js, once loaded
const loadResult = later(() => import('./result.js'), (m) => { result = m; renderResult(); });

// What web/result.js needs of this page.
const page = { st, matchId, who, isMe, subject, endWords, seats: seatsForChances, send: (m) => live.send(m) };

// The result panel, shown while a game is over; its script loads with the first game over.
function renderResult() {
  if (result) { result.renderResult(page); return; }
  const ended = st.over && (st.turn?.kind === 'game_over' || st.turn?.kind === 'match_over');
  if (!ended) { $('result').hidden = true; document.body.dataset.result = ''; return; }
  loadResult();
}

// ---------- the position as text ----------

// The position's notation (the latest the server sent) to copy from under the board; and
// once a game is over, a link to its final position on the analysis board: for spectators,
// and for the players of an unrated match (never while a game is live).
copyPosition($('copy-position'), () => st.notation);
let rated = null; // whether the match is rated, once its summary said (a private one never is)
let ratedAsked = false;
function renderPositionTools() {
  $('position-tools').hidden = !st.notation;
  const ended = !!st.over && (st.turn?.kind === 'game_over' || st.turn?.kind === 'match_over');
  if (ended && st.seat && rated === null) {
    if (st.snap && !st.snap.public) rated = false;
    else if (!ratedAsked) {
      ratedAsked = true;
      api(`/api/matches/${encodeURIComponent(matchId)}`).then(sum => { rated = !!sum.rated; renderPositionTools(); }, () => { ratedAsked = false; });
    }
  }
  const link = $('analyse-final');
  link.hidden = !(ended && st.notation && (!st.seat || rated === false));
  if (!link.hidden) link.href = `/analysis?variant=${encodeURIComponent(st.variant)}&position=${encodeURIComponent(st.notation)}`;
}

// ---------- the keyboard: a typed move, and shortcuts ----------

// A move as a player types it: the server's notation ("8-9", "4+7", "S1L", "d1"), or from
// square to square as the board names them ("8 to 9", "8→9", "red 3 - red 7"); case,
// spaces and the kind of dash do not matter.
const squash = (t) => t.toLowerCase().replace(/\bto\b|→|–|—/g, '-').replace(/\s+/g, '');
function typedMoves(text) {
  const want = squash(text);
  if (!want) return [];
  const named = st.legal.filter(m => squash(m) === want);
  if (named.length) return named;
  return st.legal.filter(m => {
    const o = st.moves.find(x => x.move === m);
    return o?.from && o?.to && squash(`${place(o.from)}-${place(o.to)}`) === want;
  });
}

// The typed-move form: there for a player (not a spectator) while a game is on, so that the
// focus can stay in it from one turn to the next; its list offers this turn's legal moves.
function renderMoveForm() {
  const form = $('move-form');
  form.hidden = !st.seat || !st.snap || ['game_over', 'match_over', 'joining'].includes(st.turn?.kind);
  const mine = canMove();
  const list = $('move-list');
  list.replaceChildren(...(mine ? st.legal.map(m => el('option', { value: m, label: moveLabel(m) })) : []));
  $('move-input').placeholder = mine ? `${st.legal.slice(0, 2).join(', ')}${st.legal.length > 2 ? ', …' : ''}` : tr('board-move-not-your-turn');
}

function submitTypedMove(e) {
  e.preventDefault();
  const input = $('move-input');
  const said = $('move-said');
  const text = input.value.trim();
  if (!text) return;
  if (!canMove()) { said.textContent = tr(st.pending ? 'board-typed-pending' : 'board-error-not-your-turn'); return; }
  const found = typedMoves(text);
  if (found.length === 1) {
    input.value = '';
    said.textContent = '';
    pickMove(found[0]);
  } else if (found.length > 1) {
    said.textContent = tr('board-typed-several', { text, count: found.length, moves: found.join(', ') });
  } else {
    said.textContent = tr('board-typed-illegal', { text, moves: st.legal.join(', ') });
  }
}

// Single keys, away from any text field: what each does, in the order the page lists them.
const KEYS = [
  ['?', 'board-key-help'],
  ['m', 'board-key-move'],
  ['b', 'board-key-board'],
  ['← → ↑ ↓', 'board-key-arrows'],
  ['Enter', 'board-key-enter'],
  ['Escape', 'board-key-escape'],
  ['l', 'board-key-log'],
  ['c', 'board-key-chat'],
];

function focusBoard() {
  const all = [...document.querySelectorAll('#board [tabindex="0"]')];
  (all.find(x => x.classList.contains('target')) || all.find(x => x.classList.contains('movable')) || all[0])?.focus();
}

function setupKeys() {
  const dialog = $('keys');
  $('keys-list').replaceChildren(...KEYS.flatMap(([k, what]) => [el('dt', {}, el('kbd', { text: k })), el('dd', { text: tr(what) })]));
  $('keys-open').addEventListener('click', () => dialog.showModal());
  $('move-form').addEventListener('submit', submitTypedMove);
  document.addEventListener('keydown', (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
    const t = e.target;
    if (t instanceof HTMLElement && (t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName))) return;
    const go = {
      '?': () => (dialog.open ? dialog.close() : dialog.showModal()),
      m: () => { if (!$('move-form').hidden) $('move-input').focus(); },
      b: focusBoard,
      l: () => { $('logbox').open = true; $('logbox').querySelector('summary').focus(); },
      c: () => $('chat-input').focus(),
    }[e.key];
    if (!go || (dialog.open && e.key !== '?')) return;
    e.preventDefault();
    go();
  });
}

// ---------- win chances (web/winbar.js) ----------

let winbarJs = null; // web/winbar.js, once loaded
let winbar = null; // the bar
const loadWinbar = later(() => import('./winbar.js'), (m) => {
  winbarJs = m;
  winbar = new m.WinBar($('winbar'));
  renderWinbar();
});

// Per table seat: its name (written, on a phone, as the server's short one: two whole names
// do not fit side by side) and the colour of the pieces it plays in this game (`seatColour` of
// web/winbar.js).
const phoneWidth = window.matchMedia?.('(max-width: 560px)');
function seatsForChances(seatColour) {
  const narrow = phoneWidth?.matches;
  return st.names.map((_, i) => {
    const engine = st.seats.indexOf(i + 1) + 1;
    return { name: seatName(st.names, i + 1), short: (narrow && st.shortNames[i]) || undefined, colour: seatColour(st.sides[engine - 1], engine, PLAYER_COLOURS) };
  });
}

// Spectators see the bar above the board from their welcome on (its place is kept before the
// first figures come, and before winbar.js has loaded); a seat never does while its game is
// live (the server sends seats no `chances`), and gets the chart in the result panel once the
// game is over. A frame may come before the events it follows: it is drawn once the page has
// drawn event `no`.
function renderWinbar() {
  const bar = $('winbar');
  if (st.seat || !st.snap || st.game < 1) { bar.hidden = true; return; }
  if (!winbar) {
    bar.hidden = false;
    bar.dataset.n = String(st.names.length || 2);
    loadWinbar();
    return;
  }
  winbar.reserve(st.names.length);
  const c = st.chances;
  if (c && c.game === st.game && c.no <= st.lastNo && !catchingUp()) winbar.show(c.chances, seatsForChances(winbarJs.seatColour), c.no);
}

start();
