// The lobby: seeks and quick games, create a match, share its links, watch live games, see
// the leaderboard.

import { api, ApiError, el, linkRow, saveSeat, loadSeat, saveInvites, ensurePlayer, loadPlayer, loadVariants, matchName, clockRuleWords, session, t, tNodes, isolate, botsNamed } from './common.js';
import { errorWords } from './errors.js';

const $ = (id) => document.getElementById(id);
let variants = [];

// The variant every form offers first: Kendall's Senet, the 3×10 board and two sides of
// alike pieces that most sets and pictures of Senet show (docs/web-client.md, "The lobby").
const FIRST = 'kendall';

// The page's socket (people.js) hands on the open seeks; listening from the start, before
// anything is awaited, misses none of its frames.
let seeksSeen = false;
document.addEventListener('senet:seeks', (e) => { seeksSeen = true; drawSeeks(e.detail); });

async function init() {
  variants = await loadVariants();
  const offered = [...variants.filter(v => v.id === FIRST), ...variants.filter(v => v.id !== FIRST)];
  for (const v of offered) {
    for (const select of ['variant', 'lb-variant', 'bot-variant', 'quick-variant', 'seek-variant']) $(select).append(el('option', { value: v.id, text: v.name }));
  }
  for (const [select, link] of [['quick-variant', 'quick-howto'], ['bot-variant', 'bot-howto'], ['seek-variant', 'seek-howto']]) {
    const howto = () => { $(link).href = `/howto/${$(select).value}`; };
    $(select).addEventListener('change', howto);
    howto();
  }
  $('seek-variant').addEventListener('change', seekPlayers);
  seekPlayers();
  $('seek-form').addEventListener('submit', postSeek);
  $('seek-cancel').addEventListener('click', () => cancelSeek());
  if (!seeksSeen) api('/api/seeks').then((list) => { if (!seeksSeen) drawSeeks(list); }).catch(() => {});
  $('quick-form').addEventListener('submit', findOpponent);
  $('quick-cancel').addEventListener('click', () => cancelQuick());
  $('quick-bot').addEventListener('click', quickBot);
  $('bot-variant').addEventListener('change', botPlayers);
  $('bot-form').addEventListener('submit', playComputer);
  botPlayers();
  $('variant').addEventListener('change', onVariant);
  $('summary-more').addEventListener('click', () => { $('summary-text').classList.add('open'); $('summary-more').hidden = true; });
  $('lb-variant').addEventListener('change', leaderboard);
  $('lb-by').addEventListener('change', leaderboard);
  $('lb-players').addEventListener('change', leaderboard);
  // A rated match is public: the two boxes keep each other consistent.
  $('rated').addEventListener('change', () => { if ($('rated').checked) $('public').checked = true; });
  $('public').addEventListener('change', () => { if (!$('public').checked) $('rated').checked = false; });
  $('create').addEventListener('submit', create);
  onVariant();
  refreshLive();
  setInterval(refreshLive, 3000);
  leaderboard();
  // Senet TV after the page has loaded: its script (and the boards') never delays the lobby.
  // A script element rather than a dynamic import: it loads the content-hashed copy the page
  // names, so that tv.js shares the lobby's own copy of common.js.
  const tv = () => document.head.append(el('script', { type: 'module', src: $('tv-board').dataset.src }));
  if (document.readyState === 'complete') tv(); else addEventListener('load', tv, { once: true });
}

function onVariant() {
  const v = variants.find(x => x.id === $('variant').value);
  // The engine's paragraph, in the lines the style sheet keeps for it from the first paint;
  // "more" shows the rest of a longer one.
  const text = $('summary-text');
  text.textContent = v.summary ?? '';
  text.classList.remove('open');
  $('summary-more').hidden = text.scrollHeight <= text.clientHeight + 1;
  $('howto-link').href = `/howto/${v.id}`;
  $('rules-link').href = `/rules/${v.id}`;
  $('players').replaceChildren();
  for (let n = v.min_players; n <= v.max_players; n++) $('players').append(el('option', { value: n, text: String(n) }));
  // The variant's options, each a box with the server's default and words (without the
  // description's leading "<variant>: ", which the form says already).
  $('options').replaceChildren(...(v.option_details || []).map(o => el('label', {},
    el('input', { type: 'checkbox', checked: o.default, dataset: { option: o.name } }), ' ', o.description.replace(`${v.id}: `, ''))));
}

