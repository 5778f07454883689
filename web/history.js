// A player's history: every match they played, its result and their points.

import { api, botsNamed, el, isolate, lang, svg, loadVariants, matchName, session, t } from './common.js';
import { errorWords } from './errors.js';

const playerId = decodeURIComponent(location.pathname.split('/')[2]);
const $ = (id) => document.getElementById(id);

async function init() {
  let h;
  try { h = await api(`/api/players/${encodeURIComponent(playerId)}/history`); } catch (err) {
    $('msg').textContent = err.status === 404 ? t('hi-no-player') : errorWords(err);
    return;
  }
  const variants = await loadVariants();
  $('who').textContent = t('hi-who', { name: h.name, count: h.matches.length });
  // A player with an account: since when (the page is their profile).
  $('since').hidden = !h.member_since_ms;
  if (h.member_since_ms) {
    $('since').textContent = t('hi-since', { date: new Date(h.member_since_ms).toLocaleDateString(lang === 'en' ? undefined : lang, { day: 'numeric', month: 'long', year: 'numeric' }) });
  }
  const columns = ['when', 'match', 'against', 'series', 'games-won', 'points', 'result'].map((c) => t(`hi-col-${c}`));
  const head = el('tr', {}, ...columns.map(c => el('th', { text: c })));
  // Each cell names its column too: on a phone the rows stand as blocks (table.stack).
  const cell = (i, ...content) => el('td', { dataset: { label: columns[i] }, class: i === 6 ? 'result' : null }, ...content);
  // A computer opponent by the catalogue's name of its level (the match's `bots`).
  const opponentName = (m, o) => {
    const names = [];
    m.opponents.forEach((x) => { names[x.seat - 1] = x.name; });
    return botsNamed(names, [], m.bots).names[o.seat - 1];
  };
  const against = (m) => m.opponents.map(o => isolate(opponentName(m, o) || t('ls-seat', { seat: o.seat }))).join(t('hi-list-sep'));
  const rows = h.matches.map(m => el('tr', { dataset: { match: m.match_id } },
    cell(0, m.created_at?.slice(0, 16).replace('T', ' ') ?? ''),
    cell(1, el('a', { href: `/m/${m.match_id}/scoreboard`, text: matchName(m.name, m.variant, variants) }), ` (${isolate(variants.find(v => v.id === m.variant)?.name ?? m.variant)})`),
    cell(2, against(m)),
    cell(3, t('hi-series', { kind: m.series.kind, target: m.series.target })),
    cell(4, t('hi-games-won', { won: m.games_won, games: m.games })),
    cell(5, String(m.points)),
    cell(6, t('hi-result', { result: m.won === true ? 'won' : m.won === false ? 'lost' : m.status }))));
  $('history').replaceChildren(head, ...rows);
  // The matches being played now, to watch (every match listed here is public).
  const live = h.matches.filter((m) => m.status === 'live');
  $('playing').replaceChildren(...live.map((m) => {
    const variant = variants.find((v) => v.id === m.variant)?.name ?? m.variant;
    // A match's default name already names its variant.
    const name = matchName(m.name, m.variant, variants);
    const which = name.includes(variant) ? '' : ` (${isolate(variant)})`;
    return el('li', {}, el('a', { href: `/m/${m.match_id}/watch`, text: t('hi-watch', { name }) }),
      t('hi-playing-against', { which, against: against(m) }));
  }));
  $('playing-card').hidden = live.length === 0;
  showRatings(h, variants);
  offerBlockAndReport(h);
}

// Another account's page, to a signed-in player: block them (never paired in quick games)
// or report them to the moderators.
async function offerBlockAndReport(h) {
  const me = await session();
  if (!me || !h.member_since_ms || me.player_id === h.player_id) return;
  const status = $('manage-status');
  const blockButton = $('block');
  let blocked = false;
  const show = (list) => {
    blocked = list.includes(h.name);
    blockButton.textContent = t(blocked ? 'hi-unblock' : 'hi-block', { name: h.name });
    blockButton.setAttribute('aria-pressed', String(blocked));
  };
  try { show((await api('/api/me/blocks')).blocked); } catch { return; }
  $('manage-card').hidden = false;
  offerFollowAndChallenge(h, status);
  $('report-name').textContent = h.name;
  blockButton.addEventListener('click', async () => {
    try {
      const r = await api(blocked ? '/api/me/blocks/remove' : '/api/me/blocks', { username: h.name });
      show(r.blocked);
      status.textContent = t(blocked ? 'hi-blocked' : 'hi-unblocked', { name: h.name });
    } catch (err) { status.textContent = errorWords(err); }
  });
  $('report-form').addEventListener('submit', async (e) => {
    e.preventDefault();
    try {
      await api('/api/reports', { username: h.name, reason: $('report-reason').value });
      $('report-reason').value = '';
      $('report-box').open = false;
      status.textContent = t('hi-reported');
    } catch (err) { status.textContent = errorWords(err); }
  });
}

