// A tournament's page (/t/{id}): what it is, its countdown, Join and Leave, the standings,
// the games, and the podium once it is over. Everything is the server's: the page draws the
// view of `GET /api/tournaments/{id}`, asked again with `?after=<version>` (a long poll that
// answers when the view changes), and sends a player to the board of each of their games.

import { ApiError, clockRuleWords, el, isolate, lang, saveSeat, session, t as tr, tNodes, variantName } from './common.js';
import { errorWords } from './errors.js';
import { kindWords, statusWords } from './tournaments.js';

const tournamentId = decodeURIComponent(location.pathname.split('/')[2] || '');
const $ = (id) => document.getElementById(id);
const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));

let view = null; // the view drawn
let skew = 0; // the server's clock minus this browser's, from the view's now_ms
let polls = null; // the AbortController of the long poll running
let signedIn = null;

// A tournament's address: read without the HTTP cache (a pending long poll would hold the
// browser's cache lock on its URL). A POST (join, leave) carries an empty JSON object, as
// every write to the API is JSON.
async function request(path, method = 'GET', signal = undefined) {
  const write = method === 'POST' ? { headers: { 'content-type': 'application/json' }, body: '{}' } : {};
  const res = await fetch(path, { method, cache: 'no-store', signal, ...write });
  const data = await res.json().catch(() => null);
  if (!res.ok) {
    const err = new ApiError(res.status, data?.code ?? 'http_' + res.status, data?.message ?? res.statusText);
    err.retryAfter = Number(res.headers.get('retry-after')) || null;
    throw err;
  }
  return data;
}
const viewPath = (after) => `/api/tournaments/${encodeURIComponent(tournamentId)}${after === undefined ? '' : `?after=${after}`}`;

// ---------- words ----------

// 1st, 2nd, 3rd, 4th, …, 11th, 12th, 13th, …, 21st: the language's ordinal plural form
// chooses the catalogue's words.
const ordinals = new Intl.PluralRules(lang, { type: 'ordinal' });
function ordinal(n) { return tr('tp-ordinal', { n, form: ordinals.select(n) }); }

// A score: 1.5 is "1½", 0.5 is "½".
function score(n) {
  if (n === null || n === undefined) return '';
  const whole = Math.floor(n);
  const half = Math.abs(n - whole - 0.5) < 1e-9;
  if (half) return whole === 0 ? '½' : `${whole}½`;
  return Number.isInteger(n) ? String(n) : String(Math.round(n * 100) / 100);
}
const tiebreak = (n) => (n === null || n === undefined ? '–' : String(Math.round(n * 100) / 100));

const now = () => Date.now() + skew;

// ---------- the page ----------

async function drawAbout(t) {
  document.title = tr('tp-doc-named', { name: t.name });
  $('title').textContent = tr('tp-title', { kind: t.kind });
  $('t-name').textContent = t.name;
  const variant = await variantName(t.variant);
  const parts = [kindWords(t.kind), ' · ', el('a', { href: `/howto/${encodeURIComponent(t.variant)}`, text: variant })];
  const term = (id, args) => ` · ${tr(id, args)}`;
  if (t.clock) parts.push(term('tp-term-clock', { clock: clockRuleWords(t.clock) }));
  parts.push(term(t.rated ? 'ls-rated' : 'ls-casual'));
  if (t.kind === 'swiss' && t.rounds) parts.push(term('tp-term-rounds', { count: t.rounds }));
  if (t.kind === 'arena' && t.ends_ms) parts.push(term('tp-term-minutes', { count: Math.round((t.ends_ms - t.starts_ms) / 60000) }));
  parts.push(term('tp-term-players', { count: t.players }));
  if (t.created_by) parts.push(term('tp-term-made-by', { name: t.created_by }));
  $('t-terms').replaceChildren(...parts);
}

