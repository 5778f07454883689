// A player's history: every match they played, its result and their points.

import { api, el, svg, loadVariants, session } from './common.js';

const playerId = decodeURIComponent(location.pathname.split('/')[2]);
const $ = (id) => document.getElementById(id);

async function init() {
  let h;
  try { h = await api(`/api/players/${encodeURIComponent(playerId)}/history`); } catch (err) {
    $('msg').textContent = err.status === 404 ? 'No such player (or this server keeps no players).' : err.message;
    return;
  }
  const variants = await loadVariants();
  $('who').textContent = `${h.name}: ${h.matches.length} match${h.matches.length === 1 ? '' : 'es'}`;
  // A player with an account: since when (the page is their profile).
  $('since').hidden = !h.member_since_ms;
  if (h.member_since_ms) {
    $('since').textContent = `Member since ${new Date(h.member_since_ms).toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' })}.`;
  }
  const columns = ['when', 'match', 'against', 'series', 'games won', 'points', 'result'];
  const head = el('tr', {}, ...columns.map(t => el('th', { text: t })));
  // Each cell names its column too: on a phone the rows stand as blocks (table.stack).
  const cell = (i, ...content) => el('td', { dataset: { label: columns[i] }, class: columns[i] === 'result' ? 'result' : null }, ...content);
  const rows = h.matches.map(m => el('tr', { dataset: { match: m.match_id } },
    cell(0, m.created_at?.slice(0, 16).replace('T', ' ') ?? ''),
    cell(1, el('a', { href: `/m/${m.match_id}/scoreboard`, text: m.name }), ` (${variants.find(v => v.id === m.variant)?.name ?? m.variant})`),
    cell(2, m.opponents.map(o => o.name || `seat ${o.seat}`).join(', ')),
    cell(3, `${m.series.kind === 'best_of' ? 'best of' : 'first to'} ${m.series.target}`),
    cell(4, `${m.games_won} of ${m.games}`),
    cell(5, String(m.points)),
    cell(6, m.won === true ? 'won' : m.won === false ? 'lost' : m.status)));
  $('history').replaceChildren(head, ...rows);
  // The matches being played now, to watch (every match listed here is public).
  const live = h.matches.filter((m) => m.status === 'live');
  $('playing').replaceChildren(...live.map((m) => {
    const variant = variants.find((v) => v.id === m.variant)?.name ?? m.variant;
    // A match's default name already names its variant.
    const which = m.name.includes(variant) ? '' : ` (${variant})`;
    return el('li', {}, el('a', { href: `/m/${m.match_id}/watch`, text: `Watch ${m.name}` }),
      `${which}, against ${m.opponents.map((o) => o.name || `seat ${o.seat}`).join(', ')}`);
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
    blockButton.textContent = blocked ? `Unblock ${h.name}` : `Block ${h.name}`;
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
      status.textContent = blocked ? `${h.name} is blocked: you are never paired in quick games.` : `${h.name} is no longer blocked.`;
    } catch (err) { status.textContent = err.message; }
  });
  $('report-form').addEventListener('submit', async (e) => {
    e.preventDefault();
    try {
      await api('/api/reports', { username: h.name, reason: $('report-reason').value });
      $('report-reason').value = '';
      $('report-box').open = false;
      status.textContent = 'Thank you: the moderators will read your report.';
    } catch (err) { status.textContent = err.message; }
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
    followButton.textContent = following ? `Unfollow ${h.name}` : `Follow ${h.name}`;
    followButton.setAttribute('aria-pressed', String(following));
    const words = { offline: 'offline', online: 'online now', playing: 'playing now' };
    $('follow-status').replaceChildren(...(f ? [words[f.status] ?? f.status,
      f.match_id ? ' · ' : '', f.match_id ? el('a', { href: `/m/${f.match_id}/watch`, text: 'watch' }) : ''] : []));
  };
  try { show((await api('/api/me/follows')).follows); } catch { /* the buttons still work */ }
  followButton.addEventListener('click', async () => {
    try {
      show((await api(following ? '/api/me/follows/remove' : '/api/me/follows', { username: h.name })).follows);
      status.textContent = following ? `You follow ${h.name}.` : `You no longer follow ${h.name}.`;
    } catch (err) { status.textContent = err.message; }
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
      status.textContent = `Challenge sent: ${h.name} sees it now. It waits ten minutes for an answer.`;
    } catch (err) { status.textContent = err.message; }
  });
}

// A pool's name in words: the variant's, with the player count for modern's 3-4 player pools.
function poolName(pool, variants) {
  const m = /^(.*?)([34])?$/.exec(pool);
  const name = variants.find(v => v.id === m[1])?.name ?? m[1];
  return m[2] ? `${name}, ${m[2]} players` : name;
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
        ` ± ${Math.round(2 * r.deviation)} after ${r.games} rated game${r.games === 1 ? '' : 's'}`),
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
    'aria-label': `${label}: rating from 1500 to ${Math.round(values[values.length - 1])} over ${points.length} games` },
    svg('line', { x1: pad, x2: W - pad, y1: y(1500), y2: y(1500), class: 'base' }),
    svg('polyline', { points: line, class: 'line' }),
    ...values.map((v, i) => svg('circle', { cx: x(i), cy: y(v), r: 2.5 })));
}

init();