// Follow them (their status shows here and in the lobby), or challenge them by name: they see
// it at once on any page of theirs, and the server makes the match when they accept.
async function offerFollowAndChallenge(h, status) {
  const followButton = $('follow');
  let following = false;
  const show = (list) => {
    const f = list.find((x) => x.player_id === h.player_id);
    following = Boolean(f);
    followButton.textContent = t(following ? 'hi-unfollow' : 'hi-follow', { name: h.name });
    followButton.setAttribute('aria-pressed', String(following));
    $('follow-status').replaceChildren(...(f ? [t('hi-presence', { status: f.status }),
      f.match_id ? ' · ' : '', f.match_id ? el('a', { href: `/m/${f.match_id}/watch`, text: t('hi-watch-link') }) : ''] : []));
  };
  try { show((await api('/api/me/follows')).follows); } catch { /* the buttons still work */ }
  followButton.addEventListener('click', async () => {
    try {
      show((await api(following ? '/api/me/follows/remove' : '/api/me/follows', { username: h.name })).follows);
      status.textContent = t(following ? 'hi-followed' : 'hi-unfollowed', { name: h.name });
    } catch (err) { status.textContent = errorWords(err); }
  });
  const variants = await loadVariants();
  // Every variant: a challenge is for two players, which each variant takes.
  $('challenge-variant').replaceChildren(...variants.map((v) => el('option', { value: v.id, text: v.name })));
  $('challenge-form').addEventListener('submit', async (e) => {
    e.preventDefault();
    const target = Number($('challenge-series').value);
    const terms = { variant: $('challenge-variant').value, rated: $('challenge-rated').checked,
      series: { kind: 'best_of', target } };
    const [kind, a, b] = $('challenge-clock').value.split(':');
    if (kind === 'f') terms.clock = { kind: 'fischer', base_secs: Number(a), increment_secs: Number(b) };
    if (kind === 'c') terms.clock = { kind: 'correspondence', days: Number(a) };
    try {
      await api('/api/challenges', { username: h.name, terms });
      status.textContent = t('hi-challenge-sent', { name: h.name });
    } catch (err) { status.textContent = errorWords(err); }
  });
}

// A pool's name in words: the variant's, with the player count for modern's 3-4 player pools.
function poolName(pool, variants) {
  const m = /^(.*?)([34])?$/.exec(pool);
  const name = variants.find(v => v.id === m[1])?.name ?? m[1];
  return m[2] ? t('hi-pool-players', { name, players: Number(m[2]) }) : name;
}

// Each rating pool: the rating now (± twice its deviation: where the true strength most
// likely lies) and the history as a small line chart.
function showRatings(h, variants) {
  if (!h.ratings?.length) return;
  $('ratings-card').hidden = false;
  $('ratings').replaceChildren(...h.ratings.map(r => {
    const points = h.rating_history.filter(p => p.pool === r.pool);
    return el('div', { class: 'rating', dataset: { pool: r.pool } },
      el('p', {}, el('strong', { text: poolName(r.pool, variants) }), ': ',
        el('span', { class: 'rating-now', text: String(Math.round(r.rating)) }),
        t('hi-rating-after', { margin: Math.round(2 * r.deviation), games: r.games })),
      chart(points, poolName(r.pool, variants)));
  }));
}

function chart(points, label) {
  const W = 320, H = 90, pad = 6;
  const values = [1500, ...points.map(p => p.rating)];
  const lo = Math.min(...values) - 10, hi = Math.max(...values) + 10;
  const x = (i) => pad + (i * (W - 2 * pad)) / Math.max(1, values.length - 1);
  const y = (v) => H - pad - ((v - lo) * (H - 2 * pad)) / (hi - lo);
  const line = values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
  return svg('svg', { viewBox: `0 0 ${W} ${H}`, class: 'rating-chart', role: 'img',
    'aria-label': t('hi-chart-label', { pool: label, to: Math.round(values[values.length - 1]), games: points.length }) },
    svg('line', { x1: pad, x2: W - pad, y1: y(1500), y2: y(1500), class: 'base' }),
    svg('polyline', { points: line, class: 'line' }),
    ...values.map((v, i) => svg('circle', { cx: x(i), cy: y(v), r: 2.5 })));
}

init();