// "Play the computer": the computer takes every other seat, and the board opens at once.
function playComputer(e) {
  e.preventDefault();
  startComputer($('bot-variant').value, Number($('bot-players').value) || 2, Number($('bot-series').value) || 1, $('bot-go'), $('bot-error'));
}

// The name of a guest who wrote none, in the page's language, as the server would say it in
// English ("Player 1"); a name holds no bidi controls (the server refuses them).
const unnamed = () => withoutIsolates(t('ls-default-player', { seat: 1 }));
// Words an Arabic page isolated (U+2066 … U+2069), as a name must be sent: without them.
const withoutIsolates = (text) => text.replace(/[\u2066-\u2069]/g, '');

async function startComputer(variant, players, target, button, error) {
  error.textContent = '';
  const level = $('bot-level').value;
  const name = $('player-name').value.trim() || loadPlayer()?.name || '';
  const body = {
    variant,
    players,
    series: { kind: 'best_of', target },
    bots: Array(players - 1).fill(level),
    // The match's name, in its player's language, as a name they had written would be; a
    // name holds no bidi controls (the server refuses them), so not the isolation marks an
    // Arabic page puts around the level's word.
    name: withoutIsolates(t('ls-bot-match-name', { level: t(`level-${level}`) })),
  };
  button.disabled = true;
  try {
    const player = await ensurePlayer(name);
    if (player) body.player_key = player.player_key;
    body.player_name = name || unnamed();
    const r = await api('/api/matches', body);
    saveSeat(r.match_id, r.seat, r.token);
    location.assign(`/m/${encodeURIComponent(r.match_id)}`);
  } catch (err) {
    button.disabled = false;
    error.textContent = t('ls-bot-failed', { error: errorWords(err) });
  }
}

// "Quick game": a ticket in the server's pool for the variant and series, long-polled until
// another player is paired with it (docs/protocol.md, "Quick games").
let quick = null;

async function findOpponent(e) {
  e.preventDefault();
  $('quick-error').textContent = '';
  const name = $('player-name').value.trim() || loadPlayer()?.name || '';
  const q = { variant: $('quick-variant').value, target: Number($('quick-series').value) || 1, since: Date.now(), polls: new AbortController() };
  const body = { variant: q.variant, series: { kind: 'best_of', target: q.target } };
  if (name) body.name = name;
  $('quick-go').disabled = true;
  try {
    const player = await ensurePlayer(name);
    if (player) body.player_key = player.player_key;
    const r = await api('/api/quick', body);
    if (r.status === 'paired') return quickPaired(r);
    q.ticket = r.ticket;
    q.seek = r.seek;
    quick = q;
    drawSeeks(seekList);
    $('quick-form').hidden = true;
    $('quick-wait').hidden = false;
    $('quick-bot').hidden = true;
    quickTick();
    q.timer = setInterval(quickTick, 1000);
    pollQuick(q);
  } catch (err) {
    $('quick-go').disabled = false;
    $('quick-error').textContent = t('ls-quick-failed', { error: errorWords(err) });
  }
}

function quickTick() {
  if (quick) $('quick-status').textContent = t('ls-quick-looking', { secs: Math.round((Date.now() - quick.since) / 1000) });
}

async function pollQuick(q) {
  while (quick === q) {
    let r;
    try {
      r = await quickGet(q.ticket, q.polls.signal);
    } catch (err) {
      if (quick !== q) return;
      if (err.status) { stopQuick(t('ls-no-game', { error: errorWords(err) })); return; }
      await new Promise(ok => setTimeout(ok, 2000)); // the network: ask again
      continue;
    }
    if (quick !== q) return;
    if (r.status === 'paired') return quickPaired(r);
    q.since = Date.now() - 1000 * (r.waited_secs || 0);
    $('quick-bot').hidden = !r.bot_offer;
  }
}

// A ticket's state (a long poll). Not from the HTTP cache: a pending poll would hold the
// browser's cache lock on the URL, and a DELETE of it would wait for the poll to end.
async function quickGet(ticket, signal = undefined) {
  const res = await fetch(`/api/quick/${encodeURIComponent(ticket)}`, { cache: 'no-store', signal });
  const data = await res.json().catch(() => null);
  if (!res.ok) throw new ApiError(res.status, data?.code ?? 'http_' + res.status, data?.message ?? res.statusText);
  return data;
}

