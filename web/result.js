// The match page's result panel, loaded by match.js when a game the page shows is over: who
// won and why, the points and how they add up (the server's breakdown, in words), the
// standing, the game's win chances (web/winbar.js), the series, the rating changes, and the
// ways on.

import { api, el, ensurePlayer, readKey, saveInvites, saveSeat, withKey } from './common.js';
import { chartFor, seatColour } from './winbar.js';

const $ = (id) => document.getElementById(id);
// The match page, as renderResult was last given it: its state `st`, `matchId`, the words of
// its seats (`who`, `Who`, `isMe`, `whose`), a game's end in words (`endWords`), its seats
// with the colours of their pieces (`seats(seatColour)`, for the chart) and `send` on its
// socket.
let m = null;
const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;
const REASONS = { completed: 'playing it out', resigned: 'resignation', no_move: 'no move', move_limit: 'the move limit', timeout: 'time' };

function seriesWords() {
  const { st, Who, isMe } = m;
  const s = st.snap?.series;
  if (!s) return '';
  const rule = s.kind === 'best_of' ? `best of ${s.target}` : `first to ${s.target} points`;
  const n = st.names.length;
  const key = s.kind === 'best_of' ? st.wins : st.score;
  const best = Math.max(...(key || [0]));
  const leaders = [...Array(n).keys()].filter(i => (key?.[i] ?? 0) === best).map(i => i + 1);
  if (st.matchOver) return `Series (${rule}): ${st.matchOver.winner ? `${Who(st.matchOver.winner)} won the match` : 'no one won the match'}.`;
  return `Series (${rule}): ${best > 0 && leaders.length === 1 ? `${Who(leaders[0])} ${isMe(leaders[0]) ? 'lead' : 'leads'}` : 'level'}.`;
}

// A rated game's rating changes (or why it was not rated), read once from the scoreboard (the store rates a game in
// the transaction that stores its end, so they are there when game_over arrives).
// The scoreboard's reason for a game of a rated match that was not rated, in words.
const UNRATED = {
  not_played: 'This game was not rated: it ended before every player had moved.',
  pair_limit: 'This game was not rated: these players have had their rated games together for today.',
  same_player: 'This game was not rated: one player held two seats.',
};
const ratingsOf = new Map(); // game -> changes, 'loading' or null (not rated)
function ratingLine(game) {
  const { who, isMe } = m;
  const p = el('p', { class: 'rating-change', id: 'result-rating' });
  const got = ratingsOf.get(game);
  if (got === undefined) {
    ratingsOf.set(game, 'loading');
    api(`/api/matches/${encodeURIComponent(m.matchId)}/scoreboard`, undefined, readKey(m.matchId))
      .then(b => { const g = b.games?.find(g => g.game === game); ratingsOf.set(game, g?.ratings ?? (g?.unrated ? { unrated: g.unrated } : null)); renderResult(); })
      .catch(() => ratingsOf.set(game, null));
  } else if (Array.isArray(got)) {
    const sign = (n) => n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '±0';
    p.textContent = 'Ratings: ' + got.map(c => `${who(c.seat)}${isMe(c.seat) ? ' (you)' : ''} ${Math.round(c.before)} → ${Math.round(c.after)} (${sign(c.change)})`).join(', ') + '.';
  } else if (got?.unrated) {
    p.textContent = UNRATED[got.unrated] || 'This game was not rated.';
    p.dataset.unrated = got.unrated;
  }
  return p;
}