function tick() {
  if (!view) return;
  $('t-status').textContent = statusWords(view, now());
  // A minute and ten seconds before it starts (or an arena ends), said to a screen reader.
  const target = view.status === 'created' ? view.starts_ms : view.status === 'running' && view.kind === 'arena' ? view.ends_ms : null;
  if (target) {
    const left = (target - now()) / 1000;
    for (const mark of [60, 10]) {
      const key = `${view.status}:${mark}`;
      if (left <= mark && left > mark - 5 && !said.has(key)) {
        said.add(key);
        news(tr(view.status === 'created' ? 'tp-news-starts-in' : 'tp-news-left', { secs: mark }));
      }
    }
  }
}
const said = new Set();

// A polite live region: what a screen reader should hear of a change (not every second).
function news(text) {
  const box = $('t-news');
  box.textContent = '';
  setTimeout(() => { box.textContent = text; }, 30);
}

function drawPodium(t) {
  const names = t.status === 'finished' ? t.podium ?? [] : [];
  $('podium-card').hidden = names.length === 0;
  $('podium').replaceChildren(...names.map((name, i) => el('li', { class: `place place-${i + 1}` },
    el('span', { class: 'place-rank', text: ordinal(i + 1) }), ' ',
    el('span', { class: 'place-name', text: name }))));
}

// The standings, one row per player. On a phone the optional columns (`opt`) are left out,
// and the long headers are said in full to a screen reader only.
function header(long, short, cls = null) {
  return el('th', { scope: 'col', class: cls },
    short ? el('span', { class: 'long', text: long }) : long,
    short ? el('span', { class: 'short', 'aria-hidden': 'true', text: short }) : null);
}
let standingsSig = '';
function drawStandings(t) {
  const rows = t.standings ?? [];
  $('standings-card').hidden = false;
  $('standings-empty').hidden = rows.length > 0;
  const sig = JSON.stringify([t.kind, rows, signedIn?.player_id]);
  if (sig === standingsSig) return;
  standingsSig = sig;
  const table = $('standings');
  table.dataset.kind = t.kind;
  if (!rows.length) { table.replaceChildren(); return; }
  const swiss = t.kind === 'swiss';
  const head = el('tr', {},
    header(tr('tp-col-rank'), '#'), header(tr('tp-col-player')), header(tr('tp-col-rating'), null, 'opt'), header(tr('tp-col-performance'), tr('tp-col-performance-short'), 'opt'),
    header(tr('tp-col-points'), tr('tp-col-points-short')), header(tr('tp-col-games'), null, 'opt'),
    swiss ? header(tr('tp-col-rounds'), null, 'opt') : header(tr('tp-col-sheet')),
    swiss ? header('Buchholz', 'BH') : null, swiss ? header('Sonneborn–Berger', 'SB') : null);
  const body = rows.map((s) => {
    const mine = signedIn && s.player_id === signedIn.player_id;
    const name = el('td', { class: 'who' },
      el('a', { href: `/players/${encodeURIComponent(s.player_id)}`, text: s.name }),
      mine ? el('span', { class: 'you', text: tr('tp-you') }) : null,
      s.on_fire ? el('span', { class: 'fire', title: tr('tp-on-fire-title') },
        el('span', { 'aria-hidden': 'true', text: '🔥' }), tr('tp-on-fire')) : null,
      s.active === false ? el('span', { class: 'left muted', text: tr(swiss ? 'tp-withdrawn' : 'tp-left') }) : null);
    const sheet = el('td', { class: swiss ? 'sheet opt' : 'sheet' }, ...(s.sheet ?? []).map((mark, i) =>
      el('span', { class: mark === '4' ? 'sheet-mark double' : 'sheet-mark', title: tr(swiss ? 'tp-sheet-round' : 'tp-sheet-game', { n: i + 1 }), text: mark })));
    return el('tr', { class: [mine ? 'me' : '', s.active === false ? 'inactive' : ''].join(' ').trim() || null, dataset: { player: s.player_id } },
      el('td', { class: 'rank', text: String(s.rank) }), name,
      el('td', { class: 'opt', text: String(s.rating) }),
      el('td', { class: 'opt', text: s.performance === null || s.performance === undefined ? '–' : String(s.performance) }),
      el('td', { class: 'points', text: score(s.points) }),
      el('td', { class: 'opt', text: String(s.games) }),
      sheet,
      swiss ? el('td', { text: tiebreak(s.buchholz) }) : null,
      swiss ? el('td', { text: tiebreak(s.sonneborn_berger) }) : null);
  });
  table.replaceChildren(el('thead', {}, head), el('tbody', {}, ...body));
}