function stopQuick(error = '') {
  if (quick) clearInterval(quick.timer);
  quick = null;
  drawSeeks(seekList);
  $('quick-wait').hidden = true;
  $('quick-form').hidden = false;
  $('quick-go').disabled = false;
  $('quick-error').textContent = error;
}

function quickPaired(r) {
  if (quick) clearInterval(quick.timer);
  quick = null;
  saveSeat(r.match_id, r.seat, r.token);
  location.assign(`/m/${encodeURIComponent(r.match_id)}`);
}

// Leaves the pool; false when it was too late (the ticket was paired: its board opens).
async function cancelQuick() {
  const q = quick;
  if (!q) return true;
  quick = null;
  clearInterval(q.timer);
  // The pending poll is dropped first: once the ticket is gone it would come back a 404, an
  // error in the browser's console for a cancel that went as planned.
  q.polls.abort();
  const res = await fetch(`/api/quick/${encodeURIComponent(q.ticket)}`, { method: 'DELETE' }).catch(() => null);
  if (res?.status === 409) {
    try {
      const r = await quickGet(q.ticket);
      if (r.status === 'paired') { quickPaired(r); return false; }
    } catch { /* gone: as if left */ }
  }
  stopQuick();
  return true;
}

async function quickBot() {
  const q = quick;
  if (!q || !(await cancelQuick())) return;
  startComputer(q.variant, 2, q.target, $('quick-go'), $('quick-error'));
}

function botPlayers() {
  const v = variants.find(x => x.id === $('bot-variant').value);
  $('bot-players').replaceChildren();
  for (let n = v?.min_players ?? 2; n <= (v?.max_players ?? 2); n++) $('bot-players').append(el('option', { value: n, text: String(n) }));
}

async function create(e) {
  e.preventDefault();
  $('create-error').textContent = '';
  const v = variants.find(x => x.id === $('variant').value);
  const body = {
    variant: v.id,
    players: Number($('players').value),
    series: { kind: $('series-kind').value, target: Number($('series-target').value) || 1 },
    public: $('public').checked,
    rated: $('rated').checked,
  };
  const options = [...$('options').querySelectorAll('input[data-option]')].map(box => [box.dataset.option, box.checked]);
  if (options.length) body.options = Object.fromEntries(options);
  const [kind, a, b] = $('clock').value.split(':');
  if (kind === 'f') body.clock = { kind: 'fischer', base_secs: Number(a), increment_secs: Number(b) };
  if (kind === 'c') body.clock = { kind: 'correspondence', days: Number(a) };
  if ($('match-name').value.trim()) body.name = $('match-name').value.trim();
  if ($('player-name').value.trim()) body.player_name = $('player-name').value.trim();
  if (body.rated && !(await session())) {
    $('create-error').replaceChildren(...tNodes('ls-rated-match-accounts',
      { link: el('a', { href: '/account', text: t('ls-sign-in-or-create') }) }));
    return;
  }
  const player = await ensurePlayer(body.player_name);
  if (player?.player_key) body.player_key = player.player_key;
  body.player_name ??= unnamed();
  try {
    const r = await api('/api/matches', body);
    saveSeat(r.match_id, r.seat, r.token);
    saveInvites(r.match_id, r.invites, r.spectator_url);
    showCreated(r);
  } catch (err) {
    $('create-error').textContent = t('ls-create-failed', { error: errorWords(err) });
  }
}

function showCreated(r) {
  const box = $('created');
  box.hidden = false;
  box.replaceChildren(
    el('h3', { text: t('ls-created') }),
    el('p', { text: t('ls-created-invites') }),
    ...r.invites.map(i => linkRow(t('ls-invite-for', { seat: i.seat }), i.url, `invite-${i.seat}`)),
    linkRow(t('ls-spectator-link'), r.spectator_url, 'spectator-link'),
    el('p', {}, el('a', { href: `/m/${r.match_id}`, id: 'go-board', class: 'button', text: t('ls-go-to-board') })));
}

// The list is redrawn every few seconds, but an entry whose words and links are unchanged
// keeps its element: a Join button that was about to be clicked (or has the keyboard's
// focus) must not be swapped for a copy under the pointer.
let liveAsked = 0;
async function refreshLive() {
  const asked = ++liveAsked;
  let list = [];
  // The server's lobby order: no finished game, people's games first and the best-rated
  // first, computer games after them.
  try { list = await api('/api/matches?order=lobby'); } catch { return; }
  if (asked !== liveAsked) return; // a later refresh has been asked for: it draws
  const ul = $('live');
  const kept = new Map([...ul.children].filter(li => li.dataset.match).map(li => [li.dataset.match, li]));
  const items = list.map(m => {
    const li = liveItem(m);
    const old = kept.get(m.match_id);
    return old?.dataset.sig === li.dataset.sig ? old : li;
  });
  if (!items.length) items.push(ul.querySelector('li.empty') ?? el('li', { class: 'empty', text: t('ls-live-none') }));
  if (items.length !== ul.children.length || items.some((li, i) => ul.children[i] !== li)) ul.replaceChildren(...items);
}