// Draws the panel for the page `page` (see `m`), or hides it while no game is over.
export function renderResult(page = m) {
  m = page;
  const { st, who, isMe } = m;
  const box = $('result');
  const e = st.over;
  const ended = e && (st.turn?.kind === 'game_over' || st.turn?.kind === 'match_over');
  const appears = ended && box.hidden;
  box.hidden = !ended;
  // On a phone the panel is below the board: bring it into view once.
  if (appears) requestAnimationFrame(() => box.scrollIntoView?.({ block: 'nearest' }));
  document.body.dataset.result = ended ? '1' : '';
  if (!ended) return;
  const game = e.game || st.game;
  let head, outcome;
  if (e.winner === undefined) { head = `Game ${game} is over`; outcome = 'over'; }
  else if (e.winner === null) { head = 'A draw'; outcome = 'draw'; }
  else if (st.seat) { head = isMe(e.winner) ? 'You won!' : 'You lost'; outcome = isMe(e.winner) ? 'won' : 'lost'; }
  else { head = `${who(e.winner)} won`; outcome = 'watch'; }
  const n = st.names.length;
  const table = el('table', { class: 'standing' }, el('thead', {}, el('tr', {}, ...['player', 'this game', 'games won', 'points'].map(h => el('th', { text: h })))),
    el('tbody', {}, ...[...Array(n).keys()].map(i => el('tr', { class: i + 1 === e.winner ? 'winner' : '' },
      el('td', {}, who(i + 1), isMe(i + 1) ? ' (you)' : ''),
      el('td', { text: e.winner === undefined ? '' : i + 1 === e.winner ? `won, +${plural(e.points, 'point', 'points')}` : e.winner ? 'lost' : 'draw' }),
      el('td', { text: String(st.wins?.[i] ?? 0) }), el('td', { text: String(st.score?.[i] ?? 0) })))));
  const buttons = [];
  const k = st.turn?.kind;
  if (st.seat && k === 'game_over') {
    const asked = st.rematch.has(st.seat);
    buttons.push(el('button', { type: 'button', id: 'rematch', disabled: asked || null, text: asked ? 'Asked for the next game…' : `Next game (${game + 1})`,
      onclick: () => m.send({ type: 'rematch' }) }));
  }
  buttons.push(el('button', { type: 'button', id: 'same-again', class: 'secondary', text: 'New match, same settings', onclick: newMatchSameSettings }));
  buttons.push(el('a', { href: withKey(`/m/${m.matchId}/games/${game}/replay`), class: 'button secondary', id: 'replay-link', text: `Replay and verify game ${game}` }));
  buttons.push(el('a', { href: '/', class: 'button secondary', id: 'lobby-link', text: 'Back to the lobby' }));
  const reason = e.reason ? `${m.endWords(e)}` : '';
  const next = k === 'game_over' ? `The next game starts when every player asks for it${st.rematch.size ? ` (asked: ${[...st.rematch].map(who).join(', ')})` : ''}, or by itself after a while.` : '';
  box.dataset.outcome = outcome;
  box.replaceChildren(el('h2', { id: 'result-head', text: head }),
    reason ? el('p', { class: 'why', id: 'result-why', text: reason }) : '',
    e.points !== undefined ? el('p', { class: 'points', id: 'result-points' }, `Points for this game: ${e.points}${e.reason ? ` (won by ${REASONS[e.reason] || e.reason})` : ''}. `,
      el('a', { href: '/rules/' + st.variant, text: 'How points are counted' }), st.notes ? ` · At the end: ${st.notes}.` : '') : '',
    e.breakdown ? el('p', { class: 'breakdown', id: 'result-breakdown', text: breakdownWords(e) }) : '',
    table, chartFor(m.matchId, game, readKey(m.matchId), m.seats(seatColour)),
    el('p', { class: 'series', id: 'result-series', text: seriesWords() }), ratingLine(game), next ? el('p', { class: 'muted', text: next }) : '',
    el('p', { class: 'buttons' }, ...buttons), el('p', { class: 'error', id: 'same-error', role: 'alert' }));
}