function drawGames(t) {
  const games = t.games ?? [];
  $('games-card').hidden = t.status === 'created' && games.length === 0;
  $('games-empty').hidden = games.length > 0;
  $('games').replaceChildren(...games.map((g) => el('li', { dataset: { match: g.match_id } },
    t.kind === 'swiss' && g.round ? el('span', { class: 'muted', text: tr('tp-game-round', { round: g.round }) }) : null,
    el('a', { href: `/m/${encodeURIComponent(g.match_id)}/watch`, text: `${isolate(g.first)} – ${isolate(g.second)}` }), ' ',
    g.result === null || g.result === undefined
      ? el('span', { class: 'in-play', text: tr('tp-in-play') })
      : el('span', { class: 'game-result', text: g.result === 'void' ? tr('tp-void') : g.result }))));
}

// Whether this tab has shown the board of match `id`: this page opened it, or (where the
// browser has the Navigation API) the tab's history holds it, as when the account's socket
// (web/people.js) opened it.
function boardShown(id) {
  if (sessionStorage.getItem('senet:tournament-opened:' + id)) return true;
  const board = `/m/${encodeURIComponent(id)}`;
  const entries = window.navigation?.entries?.() ?? [];
  return entries.some((e) => { try { return new URL(e.url).pathname === board; } catch { return false; } });
}

// Join, Leave, and the player's own state; a game of theirs opens its board.
function drawMe(t) {
  const me = t.me;
  const state = $('t-my-state');
  const finished = t.status === 'finished';
  $('t-join').hidden = finished || !signedIn || (me?.joined && me.active);
  $('t-join').textContent = tr(me?.joined && !me.active ? 'tp-join-again' : 'tp-join');
  $('t-leave').hidden = finished || !(me?.joined && me.active);
  if (!signedIn) {
    state.replaceChildren(...tNodes(finished ? 'tp-sign-in-next' : 'tp-sign-in-join', { link: el('a', { href: '/account', text: tr('tp-sign-in') }) }));
    return;
  }
  const mine = t.standings?.find((s) => s.player_id === signedIn.player_id);
  if (finished) {
    state.textContent = mine ? tr('tp-you-finished', { place: ordinal(mine.rank), points: score(mine.points), count: mine.points }) : '';
    return;
  }
  if (!me?.joined) { state.textContent = ''; return; }
  if (!me.active) { state.textContent = tr(t.kind === 'swiss' ? 'tp-you-withdrew' : 'tp-you-left'); return; }
  const p = me.playing;
  if (p) {
    saveSeat(p.match_id, p.seat, p.token);
    // The board page's header links back here by this note (web/match.js).
    sessionStorage.setItem('senet:tournament:' + p.match_id, tournamentId);
    // A game's board is opened once; back here from it during the game, a link to it.
    if (!boardShown(p.match_id)) {
      sessionStorage.setItem('senet:tournament-opened:' + p.match_id, '1');
      state.textContent = tr('tp-game-ready');
      location.assign(`/m/${encodeURIComponent(p.match_id)}`);
      return;
    }
    state.replaceChildren(...tNodes('tp-game-playing', { link: el('a', { href: `/m/${encodeURIComponent(p.match_id)}`, id: 't-board', text: tr('tp-go-to-board') }) }));
    return;
  }
  if (t.status === 'created') { state.textContent = tr('tp-you-are-in'); return; }
  const bye = t.kind === 'swiss' && t.round > 0 && mine?.sheet?.[t.round - 1] === 'bye';
  state.textContent = tr(bye ? 'tp-bye' : 'tp-waiting');
}

