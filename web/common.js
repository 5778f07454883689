// Shared helpers of every page: the session and the header's account link, the page socket
// started for it, match keys and invites, players and seats by name, the live connection;
// and, handed on, what basics.js has (DOM building, REST calls, the variants, seat tokens).

// Every page with a script has its words' catalogue and the language switch (l10n.js).
import { has, isolate, lang, t, tAttr } from './l10n.js';
import { api, el, loadSeat, loadVariants } from './basics.js';
export { isolate, lang, t, tAttr };
export { api, ApiError, clockRuleWords, el, loadSeat, loadVariants, matchName, saveSeat, svg, SVGNS } from './basics.js';

// What the server wrote into the page for `name` (a `<meta>` of JSON), or null.
const writtenCache = new Map();
function written(name) {
  if (!writtenCache.has(name)) {
    let value = null;
    try { value = JSON.parse(document.querySelector(`meta[name="${name}"]`)?.content || 'null'); } catch { /* ask */ }
    writtenCache.set(name, value);
  }
  return writtenCache.get(name);
}

// The variants' display names, in the page's language: the catalogue's `variant-<id>-name`,
// else the engine's, written into the pages that name a variant (`<meta
// name="variant-names">`), else from `GET /api/variants`. A page that cannot reach it shows
// the id.
export async function variantName(id) {
  return catalogueVariantName(id) ?? written('variant-names')?.[id] ?? (await loadVariants()).find(v => v.id === id)?.name ?? id;
}
// The catalogue's name of variant `id`, or null where the page's language lacks one.
export function catalogueVariantName(id) {
  return has(`variant-${id}-name`) ? t(`variant-${id}-name`) : null;
}

// What a board of variant `id` draws besides its geometry, as the engine says it: the board
// kind, its position notation and its special squares (`{board, position_notation,
// special_squares}`). The pages that draw a board
// carry it for every variant (`<meta name="variant-boards">`): `writtenBoard` reads it at
// once; `boardInfo` asks `GET /api/variants` on a page that does not.
export function writtenBoard(id) { return written('variant-boards')?.[id] ?? null; }
export async function boardInfo(id) {
  return writtenBoard(id) ?? (await loadVariants()).find(v => v.id === id) ?? null;
}

// The account this browser is signed in with (`GET /api/me`; the session is an HttpOnly
// cookie the page never sees): asked once per page load and shared; null when signed out
// (401) or when the server cannot say. `signedIn` holds the answer once it has come.
let sessionPromise = null;
let signedIn = null;
export function session() {
  sessionPromise ??= api('/api/me').catch(() => null).then((me) => { signedIn = me; return me; });
  return sessionPromise;
}
// What the account page learnt by signing in or out: kept, and shown in the header.
export function setSession(me) {
  signedIn = me;
  sessionPromise = Promise.resolve(me);
  showAccount(me);
}

// The header's link to /account, at its end: "Sign in", or the signed-in name.
function showAccount(me) {
  const link = document.getElementById('account-link');
  if (!link) return;
  link.textContent = me ? me.username : t('header-sign-in');
  // A long name is cut short in the header: the whole of it is in its title.
  link.title = me ? me.username : '';
  if (me) link.setAttribute('aria-label', t('ls-account-label', { name: me.username }));
  else link.removeAttribute('aria-label');
  link.removeAttribute('data-pending');
}
if (typeof document !== 'undefined') {
  session().then((me) => {
    showAccount(me);
    // The page's own socket: a signed-in player's challenges reach any page of theirs; the
    // lobby shows everyone how many are online.
    if (me || document.getElementById('online-count')) import('./people.js').then((m) => m.start(me));
  });
  // A page shown again from the back-forward cache asks again: the session may have changed.
  addEventListener('pageshow', (e) => {
    if (!e.persisted) return;
    sessionPromise = null;
    session().then(showAccount);
  });
}

// What reads a private match: the spectator key of this page's URL, else this browser's seat
// token for the match (kept in localStorage, never put in a URL).
export function readKey(matchId) {
  return new URLSearchParams(location.search).get('key') || loadSeat(matchId)?.token || null;
}

// A link to another page of the match, carrying the spectator key this page was opened with.
export function withKey(href) {
  const key = new URLSearchParams(location.search).get('key');
  return key ? `${href}?key=${encodeURIComponent(key)}` : href;
}