// One entry of the live list; `data-sig` sums up what it shows, to tell when it changed.
function liveItem(m) {
  const names = botsNamed(m.names, [], m.bots).names.map((n, i) => isolate(n || t('ls-seat-open', { seat: i + 1 }))).join(` ${t('ls-versus')} `);
  // A free seat of a public match is one click away, unless this browser holds a seat there.
  const mine = loadSeat(m.match_id);
  const open = m.status === 'joining' && m.names.some(n => n === null);
  const links = mine
    ? [el('a', { href: `/m/${m.match_id}`, text: t('ls-your-seat') })]
    : [...(open ? [el('button', { type: 'button', class: 'join', text: t('ls-join'), onclick: (e) => joinOpen(m, e.currentTarget) }), ' · '] : []),
      el('a', { href: `/m/${m.match_id}/watch`, text: t('ls-watch') })];
  const status = t('ls-live-status', { status: m.status });
  const words = [
    variants.find(v => v.id === m.variant)?.name ?? m.variant,
    m.rated ? t('ls-rated') : null,
    m.clock ? clockRuleWords(m.clock) : null,
    m.bots?.some(Boolean) ? t('ls-against-computer') : null,
    names,
    m.game ? t('ls-live-status-game', { status, game: m.game }) : status,
    t('ls-watching', { count: m.spectators }),
  ].filter(Boolean);
  const line = ` — ${words.map(isolate).join(' · ')} `;
  const sig = JSON.stringify([m.name, line, mine ? 'mine' : open ? 'open' : 'watch']);
  return el('li', { class: m.bots?.some(Boolean) ? 'computer' : null, dataset: { match: m.match_id, sig } },
    // The match's name, isolated in its own direction (a name in Arabic on a page in English).
    el('strong', { dir: 'auto' }, matchName(m.name, m.variant, variants)), line, ...links, ' · ',
    el('a', { href: `/m/${m.match_id}/scoreboard`, text: t('ls-scoreboard') }));
}

// Takes the first free seat of a public match (no invite needed) and goes to its board.
async function joinOpen(m, button) {
  button.disabled = true;
  const name = $('player-name').value.trim() || loadPlayer()?.name || '';
  const body = name ? { name } : {};
  try {
    const player = await ensurePlayer(name);
    if (player) body.player_key = player.player_key;
    const r = await api(`/api/matches/${encodeURIComponent(m.match_id)}/join`, body);
    saveSeat(r.match_id, r.seat, r.token);
    location.assign(`/m/${encodeURIComponent(r.match_id)}`);
  } catch (err) {
    button.disabled = false;
    $('live-error').textContent = err.code === 'match_full' ? t('ls-join-full', { match: m.name }) : t('ls-join-failed', { match: m.name, error: errorWords(err) });
    refreshLive();
  }
}

// ---- Seeks: the server's list of players waiting on their terms, drawn as it comes ----
let seekList = [];
// The seek this page posted or sits at (waiting for its table to fill): its ticket.
let seeking = null;

function seekPlayers() {
  const v = variants.find(x => x.id === $('seek-variant').value);
  $('seek-players').replaceChildren();
  for (let n = v?.min_players ?? 2; n <= (v?.max_players ?? 2); n++) $('seek-players').append(el('option', { value: n, text: String(n) }));
}

function seekWords(s) {
  const words = [variants.find(v => v.id === s.variant)?.name ?? s.variant];
  if (s.players > 2) words.push(t('ls-seats-taken', { filled: s.seats_filled, seats: s.players }));
  if (s.series.target > 1) words.push(t(s.series.kind === 'first_to' ? 'ls-first-to' : 'ls-best-of', { target: s.series.target }));
  words.push(s.clock ? clockRuleWords(s.clock) : t('ls-no-clock'));
  words.push(t(s.rated ? 'ls-rated' : 'ls-casual'));
  if (s.range) words.push(t('ls-opponents-rated', { min: s.range.min, max: s.range.max }));
  return words.map(isolate).join(' · ');
}