// What changed since the view drawn before, for the live region.
function changes(before, t) {
  const words = [];
  if (before.status !== t.status) {
    if (t.status === 'running') words.push(tr('tp-news-started'));
    if (t.status === 'finished') {
      const podium = (t.podium ?? []).map((n, i) => tr('tp-podium-place', { place: ordinal(i + 1), name: n })).join(tr('tp-list-sep'));
      words.push(podium ? tr('tp-news-over-podium', { podium }) : tr('tp-news-over'));
    }
  }
  if (t.kind === 'swiss' && t.status === 'running' && t.round > 0 && t.round !== before.round) words.push(tr('tp-news-round', { round: t.round, rounds: t.rounds }));
  const points = (v) => JSON.stringify((v.standings ?? []).map((s) => [s.player_id, s.points, s.rank]));
  if (t.status !== 'finished' && points(before) !== points(t) && t.standings?.length) {
    const mine = signedIn && t.standings.find((s) => s.player_id === signedIn.player_id);
    const lead = t.standings[0];
    words.push(mine ? tr('tp-news-you-are', { place: ordinal(mine.rank), points: score(mine.points) }) : tr('tp-news-leads', { name: lead.name, points: score(lead.points) }));
  }
  return words.join(' ');
}

async function draw(t) {
  if (view && t.version < view.version) return; // an older answer than the one drawn
  const before = view;
  view = t;
  skew = (t.now_ms ?? Date.now()) - Date.now();
  $('about').hidden = false;
  $('missing').hidden = true;
  drawPodium(t);
  drawStandings(t);
  drawGames(t);
  drawMe(t);
  tick();
  await drawAbout(t);
  document.body.dataset.status = t.status;
  document.body.dataset.version = String(t.version);
  if (before && before.version !== t.version) {
    const said = changes(before, t);
    if (said) news(said);
  }
}

function missing() {
  document.title = tr('tp-missing-doc');
  $('about').hidden = true;
  $('standings-card').hidden = true;
  $('games-card').hidden = true;
  $('podium-card').hidden = true;
  $('missing').hidden = false;
  document.body.dataset.status = 'missing';
}

// The view, then each change of it: a long poll; on a network error it asks again, waiting
// longer each time (up to 30 s). A finished tournament changes no more.
async function follow() {
  polls?.abort();
  const mine = polls = new AbortController();
  let wait = 1000;
  while (polls === mine) {
    try {
      const t = await request(viewPath(view?.version), 'GET', mine.signal);
      if (polls !== mine) return;
      wait = 1000;
      await draw(t);
      if (view.status === 'finished') return;
    } catch (err) {
      if (polls !== mine) return;
      if (err.status === 404) { missing(); return; }
      await sleep(err.retryAfter ? err.retryAfter * 1000 : wait);
      wait = Math.min(30000, wait * 2);
    }
  }
}

async function joinOrLeave(action, button) {
  $('t-error').textContent = '';
  button.disabled = true;
  try {
    await draw(await request(`/api/tournaments/${encodeURIComponent(tournamentId)}/${action}`, 'POST'));
    news(tr(action === 'join' ? 'tp-news-joined' : 'tp-news-you-left'));
  } catch (err) {
    if (err.code === 'signed_out') $('t-error').replaceChildren(...tNodes('tp-signed-out', { link: el('a', { href: '/account', text: tr('tp-sign-in-lower') }) }));
    else $('t-error').textContent = errorWords(err);
  } finally {
    button.disabled = false;
  }
}

async function init() {
  $('t-join').addEventListener('click', (e) => joinOrLeave('join', e.currentTarget));
  $('t-leave').addEventListener('click', (e) => joinOrLeave('leave', e.currentTarget));
  signedIn = await session();
  setInterval(tick, 1000);
  follow();
  // Back from a board (the page shown again from the back-forward cache): ask at once.
  addEventListener('pageshow', (e) => { if (e.persisted) { view = null; follow(); } });
}

if (tournamentId) init(); else missing();