// The invite links of a match this browser created, kept by match id so that its waiting room
// shows them again after a reload (they are secrets for the invited only, like the token).
export function saveInvites(matchId, invites, spectatorUrl) {
  localStorage.setItem('senet:invites:' + matchId, JSON.stringify({ invites, spectator_url: spectatorUrl }));
}
export function loadInvites(matchId) {
  try { return JSON.parse(localStorage.getItem('senet:invites:' + matchId)); } catch { return null; }
}

// The name a spectator chose for the chat, said in every hello of their match pages.
export const CHAT_NAME_KEY = 'senet:chat-name';

// This browser's settings (sound, confirm moves), remembered in localStorage.
export function pref(name, fallback) {
  const v = localStorage.getItem('senet:pref:' + name);
  return v === null ? fallback : v === '1';
}
export function setPref(name, on) { localStorage.setItem('senet:pref:' + name, on ? '1' : '0'); }

// A link to copy, with a Copy button.
export function linkRow(label, url, id) {
  const full = new URL(url, location.origin).href;
  const input = el('input', { readonly: true, value: full, id, class: 'link' });
  const copy = el('button', { type: 'button', text: t('ls-copy'), class: 'copy', dataset: { for: id } });
  copy.addEventListener('click', async () => {
    input.select();
    try { await navigator.clipboard.writeText(full); } catch { document.execCommand?.('copy'); }
    copy.textContent = t('ls-copied');
  });
  return el('div', { class: 'linkrow' }, el('label', {}, label, input), copy);
}

// The player identity (for the leaderboard and history): a secret key kept in this browser,
// made on the first match this browser creates or joins with a name. null when the server
// keeps no players. A signed-in browser plays as its account's player, which the server
// knows from the session cookie: no key is sent, and no anonymous player is made.
export function browserPlayer() {
  try { return JSON.parse(localStorage.getItem('senet:player')); } catch { return null; }
}
export function loadPlayer() {
  if (signedIn) return { player_id: signedIn.player_id, name: signedIn.username };
  return browserPlayer();
}
export async function ensurePlayer(name) {
  const me = await session();
  if (me) return { player_id: me.player_id, name: me.username };
  const known = browserPlayer();
  if (known) return known;
  if (!name) return null;
  try {
    const p = await api('/api/players', { name });
    localStorage.setItem('senet:player', JSON.stringify(p));
    return p;
  } catch { return null; }
}

// The seats' names and short names with each computer seat's in the page's language. The
// server names a bot "Computer (medium)", "Computer 3 (medium)" beside another of its level,
// and shortens it to "Medium bot" or "Bot 3" (protocol/src/text.rs); these are the same
// names from the catalogue, by the seat's level in `bots` (null for a person).
export function botsNamed(names, shortNames, bots) {
  const level = (seat) => bots?.[seat] || null;
  const twin = (seat) => (bots || []).some((b, other) => other !== seat && b && b === level(seat));
  const word = (seat) => t(`level-${level(seat)}`);
  return {
    names: (names || []).map((n, seat) => (n && level(seat)
      ? (twin(seat) ? t('bot-name-numbered', { level: word(seat), seat: seat + 1 }) : t('bot-name', { level: word(seat) }))
      : n)),
    shortNames: (shortNames || []).map((n, seat) => (n && level(seat)
      ? (twin(seat) ? t('bot-short-numbered', { seat: seat + 1 }) : t(`bot-short-${level(seat)}`))
      : n)),
  };
}

export function seatName(names, seat) {
  return (names && names[seat - 1]) || t('ls-seat', { seat });
}

export function randomSeed() {
  const b = new Uint8Array(8);
  crypto.getRandomValues(b);
  return 'web-' + [...b].map(x => x.toString(16).padStart(2, '0')).join('');
}