// As the live list does, an entry whose words are unchanged keeps its element, so that a
// Join button under the pointer is never swapped for a copy.
function drawSeeks(list) {
  seekList = Array.isArray(list) ? list : [];
  const ul = $('seeks');
  if (!ul) return;
  const own = new Set([quick?.seek, seeking?.seek].filter(Boolean));
  const kept = new Map([...ul.children].filter(li => li.dataset.seek).map(li => [li.dataset.seek, li]));
  const items = seekList.map((s) => {
    const words = `${t('ls-seek-line', { name: s.name || t('ls-anonymous'), rating: s.rating, terms: seekWords(s) })} `;
    const mine = own.has(s.id);
    const sig = JSON.stringify([words, mine]);
    const old = kept.get(s.id);
    if (old?.dataset.sig === sig) return old;
    return el('li', { dataset: { seek: s.id, sig } }, words,
      mine ? el('span', { class: 'muted', text: t('ls-your-seek') })
        : el('button', { type: 'button', class: 'join', text: t('ls-join'), onclick: (e) => joinSeek(s, e.currentTarget) }));
  });
  if (!items.length) items.push(ul.querySelector('li.empty') ?? el('li', { class: 'empty', text: t('lobby-seeks-none') }));
  if (items.length !== ul.children.length || items.some((li, i) => ul.children[i] !== li)) ul.replaceChildren(...items);
}

async function postSeek(e) {
  e.preventDefault();
  $('seek-error').textContent = '';
  const name = $('player-name').value.trim() || loadPlayer()?.name || '';
  const body = {
    variant: $('seek-variant').value,
    players: Number($('seek-players').value) || 2,
    series: { kind: 'best_of', target: Number($('seek-series').value) || 1 },
    rated: $('seek-rated').checked,
  };
  const [kind, a, b] = $('seek-clock').value.split(':');
  if (kind === 'f') body.clock = { kind: 'fischer', base_secs: Number(a), increment_secs: Number(b) };
  if (kind === 'c') body.clock = { kind: 'correspondence', days: Number(a) };
  const [min, max] = [$('seek-min').value, $('seek-max').value];
  if (min !== '' || max !== '') body.range = { min: min === '' ? 0 : Number(min), max: max === '' ? 4000 : Number(max) };
  if (name) body.name = name;
  if (body.rated && !(await session())) {
    $('seek-error').replaceChildren(...tNodes('ls-rated-game-accounts',
      { link: el('a', { href: '/account', text: t('ls-sign-in-or-create') }) }));
    return;
  }
  $('seek-go').disabled = true;
  try {
    const player = await ensurePlayer(name);
    if (player) body.player_key = player.player_key;
    seatAt(await api('/api/seeks', body), t('lobby-waiting'));
  } catch (err) {
    $('seek-go').disabled = false;
    $('seek-error').textContent = t('ls-post-failed', { error: errorWords(err) });
  }
}

// One click: a seat at the seek; its board at once when the seat fills the table, else a
// wait for the other seats.
async function joinSeek(s, button) {
  button.disabled = true;
  $('seek-error').textContent = '';
  const name = $('player-name').value.trim() || loadPlayer()?.name || '';
  const body = name ? { name } : {};
  try {
    const player = await ensurePlayer(name);
    if (player) body.player_key = player.player_key;
    seatAt(await api(`/api/seeks/${encodeURIComponent(s.id)}/join`, body), t('ls-waiting-seats'));
  } catch (err) {
    button.disabled = false;
    $('seek-error').textContent = err.code === 'seek_gone' ? t('ls-seek-gone') : t('ls-join-seek-failed', { error: errorWords(err) });
  }
}

function seatAt(r, waiting) {
  if (r.status === 'paired') return quickPaired(r);
  seeking = { ticket: r.ticket, seek: r.seek, polls: new AbortController() };
  $('seek-form').hidden = true;
  $('seek-wait').hidden = false;
  $('seek-status').textContent = waiting;
  drawSeeks(seekList);
  pollSeek(seeking);
}

async function pollSeek(s) {
  while (seeking === s) {
    let r;
    try {
      r = await quickGet(s.ticket, s.polls.signal);
    } catch (err) {
      if (seeking !== s) return;
      if (err.status) { stopSeek(err.code === 'seek_gone' ? t('ls-seek-left') : t('ls-no-game', { error: errorWords(err) })); return; }
      await new Promise(ok => setTimeout(ok, 2000)); // the network: ask again
      continue;
    }
    if (seeking !== s) return;
    if (r.status === 'paired') return quickPaired(r);
  }
}

