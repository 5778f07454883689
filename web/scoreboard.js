// The scoreboard of a match: the series game by game, the leader and the winner.
// Uses GET /api/matches/{id}/scoreboard when the server has it, else the match summary and
// the game records (both real data; nothing is made up).

import { api, botsNamed, el, isolate, loadVariants, matchName, readKey, t, variantName, withKey } from './common.js';
import { errorWords } from './errors.js';

const matchId = decodeURIComponent(location.pathname.split('/')[2]);
const key = readKey(matchId);
const $ = (id) => document.getElementById(id);
const row = (cells, tag = 'td') => el('tr', {}, ...cells.map(c => el(tag, {}, c)));
// Why a game ended (its `reason`), in words; a game not over is in play.
const how = (reason) => t('sb-how', { reason: reason ?? 'in_play' });

async function load() {
  try { return await api(`/api/matches/${encodeURIComponent(matchId)}/scoreboard`, undefined, key); } catch { /* fall back */ }
  const s = await api(`/api/matches/${encodeURIComponent(matchId)}`, undefined, key);
  const games = [];
  for (let n = 1; n <= s.game; n++) {
    try {
      const r = await api(`/api/matches/${encodeURIComponent(matchId)}/games/${n}`, undefined, key);
      const over = r.events.find(e => e.kind === 'game_over');
      games.push(over ? { game: n, winner: over.winner, reason: over.reason, points: over.points, ended_at: null } : { game: n, winner: null, reason: null, points: null });
    } catch { /* skip */ }
  }
  const best = Math.max(...s.score);
  const leaders = s.score.map((p, i) => p === best ? i + 1 : 0).filter(Boolean);
  const seats = s.names.map((name, i) => ({ seat: i + 1, name: name || t('ls-seat', { seat: i + 1 }), points: s.score[i], games_won: s.wins[i] }));
  return { match_id: s.match_id, variant: s.variant, series: s.series, status: s.status, seats, games,
    leader: best > 0 && leaders.length === 1 ? leaders[0] : null, winner: s.status === 'finished' && leaders.length === 1 ? leaders[0] : null, name: s.name, bots: s.bots };
}

async function init() {
  let b;
  try { b = await load(); } catch (err) { $('series').textContent = t('sb-cannot-load', { error: errorWords(err) }); return; }
  // A computer's seat by the catalogue's name of its level (`bots`), not the server's English.
  const byNumber = [];
  b.seats.forEach((s) => { byNumber[s.seat - 1] = s.name; });
  const named = botsNamed(byNumber, [], b.bots).names;
  b.seats.forEach((s) => { s.name = named[s.seat - 1]; });
  const name = (seat) => isolate(b.seats.find(x => x.seat === seat)?.name || t('ls-seat', { seat }));
  $('title').textContent = t('sb-title', { name: matchName(b.name ?? '', b.variant, await loadVariants()) });
  $('heading').textContent = t('sb-heading', { variant: await variantName(b.variant), kind: b.series.kind, target: b.series.target });
  const result = b.winner ? t('sb-won', { name: name(b.winner) }) : b.leader ? t('sb-leads', { name: name(b.leader) }) : b.status === 'finished' ? t('sb-ended-level') : t('sb-level');
  $('series').replaceChildren(el('span', { id: 'result', dataset: { winner: b.winner ?? '', leader: b.leader ?? '' } }, t('sb-status', { status: b.status, result })));
  $('seats').replaceChildren(row([t('sb-col-seat'), t('sb-col-player'), t('sb-col-points'), t('sb-col-games-won')], 'th'),
    ...b.seats.map(s => row([String(s.seat), isolate(s.name) + (s.seat === b.winner ? t('sb-winner-mark') : ''), String(s.points), String(s.games_won)])));
  $('games').replaceChildren(row([t('sb-col-game'), t('sb-col-winner'), t('sb-col-how'), t('sb-col-points'), ''], 'th'),
    ...b.games.map(g => row([String(g.game), g.winner ? name(g.winner) : '—', how(g.reason), g.reason ? String(g.points ?? '') : '',
      el('a', { href: withKey(`/m/${matchId}/games/${g.game}/replay`), text: t('sb-replay') })])));
  $('links').replaceChildren(el('a', { href: new URLSearchParams(location.search).get('key') ? withKey(`/m/${matchId}/watch`) : `/m/${matchId}`, text: t('sb-back') }));
}

init();