// One WebSocket to a match, reconnecting by itself with exponential backoff. Events are
// delivered once each, in order (a reconnect asks for those after the last one seen). With
// `tail`, a hello that missed more events than that gets the welcome's `recent` (the current
// game's last events) instead of them: the page applies those itself. `early`: a socket the
// page opened before its scripts loaded (match.html), taken over when it said the same hello
// (a spectator's chat `name` is not in that one).
export class Live {
  constructor(matchId, { token = null, key = null, tail = null, early = null, name = null, onMessage, onStatus }) {
    this.matchId = matchId; this.token = token; this.key = key; this.tail = tail; this.name = name;
    this.onMessage = onMessage; this.onStatus = onStatus; this.early = early;
    // lastEvent -1: nothing seen yet; the first hello asks for every event (last_event 0), or
    // the welcome's recent ones past the tail, so that the page's move log is there after a
    // reload.
    this.lastEvent = -1; this.seq = 0; this.attempt = 0; this.ws = null; this.closed = false;
    this.backlog = 0;
    this.connect();
  }
  hello() {
    const hello = { type: 'hello' };
    if (this.token) hello.token = this.token;
    else if (this.key) hello.token = this.key;
    hello.last_event = Math.max(0, this.lastEvent);
    if (this.tail !== null) hello.tail = this.tail;
    // A spectator's chat name (web/chat.js).
    if (this.name) hello.name = this.name;
    return JSON.stringify(hello);
  }
  connect() {
    const early = this.early;
    this.early = null;
    let ws;
    if (early?.hello === this.hello()) {
      ws = early.ws;
    } else {
      early?.ws.close();
      const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
      ws = new WebSocket(`${proto}//${location.host}/ws/matches/${encodeURIComponent(this.matchId)}`);
    }
    this.ws = ws;
    this.onStatus('connecting');
    // An early socket that is open has said its hello already.
    ws.onopen = () => ws.send(this.hello());
    ws.onmessage = (m) => {
      let msg;
      try { msg = JSON.parse(m.data); } catch { return; }
      if (msg.type === 'welcome') {
        this.attempt = 0;
        this.seq = Math.max(this.seq, msg.last_seq || 0);
        // The snapshot is the match now; the `missed` events after our last one follow it
        // (none when `recent` came instead: the snapshot's last event is the last seen).
        this.backlog = msg.missed || 0;
        this.lastEvent = msg.snapshot.last_event - this.backlog;
        this.onStatus('open');
      } else if (msg.type === 'snapshot') {
        this.lastEvent = msg.snapshot.last_event;
      } else if (msg.type === 'event') {
        if (msg.no <= this.lastEvent) return;
        this.lastEvent = msg.no;
        if (this.backlog > 0) this.backlog -= 1;
      }
      this.onMessage(msg);
    };
    ws.onclose = (e) => {
      if (this.ws !== ws) return;
      if (this.closed || e.code === 1008 && this.fatal) { this.onStatus('closed'); return; }
      const delay = Math.min(10000, 300 * 2 ** this.attempt) * (0.75 + Math.random() / 2);
      this.attempt += 1;
      this.onStatus('reconnecting', Math.round(delay));
      setTimeout(() => { if (!this.closed) this.connect(); }, delay);
    };
    ws.onerror = () => { /* onclose follows */ };
    // What the early socket received, in order, once the page has its Live (before any
    // frame that comes next: those are tasks, this is a microtask).
    if (ws === early?.ws) {
      queueMicrotask(() => {
        for (const m of early.messages) ws.onmessage(m);
        if (early.close) ws.onclose(early.close);
      });
    }
  }
  get open() { return this.ws && this.ws.readyState === WebSocket.OPEN; }
  // Still replaying missed events: the page shows them but does not act on them.
  get catchingUp() { return this.backlog > 0; }
  send(msg) {
    if (!this.open) return null;
    if (msg.type !== 'ping') { this.seq += 1; msg.seq = this.seq; }
    this.ws.send(JSON.stringify(msg));
    return msg.seq;
  }
  // For tests and the reconnect button: drop the socket as a network failure would.
  drop() { try { this.ws.close(4000, 'dropped'); } catch { /* ignore */ } }
}

// Message `id` formatted with `args` as text and nodes, for `el` or `replaceChildren`: an
// argument that is a node (a link in a sentence) is put where the message places it.
export function tNodes(id, args = {}) {
  const nodes = [];
  const marked = {};
  for (const [name, value] of Object.entries(args)) {
    if (value instanceof Node) { marked[name] = `\uE000${nodes.length}\uE001`; nodes.push(value); } else marked[name] = value;
  }
  return t(id, marked).split(/\uE000(\d+)\uE001/).map((part, i) => (i % 2 ? nodes[Number(part)] : part)).filter((part) => part !== '');
}
