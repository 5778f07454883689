// The scoreboard of a match: the series game by game, the leader and the winner.
// Uses GET /api/matches/{id}/scoreboard when the server has it, else the match summary and
// the game records (both real data; nothing is made up).

import { api, el, readKey, variantName, withKey } from './common.js';

const matchId = decodeURIComponent(location.pathname.split('/')[2]);
const key = readKey(matchId);
const $ = (id) => document.getElementById(id);
const row = (cells, tag = 'td') => el('tr', {}, ...cells.map(c => el(tag, {}, c)));

async function load() {
  try { return await api(`/api/matches/${encodeURIComponent(matchId)}/scoreboard`, undefined, key); } catch { /* fall back */ }
  const s = await api(`/api/matches/${encodeURIComponent(matchId)}`, undefined, key);
  const games = [];
  for (let n = 1; n <= s.game; n++) {
    try {
      const r = await api(`/api/matches/${encodeURIComponent(matchId)}/games/${n}`, undefined, key);
      const over = r.events.find(e => e.kind === 'game_over');
      games.push(over ? { game: n, winner: over.winner, reason: over.reason, points: over.points, ended_at: null } : { game: n, winner: null, reason: 'in play', points: null });
    } catch { /* skip */ }
  }
  const best = Math.max(...s.score);
  const leaders = s.score.map((p, i) => p === best ? i + 1 : 0).filter(Boolean);
  const seats = s.names.map((name, i) => ({ seat: i + 1, name: name || `seat ${i + 1}`, points: s.score[i], games_won: s.wins[i] }));
  return { match_id: s.match_id, variant: s.variant, series: s.series, status: s.status, seats, games,
    leader: best > 0 && leaders.length === 1 ? leaders[0] : null, winner: s.status === 'finished' && leaders.length === 1 ? leaders[0] : null, name: s.name };
}

async function init() {
  let b;
  try { b = await load(); } catch (err) { $('series').textContent = `Cannot load the match: ${err.message}`; return; }
  const name = (seat) => b.seats.find(x => x.seat === seat)?.name || `seat ${seat}`;
  $('title').textContent = `Scoreboard — ${b.name ?? ''}`;
  $('heading').textContent = `${await variantName(b.variant)}: ${b.series.kind === 'best_of' ? 'best of' : 'first to'} ${b.series.target}`;
  const result = b.winner ? `${name(b.winner)} won the series.` : b.leader ? `${name(b.leader)} leads.` : b.status === 'finished' ? 'The series ended level.' : 'Level so far.';
  $('series').replaceChildren(el('span', { id: 'result', dataset: { winner: b.winner ?? '', leader: b.leader ?? '' } }, `Status: ${b.status}. ${result}`));
  $('seats').replaceChildren(row(['seat', 'player', 'points', 'games won'], 'th'),
    ...b.seats.map(s => row([String(s.seat), s.name + (s.seat === b.winner ? ' ★ winner' : ''), String(s.points), String(s.games_won)])));
  $('games').replaceChildren(row(['game', 'winner', 'how', 'points', ''], 'th'),
    ...b.games.map(g => row([String(g.game), g.winner ? name(g.winner) : '—', g.reason ?? 'in play', g.reason ? String(g.points ?? '') : '',
      el('a', { href: withKey(`/m/${matchId}/games/${g.game}/replay`), text: 'replay & verify' })])));
  $('links').replaceChildren(el('a', { href: new URLSearchParams(location.search).get('key') ? withKey(`/m/${matchId}/watch`) : `/m/${matchId}`, text: 'Back to the match' }));
}

init();
