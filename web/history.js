// A player's history: every match they played, its result and their points.

import { api, el, loadVariants } from './common.js';

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
  const head = el('tr', {}, ...['when', 'match', 'against', 'series', 'games won', 'points', 'result'].map(t => el('th', { text: t })));
  const rows = h.matches.map(m => el('tr', { dataset: { match: m.match_id } },
    el('td', { text: m.created_at?.slice(0, 16).replace('T', ' ') ?? '' }),
    el('td', {}, el('a', { href: `/m/${m.match_id}/scoreboard`, text: m.name }), ` (${variants.find(v => v.id === m.variant)?.name ?? m.variant})`),
    el('td', { text: m.opponents.map(o => o.name || `seat ${o.seat}`).join(', ') }),
    el('td', { text: `${m.series.kind === 'best_of' ? 'best of' : 'first to'} ${m.series.target}` }),
    el('td', { text: `${m.games_won} of ${m.games}` }),
    el('td', { text: String(m.points) }),
    el('td', { class: 'result', text: m.won === true ? 'won' : m.won === false ? 'lost' : m.status })));
  $('history').replaceChildren(head, ...rows);
}

init();