// What each line of a points breakdown counts, in words: `n` of them, worth `each`; `of`
// names whose pieces they are ("Bo's", "your").
const SCORE_LINES = {
  source_track_pips: (n, of) => `${plural(n, 'pip', 'pips')} of ${of} pyramids on the Source Track`,
  balance_track_pips: (n, of) => `${plural(n, 'pip', 'pips')} of ${of} pyramids on the Balance Track`,
  perfect_track_pips: (n, of) => `${plural(n, 'pip', 'pips')} of ${of} pyramids on the Perfect Track`,
  pharaoh_saved: () => 'the Pharaoh saved',
  men_saved: (n) => `${plural(n, 'man', 'men')} saved`,
  first_row_pieces: (n, of) => `${n} of ${of} pieces left on the first row`,
  middle_row_pieces: (n, of) => `${n} of ${of} pieces left on the middle row`,
  last_row_pieces: (n, of) => `${n} of ${of} pieces left on the last row`,
  large_borne_off: (n) => `${plural(n, 'large pyramid', 'large pyramids')} borne off`,
  medium_borne_off: (n) => `${plural(n, 'medium pyramid', 'medium pyramids')} borne off`,
  small_borne_off: (n) => `${plural(n, 'small pyramid', 'small pyramids')} borne off`,
  large_on_board: (n) => `${plural(n, 'large pyramid', 'large pyramids')} still on the board`,
  medium_on_board: (n) => `${plural(n, 'medium pyramid', 'medium pyramids')} still on the board`,
  small_on_board: (n) => `${plural(n, 'small pyramid', 'small pyramids')} still on the board`,
  piece_up: (n, of, each) => `piece ${each} up`,
};

// The server's breakdown of a game's points as a sentence: "How the 10 points add up: 3 of
// Bo's pieces left on the first row × 3 = 9, 1 of Bo's pieces left on the last row × 1 = 1."
function breakdownWords(e) {
  const { st, whose } = m;
  const b = e.breakdown;
  if (!b.items?.length) return `Nothing counted for points: ${b.total}.`;
  // The loser's pieces are counted only in two-player variants: the seat that did not win.
  const loser = b.whose === 'loser' ? [...Array(st.names.length).keys()].map(i => i + 1).find(s => s !== e.winner) : null;
  const of = loser ? whose(loser) : 'the loser\'s';
  const lines = b.items.map(i => {
    const what = SCORE_LINES[i.label]?.(i.count, of, i.each) ?? i.label.replaceAll('_', ' ');
    return i.label === 'pharaoh_saved' || i.label === 'piece_up' ? `${what}: ${i.subtotal}` : `${what} × ${i.each} = ${i.subtotal}`;
  });
  const sum = b.items.reduce((n, i) => n + i.subtotal, 0);
  const end = b.multiplier !== 1 ? `; every piece saved, so ${sum} × ${b.multiplier} = ${b.total}` : lines.length > 1 ? `; ${b.total} in all` : '';
  return `How the ${plural(b.total, 'point adds', 'points add')} up: ${lines.join(', ')}${end}.`;
}

// A new match like this one (variant, players, series, options, visibility, name); this
// browser takes its first seat and the new match's waiting room shows the invites.
async function newMatchSameSettings() {
  const { st } = m;
  const s = st.snap;
  const body = { variant: s.variant, players: s.players, series: s.series, public: s.public, name: s.name };
  // Against the computer: the same bots in the same seats.
  if (s.bots?.some(Boolean)) body.bots = s.bots.filter(Boolean);
  // The options of the setup, as the server said them (`players` is given above).
  if (st.setup) { const { players, ...options } = st.setup; body.options = options; }
  const me = st.seat ? st.names[st.seat - 1] : null;
  if (me) body.player_name = me;
  const player = await ensurePlayer(me);
  if (player) body.player_key = player.player_key;
  try {
    const r = await api('/api/matches', body);
    saveSeat(r.match_id, r.seat, r.token);
    saveInvites(r.match_id, r.invites, r.spectator_url);
    location.href = `/m/${r.match_id}`;
  } catch (err) {
    $('same-error').textContent = `Cannot create the match: ${err.message}`;
  }
}