function stopSeek(error = '') {
  seeking = null;
  $('seek-wait').hidden = true;
  $('seek-form').hidden = false;
  $('seek-go').disabled = false;
  $('seek-error').textContent = error;
  drawSeeks(seekList);
}

async function cancelSeek() {
  const s = seeking;
  if (!s) return;
  seeking = null;
  s.polls.abort();
  const res = await fetch(`/api/quick/${encodeURIComponent(s.ticket)}`, { method: 'DELETE' }).catch(() => null);
  if (res?.status === 409) {
    try {
      const r = await quickGet(s.ticket);
      if (r.status === 'paired') return quickPaired(r);
    } catch { /* gone: as if left */ }
  }
  stopSeek();
}

// Each change of the leaderboard's choices asks again; only the latest answer is drawn (an
// earlier request that answers late must not overwrite it).
let leaderboardAsked = 0;
async function leaderboard() {
  const asked = ++leaderboardAsked;
  const stale = () => asked !== leaderboardAsked;
  const box = $('leaderboard');
  const v = $('lb-variant').value;
  const byRating = $('lb-by').value === 'rating';
  const many = variants.find(x => x.id === v)?.max_players > 2;
  $('lb-players-row').hidden = !(byRating && many);
  if (byRating) return ratingBoard(box, v, many ? $('lb-players').value : 2, stale);
  try {
    const data = await api(`/api/leaderboard?variant=${encodeURIComponent(v)}`);
    if (stale()) return;
    const rows = Array.isArray(data) ? data : [];
    if (!rows.length) { box.replaceChildren(el('p', { text: t('ls-lb-none') })); return; }
    const me = loadPlayer()?.player_id;
    const heads = ['#', t('ls-lb-player'), t('ls-lb-series-won'), t('ls-lb-games-won'), t('ls-lb-points')];
    const table = el('table', { id: 'leaders' }, el('thead', {}, el('tr', {}, ...heads.map(h => el('th', { text: h })))));
    const tb = el('tbody');
    rows.forEach((r, i) => tb.append(el('tr', { class: r.player_id === me ? 'me' : null }, el('td', { text: String(i + 1) }), el('td', { text: r.name }),
      el('td', { text: String(r.series_won) }), el('td', { text: String(r.games_won) }), el('td', { text: String(r.points) }))));
    table.append(tb);
    box.replaceChildren(table);
  } catch (err) {
    if (stale()) return;
    box.replaceChildren(el('p', { class: 'muted', text: err.status === 404 ? t('ls-lb-not-here') : t('ls-lb-unavailable', { error: errorWords(err) }) }));
  }
  const me = loadPlayer();
  if (me) box.append(el('p', {}, `${t('ls-you-play-as', { name: me.name })} `, el('a', { href: `/players/${me.player_id}`, id: 'my-history', text: t('ls-your-history') })));
}

// The rating pool's best: rating, ± twice the deviation, rated games.
async function ratingBoard(box, variant, players, stale) {
  try {
    const rows = await api(`/api/leaderboard?variant=${encodeURIComponent(variant)}&by=rating&players=${players}`);
    if (stale()) return;
    if (!rows.length) { box.replaceChildren(el('p', { text: t('ls-ratings-none') })); return; }
    const me = loadPlayer()?.player_id;
    const heads = ['#', t('ls-lb-player'), t('ls-lb-rating'), t('ls-lb-rated-games')];
    const table = el('table', { id: 'leaders' }, el('thead', {}, el('tr', {}, ...heads.map(h => el('th', { text: h })))));
    const tb = el('tbody');
    rows.forEach((r, i) => tb.append(el('tr', { class: r.player_id === me ? 'me' : null }, el('td', { text: String(i + 1) }),
      el('td', {}, el('a', { href: `/players/${r.player_id}`, text: r.name })),
      el('td', { text: t('ls-rating-range', { rating: Math.round(r.rating), deviation: Math.round(2 * r.deviation) }) }), el('td', { text: String(r.games) }))));
    table.append(tb);
    box.replaceChildren(table);
  } catch (err) {
    if (stale()) return;
    box.replaceChildren(el('p', { class: 'muted', text: t('ls-ratings-unavailable', { error: errorWords(err) }) }));
  }
}

init();
